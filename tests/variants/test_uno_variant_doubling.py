"""UNO-H1 doubling (uno/doubling): two identical number cards in a single play.

Each test sets up a position with the variant and shows what it changes against base UNO.
"""
from __future__ import annotations

from helpers import act, refused, truth
from uno.uno_helpers import A, B, C, D, draw, hand, name_of, table, top
from uno_variant_helpers import catchable, copies, uno, variant, with_params

OTHERS = {B: ["G1", "G2", "G3"], C: ["Y8", "B4", "B6"], D: ["G8", "Y9", "B9"]}


def start(game, a, top_card="R3"):
    return table(game, hands={A: list(a), **OTHERS}, discard=[top_card], draw=["Y6", "G6", "Y7"])


def doubles(state):
    """The pairs of cards A is offered to play as a double, by name."""
    return {(name_of(state.game, a.get("card")), name_of(state.game, a.get("second")))
            for a in state.legal_actions() if a.name == "play_double"}


def double(state, first, second, **choices):
    ids = {name: copies(state, A, name) for name in {first, second}}
    act(state, "play_double", card=ids[first].pop(), second=ids[second].pop(), **choices)


def test_uno_h1_1_two_identical_number_cards_go_down_in_one_play():
    state = start(variant("doubling"), ["R7", "R7", "B2"], top_card="G7")
    double(state, "R7", "R7", call=True)
    assert hand(state, A) == ["B2"] and top(state) == "R7" and truth(state).variables["active_colour"] == "red"
    assert state.current_player() == B and len(truth(state).zones["discard"]) == 3


def test_uno_h1_1_in_base_uno_one_card_is_played_at_a_time():
    assert "play_double" not in uno().action_index
    state = start(uno(), ["R7", "R7", "B2"], top_card="G7")
    assert {a.name for a in state.legal_actions() if a.actor == A} == {"play", "draw"}


def test_uno_h1_1_the_first_card_must_be_playable():
    state = start(variant("doubling"), ["B7", "B7", "B2"], top_card="R3")
    assert doubles(state) == set()
    refused(state, lambda: double(state, "B7", "B7"))


def test_uno_h1_3_identical_means_the_same_colour_by_default():
    state = start(variant("doubling"), ["R7", "B7", "B2"], top_card="R3")
    assert doubles(state) == set()


def test_uno_h1_3_same_number_pairs_any_colours_and_the_top_card_sets_the_colour(tmp_path):
    state = start(with_params(tmp_path, "doubling", doubling_match="same_number"), ["R7", "B7", "B2"], top_card="R3")
    assert doubles(state) == {("R7", "B7")}  # the one underneath must be playable
    double(state, "R7", "B7", call=True)
    assert top(state) == "B7" and truth(state).variables["active_colour"] == "blue"


def test_uno_h1_4_action_and_wild_cards_cannot_be_doubled():
    state = start(variant("doubling"), ["R-Skip", "R-Skip", "W", "W"], top_card="R3")
    assert doubles(state) == set()


def test_uno_h1_4_no_double_after_a_draw():
    state = start(variant("doubling"), ["B7", "B7", "B2"], top_card="Y6")
    draw(state)  # A draws the yellow 6 and may play it, but only it
    assert truth(state).phase == "after_draw" and doubles(state) == set()


def test_uno_h1_5_the_call_is_judged_on_the_hand_left_after_the_double():
    state = start(variant("doubling"), ["R7", "R7", "B2"], top_card="R3")
    double(state, "R7", "R7", call=False)
    assert catchable(state, A)


def test_uno_h1_5_a_double_that_empties_the_hand_wins_the_round():
    state = start(variant("doubling"), ["R7", "R7"], top_card="R3")
    double(state, "R7", "R7")
    assert truth(state).round == 2 and state.scores()[A] == 6 + 18 + 26
