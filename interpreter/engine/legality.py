"""Which actions are legal: the one legality check, used to list the moves and to refuse one.

An action is legal when it passes, in order: the game is not over; the action
exists; its actor is a seat in play; it is the actor's turn (or the action is a
claim anyone may make); the turn is in one of its phases; its `if` holds; each
choice, in the order the ruleset declares them, is asked for or not, and when
asked holds a value the choice accepts (a candidate of its source, not already
chosen, satisfying its `where`); no other choice is given; `require` holds.

`actions()` lists every action that passes (a generated game, a phase's with the
function written for it: `backend/codegen/phases.py`); `refusal()` says which step a given
action fails. Both decide a choice's values with the same predicate
(`accepted`), which uses the versions of `where` specialised by component: the
general conditions only say in words why a value was refused.
"""
from __future__ import annotations

import itertools
import math
from typing import Any

from ..backend.closures import Env, items, seat, seats_only
from ..errors import RECOVERABLE, EvalError
from . import refusals as R
from .game import NO_DEFAULT, Action, ActionSpec, ChoiceSpec, Game
from .refusals import Refusal
from .table import Table

MAX_CHOICE_SETS = 5000


def listed(table: Table, claims_only: bool = False) -> tuple[list[Action], list[tuple[int, int, int]]]:
    """Every action any player may take now (or only the claims), and where each seat's run of claims lies
    (see `Moves`). A generated game's listing of this phase does all of `Listing.actions` in one call."""
    game = table.game
    generated = (game.claim_listings if claims_only else game.listings).get(table.phase)
    if generated is not None:
        result: list[Action] = []
        claims: list[tuple[int, int, int]] = []
        generated(Env(table, table.current), result, claims)
        return result, claims
    listing = Listing(table)
    return listing.actions(claims_only), listing.claims


