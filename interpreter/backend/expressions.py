"""The expression language compiled into Python closures.

Ruleset text is never evaluated by Python: the grammar (`language/expressions.lark`)
turns it into a tree, and `Compiler` turns the tree into nested closures that
read the running state through an `Env`. Every name is resolved here, at load
time, so that an unknown name is a compile error with a position and a
suggestion, and nothing is looked up by string while a game runs.
"""
from __future__ import annotations

import difflib
import operator
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable


from ..language import types as T
from ..errors import EvalError
from ..language.syntax import ExprError, Token, Tree, parse

MAX_EXPRESSION_DEPTH = 40
MAX_COMPILED_NODES = 5000

Evaluator = Callable[["Env"], Any]
ACTOR = "@player"  # among the names an expression reads: it depends on who acts


def reads_of(evaluator: Evaluator | None) -> frozenset[str] | None:
    """The local names (and ACTOR) a compiled expression reads; None when not known."""
    if evaluator is None:
        return frozenset()
    return getattr(evaluator, "reads", None)


class Env:
    """What a compiled expression reads: the state, the acting player and local names."""

    __slots__ = ("state", "player", "loc")

    def __init__(self, state: Any, player: int | None, loc: dict[str, Any] | None = None):
        self.state = state
        self.player = player
        self.loc = loc if loc is not None else {}


@dataclass
class Definition:
    """A named expression (`define:`), optionally with parameters."""

    name: str
    params: tuple[str, ...]
    text: str
    compiled: Evaluator | None = None
    compiling: bool = False
    tree: Tree | None = None
    reads: frozenset[str] = frozenset()  # ACTOR if the compiled body depends on who acts


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
    attributes: dict[str, T.Type] = field(default_factory=dict)  # in declaration order
    variable_types: dict[str, T.Type] = field(default_factory=dict)
    symbol_labels: dict[str, str] = field(default_factory=dict)  # `red` -> "colour"
    param_types: dict[str, T.Type] = field(default_factory=dict)  # parameters that list their values

    def known(self) -> list[str]:
        return sorted(
            set(self.variables) | set(self.params) | set(self.zones) | set(self.definitions)
            | self.symbols | set(BUILTIN_NAMES) | set(FUNCTIONS)
        )


# ---------------------------------------------------------------- runtime helpers

