"""The compiled game: immutable data and closures built once from a ruleset.

A `Game` holds everything that does not change while a game runs: the
components and their attributes, the zones, the variables, the compiled
actions and effects. `Game.new_state` starts a game; the `State` does the rest.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from ..backend.expressions import ACTOR, Env, Evaluator, reads_of

if TYPE_CHECKING:
    from .state import State

Effect = Callable[[Env], None]


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


@dataclass(frozen=True)
class ZoneSpec:
    name: str
    per_player: bool
    visibility: str  # hidden | public | owner | top
    home: bool
    stock: bool
    bag: bool
    refill_from: str | None
    refill_keep: int
    description: str = ""


@dataclass(frozen=True)
class VariableSpec:
    name: str
    scope: str  # game | round | turn
    per_player: bool
    initial: Any
    visibility: str  # public | hidden | owner (each player sees their own entry) | current (the turn's player)
    description: str = ""

    @property
    def hidden(self) -> bool:
        return self.visibility == "hidden"

    def visible_to(self, viewer: int | None, owner: int | None, current: int) -> bool:
        if self.visibility == "public":
            return True
        if self.visibility == "owner":
            return viewer is not None and viewer == owner
        if self.visibility == "current":
            return viewer is not None and viewer == current
        return False


NO_DEFAULT = object()


@dataclass(frozen=True)
class ChoiceSpec:
    """One choice an action asks for: a component, a player or a declared value."""

    name: str
    kind: str  # component | player | value
    source: Evaluator  # yields the candidates
    where: Evaluator | None
    present_if: Evaluator | None
    description: str = ""
    optional: bool = False
    exclude: tuple[str, ...] = ()  # earlier component choices: one component is not chosen twice
    many: bool = False  # a set of components (a tuple in id order) rather than one
    default: Any = NO_DEFAULT  # the value taken when an action leaves this choice out
    min_count: int = 1
    max_count: int | None = None
    fast_where: Evaluator | None = None  # `where` specialised by component, for listing the legal moves


class Specialized:
    """A condition compiled anew for each combination of the components it is tested on.

    Attributes of components never change during a game, so once the chosen
    components are known, every `card.kind == number` in the condition is
    decided and the rest folds around it. Components that agree on every
    attribute the condition is specialised on share one version, compiled on
    first use.
    It is called like any evaluator; listing the legal moves uses it, and
    `why_not` keeps the general condition for its explanations.
    """

    __slots__ = ("_names", "_keys", "_compile", "_versions", "reads", "_only", "_pairs")

    def __init__(self, general: Evaluator, keys: dict[str, dict[Any, Any]],
                 compile_fixed: Callable[[dict[str, Any]], Evaluator]):
        self._names = tuple(keys)
        self._keys = tuple(keys.values())  # per local: component id (or None) -> the attributes read
        self._compile = compile_fixed
        self._versions: dict[Any, Evaluator] = {}
        self.reads = getattr(general, "reads", None)
        self._only = (self._names[0], self._keys[0]) if len(keys) == 1 else None  # the common case, made quick
        self._pairs = tuple(zip(self._names, self._keys))

    def __call__(self, e: Env) -> Any:
        loc = e.loc
        if self._only is not None:
            name, table = self._only
            key = table[loc.get(name)]
        else:
            key = tuple([table[loc.get(name)] for name, table in self._pairs])
        version = self._versions.get(key)
        if version is None:
            version = self._versions[key] = self._compile({name: loc.get(name) for name in self._names})
        return version(e)


@dataclass(frozen=True)
class ActionSpec:
    name: str
    phases: frozenset[str] | None
    by_anyone: bool
    guard: Evaluator | None
    choices: tuple[ChoiceSpec, ...]
    effects: Effect
    description: str = ""
    require: Evaluator | None = None  # a condition on all the choices together
    fast_require: Evaluator | None = None  # `require` specialised by component, for listing the legal moves
    component_choices: frozenset[str] = frozenset()
    order: tuple[int, ...] = ()  # the order in which legal_actions() enumerates the choices
    check_at: int = -1  # `require` is tested once order[check_at] is chosen
    shared_where: frozenset[str] = frozenset()  # choices whose `where` does not depend on who acts
    rank: dict[str, int] = field(default_factory=dict)  # each choice's place in the declaration
    picks_a_player: bool = False  # the first choice is a player, by a `where` that does not depend on who acts
    inputs: dict[str, tuple[bool, tuple[str, ...]]] = field(default_factory=dict)  # see _inputs()

    def __post_init__(self) -> None:
        object.__setattr__(self, "component_choices",
                           frozenset(c.name for c in self.choices if c.kind == "component"))
        object.__setattr__(self, "rank", {c.name: i for i, c in enumerate(self.choices)})
        object.__setattr__(self, "inputs", self._inputs())
        order = self._enumeration_order()
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "check_at", len(order) - 1 - sum(
            1 for i in reversed(order) if i in self._deferred()))
        if self.by_anyone:
            object.__setattr__(self, "shared_where", frozenset(
                c.name for c in self.choices
                if c.where is not None and _reads_only(c.where, c.name)))
            first = self.choices[order[0]] if order else None
            object.__setattr__(self, "picks_a_player", first is not None and first.kind == "player"
                               and first.present_if is None and first.name in self.shared_where)

    def _inputs(self) -> dict[str, tuple[bool, tuple[str, ...]]]:
        """For each choice: whether its possible values depend on who acts, and on which earlier choices.

        While the legal moves are listed, a choice's values are the same for
        the same inputs, so they are worked out once: a value declared in
        between (the number a joker stands for, say) does not make the next
        card choice be worked out again.
        """
        names = {c.name for c in self.choices}
        inputs = {}
        for choice in self.choices:
            read: set[str] = set()
            for part in (choice.source, choice.where, choice.fast_where):
                part_reads = reads_of(part)
                if part_reads is None:
                    break
                read |= part_reads
            else:
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
        if self.require is None:
            return frozenset()
        names = [c.name for c in self.choices]
        read = reads_of(self.require)
        needed = set(names) if read is None else {n for n in read if n in names}
        needed |= {c.name for c in self.choices if c.kind == "component"}
        for choice in reversed(self.choices):  # what a needed choice reads is needed too
            if choice.name in needed:
                for part in (choice.present_if, choice.source, choice.where):
                    part_reads = reads_of(part)
                    needed |= set(names) if part_reads is None else {n for n in part_reads if n in names}
        return frozenset(i for i, name in enumerate(names) if name not in needed)

    def _enumeration_order(self) -> tuple[int, ...]:
        deferred = self._deferred()
        indices = range(len(self.choices))
        return tuple(i for i in indices if i not in deferred) + tuple(i for i in indices if i in deferred)


def _reads_only(condition: Evaluator, name: str) -> bool:
    """Whether a condition reads no local name but `name`, and not who acts."""
    read = reads_of(condition)
    return read is not None and read <= {name}


@dataclass(frozen=True)
class Trigger:
    when: Evaluator
    effects: Effect


@dataclass(frozen=True)
class Component:
    """One physical piece. `faces` is non-empty for dice."""

    id: int
    attrs: dict[str, Any]
    faces: tuple[dict[str, Any], ...] = ()


@dataclass
class Game:
    """Everything fixed about a ruleset, compiled; `new_state` starts a game."""

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
    max_actions: int = 20_000  # in one round
    max_rounds: int = 1_000
    source: str = ""
    action_index: dict[str, ActionSpec] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.action_index = {a.name: a for a in self.actions}
        self._by_phase = {phase: tuple(a for a in self.actions if a.phases is None or phase in a.phases)
                          for phase in set(self.phases) | {None}}
        self.home_zone = next(z.name for z in self.zones.values() if z.home)
        self.stock_zone = next((z.name for z in self.zones.values() if z.stock), None)
        self.hand_zone = next((z.name for z in self.zones.values() if z.per_player), None)
        self.has_dice = any(c.faces for c in self.components)
        self._by_scope: dict[tuple[str, ...], tuple[VariableSpec, ...]] = {}

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

    def attribute(self, component: int | None, name: str, faces: list[int] | None = None) -> Any:
        """An attribute of a component, read from the face it shows if it is a die."""
        if component is None:
            return None
        comp = self.components[component]
        if comp.faces and faces is not None:
            face = comp.faces[faces[component]]
            if name in face:
                return face[name]
        return comp.attrs.get(name)

    def label(self, component: int | None, faces: list[int] | None = None) -> str:
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

    def new_state(self, players: int, seed: int = 0) -> "State":
        from .state import State
        return State.start(self, players, seed)

