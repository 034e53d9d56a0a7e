"""Each line of a game log, checked before anything reads it: a log is JSON that anybody may write.

A log is evidence about a game, not a program. `replay` prints its names to a
terminal and hands its numbers to the engine, so a line is refused, with its
line number, unless every value has the type and range the format gives it:
whole numbers where things are counted (JSON's `true` and `1.0` are not 1, as
they are in Python), finite numbers only, names without control characters
(a terminal obeys them rather than showing them), and no deeper nesting than
any log holds. docs/log-format.md lists the bounds ("Reading a log you did not
write").

Each check raises ReplayMismatch without a position; the reader adds the file
and the line.
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from ..engine import events as ev
from ..errors import ReplayMismatch

MAX_PLAYERS = 64  # seats a log may name; rulesets allow fewer (tree/build.py), the format leaves room
MAX_NUMBER = 2 ** 96  # whole numbers below this in size: every seed derived from a 64-bit one (said "2**96")
MAX_DEPTH = 16  # lists and mappings inside each other, the line itself counted; a log needs 5
MAX_NAME = 200  # characters of a name (ruleset, zone, action, choice, variable, seat kind)
MAX_TEXT = 2000  # characters of a choice's text value, which is shown with the action
PYTHON_DIGITS = 4300  # Python's own bound on the digits of a whole number it reads (sys.get_int_max_str_digits)

# A control character anywhere in the line, raw (DEL and C1; JSON itself refuses raw C0) or escaped (\b, \f, \r,
# \u0000-\u001f, \u007f-\u009f), except tab and line feed, which a ruleset's own text may hold (as
# source/safe_yaml.py allows). An escape is a backslash after an even number of backslashes; most lines hold none.
# The invisible characters that reorder or hide the text around them (bidirectional embeddings, overrides and
# isolates, a zero-width space, a byte-order mark) count as control characters too.
_RAW_CONTROL = re.compile("[\x7f-\x9f\u200b\u202a-\u202e\u2066-\u2069\ufeff]")
_ESCAPED_CONTROL = re.compile(r"(?<!\\)(?:\\\\)*\\(?:[bfr]|u00(?:0[0-8bcdefBCDEF]|1[0-9a-fA-F]|7[fF]|[89][0-9a-fA-F])"
                              r"|u20(?:0[bB]|2[a-eA-E]|6[6-9])|u[fF][eE][fF][fF])")
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200b\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]")  # in a shown name
_HASH = re.compile("[0-9a-f]{16}")
_LONG_NUMBER = re.compile(r"-?\d{%d,}" % (PYTHON_DIGITS + 1))
_ESCAPES = {"b": 8, "f": 12, "r": 13}


class Table(NamedTuple):
    """What a game's header says that its other lines are checked against."""

    players: int
    components: int


def parse(raw: str) -> Any:
    """The JSON value of one line, refused if it holds a control character, a number out of range or deep nesting."""
    control = _RAW_CONTROL.search(raw) or ("\\" in raw and _ESCAPED_CONTROL.search(raw)) or None
    if control is not None:
        raise ReplayMismatch("control", char=_code_point(control.group()))
    try:
        value = _DECODER.decode(raw)
    except json.JSONDecodeError as err:
        raise ReplayMismatch("not_json", why=err.msg) from None
    except RecursionError:  # deeper than Python's own stack; MAX_DEPTH refuses the others below
        raise ReplayMismatch("depth", limit=MAX_DEPTH) from None
    except _OutOfRange as err:
        raise ReplayMismatch("number", number=err.text) from None
    except ValueError:  # a whole number of more digits than Python reads
        found = _LONG_NUMBER.search(raw)
        raise ReplayMismatch("number", number=found.group() if found else "") from None
    if raw.count("[") + raw.count("{") > MAX_DEPTH:  # fewer brackets than that cannot nest deeper (the usual line)
        _plain(value, 1)
    return value


