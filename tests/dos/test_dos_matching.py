"""DOS-4 card values and colours, DOS-6 number matches, DOS-11.4 wild cards in the Center Row."""
from __future__ import annotations

import pytest
from dos_cards import (A, B, C, dos, earned, end_turn, hand, held, in_row, match, match_action, name_of, offered, pile,
                       place, refused, row, setup, sizes, table)
from helpers import StackedRandom, truth
from rulesrun.interpreter import Action
from rulesrun.interpreter.engine import position

OTHERS = {B: ["G3", "G4", "B1"], C: ["R3", "R4", "B4"]}


def start(a_hand, row_cards, **options):
    """A to play holding `a_hand` with the Center Row `row_cards`; B and C hold three cards."""
    return table(3, hands={A: list(a_hand), **OTHERS}, row=list(row_cards), **options)


def matched(state):
    """The cards waiting on matched Center Row cards, sorted by name."""
    return sorted(pile(state, "matched"))


def offered_matches(state):
    """Every match the current player is offered, as sorted tuples of the chosen values and names.

    A match that leaves two cards is offered with and without a DOS call (DOS-10.2); the call is
    left out here, so each match is one tuple.
    """
    result = set()
    for action in state.legal_actions():
        if action.name == "match":
            result.add(tuple(sorted(name_of(v) if k in ("target", "first", "second") and v is not None
                                    else f"{k}={v}" for k, v in action.args if v is not None and k != "call")))
    return result


# ------------------------------------------------------------------ DOS-4 values and colours

def test_dos_4_1_a_number_card_counts_its_printed_value():
    state = start(["G5", "G6", "Y9"], ["R5", "B8"])
    refused(state, match_action(state, "B8", "G6"))
    match(state, "R5", "G5")
    assert matched(state) == ["G5", "R5"]


def test_dos_4_1_a_number_card_cannot_be_declared_another_value():
    state = start(["G5", "Y9"], ["R5", "B8"])
    action = match_action(state, "B8", "G5")
    refused(state, Action("match", A, action.args[:2] + (("first_value", 8),) + action.args[2:]))


@pytest.mark.parametrize("value", range(1, 11))
def test_dos_4_2_a_wild_number_from_hand_counts_as_the_number_declared(value):
    state = start(["Y#", "Y9", "Y10"], [f"G{value}" if value != 2 else "W2", "B8"])
    target = row(state)[0] + ("/green" if value == 2 else "")
    match(state, target, f"Y#={value}")
    assert hand(state, A) == ["Y10", "Y9"]


def test_dos_4_2_a_wild_number_must_have_its_value_declared():
    state = start(["G#", "Y9"], ["G7", "B10"])
    reason = refused(state, Action("match", A, (("target", in_row(state, "G7")), ("first", held(state, A, "G#")),
                                                ("second", None))))
    assert "first_value" in reason


def test_dos_4_2_the_matching_player_declares_the_value_of_a_wild_number_in_the_center_row():
    state = start(["R8", "Y9", "Y10"], ["R#", "G5"])
    reason = refused(state, Action("match", A, (("target", in_row(state, "R#")), ("first", held(state, A, "R8")),
                                                ("second", None))))
    assert "target_value" in reason
    match(state, "R#=8", "R8")
    assert matched(state) == ["R#", "R8"]


def test_dos_4_2_a_wild_number_keeps_its_printed_colour():
    state = start(["R#", "Y9", "Y10"], ["G7", "B10"])
    action = match_action(state, "G7", "R#=7")
    refused(state, Action("match", A, action.args[:-1] + (("first_colour", "green"), ("second", None))))
    match(state, "G7", "R#=7")
    assert truth(state).variables["bonuses"] == 0


def test_dos_4_3_a_wild_dos_from_hand_is_a_2_of_the_colour_its_player_chooses():
    state = start(["W2", "Y9", "Y10"], ["B3", "W2"])
    refused(state, Action("match", A, (("target", in_row(state, "B3")), ("first", held(state, A, "W2")),
                                       ("first_colour", "blue"), ("second", None))))  # 2 is not 3
    match(state, "W2/yellow", "W2/yellow")
    assert truth(state).variables["bonuses"] == 1


