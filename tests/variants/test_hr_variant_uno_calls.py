"""HR-10.4 catch window `until_next_play` (uno/catch-until-next-play) and HR-10.6 no call (uno/no-call).

Each test sets up a position with the variant and shows what it changes against base UNO (UNO-8.5)
or the official window (UNO-A1).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from helpers import act, action_names, no_effect, refusal, refused, truth
from uno.uno_helpers import A, B, C, catch, draw, hand, held, offered, play, sizes, table
from uno_variant_helpers import catchable, combined, random_round, uno, variant

STOCK = ["Y1", "Y2", "Y4", "Y6"]


def exposed(game):
    """A plays down to one card without calling UNO; B and C hold a red card and a green one."""
    state = table(game, 3, hands={A: ["R3", "R5"], B: ["R9", "G4"], C: ["R1", "G6"]}, discard=["R7"], draw=STOCK)
    play(state, "R3", call=False)
    return state


# ------------------------------------------------------------------ HR-10.4 until_next_play

def test_hr_10_4_until_next_play_the_window_closes_when_the_next_card_is_played():
    state = exposed(variant("catch-until-next-play"))
    assert catchable(state, A)
    play(state, "R9", call=True)
    assert not catchable(state, A)
    no_effect(state, lambda: catch(state, C, A))
    assert hand(state, A) == ["R5"]


def test_hr_10_4_base_uno_8_5_the_window_stays_open_after_the_next_play():
    state = exposed(uno())
    play(state, "R9", call=True)
    catch(state, C, A)
    assert hand(state, A) == ["R5", "Y1", "Y2"]


def test_hr_10_4_until_next_play_a_catch_before_that_play_counts():
    state = exposed(variant("catch-until-next-play"))
    catch(state, C, A)
    assert hand(state, A) == ["R5", "Y1", "Y2"] and not catchable(state, A)


def test_hr_10_4_until_next_play_the_window_outlasts_a_turn_that_begins_with_a_draw():
    """B's draw begins the next turn, which closes the official window (UNO-A1) but plays no card."""
    official = exposed(variant("official-catch-window"))
    draw(official)
    assert not catchable(official, A)
    state = exposed(variant("catch-until-next-play"))
    draw(state)  # B draws Y1 and keeps it: it does not match
    assert state.current_player() == C and catchable(state, A)
    play(state, "R1", call=True)
    assert not catchable(state, A)


def test_hr_10_4_until_next_play_a_jump_in_is_a_play_too(tmp_path: Path):
    state = table(combined(tmp_path, "catch-until-next-play", "jump-in"), 3,
                  hands={A: ["R3", "R5"], B: ["R9", "G4"], C: ["R3", "G6"]}, discard=["R7"], draw=STOCK)
    play(state, "R3", call=False)
    assert catchable(state, A)
    act(state, "jump_in", C, card=held(state, C, "R3"), call=True)
    assert not catchable(state, A)


def test_hr_10_4_until_next_play_and_the_official_window_are_alternatives(tmp_path: Path):
    """HR-10.4 is one parameter: listing two of its values side by side is a conflict (X004)."""
    problems = refusal(tmp_path, "extends: [uno, uno/official-catch-window, uno/catch-until-next-play]\nname: both\n")
    assert [p.code for p in problems] == ["X004"]


# ------------------------------------------------------------------ HR-10.6 no call

def test_hr_10_6_nobody_calls_and_nobody_is_caught_at_one_card():
    game = variant("no-call")
    play_action = next(a for a in game.actions if a.name == "play")
    assert [c.name for c in play_action.choices] == ["card", "colour"]
    state = table(game, 3, hands={A: ["R3", "R5"], B: ["R9", "G4"], C: ["R1", "G6"]}, discard=["R7"], draw=STOCK)
    assert all(a.get("call") is None for a in state.legal_actions())
    refused(state, lambda: play(state, "R3", call=True), because="unexpected")
    play(state, "R3")
    assert sizes(state)[A] == 1 and not catchable(state, A)
    for seat in (A, B, C):
        assert not action_names(state, seat) & {"call_uno", "catch"}
    play(state, "R9")
    assert hand(state, A) == ["R5"] and offered(state) == {"R1"}


def test_hr_10_6_base_uno_8_a_player_at_one_card_must_call():
    state = exposed(uno())
    assert catchable(state, A) and "call_uno" in action_names(state, A)


@pytest.mark.parametrize("name", ["catch-until-next-play", "no-call"])
@pytest.mark.parametrize("players", [2, 3])
def test_hr_10_a_random_round_plays_to_its_end(name, players):
    state = random_round(variant(name), players, seed=13)
    assert truth(state).round == 2 or state.is_over()
