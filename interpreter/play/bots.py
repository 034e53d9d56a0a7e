"""Bots that play any ruleset, written against the State API only."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..engine.determinize import determinize
from ..engine.game import Action
from ..engine.state import State
from .lookahead import Start, judge, own_components, preference, settle, tried


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
    points; a declared value is the one its hand shares most. A claim (a call, a
    catch) is taken when the world after it is better than the world without
    it, so a call that protects it or a catch that costs another player is
    taken, and a challenge or a call that costs it is not.
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        me = state.current_player()
        world, start = determinize(state, me, self.rng), Start(state)
        mine = own_components(state.game, state.view(me), me)
        scores = [(tried(world, a, me, start),) + preference(state.game, mine, a) for a in actions]
        best = max(scores)
        return self.rng.choice([a for a, score in zip(actions, scores) if score == best])

    def claim(self, state: State, actions: list[Action]) -> Action | None:
        me = actions[0].actor
        world, start = determinize(state, me, self.rng), Start(state)
        without = world.clone()
        settle(without, me)
        value, chosen = judge(without, me, start), None
        for action in actions:
            after = tried(world, action, me, start)
            if after > value:
                value, chosen = after, action
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
