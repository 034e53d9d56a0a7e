"""DOS-9 end of turn and DOS-11 special situations (empty piles, two players, a forced last placement)."""
from __future__ import annotations

import pytest
from dos_cards import (A, B, C, D, catch, draw, end_turn, hand, match, match_action, moves, offered, pile, place,
                       refused, round_ended, row, sizes, table)
from helpers import truth
from rulesrun.interpreter import Action

OTHERS = {B: ["G3", "G4", "B1"], C: ["R3", "R4", "B4"]}


def start(a_hand, row_cards=("R5", "B8"), draw_pile=("Y3", "G10", "R1", "B4"), players=3, **options):
    others = {seat: cards for seat, cards in OTHERS.items() if seat < players}
    return table(players, hands={A: list(a_hand), **others}, row=list(row_cards), draw=list(draw_pile), **options)


def empty_piles(a_hand, row_cards, players=2, **options):
    """Both piles empty: every card not in A's hand or the Center Row is in B's hand."""
    return table(players, hands={A: list(a_hand)}, row=list(row_cards), rest=("hand", B), **options)


# ------------------------------------------------------------------ DOS-9 end of turn

def test_dos_9_1_matched_center_row_cards_and_their_cards_are_discarded_the_rest_stay():
    state = start(["G5", "Y1", "Y7", "R10"], row_cards=("R5", "G7", "B8", "Y9"))
    match(state, "R5", "G5")
    match(state, "B8", "Y1", "Y7")
    end_turn(state)
    assert sorted(pile(state, "discard")) == ["B8", "G5", "R5", "Y1", "Y7"]
    assert row(state) == ["G7", "Y9"]


def test_dos_9_2_the_row_is_refilled_to_two_from_the_top_of_the_draw_pile():
    state = start(["G5", "B8", "R10"])
    match(state, "R5", "G5")
    match(state, "B8", "B8")
    end_turn(state)
    assert row(state) == ["Y3", "G10"]
    assert pile(state, "draw")[:1] == ["R1"]


def test_dos_9_2_no_refill_while_two_or_more_cards_remain():
    state = start(["G5", "R10", "Y9"], row_cards=("R5", "B8", "G7"))
    match(state, "R5", "G5")
    end_turn(state)
    assert row(state) == ["B8", "G7"]
    assert pile(state, "draw")[:1] == ["Y3"]


def test_dos_9_3_each_bonus_placement_is_mandatory():
    state = start(["R5", "B8", "Y9", "Y10", "G1", "G6"])
    match(state, "R5", "R5")
    match(state, "B8", "B8")
    end_turn(state)
    for _ in range(2):
        assert offered(state) == {"place"}
        refused(state, Action("end_turn", A))
        place(state, hand(state, A)[0])
    assert state.current_player() == B and hand(state, A) == ["Y10", "Y9"]


def test_dos_9_3_a_player_with_fewer_cards_than_placements_places_all_and_goes_out():
    state = start(["R5", "B8", "Y9"])
    match(state, "R5", "R5")
    match(state, "B8", "B8")
    end_turn(state)
    place(state, "Y9")
    ended = round_ended(state)
    assert ended is not None and ended.winner == A


def test_dos_9_4_penalty_draws_go_clockwise_from_the_players_left():
    state = table(4, hands={A: ["B1", "B9"], B: ["G3", "G4"], C: ["Y4", "Y5", "R10", "G7"], D: ["R3", "R6"]},
                  row=["Y9", "R8"], draw=["B3", "R1", "G8", "B6"], current=C)
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "R10")
    penalty = [m for m in moves(state) if m[2].startswith("hand")]
    assert penalty == [("R1", "draw", "hand:D"), ("G8", "draw", "hand:A"), ("B6", "draw", "hand:B")]
    assert state.current_player() == D


def test_dos_9_4_the_penalty_comes_after_the_bonus_placement():
    state = start(["Y4", "Y5", "G1", "B6"], row_cards=("Y9", "R4"), draw_pile=("B3", "R1", "G8"))
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    assert sizes(state) == [2, 3, 3]  # nobody has drawn yet
    place(state, "G1")
    assert sizes(state) == [1, 4, 4]


def test_dos_9_5_a_player_caught_during_the_turn_draws_two_last():
    state = start(["Y4", "Y5", "G1", "B6"], row_cards=("Y9", "R4"), draw_pile=("B3", "R1", "G8", "Y6", "Y7"))
    match(state, "Y9", "Y4", "Y5")
    catch(state, B, A)
    end_turn(state)
    place(state, "G1")
    assert [m for m in moves(state) if m[2].startswith("hand")] == [
        ("R1", "draw", "hand:B"), ("G8", "draw", "hand:C"), ("Y6", "draw", "hand:A"), ("Y7", "draw", "hand:A")]


def test_dos_9_5_each_catch_costs_two():
    """DOS-9.5: caught at the start of the turn, exposed again by the match after a draw, caught again
    during the bonus placement: the player draws 2 for each catch, 4 in all, at the end of the turn."""
    state = start(["Y3", "G9"], row_cards=("R5", "B8"), draw_pile=("R5", "Y6", "R1", "G8", "Y7", "B7", "R10"))
    catch(state, B, A)                  # A holds two cards and has not called: 2 are due at the end of the turn
    draw(state)                         # A draws R5: three cards
    match(state, "R5", "R5")            # a Single Colour Match: two cards again, and a bonus placement
    assert truth(state).phase == "bonus" and sizes(state)[A] == 2
    catch(state, B, A)                  # exposed again, caught again
    assert truth(state).variables["caught"] == 2
    place(state, "Y3")
    assert state.current_player() == B
    assert hand(state, A) == ["B7", "G8", "G9", "R1", "Y7"]


