"""HR-12 partnership play for UNO Dice (uno-dice/partners): seats 1+3 and 2+4 score as teams."""
from __future__ import annotations

from dice.dice_lookup import A, B, C, D, dice_game, play, position
from helpers import truth
from rulesrun.interpreter import load_game
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out

HANDS = {A: ["N01=G3"], B: ["N04=B4"], C: ["N06=Y1", "N07=G2"], D: ["N05=Y6"]}


def variant():
    return load_game("uno-dice/partners")


def last_die(game, scores=(0, 0, 0, 0)):
    """A goes out with N01 on N12=R3; B holds 4 points, C (A's partner) 3, D 6."""
    state = position(game.new_state(4, seed=0), center="N12=R3", hands=HANDS, variables={"score": list(scores)})
    play(state, "N01")
    return state


def test_hr_12_1_the_variant_is_for_four_players_only():
    assert (variant().min_players, variant().max_players) == (4, 4)


def test_hr_12_3_base_uno_dice_scores_every_other_hand_for_the_winner_alone():
    assert truth(last_die(dice_game())).variables["score"] == [4 + 3 + 6, 0, 0, 0]


def test_hr_12_3_hr_12_4_both_partners_score_the_opponents_hands_only():
    assert truth(last_die(variant())).variables["score"] == [4 + 6, 0, 4 + 6, 0]


def test_hr_12_4_the_team_reaching_the_target_wins_together():
    state = last_die(variant(), (495, 0, 495, 0))
    assert state.is_over() and set(truth(state).winners) == {A, C}


def test_hr_12_a_random_round_plays_to_its_end():
    state = play_out(variant().new_state(4, 3), [RandomBot(3 + seat) for seat in range(4)], single_round=True)
    assert truth(state).round == 2 or state.is_over()
