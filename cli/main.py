"""The `rulesrun` command line: a thin layer over the interpreter API.

Commands import the interpreter only when they run, so `rulesrun --help` stays
quick. Errors raised by the interpreter become messages and exit codes here and
nowhere else; no traceback reaches the user for a ruleset's or a log's fault.
"""
from __future__ import annotations

import re

import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

import click

from .bots import LEVEL, BotKind, at_level, bot_list
from .bounds import MAX_DELAY, MAX_GAMES, Seconds, Seed
from .engine import ENGINE, load
from .paths import OutputFile, OutputPath
from .sharing import sharing_options

EXIT_FAILED = 1
EXIT_USAGE = 2  # also for a ruleset named on the command line that is not there, whatever the command


class _Commands(click.Group):
    """A command group that reports the interpreter's errors as text and exit code 1 (2 for no such ruleset)."""

    def invoke(self, ctx: click.Context) -> Any:
        words = list(ctx.args)  # what follows the command's name, as typed
        try:
            return super().invoke(ctx)
        except Exception as err:  # noqa: BLE001 - anything not ours is re-raised below
            from ..interpreter import RulesetError, RulesrunError, diagnostics
            if isinstance(err, RulesetError) and _named_but_missing(err.problems, words):
                for problem in err.problems:
                    click.echo(diagnostics.render(problem, {}), err=True)
                ctx.exit(EXIT_USAGE)
            if isinstance(err, RulesetError):
                for problem in err.problems:
                    click.echo(diagnostics.header(problem), err=True)
            elif isinstance(err, RulesrunError):
                click.echo(f"error: {err}", err=True)
            elif isinstance(err, BrokenPipeError):  # the reader went away (`rulesrun list | head`): nothing to say
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # what is left to flush goes nowhere
            elif isinstance(err, OSError):  # a file that opened but cannot be read or written
                where = f"{err.filename}: " if err.filename else ""
                click.echo(f"error: {where}cannot read or write the file: {err.strerror or err}", err=True)
            else:
                raise
            ctx.exit(EXIT_FAILED)


def _named_but_missing(problems: list[Any], words: list[str]) -> bool:
    """Whether every problem says a ruleset typed on the command line cannot be found or read (not one it extends).

    Such a problem is a file problem (F...) with no line, at the name as typed or at its path;
    `validate` decides the same way, so every command gives it the same exit code.
    """
    typed = set(words) | {str(Path(word)) for word in words if word}
    return bool(problems) and all(p.code.startswith("F") and not p.position.line and p.position.path in typed
                                  for p in problems)


@click.group(cls=_Commands)
@click.version_option(package_name="rulesrun")
def main() -> None:
    """Run card and dice games written as declarative rulesets.

    RULESET is the name of a shipped ruleset (see `rulesrun list`) or a path
    to a YAML file.

    \b
    Exit codes:
      0    success (validate: the ruleset is valid; warnings do not fail)
      1    invalid ruleset (validate --strict: warnings too), or a game or log failed
      2    usage error (unknown option, missing argument, no such ruleset file or name)
      130  interrupted (Ctrl-C)

    Every problem code is explained in docs/errors.md.
    """


def _load(ruleset: str) -> Any:
    from ..interpreter import load_game
    return load_game(ruleset)


def _players(game: Any, players: int | None) -> int:
    """The number of players asked for, or the ruleset's minimum; out of range is a usage error."""
    if players is None:
        return game.min_players
    if not game.min_players <= players <= game.max_players:
        raise click.BadParameter(f"{game.title} is played by {game.min_players} to {game.max_players} players",
                                 param_hint="'--players'")
    return players


_BOTS = click.option("--bots", default=None, metavar="KIND,KIND,...", callback=bot_list,
                     help="Bot kind of each computer seat in turn, e.g. random,greedy [default: --bot for every seat].")
_RULESET = click.argument("ruleset", metavar="RULESET")
_SEED = click.option("--seed", type=Seed(), default=0, show_default=True,
                     help="Seed of all randomness, a 64-bit whole number (-2**63 to 2**63 - 1).")
_BOT = click.option("--bot", type=BotKind(), default="greedy", show_default=True,
                    help="Kind of bot for the computer seats: random, greedy or search (search:easy, "
                         "search:normal, search:hard, search:PLAYOUTS).")
_PLAYERS = click.option("--players", type=click.IntRange(min=1), default=None,
                        help="Number of players [default: the ruleset's minimum, or the number of humans].")
