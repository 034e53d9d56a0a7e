"""A condition about one thing, said as a clause after the noun that names it.

`where: "is_wild(card) and card.colour == none"` on a card from your hand reads
"a card from your *hand* that is *wild* and has no colour". The condition is
said with the thing as a placeholder pronoun; a sentence that starts with it
becomes "that ..." ("whose ..." for its attributes). A condition that cannot
be turned so names the thing instead: "such that ...".
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import types as T
from ..tree import nodes as n
from .prose import Phrase, Scope, join
from .written import parts

if TYPE_CHECKING:
    from .expressions import Words

IT, ITS = "\x00", "\x01"  # the thing a relative clause is about, while its clause is built


class Clauses:
    """Relative clauses of one ruleset's words."""

    def __init__(self, said: "Words"):
        self.w = said

    def about(self, body: n.Expr, subject: str, named: Phrase, scope: Scope, plural: bool = False,
              who: str = "that") -> tuple[str, bool]:
        """A condition about the local name `subject` as a clause: (clause, whether the noun must be named)."""
        pronoun = Phrase(IT, ITS, plural=plural, kind=named.kind)
        if isinstance(body, (n.And, n.Or)):
            either = isinstance(body, n.Or)
            said = [self._turned(part, subject, scope, who, pronoun) for part in body.parts]
            if either:  # a part that is a clause only in part: "(that *answers*, provided that ...)"
                said = [clause if clause is not None else self._partial(part, subject, named, scope, plural, who)
                        for part, clause in zip(body.parts, said)]
            complete = [clause for clause in said if clause is not None]
            if len(complete) == len(said):
                wrapped = [_wrap_or(part, clause, body) for part, clause in zip(body.parts, complete)]
                return (", or " if either else " and ").join(_shared_pronoun(wrapped, who)), False
            if not either:
                clauses = [_wrap_or(part, clause, body) for part, clause in zip(body.parts, said) if clause is not None]
                rest = [part for part, clause in zip(body.parts, said) if clause is None]
                if clauses:
                    provided = join(self.w.claim(part, scope.bind(subject, named)) for part in rest)
                    return f"{' and '.join(clauses)}, provided that {provided}", \
                        any(_mentions(part, subject) for part in rest)
        single = self._turned(body, subject, scope, who, pronoun)
        if single is not None:
            return single, False
        return f"such that {self.w.claim(body, scope.bind(subject, named))}", True

    def _partial(self, node: n.Expr, subject: str, named: Phrase, scope: Scope, plural: bool,
                 who: str) -> str | None:
        if not isinstance(node, n.And):
            return None
        clause, needs_name = self.about(node, subject, named, scope, plural, who)
        return None if needs_name or clause.startswith("such that") else f"({clause})"

    def _turned(self, node: n.Expr, subject: str, scope: Scope, who: str, pronoun: Phrase) -> str | None:
        """The claim turned into a clause, when it is about the pronoun in a way a clause can say."""
        text = self.w.claim(node, scope.bind(subject, pronoun))
        if text.startswith(ITS + " ") and IT not in text and text.count(ITS) == 1:
            return "whose " + text[2:]
        if text.startswith(IT + " ") and text.count(IT) == 1 and ITS not in text:
            return f"{who} {text[2:]}"
        if text.startswith(scope.actor.text + " ") and text.endswith(" " + IT) and text.count(IT) == 1 \
                and ITS not in text:  # "you can *use* it": "that you can *use*"
            return f"that {text[:-2]}"
        return None


def without_nothing(where: n.Expr, name: str) -> n.Expr | None:
    """The `where` of an optional choice without its `name == none` part: "or nothing" says it."""
    def nothing(node: n.Expr) -> bool:
        if not isinstance(node, n.Compare) or node.op != "==":
            return False
        sides = (node.left, node.right)
        return any(isinstance(s, n.Local) and s.name == name for s in sides) \
            and any(isinstance(s, n.Const) and s.value is None for s in sides)
    if nothing(where):
        return None
    if not isinstance(where, n.Or):
        return where
    kept = [part for part in where.parts if not nothing(part)]
    return kept[0] if len(kept) == 1 else n.Or(type=T.BOOL, parts=tuple(kept))


def _mentions(node: n.Expr, name: str) -> bool:
    return any(isinstance(part, n.Local) and part.name == name for part in parts(node))


def _shared_pronoun(clauses: list[str], who: str) -> list[str]:
    """"that is *wild* and that has no colour": the second "that" goes."""
    shared = [clauses[0]]
    for before, clause in zip(clauses, clauses[1:]):
        pronoun = next((p for p in (who, "that") if before.startswith(p + " ") and clause.startswith(p + " ")), None)
        shared.append(clause[len(pronoun) + 1:] if pronoun else clause)
    return shared


def _wrap_or(part: n.Expr, text: str, whole: n.Expr) -> str:
    """An `or` inside an `and` is put in parentheses."""
    return f"({text})" if isinstance(whole, n.And) and isinstance(part, n.Or) else text
