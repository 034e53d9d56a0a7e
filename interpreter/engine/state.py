"""The running game: plain data plus one seeded random generator.

The public API is deliberately small — `legal_actions`, `apply`, `is_over`,
`scores`, `current_player`, `view`, `clone`, `why_not` — and bots, the CLI,
the simulator and the tests speak only this API. The other public methods
are the primitives that compiled effects call.
"""
from __future__ import annotations

import itertools
import random
from typing import Any

from ..backend.closures import Env
from ..errors import EvalError, GameLimitExceeded, IllegalAction
from ..tree import nodes as n
from ..words.refusals import explain
from . import events as ev
from . import visibility
from .game import NO_DEFAULT, Action, ActionSpec, ChoiceSpec, Game

MAX_LOOP = 1000
MAX_CHOICE_SETS = 5000
MAX_STEPS_PER_ACTION = 100_000  # loop turns, skips and components moved by one action, with its triggers


class _RoundOver(Exception):
    """Raised by `end_round` so that no further effect of the action runs."""


class State:
    """One game in progress. Create it with `Game.new_state(players, seed)`."""

    def __init__(self, game: Game, players: int, seed: int):
        self.game = game
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.out: set[int] = set()  # seats out of play (eliminated); turn order passes them by
        self.out_for_game: set[int] = set()
        self.others = self._seat_orders()
        self.zones: dict[str, Any] = {}
        self.where: list[tuple[str, int | None]] = []
        self.faces: list[int] = [0] * len(game.components)
        self.vars: dict[str, Any] = {}
        self.current = 0
        self.dealer: int | None = None
        self.direction = 1
        self.phase: str | None = None
        self.round = 0
        self.skipped: list[int] = []  # seats passed over when this turn ends
        self.turn_begun = False
        self.turn_ended = False
        self.round_over = False
        self.round_winner: int | None = None
        self.finished = False
        self.winners: tuple[int, ...] = ()
        self.events: list[ev.Event] = []
        self.action_count = 0
        self.round_actions = 0  # actions taken in this round, bounded by the ruleset's max_actions
        self.steps = 0  # work done by the current action, bounded by MAX_STEPS_PER_ACTION
        self.last_actor: int | None = None  # who took the last action, if any this round
        self.changes: dict[tuple[str, int | None], int] = {}  # zone -> how often it changed this round
        self._legal_set: frozenset[Action] = frozenset()  # the actions last offered by legal_actions()
        self._verdicts: dict[int, dict[Any, bool]] = {}  # shared `where` results while listing actions
        self._accepts: dict[tuple[Any, ...], list[Any]] = {}
        self.revealed: dict[int, set[int]] = {}  # viewer -> components shown to them where they still lie

    # ------------------------------------------------------------ starting

    @classmethod
    def start(cls, game: Game, players: int, seed: int) -> "State":
        if not game.min_players <= players <= game.max_players:
            raise IllegalAction(f"{game.title} is played by {game.min_players} to {game.max_players} "
                                f"players, not {players}")
        state = cls(game, players, seed)
        for zone in game.zones.values():
            state.zones[zone.name] = [[] for _ in range(players)] if zone.per_player else []
        home = state.zones[game.home_zone]
        home.extend(c.id for c in game.components)
        state.where = [(game.home_zone, None)] * len(game.components)
        state._reset_variables(("game", "round", "turn"))
        state._run_effect(game.setup, None)
        state._start_round()
        return state

    def _seat_orders(self) -> list[tuple[int, ...]]:
        """For each seat, the other seats still in play, clockwise from its left."""
        n = self.players
        return [tuple(q for q in ((p + i) % n for i in range(1, n)) if q not in self.out) for p in range(n)]

    def seat_after(self, p: int, step: int) -> int:
        """The seat `step` places after p (negative: before), counting only seats in play."""
        if not self.out:
            return (p + step) % self.players
        direction = 1 if step >= 0 else -1
        for _ in range(abs(step)):
            for _ in range(self.players):
                p = (p + direction) % self.players
                if p not in self.out:
                    break
        return p

    def eliminate(self, player: int, for_game: bool) -> None:
        """Take a seat out of play for the rest of the round (or the game)."""
        self.out.add(player)
        if for_game:
            self.out_for_game.add(player)
        self.others = self._seat_orders()
        self.emit(ev.Eliminated(player, for_game))

    def _reset_variables(self, scopes: tuple[str, ...]) -> None:
        for var in self.game.variables_in_scope(scopes):
            self.vars[var.name] = [var.initial] * self.players if var.per_player else var.initial

    def _start_round(self) -> None:
        self.steps = 0
        self.round += 1
        self.round_actions = 0
        self.last_actor = None
        self.round_over = False
        self.round_winner = None
        self.direction = 1
        self.skipped = []
        self._reset_variables(("round", "turn"))
        self.out = set(self.out_for_game)
        self.others = self._seat_orders()
        self._gather()
        self.emit(ev.RoundStarted(self.round, self.dealer))
        self._run_effect(self.game.round_setup, None)
        if self.round_over:  # pragma: no cover - a setup that ends the round at once
            self._finish_round()
            return
        self._start_turn()

    def _gather(self) -> None:
        home = self.game.home_zone
        self.changes = {}
        self.revealed = {}
        for zone in self.game.zones.values():
            self.zones[zone.name] = [[] for _ in range(self.players)] if zone.per_player else []
        self.zones[home] = [c.id for c in self.game.components]
        self.where = [(home, None)] * len(self.game.components)
        self.emit(ev.Gathered(home))

    def _start_turn(self) -> None:
        self._reset_variables(("turn",))
        self.skipped = []
        self.turn_begun = False
        self.turn_ended = False
        game = self.game
        self.phase = game.turn_phase(Env(self, self.current)) if game.turn_phase else None
        self.emit(ev.TurnStarted(self.current, self.phase))

    # ------------------------------------------------------------ the State API

    def current_player(self) -> int:
        return self.current

    def is_over(self) -> bool:
        return self.finished

    def scores(self) -> list[int]:
        return list(self.vars.get(self.game.score_variable) or [0] * self.players)

    def legal_actions(self) -> list[Action]:
        """Every action any player may take now (the turn owner's and claims by anyone)."""
        if self.finished:
            return []
        result = self._find_legal_actions()
        self._legal_set = frozenset(result)  # lets apply() skip re-checking an action just offered
        return result

    def _find_legal_actions(self) -> list[Action]:
        result: list[Action] = []
        self._verdicts = {}
        self._accepts: dict[tuple[Any, ...], list[Any]] = {}  # a choice's values by their inputs, for this state
        env = Env(self, self.current)  # one environment, its player set per actor; choices clean up
        everybody = range(self.players)
        if self.out:
            everybody = [p for p in everybody if p not in self.out]
        for spec in self.game.actions_in_phase(self.phase):
            if spec.by_anyone and spec.picks_a_player and not self._anyone_picked(spec, env):
                continue  # nobody could be chosen, whoever claimed
            for actor in everybody if spec.by_anyone else (self.current,):
                env.player = actor
                if spec.guard is not None and not spec.guard(env):
                    continue
                if spec.choices:
                    found: list[Action] = []
                    self._expand(spec, 0, env, [], found)
                    result.extend(self._distinct(spec, found))
                else:
                    result.append(Action(spec.name, actor))
        return result

    def _anyone_picked(self, spec: ActionSpec, env: Env) -> bool:
        """Whether any seat satisfies the `where` of a claim's first choice, a player (who claims does not matter).

        The verdicts are kept for the claimants, so a claim open to every
        player costs one test per seat rather than one per pair of seats.
        """
        choice = spec.choices[spec.order[0]]
        verdicts = self._verdicts.setdefault(id(choice), {})
        loc = env.loc
        found = False
        for seat in range(self.players):
            verdict = verdicts.get(seat)
            if verdict is None:
                loc[choice.name] = seat
                verdict = verdicts[seat] = bool(choice.where(env))
            found = found or verdict
        loc.pop(choice.name, None)
        return found

    def actions_for(self, player: int) -> list[Action]:
        return [a for a in self.legal_actions() if a.actor == player]

    def _expand(self, spec: ActionSpec, i: int, env: Env, args: list[tuple[str, Any]],
                out: list[Action]) -> None:
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
                    out.append(Action(spec.name, env.player, self._arranged(spec, args)))
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
                    out.append(Action(spec.name, env.player, self._arranged(spec, args)))
                else:
                    self._expand(spec, i + 1, env, args, out)
                args.pop()
            loc.pop(name, None)
        finally:
            for skipped_name in skipped:
                loc.pop(skipped_name, None)

    def _values(self, spec: ActionSpec, choice: ChoiceSpec, env: Env) -> list[Any]:
        """The accepted values of a choice, worked out once per set of inputs while moves are listed."""
        inputs = spec.inputs.get(choice.name)
        if inputs is None:
            return self._accepted(choice, env, None)
        by_actor, names = inputs
        loc = env.loc
        key = (id(choice), env.player if by_actor else None, *[loc.get(name) for name in names])
        values = self._accepts.get(key)
        if values is None:
            shared = self._verdicts.setdefault(id(choice), {}) if choice.name in spec.shared_where else None
            values = self._accepts[key] = self._accepted(choice, env, shared)
        return values

    @staticmethod
    def _arranged(spec: ActionSpec, args: list[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
        """The choices made, in the order the ruleset declares them."""
        if spec.check_at == len(spec.order) - 1:
            return tuple(args)
        rank = spec.rank
        return tuple(sorted(args, key=lambda item: rank[item[0]]))

    def _candidates(self, choice: ChoiceSpec, env: Env) -> list[Any]:
        """Possible values of a choice; components in id order, minus those already chosen."""
        values = choice.source(env)
        values = list(values) if values is not None else []
        if choice.kind == "component":
            if choice.exclude:
                taken = self._taken(choice, env)
                values = [cid for cid in values if cid not in taken]
            values.sort()
        if choice.optional:
            values.insert(0, None)
        return values

    @staticmethod
    def _taken(choice: ChoiceSpec, env: Env) -> set[Any]:
        """Components already chosen by the earlier choices of the same action."""
        taken: set[Any] = set()
        for name in choice.exclude:
            value = env.loc.get(name)
            taken.update(value if isinstance(value, tuple) else (value,))
        return taken

    def _accepted(self, choice: ChoiceSpec, env: Env, shared: dict[Any, bool] | None = None) -> list[Any]:
        """Candidates that satisfy the choice's `where` (for `many`, every set of them).

        `shared` holds verdicts of a `where` that does not depend on who acts,
        so that a claim open to every player tests each candidate once.
        """
        where = choice.where
        if where is None:
            accepted = self._candidates(choice, env)
        else:
            loc = env.loc
            name = choice.name
            accepted = []
            where = choice.fast_where or where
            if shared is not None:
                for value in self._candidates(choice, env):
                    verdict = shared.get(value)
                    if verdict is None:
                        loc[name] = value
                        verdict = shared[value] = bool(where(env))
                    if verdict:
                        accepted.append(value)
            else:
                for value in self._candidates(choice, env):
                    loc[name] = value
                    if where(env):
                        accepted.append(value)
        if not choice.many:
            return accepted
        items = [v for v in accepted if v is not None]
        largest = len(items) if choice.max_count is None else min(choice.max_count, len(items))
        sets = [combo for size in range(max(choice.min_count, 0), largest + 1)
                for combo in itertools.combinations(items, size)]
        if len(sets) > MAX_CHOICE_SETS:
            raise EvalError(f"choice {choice.name!r} has more than {MAX_CHOICE_SETS} possible sets; "
                            f"limit it with max:")
        return sets

    def _distinct(self, spec: ActionSpec, actions: list[Action]) -> list[Action]:
        """Identical components are interchangeable: offer each distinct action once.

        This runs after every condition has been checked, so a rule that names
        one particular copy (`card == drawn`) still finds it.
        """
        components = spec.component_choices
        if not components or len(actions) < 2:
            return actions
        seen: set[Any] = set()
        result = []
        for action in actions:
            key = tuple((k, self._signature_of(v)) if k in components and v is not None else (k, v)
                        for k, v in action.args)
            if key not in seen:
                seen.add(key)
                result.append(action)
        return result

    def _signature_of(self, value: Any) -> Any:
        if isinstance(value, tuple):
            return tuple(sorted((self.signature(c) for c in value), key=repr))
        return self.signature(value)

    def signature(self, cid: int) -> Any:
        """Components with the same signature are interchangeable; every die is distinct."""
        return self.game.interchangeable[cid]

    def why_not(self, action: Action) -> str | None:
        """None when the action is legal now, otherwise the reason in words."""
        if self.finished:
            return "the game is over"
        spec = self.game.action_index.get(action.name)
        if spec is None:
            return f"there is no action {action.name!r}"
        if not 0 <= action.actor < self.players:
            return f"there is no player {action.actor + 1}"
        if action.actor in self.out:
            return f"player {action.actor + 1} is out of play"
        if not spec.by_anyone and action.actor != self.current:
            return f"it is not player {action.actor + 1}'s turn"
        if spec.phases is not None and self.phase not in spec.phases:
            return f"{action.name} is not possible now (the turn is at {self.phase})"
        env = Env(self, action.actor)
        if spec.guard is not None and not spec.guard(env):
            return f"{action.name} is not possible now: {self._explain(spec.rule.guard, env)}"
        given = dict(action.args)
        for choice in spec.choices:
            if choice.present_if is not None and not choice.present_if(env):
                if choice.name in given:
                    return f"{choice.name} is not asked for here"
                env.loc[choice.name] = None
                continue
            if choice.name not in given:
                if choice.default is NO_DEFAULT:
                    return f"{choice.name} is missing"
                given[choice.name] = choice.default
            value = given.pop(choice.name)
            if choice.many:
                reason = self._why_not_set(choice, env, value)
                if reason is not None:
                    return reason
                env.loc[choice.name] = tuple(value)
                continue
            candidates = list(choice.source(env) or ())
            if choice.optional:
                candidates.append(None)
            if choice.kind == "component" and value is not None and \
                    value in {env.loc.get(name) for name in choice.exclude}:
                return f"{self.describe_value(value)} is already chosen"
            if value not in candidates:
                return f"{self._shown_choice(choice, value)} is not a possible {choice.name}"
            env.loc[choice.name] = value
            if choice.where is not None and not choice.where(env):
                shown = self._shown_choice(choice, value)
                return f"{shown} does not satisfy the rule for {choice.name}: {self._explain(choice.rule.where, env)}"
        if given:
            return f"unexpected choice {sorted(given)[0]!r}"
        if spec.require is not None and not spec.require(env):
            return f"these choices do not satisfy the rule for {action.name}: {self._explain(spec.rule.require, env)}"
        return None

    def _why_not_set(self, choice: ChoiceSpec, env: Env, value: Any) -> str | None:
        """Why a set of components is not a possible value of a `many` choice."""
        if not isinstance(value, (list, tuple)):
            return f"{choice.name} is a set of components"
        chosen = list(value)
        if len(set(chosen)) != len(chosen):
            return f"{choice.name} names a component twice"
        if len(chosen) < choice.min_count or (choice.max_count is not None and len(chosen) > choice.max_count):
            return f"{choice.name} must hold {choice.min_count} to {choice.max_count or 'any number of'} components"
        possible = set(self._candidates(choice, env))
        for cid in chosen:
            if cid not in possible:
                return f"{self.describe_value(cid)} is not a possible {choice.name}"
            env.loc[choice.name] = cid
            if choice.where is not None and not choice.where(env):
                return f"{self.describe_value(cid)} does not satisfy the rule for {choice.name}: " \
                       f"{self._explain(choice.rule.where, env)}"
        return None

    def _explain(self, condition: n.Expr | None, env: Env) -> str:
        """Why a condition of a rule is false here, in the words of the ruleset."""
        assert condition is not None and self.game.expressions is not None
        compile_ = self.game.expressions.compile
        return explain(condition, lambda part: compile_(part)(env))

    def _shown_choice(self, choice: ChoiceSpec, value: Any) -> str:
        if choice.kind == "component":
            return self.describe_value(value)
        if choice.kind == "player" and isinstance(value, int) and not isinstance(value, bool):
            return f"P{value + 1}"
        return str(value)

    def describe_value(self, value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value < len(self.game.components):
                return f"component {value} (there is none)"
            return self.game.label(value, self.faces)
        return str(value)

    def apply(self, action: Action) -> None:
        """Take one legal action; an illegal one raises IllegalAction and changes nothing."""
        offered = action in self._legal_set  # listed with every choice that is asked for
        if not offered:
            reason = self.why_not(action)
            if reason is not None:
                raise IllegalAction(reason)
        game = self.game
        if self.round_actions >= game.max_actions:
            raise GameLimitExceeded("max_actions", game.max_actions, self.round)
        if self.round > game.max_rounds:
            raise GameLimitExceeded("max_rounds", game.max_rounds, self.round)
        self._legal_set = frozenset()
        self.action_count += 1
        self.round_actions += 1
        self.steps = 0
        spec = self.game.action_index[action.name]
        loc = dict(action.args)
        for choice in spec.choices:
            if choice.name not in loc:
                present = not offered and (choice.present_if is None or choice.present_if(Env(self, action.actor, loc)))
                loc[choice.name] = choice.default if present and choice.default is not NO_DEFAULT else None
        env = Env(self, action.actor, loc)
        self.emit(ev.ActionTaken(action.actor, action.name, dict(action.args)))
        self.last_actor = action.actor
        if action.actor == self.current and not spec.by_anyone and not self.turn_begun:
            self.turn_begun = True
            if self.game.turn_on_begin is not None:
                self._run_effect(self.game.turn_on_begin, self.current)
        try:
            spec.effects(env)
            if self.turn_ended and self.game.turn_on_end is not None:
                self.game.turn_on_end(Env(self, self.current))
            self._run_triggers(action.actor)
        except _RoundOver:
            pass
        except EvalError as err:
            raise EvalError(f"while applying {action}: {err}") from None
        if self.round_over:
            self._finish_round()
        elif self.turn_ended:
            self._advance_turn()

    def _run_effect(self, effect: Any, actor: int | None, loc: dict[str, Any] | None = None) -> None:
        try:
            effect(Env(self, actor, loc or {}))
            self._run_triggers(actor)
        except _RoundOver:
            pass

    def _run_triggers(self, actor: int | None) -> None:
        env = Env(self, actor)
        for trigger in self.game.triggers:
            if actor is None:  # no actor: the player to move, who may change as triggers fire
                env = Env(self, self.current)
            if trigger.when(env):
                trigger.effects(env)

    def _advance_turn(self) -> None:
        self.current = self.seat_after(self.current, (1 + self._live_skips()) * self.direction)
        self._start_turn()

    def _finish_round(self) -> None:
        game = self.game
        env = Env(self, self.round_winner, {"winner": self.round_winner})
        game.round_end(env)
        self.emit(ev.RoundEnded(self.round_winner, tuple(self.scores())))
        if game.game_over(env):
            self.finished = True
            if game.winners is not None:
                self.winners = tuple(game.winners(env))
            else:
                scores = self.scores()
                best = max(scores)
                self.winners = tuple(p for p in range(self.players) if scores[p] == best)
            self.emit(ev.GameEnded(self.winners, tuple(self.scores())))
            return
        if game.next_dealer is not None and self.dealer is not None:
            self.dealer = game.next_dealer(env)
        self._start_round()

    # ------------------------------------------------------------ views

    def view(self, player: int | None) -> dict[str, Any]:
        """What `player` may see (None: a spectator who sees only public things)."""
        zones: dict[str, Any] = {}
        for name, spec in self.game.zones.items():
            if spec.per_player:
                zones[name] = [self._zone_view(name, o, player) for o in range(self.players)]
            else:
                zones[name] = self._zone_view(name, None, player)
        variables: dict[str, Any] = {}
        for name, spec in self.game.variables.items():
            if spec.visibility == "hidden":
                continue
            if spec.per_player:
                variables[name] = [v if visibility.may_read(spec, p, player, self.current) else None
                                   for p, v in enumerate(self.vars[name])]
            else:
                variables[name] = self.vars[name] if visibility.may_read(spec, None, player, self.current) else None
        return {
            "players": self.players, "current": self.current, "dealer": self.dealer,
            "direction": self.direction, "phase": self.phase, "round": self.round,
            "zones": zones, "variables": variables, "scores": self.scores(),
            "faces": {c: self.faces[c] for c in _shown(zones) if self.game.components[c].faces},
            "over": self.finished,
        }

    def _zone_view(self, zone: str, owner: int | None, viewer: int | None) -> list[int | None]:
        cards = self.zone(zone, owner)
        n = len(cards)
        known = self.revealed.get(viewer, ()) if viewer is not None else ()
        spec = self.game.zones[zone]
        return [c if c in known or visibility.sees_component(spec, owner, i, n, viewer) else None
                for i, c in enumerate(cards)]

    def clone(self) -> "State":
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.zones = {k: ([list(h) for h in v] if self.game.zones[k].per_player else list(v))
                       for k, v in self.zones.items()}
        other.where = list(self.where)
        other.faces = list(self.faces)
        other.vars = {k: (list(v) if isinstance(v, list) else v) for k, v in self.vars.items()}
        other.events = list(self.events)
        other.changes = dict(self.changes)
        other.revealed = {viewer: set(seen) for viewer, seen in self.revealed.items()}
        other.out = set(self.out)
        other.out_for_game = set(self.out_for_game)
        other.skipped = list(self.skipped)
        return other

    # ------------------------------------------------------------ primitives for effects

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)

    def zone(self, name: str, owner: int | None) -> list[int]:
        z = self.zones[name]
        return z[owner] if self.game.zones[name].per_player else z

    def move(self, cid: int, to_zone: str, to_owner: int | None, to_bottom: bool = False) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS_PER_ACTION:
            self.spend(0)
        from_zone, from_owner = self.where[cid]
        self.zone(from_zone, from_owner).remove(cid)
        if self.revealed:
            for seen in self.revealed.values():
                seen.discard(cid)
        target = self.zone(to_zone, to_owner)
        changes = self.changes
        changes[from_zone, from_owner] = changes.get((from_zone, from_owner), 0) + 1
        changes[to_zone, to_owner] = changes.get((to_zone, to_owner), 0) + 1
        if to_bottom:
            target.insert(0, cid)
        else:
            target.append(cid)
        self.where[cid] = (to_zone, to_owner)
        self.emit(ev.Moved(cid, from_zone, from_owner, to_zone, to_owner, to_bottom))

    def take_top(self, zone: str, owner: int | None) -> int | None:
        """The top component of a zone, refilling it first if it is empty and may be refilled."""
        cards = self.zone(zone, owner)
        if not cards:
            self.refill(zone, owner)
            cards = self.zone(zone, owner)
        if not cards:
            return None
        if self.game.zones[zone].bag:
            return cards[self.rng.randrange(len(cards))]
        return cards[-1]

    def refill(self, zone: str, owner: int | None) -> None:
        spec = self.game.zones[zone]
        if spec.refill_from is None:
            return
        source = self.zone(spec.refill_from, None)
        keep = spec.refill_keep
        movable = source[:len(source) - keep] if keep else list(source)
        if not movable:
            return
        for cid in movable:
            self.move(cid, zone, owner)
        self.shuffle(zone, owner)

    def shuffle(self, zone: str, owner: int | None) -> None:
        cards = self.zone(zone, owner)
        self.rng.shuffle(cards)
        self.emit(ev.Shuffled(zone, owner, tuple(cards)))

    def swap(self, zone: str, a: int, b: int) -> None:
        """Exchange the contents of two players' zones (for example their hands)."""
        first, second = list(self.zone(zone, a)), list(self.zone(zone, b))
        for cid in first:
            self.move(cid, zone, b)
        for cid in second:
            self.move(cid, zone, a)

    def rotate(self, zone: str) -> None:
        """Every player in play passes the whole zone to the next player in the direction of play."""
        seats = [p for p in range(self.players) if p not in self.out]
        contents = {p: list(self.zone(zone, p)) for p in seats}
        for p in seats:
            receiver = self.seat_after(p, self.direction)
            for cid in contents[p]:
                self.move(cid, zone, receiver)

    def reveal(self, zone: str, owner: int | None, viewer: int) -> None:
        """Show a zone's components to one player; they stay known to them until they move."""
        cards = tuple(self.zone(zone, owner))
        self.revealed.setdefault(viewer, set()).update(cards)
        self.emit(ev.Revealed(zone, owner, viewer, cards))

    def roll(self, cid: int) -> None:
        comp = self.game.components[cid]
        if not comp.faces:
            raise EvalError(f"{self.game.label(cid)} has no faces to roll")
        self.faces[cid] = self.rng.randrange(len(comp.faces))
        self.emit(ev.Rolled(cid, self.faces[cid]))

    def set_var(self, name: str, owner: int | None, value: Any) -> None:
        """Change a variable; setting the value it already has is no change and no event."""
        if name == "current":
            if self.current == value:
                return
            self.current = int(value)
        elif name == "dealer":
            if self.dealer == value:
                return
            self.dealer = value
        elif owner is None:
            if self.vars[name] == value and type(self.vars[name]) is type(value):
                return
            self.vars[name] = value
        else:
            values = self.vars[name]
            if values[owner] == value and type(values[owner]) is type(value):
                return
            values[owner] = value
        spec = self.game.variables.get(name)
        if spec is None or spec.visibility == "public":
            self.emit(ev.VariableSet(name, owner, value))
        elif spec.visibility != "hidden":
            self.emit(ev.VariableSet(name, owner, value, visibility.private_to(spec, owner, self.current)))

    def end_turn(self) -> None:
        self.turn_ended = True

    def spend(self, steps: int = 1) -> None:
        """Count work done by one action; a ruleset that loops without end is stopped with a message."""
        self.steps += steps
        if self.steps > MAX_STEPS_PER_ACTION:
            raise EvalError(f"one action did more than {MAX_STEPS_PER_ACTION} steps (loops, skips and moves); "
                            f"the ruleset may loop without end")

    def skip(self, count: int = 1) -> None:
        self.spend(count)
        for _ in range(count):
            skipped = self.seat_after(self.current, (self._live_skips() + 1) * self.direction)
            self.skipped.append(skipped)
            self.emit(ev.Skipped(skipped))

    def _live_skips(self) -> int:
        """Skips still to be served: a skipped seat that has since left play is passed over anyway."""
        if not self.out:
            return len(self.skipped)
        return sum(1 for seat in self.skipped if seat not in self.out)

    def reverse(self) -> None:
        self.direction = -self.direction
        self.emit(ev.DirectionChanged(self.direction))

    def goto(self, phase: str) -> None:
        self.phase = phase
        self.emit(ev.PhaseChanged(phase))

    def end_round(self, winner: int | None) -> None:
        self.round_over = True
        self.round_winner = winner
        raise _RoundOver()

    def __repr__(self) -> str:
        return (f"<State {self.game.name} round {self.round} P{self.current + 1} to act "
                f"phase={self.phase} over={self.finished}>")


def _shown(zones: dict[str, Any]) -> list[int]:
    """Every component a view shows (a die's face is shown only where the die is)."""
    shown: list[int] = []
    for cards in zones.values():
        for entry in cards:
            if isinstance(entry, list):
                shown.extend(c for c in entry if c is not None)
            elif entry is not None:
                shown.append(entry)
    return sorted(shown)
