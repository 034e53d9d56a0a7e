"""DOS-6 matches listed by the generated engine's equality join: the same moves, in the same order, as the reference.

The generated lister of `match` looks up the second card that makes a pair add
up to the Center Row card instead of testing every pair (see
`backend/codegen/join.py`); a Wild # card, whose value is the number declared
for it, is tried as before.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from dos_cards import A, B, C, dos, ids, name_of, table
from hypothesis import given
from hypothesis import strategies as st
from rulesrun.interpreter import Game, load_game
from rulesrun.interpreter.backend.codegen.game import Generator, generated
from rulesrun.interpreter.backend.codegen.join import LESS, NO_KEY, UNDECIDED, CandidateIndex, Join, plan
from rulesrun.interpreter.engine import legality


@pytest.fixture
def listers_never_give_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A generated lister that gave up would leave the moves to the engine's walk: the lists would agree vacuously."""
    listed = legality.Listing._listed

    def strict(spec: legality.ActionSpec, env: legality.Env, found: list[legality.Action]) -> bool:
        assert listed(spec, env, found), f"the lister of {spec.name} gave up"
        return True
    monkeypatch.setattr(legality.Listing, "_listed", staticmethod(strict))


def join_of(game: Game, action: str = "match") -> Join | None:
    spec = next(spec for spec in game.actions if spec.name == action)
    return plan(spec, Generator(game.expressions).expressions)


def agreeing_listings(reference: Game, players: int, seed: int, steps: int) -> int:
    """Play random moves on both engines side by side, the legal moves equal at each; the double matches offered."""
    fast = generated(reference)
    a, b = reference.new_state(players, seed), fast.new_state(players, seed)
    rng = random.Random(seed)
    doubles = 0
    for taken in range(steps):
        if a.is_over():
            break
        moves = a.legal_actions()
        assert b.legal_actions() == moves, f"the legal moves differ before action {taken}"
        doubles += sum(1 for move in moves if move.name == "match" and dict(move.args).get("second") is not None)
        move = rng.choice(moves)
        a.apply(move)
        b.apply(move)
    return doubles


def test_the_match_listing_looks_the_second_card_up() -> None:
    game = dos()
    join = join_of(game)
    assert join is not None and join.choice == "second"
    assert [step for step, _ in join.steps] == [LESS] and join.steps[0][1].source == "value(a, av)"
    wild_numbers = {cid for cid in range(len(game.components)) if name_of(cid).endswith("#")}
    keys = join.index.keys
    assert {cid for cid, key in keys.items() if key is UNDECIDED} == wild_numbers  # the value declared: always tried
    assert {keys[cid] for cid in ids("W2")} == {2} and keys[ids("R5")[0]] == 5 and keys[None] == 0
    generator = Generator(game.expressions)
    lister = generator.listers.lister(next(spec for spec in game.actions if spec.name == "match"), game.interchangeable)
    picks = [name for name, value in generator.module.namespace.items()
             if getattr(value, "__self__", None) is not None and isinstance(value.__self__, CandidateIndex)]
    assert lister is not None
    written = generator.module.source().split(f"def {lister}(e, o):")[1].split("\ndef ")[0]
    assert len(picks) == 2 and all(f"{name}(" in written for name in picks)  # grouped, and pick (for none too)


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (4, 4)])
@pytest.mark.usefixtures("listers_never_give_up")
def test_many_positions_list_the_same_matches_in_the_same_order(players: int, seed: int) -> None:
    assert agreeing_listings(dos(), players, seed, steps=400) > 0


@pytest.mark.parametrize("phase", ["match", "after_draw"])
@pytest.mark.usefixtures("listers_never_give_up")
def test_wild_cards_in_hand_and_row_are_listed_as_by_the_reference(phase: str) -> None:
    hand_cards = ["G#", "W2", "R3", "B5", "Y#", "Y6", "R10", "B1", "W2"]
    arrangement = {"hands": {A: hand_cards, B: ["G3", "G4"], C: ["R4", "B4"]}, "row": ["W2", "G#", "R7"],
                   "variables": {"drawn": ids("B5")[0]} if phase == "after_draw" else None, "phase": phase}
    reference = table(3, **arrangement)
    fast = table(3, game=generated(dos()), **arrangement)
    moves = reference.legal_actions()
    assert fast.legal_actions() == moves
    matches = [dict(move.args) for move in moves if move.name == "match"]
    seconds = {name_of(match["second"]) for match in matches if match.get("second") is not None}
    assert {"G#", "Y#", "W2"} <= seconds and any(match.get("second") is None for match in matches)
    if phase == "after_draw":  # DOS-8.2: only matches that use the card drawn
        assert all(ids("B5")[0] in (match["first"], match.get("second")) for match in matches)


