"""HR-10.2 call before playing in UNO (uno/call-before-playing): the UNO call counts only if made
before, or together with, the play that leaves one card; it replaces UNO-8.2 and UNO-8.8.

Each test sets up a position with the variant and shows what it changes against base UNO.
"""
from __future__ import annotations

from helpers import action_names, refused
from uno.uno_helpers import A, B, C, D, call_uno, catch, draw, hand, play, table
from uno_variant_helpers import catchable, combined, uno, variant

STOCK = ["Y1", "Y2", "Y4", "Y6"]  # never playable on the red cards of these positions


def start(game, a_hand=("R3", "R5"), players=4):
    """A to play onto a red 7 holding `a_hand`; the others hold two blue or green cards each."""
    others = {B: ["B1", "B2"], C: ["G1", "G2"], D: ["B8", "G8"]}
    return table(game, players, hands={A: list(a_hand), **{s: h for s, h in others.items() if s < players}},
                 discard=["R7"], draw=STOCK)


def test_hr_10_2_a_call_before_the_play_protects_the_player():
    state = start(variant("call-before-playing"))
    call_uno(state, A)
    assert hand(state, A) == ["R3", "R5"] and state.current_player() == A  # the call is not a turn of its own
    play(state, "R3")
    assert hand(state, A) == ["R5"] and not catchable(state, A)


def test_hr_10_2_in_base_uno_a_call_before_the_play_does_not_count():
    """UNO-8.8: the same call made as a separate action before the play is not offered in base UNO."""
    state = start(uno())
    assert "call_uno" not in action_names(state, A)
    refused(state, lambda: call_uno(state, A))
    play(state, "R3")
    assert catchable(state, A)


def test_hr_10_2_a_call_together_with_the_play_still_counts():
    state = start(variant("call-before-playing"))
    play(state, "R3", call=True)
    assert not catchable(state, A)


def test_hr_10_2_a_call_after_the_play_counts_as_missing():
    """The player is exposed at once; the call UNO-8.2 would allow is not offered, and the catch stands."""
    state = start(variant("call-before-playing"))
    play(state, "R3", call=False)
    assert "call_uno" not in action_names(state, A) and catchable(state, A)
    refused(state, lambda: call_uno(state, A))
    catch(state, C, A)
    assert hand(state, A) == ["R5", "Y1", "Y2"]


def test_hr_10_2_in_base_uno_a_call_after_the_play_protects_the_player():
    """UNO-8.2: the call may follow the play until the next turn begins."""
    state = start(uno())
    play(state, "R3", call=False)
    call_uno(state, A)
    assert not catchable(state, A)


def test_hr_10_2_a_missing_call_stays_catchable_until_the_last_card():
    """UNO-8.5 is unchanged: the window lasts through the other players' turns."""
    state = start(variant("call-before-playing"))
    play(state, "R3", call=False)
    draw(state)  # B draws a yellow 1, which does not fit: the turn passes
    assert state.current_player() == C and catchable(state, A)


def test_hr_10_2_only_the_player_to_move_may_call_before_playing():
    state = start(variant("call-before-playing"))
    assert "call_uno" not in action_names(state, B)  # B holds two cards but it is not B's turn
    refused(state, lambda: call_uno(state, B))


def test_hr_10_2_no_call_is_offered_at_three_cards_or_twice():
    state = start(variant("call-before-playing"), ("R3", "R5", "G9"))
    assert "call_uno" not in action_names(state, A)
    state = start(variant("call-before-playing"))
    call_uno(state, A)
    assert "call_uno" not in action_names(state, A)
    assert {a.get("call") for a in state.legal_actions() if a.name == "play"} == {None}  # already called


def test_hr_10_2_a_call_after_drawing_counts_for_playing_the_drawn_card():
    """A holds one card, draws a playable one and calls before playing it: the call carries to the play."""
    game = variant("call-before-playing")
    state = table(game, hands={A: ["G5"], B: ["B1", "B2"], C: ["G1", "G2"], D: ["B8", "G8"]},
                  discard=["R7"], draw=["R4", "Y2"])
    draw(state)
    call_uno(state, A)
    play(state, "R4")
    assert hand(state, A) == ["G5"] and not catchable(state, A)


def test_hr_10_2_a_call_whose_turn_ends_without_the_play_lapses():
    """A calls at two cards, then draws and keeps: the call does not count in A's next turn."""
    state = start(variant("call-before-playing"), players=2)
    call_uno(state, A)
    draw(state)  # a yellow 1 that does not fit: A holds three cards and the turn passes
    draw(state)  # B draws a yellow 2
    play(state, "R3")
    draw(state)  # B draws a yellow 4
    play(state, "R5")
    assert hand(state, A) == ["Y1"] and catchable(state, A)


def test_hr_10_2_with_uno_a1_a_missing_call_is_caught_only_before_the_next_turn(tmp_path):
    """HR-10.2 with HR-10.4 until_next_turn: the late call is gone, the window is UNO-A1's."""
    game = combined(tmp_path, "call-before-playing", "official-catch-window")
    state = start(game)
    play(state, "R3", call=False)
    assert catchable(state, A) and "call_uno" not in action_names(state, A)
    draw(state)  # B's draw begins the next turn
    assert not catchable(state, A)


def test_hr_10_2_a_call_before_playing_does_not_begin_the_turn(tmp_path):
    """The call is a claim: B's call at two cards leaves A's UNO-A1 window open until B plays or draws."""
    game = combined(tmp_path, "call-before-playing", "official-catch-window")
    state = start(game)
    play(state, "R3", call=False)
    call_uno(state, B)
    assert catchable(state, A)
    catch(state, C, A)
    assert hand(state, A) == ["R5", "Y1", "Y2"]
