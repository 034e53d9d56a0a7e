"""UNO-11 end of a round, UNO-12 scoring, UNO-13 end of the game."""
from __future__ import annotations

import pytest
from helpers import action_names, events_of, no_effect, truth, with_params
from rulesrun.interpreter.engine import events as ev
from uno_helpers import A, B, C, D, catch, challenge, name_of, play, sizes, table

LOSERS = {B: ["R5", "G-Skip"], C: ["Y9", "WD4", "Y0"]}  # 25 and 59 points


def going_out(uno, last, players=3, **position):
    """A holds only `last` and may play it onto a red 9."""
    hands = {A: [last], **{s: h for s, h in LOSERS.items() if s < players}}
    return table(uno, players, hands=hands, discard=["R9"], **position)


def round_end(state):
    (ended,) = events_of(state, ev.RoundEnded)
    return ended


def test_uno_11_1_the_round_ends_when_a_play_empties_the_hand(uno):
    state = going_out(uno, "R5")
    play(state, "R5")
    assert round_end(state).winner == A
    assert truth(state).round == 2


def test_uno_11_1_one_card_left_does_not_end_the_round(uno):
    state = table(uno, 3, hands={A: ["R5", "G1"], **LOSERS}, discard=["R9"])
    play(state, "R5", call=True)
    assert not events_of(state, ev.RoundEnded) and truth(state).round == 1


@pytest.mark.parametrize("last,drawn,points", [("R-D2", ["R8", "W"], 58), ("WD4", ["R8", "W", "G1", "G2"], 61)])
def test_uno_11_2_a_last_draw_card_still_makes_the_next_player_draw(uno, last, drawn, points):
    state = table(uno, 3, hands={A: [last], **LOSERS}, discard=["R9"], draw=drawn)
    play(state, last)
    ended = next(i for i, e in enumerate(state.events) if isinstance(e, ev.RoundEnded))
    dealt = [(name_of(uno, e.component), e.to_owner) for e in state.events[:ended]
             if isinstance(e, ev.Moved) and e.to_zone == "hand"]
    assert dealt == [(name, B) for name in drawn]  # drawn before the scoring
    assert round_end(state).scores[A] == 25 + points + 59


@pytest.mark.parametrize("last", ["W", "WD4"])
def test_uno_11_3_a_last_wild_needs_no_colour(uno, last):
    state = going_out(uno, last)
    play(state, last)
    assert round_end(state).winner == A


@pytest.mark.parametrize("last", ["R-Skip", "R-Rev"])
def test_uno_11_3_a_last_skip_or_reverse_just_ends_the_round(uno, last):
    state = going_out(uno, last)
    play(state, last)
    assert round_end(state).winner == A
    assert round_end(state).scores == (25 + 59, 0, 0)
    assert truth(state).direction == 1 and truth(state).round == 2


@pytest.mark.parametrize("last", ["R5", "B9", "R-Skip", "R-Rev", "R-D2", "W", "WD4"])
def test_uno_11_4_any_card_may_be_the_last(uno, last):
    state = going_out(uno, last)
    play(state, last)
    assert round_end(state).winner == A


def test_uno_11_5_after_the_round_nobody_can_be_caught(uno):
    state = going_out(uno, "R5", variables={"exposed": {A: True}})
    play(state, "R5")
    for seat in (B, C):
        no_effect(state, lambda: catch(state, seat, A))


def test_uno_11_5_after_the_round_nobody_can_challenge(uno):
    state = going_out(uno, "WD4")
    play(state, "WD4")
    for seat in range(3):
        assert "challenge" not in action_names(state, seat)
    no_effect(state, lambda: challenge(state, by=B))


def test_uno_12_1_the_winner_scores_every_card_left_in_the_other_hands(uno):
    state = table(uno, 4, hands={A: ["R5"], B: ["R1", "G-Rev"], C: ["B-D2", "W"], D: ["WD4", "Y0", "Y9"]},
                  discard=["R9"])
    play(state, "R5")
    assert state.scores() == [1 + 20 + 20 + 50 + 50 + 0 + 9, 0, 0, 0]


def test_uno_12_2_only_the_winner_scores_and_scores_accumulate(uno):
    state = going_out(uno, "R5", variables={"score": [100, 200, 300]})
    play(state, "R5")
    assert state.scores() == [100 + 25 + 59, 200, 300]


def test_uno_12_3_the_whole_deck_is_worth_1240_points(uno):
    assert sum(c.attrs["points"] for c in uno.components) == 1240
    state = table(uno, 2, hands={A: ["R5"]}, discard=["R9"], rest=("hand", B))
    play(state, "R5")
    assert state.scores()[A] == 1240 - 5 - 9


def test_uno_13_1_reaching_500_ends_the_game_and_that_player_wins(uno):
    state = going_out(uno, "R5", variables={"score": [416, 499, 300]})
    play(state, "R5")
    assert state.is_over()
    assert truth(state).winners == (A,)
    assert state.scores() == [500, 499, 300]
    assert events_of(state, ev.GameEnded)[0].winners == (A,)
    assert state.legal_actions() == []


def test_uno_13_2_below_the_target_a_new_round_is_set_up(uno):
    state = going_out(uno, "R5", variables={"score": [415, 499, 300]})
    play(state, "R5")
    assert not state.is_over()
    assert state.scores() == [499, 499, 300]
    assert truth(state).round == 2 and min(sizes(state)) == 7


def test_uno_13_3_the_target_is_a_parameter_of_500_by_default(uno, tmp_path):
    assert uno.params["target_score"] == 500
    game = with_params("uno", tmp_path, target_score=100)
    state = going_out(game, "R5", variables={"score": [16, 0, 0]})
    play(state, "R5")
    assert state.is_over() and truth(state).winners == (A,) and state.scores() == [100, 0, 0]
    state = going_out(game, "R5", variables={"score": [15, 0, 0]})
    play(state, "R5")
    assert not state.is_over()
