"""Why an action is not legal: a value with a code, the part of the rule that refused it, and where.

The engine decides and returns a `Refusal`; the words of a refusal are said in
`words/refusals.py`. A test that expects a refusal checks its code, so that it
cannot pass because the action it tries does not exist.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..backend.closures import Env
    from ..tree import nodes as n
    from .game import Action, Game

# The codes, from the first thing checked to the last.
GAME_OVER = "game_over"  # the game is over
NO_SUCH_ACTION = "no_such_action"  # the ruleset has no action of that name
NO_SUCH_PLAYER = "no_such_player"  # the actor is no seat of this game
OUT_OF_PLAY = "out_of_play"  # the actor was eliminated
NOT_YOUR_TURN = "not_your_turn"  # only the player whose turn it is may take this action
WRONG_PHASE = "wrong_phase"  # the turn is in a phase the action is not offered in
GUARD = "guard"  # the action's `if` is false for this actor
NOT_ASKED = "not_asked"  # a choice was given that is not asked for here
MISSING = "missing"  # a choice that is asked for, and has no default, was not given
NOT_A_SET = "not_a_set"  # a `many` choice was given something other than a set of components
NAMED_TWICE = "named_twice"  # a `many` choice names a component twice
SET_SIZE = "set_size"  # a `many` choice holds fewer or more components than it may
NOT_POSSIBLE = "not_possible"  # the value is not among the choice's possible values
ALREADY_CHOSEN = "already_chosen"  # the component is taken by an earlier choice of the action
WHERE = "where"  # the value does not satisfy the choice's `where`
UNEXPECTED = "unexpected"  # a choice the action does not have
REQUIRE = "require"  # the choices together do not satisfy the action's `require`
PLAYERS = "players"  # a game cannot start with this many players

CODES = (GAME_OVER, NO_SUCH_ACTION, NO_SUCH_PLAYER, OUT_OF_PLAY, NOT_YOUR_TURN, WRONG_PHASE, GUARD, NOT_ASKED, MISSING,
         NOT_A_SET, NAMED_TWICE, SET_SIZE, NOT_POSSIBLE, ALREADY_CHOSEN, WHERE, UNEXPECTED, REQUIRE, PLAYERS)
RULES = frozenset({GUARD, WHERE, REQUIRE})  # refused by a condition the ruleset wrote


@dataclass(frozen=True)
class Refusal:
    """Why `action` is refused: `code`, and what it is about.

    `game` is the game refusing it. `choice` and `value` name the choice and the
    value at fault; `rule` is the condition that is false and `env` the table
    and the choices where it was decided (so that its words can say which part
    failed, with what values, and show components as they lie; the state must
    not change before they are said). `phase` is the turn's phase for
    WRONG_PHASE; `count` the number of players for PLAYERS.
    """

    code: str
    game: "Game"
    action: "Action | None" = None
    choice: str | None = None
    value: Any = None
    rule: "n.Expr | None" = None
    env: "Env | None" = None
    phase: str | None = None
    count: int = 0
