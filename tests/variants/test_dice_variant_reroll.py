"""UNO Dice house rule DICE-H11: selective re-roll.

Each test plays the same position under the variant and under base UNO Dice.
"""
from __future__ import annotations

from dice.dice_lookup import A, Luck, dice_game, die, hand, offered, position, reroll
from helpers import act, action_names, truth
from rulesrun.interpreter import Game, State
from test_dice_variant_files import variant

HELD = ["N17=B1", "N07=G2", "N08=G2"]


def start(game: Game) -> State:
    return position(game.new_state(3, seed=0), center="N12=R3", hands={A: HELD})


def test_dice_h11_only_the_chosen_dice_are_rolled():
    """DICE-H11.1: A rolls N07 alone; N17 and N08 keep their faces; the re-rolled die may be played."""
    state = start(variant("selective-reroll"))
    luck = Luck(state, rolls={"N07": "f4"})
    reroll(state)
    assert "roll_marked" not in action_names(state, A)  # at least one die
    act(state, "mark", die=die(state.game, "N07"))
    assert {a.get("die") for a in state.legal_actions() if a.name == "mark"} == {die(state.game, n) for n in ("N17", "N08")}
    act(state, "roll_marked")
    luck.done()
    assert hand(state, A) == ["N07=R4", "N08=G2", "N17=B1"] and truth(state).phase == "roll_b" and offered(state) == {"N07"}


def test_dice_h11_in_base_uno_dice_the_whole_hand_is_rolled():
    state = start(dice_game())
    luck = Luck(state, rolls={"N07": "f4", "N17": "f1", "N08": "f2"})
    reroll(state)
    luck.done()  # every die of the hand was rolled
    assert truth(state).phase == "roll_b"
