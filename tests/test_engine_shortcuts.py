"""The shortcuts the engine takes for speed give exactly what the long way gives.

- the shuffle written in line gives the order of `random.Random.shuffle` (so seeds and logs stay);
- a copied table borrows its original's generator until it draws, each then draws what it would
  have drawn from a generator of its own, and the original keeps its generator, of whatever kind;
  a reseeded table seeds a generator only once it draws, and draws what that seed gives;
- a view's zone (worked out from how many components the viewer sees on top) shows each
  component exactly where the visibility rules say it is seen, and its sizes count each pile;
- the claims listed alone are the claims among all the legal actions, in the same order;
- a seat's moves, claims and turn's moves (`State.moves`) are the legal actions filtered so, and
  the seats with claims open (`State.open_claims`) are those of the claim order that have some;
- a game counts how often each zone changed, and notes who moved each component, only if a rule
  reads it, and then always; a world then shows who moved something into each place, not what;
- a table's copy holds every field of the table, its containers its own (fields are slots, copied by name);
- the seat orders of a table with every seat in play are worked out once for that many players, as
  the long way works them out, and a table with seats out works out its own;
- a world deals its unseen components as dealing them place by place, from the view, deals them;
- a world records only the game's course (not each move and variable set), and plays as a table
  recording every change plays; a game made not to record its changes is summarised alike;
- the triggers a generated game checks in one call fail as the engine's loop fails, naming the trigger.
"""
from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import truth
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulesrun.interpreter import EVERYONE, EvalError, load_game, shipped_rulesets
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine import visibility
from rulesrun.interpreter.engine.determinize import determinize
from rulesrun.interpreter.engine.state import State, inspect
from rulesrun.interpreter.engine.table import Table, shuffle
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.lookahead import WORLD_FAILURES
from rulesrun.interpreter.play.runner import step
from rulesrun.interpreter.play.simulate import play_game, summarise
from rulesrun.interpreter.tree import nodes as n
from test_bots import randomly_played

