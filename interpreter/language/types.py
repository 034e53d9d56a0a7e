"""Static types of the expression language, checked when a ruleset is compiled.

Types are few and simple: numbers, true/false, text (with the set of values it
can take, such as the colours), components, players, zones and lists. Their
only job is to catch mistakes before a game runs — comparing a colour with a
number, or with a value no colour can have — and to say so in an author's words.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable


@dataclass(frozen=True)
class Type:
    kind: str  # any | none | bool | int | text | component | player | zone | list
    values: frozenset[Any] | None = None  # text: the values it can take, when known
    label: str | None = None  # text: the attribute the values belong to ("colour")
    element: "Type | None" = None  # list: the type of its items

    def describe(self) -> str:
        if self.kind == "text":
            if self.label:
                return f"a {self.label}"
            if self.values is not None and len(self.values) == 1:
                return repr(next(iter(self.values)))
            return "text"
        if self.kind == "list" and self.element is not None and self.element.kind != "any":
            return f"a list of {self.element.describe().removeprefix('a ')}s"
        return _WORDS[self.kind]


_WORDS = {"any": "a value", "none": "none", "bool": "true or false", "int": "a number", "text": "text",
          "component": "a component", "player": "a player", "zone": "a zone", "list": "a list"}

ANY = Type("any")
NONE = Type("none")
BOOL = Type("bool")
INT = Type("int")
TEXT = Type("text")
COMPONENT = Type("component")
PLAYER = Type("player")
ZONE = Type("zone")
NUMERIC = ("int", "player", "component")


def list_of(element: Type) -> Type:
    return Type("list", element=element)


def text(values: Iterable[Any] | None = None, label: str | None = None) -> Type:
    return Type("text", frozenset(values) if values is not None else None, label)


def of_value(value: Any, symbol_labels: dict[str, str] | None = None) -> Type:
    """The type of a constant; a symbol such as `red` knows which attribute it belongs to."""
    if value is None:
        return NONE
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, str):
        return text({value}, (symbol_labels or {}).get(value))
    if isinstance(value, (list, tuple)):
        return list_of(join(of_value(v, symbol_labels) for v in value))
    return ANY


def of_values(values: Iterable[Any], label: str | None = None) -> Type:
    """The type of an attribute from every value it takes (None is allowed in any type)."""
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return BOOL
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return INT
    if present and all(isinstance(v, str) for v in present):
        return text(present, label)
    return ANY


def join(types: Iterable[Type]) -> Type:
    """The type of a value that may come from any of several expressions."""
    result: Type | None = None
    for t in types:
        if t.kind == "none":
            continue
        if result is None:
            result = t
        elif result.kind != t.kind:
            return ANY
        elif t.kind == "text":
            if result.values is None or t.values is None:
                result = text(None, result.label if result.label == t.label else None)
            else:
                result = text(result.values | t.values, result.label if result.label == t.label else None)
        elif t.kind == "list":
            result = list_of(join([result.element or ANY, t.element or ANY]))
    return result or NONE


def mismatch(a: Type, b: Type) -> str | None:
    """Why `a == b` can never hold, or None when it can."""
    if "any" in (a.kind, b.kind) or "none" in (a.kind, b.kind):
        return None
    if a.kind in NUMERIC and b.kind in NUMERIC:
        return None
    if a.kind != b.kind:
        return f"this compares {a.describe()} with {b.describe()}"
    a_values, b_values = a.values, b.values
    if a.kind == "text" and a_values is not None and b_values is not None and not a_values & b_values:
        small, few, large = (a, a_values, b) if len(a_values) <= len(b_values) else (b, b_values, a)
        if len(few) == 1 and large.label:
            value = next(iter(few))
            if small.label and small.label != large.label:
                return f"{value!r} is a {small.label}, not {large.describe()}"
            return f"{value!r} is not {large.describe()}"
        return f"{a.describe()} and {b.describe()} never have the same value"
    return None
