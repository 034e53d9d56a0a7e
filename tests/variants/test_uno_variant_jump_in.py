"""UNO-H3 jump-in (uno/jump-in): an identical card played out of turn, before the covered card acts.

Each test sets up a position with the variant and shows what it changes against base UNO.
"""
from __future__ import annotations

from helpers import act, action_names, no_effect, refused, truth
from uno.uno_helpers import A, B, C, D, call_uno, catch, held, play, sizes, table, top
from uno_variant_helpers import combined, copies, uno, variant, with_params

STOCK = ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7"]


def start(game, a, c, b=("G1", "G2", "G3"), d=("B8", "Y9", "B9")):
    return table(game, hands={A: list(a), B: list(b), C: list(c), D: list(d)}, discard=["R7"], draw=STOCK)


def jump_in(state, seat, name, **choices):
    act(state, "jump_in", seat, card=held(state, seat, name), **choices)


def go_on(state):
    act(state, "go_on")


def test_uno_h3_1_an_identical_card_jumps_in_and_play_goes_on_from_the_jumper():
    state = start(variant("jump-in"), ["R5", "G5", "B2"], ["R5", "Y8", "B4"])
    play(state, "R5")
    assert truth(state).phase == "jump" and "jump_in" in action_names(state, C)
    jump_in(state, C, "R5")
    assert state.current_player() == C and sizes(state)[C] == 2 and sizes(state)[A] == 2
    go_on(state)
    assert state.current_player() == D  # B was passed over


def test_uno_h3_1_in_base_uno_nobody_plays_out_of_turn():
    state = start(uno(), ["R5", "G5", "B2"], ["R5", "Y8", "B4"])
    play(state, "R5")
    assert state.current_player() == B and "jump_in" not in uno().action_index


def test_uno_h3_1_a_card_that_is_not_identical_cannot_jump_in():
    state = start(variant("jump-in"), ["R5", "G5", "B2"], ["B5", "R4", "B4"])
    play(state, "R5")
    assert "jump_in" not in action_names(state, C)
    refused(state, lambda: jump_in(state, C, "B5"))


def test_uno_h3_1_the_player_who_just_played_may_jump_in_on_their_own_card():
    state = start(variant("jump-in"), ["R5", "R5", "B2", "B3"], ["Y8", "B4", "B6"])
    play(state, "R5")
    jump_in(state, A, "R5")
    assert copies(state, A, "R5") == [] and state.current_player() == A


def test_uno_h3_2_when_nobody_jumps_in_the_card_acts_as_usual():
    state = start(variant("jump-in"), ["R-D2", "G5", "B2"], ["Y8", "B4", "B6"])
    play(state, "R-D2")
    assert sizes(state)[B] == 3  # the Draw Two waits for the window to close
    go_on(state)
    assert sizes(state)[B] == 5 and state.current_player() == C


def test_uno_h3_3_a_jump_in_cancels_the_covered_card_and_acts_for_the_jumper():
    state = start(variant("jump-in"), ["R-D2", "G5", "B2"], ["R-D2", "Y8", "B4"])
    play(state, "R-D2")
    jump_in(state, C, "R-D2")
    go_on(state)
    assert sizes(state)[B] == 3 and sizes(state)[D] == 5  # only the jumper's Draw Two acted
    assert state.current_player() == A


def test_uno_h3_4_wild_cards_jump_in_only_with_jump_in_wilds(tmp_path):
    state = start(variant("jump-in"), ["W", "G5", "B2"], ["W", "Y8", "B4"])
    play(state, "W", colour="green")
    assert state.current_player() == B and truth(state).phase == "main"  # no window after a Wild
    state = start(with_params(tmp_path, "jump-in", jump_in_wilds=True), ["W", "G5", "B2"], ["W", "Y8", "B4"])
    play(state, "W", colour="green")
    jump_in(state, C, "W", colour="blue")
    assert truth(state).variables["active_colour"] == "blue" and top(state) == "W"


def test_uno_h3_5_the_jump_in_closes_the_covered_players_call_window():
    state = start(variant("jump-in"), ["R5", "G5"], ["R5", "Y8", "B4"])
    play(state, "R5", call=False)
    jump_in(state, C, "R5")
    no_effect(state, lambda: call_uno(state, A))
    catch(state, B, A)
    assert sizes(state)[A] == 3


def test_uno_h3_5_a_jumper_left_with_one_card_must_call():
    state = start(variant("jump-in"), ["R5", "G5", "B2"], ["R5", "Y8"])
    play(state, "R5")
    jump_in(state, C, "R5", call=False)
    catch(state, D, C)
    assert sizes(state)[C] == 3


def test_uno_h3_1_no_window_opens_after_a_last_card_whose_draw_still_counts():
    state = start(variant("jump-in"), ["R-D2"], ["R-D2", "Y8", "B4"])
    play(state, "R-D2")
    assert truth(state).round == 2 and state.scores()[A] == (6 + 1 + 2) + (20 + 8 + 4) + 26  # B drew Y1, Y2 (UNO-11.2)


def test_uno_h3_6_with_stacking_no_jump_in_on_a_draw_card(tmp_path):
    state = start(combined(tmp_path, "stacking", "jump-in"), ["R-D2", "G5", "B2"], ["R-D2", "Y8", "B4"])
    play(state, "R-D2")
    assert state.current_player() == B and truth(state).phase == "respond"
