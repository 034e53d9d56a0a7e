"""What a generated module may contain, checked on its syntax tree before it is compiled.

The generator is the only author of these modules, and it writes from the typed
tree, never from ruleset text; this check is the second wall. A module may
define functions of the environment (and of a list to fill, and for a phase's
listing of where its claims lie), or for the turn of the table (and of an action
and whether it was offered), and nothing else at its top level; inside
them only the statements and expressions below, names that are generated or
in the fixed vocabulary, attributes from a fixed list (no dunder), and
literals that are whole numbers, true/false or none. No import, lambda,
class, f-string, global, with, yield, star argument or keyword argument.
"""
from __future__ import annotations

import ast
import re
from typing import Any

MAX_DEPTH = 200  # nesting of the syntax tree

BUILTINS: dict[str, Any] = {
    "len": len, "tuple": tuple, "list": list, "range": range, "any": any, "all": all, "sum": sum,
    "next": next, "min": min, "max": max,
}
_LOCALS = {"e", "o", "s", "l", "a", "f", "c"}  # the arguments (the environment, a list to fill), its table, its local names;
# a turn's function (`turn.py`) takes the table `s`, and to take an action also the action `a` and whether it was offered `f`;
# a phase's listing (`phases.py`) takes the environment, the list of moves to fill and the list `c` of where claims lie
_SIGNATURES = (["e"], ["e", "o"], ["s"], ["s", "a", "f"], ["e", "o", "c"])
_GENERATED = re.compile(r"_[gv][0-9]{1,9}\Z")
_ATTRIBUTES = {  # what the generated code reads of an environment and a table, and calls on them
    "state", "loc", "player",
    "zones", "vars", "current", "dealer", "direction", "players", "phase", "round", "others", "changes",
    "faces", "out", "turn_ended", "rule",
    "get", "pop", "append", "extend", "sort",
    "move", "take_top", "shuffle", "set_var", "skip", "reverse", "goto", "end_round", "eliminate", "spend",
    "roll", "seat_after", "seat", "pile", "new_pile", "counted",
    # and what the turn's functions read, set and call
    "round_actions", "action_count", "steps", "last_actor", "turn_begun", "hand_on", "skipped", "round_over",
    "events", "live_skips", "records_changes",
}
_STORED_ATTRIBUTES = {"turn_ended", "rule", "player", "loc",  # `rule`: the rule running, for a failure to name
                      "round_actions", "action_count", "steps", "last_actor", "turn_begun", "hand_on", "skipped",
                      "current", "phase"}
_NODES = (
    ast.Module, ast.FunctionDef, ast.arguments, ast.arg, ast.Return, ast.If, ast.For, ast.Break, ast.Continue,
    ast.Assign, ast.Expr, ast.Try, ast.ExceptHandler, ast.Raise, ast.Pass,
    ast.Name, ast.Load, ast.Store, ast.Attribute, ast.Subscript, ast.Call, ast.Compare, ast.BoolOp, ast.UnaryOp,
    ast.BinOp, ast.IfExp, ast.Tuple, ast.List, ast.Constant, ast.GeneratorExp, ast.ListComp, ast.comprehension,
    ast.And, ast.Or, ast.Not, ast.USub, ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod,
    ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn, ast.Is, ast.IsNot,
)


class Refused(Exception):
    """The generated module holds something it may not: a defect of the generator, never run."""


def check(tree: ast.Module, bound: set[str]) -> None:
    """Raise Refused unless every node of `tree` is allowed; `bound`: the names bound in its namespace."""
    functions: set[str] = set()
    for statement in tree.body:
        if not isinstance(statement, ast.FunctionDef) or not _GENERATED.match(statement.name):
            raise Refused(f"line {getattr(statement, 'lineno', '?')}: only generated functions at the top level")
        if statement.name in functions or statement.name in bound:
            raise Refused(f"line {statement.lineno}: {statement.name} is defined twice, or over a bound value")
        functions.add(statement.name)
    _visit(tree, bound | functions, 0)


def _visit(node: ast.AST, known: set[str], depth: int) -> None:
    if depth > MAX_DEPTH:
        raise Refused("the generated module nests too deeply")
    if not isinstance(node, _NODES):
        raise Refused(f"line {getattr(node, 'lineno', '?')}: {type(node).__name__} is not allowed")
    _check_node(node, known)
    for child in ast.iter_child_nodes(node):
        _visit(child, known, depth + 1)


def _check_node(node: ast.AST, known: set[str]) -> None:
    where = f"line {getattr(node, 'lineno', '?')}"
    if isinstance(node, ast.Name):
        if not (node.id in _LOCALS or node.id in BUILTINS or _GENERATED.match(node.id)):
            raise Refused(f"{where}: the name {node.id!r} is not generated")
        if node.id.startswith("_g") and isinstance(node.ctx, ast.Store):
            raise Refused(f"{where}: a bound name is assigned")
        if node.id.startswith("_g") and node.id not in known:
            raise Refused(f"{where}: {node.id} is bound to nothing")
    elif isinstance(node, ast.Attribute):
        if node.attr not in _ATTRIBUTES or node.attr.startswith("_"):
            raise Refused(f"{where}: the attribute {node.attr!r} is not allowed")
        if isinstance(node.ctx, ast.Store) and node.attr not in _STORED_ATTRIBUTES:
            raise Refused(f"{where}: the attribute {node.attr!r} is not assigned")
    elif isinstance(node, ast.Constant):
        if not (node.value is None or type(node.value) in (bool, int)):
            raise Refused(f"{where}: the literal {type(node.value).__name__} is not allowed")
    elif isinstance(node, ast.Call):
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise Refused(f"{where}: calls take positional arguments only")
    elif isinstance(node, ast.FunctionDef):
        args = node.args
        if node.decorator_list or node.returns or args.vararg or args.kwarg or args.kwonlyargs \
                or args.posonlyargs or args.defaults or [a.arg for a in args.args] not in _SIGNATURES:
            raise Refused(f"{where}: a generated function takes the environment `e` (and a list `o`, and where "
                          f"claims lie `c`), or the table `s` (and an action `a` and whether it was offered `f`), "
                          f"nothing else")
    elif isinstance(node, ast.ExceptHandler):
        if node.name is not None or not isinstance(node.type, ast.Name):
            raise Refused(f"{where}: an except clause names one bound class of errors")
    elif isinstance(node, ast.Raise):
        if node.cause is not None or not isinstance(node.exc, ast.Call):
            raise Refused(f"{where}: raise only what a bound function makes")

