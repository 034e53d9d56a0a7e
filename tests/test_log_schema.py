"""The published JSON Schema of a log line (`rulesrun schema --log`) describes the logs rulesrun writes.

Every shipped ruleset and variant writes a log that validates line by line, and
every kind of event validates, so that the schema and docs/log-format.md can no
longer drift from the code. A line the schema does not describe is rejected.
"""
from __future__ import annotations

import io
import json
from functools import cache
from typing import Any

import jsonschema
import pytest
from helpers import run_cli
from rulesrun.interpreter import LOG_SCHEMA as SCHEMA_FILE
from rulesrun.interpreter import load_game, shipped_rulesets
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine.state import inspect
from rulesrun.interpreter.errors import GameLimitExceeded
from rulesrun.interpreter.play.log import event_line, header_line, result_line, write_game
from rulesrun.interpreter.play.runner import step
from rulesrun.interpreter.play.simulate import bot_seats

RULESETS = [name for name, _ in shipped_rulesets()]
SAMPLES: dict[type, Any] = {  # one event of every kind, with plausible values
    ev.RoundStarted: ev.RoundStarted(1, None), ev.Gathered: ev.Gathered("draw"),
    ev.Shuffled: ev.Shuffled("draw", None, (2, 0, 1)), ev.Moved: ev.Moved(3, "draw", None, "hand", 1, False),
    ev.Revealed: ev.Revealed("hand", 1, 0, (4, 5)), ev.Rolled: ev.Rolled(7, 5),
    ev.VariableSet: ev.VariableSet("drawn", None, 12, 1), ev.ActionTaken: ev.ActionTaken(0, "play", {"card": 3}),
    ev.TurnStarted: ev.TurnStarted(1, "main"), ev.PhaseChanged: ev.PhaseChanged("after_draw"),
    ev.Skipped: ev.Skipped(2), ev.DirectionChanged: ev.DirectionChanged(-1),
    ev.Eliminated: ev.Eliminated(2, True), ev.RoundEnded: ev.RoundEnded(None, (0, 40)),
    ev.GameEnded: ev.GameEnded((1,), (0, 512)),
}


@cache
def validators() -> dict[str, jsonschema.Draft202012Validator]:
    """One validator per kind of line (checking a line against its own kind is fast), and one for all."""
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    found = {name: jsonschema.Draft202012Validator({**schema["$defs"][name], "$defs": schema["$defs"]})
             for name in schema["$defs"]}
    found["*"] = jsonschema.Draft202012Validator(schema)
    return found


def problems(line: dict[str, Any]) -> list[str]:
    """Why a log line does not follow the schema (checked against the definition of its own kind)."""
    kind = line.get("type")
    name = f"event_{line.get('event')}" if kind == "event" else kind
    validator = validators().get(str(name), validators()["*"])
    return [error.message for error in validator.iter_errors(line)]


def lines_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(raw) for raw in text.splitlines()]


def written(line: dict[str, Any]) -> dict[str, Any]:
    """A line as it reads back from the log file (tuples become lists)."""
    return json.loads(json.dumps(line))


def test_the_schema_is_a_valid_json_schema_and_covers_every_event_kind() -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert {name.removeprefix("event_") for name in schema["$defs"] if name.startswith("event_")} \
        == set(ev.EVENT_TYPES)


@pytest.mark.parametrize("kind", sorted(ev.EVENT_TYPES))
def test_every_kind_of_event_follows_the_schema(kind: str) -> None:
    line = written(event_line(SAMPLES[ev.EVENT_TYPES[kind]]))
    assert problems(line) == []
    assert validators()["*"].is_valid(line)


@pytest.mark.parametrize("name", RULESETS)
def test_the_log_of_every_shipped_ruleset_follows_the_schema(name: str) -> None:
    """The first 150 actions of a bot game, with their header and result lines."""
    game = load_game(name)
    state = game.new_state(game.min_players, 11)
    seats = bot_seats("random", game.min_players, 11)
    while not state.is_over() and inspect(state).action_count < 150:
        step(state, seats)
    text = io.StringIO()
    write_game(text, state, ["random"] * game.min_players)
    for number, line in enumerate(lines_of(text.getvalue()), 1):
        assert problems(line) == [], f"{name}, line {number}: {line}"


@pytest.mark.parametrize("name", ["uno", "dos", "uno-dice"])
def test_whole_logged_games_follow_the_schema(name: str, tmp_path: Any) -> None:
    """Games played to their end by `simulate --log`: rounds and the game end, scores are written."""
    path = tmp_path / "games.jsonl"
    result = run_cli("simulate", name, "--games", "1", "--players", "2", "--bot", "greedy", "--log", str(path))
    assert result.exit_code == 0, result.output
    kinds = set()
    for number, line in enumerate(lines_of(path.read_text(encoding="utf-8")), 1):
        assert problems(line) == [], f"{name}, line {number}: {line}"
        kinds.add(line.get("event", line["type"]))
    assert {"header", "result", "round_ended", "game_ended", "moved", "set", "action", "turn"} <= kinds


def test_the_result_of_a_game_stopped_at_a_bound_follows_the_schema() -> None:
    state = load_game("uno").new_state(2, 0)
    line = written(result_line(state, GameLimitExceeded("max_actions", 20_000, 3)))
    assert line["over"] is False and line["stopped"] == {"bound": "max_actions", "limit": 20_000, "round": 3}
    assert problems(line) == []


def test_lines_the_schema_does_not_describe_are_rejected() -> None:
    moved = written(event_line(SAMPLES[ev.Moved]))
    assert problems({k: v for k, v in moved.items() if k != "bottom"})  # a field left out
    assert problems(dict(moved, colour="red"))  # a field the format does not have
    assert problems(dict(moved, event="teleported"))  # a kind of event there is none of
    header = written(header_line(load_game("uno").new_state(2, 0), ["random", "random"]))
    assert problems(header) == []
    assert problems(dict(header, format=2))


def test_rulesrun_schema_log_prints_the_schema() -> None:
    result = run_cli("schema", "--log")
    assert result.exit_code == 0
    assert json.loads(result.output) == json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
