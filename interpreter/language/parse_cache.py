"""Parse trees of expressions, remembered between runs.

Parsing is most of the work of `rulesrun validate`, and the same texts come
back run after run: every house rule of a game repeats its base's expressions.
The trees are kept as plain JSON (never pickled) in a file of the user's own
beside the parser's cache, keyed by the grammar and the installed Lark; a file
that cannot be read, or that somebody else owns, is simply not used.
"""
from __future__ import annotations

import atexit
import hashlib
import importlib.util
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .syntax import Meta, Token, Tree

LIMIT = 20_000  # texts remembered; beyond that the file is no longer extended


class TreeCache:
    def __init__(self, grammar: str):
        digest = hashlib.sha256(f"{_parser_version()}\n{grammar}".encode("utf-8")).hexdigest()[:16]
        owner = os.getuid() if hasattr(os, "getuid") else 0
        self.path = Path(tempfile.gettempdir()) / f"rulesrun-trees-{owner}-{digest}.json"
        self.trees: dict[str, Any] = {}
        self.added = False
        try:
            if not hasattr(os, "getuid") or self.path.stat().st_uid == owner:
                self.trees = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.trees = {}

    def get(self, key: str) -> Tree | tuple[str, int, str, str] | None:
        """The tree of a text, or for a text that does not parse its error (message, column, hint, code)."""
        stored = self.trees.get(key)
        if stored is None:
            return None
        try:
            if stored[0] == "e":
                message, column, hint, code = stored[1:]
                return str(message), int(column), str(hint), str(code)
            return _tree(stored)
        except (TypeError, ValueError, IndexError, KeyError):
            return None

    def put(self, key: str, tree: Tree) -> None:
        self._keep(key, _stored(tree))

    def put_error(self, key: str, message: str, column: int, hint: str, code: str) -> None:
        self._keep(key, ["e", message, column, hint, code])

    def _keep(self, key: str, stored: Any) -> None:
        if len(self.trees) >= LIMIT:
            return
        self.trees[key] = stored
        if not self.added:
            self.added = True
            atexit.register(self.save)

    def save(self) -> None:
        try:
            partial = self.path.with_suffix(f".{os.getpid()}.part")
            partial.write_text(json.dumps(self.trees, separators=(",", ":")), encoding="utf-8")
            os.replace(partial, self.path)
        except OSError:
            pass


def _parser_version() -> str:
    """What identifies the installed Lark, without importing it: its package file's size and date."""
    spec = importlib.util.find_spec("lark")
    try:
        found = os.stat(spec.origin) if spec is not None and spec.origin else None
    except OSError:
        found = None
    return f"{found.st_size}-{found.st_mtime_ns}" if found is not None else "unknown"


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
