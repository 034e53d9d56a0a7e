"""The game log: JSON Lines that let anyone re-check a game after the fact.

Each game is a header (ruleset, hash, seed, the component table), then every
event in order, then a result line. `replay` re-runs the logged actions with
the logged seed and stops at the first event the ruleset does not reproduce.
docs/log-format.md describes every line and field.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple, TextIO

from ..engine import events as ev
from ..engine import visibility
from ..engine.game import Action, Game
from ..engine.state import State, inspect
from ..errors import GameLimitExceeded, IllegalAction, ReplayMismatch
from ..source.files import text_lines

FORMAT = 1
MAX_LOG_BYTES = 8 * 1024 ** 3  # a long simulation's log; it is read line by line
_SCALARS = (str, int, float, type(None))


class LoggedGame(NamedTuple):
    """One game read back from a log; `result` is None when the game was cut short."""

    header: dict[str, Any]
    events: list[dict[str, Any]]
    result: dict[str, Any] | None


def header_line(state: State, seats: list[str]) -> dict[str, Any]:
    """What a reader needs before the first event: the ruleset, the seed and the components."""
    game = state.game
    table = inspect(state)
    components = []
    for comp in game.components:
        entry: dict[str, Any] = {"id": comp.id, "attrs": dict(sorted(comp.attrs.items()))}
        if comp.faces:
            entry["faces"] = [dict(sorted(face.items())) for face in comp.faces]
        components.append(entry)
    return {
        "type": "header", "format": FORMAT, "ruleset": game.name, "version": game.version,
        "hash": game.content_hash, "seed": table.seed, "players": table.players, "seats": list(seats),
        "components": components, "initial_order": [comp.id for comp in game.components],
    }


def event_line(event: ev.Event) -> dict[str, Any]:
    return {"type": "event", **ev.to_json(event)}


def result_line(state: State, stopped: GameLimitExceeded | None = None) -> dict[str, Any]:
    """How the game ended; `stopped` names the bound of the ruleset a game ran past, if it did."""
    rounds = sum(1 for e in state.events if isinstance(e, ev.RoundEnded))
    line = {"type": "result", "scores": state.scores(), "winners": list(state.view(None).winners),
            "rounds": rounds, "over": state.is_over()}
    if stopped is not None:
        line["stopped"] = {"bound": stopped.bound, "limit": stopped.limit, "round": stopped.round}
    return line


def write_game(fp: TextIO, state: State, seats: list[str], stopped: GameLimitExceeded | None = None) -> None:
    """Append one game (header, every event so far, result) to an open text file."""
    fp.write(json.dumps(header_line(state, seats)) + "\n")
    for event in state.events:
        fp.write(json.dumps(event_line(event)) + "\n")
    fp.write(json.dumps(result_line(state, stopped)) + "\n")


def read_games(path: str | Path) -> list[LoggedGame]:
    """Every game in a log file, in order; a malformed log raises ReplayMismatch."""
    return [game for game in _games(path, None) if game is not None]


def read_game(path: str | Path, number: int) -> tuple[LoggedGame | None, int]:
    """Game `number` (from 1) of a log file, or None if it has fewer; and how many games it holds.

    The log is read line by line and only the game asked for is kept, so a
    long run's log is replayed without holding every game in memory.
    """
    wanted, count = None, 0
    for game in _games(path, number):
        count += 1
        if game is not None:
            wanted = game
    return wanted, count


def _games(path: str | Path, keep: int | None) -> Iterator[LoggedGame | None]:
    """Each game of the log in turn (None in place of games other than number `keep`, when it is given)."""
    current: LoggedGame | None = None
    count, kept = 0, False
    for number, raw in text_lines(path, MAX_LOG_BYTES):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except (json.JSONDecodeError, RecursionError) as err:
            why = err.msg if isinstance(err, json.JSONDecodeError) else "nested too deeply"
            raise ReplayMismatch("not_json", path=str(path), line=number, why=why) from None
        kind = line.get("type") if isinstance(line, dict) else None
        if kind == "header":
            if current is not None or count:
                yield current if kept else None
            if line.get("format") != FORMAT:
                raise ReplayMismatch("format", path=str(path), line=number, found=line.get("format"), expected=FORMAT)
            count += 1
            kept = keep is None or keep == count
            current = LoggedGame(line, [], None)
        elif kind in ("event", "result"):
            if current is None or current.result is not None:
                raise ReplayMismatch("outside", path=str(path), line=number, line_type=kind)
            if kind == "result":
                current = current._replace(result=line)
            elif kept:  # an event of the game that is kept
                current.events.append({k: v for k, v in line.items() if k != "type"})
        else:
            raise ReplayMismatch("line_type", path=str(path), line=number, line_type=kind)
    if count:
        yield current if kept else None


def replay(game: Game, header: dict[str, Any], events: list[dict[str, Any]]) -> State:
    """Re-create a logged game and check that it produces exactly the logged events.

    The state starts from the logged seed; each logged action is applied in
    turn and the events it produces are compared with the log. The first
    difference raises ReplayMismatch naming the event's index.
    """
    if header.get("hash") != game.content_hash:
        raise ReplayMismatch("hash", ruleset=header.get("ruleset"), version=header.get("version"),
                             logged=header.get("hash"), loaded=game.content_hash)
    try:
        state = game.new_state(int(header["players"]), int(header["seed"]))
    except (KeyError, TypeError, ValueError):
        raise ReplayMismatch("header") from None
    _compare(state, events, 0, None)
    checked = len(state.events)
    while checked < len(events):
        index = next((i for i in range(checked, len(events)) if events[i].get("event") == ev.KIND[ev.ActionTaken]),
                     None)
        if index is None:
            raise ReplayMismatch("ended", checked, logged=events[checked])
        try:
            action = Action.from_json(events[index])
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ReplayMismatch("malformed_action", index, logged=events[index]) from None
        try:
            state.apply(action)
        except IllegalAction as err:
            raise ReplayMismatch("illegal", index, action=action, refusal=err.refusal) from None
        _compare(state, events, checked, (index, action))
        checked = len(state.events)
    return state


def _compare(state: State, logged: list[dict[str, Any]], start: int, step: tuple[int, Action] | None) -> None:
    for i in range(start, len(state.events)):
        produced = _as_logged(state.events[i])
        if i >= len(logged) or produced != logged[i]:
            raise ReplayMismatch("differs", i, logged=logged[i] if i < len(logged) else None, produced=produced,
                                 step=step[0] if step else None, action=step[1] if step else None)


def _as_logged(event: ev.Event) -> dict[str, Any]:
    """The event as its log line reads back, without the line's `type` (a fast `to_json`)."""
    data: dict[str, Any] = {"event": ev.kind_of(event)}
    for name in event._fields:
        value = getattr(event, name)
        data[name] = _plain(dict(value) if name == "args" and type(event) is ev.ActionTaken else value)
    return data


