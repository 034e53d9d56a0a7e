"""UNO Dice house rules about the Wild Draw Four: DICE-H5 (strict) and DICE-H6 (colour-only test).

Each test plays the same position under the variant and under base UNO Dice.
"""
from __future__ import annotations

from dice.dice_lookup import A, B, C, Luck, catch_wild_four, center, dice_game, offered, play, position, sizes
from helpers import truth
from rulesrun.interpreter import Game, State
from test_dice_variant_files import variant


def start(game: Game, held: list[str], center_die: str = "N12=R3") -> State:
    state = position(game.new_state(3, seed=0), center=center_die, hands={A: held, B: 3}, bag_size=6)
    Luck(state, strict=False)
    return state


# ------------------------------------------------------------------ DICE-H5 strict Wild Draw Four

def test_dice_h5_an_illegal_wild_draw_four_is_refused():
    """DICE-H5.1: N01 matches by number, so the Wild Draw Four cannot be played."""
    assert offered(start(variant("no-bluffing"), ["WD4", "N01=G3", "N17=B1"])) == {"N01"}
    assert offered(start(dice_game(), ["WD4", "N01=G3", "N17=B1"])) == {"N01", "WD4"}


def test_dice_h5_a_legal_wild_draw_four_opens_no_catch_window():
    """DICE-H5.2: the next player draws four and is skipped at once."""
    state = start(variant("no-bluffing"), ["WD4", "N17=B1", "N07=G2"])
    play(state, "WD4", colour="blue")
    assert truth(state).phase != "wd4_window" and sizes(state)[B] == 7 and state.current_player() == C
    base = start(dice_game(), ["WD4", "N17=B1", "N07=G2"])
    play(base, "WD4", colour="blue")
    assert truth(base).phase == "wd4_window" and sizes(base)[B] == 3


# ------------------------------------------------------------------ DICE-H6 colour-only test (DICE-S18)

def caught(game: Game) -> State:
    """DICE-S18: on C1=Y-Rev, A plays WD4 naming blue while holding C3=B-Rev; B catches."""
    state = start(game, ["WD4", "C3=B-Rev", "N16=B1"], center_die="C1=Y-Rev")
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    return state


def test_dice_h6_a_die_matching_only_by_command_does_not_make_it_illegal():
    """DICE-H6.1, DICE-S18: A holds no yellow die, so the play is legal and the catch has no effect."""
    state = caught(variant("colour-only"))
    assert center(state) == "WD4[blue]" and sizes(state)[A] == 2 and sizes(state)[B] == 7 and state.current_player() == C


def test_dice_h6_in_base_uno_dice_the_command_match_makes_it_illegal():
    state = caught(dice_game())
    assert center(state) == "C1=Y-Rev" and sizes(state)[A] == 7 and sizes(state)[B] == 3 and state.current_player() == B


def test_dice_h6_a_die_of_the_colour_in_force_still_makes_it_illegal():
    state = start(variant("colour-only"), ["WD4", "N06=Y1", "N16=B1"], center_die="C1=Y-Rev")
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    assert center(state) == "C1=Y-Rev" and sizes(state)[A] == 7


# ------------------------------------------------------------------ DICE-H7 card-style challenge

def test_dice_h7_only_the_player_who_would_draw_may_challenge():
    """DICE-H7.1 replaces DICE-9.5: C may not catch; B, the next player, may."""
    for game, c_may in ((variant("challenge"), False), (dice_game(), True)):
        state = start(game, ["WD4", "N01=G3", "N17=B1"])
        play(state, "WD4", colour="blue")
        catchers = {a.actor for a in state.legal_actions() if a.name == "catch_wild_four"}
        assert catchers == ({B, C} if c_may else {B})


def test_dice_h7_a_wrong_challenge_costs_six_dice_and_the_turn():
    """DICE-H7.2 replaces DICE-9.7: B challenges a legal play, draws six and is skipped."""
    state = start(variant("challenge"), ["WD4", "N17=B1", "N07=G2"])
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    assert sizes(state)[B] == 9 and state.current_player() == C and center(state) == "WD4[blue]"
    base = start(dice_game(), ["WD4", "N17=B1", "N07=G2"])
    play(base, "WD4", colour="blue")
    catch_wild_four(base, by=B)
    assert sizes(base)[B] == 7 and base.current_player() == C


def test_dice_h7_a_right_challenge_is_punished_as_before():
    """DICE-H7.2: DICE-9.6 is unchanged."""
    state = start(variant("challenge"), ["WD4", "N01=G3", "N17=B1"])
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    assert center(state) == "N12=R3" and sizes(state)[A] == 7 and state.current_player() == B
