"""UNO-H7 no bluffing (uno/no-bluffing) and UNO-H8 free Wild Draw Four (uno/free-wild-draw-four).

Each test sets up a position with the variant and shows what it changes against base UNO. That the
two cannot both be on (HR-C1) is checked with the other combinations.
"""
from __future__ import annotations

from helpers import action_names, refused, truth
from uno.uno_helpers import A, B, C, draw, offered, play, sizes, table
from uno_variant_helpers import uno, variant

OTHERS = {B: ["G1", "G2", "G3", "G4", "G5"], C: ["Y8", "B4", "B6"], 3: ["G8", "Y9", "B9"]}


def start(game, a):
    return table(game, hands={A: list(a), **OTHERS}, discard=["R7"], draw=["Y1", "Y2", "Y3", "Y4", "Y6"])


def test_uno_h7_1_an_illegitimate_wild_draw_four_is_refused():
    state = start(variant("no-bluffing"), ["WD4", "R2", "B5"])
    assert offered(state) == {"R2"}
    refused(state, lambda: play(state, "WD4", colour="blue"))


def test_uno_h7_1_in_base_uno_the_bluff_may_be_put_down_and_challenged():
    state = start(uno(), ["WD4", "R2", "B5"])
    assert offered(state) == {"R2", "WD4"}
    play(state, "WD4", colour="blue")
    assert state.current_player() == B and action_names(state, B) >= {"challenge", "accept"}


def test_uno_h7_2_a_legitimate_wild_draw_four_acts_at_once_with_no_challenge():
    state = start(variant("no-bluffing"), ["WD4", "G2", "B5"])
    play(state, "WD4", colour="blue")
    assert sizes(state)[B] == 9 and state.current_player() == C and "challenge" not in action_names(state, B)


def test_uno_h7_3_an_illegitimate_wild_draw_four_is_not_playable_so_it_never_spares_a_draw():
    state = table(variant("no-bluffing"), hands={A: ["B5", "R-Skip"], **OTHERS}, discard=["R7"],
                  draw=["WD4", "Y2"])
    draw(state)  # a player who draws may play the card drawn (UNO-4.5 c), but not this bluff
    assert state.current_player() == B and sizes(state)[A] == 3


def test_uno_h8_1_a_wild_draw_four_may_be_played_at_any_time():
    state = start(variant("free-wild-draw-four"), ["WD4", "R2", "B5"])
    assert offered(state) == {"R2", "WD4"}
    play(state, "WD4", colour="blue")
    assert sizes(state)[B] == 9 and state.current_player() == C


def test_uno_h8_2_nobody_may_challenge_it():
    state = start(variant("free-wild-draw-four"), ["WD4", "R2", "B5"])
    play(state, "WD4", colour="blue")
    assert truth(state).phase == "main" and not [a for a in state.legal_actions() if a.name == "challenge"]
