"""DOS house rules about how long a game lasts: HR-11.3 (dos/fixed-rounds) and HR-11.4 (dos/single-round).

Each test sets up a position with the variant and shows what it changes against base DOS.
"""
from __future__ import annotations

import functools

import pytest
from dos.dos_cards import A, B, C, dos, match, round_ended, table
from helpers import truth
from rulesrun.interpreter import Game, load_game
from rulesrun.interpreter.engine import position
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out


@functools.cache
def variant(name: str) -> Game:
    return load_game(f"dos/{name}")


# DOS-S23: A goes out with R5 on R5; B holds 3 + 10 + 20 = 33 points and C 40 + 1 = 41, 74 in all.
S23 = {"hands": {A: ["R5"], B: ["R3", "B10", "W2"], C: ["G#", "Y1"]}, "row": ["R5", "B8"]}


def going_out(game: Game, scores, round_number: int = 1):
    """A goes out in round `round_number`, with the totals `scores` before it."""
    state = table(3, game=game, **S23, variables={"score": scores})
    position.adjust(state, round=round_number)
    match(state, "R5", "R5")
    return state


# ------------------------------------------------------------------ HR-11.3 fixed rounds

def test_hr_11_3_reaching_the_target_does_not_end_a_fixed_rounds_game():
    assert going_out(dos(), [130, 0, 0]).is_over()  # DOS-14.1: 204 points win
    state = going_out(variant("fixed-rounds"), [130, 0, 0])
    assert not state.is_over() and truth(state).round == 2 and state.scores() == [204, 0, 0]


def test_hr_11_3_before_the_last_round_the_game_goes_on():
    state = going_out(variant("fixed-rounds"), [0, 0, 0], round_number=4)
    assert not state.is_over() and truth(state).round == 5


def test_hr_11_3_the_last_round_ends_the_game_and_the_highest_total_wins():
    state = going_out(variant("fixed-rounds"), [0, 100, 30], round_number=5)
    assert state.is_over() and state.scores() == [74, 100, 30] and truth(state).winners == (B,)
    base = going_out(dos(), [0, 100, 30], round_number=5)
    assert not base.is_over()  # base DOS plays on until somebody reaches 200


def test_hr_11_3_equal_highest_totals_are_joint_winners():
    state = going_out(variant("fixed-rounds"), [0, 74, 10], round_number=5)
    assert state.is_over() and truth(state).winners == (A, B)


def test_hr_11_3_the_number_of_rounds_is_a_parameter_and_there_is_no_target():
    assert variant("fixed-rounds").params["rounds"] == 5
    assert "target_score" not in variant("fixed-rounds").params and dos().params["target_score"] == 200


# ------------------------------------------------------------------ HR-11.4 single round

def test_hr_11_4_the_first_player_to_go_out_wins_the_game_and_no_points_are_counted():
    state = going_out(variant("single-round"), [0, 0, 0])
    assert state.is_over() and truth(state).winners == (A,)
    assert round_ended(state).scores == (0, 0, 0) and state.scores() == [0, 0, 0]


def test_hr_11_4_in_base_dos_going_out_scores_and_the_game_goes_on():
    state = going_out(dos(), [0, 0, 0])
    assert not state.is_over() and truth(state).round == 2 and state.scores() == [74, 0, 0]


def test_hr_11_4_the_winner_wins_alone_whatever_the_totals_say():
    state = going_out(variant("single-round"), [0, 150, 0])
    assert truth(state).winners == (A,)


# ------------------------------------------------------------------ random rounds

@pytest.mark.parametrize("players", [2, 3])
def test_hr_11_4_a_random_single_round_game_ends_after_one_round(players):
    state = play_out(variant("single-round").new_state(players, seed=3),
                     [RandomBot(3 + seat) for seat in range(players)])
    assert state.is_over() and truth(state).round == 1 and len(truth(state).winners) == 1


@pytest.mark.parametrize("players", [2, 3])
def test_hr_11_3_a_random_round_of_fixed_rounds_ends(players):
    state = play_out(variant("fixed-rounds").new_state(players, seed=3),
                     [RandomBot(3 + seat) for seat in range(players)], single_round=True)
    assert truth(state).round == 2 and not state.is_over()
