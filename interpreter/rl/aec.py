"""Any ruleset as a PettingZoo AEC environment: seats are agents, a move is taken a token at a time.

Who acts follows `play.runner.step`: while someone may claim out of turn (a
call, a catch), each such seat in `State.claim_order()` is asked in turn, with
its claims and PASS; once they have all passed (or if nobody may claim), the
player whose turn it is chooses among all their moves. A claim taken, or any
move, starts the round of asking afresh.

Rewards come at the end: +1 to each winner and -1 to everybody else (nothing
to anybody in a game with no winner). A game stopped at one of the ruleset's
bounds is truncated for every agent.
"""
from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.game import Action, Game
from ..engine.state import State
from ..errors import GameLimitExceeded
from .decision import Decision
from .observation import Observer
from .tokens import PASS, Tokens


class RulesetEnv(AECEnv):
    """One game of a ruleset for a fixed number of seats; agents are named "player_0", "player_1", ..."""

    metadata: ClassVar[dict[str, Any]] = {"name": "rulesrun", "render_modes": [], "is_parallelizable": False}

    def __init__(self, game: Game, players: int):
        super().__init__()
        self.game, self.players = game, players
        self.tokens = Tokens(game, players)
        self.observer = Observer(game, players, self.tokens)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(self.observer.low, self.observer.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.tokens.size,), dtype=np.int8)})
        self._action_space = spaces.Discrete(self.tokens.size)
        self.game_seed = -1
        self.state: State | None = None
        self.decision: Decision | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game drawn from `seed` (without one: the seed after the last game's)."""
        self.game_seed = seed if seed is not None else self.game_seed + 1
        self.state = self.game.new_state(self.players, self.game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._passed: set[int] = set()
        self._next()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        decision = self.decision if self.decision is not None and self.decision.seat == seat else None
        mask = np.zeros(self.tokens.size, dtype=np.int8)
        if decision is not None:
            mask[list(decision.allowed())] = 1
        return {"observation": self.observer.observe(self.playing(), seat, decision.chosen if decision else []),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        """One token of the selected agent's move (None for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: a token is needed, not None")
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        assert self.decision is not None
        self.take(self.decision.choose(int(action)))
        self._accumulate_rewards()

    def take(self, outcome: Action | int | None) -> None:
        """What a step decided: a whole move (a bot's may be given at once), PASS, or None (the move goes on)."""
        assert self.decision is not None
        if outcome == PASS:
            self._passed.add(self.decision.seat)
        elif isinstance(outcome, Action):
            self._passed.clear()
            try:
                self.playing().apply(outcome)
            except GameLimitExceeded:
                self._stop(truncated=True)
                return
        else:
            return
        self._next()

    def _next(self) -> None:
        """Who decides next, and on what; or the rewards, once the game is over."""
        state = self.playing()
        if state.is_over():
            self._stop(truncated=False)
            return
        try:
            open_claims = state.open_claims()
        except GameLimitExceeded:
            self._stop(truncated=True)
            return
        current = state.current_player()
        mine = state.moves().of(current)
        for seat, claims in open_claims:
            if seat not in self._passed:
                self._decide(Decision(self.tokens, seat, claims, may_pass=bool(mine)))
                return
        self._decide(Decision(self.tokens, current, mine, may_pass=False))

    def _decide(self, decision: Decision) -> None:
        self.decision = decision
        self.agent_selection = self.possible_agents[decision.seat]

    def _stop(self, truncated: bool) -> None:
        """The game is over (or stopped at a bound): every agent is done, with its reward."""
        self.decision = None
        winners = set() if truncated else set(self.playing().view(None).winners)
        for agent, seat in self._seat.items():
            self.rewards[agent] = 0.0 if not winners else (1.0 if seat in winners else -1.0)
            (self.truncations if truncated else self.terminations)[agent] = True
        self.agent_selection = self.agents[0]

    def playing(self) -> State:
        """The game in play."""
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def render(self) -> None:
        """Nothing to draw: `rulesrun replay` shows a game's log."""

    def close(self) -> None:
        """Nothing to release."""
