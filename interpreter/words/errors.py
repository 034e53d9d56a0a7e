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
        return f"while applying {error.action}: {said}" if error.action is not None else said
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
    "steps": "one action did more than {limit} steps (loops, skips and moves); the ruleset may loop without end",
    "no_faces": "{component} has no faces to roll",
}
_FILE = {  # a BadFile's words by its kind, filled from its fields
    "missing": "no such file",
    "directory": "this is a directory, not a file",
    "special": "this is not a regular file (a device, a pipe or a socket)",
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
    "format": "{at}log format {found!r} is not {expected}",
    "outside": "{at}a {line_type} line outside a game (no header before it)",
    "line_type": "{at}unknown line type {line_type!r}",
    "no_game": "{path}: the log holds no game",
    "hash": ("the log was written by {ruleset} {version} (hash {logged}), "
             "but the loaded ruleset has hash {loaded}: the ruleset changed"),
    "header": "the log's header lacks a whole number of players or a seed",
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
        return d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.error.details)

    def __len__(self) -> int:
        return len(self.error.details)


def _show(event: Any) -> str:
    return json.dumps(event)
