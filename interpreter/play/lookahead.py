"""What the thinking bots share: how good a position is for a player, and what happens right after a move.

Both work on a *world* (see `engine/determinize.py`): a copy of the game the
bot made up from what it has seen, so reading all of it is fair.

`judge` says how good a world is for a player, between 0 and 1: a game or a
round they won is 1, one somebody else won is 0; otherwise the ruleset's
`evaluation` if it declares one, else a generic judgement (fewer components in
their hand than the others, points gained) squeezed into (0, 1).

`settle` lets the other players take the claims a move just opened (a catch
for a missed call): a move is judged after them, not before. `through_turn`
judges a move once the turn it is made in is over.
"""
from __future__ import annotations

import functools
import math
import random

from ..engine import events as ev
from ..engine.game import Action, Game
from ..engine.moves import Moves
from ..engine.state import State, View
from ..errors import EvalError, GameLimitExceeded, IllegalAction

WANDER = 0.2  # how often a playout's move is any move rather than the one preferred
MAX_CLAIMS = 4  # claims let happen one after another after a move, at most
TURN_STEPS = 20  # actions a turn is played on for, at most, to see how it ends
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
    return _squeeze(_generic(world, view, player, start))


def _generic(world: State, view: View, player: int, start: Start) -> float:
    """The others' mean hand size less the player's own, plus the points the player gained beyond theirs (scaled).

    Sizes and points are whole numbers: the others' total is the whole table's less the player's own.
    """
    others = view.players - 1
    if not others:
        return 0.0
    value = 0.0
    hand = world.game.hand_zone
    if hand is not None:
        sizes = view.sizes(hand)
        own = sizes[player]
        value += (sum(sizes) - own) / others - own
    gained = [now - before for now, before in zip(world.scores(), start.scores)]
    own = gained[player]
    return value + (own - (sum(gained) - own) / others) / 10


def _squeeze(value: float) -> float:
    """Any number into (0, 1), keeping its order; one component of difference is worth about 0.1 near even."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, value / 2.0))))


def settle(world: State, me: int) -> None:
    """The claims the others take now (each the first offered to them, in the order claims are offered).

    Only the claims are listed, not the next player's moves, so a made-up world in
    which nobody may move (a defect of the ruleset) is judged as it stands.
    """
    for _ in range(MAX_CLAIMS):
        if world.is_over():
            return
        actions = world.legal_claims()
        if not actions:
            return
        for seat in world.claim_order():
            if seat == me:
                continue
            offered = next((a for a in actions if a.actor == seat), None)  # the claims alone are listed
            if offered is not None:
                world.apply(offered)
                break
        else:
            return


def listed(world: State, claims_only: bool = False) -> State:
    """`world` with its legal actions (or claims) listed, so that its copies take them unchecked.

    A bot tries the moves the real game offers on copies of a world; a move the
    world offers too is then taken as the real game takes it, without asking
    again why it might not be legal. One listing costs less than that check for
    every move; a move the world does not offer is still checked (and refused).
    """
    try:
        world.legal_claims() if claims_only else world.legal_actions()
    except WORLD_FAILURES:
        pass
    return world


def tried(world: State, action: Action, me: int, start: Start) -> float:
    """How good the world is for `me` after `action` and the claims it opens to the others."""
    after = world.clone()
    try:
        after.apply(action)
        settle(after, me)
    except WORLD_FAILURES:  # the made-up world cannot take it (it rests on something unseen): no opinion
        return judge(world, me, start)
    return judge(after, me, start)


def through_turn(world: State, action: Action | None, me: int, start: Start) -> float:
    """How good the world is for `me` once `action` (None: nothing) is taken and the turn it is taken in is over.

    The player to move finishes the turn with the moves `preference` likes best
    and the others take the claims then open, so a cost that comes only at the
    turn's end (a penalty for a call not made) is seen.
    """
    after = world.clone()
    try:
        if action is not None:
            after.apply(action)
        settle(after, me)
        owner = after.current_player()
        for _ in range(TURN_STEPS):
            if after.is_over() or after.current_player() != owner or after.view(None).round != start.round:
                break
            _apply_preferred(after, owner, after.moves())
        settle(after, me)
    except WORLD_FAILURES:
        return judge(world, me, start)
    return judge(after, me, start)


def _apply_preferred(world: State, player: int, moves: Moves, rng: random.Random | None = None) -> None:
    """Take the move of `player` that `preference` likes best (ties: the first, or one by `rng`)."""
    own = moves.own(player) or moves.all
    game = world.game
    mine = own_components(game, world.view(player), player)
    scores = [preference(game, mine, a) for a in own]
    best = max(scores)
    top = [a for a, score in zip(own, scores) if score == best]
    world.apply(rng.choice(top) if rng is not None else top[0])


def rollout_step(world: State, rng: random.Random) -> None:
    """One step of a quick, plausible game: the first claim offered is taken; else, mostly, the move `preference`
    likes best, now and then (`WANDER`) any move."""
    claims = world.open_claims()
    if claims:
        world.apply(claims[0][1][0])
        return
    moves = world.moves()
    current = world.current_player()
    if rng.random() < WANDER:
        world.apply(rng.choice(moves.own(current) or moves.all))
    else:
        _apply_preferred(world, current, moves, rng)


def preference(game: Game, mine: dict[int, int], action: Action) -> tuple[float, ...]:
    """How much a move looks like progress, untried: components shed, a declared value the hand shares, points."""
    kinds = choice_kinds(game, action.name)
    shed, points, fit = 0, 0, 0
    for name, value in action.args:
        kind = kinds[name]
        if kind == "component":
            for cid in value if isinstance(value, tuple) else (value,):  # a set sheds each of its components
                if cid in mine:
                    shed += 1
                    points += game.attribute(cid, "points", mine) or 0
        elif kind == "value" and not isinstance(value, bool):
            fit += sum(1 for c in mine if value in _values(game, c, mine[c]))
    ends_turn_early = 1 if not kinds and not shed else 0
    return (shed, fit, points, -ends_turn_early)


@functools.lru_cache(maxsize=1024)
def choice_kinds(game: Game, action: str) -> dict[str, str]:
    """Each choice of an action and what it chooses (a component, a player, a value)."""
    return {c.name: c.kind for c in game.action_index[action].choices}


def own_components(game: Game, view: View, player: int) -> dict[int, int]:
    """The components in the player's own zones, each with the face it shows (0 for a card)."""
    result = {}
    components = game.components
    for name, spec in game.zones.items():
        if spec.per_player:
            for cid in view.zone(name, player):
                if cid is not None:
                    result[cid] = (view.face(cid) or 0) if components[cid].faces else 0
    return result


@functools.lru_cache(maxsize=4096)
def _values(game: Game, cid: int, face: int) -> frozenset:
    """The attribute values a component shows (a die: those of its face too); the same for a game, so remembered."""
    comp = game.components[cid]
    values = frozenset(comp.attrs.values())
    return values | frozenset(comp.faces[face].values()) if comp.faces else values