def test_dos_4_3_a_wild_dos_needs_its_colour_chosen():
    state = start(["W2", "R1", "Y9"], ["R3", "B8"])
    first, second = sorted([held(state, A, "W2"), held(state, A, "R1")])
    reason = refused(state, Action("match", A, (("target", in_row(state, "R3")), ("first", first),
                                                ("second", second))))
    assert "colour" in reason


def test_dos_4_3_a_wild_dos_in_the_center_row_takes_the_colour_the_matcher_chooses():
    for colour, bonus in (("blue", 1), ("red", 0)):
        state = start(["B1", "B1", "Y9"], ["W2", "G5"])
        match(state, f"W2/{colour}", "B1", "B1")
        assert earned(state) == (bonus, bonus)


def test_dos_4_3_a_wild_dos_in_the_center_row_counts_2_whatever_colour_is_named():
    state = start(["Y3", "Y9", "Y10"], ["W2", "G5"])
    for colour in ("blue", "green", "red", "yellow"):
        refused(state, match_action(state, f"W2/{colour}", "Y3"))


def test_dos_4_4_a_declaration_lasts_only_for_its_match():
    """A Wild # placed into the Center Row is declared afresh by whoever matches it next."""
    state = table(3, hands={A: ["R5", "R#", "Y9", "Y10"], B: ["B4", "G9", "G10"], C: ["R3", "R4"]}, row=["R5", "B8"],
                  draw=["Y3"])
    match(state, "R5", "R5")
    end_turn(state)
    place(state, "R#")
    assert row(state) == ["B8", "Y3", "R#"] and state.current_player() == B
    for value, card in ((4, "B4"), (9, "G9")):
        trial = state.clone()
        match(trial, f"R#={value}", card)
        assert matched(trial) == sorted(["R#", card])


def test_dos_4_4_a_wild_dos_cleared_and_turned_up_again_carries_no_colour():
    state = start(["W2", "Y9", "Y10"], ["R#", "B8"], rest=("hand", C))
    wild = held(state, A, "W2")
    match(state, "R#=2", "W2/blue")  # blue on red: no bonus
    position.adjust(state, generator=StackedRandom([wild]))  # the emptied draw pile is rebuilt with the wild DOS on top
    end_turn(state)
    assert row(state) == ["B8", "W2"] and state.current_player() == B
    setup(state, hands={B: ["R1", "R1", "G9"], C: ["G1", "G3"]}, row=[wild, "B8"], current=B)
    match(state, "W2/red", "R1", "R1")
    assert earned(state) == (1, 1)


# ------------------------------------------------------------------ DOS-6 number matches

def test_dos_6_1_a_match_targets_one_center_row_card_with_one_or_two_cards_from_hand():
    state = start(["G5", "Y1", "Y4", "B9"], ["R5", "B8"])
    refused(state, Action("match", A, (("target", held(state, A, "Y1")), ("first", held(state, A, "G5")),
                                       ("second", None))))  # the target must be in the Center Row
    refused(state, Action("match", A, (("target", in_row(state, "R5")), ("first", in_row(state, "B8")),
                                       ("second", None))))  # the cards come from the hand
    match(state, "R5", "Y1", "Y4")
    assert matched(state) == ["R5", "Y1", "Y4"]
    assert row(state) == ["B8"]


def test_dos_6_2_single_number_match():
    state = start(["G5", "Y1", "B9"], ["R5", "B8"])
    match(state, "R5", "G5")
    assert matched(state) == ["G5", "R5"]
    assert hand(state, A) == ["B9", "Y1"]
    assert truth(state).variables["matches"] == 1


def test_dos_6_2_a_single_card_of_another_value_is_refused():
    state = start(["G6", "Y1", "B9"], ["R5", "B8"])
    refused(state, match_action(state, "R5", "G6"))


def test_dos_6_3_double_number_match_adds_up():
    state = start(["R4", "B5", "G1", "Y7"], ["Y9", "R4"])
    match(state, "Y9", "R4", "B5")
    assert matched(state) == ["B5", "R4", "Y9"]
    assert hand(state, A) == ["G1", "Y7"]


def test_dos_6_3_two_cards_that_do_not_add_up_are_refused():
    state = start(["R3", "B5", "G1", "Y7"], ["Y9", "R4"])
    refused(state, match_action(state, "Y9", "R3", "B5"))  # 8
    refused(state, match_action(state, "Y9", "B5", "Y7"))  # 12