class _OutOfRange(ValueError):
    def __init__(self, text: str):
        super().__init__(text)
        self.text = text


def _no_constant(text: str) -> Any:
    """`NaN`, `Infinity` and `-Infinity`, which Python's json reads but JSON has not."""
    raise _OutOfRange(text)


def _finite(text: str) -> float:
    """A decimal number, unless it is too large for a float (`1e999` would become infinity)."""
    number = float(text)
    if not math.isfinite(number):
        raise _OutOfRange(text)
    return number


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite)


def _code_point(found: str) -> str:
    """The code point of a control character as the line writes it (raw or as an escape), as in U+001B."""
    if not found.startswith("\\"):
        return f"U+{ord(found):04X}"
    escape = found[found.rindex("\\") + 1:]
    code = _ESCAPES[escape] if escape in _ESCAPES else int(escape[1:], 16)
    return f"U+{code:04X}"


def _plain(value: Any, depth: int) -> None:
    """A value of any shape (a line, a variable's value): nested at most MAX_DEPTH deep, whole numbers in range."""
    stack = [(value, depth)]
    while stack:
        item, level = stack.pop()
        if type(item) is int:
            if not -MAX_NUMBER < item < MAX_NUMBER:
                raise ReplayMismatch("number", number=item)
        elif isinstance(item, (list, dict)):
            if level > MAX_DEPTH:
                raise ReplayMismatch("depth", limit=MAX_DEPTH)
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))


def _any(value: Any) -> bool:
    """A variable's value, of any shape; `_plain` refuses it by raising, with what is wrong."""
    if isinstance(value, (list, dict)) or type(value) is int:
        _plain(value, 2)
    return True


def _whole(value: Any, low: int, high: int) -> bool:
    """A whole number from `low` to `high`: `true` and `1.0` are not whole numbers here."""
    return type(value) is int and low <= value <= high


def _name(value: Any, longest: int = MAX_NAME, empty: bool = False) -> bool:
    """Text a terminal shows as it is: no control character (not even tab or line feed), no lone surrogate."""
    return type(value) is str and (empty or value != "") and len(value) <= longest and _safe(value)


@lru_cache(maxsize=4096)  # a log names the same zones, actions and variables on line after line
def _safe(text: str) -> bool:
    return _UNSAFE.search(text) is None


def _ids(value: Any, below: int) -> bool:
    return type(value) is list and all(type(item) is int and 0 <= item < below for item in value)


def _scalar(value: Any) -> bool:
    """A choice's value as the ruleset declares it: text, a number, true, false or null."""
    if type(value) is str:
        return _name(value, MAX_TEXT, empty=True)
    return value is None or type(value) in (bool, float) or _whole(value, -MAX_NUMBER + 1, MAX_NUMBER - 1)


Check = Callable[[Any, Table], bool]
_SEAT: Check = lambda v, t: type(v) is int and 0 <= v < t.players  # noqa: E731
_COMPONENT: Check = lambda v, t: type(v) is int and 0 <= v < t.components  # noqa: E731
# a zone's owner: a seat, or a pile of a numbered zone (which has no more piles than the game has components)
_PLACE: Check = lambda v, t: type(v) is int and 0 <= v < max(t.players, t.components)  # noqa: E731
_NAME: Check = lambda v, t: _name(v)  # noqa: E731
_COUNT: Check = lambda v, t: _whole(v, 0, MAX_NUMBER - 1)  # noqa: E731
_ROUND: Check = lambda v, t: _whole(v, 1, MAX_NUMBER - 1)  # noqa: E731
_BOOLEAN: Check = lambda v, t: type(v) is bool  # noqa: E731


def _or_null(check: Check) -> Check:
    return lambda v, t: v is None or check(v, t)


def _scores(value: Any, table: Table) -> bool:
    return (type(value) is list and len(value) == table.players
            and all(item is None or _whole(item, -MAX_NUMBER + 1, MAX_NUMBER - 1) for item in value))


