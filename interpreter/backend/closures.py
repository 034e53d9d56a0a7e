"""The reference backend for expressions: each node of the typed tree becomes a Python closure.

A closure reads the running game through an `Env` (the state, the acting player,
the local names). What the folder knows at load time becomes a constant, so a
folded condition costs nothing while the game runs. Given facts about some
components (`Closures(symbols, facts)`), the same nodes compile into a version
specialised for them: `card.kind == number` is decided then, and `and`/`or`
drop what it decides.

Ruleset text never reaches Python: every closure is made here from a node.
"""
from __future__ import annotations

import operator
from typing import Any, Callable, cast

from ..errors import EvalError
from ..tree import nodes as n
from ..tree.fold import COMPARE, MAX_ITEMS, MAX_NUMBER, PURE, Facts, Folder, contains, span, total
from ..tree.nodes import NOT_CONSTANT
from ..tree.symbols import Symbols

Evaluator = Callable[["Env"], Any]
FaceTables = dict[str, tuple[list[Any], list[Any]]]  # attribute -> (value by component, values by face or None)


class Env:
    """What a compiled expression reads: the state, the acting player and local names."""

    __slots__ = ("state", "player", "loc")

    def __init__(self, state: Any, player: int | None, loc: dict[str, Any] | None = None):
        self.state = state
        self.player = player
        self.loc = loc if loc is not None else {}


def seat(state: Any, p: Any) -> int:
    """A value a rule uses as a player: a seat of the game, or the language's error naming the value."""
    if type(p) is int and 0 <= p < state.players:
        return p
    return state.seat(p)  # the table's one check, which says the error


def always_a_seat(node: n.Expr) -> bool:
    """Whether an expression can only give a seat of the game (so reading a player's entry by it cannot fail).

    The acting player and the player to move (validation refuses a rule that
    names the acting player where none acts), a player choice or loop name and
    the seat functions give seats; a variable, a number or a round's `winner`
    (none when nobody won) may not.
    """
    if isinstance(node, n.Builtin):
        return node.name in ("player", "current")
    if isinstance(node, n.Local):
        return node.type.kind == "player" and node.name != ROUND_WINNER
    return isinstance(node, n.Call) and node.function in ("next", "previous", "left", "right")


def items(value: Any) -> list[Any] | tuple[Any, ...]:
    """A value a rule goes through item by item: a list (a zone's components), none for none, or the error."""
    if value is None:
        return ()
    if isinstance(value, (list, tuple)):
        return value
    raise EvalError("not_a_list", value=value)


def number(value: Any) -> int:
    """A value a rule uses as a count or an amount: a whole number, or the language's error naming the value."""
    if type(value) is int:
        return value
    raise EvalError("not_a_number", value=value)


def seats_only(source: n.Expr) -> bool:
    """Whether a list of players can hold nothing but seats: the players in play, or the others of a player."""
    return isinstance(source, n.Builtin) and source.name == "all_players" or \
        isinstance(source, n.Call) and source.function == "others"


ROUND_WINNER = "winner"  # the local name the end of a round binds: a seat, or none


def per_player_entry(values: Any, state: Any, p: Any) -> Any:
    """One player's entry of a per-player zone or variable, by a value checked to be a seat."""
    return values[seat(state, p)]


def pile_entry(piles: list[list[int]], index: Any) -> list[int]:
    """One pile of a numbered zone by its number; past the last one (or by no number at all), an empty pile."""
    return piles[index] if type(index) is int and 0 <= index < len(piles) else []


def _holder(state: Any, component: Any, per_player: bool) -> int | None:
    """The seat whose zone holds a component (`per_player`), or the number of the pile holding it; none otherwise."""
    zone, index = _place(state, component)
    if index is None or state.game.zones[zone].per_player != per_player:
        return None
    return index


def _next_player(state: Any, p: int, k: int = 1) -> int:
    return state.seat_after(seat(state, p), k * state.direction)


