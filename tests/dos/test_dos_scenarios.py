"""The scenario checks DOS-S1 .. DOS-S27 of the DOS specification, one test each (DOS-S25: test_dos_setup.py).

Players A, B, C sit clockwise and A is to play unless stated. Where the specification gives
only a hand size ("B: 5 cards"), the hand is filled with cards that play no part.
"""
from __future__ import annotations

from dos_cards import (A, B, C, call_dos, catch, draw, earned, end_turn, hand, held, in_row, match, match_action, moves,
                       offered, pile, place, refused, round_ended, row, sizes, table)
from helpers import no_effect, truth
from rulesrun.interpreter import Action
from rulesrun.interpreter.engine.state import inspect

FIVE = ["G3", "G4", "B1", "B9", "R7"]
SIX = ["R3", "B4", "B7", "G9", "Y6", "G6"]


def test_dos_s1_single_number_match_no_bonus_refill():
    """DOS-S1 (DOS-6.2, DOS-9.1, DOS-9.2)."""
    state = table(hands={A: ["G5", "Y1", "R10", "B3", "Y6"], B: FIVE, C: SIX}, row=["R5", "B8"], draw=["Y3", "G10"])
    match(state, "R5", "G5")
    assert earned(state) == (0, 0)
    end_turn(state)
    assert sorted(pile(state, "discard")) == ["G5", "R5"]
    assert row(state) == ["B8", "Y3"]
    assert hand(state, A) == ["B3", "R10", "Y1", "Y6"]
    assert state.current_player() == B and pile(state, "draw")[0] == "G10"


def test_dos_s2_single_colour_match_refill_first_then_bonus():
    """DOS-S2 (DOS-7.2, DOS-9.2, DOS-9.3)."""
    state = table(hands={A: ["R5", "Y1", "G9", "B3", "R6"], B: FIVE, C: SIX}, row=["R5", "B8"], draw=["Y3", "G10"])
    match(state, "R5", "R5")
    end_turn(state)
    assert row(state) == ["B8", "Y3"] and truth(state).phase == "bonus"
    place(state, "G9")
    assert row(state) == ["B8", "Y3", "G9"]
    assert hand(state, A) == ["B3", "R6", "Y1"]
    assert state.current_player() == B
    assert [m for m in moves(state) if m[2] in ("discard", "row")] == [
        ("R5", "matched", "discard"), ("R5", "matched", "discard"), ("Y3", "draw", "row"), ("G9", "hand:A", "row")]


def test_dos_s3_double_number_match_adds_up():
    """DOS-S3 (DOS-6.3, DOS-7.4)."""
    state = table(hands={A: ["R4", "B5", "G1", "Y7", "G3", "B6"], B: FIVE, C: SIX}, row=["Y9", "R4"], draw=["Y10"])
    match(state, "Y9", "R4", "B5")
    assert earned(state) == (0, 0)
    end_turn(state)
    assert sorted(pile(state, "discard")) == ["B5", "R4", "Y9"]
    assert row(state) == ["R4", "Y10"]
    assert hand(state, A) == ["B6", "G1", "G3", "Y7"]


def test_dos_s4_double_colour_match_bonus_and_penalty():
    """DOS-S4 (DOS-7.3, DOS-9.1 .. DOS-9.4): clear, refill, bonus, then B and C draw."""
    state = table(hands={A: ["Y4", "Y5", "G1", "B6", "R10", "G7"], B: FIVE, C: SIX}, row=["Y9", "R4"],
                  draw=["B3", "R1", "G8"])
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "R10")
    assert moves(state)[3:] == [
        ("Y9", "matched", "discard"), ("Y4", "matched", "discard"), ("Y5", "matched", "discard"),
        ("B3", "draw", "row"), ("R10", "hand:A", "row"), ("R1", "draw", "hand:B"), ("G8", "draw", "hand:C")]
    assert row(state) == ["R4", "B3", "R10"]
    assert sizes(state) == [3, 6, 7]
    assert hand(state, A) == ["B6", "G1", "G7"]
    assert state.current_player() == B


