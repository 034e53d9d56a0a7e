"""`simulate`, `check` and `compare` show their progress on a terminal, and say where a `--plot` picture went."""
from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from rulesrun.cli import stats
from rulesrun.cli.main import main

BAR = "[" + "#" * 30 + "]"  # the progress line when every game is played


def _on_terminal(*args: str) -> str:
    pexpect = pytest.importorskip("pexpect")
    command = shlex.join([sys.executable, "-c", "from rulesrun.cli.main import main; main()", *args])
    return pexpect.run(command, encoding="utf-8", timeout=60, env={**os.environ, "NO_COLOR": "1"})


def test_simulate_shows_its_progress_on_a_terminal() -> None:
    out = _on_terminal("simulate", "uno", "--games", "20", "--players", "2", "--single-round")
    assert f"uno{' ' * 21} {BAR} 20/20" in out and "uno: 20 games" in out


def test_check_shows_its_progress_on_a_terminal() -> None:
    out = _on_terminal("check", "uno", "--players", "2", "--games", "20", "--bot", "random", "--explore", "5")
    before, _, after = out.partition("uno: every invariant held in 20 games")
    assert f"{BAR} 20/20" in before and after


def test_no_progress_is_drawn_where_the_output_is_not_a_terminal() -> None:
    result = CliRunner().invoke(main, ["simulate", "uno", "--games", "20", "--players", "2", "--single-round"])
    assert result.exit_code == 0 and "[#" not in result.output


@pytest.mark.parametrize("command", [["simulate", "uno"], ["compare", "uno", "uno/short-game"]])
def test_a_plot_says_where_it_was_written(command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(stats, "require_plotting", lambda: None)
    monkeypatch.setattr(stats, "_draw", lambda path, series: drawn.append((path, [name for name, _ in series])))
    picture = tmp_path / "lengths.png"
    result = CliRunner().invoke(main, [*command, "--games", "4", "--players", "2", "--plot", str(picture)])
    assert result.exit_code == 0, result.output
    assert f"game-length histogram written to {picture}" in result.output
    assert drawn == [(str(picture), command[1:])]
