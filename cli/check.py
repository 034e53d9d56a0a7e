"""`rulesrun check RULESET`: play a ruleset with bots and report the first invariant it breaks.

The report names the invariant, the game it broke in, and the shortest action
sequence found that breaks it again from a fresh game with the same seed and
players; `--save FILE` writes that sequence as a game log for `rulesrun replay`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import click

from .bounds import MAX_CHECK_ACTIONS, MAX_CHECK_GAMES, MAX_EXPLORE, Seed
from .engine import ENGINE, load
from .paths import OutputPath
from .sharing import sharing_options
from .stats import progress

SHOWN_ACTIONS = 40  # a longer reproduction is shown by its first and last halves of this
SHOWN_PROBLEMS = 5


def _told(label: str) -> Callable[[int, int], None]:
    """A progress callback for check_ruleset, drawn on a terminal only."""
    shown: list[Any] = []

    def told(done: int, total: int) -> None:
        if not shown:
            shown.append(progress(label, total))
        if shown[0] is not None:
            shown[0](done)
    return told


@click.command("check")
@click.argument("ruleset", metavar="RULESET")
@click.option("--games", type=click.IntRange(min=1, max=MAX_CHECK_GAMES), default=1, show_default=True,
              help=f"Games for each player count and bot kind (1 to {MAX_CHECK_GAMES:,}).")
@click.option("--seed", type=Seed(), default=0, show_default=True,
              help="Seed of all randomness; each game's derives from it. A 64-bit whole number (-2**63 to 2**63 - 1).")
@click.option("--players", type=click.IntRange(min=1), default=None,
              help="Check this number of players only [default: every number the ruleset allows].")
@click.option("--bot", type=click.Choice(["random", "greedy"]), default=None,
              help="Play with this kind of bot only [default: random, then greedy].")
@click.option("--max-actions", type=click.IntRange(min=1, max=MAX_CHECK_ACTIONS), default=None,
              help="A greedy game must end within this many actions [default: the ruleset's max_actions or 5000, "
                   "whichever is lower].")
@click.option("--explore", type=click.IntRange(min=0, max=MAX_EXPLORE), default=150, show_default=True,
              help="Every check runs after each of a game's first N actions (after that, the cheap ones); "
                   "random games stop there.")
@click.option("--save", type=OutputPath(), default=None, metavar="FILE",
              help="Write the shrunk reproduction of a failure as a game log (JSON Lines) for `rulesrun replay`.")
@sharing_options
@ENGINE
def check_command(ruleset: str, games: int, seed: int, players: int | None, bot: str | None,
                  max_actions: int | None, explore: int, save: str | None, sharing: Any, engine: str) -> None:
    """Play RULESET with bots and check the invariants every game must keep.

    Games are played at every player count the ruleset allows, with random
    bots (which explore the start of a game) and greedy bots (which play it to
    the end). The checks: every component is in exactly one zone and keeps its
    identity; a game that is not over always has a legal action; every listed
    action applies; a clone evolves independently; no view or list of moves
    shows a player a component hidden from them; greedy games end within
    --max-actions; the same seed gives the same log; the log replays to the
    same final state.

    The first failure stops the check. It is shrunk to the shortest action
    sequence found that breaks the invariant again from a new game with the same
    seed and players; --save FILE writes it for `rulesrun replay FILE`.

    Exit 0 when every invariant holds, 1 when one fails.
    """
    from ..interpreter import BOT_KINDS, check_ruleset
    game = load(ruleset, engine)
    if players is not None and not game.min_players <= players <= game.max_players:
        raise click.BadParameter(f"{game.title} is played by {game.min_players} to {game.max_players} players",
                                 param_hint="'--players'")
    result = check_ruleset(game, games, seed, None if players is None else [players],
                           BOT_KINDS if bot is None else (bot,), max_actions, explore, _told(game.name), sharing,
                           ruleset)
    counts = result.player_counts
    tables = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    played = (f"{result.games} game{'s' if result.games != 1 else ''} ({tables} players, "
              f"{' and '.join(result.bots)} bots, seed {seed}), {_actions(result.actions)} checked")
    if result.ok:
        _report_success(result.ruleset, played)
        return
    _report_failure(game, result, ruleset, played, save)
    raise SystemExit(1)


def _report_success(name: str, played: str) -> None:
    from ..interpreter import INVARIANTS
    click.echo(f"{name}: every invariant held in {played}")
    width = max(len(invariant.name) for invariant in INVARIANTS)
    for invariant in INVARIANTS:
        click.echo(f"  {invariant.name:<{width}}  {invariant.promise}")


def _report_failure(game: Any, result: Any, ruleset: str, played: str, save: str | None) -> None:
    from ..interpreter import reproduce
    from ..interpreter import open_output, write_game
    from .table import describe_action
    failure = result.failure
    invariant = failure.invariant
    click.echo(f"{result.ruleset}: FAILED {invariant.name}: {invariant.promise}")
    for problem in failure.problems[:SHOWN_PROBLEMS]:
        click.echo(f"  {problem}")
    if len(failure.problems) > SHOWN_PROBLEMS:
        click.echo(f"  ... and {len(failure.problems) - SHOWN_PROBLEMS} more")
    click.echo(f"Found after {_actions(failure.found_after)} of game {result.games} of the check "
               f"({failure.players} players, {failure.bot} bots, game seed {failure.seed}).")
    count = len(failure.actions)
    how = ("not shrunk: a game that does not end cannot be shown shorter" if invariant.name == "termination"
           else "not shrunk: replaying the actions did not break it again" if not failure.shrunk
           else f"shrunk from {failure.found_after}" if count < failure.found_after
           else "no shorter one found")
    click.echo(f"Reproduction: a new game with seed {failure.seed} and {failure.players} players, "
               f"then {_actions(count)} ({how}):")
    if not failure.actions:
        click.echo("  (none: the state right after setup)")
    lines: list[str] = []
    state = reproduce(game, failure, lambda s, a: lines.append(f"{a}  ({describe_action(s, a)})"))
    for number, line in enumerate(lines, 1):
        if count <= SHOWN_ACTIONS or number <= SHOWN_ACTIONS // 2 or number > count - SHOWN_ACTIONS // 2:
            click.echo(f"  {number:>{len(str(count))}}. {line}")
        elif number == SHOWN_ACTIONS // 2 + 1:
            click.echo(f"  ... {count - SHOWN_ACTIONS} more ...")
    again = "" if Path(ruleset).suffix != ".yaml" else f" --ruleset {ruleset}"
    if save is not None:
        with open_output(save) as stream:
            write_game(stream, state, [failure.bot] * failure.players)
        click.echo(f"Saved to {save}: replay it with `rulesrun replay {save}{again}`.")
    else:
        click.echo("Run the same check with --save FILE to write it as a game log for `rulesrun replay FILE`.")
    click.echo(f"Checked before the failure: {played}.")


def _actions(count: int) -> str:
    return f"{count} action{'s' if count != 1 else ''}"