def test_dos_s5_one_colour_in_a_double_and_illegal_doubles():
    """DOS-S5 (DOS-6.3, DOS-7.4)."""
    state = table(hands={A: ["Y4", "R5", "R3", "B5", "B1", "G10", "B10"], B: FIVE, C: SIX}, row=["Y9"])
    legal = state.clone()
    match(legal, "Y9", "Y4", "R5")
    assert earned(legal) == (0, 0) and pile(legal, "matched") != []
    refused(state, match_action(state, "Y9", "R3", "B5"))
    three = match_action(state, "Y9", "R3", "B5")
    refused(state, Action("match", A, three.args + (("third", held(state, A, "B1")),)), because="unexpected")


def test_dos_s6_wild_number_played_as_a_declared_number():
    """DOS-S6 (DOS-4.2, DOS-7.2)."""
    state = table(hands={A: ["G#", "R#", "Y9", "Y8"], B: FIVE, C: SIX}, row=["G7", "B10"])
    same_colour = state.clone()
    match(same_colour, "G7", "G#=7")
    assert earned(same_colour) == (1, 0)
    other_colour = state.clone()
    match(other_colour, "G7", "R#=7")
    assert earned(other_colour) == (0, 0)
    refused(state, match_action(state, "G7", "G#=8"))


def test_dos_s7_wild_number_in_a_double_and_the_declared_range():
    """DOS-S7 (DOS-4.2, DOS-6.7, DOS-7.3)."""
    state = table(hands={A: ["B#", "B4", "Y8", "Y9"], B: FIVE, C: SIX}, row=["B10"])
    legal = state.clone()
    match(legal, "B10", "B#=6", "B4")
    assert earned(legal) == (1, 1)
    refused(state, match_action(state, "B10", "B#=5", "B4"))
    for value in (0, 11):
        refused(state, match_action(state, "B10", f"B#={value}"))
        refused(state, match_action(state, "B10", f"B#={value}", "B4"))


def test_dos_s8_wild_dos_from_hand_is_a_2_of_any_colour():
    """DOS-S8 (DOS-4.3, DOS-7.3)."""
    state = table(hands={A: ["W2", "G4", "R1", "Y9", "Y10"], B: FIVE, C: SIX}, row=["G6", "R3"])
    green = state.clone()
    match(green, "G6", "W2/green", "G4")
    assert earned(green) == (1, 1)
    red = state.clone()
    match(red, "R3", "R1", "W2/red")
    assert earned(red) == (1, 1)
    refused(state, match_action(state, "R3", "W2/green", "G4"))


def test_dos_s9_wild_dos_in_the_center_row():
    """DOS-S9 (DOS-4.3, DOS-6.2, DOS-6.3, DOS-7.2, DOS-7.3)."""
    state = table(hands={A: ["Y1", "Y1", "W2", "G9", "G10"], B: FIVE, C: SIX}, row=["W2", "B5"])
    pair = state.clone()
    match(pair, "W2/yellow", "Y1", "Y1")
    assert earned(pair) == (1, 1)
    wild = state.clone()
    match(wild, "W2/blue", "W2/blue")
    assert earned(wild) == (1, 0)
    for colour in ("yellow", "blue"):
        refused(state, match_action(state, f"W2/{colour}", "Y1"))


def test_dos_s10_wild_number_in_the_center_row():
    """DOS-S10 (DOS-4.2, DOS-6.7, DOS-7.2)."""
    state = table(hands={A: ["R8", "B4", "B5", "Y10", "G10"], B: FIVE, C: SIX}, row=["R#", "G5"])
    single = state.clone()
    match(single, "R#=8", "R8")
    assert earned(single) == (1, 0)
    match(state, "R#=9", "B4", "B5")
    assert earned(state) == (0, 0) and sorted(pile(state, "matched")) == ["B4", "B5", "R#"]


def test_dos_s11_each_center_row_card_only_once_per_turn():
    """DOS-S11 (DOS-6.5, DOS-6.6)."""
    state = table(hands={A: ["G5", "Y5", "B8", "R1", "Y7", "G3"], B: FIVE, C: SIX}, row=["R5", "B8"],
                  draw=["Y3", "G10"])
    red5 = in_row(state, "R5")
    match(state, "R5", "G5")
    refused(state, Action("match", A, (("target", red5), ("first", held(state, A, "Y5")), ("second", None))))
    match(state, "B8", "B8")
    assert earned(state) == (1, 0)
    end_turn(state)
    assert sorted(pile(state, "discard")) == ["B8", "B8", "G5", "R5"]
    assert row(state) == ["Y3", "G10"]
    place(state, "R1")
    assert row(state) == ["Y3", "G10", "R1"]
    assert hand(state, A) == ["G3", "Y5", "Y7"]


