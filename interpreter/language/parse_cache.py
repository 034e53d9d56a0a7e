"""Parse trees of expressions, remembered between runs.

Parsing is most of the work of `rulesrun validate`, and the same texts come
back run after run: every house rule of a game repeats its base's expressions.
Each text's tree (or, for a text that does not parse, its error) is one entry
of a store of the user's cache folder (see `environment`), kept as plain JSON
(never pickled) and read only when that text is parsed again. The store's
version is the grammar, the installed Lark and the code that words syntax errors
and their hints (`syntax.py`), so a new grammar, or new words for an error, start afresh.
"""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from ..environment import Environment, current
from .syntax import Meta, Token, Tree

MAX_ENTRIES = 10_000
MAX_BYTES = 64 * 1024 * 1024


class TreeCache:
    def __init__(self, grammar: str, environment: Environment | None = None):
        where = environment if environment is not None else current()
        version = f"{_parser_version()}\n{_wording_version()}\n{grammar}"
        self.store = where.store("parse-trees", version, MAX_ENTRIES, MAX_BYTES)

    def get(self, key: str) -> Tree | tuple[str, int, str, str] | None:
        """The tree of a text, or for a text that does not parse its error (message, column, hint, code)."""
        stored = self.store.get(key)
        if stored is None:
            return None
        try:
            if stored[0] == "e":
                message, column, hint, code = stored[1:]
                return str(message), int(column), str(hint), str(code)
            return _tree(stored)
        except (TypeError, ValueError, IndexError, KeyError, RecursionError):
            return None

    def put(self, key: str, tree: Tree) -> None:
        self.store.put(key, _stored(tree))

    def put_error(self, key: str, message: str, column: int, hint: str, code: str) -> None:
        self.store.put(key, ["e", message, column, hint, code])


def _parser_version() -> str:
    """What identifies the installed Lark, without importing it: its package file's size and date."""
    spec = importlib.util.find_spec("lark")
    try:
        found = os.stat(spec.origin) if spec is not None and spec.origin else None
    except OSError:
        found = None
    return f"{found.st_size}-{found.st_mtime_ns}" if found is not None else "unknown"


def _wording_version() -> str:
    """The code that makes the trees and words the errors stored here: a changed hint is never read stale."""
    try:
        return Path(__file__).with_name("syntax.py").read_text(encoding="utf-8")
    except OSError:
        return "unknown"


def _stored(node: Any) -> Any:
    if node is None:
        return None
    if isinstance(node, Token):
        return ["k", node.type, str(node), node.start_pos, node.line, node.column, node.end_line,
                node.end_column, node.end_pos]
    meta = node.meta
    where = None if meta.empty else [meta.line, meta.column, meta.end_line, meta.end_column, meta.start_pos,
                                      meta.end_pos]
    return ["t", str(node.data), where, [_stored(child) for child in node.children]]


def _tree(stored: Any) -> Any:
    if stored is None:
        return None
    if stored[0] == "k":
        return Token(*stored[1:])
    _, data, where, children = stored
    return Tree(data, [_tree(child) for child in children], Meta(where))
