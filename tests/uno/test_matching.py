"""UNO-4 turn structure: what may be played, drawing, and what others may do meanwhile."""
from __future__ import annotations

import pytest
from helpers import action_names, refused, truth
from uno_helpers import A, B, C, D, accept, challenge, draw, hand, keep, offered, pile, play, sizes, table, top


def test_uno_4_1_a_turn_is_one_play_or_one_draw(uno):
    state = table(uno, hands={A: ["R3", "G4", "Y5"], B: ["B1", "B2"]}, discard=["R7"])
    assert action_names(state, A) == {"play", "draw"}
    play(state, "R3")
    assert state.current_player() == B
    refused(state, lambda: play(state, "G4", by=A))
    refused(state, lambda: draw(state, by=A))


def test_uno_4_2_a_same_colour_is_playable(uno):
    state = table(uno, hands={A: ["R2", "G3"]}, discard=["R7"])
    assert offered(state) == {"R2"}
    play(state, "R2", call=True)
    assert top(state) == "R2"


def test_uno_4_2_b_same_number_is_playable(uno):
    state = table(uno, hands={A: ["B7", "G3", "Y9"]}, discard=["R7"])
    assert offered(state) == {"B7"}
    refused(state, lambda: play(state, "G3"))
    play(state, "B7")
    assert top(state) == "B7"


@pytest.mark.parametrize("symbol", ["Skip", "Rev", "D2"])
def test_uno_4_2_c_same_symbol_is_playable_in_any_colour(uno, symbol):
    state = table(uno, hands={A: [f"G-{symbol}", "B4", "Y1"]}, discard=[f"R-{symbol}"])
    assert offered(state) == {f"G-{symbol}"}
    play(state, f"G-{symbol}")
    assert top(state) == f"G-{symbol}"


def test_uno_4_2_c_different_symbols_do_not_match(uno):
    state = table(uno, hands={A: ["G-Skip", "B-Rev", "Y-D2", "G0"]}, discard=["R-Rev"])
    assert offered(state) == {"B-Rev"}
    refused(state, lambda: play(state, "G-Skip"))
    refused(state, lambda: play(state, "Y-D2"))


def test_uno_4_2_numbers_and_symbols_never_match_each_other(uno):
    state = table(uno, hands={A: ["G-Skip", "B0"]}, discard=["R0"])
    assert offered(state) == {"B0"}
    state = table(uno, hands={A: ["G-Skip", "B0"]}, discard=["R-D2"])
    assert offered(state) == set()


def test_uno_4_2_d_a_wild_is_always_playable(uno):
    state = table(uno, hands={A: ["W", "G3"]}, discard=["R7"])
    assert offered(state) == {"W"}
    play(state, "W", colour="green", call=True)
    assert top(state) == "W"


def test_uno_4_2_e_a_wild_draw_four_can_always_be_put_down_even_as_a_bluff(uno):
    state = table(uno, 3, hands={A: ["WD4", "R3", "G3"]}, discard=["R7"])
    assert "WD4" in offered(state)
    play(state, "WD4", colour="blue")  # A still holds red: a bluff, but allowed
    assert top(state) == "WD4"
    assert truth(state).variables["active_colour"] == "blue"


def test_uno_4_3_active_colour_is_the_top_cards_or_the_named_one(uno):
    state = table(uno, hands={A: ["B7", "G3", "Y9"], B: ["W", "G1", "R2"], C: ["Y1", "B1"]}, discard=["R7"])
    play(state, "B7")
    assert truth(state).variables["active_colour"] == "blue"
    play(state, "W", colour="yellow")
    assert top(state) == "W" and truth(state).variables["active_colour"] == "yellow"
    assert offered(state) == {"Y1"}


def test_uno_4_4_a_wild_on_top_has_no_number_or_symbol(uno):
    state = table(uno, hands={A: ["R9", "G1", "Y2", "G-Skip", "W", "WD4"]}, discard=["W"],
                  variables={"active_colour": "green"})
    assert offered(state) == {"G1", "G-Skip", "W", "WD4"}
    state = table(uno, hands={A: ["R9", "B-D2", "Y2", "W", "WD4"]}, discard=["WD4"],
                  variables={"active_colour": "yellow"})
    assert offered(state) == {"Y2", "W", "WD4"}


def test_uno_4_5_a_without_a_playable_card_the_player_must_draw(uno):
    state = table(uno, hands={A: ["R1", "B2"]}, discard=["Y6"], draw=["G9"])
    assert action_names(state, A) == {"draw"}
    refused(state, lambda: play(state, "R1"))
    draw(state)
    assert hand(state, A) == ["B2", "G9", "R1"]


def test_uno_4_5_b_a_player_may_draw_although_holding_a_playable_card(uno):
    state = table(uno, hands={A: ["Y3", "B2"]}, discard=["Y6"], draw=["R1"])
    assert {"play", "draw"} <= action_names(state, A)
    draw(state)
    assert hand(state, A) == ["B2", "R1", "Y3"]
    assert state.current_player() == B


