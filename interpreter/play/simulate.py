"""Bot-against-bot simulation: many games, one summary.

Every game's seed derives from the run's seed and the game's index, and every
bot's seed from its game's seed and its seat, so any single game can be played
again alone (`rulesrun play RULESET --humans 0 --seed GAME_SEED` with the same
players and bot kind reproduces it move for move), and a run shared among
worker processes or the machines of a Ray cluster (see `sharing`) gives
exactly the figures of a run in one process.

A *turn* is one TurnStarted event inside a finished round; a round is counted
when its RoundEnded event has happened. A game that runs past one of the
ruleset's bounds (`max_actions` in a round, `max_rounds`) is stopped and
counted as unfinished: its finished rounds count, the game itself does not
count towards the figures per game (length, wins, scores). A game is summarised
from its course alone (its rounds, turns, actions and shuffles); each move and
variable set is recorded only for a run that writes its log.
"""
from __future__ import annotations

import io
import time
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..engine import events as ev
from ..engine.game import Game
from ..engine.state import State
from ..errors import GameLimitExceeded
from .bots import Bot, make_bot
from .runner import play_out
from .sharing import LOCAL, Backend, share

SEED_STRIDE = 1_000_003


def derive_seed(seed: int, index: int) -> int:
    """A child seed: game `index` of a run, or seat `index` of a game."""
    return seed * SEED_STRIDE + index


def bot_seats(kind: str, players: int, game_seed: int) -> list[Bot]:
    """One bot per seat, each seeded from the game's seed and its seat."""
    return [make_bot(kind, derive_seed(game_seed, seat)) for seat in range(players)]


class Played(NamedTuple):
    """A bot game as it ended, or as it stood when it ran past one of the ruleset's bounds."""

    state: State
    stopped: GameLimitExceeded | None = None


def play_game(game: Game, players: int, game_seed: int, bot: str, single_round: bool = False,
              record_changes: bool = True) -> Played:
    """Play one bot game (or its first round); a game that passes a bound is stopped there.

    Without `record_changes` its events are enough to summarise it, not to log it (see `Game.new_state`).
    """
    state = game.new_state(players, game_seed, record_changes)
    try:
        return Played(play_out(state, bot_seats(bot, players, game_seed), single_round))
    except GameLimitExceeded as err:
        return Played(state, err)


@dataclass
class GameSummary:
    """What a designer asks about one game, read from its events."""

    turns: list[int] = field(default_factory=list)  # per finished round
    round_winners: list[int | None] = field(default_factory=list)
    first_players: list[int] = field(default_factory=list)  # who took each round's first turn
    round_points: list[int] = field(default_factory=list)  # points scored in each round
    reshuffles: int = 0  # a pile refilled from another during play
    actions: Counter = field(default_factory=Counter)
    winners: tuple[int, ...] = ()
    scores: list[int] = field(default_factory=list)
    stopped: bool = False  # the game ran past a bound of the ruleset before it was over
    log: str = ""


_SUMMARISED = frozenset({ev.RoundStarted, ev.TurnStarted, ev.Shuffled, ev.ActionTaken, ev.RoundEnded})


def summarise(state: State, stopped: bool = False) -> GameSummary:
    summary = GameSummary(scores=state.scores(), stopped=stopped)
    turns = None
    before = [0] * len(state.scores())
    for event in state.events:
        if type(event) not in _SUMMARISED:  # most events are moves and variables set
            continue
        if isinstance(event, ev.RoundStarted):
            turns = 0
        elif isinstance(event, ev.TurnStarted) and turns is not None:
            if turns == 0:
                summary.first_players.append(event.player)
            turns += 1
        elif isinstance(event, ev.Shuffled) and turns:
            summary.reshuffles += 1
        elif isinstance(event, ev.ActionTaken):
            summary.actions[event.action] += 1
        elif isinstance(event, ev.RoundEnded) and turns is not None:
            summary.turns.append(turns)
            summary.round_winners.append(event.winner)
            summary.round_points.append(sum(event.scores) - sum(before))
            before = list(event.scores)
            turns = None
    del summary.first_players[len(summary.turns):]
    summary.winners = () if stopped else game_winners(state)
    return summary


