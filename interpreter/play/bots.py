"""Bots that play any ruleset, written against the State API only."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..engine.determinize import determinize
from ..engine.game import Action
from ..engine.state import State
from .lookahead import Start, listed, own_components, preference, through_turn, tried


class Bot(Protocol):
    def choose(self, state: State, actions: list[Action]) -> Action:
        """Pick one of the player's own legal actions on their turn."""

    def claim(self, state: State, actions: list[Action]) -> Action | None:
        """Take one out-of-turn action (a call, a catch) or None to let the moment pass."""


class RandomBot:
    """Uniform over the legal actions; out of turn, letting the moment pass is one more option."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State, actions: list[Action]) -> Action:
        return self.rng.choice(actions)

    def claim(self, state: State, actions: list[Action]) -> Action | None:
        pick = self.rng.randrange(len(actions) + 1)
        return actions[pick] if pick < len(actions) else None


class GreedyBot:
    """A simple, sensible player for any game, judging each move one step ahead.

    It makes up one world from what it sees (`engine/determinize.py`) and tries
    each move there: the move is judged after the claims it opens to the others
    (`lookahead.judge`: a round won, else the ruleset's `evaluation`, else hand
    sizes and points). Among moves judged alike it prefers the one that gets rid
    of the most of its own components and, among those, the ones worth the most
    points; a declared value is the one its hand shares most; moves still alike
    are judged again once the turn is over (a call not made is caught then). A
    claim (a call, a catch) is taken unless the world once the turn is over is
    worse with it than without it: free calls and catches are taken, a false
    call that costs cards is not.
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        me = state.current_player()
        world, start = listed(determinize(state, me, self.rng)), Start(state)
        index = state.game.action_index
        claims = [a for a in actions if index[a.name].by_anyone]
        if claims:  # a call or a catch of its own, mid-turn: taken first when it is free
            chosen = self._free_claim(world, claims, me, start)
            if chosen is not None:
                return chosen
            actions = [a for a in actions if not index[a.name].by_anyone] or actions
        mine = own_components(state.game, state.view(me), me)
        scores = [(tried(world, a, me, start),) + preference(state.game, mine, a) for a in actions]
        best = max(scores)
        top = [a for a, score in zip(actions, scores) if score == best]
        if len(top) > 1:  # alike a step ahead: which is better once the turn is over
            ends = [through_turn(world, a, me, start) for a in top]
            top = [a for a, end in zip(top, ends) if end == max(ends)]
        return self.rng.choice(top)

    def claim(self, state: State, actions: list[Action]) -> Action | None:
        me = actions[0].actor
        return self._free_claim(listed(determinize(state, me, self.rng), claims_only=True), actions, me, Start(state))

    @staticmethod
    def _free_claim(world: State, claims: list[Action], me: int, start: Start) -> Action | None:
        """The claim best for `me` once the turn is over, unless every one leaves it worse off than none."""
        value, chosen = through_turn(world, None, me, start), None
        for claim in claims:
            after = through_turn(world, claim, me, start)
            if after >= value:
                value, chosen = after, claim
        return chosen


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}  # kind -> a bot from a seed
SEARCH = "search"  # with a budget: search, search:LEVEL, search:PLAYOUTS (see search.py)


def check_kind(kind: str) -> str:
    """A bot kind as written (`random`, `greedy`, `search:200`), or ValueError saying what kinds there are."""
    name, colon, budget = kind.partition(":")
    if name == SEARCH:
        from .search import budget as playouts
        playouts(budget if colon else "")
        return kind
    if kind not in BOTS:
        raise ValueError(f"{kind[:40]!r} is not a bot; choose one of: {', '.join(sorted([*BOTS, SEARCH]))} "
                         f"(search takes a budget: search:easy, search:normal, search:hard or search:PLAYOUTS)")
    return kind


def is_kind(kind: str) -> bool:
    """Whether `kind` names a bot (as a log's seats do)."""
    try:
        check_kind(kind)
    except ValueError:
        return False
    return True


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of a checked kind, all its randomness drawn from `seed`."""
    name, _, budget = kind.partition(":")
    if name == SEARCH:
        from .search import SearchBot
        from .search import budget as playouts
        return SearchBot(seed, playouts(budget))
    return BOTS[kind](seed)
