"""DOS house rules from the catalogue that change who plays and with which hand: HR-3.8 (jump-in),
HR-4 (sevens swap hands) and HR-16 (hand limit).

Each test sets up a position with the variant and shows what it changes against base DOS.
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest
from dos.dos_cards import (A, B, C, D, catchable, draw, end_turn, hand, held, in_row, match, match_action, offered,
                           pile, place, refused, round_ended, row, sizes, table)
from helpers import truth
from rulesrun.interpreter import Action, Game, load_game
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine.state import inspect


@functools.cache
def variant(name: str) -> Game:
    return load_game(f"dos/{name}")


# ------------------------------------------------------------------ HR-3.8 jump-in

JUMP = {"hands": {A: ["G3", "G4", "B1"], B: ["Y3", "Y4", "Y6"], C: ["R5", "G9", "B10"], D: ["R3", "R4", "B4"]},
        "row": ["R5", "B8"], "draw": ["Y1", "G6"], "current": B}


def jump(state, seat: int, target: str, card: str) -> Action:
    action = Action("jump_in", seat, (("target", in_row(state, target)), ("card", held(state, seat, card))))
    state.apply(action)
    return action


def test_hr_3_8_between_turns_an_identical_card_jumps_in_and_play_goes_on_from_the_jumper():
    state = table(4, game=variant("jump-in"), **JUMP)
    jump(state, C, "R5", "R5")
    assert sorted(pile(state, "discard")) == ["R5", "R5"] and row(state) == ["B8", "Y1"]
    assert hand(state, C) == ["B10", "G9"] and state.current_player() == D  # B, passed over, lost the turn
    assert hand(state, B) == ["Y3", "Y4", "Y6"]


def test_hr_3_8_in_base_dos_nobody_plays_out_of_turn():
    state = table(4, **JUMP)
    assert "jump_in" not in offered(state, C)
    assert refused(state, Action("jump_in", C, (("target", in_row(state, "R5")), ("card", held(state, C, "R5")))), because="no_such_action")


@pytest.mark.parametrize("card", ["G5", "W2", "R#"])
def test_hr_3_8_only_an_identical_number_card_jumps_in(card):
    hands = {**JUMP["hands"], C: [card, "G9", "B10"]}
    state = table(4, game=variant("jump-in"), **dict(JUMP, hands=hands))
    assert "jump_in" not in offered(state, C)


def test_hr_3_8_neither_the_player_who_just_played_nor_the_player_to_move_jumps_in():
    hands = {A: ["R5", "G4", "B1"], B: ["R5", "Y4", "Y6"], C: ["G3", "G9", "B10"], D: ["R3", "R4", "B4"]}
    state = table(4, game=variant("jump-in"), **dict(JUMP, hands=hands))
    assert "jump_in" not in offered(state, A) and "jump_in" not in offered(state, B)


def test_hr_3_8_the_moment_passes_once_the_player_to_move_has_matched_or_drawn():
    state = table(4, game=variant("jump-in"), **dict(JUMP, hands={**JUMP["hands"], B: ["Y4", "Y4", "Y6"]}))
    match(state, "B8", "Y4", "Y4")
    assert "jump_in" not in offered(state, C)
    other = table(4, game=variant("jump-in"), **JUMP)
    draw(other)
    assert "jump_in" not in offered(other, C)


def test_hr_3_8_no_jump_in_before_the_first_turn_of_a_round():
    state = variant("jump-in").new_state(4, seed=3)
    first = state.current_player()
    seat = next(p for p in range(4) if p not in (first, (first - 1) % 4))
    signatures = state.game.interchangeable  # alike components share a key
    twin = next(c for c in truth(state).zones["draw"] if state.game.components[c].attrs["kind"] == "number"
                and signatures[c] in {signatures[r] for r in truth(state).zones["row"]})
    inspect(state).move(twin, "hand", seat)
    assert "jump_in" not in offered(state, seat)


def test_hr_3_8_no_colour_bonus_unless_the_parameter_says_so(tmp_path: Path):
    state = table(4, game=variant("jump-in"), **JUMP)
    jump(state, C, "R5", "R5")
    assert state.current_player() == D  # no bonus placement was owed
    overlay = tmp_path / "jump-bonus.yaml"
    overlay.write_text("extends: dos/jump-in\nparams:\n  dos_jump_bonus: {value: true}\n", encoding="utf-8")
    state = table(4, game=load_game(str(overlay)), **JUMP)
    jump(state, C, "R5", "R5")
    assert state.current_player() == C and truth(state).phase == "bonus"
    place(state, "G9")
    assert state.current_player() == D and row(state) == ["B8", "Y1", "G9"]


def test_hr_3_8_a_jumper_who_empties_the_hand_wins_the_round():
    state = table(4, game=variant("jump-in"), **dict(JUMP, hands={**JUMP["hands"], C: ["R5"]}))
    jump(state, C, "R5", "R5")
    assert round_ended(state).winner == C


def test_hr_3_8_a_dos_penalty_owed_by_the_player_passed_over_is_drawn_at_once():
    hands = {**JUMP["hands"], B: ["Y3", "Y4"]}
    state = table(4, game=variant("jump-in"), **dict(JUMP, hands=hands, draw=["Y1", "G6", "B7", "R10"]))
    state.apply(Action("catch", A, (("target", B),)))
    assert sizes(state)[B] == 2  # caught during their own turn: due at its end (DOS-9.5)
    jump(state, C, "R5", "R5")
    assert hand(state, B) == ["G6", "Y1", "Y3", "Y4"] and state.current_player() == D and sizes(state)[C] == 2


# ------------------------------------------------------------------ HR-4 sevens swap hands

SEVENS = {"hands": {A: ["R7", "Y3", "G9", "Y10"], B: ["G3", "G4", "B1"], C: ["R3", "R4"]}, "row": ["B7", "Y10"],
          "draw": ["Y1", "G6"]}


def swap_match(state, target: str, first: str, second: str | None = None, swap_with: int | None = None) -> Action:
    action = match_action(state, target, first, second)
    action = Action("match", action.actor, action.args + (("swap_with", swap_with),))
    state.apply(action)
    return action


def test_hr_4_1_matching_with_a_seven_swaps_hands_with_a_chosen_player():
    state = table(3, game=variant("sevens-swap"), **SEVENS)
    swap_match(state, "B7", "R7", swap_with=C)
    assert hand(state, A) == ["R3", "R4"] and hand(state, C) == ["G9", "Y10", "Y3"]
    assert catchable(state, A)  # DOS-10.1: A came to two cards and must declare
    end_turn(state)
    assert state.current_player() == B and sorted(pile(state, "discard")) == ["B7", "R7"]


def test_hr_4_1_in_base_dos_a_seven_swaps_nothing():
    state = table(3, **SEVENS)
    action = match_action(state, "B7", "R7")
    refused(state, Action("match", A, action.args + (("swap_with", C),)), because="unexpected")
    state.apply(action)
    assert hand(state, A) == ["G9", "Y10", "Y3"]


def test_hr_4_1_a_seven_in_a_double_match_swaps_too():
    hands = {**SEVENS["hands"], A: ["R7", "G3", "G9", "Y1"]}
    state = table(3, game=variant("sevens-swap"), **dict(SEVENS, hands=hands))
    assert refused(state, match_action(state, "Y10", "R7", "G3")) == "swap_with is missing"
    swap_match(state, "Y10", "R7", "G3", swap_with=B)
    assert hand(state, A) == ["B1", "G3", "G4"] and hand(state, B) == ["G9", "Y1"]


def test_hr_4_1_a_wild_number_declared_seven_swaps_too():
    hands = {**SEVENS["hands"], A: ["G#", "Y3", "G9", "Y10"]}
    state = table(3, game=variant("sevens-swap"), **dict(SEVENS, hands=hands))
    swap_match(state, "B7", "G#=7", swap_with=B)
    assert hand(state, A) == ["B1", "G3", "G4"]


def test_hr_4_3_a_seven_that_empties_the_hand_ends_the_round_with_no_exchange():
    hands = {**SEVENS["hands"], A: ["R7"]}
    state = table(3, game=variant("sevens-swap"), **dict(SEVENS, hands=hands))
    match(state, "B7", "R7")
    assert round_ended(state).winner == A


def test_hr_4_5_one_exchange_a_turn():
    hands = {**SEVENS["hands"], A: ["R7", "G7", "Y3", "G9"], C: ["R3", "R4", "G10"]}
    state = table(3, game=variant("sevens-swap"), **dict(SEVENS, hands=hands, row=["B7", "Y7"]))
    swap_match(state, "B7", "R7", swap_with=C)
    assert hand(state, A) == ["G10", "R3", "R4"]
    assert all(a.get("swap_with") is None for a in state.legal_actions() if a.name == "match")


# ------------------------------------------------------------------ HR-16 hand limit

FULL = [f"{colour}{number}" for colour in "RYGB" for number in (1, 3)] * 3  # 24 cards


def test_hr_16_1_a_player_whose_hand_reaches_the_limit_is_out_of_the_round():
    hands = {A: ["Y4", "Y5", "G10", "B6"], B: FULL, C: ["G6", "G7", "G8"]}
    state = table(3, game=variant("mercy"), hands=hands, row=["Y9", "R4"], draw=["B9", "R10", "Y6"])
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "G10")  # B draws the 25th card, C the next one
    assert [e.player for e in state.events if isinstance(e, ev.Eliminated)] == [B]
    assert hand(state, B) == [] and sizes(state) == [1, 0, 4] and len(truth(state).zones["draw"]) > 25
    assert state.current_player() == C  # B is passed over


def test_hr_16_1_in_base_dos_a_big_hand_plays_on():
    hands = {A: ["Y4", "Y5", "G10", "B6"], B: FULL, C: ["G6", "G7", "G8"]}
    state = table(3, hands=hands, row=["Y9", "R4"], draw=["B9", "R10", "Y6"])
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "G10")
    assert sizes(state) == [1, 25, 4] and state.current_player() == B


def test_hr_16_1_reaching_the_limit_on_ones_own_turn_ends_that_turn():
    state = table(3, game=variant("mercy"), hands={A: FULL, B: ["G6", "G7", "G8"], C: ["Y6", "Y7", "Y8"]},
                  row=["R5", "B8"], draw=["G9", "R10"])
    draw(state)
    assert hand(state, A) == [] and state.current_player() == B and truth(state).phase == "match"


def test_hr_16_5_the_last_player_left_wins_the_round_and_scores_nothing():
    hands = {A: ["Y4", "Y5", "G10", "B6"], B: FULL}
    state = table(2, game=variant("mercy"), hands=hands, row=["Y9", "R4"], draw=["B9", "R10"])
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "G10")
    ended = round_ended(state)
    assert ended.winner == A and ended.scores == (0, 0)


def test_hr_16_4_a_player_who_is_out_takes_no_part():
    hands = {A: ["Y4", "Y5", "G10", "B6", "R6"], B: FULL, C: ["G6", "G7", "G8"]}
    state = table(3, game=variant("mercy"), hands=hands, row=["Y9", "R4"], draw=["B9", "R10", "Y6"])
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "G10")  # A now holds two cards and has not declared
    assert catchable(state, A)
    assert refused(state, Action("catch", B, (("target", A),)))
