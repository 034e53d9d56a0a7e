"""The expression language: parse once with Lark, compile into Python closures.

Ruleset text is never evaluated by Python: the grammar (`expressions.lark`)
turns it into a tree, and `Compiler` turns the tree into nested closures that
read the running state through an `Env`. Every name is resolved here, at load
time, so that an unknown name is a compile error with a position and a
suggestion, and nothing is looked up by string while a game runs.
"""
from __future__ import annotations

import difflib
import operator
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Callable

from lark import Lark, Token, Tree

from .errors import RulesrunError
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

MAX_EXPRESSION_LENGTH = 500
MAX_EXPRESSION_DEPTH = 40

Evaluator = Callable[["Env"], Any]


class Env:
    """What a compiled expression reads: the state, the acting player and local names."""

    __slots__ = ("state", "player", "loc")

    def __init__(self, state: Any, player: int | None, loc: dict[str, Any] | None = None):
        self.state = state
        self.player = player
        self.loc = loc if loc is not None else {}


class ExprError(Exception):
    """A problem in one expression, at a 0-based column of its text."""

    def __init__(self, message: str, column: int = 0, hint: str = "", code: str = "E100"):
        super().__init__(message)
        self.message = message
        self.column = column
        self.hint = hint
        self.code = code


class EvalError(RulesrunError):
    """An expression failed while a game ran (for example, adding a colour to a number)."""


@dataclass
class Definition:
    """A named expression (`define:`), optionally with parameters."""

    name: str
    params: tuple[str, ...]
    text: str
    compiled: Evaluator | None = None
    compiling: bool = False
    tree: Tree | None = None


@dataclass
class Names:
    """Everything a ruleset declares that an expression may name.

    The game compiler fills this in; `Compiler` resolves names against it.
    """

    variables: dict[str, bool] = field(default_factory=dict)  # name -> per player
    params: dict[str, Any] = field(default_factory=dict)
    zones: dict[str, bool] = field(default_factory=dict)  # name -> per player
    definitions: dict[str, Definition] = field(default_factory=dict)
    symbols: set[str] = field(default_factory=set)
    attributes: dict[str, None] = field(default_factory=dict)  # an ordered set: declaration order

    def known(self) -> list[str]:
        return sorted(
            set(self.variables) | set(self.params) | set(self.zones) | set(self.definitions)
            | self.symbols | set(BUILTIN_NAMES) | set(FUNCTIONS)
        )


# ---------------------------------------------------------------- parsing

@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = resources.files(__package__).joinpath("expressions.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", start=["start", "lvalue"], propagate_positions=True,
                maybe_placeholders=True, cache=True)


def parse(text: str, start: str = "start") -> Tree:
    """Parse one expression; syntax errors become `ExprError` with the column."""
    if not isinstance(text, str):
        raise ExprError(f"expected an expression as text, got {text!r}", code="E101")
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise ExprError(f"expression is longer than {MAX_EXPRESSION_LENGTH} characters", code="E102")
    try:
        return _parser().parse(text, start=start)
    except UnexpectedCharacters as err:
        raise ExprError(f"unexpected character {text[err.pos_in_stream]!r}", err.column - 1,
                        code="E103") from None
    except UnexpectedToken as err:
        if err.token.type == "$END":
            raise ExprError("the expression ends too early", len(text), code="E103") from None
        expected = sorted(_describe(t) for t in err.expected)[:6]
        raise ExprError(f"unexpected {err.token.value!r}", (err.column or 1) - 1,
                        hint="expected " + ", ".join(expected), code="E103") from None
    except (UnexpectedInput, LarkError) as err:  # pragma: no cover - other Lark failures
        raise ExprError(f"cannot parse expression: {err}", code="E103") from None


_TOKEN_WORDS = {"NAME": "a name", "NUMBER": "a number", "STRING": "a string", "LPAR": "'('",
                "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "COLON": "':'",
                "COMP_OP": "a comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*'", "DOT": "'.'"}


def _describe(token_type: str) -> str:
    return _TOKEN_WORDS.get(token_type, token_type.lower())


# ---------------------------------------------------------------- runtime helpers