def _place(state: Any, component: Any) -> tuple[str | None, int | None]:
    """Where a component lies: its zone and its seat or pile (none for a shared zone); none for no component."""
    where = state.where
    return where[component] if type(component) is int and 0 <= component < len(where) else (None, None)


def numbers(state: Any, low: Any, high: Any) -> tuple[int, ...]:
    """`range(a, b)` with the language's errors: a bound that is no number, or more items than a value may hold."""
    try:
        return span(low, high)
    except TypeError:
        raise EvalError("arithmetic", left=low, op="up to", right=high) from None
    except ValueError:
        raise EvalError("too_large", name=f"range({low}, {high})", limit=MAX_ITEMS, number=MAX_NUMBER) from None


FUNCTIONS: dict[str, Callable[..., Any]] = {  # what each built-in function does, given the state
    "size": lambda s, x: len(items(x)) if type(x) is not str else len(x),
    "top": lambda s, z: z[-1] if z else None,
    "bottom": lambda s, z: z[0] if z else None,
    "next": lambda s, p, k=1: _next_player(s, p, k),
    "previous": lambda s, p, k=1: _next_player(s, p, -k),
    "left": lambda s, p, k=1: (seat(s, p) + k) % s.players,
    "right": lambda s, p, k=1: (seat(s, p) - k) % s.players,
    "others": lambda s, p: s.others[seat(s, p)],
    "in_play": lambda s, p: seat(s, p) not in s.out,
    "zone_of": lambda s, c: _place(s, c)[0],
    "owner_of": lambda s, c: _holder(s, c, per_player=True),
    "pile_of": lambda s, c: _holder(s, c, per_player=False),
    "mover_of": lambda s, c: s.moved_by[c] if type(c) is int and 0 <= c < len(s.moved_by) else None,
    **{name: (lambda pure: lambda s, *xs: pure(*xs))(pure) for name, pure in PURE.items()},
    "range": numbers,
}

BUILTIN_NAMES: dict[str, Evaluator] = {
    "player": lambda e: e.player,
    "current": lambda e: e.state.current,
    "dealer": lambda e: e.state.dealer,
    "direction": lambda e: e.state.direction,
    "players": lambda e: e.state.players,
    "phase": lambda e: e.state.phase,
    "round": lambda e: e.state.round,
    "all_players": lambda e: tuple(range(e.state.players)),
}

_ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}


def constant(value: Any) -> Evaluator:
    def read(e: Env) -> Any:
        return value
    return read


