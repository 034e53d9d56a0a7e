"""HR-2 deflecting a draw with a Reverse or a Skip (uno/deflect).

Each test sets up a position with the variant and shows what it changes against base UNO.
"""
from __future__ import annotations

from helpers import action_names, refused, truth
from uno.uno_helpers import A, B, C, D, accept, offered, play, sizes, table
from uno_variant_helpers import combined, pending, uno, variant, with_params

STOCK = ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8", "Y9"]


def start(game, b, players=4, a=("R-D2", "G2", "G4")):
    others = {C: ["Y1", "G7", "G9"], D: ["G8", "Y9", "B9"]}
    hands = {A: list(a), B: list(b), **{seat: cards for seat, cards in others.items() if seat < players}}
    return table(game, players, hands=hands, discard=["R3"], draw=STOCK)


def test_hr_2_2_a_reverse_sends_the_draw_back_round_the_other_way():
    state = start(variant("deflect"), ["R-Rev", "B5", "B6"])
    play(state, "R-D2")
    play(state, "R-Rev")
    assert truth(state).direction == -1 and state.current_player() == A and pending(state) == 2
    accept(state)
    assert sizes(state)[A] == 2 + 2 and state.current_player() == D


def test_hr_2_2_with_two_players_a_reverse_sends_the_draw_to_the_opponent():
    state = start(variant("deflect"), ["R-Rev", "B5", "B6"], players=2)
    play(state, "R-D2")
    play(state, "R-Rev")
    assert state.current_player() == A and pending(state) == 2
    accept(state)
    assert sizes(state)[A] == 4 and state.current_player() == B


def test_hr_2_3_a_skip_passes_the_draw_on_and_skips_nobody():
    state = start(variant("deflect"), ["R-Skip", "B5", "B6"])
    play(state, "R-D2")
    play(state, "R-Skip")
    assert state.current_player() == C and pending(state) == 2
    accept(state)
    assert sizes(state)[C] == 5 and state.current_player() == D


def test_hr_2_in_base_uno_the_target_of_a_draw_two_cannot_deflect_it():
    state = start(uno(), ["R-Skip", "B5", "B6"])
    play(state, "R-D2")
    assert sizes(state)[B] == 5 and state.current_player() == C


def test_hr_2_4_by_default_the_deflecting_card_has_the_colour_in_force():
    state = start(variant("deflect"), ["B-Skip", "B5", "B6"])
    play(state, "R-D2")
    assert action_names(state, B) == {"accept"}
    refused(state, lambda: play(state, "B-Skip"))


def test_hr_2_4_deflect_match_any_takes_a_reverse_or_skip_of_any_colour(tmp_path):
    state = start(with_params(tmp_path, "deflect", deflect_match="any"), ["B-Skip", "B5", "B6"])
    play(state, "R-D2")
    play(state, "B-Skip")
    assert state.current_player() == C and pending(state) == 2 and truth(state).variables["active_colour"] == "blue"


def test_hr_2_5_a_deflected_wild_draw_four_keeps_its_total_and_can_be_challenged():
    state = start(variant("deflect"), ["G-Skip", "B5", "B6"], a=("WD4", "R2", "G4"))
    play(state, "WD4", colour="green")  # a bluff: A held the red 2
    play(state, "G-Skip")
    assert state.current_player() == C and pending(state) == 4
    assert action_names(state, C) == {"accept", "challenge"}


def test_hr_2_5_the_player_of_the_wild_draw_four_cannot_challenge_it_when_it_comes_back():
    state = start(variant("deflect"), ["G-Rev", "B5", "B6"], a=("WD4", "R2", "G4"))
    play(state, "WD4", colour="green")
    play(state, "G-Rev")
    assert state.current_player() == A and action_names(state, A) == {"accept"}


def test_hr_2_6_going_out_with_a_deflection_makes_the_new_target_draw():
    state = start(variant("deflect"), ["R-Skip"])
    play(state, "R-D2")
    play(state, "R-Skip")
    assert truth(state).round == 2 and state.scores()[B] == (2 + 4) + (1 + 7 + 9 + 1 + 2) + (8 + 9 + 9)


def test_hr_c2_with_stacking_too_a_target_may_stack_or_deflect(tmp_path):
    game = combined(tmp_path, "stacking", "deflect")
    state = start(game, ["R-Skip", "B-D2", "B6"])
    play(state, "R-D2")
    assert offered(state) == {"R-Skip", "B-D2"}
    play(state, "B-D2")
    assert pending(state) == 4 and state.current_player() == C

