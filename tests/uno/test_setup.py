"""UNO-1 overview, UNO-2 components and UNO-3 setup."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import StackedRandom, check_places, events_of, truth, with_params
from rulesrun.interpreter import Action, IllegalAction
from rulesrun.interpreter.backend.closures import Env
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine import position
from rulesrun.interpreter.engine.state import inspect
from uno_helpers import A, B, C, attributes, card, deal_round, hand, ids, name_of, pile, play, setup, sizes, table

SEATS = (2, 4, 10)


def deal_events(state):
    """The events of the latest round from its shuffle on: (deck order top first, moves)."""
    start = max(i for i, e in enumerate(state.events) if isinstance(e, ev.RoundStarted))
    later = state.events[start:]
    shuffle = next(e for e in later if isinstance(e, ev.Shuffled))
    return list(reversed(shuffle.order)), [e for e in later if isinstance(e, ev.Moved)]


def draw_for_dealer(state, *cards):
    """Run the game's first-dealer setup on a deck whose top cards are `cards`, in that order."""
    setup(state)
    used = []
    for name in cards:
        used.append(card(state.game, name, used))
    position.adjust(state, generator=StackedRandom(used))
    state.game.setup(Env(inspect(state), None))
    return truth(state).dealer


# ------------------------------------------------------------------ UNO-1 overview

def test_uno_1_1_one_deck_of_108_cards_for_2_to_10_players(uno):
    assert len(uno.components) == 108
    assert (uno.min_players, uno.max_players) == (2, 10)


def test_uno_1_2_turns_put_one_card_at_a_time_on_a_single_discard_pile(uno):
    state = table(uno, hands={A: ["R3", "G4", "Y5"], B: ["B1", "B2"]}, discard=["R7"])
    assert not uno.zones["discard"].per_player
    play(state, "R3")
    assert pile(state, "discard") == ["R3", "R7"]
    assert hand(state, A) == ["G4", "Y5"]
    assert state.current_player() == B


def test_uno_1_3_emptying_the_hand_wins_the_round_and_scores_the_others_cards(uno):
    state = table(uno, 3, hands={A: ["R3"], B: ["G4", "Y5"], C: ["W"]}, discard=["R7"])
    play(state, "R3")
    (ended,) = events_of(state, ev.RoundEnded)
    assert ended.winner == A
    assert state.scores() == [4 + 5 + 50, 0, 0]


def test_uno_1_4_first_to_500_wins_the_game(uno):
    state = table(uno, 3, hands={A: ["R3"], B: ["W", "WD4"]}, discard=["R7"], variables={"score": [400, 490, 0]})
    play(state, "R3")
    assert state.is_over()
    assert truth(state).winners == (A,)
    assert state.scores() == [500, 490, 0]


@pytest.mark.parametrize("players", [0, 1, 11, 12])
def test_uno_1_5_refuses_fewer_than_2_or_more_than_10_players(uno, players):
    with pytest.raises(IllegalAction):
        uno.new_state(players, 1)


@pytest.mark.parametrize("players", range(2, 11))
def test_uno_1_5_starts_with_2_to_10_players(uno, players):
    state = uno.new_state(players, 1)
    assert truth(state).players == players and not state.is_over()


# ------------------------------------------------------------------ UNO-2 components

def test_uno_2_1_deck_composition(uno):
    counts = Counter(name_of(uno, c.id) for c in uno.components)
    for letter in "RYGB":
        assert counts[f"{letter}0"] == 1
        for number in range(1, 10):
            assert counts[f"{letter}{number}"] == 2
        for symbol in ("Skip", "Rev", "D2"):
            assert counts[f"{letter}-{symbol}"] == 2
    assert counts["W"] == 4 and counts["WD4"] == 4
    assert sum(counts.values()) == 108


def test_uno_2_2_four_colours_of_25_cards_each(uno):
    coloured = [c.attrs for c in uno.components if c.attrs["colour"] is not None]
    assert {a["colour"] for a in coloured} == {"red", "yellow", "green", "blue"}
    for colour in ("red", "yellow", "green", "blue"):
        kinds = Counter(a["kind"] for a in coloured if a["colour"] == colour)
        assert kinds == {"number": 19, "skip": 2, "reverse": 2, "draw_two": 2}


def test_uno_2_3_attributes_of_number_action_and_wild_cards(uno):
    for comp in uno.components:
        a = comp.attrs
        if a["kind"] == "number":
            assert a["colour"] is not None and a["number"] in range(10)
        elif a["kind"] in ("skip", "reverse", "draw_two"):
            assert a["colour"] is not None and a["number"] is None
        else:
            assert a["kind"] in ("wild", "wild_draw_four")
            assert a["colour"] is None and a["number"] is None


