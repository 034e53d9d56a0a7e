"""Bots that play any ruleset, written against the State API only."""
from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Protocol

from ..engine.game import Action, Game
from ..engine.state import State, View


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
    """A simple, sensible player for any shedding game.

    It takes every claim offered (calls and catches), prefers the action that
    gets rid of the most of its own components and, among those, the ones
    worth the most points; a declared value is the one its hand shares most.
    Where the ruleset declares an `evaluation`, it first prefers the action after
    which that judges its position best (looking one action ahead).
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State, actions: list[Action]) -> Action:
        claims = [a for a in actions if state.game.action_index[a.name].by_anyone]
        if claims:
            return claims[0]
        view = state.view(state.current_player())
        owned: dict[int, dict[int, int]] = {}  # actor -> their components: worked out once per decision
        for a in actions:
            if a.actor not in owned:
                owned[a.actor] = _own_components(state.game, view, a.actor)
        scores = [self._score(state.game, owned[a.actor], a) for a in actions]
        if state.game.evaluation is not None:
            scores = [(_after(state, a),) + score for a, score in zip(actions, scores)]
        best = max(scores)
        return self.rng.choice([a for a, score in zip(actions, scores) if score == best])

    def claim(self, state: State, actions: list[Action]) -> Action | None:
        return actions[0]

    @staticmethod
    def _score(game: Game, mine: dict[int, int], action: Action) -> tuple[float, ...]:
        kinds = _choice_kinds(game, action.name)
        shed, points, fit = 0, 0, 0
        for name, value in action.args:
            kind = kinds[name]
            if kind == "component":
                for cid in value if isinstance(value, tuple) else (value,):  # a set sheds each of its components
                    if cid in mine:
                        shed += 1
                        points += game.attribute(cid, "points", mine) or 0
            elif kind == "value":
                fit += sum(1 for c in mine if value in _values(game, c, mine[c]))
        ends_turn_early = 1 if not kinds and not shed else 0
        return (shed, fit, points, -ends_turn_early)


def _after(state: State, action: Action) -> float:
    """The ruleset's evaluation, for the actor, of the position an action leads to."""
    after = state.clone()
    after.apply(action)
    value = after.evaluate(action.actor)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else float("-inf")


@functools.lru_cache(maxsize=1024)
def _choice_kinds(game: Game, action: str) -> dict[str, str]:
    """Each choice of an action and what it chooses (a component, a player, a value)."""
    return {c.name: c.kind for c in game.action_index[action].choices}


def _own_components(game: Game, view: View, player: int) -> dict[int, int]:
    """The components in the player's own zones, each with the face it shows (0 for a card)."""
    result = {}
    components = game.components
    for name, spec in game.zones.items():
        if spec.per_player:
            for cid in view.zone(name, player):
                if cid is not None:
                    result[cid] = (view.face(cid) or 0) if components[cid].faces else 0
    return result


def _values(game: Game, cid: int, face: int) -> set:
    comp = game.components[cid]
    values = set(comp.attrs.values())
    if comp.faces:
        values |= set(comp.faces[face].values())
    return values


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}  # kind -> a bot from a seed


def make_bot(kind: str, seed: int) -> Bot:
    return BOTS[kind](seed)
