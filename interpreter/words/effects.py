"""Effect nodes in words: what each effect does, said as the steps of a rule sheet.

A pass with words for every kind of effect node. `MoveTop` from the draw pile to
the discard reads "move the top card of the *draw* onto the *discard*"; a `Draw`
by `next(player)` of 2 reads "the next player draws 2 cards". Control forms
(`If`, `Switch`, `While`, `ForEach`) become steps that hold the steps of their
branches; a `Sequence` is the steps of its effects, one step per effect. The
expressions inside are said by `expressions.Words`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..tree import nodes as n
from .expressions import Words
from .prose import Phrase, Scope, element_kind, join, origin, words
from .written import is_number


@dataclass(frozen=True)
class Step:
    """One effect in words, with the effect lists it holds (`if`, `switch` ...) under their labels."""

    text: str
    blocks: tuple[tuple[str, tuple["Step", ...]], ...] = ()
    cases: bool = False  # the blocks are the cases of a switch, labelled by their values


class EffectWords(n.Pass[list[Step]]):
    """Says effects in English, through the expression words of the same ruleset."""

    def __init__(self, said: Words):
        self.w = said

    def steps(self, effect: n.Effect, scope: Scope) -> list[Step]:
        """An effect in words: the steps it takes, one for each effect of a sequence."""
        return self.visit(effect, scope)

    def visit_Sequence(self, node: n.Sequence, scope: Scope) -> list[Step]:
        return [step for effect in node.steps for step in self.steps(effect, scope)]

    def _count(self, count: n.Expr, scope: Scope) -> str:
        amount = self.w.value(count, scope)
        return f"{amount} {self.w.noun[0] if amount == '1' else self.w.noun[1]}"

    # ------------------------------------------------------------ components

    def visit_MoveComponents(self, node: n.MoveComponents, scope: Scope) -> list[Step]:
        where = "to the bottom of" if node.bottom else "onto"
        to = self.w.place(node.to, scope).text
        if node.single:
            return [Step(f"move {self.w.value(node.what, scope)} {where} {to}")]
        what = self.w.phrase(node.what, scope)
        if what.kind == "components" and not what.plural:
            return [Step(f"move every {self.w.noun[0]} of {what.text} {where} {to}")]
        return [Step(f"move {what.standalone} {where} {to}")]

    def visit_MoveTop(self, node: n.MoveTop, scope: Scope) -> list[Step]:
        where = "to the bottom of" if node.bottom else "onto"
        noun = self.w.noun
        count = self.w.value(node.count, scope)
        if self.w.rules.zones[node.source.name].bag:
            taken = f"a random {noun[0]}" if count == "1" else f"{count} random {noun[1]}"
        else:
            taken = f"the top {noun[0]}" if count == "1" else f"the top {count} {noun[1]}"
        return [Step(f"move {taken} of {self.w.place(node.source, scope).text} {where} "
                     f"{self.w.place(node.to, scope).text}")]

    def visit_Draw(self, node: n.Draw, scope: Scope) -> list[Step]:
        who = self.w.phrase(node.player, scope) if node.player is not None else scope.actor
        text = f"{who.text} {who.verb('draw', 'draws')} {self._count(node.count, scope)}"
        zones = self.w.rules.zones.values()
        if node.source != next((z.name for z in zones if z.stock), None):
            text += f" from {self.w.zone_phrase(node.source, None).text}"
        if node.to != next((z.name for z in zones if z.per_player), None):
            text += f" into {self.w.zone_phrase(node.to, who).text}"
        one = self.w.value(node.count, scope) == "1"
        if node.roll:
            text += f" and {who.verb('roll', 'rolls')} {'it' if one else 'them'}"
        if node.remember is not None:
            text += (f"; {self.w.target(node.remember, scope)} is {'that' if one else 'the last'} "
                     f"{self.w.noun[0]} (nothing, if none was left)")
        return [Step(text)]

    def visit_Deal(self, node: n.Deal, scope: Scope) -> list[Step]:
        to = self.w.zone_phrase(node.to, Phrase("each player", "each player's", kind="player"))
        return [Step(f"deal {self._count(node.count, scope)} from {self.w.place(node.source, scope).text} into "
                     f"{to.text}, one at a time, starting with the player to the dealer's left")]

    def visit_Shuffle(self, node: n.Shuffle, scope: Scope) -> list[Step]:
        return [Step(f"shuffle {self.w.place(node.zone, scope).text}")]

    def visit_DrawHigh(self, node: n.DrawHigh, scope: Scope) -> list[Step]:
        noun = self.w.noun[0]
        value = self.w.value(node.value, scope.bind("card", Phrase(f"the {noun}", kind="component")))
        rolled = ", rolls it" if node.roll else ""
        return [Step(f"shuffle {self.w.place(node.zone, scope).text}; each player takes a {noun} from it"
                     f"{rolled} and puts it back, counting {value}; the highest count wins (tied players take "
                     f"again) and becomes {self.w.target(node.target, scope)}")]

    def visit_Roll(self, node: n.Roll, scope: Scope) -> list[Step]:
        what = self.w.phrase(node.what, scope)
        if what.kind == "components" and not what.plural:
            return [Step(f"roll every {self.w.noun[0]} in {what.text}")]
        return [Step(f"roll {what.standalone}")]

    def visit_Reveal(self, node: n.Reveal, scope: Scope) -> list[Step]:
        return [Step(f"show {self.w.place(node.zone, scope).text} to {self.w.value(node.viewer, scope)}")]

    def visit_Swap(self, node: n.Swap, scope: Scope) -> list[Step]:
        players = self.w.value(node.players, scope)
        return [Step(f"{players} exchange the {self.w.noun[1]} in their {self.w.m.term(words(node.zone))}")]

    def visit_Rotate(self, node: n.Rotate, scope: Scope) -> list[Step]:
        return [Step(f"every player passes the {self.w.noun[1]} in their {self.w.m.term(words(node.zone))} to the "
                     "next player in the direction of play")]

    # ------------------------------------------------------------ variables

    def visit_Assign(self, node: n.Assign, scope: Scope) -> list[Step]:
        groups: dict[str, list[str]] = {}
        seats: list[str] = []
        for target, value in node.pairs:
            said = self.w.phrase(value, scope)
            whom = self.w.target(target, scope)
            if target.name not in ("current", "dealer"):
                groups.setdefault(said.standalone, []).append(whom)
            elif is_number(value):  # players are numbered from 0
                seats.append(f"P{value.value + 1} becomes {whom}")
            elif said.compound:
                seats.append(f"{whom} is now {said.standalone}")
            else:
                seats.append(f"{said.standalone} {said.verb('become', 'becomes')} {whom}")
        clauses = [f"{join(targets)} to {said}" for said, targets in groups.items()]
        if len(clauses) > 1 and any("," in c or "whether" in c for c in clauses):
            parts = [f"set {c}" for c in clauses]  # long values are set one by one
        else:
            parts = [f"set {join(clauses)}"] if clauses else []
        return [Step("; ".join(parts + seats))]

    def visit_Increase(self, node: n.Increase, scope: Scope) -> list[Step]:
        groups: dict[str, list[str]] = {}
        for target, _, amount in node.steps:
            groups.setdefault(self.w.value(amount, scope), []).append(self.w.target(target, scope))
        parts = [f"subtract {said[1:]} from {join(targets)}" if said.startswith("-") and said[1:].isdigit()
                 else f"add to {join(targets)}: {said}" if " if " in said
                 else f"add {said} to {join(targets)}" for said, targets in groups.items()]
        return [Step("; ".join(parts))]

    # ------------------------------------------------------------ turns, rounds and players

    def visit_Skip(self, node: n.Skip, scope: Scope) -> list[Step]:
        count = "1" if node.count is None else self.w.value(node.count, scope)
        return [Step("skip the next player" if count == "1" else f"skip the next {count} players")]

    def visit_Reverse(self, node: n.Reverse, scope: Scope) -> list[Step]:
        return [Step("reverse the direction of play")]

    def visit_EndTurn(self, node: n.EndTurn, scope: Scope) -> list[Step]:
        if node.next is not None:
            who = self.w.phrase(node.next, scope)
            return [Step(f"the turn ends and {who.standalone} {who.verb('play', 'plays')} next")]
        return [Step("the turn ends")]

    def visit_Goto(self, node: n.Goto, scope: Scope) -> list[Step]:
        return [Step(f"the turn continues in the {self.w.m.term(words(node.phase))} phase")]

    def visit_EndRound(self, node: n.EndRound, scope: Scope) -> list[Step]:
        if node.winner is None:
            return [Step("the round ends")]
        if isinstance(node.winner, n.Const) and node.winner.value is None:
            return [Step("the round ends with no winner")]
        winner = self.w.phrase(node.winner, scope)
        return [Step(f"the round ends and {winner.standalone} {winner.verb('win', 'wins')} it")]

    def visit_Eliminate(self, node: n.Eliminate, scope: Scope) -> list[Step]:
        who = self.w.phrase(node.player, scope)
        return [Step(f"{who.standalone} {who.be} out of the {'game' if node.for_game else 'round'}")]

    def visit_RunProcedure(self, node: n.RunProcedure, scope: Scope) -> list[Step]:
        given = ""
        if node.args:
            values = [f"{name} = {self.w.value(arg, scope)}" for name, arg in zip(node.body.params, node.args)]
            given = " with " + ", ".join(values)
        return [Step(f"carry out {self.w.m.term(words(node.name))}{given} (see Procedures)")]

    # ------------------------------------------------------------ control forms

    def visit_If(self, node: n.If, scope: Scope) -> list[Step]:
        blocks = [("", tuple(self.steps(node.then, scope)))]
        otherwise = self.steps(node.otherwise, scope)
        if otherwise:
            blocks.append(("otherwise", tuple(otherwise)))
        return [Step(f"if {self.w.claim(node.condition, scope)}", tuple(blocks))]

    def visit_Switch(self, node: n.Switch, scope: Scope) -> list[Step]:
        blocks = [(words(case), tuple(self.steps(body, scope))) for case, body in node.cases]
        default = self.steps(node.default, scope)
        if default:
            blocks.append(("anything else", tuple(default)))
        return [Step(f"depending on {self.w.value(node.key, scope)}", tuple(blocks), cases=True)]

    def visit_While(self, node: n.While, scope: Scope) -> list[Step]:
        return [Step(f"as long as {self.w.claim(node.condition, scope)}", (("", tuple(self.steps(node.body, scope))),))]

    def visit_ForEach(self, node: n.ForEach, scope: Scope) -> list[Step]:
        source = self.w.phrase(node.items, scope)
        inner = scope.bind(node.name, Phrase(node.name, kind=element_kind(source.kind)))
        return [Step(f"for each {self.w.element(source.kind)[0]} {node.name}{origin(source)}",
                     (("", tuple(self.steps(node.body, inner))),))]
