"""A showdown at the terminal: the action that reveals every cup also ends the round.

The story and the round-over screen must show what was revealed as it was (the faces rolled in
that round), then the round's result, then the new deal, and never a die the viewer may not see
(the next round's hidden cups, with their new faces).
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
from rulesrun.cli.play import Terminal
from rulesrun.cli.style import words
from rulesrun.cli.table import render_table
from rulesrun.interpreter import EVERYONE, Action, Game, State, load_game

CUPS = """\
schema_version: 1
name: cups
version: "1.0.0"
title: Cups
description: Two dice under each cup; whoever lifts the cups wins the round with a total of 7 or more.
players: {min: 2, max: 4}
components:
  attributes:
    colour: [red, blue]
    pips: [1, 2, 3, 4, 5, 6]
  dice:
    - colour: red
      copies: 4
      faces: [{pips: 1}, {pips: 2}, {pips: 3}, {pips: 4}, {pips: 5}, {pips: 6}]
    - colour: blue
      copies: 4
      faces: [{pips: 1}, {pips: 2}, {pips: 3}, {pips: 4}, {pips: 5}, {pips: 6}]
zones:
  bag: {visibility: hidden, home: true, stock: true, bag: true}
  cup: {per_player: true, visibility: owner, description: Your dice under the cup.}
variables:
  score: {scope: game, per_player: true, initial: 0}
round:
  setup:
    - for_each: p
      in: all_players
      do: [{draw: {player: p, count: 2, roll: true}}]
  end:
    - add: {"score[winner]": 1}
  game_over: "score[winner] >= 3"
actions:
  wait:
    description: Pass the cups on.
    effects: [end_turn]
  lift:
    description: Everybody shows their cup; a total of 7 or more wins the round.
    effects:
      - for_each: p
        in: all_players
        do: [{for_each: q, in: "others(p)", do: [{reveal: {zone: "cup[q]", to: p}}]}]
      - end_round: {winner: "current if sum(d in cup[current]: d.pips) >= 7 else next(current)"}
"""
PLAYERS = 3


@pytest.fixture(scope="module")
def cups(tmp_path_factory: pytest.TempPathFactory) -> Game:
    path: Path = tmp_path_factory.mktemp("cups") / "cups.yaml"
    path.write_text(CUPS, encoding="utf-8")
    return load_game(str(path))


def _cups(state: State, seats: range) -> dict[int, list[str]]:
    """Each seat's dice as labels, with the faces they show in `state`."""
    view = state.view(EVERYONE)
    return {p: sorted(words(state.game.label(c, view.faces)) for c in view.zone("cup", p)) for p in seats}


def _lift(cups: Game, seed: int, capsys: pytest.CaptureFixture[str]) -> tuple[State, str]:
    """P1 lifts the cups at once; what P1's plain terminal printed for it."""
    state = cups.new_state(PLAYERS, seed)
    terminal = Terminal(1)
    terminal.ask = lambda prompt: ""  # type: ignore[method-assign]  # Enter at the round-over screen
    terminal.catch_up(state)
    capsys.readouterr()
    state.apply(Action("lift", 0, ()))
    terminal.catch_up(state)
    return state, capsys.readouterr().out


@pytest.mark.parametrize("seed", range(6))
def test_a_showdown_tells_the_dice_revealed_as_they_were_then_the_result_then_the_new_deal(
        cups: Game, seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    state, out = _lift(cups, seed, capsys)
    ended = state.round_end()
    assert ended is not None and ended.view(EVERYONE).round == 1
    revealed = _cups(ended, range(1, PLAYERS))
    lift, result, deal = out.index("P1: lift"), out.index("── Round over ──"), out.index("── Round 2 ──")
    assert lift < result < deal  # what was revealed, the round's result, the new deal
    told = out[lift:out.index("\n", lift)]
    for p, dice in revealed.items():  # each cup by the faces it showed when it was lifted
        shown = told.split(f"P{p + 1}'s cup shown to everyone: ")[1].split(";")[0]
        assert sorted(shown.split(", ")) == dice


@pytest.mark.parametrize("seed", range(6))
def test_a_showdown_never_names_a_die_of_the_next_round_the_viewer_may_not_see(
        cups: Game, seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    state, out = _lift(cups, seed, capsys)
    deal = out[out.index("── Round 2 ──"):].splitlines()[1:]
    mine = [line for line in deal if line.startswith("  you draw ")]
    assert [sorted(line.removeprefix("  you draw ").split(", ")) for line in mine] == [_cups(state, range(1))[0]]
    assert sorted(set(deal) - set(mine)) == ["  P2 draws 2 dice", "  P3 draws 2 dice"]  # the others' dice, counted
    assert "rolled" not in out  # a die rolled under another player's cup is not told at all


def test_the_round_over_table_shows_the_revealed_cups_as_they_stood(cups: Game,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    state, _ = _lift(cups, 1, capsys)
    ended = state.round_end()
    assert ended is not None
    screen = render_table(ended, 0)
    for dice in _cups(ended, range(1, PLAYERS)).values():
        assert any(sorted(line.strip().split(", ")) == dice for line in screen.splitlines())
    assert screen.startswith("── Cups · round 1 ")
    assert f"Your cup (2): {', '.join(_cups(ended, range(1))[0])}" in screen or \
        sorted(screen.split("Your cup (2): ")[1].split(", ")) == _cups(ended, range(1))[0]


def test_a_colour_terminal_draws_the_lifted_cups_as_they_were_before_the_result(
        cups: Game, tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    path = tmp_path / "cups.yaml"
    path.write_text(CUPS, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update({"TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"})
    child = pexpect.spawn(sys.executable, ["-c", "from rulesrun.cli.main import main; main()", "play", str(path),
                                           "--players", "2", "--seed", "4"], env=env, encoding="utf-8", timeout=30,
                          dimensions=(24, 80))
    child.expect(r"choose [\d, -]+: ")
    child.sendline("lift")
    child.expect(r"Press Enter for the next round")
    drawn = child.before
    child.terminate(force=True)
    screen = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", drawn[drawn.rindex("\x1b[2J"):]).replace("\r", "")
    ended = cups.new_state(2, 4)
    ended.apply(Action("lift", 0, ()))
    before = ended.round_end()
    assert before is not None
    theirs = ", ".join(_cups(before, range(1, 2))[1])
    table, _, result = screen.partition("── Round over ──")
    assert table.startswith("── Cups · round 1 ")  # the finished round's table, not the next deal's
    shown = table.split("P2's cup shown to you: ")[1].split(";")[0].strip()  # cards drawn apart, by spaces
    assert sorted(re.split(r"\s{2,}", shown)) == theirs.split(", ")
    assert "wins the round." in result
