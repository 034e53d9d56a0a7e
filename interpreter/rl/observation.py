"""What a seat sees, as one fixed-size vector of numbers, made from `State.view(seat)` alone.

Seats are counted from the observer (0: themself, 1: the next seat, ...), so a
policy learnt in one seat plays in any. A *slot* is a shared zone, or one seat's
pile of a per-player zone; a zone whose piles are made by play is one slot, all
its piles together. The vector is, in order (C components, S slots, P seats):

    turn       P: whose turn it is; P: the dealer; 1: the direction of play;
               one per phase of the ruleset and one for none; 1: the round
    sizes      S: components in each slot; S: how many of them the observer sees
    where      C x S: 1 where the observer sees component c in slot s
    top        C x S: 1 where the observer sees component c on top of slot s (of a pile of it)
    faces      one per die and face: 1 for the face a die the observer sees shows
    variables  per variable (a per-player one: per seat): shown, none, its number (true is 1),
               another kind of value, then one per word of the ruleset's vocabulary
    decision   one per token: 1 for the tokens chosen so far in the move being made

`Observer.names` names every entry, so a vector can be read back.
"""
from __future__ import annotations

import numpy as np

from ..engine import visibility
from ..engine.game import Game
from ..engine.state import State, View
from .tokens import Tokens

INF = np.inf


class Observer:
    """The vector a seat observes in one game for a fixed number of seats."""

    def __init__(self, game: Game, players: int, tokens: Tokens):
        self.game, self.players, self.tokens = game, players, tokens
        self.slots = [(name, seat) for name, spec in game.zones.items()
                      for seat in (range(players) if spec.per_player else (None,))]
        self.dice = [c.id for c in game.components if c.faces]
        self.sides = max((len(game.components[d].faces) for d in self.dice), default=0)
        words = {v for values in game.domains.values() for v in values if isinstance(v, str)}
        words |= {v for v in tokens.values if isinstance(v, str)}
        self.words = sorted(words)
        self.entries = [(name, seat) for name, spec in game.variables.items()
                        for seat in (range(players) if spec.per_player else (None,))]
        self.names: list[str] = []
        bounds: list[tuple[float, float]] = []
        components, count = len(game.components), float(len(game.components))

        def add(name: str, low: float = 0.0, high: float = 1.0) -> None:
            self.names.append(name)
            bounds.append((low, high))

        for what in ("turn", "dealer"):
            for seat in range(players):
                add(f"{what} +{seat}")
        add("direction", -1.0, 1.0)
        for phase in (*game.phases, None):
            add(f"phase {phase}")
        add("round", 0.0, INF)
        for what in ("size", "seen"):
            for slot in self.slots:
                add(f"{what} {_slot(slot)}", 0.0, count)
        for what in ("in", "top of"):
            for c in range(components):
                for slot in self.slots:
                    add(f"{c} {what} {_slot(slot)}")
        for die in self.dice:
            for face in range(self.sides):
                add(f"{die} face {face}")
        for entry in self.entries:
            label = _slot(entry)
            add(f"{label} shown")
            add(f"{label} none")
            add(f"{label} number", -INF, INF)
            add(f"{label} other")
            for word in self.words:
                add(f"{label} = {word}")
        for token in range(tokens.size):
            add(f"chosen {tokens.describe(token)}")
        self.low = np.array([b[0] for b in bounds], dtype=np.float32)
        self.high = np.array([b[1] for b in bounds], dtype=np.float32)
        self._word = {w: i for i, w in enumerate(self.words)}

    @property
    def size(self) -> int:
        return len(self.names)

    def observe(self, state: State, seat: int, chosen: list[int]) -> np.ndarray:
        """The vector `seat` observes now, `chosen` being the tokens of the move it is making."""
        view, players, game = state.view(seat), self.players, self.game
        head: list[float] = []
        for who in (view.current, view.dealer):
            head.extend(1.0 if who is not None and (who - seat) % players == p else 0.0 for p in range(players))
        head.append(float(view.direction))
        head.extend(1.0 if view.phase == phase else 0.0 for phase in (*game.phases, None))
        head.append(float(view.round))
        piles = [self._piles(view, name, owner if owner is None else (owner + seat) % players)
                 for name, owner in self.slots]
        head.extend(float(sum(len(p) for p in slot)) for slot in piles)
        head.extend(float(sum(c is not None for p in slot for c in p)) for slot in piles)
        where = np.zeros((2, len(game.components), len(self.slots)), dtype=np.float32)
        for s, slot in enumerate(piles):
            for pile in slot:
                for c in pile:
                    if c is not None:
                        where[0, c, s] = 1.0
                if pile and pile[-1] is not None:
                    where[1, pile[-1], s] = 1.0
        faces = np.zeros((len(self.dice), self.sides), dtype=np.float32)
        shown = view.faces
        for i, die in enumerate(self.dice):
            if die in shown:
                faces[i, shown[die]] = 1.0
        tail: list[float] = []
        for name, owner in self.entries:
            tail.extend(self._variable(view, name, owner if owner is None else (owner + seat) % players))
        decision = np.zeros(self.tokens.size, dtype=np.float32)
        decision[chosen] = 1.0
        return np.concatenate([np.array(head, dtype=np.float32), where.ravel(), faces.ravel(),
                               np.array(tail, dtype=np.float32), decision])

    def _piles(self, view: View, name: str, owner: int | None) -> list[list[int | None]]:
        """A slot's piles as the viewer sees them (one pile, but for a zone of piles made by play)."""
        if self.game.zones[name].numbered:
            return list(view.zones[name])
        return [view.zone(name, owner)]

    def _variable(self, view: View, name: str, owner: int | None) -> list[float]:
        """One variable (one seat's entry of a per-player one) as the viewer may read it."""
        features = [0.0] * (4 + len(self.words))
        if not visibility.may_read(self.game.variables[name], owner, view.viewer, view.current):
            return features
        value = view.variables[name]
        value = value[owner] if owner is not None else value
        features[0] = 1.0
        if value is None:
            features[1] = 1.0
        elif isinstance(value, (bool, int)):
            features[2] = float(value)
        elif isinstance(value, str) and value in self._word:
            features[4 + self._word[value]] = 1.0
        else:
            features[3] = 1.0
        return features


def _slot(slot: tuple[str, int | None]) -> str:
    name, seat = slot
    return name if seat is None else f"{name} +{seat}"
