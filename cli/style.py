"""How things look at the terminal: names, order and colour of what a ruleset declares.

The rules here are generic, so that any ruleset is drawn well without the CLI
knowing its game:

- **Colour.** A component is drawn in the colour named by the first of its
  attributes, in the order the ruleset declares them (a die reads the face it
  shows), whose value is a terminal colour name: black, red, green, yellow,
  blue, magenta, cyan or white. A declared value that is such a name (a chosen
  colour, a variable's value) is drawn in that colour too. Components with no
  such attribute are drawn in reverse video. Colour is used only when standard
  output is a terminal and the NO_COLOR environment variable is unset or empty;
  otherwise every text is plain.
- **Order.** Components are sorted by their declared attributes in declaration
  order, each by the position of its value in the attribute's declared list of
  values (a component without the attribute sorts after those with it).
- **Names.** Ruleset names read as words (`draw_two` is "draw two"); seats are
  P1, P2, ...
"""
from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

import click

from ..interpreter import Faces, Game

INKS = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")
_LIGHT = frozenset({"green", "yellow", "cyan", "white"})  # backgrounds that want dark text


def ansi_wanted(stream: TextIO | None = None) -> bool:
    """Escape codes (colour, redrawing) only for a terminal, never when NO_COLOR is set (no-color.org)."""
    stream = stream if stream is not None else sys.stdout
    isatty = getattr(stream, "isatty", None)
    return not os.environ.get("NO_COLOR") and bool(isatty and isatty())


def words(text: Any) -> str:
    """A ruleset name as prose: `draw_two` reads "draw two"."""
    return str(text).replace("_", " ")


def seat(player: int) -> str:
    return f"P{player + 1}"


def value_text(value: Any) -> str:
    """A variable's or a choice's value in words."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value)
    return words(value)


def count(game: Game, n: int) -> str:
    """`n` components, named as cards, dice or pieces depending on what the game has."""
    if all(c.faces for c in game.components):
        noun = ("die", "dice")
    elif game.has_dice:
        noun = ("piece", "pieces")
    else:
        noun = ("card", "cards")
    return f"{n} {noun[0] if n == 1 else noun[1]}"


def component_ink(game: Game, cid: int, faces: Faces) -> str | None:
    """The terminal colour name a component is drawn in, by the colour rule above (None: none)."""
    comp = game.components[cid]
    names = list(comp.faces[faces[cid]]) + list(comp.attrs) if comp.faces else list(comp.attrs)
    for name in names:
        value = game.attribute(cid, name, faces)
        if isinstance(value, str) and value in INKS:
            return value
    return None


def component_order(game: Game, cid: int | None, faces: Faces) -> tuple[Any, ...]:
    """A sort key: declared attributes in declared order, each by its declared values' order."""
    key: list[Any] = []
    for name, values in getattr(game, "domains", {}).items():
        value = game.attribute(cid, name, faces)
        key.append(values.index(value) if value in values else len(values))
    key.append(game.label(cid, faces))
    return tuple(key)


@dataclass(frozen=True)
class Style:
    """Text decoration, switched off entirely for plain output."""

    ansi: bool = False

    def _style(self, text: str, **styles: Any) -> str:
        return click.style(text, **styles) if self.ansi else text

    def strong(self, text: str) -> str:
        return self._style(text, bold=True)

    def faint(self, text: str) -> str:
        return self._style(text, dim=True)

    def value(self, value: Any) -> str:
        """A value in words, coloured when it names a terminal colour."""
        text = value_text(value)
        if isinstance(value, str) and value in INKS:
            return self._style(text, fg=value, bold=True)
        return text

    def component(self, game: Game, cid: int | None, faces: Faces) -> str:
        """A component's label; with colour, drawn like a small card in its colour."""
        if cid is None:
            return "a hidden " + count(game, 1).split()[1]
        label = words(game.label(cid, faces))
        if not self.ansi:
            return label
        ink = component_ink(game, cid, faces)
        if ink is None:
            return click.style(f" {label} ", reverse=True, bold=True)
        return click.style(f" {label} ", bg=ink, fg="black" if ink in _LIGHT else "white", bold=True)

    @property
    def separator(self) -> str:
        """Between components in a list: coloured cards stand apart, plain labels need commas."""
        return " " if self.ansi else ", "

    def components(self, game: Game, cids: Sequence[int | None], faces: Faces) -> str:
        """Several components: coloured cards side by side, or a plain comma-separated list."""
        return self.separator.join(self.component(game, c, faces) for c in cids)


def wrap(head: str, parts: list[str], separator: str, width: int, indent: int) -> list[str]:
    """`head` and then `parts`, broken into lines of at most `width` visible characters.

    A line that breaks ends with the separator's mark (" ·"), so a part joins a line only if the mark still fits
    after it whenever another part follows; a part too long for a line of its own is folded between words.
    """
    lines: list[str] = []
    line = head
    mark = separator.rstrip()
    for i, part in enumerate(parts):
        joined = line + (separator if i else "") + part
        if i and len(click.unstyle(joined)) + (len(mark) if i < len(parts) - 1 else 0) > width:
            lines.append(line + mark)
            line = " " * indent + part
        else:
            line = joined
    lines.append(line)
    return [row for line in lines for row in fold(line, width, indent + 2)]


_PIECE = re.compile(r"\x1b\[[0-9;]*m.*?\x1b\[0m|\s+|[^\s\x1b]+|\x1b\[[0-9;]*m")  # a coloured run, spaces, a word


def fold(text: str, width: int, indent: int = 4) -> list[str]:
    """One line broken between words into rows of at most `width` visible characters, the later ones indented.

    A coloured run (a component drawn as a card) is never broken, so that no colour runs on past a row.
    """
    rows: list[str] = []
    row, space = "", ""
    for piece in _PIECE.findall(text):
        if piece.isspace():
            space += piece
            continue
        joined = row + space + piece
        if row.strip() and len(click.unstyle(joined)) > width:
            rows.append(row)
            joined = " " * indent + piece
        row, space = joined, ""
    rows.append(row)
    return rows
