"""`rulesrun replay`: a logged game plays again exactly, and a tampered log is caught at its first bad step."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from helpers import run_cli as run
from helpers import truth
from rulesrun.interpreter import load_game, shipped_rulesets
from rulesrun.interpreter.play.log import read_games, replay

SHIPPED = [name for name, _ in shipped_rulesets()]
BASES = [name for name in SHIPPED if "/" not in name]  # the games themselves; variants are checked more cheaply


def one_round(tmp_path: Path, ruleset: str, seed: int) -> Path:
    """The log of one round of a bot game (`simulate --single-round`), at the ruleset's smallest table."""
    log = tmp_path / "round.jsonl"
    result = run("simulate", ruleset, "--games", "1", "--single-round", "--seed", str(seed), "--log", str(log))
    assert result.exit_code == 0
    return log


def played(tmp_path: Path, ruleset: str, *args: str, stdin: str | None = None) -> tuple[Path, Result]:
    """A game played with `rulesrun play` and logged; the log's path and the play's result."""
    log = tmp_path / "game.jsonl"
    result = run("play", ruleset, "--players", "2", "--log", str(log), *args, stdin=stdin)
    assert result.exit_code == 0
    return log, result


def lines_of(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def write_lines(log: Path, lines: list[dict[str, Any]]) -> None:
    log.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def action_lines(lines: list[dict[str, Any]]) -> list[int]:
    """Indexes (in the file) of the action events, in order."""
    return [i for i, line in enumerate(lines) if line.get("event") == "action"]


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_replay_of_a_round_reproduces_it(ruleset: str, tmp_path: Path) -> None:
    log = one_round(tmp_path, ruleset, 3)
    result = run("replay", str(log), "--to-end")
    assert result.exit_code == 0
    [logged] = read_games(log)
    steps = sum(1 for e in logged.events if e["event"] == "action")
    assert f"{steps} steps, every one checked" in result.output
    scores = " · ".join(f"P{p + 1} {s}" for p, s in enumerate(logged.result["scores"]))
    ending = "Final scores" if logged.result["over"] else "before the game is over. Scores"
    assert f"{ending}: {scores}" in result.output


@pytest.mark.parametrize("ruleset", BASES)
def test_stepping_through_a_replay_reaches_the_same_end(ruleset: str, tmp_path: Path) -> None:
    log = one_round(tmp_path, ruleset, 4)
    steps = len(action_lines(lines_of(log)))
    to_end = run("replay", str(log), "--to-end")
    result = run("replay", str(log), stdin="\n\n3\n" + "100\n" * (steps // 100 + 1))
    assert result.exit_code == 0
    out = result.output
    for shown in (f"Step 0 of {steps}: setup", f"Step 1 of {steps}", f"Step 2 of {steps}", f"Step 5 of {steps}",
                  f"Step {steps} of {steps}"):
        assert shown in out
    assert f"Step 3 of {steps}" not in out  # "3" advanced three steps at once
    assert to_end.output.splitlines()[-1] in out.splitlines()  # the same outcome either way


def test_a_replay_steps_back_to_what_it_showed_before(tmp_path: Path) -> None:
    log = one_round(tmp_path, "uno", 4)
    out = run("replay", str(log), stdin="\n\n\nb\n-2\nb\nq\n").output
    shown = re.split(r"(?=Step \d+ of \d+)", out)[1:]  # each step's title, story and table
    titles = [part.splitlines()[0] for part in shown]
    assert [t.split(" of ")[0] for t in titles] == ["Step 0", "Step 1", "Step 2", "Step 3", "Step 2", "Step 0"]
    assert shown[4] == shown[2] and shown[5].startswith(shown[0].split("Enter:")[0])  # the same as it was
    assert "This is the setup; Enter goes on." in out


def test_replay_of_a_game_with_a_person_shows_every_hand(tmp_path: Path) -> None:
    log, _ = played(tmp_path, "uno", "--seed", "1", stdin="1\n1\n1\nq\n")
    result = run("replay", str(log), "--to-end")
    assert result.exit_code == 0
    assert "before the game is over" in result.output
    [logged] = read_games(log)
    state = replay(load_game("uno"), logged.header, logged.events)
    game = state.game
    for hand in truth(state).zones["hand"]:
        for cid in hand:
            assert game.label(cid).replace("_", " ") in result.output


def test_replay_quits_on_q_and_on_closed_input(tmp_path: Path) -> None:
    log = one_round(tmp_path, "uno-dice", 2)
    quit_early = run("replay", str(log), stdin="\nq\n")
    assert quit_early.exit_code == 0 and "Step 1 of" in quit_early.output and "Step 2 of" not in quit_early.output
    closed = run("replay", str(log), stdin="")
    assert closed.exit_code == 0 and "Step 1 of" not in closed.output


@pytest.mark.parametrize("ruleset", BASES)
def test_a_changed_action_is_reported_at_its_step(ruleset: str, tmp_path: Path) -> None:
    log = one_round(tmp_path, ruleset, 5)
    lines = lines_of(log)
    actions = action_lines(lines)
    k = len(actions) // 2
    line = lines[actions[k - 1]]
    line["actor"] = (line["actor"] + 1) % 2  # the other player acts out of turn
    write_lines(log, lines)
    result = run("replay", str(log), "--to-end")
    assert result.exit_code == 1
    assert re.search(rf"^{re.escape(str(log))}: step {k}: event \d+: the logged action .* is not legal here",
                     result.stderr, re.M)


def test_a_changed_card_drawn_is_reported_at_the_step_that_drew_it(tmp_path: Path) -> None:
    log = one_round(tmp_path, "uno", 6)
    lines = lines_of(log)
    actions = action_lines(lines)
    draw = next(i for i, line in enumerate(lines) if line.get("event") == "action" and line["action"] == "draw")
    moved = next(i for i in range(draw + 1, len(lines)) if lines[i].get("event") == "moved")
    lines[moved]["component"] = (lines[moved]["component"] + 1) % 108
    write_lines(log, lines)
    result = run("replay", str(log))
    assert result.exit_code == 1 and "Step" not in result.output  # nothing is shown from a bad log
    assert f": step {actions.index(draw) + 1}: event " in result.stderr


def test_a_changed_deal_is_reported_at_step_0(tmp_path: Path) -> None:
    log = one_round(tmp_path, "dos", 6)
    lines = lines_of(log)
    first_move = next(i for i, line in enumerate(lines) if line.get("event") == "moved")
    lines[first_move]["to_owner"] = 1 - (lines[first_move]["to_owner"] or 0)
    write_lines(log, lines)
    result = run("replay", str(log), "--to-end")
    assert result.exit_code == 1 and ": step 0 (setup): event " in result.stderr


def test_a_removed_action_is_reported(tmp_path: Path) -> None:
    log = one_round(tmp_path, "uno-dice", 6)
    lines = lines_of(log)
    del lines[action_lines(lines)[3]]
    write_lines(log, lines)
    result = run("replay", str(log), "--to-end")
    assert result.exit_code == 1 and ": step 4: event " in result.stderr


def test_a_changed_result_line_is_reported(tmp_path: Path) -> None:
    log = one_round(tmp_path, "uno", 7)
    lines = lines_of(log)
    lines[-1]["scores"] = [s + 1 for s in lines[-1]["scores"]]
    write_lines(log, lines)
    result = run("replay", str(log), "--to-end")
    assert result.exit_code == 1 and "the result line says" in result.stderr


def test_a_log_of_other_rules_is_refused(tmp_path: Path) -> None:
    log = one_round(tmp_path, "uno", 7)
    lines = lines_of(log)
    lines[0]["hash"] = "0" * 16
    write_lines(log, lines)
    result = run("replay", str(log), "--to-end")
    assert result.exit_code == 1 and "the ruleset changed" in result.stderr


def test_the_ruleset_can_be_given_when_the_log_names_an_unknown_one(tmp_path: Path) -> None:
    log = one_round(tmp_path, "dos", 8)
    lines = lines_of(log)
    lines[0]["ruleset"] = "my-house-rules"
    write_lines(log, lines)
    unknown = run("replay", str(log), "--to-end")
    assert unknown.exit_code == 1 and "--ruleset" in unknown.stderr
    assert run("replay", str(log), "--to-end", "--ruleset", "dos").exit_code == 0


def test_replay_picks_a_game_from_a_log_of_several(tmp_path: Path) -> None:
    log = tmp_path / "many.jsonl"
    assert run("simulate", "uno-dice", "--games", "2", "--single-round", "--log", str(log)).exit_code == 0
    second = run("replay", str(log), "--game", "2", "--to-end")
    assert second.exit_code == 0 and "Game 2 of 2" in second.output
    assert run("replay", str(log), "--game", "3").exit_code == 2


@pytest.mark.parametrize("content, message", [
    ("not json\n", "not a JSON line"),
    ("", "holds no game"),
])
def test_unreadable_logs_fail_cleanly(tmp_path: Path, content: str, message: str) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(content, encoding="utf-8")
    result = run("replay", str(log))
    assert result.exit_code == 1 and message in result.stderr


def test_a_missing_log_fails_cleanly(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nothing.jsonl"))
    assert result.exit_code == 1 and "no such file" in result.stderr
