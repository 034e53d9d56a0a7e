"""UNO-9 two players (UNO-9.5, the first card, is in test_first_card.py)."""
from __future__ import annotations

from helpers import action_names, events_of, truth
from rulesrun.interpreter.engine import events as ev
from uno_helpers import A, B, accept, challenge, draw, offered, play, sizes, table, top

B_HAND = ["Y1", "Y2", "Y3", "Y4", "Y5"]


def duel(uno, a_hand, **position):
    return table(uno, 2, hands={A: a_hand, B: B_HAND}, discard=["R5"], **position)


def test_uno_9_1_a_reverse_acts_as_a_skip(uno):
    state = duel(uno, ["R-Rev", "R8", "B1"])
    play(state, "R-Rev")
    assert state.current_player() == A
    assert [e.player for e in events_of(state, ev.Skipped)] == [B]
    assert sizes(state)[B] == 5


def test_uno_9_2_a_skip_gives_another_turn(uno):
    state = duel(uno, ["R-Skip", "R8", "B1"])
    play(state, "R-Skip")
    assert state.current_player() == A and top(state) == "R-Skip"


def test_uno_9_3_draw_two_the_opponent_draws_and_the_player_goes_again(uno):
    state = duel(uno, ["R-D2", "R8", "B1"])
    play(state, "R-D2")
    assert sizes(state)[B] == 7
    assert state.current_player() == A


def test_uno_9_3_wild_draw_four_accepted_the_player_goes_again(uno):
    state = duel(uno, ["WD4", "R8", "B1"])
    play(state, "WD4", colour="green")
    assert state.current_player() == B
    accept(state)
    assert sizes(state)[B] == 9
    assert state.current_player() == A and truth(state).variables["active_colour"] == "green"


def test_uno_9_3_after_a_successful_challenge_the_challenger_plays(uno):
    state = duel(uno, ["WD4", "R8", "B1"])
    play(state, "WD4", colour="yellow")
    challenge(state)
    assert sizes(state) == [6, 5]
    assert state.current_player() == B
    play(state, "Y1")
    assert state.current_player() == A


def test_uno_9_3_after_a_failed_challenge_the_wild_draw_four_player_goes_again(uno):
    state = duel(uno, ["WD4", "B1", "G2"])
    play(state, "WD4", colour="green")
    challenge(state)
    assert sizes(state) == [2, 11]
    assert state.current_player() == A


def test_uno_9_4_an_extra_turn_is_a_complete_normal_turn(uno):
    state = duel(uno, ["R-Rev", "R8", "G-Rev", "B1"], draw=["B7"])
    play(state, "R-Rev")
    assert action_names(state, A) == {"play", "draw"}
    assert offered(state) == {"R8", "G-Rev"}  # any card playable on the new top card
    draw(state)  # a voluntary draw is allowed too; the blue 7 does not fit, so the turn ends
    assert state.current_player() == B
