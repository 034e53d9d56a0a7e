"""Design statistics for `simulate` and `compare`: what a designer asks of many games.

How long games last (a text histogram of turns per game, in about ten equal
bins; `--plot FILE.png` draws it when matplotlib is installed), how much the
first player gains (the share of rounds the round's first player wins, with
its 95% interval, beside an even share), and how often each action was taken.
"""
from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any, Sequence

import click

from ..interpreter import Z95

BINS = 10
BAR = 30  # characters for the largest bin


def bins(histograms: Sequence[Counter], count: int = BINS) -> list[tuple[int, int]]:
    """About `count` equal ranges (low, high) covering every length in the histograms."""
    lengths = [length for histogram in histograms for length in histogram]
    if not lengths:
        return []
    low, high = min(lengths), max(lengths)
    width = max(1, math.ceil((high - low + 1) / count))
    return [(start, start + width - 1) for start in range(low, high + 1, width)]


def binned(histogram: Counter, ranges: Sequence[tuple[int, int]]) -> list[int]:
    return [sum(n for length, n in histogram.items() if low <= length <= high) for low, high in ranges]


def histogram_lines(histogram: Counter, ranges: Sequence[tuple[int, int]] | None = None, largest: int = 0) -> list[str]:
    """One line per bin: its range, a bar scaled to `largest` (default: this histogram's largest bin), the count."""
    ranges = bins([histogram]) if ranges is None else ranges
    counts = binned(histogram, ranges)
    largest = largest or max(counts, default=0)
    width = len(str(ranges[-1][1])) if ranges else 1
    lines = []
    for (low, high), n in zip(ranges, counts):
        label = f"{low}" if low == high else f"{low}-{high}"
        bar = "#" * round(BAR * n / largest) if largest else ""
        lines.append(f"  {label:>{2 * width + 1}} | {bar:<{BAR}} {n}")
    return lines


def first_player_line(stat: Any, players: int, rounds_won: int | None = None) -> str:
    """The first player's share of round wins, with its 95% interval (normal approximation).

    When no round had a winner (`rounds_won` 0) there is no share to give: "0.0%" would read as a disadvantage.
    """
    if stat.n == 0:
        return "first player wins: no finished rounds"
    if rounds_won == 0:
        return f"first player wins: no round winner in {stat.n} round{'s' if stat.n != 1 else ''}"
    low, high = rate_interval(stat)
    interval = f"95% interval {low:.1%}-{high:.1%}" if stat.n > 1 else "too few rounds for an interval"
    return (f"first player wins {stat.mean:.1%} of {stat.n} rounds ({interval}; "
            f"an even share is {1 / players:.1%})")


def rate_interval(stat: Any) -> tuple[float, float]:
    """mean ± 1.96·sqrt(variance / n), kept within 0 and 1."""
    spread = Z95 * math.sqrt(stat.variance / stat.n) if stat.n > 1 else math.inf
    return max(0.0, stat.mean - spread), min(1.0, stat.mean + spread)


def action_line(actions: Counter) -> str:
    """Each action kind with how often it was taken and its share, most taken first."""
    total = sum(actions.values())
    if not total:
        return "actions taken: none"
    return "actions taken: " + " · ".join(f"{name} {n} ({n / total:.0%})" for name, n in actions.most_common())


def design_lines(tally: Any) -> list[str]:
    """Game lengths, first-player advantage and action counts of one simulation's tally."""
    lines = [f"game length (turns per game, {tally.games} games):"]
    lines += histogram_lines(tally.game_length_histogram)
    lines.append(first_player_line(tally.stats["first_player_wins"], tally.players, tally.rounds_won))
    lines.append(action_line(tally.actions))
    return lines


def progress(label: str, total: int) -> Callable[[int], None] | None:
    """A progress line on a terminal; nothing when the output is not a terminal."""
    if not sys.stderr.isatty() or total < 20:
        return None

    def show(done: int) -> None:
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\r{label:<24} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            sys.stderr.write("\r" + " " * (width + 40) + "\r")
        sys.stderr.flush()
    return show


def require_plotting() -> None:
    """Fail early, with the way to fix it, when pictures cannot be drawn."""
    try:
        import matplotlib  # noqa: F401 - only asking whether it is installed
    except ImportError:
        raise click.ClickException("--plot needs matplotlib, an optional extra: pip install 'rulesrun[plot]'") \
            from None


def save_plot(path: str, series: Sequence[tuple[str, Counter]]) -> None:
    """Game-length histograms (one per labelled series, same bins) as a picture, and where it went."""
    _draw(path, series)
    click.echo(f"game-length histogram written to {path}", err=True)


def _draw(path: str, series: Sequence[tuple[str, Counter]]) -> None:
    import matplotlib
    matplotlib.use("Agg")  # files only, no window
    import matplotlib.pyplot as plt
    ranges = bins([histogram for _, histogram in series], BINS * 2)
    figure, axes = plt.subplots(figsize=(8, 4.5))
    edges = [low for low, _ in ranges] + [ranges[-1][1] + 1] if ranges else [0, 1]
    for label, histogram in series:
        axes.stairs(binned(histogram, ranges) if ranges else [0], edges, label=label, fill=len(series) == 1,
                    alpha=0.6 if len(series) == 1 else 1.0)
    axes.set_xlabel("turns per game")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    if len(series) > 1:
        axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