def test_uno_2_4_identical_cards_are_offered_once_and_either_may_be_played(uno):
    state = table(uno, hands={A: ["R7", "R7", "G2"]}, discard=["R1"])
    twins = set(ids(uno, "R7"))
    offered = {a.get("card") for a in state.legal_actions() if a.name == "play"}
    assert len(twins & offered) == 1
    (other,) = twins - offered
    state.apply(Action("play", A, (("card", other),)))
    assert truth(state).zones["discard"][-1] == other
    assert hand(state, A) == ["G2", "R7"]


def test_uno_2_5_every_card_carries_its_point_value(uno):
    for comp in uno.components:
        a = comp.attrs
        expected = a["number"] if a["kind"] == "number" else 50 if a["colour"] is None else 20
        assert a["points"] == expected


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_uno_2_6_every_card_stays_in_exactly_one_place(uno, seed):
    state = uno.new_state(4, seed)
    chooser = random.Random(seed)
    check_places(state)
    for _ in range(200):
        actions = state.legal_actions()
        if not actions:
            break
        state.apply(chooser.choice(actions))
        check_places(state)
        total = len(truth(state).zones["draw"]) + len(truth(state).zones["discard"]) + sum(sizes(state))
        assert total == 108


# ------------------------------------------------------------------ UNO-3 setup

def test_uno_3_1_highest_number_deals(uno):
    state = uno.new_state(4, 0)
    assert draw_for_dealer(state, "R3", "G8", "Y9", "B2") == C


def test_uno_3_1_action_and_wild_cards_count_as_zero_for_the_dealer_draw(uno):
    state = uno.new_state(4, 0)
    assert draw_for_dealer(state, "G-Skip", "R1", "WD4", "W") == B


def test_uno_3_1_tied_players_draw_again_in_seat_order(uno):
    state = uno.new_state(4, 0)
    # A and C tie on 9; they draw again, A first, from the rest of the deck: A 4, C 8.
    assert draw_for_dealer(state, "R9", "Y2", "G9", "B0", "R4", "Y8") == C


def test_uno_3_1_tied_players_keep_drawing_until_one_is_highest(uno):
    state = uno.new_state(3, 0)
    # All tie on 0 (an action card counts 0); then B and C tie on 6; then B draws 7, C 3.
    assert draw_for_dealer(state, "R0", "G-Rev", "W", "Y5", "B6", "G6", "R7", "Y3") == B


def test_uno_3_1_when_ties_run_through_the_whole_deck_the_cards_are_shuffled_back_in(uno):
    """UNO-3.1: two players tie on every card of the deck; all drawn cards are shuffled back in and
    the tied players draw again (here B draws the higher card after the reshuffle)."""
    state = uno.new_state(2, 0)
    setup(state)
    value = {c.id: c.attrs["number"] if c.attrs["kind"] == "number" else 0 for c in uno.components}
    tying = sorted(value, key=lambda cid: (value[cid], cid))  # equal values two by two, top first
    assert all(value[a] == value[b] for a, b in zip(tying[::2], tying[1::2]))
    position.adjust(state, generator=StackedRandom(tying, [card(uno, "R1"), card(uno, "G9")]))
    inspect(state).events.clear()
    state.game.setup(Env(inspect(state), None))
    shuffles = [i for i, e in enumerate(state.events) if isinstance(e, ev.Shuffled)]
    assert len(shuffles) == 2  # the first shuffle, and the one after all 108 cards were drawn
    assert truth(state).dealer == B


def reference_dealer(order, players):
    """UNO-3.1 done by hand on a deck, top first."""
    cards = iter(order)
    contenders = list(range(players))
    while True:
        drawn = {p: next(cards) for p in contenders}
        value = {p: c.attrs["number"] if c.attrs["kind"] == "number" else 0 for p, c in drawn.items()}
        best = max(value.values())
        contenders = [p for p in contenders if value[p] == best]
        if len(contenders) == 1:
            return contenders[0]


@pytest.mark.parametrize("players", SEATS)
def test_uno_3_1_without_first_dealer_the_dealer_is_drawn_for(uno, players):
    assert uno.params["first_dealer"] is None
    dealers = set()
    for seed in range(12):
        state = uno.new_state(players, seed)
        shuffle = state.events[0]  # the first thing a game does is shuffle for the dealer draw
        assert isinstance(shuffle, ev.Shuffled)
        order = [uno.components[cid] for cid in reversed(shuffle.order)]
        assert truth(state).dealer == reference_dealer(order, players)
        dealers.add(truth(state).dealer)
    assert len(dealers) > 1


