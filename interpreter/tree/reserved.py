"""The built-in names a ruleset's own names may not take, since the ruleset's name would hide the built-in.

An expression looks a name up in the ruleset's variables, parameters, zones and
definitions before the built-in names (`player`, `current`, ...), and a call in
the definitions before the built-in functions (`size(...)`, ...). A variable
`current` would silently stand for itself wherever a rule means whose turn it
is; such a name is refused where it is written (S217).

A variable, parameter or zone only ever stands alone, so it clashes with the
built-in names alone: `previous` may name a variable, and `previous(p)` still
calls the function. A definition clashes with every built-in.
"""
from __future__ import annotations

from typing import Any, Protocol

from ..errors import Position, Problem
from ..language import builtins as B

CODE = "S217"


class _Positions(Protocol):
    def key_position(self, path: Any) -> Position: ...


def hidden(name: str, kind: str) -> str:
    """The built-in a `kind` (variable, parameter, zone, definition) named `name` would hide, as said; or nothing."""
    if name in B.NAMES:
        return f"name `{name}`"
    if kind == "definition" and name in set(B.FUNCTIONS) | set(B.AGGREGATES):
        return f"function `{name}(...)`"
    return ""


def clash(name: str, kind: str, path: tuple[Any, ...], source: _Positions) -> list[Problem]:
    """The problem of a name that would hide a built-in, at the name as written; none for any other name."""
    builtin = hidden(name, kind)
    if not builtin:
        return []
    return [Problem(CODE, f"the {kind} {name!r} has the name of a built-in", source.key_position(path), "error",
                    f"rename the {kind}: it would hide the built-in {builtin} in every expression")]
