"""Golden playthroughs: recorded games the engine must reproduce event for event.

Replaying applies the recorded actions, not the bots, so a failure points at
the engine; a second test checks that the bots, seeded the same way, still
choose the recorded actions. After an intended change of behaviour, re-record
with `python tests/golden/regenerate.py` (see its docstring).
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from golden.regenerate import GOLDENS, plain, record
from helpers import truth
from rulesrun.interpreter import Action, Game, load_game
from rulesrun.interpreter import events as ev
from rulesrun.interpreter.tools.invariants import first_difference

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
NAMES = [name for name, *_ in GOLDENS]


@cache
def game(ruleset: str) -> Game:
    return load_game(ruleset)


@cache
def golden(name: str) -> dict[str, Any]:
    return json.loads((GOLDEN_DIR / name).read_text(encoding="utf-8"))


def test_every_golden_file_is_listed_for_regeneration() -> None:
    assert sorted(p.name for p in GOLDEN_DIR.glob("*.json")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_recorded_actions_reproduce_the_recorded_events(name: str) -> None:
    """The engine alone, given the same seed and actions, produces exactly the same game."""
    recorded = golden(name)
    state = game(recorded["ruleset"]).new_state(recorded["players"], recorded["seed"])
    for index, data in enumerate(recorded["actions"]):
        action = Action.from_json(data)
        reason = state.why_not(action)
        assert reason is None, f"recorded action {index} ({action}) is now refused: {reason}"
        state.apply(action)
    difference = first_difference(recorded["events"], plain([ev.to_json(e) for e in state.events]))
    assert difference is None, f"{name}: first differing event at {difference}"
    assert state.scores() == recorded["scores"]
    assert list(truth(state).winners) == recorded["winners"]
    if not recorded["single_round"]:
        assert state.is_over()


@pytest.mark.parametrize("name", NAMES)
def test_bots_with_the_same_seed_choose_the_recorded_actions(name: str) -> None:
    recorded = golden(name)
    again = record(recorded["ruleset"], recorded["players"], recorded["seed"], recorded["bot"],
                   recorded["single_round"])
    difference = first_difference(recorded["actions"], again["actions"])
    assert difference is None, f"{name}: first differing action at {difference}"
