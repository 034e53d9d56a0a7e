"""`rulesrun compare A B`: what a rule change does, measured on the same seeds."""
from __future__ import annotations

import json
import math
from typing import Any

import click

from .bots import LEVEL, BotKind, at_level
from .bounds import MAX_GAMES, Seed
from .engine import ENGINE, load
from .paths import OutputPath
from .sharing import sharing_options


def _number(value: float) -> str:
    if math.isnan(value):
        return ""
    return f"{value:.3f}" if abs(value) < 1 else f"{value:.1f}"


def _difference(row) -> str:  # noqa: ANN001
    if math.isnan(row.low):
        return f"{row.difference:+.1f}"
    if math.isinf(row.low):
        return f"{row.difference:+.3g}  (too few samples for an interval)"
    mark = "  *" if row.significant else ""
    return f"{row.difference:+.3g}  [{row.low:+.3g}, {row.high:+.3g}]{mark}"


@click.command("compare")
@click.argument("first", metavar="A")
@click.argument("second", metavar="B")
@click.option("--games", type=click.IntRange(min=2, max=MAX_GAMES), default=500, show_default=True,
              help=f"Games to play with each (2 to {MAX_GAMES:,}).")
@click.option("--players", type=click.IntRange(min=1), default=None,
              help="Number of players [default: the smallest table both rulesets allow].")
@click.option("--seed", type=Seed(), default=0, show_default=True,
              help="Seed of all randomness (the same for A and B), a 64-bit whole number (-2**63 to 2**63 - 1).")
@click.option("--bot", type=BotKind(), default="greedy", show_default=True,
              help="Kind of bot in every seat: random, greedy or search (search:easy, search:normal, search:hard, "
                   "search:PLAYOUTS).")
@LEVEL
@sharing_options
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as one JSON object.")
@click.option("--plot", type=OutputPath(), default=None, metavar="FILE.png",
              help="Also draw both game-length histograms into this picture (needs matplotlib).")
@ENGINE
def compare_command(first: str, second: str, games: int, players: int | None, seed: int, bot: str,
                    level: str | None, sharing: Any, as_json: bool, plot: str | None, engine: str) -> None:
    """Simulate rulesets A and B on the same seeds and compare them side by side.

    Each difference B − A comes with its 95% confidence interval; a star marks
    the differences whose interval does not include zero. Then, for each: the
    game lengths, the first player's share of round wins and the actions taken.
    """
    from ..interpreter import compare
    from ..interpreter import simulate
    from ..interpreter.play.sharing import joined
    from .stats import progress, require_plotting, save_plot

    if plot is not None:
        require_plotting()
    bot = at_level([bot], level)[0]
    game_a, game_b = load(first, engine), load(second, engine)
    low = max(game_a.min_players, game_b.min_players)
    high = min(game_a.max_players, game_b.max_players)
    count = low if players is None else players
    if not low <= count <= high:
        raise click.BadParameter(f"both rulesets allow {low} to {high} players", param_hint="'--players'")
    with joined(sharing):
        results = [simulate(game, games, count, seed, bot, backend=sharing, ruleset=name,
                            on_progress=progress(name, games))
                   for game, name in ((game_a, first), (game_b, second))]
    rows = compare(*results)
    if plot is not None:
        save_plot(plot, [(name, result.tally.game_length_histogram) for name, result in zip((first, second), results)])
    if as_json:
        click.echo(json.dumps({
            "a": first, "b": second, "games": games, "players": count, "seed": seed, "bot": bot,
            "unfinished": {"a": results[0].unfinished, "b": results[1].unfinished},
            "figures": {row.key: {"a": row.a, "b": row.b, "difference": row.difference,
                                  "ci95": None if math.isnan(row.low) or math.isinf(row.low) else [row.low, row.high]}
                        for row in rows}}))
        return
    click.echo(f"{games} games each, {count} players, {bot} bots, seed {seed}")
    for name, result in zip((first, second), results):
        if result.unfinished:
            click.echo(f"{name}: {result.unfinished} unfinished (stopped at a bound of the ruleset; "
                       f"not in the figures per game)")
    width = max(len(row.label) for row in rows)
    click.echo(f"{'':<{width}}  {first:>14}  {second:>14}  difference B − A  [95% interval]")
    for row in rows:
        click.echo(f"{row.label:<{width}}  {_number(row.a):>14}  {_number(row.b):>14}  {_difference(row)}")
    _design(first, second, results)


def _design(first: str, second: str, results: list) -> None:  # noqa: ANN001 - two SimulationResults
    """Game lengths on shared bins and scale, first-player advantage and actions, A then B."""
    from .stats import action_line, bins, binned, first_player_line, histogram_lines
    histograms = [result.tally.game_length_histogram for result in results]
    ranges = bins(histograms)
    largest = max((n for histogram in histograms for n in binned(histogram, ranges)), default=0)
    for name, result, histogram in zip((first, second), results, histograms):
        click.echo(f"\n{name}: game length (turns per game):")
        for line in histogram_lines(histogram, ranges, largest):
            click.echo(line)
        click.echo(first_player_line(result.tally.stats["first_player_wins"], result.players))
        click.echo(action_line(result.tally.actions))