def _args(value: Any, table: Table) -> bool:
    """The choices of an action; each value is checked by `_arg` afterwards, so that a refusal names the choice."""
    return type(value) is dict and all(_name(key) for key in value)


def _arg(value: Any, table: Table) -> bool:
    return _scalar(value) or _ids(value, table.components)


EVENT_FIELDS: dict[str, tuple[str, Check]] = {  # each field of an event: the words of what it must be, and the check
    "round": ("round", _ROUND),
    "dealer": ("seat_or_null", _or_null(_SEAT)),
    "zone": ("name", _NAME), "from_zone": ("name", _NAME), "to_zone": ("name", _NAME),
    "owner": ("place_or_null", _or_null(_PLACE)), "from_owner": ("place_or_null", _or_null(_PLACE)),
    "to_owner": ("place_or_null", _or_null(_PLACE)), "private_to": ("seat_or_null", _or_null(_SEAT)),
    "winner": ("seat_or_null", _or_null(_SEAT)),
    "order": ("components_or_null", lambda v, t: v is None or _ids(v, t.components)),
    "component": ("component_or_null", _or_null(_COMPONENT)),
    "components": ("components", lambda v, t: _ids(v, t.components)),
    "bottom": ("boolean", _BOOLEAN), "for_game": ("boolean", _BOOLEAN),
    "viewer": ("seat", _SEAT), "actor": ("seat", _SEAT), "player": ("seat", _SEAT),
    "face": ("count", _COUNT),
    "name": ("name", _NAME), "action": ("name", _NAME),
    "value": ("value", lambda v, t: _any(v)),
    "args": ("args", _args),
    "phase": ("name_or_null", _or_null(_NAME)),
    "direction": ("direction", lambda v, t: type(v) is int and v in (1, -1)),
    "scores": ("scores", _scores),
    "winners": ("seats", lambda v, t: _ids(v, t.players)),
}
_ACTION = ev.KIND[ev.ActionTaken]
_EVENT_KINDS = {  # each kind of event: the fields of its lines, and their checks in order
    name: (frozenset(("type", "event", *cls._fields)), tuple((field, *EVENT_FIELDS[field]) for field in cls._fields))
    for name, cls in ev.EVENT_TYPES.items()}


def _wrong(field: str, what: str, expected: str, found: Any, table: Table | None, **more: Any) -> ReplayMismatch:
    bounds = {"players": table.players, "components": table.components} if table is not None else {}
    return ReplayMismatch("field", field=field, what=what, expected=expected, found=found, **bounds, **more)


