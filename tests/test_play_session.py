"""`rulesrun play` as a session: a fresh seed each time (printed for replaying), logs kept from being
overwritten, hot-seat hands wiped from the scrollback, the round's last moves shown before its result.

The terminal tests drive a real pseudo-terminal, so that what a person sees is what is checked.
"""
from __future__ import annotations

import io
import itertools
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli as run
from rulesrun.interpreter.play.log import read_games

HINT = re.compile(r"^seed (-?\d+): replay this game with --seed \1$", re.MULTILINE)
CLEAR = "\x1b[2J"
CLEAR_SCROLLBACK = "\x1b[3J"
PROMPT = r"choose [\d, -]+: "
NEXT_ROUND = r"Press Enter for the next round \(q to quit\): "


def _hand(output: str) -> str:
    return next(line for line in output.splitlines() if line.startswith("Your hand"))


def _seeds(output: str) -> list[int]:
    return [int(seed) for seed in HINT.findall(output)]


# ---------------------------------------------------------------- seeds


def test_play_without_a_seed_deals_a_new_game_each_time_and_says_its_seed(tmp_path: Path) -> None:
    games = []
    for n in range(2):
        log = tmp_path / f"game{n}.jsonl"
        result = run("play", "uno", "--players", "2", "--log", str(log), stdin="q\n")
        assert result.exit_code == 0
        lines = result.output.rstrip().splitlines()
        [first], [last] = _seeds(lines[0]), _seeds(lines[-1])  # said at the start and at the end
        assert first == last == read_games(log)[0].header["seed"]
        games.append((first, _hand(result.output)))
    assert games[0][0] != games[1][0] and games[0][1] != games[1][1]
    seed, hand = games[0]
    again = run("play", "uno", "--players", "2", "--seed", str(seed), stdin="q\n")
    assert _hand(again.output) == hand  # the seed said is the game played


