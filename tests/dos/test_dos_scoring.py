"""DOS-12 end of a round, DOS-13 scoring, DOS-14 end of the game."""
from __future__ import annotations

import pytest
from dos_cards import (A, B, C, D, catch, dos, draw, end_turn, hand, match, moves, pile, place, round_ended, row, sizes,
                       table, variant)
from helpers import truth
from rulesrun.interpreter import IllegalAction
from rulesrun.interpreter.engine import events as ev

NEAR_THE_END = {"score": [199, 0, 0]}  # any win ends the game, so the final position can be inspected


# ------------------------------------------------------------------ DOS-12 end of a round

def test_dos_12_1_the_round_ends_as_soon_as_a_hand_is_empty_after_a_match():
    state = table(3, hands={A: ["G5", "B8"], B: ["G3"], C: ["R3"]}, row=["R5", "B8"])
    match(state, "R5", "G5")
    assert round_ended(state) is None
    match(state, "B8", "B8")
    assert round_ended(state).winner == A
    assert truth(state).round == 2


def test_dos_12_1_the_round_ends_after_the_last_card_is_placed_as_a_bonus():
    state = table(3, hands={A: ["R5", "G9"], B: ["G3"], C: ["R3"]}, row=["R5", "B8"], draw=["Y3"],
                  variables=NEAR_THE_END)
    match(state, "R5", "R5")
    end_turn(state)
    place(state, "G9")
    assert round_ended(state).winner == A


def test_dos_12_2_going_out_with_a_double_colour_match_makes_the_others_draw_first():
    state = table(3, hands={A: ["Y4", "Y5"], B: ["R3"], C: ["G1"]}, row=["Y9", "R4"], draw=["B6", "R7"])
    match(state, "Y9", "Y4", "Y5")
    ended = round_ended(state)
    assert ended.winner == A and ended.scores == (3 + 6 + 1 + 7, 0, 0)
    drawn = [m for m in moves(state) if m[1] == "draw" and m[2].startswith("hand")]
    assert drawn[:2] == [("B6", "draw", "hand:B"), ("R7", "draw", "hand:C")]


def test_dos_12_2_one_card_each_per_double_colour_match_of_the_final_turn():
    state = table(3, hands={A: ["Y4", "Y5", "R1", "R3"], B: ["R3"], C: ["G1"]}, row=["Y9", "R4"],
                  draw=["B6", "R7", "G7", "Y6"], variables=NEAR_THE_END)
    match(state, "Y9", "Y4", "Y5")
    match(state, "R4", "R1", "R3")
    assert hand(state, B) == ["B6", "R3", "R7"] and hand(state, C) == ["G1", "G7", "Y6"]
    assert state.scores()[A] == 199 + (3 + 6 + 7) + (1 + 7 + 6)


def test_dos_12_2_going_out_by_a_bonus_placement_after_a_double_colour_match():
    state = table(3, hands={A: ["Y4", "Y5", "G9"], B: ["R3"], C: ["G1"]}, row=["Y9", "R4"], draw=["B3", "B6", "R7"],
                  variables=NEAR_THE_END)
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "G9")
    assert round_ended(state).winner == A
    assert hand(state, B) == ["B6", "R3"] and hand(state, C) == ["G1", "R7"]
    assert state.scores()[A] == 199 + (3 + 6) + (1 + 7)


def test_dos_12_3_going_out_by_a_match_skips_clearing_refill_and_owed_bonuses():
    state = table(3, hands={A: ["R5"], B: ["R3"], C: ["G1"]}, row=["R5", "B8"], draw=["Y3"], variables=NEAR_THE_END)
    match(state, "R5", "R5")  # a Single Colour Match: a bonus placement is owed, and lapses
    assert state.is_over()
    assert sorted(pile(state, "matched")) == ["R5", "R5"] and truth(state).zones["discard"] == []
    assert row(state) == ["B8"] and pile(state, "draw")[:1] == ["Y3"]
    assert sizes(state) == [0, 1, 1]


def test_dos_12_3_steps_already_done_stand_when_going_out_by_a_bonus_placement():
    state = table(3, hands={A: ["R5", "G9"], B: ["R3"], C: ["G1"]}, row=["R5", "B8"], draw=["Y3"],
                  variables=NEAR_THE_END)
    match(state, "R5", "R5")
    end_turn(state)
    place(state, "G9")
    assert state.is_over()
    assert row(state) == ["B8", "Y3", "G9"] and sorted(pile(state, "discard")) == ["R5", "R5"]