def test_dos_s12_clearing_the_whole_row_refill_to_two_then_bonuses_then_penalty():
    """DOS-S12 (DOS-9.1 .. DOS-9.4, DOS-7.5)."""
    state = table(hands={A: ["R5", "B3", "B5", "G9", "Y1", "R10", "R6", "Y7"], B: FIVE[:4], C: SIX[:4]},
                  row=["R5", "B8"], draw=["Y3", "G10", "R1", "B4"])
    match(state, "R5", "R5")
    match(state, "B8", "B3", "B5")
    assert earned(state) == (2, 1)
    end_turn(state)
    place(state, "G9")
    place(state, "Y1")
    after_matching = moves(state)[5:]
    assert sorted(after_matching[:5]) == sorted([(c, "matched", "discard") for c in ("R5", "R5", "B8", "B3", "B5")])
    assert after_matching[5:] == [
        ("Y3", "draw", "row"), ("G10", "draw", "row"), ("G9", "hand:A", "row"), ("Y1", "hand:A", "row"),
        ("R1", "draw", "hand:B"), ("B4", "draw", "hand:C")]
    assert row(state) == ["Y3", "G10", "G9", "Y1"]
    assert sizes(state) == [3, 5, 5]
    assert hand(state, A) == ["R10", "R6", "Y7"]
    assert state.current_player() == B


def test_dos_s13_draw_then_match_with_the_drawn_card():
    """DOS-S13 (DOS-5.3, DOS-5.5, DOS-8.1, DOS-8.2); the end of turn follows the match at once."""
    state = table(hands={A: ["G1", "Y3", "R9", "Y10"], B: FIVE, C: SIX}, row=["R5", "B8"], draw=["Y8", "G6"])
    refused(state, Action("end_turn", A))
    draw(state)
    match(state, "B8", "Y8")
    assert sorted(pile(state, "discard")) == ["B8", "Y8"]
    assert row(state) == ["R5", "G6"]
    assert hand(state, A) == ["G1", "R9", "Y10", "Y3"]
    assert state.current_player() == B


def test_dos_s14_draw_then_a_double_with_the_drawn_card():
    """DOS-S14 (DOS-8.2, DOS-7.3)."""
    state = table(hands={A: ["G1", "B3", "R9", "Y10", "R10"], B: FIVE, C: SIX[:5]}, row=["R5", "B8"],
                  draw=["B5", "Y4", "G7", "R3"])
    draw(state)
    alone = state.clone()
    match(alone, "R5", "B5")  # the alternative: B5 alone on R5, no bonus ...
    assert earned(alone) == (0, 0) and alone.current_player() == B  # ... and nothing more
    match(state, "B8", "B5", "B3")
    assert earned(state) == (1, 1)
    assert "match" not in offered(state)  # one match after a draw
    assert sorted(pile(state, "discard")) == ["B3", "B5", "B8"]
    assert row(state) == ["R5", "Y4"]
    place(state, "R9")
    assert row(state) == ["R5", "Y4", "R9"]
    assert hand(state, B) == sorted(FIVE + ["G7"]) and hand(state, C) == sorted(SIX[:5] + ["R3"])
    assert hand(state, A) == ["G1", "R10", "Y10"]


def test_dos_s15_draw_no_match_place_a_card():
    """DOS-S15 (DOS-8.3, DOS-9.2)."""
    state = table(hands={A: ["G1", "Y3", "R9", "Y10"], B: FIVE, C: SIX}, row=["R5", "B8"], draw=["G10", "Y1"])
    draw(state)
    assert offered(state) == {"place"}
    place(state, "R9")
    assert row(state) == ["R5", "B8", "R9"]
    assert truth(state).zones["discard"] == [] and pile(state, "draw")[0] == "Y1"
    assert hand(state, A) == ["G1", "G10", "Y10", "Y3"]
    assert state.current_player() == B


