"""One exception hierarchy for every problem a ruleset or a move can have.

Errors are values with positions: the interpreter raises them, only the CLI
turns them into text and exit codes.
"""
from __future__ import annotations

from dataclasses import dataclass, field


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

    def format(self) -> str:
        text = f"{self.position}: {self.severity}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text


class RulesrunError(Exception):
    """Base of every error the interpreter raises on purpose."""


@dataclass
class RulesetError(RulesrunError):
    """A ruleset could not be loaded, validated or compiled: all its problems at once."""

    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(p.format() for p in self.problems)


class EvalError(RulesrunError):
    """An expression failed while a game ran (for example, adding a colour to a number)."""


class IllegalAction(RulesrunError):
    """An action that is not legal in the current state; the state is unchanged."""


class BadFile(RulesrunError):
    """A file named by the user (or by a log) that cannot be used.

    `kind` says why, for callers that decide by it: missing, directory,
    special (a device, a pipe or a socket), too_large, long_line, not_text,
    or unusable (what the system said is in `reason`).
    """

    def __init__(self, path: str, kind: str, reason: str):
        self.path, self.kind, self.reason = path, kind, reason
        super().__init__(f"{path}: {reason}")


class GameLimitExceeded(RulesrunError):
    """A game ran past one of the ruleset's bounds (`max_actions` in a round, `max_rounds`): it may never end.

    `bound` names the bound, `limit` is its value and `round` the round that reached it.
    """

    def __init__(self, bound: str, limit: int, round: int):
        self.bound, self.limit, self.round = bound, limit, round
        super().__init__(f"round {round} passed the limit of {limit} actions (max_actions); the ruleset may never end"
                         if bound == "max_actions" else
                         f"the game passed the limit of {limit} rounds (max_rounds); it may never be over")


class ReplayMismatch(RulesrunError):
    """A log does not describe a game the ruleset can produce."""
