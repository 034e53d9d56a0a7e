"""Memory and multi-process scaling of `rulesrun simulate`, measured through the command itself.

Peak memory: the largest resident set of `rulesrun simulate` with few and with
many games (one process, so that the figure is the simulator's own); nothing
kept per game means the two stay close.

Scaling: wall time of the same simulation with `--workers 1` and `--workers 2`,
and a check that both print the same summary.

    python bench/resources.py [--ruleset uno] [--few 1000] [--many 20000] [--scaling-games 3000]

Both use single rounds (`--single-round`) so that a run takes minutes, not hours.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time


def run(args: list[str]) -> tuple[float, float, str]:
    """(wall seconds, peak resident megabytes, stdout) of one `rulesrun` command in a fresh process."""
    command = [shutil.which("rulesrun") or "rulesrun", *args]
    wrapper = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True, text=True);"
               "sys.stdout.write(r.stdout); peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss;"
               "sys.stderr.write(f'PEAK {peak}\\n'); sys.exit(r.returncode)")
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", wrapper, *command], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    peak_kb = int(done.stderr.strip().splitlines()[-1].split()[1])
    return wall, peak_kb / 1024, done.stdout


def simulate(ruleset: str, games: int, workers: int = 1) -> list[str]:
    return ["simulate", ruleset, "--games", str(games), "--single-round", "--json", "--seed", "7",
            "--workers", str(workers)]


def _figures(output: str) -> dict[str, object]:
    """The summary without the timings, which differ from run to run."""
    return {k: v for k, v in json.loads(output).items() if k not in TIMINGS}


TIMINGS = {"seconds", "games_per_second", "rounds_per_second"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="uno")
    parser.add_argument("--few", type=int, default=1000)
    parser.add_argument("--many", type=int, default=20000)
    parser.add_argument("--scaling-games", type=int, default=3000)
    options = parser.parse_args()

    few_wall, few_peak, _ = run(simulate(options.ruleset, options.few))
    many_wall, many_peak, _ = run(simulate(options.ruleset, options.many))
    print(f"peak memory, {options.ruleset}, one process: {options.few:,} games {few_peak:.1f} MB ({few_wall:.0f} s), "
          f"{options.many:,} games {many_peak:.1f} MB ({many_wall:.0f} s): ratio {many_peak / few_peak:.2f}")

    one_wall, _, one_out = run(simulate(options.ruleset, options.scaling_games, 1))
    two_wall, _, two_out = run(simulate(options.ruleset, options.scaling_games, 2))
    same = _figures(one_out) == _figures(two_out)
    print(f"--workers: {options.scaling_games:,} games, 1 worker {one_wall:.1f} s, 2 workers {two_wall:.1f} s: "
          f"speed-up {one_wall / two_wall:.2f}x; same summary: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
