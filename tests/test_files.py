"""Every path the command line reads or writes is a regular file, read within bounds.

A device never ends and a pipe nobody writes to never answers: such paths get one
clear message and exit code 1 instead of a hang, a memory error or a traceback.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import run_cli
from rulesrun.interpreter.errors import BadFile
from rulesrun.interpreter.play.log import read_game
from rulesrun.interpreter.source.files import check_output, open_output, text_lines

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
needs_devices = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.jsonl"
    os.mkfifo(path)
    return path


@pytest.fixture(scope="module")
def two_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("log") / "two.jsonl"
    result = run_cli("simulate", "uno", "--games", "2", "--players", "2", "--single-round", "--log", str(path))
    assert result.exit_code == 0
    return path


@needs_devices
def test_replay_of_a_device_is_refused() -> None:
    result = run_cli("replay", "/dev/zero")
    assert result.exit_code == 1
    assert result.stderr == "error: /dev/zero: this is not a regular file (a device, a pipe or a socket)\n"


@needs_fifo
def test_replay_of_a_pipe_is_refused_without_waiting(fifo: Path) -> None:
    result = run_cli("replay", str(fifo))
    assert result.exit_code == 1 and "not a regular file" in result.stderr


def test_replay_of_a_directory_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    for path, reason in ((tmp_path, "this is a directory, not a file"), (tmp_path / "none.jsonl", "no such file")):
        result = run_cli("replay", str(path))
        assert result.exit_code == 1 and result.stderr == f"error: {path}: {reason}\n"


def test_a_log_line_longer_than_the_bound_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"x" * 5000)
    with pytest.raises(BadFile) as refused:
        list(text_lines(path, 10_000, max_line=1000))
    assert refused.value.kind == "long_line" and "line 1 is longer than 1000 bytes" in str(refused.value)


def test_a_file_larger_than_the_bound_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    path.write_bytes(b"{}\n" * 100)
    with pytest.raises(BadFile) as refused:
        list(text_lines(path, 50))
    assert refused.value.kind == "too_large"


def test_a_log_that_is_not_utf8_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "latin.jsonl"
    path.write_bytes(b'\n\xff\xfe\n')
    result = run_cli("replay", str(path))
    assert result.exit_code == 1 and "line 2 is not UTF-8 text" in result.stderr


def test_read_game_keeps_only_the_game_asked_for(two_games: Path) -> None:
    second, count = read_game(two_games, 2)
    assert count == 2 and second is not None and second.events and second.result is not None
    missing, count = read_game(two_games, 3)
    assert missing is None and count == 2
    assert run_cli("replay", str(two_games), "--game", "2", "--to-end").exit_code == 0


@needs_fifo
def test_a_log_into_a_pipe_is_refused_without_waiting(fifo: Path) -> None:
    result = run_cli("simulate", "uno", "--games", "1", "--log", str(fifo))
    assert result.exit_code == 1 and f"error: {fifo}: cannot write the file" in result.stderr


@needs_devices
@pytest.mark.parametrize("command", [["simulate", "uno", "--games", "1", "--log"],
                                     ["play", "uno", "--humans", "0", "--log"],
                                     ["simulate", "uno", "--games", "1", "--plot"],
                                     ["compare", "uno", "uno/short-game", "--games", "2", "--plot"],
                                     ["check", "uno", "--save"]])
def test_every_path_the_cli_writes_refuses_a_device(command: list[str]) -> None:
    result = run_cli(*command, "/dev/null")
    assert result.exit_code == 1
    assert result.stderr == "error: /dev/null: this is not a regular file (a device, a pipe or a socket)\n"


def test_a_directory_is_refused_as_an_output(tmp_path: Path) -> None:
    result = run_cli("simulate", "uno", "--games", "1", "--log", str(tmp_path))
    assert result.exit_code == 1 and "this is a directory" in result.stderr
    with pytest.raises(BadFile):
        check_output(tmp_path)


def test_an_output_file_is_written_and_knows_its_path(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    with open_output(path) as stream:
        stream.write("ünïcode\n")
        assert stream.path == str(path)
    assert path.read_text(encoding="utf-8") == "ünïcode\n"
    check_output(path)  # an existing regular file may be written again
