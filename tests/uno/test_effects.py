"""UNO-5 card effects."""
from __future__ import annotations

import pytest
from helpers import action_names, events_of, refused, truth
from rulesrun.interpreter.engine import events as ev
from uno_helpers import A, B, C, D, accept, challenge, draw, hand, offered, pile, play, sizes, table, top

FILLER = {B: ["Y1", "Y2"], C: ["Y3", "Y4"], D: ["Y5", "Y6"]}


def test_uno_5_1_a_number_card_has_no_effect(uno):
    state = table(uno, hands={A: ["R3", "G4", "B4"], **FILLER}, discard=["R7"])
    play(state, "R3")
    assert state.current_player() == B and truth(state).direction == 1
    assert sizes(state) == [2, 2, 2, 2]
    assert not events_of(state, ev.Skipped) and not events_of(state, ev.DirectionChanged)


def test_uno_5_2_skip_makes_the_next_player_lose_their_turn(uno):
    state = table(uno, hands={A: ["R-Skip", "G4", "B4"], **FILLER}, discard=["R7"])
    play(state, "R-Skip")
    assert state.current_player() == C
    assert [e.player for e in events_of(state, ev.Skipped)] == [B]
    assert sizes(state) == [2, 2, 2, 2]


def test_uno_5_2_skip_counterclockwise(uno):
    state = table(uno, hands={A: ["R-Skip", "G4", "B4"], **FILLER}, discard=["R7"], direction=-1)
    play(state, "R-Skip")
    assert state.current_player() == C
    assert [e.player for e in events_of(state, ev.Skipped)] == [D]


def test_uno_5_3_reverse_flips_the_direction_and_passes_to_the_other_neighbour(uno):
    state = table(uno, 3, hands={C: ["R-Rev", "G4", "B4"], A: ["Y1", "Y2"], B: ["Y3", "Y4"]}, discard=["R7"],
                  current=C)
    play(state, "R-Rev")
    assert truth(state).direction == -1
    assert state.current_player() == B


def test_uno_5_3_reverse_regardless_of_who_played_before(uno):
    # B played the card before A's turn although play ran counterclockwise; the Reverse still
    # sends the turn to A's neighbour on the other side of the new direction (B).
    state = table(uno, hands={A: ["G-Rev", "G4", "B4"], **FILLER}, discard=["G7"], direction=-1)
    play(state, "G-Rev")
    assert truth(state).direction == 1
    assert state.current_player() == B
    assert [e.direction for e in events_of(state, ev.DirectionChanged)] == [1]


def test_uno_5_4_draw_two_makes_the_next_player_draw_two_and_lose_the_turn(uno):
    state = table(uno, hands={A: ["B-D2", "R1", "R2"], **FILLER}, discard=["B3"], draw=["G1", "G2", "G3"])
    play(state, "B-D2")
    assert hand(state, B) == ["G1", "G2", "Y1", "Y2"]
    assert state.current_player() == C
    assert pile(state, "draw")[0] == "G3"
    assert truth(state).variables["active_colour"] == "blue"


def test_uno_5_4_draw_two_counterclockwise(uno):
    state = table(uno, hands={A: ["B-D2", "R1", "R2"], **FILLER}, discard=["B3"], draw=["G1", "G2"],
                  direction=-1)
    play(state, "B-D2")
    assert hand(state, D) == ["G1", "G2", "Y5", "Y6"]
    assert state.current_player() == C


@pytest.mark.parametrize("colour", ["red", "yellow", "green", "blue"])
def test_uno_5_5_a_wild_names_any_colour_even_the_active_one(uno, colour):
    state = table(uno, hands={A: ["W", "R3", "R4"], **FILLER}, discard=["R9"])
    named = {a.get("colour") for a in state.legal_actions() if a.name == "play" and a.get("colour")}
    assert named == {"red", "yellow", "green", "blue"}
    play(state, "W", colour=colour)  # allowed although A holds playable red cards
    assert top(state) == "W"
    assert truth(state).variables["active_colour"] == colour
    assert state.current_player() == B


def test_uno_5_6_wild_draw_four_names_a_colour_and_the_next_player_draws_four_and_loses_the_turn(uno):
    state = table(uno, hands={A: ["WD4", "B2", "G5"], **FILLER}, discard=["R7"],
                  draw=["Y7", "Y8", "Y9", "R1"])
    play(state, "WD4", colour="green")
    assert truth(state).variables["active_colour"] == "green"
    assert state.current_player() == B
    accept(state)
    assert hand(state, B) == ["R1", "Y1", "Y2", "Y7", "Y8", "Y9"]
    assert state.current_player() == C


def test_uno_5_6_number_symbol_and_wild_matches_do_not_make_it_illegitimate(uno):
    # The active colour is red; A keeps a green Skip (same symbol as the top card), a Wild and
    # another Wild Draw Four, but no red card: the play is legitimate.
    state = table(uno, hands={A: ["WD4", "G-Skip", "W", "WD4"], **FILLER}, discard=["R-Skip"])
    play(state, "WD4", colour="blue")
    challenge(state)
    assert sizes(state)[B] == 2 + 6
    assert sizes(state)[A] == 3
    assert state.current_player() == C


def test_uno_5_6_a_card_of_the_active_colour_makes_it_illegitimate(uno):
    state = table(uno, hands={A: ["WD4", "G-Skip", "R0"], **FILLER}, discard=["R-Skip"])
    play(state, "WD4", colour="blue")
    challenge(state)
    assert sizes(state)[A] == 2 + 4
    assert sizes(state)[B] == 2
    assert state.current_player() == B


def test_uno_5_7_naming_a_colour_is_mandatory(uno):
    state = table(uno, hands={A: ["W", "WD4", "R4"], **FILLER}, discard=["R9"])
    refused(state, lambda: play(state, "W"))
    refused(state, lambda: play(state, "WD4"))
    refused(state, lambda: play(state, "W", colour="purple"))


@pytest.mark.parametrize("last", ["W", "WD4"])
def test_uno_5_7_no_colour_is_named_for_a_last_card(uno, last):
    state = table(uno, hands={A: [last], **FILLER}, discard=["R9"])
    assert all(a.get("colour") is None for a in state.legal_actions() if a.name == "play")
    play(state, last)
    assert truth(state).round == 2  # the round ended with A's last card


def test_uno_5_8_a_skipped_player_neither_plays_nor_draws(uno):
    state = table(uno, hands={A: ["R-D2", "G4", "B4"], B: ["R1", "R2"], C: ["Y3", "Y4"], D: ["Y5", "Y6"]},
                  discard=["R7"], draw=["G1", "G2", "G3"])
    play(state, "R-D2")
    assert sizes(state)[B] == 4  # the two penalty cards, nothing more
    assert state.current_player() == C
    assert not action_names(state, B) & {"play", "draw"}
    refused(state, lambda: play(state, "R1", by=B))
    refused(state, lambda: draw(state, by=B))
    assert "R1" not in offered(state)
