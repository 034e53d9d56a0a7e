"""DOS house rules that change what a turn may hold: DOS-H3, DOS-H4, DOS-H5, HR-6 (forced play) and
HR-9.4 (no finishing on a wild card).

Each test sets up a position with the variant and shows what it changes against base DOS.
"""
from __future__ import annotations

import functools
from pathlib import Path

from dos.dos_cards import (A, B, C, dos, draw, end_turn, hand, match, match_action, offered, pile, place, refused,
                           round_ended, row, sizes, table)
from helpers import truth
from rulesrun.interpreter import Action, Game, load_game


@functools.cache
def variant(name: str) -> Game:
    return load_game(f"dos/{name}")


OTHERS = {B: ["G3", "G4", "B1"], C: ["R3", "R4", "B4"]}
STUCK = ["G1", "Y3", "R9", "Y10"]  # nothing here matches a red 5 or a blue 8, alone or in pairs


def start(game: Game, a_hand, row_cards=("R5", "B8"), draw_pile=("Y8", "G6", "R10", "B7"), **options):
    return table(3, game=game, hands={A: list(a_hand), **OTHERS}, row=list(row_cards), draw=list(draw_pile),
                 **options)


def stop_placing(state) -> None:
    state.apply(Action("stop_placing", state.current_player()))


# ------------------------------------------------------------------ DOS-H3 optional bonus placement

def test_dos_h3_the_player_may_end_the_turn_with_bonus_placements_unused():
    state = start(variant("optional-bonus"), ["R5", "B8", "G1", "Y9", "Y10", "G6"], draw_pile=("Y3", "G10"))
    match(state, "R5", "R5")
    match(state, "B8", "B8")
    end_turn(state)
    assert offered(state) == {"place", "stop_placing"}
    place(state, "G1")
    stop_placing(state)
    assert state.current_player() == B and hand(state, A) == ["G6", "Y10", "Y9"] and row(state) == ["Y3", "G10", "G1"]


def test_dos_h3_in_base_dos_bonus_placements_are_mandatory():
    state = start(dos(), ["R5", "G1", "Y9", "Y10"], draw_pile=("Y3", "G10"))
    match(state, "R5", "R5")
    end_turn(state)
    assert offered(state) == {"place"}
    refused(state, Action("stop_placing", A), because="no_such_action")


def test_dos_h3_the_double_colour_match_penalty_applies_regardless():
    state = start(variant("optional-bonus"), ["Y4", "Y5", "G1", "B6"], row_cards=("Y9", "R4"),
                  draw_pile=("B3", "R1", "G8"))
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    stop_placing(state)
    assert hand(state, A) == ["B6", "G1"] and row(state) == ["R4", "B3"]
    assert sizes(state) == [2, 4, 4] and state.current_player() == B


# ------------------------------------------------------------------ DOS-H4 open matching after a draw

def test_dos_h4_after_a_draw_any_cards_may_be_matched_on_several_center_row_cards():
    state = start(variant("open-matching"), ["G5", "G4", "Y4", "Y10"], draw_pile=("G10", "B7"))
    draw(state)
    match(state, "R5", "G5")  # the drawn green 10 is not used
    assert state.current_player() == A and "end_turn" in offered(state) and "draw" not in offered(state)
    match(state, "B8", "G4", "Y4")
    end_turn(state)
    assert hand(state, A) == ["G10", "Y10"] and state.current_player() == B
    assert sorted(pile(state, "discard")) == ["B8", "G4", "G5", "R5", "Y4"]


def test_dos_h4_in_base_dos_only_one_match_with_the_drawn_card():
    state = start(dos(), ["R5", "G4", "Y4", "Y10"], draw_pile=("G10", "B7"))
    draw(state)
    refused(state, match_action(state, "R5", "R5"))


def test_dos_h4_without_any_match_the_player_still_places_a_card():
    state = start(variant("open-matching"), STUCK, draw_pile=("G10",))
    draw(state)
    assert offered(state) == {"place"}
    place(state, "G1")
    assert row(state) == ["R5", "B8", "G1"] and state.current_player() == B


def test_dos_h4_a_draw_that_yields_nothing_still_allows_no_match():
    """DOS-11.2 still applies: nothing drawn, so no match, only the placement."""
    state = table(2, game=variant("open-matching"), hands={A: ["R5", "Y3", "G9"]}, row=["R5", "B8"],
                  rest=("hand", B))
    draw(state)
    assert offered(state) == {"place"}


# ------------------------------------------------------------------ DOS-H5 draw until you can match

def test_dos_h5_the_player_draws_until_the_card_drawn_can_be_used_in_a_match():
    state = start(variant("draw-until-match"), STUCK, draw_pile=("R10", "G9", "B6", "Y4", "G3"))
    draw(state)
    assert hand(state, A) == sorted(STUCK + ["R10", "G9", "B6", "Y4"]) and truth(state).phase == "after_draw"
    match(state, "R5", "Y4", "G1")  # the one match after a draw ends the turn (DOS-8.2)
    assert state.current_player() == B and row(state) == ["B8", "G3"]


def test_dos_h5_in_base_dos_a_single_card_is_drawn():
    state = start(dos(), STUCK, draw_pile=("R10", "G9", "B6", "Y4"))
    draw(state)
    assert hand(state, A) == sorted(STUCK + ["R10"])