_PLAY_SEED = click.option("--seed", type=Seed(), default=None,
                          help="Seed of all randomness, a 64-bit whole number [default: a fresh one, printed at the "
                               "start and the end of the game so that it can be replayed].")
_FORCE = click.option("--force", is_flag=True, is_eager=True, help="Overwrite the --log file if it exists.")
_LOG = click.option("--log", type=OutputFile(), default=None,
                    help="Write the game log (JSON Lines, see docs/log-format.md) to this file; a regular file "
                         "only (not a device such as /dev/null, nor a file of /proc or /sys).")


def _table_options(command: Any) -> Any:
    """The options `play` and `serve` share after the size of the table: the seed, the log, the bots."""
    for option in reversed((_PLAY_SEED, _LOG, _FORCE, _BOT, _BOTS, LEVEL)):
        command = option(command)
    return command


@main.command("list")
def list_command() -> None:
    """List the shipped rulesets: each game, then its house rules under it."""
    from ..interpreter import shipped_rulesets
    rulesets = shipped_rulesets()
    width = max((len(name) for name, _ in rulesets), default=0) + 2
    games = [name for name, _ in rulesets if "/" not in name]
    for game in games + sorted({name.split("/")[0] for name, _ in rulesets} - set(games)):
        for name, description in sorted((r for r in rulesets if r[0].split("/")[0] == game),
                                         key=lambda r: (r[0] != game, r[0])):
            shown = name if name == game else "  " + name
            click.echo(f"{shown:<{width}}  {_words_first(description)}".rstrip())


_RULE_CODE = re.compile(r"^([A-Z][A-Z0-9]*(?:-[A-Z0-9.]+)+)\s+(.+)$", re.S)  # "HR-10.2 call before playing: ..."


def _words_first(description: str) -> str:
    """A description that starts with the rule code it implements, said with the words first and the code after."""
    found = _RULE_CODE.match(description)
    if found is None:
        return description
    words = found.group(2)
    return f"{words[:1].upper()}{words[1:]} ({found.group(1)})"


@main.command()
@_RULESET
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: each problem with its source line, on stderr; json: a JSON array of problems "
                   "(path, line, column, severity, code, message, hint) on stdout.")
@click.option("--resolved", is_flag=True, help="Print the ruleset as YAML with everything it extends merged in.")
def validate(ruleset: str, strict: bool, output: str, resolved: bool) -> None:
    """Check a ruleset and report every problem, like a compiler.

    Each problem is shown as file:line:column with its source line, a caret and a
    hint. Errors make the ruleset invalid; warnings (such as an attribute nothing
    reads) do not, unless --strict. Exit status: 0 valid, 1 invalid, 2 no such
    ruleset file or a usage error. The codes are explained in docs/errors.md.
    """
    import yaml
    from ..interpreter import diagnostics
    from ..interpreter import ruleset_path, validate as run_checks
    if resolved and output == "json":
        raise click.UsageError("--resolved prints YAML; it cannot be combined with --format json")
    report = run_checks(ruleset)
    if output == "json":
        click.echo(json.dumps(diagnostics.as_json(report.problems), indent=2, ensure_ascii=False))
    else:
        for problem in report.problems:
            click.echo(diagnostics.render(problem, report.texts), err=True)
    if resolved and report.document is not None:
        click.echo(yaml.safe_dump(report.document.data, sort_keys=False, allow_unicode=True), nl=False)
    if report.usage_error:
        sys.exit(2)
    shown = ruleset if Path(ruleset) == ruleset_path(ruleset) else f"{ruleset}.yaml"
    failed = report.failed(strict)
    if output == "text":
        game = report.game
        if failed or game is None:
            click.echo(diagnostics.summary(report.problems, shown) + (" (--strict)" if not report.errors else ""),
                       err=True)
        else:
            warned = f" ({diagnostics.tally(report.warnings)})" if report.warnings else ""
            named = " ".join(part for part in (game.title, game.version) if part)
            click.echo(f"{shown}: valid — {named}, {len(game.components)} components, "
                       f"{len(game.actions)} actions{warned}", err=resolved)
    sys.exit(1 if failed else 0)


