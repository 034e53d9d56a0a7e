"""Setting up a known position: the supported way for tests, tutorials and tools to start from a moment of a game.

A rule is best shown from the position it talks about ("A holds a red 5 and a
blue 7, the discard pile shows a red 3") rather than by playing until it
happens. `arrange` puts a game into such a position at the start of a turn:
the components where they are said to be, the variables with the values given,
whose turn it is and in which direction play goes; everything else as a fresh
turn has it. The events so far are forgotten, so that what follows is all that
is recorded.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..backend.closures import Env
from .state import State, inspect

Placement = Mapping[str, Any]  # zone -> components top first (a per-player zone: seat -> components)


def adjust(state: State, *, variables: Mapping[str, Any] | None = None, faces: Mapping[int, int] | None = None,
           round: int | None = None, generator: random.Random | None = None) -> State:
    """Change a few things of the present position (no event records them), and return the state.

    - variables: each one given is set (a per-player one takes a full list, or a mapping seat -> value);
    - faces: die id -> the index of the face it shows;
    - round: the round number;
    - generator: the random generator the game draws from from now on.
    """
    table = inspect(state)
    game = table.game
    for name, value in (variables or {}).items():
        if name not in game.variables:
            raise KeyError(f"no variable {name!r}")
        if isinstance(value, Mapping):
            for seat, seat_value in value.items():
                table.vars[name][seat] = seat_value
        else:
            table.vars[name] = list(value) if game.variables[name].per_player else value
    for cid, face in (faces or {}).items():
        table.faces[cid] = face
    if round is not None:
        table.round = round
    if generator is not None:
        table.rng = generator
    return state


def arrange(state: State, *, zones: Placement | None = None, variables: Mapping[str, Any] | None = None,
            faces: Mapping[int, int] | None = None, current: int = 0, direction: int = 1,
            dealer: int | None = None, phase: str | None = None, rest: str | tuple[str, int] | None = None,
            generator: random.Random | None = None) -> State:
    """Put `state` into a position at the start of `current`'s turn, and return it.

    - zones: zone name -> component ids, **top first**; a per-player zone takes a
      mapping seat -> ids, a numbered zone a list of piles (each top first). Every component not placed goes to `rest` (a shared
      zone's name, or (per-player zone, seat); default the stock zone, else the
      home zone), beneath, in id order.
    - variables: round and turn variables go back to their initial values, then
      each one given is set (a per-player one takes a full list, or a mapping
      seat -> value).
    - faces: die id -> the index of the face it shows.
    - dealer: default the seat before `current`; phase: default the turn's own rule.
    - generator: the random generator the game draws from from now on.
    """
    table = inspect(state)
    game = table.game
    placed: dict[tuple[str, int | None], list[int]] = {}
    for name, content in (zones or {}).items():
        if game.zones[name].per_player:
            for seat, items in content.items():
                placed[(name, seat)] = list(items)
        elif game.zones[name].numbered:
            for pile, items in enumerate(content):
                placed[(name, pile)] = list(items)
        else:
            placed[(name, None)] = list(content)
    used = {cid for cids in placed.values() for cid in cids}
    rest_zone, rest_owner = rest if isinstance(rest, tuple) else (rest or game.stock_zone or game.home_zone, None)
    table.empty_zones()
    for name, where in placed:
        if where is not None and game.zones[name].numbered:
            table.zones[name].extend([] for _ in range(where + 1 - len(table.zones[name])))
    table.zone(rest_zone, rest_owner).extend(c.id for c in game.components if c.id not in used)
    for (name, owner), cids in placed.items():
        table.zone(name, owner).extend(reversed(cids))
    table.where = [("", None)] * len(game.components)
    for name, spec in game.zones.items():
        for owner in range(len(table.zones[name])) if spec.indexed else (None,):
            table.changes[name, owner] = table.changes.get((name, owner), 0) + 1  # every zone was rearranged
            for cid in table.zone(name, owner):
                table.where[cid] = (name, owner)
    table.reset_variables(("round", "turn"))
    adjust(state, variables=variables, faces=faces, generator=generator)
    table.current = current
    table.direction = direction
    table.dealer = (current - 1) % table.players if dealer is None else dealer
    table.skipped = []
    table.turn_begun = False
    table.turn_ended = False
    table.round_over = False
    table.round_winner = None
    table.phase = phase if phase is not None else (
        game.turn_phase(Env(table, current)) if game.turn_phase else None)
    table.events.clear()
    return state