class Closures(n.Pass[Evaluator]):
    """Compiles expression nodes into closures, each node once (given facts: a specialised version)."""

    def __init__(self, symbols: Symbols, components: tuple[n.Component, ...],
                 facts: Facts | None = None, faces: FaceTables | None = None):
        self.symbols = symbols
        self.components = components
        self.faces = faces if faces is not None else face_tables(symbols, components)
        self.folder = Folder(facts, symbols.table_value)
        self.specialised = bool(facts)  # a version for listing moves: nobody asks it why
        self.memo: dict[int, Evaluator] = {}

    def specialise(self, facts: Facts) -> "Closures":
        """A backend for a version of conditions where the facts about some components hold."""
        return Closures(self.symbols, self.components, facts, self.faces)

    def compile(self, node: n.Expr) -> Evaluator:
        found = self.memo.get(id(node))
        if found is None:
            value = self.folder.value(node)
            found = constant(value) if value is not NOT_CONSTANT else self.visit(node)
            self.memo[id(node)] = found
        return found

    def known(self, node: n.Expr) -> Any:
        """The node's value where it is known at load time here, else NOT_CONSTANT."""
        return self.folder.value(node)

    # ------------------------------------------------------------ values and names

    def visit_Const(self, node: n.Const) -> Evaluator:
        return constant(node.value)

    def visit_ListOf(self, node: n.ListOf) -> Evaluator:
        items = [self.compile(i) for i in node.items]
        return lambda e: tuple(i(e) for i in items)

    def visit_Local(self, node: n.Local) -> Evaluator:
        name = node.name
        return lambda e: e.loc.get(name)

    def visit_ParamRef(self, node: n.ParamRef) -> Evaluator:
        return constant(node.const)

    def visit_Symbol(self, node: n.Symbol) -> Evaluator:
        return constant(node.name)

    def visit_Builtin(self, node: n.Builtin) -> Evaluator:
        return BUILTIN_NAMES[node.name]

    def visit_VariableRead(self, node: n.VariableRead) -> Evaluator:
        name = node.name
        if node.owner is not None:
            owner = self.compile(node.owner)
            if always_a_seat(node.owner):
                return lambda e: e.state.vars[name][owner(e)]
            return lambda e: per_player_entry(e.state.vars[name], e.state, owner(e))
        if node.per_player:  # the acting player: a seat wherever a rule may name it (see check/semantics.py)
            return lambda e: e.state.vars[name][e.player]
        return lambda e: e.state.vars[name]

    def visit_ZoneRead(self, node: n.ZoneRead) -> Evaluator:
        name = node.name
        if node.numbered and node.owner is not None:
            index = self.compile(node.owner)
            return lambda e: pile_entry(e.state.zones[name], index(e))
        return self.zone(name, node.per_player, node.owner)

    def zone(self, name: str, per_player: bool, owner_node: n.Expr | None) -> Evaluator:
        """The components of a zone (a per-player one's owner: `owner_node`, else the acting player)."""
        if owner_node is not None:
            owner = self.compile(owner_node)
            if always_a_seat(owner_node):
                return lambda e: e.state.zones[name][owner(e)]
            return lambda e: per_player_entry(e.state.zones[name], e.state, owner(e))
        if per_player:  # the acting player: a seat wherever a rule may name it (see check/semantics.py)
            return lambda e: e.state.zones[name][e.player]
        return lambda e: e.state.zones[name]

    def visit_DefinitionUse(self, node: n.DefinitionUse) -> Evaluator:
        return self.compile(node.body)

    def visit_Attribute(self, node: n.Attribute) -> Evaluator:
        obj = self.compile(node.obj)
        local = node.obj.name if isinstance(node.obj, n.Local) else None
        if node.name == "id":  # every component's own number, e.g. to order a pair of choices
            return obj
        if node.name in self.symbols.table_attributes:  # the same for every state: one lookup by component id
            # none (an empty place, an unbound local) is looked up too, and is in no table
            table = cast("Callable[[int | None], Any]", self.symbols.attribute_values[node.name].get)
            if local is not None:
                return lambda e: table(e.loc.get(local))
            return lambda e: table(obj(e))
        plain, by_face = self.faces[node.name]

        def read(e: Env) -> Any:
            component = obj(e)
            if component is None:
                return None
            faces = by_face[component]
            if faces is None:
                return plain[component]
            return faces[e.state.faces[component]]
        return read

    def visit_Item(self, node: n.Item) -> Evaluator:
        seq, index = self.compile(node.seq), self.compile(node.index)

        def item(e: Env) -> Any:
            try:
                return seq(e)[index(e)]
            except (IndexError, TypeError, KeyError):
                return None
        return item

    def visit_Call(self, node: n.Call) -> Evaluator:
        name = node.function
        fn = FUNCTIONS[name]
        args = [self.compile(a) for a in node.args]
        if len(args) == 1:
            (a,) = args
            (part,) = node.args
            while isinstance(part, n.DefinitionUse):  # a definition that names a zone reads it as the zone
                part = part.body
            if isinstance(part, n.ZoneRead) and part.owner is None and name in ("size", "top", "bottom"):
                return self._read_zone(name, part.name, part.per_player)  # one step, not two
            if name == "size" and part.type.kind == "zone":
                return lambda e: len(a(e))
            if name == "others":
                return lambda e: e.state.others[a(e)]
            return lambda e: fn(e.state, a(e))
        return lambda e: fn(e.state, *[a(e) for a in args])

    @staticmethod
    def _read_zone(function: str, zone: str, per_player: bool) -> Evaluator:
        """`size(draw)`, `top(discard)`, `bottom(discard)`, `size(hand)` in one step."""
        if per_player:
            if function == "size":
                return lambda e: len(e.state.zones[zone][e.player])
            fn = FUNCTIONS[function]
            return lambda e: fn(e.state, e.state.zones[zone][e.player])
        if function == "size":
            return lambda e: len(e.state.zones[zone])
        end = -1 if function == "top" else 0

        def end_of(e: Env) -> Any:
            components = e.state.zones[zone]
            return components[end] if components else None
        return end_of

    def visit_Changes(self, node: n.Changes) -> Evaluator:
        name = node.zone
        if node.owner is not None:
            owner = self.compile(node.owner)
            return lambda e: e.state.changes.get((name, owner(e)), 0)
        if node.per_player:
            return lambda e: e.state.changes.get((name, e.player), 0)
        return lambda e: e.state.changes.get((name, None), 0)

    def visit_Aggregate(self, node: n.Aggregate) -> Evaluator:
        source = self.compile(node.items)
        body = self.compile(node.body) if node.body is not None else None
        return _aggregate(node.kind, node.binder, source, body)

    # ------------------------------------------------------------ operators

    def visit_Negative(self, node: n.Negative) -> Evaluator:
        inner = self.compile(node.operand)
        return lambda e: -inner(e)

    def visit_Not(self, node: n.Not) -> Evaluator:
        inner = self.compile(node.operand)
        return lambda e: not inner(e)

    def visit_And(self, node: n.And) -> Evaluator:
        return self._junction(node.parts, False)

    def visit_Or(self, node: n.Or) -> Evaluator:
        return self._junction(node.parts, True)

    def _junction(self, parts: tuple[n.Expr, ...], decisive: bool) -> Evaluator:
        """`a and b and ...` or `a or b or ...` (decisive True), always true or false; known parts drop out."""
        live_nodes = [p for p in parts if self.known(p) is NOT_CONSTANT]
        live = [self.compile(p) for p in live_nodes]
        if self.specialised and len(live) == 1 and live_nodes[0].type.kind == "bool":
            return live[0]  # a specialised version returns the part as it is
        if len(live) == 1:
            (a,) = live
            return lambda e: True if a(e) else False
        if len(live) == 2:
            a, b = live
            if decisive:
                return lambda e: True if a(e) or b(e) else False
            return lambda e: True if a(e) and b(e) else False

        def junction(e: Env) -> bool:
            for part in live:
                if (not part(e)) is not decisive:
                    return decisive
            return not decisive
        return junction

    def visit_Conditional(self, node: n.Conditional) -> Evaluator:
        condition = self.known(node.condition)
        if condition is not NOT_CONSTANT:  # decided now
            chosen = self.compile(node.then if condition else node.other)
            return chosen
        then, cond, other = self.compile(node.then), self.compile(node.condition), self.compile(node.other)
        return lambda e: then(e) if cond(e) else other(e)

    def visit_Compare(self, node: n.Compare) -> Evaluator:
        op = node.op
        if op in ("==", "!="):
            return self._equality(node.left, node.right, op == "==")
        a, b = self.compile(node.left), self.compile(node.right)
        fn = COMPARE[op]

        def ordered(e: Env) -> bool:
            x, y = a(e), b(e)
            if x is None or y is None:
                return False
            try:
                return fn(x, y)
            except TypeError:
                raise EvalError("compare", left=x, op=op, right=y) from None
        return ordered

    def _equality(self, left: n.Expr, right: n.Expr, equal: bool) -> Evaluator:
        """`==` / `!=`, with a known side folded in (the common `card.kind == number`)."""
        if self.known(left) is not NOT_CONSTANT and self.known(right) is NOT_CONSTANT:
            left, right = right, left
        if self.known(right) is not NOT_CONSTANT:
            value = self.known(right)
            if isinstance(left, n.VariableRead) and not left.per_player:
                name = left.name
                return (lambda e: e.state.vars[name] == value) if equal else (lambda e: e.state.vars[name] != value)
            a = self.compile(left)
            return (lambda e: a(e) == value) if equal else (lambda e: a(e) != value)
        a, b = self.compile(left), self.compile(right)
        return (lambda e: a(e) == b(e)) if equal else (lambda e: a(e) != b(e))

    def visit_Membership(self, node: n.Membership) -> Evaluator:
        a, b = self.compile(node.item), self.compile(node.container)
        if node.negated:
            return lambda e: not _contains(b(e), a(e))
        return lambda e: _contains(b(e), a(e))

    def visit_Arithmetic(self, node: n.Arithmetic) -> Evaluator:
        a, b = self.compile(node.left), self.compile(node.right)
        fn, symbol = _ARITHMETIC[node.op], node.op

        def run(e: Env) -> Any:
            x, y = a(e), b(e)
            try:
                return fn(x, y)
            except (TypeError, ZeroDivisionError):
                raise EvalError("arithmetic", left=x, op=symbol, right=y) from None
        return run