@main.command("schema")
@click.option("--log", "of_log", is_flag=True, help="The schema of one line of a game log instead.")
def schema_command(of_log: bool) -> None:
    """Print the JSON Schema that rulesets follow (for editors and other tools), or that log lines follow."""
    from ..interpreter import LOG_SCHEMA, RULESET_SCHEMA
    click.echo((LOG_SCHEMA if of_log else RULESET_SCHEMA).read_text(encoding="utf-8"), nl=False)


@main.command()
@click.argument("ruleset", metavar="[RULESET]", required=False)
@_PLAYERS
@click.option("--humans", type=click.IntRange(min=0), default=1, show_default=True,
              help="People sharing this terminal (they take the first seats); 0 lets bots play alone.")
@_table_options
@click.option("--delay", type=Seconds(), default=0.0, show_default=True, metavar="SECONDS",
              help=f"Pause after each bot move, to follow the game (0 to {MAX_DELAY:g} seconds).")
@click.option("--resume", default=None, metavar="FILE",
              help="Go on with a game saved with q (its seats, seed and moves come from the file; RULESET only "
                   "for a ruleset that is not shipped).")
def play(ruleset: str | None, players: int | None, humans: int, seed: int | None, log: TextIO | None, force: bool,
         bot: str, bots: list[str], level: str | None, delay: float, resume: str | None) -> None:
    """Play at the terminal: one person against bots, or several people taking turns (hot-seat).

    Choose a move by its number or by typing it (see `?` during a game).
    """
    from .play import play as play_game
    if resume is not None:
        sys.exit(_resume(resume, ruleset, log, delay))
    if ruleset is None:
        raise click.UsageError("Missing argument 'RULESET' (or --resume FILE).")
    game = _load(ruleset)
    count, seats = _seating(game, players, humans, bots, bot, level)
    if seed is None:  # every game a new one, yet each can be played again from the seed it prints
        import secrets
        seed = secrets.randbelow(2 ** 32)
    sys.exit(play_game(game, count, humans, seed, seats, log, delay))


def _seating(game: Any, players: int | None, humans: int, bots: list[str], bot: str,
             level: str | None) -> tuple[int, list[str]]:
    """The size of the table and each computer seat's bot kind, people first; people who do not fit: a usage error."""
    from .play import bot_kinds
    if players is None and len(bots) > 1:
        players = humans + len(bots)
    count = _players(game, players if players is not None else max(game.min_players, humans))
    if humans > count:
        raise click.BadParameter(f"{humans} people cannot sit at a table of {count}", param_hint="'--humans'")
    try:
        return count, at_level(bot_kinds(bots, bot, count - humans), level)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--bots'") from None


def _resume(path: str, ruleset: str | None, log: TextIO | None, delay: float) -> int:
    """`play --resume FILE`: the saved game, checked move by move, goes on with the seats it had."""
    from .play import play as play_game
    from .replay import saved_game
    saved = saved_game(path, ruleset)
    if saved is None:
        return EXIT_FAILED
    from ..interpreter.play.bots import is_kind
    state, seats, seed = saved
    humans = sum(kind == "human" for kind in seats)
    bots = seats[humans:]
    if seats[:humans] != ["human"] * humans or not all(is_kind(kind) for kind in bots):
        click.echo(f"error: {path}: its seats ({', '.join(seats)}) are not people first and then bots", err=True)
        return EXIT_FAILED
    return play_game(state.game, len(seats), humans, seed, bots, log, delay, start=state)


@main.command()
@_RULESET
@_PLAYERS
@click.option("--humans", type=click.IntRange(min=0), default=None,
              help="People at the table, each with a link of their own (they take the first seats) "
                   "[default: 2, or 1 for a one-player game].")
@_table_options
@click.option("--delay", type=Seconds(), default=1.0, show_default=True, metavar="SECONDS",
              help=f"Pause before each bot move, to follow the game and claim in time (0 to {MAX_DELAY:g} seconds).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default lets only this machine in (0.0.0.0: every network).")
@click.option("--port", type=click.IntRange(min=0, max=65535), default=8000, show_default=True,
              help="Port to listen on (0: any free one).")
def serve(ruleset: str, players: int | None, humans: int | None, seed: int | None, log: TextIO | None,
          force: bool, bot: str, bots: list[str], level: str | None, delay: float, host: str, port: int) -> None:
    """Play in the browser: one secret link per person, and one for spectators.

    Each link shows the table as that seat may see it, updated live; bots play
    on the server. Ctrl-C stops the server (and writes the log of a game not
    over). See docs/web.md.
    """
    from .web.command import serve as run
    from .web.command import web_installed
    if not web_installed():
        sys.exit(EXIT_FAILED)
    game = _load(ruleset)
    people = humans if humans is not None else min(2, game.max_players)
    count, kinds = _seating(game, players, people, bots, bot, level)
    if seed is None:  # as for `play`: a fresh game each time, told by its seed
        import secrets
        seed = secrets.randbelow(2 ** 32)
    sys.exit(run(game, count, people, seed, kinds, log, delay, host, port))


