"""Throughput of whole single rounds, rulesrun against a hand-coded engine, side by side.

Plays single rounds of UNO with 4 players in one process with a "random
playable" policy: a uniformly random playable card when there is one,
otherwise draw; a drawn playable card is played; UNO is always called; nobody
challenges or catches. Reports games and player decisions per second.

With the optional `bench` extra installed (`pip install '.[bench]'`), the same
policy drives RLCard's UNO engine (uniformly random legal actions, as its own
environment does) in alternating chunks A B A B ..., and the ratio
rulesrun / RLCard is printed for each pair with its median.

Also reports UNO, DOS and UNO Dice on both engines (the generated one and the
reference interpreter, in turn), and UNO with 2, 4, 7 and 10 players (how the
cost grows with the table). The generated engine is measured unless said.

    python bench/throughput.py [--seconds 3] [--pairs 5]
    python bench/throughput.py --rounds 300 --game dos    # fixed work, to time a whole process
"""
from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable

from rulesrun.interpreter import EVERYONE, Action, Game, State, load_game
from rulesrun.interpreter import events as ev

# Which action of each shipped game plays a component, draws, or calls: the
# benchmark's policy needs that much knowledge of the games; the engine does not.
PLAYS = {"play", "match", "place"}
PASSES = {"draw", "reroll", "keep", "accept", "end_turn", "proceed"}
CALLS = {"call_uno", "call_dos"}
ENGINES = ("interpreter", "generated")


def random_playable(rng: random.Random) -> Callable[[State, list[Action]], Action]:
    """Play a random playable component if any, else draw (or the game's way of passing)."""
    def choose(state: State, actions: list[Action]) -> Action:
        current = state.current_player()
        calls = [a for a in actions if a.name in CALLS and a.actor == current]
        if calls:
            return calls[0]
        mine = [a for a in actions if a.actor == current and a.name not in CALLS
                and not state.game.action_index[a.name].by_anyone]
        plays = [a for a in mine if a.name in PLAYS and a.get("call", True) is not False]
        if plays:
            return rng.choice(plays)
        passes = [a for a in mine if a.name in PASSES]
        return rng.choice(passes or mine)
    return choose


@functools.cache
def compiled(name: str, engine: str = "generated") -> Game:
    """Each ruleset is loaded once, as a simulation would: its first rounds also warm it up."""
    return load_game(name, engine)


def play_round(game: Game, players: int, seed: int, policy: Callable[[State, list[Action]], Action]) -> int:
    """Play one round from a new game, as `simulate` plays one (recording its course, not every change);
    return its decisions."""
    state = game.new_state(players, seed, record_changes=False)
    decisions = 0
    seen = len(state.events)
    while not state.is_over():
        state.apply(policy(state, state.legal_actions()))
        decisions += 1
        if any(isinstance(event, ev.RoundEnded) for event in state.events[seen:]):
            break
        seen = len(state.events)
    assert_conserved(state)
    return decisions


def play_rounds(name: str, players: int, seconds: float, seed: int,
                engine: str = "generated") -> tuple[int, int, float]:
    """(rounds, decisions, cpu seconds) of single rounds played for about `seconds`."""
    game = compiled(name, engine)
    rng = random.Random(seed)
    policy = random_playable(rng)
    rounds = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        decisions += play_round(game, players, rng.randrange(1 << 30), policy)
        rounds += 1
    return rounds, decisions, time.process_time() - start


def fixed_work(name: str, rounds: int, engine: str) -> None:
    """The same rounds every time, for timing whole processes side by side with another checkout."""
    game = compiled(name, engine)
    rng = random.Random(7)
    policy = random_playable(rng)
    decisions = sum(play_round(game, 4, rng.randrange(1 << 30), policy) for _ in range(rounds))
    print(f"{name}: {rounds} rounds, {decisions} decisions")


def assert_conserved(state: State) -> None:
    """The correctness check that runs with the benchmark: every component in exactly one zone."""
    seen: list[int] = []
    zones = state.view(EVERYONE).zones
    for name, spec in state.game.zones.items():
        zone = zones[name]
        for cards in (zone if spec.per_player else [zone]):
            seen.extend(cards)
    if sorted(seen) != list(range(len(state.game.components))):
        raise AssertionError(f"{state.game.name}: components not conserved")


def rlcard_rounds(seconds: float, seed: int) -> tuple[int, int, float]:
    """RLCard's UNO game engine, uniformly random legal actions, 4 players."""
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(seed)
    game = UnoGame(num_players=4)
    rounds = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            decisions += 1
        rounds += 1
    return rounds, decisions, time.process_time() - start


def report(label: str, rounds: int, decisions: int, cpu: float) -> None:
    print(f"{label:<22} {rounds / cpu:9.1f} games/s {decisions / cpu:11.0f} decisions/s "
          f"{decisions / max(rounds, 1):7.1f} decisions/game {cpu / max(decisions, 1) * 1e6:7.1f} us/decision")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    parser.add_argument("--pairs", type=int, default=5, help="alternating rulesrun/RLCard pairs")
    parser.add_argument("--rounds", type=int, help="only play this many rounds of --game (4 players), then stop")
    parser.add_argument("--game", default="uno", help="the ruleset of --rounds")
    parser.add_argument("--engine", choices=("generated", "interpreter"), default="generated",
                        help="the engine of --rounds")
    args = parser.parse_args()
    if args.rounds is not None:
        fixed_work(args.game, args.rounds, args.engine)
        return

    try:
        import rlcard  # noqa: F401
        have_rlcard = True
    except ImportError:
        have_rlcard = False
        print("RLCard is not installed (pip install '.[bench]'): skipping the side-by-side comparison")

    if have_rlcard:
        ratios = []
        for pair in range(args.pairs):
            ours = play_rounds("uno", 4, args.seconds, pair)
            theirs = rlcard_rounds(args.seconds, pair)
            ratio = (ours[0] / ours[2]) / (theirs[0] / theirs[2])
            ratios.append(ratio)
            report(f"uno 4p pair {pair + 1}", *ours)
            report(f"rlcard 4p pair {pair + 1}", *theirs)
            print(f"{'':22} ratio rulesrun/RLCard games/s: {ratio:.2f}")
        print(f"median ratio rulesrun/RLCard games/s: {statistics.median(ratios):.2f}")

    games = ("uno", "dos", "uno-dice")
    costs: dict[tuple[str, str], list[float]] = {(name, e): [] for name in games for e in ENGINES}
    for turn in range(args.pairs):  # the games and engines in turn, so that a drift of the machine hits them alike
        for name in games:
            for engine in ENGINES:
                rounds, decisions, cpu = play_rounds(name, 4, args.seconds, 7 + turn, engine)
                report(f"{name} 4p {engine[:3]} turn {turn + 1}", rounds, decisions, cpu)
                costs[name, engine].append(cpu / decisions)
    for name in games:
        mine = costs[name, "generated"]
        ratios = [cost / uno for cost, uno in zip(mine, costs["uno", "generated"])]
        speedups = [old / new for old, new in zip(costs[name, "interpreter"], mine)]
        print(f"{name:9} generated median {statistics.median(mine) * 1e6:7.1f} us/decision; vs UNO, median of "
              f"{len(ratios)} turns: {statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}); "
              f"vs the interpreter: {statistics.median(speedups):.2f}x faster "
              f"({min(speedups):.2f}-{max(speedups):.2f})")
    for players in (2, 4, 7, 10):
        report(f"uno {players}p", *play_rounds("uno", players, args.seconds, 11))


if __name__ == "__main__":
    main()