def face_tables(symbols: Symbols, components: tuple[n.Component, ...]) -> FaceTables:
    """For each attribute some die varies by face: its value per component, and per face of each die."""
    return {name: ([c.attrs.get(name) for c in components],
                   [[f.get(name, c.attrs.get(name)) for f in c.faces] if c.faces else None for c in components])
            for name in symbols.attributes if name not in symbols.table_attributes}


def _contains(container: Any, item: Any) -> bool:
    try:
        return contains(container, item)
    except TypeError:
        raise EvalError("membership", item=item, container=container) from None


_MISSING = object()


def _plain_aggregate(kind: str, source: Evaluator) -> Evaluator:
    """`count(c in hand)`, `first(c in hand)` ...: the items themselves, with no expression."""
    def items(e: Env) -> list[Any]:
        return [x for x in e.state.counted(source(e)) if x is not None]
    if kind == "any":
        return lambda e: bool(items(e))
    if kind == "all":
        return lambda e: True
    if kind == "count":
        return lambda e: len(items(e))
    if kind == "first":
        return lambda e: next(iter(items(e)), None)
    if kind == "sum":
        return lambda e: sum(items(e))
    pick = min if kind == "min" else max

    def extreme(e: Env) -> Any:
        present = items(e)
        return pick(present) if present else None
    return extreme