def game_winners(state: State) -> tuple[int, ...]:
    """The game's winners, or for a game stopped after its first round, that round's winner."""
    if state.is_over():
        return state.view(None).winners
    ended = next((e for e in state.events if isinstance(e, ev.RoundEnded)), None)
    return (ended.winner,) if ended is not None and ended.winner is not None else ()


class Stat:
    """Count, mean and variance of a stream of numbers, kept as sums without the numbers.

    Whole numbers (every figure of a run is one) are summed exactly, so that
    the tallies of a run's chunks merge into the figures of the run in one piece.
    """

    __slots__ = ("n", "total", "squares")

    def __init__(self) -> None:
        self.n = 0
        self.total: float = 0
        self.squares: float = 0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: Stat) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stat) and (self.n, self.total, self.squares) == (other.n, other.total, other.squares)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def variance(self) -> float:
        if self.n < 2:
            return 0.0
        return max(0.0, (self.n * self.squares - self.total * self.total) / (self.n * (self.n - 1)))


@dataclass
class Tally:
    """Everything a run reports, folded game by game: its size never grows with the games."""

    players: int
    games: int = 0
    unfinished: int = 0  # games stopped at a bound of the ruleset; not in the figures per game
    rounds_won: int = 0  # rounds that ended with a winner (a first player's share means nothing without them)
    wins_by_seat: list[int] = field(default_factory=list)
    score_totals: list[int] = field(default_factory=list)
    turns_histogram: Counter = field(default_factory=Counter)  # turns per round -> rounds
    game_length_histogram: Counter = field(default_factory=Counter)  # turns per game -> games
    actions: Counter = field(default_factory=Counter)
    stats: dict[str, Stat] = field(default_factory=dict)

    METRICS = ("turns_per_round", "rounds_per_game", "first_player_wins", "points_per_round",
               "reshuffles_per_game", "turns_per_game")

    def __post_init__(self) -> None:
        self.wins_by_seat = [0] * self.players
        self.score_totals = [0] * self.players
        self.stats = {name: Stat() for name in self.METRICS}

    def add(self, summary: GameSummary) -> None:
        self.games += 1
        self.actions.update(summary.actions)
        for turns, first, winner, points in zip(summary.turns, summary.first_players, summary.round_winners,
                                                summary.round_points):
            self.turns_histogram[turns] += 1
            self.stats["turns_per_round"].add(turns)
            self.stats["first_player_wins"].add(int(winner == first))
            self.rounds_won += winner is not None
            self.stats["points_per_round"].add(points)
        if summary.stopped:
            self.unfinished += 1
            return
        for seat in summary.winners:
            self.wins_by_seat[seat] += 1
        for seat, score in enumerate(summary.scores):
            self.score_totals[seat] += score
        self.game_length_histogram[sum(summary.turns)] += 1
        self.stats["rounds_per_game"].add(len(summary.turns))
        self.stats["reshuffles_per_game"].add(summary.reshuffles)
        self.stats["turns_per_game"].add(sum(summary.turns))

    def merge(self, other: Tally) -> None:
        """Add another part of the same run: the sums of both, as if one had played every game."""
        self.games += other.games
        self.unfinished += other.unfinished
        self.rounds_won += other.rounds_won
        self.wins_by_seat = [a + b for a, b in zip(self.wins_by_seat, other.wins_by_seat)]
        self.score_totals = [a + b for a, b in zip(self.score_totals, other.score_totals)]
        self.turns_histogram.update(other.turns_histogram)
        self.game_length_histogram.update(other.game_length_histogram)
        self.actions.update(other.actions)
        for name, stat in other.stats.items():
            self.stats[name].merge(stat)

    @property
    def rounds(self) -> int:
        return self.stats["turns_per_round"].n

    def median_turns(self) -> float:
        ordered = sorted(self.turns_histogram.items())
        total = sum(count for _, count in ordered)
        if not total:
            return 0.0
        middle = [(total - 1) // 2, total // 2]
        values, seen = [], 0
        for turns, count in ordered:
            for position in middle:
                if seen <= position < seen + count:
                    values.append(turns)
            seen += count
        return sum(values) / len(values)


@dataclass(frozen=True)
class SimulationResult:
    """The summary of a run; `seconds` is the wall time spent playing."""

    ruleset: str
    players: int
    seed: int
    bot: str
    single_round: bool
    seconds: float
    tally: Tally = field(repr=False)

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def rounds(self) -> int:
        return self.tally.rounds

    @property
    def mean_turns(self) -> float:
        return self.tally.stats["turns_per_round"].mean

    @property
    def median_turns(self) -> float:
        return self.tally.median_turns()

    @property
    def wins_by_seat(self) -> list[int]:
        return self.tally.wins_by_seat

    @property
    def unfinished(self) -> int:
        return self.tally.unfinished

    @property
    def mean_score_by_seat(self) -> list[float]:
        finished = self.games - self.unfinished
        return [total / finished if finished else 0.0 for total in self.tally.score_totals]

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        tally = self.tally
        return {
            "ruleset": self.ruleset, "players": self.players, "seed": self.seed, "bot": self.bot,
            "single_round": self.single_round, "games": self.games, "unfinished": self.unfinished,
            "rounds": self.rounds,
            "mean_turns": self.mean_turns, "median_turns": self.median_turns,
            "wins_by_seat": self.wins_by_seat, "mean_score_by_seat": self.mean_score_by_seat,
            "first_player_win_rate": tally.stats["first_player_wins"].mean,
            "mean_points_per_round": tally.stats["points_per_round"].mean,
            "mean_rounds_per_game": tally.stats["rounds_per_game"].mean,
            "mean_reshuffles_per_game": tally.stats["reshuffles_per_game"].mean,
            "actions": dict(sorted(tally.actions.items())),
            "game_length_histogram": {str(k): v for k, v in sorted(tally.game_length_histogram.items())},
            "seconds": self.seconds, "games_per_second": self.games_per_second,
            "rounds_per_second": self.rounds_per_second,
        }


@dataclass(frozen=True)
class _Run:
    """What every chunk of a simulation needs besides its game numbers."""

    players: int
    seed: int
    bot: str
    single_round: bool
    with_log: bool


class _Part(NamedTuple):
    """A chunk of games, tallied, with the log text of each game when logs are asked for."""

    tally: Tally
    logs: list[str]


def _play_chunk(game: Game, run: _Run, numbers: Sequence[int]) -> _Part:
    tally, logs = Tally(run.players), []
    for number in numbers:
        summary = _play_one(game, run.players, derive_seed(run.seed, number), run.bot, run.single_round, run.with_log)
        tally.add(summary)
        if run.with_log:
            logs.append(summary.log)
    return _Part(tally, logs)


def _play_one(game: Game, players: int, game_seed: int, bot: str, single_round: bool,
              with_log: bool) -> GameSummary:
    state, stopped = play_game(game, players, game_seed, bot, single_round, record_changes=with_log)
    summary = summarise(state, stopped is not None)
    if with_log:
        from .log import write_game
        text = io.StringIO()
        write_game(text, state, [bot] * players, stopped)
        summary.log = text.getvalue()
    return summary


def simulate(game: Game, games: int, players: int, seed: int = 0, bot: str = "random",
             single_round: bool = False, on_log: Callable[[str], None] | None = None,
             backend: Backend = LOCAL, ruleset: str | None = None,
             on_progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Play `games` bot games and summarise them.

    `backend` says where the games are played (see `sharing`); the ray backend
    needs `ruleset`, the shipped name or path `game` was loaded from. The
    figures are the same wherever they are played. `on_log` receives each
    game's log text, in game order; `on_progress` the games done so far.
    """
    run = _Run(players, seed, bot, single_round, on_log is not None)
    tally = Tally(players)
    started = time.perf_counter()
    if on_progress is not None:
        on_progress(0)  # shown at once, while the workers start
    with closing(share(_play_chunk, game, run, range(games), backend, ruleset)) as parts:
        for part in parts:  # closed at once however the loop ends: the workers stop with it
            tally.merge(part.tally)
            if on_log is not None:
                for text in part.logs:
                    on_log(text)
            if on_progress is not None:
                on_progress(tally.games)
    return SimulationResult(ruleset=game.name, players=players, seed=seed, bot=bot, single_round=single_round,
                            seconds=time.perf_counter() - started, tally=tally)
