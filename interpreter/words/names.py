"""How players and counts are named to people, said once for every part of rulesrun that talks."""
from __future__ import annotations


def seat(player: int) -> str:
    """Seat numbers start at 0; people read P1, P2, ..."""
    return f"P{player + 1}"
