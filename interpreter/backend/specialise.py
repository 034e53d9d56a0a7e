"""Conditions compiled anew for each kind of component they are tested on.

Attributes of components never change during a game, so once the chosen
components are known, every `card.kind == number` in a condition is decided
and the rest folds around it. Listing the legal moves tests a choice's `where`
and an action's `require` on many components; each is compiled again per
combination of the attributes it reads, on first use. Components that agree on
those attributes share one version.

The versions are keyed by the attributes read, fewest values first, so that
there are at most MAX_VERSIONS of them: `card.kind` (a handful of kinds) is
fixed before `card.number`, which is then read as the game runs.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from ..tree import nodes as n
from .closures import Closures, Env, Evaluator

MAX_VERSIONS = 64  # versions of one condition (each costs about 1 ms to make)


class Specialised:
    """Called like the condition it stands for; picks (or makes) the version for the components at hand."""

    __slots__ = ("_names", "_keys", "_compile", "_versions", "_only", "_pairs")

    def __init__(self, keys: dict[str, dict[Any, Any]], compile_version: Callable[[dict[str, Any]], Evaluator]):
        self._names = tuple(keys)
        self._keys = tuple(keys.values())  # per local: component id (or None) -> the attributes read
        self._compile = compile_version
        self._versions: dict[Any, Evaluator] = {}
        self._only = (self._names[0], self._keys[0]) if len(keys) == 1 else None  # the common case, made quick
        self._pairs = tuple(zip(self._names, self._keys))

    def __call__(self, e: Env) -> Any:
        loc = e.loc
        if self._only is not None:
            name, table = self._only
            key = table[loc.get(name)]
        else:
            key = tuple([table[loc.get(name)] for name, table in self._pairs])
        version = self._versions.get(key)
        if version is None:
            version = self._versions[key] = self._compile({name: loc.get(name) for name in self._names})
        return version(e)


def specialised(closures: Closures, condition: n.Expr | None, components: set[str]) -> Specialised | None:
    """Versions of `condition` per kind of the components its local `components` hold; None if it reads none."""
    if condition is None:
        return None
    symbols = closures.symbols
    attributes: dict[str, list[str]] = {}
    for local, attribute in sorted(condition.attribute_reads):
        if local in components:
            attributes.setdefault(local, []).append(attribute)
    if not attributes:
        return None
    values = {attribute: len(set(symbols.attribute_values[attribute].values()))
              for attrs in attributes.values() for attribute in attrs}
    while True:
        keys = {local: _projection(closures, attrs) for local, attrs in attributes.items()}
        versions = math.prod(len(set(key.values())) for key in keys.values())
        widest = max(((values[a], local, a) for local, attrs in attributes.items() for a in attrs), default=None)
        if versions <= MAX_VERSIONS or widest is None:
            break
        attributes[widest[1]].remove(widest[2])
    fixed = {local: frozenset(attrs) for local, attrs in attributes.items()}

    def compile_version(chosen: dict[str, int | None]) -> Evaluator:
        facts = {local: (component, fixed[local]) for local, component in chosen.items()}
        return closures.specialise(facts).compile(condition)
    return Specialised(keys, compile_version)


def _projection(closures: Closures, attributes: list[str]) -> dict[Any, Any]:
    """Component id (or none) -> the values of `attributes`: components alike in them share a version."""
    tables = [closures.symbols.attribute_values[attribute] for attribute in attributes]
    projection: dict[Any, Any] = {c.id: tuple(table.get(c.id) for table in tables) for c in closures.components}
    projection[None] = None
    return projection
