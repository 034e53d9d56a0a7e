"""Turn order and the three phases of a turn: DICE-4 and DICE-6."""
from __future__ import annotations

import pytest
from dice_lookup import (LEFT, RIGHT, A, B, C, D, Luck, assert_conserved, center, draw, hand, keep, offered, play,
                         refused_die, reroll, sizes, table)
from helpers import act, action_names, events_of, truth
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine.state import inspect

# ------------------------------------------------------------ DICE-4 turn order and direction

@pytest.mark.parametrize(("direction", "after"), [(LEFT, B), (RIGHT, D)])
def test_dice_4_1_left_is_seat_plus_one_right_is_seat_minus_one(direction: int, after: int) -> None:
    """DICE-4.1: with four players, after A's turn comes B going left and D going right."""
    state = table(players=4, center="N12=R3", hands={A: ["N13=R3", "N17=B1"]}, direction=direction)
    play(state, "N13")
    assert state.current_player() == after


@pytest.mark.parametrize(("seat", "after"), [(C, D), (D, A)])
def test_dice_4_1_seats_wrap_round(seat: int, after: int) -> None:
    """DICE-4.1: seat numbers are taken modulo the number of players."""
    state = table(players=4, center="N12=R3", hands={seat: ["N13=R3", "N17=B1"]}, current=seat)
    play(state, "N13")
    assert state.current_player() == after


def test_dice_4_2_the_turn_passes_to_the_next_player_after_phase_c() -> None:
    """DICE-4.2: a turn that ends without a play passes to the next player too."""
    state = table(center="N12=R3", hands={A: ["N02=Y2", "N17=B1"]}, bag=["N14"])
    Luck(state, draws=["N14"], rolls={"N02": "f2", "N17": "f1", "N14": "f3"})
    reroll(state)
    draw(state)
    keep(state)
    assert state.current_player() == B and hand(state, A) == ["N02=Y2", "N14=R3", "N17=B1"]


def test_dice_4_3_losing_a_turn_does_not_carry_over() -> None:
    """DICE-4.3: B is passed over once; after C's ordinary play D is not passed over."""
    state = table(players=4, center="N11=G1", hands={A: ["C1=G-Skip", "N20=B1"], C: ["N06=G2", "N18=R2"]})
    play(state, "C1")
    assert [e.player for e in events_of(state, ev.Skipped)] == [B] and state.current_player() == C
    play(state, "N06")
    assert state.current_player() == D


@pytest.mark.parametrize(("held", "colour"), [
    ("C3=R-Skip", None), ("C1=R-D2", None), ("WILD", "blue"), ("N13=R3", None)])
def test_dice_4_4_only_reverse_changes_the_direction(held: str, colour: str | None) -> None:
    """DICE-4.4: Skip, Draw Two, Wild and number dice leave the direction as it is."""
    state = table(players=4, center="N12=R3", hands={A: [held, "N17=B1"]})
    Luck(state, strict=False)
    play(state, held.split("=")[0], colour=colour)
    assert truth(state).direction == LEFT and not events_of(state, ev.DirectionChanged)


def test_dice_4_4_wild_draw_four_leaves_the_direction() -> None:
    """DICE-4.4: a Wild Draw Four does not change the direction either."""
    state = table(center="N12=R3", hands={A: ["WD4", "N17=B1"]}, bag_size=6)
    Luck(state, strict=False)
    play(state, "WD4", colour="blue")
    act(state, "proceed")
    assert truth(state).direction == LEFT and state.current_player() == C


def test_dice_4_5_a_turn_begins_with_its_first_action() -> None:
    """DICE-4.5: B's turn has not begun until B plays or re-rolls; a claim does not begin it."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1"], B: ["N11=G1", "N17=B1"]}, bag_size=9)
    Luck(state, strict=False)
    play(state, "N01")
    assert state.current_player() == B and not inspect(state).turn_begun
    act(state, "catch", B, target=A)
    assert not inspect(state).turn_begun and truth(state).phase == "roll_a"
    reroll(state)
    assert inspect(state).turn_begun


# ------------------------------------------------------------ DICE-6 turn structure

def test_dice_6_1_phase_a_play_or_decline() -> None:
    """DICE-6.1: in Phase A the player may play a playable die or decline (re-roll) even so."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N17=B1", "N18=B1"]})
    assert action_names(state, A) == {"play", "reroll"} and offered(state) == {"N01"}


def test_dice_6_2_phase_b_rerolls_every_die_wild_ones_included() -> None:
    """DICE-6.2: declining rolls the whole hand at once, the Wild die too, and only the hand."""
    state = table(center="N12=R3", hands={A: ["WILD", "N01=G3", "C2=B-Skip"]})
    Luck(state, rolls={"WILD": "f4", "N01": "f6", "C2": "f1"})
    reroll(state)
    assert sorted(e.component for e in events_of(state, ev.Rolled)) == sorted(truth(state).zones["hand"][A])
    assert hand(state, A) == ["C2=Y-Rev", "N01=Y6", "WILD"] and truth(state).phase == "roll_b"
    assert not events_of(state, ev.Moved)


