"""The typed ruleset tree: every part of a ruleset as a frozen node, with what the analysis found.

The builder (`build.py`) makes these nodes once from the resolved document and the
parse trees of its expressions; every later stage is a pass over them: the
whole-ruleset checks, the closure backend, the words. A pass is a class with one
`visit_<Node>` method per node class it handles (see `Pass`), and a test checks
that every pass handles every node.

Expression nodes carry the results of the analysis as declared fields:

- `source`: the text the author wrote for this part (for the words of a refusal);
- `type`: its static type (`language.types`);
- `reads`: the local names it reads, and ACTOR when it depends on who acts;
- `attribute_reads`: (local name, attribute) pairs it reads;
- `const`: its value when it is known at load time (a parameter, a symbol, a
  part built of constants), else NOT_CONSTANT.

Nodes compare by identity: the same part used twice (a definition's argument
inside its body) is the same node.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar, dataclass_transform

from ..language import types as T

if TYPE_CHECKING:
    from .symbols import Symbols

ACTOR = "@player"  # among the names a node reads: it depends on who acts


def named(name: Any) -> Any:
    """A text of the ruleset (a zone's, a variable's, an action's name; a symbol; a component's attribute) as
    Python's one copy of that text.

    The table keeps its zones and variables by name, and the generated code looks
    them up by names it binds (`codegen/module.py`), made one copy too: a lookup
    then finds its key by identity instead of comparing the texts. A value set
    where the same text stood is then the same object, which the generated code
    tests first (`codegen/effects.py`).
    """
    return sys.intern(name) if type(name) is str else name


class _NotConstant:
    """Stands for "not known before the game runs"."""

    def __repr__(self) -> str:
        return "NOT_CONSTANT"


NOT_CONSTANT: Any = _NotConstant()


_Node = TypeVar("_Node")


@dataclass_transform(frozen_default=True, kw_only_default=True, eq_default=False, field_specifiers=(field,))
def node(cls: type[_Node]) -> type[_Node]:
    """A tree node class: frozen, slotted, built by keyword, equal only to itself."""
    return dataclass(frozen=True, slots=True, kw_only=True, eq=False, repr=False)(cls)


# ------------------------------------------------------------------ expressions

@node
class Expr:
    source: str = ""
    type: T.Type = T.ANY
    reads: frozenset[str] = frozenset()
    attribute_reads: frozenset[tuple[str, str]] = frozenset()
    const: Any = NOT_CONSTANT

    @property
    def constant(self) -> bool:
        return self.const is not NOT_CONSTANT

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.source!r})"


@node
class Const(Expr):
    """A value written in the ruleset (`7`, `'wild DOS'`, `none`), or a YAML number or true/false."""

    value: Any


@node
class ListOf(Expr):
    items: tuple[Expr, ...]


@node
class Local(Expr):
    """A name bound where the expression is used: a choice, a loop name, `winner`, `this`, `card`.

    `bound`: the name of an aggregate around it (`c` in `any(c in hand: ...)`).
    """

    name: str
    bound: bool = False


@node
class ParamRef(Expr):
    name: str


@node
class Symbol(Expr):
    """An attribute value or a phase written bare (`red`, `main`): the same value as the text."""

    name: str


@node
class Builtin(Expr):
    """`player`, `current`, `dealer`, `direction`, `players`, `phase`, `round`, `all_players`."""

    name: str


@node
class VariableRead(Expr):
    """A variable; a per-player one is the acting player's, or `owner`'s when indexed (`score[p]`)."""

    name: str
    per_player: bool
    owner: Expr | None = None


@node
class ZoneRead(Expr):
    """A zone's components; a per-player zone is the acting player's, or `owner`'s (`hand[p]`).

    A numbered zone reads as its list of piles, or with `owner` as one pile (`meld[i]`, empty past the last).
    """

    name: str
    per_player: bool
    owner: Expr | None = None
    numbered: bool = False


@node
class DefinitionUse(Expr):
    """A definition used by name (`bluff`) or called (`playable(card)`).

    `body` is the definition's body with its parameters replaced by `args`:
    definitions are pure, so the body stands for the use exactly.
    """

    name: str
    args: tuple[Expr, ...]
    body: Expr


@node
class Attribute(Expr):
    """`card.colour`; `.id` is the component's own number."""

    obj: Expr
    name: str


