"""UNO-H9 no finishing on a special card (uno/no-special-finish) and UNO-A1 the official catch window
(uno/official-catch-window), with the scenario check UNO-S20.

Each test sets up a position with the variant and shows what it changes against base UNO.
"""
from __future__ import annotations

from helpers import no_effect, refused, truth
from uno.uno_helpers import A, B, C, D, catch, draw, hand, offered, play, sizes, table
from uno_variant_helpers import catchable, uno, variant

OTHERS = {B: ["G1", "G2", "G3"], C: ["Y8", "B4", "B6"], D: ["G8", "Y9", "B9"]}


def last_card(game, card, stock=("Y1", "Y2")):
    return table(game, hands={A: [card], **OTHERS}, discard=["R3"], draw=list(stock))


# ------------------------------------------------------------------ UNO-H9

def test_uno_h9_1_an_action_or_wild_card_cannot_be_the_last_card():
    for card in ("R-Skip", "R-Rev", "R-D2", "W", "WD4"):
        state = last_card(variant("no-special-finish"), card)
        assert offered(state) == set(), card
        refused(state, lambda: play(state, card, colour="red") if card in ("W", "WD4") else play(state, card))


def test_uno_h9_1_in_base_uno_any_card_may_be_the_last():
    state = last_card(uno(), "R-Skip")
    play(state, "R-Skip")
    assert truth(state).round == 2


def test_uno_h9_1_a_number_card_may_still_be_the_last():
    state = last_card(variant("no-special-finish"), "R5")
    play(state, "R5")
    assert truth(state).round == 2


def test_uno_h9_2_the_player_draws_and_may_play_the_drawn_card_whatever_it_is():
    state = last_card(variant("no-special-finish"), "R-Skip", stock=("R-D2", "Y2"))
    draw(state)
    assert offered(state) == {"R-D2"}
    play(state, "R-D2", call=True)
    assert hand(state, A) == ["R-Skip"] and sizes(state)[B] == 5


# ------------------------------------------------------------------ UNO-A1, UNO-S20

def s20(game):
    """UNO-S19 after its Action 1, then C and D each play a number card and nobody catches A."""
    state = table(game, hands={A: ["R3", "R5"], B: ["R9", "G4"], C: ["R1", "G6"], D: ["R2", "G7"]},
                  discard=["R7"], draw=["Y1", "Y2", "Y4"])
    play(state, "R3", call=False)
    play(state, "R9", call=True)
    play(state, "R1", call=True)
    play(state, "R2", call=True)
    assert state.current_player() == A
    return state


def test_uno_s20_by_default_the_catch_window_lasts_until_the_last_card():
    state = s20(uno())
    catch(state, B, A)
    assert hand(state, A) == ["R5", "Y1", "Y2"] and state.current_player() == A


def test_uno_s20_with_uno_a1_the_window_closed_when_the_next_turn_began():
    state = s20(variant("official-catch-window"))
    assert not catchable(state, A)
    no_effect(state, lambda: catch(state, B, A))
    assert hand(state, A) == ["R5"]


def test_uno_a1_a_catch_before_the_next_turn_begins_still_counts():
    state = table(variant("official-catch-window"), hands={A: ["R3", "R5"], B: ["R9", "G4"], C: ["R1", "G6"]},
                  discard=["R7"], draw=["Y1", "Y2"])
    play(state, "R3", call=False)
    catch(state, C, A)
    assert hand(state, A) == ["R5", "Y1", "Y2"]
