"""UNO-H2 stacking draw cards (uno/stacking), with the scenario check UNO-S25.

Each test sets up a position with the variant and shows what it changes against base UNO.
"""
from __future__ import annotations

from helpers import action_names, refused, truth
from uno.uno_helpers import A, B, C, D, accept, challenge, deal_round, hand, offered, play, sizes, table, top
from uno_variant_helpers import pending, uno, variant, with_params

STOCK = ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8", "Y9", "G8", "G9", "B8", "B9"]  # never red, never a 3 or 5


def start(game, a, b, c=("Y1", "G7"), d=("G8", "Y9"), **options):
    return table(game, hands={A: list(a), B: list(b), C: list(c), D: list(d)}, discard=["R3"], draw=STOCK,
                 **options)


def test_uno_s25_draw_twos_are_stacked_and_the_last_target_draws_the_total():
    state = start(variant("stacking"), ["R-D2", "G2", "G4"], ["B-D2", "WD4", "Y5"])
    play(state, "R-D2")
    assert sizes(state)[B] == 3 and pending(state) == 2 and state.current_player() == B
    refused(state, lambda: play(state, "WD4", colour="red"))  # no mixing
    play(state, "B-D2")
    assert pending(state) == 4 and state.current_player() == C
    assert action_names(state, C) == {"accept"}  # C has no Draw Two: nothing to answer with
    accept(state)
    assert sizes(state)[C] == 6 and pending(state) == 0 and state.current_player() == D
    assert top(state) == "B-D2" and truth(state).variables["active_colour"] == "blue"


def test_uno_s25_wild_draw_fours_are_stacked_with_their_named_colours():
    state = start(variant("stacking"), ["WD4", "G2"], ["WD4", "B5"])
    play(state, "WD4", colour="red", call=True)
    play(state, "WD4", colour="yellow", call=True)  # legitimate: B held no red (UNO-H2.6)
    assert pending(state) == 8 and state.current_player() == C
    assert action_names(state, C) == {"accept", "challenge"}
    accept(state)
    assert sizes(state)[C] == 10 and pending(state) == 0
    assert state.current_player() == D and truth(state).variables["active_colour"] == "yellow"


def test_uno_h2_1_in_base_uno_a_draw_two_is_drawn_at_once_and_cannot_be_answered():
    state = start(uno(), ["R-D2", "G2", "G4"], ["B-D2", "WD4", "Y5"])
    play(state, "R-D2")
    assert sizes(state)[B] == 5 and state.current_player() == C
    refused(state, lambda: play(state, "B-D2", by=B))


def test_uno_h2_1_a_target_who_may_answer_may_still_accept():
    state = start(variant("stacking"), ["R-D2", "G2", "G4"], ["B-D2", "Y5", "Y6"])
    play(state, "R-D2")
    assert offered(state) == {"B-D2"} and "draw" not in action_names(state, B)
    accept(state)
    assert hand(state, B) == ["B-D2", "Y1", "Y2", "Y5", "Y6"] and state.current_player() == C


def test_uno_h2_3_stack_mixed_lets_a_wild_draw_four_answer_a_draw_two(tmp_path):
    state = start(with_params(tmp_path, "stacking", stack_mixed=True), ["R-D2", "G2", "G4"], ["WD4", "Y5", "Y6"])
    play(state, "R-D2")
    play(state, "WD4", colour="green")
    assert pending(state) == 6 and state.current_player() == C


def test_uno_h2_3_a_draw_two_never_answers_a_wild_draw_four(tmp_path):
    state = start(with_params(tmp_path, "stacking", stack_mixed=True), ["WD4", "G2", "G4"], ["R-D2", "Y5"])
    play(state, "WD4", colour="red")
    assert offered(state) == set()
    refused(state, lambda: play(state, "R-D2"))


def test_uno_h2_7_a_guilty_last_wild_draw_four_draws_the_whole_total():
    state = start(variant("stacking"), ["WD4", "G2", "G4"], ["WD4", "R5", "B6"])
    play(state, "WD4", colour="red")
    play(state, "WD4", colour="blue")  # a bluff: B held the red 5
    challenge(state)
    assert sizes(state)[B] == 2 + 8 and pending(state) == 0
    assert state.current_player() == C and truth(state).phase == "main"  # the challenger plays normally


def test_uno_h2_7_a_failed_challenge_costs_the_total_plus_two():
    state = start(variant("stacking"), ["WD4", "G2", "G4"], ["WD4", "B5", "B6"])
    play(state, "WD4", colour="red")
    play(state, "WD4", colour="blue")
    challenge(state)
    assert sizes(state)[C] == 2 + 10 and pending(state) == 0 and state.current_player() == D


def test_uno_h2_8_going_out_on_a_stacked_draw_two_makes_the_next_player_draw_the_total():
    state = start(variant("stacking"), ["R-D2", "G2", "G4"], ["B-D2"])
    play(state, "R-D2")
    play(state, "B-D2")
    assert truth(state).round == 2  # B went out; C drew Y1 to Y4 before the hands were scored
    assert state.scores()[B] == (2 + 4) + (1 + 7 + 1 + 2 + 3 + 4) + (8 + 9)


def test_uno_h2_9_a_draw_two_turned_up_first_cannot_be_answered():
    state = deal_round(variant("stacking").new_state(4, 0), dealer=D, stack=["B-D2"])
    assert sizes(state)[A] == 9 and pending(state) == 0
    assert state.current_player() == B and truth(state).phase == "main"


def test_uno_h2_5_after_the_total_is_drawn_a_new_chain_starts_from_nothing():
    state = start(variant("stacking"), ["R-D2", "G2", "G4"], ["Y5", "Y6", "B6"], c=["G-D2", "Y1", "G7"])
    play(state, "R-D2")
    accept(state)
    assert sizes(state)[B] == 5 and pending(state) == 0 and state.current_player() == C
    play(state, "G-D2")
    assert pending(state) == 2 and state.current_player() == D