def test_play_with_a_seed_says_it_and_deals_as_always(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result = run("play", "uno", "--players", "2", "--seed", "7", "--log", str(log), stdin="q\n")
    assert result.exit_code == 0
    assert _seeds(result.output) == [7, 7]
    assert read_games(log)[0].header["seed"] == 7
    assert _hand(run("play", "uno", "--players", "2", "--seed", "7", stdin="q\n").output) == _hand(result.output)


def test_simulate_keeps_seed_0_by_default() -> None:
    result = run("simulate", "uno", "--games", "1", "--players", "2", "--single-round")
    assert result.exit_code == 0 and "seed 0" in result.output


# ---------------------------------------------------------------- logs are not overwritten


@pytest.mark.parametrize("command", [["play", "uno", "--humans", "0", "--seed", "1"],
                                     ["simulate", "uno", "--games", "1", "--single-round"]])
def test_an_existing_log_is_kept_without_force(command: list[str], tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("an earlier game\n", encoding="utf-8")
    result = run(*command, "--log", str(log))
    assert result.exit_code == 2
    assert f"{log} already exists; nothing was written (add --force to overwrite it)" in result.output
    assert result.output.count("already exists") == 1
    assert log.read_text(encoding="utf-8") == "an earlier game\n"
    forced = run(*command, "--log", str(log), "--force")
    assert forced.exit_code == 0
    assert read_games(log) and "an earlier game" not in log.read_text(encoding="utf-8")


def test_a_new_log_needs_no_force(tmp_path: Path) -> None:
    log = tmp_path / "new.jsonl"
    assert run("play", "uno", "--humans", "0", "--seed", "1", "--log", str(log)).exit_code == 0
    assert read_games(log)


# ---------------------------------------------------------------- a real colour terminal


@pytest.fixture
def pexpect() -> Any:
    return pytest.importorskip("pexpect")


def _spawn(pexpect: Any, *args: str) -> Any:
    """`rulesrun ARGS` on a colour pseudo-terminal (TERM set, NO_COLOR unset)."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update({"TERM": "xterm-256color", "COLUMNS": "100", "LINES": "40"})
    code = "from rulesrun.cli.main import main; main()"
    child = pexpect.spawn(sys.executable, ["-c", code, *args], env=env, encoding="utf-8", timeout=30,
                          dimensions=(40, 100))
    child.logfile_read = io.StringIO()
    return child


def test_hot_seat_wipes_the_scrollback_before_the_next_person_sits_down(pexpect: Any) -> None:
    child = _spawn(pexpect, "play", "uno", "--humans", "2", "--seed", "1")
    passes = 0
    while passes < 5:  # P1, P2, P1, P2, P1: each a pass screen, a hand and the questions of a turn
        if child.expect(["press Enter to see your hand", PROMPT]) == 0:
            passes += 1
            child.sendline("")
        else:
            child.sendline("1")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Save the game to resume it later")
    child.sendline("")
    child.expect(pexpect.EOF)
    stream = child.logfile_read.getvalue()
    passes = [m.start() for m in re.finditer("it is your move; everyone else, look away", stream)]
    assert len(passes) >= 5
    for earlier, later in itertools.pairwise(passes):
        hand = stream.index("Your hand", earlier, later)  # the previous person's hand was shown ...
        wipe = stream.rfind(CLEAR + "\x1b[1;1H" + CLEAR_SCROLLBACK, earlier, later)
        assert hand < wipe  # ... and wiped, history and all, before the next pass screen


def test_a_colour_terminal_shows_the_move_that_ended_the_round_before_its_result(pexpect: Any) -> None:
    child = _spawn(pexpect, "play", "uno-dice", "--players", "2", "--seed", "1")
    while child.expect([PROMPT, NEXT_ROUND]) == 0:
        child.sendline("1")
    child.sendline("q")
    child.expect("Save the game to resume it later")
    child.sendline("")
    child.expect(pexpect.EOF)
    stream = child.logfile_read.getvalue()
    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", stream[stream.rindex(CLEAR):])  # the last screen drawn
    moves, _, result = plain.rpartition("── Round over ──")
    ended = re.search(r"^Round over: (P\d) wins the round", moves, re.MULTILINE)
    assert ended is not None, moves  # the story's end of the round is on the screen ...
    winner = ended.group(1)
    last_moves = moves[moves.rindex("Last moves:"):ended.start()]
    assert re.search(rf"^{winner}: \w", last_moves, re.MULTILINE), last_moves  # ... after the winner's own move
    assert f"{winner} wins the round." in result


# ---------------------------------------------------------------- save and resume


def test_a_game_saved_with_q_resumes_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken.jsonl").write_text("keep\n", encoding="utf-8")
    saved = run("play", "uno", "--players", "2", "--seed", "3", stdin="1\n1\nq\ntaken.jsonl\nsaved.jsonl\n")
    assert saved.exit_code == 0
    assert "taken.jsonl already exists; choose another name." in saved.output
    assert "Saved; go on with: rulesrun play --resume saved.jsonl" in saved.output
    assert (tmp_path / "taken.jsonl").read_text(encoding="utf-8") == "keep\n"
    [before] = read_games(tmp_path / "saved.jsonl")
    assert before.result is not None and before.result["over"] is False
    resumed = run("play", "--resume", "saved.jsonl", "--log", "after.jsonl", stdin="q\n")
    assert resumed.exit_code == 0 and "Resumed after" in resumed.output
    assert _hand(resumed.output) == [line for line in saved.output.splitlines() if line.startswith("Your hand")][-1]
    [after] = read_games(tmp_path / "after.jsonl")
    assert after.header == before.header and after.events == before.events  # the same game, at the same point
    again = run("play", "--resume", "after.jsonl", stdin="1\n" * 3000)  # and it plays on
    assert again.exit_code == 0 and re.search(r"^P1: \w", again.output, re.MULTILINE)


def test_resume_refuses_a_log_it_cannot_go_on_with(tmp_path: Path) -> None:
    log = tmp_path / "over.jsonl"
    assert run("play", "uno-dice", "--humans", "0", "--players", "2", "--seed", "1", "--log", str(log)).exit_code == 0
    result = run("play", "--resume", str(log))
    assert result.exit_code == 1 and "the game is over; there is nothing to resume" in result.output
    assert run("play").exit_code == 2  # neither a ruleset nor a saved game
