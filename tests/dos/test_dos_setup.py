"""DOS-1 overview, DOS-2 components and DOS-3 setup."""
from __future__ import annotations

from collections import Counter

import pytest
from dos_cards import (A, B, C, D, attributes, dos, end_turn, hand, ids, match, name_of, place, round_ended, row, setup,
                       sizes, table, variant)
from helpers import StackedRandom, check_places, truth
from rulesrun.interpreter import IllegalAction
from rulesrun.interpreter.backend.closures import Env
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine import position
from rulesrun.interpreter.engine.state import inspect
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import step

SEATS = (2, 3, 4)


def dealer_drawn(players, *cards):
    """Run the game's first-dealer setup on a deck whose top cards are `cards`, in that order."""
    state = table(players)
    used = []
    for name in cards:
        used.append(next(cid for cid in ids(name) if cid not in used))
    position.adjust(state, generator=StackedRandom(used))
    state.game.setup(Env(inspect(state), None))
    return truth(state).dealer


def round_events(state):
    """The latest round's events from its shuffle on: (deck order top first, card movements)."""
    start = max(i for i, e in enumerate(state.events) if isinstance(e, ev.RoundStarted))
    later = state.events[start:]
    shuffle = next(e for e in later if isinstance(e, ev.Shuffled))
    return list(reversed(shuffle.order)), [e for e in later if isinstance(e, ev.Moved)]


def go_out_now(state):
    """End the round at once: the player to act holds one red 5 and matches it; nobody scores."""
    setup(state, hands={state.current_player(): ["R5"]}, row=["R5", "B8"], current=state.current_player(), dealer=truth(state).dealer)
    match(state, "R5", "R5")


# ------------------------------------------------------------------ DOS-1 overview

@pytest.mark.parametrize("players", [0, 1, 5, 6])
def test_dos_1_1_refuses_fewer_than_2_or_more_than_4_players(players):
    with pytest.raises(IllegalAction):
        dos().new_state(players, 1)


@pytest.mark.parametrize("players", SEATS)
def test_dos_1_1_two_to_four_players_share_one_108_card_deck(players):
    state = dos().new_state(players, 1)
    assert len(dos().components) == 108
    assert sum(len(z) for name, z in truth(state).zones.items() if name != "hand") + sum(sizes(state)) == 108


def test_dos_1_2_a_center_row_of_face_up_cards_instead_of_a_discard_pile():
    state = dos().new_state(3, 4)
    assert len(truth(state).zones["row"]) == 2 and truth(state).zones["discard"] == []
    assert state.view(B).zones["row"] == truth(state).zones["row"]  # face up for everyone


@pytest.mark.parametrize("seed", [1, 2])
def test_dos_1_2_every_turn_starts_with_at_least_two_center_row_cards_while_cards_remain(seed):
    state = dos().new_state(3, seed)
    seats = [RandomBot(seed * 10 + p) for p in range(3)]
    starts = 0
    for _ in range(150):
        if state.is_over():
            break
        step(state, seats)
        check_places(state)
        if not inspect(state).turn_begun:  # a new turn that nobody has acted in yet
            starts += 1
            assert len(truth(state).zones["row"]) >= 2 or not truth(state).zones["draw"] + truth(state).zones["discard"]
    assert starts > 10


def test_dos_1_3_emptying_the_hand_wins_the_round_and_scores_the_others_cards():
    state = table(3, hands={A: ["R5"], B: ["G4", "Y5"], C: ["W2"]}, row=["R5", "B8"])
    match(state, "R5", "R5")
    assert round_ended(state).winner == A
    assert state.scores() == [4 + 5 + 20, 0, 0]


def test_dos_1_4_first_to_200_wins_the_game():
    state = table(3, hands={A: ["R5"], B: ["G#"]}, row=["R5", "B8"], variables={"score": [160, 199, 0]})
    match(state, "R5", "R5")
    assert state.is_over() and truth(state).winners == (A,)
    assert state.scores() == [200, 199, 0]


# ------------------------------------------------------------------ DOS-2 components

def test_dos_2_1_deck_composition():
    counts = Counter(name_of(c.id) for c in dos().components)
    for letter in "RYGB":
        for number in (1, 3, 4, 5):
            assert counts[f"{letter}{number}"] == 3
        for number in range(6, 11):
            assert counts[f"{letter}{number}"] == 2
        assert counts[f"{letter}#"] == 2
        assert sum(n for name, n in counts.items() if name[0] == letter) == 24
    assert counts["W2"] == 12
    assert sum(counts.values()) == 108


def test_dos_2_2_no_number_card_shows_2_or_0():
    numbers = {c.attrs["number"] for c in dos().components if c.attrs["kind"] == "number"}
    assert numbers == {1, 3, 4, 5, 6, 7, 8, 9, 10}
    assert all(c.attrs["colour"] is None for c in dos().components if c.attrs["kind"] == "wild_dos")


def test_dos_2_3_every_card_carries_its_point_value_from_dos_13():
    expected = {"number": None, "wild_number": 40, "wild_dos": 20}
    for comp in dos().components:
        attrs = comp.attrs
        assert attrs["points"] == (expected[attrs["kind"]] or attrs["number"])


