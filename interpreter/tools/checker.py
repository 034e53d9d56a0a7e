"""Check a ruleset by playing it, and shrink the first failure to a short reproduction.

`check_ruleset` plays bot games at every player count the ruleset allows, with
random and with greedy bots, running the checks of invariants.py as it goes
(the property tests run the same checks). The cheap checks run after every
action; the costly ones (views, clones, every listed action tried) after each
of a game's first `explore` actions. Random games stop there, since random play
may wander for thousands of actions; greedy games are played to the end and
must end within `max_actions`. When a game ends, its log must replay to the
same state and the same seed must give the same log.

The first failure stops the search and is shrunk: the recorded actions are
replayed from a fresh game with the same seed and players, cut to the
shortest failing prefix, then runs of actions and single actions are deleted
while the sequence stays legal and the same invariant still fails, within a
bounded effort. A game that does not end is not shrunk: no shorter sequence
can show it.
"""
from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass
from typing import Callable, NamedTuple, Sequence

from ..engine import events as ev
from ..engine.game import Action, Game
from ..engine.state import State, inspect
from ..errors import GameLimitExceeded
from ..play.runner import step
from ..play.sharing import LOCAL, Backend, share
from ..play.simulate import bot_seats, derive_seed
from . import invariants as inv

BOT_KINDS = ("random", "greedy")
FINISHING_BOTS = ("greedy",)  # played to the end of the game; the others explore its start
DEFAULT_MAX_ACTIONS = 5000
DEFAULT_EXPLORE = 150
SHRINK_CHECKS = 4000  # states checked while shrinking, at most
SHRINK_TRIES = 400  # shorter sequences tried, at most

ALWAYS, EXPLORE, END, BOUND = "after every action", "after each explored action", "at the end", "bound"


def _views(state: State, legal: Sequence[Action] | None = None) -> list[str]:
    return inv.views_hide(state) + inv.offers_hide(state, legal)


@dataclass(frozen=True)
class Invariant:
    """A promise every game of a ruleset keeps, and when it is checked.

    A check that `takes_legal` is given the listed actions, worked out once per state.
    """

    name: str
    promise: str
    when: str
    check: Callable[..., list[str]] | None = None
    takes_legal: bool = False

    def run(self, state: State, legal: Sequence[Action] | None = None) -> list[str]:
        check = self.check
        assert check is not None, f"{self.name} is found by playing, not checked on a state"
        if self.takes_legal:
            return check(state, legal=legal)
        return check(state)


INVARIANTS = (
    Invariant("components", "every component is in exactly one zone and keeps its identity", ALWAYS,
              inv.conservation),
    Invariant("variables", "every variable keeps its declared shape", ALWAYS, inv.variables_shape),
    Invariant("legal-action", "a state that is not over always has a legal action", ALWAYS, inv.has_legal_action,
              True),
    Invariant("actions-apply", "every listed action is accepted and applies without error", EXPLORE,
              inv.legal_actions_apply, True),
    Invariant("clone", "a clone evolves independently of its original", EXPLORE, inv.clone_independence, True),
    Invariant("views", "no player's view or list of moves shows a component that player may not see", EXPLORE,
              _views, True),
    Invariant("termination", "every game (played by greedy bots) ends within the action bound", BOUND),
    Invariant("determinism", "the same seed and actions give the same log", END, inv.same_seed_same_log),
    Invariant("replay", "replaying the log rebuilds the same final state", END, inv.replay_rebuilds),
)
BY_NAME = {invariant.name: invariant for invariant in INVARIANTS}
_AFTER_ACTIONS = tuple(i for i in INVARIANTS if i.when in (ALWAYS, EXPLORE))
_AT_END = tuple(i for i in INVARIANTS if i.when == END)


@dataclass(frozen=True)
class Failure:
    """The first broken invariant, where it was found, and the actions that reproduce it."""

    invariant: Invariant
    problems: tuple[str, ...]
    players: int
    seed: int
    bot: str
    found_after: int  # actions the bot game had taken when the failure showed
    actions: tuple[Action, ...]  # from new_state(players, seed): the shrunk reproduction
    shrunk: bool  # False when the failure could not be shortened (or not reproduced by replay)


@dataclass(frozen=True)
class CheckResult:
    ruleset: str
    player_counts: tuple[int, ...]
    bots: tuple[str, ...]
    seed: int
    max_actions: int
    explore: int
    games: int  # games played
    actions: int  # actions taken and checked
    failure: Failure | None

    @property
    def ok(self) -> bool:
        return self.failure is None


@dataclass
class _Found:
    invariant: Invariant
    problems: list[str]
    actions: list[Action]


