"""An equality join: the candidates of an action's last component choice looked up by key rather than all tested.

A `require` such as `value(first) + value(second) == value(target)` is false
for most pairs of components, and the listing tests every pair. When the first
part of `require` is an equality with the last component choice (and the values
declared after it) on one side only, reached through `+` and `-`, the value
that side must take is worked out once from the earlier choices, before the
loop, and only the candidates whose key is that value are tried. A candidate's
key is its value of that side, decided by its attributes alone (through a
branch such as `bv if b.kind == any_number else b.number`); a candidate whose
value is not (one that stands for the number declared for it) is tried as before.

`require` is still tested on every candidate tried, so the join only leaves out
candidates on which it is false, and the moves come out in the same order. What
it leaves out is never evaluated, and what it works out before the loop may be
evaluated where the full walk would not: it is made only where none of these
parts can fail (`cannot_fail`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.game import ActionSpec, ChoiceSpec
from ...language import types as T
from ...tree import nodes as n
from ...tree.nodes import NOT_CONSTANT
from ..closures import Closures
from .expressions import ExpressionCode, children


class _Marker:
    """A value no rule makes."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


UNDECIDED = _Marker("UNDECIDED")  # a candidate whose key is not decided by its attributes: it is always tried
NO_KEY = _Marker("NO_KEY")  # the key sought could not be worked out: every candidate is tried
LESS, MORE, FROM = 0, 1, 2  # a step back through `+` or `-`: key - x, key + x, x - key
Steps = tuple[tuple[int, n.Expr], ...]  # each step, and the operand it takes from the key sought


@dataclass(frozen=True)
class Join:
    """How the candidates of `choice` are narrowed: the key sought is `other` worked back through `steps`."""

    choice: str
    other: n.Expr
    steps: Steps
    index: CandidateIndex


class CandidateIndex:
    """Each component's (and none's) key, UNDECIDED where its attributes do not decide it; made once per game.

    A listing sorts the joined choice's candidates once (its source reads no
    choice) and groups them by the keys sought, each group in id order.
    """

    def __init__(self, keys: dict[int | None, Any]):
        self.keys = keys
        self.none_groups = self.grouped([None])  # an optional choice's none: the same in every listing

    def grouped(self, candidates: list[Any]) -> dict[Any, list[Any]]:
        """The groups of one listing: every candidate (the group of NO_KEY), and the candidates of each key.

        When every candidate's key is decided, they are grouped in one pass and a
        key no candidate has finds the group of UNDECIDED, empty. Otherwise a key's
        group, with the undecided candidates in it, is made when first sought.
        """
        groups: dict[Any, list[Any]] = {NO_KEY: candidates}
        keys = self.keys
        try:
            for candidate in candidates:
                key = keys.get(candidate, UNDECIDED)
                if key is UNDECIDED:
                    return {NO_KEY: candidates}
                group = groups.get(key)
                if group is None:
                    groups[key] = [candidate]
                else:
                    group.append(candidate)
        except TypeError:  # a key that cannot be looked up (a list): each group is made when sought
            return {NO_KEY: candidates}
        groups[UNDECIDED] = []
        return groups

    def pick(self, groups: dict[Any, list[Any]], key: Any) -> list[Any]:
        """The candidates that may have `key`, in id order (a list the caller does not change)."""
        try:
            found = groups.get(key)
        except TypeError:  # a key that cannot be looked up (a list): every candidate is tried
            return groups[NO_KEY]
        if found is None:
            found = groups.get(UNDECIDED)  # grouped in one pass: no candidate has that key
            if found is not None:
                return found
            keys = self.keys  # a candidate the index does not know is tried
            found = groups[key] = [c for c in groups[NO_KEY]
                                   if (own := keys.get(c, UNDECIDED)) is UNDECIDED or own == key]
        return found


def worked_back(key: Any, steps: tuple[tuple[int, Any], ...]) -> Any:
    """The value of the joined side that makes the equality hold; NO_KEY unless each step is on whole numbers."""
    for step, value in steps:
        key = one_step_back(key, step, value)
    return key


def one_step_back(key: Any, step: int, value: Any) -> Any:
    """`worked_back` through one `+` or `-` (the listing calls it alone for an equality of one step, the usual case).

    `a + x == k` holds exactly when `x == k - a` for whole numbers only: text
    adds up otherwise, and a none makes the sum an error.
    """
    if type(key) is not int or type(value) is not int:
        return NO_KEY
    return key - value if step == LESS else key + value if step == MORE else value - key


def plan(spec: ActionSpec, expressions: ExpressionCode) -> Join | None:
    """The join of an action's listing, or None where it would not leave the moves exactly as they are."""
    closures = expressions.closures
    joined = _joined_choices(spec, closures)
    if joined is None or spec.rule.require is None:
        return None
    choice, names = joined
    equality = _first_part(spec.rule.require, closures)
    if not (isinstance(equality, n.Compare) and equality.op == "=="):
        return None
    isolated = _isolated(equality, names)
    if isolated is None:
        return None
    side, other, steps = isolated
    if not all(cannot_fail(part, closures) for part in (other, *(operand for _, operand in steps))):
        return None
    keys = {c: _plain(key, bool(steps)) for c, key in _keys(side, choice.name, expressions).items()}
    if all(key is UNDECIDED for key in keys.values()):
        return None
    return Join(choice.name, other, steps, CandidateIndex(keys))


