"""`rulesrun replay`: a logged game shown again, step by step or straight to its end.

The whole log is checked against the ruleset first (interpreter/play/log.py plays
it again from its seed and compares every event): the first step the rules
cannot reproduce is reported as "step K" and nothing is shown. A step is one
logged action; step 0 is the setup before the first one. Then the game is
played again one step at a time with every hand open, since a replay is a
record rather than a game in progress.
"""
from __future__ import annotations

from typing import Any

import click

from ..interpreter import Action, Game, ReplayMismatch, RulesetError, State, load_game, read_game, shipped_path
from ..interpreter import events as ev
from ..interpreter import replay as check
from .story import game_over_text, narrate, scores_text
from .style import Style, ansi_wanted, seat
from .table import render_table

MAX_NAME_SHOWN = 200  # characters of a log's ruleset name repeated in a message


def replay(path: str, number: int, to_end: bool, ruleset: str | None) -> int:
    """Check game `number` (from 1) of the log at `path`, then show it; returns the exit code."""
    logged, count = read_game(path, number)
    if not count:
        raise ReplayMismatch("no_game", path=path)
    if logged is None:
        raise click.BadParameter(f"the log holds {count} game{'s' if count > 1 else ''}", param_hint="'--game'")
    game = _ruleset(logged.header, ruleset)
    if game is None:
        return 1
    try:
        final = check(game, logged.header, logged.events)
        _check_result(final, logged.result)
    except ReplayMismatch as err:
        click.echo(f"{path}: {_where(err.event, logged.events)}{err}", err=True)
        return 1
    style = Style(ansi_wanted())
    actions = [Action.from_json(e) for e in logged.events if e.get("event") == ev.KIND[ev.ActionTaken]]
    seats = ", ".join(f"{seat(p)} {kind}" for p, kind in enumerate(logged.header.get("seats") or []))
    seed, players = int(logged.header["seed"]), int(logged.header["players"])
    click.echo(f"Game {number} of {count} in {path}: {game.title} {game.version}, seed {seed}, "
               f"{players} players ({seats}); {len(actions)} steps, every one checked.")
    if to_end:
        click.echo(render_table(final, None, style, open_hands=True), color=style.ansi)
        click.echo(_outcome(final))
        return 0
    return _step_through(game, players, seed, actions, style)


def saved_game(path: str, ruleset: str | None) -> tuple[State, list[str], int] | None:
    """The last game of a saved log, played again and checked, with its seats and seed; None (said why) when not.

    Resuming replays the log rather than trusting a stored state, so a saved game continues only from a
    position the rules reach.
    """
    logged, count = read_game(path, 1)
    if not count:
        raise ReplayMismatch("no_game", path=path)
    logged, _ = read_game(path, count)  # the last game: the one that was stopped
    assert logged is not None
    game = _ruleset(logged.header, ruleset)
    if game is None:
        return None
    try:
        state = check(game, logged.header, logged.events)
    except ReplayMismatch as err:
        click.echo(f"{path}: {_where(err.event, logged.events)}{err}", err=True)
        return None
    if state.is_over():
        click.echo(f"{path}: the game is over; there is nothing to resume (replay it with `rulesrun replay`)",
                   err=True)
        return None
    seats = [str(kind) for kind in logged.header.get("seats") or []]
    return state, seats, int(logged.header["seed"])


def _ruleset(header: dict[str, Any], ruleset: str | None) -> Game | None:
    """The ruleset to replay with: the one given, else the shipped one the log names.

    A log may come from anybody, so its header chooses among the shipped rulesets only: a path
    there (or any other name) is refused rather than read, and the user passes the file themselves.
    """
    if ruleset is not None:
        return load_game(ruleset)
    name = str(header.get("ruleset") or "")
    if shipped_path(name) is None:
        shown = name if len(name) <= MAX_NAME_SHOWN else name[:MAX_NAME_SHOWN] + "…"
        click.echo(f"error: the log names the ruleset {shown!r}, which is not a shipped ruleset, so it is not read "
                   "(a log chooses only among the shipped ones); give the ruleset file yourself: --ruleset PATH",
                   err=True)
        return None
    try:
        return load_game(name)
    except RulesetError as err:
        for problem in err.problems:
            click.echo(problem.format(), err=True)
        click.echo(f"error: the log was written with ruleset {name!r}; give its file with --ruleset", err=True)
        return None


def _check_result(state: State, result: dict[str, Any] | None) -> None:
    """The log's result line must say what the replayed game says."""
    if result is None:
        return
    replayed = {"scores": state.scores(), "winners": list(state.view(None).winners), "over": state.is_over()}
    logged = {key: result.get(key) for key in replayed}
    if logged != replayed:
        raise ReplayMismatch("result", logged=logged, replayed=replayed)


def _where(index: int | None, events: list[dict[str, Any]]) -> str:
    """"step K: " for a mismatch at a logged event: K counts the logged actions up to it."""
    if index is None:
        return ""
    steps = sum(1 for e in events[:index + 1] if e.get("event") == ev.KIND[ev.ActionTaken])
    return f"step {steps}: " if steps else "step 0 (setup): "


def _outcome(state: State) -> str:
    view = state.view(None)
    if state.is_over():
        return game_over_text(view.winners, state.scores())
    return f"The log ends in round {view.round}, before the game is over. Scores: {scores_text(state.scores())}"


def _step_through(game: Game, players: int, seed: int, actions: list[Action], style: Style) -> int:
    """Show the setup, then one action per Enter; a number advances that many steps, q stops."""
    state = game.new_state(players, seed)
    _show(state, 0, style, f"Step 0 of {len(actions)}: setup")
    done = 0
    while done < len(actions):
        try:
            answer = input("Enter: next step · a number: that many steps · q: quit ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            click.echo("")
            return 0
        if answer in ("q", "quit"):
            return 0
        count = int(answer) if answer.isdigit() and int(answer) > 0 else 1
        told = len(state.events)
        last = min(done + count, len(actions))
        for action in actions[done:last]:
            state.apply(action)
        done = last
        _show(state, told, style, f"Step {done} of {len(actions)}")
    click.echo(_outcome(state))
    return 0


def _show(state: State, told: int, style: Style, title: str) -> None:
    click.echo(style.strong(title), color=style.ansi)
    for line in narrate(state, state.events[told:], None, style, open_hands=True):
        click.echo(line, color=style.ansi)
    click.echo(render_table(state, None, style, open_hands=True), color=style.ansi)
