"""Bots against bots: a round robin of two-player games, win rates with 95% intervals and Elo-style ratings.

Every pair of bots plays `games` games. The games come in mirrored pairs: the
same deal (the same game seed) is played twice, each bot taking the first seat
once, so neither the seat nor the luck of the deal favours either bot. Game
`k` of pairing `i` has the seed `derive_seed(derive_seed(seed, i), k // 2)`,
and each bot's seed derives from its game's seed and its seat as in
`simulate`, so any game can be played again alone. A game that nobody wins, or
that runs past a bound of the ruleset, counts half a point to each bot.

A rating is the Bradley-Terry strength fitted to all the results (every
pairing starts with one drawn game, so that a bot that won every game still
gets a finite rating), on the Elo scale: 400 points are odds of 10 to 1, and
the ratings average 1500.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, overload

from ..engine.game import Game
from ..errors import GameLimitExceeded
from .bots import make_bot
from .compare import Z95
from .runner import play_out
from .sharing import LOCAL, Backend, share
from .simulate import derive_seed, game_winners

ELO_SCALE = 400 / math.log(10)
ELO_MEAN = 1500.0


def play_match(game: Game, kinds: Sequence[str], game_seed: int, single_round: bool = False) -> tuple[int, ...]:
    """Play one game with a bot of each kind in its seat; the winning seats (none for a game stopped at a bound)."""
    state = game.new_state(len(kinds), game_seed)
    seats = [make_bot(kind, derive_seed(game_seed, seat)) for seat, kind in enumerate(kinds)]
    try:
        play_out(state, seats, single_round)
    except GameLimitExceeded:
        return ()
    return game_winners(state)


@dataclass(frozen=True)
class Fixture:
    """One game of the round robin: which pairing, which game of it, and who sits first."""

    pairing: int
    number: int
    seats: tuple[str, str]
    seed: int


class Schedule(Sequence[Fixture]):
    """Every game of the round robin, pairing by pairing; each deal is played twice, seats swapped.

    A game is worked out from its number when it is asked for, so a schedule of
    millions of games holds only its pairings.
    """

    def __init__(self, bots: Sequence[str], games: int, seed: int):
        self.pairs = tuple(combinations(bots, 2))
        self.games = games
        self.seed = seed

    def __len__(self) -> int:
        return len(self.pairs) * self.games

    @overload
    def __getitem__(self, key: int) -> Fixture: ...

    @overload
    def __getitem__(self, key: slice) -> list[Fixture]: ...

    def __getitem__(self, key: int | slice) -> Fixture | list[Fixture]:
        numbers = range(len(self))[key]  # out of range raises IndexError, as a list's would
        return [self._game(n) for n in numbers] if isinstance(numbers, range) else self._game(numbers)

    def _game(self, number: int) -> Fixture:
        pairing, within = divmod(number, self.games)
        first, second = self.pairs[pairing]
        seats = (first, second) if within % 2 == 0 else (second, first)
        return Fixture(pairing, within, seats, derive_seed(derive_seed(self.seed, pairing), within // 2))


def fixtures(bots: Sequence[str], games: int, seed: int) -> Schedule:
    """Every game of the round robin, in order (see `Schedule`)."""
    return Schedule(bots, games, seed)


@dataclass
class Standing:
    """One bot's results: points (a win 1, a game nobody won 1/2) over games played."""

    bot: str
    games: int = 0
    points: float = 0.0
    rating: float = ELO_MEAN

    @property
    def rate(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.points, self.games)


