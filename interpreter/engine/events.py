"""Every change of state is an event: a small immutable record.

The game log, the terminal table and the tests all read these same records.
`owner` is the seat that owns a per-player zone, or None for a shared zone.

Events are named tuples: immutable, and cheap to make (a game makes many);
what they hold is immutable too (tuples, never lists or mappings). Two events
are equal only when they are of the same kind.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Union

record = tuple.__new__  # `record(Moved, fields)`: an event made in one call of C (a named tuple's own is Python)


def _equal(self: tuple[Any, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _unequal(self: tuple[Any, ...], other: object) -> bool:
    return not _equal(self, other)


class RoundStarted(NamedTuple):
    round: int
    dealer: int | None


class Gathered(NamedTuple):
    """Every component went back to its home zone, in definition order."""

    zone: str


class Shuffled(NamedTuple):
    zone: str
    owner: int | None
    order: tuple[int, ...] | None  # bottom to top; None where the viewer may not see it


class Moved(NamedTuple):
    component: int | None  # None where the viewer may not see it
    from_zone: str
    from_owner: int | None
    to_zone: str
    to_owner: int | None
    bottom: bool = False  # placed under the zone's other components instead of on top


class Revealed(NamedTuple):
    """A zone's content was shown to one player only (for example a challenged hand)."""

    zone: str
    owner: int | None
    viewer: int
    components: tuple[int, ...]


class Rolled(NamedTuple):
    component: int
    face: int


class VariableSet(NamedTuple):
    name: str
    owner: int | None
    value: Any
    private_to: int | None = None  # the only player who may see the value (None: everybody)


class ActionTaken(NamedTuple):
    """A player took an action; `args` are its choices, (name, value) in the order declared."""

    actor: int
    action: str
    args: tuple[tuple[str, Any], ...]


class TurnStarted(NamedTuple):
    player: int
    phase: str | None


class PhaseChanged(NamedTuple):
    phase: str


class Skipped(NamedTuple):
    player: int


class DirectionChanged(NamedTuple):
    direction: int


class Eliminated(NamedTuple):
    player: int
    for_game: bool


class RoundEnded(NamedTuple):
    winner: int | None
    scores: tuple[int, ...]


class GameEnded(NamedTuple):
    winners: tuple[int, ...]
    scores: tuple[int, ...]


Event = Union[RoundStarted, Gathered, Shuffled, Moved, Revealed, Rolled, VariableSet, ActionTaken, TurnStarted,
              PhaseChanged, Skipped, DirectionChanged, Eliminated, RoundEnded, GameEnded]

KIND: dict[type, str] = {  # each kind of event by the name the log gives it
    RoundStarted: "round_started",
    Gathered: "gathered",
    Shuffled: "shuffled",
    Moved: "moved",
    Revealed: "revealed",
    Rolled: "rolled",
    VariableSet: "set",
    ActionTaken: "action",
    TurnStarted: "turn",
    PhaseChanged: "phase",
    Skipped: "skipped",
    DirectionChanged: "direction",
    Eliminated: "eliminated",
    RoundEnded: "round_ended",
    GameEnded: "game_ended",
}
EVENT_TYPES: dict[str, Any] = {name: cls for cls, name in KIND.items()}


def kind_of(event: Event) -> str:
    """The name the log gives this kind of event."""
    return KIND[type(event)]


def to_json(event: Event) -> dict[str, Any]:
    """The event as the log writes it: its kind, then its fields (an action's choices as a mapping)."""
    data: dict[str, Any] = {"event": KIND[type(event)]}
    data.update(event._asdict())
    if isinstance(event, ActionTaken):
        data["args"] = dict(event.args)
    return data


def event_from_json(data: dict[str, Any]) -> Event:
    """Rebuild an event from its log form (lists become tuples again, an action's choices pairs)."""
    cls = EVENT_TYPES[data["event"]]
    values = {}
    for name in cls._fields:
        value = data.get(name)
        if cls is ActionTaken and name == "args":
            value = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in (value or {}).items())
        values[name] = tuple(value) if isinstance(value, list) else value
    return cls(**values)


for _cls in EVENT_TYPES.values():
    _cls.__eq__ = _equal
    _cls.__ne__ = _unequal
    _cls.__hash__ = tuple.__hash__
