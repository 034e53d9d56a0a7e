"""The words of the interpreter's errors: each error is a value with fields, said here when it is shown."""
from __future__ import annotations

import json
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


def _replay(error: ReplayMismatch) -> str:
    d, kind = error.details, error.kind
    at = f"{d.get('path')}:{d.get('line')}: " if "line" in d else ""
    if kind == "not_json":
        return f"{at}not a JSON line ({d['why']})"
    if kind == "format":
        return f"{at}log format {d['found']!r} is not {d['expected']}"
    if kind == "outside":
        return f"{at}a {d['line_type']} line outside a game (no header before it)"
    if kind == "line_type":
        return f"{at}unknown line type {d['line_type']!r}"
    if kind == "no_game":
        return f"{d['path']}: the log holds no game"
    if kind == "hash":
        return (f"the log was written by {d['ruleset']} {d['version']} (hash {d['logged']}), "
                f"but the loaded ruleset has hash {d['loaded']}: the ruleset changed")
    if kind == "header":
        return "the log's header lacks a whole number of players or a seed"
    if kind == "ended":
        return f"event {error.event}: the log has {_show(d['logged'])}, but the ruleset produced nothing more"
    if kind == "malformed_action":
        return f"event {error.event}: not a well-formed action: {_show(d['logged'])}"
    if kind == "illegal":
        from .refusals import say as say_refusal
        return f"event {error.event}: the logged action {d['action']} is not legal here: {say_refusal(d['refusal'])}"
    if kind == "differs":
        where = f" (in the action logged at event {d['step']}, {d['action']})" if d.get("step") is not None else ""
        found = _show(d["logged"]) if d["logged"] is not None else "nothing more"
        return f"event {error.event}{where}: the log has {found}, but the ruleset produces {_show(d['produced'])}"
    if kind == "result":
        return f"the result line says {d['logged']}, but the game replays to {d['replayed']}"
    return kind  # pragma: no cover - every kind has its words above


def _show(event: Any) -> str:
    return json.dumps(event)
