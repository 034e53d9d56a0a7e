"""UNO Dice house rule DICE-H13: jump-in.

Each test plays the same position under the variant and under base UNO Dice.
"""
from __future__ import annotations

from dice.dice_lookup import A, B, C, Luck, dice_game, die, play, position, reroll
from helpers import act, action_names, truth
from rulesrun.interpreter import Game, State
from test_dice_variant_files import variant

HANDS = {A: ["N12=R3", "N17=B1", "N18=B1"], B: ["N19=B1", "N20=B1", "N16=B1"], C: ["N14=R3", "N03=G3", "N15=G5"]}


def after_a_plays(game: Game) -> State:
    """On N01=G3, A plays N12=R3; C holds N14=R3, the very same face."""
    state = position(game.new_state(3, seed=0), center="N01=G3", hands=HANDS)
    Luck(state, strict=False)
    play(state, "N12")
    return state


def test_dice_h13_a_player_with_the_same_face_jumps_in_and_the_skipped_player_loses_the_turn():
    """DICE-H13.1, DICE-H13.3: C jumps in before B begins; play goes on from C, so A is next."""
    state = after_a_plays(variant("jump-in"))
    assert state.current_player() == B and "jump_in" in action_names(state, C)
    act(state, "jump_in", C)
    assert state.current_player() == C and truth(state).phase == "jump"
    assert {a.get("die") for a in state.legal_actions() if a.name == "play"} == {die(state.game, "N14")}
    play(state, "N14")
    assert state.current_player() == A


def test_dice_h13_in_base_uno_dice_nobody_plays_out_of_turn():
    state = after_a_plays(dice_game())
    assert action_names(state, C) <= {"call_uno", "catch"}


def test_dice_h13_only_the_same_face_qualifies_and_not_for_the_player_who_just_played():
    """DICE-H13.1: same number in another colour is not enough; A may not jump in on A's own die."""
    state = after_a_plays(variant("jump-in"))
    assert "jump_in" not in action_names(state, A) and "jump_in" not in action_names(state, B)


def test_dice_h13_the_chance_ends_when_the_next_turn_begins():
    state = after_a_plays(variant("jump-in"))
    reroll(state)
    assert "jump_in" not in action_names(state, C)
