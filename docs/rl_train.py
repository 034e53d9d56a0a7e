"""Train a small policy against the `random` bot with REINFORCE on NumPy, then measure its win rate.

    python docs/rl_train.py --ruleset uno/single-round --episodes 3000 --games 1000

The policy is linear: one weight per observation entry and token, a softmax over
the tokens the mask allows. Seeds: training episodes 0, 1, 2, ..., evaluation
games from 1_000_000 on, so the two never share a deal. See docs/rl.md.
"""
from __future__ import annotations

import argparse
import math
import time

import numpy as np
from rulesrun.interpreter import rl

EVALUATION_SEEDS = 1_000_000


def features(observation: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """The observation scaled to about one, with a constant for the bias."""
    return np.append(observation / scale, 1.0)


def policy(weights: np.ndarray, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The probability of each token: a softmax of the linear scores over the allowed ones."""
    logits = np.where(mask.astype(bool), x @ weights, -np.inf)
    logits -= logits.max()
    p = np.exp(logits)
    return p / p.sum()


def episode(env: rl.SingleAgentEnv, weights: np.ndarray, scale: np.ndarray, seed: int,
            rng: np.random.Generator, greedy: bool = False) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """Play one game; its reward and every step the learner took (features, probabilities, token)."""
    obs, _ = env.reset(seed=seed)
    steps, reward, done = [], 0.0, False
    while not done:
        x = features(obs["observation"], scale)
        p = policy(weights, x, obs["action_mask"])
        token = int(p.argmax()) if greedy else int(rng.choice(len(p), p=p))
        steps.append((x, p, token))
        obs, r, terminated, truncated, _ = env.step(token)
        reward, done = float(r), terminated or truncated
    return reward, steps


def win_rate(env: rl.SingleAgentEnv, weights: np.ndarray, scale: np.ndarray, games: int,
             rng: np.random.Generator) -> tuple[float, float]:
    """The share of games won, and the half-width of its 95% interval."""
    wins = sum(episode(env, weights, scale, EVALUATION_SEEDS + i, rng)[0] > 0 for i in range(games))
    share = wins / games
    return share, 1.96 * math.sqrt(share * (1 - share) / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="uno/single-round")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--games", type=int, default=1000, help="evaluation games, before and after training")
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env = rl.single_agent(args.ruleset, players=args.players, bot="random")
    high = env.aec.observer.high
    scale = np.where(np.isfinite(high), np.maximum(high, 1.0), 100.0).astype(np.float32)
    weights = np.zeros((len(scale) + 1, env.action_space.n), dtype=np.float32)
    rng = np.random.default_rng(args.seed)
    started = time.perf_counter()
    before = win_rate(env, weights, scale, args.games, rng)
    print(f"untrained: wins {before[0]:.3f} ± {before[1]:.3f} of {args.games} games against random")
    baseline = 0.0
    for number in range(args.episodes):
        reward, steps = episode(env, weights, scale, args.seed * 1_000_003 + number, rng)
        baseline += 0.01 * (reward - baseline)
        advantage = reward - baseline
        for x, p, token in steps:  # the gradient of log p[token] for a linear softmax
            grad = -p
            grad[token] += 1.0
            weights += (args.rate * advantage / len(steps)) * np.outer(x, grad)
        if (number + 1) % 500 == 0:
            print(f"episode {number + 1}: running reward {baseline:+.3f} ({time.perf_counter() - started:.0f} s)")
    after = win_rate(env, weights, scale, args.games, rng)
    print(f"trained:   wins {after[0]:.3f} ± {after[1]:.3f} of {args.games} games against random "
          f"({time.perf_counter() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
