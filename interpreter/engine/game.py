"""The compiled game: immutable data and closures built once from a ruleset.

A `Game` holds everything that does not change while a game runs: the
components and their attributes, the zones, the variables, the compiled
actions and effects. `Game.new_state` starts a game; the `State` does the rest.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from ..backend.closures import Env, Evaluator
from ..errors import Position
from ..tree import nodes as n
from ..tree.nodes import ACTOR

if TYPE_CHECKING:
    from ..backend.closures import Closures
    from .state import State

Effect = Callable[[Env], None]
Faces = Sequence[int] | Mapping[int, int]  # component id -> the face it shows: a table's list, or a view's mapping


class Action(NamedTuple):
    """A move as a value: who takes it, which action, and every choice made.

    Actions print well and round-trip through the log as JSON. A named tuple
    is immutable and hashable like a frozen record, and far cheaper to make:
    listing the legal moves makes several for every decision.
    """

    name: str
    actor: int
    args: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        return {"action": self.name, "actor": self.actor, "args": dict(self.args)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Action":
        args = ((k, tuple(v) if isinstance(v, list) else v) for k, v in (data.get("args") or {}).items())
        return Action(data["action"], int(data["actor"]), tuple(args))

    def __str__(self) -> str:
        extra = " ".join(f"{k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in self.args)
        return f"P{self.actor + 1} {self.name}" + (f" {extra}" if extra else "")


NO_DEFAULT = object()


@dataclass(frozen=True)
class ChoiceSpec:
    """One choice an action asks for, compiled: its closures, and the tree node it was made from (`rule`)."""

    name: str
    kind: str  # component | player | value
    source: Evaluator  # yields the candidates
    where: Evaluator | None
    present_if: Evaluator | None
    rule: n.Choice
    description: str = ""
    optional: bool = False
    exclude: tuple[str, ...] = ()  # earlier component choices: one component is not chosen twice
    many: bool = False  # a set of components (a tuple in id order) rather than one
    default: Any = NO_DEFAULT  # the value taken when an action leaves this choice out
    min_count: int = 1
    max_count: int | None = None
    fast_where: Evaluator | None = None  # `where` specialised by component, for listing the legal moves


def first_flag(condition: n.Expr | None, seat: str | None) -> str | None:
    """The per-player true/false variable a condition tests first, of the seat it is about, if it has one.

    `seat` names the choice holding that seat (None: the acting player). The
    condition is `flag[seat] and ...`, perhaps through definitions: while no
    seat's flag is true, it is false for every seat, and nothing else of it is
    evaluated. Claims are listed for every seat before every decision, and are
    mostly closed: checking one list of flags first spares a test per seat.
    """
    while True:
        if isinstance(condition, n.DefinitionUse):
            condition = condition.body
        elif isinstance(condition, n.And) and condition.parts:
            condition = condition.parts[0]
        else:
            break
    if not (isinstance(condition, n.VariableRead) and condition.per_player and condition.type.kind == "bool"):
        return None
    owner = condition.owner
    if seat is None:
        mine = owner is None or isinstance(owner, n.Builtin) and owner.name == "player"
    else:
        mine = isinstance(owner, n.Local) and owner.name == seat and not owner.bound
    return condition.name if mine else None


@dataclass(frozen=True)
class ActionSpec:
    """One action, compiled: its closures, how its choices are listed, and the tree node it was made from."""

    name: str
    phases: frozenset[str] | None
    by_anyone: bool
    guard: Evaluator | None
    choices: tuple[ChoiceSpec, ...]
    effects: Effect
    rule: n.Action
    description: str = ""
    require: Evaluator | None = None  # a condition on all the choices together
    fast_require: Evaluator | None = None  # `require` specialised by component, for listing the legal moves
    effects_path: tuple[Any, ...] = ()  # where its effects are written, for a failure to name
    component_choices: frozenset[str] = frozenset()
    order: tuple[int, ...] = ()  # the order in which legal_actions() enumerates the choices
    check_at: int = -1  # `require` is tested once order[check_at] is chosen
    shared_where: frozenset[str] = frozenset()  # choices whose `where` does not depend on who acts
    rank: dict[str, int] = field(default_factory=dict)  # each choice's place in the declaration
    picks_a_player: bool = False  # the first choice is a player, by a `where` that does not depend on who acts
    inputs: dict[str, tuple[bool, tuple[str, ...]]] = field(default_factory=dict)  # see _inputs()
    lister: Callable[[Env, list[Action]], None] | None = None  # the generated walk of its choices, if any
    guard_flag: str | None = None  # a claim's: see first_flag(); while no seat's is true, no seat may claim
    pick_flag: str | None = None  # likewise for the `where` of the player a claim picks (`picks_a_player`)
    take: Callable[[Any, Action, bool], None] | None = None  # the generated `flow.take` of this action, if any

    def __post_init__(self) -> None:
        object.__setattr__(self, "component_choices",
                           frozenset(c.name for c in self.choices if c.kind == "component"))
        object.__setattr__(self, "rank", {c.name: i for i, c in enumerate(self.choices)})
        object.__setattr__(self, "effects_path", self.rule.path + ("effects",))
        object.__setattr__(self, "inputs", self._inputs())
        order = self._enumeration_order()
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "check_at", len(order) - 1 - sum(
            1 for i in reversed(order) if i in self._deferred()))
        if self.by_anyone:
            object.__setattr__(self, "shared_where", frozenset(
                c.name for c in self.rule.choices if c.where is not None and c.where.reads <= {c.name}))
            first = self.choices[order[0]] if order else None
            object.__setattr__(self, "picks_a_player", first is not None and first.kind == "player"
                               and first.present_if is None and first.name in self.shared_where)
            object.__setattr__(self, "guard_flag", first_flag(self.rule.guard, None))
            if self.picks_a_player:
                assert first is not None
                object.__setattr__(self, "pick_flag", first_flag(first.rule.where, first.name))

    def _inputs(self) -> dict[str, tuple[bool, tuple[str, ...]]]:
        """For each choice: whether its possible values depend on who acts, and on which earlier choices.

        While the legal moves are listed, a choice's values are the same for
        the same inputs, so they are worked out once: a value declared in
        between (the number a joker stands for, say) does not make the next
        card choice be worked out again.
        """
        names = {c.name for c in self.rule.choices}
        inputs = {}
        for choice in self.rule.choices:
            read = choice.source.reads | (choice.where.reads if choice.where is not None else frozenset())
            earlier = (read & names) - {choice.name} | set(choice.exclude)
            inputs[choice.name] = (ACTOR in read, tuple(sorted(earlier)))
        return inputs

    def _deferred(self) -> frozenset[int]:
        """Choices of a declared value that neither `require` nor a needed choice reads.

        They are enumerated last, after `require` has passed, so that (say) the
        suit declared for a joker does not multiply the combinations the
        condition is tested on. Component choices stay in place: each excludes
        the components chosen before it.
        """
        if self.rule.require is None:
            return frozenset()
        choices = self.rule.choices
        names = [c.name for c in choices]
        needed = {name for name in self.rule.require.reads if name in names}
        needed |= {c.name for c in choices if c.kind == "component"}
        for choice in reversed(choices):  # what a needed choice reads is needed too
            if choice.name in needed:
                for part in (choice.present_if, choice.source, choice.where):
                    if part is not None:
                        needed |= {name for name in part.reads if name in names}
        return frozenset(i for i, name in enumerate(names) if name not in needed)

    def _enumeration_order(self) -> tuple[int, ...]:
        deferred = self._deferred()
        indices = range(len(self.choices))
        return tuple(i for i in indices if i not in deferred) + tuple(i for i in indices if i in deferred)


@dataclass(frozen=True)
class Trigger:
    when: Evaluator
    effects: Effect
    moment: str = "action"  # when it is watched (see `tree.nodes.MOMENTS`)


Component = n.Component
ZoneSpec = n.Zone
VariableSpec = n.Variable


@dataclass(frozen=True, eq=False)  # a game is itself: equal only to itself, hashable by identity
class Game:
    """Everything fixed about a ruleset, compiled; `new_state` starts a game.

    The fields after `action_index` are worked out from the others when the game is made.
    """

    name: str
    version: str
    title: str
    description: str
    content_hash: str
    min_players: int
    max_players: int
    params: dict[str, Any]
    components: tuple[Component, ...]
    zones: dict[str, ZoneSpec]
    variables: dict[str, VariableSpec]
    actions: tuple[ActionSpec, ...]
    setup: Effect
    round_setup: Effect
    round_end: Effect
    game_over: Evaluator
    winners: Evaluator | None
    next_dealer: Evaluator | None
    turn_phase: Evaluator | None
    turn_on_begin: Effect | None
    turn_on_end: Effect | None
    triggers: tuple[Trigger, ...]
    phases: tuple[str, ...]
    rules: n.Ruleset  # the tree it was compiled from
    expressions: "Closures"  # the closures of its expressions, to evaluate a part of a rule
    max_actions: int = 20_000  # in one round
    max_rounds: int = 1_000
    source: str = ""
    score_variable: str = "score"
    domains: dict[str, list[Any]] = field(default_factory=dict)  # attribute -> its declared values
    interchangeable: list[Any] = field(default_factory=list)  # per component: alike components share a key
    engine: str = "interpreter"  # what runs its conditions and effects: the closures, or a "generated" module
    fallback: str | None = None  # why a game asked to run generated runs on the closures
    positions: dict[tuple[Any, ...], Position] = field(default_factory=dict)  # rule path -> where it is written
    evaluation: Evaluator | None = None  # the ruleset's hint to bots: how good a position is for `player`
    trigger_passes: dict[str, Effect] = field(default_factory=dict)  # moment -> its triggers checked in one call
    start_turn: Callable[[Any], bool] | None = None  # the generated `flow.start_turn`, if any
    listings: dict[str | None, Callable[..., None]] = field(default_factory=dict)  # phase -> its generated listing
    claim_listings: dict[str | None, Callable[..., None]] = field(default_factory=dict)  # of its claims alone
    action_index: dict[str, ActionSpec] = field(init=False)
    home_zone: str = field(init=False)  # where every component starts
    stock_zone: str | None = field(init=False)  # the zone components are drawn from, if one is marked
    hand_zone: str | None = field(init=False)  # the first per-player zone
    has_dice: bool = field(init=False)
    counts_changes: bool = field(init=False)  # whether a move counts its zones' changes (`changes(...)` reads them)
    keeps_movers: bool = field(init=False)  # whether a move notes whose action made it (`mover_of(...)` reads that)
    indexed_zones: frozenset[str] = field(init=False)  # the zones held as one pile a seat or a numbered pile
    per_player_variables: tuple[str, ...] = field(init=False)  # the variables held as one entry a seat
    _by_phase: dict[str | None, tuple[ActionSpec, ...]] = field(init=False, repr=False)
    _claims_by_phase: dict[str | None, tuple[ActionSpec, ...]] = field(init=False, repr=False)  # those `by: anyone`
    watched: dict[str, tuple[tuple[tuple[Any, ...], Trigger], ...]] = field(init=False, repr=False)  # moment -> (path, trigger)
    _by_scope: dict[tuple[str, ...], tuple[VariableSpec, ...]] = field(init=False, repr=False)  # filled as asked

    def __post_init__(self) -> None:
        by_phase = {phase: tuple(a for a in self.actions if a.phases is None or phase in a.phases)
                    for phase in (*self.phases, None)}
        worked_out = {
            "action_index": {a.name: a for a in self.actions},
            "home_zone": next(z.name for z in self.zones.values() if z.home),
            "stock_zone": next((z.name for z in self.zones.values() if z.stock), None),
            "hand_zone": next((z.name for z in self.zones.values() if z.per_player), None),
            "has_dice": any(c.faces for c in self.components),
            "counts_changes": "changes" in self.rules.history,
            "keeps_movers": "mover_of" in self.rules.history,
            "indexed_zones": frozenset(z.name for z in self.zones.values() if z.indexed),
            "per_player_variables": tuple(v.name for v in self.variables.values() if v.per_player),
            "_by_phase": by_phase,
            "_claims_by_phase": {phase: tuple(a for a in found if a.by_anyone) for phase, found in by_phase.items()},
            "_by_scope": {},
            "watched": {moment: tuple((("triggers", i), t) for i, t in enumerate(self.triggers) if t.moment == moment)
                        for moment in n.MOMENTS},
        }
        for name, value in worked_out.items():
            object.__setattr__(self, name, value)

    def variables_in_scope(self, scopes: tuple[str, ...]) -> tuple[VariableSpec, ...]:
        """The variables that start afresh with a game, a round or a turn (remembered per set of scopes)."""
        found = self._by_scope.get(scopes)
        if found is None:
            found = self._by_scope[scopes] = tuple(v for v in self.variables.values() if v.scope in scopes)
        return found

    def actions_in_phase(self, phase: str | None) -> tuple[ActionSpec, ...]:
        """The actions whose `phase` allows them now, in declaration order."""
        found = self._by_phase.get(phase)
        if found is None:
            found = tuple(a for a in self.actions if a.phases is None or phase in a.phases)
        return found

    def claims_in_phase(self, phase: str | None) -> tuple[ActionSpec, ...]:
        """The claims (`by: anyone`) whose `phase` allows them now, in declaration order: a bot asks for these often."""
        found = self._claims_by_phase.get(phase)
        if found is None:
            found = tuple(a for a in self.actions_in_phase(phase) if a.by_anyone)
        return found

    def attribute(self, component: int | None, name: str, faces: Faces | None = None) -> Any:
        """An attribute of a component, read from the face it shows if it is a die."""
        if component is None:
            return None
        comp = self.components[component]
        if comp.faces and faces is not None:
            face = comp.faces[faces[component]]
            if name in face:
                return face[name]
        return comp.attrs.get(name)

    def label(self, component: int | None, faces: Faces | None = None) -> str:
        """How a component is shown to people: its `label` attribute, else its attributes."""
        if component is None:
            return "?"
        text = self.attribute(component, "label", faces)
        if text is not None:
            return str(text)
        comp = self.components[component]
        values = dict(comp.attrs)
        if comp.faces and faces is not None:
            values.update(comp.faces[faces[component]])
        return " ".join(str(v) for v in values.values() if v is not None)

    def new_state(self, players: int, seed: int = 0, record_changes: bool = True) -> "State":
        """A new game for `players` seats, all its randomness drawn from `seed`.

        Without `record_changes` its events are the game's course only (rounds, turns, actions,
        shuffles…), not each move and variable set: enough to summarise it, not to log or replay it.
        """
        from . import flow
        from .state import State
        from .table import Table
        table = Table(self, players, seed)
        table.records_changes = record_changes
        try:
            flow.start(table)
        except flow.FAILURES as err:
            raise flow.failed(table, err) from err
        return State(table)

    def position_of(self, rule: tuple[Any, ...]) -> Position | None:
        """Where the rule at `rule` is written: the nearest enclosing part of the ruleset that has a position."""
        for end in range(len(rule), 0, -1):
            found = self.positions.get(rule[:end])
            if found is not None:
                return found
        return None