def _aggregate(kind: str, binder: str, source: Evaluator, body: Evaluator | None) -> Evaluator:
    """`any(c in hand: c.colour == red)` and friends: loop with `binder` bound to each item."""
    if body is None:
        return _plain_aggregate(kind, source)

    def loop_any(e: Env, loc: dict[str, Any], items: Any) -> Any:
        for item in items:
            loc[binder] = item
            if body(e):
                return True
        return False

    def loop_all(e: Env, loc: dict[str, Any], items: Any) -> Any:
        for item in items:
            loc[binder] = item
            if not body(e):
                return False
        return True

    def loop_first(e: Env, loc: dict[str, Any], items: Any) -> Any:
        for item in items:
            loc[binder] = item
            if body(e):
                return item
        return None

    def loop_filter(e: Env, loc: dict[str, Any], items: Any) -> tuple[Any, ...]:
        kept = []
        for item in items:
            loc[binder] = item
            if body(e):
                kept.append(item)
        return tuple(kept)

    def loop_values(e: Env, loc: dict[str, Any], items: Any) -> list[Any]:
        values = []
        for item in items:
            loc[binder] = item
            values.append(body(e))
        return values

    loop = {"any": loop_any, "all": loop_all, "first": loop_first, "filter": loop_filter}.get(kind)

    def aggregate(e: Env) -> Any:
        loc = e.loc
        items = e.state.counted(source(e))
        saved = loc.get(binder, _MISSING)
        try:
            if loop is not None:
                return loop(e, loc, items)
            return total(kind, loop_values(e, loc, items))
        finally:
            if saved is _MISSING:
                loc.pop(binder, None)
            else:
                loc[binder] = saved
    return aggregate