def _next_player(state: Any, p: int, k: int = 1) -> int:
    return state.seat_after(p, k * state.direction)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "size": lambda s, x: len(x) if x is not None else 0,
    "top": lambda s, z: z[-1] if z else None,
    "bottom": lambda s, z: z[0] if z else None,
    "next": lambda s, p, k=1: _next_player(s, p, k),
    "previous": lambda s, p, k=1: _next_player(s, p, -k),
    "left": lambda s, p, k=1: (p + k) % s.players,
    "right": lambda s, p, k=1: (p - k) % s.players,
    "others": lambda s, p: s.others[p],
    "in_play": lambda s, p: p not in s.out,
    "str": lambda s, x: "none" if x is None else str(x).lower() if isinstance(x, bool) else str(x),
    "abs": lambda s, x: abs(x),
    "min": lambda s, *xs: min(xs),
    "max": lambda s, *xs: max(xs),
}
PURE_FUNCTIONS = frozenset({"str", "abs", "min", "max"})  # read nothing but their arguments
FUNCTION_ARITY = {"size": (1, 1), "top": (1, 1), "bottom": (1, 1), "next": (1, 2), "previous": (1, 2),
                  "left": (1, 2), "right": (1, 2), "others": (1, 1), "str": (1, 1), "abs": (1, 1), "in_play": (1, 1),
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
_BUILTIN_TYPES = {"player": T.PLAYER, "current": T.PLAYER, "dealer": T.PLAYER, "direction": T.INT,
                  "players": T.INT, "phase": T.TEXT, "round": T.INT, "all_players": T.list_of(T.PLAYER)}
for _name, _evaluator in BUILTIN_NAMES.items():
    _evaluator.rtype = _BUILTIN_TYPES[_name]  # type: ignore[attr-defined]

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
        self._local_types: dict[str, T.Type] = {}
        self._text = ""  # the text being compiled, to quote its parts when explaining a condition
        self._nodes = 0  # parts compiled for the current top-level expression
        self._reads: set[str] = set()  # local names (and ACTOR) the expression being compiled reads
        self._fixed: dict[str, tuple[int | None, frozenset[str]]] = {}  # local -> (component or none, attributes)
        self._fixed_reads = 0  # attributes of those components turned into constants
        self._attr_reads: set[tuple[str, str]] = set()  # (local name, attribute) pairs read from tables

    def compile(self, text: str, local_names: "Iterable[str] | dict[str, T.Type]" = ()) -> Evaluator:
        """Compile one expression; `local_names` are the names bound where it is used (with types)."""
        tree = parse(text)
        saved, saved_text = self._local_types, self._text
        self._local_types = dict(local_names) if isinstance(local_names, dict) else \
            {name: T.ANY for name in local_names}
        self._text = text
        saved_nodes, self._nodes = self._nodes, 0
        saved_reads, self._reads = self._reads, set()
        saved_attr_reads, self._attr_reads = self._attr_reads, set()
        try:
            evaluator = self._compile(tree, frozenset(self._local_types), 0)
            if not self._fixed:  # a fixed version may be a part shared with other expressions: leave it be
                evaluator.reads = frozenset(self._reads)  # type: ignore[attr-defined]
                evaluator.attribute_reads = frozenset(self._attr_reads)  # type: ignore[attr-defined]
            return evaluator
        finally:
            self._local_types, self._text, self._nodes = saved, saved_text, saved_nodes
            self._reads, self._attr_reads = saved_reads, saved_attr_reads

    def compile_fixed(self, text: str, local_names: "dict[str, T.Type]",
                      fixed: dict[str, tuple[int | None, frozenset[str]]]) -> tuple[Evaluator, int]:
        """Compile `text` for known values of some component locals: the named attributes become constants.

        `fixed` maps a local name to a component (or none) and the attributes
        to take from it; other attributes are still read while the game runs,
        so the result holds for every component that agrees on those.

        A condition is compiled again for each kind of component it is tested
        on, so that `card.kind == number` is decided then and the rest of the
        condition folds around it. Returns the evaluator and how many
        attribute reads were fixed.
        """
        saved = self._fixed, self._fixed_reads
        self._fixed, self._fixed_reads = dict(fixed), 0
        try:
            return self.compile(text, local_names), self._fixed_reads
        finally:
            self._fixed, self._fixed_reads = saved

    def compile_tree(self, tree: Tree, local_names: "dict[str, T.Type]") -> Evaluator:
        """Compile an already parsed expression (a part of a larger form, such as an index)."""
        saved = self._local_types
        self._local_types = dict(local_names)
        try:
            return self._compile(tree, frozenset(self._local_types), 0)
        finally:
            self._local_types = saved

    def type_of(self, evaluator: Evaluator) -> T.Type:
        return getattr(evaluator, "rtype", T.ANY)

    def compile_lvalue(self, text: str, local_names: tuple[str, ...] | frozenset[str] = ()
                       ) -> tuple[str, Evaluator | None, bool]:
        """An assignment target: (variable name, index evaluator or None, all players?)."""
        tree = parse(text, start="lvalue")
        name = tree.children[0]
        if name not in self.names.variables and name not in ("current", "dealer"):
            raise ExprError(f"{str(name)!r} is not a variable", name.column - 1,
                            hint=self._suggest(name, list(self.names.variables)), code="E110")
        index = tree.children[1] if len(tree.children) > 1 else None
        if index is None:
            return str(name), None, False
        if isinstance(index, Token) and index.type == "STAR":
            return str(name), None, True
        saved = self._local_types
        self._local_types = dict(local_names) if isinstance(local_names, dict) else \
            {n: T.ANY for n in local_names}
        try:
            return str(name), self._compile(index, frozenset(self._local_types), 0), False
        finally:
            self._local_types = saved

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
        self._nodes += 1
        if self._nodes > MAX_COMPILED_NODES:  # definitions calling definitions can multiply
            raise self._error(f"expression grows past {MAX_COMPILED_NODES} parts once its definitions are "
                              f"written out", node, code="E102")
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
        rtype = T.list_of(T.join(self.type_of(i) for i in items))
        if all(getattr(i, "constant", False) for i in items):
            return _typed(_constant(tuple(i(None) for i in items)), rtype)
        return _typed(lambda e: tuple(i(e) for i in items), rtype)

    # -- names
    def _c_name(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        name = str(node.children[0])
        names = self.names
        if name in loc:
            self._reads.add(name)
            reader = _local(name)
            if name in self._fixed:
                reader.fixed, reader.fixed_attributes = self._fixed[name]  # type: ignore[attr-defined]
            return _typed(reader, self._local_types.get(name, T.ANY))
        if name in self._arguments:
            return self._arguments[name]
        if name in names.variables:
            rtype = names.variable_types.get(name, T.ANY)
            if names.variables[name]:
                self._reads.add(ACTOR)
                return _typed(lambda e: e.state.vars[name][e.player], rtype)
            read = _typed(lambda e: e.state.vars[name], rtype)
            read.variable = name  # type: ignore[attr-defined]
            return read
        if name in names.params:  # a parameter's value changes with overlays: its words are not fixed
            value = names.params[name]
            declared = names.param_types.get(name)
            if declared is not None:  # typed by every value it may take, not only the current one
                return _typed(_constant(value), declared)
            return _typed(_constant(value), T.TEXT if isinstance(value, str) else T.of_value(value))
        if name in names.zones:
            if names.zones[name]:
                self._reads.add(ACTOR)
                own = _zone(lambda e: e.state.zones[name][e.player])
                own.own_zone = name  # type: ignore[attr-defined]
                return own
            shared = _zone(lambda e: e.state.zones[name])
            shared.zone_name = name  # type: ignore[attr-defined]
            return shared
        if name in names.definitions:
            definition = names.definitions[name]
            if definition.params:
                raise self._error(f"{name!r} needs {len(definition.params)} argument(s): "
                                  f"{name}({', '.join(definition.params)})", node, code="E111")
            return self._definition(definition, node)
        if name in BUILTIN_NAMES:
            if name == "player":
                self._reads.add(ACTOR)
            return BUILTIN_NAMES[name]
        if name in names.symbols:
            return _typed(_constant(name), T.text({name}, names.symbol_labels.get(name)))
        raise self._error(f"unknown name {name!r}", node.children[0],
                          hint=self._suggest(name, names.known() + sorted(loc)), code="E110")

    def _definition(self, definition: Definition, node: Tree) -> Evaluator:
        """A parameterless definition: compiled once, shared by every use."""
        if definition.compiled is None:
            saved, self._reads = self._reads, set()
            try:
                definition.compiled = self._inline(definition, node, {})
                definition.reads = frozenset(self._reads)
            finally:
                self._reads = saved
        self._reads |= definition.reads
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
        saved, saved_text = self._arguments, self._text
        self._arguments = arguments
        self._text = definition.text
        try:
            if definition.tree is None:
                definition.tree = parse(definition.text)
            return self._compile(definition.tree, frozenset(), 0)
        except ExprError as err:
            definition.tree = None
            raise ExprError(f"in definition {definition.name!r}: {err.message}", 0, err.hint,
                            err.code) from None
        finally:
            self._arguments, self._text = saved, saved_text
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
            call_text = self._source(node)
            body = self._inline(definition, node, dict(zip(definition.params, args)))
            reason = getattr(body, "why", None)
            if reason is not None:  # say which named rule failed, in the words of the call
                _explain(body, lambda e: f"{call_text} is false: {reason(e)}")
            return body
        if name == "changes":
            return self._changes(node, loc, depth)
        if name in FUNCTIONS:
            low, high = FUNCTION_ARITY[name]
            if not low <= len(args) <= high:
                raise self._error(f"{name}() takes {low}" + (f" to {high}" if high != low else "")
                                  + f" argument(s), got {len(args)}", name_token, code="E111")
            fn = FUNCTIONS[name]
            self._check_arguments(name, args, node)
            rtype = self._function_type(name, args)
            if name in PURE_FUNCTIONS:
                return _folded(_typed(lambda e: fn(None, *[a(e) for a in args]), rtype), *args)
            if len(args) == 1:
                (a,) = args
                zone_name = getattr(a, "zone_name", None)
                if zone_name is not None and name in ("size", "top", "bottom"):  # one step, not two
                    return _typed(_read_zone(name, zone_name), rtype)
                own_zone = getattr(a, "own_zone", None)
                if own_zone is not None and name == "size":
                    return _typed(lambda e: len(e.state.zones[own_zone][e.player]), rtype)
                if name == "size" and getattr(a, "zone", False):
                    return _typed(lambda e: len(a(e)), rtype)
                if name == "others":
                    return _typed(lambda e: e.state.others[a(e)], rtype)
                return _typed(lambda e: fn(e.state, a(e)), rtype)
            return _typed(lambda e: fn(e.state, *[a(e) for a in args]), rtype)
        candidates = sorted(set(FUNCTIONS) | {d for d, v in self.names.definitions.items() if v.params})
        raise self._error(f"unknown function {name!r}", name_token,
                          hint=self._suggest(name, candidates), code="E110")

    def _function_type(self, name: str, args: list[Evaluator]) -> T.Type:
        if name in ("size", "abs"):
            return T.INT
        if name in ("top", "bottom"):
            return T.COMPONENT
        if name in ("next", "previous", "left", "right"):
            return T.PLAYER
        if name == "others":
            return T.list_of(T.PLAYER)
        if name == "str":
            return T.TEXT
        if name == "in_play":
            return T.BOOL
        return T.join(self.type_of(a) for a in args)  # min, max

    def _check_arguments(self, name: str, args: list[Evaluator], node: Tree) -> None:
        """Zones for size/top/bottom, players for the seat functions."""
        wanted = {"top": ("zone", "list"), "bottom": ("zone", "list"), "size": ("zone", "list"),
                  "next": T.NUMERIC, "previous": T.NUMERIC, "left": T.NUMERIC, "right": T.NUMERIC,
                  "others": T.NUMERIC, "in_play": T.NUMERIC, "abs": ("int",)}.get(name)
        if wanted is None or not args:
            return
        given = self.type_of(args[0])
        if given.kind not in wanted + ("any", "none"):
            expected = "a zone or a list" if "zone" in wanted else "a player" if name != "abs" else "a number"
            raise self._error(f"{name}() needs {expected}, got {given.describe()}", node.children[0], code="E132")

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
            self._reads.add(ACTOR)
            owner = BUILTIN_NAMES["player"]
        else:
            owner = _constant(None)
        return _typed(lambda e: e.state.changes.get((name, owner(e)), 0), T.INT)

    def _c_aggregate(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        kind_token, binder_token, source_node, body_node = node.children
        kind, binder = str(kind_token), str(binder_token)
        source = self._compile(source_node, loc, depth)
        source_type = self.type_of(source)
        if source_type.kind not in ("zone", "list", "any"):
            raise self._error(f"{kind}() goes through a zone or a list, not {source_type.describe()}",
                              source_node, code="E134")
        item_type = T.COMPONENT if source_type.kind == "zone" else (source_type.element or T.ANY)
        saved, saved_fixed = self._local_types, self._fixed
        self._local_types = dict(saved, **{binder: item_type})
        if binder in saved_fixed:  # the binder hides the fixed name
            self._fixed = {k: v for k, v in saved_fixed.items() if k != binder}
        outer_reads, self._reads = self._reads, set()
        try:
            body = self._compile(body_node, loc | {binder}, depth) if body_node is not None else None
        finally:
            self._local_types, self._fixed = saved, saved_fixed
            self._reads.discard(binder)  # bound here, not read from outside
            outer_reads |= self._reads
            self._reads = outer_reads
        body_type = self.type_of(body) if body is not None else item_type
        rtype = {"any": T.BOOL, "all": T.BOOL, "count": T.INT, "sum": T.INT, "first": item_type}.get(kind, body_type)
        result = _typed(_aggregate(kind, binder, source, body), rtype)
        if kind in ("any", "all") and body_node is not None:
            where, what = self._source(source_node), self._source(body_node)
            _explain(result, (lambda e: f"no {binder} in {where} has {what}") if kind == "any"
                     else (lambda e: f"not every {binder} in {where} has {what}"))
        return result

    def _c_attr(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        obj = self._compile(node.children[0], loc, depth)
        attr_token = node.children[1]
        attr = str(attr_token)
        obj_type = self.type_of(obj)
        if obj_type.kind not in ("component", "any", "none"):
            raise self._error(f"only components have attributes; this is {obj_type.describe()}",
                              attr_token, code="E133")
        if attr == "id":  # every component's own number, e.g. to order a pair of choices
            name = getattr(obj, "local_name", None)
            return _typed(_local(name) if name is not None else (lambda e: obj(e)), T.INT)
        if attr not in self.names.attributes:
            raise self._error(f"unknown attribute {attr!r}", attr_token,
                              hint=self._suggest(attr, list(self.names.attributes)), code="E113")
        rtype = self.names.attributes[attr]
        assert self._attr_lookup is not None
        read = self._attr_lookup(attr)
        if isinstance(read, dict):  # the same for every state: one table lookup by component id
            fixed = getattr(obj, "fixed", _MISSING)
            if fixed is not _MISSING and (fixed is None or attr in obj.fixed_attributes):  # type: ignore[attr-defined]
                self._fixed_reads += 1
                return _typed(_constant(read.get(fixed)), rtype)
            table = read.get
            name = getattr(obj, "local_name", None)
            if name is not None:
                self._attr_reads.add((name, attr))
                return _typed(lambda e: table(e.loc.get(name)), rtype)
            return _typed(lambda e: table(obj(e)), rtype)
        return _typed(lambda e: read(e, obj(e)), rtype)

    def _c_index(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        base, index_node = node.children
        index = self._compile(index_node, loc, depth)
        if base.data == "name":
            name = str(base.children[0])
            if name not in loc:
                if self.names.variables.get(name):
                    return _typed(lambda e: e.state.vars[name][index(e)],
                                  self.names.variable_types.get(name, T.ANY))
                if self.names.zones.get(name):
                    return _zone(lambda e: e.state.zones[name][index(e)])
                held = self.names.variable_types.get(name, T.ANY)
                if name in self.names.variables and held.kind not in ("list", "any", "none"):
                    raise self._error(f"{name!r} is not kept per player and holds {held.describe()}; "
                                      f"remove the [...]", base, code="E114")
        seq = self._compile(base, loc, depth)
        seq_type = self.type_of(seq)

        def item(e: Env) -> Any:
            try:
                return seq(e)[index(e)]
            except (IndexError, TypeError, KeyError):
                return None
        return _typed(item, T.COMPONENT if seq_type.kind == "zone" else (seq_type.element or T.ANY))

    # -- operators
    def _c_neg(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        (inner,) = self._sub(node, loc, depth)
        self._expect_number(inner, node, "-")
        return _folded(_typed(lambda e: -inner(e), T.INT), inner)

    def _c_not_(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        (inner,) = self._sub(node, loc, depth)
        text = self._source(node.children[0])
        return _folded(_explain(_typed(lambda e: not inner(e), T.BOOL), lambda e: f"{text} holds"), inner)

    def _c_and_(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        parts = self._sub(node, loc, depth)
        texts = [self._source(child) for child in node.children]

        def first_failure(e: Env) -> str:
            for part, text in zip(parts, texts):
                if not part(e):
                    return _reason(part, text, e)
            return "it holds"
        if self._fixed:  # a version for listing moves: nobody asks it why
            return _typed(_junction(parts, False, bare=True), T.BOOL)
        return _explain(_typed(_junction(parts, False), T.BOOL), first_failure)

    def _c_or_(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        parts = self._sub(node, loc, depth)
        texts = [self._source(child) for child in node.children]

        def every_failure(e: Env) -> str:
            return "; and ".join(_reason(part, text, e) for part, text in zip(parts, texts))
        if self._fixed:
            return _typed(_junction(parts, True, bare=True), T.BOOL)
        return _explain(_typed(_junction(parts, True), T.BOOL), every_failure)

    def _c_ternary(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        then, cond, other = self._sub(node, loc, depth)
        rtype = T.join([self.type_of(then), self.type_of(other)])
        if getattr(cond, "constant", False):  # decided now; the result keeps the type of both branches
            chosen = then if cond(None) else other  # type: ignore[arg-type]
            if self._fixed:
                return chosen
            return _folded(_typed(lambda e: chosen(e), rtype), chosen)
        return _typed(lambda e: then(e) if cond(e) else other(e), rtype)

    def _c_compare(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        left_node, op_token, right_node = node.children
        a, b = self._compile(left_node, loc, depth), self._compile(right_node, loc, depth)
        op = str(op_token)
        left_text, right_text = self._source(left_node), self._source(right_node)
        if op in ("==", "!="):
            self._check_comparable(a, b, node)
            is_none = _none_test(a, b)
            if is_none is not None:
                result = _typed(_constant(is_none == (op == "==")), T.BOOL)
            else:
                result = _typed(_equality(a, b, op == "=="), T.BOOL)
            return _folded(_explain(result, lambda e: _compared(left_text, a(e), op, right_text, b(e), e)), a, b)
        self._expect_number(a, left_node, op)
        self._expect_number(b, right_node, op)
        fn = _COMPARE[op]

        def ordered(e: Env) -> bool:
            x, y = a(e), b(e)
            if x is None or y is None:
                return False
            try:
                return fn(x, y)
            except TypeError:
                raise EvalError(f"cannot compare {x!r} {op} {y!r}") from None
        return _folded(_explain(_typed(ordered, T.BOOL),
                                lambda e: _compared(left_text, a(e), op, right_text, b(e), e)), a, b)

    def _c_in_(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        a, b = self._sub(node, loc, depth)
        self._check_membership(a, b, node)
        return _folded(_typed(lambda e: _contains(b(e), a(e)), T.BOOL), a, b)

    def _c_not_in(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        a, b = self._sub(node, loc, depth)
        self._check_membership(a, b, node)
        return _folded(_typed(lambda e: not _contains(b(e), a(e)), T.BOOL), a, b)

    def _c_arith(self, node: Tree, loc: frozenset[str], depth: int) -> Evaluator:
        children = node.children
        result = self._compile(children[0], loc, depth)
        for i in range(1, len(children), 2):
            symbol = str(children[i])
            right = self._compile(children[i + 1], loc, depth)
            rtype = self._arith_type(result, right, symbol, children[i])
            result = _folded(_typed(_binary(_guarded(_ARITH[symbol], symbol), result, right), rtype), result, right)
        return result

    # -- explanations
    def _source(self, node: Tree | Token) -> str:
        """The text an author wrote for a part of the expression."""
        meta = getattr(node, "meta", None)
        if meta is not None and not meta.empty:
            return self._text[meta.start_pos:meta.end_pos]
        if isinstance(node, Token) and node.start_pos is not None:
            return self._text[node.start_pos:node.end_pos]
        return "this"

    # -- type checks
    def _check_comparable(self, a: Evaluator, b: Evaluator, node: Tree) -> None:
        left, right = self.type_of(a), self.type_of(b)
        why = T.mismatch(left, right)
        if why is not None:
            known = next((t for t in (left, right) if t.label and t.values and len(t.values) > 1), None)
            hint = f"{known.label} values: {', '.join(map(str, sorted(known.values, key=str)))}" if known else ""
            raise self._error(f"{why}, so the comparison is never true", node.children[1], hint, code="E130")

    def _check_membership(self, a: Evaluator, b: Evaluator, node: Tree) -> None:
        container = self.type_of(b)
        if container.kind not in ("list", "zone", "any", "none"):
            raise self._error(f"`in` needs a list or a zone on its right, got {container.describe()}",
                              node, code="E134")
        if container.kind == "list" and container.element is not None:
            why = T.mismatch(self.type_of(a), container.element)
            if why is not None:
                raise self._error(f"{why}, so `in` is never true", node, code="E130")

    def _expect_number(self, value: Evaluator, node: Tree | Token, op: str) -> None:
        given = self.type_of(value)
        if given.kind not in T.NUMERIC + ("any", "none"):
            raise self._error(f"`{op}` needs numbers, got {given.describe()}", node, code="E131")

    def _arith_type(self, a: Evaluator, b: Evaluator, symbol: str, node: Token) -> T.Type:
        left, right = self.type_of(a), self.type_of(b)
        if symbol == "+" and {left.kind, right.kind} <= {"text", "any"} and "text" in (left.kind, right.kind):
            return T.TEXT
        if symbol == "+" and {left.kind, right.kind} <= {"list", "any"} and "list" in (left.kind, right.kind):
            return T.list_of(T.join([left.element or T.ANY, right.element or T.ANY]))
        for given in (left, right):
            if given.kind not in T.NUMERIC + ("any",):
                raise self._error(f"`{symbol}` needs numbers, got {given.describe()}", node, code="E131")
        return T.INT


_MISSING = object()


def _explain(evaluator: Evaluator, why: Callable[[Env], str]) -> Evaluator:
    """Attach the words that say why a condition is false (for `why_not`)."""
    evaluator.why = why  # type: ignore[attr-defined]
    return evaluator


def _reason(condition: Evaluator, text: str, e: Env) -> str:
    why = getattr(condition, "why", None)
    return why(e) if why is not None else f"{text} is false"


def explain(condition: Evaluator, e: Env, text: str = "the condition") -> str:
    """Why `condition` is false in this environment, in the words of the ruleset."""
    return _reason(condition, text, e)


def _shown(value: Any, e: Env) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    describe = getattr(e.state, "describe_value", None)
    if isinstance(value, int) and describe is not None:
        return str(value)
    return str(value)


def _compared(left: str, x: Any, op: str, right: str, y: Any, e: Env) -> str:
    x_text, y_text = _shown(x, e), _shown(y, e)
    left_part = left if left == x_text else f"{left} is {x_text}"
    if right == y_text or right.strip("'\"") == y_text:
        words = {"==": "not", "!=": "", "<": "not below", "<=": "above", ">": "not above", ">=": "below"}[op]
        return f"{left_part}, {words} {y_text}".replace(",  ", ", ") if op != "!=" else f"{left_part}"
    right_part = f"{right} is {y_text}"
    return f"{left_part} and {right_part}" + ("" if op in ("==", "!=") else f" (needs {left} {op} {right})")


def _typed(evaluator: Evaluator, rtype: T.Type) -> Evaluator:
    """Remember an evaluator's static type on the closure itself."""
    evaluator.rtype = rtype  # type: ignore[attr-defined]
    return evaluator


def _local(name: str) -> Evaluator:
    """Read a local name; tagged so that `card.colour` can become one table lookup."""
    def local(e: Env) -> Any:
        return e.loc.get(name)
    local.local_name = name  # type: ignore[attr-defined]
    return local


def _zone(read: Evaluator) -> Evaluator:
    read.zone = True  # type: ignore[attr-defined]
    read.rtype = T.ZONE  # type: ignore[attr-defined]
    return read


def _folded(evaluator: Evaluator, *parts: Evaluator) -> Evaluator:
    """An expression whose parts are all constant is computed once, at load time.

    The constant keeps the expression's static type and its explanation, so
    folding changes neither the checks nor the words of `why_not`. A part that
    fails (say, adding text to a number) is left to fail while the game runs.
    """
    if not all(getattr(p, "constant", False) for p in parts):
        return evaluator
    try:
        value = evaluator(None)  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - the same failure is reported when the game runs
        return evaluator
    folded = _typed(_constant(value), getattr(evaluator, "rtype", T.ANY))
    why = getattr(evaluator, "why", None)
    if why is not None:
        _explain(folded, why)
    return folded


def _junction(parts: list[Evaluator], decisive: bool, bare: bool = False) -> Evaluator:
    """`a and b and ...` (decisive False) or `a or b or ...` (decisive True), always true or false.

    A constant part is decided now: one with the decisive value settles the
    whole, the others drop out; the rest are tested in order. `bare`: a
    single condition left is returned as it is rather than wrapped to give its
    own explanation (fixed versions are never asked why).
    """
    if any(getattr(p, "constant", False) and bool(p(None)) is decisive for p in parts):  # type: ignore[arg-type]
        return _constant(decisive)
    live = [p for p in parts if not getattr(p, "constant", False)]
    if not live:
        return _constant(not decisive)
    if bare and len(live) == 1 and getattr(live[0], "rtype", None) == T.BOOL:
        return live[0]
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


def _none_test(a: Evaluator, b: Evaluator) -> bool | None:
    """For `x == none` with x a fixed component: whether x is none, known now; None otherwise."""
    for x, y in ((a, b), (b, a)):
        fixed = getattr(x, "fixed", _MISSING)
        if fixed is not _MISSING and getattr(y, "constant", False) and y(None) is None:  # type: ignore[arg-type]
            return fixed is None
    return None

def _read_zone(function: str, zone: str) -> Evaluator:
    """`size(draw)`, `top(discard)`, `bottom(discard)` of a zone shared by the table, in one step."""
    if function == "size":
        return lambda e: len(e.state.zones[zone])
    end = -1 if function == "top" else 0

    def end_of(e: Env) -> Any:
        components = e.state.zones[zone]
        return components[end] if components else None
    return end_of


def _equality(a: Evaluator, b: Evaluator, equal: bool) -> Evaluator:
    """`==` / `!=`, with a constant side folded in (the common `card.kind == number`)."""
    if getattr(a, "constant", False) and not getattr(b, "constant", False):
        a, b = b, a
    if getattr(b, "constant", False) and getattr(a, "variable", None) is not None:
        name, value = a.variable, b(None)  # type: ignore[attr-defined, arg-type]
        return (lambda e: e.state.vars[name] == value) if equal else (lambda e: e.state.vars[name] != value)
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
    constant.rtype = T.of_value(value)  # type: ignore[attr-defined]
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
