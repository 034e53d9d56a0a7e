"""Show problems the way a good compiler does: the position, the source line, a caret, a hint.

Pure functions from problems and file texts to text or JSON-ready data; the CLI
prints what they return. A problem looks like this:

    rules.yaml:47:37: error: unknown attribute 'color' [E113]
     47 |     card: {from: hand, where: "card.color == red"}
        |                                     ^
        = did you mean 'colour'?
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import Problem

MAX_SHOWN = 120  # a longer source line is shown as a window around the column
_CONTEXT = 50  # characters kept before the column in such a window


def render(problem: Problem, texts: Mapping[str, str]) -> str:
    """The problem's first line, then its source line with a caret, then its hint."""
    lines = [header(problem)]
    position = problem.position
    source = _line(texts.get(position.path), position.line)
    if source is not None:
        gutter = str(position.line)
        shown, caret = _window(source, max(position.column, 1))
        lines.append(f" {gutter} | {shown}")
        lines.append(f" {' ' * len(gutter)} | {caret}")
    if problem.hint:
        lines.append(f" {' ' * len(str(position.line or ''))} = {problem.hint}")
    if problem.note:
        lines.append(f" {' ' * len(str(position.line or ''))} = note: {problem.note}")
    return "\n".join(lines)


def header(problem: Problem) -> str:
    """`path:line:column: error: message [CODE]`, the line editors and people search for."""
    return f"{problem.position}: {problem.severity}: {problem.message} [{problem.code}]"


def summary(problems: Iterable[Problem], shown: str) -> str:
    """`rules.yaml: 2 errors, 1 warning`, or `rules.yaml: valid`."""
    return f"{shown}: {tally(problems) or 'valid'}"


def tally(problems: Iterable[Problem]) -> str:
    """`2 errors, 1 warning`; nothing when there are no problems."""
    problems = list(problems)
    counts = [(sum(p.severity == kind for p in problems), kind) for kind in ("error", "warning")]
    return ", ".join(f"{n} {kind}{'' if n == 1 else 's'}" for n, kind in counts if n)


def as_json(problems: Iterable[Problem]) -> list[dict[str, Any]]:
    """One plain object per problem, for editors and CI."""
    return [{"path": p.position.path, "line": p.position.line, "column": p.position.column,
             "severity": p.severity, "code": p.code, "message": p.message, "hint": p.hint, "note": p.note}
            for p in problems]


def _line(text: str | None, number: int) -> str | None:
    """Line `number` (1-based) of a text, without its line break; None when there is no such line."""
    if text is None or number < 1:
        return None
    lines = text.splitlines()
    return lines[number - 1].rstrip() if number <= len(lines) else None


def _window(source: str, column: int) -> tuple[str, str]:
    """The part of the line to show, and the caret line under `column` (1-based) within it."""
    start = 0
    if len(source) > MAX_SHOWN:
        start = max(0, min(column - 1 - _CONTEXT, len(source) - MAX_SHOWN))
    end = start + MAX_SHOWN
    shown = ("…" if start else "") + _visible(source[start:end]) + ("…" if end < len(source) else "")
    index = min(column - 1, len(source))
    padding = ("…" if start else "") + source[start:index]
    return shown, _blank(padding) + "^"


def _visible(text: str) -> str:
    """Control characters (a likely cause of the problem) drawn as their symbols, one column each."""
    return "".join(chr(0x2400 + ord(ch)) if ord(ch) < 0x20 and ch != "\t" else "\u2421" if ch == "\x7f"
                   else "\ufffd" if ch in _INVISIBLE else ch for ch in text)


# Characters that reorder or hide the text around them (in a comment, say): shown as the replacement character.
_INVISIBLE = frozenset("\u200b\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff")


def _blank(text: str) -> str:
    """Spaces as wide as `text` looks, keeping its tabs so the caret lines up."""
    return "".join("\t" if ch == "\t" else "  " if unicodedata.east_asian_width(ch) in "WF" else " "
                   for ch in text)
