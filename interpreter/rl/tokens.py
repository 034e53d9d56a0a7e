"""A ruleset's fixed discrete action space: every move as a short sequence of tokens, one choice at a time.

Listing every action times every combination of its choices as one flat space
is small for some games and astronomically large for others (three components
and three declared values in one action), so a move is taken as a sequence of
steps instead: the action's name, then each choice it declares, in the order
declared. Every step picks one token of the same space:

    PASS          let a moment for out-of-turn claims pass
    NONE          a choice left out (an optional one, or one the move does not ask for);
                  it also ends a set of components
    one per action, in declaration order
    one per component, by its id
    one per seat, counted from the player who acts (0: themself, 1: the next seat, ...)
    one per declared value of any value choice (`value: colour`, `value: [1, 2, 3]`), first seen first

Each choice's encoding is one token (a set: its components in id order, then
NONE), so no move's sequence begins another's, and a sequence names one move.
"""
from __future__ import annotations

from typing import Any

from ..engine.game import Action, Game
from ..tree import nodes as n

PASS, NONE = 0, 1


def _key(value: Any) -> tuple[str, Any]:
    """A declared value as a key that tells true from 1."""
    return (type(value).__name__, value)


class Tokens:
    """The token space of one game for a number of seats, and the encoding of its moves."""

    def __init__(self, game: Game, players: int):
        self.game, self.players = game, players
        self.names = [a.name for a in game.actions]
        values: dict[tuple[str, Any], Any] = {}
        for action in game.actions:
            for choice in action.choices:
                if choice.kind == "value":
                    for value in _declared(game, choice.rule, action.name):
                        values.setdefault(_key(value), value)
        self.values = list(values.values())
        self.action_base = 2
        self.component_base = self.action_base + len(self.names)
        self.seat_base = self.component_base + len(game.components)
        self.value_base = self.seat_base + players
        self.size = self.value_base + len(self.values)
        self._action = {name: self.action_base + i for i, name in enumerate(self.names)}
        self._value = {key: self.value_base + i for i, key in enumerate(values)}

    def encode(self, action: Action) -> tuple[int, ...]:
        """The tokens of a move: its name, then each declared choice as the move makes it."""
        spec = self.game.action_index[action.name]
        tokens = [self._action[action.name]]
        for choice in spec.choices:
            value = action.get(choice.name)
            if value is None:
                tokens.append(NONE)
            elif choice.kind == "component" and choice.many:
                tokens.extend([*(self.component_base + c for c in value), NONE])
            elif choice.kind == "component":
                tokens.append(self.component_base + value)
            elif choice.kind == "player":
                tokens.append(self.seat_base + (value - action.actor) % self.players)
            else:
                tokens.append(self._value[_key(value)])
        return tuple(tokens)

    def describe(self, token: int) -> str:
        """What a token stands for, in a few words (for people reading a policy)."""
        if token == PASS:
            return "pass"
        if token == NONE:
            return "none"
        if token < self.component_base:
            return f"action {self.names[token - self.action_base]}"
        if token < self.seat_base:
            return f"component {token - self.component_base} ({self.game.label(token - self.component_base)})"
        if token < self.value_base:
            return f"seat +{token - self.seat_base}"
        return f"value {self.values[token - self.value_base]!r}"


def _declared(game: Game, choice: n.Choice, action: str) -> list[Any]:
    """Every value a value choice may declare, known from the ruleset alone."""
    if choice.attribute:
        return list(game.domains[choice.attribute])
    if isinstance(choice.source, n.Const) and isinstance(choice.source.value, (list, tuple)):
        return list(choice.source.value)
    if isinstance(choice.source, n.ListOf) and all(isinstance(i, n.Const) for i in choice.source.items):
        return [item.value for item in choice.source.items if isinstance(item, n.Const)]
    raise ValueError(f"the values of choice {choice.name!r} of action {action!r} are not written in the ruleset, "
                     "so they cannot have tokens of their own")