def _next_player(state: Any, p: int, k: int = 1) -> int:
    return (p + k * state.direction) % state.players


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "size": lambda s, x: len(x) if x is not None else 0,
    "top": lambda s, z: z[-1] if z else None,
    "bottom": lambda s, z: z[0] if z else None,
    "next": lambda s, p, k=1: _next_player(s, p, k),
    "previous": lambda s, p, k=1: _next_player(s, p, -k),
    "left": lambda s, p, k=1: (p + k) % s.players,
    "right": lambda s, p, k=1: (p - k) % s.players,
    "others": lambda s, p: tuple((p + i) % s.players for i in range(1, s.players)),
    "str": lambda s, x: "none" if x is None else str(x).lower() if isinstance(x, bool) else str(x),
    "abs": lambda s, x: abs(x),
    "min": lambda s, *xs: min(xs),
    "max": lambda s, *xs: max(xs),
}
FUNCTION_ARITY = {"size": (1, 1), "top": (1, 1), "bottom": (1, 1), "next": (1, 2), "previous": (1, 2),
                  "left": (1, 2), "right": (1, 2), "others": (1, 1), "str": (1, 1), "abs": (1, 1),
                  "min": (1, 9), "max": (1, 9)}

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

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
          "%": operator.mod}


def _guarded(fn: Callable[[Any, Any], Any], symbol: str) -> Callable[[Any, Any], Any]:
    def run(a: Any, b: Any) -> Any:
        try:
            return fn(a, b)
        except (TypeError, ZeroDivisionError):
            raise EvalError(f"cannot compute {a!r} {symbol} {b!r}") from None
    return run


# ---------------------------------------------------------------- compiling

