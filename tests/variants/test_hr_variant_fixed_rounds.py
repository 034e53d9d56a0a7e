"""HR-11.3 fixed rounds (uno/fixed-rounds): the game lasts exactly `rounds` rounds, highest total wins."""
from __future__ import annotations

from helpers import truth
from rulesrun.interpreter.engine import position
from uno.uno_helpers import A, B, play, table
from uno_variant_helpers import random_round, uno, variant

HANDS = {A: ["R5"], B: ["G9", "B9"]}


def finish_round(game, scores, round_number=1):
    """A goes out on the red 5 in round `round_number`, with the totals `scores` before it."""
    state = table(game, 2, hands=HANDS, discard=["R3"], variables={"score": scores})
    position.adjust(state, round=round_number)
    play(state, "R5")
    return state


def test_hr_11_3_reaching_the_target_does_not_end_a_fixed_rounds_game():
    assert finish_round(uno(), [490, 0]).is_over()
    state = finish_round(variant("fixed-rounds"), [490, 0])
    assert not state.is_over() and truth(state).round == 2 and state.scores()[A] == 508


def test_hr_11_3_the_last_round_ends_the_game_and_the_highest_total_wins():
    state = finish_round(variant("fixed-rounds"), [0, 30], round_number=5)
    assert state.is_over() and truth(state).winners == (B,)


def test_hr_11_3_equal_highest_totals_are_joint_winners():
    state = finish_round(variant("fixed-rounds"), [0, 18], round_number=5)
    assert state.is_over() and set(truth(state).winners) == {A, B}


def test_hr_11_3_a_random_round_plays_to_its_end():
    state = random_round(variant("fixed-rounds"), 3, seed=7)
    assert truth(state).round == 2 or state.is_over()