def check_ruleset(game: Game, games: int = 1, seed: int = 0, players: Sequence[int] | None = None,
                  bots: Sequence[str] = BOT_KINDS, max_actions: int | None = None, explore: int = DEFAULT_EXPLORE,
                  on_game: Callable[[int, int], None] | None = None, backend: Backend = LOCAL,
                  ruleset: str | None = None) -> CheckResult:
    """Play `games` games per player count and bot kind; stop at the first failure and shrink it.

    Game seeds derive from `seed` and the game's place in the run. `max_actions`
    (actions in the whole game) defaults to the ruleset's bound on a round or
    DEFAULT_MAX_ACTIONS, whichever is lower.
    `on_game(done, total)` is told as games are done. `backend` says where they
    are played (see `sharing`; the ray backend needs `ruleset`, the name or
    path `game` was loaded from); the failure found first in the run's order is
    the one reported, wherever the games ran, and it is shrunk here.
    """
    limit = max_actions if max_actions is not None else min(game.max_actions, DEFAULT_MAX_ACTIONS)
    counts = tuple(players) if players else tuple(range(game.min_players, game.max_players + 1))
    tables = [(count, bot) for _ in range(games) for count in counts for bot in bots]
    plan = [_Planned(count, bot, derive_seed(seed, index)) for index, (count, bot) in enumerate(tables)]
    done = checked = 0
    if on_game is not None:
        on_game(done, len(plan))  # shown at once, while the workers start
    with closing(share(_check_chunk, game, (limit, explore), plan, backend, ruleset)) as parts:
        for part in parts:
            done += part.games
            checked += part.actions
            if on_game is not None:
                on_game(done, len(plan))
            if part.failed is not None:
                planned, found, taken = part.failed
                failure = _shrunk(game, found, planned.players, planned.seed, planned.bot, taken)
                return CheckResult(game.name, counts, tuple(bots), seed, limit, explore, done, checked, failure)
    return CheckResult(game.name, counts, tuple(bots), seed, limit, explore, len(plan), checked, None)


class _Planned(NamedTuple):
    """One game of a check: its table, its bot kind and its seed (from its place in the run)."""

    players: int
    bot: str
    seed: int


class _Checked(NamedTuple):
    """A chunk of checked games: how many were played, their actions, and the first that failed (with its actions)."""

    games: int
    actions: int
    failed: tuple[_Planned, _Found, int] | None


def _check_chunk(game: Game, bounds: tuple[int, int], chunk: Sequence[_Planned]) -> _Checked:
    """Check the games of a chunk in order, up to the first that fails."""
    limit, explore = bounds
    actions = 0
    for played, planned in enumerate(chunk, start=1):
        found, taken = _play(game, planned.players, planned.seed, planned.bot, limit, explore)
        actions += taken
        if found is not None:
            return _Checked(played, actions, (planned, found, taken))
    return _Checked(len(chunk), actions, None)


def _play(game: Game, players: int, seed: int, bot: str, limit: int, explore: int) -> tuple[_Found | None, int]:
    """One bot game, checked as it goes: the first failure (or None) and the actions taken."""
    state = game.new_state(players, seed)
    seats = bot_seats(bot, players, seed)
    taken: list[Action] = []
    found = _after_action(state, explore > 0, taken)
    to_end = bot in FINISHING_BOTS
    while found is None and not state.is_over():
        if not to_end and len(taken) >= explore:
            break
        if len(taken) >= limit:
            endless = _endless(state, f"the game did not end within {limit} actions")
            return _Found(BY_NAME["termination"], [endless], taken), len(taken)
        applied = inspect(state).action_count
        try:
            taken.append(step(state, seats))
        except GameLimitExceeded as err:
            return _Found(BY_NAME["termination"], [_endless(state, str(err))], taken), len(taken)
        except Exception as err:  # a player left without a move (nothing applied), or a listed action that fails
            stuck = inv.has_legal_action(state) if inspect(state).action_count == applied else []
            if stuck:
                return _Found(BY_NAME["legal-action"], stuck, taken), len(taken)
            return _Found(BY_NAME["actions-apply"], [f"{type(err).__name__}: {err}"], taken), len(taken)
        found = _after_action(state, len(taken) <= explore, taken)
    for invariant in _AT_END if found is None else ():
        problems = invariant.run(state)
        if problems:
            return _Found(invariant, problems, taken), len(taken)
    return found, len(taken)


def _after_action(state: State, explored: bool, taken: list[Action]) -> _Found | None:
    """The first check that fails on this state. Beyond the explored actions only the cheap ones
    run: a player left without a move is then found by the next step, which lists the actions anyway."""
    legal = inv.listed(state) if explored else None
    for invariant in _AFTER_ACTIONS:
        if explored or (invariant.when == ALWAYS and not invariant.takes_legal):
            problems = invariant.run(state, legal)
            if problems:
                return _Found(invariant, problems, list(taken))
    return None