class Compiler:
    """Turns expression trees into closures, resolving names against `Names`."""

    def __init__(self, names: Names, attr_lookup: Callable[[str], Evaluator] | None = None):
        self.names = names
        self._attr_lookup = attr_lookup
        self._arguments: dict[str, Evaluator] = {}

    def compile(self, text: str, local_names: tuple[str, ...] | frozenset[str] = ()) -> Evaluator:
        tree = parse(text)
        return self._compile(tree, frozenset(local_names), 0)

    def compile_lvalue(self, text: str, local_names: tuple[str, ...] | frozenset[str] = ()
                       ) -> tuple[str, Evaluator | None, bool]:
        """An assignment target: (variable name, index evaluator or None, all players?)."""
        tree = parse(text, start="lvalue")
        name = tree.children[0]
        if name not in self.names.variables and name not in ("current", "dealer"):
            raise ExprError(f"{name!r} is not a variable", name.column - 1,
                            hint=self._suggest(name, list(self.names.variables)), code="E110")
        index = tree.children[1] if len(tree.children) > 1 else None
        if index is None:
            return str(name), None, False
        if isinstance(index, Token) and index.type == "STAR":
            return str(name), None, True
        return str(name), self._compile(index, frozenset(local_names), 0), False

    # -- helpers
    @staticmethod
    def _suggest(word: str, candidates: list[str]) -> str:
        close = difflib.get_close_matches(word, candidates, n=1, cutoff=0.6)
        return f"did you mean {close[0]!r}?" if close else ""

    def _error(self, message: str, node: Tree | Token, hint: str = "", code: str = "E100") -> ExprError:
        column = getattr(node, "column", None)
        if column is None and isinstance(node, Tree):
            column = getattr(node.meta, "column", 1) if not node.meta.empty else 1
        return ExprError(message, (column or 1) - 1, hint, code)

    def _compile(self, node: Tree | Token, loc: frozenset[str], depth: int) -> Evaluator:
        if depth > MAX_EXPRESSION_DEPTH:
            raise self._error(f"expression is nested more than {MAX_EXPRESSION_DEPTH} deep", node,
                              code="E102")
        method = getattr(self, "_c_" + node.data, None)
        if method is None:  # pragma: no cover - grammar and compiler out of step
            raise self._error(f"unsupported construct {node.data}", node)
        return method(node, loc, depth + 1)

    def _sub(self, node: Tree, loc: frozenset[str], depth: int) -> list[Evaluator]:
        return [self._compile(child, loc, depth) for child in node.children if child is not None]

    # -- literals
    def _c_number(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        return _constant(int(node.children[0]))

    def _c_string(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        return _constant(str(node.children[0])[1:-1])

    def _c_true(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        return _constant(True)

    def _c_false(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        return _constant(False)

    def _c_none(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        return _constant(None)

    def _c_list(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        items = self._sub(node, loc, depth)
        if all(getattr(i, "constant", False) for i in items):
            value = tuple(i(None) for i in items)
            return lambda e: value
        return lambda e: tuple(i(e) for i in items)

    # -- names
    def _c_name(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        name = str(node.children[0])
        names = self.names
        if name in loc:
            return _local(name)
        if name in self._arguments:
            return self._arguments[name]
        if name in names.variables:
            if names.variables[name]:
                return lambda e: e.state.vars[name][e.player]
            return lambda e: e.state.vars[name]
        if name in names.params:
            value = names.params[name]
            return _constant(value)
        if name in names.zones:
            if names.zones[name]:
                return _zone(lambda e: e.state.zones[name][e.player])
            return _zone(lambda e: e.state.zones[name])
        if name in names.definitions:
            definition = names.definitions[name]
            if definition.params:
                raise self._error(f"{name!r} needs {len(definition.params)} argument(s): "
                                  f"{name}({', '.join(definition.params)})", node, code="E111")
            return self._definition(definition, node)
        if name in BUILTIN_NAMES:
            return BUILTIN_NAMES[name]
        if name in names.symbols:
            return _constant(name)
        raise self._error(f"unknown name {name!r}", node.children[0],
                          hint=self._suggest(name, names.known() + sorted(loc)), code="E110")

    def _definition(self, definition: Definition, node: Tree) -> Evaluator:
        """A parameterless definition: compiled once, shared by every use."""
        if definition.compiled is None:
            definition.compiled = self._inline(definition, node, {})
        return definition.compiled

    def _inline(self, definition: Definition, node: Tree, arguments: dict[str, Evaluator]) -> Evaluator:
        """Compile a definition's body with its parameters replaced by the caller's arguments.

        Definitions are pure expressions, so inlining them at each call site is
        exact and saves binding arguments at run time. The body sees only its
        parameters and global names, never the caller's local names.
        """
        if definition.compiling:
            raise self._error(f"definition {definition.name!r} refers to itself", node, code="E112")
        definition.compiling = True
        saved = self._arguments
        self._arguments = arguments
        try:
            if definition.tree is None:
                definition.tree = parse(definition.text)
            return self._compile(definition.tree, frozenset(), 0)
        except ExprError as err:
            raise ExprError(f"in definition {definition.name!r}: {err.message}", 0, err.hint,
                            err.code) from None
        finally:
            self._arguments = saved
            definition.compiling = False

    def _c_call(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        name_token = node.children[0]
        name = str(name_token)
        args = [self._compile(c, loc, depth) for c in node.children[1:] if c is not None]
        if name in self.names.definitions:
            definition = self.names.definitions[name]
            if len(args) != len(definition.params):
                raise self._error(f"{name!r} takes {len(definition.params)} argument(s), got {len(args)}",
                                  name_token, code="E111")
            if not definition.params:
                raise self._error(f"{name!r} takes no arguments; write it without ()", name_token,
                                  code="E111")
            return self._inline(definition, node, dict(zip(definition.params, args)))
        if name == "changes":
            return self._changes(node, loc, depth)
        if name in FUNCTIONS:
            low, high = FUNCTION_ARITY[name]
            if not low <= len(args) <= high:
                raise self._error(f"{name}() takes {low}" + (f" to {high}" if high != low else "")
                                  + f" argument(s), got {len(args)}", name_token, code="E111")
            fn = FUNCTIONS[name]
            if len(args) == 1:
                (a,) = args
                if name == "size" and getattr(a, "zone", False):
                    return lambda e: len(a(e))
                if name == "others":
                    return lambda e: e.state.others[a(e)]
                return lambda e: fn(e.state, a(e))
            return lambda e: fn(e.state, *[a(e) for a in args])
        candidates = sorted(set(FUNCTIONS) | {d for d, v in self.names.definitions.items() if v.params})
        raise self._error(f"unknown function {name!r}", name_token,
                          hint=self._suggest(name, candidates), code="E110")

    def _changes(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        """`changes(hand[p])`: how often a zone's content changed this round (a change stamp)."""
        args = [c for c in node.children[1:] if c is not None]
        target = args[0] if len(args) == 1 else None
        base = target.children[0] if target is not None and target.data == "index" else target
        name = str(base.children[0]) if base is not None and base.data == "name" else ""
        if name not in self.names.zones:
            raise self._error("changes() takes one zone, e.g. changes(hand[p])", node.children[0], code="E111")
        if target.data == "index":
            owner = self._compile(target.children[1], loc, depth)
        elif self.names.zones[name]:
            owner = BUILTIN_NAMES["player"]
        else:
            owner = _constant(None)
        return lambda e: e.state.changes.get((name, owner(e)), 0)

    def _c_aggregate(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        kind_token, binder_token, source_node, body_node = node.children
        kind, binder = str(kind_token), str(binder_token)
        source = self._compile(source_node, loc, depth)
        inner = loc | {binder}
        body = self._compile(body_node, inner, depth) if body_node is not None else None
        if body is None and kind not in ("count", "any", "all", "min", "max", "sum", "first"):
            raise self._error(f"{kind}() needs a ':' and an expression", node)
        return _aggregate(kind, binder, source, body)

    def _c_attr(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        obj = self._compile(node.children[0], loc, depth)
        attr_token = node.children[1]
        attr = str(attr_token)
        if attr == "id":  # every component's own number, e.g. to order a pair of choices
            return obj
        if attr not in self.names.attributes:
            raise self._error(f"unknown attribute {attr!r}", attr_token,
                              hint=self._suggest(attr, sorted(self.names.attributes)), code="E113")
        assert self._attr_lookup is not None
        read = self._attr_lookup(attr)
        if isinstance(read, dict):  # the same for every state: one table lookup by component id
            table = read.get
            name = getattr(obj, "local_name", None)
            if name is not None:
                return lambda e: table(e.loc.get(name))
            return lambda e: table(obj(e))
        return lambda e: read(e, obj(e))

    def _c_index(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        base, index_node = node.children
        index = self._compile(index_node, loc, depth)
        if base.data == "name":
            name = str(base.children[0])
            if name not in loc:
                if self.names.variables.get(name):
                    return lambda e: e.state.vars[name][index(e)]
                if self.names.zones.get(name):
                    return _zone(lambda e: e.state.zones[name][index(e)])
                if name in self.names.variables or name in self.names.zones:
                    raise self._error(f"{name!r} is not kept per player; remove the [...]", base,
                                      code="E114")
        seq = self._compile(base, loc, depth)

        def item(e: Env) -> Any:
            try:
                return seq(e)[index(e)]
            except (IndexError, TypeError, KeyError):
                return None
        return item

    # -- operators
    def _c_neg(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        (inner,) = self._sub(node, loc, depth)
        return lambda e: -inner(e)

    def _c_not_(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        (inner,) = self._sub(node, loc, depth)
        return lambda e: not inner(e)

    def _c_and_(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        parts = self._sub(node, loc, depth)
        if len(parts) == 2:
            a, b = parts
            return lambda e: True if a(e) and b(e) else False

        def all_of(e: Env) -> bool:
            for part in parts:
                if not part(e):
                    return False
            return True
        return all_of

    def _c_or_(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        parts = self._sub(node, loc, depth)
        if len(parts) == 2:
            a, b = parts
            return lambda e: True if a(e) or b(e) else False

        def any_of(e: Env) -> bool:
            for part in parts:
                if part(e):
                    return True
            return False
        return any_of

    def _c_ternary(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        then, cond, other = self._sub(node, loc, depth)
        return lambda e: then(e) if cond(e) else other(e)

    def _c_compare(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        left_node, op_token, right_node = node.children
        a, b = self._compile(left_node, loc, depth), self._compile(right_node, loc, depth)
        op = str(op_token)
        if op in ("==", "!="):
            return _equality(a, b, op == "==")
        fn = _COMPARE[op]

        def ordered(e: Env) -> bool:
            x, y = a(e), b(e)
            if x is None or y is None:
                return False
            try:
                return fn(x, y)
            except TypeError:
                raise EvalError(f"cannot compare {x!r} {op} {y!r}") from None
        return ordered

    def _c_in_(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        a, b = self._sub(node, loc, depth)
        return lambda e: _contains(b(e), a(e))

    def _c_not_in(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        a, b = self._sub(node, loc, depth)
        return lambda e: not _contains(b(e), a(e))

    def _c_arith(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        children = node.children
        result = self._compile(children[0], loc, depth)
        for i in range(1, len(children), 2):
            symbol = str(children[i])
            right = self._compile(children[i + 1], loc, depth)
            result = _binary(_guarded(_ARITH[symbol], symbol), result, right)
        return result


_MISSING = object()


def _local(name: str) -> Evaluator:
    """Read a local name; tagged so that `card.colour` can become one table lookup."""
    def local(e: Env) -> Any:
        return e.loc.get(name)
    local.local_name = name  # type: ignore[attr-defined]
    return local


def _zone(read: Evaluator) -> Evaluator:
    read.zone = True  # type: ignore[attr-defined]
    return read


def _equality(a: Evaluator, b: Evaluator, equal: bool) -> Evaluator:
    """`==` / `!=`, with a constant side folded in (the common `card.kind == number`)."""
    if getattr(b, "constant", False):
        value = b(None)  # type: ignore[arg-type]
        return (lambda e: a(e) == value) if equal else (lambda e: a(e) != value)
    if getattr(a, "constant", False):
        value = a(None)  # type: ignore[arg-type]
        return (lambda e: value == b(e)) if equal else (lambda e: value != b(e))
    return (lambda e: a(e) == b(e)) if equal else (lambda e: a(e) != b(e))


def _constant(value: Any) -> Evaluator:
    def constant(e: Env) -> Any:
        return value
    constant.constant = True  # type: ignore[attr-defined]
    return constant


def _binary(fn: Callable[[Any, Any], Any], a: Evaluator, b: Evaluator) -> Evaluator:
    return lambda e: fn(a(e), b(e))


def _contains(container: Any, item: Any) -> bool:
    if container is None:
        return False
    try:
        return item in container
    except TypeError:
        raise EvalError(f"cannot test {item!r} in {container!r}") from None


def _plain_aggregate(kind: str, source: Evaluator) -> Evaluator:
    """`count(c in hand)`, `first(c in hand)` ...: the items themselves, with no expression."""
    def items(e: Env) -> list[Any]:
        return [x for x in source(e) or () if x is not None]
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
    return lambda e: pick(items(e)) if items(e) else None


def _aggregate(kind: str, binder: str, source: Evaluator, body: Evaluator | None) -> Evaluator:
    """`any(c in hand: c.colour == red)` and friends: loop with `binder` bound to each item."""
    if body is None:
        return _plain_aggregate(kind, source)

    def loop_any(e: Env, loc: dict[str, Any]) -> Any:
        for item in source(e) or ():
            loc[binder] = item
            if body(e):
                return True
        return False

    def loop_all(e: Env, loc: dict[str, Any]) -> Any:
        for item in source(e) or ():
            loc[binder] = item
            if not body(e):
                return False
        return True

    def loop_first(e: Env, loc: dict[str, Any]) -> Any:
        for item in source(e) or ():
            loc[binder] = item
            if body(e):
                return item
        return None

    def loop_values(e: Env, loc: dict[str, Any]) -> list[Any]:
        values = []
        for item in source(e) or ():
            loc[binder] = item
            values.append(body(e))
        return values

    def finish_values(values: list[Any]) -> Any:
        if kind == "count":
            return sum(1 for v in values if v)
        present = [v for v in values if v is not None]
        if kind == "sum":
            return sum(present)
        if not present:
            return None
        return min(present) if kind == "min" else max(present)

    loop = {"any": loop_any, "all": loop_all, "first": loop_first}.get(kind)

    def aggregate(e: Env) -> Any:
        loc = e.loc
        saved = loc.get(binder, _MISSING)
        try:
            if loop is not None:
                return loop(e, loc)
            return finish_values(loop_values(e, loc))
        finally:
            if saved is _MISSING:
                loc.pop(binder, None)
            else:
                loc[binder] = saved
    return aggregate
