"""Properties of UNO Dice that hold in every game: conservation, fair dice, fair draws, an end.

Games are played by the shipped bots through the runner; every property is checked after
every single action. Seeds are fixed or drawn by hypothesis, so nothing here can flake.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, NamedTuple

from dice_lookup import (TOTAL_DICE, A, B, assert_conserved, catch_wild_four, center, dice_game, name, offered, play,
                         table)
from helpers import truth
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from rulesrun.interpreter import State
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine.state import inspect
from rulesrun.interpreter.play.bots import make_bot
from rulesrun.interpreter.play.runner import step

CLAIMS = {"catch", "catch_wild_four", "call_uno"}
CHI2_5_DOF_0_001 = 20.52    # the 0.001 critical value of chi-square with 5 degrees of freedom
CHI2_24_DOF_0_001 = 51.18   # ... with 24 degrees of freedom

class Before(NamedTuple):
    """What the checks compare against: the faces and scores before an action."""

    faces: dict[int, int]
    scores: list[int]


Check = Callable[[State, Before | None, list[ev.Event]], None]

games = st.tuples(st.integers(2, 4), st.integers(0, 10_000), st.sampled_from(["greedy", "random"]))
ROUND_LIMIT = 5_000
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)  # a seed does not get simpler by shrinking
few = settings(max_examples=12, deadline=None, phases=NO_SHRINK)


def walk(players: int, seed: int, bots: str, check: Check, whole_game: bool = False) -> State:
    """Play one round (or the whole game), calling `check(state, before, new events)` after each action.

    A round still running after ROUND_LIMIT actions fails the test (bot rounds end within a few
    hundred), so a ruleset whose rounds never end is reported rather than left running.
    """
    state = dice_game().new_state(players, seed)
    seats = [make_bot(bots, seed + seat) for seat in range(players)]
    check(state, None, list(state.events))
    start = truth(state).round
    while not state.is_over() and (whole_game or truth(state).round == start):
        this_round = truth(state).round
        for _ in range(ROUND_LIMIT):
            before = Before(dict(truth(state).faces), state.scores())
            seen = len(state.events)
            step(state, seats)
            check(state, before, state.events[seen:])
            if state.is_over() or truth(state).round != this_round:
                break
        else:
            raise AssertionError(f"round {this_round} did not end within {ROUND_LIMIT} actions")
    return state


def conserved(state: State, before: Before | None, new: list[ev.Event]) -> None:
    assert_conserved(state)


@few
@given(games)
def test_dice_15_1_every_die_in_exactly_one_place_after_every_action(game: tuple[int, int, str]) -> None:
    """DICE-15.1: bag + center + hands = 25, one center die, after every action of a round."""
    walk(*game, conserved)


def rolled_faces(state: State, before: Before | None, new: list[ev.Event]) -> None:
    """Every roll shows one of the die's own faces; a face changes only by a roll (DICE-15.3)."""
    rolled = set()
    for event in new:
        if isinstance(event, ev.Rolled):
            assert 0 <= event.face < len(state.game.components[event.component].faces)
            rolled.add(event.component)
    assert all(0 <= face < 6 for face in truth(state).faces.values())
    if before is not None and not any(isinstance(e, ev.RoundStarted) for e in new):
        changed = {cid for cid in range(TOTAL_DICE) if truth(state).faces[cid] != before.faces[cid]}
        assert changed <= rolled


@few
@given(games)
def test_dice_15_3_a_rolled_die_shows_one_of_its_own_faces(game: tuple[int, int, str]) -> None:
    """DICE-15.3, DICE-10.1: faces come from rolls only, and a roll shows one of the die's faces."""
    walk(*game, rolled_faces)


def test_dice_15_4_rolls_are_fair() -> None:
    """DICE-15.4: 6000 rolls of one die with a fixed seed spread like a fair die's (chi-square, 5 dof)."""
    state = dice_game().new_state(3, seed=2024)
    cid = 11
    counts: Counter[int] = Counter()
    for _ in range(6000):
        inspect(state).roll(cid)
        counts[truth(state).faces[cid]] += 1
    statistic = sum((counts[face] - 1000) ** 2 / 1000 for face in range(6))
    assert sorted(counts) == [0, 1, 2, 3, 4, 5] and statistic < CHI2_5_DOF_0_001


def test_dice_10_1_draws_are_uniform() -> None:
    """DICE-10.1: with a fixed seed, 5000 draws from the full bag spread evenly (chi-square, 24 dof)."""
    state = dice_game().new_state(3, seed=7)
    bag = list(range(TOTAL_DICE))
    inspect(state).zones["bag"] = bag
    counts = Counter(inspect(state).take_top("bag", None) for _ in range(5000))
    statistic = sum((counts[cid] - 200) ** 2 / 200 for cid in bag)
    assert len(counts) == TOTAL_DICE and statistic < CHI2_24_DOF_0_001


@settings(max_examples=6, deadline=None, phases=NO_SHRINK)
@given(games)
def test_dice_15_6_games_always_end(game: tuple[int, int, str]) -> None:
    """DICE-15.6, DICE-1.4, DICE-14.1: whole games end, inside the safety caps, with one winner at 500+."""
    state = walk(*game, lambda *_: None, whole_game=True)
    assert state.is_over() and truth(state).round <= state.game.max_rounds
    (winner,) = truth(state).winners
    assert state.scores()[winner] >= 500 and sum(s >= 500 for s in state.scores()) == 1


