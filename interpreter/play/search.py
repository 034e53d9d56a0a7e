"""The search bot: information-set Monte Carlo tree search over what the player may see.

Each world the bot looks at is made up from its view (`engine/determinize.py`:
the unseen components dealt at random, unseen variables at their initial
values, chance from the bot's generator), so the bot never reads what it may
not see. In every world each of its moves is played out once, all of them
meeting the same luck (the same world, the same generator's seed), so that
the moves are compared on equal terms. Below each move grows a tree shared by
all worlds (single-observer ISMCTS): its edges are moves up to interchangeable
components (any red 7 is a red 7), a move is chosen by UCB among the moves the
world at hand allows, counting how often each was available, and the tree
grows by one move a playout. Below the tree the playout goes on with a quick
policy (`lookahead.rollout_step`) until the round ends, or for at most
`ROLLOUT_STEPS` actions, and every player's result is judged by
`lookahead.judge`; each move on the walk is credited with the result of the
player who made it. The bot plays greedy's move unless the move with the best
mean result beat it world by world by more than `CONFIDENCE` standard errors:
the search departs from greedy only where it is fairly sure. A turn of many
combinations is searched over the `WIDTH` moves greedy judges best (and
greedy's own). Claims (calls, catches) are not
searched: the bot takes them as `greedy` does, and in playouts the first claim
offered is taken.

The budget is a number of playouts per decision (one world at least), so a game
replays from its seed; a decision also stops at
`seconds` of thinking, a bound for people waiting at the table (a decision cut
short by it is no longer reproducible). Playouts run on the generated engine.
"""
from __future__ import annotations

import functools
import math
import random
import time
from typing import Any

from ..engine.determinize import determinize
from ..engine.game import Action, Game
from ..engine.state import EVERYONE, State
from .bots import GreedyBot
from .lookahead import WORLD_FAILURES, Start, judge, listed, own_components, preference, rollout_step, tried

ROLLOUT_STEPS = 16  # actions a playout goes on below the tree before its position is judged
EXPLORATION = 0.35  # the UCB constant, for results between 0 and 1 that differ by a few hundredths
WIDTH = 8  # moves at the root searched, at most: the ones greedy judges best
CONFIDENCE = 1.0  # standard errors by which a move must beat greedy's, world by world, to be played instead
LEVELS = {"easy": 25, "normal": 100, "hard": 400}  # playouts per decision
MAX_PLAYOUTS = 100_000
THINK_SECONDS = 5.0  # per decision, at most


class _Node:
    """A move in the tree: who made it, how often it was tried and available, and the results of its mover."""

    __slots__ = ("actor", "available", "children", "total", "visits")

    def __init__(self, actor: int):
        self.actor = actor
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Any, _Node] = {}

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def ucb(self) -> float:
        if not self.visits:  # added by a playout whose world could not go on
            return math.inf
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


def budget(text: str) -> int:
    """The playouts a search bot's budget stands for: a level's name or a number; ValueError for anything else."""
    if not text:
        return LEVELS["normal"]
    if text in LEVELS:
        return LEVELS[text]
    if text.isdigit() and 1 <= int(text) <= MAX_PLAYOUTS:
        return int(text)
    raise ValueError(f"the budget of a search bot is a level ({', '.join(LEVELS)}) or a number of playouts "
                     f"from 1 to {MAX_PLAYOUTS:,}, not {text[:20]!r}")


