"""Playing a die and the command effects: DICE-7 and DICE-8."""
from __future__ import annotations

from dice_lookup import (LEFT, RIGHT, A, B, C, D, Luck, assert_conserved, call_uno, catch, center, die, hand, in_bag,
                         play, refused_die, sizes, table, without_effect)
from helpers import act, events_of, truth
from rulesrun.interpreter.engine import events as ev

# ------------------------------------------------------------ DICE-7 playing a die

def test_dice_7_1_a_the_played_die_keeps_its_face() -> None:
    """DICE-7.1 (a): the die moves to the center showing the same face; it is not rolled."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N17=B1"]})
    play(state, "N01")
    assert center(state) == "N01=G3" and not events_of(state, ev.Rolled)


def test_dice_7_1_b_the_old_center_goes_into_the_bag_with_its_face() -> None:
    """DICE-7.1 (b), DICE-15.3: the replaced center die is in the bag, still showing R3."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N17=B1"]})
    play(state, "N01")
    n12 = die(state.game, "N12")
    assert truth(state).place(n12) == ("bag", None) and truth(state).faces[n12] == 2


def test_dice_7_1_c_a_wild_die_needs_a_colour() -> None:
    """DICE-7.1 (c), DICE-9.2: the Wild die is played naming one of the four colours."""
    state = table(center="N12=R3", hands={A: ["WILD", "N17=B1"]})
    refused_die(state, lambda: play(state, "WILD"))
    refused_die(state, lambda: play(state, "WILD", colour="purple"))
    colours = {a.get("colour") for a in state.legal_actions() if a.name == "play" and a.get("die") == die(state.game, "WILD")}
    assert colours == {"red", "yellow", "green", "blue"}


def test_dice_7_1_c_no_colour_for_a_last_wild_die() -> None:
    """DICE-7.1 (c), DICE-12.3: a last Wild die is played without naming a colour and ends the round."""
    state = table(center="N12=R3", hands={A: ["WILD"]})
    play(state, "WILD")
    assert events_of(state, ev.RoundEnded)[0].winner == A


def test_dice_7_1_d_the_wild_draw_four_window_opens_and_closes() -> None:
    """DICE-7.1 (d): after a Wild Draw Four the catch window is open until it is closed."""
    state = table(center="N12=R3", hands={A: ["WD4", "N17=B1"]}, bag_size=6)
    Luck(state, strict=False)
    before = sizes(state)
    play(state, "WD4", colour="red")
    assert truth(state).phase == "wd4_window" and state.current_player() == A and sizes(state)[B] == before[B]
    act(state, "proceed")
    assert truth(state).phase == "roll_a" and state.current_player() == C


def test_dice_7_1_e_the_effect_comes_after_the_old_center_is_in_the_bag() -> None:
    """DICE-7.1 (b) before (e): the Draw Two victim may draw the die the play just replaced."""
    state = table(center="N16=B1", hands={A: ["C3=B-D2", "N17=B1"]}, bag_size=0)
    Luck(state, draws=["N16"], rolls={"N16": "f1"})
    play(state, "C3")
    assert "N16=B1" in hand(state, B)


def test_dice_7_1_f_an_empty_hand_ends_the_round() -> None:
    """DICE-7.1 (f), DICE-12.1: a play that empties the hand ends the round at once."""
    state = table(center="N12=R3", hands={A: ["N13=R3"]})
    play(state, "N13")
    assert [e.winner for e in events_of(state, ev.RoundEnded)] == [A] and truth(state).round == 2


def test_dice_7_1_g_otherwise_the_turn_ends_and_the_uno_rule_applies() -> None:
    """DICE-7.1 (g): the turn ends; a player left with one die who did not declare can be caught."""
    state = table(center="N12=R3", hands={A: ["N13=R3", "N17=B1"]}, bag_size=9)
    Luck(state, strict=False)
    play(state, "N13")
    assert state.current_player() == B
    catch(state, by=B, target=A)
    assert sizes(state)[A] == 3


def test_dice_7_2_declaring_uno_right_after_the_play() -> None:
    """DICE-7.2: the player may declare after the play; then a catch has no effect."""
    state = table(center="N12=R3", hands={A: ["N13=R3", "N17=B1"]}, bag_size=9)
    play(state, "N13")
    call_uno(state, A)
    without_effect(state, lambda: catch(state, by=C, target=A))
    assert sizes(state)[A] == 1


# ------------------------------------------------------------ DICE-8 command effects

