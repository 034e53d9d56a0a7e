"""Sharing games: local forked workers against a Ray instance with as many CPUs, on the same games.

    python bench/scale.py                      # 2 workers / 2 CPUs, 400 UNO games, greedy bots
    python bench/scale.py --games 1000 --workers 2 --ruleset dos

Three measurements (see bench/README.md):
- whole commands: `rulesrun simulate` with `--workers N` and with `--backend ray --workers N`,
  each process timed from start to end (Ray's start and stop included), and their figures compared;
- the same simulation inside one process, with Ray already started, so that only the playing is timed;
- the cost of a chunk: chunks that play nothing, handed out and collected, per chunk.
"""
from __future__ import annotations

import argparse
import json
import logging
import subprocess
import sys
import time
from pathlib import Path

TIMINGS = ("seconds", "games_per_second", "rounds_per_second")
EMPTY_CHUNKS = 2000


def command(ruleset: str, games: int, workers: int, ray: bool) -> tuple[float, dict]:
    """Wall time of one `rulesrun simulate` process, and its figures without the timings."""
    rulesrun = Path(sys.executable).with_name("rulesrun")
    args = [str(rulesrun), "simulate", ruleset, "--games", str(games), "--bot", "greedy", "--workers", str(workers),
            "--json"] + (["--backend", "ray"] if ray else [])
    started = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    figures = json.loads(done.stdout)
    for timing in TIMINGS:
        figures.pop(timing)
    return wall, figures


def _nothing(game: object, context: object, chunk: object) -> None:
    return None


def in_process(ruleset: str, games: int, workers: int) -> None:
    import ray
    from rulesrun.interpreter import load_game
    from rulesrun.interpreter.play.sharing import MAX_CHUNK, Backend, share
    from rulesrun.interpreter.play.simulate import simulate
    game = load_game(ruleset, "generated")
    started = time.perf_counter()
    ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    print(f"Ray started in {time.perf_counter() - started:.2f} s")
    backends = {"local": Backend(workers=workers), "ray": Backend("ray")}
    simulate(game, workers * 2, 2, bot="greedy", single_round=True, backend=backends["ray"], ruleset=ruleset)  # warm
    for name, backend in backends.items():
        result = simulate(game, games, game.min_players, seed=0, bot="greedy", backend=backend, ruleset=ruleset)
        print(f"{name:>5}: {games} games in {result.seconds:.2f} s ({result.games_per_second:.1f} games/s)")
    items = range(EMPTY_CHUNKS * MAX_CHUNK)
    for name, backend in backends.items():
        started = time.perf_counter()
        count = sum(1 for _ in share(_nothing, game, None, items, backend, ruleset))
        spent = time.perf_counter() - started
        print(f"{name:>5}: {count} empty chunks in {spent:.2f} s, {spent / count * 1e3:.2f} ms a chunk")
    ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="uno")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()
    print(f"{options.ruleset}, {options.games} full games, greedy bots, {options.workers} workers / CPUs")
    local_wall, local = command(options.ruleset, options.games, options.workers, ray=False)
    ray_wall, on_ray = command(options.ruleset, options.games, options.workers, ray=True)
    print(f"whole command: local {local_wall:.2f} s, ray {ray_wall:.2f} s; "
          f"the same figures: {'yes' if local == on_ray else 'NO'}")
    in_process(options.ruleset, options.games, options.workers)


if __name__ == "__main__":
    main()
