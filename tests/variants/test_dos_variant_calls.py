"""DOS house rules about calling DOS: DOS-H2 (no call) and HR-10.1 (false call).

Each test sets up a position with the variant and shows what it changes against base DOS.
"""
from __future__ import annotations

import functools

from dos.dos_cards import A, B, C, call_dos, catchable, dos, end_turn, hand, match, offered, refused, sizes, table
from rulesrun.interpreter import Action, Game, load_game


@functools.cache
def variant(name: str) -> Game:
    return load_game(f"dos/{name}")


OTHERS = {B: ["G3", "G4", "B1"], C: ["R3", "R4", "B4"]}


def start(game: Game, a_hand, **options):
    return table(3, game=game, hands={A: list(a_hand), **OTHERS}, row=["R5", "B8"],
                 draw=["Y8", "G6", "R10", "B7", "Y1"], **options)


# ------------------------------------------------------------------ DOS-H2 no DOS call

def test_dos_h2_nobody_declares_and_nobody_is_caught_at_two_cards():
    state = start(variant("no-call"), ["G5", "Y3", "G9"])
    match(state, "R5", "G5")
    assert sizes(state)[A] == 2
    assert not catchable(state, A) and "call_dos" not in offered(state, A)
    refused(state, Action("catch", B, (("target", A),)), because="no_such_action")
    end_turn(state)
    assert hand(state, A) == ["G9", "Y3"] and state.current_player() == B


def test_dos_h2_in_base_dos_a_player_at_two_cards_must_declare():
    state = start(dos(), ["G5", "Y3", "G9"])
    match(state, "R5", "G5")
    assert catchable(state, A) and "call_dos" in offered(state, A)


# ------------------------------------------------------------------ HR-10.1 false call

def test_hr_10_1_a_false_call_on_ones_own_turn_costs_two_cards_at_its_end():
    state = start(variant("false-call"), ["G5", "Y3", "G9", "Y10"])
    call_dos(state, A)
    match(state, "R5", "G5")
    assert sizes(state)[A] == 3
    end_turn(state)
    assert hand(state, A) == ["G6", "G9", "R10", "Y10", "Y3"] and state.current_player() == B  # after the refill took Y8


def test_hr_10_1_a_false_call_out_of_turn_costs_two_cards_at_once():
    state = start(variant("false-call"), ["G5", "Y3", "G9", "Y10"])
    call_dos(state, C)
    assert hand(state, C) == ["B4", "G6", "R3", "R4", "Y8"] and state.current_player() == A


def test_hr_10_1_in_base_dos_a_call_that_is_not_due_is_not_possible():
    state = start(dos(), ["G5", "Y3", "G9", "Y10"])
    assert "call_dos" not in offered(state, A) and "call_dos" not in offered(state, C)
    refused(state, Action("call_dos", C))


def test_hr_10_1_a_due_call_costs_nothing():
    state = start(variant("false-call"), ["G5", "Y3", "G9"])
    match(state, "R5", "G5")
    call_dos(state, A)
    end_turn(state)
    assert hand(state, A) == ["G9", "Y3"] and not catchable(state, A)


def test_hr_10_1_one_false_call_a_round_per_player():
    """Each player may call wrongly once a round; the engine offers no second loss."""
    state = start(variant("false-call"), ["G5", "Y3", "G9", "Y10"])
    call_dos(state, C)
    assert "call_dos" not in offered(state, C) and "call_dos" in offered(state, B)
