"""HR-11.3 fixed rounds (uno-dice/fixed-rounds) and HR-11.4 single round (uno-dice/single-round).

Each test plays the same position under the variant and under base UNO Dice: A goes out with N01
on N12=R3 while B holds 4 points and C 3 (DICE-13: A scores 7).
"""
from __future__ import annotations

from dice.dice_lookup import A, B, C, dice_game, play, position
from helpers import events_of, truth
from rulesrun.interpreter import Game, State
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine import position as engine_position
from test_dice_variant_files import variant

END_OF_ROUND = {A: ["N01=G3"], B: ["N04=B4"], C: ["N06=Y1", "N07=G2"]}


def last_die(game: Game, scores: list[int], round_number: int = 1) -> State:
    """A goes out in round `round_number`, the totals being `scores` before it."""
    state = position(game.new_state(3, seed=0), center="N12=R3", hands=END_OF_ROUND, variables={"score": scores})
    engine_position.adjust(state, round=round_number)
    play(state, "N01")
    return state


def test_hr_11_3_reaching_500_does_not_end_a_fixed_rounds_game():
    """HR-11.3 replaces DICE-14.1; the scoring of DICE-13 stays."""
    assert variant("fixed-rounds").params["rounds"] == 5
    state = last_die(variant("fixed-rounds"), [495, 0, 0])
    assert not state.is_over() and truth(state).round == 2 and state.scores()[A] == 502


def test_hr_11_3_in_base_uno_dice_500_ends_the_game():
    state = last_die(dice_game(), [495, 0, 0])
    assert state.is_over() and truth(state).winners == (A,)


def test_hr_11_3_the_last_round_ends_the_game_and_the_highest_total_wins():
    state = last_die(variant("fixed-rounds"), [0, 30, 12], round_number=5)
    assert state.is_over() and state.scores() == [7, 30, 12] and truth(state).winners == (B,)


def test_hr_11_3_equal_highest_totals_are_joint_winners():
    state = last_die(variant("fixed-rounds"), [0, 7, 2], round_number=5)
    assert state.is_over() and truth(state).winners == (A, B)


def test_hr_11_3_an_earlier_round_does_not_end_it():
    state = last_die(variant("fixed-rounds"), [0, 30, 12], round_number=4)
    assert not state.is_over() and truth(state).round == 5


def test_hr_11_4_the_first_player_to_go_out_wins_the_game_and_nothing_is_scored():
    state = last_die(variant("single-round"), [0, 0, 0])
    assert state.is_over() and truth(state).winners == (A,) and state.scores() == [0, 0, 0]
    assert events_of(state, ev.RoundEnded) == [ev.RoundEnded(A, (0, 0, 0))]


def test_hr_11_4_going_out_wins_even_behind_on_points():
    """The winner is the player who went out, not the highest total (the default of `winners`)."""
    state = last_die(variant("single-round"), [0, 300, 0])
    assert state.is_over() and truth(state).winners == (A,)


def test_hr_11_4_in_base_uno_dice_the_game_goes_on_to_500():
    state = last_die(dice_game(), [0, 0, 0])
    assert not state.is_over() and truth(state).round == 2 and state.scores() == [7, 0, 0]