def bag_traffic(state: State, before: Before | None, new: list[ev.Event]) -> None:
    """DICE-10.3: dice enter the bag only from the center and leave it only for a hand or the center."""
    for event in new:
        if isinstance(event, ev.Moved) and event.to_zone == "bag":
            assert event.from_zone == "center"
        if isinstance(event, ev.Moved) and event.from_zone == "bag":
            assert event.to_zone in ("hand", "center")


@few
@given(games)
def test_dice_10_3_what_goes_into_and_out_of_the_bag(game: tuple[int, int, str]) -> None:
    """DICE-10.3: the bag's only sources and sinks, checked over whole rounds."""
    walk(*game, bag_traffic)


def only_claims_out_of_turn(state: State, before: Before | None, new: list[ev.Event]) -> None:
    """DICE-6.7: whoever is not the current player may only catch or declare."""
    assert {a.name for a in state.legal_actions() if a.actor != state.current_player()} <= CLAIMS


@few
@given(games)
def test_dice_6_7_out_of_turn_only_claims(game: tuple[int, int, str]) -> None:
    """DICE-6.7: in every state of a round, out-of-turn actions are catches and calls only."""
    walk(*game, only_claims_out_of_turn)


def winner_only_scores(state: State, before: Before | None, new: list[ev.Event]) -> None:
    """DICE-13.2: at a round's end only the winner's total changes, and never downwards."""
    if before is None:
        return
    for event in new:
        if isinstance(event, ev.RoundEnded):
            old, now = before.scores, list(event.scores)
            assert all(now[p] == old[p] for p in range(truth(state).players) if p != event.winner)
            assert now[event.winner] >= old[event.winner]


@settings(max_examples=4, deadline=None, phases=NO_SHRINK)
@given(games)
def test_dice_13_2_only_the_winner_scores(game: tuple[int, int, str]) -> None:
    """DICE-13.2: over whole games, scores only grow, and only the round winner's."""
    walk(*game, winner_only_scores, whole_game=True)


# ------------------------------------------------------------ matching against the rule book

def spec_playable(centre: dict, named: str | None, face: dict, kind: str, centre_kind: str) -> bool:
    """DICE-5 written out independently of the ruleset."""
    if kind in ("wild", "wild_draw_four"):
        return True
    colour = named if centre_kind in ("wild", "wild_draw_four") else centre["colour"]
    if face["colour"] == colour:
        return True
    if kind == "number" and centre_kind == "number":
        return face["number"] == centre["number"]
    if kind == "command" and centre_kind == "command":
        return face["command"] == centre["command"]
    return False


positions = st.tuples(
    st.integers(0, TOTAL_DICE - 1), st.integers(0, 5), st.sampled_from(["red", "yellow", "green", "blue"]),
    st.lists(st.tuples(st.integers(0, TOTAL_DICE - 1), st.integers(0, 5)), min_size=2, max_size=6,
             unique_by=lambda pair: pair[0]))


def written(game_cid: int, face: int, colour: str | None = None) -> str:
    game = dice_game()
    kind = game.components[game_cid].attrs["kind"]
    if kind in ("wild", "wild_draw_four"):
        return f"{name(game, game_cid)}[{colour}]" if colour else name(game, game_cid)
    return f"{name(game, game_cid)}=f{face + 1}"


@settings(max_examples=60, deadline=None)
@given(positions)
def test_dice_5_offered_dice_are_exactly_the_playable_ones(position: tuple) -> None:
    """DICE-5.2, DICE-5.3, DICE-5.4, DICE-5.5, DICE-5.7, DICE-9.1: exactly the playable dice are offered."""
    middle, middle_face, colour, held = position
    held = [(cid, face) for cid, face in held if cid != middle]
    if not held:
        return
    game = dice_game()
    state = table(center=written(middle, middle_face, colour), hands={A: [written(c, f) for c, f in held]})
    kinds = {c.id: c.attrs["kind"] for c in game.components}
    centre = game.components[middle].faces[middle_face]
    expected = {name(game, cid) for cid, face in held
                if spec_playable(centre, colour, game.components[cid].faces[face], kinds[cid], kinds[middle])}
    assert offered(state) == expected


@settings(max_examples=40, deadline=None)
@given(positions)
def test_dice_9_4_a_catch_finds_exactly_the_illegal_plays(position: tuple) -> None:
    """DICE-9.4, DICE-9.6, DICE-9.7: a caught Wild Draw Four is undone exactly when another die matches."""
    middle, middle_face, colour, held = position
    game = dice_game()
    wd4 = next(c.id for c in game.components if c.attrs["kind"] == "wild_draw_four")
    held = [(cid, face) for cid, face in held if cid not in (middle, wd4)]
    if middle == wd4 or not held:
        return
    kinds = {c.id: c.attrs["kind"] for c in game.components}
    centre = game.components[middle].faces[middle_face]
    illegal = any(kinds[cid] not in ("wild", "wild_draw_four")
                  and spec_playable(centre, colour, game.components[cid].faces[face], kinds[cid], kinds[middle])
                  for cid, face in held)
    state = table(center=written(middle, middle_face, colour), hands={A: ["WD4"] + [written(c, f) for c, f in held]})
    before = center(state)
    play(state, "WD4", colour="green")
    catch_wild_four(state, by=B)
    assert (center(state) == before) == illegal
