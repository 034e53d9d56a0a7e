"""DOS house rules about catching a missing DOS call: HR-10.3 (dos/call-penalty), HR-10.4
(dos/catch-window) and HR-10.5 (dos/next-player-catches).

Each test sets up a position with the variant and shows what it changes against base DOS.
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest
from dos.dos_cards import (A, B, C, call_dos, catch, catchable, dos, draw, end_turn, hand, match, offered, place,
                           refused, sizes, table)
from helpers import table_ruleset, truth
from rulesrun.interpreter import Action, Game, load_game, validate
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out


@functools.cache
def variant(name: str) -> Game:
    return load_game(f"dos/{name}")



OTHERS = {B: ["G3", "G4", "B1"], C: ["R3", "R4", "B4"]}
STOCK = ["Y7", "G6", "R10", "B7", "Y1", "G8"]


def start(game: Game, a_hand, **options):
    return table(3, game=game, hands={A: list(a_hand), **OTHERS}, row=["R5", "B8"], draw=STOCK, **options)


def silent_two(game: Game):
    """A matches G5 on R5, is left with Y3 and G9 and ends the turn without calling DOS; B is to play.

    The refill turns up Y7, so the next card to be drawn is G6.
    """
    state = start(game, ["G5", "Y3", "G9"])
    match(state, "R5", "G5")
    end_turn(state)
    assert state.current_player() == B and hand(state, A) == ["G9", "Y3"]
    return state


def catchers(state, target):
    return {a.actor for a in state.legal_actions() if a.name == "catch" and a.get("target") == target}


# ------------------------------------------------------------------ HR-10.3 penalty size

@pytest.mark.parametrize("name, drawn", [(None, ["G6", "R10"]), ("call-penalty", ["B7", "G6", "R10", "Y1"])])
def test_hr_10_3_caught_outside_their_turn_the_player_draws_the_call_penalty_at_once(name, drawn):
    """Base DOS-10.4: two cards; dos/call-penalty: four."""
    state = silent_two(variant(name) if name else dos())
    catch(state, C, A)
    assert hand(state, A) == sorted(["G9", "Y3"] + drawn) and state.current_player() == B


@pytest.mark.parametrize("name, drawn", [(None, ["G6", "R10"]), ("call-penalty", ["B7", "G6", "R10", "Y1"])])
def test_hr_10_3_caught_in_their_own_turn_the_player_draws_the_call_penalty_at_its_end(name, drawn):
    """DOS-9.5 draws the penalty at the end of the turn: two cards in base DOS, four with the variant."""
    state = start(variant(name) if name else dos(), ["G5", "Y3", "G9"])
    match(state, "R5", "G5")
    catch(state, B, A)
    assert sizes(state)[A] == 2
    end_turn(state)
    assert hand(state, A) == sorted(["G9", "Y3"] + drawn) and state.current_player() == B


def test_hr_10_3_the_penalty_is_the_call_penalty_parameter(tmp_path):
    assert variant("call-penalty").params["call_penalty"] == 4
    game = table_ruleset(tmp_path, "extends: dos/call-penalty\nname: table\nparams:\n  call_penalty: {value: 3}\n")
    state = silent_two(game)
    catch(state, C, A)
    assert sizes(state)[A] == 5


@pytest.mark.parametrize("order", ["dos/call-penalty, dos/false-call", "dos/false-call, dos/call-penalty"])
def test_hr_10_3_with_hr_10_1_both_penalties_apply_in_either_order(tmp_path, order):
    """HR-10.3 extends the end of turn that HR-10.1 extends too: listed either way, neither is lost."""
    game = table_ruleset(tmp_path, f"extends: [{order}]\nname: table\n")
    state = start(game, ["G5", "Y3", "G9", "Y8"])
    call_dos(state, A)  # at four cards: a false call, two cards owed at the end of the turn
    match(state, "R5", "G5")
    match(state, "B8", "Y8")
    catch(state, B, A)  # down to two without a new call
    end_turn(state)
    assert sizes(state)[A] == 2 + 4 + 2


# ------------------------------------------------------------------ HR-10.4 catch window

def window(tmp_path: Path, value: str) -> Game:
    """dos/catch-window with another value of `catch_window`."""
    return table_ruleset(tmp_path,
                         f"extends: dos/catch-window\nname: table\nparams:\n  catch_window: {{value: {value}}}\n")


def test_hr_10_4_base_dos_10_3_a_missing_call_stays_catchable_while_the_hand_holds_two():
    state = silent_two(dos())
    draw(state)
    place(state, "B1")  # B's whole turn; C is to play
    assert state.current_player() == C and catchable(state, A)


def test_hr_10_4_until_next_turn_is_the_default():
    assert variant("catch-window").params["catch_window"] == "until_next_turn"


def test_hr_10_4_until_last_card_keeps_the_window_of_dos_10_3(tmp_path):
    state = silent_two(window(tmp_path, "until_last_card"))
    draw(state)
    place(state, "B1")
    assert state.current_player() == C and catchable(state, A)


def test_hr_10_4_until_next_turn_a_catch_is_possible_before_the_next_player_acts():
    state = silent_two(variant("catch-window"))
    assert catchers(state, A) == {B, C}
    catch(state, B, A)
    assert hand(state, A) == ["G6", "G9", "R10", "Y3"]


def test_hr_10_4_until_next_turn_the_first_action_of_the_next_turn_closes_the_window():
    state = silent_two(variant("catch-window"))
    draw(state)
    assert state.current_player() == B and not catchable(state, A)
    refused(state, Action("catch", C, (("target", A),)))
    assert "call_dos" not in offered(state, A)  # safe for these two cards: nothing left to call


def test_hr_10_4_until_next_turn_a_player_drawn_up_to_two_is_catchable_until_the_next_player_acts():
    """DOS-S20: B's Double Colour Match makes A draw up to two at the very end of B's turn."""
    game = variant("catch-window")
    state = table(3, game=game, hands={A: ["Y3"], B: ["Y4", "Y5", "G1", "B6"], C: ["R3", "R4", "B4"]},
                  row=["Y9", "R4"], draw=["B3", "G7", "R6", "Y1"], current=B)
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "G1")
    assert state.current_player() == C and hand(state, A) == ["R6", "Y3"] and catchable(state, A)
    draw(state)
    assert not catchable(state, A)


def test_hr_10_4_until_next_turn_the_players_own_turn_stays_open():
    """Reaching two in the middle of one's own turn: the window lasts the rest of that turn."""
    state = start(variant("catch-window"), ["G5", "B8", "Y3", "G9"])
    match(state, "R5", "G5")
    match(state, "B8", "B8")
    assert catchable(state, A)
    catch(state, C, A)
    assert truth(state).variables["caught"] == 1