def test_dos_12_3_going_out_by_a_match_after_drawing_skips_clearing_and_refill():
    state = table(3, hands={A: ["Y3"], B: ["R3"], C: ["G1"]}, row=["R5", "B8"], draw=["B5", "Y1"],
                  variables=NEAR_THE_END)
    draw(state)
    match(state, "B8", "B5", "Y3")
    assert state.is_over()
    assert sorted(pile(state, "matched")) == ["B5", "B8", "Y3"] and truth(state).zones["discard"] == []
    assert row(state) == ["R5"]


def test_dos_12_4_the_round_is_then_scored():
    state = table(3, hands={A: ["R5"], B: ["R3", "W2"], C: ["G#"]}, row=["R5", "B8"])
    match(state, "R5", "R5")
    kinds = [type(e) for e in state.events]
    assert kinds.index(ev.RoundEnded) < kinds.index(ev.RoundStarted)
    assert round_ended(state).scores == (3 + 20 + 40, 0, 0)


def test_dos_12_5_nobody_is_caught_once_the_round_has_ended():
    """B is exposed when A goes out; C comes to two through the penalty draw: neither pays."""
    state = table(3, hands={A: ["Y4", "Y5"], B: ["R3", "G3"], C: ["G1"]}, row=["Y9", "R4"], draw=["B6", "R7"],
                  variables=NEAR_THE_END)
    match(state, "Y9", "Y4", "Y5")
    assert state.is_over() and state.legal_actions() == []
    with pytest.raises(IllegalAction):
        catch(state, A, C)
    assert sizes(state) == [0, 3, 2]
    assert state.scores()[A] == 199 + (3 + 3 + 6) + (1 + 7)


# ------------------------------------------------------------------ DOS-13 scoring

def test_dos_13_card_points():
    state = table(4, hands={A: ["R5"], B: ["R1", "B10", "Y3"], C: ["W2", "W2"], D: ["G#", "Y#", "G9"]},
                  row=["R5", "B8"])
    match(state, "R5", "R5")
    assert state.scores() == [(1 + 10 + 3) + (20 + 20) + (40 + 40 + 9), 0, 0, 0]


def test_dos_13_1_the_winner_scores_every_card_in_every_other_hand():
    state = table(4, hands={A: ["Y7", "G#"], B: ["Y1"], C: ["G6"], D: ["B10", "W2", "R3"]}, row=["R1", "R7"],
                  current=B)
    match(state, "R1", "Y1")
    assert round_ended(state).winner == B
    assert state.scores() == [0, (7 + 40) + 6 + (10 + 20 + 3), 0, 0]


def test_dos_13_2_only_the_winner_scores_and_scores_accumulate():
    state = table(3, hands={A: ["R5"], B: ["R3"], C: ["G9"]}, row=["R5", "B8"], variables={"score": [50, 30, 20]})
    match(state, "R5", "R5")
    assert state.scores() == [62, 30, 20]
    assert truth(state).round == 2 and not state.is_over()


# ------------------------------------------------------------------ DOS-14 end of the game

def test_dos_14_1_a_round_winner_reaching_200_wins_the_game():
    state = table(3, hands={A: ["R5"], B: ["B10"], C: ["G#"]}, row=["R5", "B8"], variables={"score": [150, 195, 0]})
    match(state, "R5", "R5")
    assert state.is_over() and truth(state).winners == (A,)
    assert state.scores() == [200, 195, 0]
    (ended,) = [e for e in state.events if isinstance(e, ev.GameEnded)]
    assert ended.winners == (A,)


def test_dos_14_2_below_200_a_new_round_is_set_up():
    state = table(3, hands={A: ["R5"], B: ["B10"], C: ["G#"]}, row=["R5", "B8"], variables={"score": [140, 195, 0]},
                  dealer=C)
    match(state, "R5", "R5")
    assert not state.is_over() and state.scores() == [190, 195, 0]
    assert truth(state).round == 2 and truth(state).dealer == A and state.current_player() == B
    assert sizes(state) == [7, 7, 7] and len(row(state)) == 2


def test_dos_14_3_the_target_is_the_target_score_parameter(tmp_path):
    assert dos().params["target_score"] == 200
    short = variant(tmp_path, target_score=50)
    state = table(3, game=short, hands={A: ["R5"], B: ["B10"], C: ["G#"]}, row=["R5", "B8"])
    match(state, "R5", "R5")
    assert state.is_over() and state.scores() == [50, 0, 0]
