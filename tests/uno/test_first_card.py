"""UNO-7 the first card of the discard pile, and UNO-9.5 the same with two players.

Each test ends a round at once and deals the next from a stacked deck (`deal_round`), so
the first card is known while everything else runs through the ruleset's own round setup.
"""
from __future__ import annotations

import pytest
from helpers import action_names, events_of, truth
from rulesrun.interpreter.engine import events as ev
from uno_helpers import A, B, C, D, deal_round, draw, hand, name_colour, pile, play, sizes, table, top


def first_round(uno, players, dealer, stack, *reshuffles, **options):
    return deal_round(uno.new_state(players, 0), dealer, stack, *reshuffles, **options)


def test_uno_7_1_a_number_card_sets_the_colour_and_the_first_player_starts(uno):
    state = first_round(uno, 4, D, ["Y5"])
    assert top(state) == "Y5" and truth(state).variables["active_colour"] == "yellow"
    assert state.current_player() == A and truth(state).direction == 1
    assert sizes(state) == [7, 7, 7, 7]
    assert action_names(state, A) >= {"draw"}


def test_uno_7_2_a_wild_draw_four_is_put_back_and_another_card_turned_up(uno):
    state = first_round(uno, 4, D, ["WD4"], ["G5"])
    assert pile(state, "discard") == ["G5"]
    assert len(truth(state).zones["draw"]) == 79
    moves = [m for m in events_of(state, ev.Moved) if "discard" in (m.from_zone, m.to_zone)][-3:]
    assert [(m.from_zone, m.to_zone) for m in moves] == [("draw", "discard"), ("discard", "draw"),
                                                          ("draw", "discard")]
    assert state.current_player() == A and truth(state).variables["active_colour"] == "green"


def test_uno_7_2_repeated_until_the_card_is_not_a_wild_draw_four(uno):
    state = first_round(uno, 4, D, ["WD4"], ["WD4"], ["WD4"], ["B1"])
    returned = [m for m in events_of(state, ev.Moved) if m.from_zone == "discard" and m.to_zone == "draw"]
    assert len(returned) == 3
    assert pile(state, "discard") == ["B1"]
    assert len(truth(state).zones["draw"]) == 79


def test_uno_7_3_a_wild_first_the_first_player_names_the_colour_then_plays(uno):
    state = first_round(uno, 4, D, ["W"], hands={A: ["B3"]})
    assert state.current_player() == A
    assert action_names(state, A) == {"name_colour"}
    name_colour(state, "blue")
    assert state.current_player() == A and truth(state).variables["active_colour"] == "blue"
    play(state, "B3")
    assert state.current_player() == B


def test_uno_7_4_a_draw_two_first_the_first_player_draws_two_and_loses_the_turn(uno):
    state = first_round(uno, 4, D, ["B-D2", "G1", "G2"])
    assert sizes(state) == [9, 7, 7, 7]
    assert {"G1", "G2"} <= set(hand(state, A))
    assert state.current_player() == B
    assert truth(state).variables["active_colour"] == "blue" and truth(state).direction == 1


def test_uno_7_5_a_reverse_first_the_dealer_starts_and_play_goes_right(uno):
    state = first_round(uno, 4, D, ["G-Rev"], hands={D: ["G3"]})
    assert truth(state).direction == -1
    assert state.current_player() == D
    play(state, "G3")
    assert state.current_player() == C


def test_uno_7_5_a_reverse_first_with_another_dealer(uno):
    state = first_round(uno, 4, B, ["R-Rev"])
    assert truth(state).direction == -1 and state.current_player() == B


def test_uno_7_6_a_skip_first_the_first_player_loses_the_turn(uno):
    state = first_round(uno, 4, D, ["Y-Skip"])
    assert state.current_player() == B
    assert sizes(state) == [7, 7, 7, 7]
    assert truth(state).variables["active_colour"] == "yellow"


@pytest.mark.parametrize("first", ["R-D2", "R-Skip", "R-Rev", "W"])
def test_uno_7_7_nobody_played_the_first_card(uno, first):
    state = first_round(uno, 4, D, [first])
    assert truth(state).variables["exposed"] == [False] * 4
    for seat in range(4):
        assert not action_names(state, seat) & {"challenge", "accept", "catch", "call_uno"}


@pytest.mark.parametrize("first,starts,sizes_after,direction", [
    ("G-Rev", A, [7, 7], -1),   # the dealer takes the first turn
    ("G-Skip", A, [7, 7], 1),   # the non-dealer is skipped
    ("G-D2", A, [7, 9], 1),     # the non-dealer draws two
    ("G4", B, [7, 7], 1),       # a number: the non-dealer starts
])
def test_uno_7_8_and_uno_9_5_first_card_with_two_players(uno, first, starts, sizes_after, direction):
    state = first_round(uno, 2, A, [first, "Y1", "Y2"])
    assert truth(state).dealer == A
    assert state.current_player() == starts
    assert sizes(state) == sizes_after
    assert truth(state).direction == direction
    assert truth(state).variables["active_colour"] == "green"


def test_uno_9_5_two_players_wild_first_the_non_dealer_names_and_plays(uno):
    state = first_round(uno, 2, A, ["W", "Y1"])
    assert state.current_player() == B
    name_colour(state, "red")
    assert state.current_player() == B and action_names(state, B) >= {"draw"}
    draw(state)  # a yellow 1: not playable, so B's normal turn ends
    assert state.current_player() == A


def test_uno_9_5_two_players_wild_draw_four_first_is_replaced(uno):
    state = first_round(uno, 2, A, ["WD4"], ["R8"])
    assert pile(state, "discard") == ["R8"] and len(truth(state).zones["draw"]) == 93
    assert state.current_player() == B


def test_uno_7_4_only_a_turned_up_draw_two_hits_the_first_player(uno):
    """A Draw Two already on top during a round is not applied again to the next player."""
    state = table(uno, hands={A: ["R3", "G3"], B: ["Y1", "Y2"]}, discard=["R-D2"])
    play(state, "R3", call=True)
    assert sizes(state)[B] == 2 and state.current_player() == B
