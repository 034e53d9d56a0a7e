"""The one constant folder: which parts of an expression are known before the game runs.

The builder asks it for every node it makes (`settle`), and stores the answer as
the node's `const`: parameters, symbols, literals and what is built of them are
known, so `allowed(card)` of a game without house rules folds to true and
`first_dealer == none` is decided once. The whole-ruleset checks read `const`
to find a condition that can never hold.

The closure backend asks it again with facts about some components (a choice
known to hold a number card): then `card.kind == number` is known too, and the
rest of the condition folds around it (`Folder`).

An aggregate or a filter over a list known at load time is known too when its
expression is, item by item (`[x in [1, 2, 3]: x > limit]`): the folder then
holds the item its name stands for (`bound`).

The folder follows the values rules of the running game exactly; a part that
would fail (adding text to a number) is left to fail when the game runs.
"""
from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Sequence
from typing import Any

from ..language.builtins import CUT
from . import nodes as n
from .nodes import NOT_CONSTANT

MAX_ITEMS = 10_000
MAX_NUMBER = 2**53
MAX_FOLDED = 20_000  # parts worked out item by item for one ruleset (about a tenth of a second)

COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}


def span(low: Any, high: Any) -> tuple[int, ...]:
    """`range(a, b)`: a, a+1, ..., b-1. TypeError for a bound that is no whole number, ValueError past MAX_ITEMS.

    The size is known before the list is made, so `range(0, 2**53)` costs nothing to refuse.
    """
    if type(low) is not int or type(high) is not int:
        raise TypeError(f"range({low!r}, {high!r})")
    if high - low > MAX_ITEMS:
        raise ValueError(f"range({low}, {high}) has more than {MAX_ITEMS} items")
    return tuple(range(low, high))


def cut(items: Any, start: Any, stop: Any) -> tuple[Any, ...]:
    """`x[a:b]`: the items from position a up to b (from 0, in order), clipped to the list as Python does.

    A bound that is none (or no whole number) leaves its end open; a negative one counts as 0,
    so `pile[size(pile) - 3:]` is the whole pile when it holds fewer than three. Anything that
    holds no items (none) gives the empty list. It never fails.
    """
    if not isinstance(items, (tuple, list)):
        return ()
    low = max(start, 0) if type(start) is int else 0
    high = max(stop, 0) if type(stop) is int else len(items)
    return tuple(items[low:high])


PURE: dict[str, Callable[..., Any]] = {
    "str": lambda x: "none" if x is None else str(x).lower() if isinstance(x, bool) else str(x),
    "abs": abs, "min": lambda *xs: min(xs), "max": lambda *xs: max(xs), "range": span, CUT: cut,
}

Facts = dict[str, tuple[int | None, frozenset[str]]]  # local name -> (its component or none, attributes known)
Table = Callable[[str, int | None], Any]  # (attribute, component) -> its value; only attributes no die varies


class Oversized(Exception):
    """A part known before the game starts would be too large to work out (the builder says where)."""


class Budget:
    """How many parts the folder may still work out item by item: loops in loops over long known lists would
    otherwise make loading a ruleset slow. Past it, a part is left to the game."""

    def __init__(self, parts: int = MAX_FOLDED):
        self.left = parts


def settle(node: n.Expr, budget: Budget | None = None) -> n.Expr:
    """The node with its `const` filled in when it is known without facts (the builder's one call)."""
    _FOLDER.budget = budget if budget is not None else Budget()
    value = _FOLDER.visit(node)
    _FOLDER.failure = None
    if value is _OVERSIZED:
        raise Oversized()
    return node if value is NOT_CONSTANT else dataclasses.replace(node, const=value)


def oversized(op: str, x: Any, y: Any) -> bool:
    """Whether `x op y` would pass the bounds of a value: MAX_ITEMS items or characters, numbers beyond MAX_NUMBER.

    Worked out from the sizes alone, before the value is made: ten definitions
    that each double a list would otherwise fill the memory at load time.
    """
    def size(v: Any) -> int:
        return len(v) if isinstance(v, (str, tuple, list)) else 0
    if op == "*" and isinstance(y, int) and size(x) or op == "*" and isinstance(x, int) and size(y):
        count, items = (y, x) if isinstance(y, int) and size(x) else (x, y)
        return count * size(items) > MAX_ITEMS
    if op == "+" and (size(x) or size(y)):
        return size(x) + size(y) > MAX_ITEMS
    if isinstance(x, int) and isinstance(y, int):
        bits = max(abs(x).bit_length(), abs(y).bit_length())
        return (abs(x).bit_length() + abs(y).bit_length() if op == "*" else bits + 1) > MAX_NUMBER.bit_length()
    return False


