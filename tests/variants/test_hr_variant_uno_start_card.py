"""HR-14.1 start-card handling (uno/start-card): `start_card` is redraw_until_number (the default),
ignore, or apply (base UNO-7).

Each test ends a round at once and deals the next from a stacked deck (`deal_round`), so the first
card is known while the variant's own round setup runs.
"""
from __future__ import annotations

import pytest
from helpers import action_names, events_of, truth
from rulesrun.interpreter.engine import events as ev
from uno.uno_helpers import A, B, D, deal_round, name_colour, pile, play, sizes
from uno_variant_helpers import random_round, uno, variant, with_params


def first_round(game, *turned_up, then=(), **options):
    """A new round of four dealt by D, so A is the first player: the cards `turned_up` are turned up in
    this order whenever one is put back, and the cards `then` lie under the first one."""
    stack = [turned_up[0], *then, *turned_up[1:]]
    return deal_round(game.new_state(4, 0), D, stack, *([name] for name in turned_up[1:]), **options)


def put_back(state):
    return [m for m in events_of(state, ev.Moved) if (m.from_zone, m.to_zone) == ("discard", "draw")]


# ------------------------------------------------------------------ redraw_until_number (the default)

@pytest.mark.parametrize("first", ["R-Skip", "R-Rev", "R-D2", "W", "WD4"])
def test_hr_14_1_redraw_until_number_a_non_number_first_card_is_replaced(first):
    state = first_round(variant("start-card"), first, "G5")
    assert pile(state, "discard") == ["G5"] and len(put_back(state)) == 1
    assert state.current_player() == A and truth(state).direction == 1 and sizes(state) == [7, 7, 7, 7]
    assert truth(state).variables["active_colour"] == "green" and "draw" in action_names(state, A)


def test_hr_14_1_redraw_until_number_repeats_until_a_number_card_is_turned_up():
    state = first_round(variant("start-card"), "W", "R-D2", "B-Skip", "Y0")
    assert pile(state, "discard") == ["Y0"] and len(put_back(state)) == 3
    assert len(truth(state).zones["draw"]) == 108 - 4 * 7 - 1 and state.current_player() == A


def test_hr_14_1_base_uno_7_a_skip_first_makes_the_first_player_lose_the_turn():
    state = first_round(uno(), "R-Skip", "G5")
    assert pile(state, "discard") == ["R-Skip"] and put_back(state) == [] and state.current_player() == B


# ------------------------------------------------------------------ ignore

def ignoring(tmp_path):
    return with_params(tmp_path, "start-card", start_card="ignore")


@pytest.mark.parametrize("first", ["R-Skip", "R-Rev", "R-D2"])
def test_hr_14_1_ignore_an_action_first_card_has_no_effect(tmp_path, first):
    state = first_round(ignoring(tmp_path), first, "G5")
    assert pile(state, "discard") == [first] and put_back(state) == []
    assert state.current_player() == A and truth(state).direction == 1 and sizes(state) == [7, 7, 7, 7]
    assert truth(state).variables["active_colour"] == "red"


def test_hr_14_1_base_uno_7_4_a_draw_two_first_hits_the_first_player():
    state = first_round(uno(), "R-D2", then=["G1", "G2"])
    assert sizes(state) == [9, 7, 7, 7] and state.current_player() == B


@pytest.mark.parametrize("first", ["W", "WD4"])
def test_hr_14_1_ignore_after_a_wild_first_card_the_first_player_names_the_colour(tmp_path, first):
    """Decision: a Wild Draw Four is a wild card too, so it stays and acts like a Wild (base UNO-7.2 replaces it)."""
    state = first_round(ignoring(tmp_path), first, "G5", hands={A: ["B3"]})
    assert pile(state, "discard") == [first] and put_back(state) == []
    assert state.current_player() == A and action_names(state, A) == {"name_colour"}
    name_colour(state, "blue")
    play(state, "B3")
    assert state.current_player() == B and sizes(state) == [6, 7, 7, 7]


# ------------------------------------------------------------------ apply (base UNO-7)

def test_hr_14_1_apply_is_base_uno_7(tmp_path):
    game = with_params(tmp_path, "start-card", start_card="apply")
    reverse = first_round(game, "G-Rev")
    assert truth(reverse).direction == -1 and reverse.current_player() == D                    # UNO-7.5
    replaced = first_round(game, "WD4", "G5")
    assert pile(replaced, "discard") == ["G5"] and len(put_back(replaced)) == 1   # UNO-7.2
    drew = first_round(game, "R-D2", then=["G1", "G2"])
    assert sizes(drew) == [9, 7, 7, 7] and drew.current_player() == B                   # UNO-7.4
    wild = first_round(game, "W")
    assert pile(wild, "discard") == ["W"] and action_names(wild, A) == {"name_colour"}   # UNO-7.3


@pytest.mark.parametrize("players", [2, 3])
def test_hr_14_1_a_random_round_plays_to_its_end(tmp_path, players):
    for game in (variant("start-card"), ignoring(tmp_path)):
        state = random_round(game, players, seed=7)
        assert truth(state).round == 2 or state.is_over()