def test_dice_8_1_reverse_with_four_players() -> None:
    """DICE-8.1: the direction flips and the neighbour on the other side plays next."""
    state = table(players=4, center="C1=Y-Rev", hands={A: ["C3=B-Rev", "N17=B1"]})
    play(state, "C3")
    assert truth(state).direction == RIGHT and state.current_player() == D
    assert not events_of(state, ev.Skipped)


def test_dice_8_1_a_second_reverse_flips_back() -> None:
    """DICE-8.1: a Reverse played while the direction is right makes it left again."""
    state = table(players=4, center="C1=Y-Rev", hands={B: ["C2=Y-Rev", "N17=B1"]}, current=B, direction=RIGHT)
    play(state, "C2")
    assert truth(state).direction == LEFT and state.current_player() == C


def test_dice_8_2_reverse_with_two_players_acts_as_a_skip() -> None:
    """DICE-8.2: with two players the opponent loses the turn; the direction still flips."""
    state = table(players=2, center="N06=Y1", hands={A: ["C2=Y-Rev", "N02=Y2"]})
    play(state, "C2")
    assert state.current_player() == A and truth(state).direction == RIGHT
    assert [e.player for e in events_of(state, ev.Skipped)] == [B]


def test_dice_8_3_skip_with_two_players() -> None:
    """DICE-8.3: with two players a Skip gives its player another turn."""
    state = table(players=2, center="N11=G1", hands={A: ["C1=G-Skip", "N20=B1"]})
    play(state, "C1")
    assert state.current_player() == A and truth(state).direction == LEFT


def test_dice_8_3_skip_going_right() -> None:
    """DICE-8.3: the next player in the current direction is the one skipped."""
    state = table(players=4, center="N11=G1", hands={A: ["C1=G-Skip", "N20=B1"]}, direction=RIGHT)
    play(state, "C1")
    assert [e.player for e in events_of(state, ev.Skipped)] == [D] and state.current_player() == C


def test_dice_8_4_draw_two() -> None:
    """DICE-8.4: the next player draws two dice, rolls each, and loses the turn."""
    state = table(center="N18=Y3", hands={A: ["C1=Y-D2", "N17=B1"], B: ["N19=B1"]}, bag=["N02", "N03"])
    Luck(state, draws=["N02", "N03"], rolls={"N02": "f6", "N03": "f1"})
    play(state, "C1")
    assert hand(state, B) == ["N02=Y6", "N03=R1", "N19=B1"] and state.current_player() == C


def test_dice_8_4_draw_two_with_two_players() -> None:
    """DICE-8.4: with two players the victim draws two and the player of the Draw Two plays again."""
    state = table(players=2, center="N18=Y3", hands={A: ["C1=Y-D2", "N17=B1"]})
    Luck(state, strict=False)
    before = sizes(state)[B]
    play(state, "C1")
    assert sizes(state)[B] == before + 2 and state.current_player() == A


def test_dice_8_5_draw_two_with_one_die_in_the_bag() -> None:
    """DICE-8.5: with one die in the bag the victim takes it and still loses the turn."""
    state = table(center="N18=Y3", hands={A: ["C1=Y-D2", "N17=B1"], B: ["N19=B1"]}, bag_size=0)
    Luck(state, draws=["N18"], rolls={"N18": "f2"})
    play(state, "C1")
    assert hand(state, B) == ["N18=R2", "N19=B1"] and state.current_player() == C and not truth(state).zones["bag"]


def test_dice_8_6_a_command_acts_once() -> None:
    """DICE-8.6: a Skip lying in the center skips nobody when the next die is played on it."""
    state = table(center="C1=G-Skip", hands={B: ["N06=G2", "N17=B1"]}, current=B)
    play(state, "N06")
    assert state.current_player() == C and not events_of(state, ev.Skipped)
    assert "C1" in in_bag(state)


def test_dice_8_7_drawn_dice_are_not_a_turn() -> None:
    """DICE-8.7: the Draw Two victim makes no play and no re-roll; its other dice keep their faces."""
    state = table(center="N18=Y3", hands={A: ["C1=Y-D2", "N17=B1"], B: ["N13=R3", "N19=Y3"]}, bag=["N02", "N03"])
    Luck(state, draws=["N02", "N03"], rolls={"N02": "f6", "N03": "f1"})
    play(state, "C1")
    assert {"N13=R3", "N19=Y3"} <= set(hand(state, B))
    assert [e.component for e in events_of(state, ev.Rolled)] == [die(state.game, "N02"), die(state.game, "N03")]
    assert [e.player for e in events_of(state, ev.TurnStarted)] == [C]
    assert_conserved(state)
