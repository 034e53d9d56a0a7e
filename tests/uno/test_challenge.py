"""UNO-6 challenging a Wild Draw Four."""
from __future__ import annotations

import pytest
from helpers import action_names, refused, truth
from uno_helpers import A, B, C, D, accept, catch, challenge, hand, play, sizes, table

OTHERS = {B: ["Y1", "Y2", "Y3", "Y4", "Y5"], C: ["Y6", "Y7"], D: ["Y8", "Y9"]}


def wd4_played(uno, held, colour="blue", players=4, **position):
    """A has played a Wild Draw Four (naming `colour`) from `held` onto a red 7; B must answer."""
    hands = {seat: cards for seat, cards in OTHERS.items() if seat < players}
    state = table(uno, players, hands={A: ["WD4", *held], **hands}, discard=["R7"], **position)
    play(state, "WD4", colour=colour)
    return state


def test_uno_6_1_only_the_player_who_would_draw_may_challenge(uno):
    state = wd4_played(uno, ["B5", "G5"])
    assert state.current_player() == B and {"challenge", "accept"} <= action_names(state, B)
    for seat in (A, C, D):
        refused(state, lambda: challenge(state, by=seat))


def test_uno_6_1_the_decision_comes_before_drawing(uno):
    state = wd4_played(uno, ["B5", "G5"])
    assert sizes(state)[B] == 5  # nothing drawn yet
    assert action_names(state, B) == {"challenge", "accept"}


def test_uno_6_1_drawing_the_four_gives_up_the_challenge(uno):
    state = wd4_played(uno, ["R5", "G5"])
    accept(state)
    assert sizes(state)[B] == 9
    refused(state, lambda: challenge(state, by=B))
    assert "challenge" not in action_names(state, state.current_player())


def test_uno_6_2_guilty_when_the_hand_after_the_play_holds_the_previous_active_colour(uno):
    state = wd4_played(uno, ["R2", "B5"])
    challenge(state)
    assert sizes(state)[A] == 2 + 4


def test_uno_6_2_cards_received_after_the_play_do_not_count(uno):
    # A keeps only a blue 5 (legitimate), forgets to call UNO and is caught: the two penalty cards
    # are red, but they came after the Wild Draw Four, so the challenge still fails.
    state = table(uno, hands={A: ["WD4", "B5"], **OTHERS}, discard=["R7"], draw=["R1", "R2"])
    play(state, "WD4", colour="green", call=False)
    catch(state, C, A)
    assert hand(state, A) == ["B5", "R1", "R2"]
    challenge(state)
    assert sizes(state)[B] == 5 + 6
    assert sizes(state)[A] == 3


def test_uno_6_2_the_challenged_hand_is_shown_to_the_challenger(uno):
    state = wd4_played(uno, ["B5", "G5"])
    challenge(state)
    assert state.view(B).zones["hand"][A] == truth(state).zones["hand"][A]


def test_uno_6_3_a_successful_challenge_moves_the_penalty_to_the_bluffer(uno):
    state = wd4_played(uno, ["R2", "B5"], colour="blue")
    challenge(state)
    assert sizes(state) == [6, 5, 2, 2]
    assert state.current_player() == B
    assert action_names(state, B) == {"draw"}  # a normal turn; B holds no blue card
    assert truth(state).variables["active_colour"] == "blue"


def test_uno_6_3_the_challenger_then_plays_normally(uno):
    state = table(uno, hands={A: ["WD4", "R2", "B5"], B: ["B1", "Y1"]}, discard=["R7"])
    play(state, "WD4", colour="blue")
    challenge(state)
    play(state, "B1", call=True)
    assert state.current_player() == C


def test_uno_6_4_a_failed_challenge_costs_six_cards_and_the_turn(uno):
    state = wd4_played(uno, ["B7", "W"], colour="green")
    challenge(state)
    assert sizes(state) == [2, 11, 2, 2]
    assert state.current_player() == C
    assert truth(state).variables["active_colour"] == "green"


def test_uno_6_5_no_challenge_draws_four_and_loses_the_turn(uno):
    state = wd4_played(uno, ["R2", "B5"], colour="yellow")
    accept(state)
    assert sizes(state) == [2, 9, 2, 2]
    assert state.current_player() == C
    assert truth(state).variables["active_colour"] == "yellow"


def test_uno_6_6_a_last_card_wild_draw_four_cannot_be_challenged(uno):
    state = table(uno, hands={A: ["WD4"], **OTHERS}, discard=["R7"], draw=["G1", "G2", "G3", "G4"])
    play(state, "WD4")
    assert truth(state).round == 2  # the round is over: nothing is left to challenge
    assert state.scores()[A] == 15 + 13 + 17 + 10  # B's five yellows and the four green cards


@pytest.mark.parametrize("card,colour", [("W", "blue"), ("R-D2", None), ("R-Skip", None), ("R3", None)])
def test_uno_6_7_only_a_wild_draw_four_can_be_challenged(uno, card, colour):
    state = table(uno, hands={A: [card, "B5", "G5"], **OTHERS}, discard=["R7"])
    play(state, card, colour=colour)
    for seat in range(4):
        assert "challenge" not in action_names(state, seat)
    refused(state, lambda: challenge(state))


def test_uno_6_7_other_players_learn_only_the_outcome(uno):
    state = wd4_played(uno, ["B5", "G5"])
    challenge(state)
    for seat in (C, D):
        view = state.view(seat)
        assert set(view.zones["hand"][A]) == {None}
        assert "guilty" not in view.variables
