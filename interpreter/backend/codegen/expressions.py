"""Expressions as Python source: a whole expression becomes one Python expression, with no call per node.

What is decided by a component's attributes alone (`card.kind == number or
card.kind == skip`) becomes a table from component to value, made once. The
quick Python form may raise where the language defines a value or its own
error (a none compared, an index out of range, a sum of a word): `risky` says
so, and the function that holds such an expression evaluates it again with
the reference closure when it raises (see `game.py`).
"""
from __future__ import annotations

import re
from typing import Any, Callable

from ...errors import RECOVERABLE, EvalError
from ...language import types as T
from ...tree import nodes as n
from ...tree.fold import PURE
from ...tree.nodes import NOT_CONSTANT
from ..closures import FUNCTIONS, Closures, Env, always_a_seat, face_tables, per_player_entry, pile_entry
from .module import ModuleWriter

_USES_TABLE = re.compile(r"\bs\b")
USES_LOCALS = re.compile(r"\bl\b")
_VARIABLE = re.compile(r"_v[0-9]+")


def _present(values: list[Any]) -> list[Any]:
    return [v for v in values if v is not None]


def _sum_present(values: list[Any]) -> Any:
    return sum(_present(values))


def _min_present(values: list[Any]) -> Any:
    present = _present(values)
    return min(present) if present else None


def _max_present(values: list[Any]) -> Any:
    present = _present(values)
    return max(present) if present else None


def _face_reader(plain: list[Any], by_face: list[Any]) -> Callable[[Any, list[int]], Any]:
    """An attribute some die varies by face: read from the face the die shows."""
    def read(component: Any, faces: list[int]) -> Any:
        if component is None:
            return None
        shown = by_face[component]
        return plain[component] if shown is None else shown[faces[component]]
    return read


class Function:
    """The lines of one generated function of the environment `e`."""

    def __init__(self, name: str):
        self.name = name
        self.body: list[str] = []

    def line(self, indent: int, text: str) -> None:
        self.body.append("    " * (indent + 1) + text)

    def lines(self) -> list[str]:
        text = "\n".join(self.body)
        head = [f"def {self.name}(e):"]
        if _USES_TABLE.search(text):
            head.append("    s = e.state")
        if USES_LOCALS.search(text):
            head.append("    l = e.loc")
        return head + (self.body or ["    pass"]) + [""]


class Hoist:
    """The parts of conditions tested in a loop that read none of `variant` (the names the loop binds)."""

    def __init__(self, variant: set[str]):
        self.variant = variant
        self.lines: list[tuple[str, str]] = []  # (variable, source), in the order they are needed
        self.names: dict[str, str] = {}  # source -> its variable: a part written twice is worked out once


_NOT_WORTH_HOISTING = (n.Const, n.Local, n.ParamRef, n.Symbol, n.Builtin)
_WHOLE, _ELSE = "(True if ", " else False"  # how a junction is made true or false