def _fields(line: dict[str, Any], what: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    """Every required field is there, and no field the format does not have."""
    for field in required:
        if field not in line:
            raise ReplayMismatch("missing", field=field, what=what)
    for field in line:
        if field != "type" and field not in required and field not in optional:
            raise ReplayMismatch("unknown_field", field=field, what=what)


_HEADER = ("format", "ruleset", "version", "hash", "seed", "players", "seats", "components", "initial_order")


def check_header(line: dict[str, Any]) -> Table:
    """A header line whose format is known: the table that its game's other lines are checked against."""
    what = "header"
    _fields(line, what, _HEADER)
    _plain(line, 1)  # the attributes of the components, whatever the line's brackets
    players = line["players"]
    if not _whole(players, 1, MAX_PLAYERS):
        raise _wrong("players", what, "players", players, None)
    if not _whole(line["seed"], -MAX_NUMBER + 1, MAX_NUMBER - 1):
        raise _wrong("seed", what, "seed", line["seed"], None)
    for field, expected, ok in (("ruleset", "name", _name(line["ruleset"])),
                                ("version", "text", _name(line["version"], MAX_NAME, empty=True)),
                                ("hash", "hash", type(line["hash"]) is str and _HASH.fullmatch(line["hash"]))):
        if not ok:
            raise _wrong(field, what, expected, line[field], None)
    seats = line["seats"]
    if not (type(seats) is list and len(seats) == players and all(_name(kind) for kind in seats)):
        raise _wrong("seats", what, "seat_kinds", seats, Table(players, 0))
    components = line["components"]
    if type(components) is not list:
        raise _wrong("components", what, "component_table", components, None)
    for index, entry in enumerate(components):
        _component(entry, index)
    table = Table(players, len(components))
    if not _ids(line["initial_order"], table.components):
        raise _wrong("initial_order", what, "components", line["initial_order"], table)
    return table


def _component(entry: Any, index: int) -> None:
    """One entry of the header's component table: its id (its place in the table), its attributes, its faces."""
    what, field = "header", f"components[{index}]"
    if type(entry) is not dict:
        raise _wrong(field, what, "component_entry", entry, None)
    _fields(entry, f"{what}'s {field}", ("id", "attrs"), ("faces",))
    if type(entry["id"]) is not int or entry["id"] != index:
        raise _wrong(f"{field}.id", what, "position", entry["id"], None, position=index)
    faces = entry.get("faces", [])
    if type(faces) is not list:
        raise _wrong(f"{field}.faces", what, "faces", faces, None)
    for name, mapping in [("attrs", entry["attrs"]), *((f"faces[{i}]", face) for i, face in enumerate(faces))]:
        if not (type(mapping) is dict and all(_name(key) for key in mapping)):
            raise _wrong(f"{field}.{name}", what, "mapping", mapping, None)


def check_event(line: dict[str, Any], table: Table) -> None:
    """An event line of a game whose header gave `table`."""
    kind = line.get("event")
    known = _EVENT_KINDS.get(kind) if type(kind) is str else None
    if known is None:
        raise _wrong("event", "event line", "event_kind", kind, None)
    keys, checks = known
    if line.keys() != keys:  # a field missing, or one the format does not have (the event's `type` may be gone)
        _fields(line, f"{kind!r} event", ("event", *(field for field, _, _ in checks)))
    for field, expected, check in checks:
        value = line[field]
        if not check(value, table):
            raise _wrong(field, f"{kind!r} event", expected, value, table)
    if kind == _ACTION:
        for choice, value in line["args"].items():
            if not _arg(value, table):
                raise _wrong(f"args.{choice}", f"{kind!r} event", "arg", value, table)


def check_result(line: dict[str, Any], table: Table) -> None:
    """The result line of a game whose header gave `table`."""
    what = "result line"
    _fields(line, what, ("scores", "winners", "rounds", "over"), ("stopped",))
    for field, expected, ok in (("scores", "scores", _scores(line["scores"], table)),
                                ("winners", "seats", _ids(line["winners"], table.players)),
                                ("rounds", "count", _COUNT(line["rounds"], table)),
                                ("over", "boolean", type(line["over"]) is bool)):
        if not ok:
            raise _wrong(field, what, expected, line[field], table)
    if "stopped" in line:
        stopped = line["stopped"]
        if type(stopped) is not dict:
            raise _wrong("stopped", what, "stopped", stopped, table)
        _fields(stopped, "result line's stopped", ("bound", "limit", "round"))
        for field, expected, ok in (("bound", "bound", stopped["bound"] in ("max_actions", "max_rounds")),
                                    ("limit", "round", _ROUND(stopped["limit"], table)),
                                    ("round", "round", _ROUND(stopped["round"], table))):
            if not ok:
                raise _wrong(f"stopped.{field}", what, expected, stopped[field], table)


def seat_count(header: dict[str, Any]) -> int | None:
    """The header's number of players, if it is one a game may have."""
    players = header.get("players")
    return players if _whole(players, 1, MAX_PLAYERS) else None


def seed_of(header: dict[str, Any]) -> int | None:
    """The header's seed, if it is a whole number in range."""
    seed = header.get("seed")
    return seed if _whole(seed, -MAX_NUMBER + 1, MAX_NUMBER - 1) else None
