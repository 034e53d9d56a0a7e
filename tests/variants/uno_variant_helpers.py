"""UNO house-rule test vocabulary: the shipped variants, variants with other parameters, combinations.

The card notation and the actions by name come from the UNO rule tests (tests/uno/uno_helpers.py).
"""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from helpers import truth
from rulesrun.interpreter import Game, State, load_game
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out
from uno.uno_helpers import name_of


@functools.cache
def variant(name: str) -> Game:
    """A shipped UNO variant (`stacking` is `uno/stacking`), compiled once."""
    return load_game(f"uno/{name}")


@functools.cache
def uno() -> Game:
    return load_game("uno")


def with_params(tmp_path: Path, name: str, **params: Any) -> Game:
    """The shipped variant `name` with some of its parameters set otherwise, by an overlay of its own."""
    lines = [f"extends: uno/{name}", "params:"] + [f"  {key}: {{value: {json.dumps(value)}}}"
                                                   for key, value in params.items()]
    path = tmp_path / f"{name}-params.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return load_game(str(path))


def combined(tmp_path: Path, *names: str) -> Game:
    """UNO with several shipped variants at once, listed in one file as a table would combine them."""
    listed = ", ".join(f"uno/{name}" for name in names)
    path = tmp_path / "table.yaml"
    path.write_text(f"extends: [uno, {listed}]\nname: table\n", encoding="utf-8")
    return load_game(str(path))


def random_round(game: Game, players: int, seed: int) -> State:
    """One round played by random bots (the rules' own action limit stops a round that never ends)."""
    return play_out(game.new_state(players, seed), [RandomBot(seed + seat) for seat in range(players)],
                    single_round=True)


def copies(state: State, seat: int, name: str) -> list[int]:
    """The ids of every copy of the card `name` in the seat's hand."""
    return [cid for cid in truth(state).zones["hand"][seat] if name_of(state.game, cid) == name]


def pending(state: State) -> int:
    return truth(state).variables["pending"]


def catchable(state: State, target: int) -> bool:
    """Some player is offered to catch `target` for a missing UNO call."""
    return any(a.name == "catch" and a.get("target") == target for a in state.legal_actions())
