"""A quick, single-process measurement of decisions per second for each shipped game.

Usage: python bench/quick.py [games] [bot]
"""
from __future__ import annotations

import sys
import time

from rulesrun.interpreter import events as ev
from rulesrun.interpreter import load_game
from rulesrun.interpreter.play.bots import make_bot
from rulesrun.interpreter.play.runner import play_out


def measure(name: str, games: int, bot: str, players: int = 4) -> None:
    game = load_game(name)
    actions = 0
    start = time.process_time()
    for seed in range(games):
        state = game.new_state(players, seed)
        play_out(state, [make_bot(bot, seed * 10 + p) for p in range(players)], single_round=True)
        actions += sum(isinstance(event, ev.ActionTaken) for event in state.events)
    cpu = time.process_time() - start
    print(f"{name:9} {bot:7} {games} rounds, {actions} actions, {cpu:.2f} s cpu, "
          f"{actions / cpu:,.0f} actions/s, {cpu / actions * 1e6:.0f} us/action")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    kind = sys.argv[2] if len(sys.argv) > 2 else "greedy"
    for ruleset in ("uno", "dos", "uno-dice"):
        measure(ruleset, count, kind)
