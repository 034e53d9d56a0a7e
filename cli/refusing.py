"""Why the components a player points at make no legal move: shared by typed moves and clicked ones.

A player names (by typing or clicking) one or several components they see; when
no legal move uses them so, the rule that refuses the move is worth telling.
Refusals that only say the move is incomplete ("missing", a set too small) tell
nothing and are passed over.
"""
from __future__ import annotations

from ..interpreter import Action, ActionSpec, State
from ..interpreter.engine.refusals import Refusal

_INCOMPLETE = ("missing", "set_size")  # the move lacks a choice: not a reason worth saying
_NOT_THIS_WAY = (*_INCOMPLETE, "not_asked", "unexpected")  # the components were put in the wrong choices


def pointable(state: State, phase: str | None) -> list[ActionSpec]:
    """The turn's actions of this phase that ask for components, in declaration order."""
    return [spec for spec in state.game.actions_in_phase(phase)
            if not spec.by_anyone and any(c.kind == "component" for c in spec.choices)]


def refused_alone(state: State, spec: ActionSpec, player: int, component: int) -> Refusal | None:
    """Why `spec` may not be taken with `component` as its first choice (None: it may, or it lacks more choices)."""
    if not spec.choices or spec.choices[0].kind != "component":
        return None
    first = spec.choices[0]
    value = (component,) if first.many else component  # a set of one: its `where` is the set's test of each
    refusal = state.why_not(Action(spec.name, player, ((first.name, value),)))
    return refusal if refusal is not None and refusal.code not in _INCOMPLETE else None


def refused_together(state: State, spec: ActionSpec, player: int,
                     picked: list[int]) -> tuple[list[int], Refusal] | None:
    """Why `spec` may not be taken with `picked` as its single-component choices, in the order that says most.

    The components are tried as picked, then with all but the first in id order,
    then all in id order; a refusal by the action's own rule (`require`, a
    `where`) says more than one by a choice's list of candidates.
    """
    slots = [c for c in spec.choices if c.kind == "component" and not c.many]
    if not 2 <= len(picked) <= len(slots):
        return None
    found = []
    for order in (picked, picked[:1] + sorted(picked[1:]), sorted(picked)):
        args = tuple((slot.name, cid) for slot, cid in zip(slots, order))
        refusal = state.why_not(Action(spec.name, player, args))
        if refusal is not None and refusal.code not in _NOT_THIS_WAY:
            rank = ("require", "where").index(refusal.code) if refusal.code in ("require", "where") else 2
            found.append((rank, order, refusal))
    if not found:
        return None
    _, order, refusal = min(found, key=lambda item: item[0])
    return order, refusal