def overlay(tmp_path: Path, adds_up: str) -> Game:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: dos\nname: house/sums\ndefine:\n  adds_up(t, tv, a, av, b, bv): \"{adds_up}\"\n",
                    encoding="utf-8")
    return load_game(str(path))


SECOND = "(value(b, bv) if b != none else 0)"


@pytest.mark.parametrize("adds_up", [
    f"value(t, tv) == value(a, av) + {SECOND}",  # the sides the other way round
    f"value(a, av) - (0 - {SECOND}) == value(t, tv)",  # the pair's value worked back through two subtractions
    f"{SECOND} - value(a, av) == value(t, tv)",  # a house rule: the second card less the first
])
@pytest.mark.usefixtures("listers_never_give_up")
def test_a_sum_written_otherwise_is_joined_and_lists_the_same(tmp_path: Path, adds_up: str) -> None:
    game = overlay(tmp_path, adds_up)
    join = join_of(game)
    assert join is not None and join.choice == "second"
    assert agreeing_listings(game, 3, seed=5, steps=300) > 0


def test_no_join_where_the_equality_is_not_tested_first(tmp_path: Path) -> None:
    """A part tested before it runs on the pairs the join would leave out: the walk tests every pair."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: dos\nname: house/later\nactions:\n  match:\n    require: \"may_match(first, second) and "
                    "adds_up(target, target_value, first, first_value, second, second_value)\"\n", encoding="utf-8")
    game = load_game(str(path))
    assert join_of(game) is None
    assert agreeing_listings(game, 2, seed=6, steps=200) > 0


def test_the_index_keeps_the_order_and_the_wild_candidates() -> None:
    index = CandidateIndex({None: 0, 1: 3, 2: UNDECIDED, 3: 3, 4: 5})
    groups = index.grouped([1, 2, 3, 4, 7])
    assert index.pick(groups, 3) == [1, 2, 3, 7]  # a component the index does not know is tried
    assert index.pick(groups, 9) == [2, 7] and index.pick(groups, 5) == [2, 4, 7]
    assert index.pick(groups, 3) is index.pick(groups, 3)  # worked out once per listing
    assert index.pick(groups, NO_KEY) == index.pick(groups, [1]) == [1, 2, 3, 4, 7]  # every candidate is tried
    none = index.none_groups  # an optional choice's none, whose key is 0
    assert index.pick(none, 0) == index.pick(none, NO_KEY) == [None] and index.pick(none, 3) == []


@given(keys=st.dictionaries(st.integers(0, 12), st.one_of(st.integers(0, 4), st.just(UNDECIDED), st.booleans()),
                            max_size=12),
       candidates=st.lists(st.integers(0, 14), unique=True, max_size=10).map(sorted))
def test_each_key_finds_the_candidates_that_may_have_it_in_id_order(keys: dict, candidates: list[int]) -> None:
    """Grouped in one pass where every key is decided, or each group when sought: the same candidates either way."""
    index = CandidateIndex(keys)
    groups = index.grouped(candidates)
    for sought in [*range(-1, 6), True, False, NO_KEY]:
        expected = candidates if sought is NO_KEY else [
            c for c in candidates if keys.get(c, UNDECIDED) is UNDECIDED or keys[c] == sought]
        assert index.pick(groups, sought) == expected


def test_candidates_whose_keys_are_all_decided_are_grouped_in_one_pass() -> None:
    index = CandidateIndex({1: 3, 2: 5, 3: 3})
    groups = index.grouped([1, 2, 3])
    assert groups[3] == [1, 3] and groups[5] == [2]  # before any key is sought
    assert index.pick(groups, 4) == [] and 4 not in groups  # a key nobody has finds nobody, and makes no group
