"""Drive a game with one decision-maker per seat (bots or people).

Out-of-turn claims are offered first (see `claim_order`), then the current
player decides.
"""
from __future__ import annotations

from typing import Callable

from .bots import Bot
from ..engine.game import Action
from ..engine.state import State


def claim_order(state: State) -> list[int]:
    """Who is offered out-of-turn claims, in order.

    The player who acted last is asked first, even once their turn has
    passed, so that a call can go with the action that made it due. Then
    everybody else in turn order, following the direction of play, starting
    with the player whose turn it is when that turn has not begun yet (the
    first to notice a missed call), otherwise with the next player.
    """
    current, n = state.current, state.players
    seats = [state.seat_after(current, offset * state.direction) for offset in range(n)]
    if state.turn_begun:
        seats = seats[1:]  # mid-turn, the current player chooses among all their actions anyway
    first = [] if state.last_actor is None else [state.last_actor]
    return list(dict.fromkeys(first + seats))


def step(state: State, seats: list[Bot], on_action: Callable[[State, Action], None] | None = None) -> Action:
    """Let one action happen: a claim if someone takes one, otherwise the current player's move."""
    actions = state.legal_actions()
    current = state.current
    index = state.game.action_index
    for p in claim_order(state):
        mine = [a for a in actions if a.actor == p and index[a.name].by_anyone]
        if mine:
            chosen = seats[p].claim(state, mine)
            if chosen is not None:
                state.apply(chosen)
                if on_action:
                    on_action(state, chosen)
                return chosen
    mine = [a for a in actions if a.actor == current]
    chosen = seats[current].choose(state, mine)
    state.apply(chosen)
    if on_action:
        on_action(state, chosen)
    return chosen


def play_out(state: State, seats: list[Bot], single_round: bool = False) -> State:
    """Play until the game (or, with single_round, the current round) is over."""
    start_round = state.round
    while not state.is_over() and not (single_round and state.round != start_round):
        step(state, seats)
    return state
