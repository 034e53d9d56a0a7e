"""The words of the interpreter's errors: each error is a value with fields, said here when it is shown."""
from __future__ import annotations

import json
import string
from collections.abc import Iterator, Mapping
from typing import Any

from ..errors import BadFile, EvalError, GameLimitExceeded, IllegalAction, ReplayMismatch, RulesrunError


def say(error: RulesrunError) -> str:
    """An error in one line (or a few), as the command line prints it after "error: "."""
    if isinstance(error, IllegalAction):
        from .refusals import say as say_refusal
        refusal = error.refusal
        return say_refusal(refusal) if hasattr(refusal, "code") else str(refusal)
    if isinstance(error, EvalError):
        said = _evaluation(error.kind, error.details)
        said = f"while applying {error.action}: {said}" if error.action is not None else said
        if error.rule:
            where = f"{error.position}: " if error.position is not None else ""
            said = f"{where}in {'.'.join(map(str, error.rule))}: {said}"
        return said
    if isinstance(error, GameLimitExceeded):
        if error.bound == "max_actions":
            return (f"round {error.round} passed the limit of {error.limit} actions (max_actions); "
                    f"the ruleset may never end")
        return f"the game passed the limit of {error.limit} rounds (max_rounds); it may never be over"
    if isinstance(error, BadFile):
        return f"{error.path}: {_file(error)}"
    if isinstance(error, ReplayMismatch):
        return _replay(error)
    return Exception.__str__(error)


_EVALUATION = {  # an EvalError's words by its kind, filled from its details
    "arithmetic": "cannot compute {left!r} {op} {right!r}",
    "compare": "cannot compare {left!r} {op} {right!r}",
    "membership": "cannot test {item!r} in {container!r}",
    "while": "a while loop ran {limit} times",
    "draw_high": "draw_high found no single highest value in {limit} draws of every tied player",
    "choice_sets": "choice {choice!r} has more than {limit} possible sets; limit it with max:",
    "too_large": "{name} would hold a value too large (more than {limit:,} items, or a number beyond ±{number:,})",
    "steps": "one action or listing of moves did more than {limit} steps (loops, skips, moves and items gone "
             "through); the ruleset may loop without end",
    "no_faces": "{component} has no faces to roll",
    "stuck": "nobody may act (round {round}, player {player} to play, phase {phase!r}): the game cannot go on",
    "no_player": "{value!r} is not a seat of this game (the seats are 0 to {last})",
    "swap": "swap exchanges the zones of two players, not of {value!r}",
    "not_a_number": "{value!r} is not a number, where a count or an amount is needed",
    "not_a_list": "{value!r} is not a zone or a list, where components or values are gone through",
    "no_component": "{value!r} is not a component of this game",
    "no_pile": "{zone} has no pile {value!r} (it has {count}, numbered from 0)",
    "too_many_piles": "{zone} would have more piles than the game has components ({limit})",
    "failed": "this rule failed in a way validation does not foresee ({error}: {reason})",
}
_FILE = {  # a BadFile's words by its kind, filled from its fields
    "missing": "no such file",
    "directory": "this is a directory, not a file",
    "special": "this is not a regular file (a device, a pipe or a socket)",
    "kernel": "this is a file the kernel makes up (as in /proc and /sys), not a regular file",
    "too_large": "the file is larger than {limit} bytes",
    "long_line": "line {line} is longer than {limit} bytes",
    "not_text": "line {line} is not UTF-8 text",
    "unwritable": "cannot write the file: {reason}",
    "unreadable": "cannot read the file: {reason}",
}


def _evaluation(kind: str, details: dict[str, Any]) -> str:
    return _EVALUATION[kind].format(**details)


def _file(error: BadFile) -> str:
    template = _FILE.get(error.kind, _FILE["unreadable"])
    return template.format(line=error.line, limit=error.limit, reason=error.reason)


def file_problem(error: BadFile) -> str:
    """What is wrong with a file, without its path (a ruleset's problem is shown at the path already)."""
    return _file(error)


_REPLAY = {  # a ReplayMismatch's words by its kind; the fields are worked out when a template names them
    "not_json": "{at}not a JSON line ({why})",
    "control": "{at}a string holds the control character {char}, which a terminal would obey rather than show",
    "number": "{at}the number {number_shown} cannot be in a log (numbers are finite; whole ones below 2**96 in size)",
    "depth": "{at}the line nests lists and mappings more than {limit} deep",
    "field": "{at}the field {field_shown} of the {what} must be {expected_said}, not {found_shown}",
    "missing": "{at}the {what} lacks its field {field_shown}",
    "unknown_field": "{at}the {what} has a field {field_shown} that the log format does not have",
    "format": "{at}log format {found_shown} is not {expected}",
    "outside": "{at}a {line_type} line outside a game (no header before it)",
    "line_type": "{at}unknown line type {line_type_shown}",
    "not_object": "{at}a log line is a JSON object, not {found_shown}",
    "no_game": "{path}: the log holds no game",
    "hash": ("the log was written by {ruleset} {version} (hash {logged}), "
             "but the loaded ruleset has hash {loaded}: the ruleset changed"),
    "header": ("the log's header lacks a whole number of players (1 to {max_players}) or a seed (a whole number "
               "below 2**96 in size)"),
    "ended": "event {event}: the log has {logged_shown}, but the ruleset produced nothing more",
    "malformed_action": "event {event}: not a well-formed action: {logged_shown}",
    "illegal": "event {event}: the logged action {action} is not legal here: {refusal_said}",
    "differs": "event {event}{in_action}: the log has {logged_shown}, but the ruleset produces {produced_shown}",
    "result": "the result line says {logged}, but the game replays to {replayed}",
}