def test_dos_notation_helpers_agree_with_the_deck():
    """The test vocabulary itself: every card name maps to the right ids and back."""
    for comp in dos().components:
        name = name_of(comp.id)
        assert comp.id in ids(name)
        assert all(comp.attrs.get(k) == v for k, v in attributes(name).items())


# ------------------------------------------------------------------ DOS-3 setup

def test_dos_3_1_highest_number_deals():
    assert dealer_drawn(4, "R3", "G8", "Y9", "B10") == D


def test_dos_3_1_wild_cards_count_as_zero_for_the_dealer_draw():
    assert dealer_drawn(3, "W2", "B1", "G#") == B


def test_dos_3_1_tied_players_draw_again_among_themselves():
    # A and C tie on 9; they draw again, A first: A 4, C 8.
    assert dealer_drawn(3, "R9", "Y1", "G9", "B4", "R8") == C


def test_dos_3_1_drawn_cards_go_back_and_the_whole_deck_is_shuffled_for_the_deal():
    state = dos().new_state(3, 8)
    order, _ = round_events(state)
    assert sorted(order) == list(range(108))


def test_dos_3_1_the_first_dealer_parameter_names_the_dealer(tmp_path):
    game = variant(tmp_path, first_dealer=2)
    state = game.new_state(3, 5)
    assert truth(state).dealer == C and state.current_player() == A


@pytest.mark.parametrize("players", SEATS)
def test_dos_3_2_seven_cards_dealt_one_at_a_time_from_the_dealers_left(players):
    state = dos().new_state(players, 3)
    order, moved = round_events(state)
    dealt = [m for m in moved if m.to_zone == "hand"]
    assert [m.to_owner for m in dealt] == [(truth(state).dealer + 1 + i) % players for i in range(players)] * 7
    assert [m.component for m in dealt] == order[:7 * players]
    assert sizes(state) == [7] * players


@pytest.mark.parametrize("players", SEATS)
def test_dos_3_3_the_rest_is_the_face_down_draw_pile(players):
    state = dos().new_state(players, 6)
    assert len(truth(state).zones["draw"]) == 108 - 7 * players - 2
    for viewer in (None, *range(players)):
        assert set(state.view(viewer).zones["draw"]) == {None}


@pytest.mark.parametrize("players", SEATS)
def test_dos_3_4_the_next_two_cards_are_turned_up_left_to_right(players):
    state = dos().new_state(players, 7)
    order, moved = round_events(state)
    turned = [m for m in moved if m.to_zone == "row"]
    assert [m.from_zone for m in turned] == ["draw", "draw"]
    assert truth(state).zones["row"] == order[7 * players:7 * players + 2]


def test_dos_3_5_the_discard_pile_starts_empty():
    for seed in range(3):
        assert truth(dos().new_state(3, seed)).zone("discard") == []


@pytest.mark.parametrize("players", SEATS)
def test_dos_3_6_the_player_on_the_dealers_left_starts(players):
    for seed in range(4):
        state = dos().new_state(players, seed)
        assert state.current_player() == (truth(state).dealer + 1) % players
        assert truth(state).phase == "match"


def test_dos_3_7_later_rounds_regather_reshuffle_and_pass_the_deal_left():
    state = table(3, hands={A: ["R5"], B: ["G4"]}, row=["R5", "B8"], dealer=C)
    match(state, "R5", "R5")
    assert truth(state).round == 2
    assert truth(state).dealer == A and state.current_player() == B
    kinds = [type(e) for e in state.events]
    after = kinds[kinds.index(ev.RoundEnded):]
    assert ev.Gathered in after and ev.Shuffled in after
    order, _ = round_events(state)
    assert sorted(order) == list(range(108))
    check_places(state)
    assert sizes(state) == [7, 7, 7] and len(truth(state).zones["row"]) == 2


def test_dos_3_8_added_cards_go_to_the_right_end_and_cleared_ones_leave_the_rest_in_order():
    state = table(3, hands={A: ["B8", "R9", "Y10", "G6"]}, row=["R5", "B8", "G3"], draw=["Y1"])
    match(state, "B8", "B8")
    end_turn(state)
    assert row(state) == ["R5", "G3"]  # no refill needed: two cards remain
    place(state, "R9")
    assert row(state) == ["R5", "G3", "R9"]
    assert hand(state, A) == ["G6", "Y10"]


def test_dos_s25_first_dealer_and_passing_the_deal(monkeypatch):
    """DOS-S25 (DOS-3.1, DOS-3.6, DOS-3.7): R7 beats G# and W2, which count 0."""
    from rulesrun.interpreter.engine import table as table_module

    stacked = StackedRandom([ids("R7")[0], ids("G#")[0], ids("W2")[0]], seed=1)

    class Seeded:
        @staticmethod
        def Random(seed=None):  # noqa: N802 - stands in for random.Random
            return stacked

    monkeypatch.setattr(table_module, "random", Seeded)
    state = dos().new_state(3, 1)
    monkeypatch.undo()
    assert (truth(state).dealer, state.current_player()) == (A, B)
    go_out_now(state)
    assert (truth(state).round, truth(state).dealer, state.current_player()) == (2, B, C)
    go_out_now(state)
    assert (truth(state).round, truth(state).dealer, state.current_player()) == (3, C, A)