def test_uno_4_5_b_a_wild_draw_four_means_never_forced_to_draw(uno):
    state = table(uno, hands={A: ["WD4", "R1", "B2"]}, discard=["Y6"])
    assert offered(state) == {"WD4"}
    assert action_names(state, A) == {"play", "draw"}


def test_uno_4_5_c_the_drawn_card_may_be_played(uno):
    state = table(uno, hands={A: ["R1", "B2"]}, discard=["Y6"], draw=["Y2"])
    draw(state)
    assert offered(state) == {"Y2"}
    play(state, "Y2")
    assert top(state) == "Y2" and hand(state, A) == ["B2", "R1"] and state.current_player() == B


def test_uno_4_5_c_the_drawn_card_is_offered_when_an_identical_card_is_in_hand(uno):
    state = table(uno, hands={A: ["Y2", "R1"]}, discard=["Y6"], draw=["Y2"])
    draw(state)
    assert offered(state) == {"Y2"}


def test_uno_4_5_c_a_drawn_wild_draw_four_is_judged_on_the_hand_at_that_moment(uno):
    innocent = table(uno, hands={A: ["R1", "B2"], B: ["G1"]}, discard=["Y6"], draw=["WD4"])
    draw(innocent)
    play(innocent, "WD4", colour="blue")
    challenge(innocent)
    assert sizes(innocent)[A] == 2 and sizes(innocent)[B] == 7
    guilty = table(uno, hands={A: ["Y1", "B2"], B: ["G1"]}, discard=["Y6"], draw=["WD4"])
    draw(guilty)
    assert offered(guilty) == {"WD4"}  # the yellow 1 in hand cannot be played now
    play(guilty, "WD4", colour="blue")
    challenge(guilty)
    assert sizes(guilty)[A] == 6 and sizes(guilty)[B] == 1


def test_uno_4_5_d_after_drawing_no_other_card_may_be_played(uno):
    state = table(uno, hands={A: ["Y3", "B2", "R5"]}, discard=["Y6"], draw=["G6"])
    draw(state)
    assert offered(state) == {"G6"}
    refused(state, lambda: play(state, "Y3"))
    refused(state, lambda: draw(state))


def test_uno_4_5_e_an_unplayable_drawn_card_ends_the_turn(uno):
    state = table(uno, hands={A: ["Y3", "B2", "R5"]}, discard=["Y6"], draw=["G8"])
    draw(state)
    assert state.current_player() == B
    assert sizes(state)[A] == 4


def test_uno_4_5_e_keeping_a_playable_drawn_card_ends_the_turn(uno):
    state = table(uno, hands={A: ["Y3", "B2", "R5"]}, discard=["Y6"], draw=["G6"])
    draw(state)
    assert state.current_player() == A and action_names(state, A) == {"play", "keep"}
    keep(state)
    assert state.current_player() == B and top(state) == "Y6" and sizes(state)[A] == 4


def test_uno_4_5_e_a_turn_without_a_play_passes_in_the_current_direction(uno):
    state = table(uno, hands={A: ["B2"]}, discard=["Y6"], draw=["G8"], direction=-1)
    draw(state)
    assert state.current_player() == D


def test_uno_4_6_after_a_play_the_turn_passes_in_the_current_direction(uno):
    state = table(uno, hands={A: ["R3", "G4"]}, discard=["R7"], direction=-1)
    play(state, "R3", call=True)
    assert state.current_player() == D and truth(state).direction == -1


def test_uno_4_7_at_most_one_card_per_turn(uno):
    state = table(uno, hands={A: ["R3", "R4", "R5"]}, discard=["R7"])
    play(state, "R3")
    refused(state, lambda: play(state, "R4", by=A))
    assert pile(state, "discard") == ["R3", "R7"]


def test_uno_4_8_out_of_turn_only_calls_and_catches(uno):
    state = table(uno, hands={A: ["R3", "G4"], B: ["R5", "B1"], C: ["R6", "B6"], D: ["Y1", "Y2"]},
                  discard=["R7"])
    for seat in (B, C, D):
        assert action_names(state, seat) <= {"call_uno", "catch"}
        refused(state, lambda: play(state, "R5", by=seat))
        refused(state, lambda: draw(state, by=seat))
    play(state, "R3", call=False)  # A is now exposed: others may catch
    for seat in (C, D, A):
        assert action_names(state, seat) <= {"call_uno", "catch"}
    assert "catch" in action_names(state, C)


def test_uno_4_8_only_the_victim_may_challenge_a_wild_draw_four(uno):
    state = table(uno, hands={A: ["WD4", "G4", "B4"], B: ["R5"], C: ["R6"], D: ["Y1"]}, discard=["R7"])
    play(state, "WD4", colour="blue")
    assert state.current_player() == B
    for seat in (A, C, D):
        assert not action_names(state, seat) & {"challenge", "accept", "play", "draw"}
        refused(state, lambda: challenge(state, by=seat))
        refused(state, lambda: accept(state, by=seat))
    assert {"challenge", "accept"} <= action_names(state, B)