def _joined_choices(spec: ActionSpec, closures: Closures) -> tuple[ChoiceSpec, frozenset[str]] | None:
    """The last component choice before `require` is tested, and the names of it and the values declared after it.

    Everything a left-out candidate would have had evaluated must be unable to
    fail: the choice's `where`, and the values declared after it. Its source
    reads no choice: its candidates are sorted and grouped once per listing.
    """
    listed = [spec.choices[i] for i in spec.order[:spec.check_at + 1]]
    places = [i for i, choice in enumerate(listed) if choice.kind == "component"]
    if not places:
        return None
    choice, declared = listed[places[-1]], listed[places[-1] + 1:]
    if choice.present_if is not None or choice.many or not _safe_parts(choice, closures) \
            or choice.rule.source.reads & {c.name for c in spec.choices}:
        return None
    if not all(c.kind == "value" and isinstance(closures.known(c.rule.source), (tuple, list))
               and _safe_parts(c, closures) for c in declared):
        return None
    return choice, frozenset(c.name for c in (choice, *declared))


def _safe_parts(choice: ChoiceSpec, closures: Closures) -> bool:
    return all(part is None or cannot_fail(part, closures) for part in (choice.rule.where, choice.rule.present_if))


def _unwrapped(node: n.Expr) -> n.Expr:
    while isinstance(node, n.DefinitionUse):
        node = node.body
    return node


def _first_part(node: n.Expr, closures: Closures) -> n.Expr | None:
    """The part of a condition tested first: of `a and b`, `a` (parts known at load time drop out, as they run)."""
    node = _unwrapped(node)
    while isinstance(node, n.And):
        live = [part for part in node.parts if closures.known(part) is NOT_CONSTANT]
        if not live:
            return None
        node = _unwrapped(live[0])
    return node


def _isolated(equality: n.Compare, names: frozenset[str]) -> tuple[n.Expr, n.Expr, Steps] | None:
    """The side that reads `names`, down through `+` and `-` to where both operands do; the other side; the steps."""
    if bool(equality.left.reads & names) == bool(equality.right.reads & names):
        return None
    side, other = (equality.left, equality.right) if equality.left.reads & names else (equality.right, equality.left)
    steps: list[tuple[int, n.Expr]] = []
    while isinstance(side := _unwrapped(side), n.Arithmetic) and side.op in ("+", "-"):
        left_reads, right_reads = bool(side.left.reads & names), bool(side.right.reads & names)
        if left_reads == right_reads:
            break
        if side.op == "+":
            steps.append((LESS, side.right if left_reads else side.left))
        else:
            steps.append((MORE, side.right) if left_reads else (FROM, side.left))
        side = side.left if left_reads else side.right
    return side, other, tuple(steps)


def _keys(node: n.Expr, local: str, expressions: ExpressionCode) -> dict[int | None, Any]:
    """Each component's (and none's) value of the node as `local`, where its attributes decide it, else UNDECIDED."""
    node = _unwrapped(node)
    values = _decided(node, local, expressions)
    if values is not None:
        return values
    if isinstance(node, n.Conditional):
        condition = _decided(node.condition, local, expressions)
        if condition is not None:
            then, other = _keys(node.then, local, expressions), _keys(node.other, local, expressions)
            return {c: then[c] if holds else other[c] for c, holds in condition.items()}
    return dict.fromkeys([None, *(c.id for c in expressions.closures.components)], UNDECIDED)


def _decided(node: n.Expr, local: str, expressions: ExpressionCode) -> dict[int | None, Any] | None:
    found = expressions.attribute_locals(node)
    return expressions.by_component(node, local) if found is not None and found <= {local} else None


def _plain(key: Any, numeric: bool) -> Any:
    """A key the index may hold: a whole number where the equality was worked back through sums, else any hashable."""
    if numeric:
        return key if type(key) is int else UNDECIDED
    try:
        hash(key)
    except TypeError:
        return UNDECIDED
    return key


def cannot_fail(node: n.Expr, closures: Closures) -> bool:
    """Whether the reference evaluates the node without an error, whatever the state (a cautious judgement)."""
    if closures.known(node) is not NOT_CONSTANT or isinstance(node, (n.Const, n.Local, n.Symbol, n.ParamRef,
                                                                    n.Builtin)):
        return True
    if isinstance(node, n.DefinitionUse):
        return cannot_fail(node.body, closures)
    if isinstance(node, n.Attribute):
        return (node.name == "id" or node.name in closures.symbols.table_attributes) \
            and cannot_fail(node.obj, closures)
    if isinstance(node, n.VariableRead):
        return not node.per_player or node.owner is None
    if isinstance(node, n.Compare) and node.op not in ("==", "!="):  # none is false; numbers are ordered
        if not all(side.type.kind in T.NUMERIC for side in (node.left, node.right)):
            return False
    elif not isinstance(node, (n.Compare, n.Not, n.And, n.Or, n.Conditional, n.ListOf)):
        return False
    return all(cannot_fail(child, closures) for child in children(node))

