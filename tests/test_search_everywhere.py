"""The search bot plays every shipped ruleset and variant: a round of each, at a tiny budget, on random seeds.

Every decision it makes is applied through `State.apply`, so a move it is not
offered would be refused; the round keeps every component in one place.
"""
from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulesrun.interpreter import Game, load_game, shipped_rulesets
from rulesrun.interpreter.play.bots import make_bot
from rulesrun.interpreter.play.runner import step
from rulesrun.interpreter.tools.invariants import conservation

SHIPPED = [name for name, _ in shipped_rulesets()]
MOST_ACTIONS = 80  # of a round: enough to see the bot at every kind of moment, few enough to stay quick


@cache
def game(name: str) -> Game:
    return load_game(name, "generated")  # the engine the search plays out on: generated once


@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_search_bot_plays_a_round_of_every_shipped_ruleset(name: str, seed: int) -> None:
    g = game(name)
    players = max(g.min_players, 2)
    state = g.new_state(players, seed)
    seats = [make_bot("search:1" if p == 0 else "random", seed + p) for p in range(players)]
    start = state.view(None).round
    for _ in range(MOST_ACTIONS):
        if state.is_over() or state.view(None).round != start:
            break
        step(state, seats)
    assert conservation(state) == []