class SearchBot:
    """Chooses its turn's moves by search within a budget of playouts; claims as `greedy` does."""

    name = "search"

    def __init__(self, seed: int = 0, playouts: int = LEVELS["normal"], seconds: float = THINK_SECONDS):
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        self._claims = GreedyBot(self.rng.getrandbits(64))

    def claim(self, state: State, actions: list[Action]) -> Action | None:
        return self._claims.claim(state, actions)

    def choose(self, state: State, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        me = state.current_player()
        options: dict[Any, Action] = {}
        for action in actions:
            options.setdefault(_key(state, action), action)
        if len(options) == 1:
            return actions[0]
        fast = playout_game(state.game)
        choice = self._claims.choose(state, actions)  # greedy's move: played unless the search finds one better
        options = self._widest(state, me, options, fast)
        options.setdefault(_key(state, choice), choice)
        roots = {key: _Node(me) for key in options}
        worlds: list[dict[Any, float]] = []  # each world's result of each move
        deadline = time.perf_counter() + self.seconds
        for _ in range(max(1, self.playouts // len(options))):
            world = listed(determinize(state, me, self.rng, fast))
            luck = self.rng.getrandbits(64)  # every move meets the same luck in this world
            results = {key: self._playout(world.clone(), action, roots[key], random.Random(luck))
                       for key, action in options.items()}
            worlds.append({key: result for key, result in results.items() if result is not None})
            if time.perf_counter() > deadline:
                break
        means = {key: node.mean() for key, node in roots.items() if node.visits}
        if not means:
            return choice
        best = max(means, key=lambda key: means[key])
        return options[best] if _surely_better(worlds, best, _key(state, choice)) else choice

    def _widest(self, state: State, me: int, options: dict[Any, Action], fast: Game) -> dict[Any, Action]:
        """The `WIDTH` moves greedy judges best, when there are more (a turn of many combinations)."""
        if len(options) <= WIDTH:
            return options
        world = listed(determinize(state, me, self.rng, fast))
        start = Start(world)
        mine = own_components(state.game, state.view(me), me)
        rated = sorted(options, key=lambda key: (tried(world, options[key], me, start),
                                                 preference(state.game, mine, options[key])), reverse=True)
        return {key: options[key] for key in rated[:WIDTH]}

    def _playout(self, world: State, action: Action, node: _Node, rng: random.Random) -> float | None:
        """One root move in one world, a walk down its tree and a playout below, the results credited on the walk.

        Its result for the mover; None when the world cannot go on (it rests on something unseen).
        """
        start = Start(world)
        path = [node]
        try:
            world.apply(action)
            while True:
                moves = self._moves(world, start)
                if moves is None:
                    break
                node = self._descend(world, node, moves, rng)
                path.append(node)
                if node.visits == 0:  # just added: the tree grows by one move a playout
                    break
            for _ in range(ROLLOUT_STEPS):
                if world.is_over() or world.view(None).round != start.round:
                    break
                rollout_step(world, rng)
        except WORLD_FAILURES:
            return None
        results = [judge(world, p, start) for p in range(world.view(None).players)]
        for step in path:
            step.visits += 1
            step.total += results[step.actor]
        return results[path[0].actor]

    @staticmethod
    def _descend(world: State, node: _Node, moves: dict[Any, Action], rng: random.Random) -> _Node:
        """Take one of `moves` in the world: one not tried yet at this node, else the best by UCB."""
        for key in moves:
            child = node.children.get(key)
            if child is not None:
                child.available += 1
        fresh = [key for key in moves if key not in node.children]
        if fresh:
            key = fresh[rng.randrange(len(fresh))]
            child = node.children[key] = _Node(moves[key].actor)
            child.available = 1
        else:
            key = max(moves, key=lambda k: node.children[k].ucb())
            child = node.children[key]
        world.apply(moves[key])
        return child

    def _moves(self, world: State, start: Start) -> dict[Any, Action] | None:
        """The next choice in the tree: the claims taken and forced moves made first; None once the round is over."""
        while not world.is_over() and world.view(None).round == start.round:
            claims = world.open_claims()
            if claims:
                world.apply(claims[0][1][0])
                continue
            own = world.moves().own(world.current_player())  # no claim is open: every move is the turn's
            moves: dict[Any, Action] = {}
            for action in own:
                moves.setdefault(_key(world, action), action)
            if len(moves) > 1:
                return moves
            world.apply(own[0])
        return None


def _surely_better(worlds: list[dict[Any, float]], best: Any, chosen: Any) -> bool:
    """Whether `best` did better than `chosen` world by world, by more than `CONFIDENCE` standard errors."""
    if best == chosen:
        return False
    gains = [world[best] - world[chosen] for world in worlds if best in world and chosen in world]
    if len(gains) < 2:
        return False
    mean = sum(gains) / len(gains)
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1) / len(gains))
    return mean > CONFIDENCE * spread


def _key(state: State, action: Action) -> tuple[Any, ...]:
    """A move up to interchangeable components: the same move in every world where such a component is at hand."""
    spec = state.game.action_index[action.name]
    if not spec.component_choices:
        return action
    game = state.game
    alike = game.interchangeable
    view = state.view(EVERYONE) if game.has_dice else None

    def one(cid: Any) -> Any:
        if type(cid) is not int:
            return cid
        return (alike[cid], view.face(cid)) if view is not None else alike[cid]

    args = tuple((name, tuple(one(c) for c in value) if isinstance(value, tuple) else one(value))
                 if name in spec.component_choices else (name, value) for name, value in action.args)
    return (action.name, action.actor, args)


@functools.lru_cache(maxsize=8)
def playout_game(game: Game) -> Game:
    """The game on the generated engine, which plays the same games faster (made once per game)."""
    if game.engine == "generated":
        return game
    from ..backend.codegen.game import generated
    return generated(game)