def contains(container: Any, item: Any) -> bool:
    """`item in container`, with `in none` false (TypeError when the container holds no items)."""
    if container is None:
        return False
    return item in container


def ordered(op: str, x: Any, y: Any) -> bool:
    """`<` `<=` `>` `>=`: false when either side is none."""
    if x is None or y is None:
        return False
    return bool(COMPARE[op](x, y))


def total(kind: str, values: Sequence[Any]) -> Any:
    """count, sum, min or max of an aggregate's values: how many are true; the others leave none out."""
    if kind == "count":
        return sum(1 for v in values if v)
    present = [v for v in values if v is not None]
    if kind == "sum":
        return sum(present)
    if not present:
        return None
    return min(present) if kind == "min" else max(present)


def over(kind: str, items: Sequence[Any], values: Sequence[Any] | None) -> Any:
    """An aggregate's value from its items and, when it has an expression, that expression's value for each.

    Without an expression the items themselves are used, none items left out.
    """
    if values is None:
        present = [x for x in items if x is not None]
        if kind in ("any", "all", "count", "first"):
            return {"any": bool(present), "all": True, "count": len(present),
                    "first": present[0] if present else None}[kind]
        return total(kind, present)
    if kind == "any":
        return any(values)
    if kind == "all":
        return all(values)
    if kind == "first":
        return next((item for item, v in zip(items, values) if v), None)
    if kind == "filter":
        return tuple(item for item, v in zip(items, values) if v)
    return total(kind, values)


def junction(values: list[Any], decisive: bool) -> Any:
    """The value of `and` (decisive False) or `or` (decisive True) from its parts' known values.

    A known part with the decisive value settles the whole; the whole is known
    otherwise only when every part is.
    """
    if any(value is not NOT_CONSTANT and bool(value) is decisive for value in values):
        return decisive
    if all(value is not NOT_CONSTANT for value in values):
        return not decisive
    return NOT_CONSTANT


