"""DOS house rules that change scoring, the table or the deck: DOS-H1, DOS-H6, DOS-H7, DOS-H8.

Each test sets up a position with the variant and shows what it changes against base DOS.
"""
from __future__ import annotations

import functools
from collections import Counter

import pytest
from dos.dos_cards import A, B, C, D, dos, end_turn, match, place, round_ended, sizes, table
from helpers import truth
from rulesrun.interpreter import Game, IllegalAction, load_game


@functools.cache
def variant(name: str) -> Game:
    return load_game(f"dos/{name}")


# ------------------------------------------------------------------ DOS-H1 agreed target

@pytest.mark.parametrize("name, over", [("short-game", True), (None, False)])
def test_dos_h1_a_short_game_ends_at_100_points(name, over):
    game = variant(name) if name else dos()
    state = table(3, game=game, hands={A: ["R5"], B: ["B10", "G9"], C: ["Y8"]}, row=["R5", "B8"],
                  variables={"score": [75, 0, 0]})
    match(state, "R5", "R5")
    assert state.scores() == [75 + 27, 0, 0]
    assert state.is_over() is over
    assert truth(state).winners == ((A,) if over else ())


def test_dos_h1_the_target_is_the_target_score_parameter():
    assert variant("short-game").params["target_score"] == 100 and dos().params["target_score"] == 200


# ------------------------------------------------------------------ DOS-H6 low-score scoring

S23 = {"hands": {A: ["R5"], B: ["R3", "B10", "W2"], C: ["G#", "Y1"]}, "row": ["R5", "B8"]}


def test_dos_s23_base_rule_the_winner_scores_the_others_hands_and_wins_at_200():
    state = table(3, **S23, variables={"score": [130, 0, 0]})
    match(state, "R5", "R5")
    assert state.scores() == [204, 0, 0] and state.is_over() and truth(state).winners == (A,)


def test_dos_s23_dos_h6_everyone_but_the_winner_adds_their_own_hand():
    state = table(3, game=variant("low-score"), **S23, variables={"score": [130, 0, 0]})
    match(state, "R5", "R5")
    assert round_ended(state).scores == (130, 3 + 10 + 20, 40 + 1)
    assert not state.is_over() and truth(state).round == 2


def test_dos_h6_the_game_ends_when_any_total_reaches_the_target_and_the_lowest_wins():
    state = table(3, game=variant("low-score"), **S23, variables={"score": [130, 170, 20]})
    match(state, "R5", "R5")
    assert state.is_over()
    assert state.scores() == [130, 203, 61] and truth(state).winners == (C,)


def test_dos_h6_players_tied_for_the_lowest_total_are_joint_winners():
    state = table(3, game=variant("low-score"), **S23, variables={"score": [41, 170, 0]})
    match(state, "R5", "R5")
    assert state.scores() == [41, 203, 41] and truth(state).winners == (A, C)


# ------------------------------------------------------------------ DOS-H7 big table

def test_dos_h7_two_decks_double_every_count():
    def census(game: Game) -> Counter:
        return Counter(tuple(sorted((k, v) for k, v in c.attrs.items() if k != "label")) for c in game.components)
    big, base = variant("big-table"), dos()
    assert len(big.components) == 216 and len(base.components) == 108
    assert census(big) == Counter({card: 2 * n for card, n in census(base).items()})


def test_dos_h7_two_to_eight_players():
    big = variant("big-table")
    assert (big.min_players, big.max_players) == (2, 8)
    state = big.new_state(8, seed=1)
    assert sizes(state) == [7] * 8 and len(truth(state).zones["row"]) == 2
    with pytest.raises(IllegalAction):
        dos().new_state(8, seed=1)


# ------------------------------------------------------------------ DOS-H8 partnerships

def test_dos_h8_exactly_four_players():
    partners = variant("partners")
    assert (partners.min_players, partners.max_players) == (4, 4)
    with pytest.raises(IllegalAction):
        partners.new_state(3, seed=1)


DOUBLE = {"hands": {A: ["Y4", "Y5", "G1", "B6"], B: ["R3"], C: ["G3"], D: ["B3"]}, "row": ["Y9", "R4"],
          "draw": ["B6", "R1", "G8"]}


@pytest.mark.parametrize("name, drawers", [("partners", [B, D]), (None, [B, C, D])])
def test_dos_h8_a_double_colour_match_makes_only_the_opponents_draw(name, drawers):
    state = table(4, game=variant(name) if name else dos(), **DOUBLE)
    match(state, "Y9", "Y4", "Y5")
    end_turn(state)
    place(state, "G1")
    assert [seat for seat in (B, C, D) if sizes(state)[seat] == 2] == drawers


GOING_OUT = {"hands": {A: ["R5"], B: ["B10", "G9"], C: ["Y8"], D: ["W2"]}, "row": ["R5", "B8"]}


def test_dos_h8_the_team_scores_the_opponents_hands_only():
    state = table(4, game=variant("partners"), **GOING_OUT)
    match(state, "R5", "R5")
    team = (10 + 9) + 20  # B and D; partner C's yellow 8 is not scored
    assert round_ended(state).scores == (team, 0, team, 0)
    base = table(4, **GOING_OUT)
    match(base, "R5", "R5")
    assert round_ended(base).scores == (team + 8, 0, 0, 0)


def test_dos_h8_the_first_team_to_reach_the_target_wins_together():
    state = table(4, game=variant("partners"), **GOING_OUT, variables={"score": [170, 150, 170, 150]})
    match(state, "R5", "R5")
    assert state.is_over() and truth(state).winners == (A, C)