@main.command()
@click.argument("log_file", metavar="FILE")
@click.option("--game", "number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game of the log to replay.")
@click.option("--to-end", is_flag=True, help="Print the final state instead of stepping through.")
@click.option("--ruleset", default=None, metavar="RULESET",
              help="Ruleset to replay with [default: the one the log names].")
def replay(log_file: str, number: int, to_end: bool, ruleset: str | None) -> None:
    """Replay a game log step by step (Enter advances, q quits), checking every step.

    A log the ruleset cannot reproduce is reported at its first impossible step.
    """
    from .replay import replay as run
    sys.exit(run(log_file, number, to_end, ruleset))


@main.command()
@_RULESET
@click.option("--games", type=click.IntRange(min=1, max=MAX_GAMES), default=100, show_default=True,
              help=f"Games to play (1 to {MAX_GAMES:,}).")
@_PLAYERS
@_SEED
@_BOT
@LEVEL
@click.option("--single-round", is_flag=True, help="Stop each game after its first round.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@_LOG
@_FORCE
@sharing_options
@click.option("--plot", type=OutputPath(), default=None, metavar="FILE.png",
              help="Also draw the game-length histogram into this picture (needs matplotlib).")
@ENGINE
def simulate(ruleset: str, games: int, players: int | None, seed: int, bot: str, level: str | None,
             single_round: bool, as_json: bool, log: TextIO | None, force: bool, sharing: Any, plot: str | None,
             engine: str) -> None:
    """Play games bot against bot and summarise them.

    A turn is one TurnStarted event; mean points are each seat's mean final
    score over the games. The first player is the one who takes a round's
    first turn.
    """
    from ..interpreter import simulate as run
    from .stats import design_lines, progress, require_plotting, save_plot
    if plot is not None:
        require_plotting()
    game = load(ruleset, engine)
    count = _players(game, players)
    bot = at_level([bot], level)[0]
    result = run(game, games, count, seed, bot, single_round, on_log=_writer(log) if log is not None else None,
                 backend=sharing, ruleset=ruleset, on_progress=progress(ruleset, games))
    if plot is not None:
        save_plot(plot, [(result.ruleset, result.tally.game_length_histogram)])
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    seats = range(count)
    click.echo(f"{result.ruleset}: {result.games} games, {result.rounds} rounds, {count} players, "
               f"{bot} bots, seed {seed}" + (", first round only" if single_round else ""))
    if result.unfinished:
        click.echo(f"unfinished: {result.unfinished} game{'s' if result.unfinished != 1 else ''} stopped at a bound of "
                   f"the ruleset (max_actions in a round, max_rounds); their finished rounds are counted, "
                   f"the games are not")
    click.echo(f"turns per round: mean {result.mean_turns:.1f}, median {result.median_turns:g}")
    click.echo("wins by seat: " + " · ".join(f"P{p + 1} {result.wins_by_seat[p]}" for p in seats))
    click.echo("mean final score: " + " · ".join(f"P{p + 1} {result.mean_score_by_seat[p]:.1f}" for p in seats))
    for line in design_lines(result.tally):
        click.echo(line)
    click.echo(f"speed: {result.games_per_second:.2f} games/s, {result.rounds_per_second:.2f} rounds/s "
               f"({result.seconds:.2f} s playing)")


def _writer(stream: TextIO) -> Any:
    """Write each game's log as it comes and flush it, so that a run cut short keeps every game before."""
    def write(text: str) -> None:
        try:
            stream.write(text)
            stream.flush()
        except OSError as err:
            err.filename = getattr(stream, "path", None)
            raise
    return write


def _register_commands() -> None:
    """Commands that live in their own modules."""
    from .check import check_command
    from .compare import compare_command
    from .design import diff_command, explain_command
    from .tournament import tournament_command
    main.add_command(check_command)
    main.add_command(compare_command)
    main.add_command(tournament_command)
    main.add_command(explain_command)
    main.add_command(diff_command)


_register_commands()
