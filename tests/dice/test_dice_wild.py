"""The Wild and Wild Draw Four dice: DICE-9."""
from __future__ import annotations

import pytest
from dice_lookup import (LEFT, RIGHT, A, B, C, Luck, assert_conserved, catch_wild_four, center, hand, in_bag, offered,
                         play, proceed, recorders, refused_die, reroll, sizes, table)
from helpers import events_of, truth
from rulesrun.interpreter import State
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine import position
from rulesrun.interpreter.play.runner import step


def wild_draw_four(held: list[str], center_die: str = "N12=R3", colour: str = "blue", bag_size: int = 6,
                   **before: object) -> State:
    """A plays WD4 naming `colour` from `held` (WD4 included) on `center_die`; the window is open."""
    state = table(center=center_die, hands={A: held, B: 4}, bag_size=bag_size, **before)
    Luck(state, strict=False)
    play(state, "WD4", colour=colour)
    assert truth(state).phase == "wd4_window"
    return state


def was_illegal(state: State) -> bool:
    """Catch the open Wild Draw Four: True if the play was undone (it was illegal)."""
    catch_wild_four(state, by=B)
    return center(state).startswith("WD4") is False


def test_dice_9_1_wild_even_when_another_die_is_playable() -> None:
    """DICE-9.1: the Wild die may be played although the player holds a playable die."""
    state = table(center="N12=R3", hands={A: ["WILD", "N13=R3", "N01=G3"]})
    assert offered(state) == {"WILD", "N13", "N01"}
    play(state, "WILD", colour="red")
    assert center(state) == "WILD[red]"


def test_dice_9_1_wild_in_phase_b() -> None:
    """DICE-9.1: the Wild die may be played from the hand in Phase B."""
    state = table(center="N12=R3", hands={A: ["WILD", "N17=B1"]})
    Luck(state, rolls={"WILD": "f2", "N17": "f1"})
    reroll(state)
    assert offered(state) == {"WILD"}
    play(state, "WILD", colour="yellow")
    assert center(state) == "WILD[yellow]" and state.current_player() == B


def test_dice_9_2_the_colour_in_force_may_be_named() -> None:
    """DICE-9.2: the colour already in force may be named; it holds until the die leaves the center."""
    state = table(center="N12=R3", hands={A: ["WILD", "N17=B1"], B: ["N04=R5", "N01=G3"], C: ["N19=G4", "N18=R2"]})
    play(state, "WILD", colour="red")
    assert center(state) == "WILD[red]" and offered(state) == {"N04"}
    play(state, "N04")
    assert truth(state).variables["active_colour"] == "red" and offered(state) == {"N18"}


def test_dice_9_3_wild_draw_four_next_player_draws_four_and_is_skipped() -> None:
    """DICE-9.3: the next player draws four dice, each rolled, and loses the turn."""
    state = table(center="N12=R3", hands={A: ["WD4", "N17=B1"], B: ["N18=Y3"]}, bag=["N01", "N02", "N03", "N04"])
    Luck(state, draws=["N01", "N02", "N03", "N04"], rolls={"N01": "f1", "N02": "f2", "N03": "f3", "N04": "f4"})
    play(state, "WD4", colour="green")
    proceed(state)
    assert hand(state, B) == ["N01=R1", "N02=Y2", "N03=G3", "N04=B4", "N18=Y3"]
    assert [e.player for e in events_of(state, ev.Skipped)] == [B] and state.current_player() == C
    assert center(state) == "WD4[green]"


def test_dice_9_3_fewer_than_four_in_the_bag() -> None:
    """DICE-9.3, DICE-10.2: with the old center the only die in the bag, the victim takes just that."""
    state = wild_draw_four(["WD4", "N17=B1"], bag_size=0)
    before = sizes(state)[B]
    proceed(state)
    assert sizes(state)[B] == before + 1 and not truth(state).zones["bag"] and state.current_player() == C


@pytest.mark.parametrize(("held", "center_die", "illegal"), [
    (["WD4", "N01=G3"], "N12=R3", True),      # matches by number
    (["WD4", "N04=R5"], "N12=R3", True),      # matches by colour
    (["WD4", "C3=B-Rev"], "C1=Y-Rev", True),  # matches by command
    (["WD4", "WILD", "N07=G2"], "N12=R3", False),  # the Wild die does not count
    (["WD4", "N17=B1", "C2=G-Rev"], "N12=R3", False),
    (["WD4", "N13=R3"], "WILD[blue]", False),  # on a wild center only the colour counts
    (["WD4", "N19=B5"], "WILD[blue]", True),
])
def test_dice_9_4_legality_by_number_colour_or_command(held: list[str], center_die: str, illegal: bool) -> None:
    """DICE-9.4: the play is illegal when another die in the hand matches by number, colour or command."""
    state = wild_draw_four(held, center_die)
    assert was_illegal(state) == illegal
    assert_conserved(state)


@pytest.mark.parametrize("catcher", [B, C])
def test_dice_9_5_any_opponent_may_catch(catcher: int) -> None:
    """DICE-9.5: every opponent may catch; the player of the Wild Draw Four may not."""
    state = wild_draw_four(["WD4", "N04=R5"])
    refused_die(state, lambda: catch_wild_four(state, by=A))
    catch_wild_four(state, by=catcher)
    assert center(state) == "N12=R3"