def test_dos_h5_the_player_may_still_decline_and_place():
    state = start(variant("draw-until-match"), STUCK, draw_pile=("R10", "G5", "B6"))
    draw(state)
    assert offered(state) == {"match", "place"}
    place(state, "G5")
    assert row(state) == ["R5", "B8", "G5"] and state.current_player() == B


def test_dos_h5_drawing_stops_when_no_card_can_be_taken():
    state = table(2, game=variant("draw-until-match"), hands={A: STUCK}, row=["R5", "B8"], draw=["R10", "G9"],
                  rest=("hand", B))
    draw(state)
    assert hand(state, A) == sorted(STUCK + ["R10", "G9"]) and offered(state) == {"place"}


# ------------------------------------------------------------------ HR-6 forced play

def test_hr_6_1_a_player_who_can_match_may_not_draw():
    state = start(variant("forced-play"), ["R5", *STUCK])
    assert offered(state) == {"match"}
    refused(state, Action("draw", A))
    assert {"match", "draw"} <= offered(start(dos(), ["R5", *STUCK]))


def test_hr_6_1_a_player_who_cannot_match_draws_as_usual():
    state = start(variant("forced-play"), STUCK)
    assert offered(state) == {"draw"}


def test_hr_6_1_further_matches_stay_optional():
    state = start(variant("forced-play"), ["R5", "B8", *STUCK])
    match(state, "R5", "R5")
    assert "end_turn" in offered(state)
    end_turn(state)


def test_hr_6_2_a_drawn_card_that_can_be_matched_must_be():
    state = start(variant("forced-play"), STUCK, draw_pile=("Y8",))
    draw(state)
    assert offered(state) == {"match"}
    refused(state, Action("place", A, (("card", truth(state).zones["hand"][A][0]),)))
    base = start(dos(), STUCK, draw_pile=("Y8",))
    draw(base)
    assert offered(base) == {"match", "place"}


def test_hr_6_2_a_drawn_card_that_cannot_be_matched_is_followed_by_a_placement():
    state = start(variant("forced-play"), STUCK, draw_pile=("G10",))
    draw(state)
    assert offered(state) == {"place"}


def test_hr_6_the_two_parts_are_parameters(tmp_path: Path):
    overlay = tmp_path / "drawn-only.yaml"
    overlay.write_text("extends: dos/forced-play\nparams:\n  force_from_hand: {value: false}\n", encoding="utf-8")
    state = start(load_game(str(overlay)), ["R5", *STUCK], draw_pile=("Y8",))
    draw(state)  # allowed again
    assert offered(state) == {"match"}  # the drawn yellow 8 fits the blue 8


# ------------------------------------------------------------------ HR-9.4 no finishing on a wild card

def test_hr_9_4_a_wild_card_may_not_be_the_last_to_leave_the_hand_by_a_match():
    for a_hand, target, cards in ((["W2"], "W2/red", ["W2/red"]), (["G#", "R3"], "B10", ["G#=7", "R3"])):
        center = [target.split("/")[0], "R5"]
        state = table(3, game=variant("no-wild-finish"), hands={A: a_hand, **OTHERS}, row=center)
        reason = refused(state, match_action(state, target, *cards))
        assert "rule for match" in reason
        base = table(3, hands={A: a_hand, **OTHERS}, row=center)
        base.apply(match_action(base, target, *cards))
        assert round_ended(base).winner == A


def test_hr_9_4_a_wild_card_may_leave_while_other_cards_remain():
    state = table(3, game=variant("no-wild-finish"), hands={A: ["W2", "R5"], **OTHERS}, row=["W2", "B8"])
    match(state, "W2/red", "W2/red")
    assert hand(state, A) == ["R5"]


def test_hr_9_4_a_number_card_may_finish():
    state = table(3, game=variant("no-wild-finish"), hands={A: ["R5", "G9"], **OTHERS}, row=["R5", "B8"],
                  draw=["Y3"])
    match(state, "R5", "R5")
    end_turn(state)
    place(state, "G9")
    assert round_ended(state).winner == A


def test_hr_9_4_a_last_wild_card_is_not_placed_as_a_bonus_and_the_placement_lapses():
    state = table(3, game=variant("no-wild-finish"), hands={A: ["R5", "G#"], **OTHERS}, row=["R5", "B8"],
                  draw=["Y3"])
    match(state, "R5", "R5")
    end_turn(state)
    assert offered(state) == {"keep_wild"}
    refused(state, Action("place", A, (("card", truth(state).zones["hand"][A][0]),)))
    state.apply(Action("keep_wild", A))
    assert hand(state, A) == ["G#"] and state.current_player() == B and round_ended(state) is None


def test_hr_9_4_bonus_placements_go_on_while_a_card_may_still_be_placed():
    state = table(3, game=variant("no-wild-finish"), hands={A: ["R5", "G#", "Y9"], **OTHERS}, row=["R5", "B8"],
                  draw=["Y3"])
    match(state, "R5", "R5")
    end_turn(state)
    assert offered(state, A) - {"call_dos"} == {"place"}
    place(state, "G#")  # not the last card
    assert hand(state, A) == ["Y9"] and state.current_player() == B


def test_hr_9_4_the_forced_placement_of_dos_11_6_is_always_allowed():
    """A holds only a Wild #, which may not finish by a match; nothing can be drawn; A places it and wins."""
    state = table(2, game=variant("no-wild-finish"), hands={A: ["G#"]}, row=["R5", "B8"], rest=("hand", B))
    assert offered(state) == {"draw"}
    draw(state)
    place(state, "G#")
    assert round_ended(state).winner == A
