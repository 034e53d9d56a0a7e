"""HR-10.2 call before playing in UNO Dice (uno-dice/call-before-playing): the UNO call counts only if
made before, or together with, the play that leaves one die; DICE-11.2's call after the play is gone.

Each test plays the same position under the variant and under base UNO Dice.
"""
from __future__ import annotations

import functools

from dice.dice_lookup import (A, B, C, Luck, call_uno, catch, dice_game, die, hand, play, position, proceed,
                              refused_die, sizes)
from helpers import act, action_names
from rulesrun.interpreter import Game, State, load_game

OTHERS = {B: ["N02=Y2", "N03=G3"], C: ["N06=Y1", "N07=G2", "N08=B3", "N09=R4"]}


@functools.cache
def before() -> Game:
    return load_game("uno-dice/call-before-playing")


def start(game: Game, held: list[str], players: int = 3) -> State:
    hands = {seat: dice for seat, dice in {A: held, **OTHERS}.items() if seat < players}
    state = position(game.new_state(players, seed=0), center="N12=R3", hands=hands)
    Luck(state, strict=False)
    return state


def catchable(state: State, target: int) -> bool:
    return any(a.name == "catch" and a.get("target") == target for a in state.legal_actions())


def test_hr_10_2_a_call_before_the_play_protects_the_player():
    state = start(before(), ["N13=R3", "N17=B1"])
    call_uno(state, by=A)
    play(state, "N13")
    assert hand(state, A) == ["N17=B1"] and state.current_player() == B and not catchable(state, A)


def test_hr_10_2_a_call_with_the_play_still_counts():
    state = start(before(), ["N13=R3", "N17=B1"])
    act(state, "play", die=die(state.game, "N13"), call=True)
    assert not catchable(state, A)


def test_hr_10_2_a_call_after_the_play_counts_as_missing():
    """The call DICE-11.2 allows right after the play is not offered; the catch of DICE-11.3 stands."""
    state = start(before(), ["N13=R3", "N17=B1"])
    play(state, "N13")
    assert "call_uno" not in action_names(state, A) and catchable(state, A)
    refused_die(state, lambda: call_uno(state, by=A))
    catch(state, by=B, target=A)
    assert sizes(state)[A] == 3


def test_hr_10_2_in_base_uno_dice_a_call_after_the_play_protects_the_player():
    state = start(dice_game(), ["N13=R3", "N17=B1"])
    play(state, "N13")
    call_uno(state, by=A)
    assert not catchable(state, A)


def test_hr_10_2_no_call_in_the_wild_draw_four_window_after_the_play():
    """The player is still to move while the Wild Draw Four waits, but the play is made: too late."""
    state = start(before(), ["WD4", "N17=B1"])
    play(state, "WD4", colour="blue")
    assert state.current_player() == A and "call_uno" not in action_names(state, A)
    proceed(state)
    assert catchable(state, A)


def test_hr_10_2_in_base_uno_dice_a_call_in_the_wild_draw_four_window_counts():
    state = start(dice_game(), ["WD4", "N17=B1"])
    play(state, "WD4", colour="blue")
    call_uno(state, by=A)
    proceed(state)
    assert not catchable(state, A)


def test_hr_10_2_a_call_in_the_next_turn_does_not_repair_the_omission():
    """Two players: A's Skip leaves one die and gives A another turn; a call there counts for that turn only."""
    state = start(before(), ["C3=R-Skip", "N17=B1"], players=2)
    play(state, "C3")
    assert state.current_player() == A and catchable(state, A)
    call_uno(state, by=A)
    assert catchable(state, A)
    catch(state, by=B, target=A)
    assert sizes(state)[A] == 3


def test_hr_10_2_in_base_uno_dice_a_call_in_the_next_turn_still_repairs_it():
    state = start(dice_game(), ["C3=R-Skip", "N17=B1"], players=2)
    play(state, "C3")
    call_uno(state, by=A)
    assert not catchable(state, A)


def test_hr_10_2_only_the_player_to_move_may_call():
    state = start(before(), ["N13=R3", "N17=B1"])
    assert "call_uno" not in action_names(state, B)  # B holds two dice but it is not B's turn
    refused_die(state, lambda: call_uno(state, by=B))
