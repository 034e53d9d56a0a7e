"""End of a round, scoring, the next round and the end of the game: DICE-12, DICE-13, DICE-14."""
from __future__ import annotations

from pathlib import Path

import pytest
from dice_lookup import LEFT, RIGHT, A, B, C, D, Luck, assert_conserved, center, play, position, sizes, table, variant
from helpers import events_of, truth
from rulesrun.interpreter import State
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine import position as engine_position

OTHERS = {B: ["N01=Y2", "C2=Y-Rev"], C: ["N19=G4", "N20=R6"]}   # 2 + 20 and 4 + 6: 32 points


def going_out(last: str, scores: list[int] | None = None, **before: object) -> State:
    """A holds only `last` on N12=R3; B and C hold OTHERS; the rest is in the bag."""
    state = table(center="N12=R3", hands={A: [last], **OTHERS}, **before)
    if scores is not None:
        engine_position.adjust(state, variables={"score": list(scores)})
    return state


def round_result(state: State) -> tuple[int | None, list[int]]:
    (ended,) = events_of(state, ev.RoundEnded)
    return ended.winner, list(ended.scores)


def test_dice_12_1_the_round_ends_when_a_play_empties_the_hand() -> None:
    """DICE-12.1: the player who plays the last die wins the round at once."""
    state = going_out("N13=R3")
    play(state, "N13")
    assert round_result(state) == (A, [32, 0, 0])


def test_dice_12_2_a_last_draw_two_is_drawn_before_scoring() -> None:
    """DICE-12.2: B draws two for a last Draw Two, and those dice count."""
    state = going_out("C1=R-D2", scores=[490, 0, 0])
    Luck(state, draws=["N02", "N03"], rolls={"N02": "f6", "N03": "f6"})
    play(state, "C1")
    assert sizes(state) == [0, 4, 2] and state.scores() == [490 + 32 + 6 + 6, 0, 0]


def test_dice_12_2_a_last_wild_draw_four_has_no_catch_window() -> None:
    """DICE-12.2, DICE-9.9: no window opens for a last Wild Draw Four; the round ends at once."""
    state = going_out("WD4")
    Luck(state, strict=False)
    play(state, "WD4")
    assert round_result(state)[0] == A
    assert not [e for e in events_of(state, ev.PhaseChanged) if e.phase == "wd4_window"]


@pytest.mark.parametrize(("last", "colour"), [("C2=R-Skip", None), ("C1=R-Rev", None), ("WILD", None)])
def test_dice_12_3_a_last_reverse_skip_or_wild_has_no_effect(last: str, colour: str | None) -> None:
    """DICE-12.3: the effect of a last Reverse, Skip or Wild is irrelevant; no colour is named."""
    others = {B: ["N01=Y2", "N02=R1"], C: ["N03=G3", "N19=G4"]}
    state = table(center="N12=R3", hands={A: [last], **others})
    play(state, last.split("=")[0], colour=colour)
    assert round_result(state) == (A, [2 + 1 + 3 + 4, 0, 0])
    assert state.current_player() == A and truth(state).direction == LEFT


@pytest.mark.parametrize("last", ["N13=R3", "C3=R-Skip", "WILD", "WD4"])
def test_dice_12_4_any_die_may_be_the_last(last: str) -> None:
    """DICE-12.4: a number, command or wild die may be the last die."""
    state = going_out(last)
    Luck(state, strict=False)
    play(state, last.split("=")[0])
    assert round_result(state)[0] == A


def test_dice_12_5_nobody_can_be_caught_after_the_round() -> None:
    """DICE-12.5: in the new round there is nothing to catch."""
    state = going_out("N13=R3")
    play(state, "N13")
    assert truth(state).round == 2
    assert not [a for a in state.legal_actions() if a.name.startswith("catch")]


def test_dice_12_5_nothing_is_possible_after_the_game() -> None:
    """DICE-12.5: once the game is over no action is possible, catches included."""
    state = going_out("N13=R3", scores=[480, 0, 0])
    play(state, "N13")
    assert state.is_over() and state.legal_actions() == []


def test_dice_13_1_the_winner_scores_every_other_hand() -> None:
    """DICE-13.1: numbers at the face showing, command dice 20, wild dice 50, in every other hand."""
    state = table(players=4, center="N12=R3",
                  hands={A: ["N13=R3"], B: ["N01=Y6", "N06=R4"], C: ["C3=B-D2", "WD4"], D: ["WILD", "N20=B5"]})
    play(state, "N13")
    assert round_result(state) == (A, [6 + 4 + 20 + 50 + 50 + 5, 0, 0, 0])


def test_dice_13_2_only_the_winner_scores_and_scores_accumulate() -> None:
    """DICE-13.2: the others' totals are unchanged; the winner's total grows."""
    state = going_out("N13=R3", scores=[100, 250, 7])
    play(state, "N13")
    assert state.scores() == [132, 250, 7]


def test_dice_14_1_exactly_the_target_ends_the_game() -> None:
    """DICE-14.1: a total of 500 or more ends the game; its owner wins."""
    state = going_out("N13=R3", scores=[468, 480, 0])
    play(state, "N13")
    assert state.scores() == [500, 480, 0] and state.is_over() and truth(state).winners == (A,)
    assert [e.winners for e in events_of(state, ev.GameEnded)] == [(A,)]


def test_dice_14_1_below_the_target_the_game_goes_on() -> None:
    """DICE-14.1: 499 does not end the game."""
    state = going_out("N13=R3", scores=[467, 0, 0])
    play(state, "N13")
    assert state.scores() == [499, 0, 0] and not state.is_over() and truth(state).round == 2


@pytest.mark.parametrize("winner", [B, C])
def test_dice_14_2_the_round_winner_starts_the_next_round(winner: int) -> None:
    """DICE-14.2: all dice go back into the bag and the winner starts: center die, first hand, first turn."""
    state = table(center="N12=R3", hands={winner: ["N13=R3"]}, current=winner)
    play(state, "N13")
    assert truth(state).dealer == winner and state.current_player() == winner
    start = max(i for i, e in enumerate(state.events) if isinstance(e, ev.RoundStarted))
    assert isinstance(state.events[start - 1], ev.Gathered)
    owners = [e.to_owner for e in state.events[start:] if isinstance(e, ev.Moved) and e.to_zone == "hand"]
    assert owners[0] == winner and sizes(state) == [5, 5, 5]
    assert len(truth(state).zones["center"]) == 1
    assert_conserved(state)


def test_dice_14_3_the_direction_is_reset_to_left() -> None:
    """DICE-14.3: a round that ended going right is followed by one going left."""
    state = going_out("N13=R3", direction=RIGHT)
    play(state, "N13")
    assert truth(state).round == 2 and truth(state).direction == LEFT


def test_dice_14_4_the_target_is_a_parameter(tmp_path: Path) -> None:
    """DICE-14.4: with target_score 200 a total of 200 ends the game."""
    game = variant(tmp_path, params={"target_score": 200})
    assert game.params["target_score"] == 200
    state = position(game.new_state(3, 0), center="N12=R3", hands={A: ["N13=R3"], **OTHERS})
    engine_position.adjust(state, variables={"score": [168, 0, 0]})
    play(state, "N13")
    assert state.scores() == [200, 0, 0] and state.is_over() and center(state) == "N13=R3"
