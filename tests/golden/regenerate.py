"""Record the golden playthroughs that tests/test_golden.py replays.

Each golden file is one bot game (or its first round) as JSON: the ruleset,
players, seed, bot kind and whether only one round was played, then every
action taken, every event produced, the scores and the winners. The test
applies the recorded actions to a fresh state and demands exactly the recorded
events, so any change in what the engine does shows up as a failing test with
the first differing event.

When a change of behaviour is intended (a rule fixed, a new event field), look
at the first difference the test reports, make sure it is the change you meant,
then re-record every golden from the current engine and review the diff:

    python tests/golden/regenerate.py
    git diff --stat tests/golden

The bots are seeded as `rulesrun simulate` seeds them, so a golden game can
also be watched with `rulesrun play RULESET --players N --humans 0 --seed SEED
--bot BOT`. A file
that grows past SIZE_LIMIT bytes is reported: pick a shorter game (another
seed, or a single round) rather than keeping a huge file.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rulesrun.interpreter import load_game
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.play.runner import play_out
from rulesrun.interpreter.play.simulate import bot_seats

HERE = Path(__file__).resolve().parent
SIZE_LIMIT = 300_000

# (file name, ruleset, players, seed, bot, single_round)
GOLDENS: list[tuple[str, str, int, int, str, bool]] = [
    ("uno-4p-seed56-greedy-game.json", "uno", 4, 56, "greedy", False),
    ("uno-4p-seed23-random-round.json", "uno", 4, 23, "random", True),
    ("uno-3p-seed5-greedy-round.json", "uno", 3, 5, "greedy", True),
    ("dos-3p-seed5-greedy-round.json", "dos", 3, 5, "greedy", True),
    ("uno-dice-3p-seed5-greedy-round.json", "uno-dice", 3, 5, "greedy", True),
]


def plain(value: Any) -> Any:
    """The value as JSON reads it back (tuples become lists)."""
    return json.loads(json.dumps(value))


def record(ruleset: str, players: int, seed: int, bot: str, single_round: bool) -> dict[str, Any]:
    """Play one bot game with the current engine and return it as a golden record."""
    state = play_out(load_game(ruleset).new_state(players, seed), bot_seats(bot, players, seed), single_round)
    actions = [{"action": e.action, "actor": e.actor, "args": dict(e.args)}
               for e in state.events if isinstance(e, ev.ActionTaken)]
    return plain({
        "ruleset": ruleset, "players": players, "seed": seed, "bot": bot, "single_round": single_round,
        "actions": actions, "events": [ev.to_json(e) for e in state.events],
        "scores": state.scores(), "winners": list(state.view(None).winners),
    })


def dumps(golden: dict[str, Any]) -> str:
    """JSON with one action or event per line, so that a diff shows which ones changed."""
    lines = ["{"]
    for key, value in golden.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n".join(f"    {json.dumps(item)}" for item in value)
            lines.append(f'  "{key}": [\n{items}\n  ],')
        else:
            lines.append(f'  "{key}": {json.dumps(value)},')
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join(lines) + "\n}\n"


def main() -> int:
    too_big = 0
    for name, *spec in GOLDENS:
        text = dumps(record(*spec))
        (HERE / name).write_text(text, encoding="utf-8")
        size = len(text.encode("utf-8"))
        too_big += size > SIZE_LIMIT
        print(f"{name}: {size:,} bytes{'  (too big: choose a shorter game)' if size > SIZE_LIMIT else ''}")
    return 1 if too_big else 0


if __name__ == "__main__":
    sys.exit(main())
