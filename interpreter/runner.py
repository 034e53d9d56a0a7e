"""Drive a game with one decision-maker per seat (bots or people).

Out-of-turn claims are offered first: to the player who acted last (so that a
call can go with the action that made it due), then to the other players in
turn order (following the direction of play) starting after the current player;
then the current player decides.
"""
from __future__ import annotations

from typing import Callable

from .bots import Bot
from .game import Action
from .state import State


def step(state: State, seats: list[Bot], on_action: Callable[[State, Action], None] | None = None) -> Action:
    """Let one action happen: a claim if someone takes one, otherwise the current player's move."""
    actions = state.legal_actions()
    current = state.current
    n = state.players
    others = [(current + offset * state.direction) % n for offset in range(1, n)]
    acted = state.last_actor
    for p in ([acted] if acted is not None else []) + [p for p in others if p != acted]:
        mine = [a for a in actions if a.actor == p and (p != current or state.game.action_index[a.name].by_anyone)]
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