class ExpressionCode(n.Pass[str]):
    """Each expression node as Python source over `e`, `s` (the table) and `l` (the local names)."""

    def __init__(self, module: ModuleWriter, closures: Closures):
        self.module = module
        self.closures = closures
        self.symbols = closures.symbols
        self.scope: dict[str, str] = {}  # an aggregate's binder -> the Python variable that holds it
        self.risky = False  # the source written since this was cleared may raise where the reference would not
        self.faces = face_tables(self.symbols, closures.components)
        self.hoist: Hoist | None = None  # while a condition tested in a loop is written: what moves out of it
        self._binders: set[str] = set()  # the aggregates' binders being bound where the source is written
        self._tables: dict[int, str | None] = {}

    def code(self, node: n.Expr) -> str:
        value = self.closures.known(node)
        if value is not NOT_CONSTANT:
            return self.module.literal(value)
        tabled = self._tabled(node)
        if tabled is not None:
            return tabled
        hoist = self.hoist
        if hoist is not None and not isinstance(node, _NOT_WORTH_HOISTING) \
                and not node.reads & (hoist.variant | self._binders):
            return self._hoisted(node, hoist)
        return self.visit(node)

    def _hoisted(self, node: n.Expr, hoist: "Hoist") -> str:
        """A variable set before the loop: the part does not change from one turn of it to the next."""
        self.hoist, risky = None, self.risky
        try:
            code = self.visit(node)
        finally:
            self.hoist, self.risky = hoist, risky  # what the part raises is raised before the loop
        name = hoist.names.get(code)
        if name is None:
            name = hoist.names[code] = self.module.name("_v")
            hoist.lines.append((name, code))
        return name

    # ------------------------------------------------------------ per-component tables

    def _tabled(self, node: n.Expr) -> str | None:
        """`T[card]` for a composite node decided by one component's attributes alone."""
        if isinstance(node, (n.Local, n.Attribute, n.Const, n.ParamRef, n.Symbol)):
            return None
        key = id(node)
        if key not in self._tables:
            self._tables[key] = self._make_table(node)
        name = self._tables[key]
        if name is None:
            return None
        (local,) = self._locals_of(node)
        self.risky = True  # a value that is no component is in no table
        return f"{name}[{self.visit_Local(local)}]"

    def _make_table(self, node: n.Expr) -> str | None:
        found = self.attribute_locals(node)
        if found is None or len(found) != 1:
            return None
        table = self.by_component(node, *found)
        return self.module.bind(table) if table is not None else None

    def attribute_locals(self, node: n.Expr) -> set[str] | None:
        """The component locals whose attributes alone decide the node; None when anything else does too."""
        found: set[str] = set()
        return found if self._attributes_only(node, found) else None

    def by_component(self, node: n.Expr, local: str) -> dict[int | None, Any] | None:
        """The node's value with each component (and none) as `local`, by the reference; None if one fails."""
        reference = self.closures.compile(node)
        table: dict[int | None, Any] = {}
        try:
            for component in [None, *(c.id for c in self.closures.components)]:
                table[component] = reference(Env(None, None, {local: component}))
        except (EvalError, *RECOVERABLE):
            return None
        return table

    def _locals_of(self, node: n.Expr) -> list[n.Local]:
        if isinstance(node, n.Local):
            return [node]
        found: list[n.Local] = []
        for child in children(node):
            for local in self._locals_of(child):
                if local.name not in {f.name for f in found}:
                    found.append(local)
        return found

    def _attributes_only(self, node: n.Expr, found: set[str]) -> bool:
        """Whether nothing but the attributes of component locals (no state) decides the node; their names."""
        if self.closures.known(node) is not NOT_CONSTANT:
            return True
        if isinstance(node, n.Local):
            if node.type != T.COMPONENT:
                return False
            found.add(node.name)
            return True
        if isinstance(node, n.Attribute):
            return (node.name == "id" or node.name in self.symbols.table_attributes) \
                and isinstance(node.obj, n.Local) and self._attributes_only(node.obj, found)
        if isinstance(node, n.Call) and node.function not in PURE:
            return False
        if not isinstance(node, (n.DefinitionUse, n.Not, n.Negative, n.And, n.Or, n.Conditional, n.Compare,
                                 n.Membership, n.Arithmetic, n.ListOf, n.Call)):
            return False
        return all(self._attributes_only(child, found) for child in children(node))

    # ------------------------------------------------------------ values and names

    def visit_Const(self, node: n.Const) -> str:
        return self.module.literal(node.value)

    def visit_ListOf(self, node: n.ListOf) -> str:
        items = [self.code(item) for item in node.items]
        return f"({', '.join(items)},)" if items else "()"

    def visit_Local(self, node: n.Local) -> str:
        bound = self.scope.get(node.name)
        return bound if bound is not None else f"l.get({self.module.bind(node.name)})"

    def visit_ParamRef(self, node: n.ParamRef) -> str:
        return self.module.literal(node.const)

    def visit_Symbol(self, node: n.Symbol) -> str:
        return self.module.literal(node.name)

    def visit_Builtin(self, node: n.Builtin) -> str:
        if node.name == "player":
            return "e.player"
        if node.name == "all_players":
            return "tuple(range(s.players))"
        assert node.name in ("current", "dealer", "direction", "players", "phase", "round")
        return f"s.{node.name}"

    def visit_VariableRead(self, node: n.VariableRead) -> str:
        return self._entry(f"s.vars[{self.module.bind(node.name)}]", node.per_player, node.owner)

    def visit_ZoneRead(self, node: n.ZoneRead) -> str:
        if node.numbered and node.owner is not None:
            return f"{self.module.bind(pile_entry)}(s.zones[{self.module.bind(node.name)}], {self.code(node.owner)})"
        return self.zone(node.name, node.per_player, node.owner)

    def zone(self, name: str, per_player: bool, owner: n.Expr | None) -> str:
        return self._entry(f"s.zones[{self.module.bind(name)}]", per_player, owner)

    def _entry(self, read: str, per_player: bool, owner: n.Expr | None) -> str:
        """A zone's or a variable's value; a per-player one's entry, by a seat checked unless it is always one."""
        if not per_player:
            return read
        if owner is None:  # the acting player: a seat wherever a rule may name it (see check/semantics.py)
            return f"{read}[e.player]"
        if always_a_seat(owner):
            return f"{read}[{self.code(owner)}]"
        return f"{self.module.bind(per_player_entry)}({read}, s, {self.code(owner)})"

    def visit_DefinitionUse(self, node: n.DefinitionUse) -> str:
        return self.code(node.body)

    def visit_Attribute(self, node: n.Attribute) -> str:
        obj = self.code(node.obj)
        if node.name == "id":
            return obj
        if node.name in self.symbols.table_attributes:
            return f"{self.module.bind(self.symbols.attribute_values[node.name])}.get({obj})"
        plain, by_face = self.faces[node.name]
        self.risky = True  # a value that is no component
        if _VARIABLE.fullmatch(obj):  # read in line where the component is a variable's (it is read thrice)
            values, shown = self.module.bind(plain), self.module.bind(by_face)
            return f"({values}[{obj}] if {shown}[{obj}] is None else {shown}[{obj}][s.faces[{obj}]])"
        return f"{self.module.bind(_face_reader(plain, by_face))}({obj}, s.faces)"

    def visit_Item(self, node: n.Item) -> str:
        self.risky = True
        return f"{self.code(node.seq)}[{self.code(node.index)}]"

    def visit_Call(self, node: n.Call) -> str:
        args = [self.code(a) for a in node.args]
        name = node.function
        if len(args) == 1 and name in ("size", "top", "bottom") and node.args[0].type.kind == "zone":
            (zone,) = args
            if name == "size":
                return f"len({zone})"
            return f"({zone} or {self.module.bind((None,))})[{-1 if name == 'top' else 0}]"
        if name == "others" and len(args) == 1 and always_a_seat(node.args[0]):
            return f"s.others[{args[0]}]"
        if name == "range":  # the quick form raises Python's errors; the reference says the language's own
            self.risky = True
            return f"{self.module.bind(PURE[name])}({', '.join(args)})"
        return f"{self.module.bind(FUNCTIONS[name])}({', '.join(['s', *args])})"

    def visit_Changes(self, node: n.Changes) -> str:
        owner = self.code(node.owner) if node.owner is not None else "e.player" if node.per_player else "None"
        return f"s.changes.get(({self.module.bind(node.zone)}, {owner}), 0)"

    def visit_Aggregate(self, node: n.Aggregate) -> str:
        source = f"s.counted({self.code(node.items)})"  # its items are work of the action or query
        var = self.module.name("_v")
        outer = self.scope.get(node.binder)
        self.scope[node.binder] = var
        bound_before = node.binder in self._binders
        self._binders.add(node.binder)
        try:
            if node.body is None:
                body, loop = f"{var} is not None", f"for {var} in {source} if {var} is not None"
            else:
                body, loop = self.code(node.body), f"for {var} in {source}"
        finally:
            if not bound_before:
                self._binders.discard(node.binder)
            if outer is None:
                self.scope.pop(node.binder)
            else:
                self.scope[node.binder] = outer
        kind, plain = node.kind, node.body is None
        if kind == "any":
            return f"any({var} is not None for {var} in {source})" if plain else f"any({body} {loop})"
        if kind == "all":
            return "True" if plain else f"all({body} {loop})"
        if kind == "first":
            return f"next(({var} {loop}), None)" if plain else f"next(({var} {loop} if {body}), None)"
        if kind == "count":
            return f"sum(1 {loop})" if plain else f"sum(1 {loop} if {body})"
        if kind == "filter":
            return f"tuple({var} {loop} if {body})"
        helper = {"sum": _sum_present, "min": _min_present, "max": _max_present}[kind]
        return f"{self.module.bind(helper)}([{var if plain else body} {loop}])"

    # ------------------------------------------------------------ operators

    def visit_Negative(self, node: n.Negative) -> str:
        return f"(-{self.code(node.operand)})"

    def visit_Not(self, node: n.Not) -> str:
        return f"(not {self._truth(node.operand)})"

    def visit_And(self, node: n.And) -> str:
        return self._junction(node.parts, "and")

    def visit_Or(self, node: n.Or) -> str:
        return self._junction(node.parts, "or")

    def _junction(self, parts: tuple[n.Expr, ...], word: str) -> str:
        live = [self._truth(p) for p in parts if self.closures.known(p) is NOT_CONSTANT]
        if not live:
            return "True" if word == "and" else "False"
        return f"{_WHOLE}{f' {word} '.join(live)}{_ELSE})"

    def _truth(self, node: n.Expr) -> str:
        """A part whose truth alone counts: an inner `and`/`or` need not be made true or false first."""
        code = self.code(node)
        while isinstance(node, n.DefinitionUse):
            node = node.body
        if isinstance(node, (n.And, n.Or)) and code.startswith(_WHOLE):
            return f"({code[len(_WHOLE):-len(_ELSE) - 1]})"
        return code

    def visit_Conditional(self, node: n.Conditional) -> str:
        condition = self.closures.known(node.condition)
        if condition is not NOT_CONSTANT:
            return self.code(node.then if condition else node.other)
        return f"({self.code(node.then)} if {self.code(node.condition)} else {self.code(node.other)})"

    def visit_Compare(self, node: n.Compare) -> str:
        if node.op not in ("==", "!="):
            self.risky = True  # a none on either side: the reference says false
        return f"({self.code(node.left)} {node.op} {self.code(node.right)})"

    def visit_Membership(self, node: n.Membership) -> str:
        self.risky = True  # `in none`: the reference says false
        return f"({self.code(node.item)} {'not in' if node.negated else 'in'} {self.code(node.container)})"

    def visit_Arithmetic(self, node: n.Arithmetic) -> str:
        self.risky = True  # the reference raises the language's own error
        return f"({self.code(node.left)} {node.op} {self.code(node.right)})"


def children(node: n.Expr) -> list[n.Expr]:
    """The expressions a node is made of, where the passes here look into it."""
    if isinstance(node, n.DefinitionUse):
        return [node.body]
    if isinstance(node, (n.Not, n.Negative)):
        return [node.operand]
    if isinstance(node, (n.And, n.Or)):
        return list(node.parts)
    if isinstance(node, n.Conditional):
        return [node.then, node.condition, node.other]
    if isinstance(node, (n.Compare, n.Arithmetic)):
        return [node.left, node.right]
    if isinstance(node, n.Membership):
        return [node.item, node.container]
    if isinstance(node, n.ListOf):
        return list(node.items)
    if isinstance(node, n.Call):
        return list(node.args)
    if isinstance(node, n.Attribute):
        return [node.obj]
    return []
