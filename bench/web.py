"""What one move costs `rulesrun serve`: deciding it and making every page's table after it.

Two people play random games of each shipped game through `Session.receive`,
choosing among the moves their tables list, as a page does; after each move the
table of each seat and of a spectator is made, as the server sends it. Printed:
moves per second and the median time to make one seat's table, per game.

    python bench/web.py [--seconds 3]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from rulesrun.cli.web.session import Session
from rulesrun.interpreter import load_game


def measure(ruleset: str, seconds: float) -> tuple[float, float, int]:
    """(moves per second with every table made, median µs per table, moves played)."""
    game = load_game(ruleset)
    rng = random.Random(1)
    moves, tables, started = 0, [], time.perf_counter()
    while time.perf_counter() - started < seconds:
        session = Session(game, 2, 2, rng.randrange(2 ** 32), [])
        while not session.state.is_over() and time.perf_counter() - started < seconds:
            made = []
            for seat in (0, 1, None):
                begun = time.perf_counter()
                made.append(session.table_for(seat))
                tables.append(time.perf_counter() - begun)
            seat, table = rng.choice([(s, t) for s, t in enumerate(made[:2]) if t["moves"]])
            move = rng.choice(table["moves"])
            session.receive(seat, json.dumps({"type": "move", "n": move["n"], "version": table["version"]}))
            moves += 1
    elapsed = time.perf_counter() - started
    return moves / elapsed, statistics.median(tables) * 1e6, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each game")
    seconds = parser.parse_args().seconds
    print("| game | moves/s (3 tables each) | µs per table (median) | moves |")
    print("|---|---:|---:|---:|")
    for ruleset in ("uno", "dos", "uno-dice"):
        rate, table, moves = measure(ruleset, seconds)
        print(f"| `{ruleset}` | {rate:,.0f} | {table:,.0f} | {moves:,} |")


if __name__ == "__main__":
    main()