RULESETS = ["uno", "dos", "uno-dice", "uno/stacking", "uno/seven-o"]
READ_CHANGES_ELSEWHERE: set[str] = set()  # shipped rulesets outside DOS's family that read `changes(...)`
STATES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@given(size=st.integers(0, 300), seed=st.integers(0, 2**64))
def test_the_shuffle_in_line_gives_the_order_random_gives(size: int, seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, reference = list(range(size)), list(range(size))
    shuffle(ours, mine)
    theirs.shuffle(reference)
    assert mine == reference and ours.getstate() == theirs.getstate()


def test_a_copy_and_its_original_draw_as_if_each_had_its_own_generator() -> None:
    game = load_game("uno-dice")
    state = game.new_state(2, 4)
    table = inspect(state)
    alone = random.Random()
    alone.setstate(table.rng.getstate())
    copy = table.copy()
    original_draws = [table.rng.random() for _ in range(3)]  # the original draws first ...
    copy_draws = [copy.rng.random() for _ in range(3)]  # ... and the copy still draws from where they parted
    assert original_draws == copy_draws == [alone.random() for _ in range(3)]
    again = copy.copy()
    assert [again.rng.random() for _ in range(2)] == [copy.rng.random() for _ in range(2)]


@pytest.mark.parametrize("first", ["original", "copy"])
def test_a_reseeded_table_and_its_copies_draw_what_a_generator_seeded_then_draws(first: str) -> None:
    """A table seeds its generator only once it draws (a bot's world rarely does); the draws are those of the seed."""
    table = inspect(load_game("uno").new_state(2, 1))
    table.reseed(99)
    copy = table.copy()
    assert table._rng is None and copy._rng is None  # nothing seeded yet: what a world that never draws saves
    later = copy.copy()
    order = [table, copy, later] if first == "original" else [later, copy, table]
    reference = random.Random(99)
    for _ in range(2):  # the first draws, then each goes on from its own
        assert [t.rng.random() for t in order] == [reference.random()] * 3


def _seen(kind: str, owner: int | None, index: int, size: int, viewer: int | None) -> bool:
    """The visibility rules of docs/language.md, written out again: public, owner, top, hidden."""
    return {"public": True, "owner": viewer is not None and owner == viewer, "top": index == size - 1,
            "hidden": False}[kind]


class _Counting(random.Random):
    """A generator of another kind, as a test or a referee may put on a table to choose its shuffles."""

    shuffles = 0

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        _Counting.shuffles += 1
        super().shuffle(x)


def test_a_table_keeps_its_own_kind_of_generator_when_copied_and_shuffles_with_it() -> None:
    table = inspect(load_game("uno").new_state(2, 1))
    generator = table.rng = _Counting(3)
    copy = table.copy()
    before = _Counting.shuffles
    shuffle(table.rng, list(range(10)))
    assert table.rng is generator and _Counting.shuffles == before + 1  # its own shuffle, not the one in line
    assert copy.rng is not generator and type(copy.rng) is random.Random


def test_a_copy_of_a_table_with_a_generator_given_from_outside_copies_it_at_once() -> None:
    """That generator may be drawn from outside the table: a copy must start from where it was copied."""
    table = inspect(load_game("uno").new_state(2, 1))
    given_one = table.rng = random.Random(7)
    copy = table.copy()
    expected = random.Random(7).random()
    given_one.random()  # drawn from outside, not through the table
    assert copy.rng.random() == expected and table.rng is given_one


@STATES
@given(ruleset=st.sampled_from(RULESETS), seed=st.integers(0, 10_000), steps=st.integers(0, 60),
       viewer=st.sampled_from([None, 0, 1, 2]))
def test_a_view_shows_each_component_where_visibility_says_it_is_seen(ruleset: str, seed: int, steps: int,
                                                                       viewer: int | None) -> None:
    game = load_game(ruleset, "generated")
    state = randomly_played(game, 3, seed, steps)
    table = inspect(state)
    known = table.revealed.get(viewer, set()) if viewer is not None else set()
    view = state.view(viewer)
    for name, spec in game.zones.items():
        for owner in range(len(table.zones[name])) if spec.indexed else (None,):
            cards = table.zone(name, owner)
            expected = [c if c in known or _seen(spec.visibility, owner, i, len(cards), viewer) else None
                        for i, c in enumerate(cards)]
            assert view.zone(name, owner) == expected and view.size(name, owner) == len(cards)
        if spec.indexed:
            assert view.sizes(name) == [len(table.zone(name, owner)) for owner in range(len(table.zones[name]))]
            assert [visibility.sees_component(spec, owner, i, len(cards), viewer) for i in range(len(cards))] == \
                [_seen(spec.visibility, owner, i, len(cards), viewer) for i in range(len(cards))]
    assert state.view(EVERYONE).zones == truth(state).zones


@STATES
@given(ruleset=st.sampled_from(RULESETS), seed=st.integers(0, 10_000), steps=st.integers(0, 80))
def test_the_claims_listed_alone_are_the_claims_among_every_legal_action(ruleset: str, seed: int,
                                                                          steps: int) -> None:
    game = load_game(ruleset, "generated")
    state = randomly_played(game, 3, seed, steps)
    index = game.action_index
    claims = state.clone().legal_claims()
    every = state.legal_actions() if not state.is_over() else []
    assert claims == [a for a in every if index[a.name].by_anyone]


def _seats_moves_checked(state: State) -> tuple[bool, bool]:
    """Each seat's moves, claims and turn's moves are the legal actions filtered so; (a claim was open to the
    player to move, to another seat)."""
    listed = [] if state.is_over() else state.legal_actions()
    moves = state.moves()
    assert list(moves.all) == listed
    index = state.game.action_index
    for seat in range(state.view(None).players):
        assert moves.of(seat) == [a for a in listed if a.actor == seat]
        assert moves.claims(seat) == [a for a in listed if a.actor == seat and index[a.name].by_anyone]
        assert moves.own(seat) == [a for a in listed if a.actor == seat and not index[a.name].by_anyone]
    assert state.clone().moves() is moves  # listed once until the next action, on the state and its copies
    in_order = [(seat, moves.claims(seat)) for seat in state.claim_order()]
    assert state.open_claims() == [(seat, claims) for seat, claims in in_order if claims]
    current = state.current_player()
    return (bool(moves.claims(current)),
            any(moves.claims(seat) for seat in range(state.view(None).players) if seat != current))


@STATES
@given(ruleset=st.sampled_from(RULESETS), seed=st.integers(0, 10_000), steps=st.integers(0, 80),
       engine=st.sampled_from(["interpreter", "generated"]))
def test_a_seats_moves_are_the_legal_actions_it_may_take(ruleset: str, seed: int, steps: int, engine: str) -> None:
    _seats_moves_checked(randomly_played(load_game(ruleset, engine), 3, seed, steps))


def test_a_seats_moves_are_found_among_claims_open_to_the_player_to_move_and_to_others() -> None:
    game, seen_mine, seen_others = load_game("uno"), False, False
    for seed in range(40):
        state = game.new_state(3, seed)
        bots = [RandomBot(seed + p) for p in range(3)]
        while not state.is_over() and state.view(None).round == 1:
            mine, others = _seats_moves_checked(state)
            seen_mine, seen_others = seen_mine or mine, seen_others or others
            step(state, bots)
    assert seen_mine and seen_others  # claims open to the player to move (UNO-8.2's late call) and to others (UNO-8.4)


def _dealt_place_by_place(state: State, viewer: int, rng: random.Random) -> Table:
    """A world the long way: each place the view hides gets the next unseen component, one place at a time."""
    table, view = inspect(state), state.view(viewer)
    hidden = [(name, owner, [i for i, c in enumerate(view.zone(name, owner)) if c is None])
              for name, spec in table.game.zones.items()
              for owner in (range(len(table.zones[name])) if spec.indexed else (None,))]
    unseen = sorted(table.zone(name, owner)[i] for name, owner, places in hidden for i in places)
    shuffle(rng, unseen)
    world, relabelled, dealt = table.copy(events=False), {}, iter(unseen)
    for name, owner, places in hidden:
        cards = world.zone(name, owner)
        for i in places:
            relabelled[cards[i]] = cards[i] = next(dealt)
    for before, after in relabelled.items():
        world.where[after], world.moved_by[after] = table.where[before], table.moved_by[before]
    for component in relabelled.values() if table.game.has_dice else ():
        if table.game.components[component].faces:
            world.faces[component] = rng.randrange(len(table.game.components[component].faces))
    world.revealed = {other: {relabelled.get(c, c) for c in shown} if other != viewer else set(shown)
                      for other, shown in world.revealed.items()}
    return world


@STATES
@given(ruleset=st.sampled_from(RULESETS), seed=st.integers(0, 10_000), steps=st.integers(0, 80),
       viewer=st.integers(0, 2))
def test_a_world_deals_what_dealing_place_by_place_from_the_view_deals(ruleset: str, seed: int, steps: int,
                                                                       viewer: int) -> None:
    state = randomly_played(load_game(ruleset, "generated"), 3, seed, steps)
    world = inspect(determinize(state, viewer, random.Random(seed)))
    expected = _dealt_place_by_place(state, viewer, random.Random(seed))
    assert (world.zones, world.where, world.moved_by, world.faces, world.revealed) == \
        (expected.zones, expected.where, expected.moved_by, expected.faces, expected.revealed)


CHANGES = (ev.Moved, ev.VariableSet)  # what a world, or a game made not to record its changes, does not record


@STATES
@given(ruleset=st.sampled_from(RULESETS), seed=st.integers(0, 10_000), steps=st.integers(0, 60),
       engine=st.sampled_from(["interpreter", "generated"]))
def test_a_world_records_only_the_games_course_and_plays_as_a_table_recording_all(ruleset: str, seed: int,
                                                                                 steps: int, engine: str) -> None:
    world = determinize(randomly_played(load_game(ruleset, engine), 3, seed, steps), 0, random.Random(seed))
    everything = State(inspect(world).copy())
    inspect(everything).records_changes = True
    rng, taken = random.Random(seed), 0
    for _ in range(40):
        if world.is_over():
            break
        try:
            moves = world.legal_actions()
        except WORLD_FAILURES as err:  # a made-up world in which nobody may move: both say so
            with pytest.raises(type(err)):
                everything.legal_actions()
            break
        assert everything.legal_actions() == moves
        move = rng.choice(moves)
        world.apply(move)
        everything.apply(move)
        taken += 1
        assert everything.view(EVERYONE).zones == world.view(EVERYONE).zones
        assert everything.view(EVERYONE).variables == world.view(EVERYONE).variables
    assert list(world.events) == [e for e in everything.events if not isinstance(e, CHANGES)]
    assert sum(isinstance(e, ev.ActionTaken) for e in world.events) == taken  # the course: every action
    assert taken < 5 or any(isinstance(e, ev.Moved) for e in everything.events)  # the copy did record the changes


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_summarised_from_its_course_alone_is_summarised_as_from_every_change(ruleset: str) -> None:
    game = load_game(ruleset, "generated")
    for seed in range(3):
        course, every = (play_game(game, 3, seed, "random", record_changes=changes) for changes in (False, True))
        assert not any(isinstance(e, CHANGES) for e in course.state.events)
        assert list(course.state.events) == [e for e in every.state.events if not isinstance(e, CHANGES)]
        assert summarise(course.state) == summarise(every.state)
        assert summarise(every.state).turns and summarise(every.state).actions


FAILING_TRIGGER = """
  - when: "current != 0 and count(a in range(0, 10000): any(b in range(0, 10000): a == b + 20000)) > 0"
    do: [{end_round: {winner: none}}]
"""


@pytest.mark.parametrize("engine", ["interpreter", "generated"])
def test_a_trigger_whose_condition_fails_is_named_by_both_engines(tmp_path, engine: str) -> None:
    """The third trigger runs out of steps (once the second player acts) after the first two were checked."""
    base = (Path(__file__).parent / "corpus" / "lib" / "base.yaml").read_text(encoding="utf-8")
    path = tmp_path / "failing.yaml"
    path.write_text(base.rstrip("\n") + FAILING_TRIGGER, encoding="utf-8")
    game = load_game(str(path), engine)
    assert bool(game.trigger_passes) == (engine == "generated")
    state = game.new_state(2, 0)
    state.apply(state.legal_actions()[0])
    with pytest.raises(EvalError) as failed:
        state.apply(state.legal_actions()[0])
    assert failed.value.kind == "steps"
    said = str(failed.value)
    assert "failing.yaml:52:5: in triggers.2: while applying P2 " in said and "did more than 100000 steps" in said


@STATES
@given(ruleset=st.sampled_from(RULESETS), seed=st.integers(0, 10_000), steps=st.integers(0, 80))
def test_a_copy_holds_every_field_of_the_table_and_its_own_containers(ruleset: str, seed: int, steps: int) -> None:
    table = inspect(randomly_played(load_game(ruleset, "generated"), 3, seed, steps))
    copy = table.copy()
    for name in Table.__slots__:
        if name != "_rng":  # borrowed (see the generator tests above)
            assert getattr(copy, name) == getattr(table, name), name
        if isinstance(getattr(table, name), (list, dict, set)) and name != "others":  # others: replaced, never changed
            assert getattr(copy, name) is not getattr(table, name), name
    assert all(mine is not theirs for mine, theirs in zip(copy.zones.values(), table.zones.values()))


def _nodes(value: Any) -> Iterator[Any]:
    """Every tree node under `value`, found by going through its fields, not asked of the builder."""
    if isinstance(value, (tuple, list)):
        for item in value:
            yield from _nodes(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _nodes(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type) and type(value).__module__ == n.__name__:
        yield value
        for field in dataclasses.fields(value):
            yield from _nodes(getattr(value, field.name))


@pytest.mark.parametrize("name", [entry[0] for entry in shipped_rulesets()])
def test_a_game_counts_the_changes_of_its_zones_exactly_when_a_rule_reads_them(name: str) -> None:
    """DOS reads `changes(hand[p])` (DOS-10.3, through its definition `exposed`); UNO reads none."""
    game = load_game(name)
    reads = any(isinstance(node, n.Changes) for node in _nodes(game.rules))
    assert game.counts_changes is reads and load_game(name, "generated").counts_changes is reads
    assert reads is (name.split("/")[0] == "dos" or name in READ_CHANGES_ELSEWHERE)
    assert not game.keeps_movers  # no shipped ruleset reads mover_of (see the test below)
    table = inspect(randomly_played(game, max(3, game.min_players), 5, 30))
    assert bool(table.changes) is reads and table.moved_by == [None] * len(game.components)


MOVERS = """\
extends: uno
name: uno-movers
variables:
  laid_by: {scope: round, initial: none}
actions:
  play:
    effects:
      prepend:
        - set: {laid_by: "mover_of(top_card)"}
"""


@pytest.mark.parametrize("engine", ["interpreter", "generated"])
def test_a_game_that_reads_movers_keeps_them_and_a_world_shows_only_who_moved_into_each_place(
        tmp_path: Path, engine: str) -> None:
    game = load_game(str(_written(tmp_path, MOVERS)), engine)
    assert game.keeps_movers and not game.counts_changes
    state = randomly_played(game, 3, 7, 60)
    table = inspect(state)
    assert {mover for mover in table.moved_by} == {None, 0, 1, 2}
    world = inspect(determinize(state, 0, random.Random(3)))
    for place in {table.where[c] for c in range(len(game.components))}:  # the movers of a place, not who moved what
        assert sorted(map(str, (table.moved_by[c] for c in range(len(game.components)) if table.where[c] == place))) \
            == sorted(map(str, (world.moved_by[c] for c in range(len(game.components)) if world.where[c] == place)))


def _written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_seat_orders_of_every_table_size_are_those_of_the_long_way_and_a_full_tables_are_shared() -> None:
    game = load_game("uno")
    for players in range(game.min_players, game.max_players + 1):
        table = inspect(game.new_state(players, 0))
        for out in (set(), {1}, {0, players - 1}):
            table.out = out
            assert table.seat_orders() == [tuple(q for q in ((p + i) % players for i in range(1, players))
                                                 if q not in out) for p in range(players)]
        table.out = set()
        assert table.seat_orders() is inspect(game.new_state(players, 1)).seat_orders()
