"""Bot-against-bot simulation: many games, one summary.

Every game's seed derives from the run's seed and the game's index, and every
bot's seed from its game's seed and its seat, so any single game can be played
again alone (`rulesrun play RULESET --humans 0 --seed GAME_SEED` with the same
players and bot kind reproduces it move for move).

A *turn* is one TurnStarted event inside a finished round; a round is counted
when its RoundEnded event has happened.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any, Callable

from . import events as ev
from .bots import Bot, make_bot
from .errors import GameLimitExceeded
from .game import Game
from .runner import play_out
from .state import State

SEED_STRIDE = 1_000_003


def derive_seed(seed: int, index: int) -> int:
    """A child seed: game `index` of a run, or seat `index` of a game."""
    return seed * SEED_STRIDE + index


def bot_seats(kind: str, players: int, game_seed: int) -> list[Bot]:
    """One bot per seat, each seeded from the game's seed and its seat."""
    return [make_bot(kind, derive_seed(game_seed, seat)) for seat in range(players)]


def play_game(game: Game, players: int, game_seed: int, bot: str, single_round: bool = False) -> State:
    """Play one bot game (or its first round); an endless game names its seed."""
    state = game.new_state(players, game_seed)
    try:
        return play_out(state, bot_seats(bot, players, game_seed), single_round)
    except GameLimitExceeded as err:
        raise GameLimitExceeded(f"the game with seed {game_seed} did not end: {err}") from None


def turns_per_round(state: State) -> list[int]:
    """How many turns began in each round that ended."""
    counts: list[int] = []
    current = None
    for event in state.events:
        if isinstance(event, ev.RoundStarted):
            current = 0
        elif isinstance(event, ev.TurnStarted) and current is not None:
            current += 1
        elif isinstance(event, ev.RoundEnded) and current is not None:
            counts.append(current)
            current = None
    return counts


def game_winners(state: State) -> tuple[int, ...]:
    """The game's winners, or for a game stopped after its first round, that round's winner."""
    if state.is_over():
        return state.winners
    ended = next((e for e in state.events if isinstance(e, ev.RoundEnded)), None)
    return (ended.winner,) if ended is not None and ended.winner is not None else ()


@dataclass(frozen=True)
class SimulationResult:
    """The summary of a run; `seconds` counts only the time spent playing."""

    ruleset: str
    players: int
    seed: int
    bot: str
    single_round: bool
    games: int
    rounds: int
    mean_turns: float
    median_turns: float
    wins_by_seat: list[int]
    mean_score_by_seat: list[float]
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "players": self.players, "seed": self.seed, "bot": self.bot,
            "single_round": self.single_round, "games": self.games, "rounds": self.rounds,
            "mean_turns": self.mean_turns, "median_turns": self.median_turns,
            "wins_by_seat": self.wins_by_seat, "mean_score_by_seat": self.mean_score_by_seat,
            "seconds": self.seconds, "games_per_second": self.games_per_second,
            "rounds_per_second": self.rounds_per_second,
        }


def simulate(game: Game, games: int, players: int, seed: int = 0, bot: str = "random",
             single_round: bool = False, on_game: Callable[[State], None] | None = None) -> SimulationResult:
    """Play `games` bot games and summarise them; `on_game` sees each finished game (e.g. to log it)."""
    turns: list[int] = []
    wins = [0] * players
    totals = [0] * players
    seconds = 0.0
    for index in range(games):
        started = time.perf_counter()
        state = play_game(game, players, derive_seed(seed, index), bot, single_round)
        seconds += time.perf_counter() - started
        turns.extend(turns_per_round(state))
        for seat in game_winners(state):
            wins[seat] += 1
        for seat, score in enumerate(state.scores()):
            totals[seat] += score
        if on_game is not None:
            on_game(state)
    return SimulationResult(
        ruleset=game.name, players=players, seed=seed, bot=bot, single_round=single_round, games=games,
        rounds=len(turns), mean_turns=statistics.fmean(turns) if turns else 0.0,
        median_turns=statistics.median(turns) if turns else 0.0, wins_by_seat=wins,
        mean_score_by_seat=[total / games if games else 0.0 for total in totals], seconds=seconds)
