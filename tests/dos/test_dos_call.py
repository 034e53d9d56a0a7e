"""DOS-10 calling "DOS" at two cards, and catching a player who did not."""
from __future__ import annotations

import pytest
from dos_cards import (A, B, C, call_dos, catch, draw, end_turn, hand, held, in_row, match, offered, place, refused,
                       round_ended, sizes, table)
from helpers import no_effect, truth
from rulesrun.interpreter import Action

OTHERS = {B: ["G3", "G4", "B1"], C: ["R3", "R4", "B4"]}


def start(a_hand, row_cards=("R5", "B8"), draw_pile=("Y8", "G6", "R10", "B7"), **options):
    return table(3, hands={A: list(a_hand), **OTHERS}, row=list(row_cards), draw=list(draw_pile), **options)


def catchable(state, target):
    """Some other player is offered to catch `target` now."""
    return any(a.name == "catch" and a.get("target") == target for a in state.legal_actions())


# ------------------------------------------------------------------ DOS-10.1 when DOS must be declared

def test_dos_10_1_coming_to_two_cards_by_a_match_in_the_middle_of_the_turn():
    state = start(["G5", "Y3", "G9"])
    assert not catchable(state, A)
    match(state, "R5", "G5")
    assert state.current_player() == A and catchable(state, A)
    assert "call_dos" in offered(state, A)


def test_dos_10_1_coming_to_two_cards_by_a_bonus_placement():
    state = start(["R5", "G1", "G9", "Y10"], draw_pile=("Y3",))
    match(state, "R5", "R5")
    assert not catchable(state, A)  # three cards
    end_turn(state)
    place(state, "G1")
    assert catchable(state, A)


def test_dos_10_1_coming_to_two_cards_by_drawing_up_from_one():
    state = start(["Y3"])
    draw(state)
    assert sizes(state)[A] == 2 and catchable(state, A)


def test_dos_10_1_coming_to_two_cards_by_a_placement_after_a_draw():
    state = start(["Y3", "G9"], draw_pile=("G10",))
    call_dos(state, A)
    draw(state)
    place(state, "G10")
    assert hand(state, A) == ["G9", "Y3"] and catchable(state, A)  # a new two: the old call does not count


def test_dos_10_1_one_or_three_cards_need_no_call():
    state = start(["G5", "Y3", "G9", "Y10"])
    match(state, "R5", "G5")
    assert not catchable(state, A) and "call_dos" not in offered(state, A)
    state = start(["G5"])
    assert not catchable(state, A)


# ------------------------------------------------------------------ DOS-10.2 declaring

def test_dos_10_2_declared_together_with_the_action_that_brought_two_cards():
    state = start(["G5", "Y3", "G9"])
    match(state, "R5", "G5")
    call_dos(state, A)
    assert not catchable(state, A)
    assert hand(state, A) == ["G9", "Y3"]


def test_dos_10_2_the_declaration_can_go_with_the_action_that_brings_two_cards():
    """The player who just acted is offered their own call before anybody may catch them."""
    from rulesrun.interpreter.play.bots import GreedyBot
    from rulesrun.interpreter.play.runner import step

    state = start(["G5", "Y3", "G9"])
    state.apply(next(a for a in state.legal_actions()
                     if a.name == "match" and a.get("second") is None and a.get("call") is False))
    assert catchable(state, A)
    seats = [GreedyBot(seat) for seat in range(truth(state).players)]
    taken = step(state, seats)
    assert (taken.name, taken.actor) == ("call_dos", A)
    assert not catchable(state, A)


def test_dos_10_2_the_player_is_asked_first_once_a_bonus_placement_has_passed_the_turn():
    """The bonus placement leaves two cards and ends the turn; the next player is about to act, but the
    player who placed is asked first for their own claims, so they call before anybody catches them."""
    from rulesrun.interpreter.play.bots import GreedyBot
    from rulesrun.interpreter.play.runner import step

    state = start(["R5", "G1", "G9", "Y10"], draw_pile=("Y3",))
    match(state, "R5", "R5")
    end_turn(state)
    place(state, "G1")
    assert state.current_player() == B and catchable(state, A)
    assert state.claim_order()[:2] == [A, B]
    taken = step(state, [GreedyBot(seat) for seat in range(truth(state).players)])
    assert (taken.name, taken.actor) == ("call_dos", A)
    assert not catchable(state, A)


def test_dos_10_2_the_declaration_goes_with_the_placement_that_brings_two_cards():
    state = start(["R5", "G1", "G9", "Y10"], draw_pile=("Y3",))
    match(state, "R5", "R5")
    end_turn(state)
    assert {a.get("call") for a in state.legal_actions() if a.name == "place"} == {True, False}
    state.apply(Action("place", A, (("card", held(state, A, "G1")), ("call", True))))
    assert state.current_player() == B and sizes(state)[A] == 2 and not catchable(state, A)


def test_dos_10_2_the_declaration_goes_with_the_match_that_ends_the_turn():
    """After a draw, the one match ends the turn (DOS-8.2); it carries the call for the two cards it leaves."""
    state = start(["Y3", "G9"], draw_pile=("G5", "Y8"))
    draw(state)
    calls = {a.get("call") for a in state.legal_actions() if a.name == "match" and a.get("second") is None}
    assert calls == {True, False}
    state.apply(Action("match", A, (("target", in_row(state, "R5")), ("first", held(state, A, "G5")),
                                    ("second", None), ("call", True))))
    assert state.current_player() == B and hand(state, A) == ["G9", "Y3"] and not catchable(state, A)