def _plain(value: Any) -> Any:
    """The value as it reads back from JSON (tuples become lists)."""
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def redact(event: ev.Event, viewer: int | None, game: Game) -> ev.Event:
    """The event as `viewer` may see it (None: a spectator).

    A move stays named when either end shows it to the viewer (a public zone,
    the top of a top-only zone, or the viewer's own zone); a shuffle keeps its
    order only in a zone the viewer sees whole; a revealed hand and a private
    variable keep their content only for the player they were meant for. Other
    events are public.
    """
    if isinstance(event, ev.Moved) and event.component is not None:
        if not (visibility.sees_arrivals(game.zones[event.from_zone], event.from_owner, viewer)
                or visibility.sees_arrivals(game.zones[event.to_zone], event.to_owner, viewer)):
            return ev.Moved(None, event.from_zone, event.from_owner, event.to_zone, event.to_owner, event.bottom)
    if isinstance(event, ev.Revealed) and event.viewer != viewer:
        return ev.Revealed(event.zone, event.owner, event.viewer, ())
    if isinstance(event, ev.VariableSet) and event.private_to is not None and event.private_to != viewer:
        return ev.VariableSet(event.name, event.owner, None, event.private_to)
    if isinstance(event, ev.Shuffled) and event.order is not None:
        if not visibility.sees_order(game.zones[event.zone], event.owner, viewer):
            return ev.Shuffled(event.zone, event.owner, None)
    return event
