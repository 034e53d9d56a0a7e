"""How seats and misspelt names are said to people, once for every part of rulesrun that talks."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


def seat(player: int) -> str:
    """Seat numbers start at 0; people read P1, P2, ..."""
    return f"P{player + 1}"


def suggest(word: object, candidates: Iterable[object]) -> str:
    """`did you mean 'x'?` for the candidate nearest to a misspelt word, or nothing."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, [str(c) for c in candidates], n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else ""
