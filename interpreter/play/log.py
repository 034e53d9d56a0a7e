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
from . import log_lines as lines

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
    """Each game of the log in turn (None in place of games other than number `keep`, when it is given).

    Every line is checked (log_lines.py) before it is kept, whether its game is kept or not: a log is read
    as untrusted input, and its first bad line is refused with its number.
    """
    current: LoggedGame | None = None
    table: lines.Table | None = None
    count, kept = 0, False
    for number, raw in text_lines(path, MAX_LOG_BYTES):
        if not raw.strip(" \t\r"):  # blank by JSON's own whitespace; other characters are looked at
            continue
        try:
            line = lines.parse(raw)
            if type(line) is not dict:
                raise ReplayMismatch("not_object", found=line)
            kind = line.get("type")
            if kind == "header":
                if current is not None or count:
                    yield current if kept else None
                found = line.get("format")
                if type(found) is not int or found != FORMAT:  # `true` and `1.0` are not format 1
                    raise ReplayMismatch("format", found=found, expected=FORMAT)
                table = lines.check_header(line)
                count += 1
                kept = keep is None or keep == count
                current = LoggedGame(line, [], None)
            elif kind in ("event", "result"):
                if current is None or current.result is not None or table is None:
                    raise ReplayMismatch("outside", line_type=kind)
                if kind == "result":
                    lines.check_result(line, table)
                    current = current._replace(result=line)
                else:
                    lines.check_event(line, table)
                    if kept:  # an event of the game that is kept
                        current.events.append({k: v for k, v in line.items() if k != "type"})
            else:
                raise ReplayMismatch("line_type", line_type=kind)
        except ReplayMismatch as err:
            if "line" in err.details:
                raise
            raise ReplayMismatch(err.kind, err.event, path=str(path), line=number, **err.details) from None
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
    players, seed = lines.seat_count(header), lines.seed_of(header)
    if players is None or seed is None:  # a header that was not read by `read_games` (which checks it)
        raise ReplayMismatch("header")
    state = game.new_state(players, seed)
    table = lines.Table(players, len(game.components))
    _compare(state, events, 0, None)
    checked = len(state.events)
    while checked < len(events):
        index = next((i for i in range(checked, len(events)) if events[i].get("event") == ev.KIND[ev.ActionTaken]),
                     None)
        if index is None:
            raise ReplayMismatch("ended", checked, logged=events[checked])
        try:
            lines.check_event(events[index], table)  # events that `read_games` did not read are checked here
            action = Action.from_json(events[index])
        except (ReplayMismatch, KeyError, TypeError, ValueError, AttributeError):
            raise ReplayMismatch("malformed_action", index, logged=events[index]) from None
        if not _well_formed_choices(game, events[index]):
            raise ReplayMismatch("malformed_action", index, logged=events[index])
        try:
            state.apply(action)
        except IllegalAction as err:
            raise ReplayMismatch("illegal", index, action=action, refusal=err.refusal) from None
        _compare(state, events, checked, (index, action))
        checked = len(state.events)
    return state


def _well_formed_choices(game: Game, event: dict[str, Any]) -> bool:
    """The action's component and player choices are whole numbers, and a set lists its components in id order.

    Python takes `true` and `1.0` for 1: the engine would accept them as component 1; a log may not.
    A set (a `many` choice) is written in id order, as the engine offers it; in another order the
    engine would take it and run the action's effects in that order, which no offered move does. (The
    other choices are values the ruleset declares, compared as the engine compares them; what is not a
    set where one is asked for, or a set where one component is, the engine refuses by the rules.)
    """
    spec = game.action_index.get(event["action"])
    if spec is None:  # no such action: the engine refuses it by name
        return True
    for choice in spec.choices:
        value = event["args"].get(choice.name)
        if value is not None and choice.kind in ("component", "player"):
            if not all(type(item) is int for item in (value if isinstance(value, list) else [value])):
                return False
            if choice.many and isinstance(value, list) and value != sorted(value):
                return False
    return True


def _compare(state: State, logged: list[dict[str, Any]], start: int, step: tuple[int, Action] | None) -> None:
    for i in range(start, len(state.events)):
        produced = _as_logged(state.events[i])
        if i >= len(logged) or produced != logged[i] or not _same(produced, logged[i]):
            raise ReplayMismatch("differs", i, logged=logged[i] if i < len(logged) else None, produced=produced,
                                 step=step[0] if step else None, action=step[1] if step else None)


def _as_logged(event: ev.Event) -> dict[str, Any]:
    """The event as its log line reads back, without the line's `type` (a fast `to_json`)."""
    data: dict[str, Any] = {"event": ev.kind_of(event)}
    for name in event._fields:
        value = getattr(event, name)
        data[name] = _plain(dict(value) if name == "args" and type(event) is ev.ActionTaken else value)
    return data


def _same(produced: dict[str, Any], logged: dict[str, Any]) -> bool:
    """Equal events that are equal as JSON too: Python takes `true` for 1 and `1.0` for 1, a log may not.

    The reader checks the type of every field but a variable's value and an action's choices; those are
    compared here, once `==` has found the events equal.
    """
    kind = produced["event"]
    if kind == "set":
        return _same_json(produced["value"], logged["value"])
    if kind == "action":
        return _same_json(produced["args"], logged["args"])
    return True


def _same_json(produced: Any, logged: Any) -> bool:
    if isinstance(produced, (list, tuple)):
        return all(_same_json(a, b) for a, b in zip(produced, logged))
    if isinstance(produced, dict):
        return all(_same_json(value, logged[key]) for key, value in produced.items())
    return isinstance(produced, bool) == isinstance(logged, bool) and isinstance(produced, float) == isinstance(
        logged, float)


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
