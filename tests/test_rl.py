"""The RL environment: PettingZoo's own tests, the mask against the legal moves, hidden information, the wrapper."""
from __future__ import annotations

import copy
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test
from rulesrun.interpreter import load_game, rl
from rulesrun.interpreter.engine.position import arrange
from rulesrun.interpreter.rl.observation import Observer
from rulesrun.interpreter.rl.tokens import PASS, Tokens

RULESETS = ["uno", "dos", "uno-dice", "uno/stacking", "dos/jump-in", "uno-dice/challenge"]


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns that a dict observation (the vector and its mask) is not a Box.
    warnings.filterwarnings("ignore", module="pettingzoo")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pettingzoo_api_test_passes(ruleset: str) -> None:
    api_test(rl.env(ruleset, players=3), num_cycles=30)


@pytest.mark.parametrize("ruleset", ["uno", "dos", "uno-dice"])
def test_pettingzoo_seed_test_passes(ruleset: str) -> None:
    seed_test(lambda: rl.env(ruleset, players=2), num_cycles=20)


def _reachable(decision) -> set:
    """Every move reached by following the mask from a decision, token by token."""
    found = set()
    for token in decision.allowed() - {PASS}:
        branch = copy.copy(decision)
        branch.open, branch.chosen = list(decision.open), list(decision.chosen)
        outcome = branch.choose(token)
        found |= _reachable(branch) if outcome is None else {outcome}
    return found


@pytest.mark.parametrize("ruleset", ["uno", "dos", "uno-dice"])
def test_the_moves_the_mask_leads_to_are_the_legal_moves(ruleset: str) -> None:
    env = rl.env(ruleset, players=3)
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    for _ in range(60):
        if not env.agents or env.decision is None:
            break
        decision, state = env.decision, env.playing()
        legal = {m for m in state.legal_actions() if m.actor == decision.seat}
        if decision.may_pass:
            legal = {m for m in legal if state.game.action_index[m.name].by_anyone}
        chosen = tuple(decision.chosen)  # a move half made: the moves it may still become
        legal = {m for m in legal if env.tokens.encode(m)[:len(chosen)] == chosen}
        assert _reachable(decision) == legal
        mask = env.observe(env.agent_selection)["action_mask"]
        assert set(np.flatnonzero(mask)) == decision.allowed()
        env.step(int(rng.choice(np.flatnonzero(mask))))


def _position(game, mine: list[int], theirs: list[int]):
    state = game.new_state(3, 0)
    return arrange(state, zones={"hand": {0: mine, 1: theirs}, "discard": [0]}, current=0)


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(1, 108)))
def test_an_observation_is_the_same_whatever_the_agent_may_not_see(order: list[int]) -> None:
    game = load_game("uno")
    observer = Observer(game, 3, Tokens(game, 3))
    mine, rest = order[:5], order[5:]
    one = observer.observe(_position(game, mine, rest[:6]), 0, [])
    other = observer.observe(_position(game, mine, rest[6:12]), 0, [])  # another hand, another draw pile
    assert np.array_equal(one, other)
    own = observer.observe(_position(game, rest[:5], rest[6:12]), 0, [])  # the agent's own hand differs
    assert not np.array_equal(one, own)


def test_a_shown_variable_and_whose_turn_are_observed() -> None:
    env = rl.env("uno", players=2)
    env.reset(seed=3)
    names = env.observer.names
    vector = env.observe(env.agent_selection)["observation"]
    current = env.playing().current_player()
    seat = env.possible_agents.index(env.agent_selection)
    assert vector[names.index(f"turn +{(current - seat) % 2}")] == 1.0
    colour = env.playing().view(seat).variables["active_colour"]
    assert vector[names.index(f"active_colour = {colour}")] == 1.0


def _play(env: rl.SingleAgentEnv, seed: int) -> tuple[list[np.ndarray], float]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen, done, reward = [obs["observation"]], False, 0.0
    while not done:
        obs, r, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        seen.append(obs["observation"])
        reward, done = float(r), terminated or truncated
    return seen, reward


def test_the_single_agent_wrapper_plays_a_whole_game_the_same_way_from_its_seed() -> None:
    env = rl.single_agent("uno/single-round", players=2, bot="greedy", seat=1)
    first, reward = _play(env, 5)
    again, reward_again = _play(env, 5)
    assert reward in (-1.0, 0.0, 1.0) and reward == reward_again
    assert len(first) == len(again) and all(np.array_equal(a, b) for a, b in zip(first, again))
    assert env.aec.playing().is_over()


def test_rewards_follow_the_winners() -> None:
    env = rl.env("uno/single-round", players=2)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    while env.decision is not None:
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    winners = env.playing().view(None).winners
    assert all(env.rewards[f"player_{s}"] == (1.0 if s in winners else -1.0) for s in range(2))


@pytest.mark.parametrize("call, message", [
    (lambda: rl.env("uno", players=1), "players must be a whole number from 2 to 10"),
    (lambda: rl.env("uno", players="two"), "players must be a whole number"),
    (lambda: rl.single_agent("uno", players=2, bot="nobody"), "no bot 'nobody'"),
    (lambda: rl.single_agent("uno", players=2, seat=2), "seat 2 is not one of the 2 seats"),
])
def test_bad_arguments_are_refused_clearly(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_a_token_the_mask_does_not_allow_is_refused() -> None:
    env = rl.env("uno", players=2)
    env.reset(seed=0)
    refused = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="is not allowed now"):
        env.step(refused)


def test_without_the_extra_the_error_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "rulesrun.interpreter.rl.aec", raising=False)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(ImportError, match=r"pip install 'rulesrun\[rl\]'"):
        rl.env("uno", players=2)
