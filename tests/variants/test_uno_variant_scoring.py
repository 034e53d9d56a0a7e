"""Scoring house rules: UNO-A2 low-score scoring (uno/low-score) with the scenario check UNO-S23,
HR-11.4 single round (uno/single-round) and HR-12 partnership (uno/partners).

Each test sets up a position with the variant and shows what it changes against base UNO.
"""
from __future__ import annotations

import pytest
from helpers import truth
from rulesrun.interpreter import IllegalAction
from uno.uno_helpers import A, B, C, D, draw, play, table
from uno_variant_helpers import uno, variant, with_params


def s23(game, totals):
    """UNO-S23: A goes out; B holds 75 points, C holds 59."""
    state = table(game, 3, hands={A: ["R5"], B: ["R5", "G-Skip", "W"], C: ["B9", "WD4", "Y0"]},
                  discard=["R9"], variables={"score": list(totals)})
    play(state, "R5")
    return state


# ------------------------------------------------------------------ UNO-A2, UNO-S23

def test_uno_s23_by_default_the_winner_scores_the_other_hands_and_wins_the_game():
    state = s23(uno(), [400, 430, 300])
    assert state.is_over() and state.scores() == [534, 430, 300] and truth(state).winners == (A,)


def test_uno_s23_with_uno_a2_everyone_adds_their_own_hand_and_the_lowest_total_wins():
    state = s23(variant("low-score"), [400, 430, 300])
    assert state.is_over() and state.scores() == [400, 505, 359] and truth(state).winners == (C,)


def test_uno_s23_with_uno_a2_a_new_round_follows_while_nobody_reached_the_target():
    state = s23(variant("low-score"), [400, 400, 300])
    assert not state.is_over() and state.scores() == [400, 475, 359] and truth(state).round == 2


def test_uno_a2_players_tied_for_the_lowest_total_are_joint_winners():
    state = s23(variant("low-score"), [359, 430, 300])
    assert state.is_over() and state.scores() == [359, 505, 359] and truth(state).winners == (A, C)


def test_uno_a2_a_round_that_nobody_wins_adds_nothing():
    state = table(variant("low-score"), 2, hands={A: ["G1", "Y2"], B: ["B3", "G4"]}, discard=["R5"],
                  rest=("hand", B))  # UNO-S26: nothing can be drawn, and the round ends in a stalemate
    draw(state)
    draw(state)
    assert truth(state).round == 2 and state.scores() == [0, 0]


# ------------------------------------------------------------------ HR-11.4

def test_hr_11_4_the_first_player_to_go_out_wins_the_game_and_nothing_is_scored():
    state = s23(variant("single-round"), [0, 0, 0])
    assert state.is_over() and truth(state).winners == (A,) and state.scores() == [0, 0, 0]


def test_hr_11_4_in_base_uno_the_game_goes_on_to_500():
    state = s23(uno(), [0, 0, 0])
    assert not state.is_over() and state.scores() == [134, 0, 0]


def test_hr_11_4_a_round_that_nobody_wins_is_dealt_again():
    state = table(variant("single-round"), 2, hands={A: ["G1", "Y2"], B: ["B3", "G4"]}, discard=["R5"],
                  rest=("hand", B))  # UNO-S26: nothing can be drawn
    draw(state)
    draw(state)
    assert truth(state).round == 2 and not state.is_over()


# ------------------------------------------------------------------ HR-12

def partners_round(game, totals=(0, 0, 0, 0)):
    """A goes out; B holds 25 points, A's partner C holds 50, D holds 9."""
    state = table(game, 4, hands={A: ["R5"], B: ["R4", "G-Skip", "Y1"], C: ["W"], D: ["B9"]},
                  discard=["R9"], variables={"score": list(totals)})
    play(state, "R5")
    return state


def test_hr_12_1_partners_play_with_exactly_four_players():
    for players in (3, 5):
        with pytest.raises(IllegalAction):
            variant("partners").new_state(players, 0)
    assert truth(uno().new_state(5, 0)).players == 5


def test_hr_12_3_the_team_scores_the_opponents_hands_only():
    state = partners_round(variant("partners"))
    assert state.scores() == [25 + 9, 0, 25 + 9, 0]


def test_hr_12_3_count_partner_hand_adds_the_partners_cards(tmp_path):
    state = partners_round(with_params(tmp_path, "partners", count_partner_hand=True))
    assert state.scores() == [84, 0, 84, 0]


def test_hr_12_3_in_base_uno_the_winner_alone_scores_every_other_hand():
    assert partners_round(uno()).scores() == [84, 0, 0, 0]


def test_hr_12_4_the_team_that_reaches_the_target_wins_together():
    state = partners_round(variant("partners"), totals=(480, 300, 480, 300))
    assert state.is_over() and truth(state).winners == (A, C)