def test_dos_s16_drawing_and_matching_do_not_mix():
    """DOS-S16 (DOS-5.3, DOS-5.4, DOS-8.2, DOS-8.3)."""
    position = dict(hands={A: ["R5", "Y3", "G9", "Y10"], B: FIVE, C: SIX}, row=["R5", "B8"], draw=["G10"])
    state = table(**position)
    draw(state)
    assert "G10" in hand(state, A)
    refused(state, match_action(state, "R5", "R5"))
    place(state, "Y3")
    assert row(state) == ["R5", "B8", "Y3"]
    assert hand(state, A) == ["G10", "G9", "R5", "Y10"]
    reverse = table(**position)
    match(reverse, "R5", "R5")
    refused(reverse, Action("draw", A))


def test_dos_s17_dos_declared():
    """DOS-S17 (DOS-10.1, DOS-10.2, DOS-10.6)."""
    state = table(hands={A: ["G5", "Y3", "G9"], B: FIVE, C: SIX}, row=["R5", "B8"])
    match(state, "R5", "G5")
    call_dos(state, A)
    assert hand(state, A) == ["G9", "Y3"]
    no_effect(state, lambda: catch(state, C, A))


def test_dos_s18_dos_forgotten_caught_during_own_turn():
    """DOS-S18 (DOS-10.3, DOS-10.4, DOS-9.5)."""
    state = table(hands={A: ["G5", "Y3", "G9"], B: FIVE, C: SIX}, row=["R5", "B8"], draw=["Y4", "R6", "B7"])
    match(state, "R5", "G5")
    catch(state, B, A)
    assert sizes(state)[A] == 2
    end_turn(state)
    assert sorted(pile(state, "discard")) == ["G5", "R5"]
    assert row(state) == ["B8", "Y4"]
    assert moves(state)[-2:] == [("R6", "draw", "hand:A"), ("B7", "draw", "hand:A")]
    assert hand(state, A) == ["B7", "G9", "R6", "Y3"]
    assert state.current_player() == B


def test_dos_s19_dos_forgotten_caught_outside_own_turn():
    """DOS-S19 (DOS-10.3, DOS-10.4)."""
    position = dict(hands={A: ["Y3", "G9"], B: FIVE, C: SIX}, row=["R5", "B8"], draw=["R6", "B7"], current=B)
    state = table(**position)
    catch(state, C, A)
    assert hand(state, A) == ["B7", "G9", "R6", "Y3"]
    assert not any(a.name == "catch" and a.get("target") == A for a in state.legal_actions())
    assert state.current_player() == B and truth(state).phase == "match"
    declared = table(**position)
    call_dos(declared, A)
    no_effect(declared, lambda: catch(declared, C, A))


def test_dos_s20_reaching_two_cards_by_drawing():
    """DOS-S20 (DOS-10.1, DOS-10.4, DOS-9.4): C draws first, then A comes to two and must declare."""
    state = table(hands={A: ["Y3"], B: ["Y4", "Y5", "G1", "B6"], C: SIX}, row=["Y9", "R4"],
                  draw=["B3", "G7", "R6", "R1", "G8"], current=B)
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "G1")
    assert [m for m in moves(state) if m[2] in ("hand:A", "hand:C")] == [("G7", "draw", "hand:C"),
                                                                        ("R6", "draw", "hand:A")]
    assert hand(state, A) == ["R6", "Y3"] and state.current_player() == C
    catchers = {a.actor for a in state.legal_actions() if a.name == "catch" and a.get("target") == A}
    assert catchers == {B, C}
    declared = state.clone()
    call_dos(declared, A)
    assert not any(a.name == "catch" and a.get("target") == A for a in declared.legal_actions())
    catch(state, B, A)
    assert hand(state, A) == ["G8", "R1", "R6", "Y3"] and state.current_player() == C


def test_dos_s21_going_out_with_a_double_colour_match():
    """DOS-S21 (DOS-12.1, DOS-12.2, DOS-12.3, DOS-13.1): 39 + 48 = 87."""
    state = table(hands={A: ["Y4", "Y5"], B: ["R3", "B10", "W2"], C: ["G#", "Y1"]}, row=["Y9", "R4"],
                  draw=["B6", "R7"])
    call_dos(state, A)
    match(state, "Y9", "Y4", "Y5")
    assert round_ended(state).winner == A
    moved = moves(state)
    assert [m for m in moved if m[2].startswith("hand")] == [("B6", "draw", "hand:B"), ("R7", "draw", "hand:C")]
    assert not any(m[2] in ("discard", "row") for m in moved)  # nothing cleared or refilled
    assert state.scores() == [87, 0, 0]


