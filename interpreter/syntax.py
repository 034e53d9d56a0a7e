"""The parse tree of an expression: nodes and tokens, with the positions an author wrote.

Lark builds the tree; the rest of the interpreter reads it through these small
classes, so that a run whose expressions are all remembered (see
`tree_cache`) never needs to load the parser at all.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator


class Token(str):
    """A word of an expression: its kind (`NAME`, `NUMBER` ...) and where it stands."""

    def __new__(cls, type: str, value: str, start_pos: int | None = None, line: int | None = None,
                column: int | None = None, end_line: int | None = None, end_column: int | None = None,
                end_pos: int | None = None) -> "Token":
        token = super().__new__(cls, value)
        token.type, token.start_pos, token.line, token.column = type, start_pos, line, column
        token.end_line, token.end_column, token.end_pos = end_line, end_column, end_pos
        return token

    @property
    def value(self) -> str:
        return str(self)


class Meta:
    """Where a node's text starts and ends; `empty` when not known."""

    __slots__ = ("empty", "line", "column", "end_line", "end_column", "start_pos", "end_pos")

    def __init__(self, where: list[int] | None = None):
        self.empty = where is None
        if where is not None:
            self.line, self.column, self.end_line, self.end_column, self.start_pos, self.end_pos = where


class Tree:
    """A node of an expression: the grammar rule (`data`) and its parts."""

    __slots__ = ("data", "children", "meta")

    def __init__(self, data: str, children: list[Any], meta: Meta | None = None):
        self.data, self.children, self.meta = data, children, meta if meta is not None else Meta()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tree) and self.data == other.data and self.children == other.children

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"

    def iter_subtrees(self) -> Iterator["Tree"]:
        """Every node below and including this one, the deepest first."""
        queue, seen = [self], {}
        for node in queue:
            seen[id(node)] = node
            queue += [c for c in reversed(node.children) if isinstance(c, Tree) and id(c) not in seen]
        return reversed(list(seen.values()))

    def iter_subtrees_topdown(self) -> Iterator["Tree"]:
        """Every node below and including this one, in reading order."""
        stack: list[Any] = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, Tree):
                yield node
                stack.extend(reversed(node.children))

    def scan_values(self, pred: Callable[[Any], bool]) -> Iterator[Any]:
        """The tokens (and empty places) below this node for which `pred` holds, in reading order."""
        for child in self.children:
            if isinstance(child, Tree):
                yield from child.scan_values(pred)
            elif pred(child):
                yield child


def from_lark(node: Any) -> Any:
    """The same tree in these classes (Lark's own node and token types are not kept)."""
    if node is None:
        return None
    if not hasattr(node, "children"):
        return Token(node.type, str(node), node.start_pos, node.line, node.column, node.end_line,
                     node.end_column, node.end_pos)
    meta = node.meta
    where = None if getattr(meta, "empty", True) else [meta.line, meta.column, meta.end_line, meta.end_column,
                                                        meta.start_pos, meta.end_pos]
    return Tree(str(node.data), [from_lark(child) for child in node.children], Meta(where))