@dataclass
class Result:
    """A whole round robin: each bot's standing, and each pairing's points for its first bot."""

    ruleset: str
    bots: list[str]
    games: int  # per pairing
    seed: int
    single_round: bool
    standings: dict[str, Standing] = field(default_factory=dict)
    pairings: dict[tuple[str, str], list[float]] = field(default_factory=dict)  # (a, b) -> [a's points, games]

    def add(self, fixture: Fixture, winners: tuple[int, ...]) -> None:
        points = _points(winners)
        first, second = sorted(fixture.seats, key=self.bots.index)
        tally = self.pairings.setdefault((first, second), [0.0, 0])
        tally[0] += points[fixture.seats.index(first)]
        tally[1] += 1
        for seat, bot in enumerate(fixture.seats):
            standing = self.standings[bot]
            standing.games += 1
            standing.points += points[seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "players": 2, "games_per_pairing": self.games, "seed": self.seed,
            "single_round": self.single_round,
            "bots": [{"bot": s.bot, "games": s.games, "points": s.points, "win_rate": s.rate,
                      "ci95": list(s.interval), "rating": round(s.rating, 1)} for s in self.ranked()],
            "pairings": [{"a": a, "b": b, "games": int(n), "a_points": p, "a_win_rate": p / n if n else 0.0,
                          "ci95": list(wilson(p, int(n)))} for (a, b), (p, n) in self.pairings.items()],
        }

    def ranked(self) -> list[Standing]:
        return sorted(self.standings.values(), key=lambda s: -s.rating)


def _points(winners: tuple[int, ...]) -> tuple[float, float]:
    """Each seat's points from one game: 1 to the winner, half to each when both or neither won."""
    if len(winners) == 1:
        return (1.0, 0.0) if winners[0] == 0 else (0.0, 1.0)
    return (0.5, 0.5)


def wilson(points: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    rate, z2 = points / games, Z95 * Z95
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    spread = Z95 * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - spread), min(1.0, centre + spread))


def ratings(bots: Sequence[str], pairings: dict[tuple[str, str], list[float]], rounds: int = 500) -> dict[str, float]:
    """Bradley-Terry strengths fitted by minorise-maximise iterations, each pairing with one drawn game added."""
    wins = {b: 0.0 for b in bots}
    meetings: dict[tuple[str, str], float] = {}
    for (a, b), (points, games) in pairings.items():
        wins[a] += points + 0.5
        wins[b] += games - points + 0.5
        meetings[a, b] = meetings[b, a] = games + 1
    strength = {b: 1.0 for b in bots}
    for _ in range(rounds):
        for bot in bots:
            spread = sum(n / (strength[bot] + strength[other]) for (one, other), n in meetings.items() if one == bot)
            if spread:
                strength[bot] = wins[bot] / spread
        mean = sum(math.log(s) for s in strength.values()) / len(strength)
        strength = {b: s / math.exp(mean) for b, s in strength.items()}
    return {b: ELO_MEAN + ELO_SCALE * math.log(s) for b, s in strength.items()}


def _play_fixtures(game: Game, single_round: bool, planned: Sequence[Fixture]) -> list[tuple[int, ...]]:
    return [play_match(game, fixture.seats, fixture.seed, single_round) for fixture in planned]


def tournament(game: Game, bots: Sequence[str], games: int, seed: int = 0, single_round: bool = False,
               backend: Backend = LOCAL, on_progress: Callable[[int], None] | None = None,
               ruleset: str | None = None) -> Result:
    """Play the round robin of `bots` (checked bot kinds, at least two, each once) and rate them.

    `backend` says where the games are played (see `sharing`; the ray backend
    needs `ruleset`, the shipped name or path `game` was loaded from).
    """
    if len(bots) < 2 or len(set(bots)) != len(bots):
        raise ValueError("a tournament takes at least two bots, each named once")
    planned = fixtures(bots, games, seed)
    result = Result(game.name, list(bots), games, seed, single_round, {b: Standing(b) for b in bots})
    done = 0
    if on_progress is not None:
        on_progress(done)  # shown at once, while the workers start
    with closing(share(_play_fixtures, game, single_round, planned, backend, ruleset)) as parts:
        for part in parts:  # closed at once however the loop ends: the workers stop with it
            for winners in part:
                result.add(planned[done], winners)
                done += 1
            if on_progress is not None:
                on_progress(done)
    for bot, rating in ratings(bots, result.pairings).items():
        result.standings[bot].rating = rating
    return result
