"""DOS-5 turn structure, DOS-8 drawing, DOS-11.3 an empty Center Row."""
from __future__ import annotations

import pytest
from dos_cards import (A, B, C, catch, draw, earned, end_turn, hand, match, match_action, offered, pile, place, refused,
                       row, sizes, table)
from helpers import truth
from rulesrun.interpreter import Action

OTHERS = {B: ["G3", "G4", "B1"], C: ["R3", "R4", "B4"]}
STUCK = ["G1", "Y3", "R9", "Y10"]  # nothing here matches a red 5 or a blue 8, alone or in pairs


def start(a_hand=STUCK, row_cards=("R5", "B8"), draw_pile=("Y8", "G6", "R10", "B7"), **options):
    return table(3, hands={A: list(a_hand), **OTHERS}, row=list(row_cards), draw=list(draw_pile), **options)


# ------------------------------------------------------------------ DOS-5 turn structure

def test_dos_5_1_a_turn_is_matching_or_drawing_then_the_end_of_turn():
    matching = start(["G5", *STUCK])
    match(matching, "R5", "G5")
    end_turn(matching)
    drawing = start()
    draw(drawing)
    place(drawing, "G1")
    for state in (matching, drawing):
        assert state.current_player() == B and truth(state).phase == "match"


def test_dos_5_2_after_a_match_the_player_may_match_again_or_end_the_turn():
    state = start(["G5", "B4", "Y4", *STUCK])
    match(state, "R5", "G5")
    assert {"match", "end_turn"} <= offered(state)
    match(state, "B8", "B4", "Y4")
    end_turn(state)
    assert state.current_player() == B


def test_dos_5_3_a_player_who_cannot_match_must_draw():
    state = start()
    assert offered(state) == {"draw"}


def test_dos_5_3_a_player_who_can_match_may_draw_instead():
    state = start(["R5", *STUCK])
    assert {"match", "draw"} <= offered(state)
    draw(state)
    assert hand(state, A) == sorted(["R5", "Y8", *STUCK])


def test_dos_5_4_no_draw_once_a_match_has_been_made():
    state = start(["G5", *STUCK])
    match(state, "R5", "G5")
    assert "draw" not in offered(state)
    refused(state, Action("draw", A))


def test_dos_5_4_after_drawing_only_a_match_with_the_drawn_card():
    state = start(["R5", *STUCK], draw_pile=("G10",))
    draw(state)
    refused(state, match_action(state, "R5", "R5"))
    assert offered(state) == {"place"}


def test_dos_5_5_no_pass_ending_the_turn_before_a_match_or_draw_is_refused():
    state = start(["G5", *STUCK])
    assert "end_turn" not in offered(state)
    assert refused(state, Action("end_turn", A))


def test_dos_5_5_after_a_draw_the_turn_ends_only_with_a_match_or_a_placement():
    state = start()
    draw(state)
    refused(state, Action("end_turn", A))
    assert state.current_player() == A and truth(state).phase == "after_draw"


# ------------------------------------------------------------------ DOS-8 drawing

def test_dos_8_1_the_player_draws_one_card():
    state = start()
    draw(state)
    assert hand(state, A) == sorted([*STUCK, "Y8"])
    assert pile(state, "draw")[:1] == ["G6"]
    assert state.current_player() == A


def test_dos_8_2_a_single_match_with_the_drawn_card():
    state = start()
    draw(state)
    match(state, "B8", "Y8")
    assert state.current_player() == B  # one match only; the turn is over
    assert row(state) == ["R5", "G6"]
    assert sorted(pile(state, "discard")) == ["B8", "Y8"]


def test_dos_8_2_a_double_with_the_drawn_card_and_one_from_hand():
    state = start(["B3", *STUCK], draw_pile=("B5", "Y4", "R7", "R6"))
    draw(state)
    match(state, "B8", "B5", "B3")
    assert earned(state) == (1, 1)
    assert truth(state).phase == "bonus"


@pytest.mark.parametrize("drawn,kept", [("B5", "B3"), ("B3", "B5")])
def test_dos_8_2_the_drawn_card_may_be_either_card_of_the_double(drawn, kept):
    state = start([kept, *STUCK], draw_pile=(drawn,))
    draw(state)
    match(state, "B8", drawn, kept)
    assert sorted(pile(state, "discard")) == ["B3", "B5", "B8"]


def test_dos_8_2_no_match_without_the_drawn_card():
    state = start(["R5", "B3", *STUCK], draw_pile=("B5",))
    draw(state)
    refused(state, match_action(state, "R5", "R5"))
    match(state, "R5", "B5")  # the drawn card alone
    assert state.current_player() == B


def test_dos_8_2_only_one_match_after_drawing():
    state = start(["R5", "B3", *STUCK], draw_pile=("B5", "G9"))
    draw(state)
    match(state, "R5", "B5")
    assert state.current_player() == B
    assert hand(state, A) == sorted(["R5", "B3", *STUCK])


def test_dos_8_3_no_match_after_drawing_means_placing_a_card():
    state = start(draw_pile=("G10",))
    draw(state)
    assert offered(state) == {"place"}
    place(state, "R9")
    assert row(state) == ["R5", "B8", "R9"]
    assert hand(state, A) == sorted(["G1", "Y3", "Y10", "G10"])
    assert state.current_player() == B


def test_dos_8_3_declining_a_possible_match_still_means_placing():
    state = start()
    draw(state)  # Y8 would match the blue 8
    assert {"match", "place"} <= offered(state)
    place(state, "Y8")  # the drawn card itself may be placed
    assert row(state) == ["R5", "B8", "Y8"]
    assert hand(state, A) == sorted(STUCK)


def test_dos_8_3_placing_is_only_after_a_draw():
    state = start(["G5", *STUCK])
    refused(state, Action("place", A, (("card", truth(state).zones["hand"][A][0]),)))


def test_dos_8_4_the_end_of_turn_follows_a_placement():
    state = start(row_cards=("R5",), draw_pile=("G10", "B6"))  # a one-card row is refilled after placing
    draw(state)
    place(state, "Y3")
    assert row(state) == ["R5", "Y3"]  # two cards: no refill needed
    state = start(row_cards=(), draw_pile=("G10", "B6"))
    draw(state)
    place(state, "Y3")
    assert row(state) == ["Y3", "B6"]
    assert state.current_player() == B


def test_dos_8_4_a_draw_turn_ends_with_the_penalties_owed():
    state = start(["Y3", "G9"], draw_pile=("G10", "B6", "R6"))
    catch(state, B, A)  # A holds two cards and has not declared
    draw(state)
    place(state, "Y3")
    assert hand(state, A) == ["B6", "G10", "G9", "R6"]


# ------------------------------------------------------------------ DOS-11.3 empty Center Row

def test_dos_11_3_an_empty_center_row_allows_no_match_and_the_player_draws():
    state = start(["R5", *STUCK], row_cards=(), draw_pile=("G10", "B6", "Y1"))
    assert offered(state) == {"draw"}
    draw(state)
    place(state, "G10")
    assert row(state) == ["G10", "B6"]
    assert sizes(state)[A] == 5