def test_uno_3_1_first_dealer_parameter_names_the_dealer(uno, tmp_path):
    game = with_params("uno", tmp_path, first_dealer=2)
    assert game.params["first_dealer"] == 2
    for seed in range(5):
        state = game.new_state(4, seed)
        assert truth(state).dealer == C
        start = next(i for i, e in enumerate(state.events) if isinstance(e, ev.RoundStarted))
        assert not any(isinstance(e, ev.Shuffled) for e in state.events[:start])  # no draw for the deal


@pytest.mark.parametrize("players", SEATS)
def test_uno_3_2_seven_cards_dealt_one_at_a_time_from_the_dealers_left(uno, players):
    for seed in range(3):
        state = uno.new_state(players, seed)
        order, moves = deal_events(state)
        dealt = [m for m in moves if m.to_zone == "hand"][:7 * players]
        seats = [(truth(state).dealer + 1 + i) % players for i in range(players)] * 7
        assert [m.to_owner for m in dealt] == seats
        assert [m.component for m in dealt] == order[:7 * players]


@pytest.mark.parametrize("players", SEATS)
def test_uno_3_3_the_rest_is_the_face_down_draw_pile(uno, players):
    state = uno.new_state(players, 5)
    order, _ = deal_events(state)
    dealt = set(order[:7 * players])
    assert set(truth(state).zones["draw"]) | set(truth(state).zones["discard"]) | set(
        sum(truth(state).zones["hand"], [])) == set(range(108))
    assert not dealt & set(truth(state).zones["draw"])
    assert uno.zones["draw"].visibility == "hidden"
    for viewer in (None, *range(players)):
        assert set(state.view(viewer).zones["draw"]) == {None}


@pytest.mark.parametrize("players", SEATS)
def test_uno_3_4_the_next_card_is_turned_up_to_start_the_discard_pile(uno, players):
    for seed in range(6):
        state = uno.new_state(players, seed)
        order, moves = deal_events(state)
        turned = next(m for m in moves if m.to_zone == "discard")
        assert turned.from_zone == "draw"
        assert turned.component == order[7 * players]
        assert state.view(None).zones["discard"] == truth(state).zones["discard"]  # face up


def test_uno_3_5_clockwise_and_the_dealers_left_starts(uno):
    state = uno.new_state(4, 0)
    deal_round(state, B, ["Y5"], direction=-1)  # the round before ran counterclockwise
    assert truth(state).direction == 1
    assert state.current_player() == C
    assert truth(state).variables["active_colour"] == "yellow"


def test_uno_3_5_first_turn_after_the_dealer(uno):
    for dealer in range(4):
        state = uno.new_state(4, 0)
        deal_round(state, dealer, ["G2"])
        assert truth(state).dealer == dealer
        assert state.current_player() == (dealer + 1) % 4


def test_uno_3_6_later_rounds_regather_reshuffle_and_pass_the_deal_left(uno):
    state = table(uno, hands={A: ["R3"], B: ["G4"]}, discard=["R7"], dealer=B)
    play(state, "R3")
    assert truth(state).round == 2
    assert truth(state).dealer == C
    kinds = [type(e) for e in state.events]
    ended = kinds.index(ev.RoundEnded)
    assert ev.Gathered in kinds[ended:] and ev.Shuffled in kinds[ended:]
    check_places(state)
    assert len(truth(state).zones["discard"]) == 1
    assert sum(sizes(state)) + len(truth(state).zones["draw"]) == 107


@pytest.mark.parametrize("players,left", [(2, 93), (4, 79), (10, 37)])
def test_uno_3_7_setup_never_runs_out_of_cards(uno, players, left):
    for seed in range(8):
        state = uno.new_state(players, seed)
        penalty = sum(sizes(state)) - 7 * players  # a Draw Two turned up makes the first player draw
        assert penalty in (0, 2)
        assert len(truth(state).zones["discard"]) == 1
        assert len(truth(state).zones["draw"]) + penalty == left


def test_notation_helpers_agree_with_the_deck(uno):
    """The test vocabulary itself: every card name maps to the right ids and back."""
    for comp in uno.components:
        name = name_of(uno, comp.id)
        assert comp.id in ids(uno, name)
        assert all(comp.attrs.get(k) == v for k, v in attributes(name).items())
