"""Reinforcement learning on any ruleset: a PettingZoo AEC environment and a Gymnasium single-agent wrapper.

    from rulesrun.interpreter import rl
    env = rl.env(RULESET, players=2)                  # PettingZoo AEC
    solo = rl.single_agent(RULESET, players=2, bot="random")  # Gymnasium, the other seats played by a bot

They need the `rl` extra (`pip install 'rulesrun[rl]'`); see docs/rl.md.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .aec import RulesetEnv
    from .single import SingleAgentEnv

INSTALL = "the RL environment needs PettingZoo, Gymnasium and NumPy: pip install 'rulesrun[rl]'"


def env(ruleset: str, players: int, engine: str = "generated") -> RulesetEnv:
    """A PettingZoo AEC environment for `ruleset` (a shipped name or a path) with `players` seats."""
    from ..pipeline import load_game
    game = load_game(ruleset, engine)
    _check_players(game.min_players, game.max_players, players)
    return _aec().RulesetEnv(game, players)


def single_agent(ruleset: str, players: int, bot: str = "random", seat: int = 0,
                 engine: str = "generated") -> SingleAgentEnv:
    """A Gymnasium environment: the learner plays `seat`, a bot of kind `bot` every other seat."""
    from ..play.bots import BOTS
    if bot not in BOTS:
        raise ValueError(f"no bot {bot!r}; the bots are {', '.join(sorted(BOTS))}")
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat} is not one of the {players} seats (0 to {players - 1})")
    aec = env(ruleset, players, engine)
    from .single import SingleAgentEnv
    return SingleAgentEnv(aec, seat, bot)


def _check_players(low: int, high: int, players: Any) -> None:
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise ValueError(f"players must be a whole number from {low} to {high}, not {players!r}")


def _aec() -> Any:
    """The environment's module, or one clear error if the `rl` extra is not installed."""
    try:
        return import_module(".aec", __name__)
    except ImportError as err:
        raise ImportError(INSTALL) from err
