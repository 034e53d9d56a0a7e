"""Drive a game with one decision-maker per seat (bots or people).

Out-of-turn claims are offered first, in the order the turn's flow gives
(`State.claim_order`), then the current player decides.
"""
from __future__ import annotations

from typing import Callable

from ..engine.game import Action
from ..engine.state import State
from .bots import Bot


def step(state: State, seats: list[Bot], on_action: Callable[[State, Action], None] | None = None) -> Action:
    """Let one action happen: a claim if someone takes one, otherwise the current player's move."""
    for p, mine in state.open_claims():
        chosen = seats[p].claim(state, mine)
        if chosen is not None:
            state.apply(chosen)
            if on_action:
                on_action(state, chosen)
            return chosen
    current = state.current_player()
    chosen = seats[current].choose(state, state.moves().of(current))
    state.apply(chosen)
    if on_action:
        on_action(state, chosen)
    return chosen


def play_out(state: State, seats: list[Bot], single_round: bool = False) -> State:
    """Play until the game (or, with single_round, the current round) is over."""
    start_round = state.view(None).round
    while not state.is_over() and not (single_round and state.view(None).round != start_round):
        step(state, seats)
    return state
