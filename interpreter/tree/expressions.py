"""Expressions: parse trees -> typed expression nodes, every name resolved and every type checked.

This is the transformer of the pipeline's design: it walks the parse tree of one
expression bottom-up and makes a node for each part, resolving each name against
the symbol table (a local name first, then variables, parameters, zones,
definitions, built-in names and symbols), checking types where a mistake would
make a rule silently never apply, and folding what is known (`fold.settle`).
A definition is written out where it is used, its parameters standing for the
arguments of the call, so that each use is typed and folded as what it is.

A problem is an `ExprError` at a column of the text; the ruleset builder turns it
into a positioned problem. Nothing here runs a game.
"""
from __future__ import annotations

from typing import Any

from ..language import builtins as B
from ..language import types as T
from ..language.syntax import ExprError, Token, Tree, parse
from ..words.names import suggest
from . import fold
from . import nodes as n
from .nodes import ACTOR, named
from .symbols import DefinitionEntry, Symbols

MAX_EXPRESSION_DEPTH = 40
MAX_NODES = 5000  # parts of one expression once its definitions are written out

Locals = dict[str, T.Type]


class ExpressionBuilder:
    """Builds the typed node of one expression at a time against the ruleset's symbol table."""

    def __init__(self, symbols: Symbols):
        self.symbols = symbols
        self._locals: Locals = {}
        self._arguments: dict[str, n.Expr] = {}  # a definition's parameters, while its body is written out
        self._bound: frozenset[str] = frozenset()  # aggregate names around the part being built
        self._text = ""
        self._nodes = 0
        self._folding = fold.Budget()  # for the whole ruleset
        self.history: set[str] = set()  # what of the game's past some expression reads: "changes", "mover_of"

    # ------------------------------------------------------------ entry points

    def build(self, text: str, local_names: Locals | None = None) -> n.Expr:
        """The node of one expression; `local_names` are the names bound where it is used, with their types."""
        return self._top(parse(text), text, local_names or {})

    def build_tree(self, tree: Tree, text: str, local_names: Locals) -> n.Expr:
        """The node of an already parsed part of a larger form (the index of an assignment target)."""
        return self._top(tree, text, local_names)

    def _top(self, tree: Tree, text: str, local_names: Locals) -> n.Expr:
        saved = self._locals, self._text, self._nodes, self._bound
        self._locals, self._text, self._nodes, self._bound = dict(local_names), text, 0, frozenset()
        try:
            return self._build(tree, 0)
        finally:
            self._locals, self._text, self._nodes, self._bound = saved

    # ------------------------------------------------------------ helpers

    def _error(self, message: str, node: Tree | Token, hint: str = "", code: str = "E100") -> ExprError:
        column = getattr(node, "column", None)
        if column is None and isinstance(node, Tree):
            column = getattr(node.meta, "column", 1) if not node.meta.empty else 1
        return ExprError(message, (column or 1) - 1, hint, code)

    def _source(self, node: Tree | Token) -> str:
        """The text an author wrote for a part of the expression."""
        meta = getattr(node, "meta", None)
        if meta is not None and not meta.empty:
            return self._text[meta.start_pos:meta.end_pos]
        if isinstance(node, Token) and node.start_pos is not None:
            return self._text[node.start_pos:node.end_pos]
        return "this"

    def _build(self, node: Tree, depth: int) -> n.Expr:
        if depth > MAX_EXPRESSION_DEPTH:
            raise self._error(f"expression is nested more than {MAX_EXPRESSION_DEPTH} deep", node, code="E102")
        self._nodes += 1
        if self._nodes > MAX_NODES:  # definitions calling definitions can multiply
            raise self._error(f"expression grows past {MAX_NODES} parts once its definitions are written out",
                              node, code="E102")
        method = getattr(self, "_b_" + node.data, None)
        if method is None:  # pragma: no cover - grammar and builder out of step
            raise self._error(f"unsupported construct {node.data}", node)
        return method(node, depth + 1)

    def _parts(self, node: Tree, depth: int) -> list[n.Expr]:
        return [self._build(child, depth) for child in node.children if child is not None]

    @staticmethod
    def _union(parts: Any) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
        reads: set[str] = set()
        attributes: set[tuple[str, str]] = set()
        for part in parts:
            if part is not None:
                reads |= part.reads
                attributes |= part.attribute_reads
        return frozenset(reads), frozenset(attributes)

    def _make(self, cls: type, node: Tree, rtype: T.Type, children: Any, **fields: Any) -> n.Expr:
        """A node of `cls` for the parse node `node`, reading what its children read, with its value folded."""
        reads, attributes = self._union(children)
        made = cls(source=self._source(node), type=rtype, reads=reads, attribute_reads=attributes, **fields)
        return self._settled(made, node)

    def _settled(self, made: n.Expr, node: Tree | Token) -> n.Expr:
        """The node with its value folded, unless that value would be too large to make at all."""
        try:
            return fold.settle(made, self._folding)
        except fold.Oversized:
            raise self._error(f"this part would be too large to work out (more than {fold.MAX_ITEMS:,} items, or "
                              f"a number beyond ±{fold.MAX_NUMBER:,})", node, code="E104") from None

    # ------------------------------------------------------------ literals

    def _constant(self, node: Tree, value: Any, rtype: T.Type | None = None) -> n.Expr:
        return n.Const(source=self._source(node), type=rtype or T.of_value(value), const=value, value=value)

    def _b_number(self, node: Tree, depth: int) -> n.Expr:
        text = str(node.children[0])
        if len(text) > len(str(fold.MAX_NUMBER)) or int(text) > fold.MAX_NUMBER:
            raise self._error(f"the number is beyond ±{fold.MAX_NUMBER:,}", node, code="E104")
        return self._constant(node, int(text))

    def _b_string(self, node: Tree, depth: int) -> n.Expr:
        return self._constant(node, str(node.children[0])[1:-1])

    def _b_true(self, node: Tree, depth: int) -> n.Expr:
        return self._constant(node, True)

    def _b_false(self, node: Tree, depth: int) -> n.Expr:
        return self._constant(node, False)

    def _b_none(self, node: Tree, depth: int) -> n.Expr:
        return self._constant(node, None)

    def _b_list(self, node: Tree, depth: int) -> n.Expr:
        items = self._parts(node, depth)
        return self._make(n.ListOf, node, T.list_of(T.join(i.type for i in items)), items, items=tuple(items))

    # ------------------------------------------------------------ names

    def _b_name(self, node: Tree, depth: int) -> n.Expr:
        name = str(node.children[0])
        symbols = self.symbols
        source = self._source(node)
        if name in self._locals:
            return n.Local(source=source, type=self._locals[name], reads=frozenset({name}), name=name,
                           bound=name in self._bound)
        if name in self._arguments:
            return self._arguments[name]
        if name in symbols.variables:
            rtype = symbols.variable_types.get(name, T.ANY)
            per_player = symbols.variables[name]
            return n.VariableRead(source=source, type=rtype, reads=frozenset({ACTOR}) if per_player else frozenset(),
                                  name=name, per_player=per_player)
        if name in symbols.params:  # a parameter's value changes with overlays: its words are not fixed
            value = symbols.params[name]
            declared = symbols.param_types.get(name)
            rtype = declared if declared is not None else T.TEXT if isinstance(value, str) else T.of_value(value)
            return n.ParamRef(source=source, type=rtype, const=value, name=name)
        if name in symbols.numbered:  # its piles; `size(meld)` counts them
            return n.ZoneRead(source=source, type=T.list_of(T.ZONE), name=name, per_player=False, numbered=True)
        if name in symbols.zones:
            per_player = symbols.zones[name]
            return n.ZoneRead(source=source, type=T.ZONE, reads=frozenset({ACTOR}) if per_player else frozenset(),
                              name=name, per_player=per_player)
        if name in symbols.definitions:
            definition = symbols.definitions[name]
            if definition.params:
                raise self._error(f"{name!r} needs {len(definition.params)} argument(s): "
                                  f"{name}({', '.join(definition.params)})", node, code="E111")
            return self._shared(definition, node)
        if name in B.NAMES:
            return n.Builtin(source=source, type=B.NAMES[name], reads=frozenset({ACTOR}) if name == "player"
                             else frozenset(), name=name)
        if name in symbols.symbols:
            name = named(name)
            return n.Symbol(source=source, type=T.text({name}, symbols.symbol_labels.get(name)), const=name, name=name)
        raise self._error(f"unknown name {name!r}", node.children[0],
                          hint=suggest(name, symbols.known() + sorted(self._locals)), code="E110")

    def _shared(self, definition: DefinitionEntry, node: Tree) -> n.Expr:
        """A parameterless definition: built once, the same node wherever it is used.

        Its problems do not depend on where it is used: they are reported once, where
        it is written (the builder checks every definition there), not at each use.
        """
        if definition.shared is None:
            try:
                body = self._written_out(definition, node, {})
            except ExprError as err:
                if definition.building or err.code == "E112":  # a cycle: said at the use that closes it
                    raise
                definition.failed = True
                return self._constant(node, None, T.ANY)
            definition.shared = n.DefinitionUse(source=definition.name, type=body.type, reads=body.reads,
                                                attribute_reads=body.attribute_reads, const=body.const,
                                                name=definition.name, args=(), body=body)
        return definition.shared

    def _written_out(self, definition: DefinitionEntry, node: Tree, arguments: dict[str, n.Expr]) -> n.Expr:
        """A definition's body with its parameters standing for the caller's arguments.

        Definitions are pure expressions, so writing them out where they are used
        is exact. The body sees only its parameters and global names, never the
        caller's local names.
        """
        if definition.building:
            raise self._error(f"definition {definition.name!r} refers to itself", node, code="E112")
        if definition.failed:  # its own problem is reported where it is written; its uses are not checked
            return self._constant(node, None, T.ANY)
        definition.building = True
        saved = self._arguments, self._text, self._locals, self._bound
        self._arguments, self._text, self._locals, self._bound = arguments, definition.text, {}, frozenset()
        try:
            return self._build(parse(definition.text), 0)
        except ExprError as err:
            raise ExprError(f"in definition {definition.name!r}: {err.message}", 0, err.hint, err.code) from None
        finally:
            self._arguments, self._text, self._locals, self._bound = saved
            definition.building = False

    # ------------------------------------------------------------ calls

    def _b_call(self, node: Tree, depth: int) -> n.Expr:
        name_token = node.children[0]
        name = str(name_token)
        args = [self._build(c, depth) for c in node.children[1:] if c is not None]
        symbols = self.symbols
        if name in symbols.definitions:
            definition = symbols.definitions[name]
            if len(args) != len(definition.params):
                raise self._error(f"{name!r} takes {len(definition.params)} argument(s), got {len(args)}",
                                  name_token, code="E111")
            if not definition.params:
                raise self._error(f"{name!r} takes no arguments; write it without ()", name_token, code="E111")
            body = self._written_out(definition, node, dict(zip(definition.params, args)))
            reads, attributes = self._union([*args, body])
            return n.DefinitionUse(source=self._source(node), type=body.type, reads=reads, attribute_reads=attributes,
                                   const=body.const, name=name, args=tuple(args), body=body)
        if name == "changes":
            return self._changes(node, depth)
        if name in B.ARITY:
            low, high = B.ARITY[name]
            if not low <= len(args) <= high:
                raise self._error(f"{name}() takes {low}" + (f" to {high}" if high != low else "")
                                  + f" argument(s), got {len(args)}", name_token, code="E111")
            self._check_arguments(name, args, node)
            if name == "mover_of":
                self.history.add(name)
            rtype = T.text(symbols.zones, "zone name") if name == "zone_of" else \
                B.result_type(name, [a.type for a in args])
            return self._make(n.Call, node, rtype, args, function=name, args=tuple(args))
        candidates = sorted(set(B.ARITY) | {d for d, v in symbols.definitions.items() if v.params})
        raise self._error(f"unknown function {name!r}", name_token, hint=suggest(name, candidates), code="E110")

    def _check_arguments(self, name: str, args: list[n.Expr], node: Tree) -> None:
        """Zones for size/top/bottom, players for the seat functions, components for zone_of/owner_of."""
        wanted = B.ARGUMENT_KINDS.get(name)
        if wanted is None:
            return
        for given in [a.type for a in (args if name in B.EVERY_ARGUMENT else args[:1])]:
            if given.kind not in wanted + ("any", "none"):
                raise self._error(f"{name}() needs {B.expected(name)}, got {given.describe()}", node.children[0],
                                  code="E132")

    def _changes(self, node: Tree, depth: int) -> n.Expr:
        """`changes(hand[p])`: how often a zone's content changed this round (a change stamp)."""
        args = [c for c in node.children[1:] if c is not None]
        target = args[0] if len(args) == 1 else None
        base = target.children[0] if target is not None and target.data == "index" else target
        name = str(base.children[0]) if base is not None and base.data == "name" else ""
        if target is None or name not in self.symbols.zones:
            raise self._error("changes() takes one zone, e.g. changes(hand[p])", node.children[0], code="E111")
        per_player = self.symbols.zones[name]
        owner = self._build(target.children[1], depth) if target.data == "index" else None
        reads, attributes = self._union([owner])
        if owner is None and per_player:
            reads = frozenset({ACTOR})
        self.history.add("changes")
        return n.Changes(source=self._source(node), type=T.INT, reads=reads, attribute_reads=attributes, zone=name,
                         per_player=per_player, owner=owner)

    def _b_aggregate(self, node: Tree, depth: int) -> n.Expr:
        kind_token, binder_token, source_node, body_node = node.children
        return self._loop(node, depth, str(kind_token), binder_token, source_node, body_node)

    def _b_filter(self, node: Tree, depth: int) -> n.Expr:
        """`[c in hand: c.rank == r]`: parsed as `[expression: expression]`, the first one `name in list`."""
        head, body_node = node.children
        if head.data != "in_" or head.children[0].data != "name":
            raise self._error("a filter is written [name in list: condition], e.g. [c in hand: c.rank == 3]", head,
                              code="E103")
        binder_node, source_node = head.children
        return self._loop(node, depth, "filter", binder_node.children[0], source_node, body_node)

    def _loop(self, node: Tree, depth: int, kind: str, binder_token: Token, source_node: Tree,
              body_node: Tree | None) -> n.Expr:
        """An aggregate or a filter: `binder` bound to each item of the source while the body is built."""
        binder = str(binder_token)
        items = self._build(source_node, depth)
        if items.type.kind not in ("zone", "list", "any"):
            said = "a filter" if kind == "filter" else f"{kind}()"
            raise self._error(f"{said} goes through a zone or a list, not {items.type.describe()}",
                              source_node, code="E134")
        item_type = T.COMPONENT if items.type.kind == "zone" else (items.type.element or T.ANY)
        saved = self._locals, self._bound
        self._locals, self._bound = dict(self._locals, **{binder: item_type}), self._bound | {binder}
        try:
            body = self._build(body_node, depth) if body_node is not None else None
        finally:
            self._locals, self._bound = saved
        if kind == "filter" and body is not None and body_node is not None \
                and body.type.kind not in ("bool", "any", "none"):
            raise self._error(f"a filter's condition must be true or false, not {body.type.describe()}", body_node,
                              hint=f"compare it with something, e.g. [{binder} in ...: {body.source} == ...]",
                              code="E135")
        body_type = body.type if body is not None else item_type
        if kind == "sum" and body_type.kind not in ("int", "any", "none"):
            raise self._error(f"sum() adds numbers, not {body_type.describe()}", body_node or source_node,
                              code="E131")
        rtype = {"any": T.BOOL, "all": T.BOOL, "count": T.INT, "sum": T.INT, "first": item_type,
                 "filter": T.list_of(item_type)}.get(kind, body_type)
        reads = items.reads | ((body.reads - {binder}) if body is not None else frozenset())
        attributes = items.attribute_reads | (body.attribute_reads if body is not None else frozenset())
        made = n.Aggregate(source=self._source(node), type=rtype, reads=reads, attribute_reads=attributes, kind=kind,
                           binder=binder, items=items, body=body)
        return self._settled(made, node)

    def _b_attr(self, node: Tree, depth: int) -> n.Expr:
        obj = self._build(node.children[0], depth)
        attr_token = node.children[1]
        attr = str(attr_token)
        if obj.type.kind not in ("component", "any", "none"):
            raise self._error(f"only components have attributes; this is {obj.type.describe()}", attr_token,
                              code="E133")
        if attr == "id":  # every component's own number, e.g. to order a pair of choices
            return self._make(n.Attribute, node, T.INT, [obj], obj=obj, name=attr)
        if attr not in self.symbols.attributes:
            raise self._error(f"unknown attribute {attr!r}", attr_token,
                              hint=suggest(attr, list(self.symbols.attributes)), code="E113")
        made = self._make(n.Attribute, node, self.symbols.attributes[attr], [obj], obj=obj, name=attr)
        if isinstance(obj, n.Local) and attr in self.symbols.table_attributes:
            made = _with_attribute_read(made, (obj.name, attr))
        return made

    def _b_index(self, node: Tree, depth: int) -> n.Expr:
        base, index_node = node.children
        index = self._build(index_node, depth)
        symbols = self.symbols
        if base.data == "name":
            name = str(base.children[0])
            if name not in self._locals:
                if symbols.variables.get(name):
                    return self._make(n.VariableRead, node, symbols.variable_types.get(name, T.ANY), [index],
                                      name=name, per_player=True, owner=index)
                if symbols.zones.get(name):
                    return self._make(n.ZoneRead, node, T.ZONE, [index], name=name, per_player=True, owner=index)
                if name in symbols.numbered:
                    if index.type.kind not in T.NUMERIC + ("any", "none"):
                        raise self._error(f"a pile of {name!r} is picked by its number; this is "
                                          f"{index.type.describe()}", index_node, code="E131")
                    return self._make(n.ZoneRead, node, T.ZONE, [index], name=name, per_player=False, owner=index,
                                      numbered=True)
                held = symbols.variable_types.get(name, T.ANY)
                if name in symbols.variables and held.kind not in ("list", "any", "none"):
                    raise self._error(f"{name!r} is not kept per player and holds {held.describe()}; "
                                      f"remove the [...]", base, code="E114")
        seq = self._build(base, depth)
        if seq.type.kind not in ("zone", "list", "text", "any", "none"):
            raise self._error(f"only a list or a zone has items to pick with [...]; this is {seq.type.describe()}",
                              base, code="E134")
        if index.type.kind not in T.NUMERIC + ("any", "none"):
            raise self._error(f"an item is picked by its place, a number; this is {index.type.describe()}",
                              index_node, code="E131")
        rtype = T.COMPONENT if seq.type.kind == "zone" else (seq.type.element or T.ANY)
        return self._make(n.Item, node, rtype, [index, seq], seq=seq, index=index)

    def _b_cut(self, node: Tree, depth: int) -> n.Expr:
        """`x[a:b]`, `x[:n]`, `x[a:]`: a call of `cut` with the list and both bounds (none for one not written)."""
        base, *bound_nodes = node.children
        seq = self._build(base, depth)
        if seq.type.kind not in ("zone", "list", "any", "none"):
            raise self._error(f"only a list or a zone can be cut with [a:b]; this is {seq.type.describe()}", base,
                              code="E134")
        bounds = [self._build(b, depth) if b is not None else _OPEN for b in bound_nodes]
        for written, bound in zip(bound_nodes, bounds):
            if written is None:
                continue
            if bound.type.kind not in T.NUMERIC + ("any", "none"):
                raise self._error(f"the bounds of [a:b] are numbers, not {bound.type.describe()}", written,
                                  code="E131")
            if type(bound.const) is int and bound.const < 0:
                raise self._error(f"a cut counts positions from 0, so {bound.const} is no position", written,
                                  hint="for the last n items write x[size(x) - n:]", code="E136")
        args = [seq, *bounds]
        return self._make(n.Call, node, B.result_type(B.CUT, [seq.type]), args, function=B.CUT, args=tuple(args))

    # ------------------------------------------------------------ operators

    def _b_neg(self, node: Tree, depth: int) -> n.Expr:
        (inner,) = self._parts(node, depth)
        self._expect_number(inner, node, "-")
        return self._make(n.Negative, node, T.INT, [inner], operand=inner)

    def _b_not_(self, node: Tree, depth: int) -> n.Expr:
        (inner,) = self._parts(node, depth)
        return self._make(n.Not, node, T.BOOL, [inner], operand=inner)

    def _b_and_(self, node: Tree, depth: int) -> n.Expr:
        parts = self._parts(node, depth)
        return self._make(n.And, node, T.BOOL, parts, parts=tuple(parts))

    def _b_or_(self, node: Tree, depth: int) -> n.Expr:
        parts = self._parts(node, depth)
        return self._make(n.Or, node, T.BOOL, parts, parts=tuple(parts))

    def _b_ternary(self, node: Tree, depth: int) -> n.Expr:
        then, condition, other = self._parts(node, depth)
        return self._make(n.Conditional, node, T.join([then.type, other.type]), [then, condition, other],
                          then=then, condition=condition, other=other)

    def _b_compare(self, node: Tree, depth: int) -> n.Expr:
        left_node, op_token, right_node = node.children
        left, right = self._build(left_node, depth), self._build(right_node, depth)
        op = str(op_token)
        if op in ("==", "!="):
            self._check_comparable(left, right, node)
        else:
            self._expect_number(left, left_node, op)
            self._expect_number(right, right_node, op)
        return self._make(n.Compare, node, T.BOOL, [left, right], op=op, left=left, right=right)

    def _b_in_(self, node: Tree, depth: int) -> n.Expr:
        return self._membership(node, depth, False)

    def _b_not_in(self, node: Tree, depth: int) -> n.Expr:
        return self._membership(node, depth, True)

    def _membership(self, node: Tree, depth: int, negated: bool) -> n.Expr:
        item, container = self._parts(node, depth)
        self._check_membership(item, container, node)
        return self._make(n.Membership, node, T.BOOL, [item, container], negated=negated, item=item,
                          container=container)

    def _b_arith(self, node: Tree, depth: int) -> n.Expr:
        children = node.children
        result = self._build(children[0], depth)
        for i in range(1, len(children), 2):
            symbol = str(children[i])
            right = self._build(children[i + 1], depth)
            rtype = self._arith_type(result, right, symbol, children[i])
            reads, attributes = self._union([result, right])
            made = n.Arithmetic(source=_span(self._text, children[0], children[i + 1]), type=rtype, reads=reads,
                                attribute_reads=attributes, op=symbol, left=result, right=right)
            result = self._settled(made, children[i])
        return result

    # ------------------------------------------------------------ type checks

    def _check_comparable(self, a: n.Expr, b: n.Expr, node: Tree) -> None:
        why = T.mismatch(a.type, b.type)
        if why is not None:
            known = next(((t.label, t.values) for t in (a.type, b.type) if t.label and t.values and len(t.values) > 1),
                         None)
            hint = f"{known[0]} values: {', '.join(map(str, sorted(known[1], key=str)))}" if known else ""
            raise self._error(f"{why}, so the comparison is never true", node.children[1], hint, code="E130")

    def _check_membership(self, a: n.Expr, b: n.Expr, node: Tree) -> None:
        container = b.type
        if container.kind not in ("list", "zone", "any", "none"):
            raise self._error(f"`in` needs a list or a zone on its right, got {container.describe()}", node,
                              code="E134")
        if container.kind == "list" and container.element is not None:
            why = T.mismatch(a.type, container.element)
            if why is not None:
                raise self._error(f"{why}, so `in` is never true", node, code="E130")

    def _expect_number(self, value: n.Expr, node: Tree | Token, op: str) -> None:
        if value.type.kind not in T.NUMERIC + ("any", "none"):
            raise self._error(f"`{op}` needs numbers, got {value.type.describe()}", node, code="E131")

    def _arith_type(self, a: n.Expr, b: n.Expr, symbol: str, node: Token) -> T.Type:
        left, right = a.type, b.type
        if symbol == "+" and {left.kind, right.kind} <= {"text", "any"} and "text" in (left.kind, right.kind):
            return T.TEXT
        if symbol == "+" and {left.kind, right.kind} <= {"list", "any"} and "list" in (left.kind, right.kind):
            return T.list_of(T.join([left.element or T.ANY, right.element or T.ANY]))
        for given in (left, right):
            if given.kind not in T.NUMERIC + ("any",):
                raise self._error(f"`{symbol}` needs numbers, got {given.describe()}", node, code="E131")
        return T.INT


_OPEN = n.Const(source="", type=T.NONE, const=None, value=None)  # a bound of a cut not written: that end is open


def _with_attribute_read(made: n.Expr, pair: tuple[str, str]) -> n.Expr:
    import dataclasses
    return dataclasses.replace(made, attribute_reads=made.attribute_reads | {pair})


def _span(text: str, first: Tree | Token, last: Tree | Token) -> str:
    """The text from the start of `first` to the end of `last` (one step of a chain of `+` and `-`)."""
    start = _edge(first, "start_pos")
    end = _edge(last, "end_pos")
    return text[start:end] if start is not None and end is not None else text


def _edge(part: Tree | Token, which: str) -> int | None:
    meta = getattr(part, "meta", None)
    if meta is not None and not meta.empty:
        return getattr(meta, which)
    return getattr(part, which, None)
