"""How seats and misspelt names are said to people, once for every part of rulesrun that talks."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


def seat(player: int) -> str:
    """Seat numbers start at 0; people read P1, P2, ..."""
    return f"P{player + 1}"


def suggest(word: object, candidates: Iterable[object], most: int = 1) -> str:
    """`did you mean 'x'?` for the candidate nearest to a misspelt word (up to `most`, nearest first), or nothing."""
    if not isinstance(word, str):
        return ""
    close = [repr(c) for c in difflib.get_close_matches(word, [str(c) for c in candidates], n=most, cutoff=0.6)]
    if not close:
        return ""
    listed = close[0] if len(close) == 1 else ", ".join(close[:-1]) + " or " + close[-1]
    return f"did you mean {listed}?"
