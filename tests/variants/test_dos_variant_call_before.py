"""HR-10.2 call before playing in DOS (dos/call-before-playing): the DOS call counts only if made
before the match or placement that leaves two cards; a call after it counts as missing.

Each test sets up a position with the variant and shows what it changes against base DOS.
"""
from __future__ import annotations

import pytest
from dos.dos_cards import (A, B, C, call_dos, catch, catchable, dos, draw, end_turn, hand, match, offered, place,
                           refused, table)
from rulesrun.interpreter import Action, Game, RulesetError, load_game
from test_dos_variant_calls import variant

OTHERS = {B: ["G3", "G4", "B1"], C: ["R3", "R4", "B4"]}


def start(game: Game, a_hand, players: int = 3, draw_pile=("Y8", "G6", "R10", "B7", "Y1")):
    others = {seat: cards for seat, cards in OTHERS.items() if seat < players}
    return table(players, game=game, hands={A: list(a_hand), **others}, row=["R5", "B8"], draw=list(draw_pile))


def before() -> Game:
    return variant("call-before-playing")


def test_hr_10_2_a_call_before_the_match_protects_the_player():
    state = start(before(), ["G5", "Y3", "G9"])
    call_dos(state, A)
    assert hand(state, A) == ["G5", "G9", "Y3"] and state.current_player() == A
    match(state, "R5", "G5")
    assert not catchable(state, A)
    end_turn(state)
    assert hand(state, A) == ["G9", "Y3"] and state.current_player() == B


def test_hr_10_2_in_base_dos_no_call_can_be_made_before_the_match():
    """DOS-10.2: the call is possible only while the player holds two cards."""
    state = start(dos(), ["G5", "Y3", "G9"])
    assert "call_dos" not in offered(state, A)
    refused(state, Action("call_dos", A))


def test_hr_10_2_a_call_after_the_match_counts_as_missing():
    """No call is offered once the match left two cards; a catch in the turn costs two cards at its end."""
    state = start(before(), ["G5", "Y3", "G9"])
    match(state, "R5", "G5")
    assert "call_dos" not in offered(state, A) and catchable(state, A)
    refused(state, Action("call_dos", A))
    catch(state, B, A)
    end_turn(state)
    assert hand(state, A) == ["G6", "G9", "R10", "Y3"]  # the refill took Y8


def test_hr_10_2_in_base_dos_a_call_after_the_match_protects_the_player():
    state = start(dos(), ["G5", "Y3", "G9"])
    match(state, "R5", "G5")
    call_dos(state, A)
    assert not catchable(state, A)


def test_hr_10_2_a_call_made_earlier_in_the_turn_counts_for_a_double_match_down_to_two():
    state = start(before(), ["Y3", "G5", "B1", "B9"])
    call_dos(state, A)
    match(state, "B8", "Y3", "G5")
    assert hand(state, A) == ["B1", "B9"] and not catchable(state, A)


def test_hr_10_2_a_placement_down_to_two_needs_the_call_before_it():
    state = start(before(), ["G9", "Y10"], draw_pile=["Y1", "G6", "R10"])
    draw(state)  # Y1 fits no Center Row card: a card must be placed
    call_dos(state, A)
    place(state, "Y1")
    assert hand(state, A) == ["G9", "Y10"] and not catchable(state, A)
    late = start(before(), ["G9", "Y10"], draw_pile=["Y1", "G6", "R10"])
    draw(late)
    place(late, "Y1")
    assert catchable(late, A) and "call_dos" not in offered(late, A)


def test_hr_10_2_a_call_lapses_with_the_turn_in_which_it_was_made():
    """A calls, then draws and places back to three cards; two turns later A matches down to two."""
    state = start(before(), ["G5", "Y3", "G9"], players=2, draw_pile=["Y1", "B10", "G6"])
    call_dos(state, A)
    draw(state)
    place(state, "Y1")
    draw(state)  # B draws B10, which fits nothing, and places it
    place(state, "B10")
    match(state, "R5", "G5")
    assert hand(state, A) == ["G9", "Y3"] and catchable(state, A)


def test_hr_10_2_a_hand_brought_to_two_by_a_draw_may_still_call_later():
    """A draw is no play: DOS-10.2 stands, and the call after it counts."""
    state = start(before(), ["G9"], draw_pile=["Y1", "G6", "R10"])
    draw(state)
    assert catchable(state, A) and "call_dos" in offered(state, A)
    call_dos(state, A)
    assert not catchable(state, A)


def test_hr_10_2_only_the_player_to_move_may_call_before_playing():
    state = start(before(), ["G5", "Y3", "G9"])
    assert "call_dos" not in offered(state, B)  # B holds three cards but it is not B's turn
    refused(state, Action("call_dos", B))
    call_dos(state, A)
    assert "call_dos" not in offered(state, A)  # once a turn


def test_hr_10_2_and_hr_10_1_side_by_side_are_reported_as_a_conflict(tmp_path):
    """Both rewrite when `call_dos` is offered; a table that wants both must settle it in its own file."""
    path = tmp_path / "both.yaml"
    path.write_text("extends: [dos/call-before-playing, dos/false-call]\nname: both\n", encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_game(str(path))
    assert [p.code for p in err.value.problems] == ["X004"] and "call_dos.if" in err.value.problems[0].message