class Folder(n.Pass[Any]):
    """The known value of a node (NOT_CONSTANT when unknown), given facts about some local components."""

    def __init__(self, facts: Facts | None = None, table: Table | None = None, budget: Budget | None = None):
        self.facts = facts or {}
        self.table = table
        self.memo: dict[int, Any] = {}
        self.failure: str | None = None  # why the first part that could not be known was not
        self.bound: dict[str, Any] = {}  # an aggregate's name -> its item, while one over a known list is folded
        self.budget = budget if budget is not None else Budget()

    def _attempt(self, compute: Callable[[], Any], describe: Callable[[Exception], str] = str) -> Any:
        """The value, or NOT_CONSTANT when computing it fails (the same failure is reported as the game runs)."""
        try:
            return compute()
        except Exception as err:  # noqa: BLE001 - any failure leaves the part to the running game
            self.failure = self.failure or describe(err)
            return NOT_CONSTANT

    def value(self, node: n.Expr) -> Any:
        if self.bound and not node.reads.isdisjoint(self.bound):
            self.budget.left -= 1
            if self.budget.left < 0:
                return self._unknown(node)
            return self.visit(node)  # a value for this item only: not remembered
        if not self.facts:
            return node.const
        found = self.memo.get(id(node), _UNSEEN)
        if found is _UNSEEN:
            found = self.memo[id(node)] = self.visit(node)
        return found

    def fact(self, node: n.Expr) -> tuple[int | None, frozenset[str]] | None:
        """What is known about the component a local name holds, where a fact applies to it."""
        if isinstance(node, n.Local) and not node.bound:
            return self.facts.get(node.name)
        return None

    def _known(self, *parts: n.Expr) -> list[Any] | None:
        values = [self.value(part) for part in parts]
        return None if any(v is NOT_CONSTANT for v in values) else values

    def visit_Const(self, node: n.Const) -> Any:
        return node.value

    def visit_ListOf(self, node: n.ListOf) -> Any:
        values = self._known(*node.items)
        return NOT_CONSTANT if values is None else tuple(values)

    def visit_ParamRef(self, node: n.ParamRef) -> Any:
        return node.const

    def visit_Symbol(self, node: n.Symbol) -> Any:
        return node.name

    def _unknown(self, node: n.Expr) -> Any:
        self.failure = self.failure or f"{node.source} is not known before the game starts"
        return NOT_CONSTANT

    visit_Builtin = visit_VariableRead = visit_ZoneRead = visit_Changes = visit_Item = _unknown

    def visit_Local(self, node: n.Local) -> Any:
        if node.bound and node.name in self.bound:
            return self.bound[node.name]
        return self._unknown(node)

    def visit_Aggregate(self, node: n.Aggregate) -> Any:
        """Known when its list is, and its expression for every item of it (`[x in [1, 2, 3]: x > limit]`)."""
        known = self._known(node.items)
        if known is None:
            return NOT_CONSTANT
        items = known[0]
        if items is not None and not isinstance(items, (tuple, list)):
            return self._unknown(node)  # not a list: the running game says what it makes of it
        items = tuple(items or ())
        values = None if node.body is None else self._each(node.binder, node.body, items)
        if values is NOT_CONSTANT:
            return NOT_CONSTANT
        found = self._attempt(lambda: over(node.kind, items, values))
        if type(found) is int and abs(found) > MAX_NUMBER:  # a sum of large numbers
            return NOT_CONSTANT if self.facts else _OVERSIZED
        return found

    def _each(self, binder: str, body: n.Expr, items: tuple[Any, ...]) -> Any:
        """The body's value for each item, or NOT_CONSTANT when one of them is not known."""
        saved = self.bound
        values = []
        try:
            for item in items:
                self.budget.left -= 1
                if self.budget.left < 0:  # loops in loops over long known lists: left to the game
                    return self._unknown(body)
                self.bound = {**saved, binder: item}
                value = self.value(body)
                if value is NOT_CONSTANT:
                    return NOT_CONSTANT
                values.append(value)
        finally:
            self.bound = saved
        return values

    def visit_DefinitionUse(self, node: n.DefinitionUse) -> Any:
        return self.value(node.body)

    def visit_Attribute(self, node: n.Attribute) -> Any:
        fact = self.fact(node.obj)
        if fact is None or node.name == "id" or self.table is None:
            return NOT_CONSTANT
        component, attributes = fact
        if component is not None and node.name not in attributes:
            return NOT_CONSTANT
        return self.table(node.name, component)

    def visit_Call(self, node: n.Call) -> Any:
        if node.function not in PURE:
            return NOT_CONSTANT
        values = self._known(*node.args)
        if values is None:
            return NOT_CONSTANT
        if node.function == "range" and all(type(v) is int for v in values) and values[1] - values[0] > MAX_ITEMS:
            return NOT_CONSTANT if self.facts else _OVERSIZED
        return self._attempt(lambda: PURE[node.function](*values))

    def visit_Negative(self, node: n.Negative) -> Any:
        values = self._known(node.operand)
        return NOT_CONSTANT if values is None else self._attempt(lambda: -values[0])

    def visit_Not(self, node: n.Not) -> Any:
        values = self._known(node.operand)
        return NOT_CONSTANT if values is None else not values[0]

    def visit_And(self, node: n.And) -> Any:
        return junction([self.value(part) for part in node.parts], False)

    def visit_Or(self, node: n.Or) -> Any:
        return junction([self.value(part) for part in node.parts], True)

    def visit_Conditional(self, node: n.Conditional) -> Any:
        condition = self.value(node.condition)
        if condition is NOT_CONSTANT:
            return NOT_CONSTANT
        return self.value(node.then if condition else node.other)

    def visit_Compare(self, node: n.Compare) -> Any:
        if node.op in ("==", "!="):
            for this, that in ((node.left, node.right), (node.right, node.left)):
                fact = self.fact(this)
                if fact is not None and self.value(that) is None:
                    return (fact[0] is None) == (node.op == "==")  # `card == none` for a known card
        values = self._known(node.left, node.right)
        if values is None:
            return NOT_CONSTANT
        x, y = values
        if node.op in ("==", "!="):
            return (x == y) if node.op == "==" else (x != y)
        return self._attempt(lambda: ordered(node.op, x, y), lambda err: f"cannot compare {x!r} {node.op} {y!r}")

    def visit_Membership(self, node: n.Membership) -> Any:
        values = self._known(node.item, node.container)
        if values is None:
            return NOT_CONSTANT
        found = self._attempt(lambda: contains(values[1], values[0]),
                              lambda err: f"cannot test {values[0]!r} in {values[1]!r}")
        return found if found is NOT_CONSTANT else found != node.negated

    def visit_Arithmetic(self, node: n.Arithmetic) -> Any:
        values = self._known(node.left, node.right)
        if values is None:
            return NOT_CONSTANT
        if oversized(node.op, *values):  # with facts (a version for some components) it is left to the game
            return NOT_CONSTANT if self.facts else _OVERSIZED
        return self._attempt(lambda: ARITHMETIC[node.op](*values),
                             lambda err: f"cannot compute {values[0]!r} {node.op} {values[1]!r}")


_UNSEEN = object()
_OVERSIZED = object()  # a part too large to work out: never a value
_FOLDER = Folder()
