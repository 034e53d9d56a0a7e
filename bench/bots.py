"""How strong and how quick the bots are: tournaments of two-player rounds, and the time of a search decision.

Usage:
    python bench/bots.py strength [--games N] [--workers W] [--games-list uno,dos,uno-dice] [--pair A,B]
    python bench/bots.py decision [--players 4] [--ruleset uno] [--positions 30] [--bot search:normal]

`strength` plays `rulesrun tournament`'s round robin (single rounds, each deal from both seats) for
each game and prints the first bot's win rate against the second with its 95% interval.
`decision` times one bot's decisions (wall clock) in positions of greedy games, the game itself on
the interpreter as `rulesrun play` runs it (the search plays out on the generated engine), and
prints the median, the 90th percentile and the largest.
"""
from __future__ import annotations

import argparse
import statistics
import time

from rulesrun.interpreter import load_game
from rulesrun.interpreter.play.bots import make_bot
from rulesrun.interpreter.play.runner import step
from rulesrun.interpreter.play.sharing import Backend
from rulesrun.interpreter.play.tournament import tournament, wilson


def strength(games: list[str], pair: list[str], count: int, workers: int, seed: int) -> None:
    for name in games:
        started = time.perf_counter()
        result = tournament(load_game(name, "generated"), pair, count, seed=seed, single_round=True,
                            backend=Backend(workers=workers))
        points, played = result.pairings[(pair[0], pair[1])]
        low, high = wilson(points, int(played))
        print(f"{name:9} {pair[0]} against {pair[1]}: {points / played:.1%} of {int(played)} rounds "
              f"[{low:.1%}, {high:.1%}]  ({time.perf_counter() - started:.0f} s)", flush=True)


def decision(ruleset: str, players: int, positions: int, kind: str) -> None:
    game = load_game(ruleset)
    index = game.action_index
    times: list[float] = []
    seed = 0
    while len(times) < positions:
        state = game.new_state(players, seed)
        seats = [make_bot("greedy", seed * 10 + p) for p in range(players)]
        bot = make_bot(kind, seed)
        for moment in range(60):
            if state.is_over() or len(times) >= positions:
                break
            mine = [a for a in state.legal_actions()
                    if a.actor == state.current_player() and not index[a.name].by_anyone]
            if len(mine) > 1 and moment % 4 == 0:
                started = time.perf_counter()
                bot.choose(state, mine)
                times.append(time.perf_counter() - started)
            step(state, seats)
        seed += 1
    times.sort()
    print(f"{ruleset} {players} players, {kind}: {len(times)} decisions, median {statistics.median(times):.3f} s, "
          f"90th percentile {times[int(len(times) * 0.9)]:.3f} s, largest {times[-1]:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["strength", "decision"])
    parser.add_argument("--games", type=int, default=200, help="rounds for each game (strength)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games-list", default="uno,dos,uno-dice")
    parser.add_argument("--pair", default="search:normal,greedy")
    parser.add_argument("--ruleset", default="uno")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--bot", default="search:normal")
    args = parser.parse_args()
    if args.what == "strength":
        strength(args.games_list.split(","), args.pair.split(","), args.games, args.workers, args.seed)
    else:
        decision(args.ruleset, args.players, args.positions, args.bot)


if __name__ == "__main__":
    main()