def test_dos_6_3_three_cards_are_never_a_match():
    state = start(["B1", "R3", "B5", "Y10"], ["Y9", "R4"])
    action = match_action(state, "Y9", "R3", "B5")
    refused(state, Action("match", A, action.args + (("third", held(state, A, "B1")),)), because="unexpected")
    assert all(len([k for k, _ in a.args if k in ("first", "second", "third")]) <= 2
               for a in state.legal_actions() if a.name == "match")


def test_dos_6_3_the_same_card_cannot_be_both_cards_of_a_double():
    state = start(["Y1", "Y9", "Y10"], ["W2", "B8"])
    one = held(state, A, "Y1")
    refused(state, Action("match", A, (("target", in_row(state, "W2")), ("target_colour", "yellow"), ("first", one),
                                       ("second", one))))


def test_dos_6_4_colour_plays_no_part_in_legality():
    state = start(["Y5", "G4", "B4", "R10"], ["R5", "B8"])
    match(state, "R5", "Y5")
    match(state, "B8", "G4", "B4")
    assert hand(state, A) == ["R10"]


def test_dos_6_5_several_center_row_cards_in_one_turn_in_any_order():
    state = start(["B8", "G5", "Y3", "Y10", "B1"], ["R5", "B8", "G3"])
    match(state, "G3", "Y3")
    match(state, "R5", "G5")
    match(state, "B8", "B8")
    assert truth(state).variables["matches"] == 3
    assert row(state) == []
    assert hand(state, A) == ["B1", "Y10"]


def test_dos_6_5_each_center_row_card_receives_at_most_one_match():
    state = start(["G5", "Y5", "Y10", "B1"], ["R5", "B8"])
    target = in_row(state, "R5")
    match(state, "R5", "G5")
    refused(state, Action("match", A, (("target", target), ("first", held(state, A, "Y5")), ("second", None))))
    assert not any(a.get("target") == target for a in state.legal_actions() if a.name == "match")


def test_dos_6_6_matched_cards_stay_on_their_target_until_the_end_of_the_turn():
    state = start(["G5", "Y10", "B1"], ["R5", "B8"], draw=["Y3"])
    match(state, "R5", "G5")
    assert matched(state) == ["G5", "R5"] and truth(state).zones["discard"] == []
    assert state.view(B).zones["matched"] == truth(state).zones["matched"]  # still face up on the table
    end_turn(state)
    assert sorted(pile(state, "discard")) == ["G5", "R5"] and truth(state).zones["matched"] == []


@pytest.mark.parametrize("value", [0, 11, -1])
def test_dos_6_7_declared_values_outside_1_to_10_are_refused(value):
    state = start(["B#", "B4", "Y9"], ["B10", "G#"])
    base = match_action(state, "B10", "B#=6", "B4")
    refused(state, Action("match", A, tuple((k, value if k.endswith("_value") else v) for k, v in base.args)))
    refused(state, match_action(state, f"G#={value}", f"B#={value}"))


def test_dos_6_7_every_declaration_is_part_of_the_match_action():
    state = start(["B#", "W2", "Y9"], ["W2", "G#"])
    found = offered_matches(state)
    assert ("B#", "G#", "first_value=5", "target_value=5") in found
    assert any("target_colour=blue" in m and "first_colour=blue" in m for m in found)
    assert offered(state) <= {"match", "draw", "call_dos", "catch"}  # no separate declaring step


# ------------------------------------------------------------------ DOS-11.4

def test_dos_11_4_wild_cards_in_the_center_row_are_ordinary_targets():
    state = start(["Y1", "Y1", "Y4", "Y10"], ["W2", "R#"])
    match(state, "R#=4", "Y4")
    match(state, "W2/yellow", "Y1", "Y1")
    assert row(state) == [] and hand(state, A) == ["Y10"]


def test_dos_11_4_a_wild_card_turned_up_at_setup_changes_nothing():
    wild = {"W2", "R#", "Y#", "G#", "B#"}
    state = next(s for s in (dos().new_state(3, seed) for seed in range(60)) if wild & set(row(s)))
    assert len(row(state)) == 2 and sizes(state) == [7, 7, 7]
    assert state.current_player() == (truth(state).dealer + 1) % 3 and truth(state).phase == "match"
    assert "draw" in offered(state)
