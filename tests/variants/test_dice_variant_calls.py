"""UNO Dice house rules about hands and calls: DICE-H14 (six-one) and DICE-H19 (false call).

Each test plays the same position under the variant and under base UNO Dice.
"""
from __future__ import annotations

from dice.dice_lookup import A, B, C, Luck, call_uno, dice_game, die, hand, play, position, refused_die, sizes
from helpers import act, action_names, truth
from rulesrun.interpreter import Game, State
from test_dice_variant_files import variant

OTHERS = {B: ["N02=Y2", "N03=G3"], C: ["N06=Y1", "N07=G2", "N08=B3", "N09=R4"]}


def start(game: Game, held: list[str]) -> State:
    state = position(game.new_state(3, seed=0), center="N12=R3", hands={A: held, **OTHERS})
    Luck(state, strict=False)
    return state


# ------------------------------------------------------------------ DICE-H14 six-one

def test_dice_h14_a_six_swaps_hands_with_a_chosen_player():
    """DICE-H14.1: A plays a 6 and exchanges hands with C; faces are unchanged."""
    state = start(variant("six-one"), ["N16=R6", "N17=B1", "N18=B1"])
    play(state, "N16")
    assert state.current_player() == A and action_names(state, A) >= {"swap_hands"}
    act(state, "swap_hands", target=C)
    assert hand(state, A) == ["N06=Y1", "N07=G2", "N08=B3", "N09=R4"] and hand(state, C) == ["N17=B1", "N18=B1"]
    assert state.current_player() == B


def test_dice_h14_in_base_uno_dice_a_six_does_nothing():
    state = start(dice_game(), ["N16=R6", "N17=B1", "N18=B1"])
    play(state, "N16")
    assert state.current_player() == B and hand(state, A) == ["N17=B1", "N18=B1"]


def test_dice_h14_a_one_passes_every_hand_on_in_the_direction_of_play():
    """DICE-H14.2: every hand moves to the next player to the left."""
    state = start(variant("six-one"), ["N01=R1", "N17=B1", "N18=B1"])
    play(state, "N01")
    assert hand(state, B) == ["N17=B1", "N18=B1"] and hand(state, C) == ["N02=Y2", "N03=G3"]
    assert hand(state, A) == ["N06=Y1", "N07=G2", "N08=B3", "N09=R4"] and state.current_player() == B


def test_dice_h14_a_last_die_exchanges_nothing():
    """DICE-H14.3: going out with a 6 ends the round; no exchange happens."""
    state = start(variant("six-one"), ["N16=R6"])
    play(state, "N16")
    assert truth(state).round == 2 or state.is_over()


def test_dice_h14_the_call_is_judged_on_the_hand_held_after_the_exchange():
    """DICE-H14.4: A plays a 6 from two dice without calling, takes B's two dice and owes nothing."""
    state = start(variant("six-one"), ["N16=R6", "N17=B1"])
    act(state, "play", die=die(state.game, "N16"), call=False)
    act(state, "swap_hands", target=B)
    assert sizes(state)[A] == 2 and not any(truth(state).variables["owes"])
    base = start(dice_game(), ["N16=R6", "N17=B1"])
    act(base, "play", die=die(base.game, "N16"), call=False)
    assert truth(base).variables["owes"][A]


# ------------------------------------------------------------------ DICE-H19 false call

def test_dice_h19_a_call_when_none_is_due_costs_two_dice_at_the_end_of_the_turn():
    """DICE-H19.1: A calls with three dice, plays one and holds two: A draws two."""
    state = start(variant("false-call"), ["N13=R3", "N17=B1", "N18=B1"])
    call_uno(state, by=A)
    assert sizes(state)[A] == 3
    play(state, "N13")
    assert sizes(state)[A] == 4 and state.current_player() == B


def test_dice_h19_in_base_uno_dice_no_call_can_be_made_with_three_dice():
    state = start(dice_game(), ["N13=R3", "N17=B1", "N18=B1"])
    assert "call_uno" not in action_names(state, A)
    refused_die(state, lambda: call_uno(state, by=A))


def test_dice_h19_a_due_call_costs_nothing():
    state = start(variant("false-call"), ["N13=R3", "N17=B1"])
    call_uno(state, by=A)
    play(state, "N13")
    assert sizes(state)[A] == 1 and state.current_player() == B


def test_dice_h19_calling_before_going_out_costs_nothing():
    state = start(variant("false-call"), ["N13=R3"])
    call_uno(state, by=A)
    play(state, "N13")
    assert truth(state).round == 2 or state.is_over()
    assert truth(state).variables["score"][A] > 0
