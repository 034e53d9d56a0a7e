"""UNO-H5 draw until playable (uno/draw-until-playable) and UNO-H6 forced play (uno/forced-play).

Each test sets up a position with the variant and shows what it changes against base UNO.
"""
from __future__ import annotations

from helpers import action_names, refused, truth
from uno.uno_helpers import A, B, draw, hand, keep, offered, play, sizes, table
from uno_variant_helpers import combined, uno, variant, with_params

OTHERS = {B: ["R1", "R2", "R4"], 2: ["G8", "B8", "B9"]}


def start(game, a, stock, **options):
    return table(game, 3, hands={A: list(a), **OTHERS}, discard=["Y6"], draw=list(stock), **options)


# ------------------------------------------------------------------ UNO-H5 draw until playable

def test_uno_h5_1_the_player_keeps_drawing_until_the_card_drawn_is_playable():
    state = start(variant("draw-until-playable"), ["R5", "B2"], ["G1", "B3", "Y2", "Y3"])
    draw(state)
    assert hand(state, A) == ["B2", "B3", "G1", "R5", "Y2"] and truth(state).phase == "after_draw"
    assert offered(state) == {"Y2"}  # UNO-H5.2: only the card just drawn


def test_uno_h5_1_in_base_uno_one_card_is_drawn():
    state = start(uno(), ["R5", "B2"], ["G1", "B3", "Y2", "Y3"])
    draw(state)
    assert hand(state, A) == ["B2", "G1", "R5"] and state.current_player() == B


def test_uno_h5_1_drawing_stops_when_no_card_is_left():
    state = start(variant("draw-until-playable"), ["R5", "B2"], ["G1", "B3"], rest=("hand", 2))
    draw(state)
    assert sizes(state)[A] == 4 and state.current_player() == B and truth(state).variables["passes"] == 0


def test_uno_h5_2_the_drawn_card_may_be_kept():
    state = start(variant("draw-until-playable"), ["R5", "B2"], ["G1", "Y2"])
    draw(state)
    keep(state)
    assert hand(state, A) == ["B2", "G1", "R5", "Y2"] and state.current_player() == B


def test_uno_h5_2_with_must_play_drawn_the_drawn_card_must_be_played(tmp_path):
    state = start(with_params(tmp_path, "draw-until-playable", must_play_drawn=True), ["R5", "B2"], ["G1", "Y2"])
    draw(state)
    assert action_names(state, A) == {"play"} and offered(state) == {"Y2"}
    refused(state, lambda: keep(state))
    play(state, "Y2")
    assert state.current_player() == B


def test_uno_h5_3_penalty_draws_are_unchanged():
    state = start(variant("draw-until-playable"), ["Y-D2", "R5", "B2"], ["G1", "B3", "Y2"])
    play(state, "Y-D2")
    assert hand(state, B) == ["B3", "G1", "R1", "R2", "R4"]


# ------------------------------------------------------------------ UNO-H6 forced play

def test_uno_h6_1_a_player_holding_a_playable_card_may_not_draw():
    state = start(variant("forced-play"), ["Y3", "B2", "R5"], ["G6"])
    assert action_names(state, A) == {"play"}
    refused(state, lambda: draw(state))


def test_uno_h6_1_in_base_uno_drawing_by_choice_is_allowed():
    state = start(uno(), ["Y3", "B2", "R5"], ["G6"])
    draw(state)
    assert sizes(state)[A] == 4


def test_uno_h6_1_a_player_with_nothing_playable_draws():
    state = start(variant("forced-play"), ["B2", "R5"], ["G1"])
    draw(state)
    assert sizes(state)[A] == 3 and state.current_player() == B


def test_uno_h6_2_a_playable_card_just_drawn_must_be_played():
    state = start(variant("forced-play"), ["B2", "R5"], ["Y2"])
    draw(state)
    assert action_names(state, A) == {"play"}
    refused(state, lambda: keep(state))


def test_uno_h6_3_a_wild_and_a_legitimate_wild_draw_four_count_as_playable():
    for card in ("W", "WD4"):
        state = start(variant("forced-play"), [card, "B2", "R5"], ["G1"])
        assert "draw" not in action_names(state, A)


def test_uno_h6_3_a_drawn_wild_draw_four_that_would_be_a_bluff_may_be_kept(tmp_path):
    state = start(combined(tmp_path, "forced-play", "no-special-finish"), ["Y-Skip"], ["WD4"])
    draw(state)  # the yellow Skip may not be the last card (UNO-H9), so A had nothing to play
    assert action_names(state, A) == {"play", "keep"}  # the Wild Draw Four drawn would be a bluff


def test_hr_c4_draw_until_playable_with_forced_play_plays_the_first_playable_card_drawn(tmp_path):
    state = start(combined(tmp_path, "draw-until-playable", "forced-play"), ["R5", "B2"], ["G1", "B3", "Y2"])
    draw(state)
    assert action_names(state, A) == {"play"} and offered(state) == {"Y2"}