class Listing:
    """The legal actions of one table at one moment, with what was worked out on the way."""

    def __init__(self, table: Table):
        self.table = table
        self.game = table.game
        self.claims: list[tuple[int, int, int]] = []  # see `Moves`: where each seat's run of claims lies, listed
        self.verdicts: dict[int, dict[Any, bool]] = {}  # shared `where` results, per choice
        self.accepts: dict[tuple[Any, ...], list[Any]] = {}  # a choice's values by their inputs

    def actions(self, claims_only: bool = False) -> list[Action]:
        """Every action any player may take now (the turn owner's, and claims by anyone), or only the claims,
        by the engine's walk (a generated game's phase lists them in one call: see `listed`)."""
        table = self.table
        result: list[Action] = []
        env = Env(table, table.current)  # one environment, its player set per actor; choices clean up
        game = self.game
        everybody: Any = range(table.players)
        if table.out:
            everybody = [p for p in everybody if p not in table.out]
        for spec in game.claims_in_phase(table.phase) if claims_only else game.actions_in_phase(table.phase):
            table.rule = spec.rule.path
            if spec.by_anyone:
                if spec.picks_a_player and not (_some(table, spec.pick_flag) and self._anyone_picked(spec, env)):
                    continue  # nobody could be chosen, whoever claimed
                if not _some(table, spec.guard_flag):
                    continue  # nobody's `if` can hold
            for actor in everybody if spec.by_anyone else (table.current,):
                env.player = actor
                if spec.guard is not None and not spec.guard(env):
                    continue
                start = len(result)
                if spec.choices:
                    found: list[Action] = []
                    if spec.lister is not None and self._listed(spec, env, found):
                        result.extend(found)  # a lister lists interchangeable moves once
                    else:
                        result.extend(self._walked(spec, env))
                else:
                    result.append(Action(spec.name, actor))
                if spec.by_anyone and len(result) > start:
                    self.claims.append((actor, start, len(result)))
        return result

    @staticmethod
    def _listed(spec: ActionSpec, env: Env, found: list[Action]) -> bool:
        """List the moves with the action's generated lister; False if it gave up (the engine's walk lists them).

        A lister works out before its loops what they read of the table; should
        that raise, the walk below tests each part where the rules test it.
        """
        assert spec.lister is not None
        try:
            spec.lister(env, found)
            return True
        except RECOVERABLE:
            _unbind(spec, env)
            return False

    def _walked(self, spec: ActionSpec, env: Env) -> list[Action]:
        """The moves of an action with choices by the engine's walk, one of each set of interchangeable moves."""
        found: list[Action] = []
        self._expand(spec, 0, env, [], found)
        return self._distinct(spec, found)

    def _anyone_picked(self, spec: ActionSpec, env: Env) -> bool:
        """Whether any seat satisfies the `where` of a claim's first choice, a player (who claims does not matter).

        The verdicts are kept for the claimants, so a claim open to every
        player costs one test per seat rather than one per pair of seats.
        """
        choice = spec.choices[spec.order[0]]
        assert choice.where is not None
        verdicts = self.verdicts.setdefault(id(choice), {})
        loc = env.loc
        found = False
        for candidate in range(self.table.players):
            verdict = verdicts.get(candidate)
            if verdict is None:
                loc[choice.name] = candidate
                verdict = verdicts[candidate] = bool(choice.where(env))
            found = found or verdict
        loc.pop(choice.name, None)
        return found

    def _expand(self, spec: ActionSpec, i: int, env: Env, args: list[tuple[str, Any]], out: list[Action]) -> None:
        """Enumerate the choices of one action in `spec.order`; each may depend on the earlier ones.

        `require` is tested as soon as every choice it reads is made; the
        choices it does not read are enumerated after it has passed. Choices
        that are not asked for here are passed over in one loop.
        """
        order, choices, loc = spec.order, spec.choices, env.loc
        last = len(order) - 1
        check = spec.fast_require or spec.require
        skipped: list[str] = []
        try:
            while True:
                choice = choices[order[i]]
                if choice.present_if is None or choice.present_if(env):
                    break
                loc[choice.name] = None
                skipped.append(choice.name)
                if i == spec.check_at and check is not None and not check(env):
                    return
                if i == last:
                    out.append(Action(spec.name, env.player,  # type: ignore[arg-type]  # the actor: see actions()
                                      _arranged(spec, args)))
                    return
                i += 1
            name = choice.name
            require = check if i == spec.check_at else None
            for value in self._values(spec, choice, env):
                loc[name] = value
                if require is not None and not require(env):
                    continue
                args.append((name, value))
                if i == last:
                    out.append(Action(spec.name, env.player,  # type: ignore[arg-type]  # the actor: see actions()
                                      _arranged(spec, args)))
                else:
                    self._expand(spec, i + 1, env, args, out)
                args.pop()
            loc.pop(name, None)
        finally:
            for skipped_name in skipped:
                loc.pop(skipped_name, None)

    def _values(self, spec: ActionSpec, choice: ChoiceSpec, env: Env) -> list[Any]:
        """The accepted values of a choice, worked out once per set of inputs while moves are listed."""
        by_actor, names = spec.inputs[choice.name]
        loc = env.loc
        key = (id(choice), env.player if by_actor else None, *[loc.get(name) for name in names])
        values = self.accepts.get(key)
        if values is None:
            shared = self.verdicts.setdefault(id(choice), {}) if choice.name in spec.shared_where else None
            values = self.accepts[key] = accepted(choice, env, shared)
        return values

    def _distinct(self, spec: ActionSpec, actions: list[Action]) -> list[Action]:
        """Identical components are interchangeable: offer each distinct action once.

        This runs after every condition has been checked, so a rule that names
        one particular copy (`card == drawn`) still finds it.
        """
        components = spec.component_choices
        if not components or len(actions) < 2:
            return actions
        alike = self.game.interchangeable
        seen: set[Any] = set()
        result = []
        for action in actions:
            key = tuple([(k, alike[v] if type(v) is int else _signature(alike, v)) if k in components and v is not None
                         else (k, v) for k, v in action.args])  # a list, not a generator: no frame per action
            if key not in seen:
                seen.add(key)
                result.append(action)
        return result


