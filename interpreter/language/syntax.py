"""Expressions as text -> parse trees: nodes and tokens, with the positions an author wrote.

Lark parses with the grammar `expressions.lark`; the rest of the interpreter
reads the tree through these small classes, so that a run whose expressions
are all remembered (see `parse_cache`) never needs to load the parser at all.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

if TYPE_CHECKING:
    from .parse_cache import TreeCache

MAX_EXPRESSION_LENGTH = 500


class ExprError(Exception):
    """A problem in one expression, at a 0-based column of its text."""

    def __init__(self, message: str, column: int = 0, hint: str = "", code: str = "E100"):
        super().__init__(message)
        self.message = message
        self.column = column
        self.hint = hint
        self.code = code



class Token(str):
    """A word of an expression: its kind (`NAME`, `NUMBER` ...) and where it stands."""

    type: str
    start_pos: int | None
    line: int | None
    column: int | None
    end_line: int | None
    end_column: int | None
    end_pos: int | None

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


def _grammar() -> str:
    return Path(__file__).with_name("expressions.lark").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _parser() -> Any:
    from lark import Lark  # loaded only when a text is not remembered from an earlier run
    return Lark(_grammar(), parser="lalr", start=["start", "lvalue"], propagate_positions=True,
                maybe_placeholders=True, cache=True)


@lru_cache(maxsize=1)
def _remembered() -> "TreeCache":
    from .parse_cache import TreeCache
    return TreeCache(_grammar())


def parse(text: str, start: str = "start") -> Tree:
    """Parse one expression; syntax errors become `ExprError` with the column."""
    if not isinstance(text, str):
        raise ExprError(f"expected an expression as text, got {text!r}", code="E101")
    return _parse(text, start)


@lru_cache(maxsize=4096)
def _parse(text: str, start: str) -> Tree:
    """The same text always gives the same tree, and trees are only ever read: parse each text once."""
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise ExprError(f"expression is longer than {MAX_EXPRESSION_LENGTH} characters", code="E102")
    key = f"{start}:{text}"
    known = _remembered().get(key)
    if isinstance(known, tuple):  # a text that did not parse last time either
        raise ExprError(*known)
    if known is not None:
        return known
    try:
        tree = _parse_now(text, start)
    except ExprError as err:
        _remembered().put_error(key, err.message, err.column, err.hint, err.code)
        raise
    _remembered().put(key, tree)
    return tree


def _parse_now(text: str, start: str) -> Tree:
    from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
    try:
        return from_lark(_parser().parse(text, start=start))
    except RecursionError:  # 490 signs in a row: Python's own stack is the bound here
        raise ExprError("expression is nested too deeply", code="E102") from None
    except UnexpectedCharacters as err:
        raise ExprError(f"unexpected character {err.char!r}", err.column - 1,
                        hint=_foreign_operator(text, err.pos_in_stream if err.pos_in_stream is not None
                                               else err.column - 1), code="E103") from None
    except UnexpectedToken as err:
        if err.token.type == "$END":
            raise ExprError("the expression ends too early", len(text), hint=_unclosed(text),
                            code="E103") from None
        expected = sorted(_describe(t) for t in err.expected)[:6]
        raise ExprError(f"unexpected {err.token.value!r}", (err.column or 1) - 1,
                        hint="expected " + ", ".join(expected), code="E103") from None
    except (UnexpectedInput, LarkError) as err:  # pragma: no cover - other Lark failures
        raise ExprError(f"cannot parse expression: {err}", code="E103") from None


_TOKEN_WORDS = {"NAME": "a name", "NUMBER": "a number", "STRING": "a string", "LPAR": "'('",
                "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "COLON": "':'",
                "COMP_OP": "a comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*'", "DOT": "'.'"}


def _describe(token_type: str) -> str:
    return _TOKEN_WORDS.get(token_type, token_type.lower())


# Operators of other languages an author may write, and what this language writes instead (the longer first).
_FOREIGN = (("&&", "and"), ("||", "or"), ("=>", ">="), ("=<", "<="), ("&", "and"), ("|", "or"), ("=", "=="),
            ("!", "not"))


def _foreign_operator(text: str, column: int) -> str:
    """`did you mean ...?` for a character the language does not have where another language's operator stands."""
    meant = next((ours for theirs, ours in _FOREIGN if text.startswith(theirs, column)), "")
    return f"did you mean `{meant}`?" if meant else ""


_CLOSING = {"(": ")", "[": "]"}


def _unclosed(text: str) -> str:
    """For a text that ends too early: the innermost bracket still open, named by its 1-based column."""
    still_open: list[int] = []
    quote = ""
    for column, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in _CLOSING:
            still_open.append(column)
        elif char in _CLOSING.values() and still_open:
            still_open.pop()
    if not still_open:
        return ""
    opened = still_open[-1]
    return f"the `{text[opened]}` opened at column {opened + 1} of the expression is never closed: add " \
           f"`{_CLOSING[text[opened]]}`"
