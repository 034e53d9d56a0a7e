"""The one symbol table of a ruleset: every name an expression or an effect may use, and what it is.

The builder fills it in section by section, in the order names become known
(parameters, attributes, zones, variables, phases, definitions); the expression
builder resolves names against it, and the words and the checks read it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..language import builtins as B
from ..language import types as T
from . import nodes as n
from .nodes import NOT_CONSTANT


@dataclass
class DefinitionEntry:
    """A definition as the builder knows it: its text, its parse tree once read, and whether it is being built."""

    name: str
    params: tuple[str, ...]
    text: str
    key: str  # as written in `define:`, parameters included
    shared: n.Expr | None = None  # a parameterless definition, built once and used everywhere
    building: bool = False
    failed: bool = False  # its body has an error, reported where it is written


@dataclass
class Symbols:
    params: dict[str, Any] = field(default_factory=dict)
    param_types: dict[str, T.Type] = field(default_factory=dict)  # parameters that list their values
    attributes: dict[str, T.Type] = field(default_factory=dict)  # in declaration order
    domains: dict[str, list[Any]] = field(default_factory=dict)  # attribute -> its declared values
    symbols: set[str] = field(default_factory=set)
    symbol_labels: dict[str, str] = field(default_factory=dict)  # `red` -> "colour"
    zones: dict[str, bool] = field(default_factory=dict)  # name -> per player
    numbered: set[str] = field(default_factory=set)  # zones that are rows of piles made during play
    bags: set[str] = field(default_factory=set)  # zones drawn from at random
    variables: dict[str, bool] = field(default_factory=dict)  # name -> per player
    variable_types: dict[str, T.Type] = field(default_factory=dict)
    variable_words: dict[str, frozenset[Any]] = field(default_factory=dict)  # variables that declare their values
    definitions: dict[str, DefinitionEntry] = field(default_factory=dict)
    phases: set[str] = field(default_factory=set)
    table_attributes: set[str] = field(default_factory=set)  # attributes no die varies by face: read from a table
    attribute_values: dict[str, dict[int, Any]] = field(default_factory=dict)  # table attribute -> id -> value

    def known(self) -> list[str]:
        """Every global name, for a "did you mean" suggestion."""
        return sorted(set(self.variables) | set(self.params) | set(self.zones) | set(self.definitions)
                      | self.symbols | set(B.NAMES) | set(B.ARITY))

    def table_value(self, attribute: str, component: int | None) -> Any:
        """A table attribute of a component (none for none), for the folder."""
        if component is None:
            return None
        return self.attribute_values[attribute].get(component)

    def param_const(self, name: str) -> Any:
        return self.params.get(name, NOT_CONSTANT)


def split_signature(key: str) -> tuple[str, tuple[str, ...]]:
    """`playable(card)` -> ('playable', ('card',)): the one reader of a definition's key."""
    key = key.strip()
    if "(" not in key:
        return key, ()
    name, rest = key.split("(", 1)
    params = tuple(p.strip() for p in rest.rstrip(") ").split(",") if p.strip())
    return name.strip(), params