def walked(action: str, env: Env) -> list[Action]:
    """The moves of one action by `env.player`, by the engine's walk: for a generated listing (see
    `backend/codegen/phases.py`) where the action has no lister, or its lister gave up part way."""
    spec = env.state.game.action_index[action]
    _unbind(spec, env)
    return Listing(env.state)._walked(spec, env)


def _unbind(spec: ActionSpec, env: Env) -> None:
    """Forget the choices a lister that gave up part way had bound, before the walk binds them afresh."""
    for choice in spec.choices:
        env.loc.pop(choice.name, None)


def _some(table: Table, flag: str | None) -> bool:
    """Whether some seat's flag is true (no flag: True); see `first_flag` in game.py."""
    return flag is None or any(table.vars[flag])


def _signature(alike: list[Any], value: Any) -> Any:
    """What a component or a set of components is up to interchangeable copies."""
    if isinstance(value, tuple):
        return tuple(sorted((alike[c] for c in value), key=repr))
    return alike[value]


def _arranged(spec: ActionSpec, args: list[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    """The choices made, in the order the ruleset declares them."""
    if spec.check_at == len(spec.order) - 1:
        return tuple(args)
    rank = spec.rank
    return tuple(sorted(args, key=lambda item: rank[item[0]]))


def candidates(choice: ChoiceSpec, env: Env) -> list[Any]:
    """Possible values of a choice; components in id order, minus those already chosen; none first if optional."""
    values = list(items(choice.source(env)))
    if choice.kind == "player" and not seats_only(choice.rule.source):  # a list written may hold no seat
        values = [seat(env.state, p) for p in values]
    elif choice.kind == "component":
        if choice.exclude:
            taken = _taken(choice, env)
            values = [cid for cid in values if cid not in taken]
        values.sort()
    if choice.optional:
        values.insert(0, None)
    return values


def _taken(choice: ChoiceSpec, env: Env) -> set[Any]:
    """Components already chosen by the earlier choices of the same action."""
    taken: set[Any] = set()
    for name in choice.exclude:
        value = env.loc.get(name)
        taken.update(value if isinstance(value, tuple) else (value,))
    return taken


def accepted_items(choice: ChoiceSpec, env: Env, shared: dict[Any, bool] | None = None) -> list[Any]:
    """The candidates that satisfy the choice's `where` (for `many`, the components a set may hold).

    `shared` holds verdicts of a `where` that does not depend on who acts, so
    that a claim open to every player tests each candidate once.
    """
    where = choice.fast_where or choice.where
    if where is None:
        return candidates(choice, env)
    loc = env.loc
    name = choice.name
    found = []
    if shared is not None:
        for value in candidates(choice, env):
            verdict = shared.get(value)
            if verdict is None:
                loc[name] = value
                verdict = shared[value] = bool(where(env))
            if verdict:
                found.append(value)
    else:
        for value in candidates(choice, env):
            loc[name] = value
            if where(env):
                found.append(value)
    return found


def accepted(choice: ChoiceSpec, env: Env, shared: dict[Any, bool] | None = None) -> list[Any]:
    """Every value a choice accepts here: its accepted items, or for `many` every set of them."""
    items = accepted_items(choice, env, shared)
    if not choice.many:
        return items
    items = [v for v in items if v is not None]
    largest = len(items) if choice.max_count is None else min(choice.max_count, len(items))
    sizes = range(max(choice.min_count, 0), largest + 1)
    count = 0
    for size in sizes:  # counted before they are made: a few dozen components have billions of sets
        count += math.comb(len(items), size)
        if count > MAX_CHOICE_SETS:
            raise EvalError("choice_sets", choice=choice.name, limit=MAX_CHOICE_SETS)
    return [combo for size in sizes for combo in itertools.combinations(items, size)]


def refusal(table: Table, action: Action) -> Refusal | None:
    """Why `action` is not legal now, or None when it is (the state is not changed)."""
    game: Game = table.game
    if table.finished:
        return Refusal(R.GAME_OVER, game, action)
    spec = game.action_index.get(action.name)
    if spec is None:
        return Refusal(R.NO_SUCH_ACTION, game, action)
    if not 0 <= action.actor < table.players:
        return Refusal(R.NO_SUCH_PLAYER, game, action)
    if action.actor in table.out:
        return Refusal(R.OUT_OF_PLAY, game, action)
    if not spec.by_anyone and action.actor != table.current:
        return Refusal(R.NOT_YOUR_TURN, game, action)
    if spec.phases is not None and table.phase not in spec.phases:
        return Refusal(R.WRONG_PHASE, game, action, phase=table.phase)
    env = Env(table, action.actor)
    if spec.guard is not None and not spec.guard(env):
        return Refusal(R.GUARD, game, action, rule=spec.rule.guard, env=env)
    given = dict(action.args)
    for choice in spec.choices:
        if choice.present_if is not None and not choice.present_if(env):
            if choice.name in given:
                return Refusal(R.NOT_ASKED, game, action, choice.name)
            env.loc[choice.name] = None
            continue
        if choice.name not in given:
            if choice.default is NO_DEFAULT:
                return Refusal(R.MISSING, game, action, choice.name)
            given[choice.name] = choice.default
        value = given.pop(choice.name)
        found = _refused_set(action, choice, env, value) if choice.many else \
            _refused_value(action, choice, env, value)
        if found is not None:
            return found
    if given:
        return Refusal(R.UNEXPECTED, game, action, sorted(given)[0])
    if spec.require is not None and not spec.require(env):
        return Refusal(R.REQUIRE, game, action, rule=spec.rule.require, env=Env(table, action.actor, dict(env.loc)))
    return None


def _refused_value(action: Action, choice: ChoiceSpec, env: Env, value: Any) -> Refusal | None:
    """Why one value is not accepted by a choice (None: it is), by the tests listing uses; binds the choice."""
    possible = candidates(choice, env)
    env.loc[choice.name] = value
    if value not in possible:
        taken = choice.kind == "component" and value is not None and value in _taken(choice, env)
        return Refusal(R.ALREADY_CHOSEN if taken else R.NOT_POSSIBLE, env.state.game, action, choice.name, value, env=env)
    return _refused_by_where(action, choice, env, value)


def _refused_set(action: Action, choice: ChoiceSpec, env: Env, value: Any) -> Refusal | None:
    """Why a set of components is not accepted by a `many` choice (None: it is); binds the choice to it."""
    if not isinstance(value, (list, tuple)):
        return Refusal(R.NOT_A_SET, env.state.game, action, choice.name, value)
    chosen = list(value)
    if len(set(chosen)) != len(chosen):
        return Refusal(R.NAMED_TWICE, env.state.game, action, choice.name, value)
    if len(chosen) < choice.min_count or (choice.max_count is not None and len(chosen) > choice.max_count):
        return Refusal(R.SET_SIZE, env.state.game, action, choice.name, value)
    possible = set(candidates(choice, env))
    for cid in chosen:
        if cid not in possible:
            return Refusal(R.NOT_POSSIBLE, env.state.game, action, choice.name, cid, env=env)
        env.loc[choice.name] = cid
        found = _refused_by_where(action, choice, env, cid)
        if found is not None:
            return found
    env.loc[choice.name] = tuple(value)
    return None


def _refused_by_where(action: Action, choice: ChoiceSpec, env: Env, value: Any) -> Refusal | None:
    """The choice's `where` for a candidate bound in `env`, tested as listing tests it."""
    where = choice.fast_where or choice.where
    if where is None or where(env):
        return None
    return Refusal(R.WHERE, env.state.game, action, choice.name, value, rule=choice.rule.where,
                   env=Env(env.state, env.player, dict(env.loc)))
