"""`rulesrun tournament RULESET --bots A,B,...`: which bot plays a ruleset best, with intervals and ratings."""
from __future__ import annotations

import json
from typing import Any

import click

from .bots import LEVEL, at_level, bot_list
from .bounds import MAX_GAMES, Seed
from .engine import ENGINE, load
from .sharing import sharing_options
from .stats import progress


@click.command("tournament")
@click.argument("ruleset", metavar="RULESET")
@click.option("--bots", "kinds", required=True, metavar="KIND,KIND,...", callback=bot_list,
              help="The bots to play each other, at least two, e.g. random,greedy,search:200.")
@click.option("--games", type=click.IntRange(min=2, max=MAX_GAMES), default=100, show_default=True,
              help=f"Games for each pair of bots (2 to {MAX_GAMES:,}); each deal is played twice, seats swapped.")
@click.option("--seed", type=Seed(), default=0, show_default=True,
              help="Seed of all randomness, a 64-bit whole number (-2**63 to 2**63 - 1).")
@click.option("--single-round", is_flag=True, help="Play each game's first round only.")
@sharing_options
@click.option("--json", "as_json", is_flag=True, help="Print the results as one JSON object.")
@LEVEL
@ENGINE
def tournament_command(ruleset: str, kinds: list[str], games: int, seed: int, single_round: bool, sharing: Any,
                       as_json: bool, level: str | None, engine: str) -> None:
    """Play every pair of bots against each other, two players a game, and rate them.

    Each bot's win rate comes with its 95% interval (Wilson); the rating is on the
    Elo scale (400 points: odds of 10 to 1), fitted to every result, averaging 1500.
    A game nobody wins counts half to each bot.
    """
    from ..interpreter.play.tournament import tournament, wilson
    kinds = at_level(kinds, level)
    if len(kinds) < 2 or len(set(kinds)) != len(kinds):
        raise click.BadParameter("name at least two bots, each once", param_hint="'--bots'")
    game = load(ruleset, engine)
    if not game.min_players <= 2 <= game.max_players:
        raise click.BadParameter(f"a tournament plays two-player games; {game.title} is played by "
                                 f"{game.min_players} to {game.max_players} players", param_hint="'RULESET'")
    pairs = len(kinds) * (len(kinds) - 1) // 2
    result = tournament(game, kinds, games, seed, single_round, sharing,
                        on_progress=progress(ruleset, pairs * games), ruleset=ruleset)
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    click.echo(f"{result.ruleset}: {len(kinds)} bots, {games} games a pair (two players, each deal from both "
               f"seats), seed {seed}" + (", first round only" if single_round else ""))
    width = max(len(kind) for kind in kinds) + 2
    click.echo(f"{'bot':<{width}}{'games':>7}  {'win rate':>8}  {'95% interval':<16}  {'rating':>6}")
    for standing in result.ranked():
        shown = _interval(*standing.interval)
        click.echo(f"{standing.bot:<{width}}{standing.games:>7}  {standing.rate:>8.1%}  {shown:<16}  "
                   f"{standing.rating:>6.0f}")
    click.echo("each pair (the win rate of the first against the second):")
    for (first, second), (points, played) in result.pairings.items():
        click.echo(f"  {first} against {second}: {points / played:.1%} of {int(played)} games "
                   f"{_interval(*wilson(points, int(played)))}")


def _interval(low: float, high: float) -> str:
    return f"[{low:.1%}, {high:.1%}]"