def test_hr_10_4_until_next_play_a_draw_does_not_close_the_window(tmp_path):
    state = silent_two(window(tmp_path, "until_next_play"))
    draw(state)
    assert catchable(state, A)
    catch(state, C, A)
    assert sizes(state)[A] == 4


@pytest.mark.parametrize("play", ["place", "match"])
def test_hr_10_4_until_next_play_the_next_match_or_placement_by_anybody_closes_the_window(tmp_path, play):
    state = silent_two(window(tmp_path, "until_next_play"))
    if play == "place":
        draw(state)
        place(state, "B1")
    else:
        match(state, "Y7", "G3", "G4")  # the refill put Y7 in the row
    assert not catchable(state, A) and "call_dos" not in offered(state, A)


def test_hr_10_4_until_next_play_a_players_own_play_to_two_opens_a_window(tmp_path):
    state = start(window(tmp_path, "until_next_play"), ["G5", "Y3", "G9"])
    match(state, "R5", "G5")
    assert catchable(state, A)
    call_dos(state, A)
    assert not catchable(state, A)


# ------------------------------------------------------------------ HR-10.5 who may catch

def test_hr_10_5_in_base_dos_any_other_player_may_catch():
    state = silent_two(dos())
    assert catchers(state, A) == {B, C}


def test_hr_10_5_only_the_next_player_may_catch():
    state = silent_two(variant("next-player-catches"))
    assert catchers(state, A) == {B}
    refused(state, Action("catch", C, (("target", A),)))
    catch(state, B, A)
    assert hand(state, A) == ["G6", "G9", "R10", "Y3"] and not catchable(state, A)


def test_hr_10_5_the_next_player_of_the_last_seat_is_the_first_seat():
    state = table(3, game=variant("next-player-catches"), hands={A: ["G3", "G4", "B1"], B: ["R3", "R4", "B4"],
                                                                 C: ["Y3", "G9"]}, row=["R5", "B8"], draw=STOCK)
    assert catchers(state, C) == {A}


# ------------------------------------------------------------------ together, and random rounds

def test_hr_10_3_to_10_5_the_three_catch_rules_combine(tmp_path):
    game = table_ruleset(tmp_path,
                         "extends: [dos/call-penalty, dos/catch-window, dos/next-player-catches]\nname: table\n")
    assert validate(str(tmp_path / "table.yaml")).problems == ()
    state = silent_two(game)
    assert catchers(state, A) == {B}
    catch(state, B, A)
    assert sizes(state)[A] == 6


@pytest.mark.parametrize("name", ["call-penalty", "catch-window", "next-player-catches"])
@pytest.mark.parametrize("players", [2, 3])
def test_hr_10_a_random_round_of_each_call_variant_ends(name, players):
    state = play_out(variant(name).new_state(players, seed=4),
                     [RandomBot(4 + seat) for seat in range(players)], single_round=True)
    assert truth(state).round == 2 or state.is_over()
