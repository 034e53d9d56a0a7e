"""Where a decision's Python goes: the bytecodes each function runs, per decision, counted exactly.

Plays the single rounds of `throughput.py` (its "random playable" policy, 4 players)
with a tracer that counts every bytecode executed, by the function it runs in.
Unlike a timer it does not drift and unlike a sampling profiler it misses nothing;
unlike callgrind it cannot see the work of C functions (a dict lookup, a sort), so
read it beside the instruction counts of `bench/README.md`. Tracing makes the run
about fifty times slower: a few dozen rounds are enough.

    python bench/opcodes.py --game uno --rounds 30 --top 25
"""
from __future__ import annotations

import argparse
import collections
import random
import sys
from types import FrameType
from typing import Any

import throughput


def counted(game_name: str, rounds: int, engine: str) -> tuple[int, collections.Counter[str], collections.Counter[str]]:
    """(decisions, bytecodes by function, calls by function) of `rounds` single rounds after three unseen ones."""
    game = throughput.compiled(game_name, engine)
    for seed in range(3):  # the first rounds warm the game up, as a simulation's would
        throughput.play_round(game, 4, seed, throughput.random_playable(random.Random(seed)))
    ops: collections.Counter[str] = collections.Counter()
    calls: collections.Counter[str] = collections.Counter()

    def enter(frame: FrameType, event: str, arg: Any) -> Any:
        code = frame.f_code
        where = f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_firstlineno} {code.co_name}"
        calls[where] += 1
        frame.f_trace_opcodes, frame.f_trace_lines = True, False

        def step(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "opcode":
                ops[where] += 1
            return step
        return step

    decisions = 0
    sys.settrace(enter)
    try:
        for seed in range(100, 100 + rounds):
            decisions += throughput.play_round(game, 4, seed, throughput.random_playable(random.Random(seed)))
    finally:
        sys.settrace(None)
    return decisions, ops, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="uno")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--engine", choices=throughput.ENGINES, default="generated")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    decisions, ops, calls = counted(args.game, args.rounds, args.engine)
    total = sum(ops.values())
    print(f"{args.game} ({args.engine}): {decisions} decisions, {total / decisions:.0f} bytecodes a decision")
    print(f"{'a decision':>10} {'share':>6} {'calls':>6}  function")
    for where, count in ops.most_common(args.top):
        print(f"{count / decisions:10.1f} {100 * count / total:5.1f}% {calls[where] / decisions:6.2f}  {where}")


if __name__ == "__main__":
    main()