@node
class Item(Expr):
    """`x[i]`: item i of a list (none past the end)."""

    seq: Expr
    index: Expr


@node
class Call(Expr):
    """A built-in function: size, top, bottom, next, previous, left, right, others, in_play, str, abs, min, max...

    `cut` is `x[a:b]`: its args are the list and both bounds (a Const none for a bound not written).
    """

    function: str
    args: tuple[Expr, ...]


@node
class Changes(Expr):
    """`changes(hand[p])`: how often a zone's content changed this round."""

    zone: str
    per_player: bool
    owner: Expr | None = None


@node
class Aggregate(Expr):
    """`any(c in hand: ...)`, all, count, sum, min, max, first; `body` None uses the items themselves.

    kind `filter` is `[c in hand: ...]`: the items (in order) for which the body holds.
    """

    kind: str
    binder: str
    items: Expr
    body: Expr | None


@node
class Negative(Expr):
    operand: Expr


@node
class Not(Expr):
    operand: Expr


@node
class And(Expr):
    parts: tuple[Expr, ...]


@node
class Or(Expr):
    parts: tuple[Expr, ...]


@node
class Conditional(Expr):
    """`then if condition else other`."""

    then: Expr
    condition: Expr
    other: Expr


@node
class Compare(Expr):
    op: str  # == != < <= > >=
    left: Expr
    right: Expr


@node
class Membership(Expr):
    """`item in container`, or `not in` when `negated`."""

    negated: bool
    item: Expr
    container: Expr


@node
class Arithmetic(Expr):
    op: str  # + - * // %
    left: Expr
    right: Expr


# ------------------------------------------------------------------ places and targets

@node
class ZoneRef:
    """A zone named by an effect: `discard`, `hand` (the acting player's), `hand[target]`, `meld[i]`, `meld[new]`."""

    name: str
    per_player: bool
    owner: Expr | None = None  # a per-player zone's seat, or a numbered zone's pile
    numbered: bool = False
    new: bool = False  # `meld[new]`: a pile made by this effect, after the last one


SEAT_TARGETS = ("current", "dealer")  # targets that set the table's seats (the engine's `set_var` knows them)


@node
class Target:
    """What `set`, `add` and `draw: {set: ...}` change: a variable (one player's, or every player's), current, dealer."""

    name: str
    per_player: bool = False
    owner: Expr | None = None  # a per-player variable without one is the acting player's
    every: bool = False  # `name[*]`


# ------------------------------------------------------------------ effects

@node
class Effect:
    path: tuple[Any, ...] = ()  # where the effect is written in the document


@node
class Sequence(Effect):
    steps: tuple[Effect, ...]


@node
class MoveComponents(Effect):
    """`move: {card: ...}` or `move: {cards: ...}`: chosen components (none items are skipped)."""

    what: Expr
    single: bool
    to: ZoneRef
    bottom: bool = False


@node
class MoveTop(Effect):
    """`move: {from: ..., count: ...}`: the top components of a zone (refilled, random for a bag)."""

    source: ZoneRef
    count: Expr
    to: ZoneRef
    bottom: bool = False


@node
class Draw(Effect):
    player: Expr | None  # None: the acting player
    count: Expr
    source: str
    to: str
    remember: Target | None = None
    roll: bool = False


@node
class Deal(Effect):
    source: ZoneRef
    to: str
    count: Expr


@node
class Shuffle(Effect):
    zone: ZoneRef


