"""Every change of state is an event: a small immutable record.

The game log, the terminal table and the tests all read these same records.
`owner` is the seat that owns a per-player zone, or None for a shared zone.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Base class: `kind` names the event in the log."""

    kind = "event"

    def to_json(self) -> dict[str, Any]:
        data = {"event": self.kind}
        data.update(asdict(self))
        return data


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    kind = "round_started"
    round: int
    dealer: int | None


@dataclass(frozen=True, slots=True)
class Gathered(Event):
    """Every component went back to its home zone, in definition order."""

    kind = "gathered"
    zone: str


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    kind = "shuffled"
    zone: str
    owner: int | None
    order: tuple[int, ...] | None  # bottom to top; None where the viewer may not see it


@dataclass(frozen=True, slots=True)
class Moved(Event):
    kind = "moved"
    component: int | None  # None where the viewer may not see it
    from_zone: str
    from_owner: int | None
    to_zone: str
    to_owner: int | None
    bottom: bool = False  # placed under the zone's other components instead of on top


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """A zone's content was shown to one player only (for example a challenged hand)."""

    kind = "revealed"
    zone: str
    owner: int | None
    viewer: int
    components: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    kind = "rolled"
    component: int
    face: int


@dataclass(frozen=True, slots=True)
class VariableSet(Event):
    kind = "set"
    name: str
    owner: int | None
    value: Any
    private_to: int | None = None  # the only player who may see the value (None: everybody)


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    kind = "action"
    actor: int
    action: str
    args: dict[str, Any]


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    kind = "turn"
    player: int
    phase: str | None


@dataclass(frozen=True, slots=True)
class PhaseChanged(Event):
    kind = "phase"
    phase: str


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    kind = "skipped"
    player: int


@dataclass(frozen=True, slots=True)
class DirectionChanged(Event):
    kind = "direction"
    direction: int


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    kind = "eliminated"
    player: int
    for_game: bool


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    kind = "round_ended"
    winner: int | None
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    kind = "game_ended"
    winners: tuple[int, ...]
    scores: tuple[int, ...]


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls for cls in (RoundStarted, Gathered, Shuffled, Moved, Revealed, Rolled, VariableSet,
                              ActionTaken, TurnStarted, PhaseChanged, Skipped, DirectionChanged,
                              Eliminated, RoundEnded, GameEnded)
}


def event_from_json(data: dict[str, Any]) -> Event:
    """Rebuild an event from its log form (lists become tuples again)."""
    cls = EVENT_TYPES[data["event"]]
    values = {}
    for f in fields(cls):
        value = data.get(f.name)
        values[f.name] = tuple(value) if isinstance(value, list) else value
    return cls(**values)
