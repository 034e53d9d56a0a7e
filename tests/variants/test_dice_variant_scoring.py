"""UNO Dice house rules about scoring and the end of the game: DICE-H1 and DICE-H17.

Each test plays the same position under the variant and under base UNO Dice.
"""
from __future__ import annotations

from dice.dice_lookup import A, B, C, dice_game, play, position
from helpers import truth
from rulesrun.interpreter import Game, State
from test_dice_variant_files import variant

END_OF_ROUND = {A: ["N01=G3"], B: ["N04=B4"], C: ["N06=Y1", "N07=G2"]}


def last_die(game: Game, scores: list[int]) -> State:
    """A goes out with N01 on N12=R3; B holds 4 points, C 3 points."""
    state = position(game.new_state(3, seed=0), center="N12=R3", hands=END_OF_ROUND, variables={"score": scores})
    play(state, "N01")
    return state


def test_dice_h1_short_game_ends_at_200():
    """DICE-H1.1: 200 replaces 500 as the target."""
    assert variant("short-game").params["target_score"] == 200
    state = last_die(variant("short-game"), [195, 0, 0])
    assert state.is_over() and truth(state).winners == (A,) and truth(state).variables["score"][A] == 202


def test_dice_h1_in_base_uno_dice_202_points_do_not_end_the_game():
    state = last_die(dice_game(), [195, 0, 0])
    assert not state.is_over() and truth(state).variables["score"][A] == 202


def test_dice_h17_losers_add_their_own_hands_and_the_winner_adds_nothing():
    """DICE-H17.1 replaces DICE-13.1: each player but the winner adds their own hand's points."""
    state = last_die(variant("penalty-scoring"), [10, 20, 30])
    assert truth(state).variables["score"] == [10, 24, 33] and not state.is_over()


def test_dice_h17_in_base_uno_dice_the_winner_scores_the_other_hands():
    state = last_die(dice_game(), [10, 20, 30])
    assert truth(state).variables["score"] == [17, 20, 30]


def test_dice_h17_a_total_at_the_target_ends_the_game_and_the_lowest_total_wins():
    """DICE-H17.1 replaces DICE-14.1: the player who reached the target loses; the lowest total wins."""
    state = last_die(variant("penalty-scoring"), [40, 100, 498])
    assert state.is_over() and truth(state).variables["score"] == [40, 104, 501] and truth(state).winners == (A,)


def test_dice_h17_players_tied_for_the_lowest_total_are_joint_winners():
    state = last_die(variant("penalty-scoring"), [4, 0, 498])
    assert state.is_over() and truth(state).winners == (A, B)
