"""Claims skipped by their first flag (`ActionSpec.guard_flag`, `pick_flag`) list exactly the moves testing them lists."""
from __future__ import annotations

import random
from typing import Any

import pytest
from rulesrun.interpreter import Action, Game, load_game, shipped_rulesets
from rulesrun.interpreter.engine import legality
from rulesrun.interpreter.engine.game import first_flag

NAMES = [entry[0] for entry in shipped_rulesets()]


def flagged(name: str) -> bool:
    return any(spec.guard_flag or spec.pick_flag for spec in load_game(name).actions)


def listings(game: Game, players: int, seed: int, steps: int) -> list[list[Action]]:
    """The legal moves before each action of a seeded random game, moves with choices (plays) preferred.

    Preferring plays empties hands, which is what opens most claims.
    """
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        if state.is_over():
            break
        moves = state.legal_actions()
        seen.append(moves)
        plays = [move for move in moves if move.args]
        state.apply(rng.choice(plays if plays and rng.random() < 0.8 else moves))
    return seen


@pytest.mark.parametrize("name", [name for name in NAMES if flagged(name)])
def test_a_claim_skipped_by_its_flag_lists_the_same_moves(name: str, monkeypatch: Any) -> None:
    game = load_game(name, "generated")
    players = min(max(game.min_players, 2 + NAMES.index(name) % 3), game.max_players)
    fast = listings(game, players, NAMES.index(name), 150)
    monkeypatch.setattr(legality, "_some", lambda table, flag: True)  # every claim tested as before
    assert listings(game, players, NAMES.index(name), 150) == fast


def test_uno_claims_have_flags() -> None:
    actions = load_game("uno").action_index
    assert (actions["call_uno"].guard_flag, actions["catch"].pick_flag) == ("may_call", "exposed")


def test_only_a_first_flag_of_the_seat_counts() -> None:
    game = load_game("uno")
    guard = game.action_index["call_uno"].rule.guard  # may_call and size(hand) == 1
    assert first_flag(guard, None) == "may_call"
    assert first_flag(guard, "target") is None  # the actor's flag, not a chosen seat's
    assert first_flag(guard.parts[1], None) is None  # not a flag
    where = game.action_index["catch"].choices[0].rule.where  # unguarded(target), through a definition
    assert first_flag(where, "target") == "exposed"
    assert first_flag(where, None) is None
    assert first_flag(None, None) is None
