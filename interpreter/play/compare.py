"""Compare two rulesets the way a designer asks: same seeds, side by side, with confidence intervals."""
from __future__ import annotations

import math
from dataclasses import dataclass

from .simulate import SimulationResult, Stat

Z95 = 1.959964  # two-sided 95% normal quantile

FIGURES = (
    ("turns_per_round", "turns per round (mean)"),
    ("rounds_per_game", "rounds per game"),
    ("first_player_wins", "first player wins the round"),
    ("points_per_round", "points per round"),
    ("reshuffles_per_game", "reshuffles per game"),
    ("turns_per_game", "turns per game"),
)


@dataclass(frozen=True)
class Row:
    """One figure for A and B, and B − A with its 95% confidence interval."""

    key: str
    label: str
    a: float
    b: float
    low: float
    high: float

    @property
    def difference(self) -> float:
        return self.b - self.a

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0


def interval(a: Stat, b: Stat) -> tuple[float, float]:
    """95% interval of mean(B) − mean(A) for two independent samples (normal approximation)."""
    diff = b.mean - a.mean
    if a.n < 2 or b.n < 2:
        return (-math.inf, math.inf)
    spread = Z95 * math.sqrt(a.variance / a.n + b.variance / b.n)
    return (diff - spread, diff + spread)


def compare(first: SimulationResult, second: SimulationResult) -> list[Row]:
    rows = []
    for key, label in FIGURES:
        a, b = first.tally.stats[key], second.tally.stats[key]
        low, high = interval(a, b)
        rows.append(Row(key, label, a.mean, b.mean, low, high))
    median_a, median_b = first.median_turns, second.median_turns
    rows.insert(1, Row("median_turns", "turns per round (median)", median_a, median_b, math.nan, math.nan))
    return rows