@pytest.mark.parametrize(("direction", "order"), [(LEFT, [B, C]), (RIGHT, [C, B])])
def test_dice_9_5_opponents_are_asked_in_turn_order(direction: int, order: list[int]) -> None:
    """DICE-9.5: the engine asks the opponents in turn order, starting with the next player."""
    state = wild_draw_four(["WD4", "N04=R5"], direction=direction)
    asked, seats = recorders(3)
    step(state, seats)
    assert asked == order and truth(state).phase == "roll_a"


def test_dice_9_6_caught_illegal_wild_draw_four_is_undone() -> None:
    """DICE-9.6 (a)-(e): WD4 back to the hand, the old center back, colour void, four drawn, turn over."""
    state = wild_draw_four(["WD4", "N04=R5", "N17=B1"], colour="green")
    b_before = hand(state, B)
    catch_wild_four(state, by=C)
    assert "WD4" in hand(state, A) and sizes(state)[A] == 3 + 4                  # (a), (d)
    assert center(state) == "N12=R3" and "N12" not in in_bag(state)              # (b)
    assert truth(state).variables["active_colour"] == "red"                                   # (c)
    assert state.current_player() == B and truth(state).direction == LEFT and hand(state, B) == b_before  # (e)
    assert truth(state).phase == "roll_a" and not events_of(state, ev.Skipped)
    assert_conserved(state)


def test_dice_9_6_b_a_wild_center_comes_back_with_its_colour() -> None:
    """DICE-9.6 (b): a restored Wild center die has the colour named for it before."""
    state = wild_draw_four(["WD4", "N06=G2"], center_die="WILD[green]", colour="blue")
    catch_wild_four(state, by=B)
    assert center(state) == "WILD[green]"


def test_dice_9_6_d_the_penalty_draws_are_rolled() -> None:
    """DICE-9.6 (d): each of the offender's four dice is drawn and rolled."""
    state = table(center="N12=R3", hands={A: ["WD4", "N04=R5"]}, bag=["N02", "N03", "N05", "N06"], bag_size=4)
    Luck(state, draws=["N02", "N03", "N05", "N06"], rolls={"N02": "f1", "N03": "f2", "N05": "f3", "N06": "f4"})
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    assert hand(state, A) == ["N02=R1", "N03=Y2", "N04=R5", "N05=G3", "N06=R4", "WD4"]
    assert len(truth(state).zones["bag"]) == 0


def test_dice_9_7_catching_a_legal_play_costs_nothing() -> None:
    """DICE-9.7: the victim's own wrong catch changes nothing for the catcher; the play proceeds."""
    state = wild_draw_four(["WD4", "N17=B1"])
    before = sizes(state)
    catch_wild_four(state, by=B)
    assert center(state) == "WD4[blue]" and sizes(state) == [1, before[B] + 4, before[C]]
    assert state.current_player() == C


def test_dice_9_8_an_uncaught_illegal_play_stands() -> None:
    """DICE-9.8: once the window has closed the illegal play can no longer be punished."""
    state = wild_draw_four(["WD4", "N04=R5"])
    proceed(state)
    assert center(state) == "WD4[blue]" and state.current_player() == C
    refused_die(state, lambda: catch_wild_four(state, by=B))
    refused_die(state, lambda: catch_wild_four(state, by=C))


def test_dice_9_9_a_last_wild_draw_four_is_legal_and_has_no_window() -> None:
    """DICE-9.9, DICE-12.2: a last WD4 opens no window; the next player draws four before scoring."""
    state = table(center="N12=R3", hands={A: ["WD4"], B: ["N13=R3"], C: ["N17=B1"]},
                  bag=["N01", "N02", "N03", "N04"])
    position.adjust(state, variables={"score": [495, 0, 0]})
    Luck(state, draws=["N01", "N02", "N03", "N04"], rolls={"N01": "f1", "N02": "f1", "N03": "f1", "N04": "f1"})
    play(state, "WD4")
    assert hand(state, B) == ["N01=R1", "N02=R1", "N03=R1", "N04=R1", "N13=R3"]
    assert state.scores() == [495 + 4 + 3 + 1, 0, 0] and state.is_over()


def test_dice_9_10_the_engine_computes_legality_but_never_refuses() -> None:
    """DICE-9.10: an illegal Wild Draw Four is offered and accepted; the catch shows it was illegal."""
    state = table(center="N12=R3", hands={A: ["WD4", "N13=R3"], B: 4}, bag_size=6)
    Luck(state, strict=False)
    assert "WD4" in offered(state)
    play(state, "WD4", colour="yellow")
    assert was_illegal(state)


def test_dice_15_5_the_wild_draw_four_window_comes_before_the_uno_window() -> None:
    """DICE-15.5: while the Wild Draw Four window is open nobody can be caught for UNO yet."""
    state = wild_draw_four(["WD4", "N17=B1"])
    assert not [a for a in state.legal_actions() if a.name == "catch"]
    proceed(state)
    assert [a.actor for a in state.legal_actions() if a.name == "catch"] == [B, C]


def test_dice_15_5_a_successful_wild_draw_four_catch_removes_the_uno_obligation() -> None:
    """DICE-15.5: the offender caught holds more than one die and owes no UNO call."""
    state = wild_draw_four(["WD4", "N04=R5"])
    catch_wild_four(state, by=C)
    assert sizes(state)[A] == 6 and not [a for a in state.legal_actions() if a.name == "catch"]
