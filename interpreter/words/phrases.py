"""Expression nodes as noun phrases: a pass with words for every kind of node.

`top(discard)` is "the top card of the *discard*", `score[winner]` "the winner's
*score*", `count(c in hand: is_wild(c))` "the number of cards in your *hand*
that are *wild*". A condition used as a value is "whether" its claim. What a
phrase stands for is filled in by `Words.phrase` from the node's type.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..tree import nodes as n
from .prose import Phrase, Scope, element_kind, join, origin, value_list, words
from .written import is_number, stands_for

if TYPE_CHECKING:
    from .expressions import Words

_SUM, _PRODUCT = ("+", "-"), ("*", "//", "%")
_SAY_ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "//": "divided by"}
_BUILTINS = {  # besides `player`, which is whoever "you" are
    "current": Phrase("the current player"),
    "dealer": Phrase("the dealer"),
    "direction": Phrase("the direction of play"),
    "players": Phrase("the number of players"),
    "phase": Phrase("the phase"),
    "round": Phrase("the round number"),
    "all_players": Phrase("all players", plural=True),
}


class Phrases(n.Pass[Phrase]):
    """The noun phrase of each expression node, in a scope that says who "you" are and what local names are."""

    def __init__(self, said: "Words"):
        self.w = said
        self.m = said.m

    # ------------------------------------------------------------ values and names

    def visit_Const(self, node: n.Const, scope: Scope) -> Phrase:
        if node.value is None:
            return Phrase("nothing")
        if isinstance(node.value, bool):
            return Phrase("true" if node.value else "false")
        if isinstance(node.value, str):
            return Phrase(f"“{node.value}”")
        return Phrase(str(node.value))

    def visit_ListOf(self, node: n.ListOf, scope: Scope) -> Phrase:
        items = [self.w.phrase(item, scope) for item in node.items]
        if not items:
            return Phrase("nothing")
        numbers = [item.value for item in node.items if is_number(item)]
        if len(items) >= 3 and len(numbers) == len(items):
            return Phrase(f"the numbers {value_list(numbers)}")
        if len(items) == 1:
            return items[0]
        return Phrase(join((item.embedded() for item in items), "and"), plural=True)

    def visit_Local(self, node: n.Local, scope: Scope) -> Phrase:
        return scope.names[node.name]

    def visit_ParamRef(self, node: n.ParamRef, scope: Scope) -> Phrase:
        return Phrase(self.m.term(words(node.name)))

    def visit_Symbol(self, node: n.Symbol, scope: Scope) -> Phrase:
        return Phrase(words(node.name))

    def visit_Builtin(self, node: n.Builtin, scope: Scope) -> Phrase:
        return scope.actor if node.name == "player" else _BUILTINS[node.name]

    def visit_VariableRead(self, node: n.VariableRead, scope: Scope) -> Phrase:
        term = self.m.term(words(node.name))
        if node.owner is not None:
            return Phrase(f"{self.w.phrase(node.owner, scope).possessive} {term}")
        if node.per_player:
            return Phrase(f"{scope.actor.possessive} {term}")
        return Phrase(term)

    def visit_ZoneRead(self, node: n.ZoneRead, scope: Scope) -> Phrase:
        if node.numbered:
            return self.w.pile(node.name, node.owner, False, scope)
        return self.w.zone(node.name, node.per_player, node.owner, scope)

    def visit_DefinitionUse(self, node: n.DefinitionUse, scope: Scope) -> Phrase:
        said = [self.w.phrase(arg, scope) for arg in node.args]
        if self.w.is_condition(node.name):
            return Phrase(f"whether {self.w.definition_claim(node.name, said, scope, False)}")
        return self.w.definition_phrase(node.name, said)

    def visit_Attribute(self, node: n.Attribute, scope: Scope) -> Phrase:
        name = "id number" if node.name == "id" else words(node.name)
        return Phrase(f"{self.w.phrase(node.obj, scope).possessive} {name}")

    def visit_Item(self, node: n.Item, scope: Scope) -> Phrase:
        container, position = self.w.phrase(node.seq, scope), self.w.phrase(node.index, scope)
        return Phrase(f"item {position.embedded()} of {container.embedded()} (counting from 0)")

    def visit_Changes(self, node: n.Changes, scope: Scope) -> Phrase:
        zone = self.w.zone(node.zone, node.per_player, node.owner, scope)
        return Phrase(f"the number of changes to {zone.text} this round")

    # ------------------------------------------------------------ built-in functions

    def visit_Call(self, node: n.Call, scope: Scope) -> Phrase:
        said = [self.w.phrase(arg, scope) for arg in node.args]
        piles = node.args[0] if node.args else None
        if node.function == "size" and isinstance(piles, n.ZoneRead) and piles.numbered and piles.owner is None:
            return Phrase(f"the number of {said[0].text.removeprefix('the ')}")  # "the number of *meld*s"
        return getattr(self, "_f_" + node.function)(said, scope)

    def _f_size(self, said: list[Phrase], scope: Scope) -> Phrase:
        if said[0].kind == "components":
            return Phrase(f"the number of {self.w.noun[1]} in {said[0].text}")
        return Phrase(f"the number of items in {said[0].embedded()}")

    def _f_top(self, said: list[Phrase], scope: Scope) -> Phrase:
        return Phrase(f"the top {self.w.noun[0]} of {said[0].embedded()}")

    def _f_bottom(self, said: list[Phrase], scope: Scope) -> Phrase:
        return Phrase(f"the bottom {self.w.noun[0]} of {said[0].embedded()}")

    @staticmethod
    def _seat(said: list[Phrase], near: str, far: str) -> Phrase:
        steps = said[1].text if len(said) > 1 else "1"
        if steps == "1":
            return Phrase(near.format(who=said[0].text, whose=said[0].possessive))
        return Phrase(far.format(k=steps, who=said[0].text, whose=said[0].possessive))

    def _f_next(self, said: list[Phrase], scope: Scope) -> Phrase:
        if said[0] is scope.actor and len(said) == 1:
            return Phrase("the next player")
        return self._seat(said, "the player after {who}", "the player {k} places after {who}")

    def _f_previous(self, said: list[Phrase], scope: Scope) -> Phrase:
        if said[0] is scope.actor and len(said) == 1:
            return Phrase("the previous player")
        return self._seat(said, "the player before {who}", "the player {k} places before {who}")

    def _f_left(self, said: list[Phrase], scope: Scope) -> Phrase:
        return self._seat(said, "the player to {whose} left", "the player {k} seats to {whose} left")

    def _f_right(self, said: list[Phrase], scope: Scope) -> Phrase:
        return self._seat(said, "the player to {whose} right", "the player {k} seats to {whose} right")

    def _f_others(self, said: list[Phrase], scope: Scope) -> Phrase:
        if said[0] is scope.actor:
            return Phrase("the other players", plural=True)
        return Phrase(f"the players other than {said[0].text}", plural=True)

    def _f_in_play(self, said: list[Phrase], scope: Scope) -> Phrase:
        return Phrase(f"whether {said[0].text} {said[0].be} still in play")

    def _f_str(self, said: list[Phrase], scope: Scope) -> Phrase:
        return said[0]

    def _f_abs(self, said: list[Phrase], scope: Scope) -> Phrase:
        return Phrase(f"{said[0].embedded()} without its sign")

    def _f_min(self, said: list[Phrase], scope: Scope) -> Phrase:
        return Phrase(f"the {'smaller' if len(said) == 2 else 'smallest'} of {join(p.embedded() for p in said)}")

    def _f_max(self, said: list[Phrase], scope: Scope) -> Phrase:
        return Phrase(f"the {'larger' if len(said) == 2 else 'largest'} of {join(p.embedded() for p in said)}")

    def _f_range(self, said: list[Phrase], scope: Scope) -> Phrase:
        low, high = said
        if low.text.isdigit() and high.text.isdigit() and int(high.text) - int(low.text) >= 2:  # "1 to 6"
            return Phrase(f"the numbers {low.text} to {int(high.text) - 1}", plural=True)
        return Phrase(f"the numbers from {low.embedded()} up to, not including, {high.embedded()}", plural=True)

    def _f_zone_of(self, said: list[Phrase], scope: Scope) -> Phrase:
        return Phrase(f"the name of the zone {said[0].embedded()} {said[0].be} in")

    def _f_owner_of(self, said: list[Phrase], scope: Scope) -> Phrase:
        return Phrase(f"the player whose zone holds {said[0].embedded()} (nobody for a shared zone)")

    def _f_pile_of(self, said: list[Phrase], scope: Scope) -> Phrase:
        return Phrase(f"the number of the pile holding {said[0].embedded()} (none outside a numbered zone)")

    def _f_mover_of(self, said: list[Phrase], scope: Scope) -> Phrase:
        return Phrase(f"the player whose action last moved {said[0].embedded()} (nobody for a deal or a setup)")

    # ------------------------------------------------------------ aggregates

    def visit_Aggregate(self, node: n.Aggregate, scope: Scope) -> Phrase:
        if node.kind in ("any", "all"):
            return self._whether(node, scope)
        source = self.w.phrase(node.items, scope)
        singular, plural, who = self.w.element(source.kind)
        among = origin(source)
        if node.body is None:
            return Phrase({"count": f"the number of {plural}{among}", "sum": f"the total of {source.text}",
                           "min": f"the smallest of {source.text}", "max": f"the largest of {source.text}",
                           "first": f"the first of {source.text}"}[node.kind])
        item = Phrase(node.binder, kind=element_kind(source.kind))
        if node.kind in ("count", "first"):
            many = node.kind == "count"
            clause, named = self.w.clauses.about(node.body, node.binder, item, scope, plural=many, who=who)
            thing = f"{plural if many else singular}{' ' + node.binder if named else ''}{among}"
            return Phrase(f"the number of {thing} {clause}" if many else f"the first {thing} {clause}")
        measured = self._measure(node.body, node.binder)
        word = {"sum": "total", "min": "lowest", "max": "highest"}[node.kind]
        if measured is not None:
            return Phrase(f"the {word} {measured} of "
                          + (f"the {plural} in {source.text}" if source.kind == "components" else source.text))
        inner = self.w.phrase(node.body, scope.bind(node.binder, item))
        return Phrase(f"the {word}, over every {singular} {node.binder}{among}, of {inner.embedded()}")

    def _measure(self, body: n.Expr, binder: str) -> str | None:
        """`c.points`, `score[q]` or `hand_points(p)` for the loop's item: "points", "*score*", "*hand points*"."""
        def the_item(node: n.Expr | None) -> bool:
            return isinstance(node, n.Local) and node.name == binder
        if isinstance(body, n.Attribute) and the_item(body.obj):
            return words(body.name)
        if isinstance(body, n.VariableRead) and the_item(body.owner):
            return self.m.term(words(body.name))
        if isinstance(body, n.DefinitionUse) and len(body.args) == 1 and the_item(body.args[0]):
            return self.m.term(words(body.name))
        return None

    # ------------------------------------------------------------ operators

    def _whether(self, node: n.Expr, scope: Scope) -> Phrase:
        return Phrase(f"whether {self.w.claim(node, scope)}")

    visit_Not = visit_And = visit_Or = visit_Compare = visit_Membership = _whether

    def visit_Negative(self, node: n.Negative, scope: Scope) -> Phrase:
        if is_number(node.operand):
            return Phrase(f"-{node.operand.value}")
        return Phrase(f"minus {self.w.phrase(node.operand, scope).embedded()}", compound=1)

    def visit_Conditional(self, node: n.Conditional, scope: Scope) -> Phrase:
        a, b = self.w.phrase(node.then, scope), self.w.phrase(node.other, scope)
        text = f"{a.embedded(2)} if {self.w.claim(node.condition, scope)}, otherwise {b.standalone}"
        return Phrase(text, plural=a.plural, compound=2, alone=text)

    def visit_Arithmetic(self, node: n.Arithmetic, scope: Scope) -> Phrase:
        """A chain of operators of one precedence (`a + b - c`) reads left to right, each operand in turn."""
        first, steps = _chain(node)
        joining = node.type.kind in ("text", "list")  # `+` joins text or lists
        text = self.w.phrase(first, scope).embedded()
        for op, operand in steps:
            right = self.w.phrase(operand, scope).embedded()
            if joining and op == "+":
                text = f"{text} with {right} added" if isinstance(operand, n.ListOf) else f"{text} followed by {right}"
            elif op == "%":
                text = f"the remainder of {text} divided by {right}"
            else:
                text = f"{text} {_SAY_ARITHMETIC[op]} {right}" + (" (rounded down)" if op == "//" else "")
        return Phrase(text, plural=stands_for(node.type) in ("players", "components"), compound=1)


def _chain(node: n.Arithmetic) -> tuple[n.Expr, list[tuple[str, n.Expr]]]:
    """`a - b + c` as its first operand and the (operator, operand) steps after it."""
    level = _SUM if node.op in _SUM else _PRODUCT
    steps: list[tuple[str, n.Expr]] = []
    part: n.Expr = node
    while isinstance(part, n.Arithmetic) and part.op in level:
        steps.insert(0, (part.op, part.right))
        part = part.left
    return part, steps
