"""The pieces every generated sentence is made of: names as words, lists, articles, and phrases.

Nothing here knows a ruleset: the passes over the ruleset tree (`phrases.py`,
`claims.py`, `effects.py`) and the rule sheet build their sentences from these
pieces, so that a name, a list or a possessive reads the same everywhere.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping


def words(name: Any) -> str:
    """A ruleset name as words: `draw_two` -> "draw two"."""
    return str(name).replace("_", " ").strip()


def join(items: Iterable[str], last: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def capital(text: str) -> str:
    """The first letter in upper case, past any leading markup."""
    for i, char in enumerate(text):
        if char.isalpha():
            return text[:i] + char.upper() + text[i + 1:]
        if char not in "*_“\"'(":
            return text
    return text


def value_list(values: Iterable[Any], last: str = "or") -> str:
    """Declared values as words; a run of whole numbers reads as a range ("1 to 10")."""
    values = list(values)
    if len(values) >= 3 and all(isinstance(v, int) and not isinstance(v, bool) for v in values) \
            and values == list(range(values[0], values[0] + len(values))):
        return f"{values[0]} to {values[-1]}"
    return join((_scalar(v) for v in values), last)


def amount(fewest: int, most: int | None, plural: str) -> str:
    """How many of a set may be chosen: "1 to 3 cards", "at least 2 cards", "one or more cards", "any number of cards".

    Said so that a verb after it stays plural: "exactly one of the cards ... that are ...".
    """
    if most is None:
        return {0: f"any number of {plural}", 1: f"one or more {plural}"}.get(fewest, f"at least {fewest} {plural}")
    if most == fewest:
        return f"exactly one of the {plural}" if most == 1 else f"exactly {most} {plural}"
    if fewest == 0:
        return f"at most one of the {plural}" if most == 1 else f"up to {most} {plural}"
    return f"{fewest} to {most} {plural}"


def _scalar(value: Any) -> str:
    if value is None or value == "none":
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return value_list(value, "and") if value else "an empty list"
    return words(value)


def article(text: str) -> str:
    first = text.lstrip("*_“")[:1].lower()
    return "an" if first in "aeiou" and first else "a"


def bare(text: str) -> str:
    """A phrase without its "the": "the *drawn*" -> "*drawn*"."""
    return text[4:] if text.startswith("the ") else text


@dataclass(frozen=True)
class Markup:
    """How declared names and emphasis are set: Markdown or plain text."""

    markdown: bool = True

    def term(self, text: str) -> str:
        return f"*{text}*" if self.markdown else text

    def strong(self, text: str) -> str:
        return f"**{text}**" if self.markdown else text

    def code(self, text: str) -> str:
        if not self.markdown:
            return text
        fence = "``" if "`" in text else "`"
        return f"{fence} {text} {fence}" if fence == "``" else f"`{text}`"


@dataclass(frozen=True)
class Phrase:
    """A noun phrase, with what it takes to use it in a sentence.

    `kind` is what it stands for: player, players, component, components, value.
    `compound` is 1 for sums and 2 for `x if c else y`: such phrases are put in
    parentheses inside other phrases.
    """

    text: str
    owner: str = ""
    plural: bool = False
    kind: str = "value"
    compound: int = 0
    alone: str = ""

    @property
    def possessive(self) -> str:
        if self.owner:
            return self.owner
        if self.compound:
            return f"({self.text})'s"
        return self.text + ("'" if self.plural and self.text.endswith("s") else "'s")

    @property
    def be(self) -> str:
        return "are" if self.plural else "is"

    def verb(self, plain: str, third: str) -> str:
        return plain if self.plural else third

    def embedded(self, level: int = 1) -> str:
        return f"({self.text})" if self.compound >= level else self.text

    @property
    def standalone(self) -> str:
        return self.alone or self.text


YOU = Phrase("you", "your", plural=True, kind="player")


@dataclass(frozen=True)
class Scope:
    """Who "you" are where an expression is used, and how the local names bound there are said."""

    actor: Phrase = YOU
    names: Mapping[str, Phrase] = field(default_factory=dict)

    def bind(self, name: str, phrase: Phrase) -> "Scope":
        return replace(self, names={**self.names, name: phrase})


def element_kind(kind: str) -> str:
    """What one item of a list of this kind is."""
    return {"components": "component", "players": "player"}.get(kind, "value")


def origin(source: Phrase) -> str:
    """Where the items of a loop come from: " in your *hand*", " among the other players" (nothing for all)."""
    if source.text == "all players":
        return ""
    return f" in {source.text}" if source.kind in ("components", "value") else f" among {source.text}"
