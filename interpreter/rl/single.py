"""A Gymnasium single-agent view of the AEC environment: one learner's seat, a bot in every other.

The learner sees what its agent observes and steps its tokens; the bots' moves
(their claims and passes too) are made between its steps, a whole move at a
time. Each bot is seeded from the episode's seed and its seat, as in
`play.simulate`, so an episode is fixed by its seed and the learner's tokens.
"""
from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from ..play.bots import Bot, make_bot
from ..play.simulate import derive_seed
from .aec import RulesetEnv
from .tokens import PASS


class SingleAgentEnv(gymnasium.Env):
    """The learner plays `seat` of `aec`; every other seat is a bot of kind `bot`."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (declared so by gymnasium.Env)

    def __init__(self, aec: RulesetEnv, seat: int, bot: str):
        self.aec, self.seat, self.bot = aec, seat, bot
        self.agent = aec.possible_agents[seat]
        self.observation_space = aec.observation_space(self.agent)
        self.action_space = aec.action_space(self.agent)
        self._bots: list[Bot] = []

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        self._bots = [make_bot(self.bot, derive_seed(self.aec.game_seed, seat)) for seat in range(self.aec.players)]
        self._play_bots()
        return self.aec.observe(self.agent), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], SupportsFloat, bool, bool, dict[str, Any]]:
        self.aec.step(int(action))
        self._play_bots()
        done = self.aec.terminations[self.agent], self.aec.truncations[self.agent]
        reward = self.aec.rewards[self.agent] if any(done) else 0.0
        return self.aec.observe(self.agent), reward, done[0], done[1], {}

    def action_masks(self) -> np.ndarray:
        """The tokens the learner may take now (as maskable learners ask for them)."""
        return self.aec.observe(self.agent)["action_mask"].astype(bool)

    def _play_bots(self) -> None:
        """Let the bots move until it is the learner's step or the game is over."""
        aec = self.aec
        while aec.decision is not None and aec.decision.seat != self.seat:
            decision, state = aec.decision, aec.playing()
            moves = [move for _, move in decision.open]
            bot = self._bots[decision.seat]
            chosen = bot.claim(state, moves) if decision.may_pass else bot.choose(state, moves)
            aec.take(PASS if chosen is None else chosen)
