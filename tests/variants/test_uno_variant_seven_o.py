"""UNO-H4 seven-O (uno/seven-o): a 7 swaps hands with a chosen player, a 0 passes every hand on.

Each test sets up a position with the variant and shows what it changes against base UNO.
"""
from __future__ import annotations

from helpers import act, action_names, events_of, truth
from rulesrun.interpreter.engine import events as ev
from uno.uno_helpers import A, B, C, D, deal_round, hand, play, table
from uno_variant_helpers import catchable, combined, copies, uno, variant

HANDS = {B: ["B1", "B2", "B3", "B4"], C: ["Y1", "Y2"], D: ["G8", "G9", "B9"]}


def start(game, a, **options):
    return table(game, hands={A: list(a), **HANDS}, discard=["R3"], draw=["Y6", "Y7", "Y8"], **options)


def swap_with(state, target):
    act(state, "swap_hands", target=target)


def test_uno_h4_1_a_seven_swaps_hands_with_the_chosen_player_then_the_turn_passes():
    state = start(variant("seven-o"), ["R7", "G1", "G2"])
    play(state, "R7")
    assert state.current_player() == A and action_names(state, A) >= {"swap_hands"}
    swap_with(state, C)
    assert hand(state, A) == ["Y1", "Y2"] and hand(state, C) == ["G1", "G2"]
    assert hand(state, B) == ["B1", "B2", "B3", "B4"] and state.current_player() == B  # UNO-H4.3


def test_uno_h4_1_in_base_uno_a_seven_is_a_number_card_and_nothing_more():
    state = start(uno(), ["R7", "G1", "G2"])
    play(state, "R7")
    assert state.current_player() == B and hand(state, A) == ["G1", "G2"]


def test_uno_h4_2_a_zero_passes_every_hand_to_the_next_player_in_the_direction_of_play():
    state = start(variant("seven-o"), ["R0", "G1", "G2"], direction=-1)
    play(state, "R0")
    assert hand(state, D) == ["G1", "G2"] and hand(state, C) == ["B9", "G8", "G9"]
    assert hand(state, B) == ["Y1", "Y2"] and hand(state, A) == ["B1", "B2", "B3", "B4"]
    assert state.current_player() == D


def test_uno_h4_4_a_seven_or_zero_played_last_ends_the_round_without_an_exchange():
    for card in ("R7", "R0"):
        state = start(variant("seven-o"), [card])
        play(state, card)
        assert truth(state).round == 2 and state.scores()[A] == 10 + 3 + 26  # A won; the other hands stayed put


def test_uno_h4_5_exchanged_hands_owe_no_call_and_cannot_be_caught():
    state = start(variant("seven-o"), ["R7", "G1"])
    play(state, "R7", call=False)  # A holds one card and did not call
    swap_with(state, C)
    assert hand(state, C) == ["G1"]
    assert not catchable(state, A) and not catchable(state, C)


def test_uno_h4_6_a_seven_or_zero_turned_up_first_has_no_effect():
    state = deal_round(variant("seven-o").new_state(4, 0), dealer=D, stack=["R0"])
    dealt = events_of(state, ev.RoundStarted)[-1]
    since = state.events[state.events.index(dealt):]
    assert not [e for e in since if isinstance(e, ev.Moved) and e.from_zone == e.to_zone == "hand"]
    assert state.current_player() == A and truth(state).phase == "main"


def test_uno_h4_7_with_doubling_a_double_of_sevens_swaps_once(tmp_path):
    state = start(combined(tmp_path, "doubling", "seven-o"), ["R7", "R7", "G1", "G2"])
    first, second = copies(state, A, "R7")
    act(state, "play_double", card=first, second=second)
    swap_with(state, B)
    assert hand(state, A) == ["B1", "B2", "B3", "B4"] and state.current_player() == B
