"""HR-13.1 two-player Reverse `pure` (uno/pure-reverse): with two players a Reverse only flips the direction."""
from __future__ import annotations

import pytest
from helpers import events_of, truth
from rulesrun.interpreter.engine import events as ev
from uno.uno_helpers import A, B, C, deal_round, play, sizes, table
from uno_variant_helpers import random_round, uno, variant


def reverse_played(game, players):
    others = {seat: ["Y1", "Y2"] for seat in range(1, players)}
    state = table(game, players, hands={A: ["R-Rev", "R8", "B1"], **others}, discard=["R5"])
    play(state, "R-Rev")
    return state


def test_hr_13_1_with_two_players_a_reverse_only_flips_the_direction():
    state = reverse_played(variant("pure-reverse"), 2)
    assert truth(state).direction == -1 and state.current_player() == B
    assert events_of(state, ev.Skipped) == []


def test_hr_13_1_base_uno_9_1_a_two_player_reverse_acts_as_a_skip():
    state = reverse_played(uno(), 2)
    assert state.current_player() == A and [e.player for e in events_of(state, ev.Skipped)] == [B]


@pytest.mark.parametrize("name", ["pure-reverse", None])
def test_hr_13_1_with_three_players_a_reverse_is_unchanged(name):
    state = reverse_played(variant(name) if name else uno(), 3)
    assert truth(state).direction == -1 and state.current_player() == C


def test_hr_13_1_a_reverse_turned_up_first_still_gives_the_dealer_the_first_turn():
    """Decision: nobody played the first card (UNO-7.7), so UNO-9.5 stays as it is."""
    state = deal_round(variant("pure-reverse").new_state(2, 0), A, ["G-Rev"])
    assert state.current_player() == A and truth(state).direction == -1 and sizes(state) == [7, 7]


@pytest.mark.parametrize("players", [2, 3])
def test_hr_13_1_a_random_round_plays_to_its_end(players):
    state = random_round(variant("pure-reverse"), players, seed=3)
    assert truth(state).round == 2 or state.is_over()
