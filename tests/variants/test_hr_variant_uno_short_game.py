"""HR-11.1 target score (uno/short-game): the game ends when a total reaches 200 instead of 500 (UNO-13.3)."""
from __future__ import annotations

from helpers import truth
from uno.uno_helpers import A, B, play, table
from uno_variant_helpers import random_round, uno, variant


def finish_round(game, scores):
    """A goes out on the red 5; B's green 9 and blue 9 score 18 for A."""
    state = table(game, 2, hands={A: ["R5"], B: ["G9", "B9"]}, discard=["R3"], variables={"score": scores})
    play(state, "R5")
    return state


def test_hr_11_1_reaching_200_ends_the_short_game():
    state = finish_round(variant("short-game"), [190, 0])
    assert state.is_over() and truth(state).winners == (A,) and state.scores()[A] == 208


def test_hr_11_1_in_base_uno_208_points_do_not_end_the_game():
    state = finish_round(uno(), [190, 0])
    assert not state.is_over() and truth(state).round == 2


def test_hr_11_1_a_random_round_plays_to_its_end():
    state = random_round(variant("short-game"), 3, seed=5)
    assert truth(state).round == 2 or state.is_over()
