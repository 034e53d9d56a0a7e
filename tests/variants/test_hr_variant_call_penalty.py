"""HR-10.3 penalty size (uno/call-penalty): a caught player draws `call_penalty` cards, four by default."""
from __future__ import annotations

from helpers import truth
from uno.uno_helpers import A, B, C, catch, hand, play, table
from uno_variant_helpers import random_round, uno, variant

STOCK = ["Y1", "Y2", "Y3", "Y4", "Y6"]


def caught(game):
    """A goes down to one card without calling UNO and C catches them."""
    state = table(game, 3, hands={A: ["R3", "R5"], B: ["R9", "G4"], C: ["R1", "G6"]}, discard=["R7"], draw=STOCK)
    play(state, "R3", call=False)
    catch(state, C, A)
    return state


def test_hr_10_3_base_uno_costs_two_cards_for_a_missing_call():
    assert hand(caught(uno()), A) == ["R5", "Y1", "Y2"]


def test_hr_10_3_the_variant_costs_four_cards_for_a_missing_call():
    assert hand(caught(variant("call-penalty")), A) == ["R5", "Y1", "Y2", "Y3", "Y4"]


def test_hr_10_3_a_random_round_plays_to_its_end():
    state = random_round(variant("call-penalty"), 3, seed=11)
    assert truth(state).round == 2 or state.is_over()
