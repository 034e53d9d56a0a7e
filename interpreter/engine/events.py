"""Every change of state is an event: a small immutable record.

The game log, the terminal table and the tests all read these same records.
`owner` is the seat that owns a per-player zone, or None for a shared zone.

Events are named tuples: immutable, and cheap to make (a game makes many);
what they hold is immutable too (tuples, never lists or mappings). Two events
are equal only when they are of the same kind.
"""
from __future__ import annotations

from typing import Any, NamedTuple

Event = tuple  # every event is one of the named tuples below; `kind` names it in the log


def _to_json(self: Any) -> dict[str, Any]:
    data = {"event": self.kind}
    data.update(self._asdict())
    return data


def _equal(self: Any, other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _unequal(self: Any, other: object) -> bool:
    return not _equal(self, other)


class RoundStarted(NamedTuple):
    kind = "round_started"
    round: int
    dealer: int | None


class Gathered(NamedTuple):
    """Every component went back to its home zone, in definition order."""

    kind = "gathered"
    zone: str


class Shuffled(NamedTuple):
    kind = "shuffled"
    zone: str
    owner: int | None
    order: tuple[int, ...] | None  # bottom to top; None where the viewer may not see it


class Moved(NamedTuple):
    kind = "moved"
    component: int | None  # None where the viewer may not see it
    from_zone: str
    from_owner: int | None
    to_zone: str
    to_owner: int | None
    bottom: bool = False  # placed under the zone's other components instead of on top


class Revealed(NamedTuple):
    """A zone's content was shown to one player only (for example a challenged hand)."""

    kind = "revealed"
    zone: str
    owner: int | None
    viewer: int
    components: tuple[int, ...]


class Rolled(NamedTuple):
    kind = "rolled"
    component: int
    face: int


class VariableSet(NamedTuple):
    kind = "set"
    name: str
    owner: int | None
    value: Any
    private_to: int | None = None  # the only player who may see the value (None: everybody)


class ActionTaken(NamedTuple):
    """A player took an action; `args` are its choices, (name, value) in the order declared."""

    kind = "action"
    actor: int
    action: str
    args: tuple[tuple[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        return {"event": self.kind, "actor": self.actor, "action": self.action, "args": dict(self.args)}


class TurnStarted(NamedTuple):
    kind = "turn"
    player: int
    phase: str | None


class PhaseChanged(NamedTuple):
    kind = "phase"
    phase: str


class Skipped(NamedTuple):
    kind = "skipped"
    player: int


class DirectionChanged(NamedTuple):
    kind = "direction"
    direction: int


class Eliminated(NamedTuple):
    kind = "eliminated"
    player: int
    for_game: bool


class RoundEnded(NamedTuple):
    kind = "round_ended"
    winner: int | None
    scores: tuple[int, ...]


class GameEnded(NamedTuple):
    kind = "game_ended"
    winners: tuple[int, ...]
    scores: tuple[int, ...]


EVENT_TYPES: dict[str, Any] = {
    cls.kind: cls for cls in (RoundStarted, Gathered, Shuffled, Moved, Revealed, Rolled, VariableSet,
                              ActionTaken, TurnStarted, PhaseChanged, Skipped, DirectionChanged,
                              Eliminated, RoundEnded, GameEnded)
}


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
    if "to_json" not in _cls.__dict__:
        _cls.to_json = _to_json
    _cls.__eq__ = _equal
    _cls.__ne__ = _unequal
    _cls.__hash__ = tuple.__hash__
