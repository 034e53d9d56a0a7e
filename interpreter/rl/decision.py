"""One seat's move in progress: the legal moves still open after the tokens chosen so far.

A step whose token every open move agrees on is taken at once, so a player
is only asked where there is something to choose; the first step of a move
(its name, or PASS) is always asked.
"""
from __future__ import annotations

from ..engine.game import Action
from .tokens import PASS, Tokens


class Decision:
    """The moves `seat` may make (and whether it may let the moment pass), narrowed token by token."""

    def __init__(self, tokens: Tokens, seat: int, moves: list[Action], may_pass: bool):
        self.seat, self.may_pass = seat, may_pass
        self.open = [(tokens.encode(move), move) for move in moves]
        self.chosen: list[int] = []

    def allowed(self) -> set[int]:
        """The tokens that continue some open move (and PASS before anything is chosen, if allowed)."""
        depth = len(self.chosen)
        found = {sequence[depth] for sequence, _ in self.open}
        if self.may_pass and not self.chosen:
            found.add(PASS)
        return found

    def choose(self, token: int) -> Action | int | None:
        """Take one token: the move once it is complete, PASS, or None while the move goes on."""
        if token not in self.allowed():
            raise ValueError(f"token {token} is not allowed now (seat {self.seat}); allowed: {sorted(self.allowed())}")
        if token == PASS:
            return PASS
        self.chosen.append(token)
        depth = len(self.chosen)
        self.open = [(sequence, move) for sequence, move in self.open if sequence[depth - 1] == token]
        while True:
            if len(self.open) == 1 and len(self.open[0][0]) == depth:
                return self.open[0][1]
            following = {sequence[depth] for sequence, _ in self.open}
            if len(following) > 1:
                return None
            self.chosen.append(following.pop())
            depth += 1