def test_dos_s22_going_out_by_bonus_placement():
    """DOS-S22 (DOS-9.3, DOS-12.1): clearing and refill stand; nobody draws."""
    state = table(hands={A: ["R5", "G9"], B: FIVE, C: SIX}, row=["R5", "B8"], draw=["Y3"],
                  variables={"score": [190, 0, 0]})
    call_dos(state, A)
    match(state, "R5", "R5")
    end_turn(state)
    place(state, "G9")
    assert round_ended(state).winner == A and state.is_over()
    assert row(state) == ["B8", "Y3", "G9"]
    assert sizes(state) == [0, 5, 6]


def test_dos_s23_scoring_and_the_end_of_the_game():
    """DOS-S23 (DOS-13, DOS-14.1): 33 + 41 = 74, and 130 + 74 = 204 ends the game."""
    state = table(hands={A: ["G5"], B: ["R3", "B10", "W2"], C: ["G#", "Y1"]}, row=["R5", "B8"],
                  variables={"score": [130, 0, 0]})
    match(state, "R5", "G5")
    assert state.scores() == [204, 0, 0]
    assert state.is_over() and truth(state).winners == (A,)


def test_dos_s24_draw_pile_runs_out_during_a_refill():
    """DOS-S24 (DOS-11.1, DOS-9.2)."""
    discarded = ["G1", "G3", "G4", "Y1", "Y3", "Y4", "R1", "R3", "R4", "B1"]
    state = table(hands={A: ["G5", "Y8", "G10", "Y10", "R10"]}, row=["R5", "B8"], draw=["B6"], discard=discarded,
                  rest=("hand", B))
    reshuffled = set(truth(state).zones["discard"]) | {in_row(state, "R5"), in_row(state, "B8")}
    match(state, "R5", "G5")
    match(state, "B8", "Y8")
    reshuffled |= set(truth(state).zones["matched"])
    end_turn(state)
    assert len(reshuffled) == 14
    assert row(state)[0] == "B6" and truth(state).zones["row"][1] in reshuffled
    assert truth(state).zones["discard"] == [] and len(truth(state).zones["draw"]) == 13
    assert set(truth(state).zones["draw"]) == reshuffled - {truth(state).zones["row"][1]}


def test_dos_s26_both_piles_empty_going_out_by_the_forced_placement():
    """DOS-S26 (DOS-11.2, DOS-11.6, DOS-8.3, DOS-12.1)."""
    state = table(2, hands={A: ["Y3"], B: ["R3", "B10", "W2"]}, row=["R5", "B8"], rest=("hand", B))
    assert truth(state).zones["draw"] == [] and truth(state).zones["discard"] == []
    owed = sum(state.game.components[c].attrs["points"] for c in truth(state).zones["hand"][B])
    refused(state, Action("end_turn", A))
    draw(state)
    assert hand(state, A) == ["Y3"] and offered(state) == {"place"}
    place(state, "Y3")
    assert round_ended(state).winner == A and state.is_over()
    assert row(state) == ["R5", "B8", "Y3"]
    assert state.scores() == [owed, 0]


def test_dos_s27_going_out_with_a_double_colour_match_when_the_piles_are_nearly_empty():
    """DOS-S27 (DOS-12.2, DOS-12.3, DOS-11.2, DOS-13.1): B draws B6, C draws nothing; 39 + 41 = 80."""
    state = table(hands={A: ["Y4", "Y5"], B: ["R3", "B10", "W2"], C: ["G#", "Y1"]}, row=["Y9", "R4"],
                  draw=["B6"], rest="row")
    first_two = truth(state).zones["row"][-2:]
    inspect(state).zones["row"].sort(key=lambda cid: cid not in first_two)  # Y9, R4 on the left, the rest after them
    call_dos(state, A)
    match(state, "Y9", "Y4", "Y5")
    assert round_ended(state).winner == A
    assert [m for m in moves(state) if m[2].startswith("hand")] == [("B6", "draw", "hand:B")]
    assert state.scores() == [80, 0, 0]
