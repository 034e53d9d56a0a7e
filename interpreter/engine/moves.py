"""The legal actions of one moment, as the players and bots who choose among them ask for them.

A driver offers each seat its claims, then the player to move its moves; a bot
then tells its turn's moves from its claims. Found by passing over every legal
action once per seat, that was a tenth of a decision. Listing the moves (see
`legality.py`) already knows which are claims: it notes where each seat's run
of claims lies, and every other move is the turn owner's. Most of the time no
claim is open, and every answer is then the whole list or nothing (and the
order in which seats are offered claims need not be worked out: see
`State.open_claims`).
"""
from __future__ import annotations

from collections.abc import Iterable

from .game import Action


class Moves:
    """Every legal action now (`all`, as `State.legal_actions` lists them), and the moves of one seat."""

    __slots__ = ("all", "current", "_claims")

    def __init__(self, actions: tuple[Action, ...], current: int, claims: list[tuple[int, int, int]]):
        """`claims`: each run of claims in `actions` as (the seat that may claim, where it starts, where it ends)."""
        self.all = actions
        self.current = current
        self._claims = claims

    def of(self, seat: int) -> list[Action]:
        """Every move `seat` may make now: its turn's and its claims, in listing order."""
        if not self._claims:
            return list(self.all) if seat == self.current else []
        return [a for a in self.all if a.actor == seat]

    @property
    def any_claims(self) -> bool:
        """Whether some seat may claim now."""
        return bool(self._claims)

    def claimants(self, order: Iterable[int]) -> list[tuple[int, list[Action]]]:
        """Each seat of `order` that may claim now, with its claims, in that order."""
        if not self._claims:
            return []
        return [(seat, found) for seat in order if (found := self.claims(seat))]

    def claims(self, seat: int) -> list[Action]:
        """The out-of-turn claims (`by: anyone`) open to `seat` now."""
        if not self._claims:
            return []
        every = self.all
        return [a for actor, start, end in self._claims if actor == seat for a in every[start:end]]

    def own(self, seat: int) -> list[Action]:
        """The moves of `seat` that are not claims: those of its turn (none if it is not the turn's owner)."""
        if seat != self.current:
            return []
        every = self.all
        if not self._claims:
            return list(every)
        found: list[Action] = []
        start = 0
        for _, claims_start, claims_end in self._claims:
            found += every[start:claims_start]
            start = claims_end
        return found + list(every[start:])
