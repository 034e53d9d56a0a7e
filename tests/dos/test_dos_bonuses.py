"""DOS-7 colour match bonuses: one bonus placement each, and a penalty draw for a Double Colour Match."""
from __future__ import annotations

import pytest
from dos_cards import A, B, C, earned, end_turn, hand, match, moves, offered, place, row, sizes, table
from helpers import truth

OTHERS = {B: ["G3", "G4", "B1"], C: ["R3", "R4", "B4"]}


def start(a_hand, row_cards, draw=("Y10", "G10", "R1", "B6")):
    """A to play holding `a_hand`; B and C hold three cards each; the draw pile starts with `draw`."""
    return table(3, hands={A: list(a_hand), **OTHERS}, row=list(row_cards), draw=list(draw))


def test_dos_7_1_printed_colours_are_compared():
    state = start(["R5", "B8", "Y9"], ["R5", "G8"])
    match(state, "R5", "R5")
    match(state, "G8", "B8")
    assert earned(state) == (1, 0)


def test_dos_7_1_declared_colours_count_for_wild_dos_cards_in_hand_and_in_the_row():
    state = start(["W2", "Y9", "Y10"], ["W2", "G8"])
    trial = state.clone()
    match(trial, "W2/red", "W2/red")
    assert earned(trial) == (1, 0)
    match(state, "W2/red", "W2/blue")
    assert earned(state) == (0, 0)


def test_dos_7_2_single_colour_match_earns_one_bonus_placement():
    state = start(["R5", "Y9", "G1", "B3"], ["R5", "G8"])
    match(state, "R5", "R5")
    assert earned(state) == (1, 0)
    end_turn(state)
    assert truth(state).phase == "bonus" and state.current_player() == A
    assert offered(state, A) == {"place"}
    place(state, "G1")
    assert row(state) == ["G8", "Y10", "G1"]
    assert sizes(state) == [2, 3, 3]  # nobody else draws
    assert state.current_player() == B


def test_dos_7_2_single_number_match_in_another_colour_earns_nothing():
    state = start(["G5", "Y9", "G1"], ["R5", "G8"])
    match(state, "R5", "G5")
    assert earned(state) == (0, 0)
    end_turn(state)
    assert state.current_player() == B and truth(state).phase == "match"


def test_dos_7_3_double_colour_match_earns_a_bonus_and_every_other_player_draws_one():
    state = start(["Y4", "Y5", "G1", "B6"], ["Y9", "R4"])
    match(state, "Y9", "Y4", "Y5")
    assert earned(state) == (1, 1)
    end_turn(state)
    place(state, "G1")
    assert sizes(state) == [1, 4, 4]
    assert hand(state, B) == ["B1", "G10", "G3", "G4"] and hand(state, C) == ["B4", "R1", "R3", "R4"]


def test_dos_7_4_a_double_with_only_one_card_of_the_targets_colour_earns_nothing():
    state = start(["Y4", "R5", "G1", "B6"], ["Y9", "R4"])
    match(state, "Y9", "Y4", "R5")
    assert earned(state) == (0, 0)
    end_turn(state)
    assert sizes(state) == [2, 3, 3] and state.current_player() == B


@pytest.mark.parametrize("target,cards", [("Y9", ("R4", "R5")), ("Y4", ("R1", "R3"))])
def test_dos_7_4_a_double_of_one_colour_that_is_not_the_targets_earns_nothing(target, cards):
    state = start([*cards, "G10"], [target, "G8"])
    match(state, target, *cards)
    assert earned(state) == (0, 0)


def test_dos_7_5_bonuses_add_up_over_the_turn():
    """Two Single Colour Matches and one Double Colour Match: 3 placements, the others draw 1 each."""
    state = start(["R5", "B8", "G1", "G3", "Y7", "Y9", "Y10", "B10"], ["R5", "B8", "G4"],
                  draw=("R9", "B9", "R6", "B7"))
    match(state, "R5", "R5")
    match(state, "B8", "B8")
    match(state, "G4", "G1", "G3")
    assert earned(state) == (3, 1)
    end_turn(state)
    assert row(state) == ["R9", "B9"]
    for card in ("Y7", "Y9", "Y10"):
        assert truth(state).phase == "bonus" and state.current_player() == A
        place(state, card)
    assert row(state) == ["R9", "B9", "Y7", "Y9", "Y10"]
    assert hand(state, A) == ["B10"]
    assert hand(state, B) == ["B1", "G3", "G4", "R6"] and hand(state, C) == ["B4", "B7", "R3", "R4"]
    assert state.current_player() == B


def test_dos_7_5_two_double_colour_matches_make_each_other_player_draw_two_one_player_at_a_time():
    state = start(["Y4", "Y5", "R1", "R3", "G6", "B7", "B9"], ["Y9", "R4"], draw=("G8", "G9", "B10", "R10", "Y6", "Y8"))
    match(state, "Y9", "Y4", "Y5")
    match(state, "R4", "R1", "R3")
    assert earned(state) == (2, 2)
    end_turn(state)
    place(state, "G6")
    place(state, "B7")
    penalty = [m for m in moves(state) if m[1] == "draw" and m[2].startswith("hand")]
    assert penalty == [("B10", "draw", "hand:B"), ("R10", "draw", "hand:B"), ("Y6", "draw", "hand:C"),
                       ("Y8", "draw", "hand:C")]
    assert hand(state, A) == ["B9"] and state.current_player() == B