def test_dos_9_6_the_center_row_has_no_maximum_size():
    state = start(["R5", "B8", "G1", "G3", "Y7", "Y9", "B10", "R10"], row_cards=("R5", "B8", "G4", "Y1", "R1"))
    match(state, "R5", "R5")
    match(state, "B8", "B8")
    match(state, "G4", "G1", "G3")
    end_turn(state)
    for card in ("Y7", "Y9", "B10"):
        place(state, card)
    assert row(state) == ["Y1", "R1", "Y7", "Y9", "B10"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dos_9_7_the_turn_passes_to_the_left(players):
    last = players - 1
    fillers = [["B1", "B9"], ["G1", "G9"], ["Y1", "Y10"]]
    state = table(players, hands={last: ["G5", "Y9"], **{s: fillers[s] for s in range(last)}}, row=["R5", "B8"],
                  current=last)
    match(state, "R5", "G5")
    end_turn(state)
    assert state.current_player() == A


def test_dos_9_8_an_empty_hand_ends_the_round_before_the_remaining_steps():
    state = start(["G5", "B8"], variables={"score": [190, 0, 0]})
    match(state, "R5", "G5")
    match(state, "B8", "B8")
    assert round_ended(state).winner == A and state.is_over()
    assert sorted(pile(state, "matched")) == ["B8", "B8", "G5", "R5"]  # nothing cleared
    assert row(state) == [] and truth(state).zones["discard"] == []  # nothing refilled or placed


# ------------------------------------------------------------------ DOS-11 special situations

def test_dos_11_1_an_empty_draw_pile_is_rebuilt_from_the_discard_pile_for_a_draw():
    state = start(["G1", "Y3", "R9", "Y10"], draw_pile=(), discard=["G9", "Y6", "B7"], rest=("hand", B))
    draw(state)
    assert len(truth(state).zones["hand"][A]) == 5 and truth(state).zones["discard"] == []
    assert len(truth(state).zones["draw"]) == 2
    assert set(hand(state, A)) - {"G1", "Y3", "R9", "Y10"} <= {"G9", "Y6", "B7"}


def test_dos_11_1_an_empty_draw_pile_is_rebuilt_for_a_penalty():
    state = start(["Y4", "Y5", "G1", "B6"], row_cards=("Y9", "R4"), draw_pile=("B3",), discard=["G9", "G7"],
                  rest=("hand", B))
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)  # refill takes B3, the last card
    place(state, "G1")  # B and C draw from the five discarded cards, reshuffled
    assert len(truth(state).zones["draw"]) + len(truth(state).zones["discard"]) == 3
    assert sizes(state)[C] == 4


def test_dos_11_2_a_refill_stops_short_when_both_piles_are_empty():
    state = empty_piles(["Y3", "G9", "R10"], [])
    draw(state)
    place(state, "G9")
    assert row(state) == ["G9"]  # fewer than two: nothing left to take
    assert state.current_player() == B


def test_dos_11_2_a_penalty_is_cut_short_and_the_last_in_order_go_without():
    state = table(4, hands={A: ["Y4", "Y5", "G1", "B6"], B: ["G3"], C: ["R3"]}, row=["Y9", "R4"], rest=("hand", D))
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)  # the three cleared cards are reshuffled; one of them refills the row
    place(state, "G1")
    assert [m[2] for m in moves(state) if m[2].startswith("hand")] == ["hand:B", "hand:C"]  # D goes without
    assert truth(state).zones["draw"] == [] and truth(state).zones["discard"] == []
    assert sizes(state)[:3] == [1, 2, 2] and state.current_player() == B


def test_dos_11_2_a_draw_that_yields_nothing_leads_to_the_placement():
    state = empty_piles(["Y3", "G9", "R10"], ["R5", "B8"])
    draw(state)
    assert hand(state, A) == ["G9", "R10", "Y3"] and truth(state).phase == "after_draw"
    assert offered(state) == {"place"}
    place(state, "G9")
    assert row(state) == ["R5", "B8", "G9"] and state.current_player() == B


def test_dos_11_2_no_match_after_a_draw_that_yields_nothing():
    state = empty_piles(["R5", "Y3", "G9"], ["R5", "B8"])
    draw(state)
    refused(state, match_action(state, "R5", "R5"))


def test_dos_11_5_two_players_a_double_colour_match_makes_the_opponent_draw_one():
    state = start(["Y4", "Y5", "G1", "B6"], row_cards=("Y9", "R4"), draw_pile=("B3", "R1", "G8"), players=2)
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "G1")
    assert hand(state, B) == ["B1", "G3", "G4", "R1"]
    assert state.current_player() == B


def test_dos_11_6_going_out_by_a_forced_placement():
    state = empty_piles(["Y3"], ["R5", "B8"])
    refused(state, Action("end_turn", A))
    draw(state)
    assert hand(state, A) == ["Y3"]
    place(state, "Y3")
    ended = round_ended(state)
    assert ended is not None and ended.winner == A