def test_dice_6_2_phase_b_play_or_decline_no_second_reroll() -> None:
    """DICE-6.2: after the re-roll the player may play or decline (draw); there is no second re-roll."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N17=B1", "N18=B1"]})
    Luck(state, rolls={"N01": "f5", "N17": "f1", "N18": "f1"})
    reroll(state)
    assert action_names(state, A) == {"play", "draw"} and offered(state) == {"N01"}
    refused_die(state, lambda: reroll(state))


def test_dice_6_2_a_die_made_playable_by_the_reroll_is_played() -> None:
    """DICE-6.2: a die that matches only after the re-roll may be played in Phase B."""
    state = table(center="N12=R3", hands={A: ["N17=B1", "N18=B1"]})
    Luck(state, rolls={"N17": "f2", "N18": "f1"})
    assert offered(state) == set()
    reroll(state)
    play(state, "N17")
    assert center(state) == "N17=R2" and state.current_player() == B


def test_dice_6_3_phase_c_only_the_drawn_die_may_be_played() -> None:
    """DICE-6.3: the drawn die is rolled and joins the hand; no other die may be played in Phase C."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "WILD"]}, bag=["N14"])
    Luck(state, draws=["N14"], rolls={"N01": "f5", "WILD": "f1", "N14": "f3"})
    reroll(state)
    assert offered(state) == {"N01", "WILD"}
    draw(state)
    assert truth(state).phase == "roll_c" and hand(state, A) == ["N01=R5", "N14=R3", "WILD"]
    assert offered(state) == {"N14"} and action_names(state, A) == {"play", "keep"}
    refused_die(state, lambda: play(state, "N01"))
    refused_die(state, lambda: play(state, "WILD", colour="red"))
    play(state, "N14")
    assert center(state) == "N14=R3" and state.current_player() == B


def test_dice_6_3_the_drawn_die_may_be_kept() -> None:
    """DICE-6.3: playing the playable drawn die is optional."""
    state = table(center="N12=R3", hands={A: ["N02=Y2"]}, bag=["N14"])
    Luck(state, draws=["N14"], rolls={"N02": "f2", "N14": "f3"})
    reroll(state)
    draw(state)
    keep(state)
    assert hand(state, A) == ["N02=Y2", "N14=R3"] and center(state) == "N12=R3" and state.current_player() == B


@pytest.mark.parametrize("drawn", ["WILD", "WD4"])
def test_dice_6_3_a_drawn_wild_die_may_be_played(drawn: str) -> None:
    """DICE-6.3 with DICE-9.1 and DICE-5.5: a wild die just drawn is playable in Phase C."""
    state = table(center="N12=R3", hands={A: ["N02=Y2"]}, bag=[drawn], bag_size=6)
    Luck(state, draws=[drawn], rolls={"N02": "f2"}, strict=False)
    reroll(state)
    draw(state)
    assert offered(state) == {drawn}
    play(state, drawn, colour="yellow")
    assert center(state) == f"{drawn}[yellow]"


def test_dice_6_4_empty_bag_phase_c_does_nothing() -> None:
    """DICE-6.4: with an empty bag nothing is drawn and the turn ends."""
    state = table(center="N12=R3", hands={A: ["N02=Y2", "N07=G2"]}, bag_size=0)
    Luck(state, rolls={"N02": "f4", "N07": "f1"})
    reroll(state)
    inspect(state).events.clear()
    draw(state)
    assert not events_of(state, ev.Moved) and not events_of(state, ev.Rolled)
    assert sizes(state)[A] == 2 and state.current_player() == B
    assert_conserved(state)


def test_dice_6_5_the_turn_ends_after_a_play() -> None:
    """DICE-6.5: a completed play ends the turn."""
    state = table(center="N12=R3", hands={A: ["N13=R3", "N17=B1"]})
    play(state, "N13")
    assert state.current_player() == B and truth(state).phase == "roll_a" and not inspect(state).turn_begun


def test_dice_6_5_the_turn_ends_after_phase_c_without_a_play() -> None:
    """DICE-6.5: an unplayable drawn die ends the turn at once."""
    state = table(center="N12=R3", hands={A: ["N02=Y2"]}, bag=["N14"])
    Luck(state, draws=["N14"], rolls={"N02": "f2", "N14": "f1"})
    reroll(state)
    draw(state)
    assert state.current_player() == B and hand(state, A) == ["N02=Y2", "N14=G1"]


def test_dice_6_6_at_most_one_die_per_turn() -> None:
    """DICE-6.6: after a play the player cannot play a second die."""
    state = table(center="N12=R3", hands={A: ["N13=R3", "N14=R3", "N17=B1"]})
    play(state, "N13")
    refused_die(state, lambda: play(state, "N14", by=A))
    assert hand(state, A) == ["N14=R3", "N17=B1"]


def test_dice_6_7_out_of_turn_only_catches_and_calls() -> None:
    """DICE-6.7: outside their turn players may only catch (and declare their own UNO)."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1"], B: ["N13=R3"], C: ["N14=R3"]})
    assert action_names(state, B) == set() and action_names(state, C) == set()
    refused_die(state, lambda: play(state, "N14", by=C))
    refused_die(state, lambda: act(state, "reroll", C))
    play(state, "N01")
    assert action_names(state, C) == {"catch"} and action_names(state, A) == {"call_uno"}
