"""Python source written for one ruleset, made safe by construction and checked before it runs.

Ruleset text never becomes code. The generator writes only what this module
lets it write: names it makes itself (`_g` and a number for a bound value or a
function, `_v` and a number for a local variable) or names from a fixed
vocabulary; literals only for whole numbers, true/false and none; every other
value (a zone's name, a word, a table) is bound in the module's namespace
under a made name. Before the source is compiled, its syntax tree is checked
against an allowlist (`allowlist.py`), and it runs with a few built-ins only.
The same ruleset with other names or other words therefore gives the same
source, byte for byte.
"""
from __future__ import annotations

import ast
import hashlib
import warnings
from types import CodeType
from typing import Any

from ...tree.nodes import named
from .allowlist import BUILTINS, check

MAX_SOURCE = 2_000_000  # characters of one generated module
MAX_INT = 1 << 62  # whole numbers written as literals; larger ones are bound
MAX_COMPILED = 256
_COMPILED: dict[bytes, CodeType] = {}  # source digest -> its checked, compiled code, for this process


class TooLarge(Exception):
    """The module would pass its size bound: the ruleset runs on the reference backend instead."""


class ModuleWriter:
    """Lines of one module, and the values its names stand for."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.namespace: dict[str, Any] = {}
        self._bound: dict[Any, str] = {}
        self._counter = 0
        self._size = 0

    def name(self, prefix: str = "_g") -> str:
        """A fresh name of the module (`_g…`) or of a function's local variable (`_v…`)."""
        self._counter += 1
        return f"{prefix}{self._counter}"

    def bind(self, value: Any) -> str:
        """A name for a value the source may not spell: the same value (or object) gets the same name."""
        key = _key(value)
        found = self._bound.get(key)
        if found is None:
            found = self._bound[key] = self.name()
            self.namespace[found] = named(value)  # one copy of a text, as the tree's names are
        return found

    def literal(self, value: Any) -> str:
        """A value as source: a literal for a small whole number, true/false or none; any other is bound."""
        if value is None or type(value) is bool or (type(value) is int and -MAX_INT < value < MAX_INT):
            return repr(value)
        return self.bind(value)

    def add(self, lines: list[str]) -> None:
        """A finished function's lines; the module may not pass its size bound."""
        self._size += sum(len(line) + 1 for line in lines)
        if self._size > MAX_SOURCE:
            raise TooLarge(f"the generated module would pass {MAX_SOURCE} characters")
        self.lines.extend(lines)

    def source(self) -> str:
        return "\n".join(self.lines) + "\n"

    def build(self) -> dict[str, Any]:
        """Check the source against the allowlist, compile it and run it; its namespace, with every function."""
        text = self.source()
        digest = hashlib.sha256(text.encode()).digest()
        code = _COMPILED.get(digest)
        if code is None:
            with warnings.catch_warnings():  # `7[0]`, from a ruleset that indexes a number, warns: it raises, and
                warnings.simplefilter("ignore", SyntaxWarning)  # the reference then says the language's own error
                tree = ast.parse(text, mode="exec")
                check(tree, set(self.namespace))
                code = _COMPILED[digest] = compile(tree, "<rulesrun generated>", "exec")
            if len(_COMPILED) > MAX_COMPILED:
                del _COMPILED[next(iter(_COMPILED))]
        namespace = {"__builtins__": dict(BUILTINS), **self.namespace}
        exec(code, namespace)  # noqa: S102 - source made here from the tree, checked by the allowlist above
        return namespace


def _key(value: Any) -> Any:
    """What makes two values the same binding: equal and of the same types all through (1 and true differ)."""
    if isinstance(value, tuple):
        return (tuple, tuple(_key(item) for item in value))
    try:
        hash(value)
    except TypeError:
        return (id, id(value))
    return (type(value), value)