def _replay(error: ReplayMismatch) -> str:
    return string.Formatter().vformat(_REPLAY[error.kind], (), _ReplayFields(error))


class _ReplayFields(Mapping[str, Any]):
    """A mismatch's details, and what its words make of them, each worked out when first asked for."""

    def __init__(self, error: ReplayMismatch):
        self.error = error

    def __getitem__(self, key: str) -> Any:
        error, d = self.error, self.error.details
        if key == "event":
            return error.event
        if key == "at":
            return f"{d.get('path')}:{d.get('line')}: " if "line" in d else ""
        if key in ("logged_shown", "produced_shown"):
            value = d[key.removesuffix("_shown")]
            return _show(value) if value is not None else "nothing more"
        if key == "refusal_said":
            from .refusals import say as say_refusal
            return say_refusal(d["refusal"])
        if key == "in_action":
            return f" (in the action logged at event {d['step']}, {d['action']})" if d.get("step") is not None else ""
        if key.startswith("max_"):  # a bound of the log format
            return _bounds(d)[key]
        if key == "expected_said":
            return _EXPECTED[d["expected"]].format(**_bounds(d))
        if key == "number_shown":  # the number as the line writes it, or as it reads
            number = d["number"]
            return (number if len(number) <= 24 else number[:20] + "…") if isinstance(number, str) else _brief(number)
        if key in ("found_shown", "line_type_shown"):
            return _brief(d.get(key.removesuffix("_shown")))
        if key == "field_shown":
            return _brief(d["field"]) if len(d["field"]) > 60 or not d["field"].isprintable() else d["field"]
        return d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.error.details)

    def __len__(self) -> int:
        return len(self.error.details)


_EXPECTED = {  # what a field of a log line must be, by the name the line checks give it (play/log_lines.py)
    "seat": "a seat number from 0 to {last_seat}",
    "seat_or_null": "a seat number from 0 to {last_seat}, or null",
    "place_or_null": "a seat number from 0 to {last_seat}, a pile number below {components}, or null",
    "seats": "a list of seat numbers from 0 to {last_seat}",
    "seat_kinds": "a list of {players} names, one per seat",
    "players": "a whole number from 1 to {max_players}",
    "seed": "a whole number below 2**96 in size",
    "component": "a component number below {components} (the header lists that many)",
    "component_or_null": "a component number below {components}, or null",
    "components": "a list of component numbers below {components}",
    "components_or_null": "a list of component numbers below {components}, or null",
    "component_table": "a list of components",
    "component_entry": "a mapping with id, attrs and (for a die) faces",
    "position": "{position} (components are listed in id order)",
    "mapping": "a mapping from names to values",
    "faces": "a list of mappings from names to values",
    "name": "a name (1 to {max_name} characters, no control characters)",
    "name_or_null": "a name (1 to {max_name} characters, no control characters), or null",
    "text": "text of at most {max_name} characters, no control characters",
    "hash": "16 hexadecimal digits (0-9, a-f)",
    "count": "a whole number from 0, below 2**96",
    "round": "a whole number from 1, below 2**96",
    "boolean": "true or false",
    "direction": "1 or -1",
    "scores": "a list of {players} whole numbers or nulls, one per seat",
    "args": "a mapping from choice names to values",
    "arg": ("text (at most {max_text} characters, no control characters), a number, true, false, null, "
            "or a list of component numbers below {components}"),
    "bound": "max_actions or max_rounds",
    "stopped": "a mapping with bound, limit and round",
    "event_kind": "one of the kinds of event ({event_kinds})",
}


def _bounds(details: dict[str, Any]) -> dict[str, Any]:
    """The numbers an expectation names: the game's, from the details, and the format's own bounds."""
    from ..engine.events import EVENT_TYPES
    from ..play import log_lines
    players = details.get("players", 0)
    return {"players": players, "last_seat": players - 1, "components": details.get("components", 0),
            "position": details.get("position"), "max_players": log_lines.MAX_PLAYERS,
            "max_name": log_lines.MAX_NAME, "max_text": log_lines.MAX_TEXT, "event_kinds": ", ".join(EVENT_TYPES)}


def _brief(value: Any) -> str:
    """A value from a log, shown short and safe: a line may hold megabytes, or text that a terminal obeys."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int) and not isinstance(value, bool):
        digits = str(value)
        return digits if len(digits) <= 24 else f"{digits[:20]}… ({len(digits.lstrip('-'))} digits)"
    text = json.dumps(value)  # escapes every control character (and all that is not ASCII)
    return text if len(text) <= 40 else text[:36] + "…" + text[-1]


MAX_SHOWN_EVENT = 2000  # characters of an event shown in a message; a logged line may hold megabytes


def _show(event: Any) -> str:
    text = json.dumps(event)
    return text if len(text) <= MAX_SHOWN_EVENT else text[:MAX_SHOWN_EVENT] + f"… ({len(text):,} characters)"
