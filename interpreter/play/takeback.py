"""Whether a person may take an action back: only when doing so lets them unlearn nothing.

A person at the table may undo their own move while their turn goes on, as at
a real table where a card is not yet let go. Undoing is fair only if the move
showed nobody anything new and drew on no luck: no hidden component moved, no
shuffle, no roll, no draw from a bag.
"""
from __future__ import annotations

from ..engine import events as ev
from ..engine.state import State, inspect

_UNREVEALING = (ev.ActionTaken, ev.VariableSet, ev.PhaseChanged, ev.Moved, ev.Skipped, ev.DirectionChanged)


def may_take_back(before: State, after: State, player: int) -> bool:
    """Whether `player` may return from `after` to `before` (a clone kept before their action)."""
    if after.is_over() or after.current_player() != player:
        return False
    if inspect(after).rng.getstate() != inspect(before).rng.getstate():
        return False
    zones = after.game.zones
    for event in after.events[len(before.events):]:
        if not isinstance(event, _UNREVEALING):
            return False
        if isinstance(event, ev.Moved):
            spec = zones[event.from_zone]
            if not (spec.visibility == "public" or (spec.visibility == "owner" and event.from_owner == player)):
                return False
    return True
