"""The bounds of the numbers a command takes: a value past them is a usage error at once, not a crash later.

`--games` is bounded so that a typo does not start a run of years (and, for
`check`, a plan of billions of games held in memory); `--seed` so that every
game seed derived from it (S × 1000003 + i) is one a log may hold
(docs/log-format.md); `--delay` so that `time.sleep` never meets infinity, NaN
or a pause of hours.
"""
from __future__ import annotations

import math
from typing import Any

import click

MAX_GAMES = 1_000_000  # simulate, and compare for each ruleset
MAX_CHECK_GAMES = 10_000  # check, for each player count and bot kind: up to 20 × 2 × this games
MAX_CHECK_ACTIONS = 1_000_000  # check --max-actions: as many as a ruleset's own max_actions may be
MAX_EXPLORE = 100_000  # check --explore: actions checked in full, each against every invariant
MAX_DELAY = 60.0  # seconds after a bot's move in `play`
SEED_LIMIT = 2 ** 63  # a seed is a signed 64-bit whole number: -2**63 <= S < 2**63


class Seed(click.ParamType):
    """A seed: a signed 64-bit whole number (its range is said in the help, not drawn by click in digits)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        number = click.INT.convert(value, param, ctx)
        if not -SEED_LIMIT <= number < SEED_LIMIT:
            self.fail(f"{_short(value)} is not a 64-bit whole number (-2**63 to 2**63 - 1)", param, ctx)
        return number


class Seconds(click.FloatRange):
    """A pause in seconds, from 0 to MAX_DELAY; `inf` and `nan` are numbers to Python but no pause."""

    name = "seconds"

    def __init__(self) -> None:
        super().__init__(min=0, max=MAX_DELAY)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{_short(value)} is not a number of seconds", param, ctx)
        return super().convert(number, param, ctx)


def _short(value: Any) -> str:
    """The value as typed, cut short (a seed of a million digits is refused in one line)."""
    text = str(value)
    return text if len(text) <= 40 else text[:36] + "…"
