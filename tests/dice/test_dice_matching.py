"""Matching the center die: DICE-5."""
from __future__ import annotations

import pytest
from dice_lookup import (A, B, Luck, assert_conserved, catch_wild_four, center, dice_game, die, offered, parse, play,
                         refused_die, table)
from helpers import truth
from rulesrun.interpreter import State
from rulesrun.interpreter.engine.state import inspect


def idle_die(center_die: str, held: str) -> str:
    """A number die that matches nothing on `center_die`, so that playing `held` does not end the round."""
    game = dice_game()
    middle, face, named = parse(game, center_die)
    shows = game.components[middle].faces[face] if face is not None else {}
    colour, number = named or shows.get("colour"), shows.get("number")
    spare = "N18" if held.startswith("N17") else "N17"
    for index, option in enumerate(game.components[die(game, spare)].faces):
        if option["colour"] != colour and option["number"] != number:
            return f"{spare}=f{index + 1}"
    raise AssertionError("no idle face")


def offer(center_die: str, held: str) -> tuple[bool, State]:
    """Whether A, holding `held` and a die that matches nothing, is offered `held` on `center_die`."""
    state = table(center=center_die, hands={A: [held, idle_die(center_die, held)]})
    return die(state.game, held.split("=")[0]) in {a.get("die") for a in state.legal_actions()
                                                    if a.name == "play"}, state


def check(center_die: str, held: str, playable: bool) -> None:
    """Offered exactly when playable; a refused play changes nothing; an accepted one is made."""
    is_offered, state = offer(center_die, held)
    assert is_offered == playable
    die_name = held.split("=")[0]
    if playable:
        play(state, die_name, colour="red" if die_name in ("WILD", "WD4") else None)
        assert center(state).startswith(die_name)
        assert_conserved(state)
    else:
        refused_die(state, lambda: play(state, die_name))


def test_dice_5_1_effective_colour_of_a_number_center() -> None:
    """DICE-5.1: the effective colour is the colour the center die shows, and follows each play."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N17=B1"]})
    assert truth(state).variables["active_colour"] == "red"
    play(state, "N01")
    assert truth(state).variables["active_colour"] == "green"


def test_dice_5_1_effective_colour_of_a_wild_center() -> None:
    """DICE-5.1: on a wild center die the effective colour is the one named for it."""
    state = table(center="N12=R3", hands={A: ["WILD", "N17=B1"], B: ["N18=Y3", "N19=G4"]})
    play(state, "WILD", colour="green")
    assert truth(state).variables["active_colour"] == "green" and offered(state) == {"N19"}


@pytest.mark.parametrize(("center_die", "held", "playable"), [
    ("N12=R3", "N13=R3", True),   # same face
    ("N12=R3", "N01=G3", True),   # same number, other colour
    ("N12=R3", "N04=R5", True),   # same colour, other number
    ("N01=G3", "N06=G2", True),
    ("C1=R-Rev", "N02=R5", True),  # colour on a command center
    ("N12=R3", "N17=B1", False),
    ("N01=G3", "N18=R2", False),
])
def test_dice_5_2_number_face_matches_by_colour_or_number(center_die: str, held: str, playable: bool) -> None:
    """DICE-5.2: a number die is playable on the effective colour or on the same number."""
    check(center_die, held, playable)


@pytest.mark.parametrize(("center_die", "held", "playable"), [
    ("C1=Y-Rev", "C3=B-Rev", True),   # Reverse on Reverse, any colours
    ("C1=G-Skip", "C2=R-Skip", True),
    ("C1=R-D2", "C3=B-D2", True),
    ("C1=Y-Rev", "C2=Y-D2", True),    # same colour, other command
    ("N12=R3", "C3=R-Skip", True),    # colour on a number center
    ("C1=Y-Rev", "C2=B-Skip", False),
    ("N12=R3", "C2=Y-Rev", False),
])
def test_dice_5_3_command_face_matches_by_colour_or_command(center_die: str, held: str, playable: bool) -> None:
    """DICE-5.3: a command die is playable on the effective colour or on the same command."""
    check(center_die, held, playable)


@pytest.mark.parametrize("center_die", ["N12=R3", "C1=Y-Rev", "C3=B-D2", "WD4[green]"])
def test_dice_5_4_wild_is_playable_on_any_center_die(center_die: str) -> None:
    """DICE-5.4: the Wild die is playable on any center die."""
    check(center_die, "WILD", True)


@pytest.mark.parametrize("center_die", ["N12=R3", "C1=Y-Rev", "WILD[blue]"])
def test_dice_5_5_wild_draw_four_can_be_put_down_on_any_center_die(center_die: str) -> None:
    """DICE-5.5: the Wild Draw Four die can be put down on anything."""
    check(center_die, "WD4", True)


def test_dice_5_5_wild_draw_four_is_offered_even_when_illegal() -> None:
    """DICE-5.5: holding a matching die does not stop the Wild Draw Four being put down."""
    state = table(center="N12=R3", hands={A: ["WD4", "N13=R3"]})
    assert offered(state) == {"WD4", "N13"}
    play(state, "WD4", colour="blue")
    assert center(state) == "WD4[blue]"


def test_dice_5_6_wild_dice_are_never_matching_dice() -> None:
    """DICE-5.6: a hand of WD4 and WILD holds no matching die, so a catch finds the play legal."""
    state = table(center="N12=R3", hands={A: ["WD4", "WILD", "N17=B1"], B: 2}, bag_size=6)
    Luck(state, strict=False)
    play(state, "WD4", colour="yellow")
    catch_wild_four(state, by=B)
    assert center(state) == "WD4[yellow]" and state.current_player() != B


@pytest.mark.parametrize(("center_die", "held", "playable"), [
    ("C3=R-Skip", "N16=B1", False),   # a number never matches a command
    ("C1=B-Skip", "N18=Y3", False),
    ("N12=R3", "C2=Y-Rev", False),    # nor a command a number
    ("WILD[blue]", "N19=B5", True),   # on a wild center only the colour counts
    ("WILD[blue]", "N13=R3", False),
    ("WD4[green]", "C1=G-Skip", True),
    ("WD4[green]", "C2=Y-Rev", False),
])
def test_dice_5_7_numbers_match_numbers_commands_match_commands(center_die: str, held: str, playable: bool) -> None:
    """DICE-5.7: numbers match only numbers, commands only commands; a wild center only by colour."""
    check(center_die, held, playable)


def test_dice_5_8_a_die_that_is_not_playable_is_refused() -> None:
    """DICE-5.8: playing a die that does not match is refused and changes nothing, not even faces."""
    state = table(center="N01=G3", hands={A: ["N17=B1", "N06=G2"]})
    refused_die(state, lambda: play(state, "N17"))
    assert center(state) == "N01=G3" and state.current_player() == A and not inspect(state).turn_begun
