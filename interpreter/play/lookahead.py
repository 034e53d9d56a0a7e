"""What the thinking bots share: how good a position is for a player, and what happens right after a move.

Both work on a *world* (see `engine/determinize.py`): a copy of the game the
bot made up from what it has seen, so reading all of it is fair.

`judge` says how good a world is for a player, between 0 and 1: a game or a
round they won is 1, one somebody else won is 0; otherwise the ruleset's
`evaluation` if it declares one, else a generic judgement (fewer components in
their hand than the others, points gained) squeezed into (0, 1).

`settle` lets the other players take the claims a move just opened (a catch
for a missed call): a move is judged after them, not before.
"""
from __future__ import annotations

import math
import random

from ..engine import events as ev
from ..engine.game import Action
from ..engine.state import EVERYONE, State
from ..errors import EvalError, GameLimitExceeded, IllegalAction

MAX_CLAIMS = 4  # claims let happen one after another after a move, at most
WORLD_FAILURES = (IllegalAction, EvalError, GameLimitExceeded)  # what a made-up world may run into


class Start:
    """What a lookahead compares against: the round it started in and the scores then."""

    __slots__ = ("round", "scores")

    def __init__(self, state: State):
        self.round = state.view(None).round
        self.scores = state.scores()


def judge(world: State, player: int, start: Start) -> float:
    """How good `world` is for `player`, from 0 (lost) to 1 (won)."""
    view = world.view(None)
    if view.over:
        return 1.0 if player in view.winners else 0.0
    if view.round != start.round:
        ended = next((e for e in world.events if isinstance(e, ev.RoundEnded)), None)
        if ended is not None:
            return 1.0 if ended.winner == player else (1.0 / view.players if ended.winner is None else 0.0)
    hint = world.evaluate(player)
    if isinstance(hint, (int, float)) and not isinstance(hint, bool):
        return _squeeze(float(hint))
    return _squeeze(_generic(world, player, start))


def _generic(world: State, player: int, start: Start) -> float:
    """The others' mean hand size less the player's own, plus the points the player gained beyond theirs (scaled)."""
    game, players = world.game, world.view(None).players
    others = [p for p in range(players) if p != player]
    if not others:
        return 0.0
    value = 0.0
    if game.hand_zone is not None:
        sizes = [len(world.view(None).zone(game.hand_zone, p)) for p in range(players)]
        value += sum(sizes[p] for p in others) / len(others) - sizes[player]
    scores = world.scores()
    gained = [now - before for now, before in zip(scores, start.scores)]
    return value + (gained[player] - sum(gained[p] for p in others) / len(others)) / 10


def _squeeze(value: float) -> float:
    """Any number into (0, 1), keeping its order; one component of difference is worth about 0.1 near even."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, value / 2.0))))


def claims_of(world: State, actions: list[Action], player: int) -> list[Action]:
    index = world.game.action_index
    return [a for a in actions if a.actor == player and index[a.name].by_anyone]


def settle(world: State, me: int) -> None:
    """The claims the others take now (each the first offered to them, in the order claims are offered)."""
    for _ in range(MAX_CLAIMS):
        if world.is_over():
            return
        actions = world.legal_actions()
        for seat in world.claim_order():
            if seat == me:
                continue
            offered = claims_of(world, actions, seat)
            if offered:
                world.apply(offered[0])
                break
        else:
            return


def sheds(world: State, actions: list[Action], player: int) -> list[Action]:
    """The actions that take one of the player's own components out of their hand (a play, a match)."""
    zone = world.game.hand_zone
    if zone is None:
        return []
    hand = set(world.view(EVERYONE).zone(zone, player))
    index = world.game.action_index
    return [a for a in actions if any(name in index[a.name].component_choices and _within(value, hand)
                                      for name, value in a.args)]


def _within(value: object, hand: set[int | None]) -> bool:
    """Whether a component choice (one component, or a set of them) takes something from `hand`."""
    return any(v in hand for v in value) if isinstance(value, tuple) else value in hand


def rollout_step(world: State, rng: random.Random) -> None:
    """One step of a quick, plausible game: the first claim offered is taken, else a random shedding move if any."""
    actions = world.legal_actions()
    for seat in world.claim_order():
        offered = claims_of(world, actions, seat)
        if offered:
            world.apply(offered[0])
            return
    current = world.current_player()
    index = world.game.action_index
    own = [a for a in actions if a.actor == current and not index[a.name].by_anyone]
    shedding = sheds(world, own, current)
    world.apply(rng.choice(shedding or own or actions))
