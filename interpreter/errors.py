"""One exception hierarchy for every problem a ruleset or a move can have.

Errors are values with positions: the interpreter raises them, only the CLI
turns them into text and exit codes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Position:
    """Where a problem is, in the text a human wrote (1-based line and column)."""

    path: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}:{self.column}"
        return self.path


@dataclass(frozen=True)
class Problem:
    """One diagnostic: a stable code, a message and where it points."""

    code: str
    message: str
    position: Position
    severity: str = "error"
    hint: str = ""
    note: str = ""  # where else it concerns: the rule of a base that a variant's change breaks

    def format(self) -> str:
        text = f"{self.position}: {self.severity}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text


# What the quick Python form of an expression may raise where the language defines a value or an error of its
# own (a none compared, an index out of range): the generated engine then asks the reference (backend/codegen/).
RECOVERABLE = (TypeError, ValueError, IndexError, KeyError, ZeroDivisionError, AttributeError)


class RulesrunError(Exception):
    """Base of every error the interpreter raises on purpose.

    Errors are values: their fields say what happened; their words are said in
    one place (`words/errors.py`), when they are shown.
    """

    def __str__(self) -> str:
        from .words.errors import say
        return say(self)


@dataclass
class RulesetError(RulesrunError):
    """A ruleset could not be loaded, validated or compiled: all its problems at once."""

    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(p.format() for p in self.problems)


class EvalError(RulesrunError):
    """An expression or an effect failed while a game ran (a colour added to a number, a loop without end).

    `kind` says what failed and `details` the values involved; `action` is the
    action being applied when it failed, once known; `rule` is the path in the
    ruleset of the rule that was running (`("actions", "play", "effects")`) and
    `position` where that rule is written, once known.
    """

    def __init__(self, kind: str, action: Any = None, rule: tuple[Any, ...] = (), position: Position | None = None,
                 **details: Any):
        super().__init__(kind)
        self.kind, self.action, self.details = kind, action, details
        self.rule, self.position = rule, position

    def during(self, action: Any) -> EvalError:
        """The same failure, known to have happened while `action` was applied."""
        return EvalError(self.kind, action, self.rule, self.position, **self.details)

    def at(self, rule: tuple[Any, ...], position: Position | None) -> EvalError:
        """The same failure, known to have happened in the rule at `rule` (kept if already known)."""
        if self.rule:
            return self
        return EvalError(self.kind, self.action, rule, position, **self.details)


class IllegalAction(RulesrunError):
    """An action that is not legal in the current state; the state is unchanged. `refusal` says why."""

    def __init__(self, refusal: Any):
        super().__init__(getattr(refusal, "code", refusal))
        self.refusal = refusal


class BadFile(RulesrunError):
    """A file named by the user (or by a log) that cannot be used.

    `kind` says why: missing, directory, special (a device, a pipe or a
    socket), kernel (a file of /proc, /sys and the like, which the command line
    refuses), too_large and long_line (`limit` is the bound), not_text (at
    `line`), or unreadable / unwritable (`reason` is what the system said).
    """

    def __init__(self, path: str, kind: str, reason: str = "", limit: int = 0, line: int = 0):
        super().__init__(path, kind)
        self.path, self.kind, self.reason, self.limit, self.line = path, kind, reason, limit, line


class GameLimitExceeded(RulesrunError):
    """A game ran past one of the ruleset's bounds (`max_actions` in a round, `max_rounds`): it may never end.

    `bound` names the bound, `limit` is its value and `round` the round that reached it.
    """

    def __init__(self, bound: str, limit: int, round: int):
        super().__init__(bound, limit, round)
        self.bound, self.limit, self.round = bound, limit, round


class ReplayMismatch(RulesrunError):
    """A log does not describe a game the ruleset can produce.

    `kind` says what is wrong; `event` is the index (from 0, among the game's
    event lines) of the first event that differs, where one does; `details`
    hold the rest (the file and line of a malformed log, what the log has and
    what the ruleset produces).
    """

    def __init__(self, kind: str, event: int | None = None, **details: Any):
        super().__init__(kind, event)
        self.kind, self.event, self.details = kind, event, details
