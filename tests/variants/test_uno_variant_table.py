"""House rules about the table: HR-10.1 false call (uno/false-call), HR-15 empty pile ends the round
(uno/empty-pile-ends-round), HR-16 hand limit (uno/mercy) and HR-17.1 two decks (uno/big-table).

Each test sets up a position with the variant and shows what it changes against base UNO.
"""
from __future__ import annotations

from collections import Counter

import pytest
from helpers import action_names, events_of, refused, truth
from rulesrun.interpreter import IllegalAction
from rulesrun.interpreter.engine import events as ev
from uno.uno_helpers import A, B, C, D, call_uno, draw, hand, pile, play, sizes, table
from uno_variant_helpers import catchable, uno, variant

# ------------------------------------------------------------------ HR-10.1


def calls(game, a=("R3", "R5", "G2")):
    return table(game, hands={A: list(a), B: ["B1", "B2"], C: ["G1", "G7"], D: ["B8", "G8"]},
                 discard=["R7"], draw=["Y1", "Y2", "Y4"])


def test_hr_10_1_calling_uno_when_no_call_is_due_costs_two_cards():
    state = calls(variant("false-call"))
    call_uno(state, A)
    assert hand(state, A) == ["G2", "R3", "R5", "Y1", "Y2"] and state.current_player() == A


def test_hr_10_1_in_base_uno_a_call_that_is_not_due_is_not_even_offered():
    state = calls(uno())
    assert "call_uno" not in action_names(state, A)
    refused(state, lambda: call_uno(state, A))


def test_hr_10_1_a_due_call_costs_nothing():
    state = calls(variant("false-call"), a=("R3", "R5"))
    play(state, "R3", call=False)
    call_uno(state, A)
    assert hand(state, A) == ["R5"] and not catchable(state, A)


def test_hr_10_1_only_the_player_to_move_can_call_wrongly_and_once_a_round():
    state = calls(variant("false-call"))
    assert "call_uno" not in action_names(state, B)
    call_uno(state, A)
    assert "call_uno" not in action_names(state, A)


# ------------------------------------------------------------------ HR-15

def empty_pile(game, b=("R3", "Y4"), a=("R2",), stock=()):
    """UNO-S24's pile, with the draw pile empty (or holding `stock`); B to play with nothing playable."""
    return table(game, hands={A: list(a), B: list(b), C: ["Y9"], D: ["B8"]}, current=B,
                 discard=["G5", "W", "B1", "R1"], draw=list(stock), variables={"active_colour": "green"},
                 rest="discard")  # the rest of the deck lies under the discard pile


def test_hr_15_1_when_nothing_can_be_drawn_the_lowest_hand_wins_the_round():
    state = empty_pile(variant("empty-pile-ends-round"))
    draw(state)
    assert truth(state).round == 2 and state.scores() == [7 + 9 + 8, 0, 0, 0]


def test_hr_15_1_in_base_uno_the_discard_pile_is_reshuffled_instead():
    state = empty_pile(uno())
    draw(state)
    assert truth(state).round == 1 and sizes(state)[B] == 3 and pile(state, "discard") == ["G5"]  # UNO-S24


def test_hr_15_1_a_tie_for_the_lowest_hand_scores_nothing():
    state = empty_pile(variant("empty-pile-ends-round"), a=("R3", "Y4"), b=("R3", "Y4"))
    draw(state)
    assert truth(state).round == 2 and state.scores() == [0, 0, 0, 0]


def test_hr_15_1_the_round_goes_on_until_a_card_is_needed_and_none_is_left():
    state = empty_pile(variant("empty-pile-ends-round"), stock=["Y2"])
    draw(state)  # B takes the last card; nobody has yet needed one that was not there
    assert truth(state).round == 1 and state.current_player() == C


# ------------------------------------------------------------------ HR-16

BIG = [f"{colour}{number}" for colour in "YGB" for number in range(1, 9)]  # 24 cards, none fits a red 9


def over_the_limit(game):
    return table(game, hands={A: ["R5", "G9"], B: BIG, C: ["R1", "G1"], D: ["R2", "G2"]}, current=B,
                 discard=["R9"], draw=["G0", "Y0", "B0"], rest="discard")


def test_hr_16_1_a_player_who_reaches_the_hand_limit_is_out_of_the_round():
    state = over_the_limit(variant("mercy"))
    draw(state)
    assert [e.player for e in events_of(state, ev.Eliminated)] == [B]
    assert sizes(state)[B] == 0 and state.current_player() == C
    assert len(truth(state).zones["draw"]) == 2 + 25  # HR-16.2: the hand went into the draw pile
    play(state, "R1", call=True)
    play(state, "R2", call=True)
    play(state, "R5", call=True)
    assert state.current_player() == C  # HR-16.4: B is passed over


def test_hr_16_1_in_base_uno_a_player_may_hold_any_number_of_cards():
    state = over_the_limit(uno())
    draw(state)
    assert sizes(state)[B] == 25 and state.current_player() == C


def test_hr_16_5_the_last_player_in_wins_the_round_and_scores_nothing():
    state = table(variant("mercy"), 2, hands={A: ["R5", "G9"], B: BIG}, current=B, discard=["R9"],
                  draw=["G0", "Y0"], rest="discard")
    draw(state)
    assert truth(state).round == 2 and state.scores() == [0, 0]


# ------------------------------------------------------------------ HR-17.1

def test_hr_17_1_two_decks_hold_every_card_of_uno_twice():
    def deck(game):
        return Counter(tuple(sorted((k, v) for k, v in c.attrs.items() if k != "label")) for c in game.components)
    big, one = deck(variant("big-table")), deck(uno())
    assert sum(big.values()) == 216 and big == Counter({card: 2 * n for card, n in one.items()})
    assert sum(c.attrs["points"] for c in variant("big-table").components) == 2 * 1240


def test_hr_17_1_two_to_twenty_players_may_play():
    state = variant("big-table").new_state(20, 0)  # a yellow 8 is turned up
    assert [len(h) for h in truth(state).zones["hand"]] == [7] * 20 and len(truth(state).zones["draw"]) == 216 - 140 - 1
    with pytest.raises(IllegalAction):
        variant("big-table").new_state(21, 0)
    with pytest.raises(IllegalAction):
        uno().new_state(11, 0)