def test_dos_10_2_no_call_is_offered_with_a_play_that_leaves_other_than_two():
    state = start(["G5", "Y3", "G9", "B3"])
    assert {a.get("call") for a in state.legal_actions() if a.name == "match" and a.get("second") is None} == {None}


def test_dos_10_2_declared_outside_the_players_own_turn():
    state = start(["Y3", "G9"], current=B)
    call_dos(state, A)
    assert not catchable(state, A) and state.current_player() == B


def test_dos_10_2_no_declaration_without_exactly_two_cards_or_after_being_caught():
    state = start(["Y3", "G9", "Y10"])
    refused(state, Action("call_dos", A))
    state = start(["Y3", "G9"], current=B)
    catch(state, C, A)
    refused(state, Action("call_dos", A))


# ------------------------------------------------------------------ DOS-10.3 exposure

def test_dos_10_3_exposure_ends_with_a_declaration_or_a_catch():
    declared = start(["Y3", "G9"], current=B)
    assert catchable(declared, A)
    call_dos(declared, A)
    assert not catchable(declared, A)
    caught = start(["Y3", "G9"], current=B)
    catch(caught, C, A)
    assert sizes(caught)[A] == 4 and not catchable(caught, A)


def test_dos_10_3_exposure_ends_when_the_hand_size_changes():
    state = start(["G5", "Y1", "G9"], row_cards=("R5", "B1"))
    match(state, "R5", "G5")
    assert catchable(state, A)
    match(state, "B1", "Y1")
    assert hand(state, A) == ["G9"] and not catchable(state, A)


# ------------------------------------------------------------------ DOS-10.4 catching

def test_dos_10_4_caught_outside_their_turn_the_player_draws_two_at_once():
    state = start(["Y3", "G9"], current=B, draw_pile=("R6", "B7"))
    catch(state, C, A)
    assert hand(state, A) == ["B7", "G9", "R6", "Y3"]
    assert state.current_player() == B and truth(state).phase == "match"


def test_dos_10_4_caught_in_their_own_turn_the_player_draws_two_at_the_end_of_it():
    state = start(["G5", "Y3", "G9"], draw_pile=("Y4", "R6", "B7"))
    match(state, "R5", "G5")
    catch(state, B, A)
    assert sizes(state)[A] == 2 and truth(state).variables["caught"] == 1
    end_turn(state)
    assert hand(state, A) == ["B7", "G9", "R6", "Y3"]


@pytest.mark.parametrize("catcher", [B, C])
def test_dos_10_4_any_other_player_may_catch(catcher):
    state = start(["Y3", "G9"], current=B)
    assert any(a.actor == catcher and a.name == "catch" for a in state.legal_actions())
    catch(state, catcher, A)
    assert sizes(state)[A] == 4


def test_dos_10_4_nobody_catches_themselves():
    state = start(["Y3", "G9"], current=B)
    refused(state, Action("catch", A, (("target", A),)))


# ------------------------------------------------------------------ DOS-10.5 caught, then out

def test_dos_10_5_caught_in_their_own_turn_and_out_by_a_match_draws_nothing():
    state = start(["G5", "Y3", "G4"], row_cards=("R5", "B7"), variables={"score": [190, 0, 0]})
    match(state, "R5", "G5")
    catch(state, B, A)
    match(state, "B7", "Y3", "G4")
    assert round_ended(state).winner == A and hand(state, A) == []


def test_dos_10_5_caught_in_their_own_turn_and_out_by_bonus_placements_draws_nothing():
    state = start(["R5", "B8", "Y3", "G9"], draw_pile=("Y4", "G6", "R6", "B6"), variables={"score": [190, 0, 0]})
    match(state, "R5", "R5")
    match(state, "B8", "B8")
    catch(state, C, A)
    end_turn(state)
    place(state, "Y3")
    place(state, "G9")
    assert round_ended(state).winner == A and hand(state, A) == []


def test_dos_10_5_caught_in_their_own_turn_and_out_by_a_match_after_drawing_draws_nothing():
    state = start(["Y3"], draw_pile=("B5", "Y4", "R6", "B6"), variables={"score": [190, 0, 0]})
    draw(state)
    catch(state, B, A)
    match(state, "B8", "B5", "Y3")
    ended = round_ended(state)
    assert ended is not None and ended.winner == A
    assert hand(state, A) == []


# ------------------------------------------------------------------ DOS-10.6 catches without effect

def test_dos_10_6_a_catch_of_a_player_who_is_not_exposed_has_no_effect():
    state = start(["G5", "Y3", "G9"])
    match(state, "R5", "G5")
    call_dos(state, A)
    no_effect(state, lambda: catch(state, C, A))
    no_effect(state, lambda: catch(state, B, C))  # C holds three cards


def test_dos_10_6_a_declaration_and_a_catch_whichever_comes_first_decides():
    declared_first = start(["Y3", "G9"], current=B)
    call_dos(declared_first, A)
    refused(declared_first, Action("catch", C, (("target", A),)))
    assert sizes(declared_first)[A] == 2
    caught_first = start(["Y3", "G9"], current=B)
    catch(caught_first, C, A)
    refused(caught_first, Action("call_dos", A))
    assert sizes(caught_first)[A] == 4