@node
class Assign(Effect):
    """`set`: every value is worked out before any target changes."""

    pairs: tuple[tuple[Target, Expr], ...]


@node
class Increase(Effect):
    """`add`: each target's current value (none counts as 0) plus its amount."""

    steps: tuple[tuple[Target, Expr, Expr], ...]  # target, its current value, the amount


@node
class Skip(Effect):
    count: Expr | None = None  # None: one


@node
class Reverse(Effect):
    pass


@node
class EndTurn(Effect):
    """`end_turn`, or `end_turn: {next: p}`: the turn passes, to `p` rather than to the next seat in turn order."""

    next: Expr | None = None


@node
class Goto(Effect):
    phase: str


@node
class EndRound(Effect):
    winner: Expr | None = None


@node
class DrawHigh(Effect):
    zone: ZoneRef
    value: Expr
    target: Target
    roll: bool = False


@node
class Roll(Effect):
    what: Expr


@node
class Reveal(Effect):
    zone: ZoneRef
    viewer: Expr


@node
class Swap(Effect):
    zone: str
    players: Expr


@node
class Rotate(Effect):
    zone: str


@node
class Eliminate(Effect):
    player: Expr
    for_game: bool = False


@node
class RunProcedure(Effect):
    """`do: name` or `do: name(a, b)`: the procedure's effects, built once and shared by every place that runs it."""

    name: str
    body: "ProcedureBody"
    args: tuple[Expr, ...] = ()  # the values of its parameters, in order


@node
class If(Effect):
    condition: Expr
    then: Effect
    otherwise: Effect


@node
class Switch(Effect):
    key: Expr
    cases: tuple[tuple[str, Effect], ...]
    default: Effect


@node
class While(Effect):
    condition: Expr
    body: Effect


@node
class ForEach(Effect):
    name: str
    items: Expr
    body: Effect


@dataclass(eq=False)
class ProcedureBody:
    """A procedure's effects: filled in once built, so that every `do:` shares them (and a cycle is caught)."""

    name: str
    effect: Effect | None = None
    params: tuple[str, ...] = ()  # local names its effects see, bound to the values each `do:` gives


NOTHING = Sequence(steps=())


# ------------------------------------------------------------------ the parts of a ruleset

N = TypeVar("N")


@node
class Component:
    """One physical piece. `faces` is non-empty for dice."""

    id: int
    attrs: dict[str, Any]
    faces: tuple[dict[str, Any], ...] = ()


@node
class Entry:
    """One entry of `components.cards` or `.dice` as written, and the components it made: the rule sheet's table."""

    section: str  # cards | dice
    written: dict[str, Any]  # attribute -> its value, or the list of values the entry is made over
    faces: tuple[dict[str, Any], ...]  # a die's faces as written
    copies: int
    first: int  # the id of the first component it made
    count: int


@node
class Zone:
    name: str
    per_player: bool
    visibility: str  # hidden | public | owner | top
    home: bool
    stock: bool
    bag: bool
    refill_from: str | None
    refill_keep: int
    description: str = ""
    numbered: bool = False  # a row of piles made during play (`meld[new]`), none at the start of a round
    indexed: bool = field(init=False)  # the zone is a list of piles: one a seat, or one per number (read per move)

    def __post_init__(self) -> None:
        object.__setattr__(self, "indexed", self.per_player or self.numbered)


@node
class Variable:
    name: str
    scope: str  # game | round | turn
    per_player: bool
    initial: Any
    visibility: str  # public | hidden | owner | current
    description: str = ""
    show: str | bool | None = None  # the table shows it always, with this label (False: never; None: if described)
    label: str = ""  # what the table calls it, when it shows it


@node
class Definition:
    name: str
    params: tuple[str, ...]
    text: str
    body: Expr  # built with the parameters as local names, to check it once where it is written