def _endless(state: State, why: str) -> str:
    """Why a game was stopped, and what it was doing: rounds ended, and how long the last one has run."""
    rounds = sum(1 for e in state.events if isinstance(e, ev.RoundEnded))
    start = max((i for i, e in enumerate(state.events) if isinstance(e, ev.RoundStarted)), default=0)
    actions = sum(1 for e in state.events[start:] if isinstance(e, ev.ActionTaken))
    return (f"{why}: {rounds} round{'s' if rounds != 1 else ''} ended, "
            f"and round {inspect(state).round} has gone on for {actions} actions")


# ------------------------------------------------------------ shrinking

class _Effort:
    """What shrinking may still spend: states checked and sequences tried."""

    def __init__(self) -> None:
        self.checks, self.tries = SHRINK_CHECKS, SHRINK_TRIES

    def left(self) -> bool:
        return self.checks > 0 and self.tries > 0


def _shrunk(game: Game, found: _Found, players: int, seed: int, bot: str, taken: int) -> Failure:
    invariant = found.invariant
    actions, problems, shrunk = found.actions, found.problems, False
    if invariant.check is not None:
        result = shrink(game, invariant, players, seed, actions)
        if result is not None:
            actions, problems = result
            shrunk = True
    return Failure(invariant, tuple(problems), players, seed, bot, taken, tuple(actions), shrunk)


def shrink(game: Game, invariant: Invariant, players: int, seed: int,
           actions: Sequence[Action]) -> tuple[list[Action], list[str]] | None:
    """The shortest sequence found that still breaks `invariant`, and its problems; None if `actions` do not.

    First the shortest failing prefix (for the checks made at the end of a
    game, by binary search on its length), then deletions: runs of actions,
    halving their length down to single actions, each kept when the sequence
    stays legal and still fails.
    """
    effort = _Effort()
    failing = None
    if invariant.when == END:  # the setup alone may show it (then the actions need not even replay)
        failing = _first_failure(game, invariant, players, seed, [], 0, effort)
    if failing is None:
        failing = _first_failure(game, invariant, players, seed, list(actions), 0, effort)
    if failing is None:
        return None
    length, problems = failing
    best = list(actions[:length])
    if invariant.when == END and best:
        best, problems = _shortest_prefix(game, invariant, players, seed, best, problems, effort)
    size = max(len(best) // 2, 1)
    while effort.left():
        improved = False
        start = len(best) - 1 - size  # runs that keep the last action, the one that shows the failure
        while start >= 0 and effort.left():
            candidate = best[:start] + best[start + size:]
            failing = _first_failure(game, invariant, players, seed, candidate, start + 1, effort)
            if failing is not None:
                best, problems = candidate[:failing[0]], failing[1]
                improved = True
            start = min(start, len(best) - 1 - size) if failing is not None else start - size
        if size == 1 and not improved:
            break
        size = max(size // 2, 1)
    return best, problems


def _shortest_prefix(game: Game, invariant: Invariant, players: int, seed: int, actions: list[Action],
                     problems: list[str], effort: _Effort) -> tuple[list[Action], list[str]]:
    """For a check made at the end: the shortest prefix at whose end it fails (binary search)."""
    low, high = 1, len(actions)  # the prefix of length `high` fails, the empty one does not
    while low < high and effort.left():
        middle = (low + high) // 2
        failing = _first_failure(game, invariant, players, seed, actions[:middle], 0, effort)
        if failing is None:
            low = middle + 1
        else:
            high, problems = middle, failing[1]
    return actions[:high], problems


def _first_failure(game: Game, invariant: Invariant, players: int, seed: int, actions: list[Action],
                   first: int, effort: _Effort) -> tuple[int, list[str]] | None:
    """Replay `actions` from a fresh game: after how many of them `invariant` first fails, and how.

    Per-state checks start after the `first`-th action (the states before it
    are known to pass); a check made at the end runs once, after the last
    action. None when an action is refused or the invariant holds throughout.
    """
    effort.tries -= 1
    state = game.new_state(players, seed)
    at_end = invariant.when == END
    for done in range(len(actions) + 1):
        if done > 0:
            try:
                state.apply(actions[done - 1])
            except Exception:  # refused, or failing: either way not a reproduction of this failure
                return None
        if (done >= first and not at_end) or (at_end and done == len(actions)):
            effort.checks -= 1
            problems = invariant.run(state)
            if problems:
                return done, problems
    return None


def reproduce(game: Game, failure: Failure, before: Callable[[State, Action], None] | None = None) -> State:
    """The state a failure's actions lead to; `before(state, action)` is told before each one is applied."""
    state = game.new_state(failure.players, failure.seed)
    for action in failure.actions:
        if before is not None:
            before(state, action)
        state.apply(action)
    return state
