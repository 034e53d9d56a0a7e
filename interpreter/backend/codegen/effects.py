"""Effects as Python statements: each effect node becomes the lines that carry it out on the table.

The statements change the table only through its mutator, as the reference
closures do, and in the same order, so that both backends record the same
events. An effect this pass does not write out (a deal, a draw for the high
card, a swap of hands…) is one call of its reference closure: the same
environment, the same result.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import EvalError
from ...tree import nodes as n
from ..closures import items, number
from ..effects import MAX_LOOP, EffectClosures, case_key
from .module import ModuleWriter

if TYPE_CHECKING:
    from .game import Generator


def _while_limit() -> EvalError:
    return EvalError("while", limit=MAX_LOOP)


def always_small(node: n.Expr) -> bool:
    """Whether each value the expression may give is within what a variable may hold (see `Table.set_var`):
    none, true or false, a component, a player, or a text of the ruleset's own values. A number, a list or
    other text is measured when it is set."""
    kind = node.type.kind
    return kind in ("none", "bool", "component", "player") or (kind == "text" and node.type.values is not None)


class EffectCode(n.Pass[None]):
    """Writes the statements of one effect into the function being written, at `indent`."""

    def __init__(self, generator: "Generator", module: ModuleWriter, reference: EffectClosures):
        self.generator = generator
        self.module = module
        self.reference = reference
        self.lines: list[str] = []
        self.indent = 0

    def write(self, effect: n.Effect | None, indent: int) -> list[str]:
        """The statements of an effect, as lines of a function body at `indent`."""
        saved = self.lines, self.indent
        self.lines, self.indent = [], indent
        try:
            if effect is not None:
                self.visit(effect)
            if not self.lines:
                self.line("pass")
            return self.lines
        finally:
            self.lines, self.indent = saved

    def line(self, text: str) -> None:
        self.lines.append("    " * self.indent + text)

    def block(self, effect: n.Effect) -> None:
        self.lines.extend(self.write(effect, self.indent + 1))

    def value(self, node: n.Expr) -> str:
        return self.generator.value(node)

    def first(self, node: n.Expr) -> str:
        """A value its statement works out before anything else: in place, or, if it may raise, just before
        the statement (see `Generator.in_place`)."""
        return self.generator.in_place(node, self._line_at, 0)

    def _line_at(self, extra: int, text: str) -> None:
        self.line("    " * extra + text)

    def var(self) -> str:
        return self.module.name("_v")

    def key(self, name: str) -> str:
        return self.module.bind(name)

    def owner(self, ref: n.ZoneRef) -> str:
        if ref.new:
            return f"s.new_pile({self.key(ref.name)})"
        if ref.numbered and ref.owner is not None:
            return f"s.pile({self.key(ref.name)}, {self.value(ref.owner)})"
        if not ref.per_player:
            return "None"
        return f"s.seat({self.value(ref.owner)})" if ref.owner is not None else "e.player"

    def count(self, node: n.Expr, absent: int | None = None) -> str:
        """A count or an amount: checked to be a whole number, unless it is one written in the ruleset.

        `absent` stands for none (the current value of a variable `add` starts from).
        """
        if isinstance(node.const, int) and not isinstance(node.const, bool):
            return self.value(node)
        value = self.value(node) if absent is None else f"({self.value(node)} or {absent})"
        return f"{self.module.bind(number)}({value})"

    def set(self, target: n.Target, value: str, small: bool = False) -> None:
        """The statement that sets a variable target to the value held by `value`.

        An entry that already holds that very object is passed over: `set_var` would
        find it unchanged and do nothing (most sets in a turn are such, a flag set
        to false again). A seat named by the rules is left to `set_var` to check.
        A value known to be `small` (see `always_small`) is stored in place on a
        table that records no change: `set_var` would only store it.
        """
        name = self.key(target.name)
        if target.every:
            seat, entries = self.var(), self.var()
            self.line(f"{entries} = s.vars[{name}]")
            self.line(f"for {seat} in range(s.players):")
            self.line(f"    if {entries}[{seat}] is not {value}:")
            self.line(f"        s.set_var({name}, {seat}, {value})")
        elif target.per_player:
            owner = self.value(target.owner) if target.owner is not None else "e.player"
            self.line(f"s.set_var({name}, {owner}, {value})")
        elif target.name in n.SEAT_TARGETS:
            self.line(f"s.set_var({name}, None, {value})")
        elif small:
            self.line(f"if s.vars[{name}] is not {value}:")
            self.line("    if s.records_changes:")
            self.line(f"        s.set_var({name}, None, {value})")
            self.line("    else:")
            self.line(f"        s.vars[{name}] = {value}")
        else:
            self.line(f"if s.vars[{name}] is not {value}:")
            self.line(f"    s.set_var({name}, None, {value})")

    def by_reference(self, effect: n.Effect) -> None:
        self.line(f"{self.module.bind(self.reference.compile(effect))}(e)")

    # ------------------------------------------------------------ structure and control

    def visit_Sequence(self, effect: n.Sequence) -> None:
        for step in effect.steps:
            self.visit(step)

    def visit_If(self, effect: n.If) -> None:
        self.line(f"if {self.first(effect.condition)}:")
        self.block(effect.then)
        if not (isinstance(effect.otherwise, n.Sequence) and not effect.otherwise.steps):
            self.line("else:")
            self.block(effect.otherwise)

    def visit_Switch(self, effect: n.Switch) -> None:
        key = self.var()
        self.line(f"{key} = {self.module.bind(case_key)}({self.first(effect.key)})")
        word = "if"
        for case, body in effect.cases:
            self.line(f"{word} {key} == {self.module.bind(case)}:")
            self.block(body)
            word = "elif"
        if effect.cases:
            self.line("else:")
            self.block(effect.default)
        else:
            self.visit(effect.default)

    def visit_While(self, effect: n.While) -> None:
        self.line(f"for {self.var()} in range({MAX_LOOP}):")
        self.line(f"    if not {self.value(effect.condition)}:")
        self.line("        break")
        self.line("    s.spend()")
        self.lines.extend(self.write(effect.body, self.indent + 1))
        self.line("else:")
        self.line(f"    raise {self.module.bind(_while_limit)}()")

    def visit_ForEach(self, effect: n.ForEach) -> None:
        name, saved, item = self.key(effect.name), self.var(), self.var()
        self.line(f"{saved} = l.get({name})")
        self.line(f"for {item} in list({self.module.bind(items)}({self.first(effect.items)})):")
        self.line("    s.spend()")
        self.line(f"    l[{name}] = {item}")
        self.lines.extend(self.write(effect.body, self.indent + 1))
        self.line(f"l[{name}] = {saved}")

    def visit_RunProcedure(self, effect: n.RunProcedure) -> None:
        if effect.args:  # values bound to its parameters: the reference binds and unbinds them
            self.by_reference(effect)
            return
        self.line(f"{self.generator.procedure(effect.body)}(e)")

    # ------------------------------------------------------------ turn order

    def visit_EndTurn(self, effect: n.EndTurn) -> None:
        if effect.next is not None:
            self.by_reference(effect)
            return
        self.line("s.turn_ended = True")

    def visit_Skip(self, effect: n.Skip) -> None:
        self.line(f"s.skip({self.count(effect.count) if effect.count is not None else 1})")

    def visit_Reverse(self, effect: n.Reverse) -> None:
        self.line("s.reverse()")

    def visit_Goto(self, effect: n.Goto) -> None:
        self.line(f"s.goto({self.key(effect.phase)})")

    def visit_EndRound(self, effect: n.EndRound) -> None:
        self.line(f"s.end_round({self.value(effect.winner) if effect.winner is not None else 'None'})")

    def visit_Eliminate(self, effect: n.Eliminate) -> None:
        self.line(f"s.eliminate({self.value(effect.player)}, {effect.for_game!r})")

    # ------------------------------------------------------------ variables

    def visit_Assign(self, effect: n.Assign) -> None:
        held: list[str] = []
        for _, value in effect.pairs:  # every right-hand side sees the old state
            held.append(self.var())
            self.line(f"{held[-1]} = {self.first(value)}")
        for (target, value), name in zip(effect.pairs, held):
            self.set(target, name, always_small(value))

    def visit_Increase(self, effect: n.Increase) -> None:
        for target, current, amount in effect.steps:
            total = self.var()
            self.line(f"{total} = {self.count(current, 0)} + {self.count(amount)}")
            self.set(target, total)

    # ------------------------------------------------------------ components

    def visit_MoveComponents(self, effect: n.MoveComponents) -> None:
        value, owner, cid = self.var(), self.var(), self.var()
        self.line(f"{value} = {self.first(effect.what)}")
        self.line(f"{owner} = {self.owner(effect.to)}")
        targets = f"({value},)" if effect.single else f"list({self.module.bind(items)}({value}))"
        self.line(f"for {cid} in {targets}:")
        self.line(f"    if {cid} is not None:")
        self.line(f"        s.move({cid}, {self.key(effect.to.name)}, {owner}, {effect.bottom!r})")

    def visit_MoveTop(self, effect: n.MoveTop) -> None:
        source_owner, owner, cid = self.var(), self.var(), self.var()
        self.line(f"{source_owner} = {self.owner(effect.source)}")
        self.line(f"{owner} = {self.owner(effect.to)}")
        self.line(f"for {self.var()} in range({self.count(effect.count)}):")
        self.line(f"    {cid} = s.take_top({self.key(effect.source.name)}, {source_owner})")
        self.line(f"    if {cid} is None:")
        self.line("        break")
        self.line(f"    s.move({cid}, {self.key(effect.to.name)}, {owner}, {effect.bottom!r})")

    def visit_Draw(self, effect: n.Draw) -> None:
        who, last, cid = self.var(), self.var(), self.var()
        self.line(f"{who} = {f's.seat({self.value(effect.player)})' if effect.player is not None else 'e.player'}")
        self.line(f"{last} = None")
        self.line(f"for {self.var()} in range({self.count(effect.count)}):")
        take = f"s.take_top({self.key(effect.source)}, None)"
        symbols = self.generator.closures.symbols
        if effect.source in symbols.bags or symbols.zones.get(effect.source) or effect.source in symbols.numbered:
            self.line(f"    {cid} = {take}")
        else:  # the top of a pile, unless it is empty (and refilled first) or a bag
            pile = self.var()
            self.line(f"    {pile} = s.zones[{self.key(effect.source)}]")
            self.line(f"    {cid} = {pile}[-1] if {pile} else {take}")
        self.line(f"    if {cid} is None:")
        self.line("        break")
        self.line(f"    s.move({cid}, {self.key(effect.to)}, {who}, False)")
        if effect.roll:
            self.line(f"    s.roll({cid})")
        self.line(f"    {last} = {cid}")
        if effect.remember is not None:
            self.set(effect.remember, last, small=True)  # the last component drawn, or none

    def visit_Shuffle(self, effect: n.Shuffle) -> None:
        self.line(f"s.shuffle({self.key(effect.zone.name)}, {self.owner(effect.zone)})")

    # written out by their reference closures: the same environment, the same result
    visit_Deal = visit_Swap = visit_Rotate = visit_Reveal = visit_Roll = visit_DrawHigh = by_reference