@node
class Choice:
    """One choice an action asks for: a component, a player or a declared value."""

    name: str
    kind: str  # component | player | value
    source: Expr
    where: Expr | None
    present_if: Expr | None
    description: str = ""
    optional: bool = False
    exclude: tuple[str, ...] = ()  # earlier component choices: one component is not chosen twice
    many: bool = False
    default: Any = None
    has_default: bool = False
    min_count: int = 1
    max_count: int | None = None
    type: T.Type = T.ANY  # of the value the choice binds
    attribute: str = ""  # `value: colour`: the attribute whose declared values are offered
    path: tuple[Any, ...] = ()


@node
class Action:
    name: str
    phases: frozenset[str] | None
    by_anyone: bool
    guard: Expr | None
    choices: tuple[Choice, ...]
    require: Expr | None
    effects: Effect
    description: str = ""
    phase_list: tuple[str, ...] = ()  # `phases` in the order written, as the words list them
    path: tuple[Any, ...] = ()


@node
class Trigger:
    when: Expr
    effects: Effect
    path: tuple[Any, ...] = ()
    moment: str = "action"  # when it is watched: one of MOMENTS


# When a trigger may be watched: after each action (and after each round's setup), after each component
# moved, at the start or end of a turn or a round, once the game is set up.
MOMENTS = ("action", "move", "turn_start", "turn_end", "round_start", "round_end", "setup")


@node
class Ruleset:
    """A whole ruleset, built and analysed: what the backends compile and the words say."""

    name: str
    version: str
    title: str
    description: str
    content_hash: str
    min_players: int
    max_players: int
    params: dict[str, Any]
    param_descriptions: dict[str, str]
    components: tuple[Component, ...]
    entries: tuple[Entry, ...]  # what the components were made from
    domains: dict[str, tuple[Any, ...]]  # attribute -> its declared values
    derived: dict[str, Expr]  # `components.derive`: attribute -> how it is computed from `this`
    zones: dict[str, Zone]
    variables: dict[str, Variable]
    definitions: dict[str, Definition]
    setup: Effect
    round_setup: Effect
    round_end: Effect
    game_over: Expr
    winners: Expr | None
    next_dealer: Expr | None
    score_variable: str
    turn_phase: Expr | None
    turn_on_begin: Effect | None
    turn_on_end: Effect | None
    actions: tuple[Action, ...]
    triggers: tuple[Trigger, ...]
    symbols: "Symbols"
    procedures: dict[str, ProcedureBody] = field(default_factory=dict)  # as written; unused ones if they build
    phases: tuple[str, ...] = ()
    phase_labels: dict[str, str] = field(default_factory=dict)  # `turn.phases`: the words shown for a phase
    max_actions: int = 20_000
    max_rounds: int = 1_000
    source: str = ""
    evaluation: Expr | None = None  # how good a position is for `player`: a hint for bots
    history: frozenset[str] = frozenset()  # what of the past its rules read ("changes", "mover_of"): kept only then


class Pass(Generic[N]):
    """A pass over the tree: `visit(node)` calls `visit_<NodeClass>`; a node without a method is an error."""

    def visit(self, item: Any, *args: Any) -> Any:
        method = getattr(self, "visit_" + type(item).__name__, None)
        if method is None:
            raise NotImplementedError(f"{type(self).__name__} has no method for {type(item).__name__}")
        return method(item, *args)


EXPRESSIONS: tuple[type, ...] = (Const, ListOf, Local, ParamRef, Symbol, Builtin, VariableRead, ZoneRead,
                                 DefinitionUse, Attribute, Item, Call, Changes, Aggregate, Negative, Not, And, Or,
                                 Conditional, Compare, Membership, Arithmetic)
EFFECTS: tuple[type, ...] = (Sequence, MoveComponents, MoveTop, Draw, Deal, Shuffle, Assign, Increase, Skip, Reverse,
                             EndTurn, Goto, EndRound, DrawHigh, Roll, Reveal, Swap, Rotate, Eliminate, RunProcedure,
                             If, Switch, While, ForEach)
