"""`rulesrun play` fits the standard 80×24 terminal: the title and the turn line never scroll away.

Each shipped game is played on a real colour pseudo-terminal of 80 columns and 24 rows for some
turns; every screen drawn (from the clearing escape code to the question's prompt) must have at
most 24 rows of at most 80 columns, start with the title and the turn line, and keep the question.
The last moves fill only the rows left; `history` shows the whole round.
"""
from __future__ import annotations

import os
import re
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rulesrun.cli.story import round_story
from rulesrun.cli.style import wrap
from rulesrun.interpreter import load_game

ROWS, COLUMNS = 24, 80
CLEAR = "\x1b[2J"
PROMPT = r"P1, choose [\d, -]+: "
ESCAPES = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
TURNS = 12


def _spawn(pexpect: Any, *args: str) -> Any:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update({"TERM": "xterm-256color", "COLUMNS": str(COLUMNS), "LINES": str(ROWS)})
    code = "from rulesrun.cli.main import main; main()"
    return pexpect.spawn(sys.executable, ["-c", code, *args], env=env, encoding="utf-8", timeout=30,
                         dimensions=(ROWS, COLUMNS))


def _screens(pexpect: Any, ruleset: str, players: int, seed: int) -> list[str]:
    """The plain text of each screen drawn before P1's first question of a turn, over some turns."""
    child = _spawn(pexpect, "play", ruleset, "--players", str(players), "--seed", str(seed))
    screens = []
    for _ in range(TURNS):
        if child.expect([PROMPT, r"Press Enter for the next round", pexpect.EOF]) != 0:
            break
        drawn = child.before + child.after
        if CLEAR in drawn:
            screens.append(ESCAPES.sub("", drawn[drawn.rindex(CLEAR):]).replace("\r", ""))
        child.sendline("1")
    child.terminate(force=True)
    return screens


@pytest.mark.parametrize("ruleset, players", [("uno", 4), ("uno", 10), ("dos", 4), ("uno-dice", 4)])
def test_every_screen_of_a_game_fits_80_by_24_with_its_title_and_turn_on_top(ruleset: str, players: int) -> None:
    pexpect = pytest.importorskip("pexpect")
    game = load_game(ruleset)
    title, names = game.title, {str(c.attrs["name"]) for c in game.components if "name" in c.attrs}
    screens = _screens(pexpect, ruleset, players, seed=5)
    assert len(screens) >= 3
    for screen in screens:
        assert not [name for name in names if re.search(rf"\b{name}\b", screen)], screen  # faces, never names
        rows = screen.split("\n")
        assert len(rows) <= ROWS, screen  # the prompt is on the last row at most: nothing scrolled away
        assert max(len(row) for row in rows) <= COLUMNS, screen
        assert rows[0].startswith(f"── {title} · round "), screen
        assert rows[1].startswith("Turn: "), screen
        assert re.search(PROMPT + "$", rows[-1]), screen


def test_the_last_moves_fill_the_rows_the_table_leaves() -> None:
    from rulesrun.cli.table import render_table
    game = load_game("uno")
    state = game.new_state(4, 5)
    story = [f"P{n % 4 + 1}: draw — move {n}" for n in range(40)]
    tall = render_table(state, 0, recent=story, height=ROWS - 8).split("\n")
    assert len(tall) == ROWS - 8 and any(row.startswith("Your hand") for row in tall[-2:])  # the hand stays, last
    shown = [row for row in tall if "— move " in row]
    assert shown == story[-len(shown):] and len(shown) > 3  # the latest moves, as many as fit
    short = render_table(state, 0, recent=story, height=ROWS - 12).split("\n")
    assert len(short) == ROWS - 12 and len([row for row in short if "— move " in row]) == len(shown) - 4


def test_history_is_the_story_of_the_round_so_far() -> None:
    story = ["seed 1: replay", "── Round 1 ──", "P1: draw", "Round over: P1 wins", "── Round 2 · dealer P2 ──",
             "  you draw red 5", "P2: play red 7"]
    assert round_story(story) == story[4:]
    assert round_story(story[:1]) == story[:1]


def test_typing_history_shows_the_whole_round_then_asks_again() -> None:
    from helpers import run_cli
    result = run_cli("play", "uno", "--players", "2", "--seed", "3", stdin="history\nq\n")
    assert result.exit_code == 0
    told, _, after = result.output.partition("This round so far:\n")
    assert after.startswith("── Round 1") and "P2 draws 7 cards" in after.split("Your moves:")[0]
    assert after.count("Your moves:") == 1 and told.count("Your moves:") == 1  # the question is asked again


@given(st.lists(st.text(alphabet="ab ·()1", min_size=1, max_size=30), min_size=1, max_size=12),
       st.integers(min_value=30, max_value=100))
def test_a_wrapped_row_never_passes_the_width(parts: list[str], width: int) -> None:
    """A broken line ends with the separator's mark: it once ran two columns past the screen, and the title
    scrolled away (DOS, when the shared zones filled a row to the last column, or one zone was wider than it)."""
    for line in wrap("  ", parts, " · ", width, 2):
        assert len(line) <= width or " " not in line.strip()  # only a single word longer than the width passes it
