"""The flow of a game: setup, rounds, turns and the order in which claims are offered.

The ruleset declares the flow (its setup, what starts and ends a round, the phase
a turn starts in, what runs when a turn begins and ends, the triggers); this
module is the one place that carries it out, in the same order for every game:

- a game runs `setup`, then starts round 1;
- a round resets round and turn variables, brings every component home, runs
  `round.setup` and starts the first turn; it ends only through `end_round`,
  after which `round.end` runs, then `game_over` decides, then the next dealer
  deals the next round;
- a turn resets turn variables and works out its phase; its player's first
  action runs `turn.on_begin` first; the action that ends it is followed by
  `turn.on_end`; then the turn passes, over skipped seats and seats out of play;
- after every action (and after each round's setup) each trigger is checked
  once, in order; a trigger may ask to be watched at another moment instead
  (after each component moved, at the start or end of a turn or a round, once
  the game is set up), and none is checked during the game's setup unless it
  asks to be.
"""
from __future__ import annotations

from typing import Any

from ..backend.closures import Env
from ..errors import RECOVERABLE, EvalError, GameLimitExceeded, IllegalAction
from . import events as ev
from . import refusals as R
from .game import NO_DEFAULT, Action, ActionSpec
from .refusals import Refusal
from .table import RoundOver, Table

# The parts of a ruleset the flow runs, by their path in the document: the rule running is kept on the table
# (`Table.rule`), so that a failure while playing names the rule that failed and where it is written.
FAILURES = (EvalError, RecursionError, *RECOVERABLE)  # what `failed` turns into an error naming the rule
SETUP, ROUND_SETUP, ROUND_END = ("setup",), ("round", "setup"), ("round", "end")
GAME_OVER, WINNERS, NEXT_DEALER = ("round", "game_over"), ("round", "winners"), ("round", "next_dealer")
TURN_PHASE, TURN_BEGIN, TURN_END = ("turn", "phase"), ("turn", "on_begin"), ("turn", "on_end")
TURN_SCOPE = ("turn",)


def start(table: Table) -> None:
    """Set up a new game's table, its first round dealt and its first turn begun."""
    game, players = table.game, table.players
    if not game.min_players <= players <= game.max_players:
        raise IllegalAction(Refusal(R.PLAYERS, game, count=players))
    table.empty_zones()
    table.zones[game.home_zone].extend(range(len(game.components)))  # a component's id is its place in the list
    table.where = [(game.home_zone, None)] * len(game.components)
    table.reset_variables(("game", "round", "turn"))
    table.rule = SETUP
    _run(table, game.setup, None, "setup")
    if game.watched["move"]:  # from the first deal on
        table.on_move = _moved
    start_round(table)


def start_round(table: Table) -> None:
    """Deal rounds until one reaches its first turn (or the game is over).

    A round may end before anybody acts (its setup ends it, or a trigger at its
    start or at its first turn's): it is scored and the next one dealt here, in a
    loop, so that a ruleset doing it every round stops at `max_rounds`.
    """
    while _round_begins(table):
        if not _close_round(table):
            return
        if table.round >= table.game.max_rounds:
            raise GameLimitExceeded("max_rounds", table.game.max_rounds, table.round + 1)


def _round_begins(table: Table) -> bool:
    """Set up the next round and start its first turn; whether it ended before anybody acted."""
    game = table.game
    table.steps = 0
    table.round += 1
    table.round_actions = 0
    table.last_actor = None
    table.round_over = False
    table.round_winner = None
    table.direction = 1
    table.skipped = []
    table.reset_variables(("round", "turn"))
    table.out = set(table.out_for_game)
    table.others = table.seat_orders()
    table.gather()
    table.emit(ev.RoundStarted(table.round, table.dealer))
    table.rule = ROUND_SETUP
    _run(table, game.round_setup, None)
    if not table.round_over and game.watched["round_start"]:
        _watch(table, None, "round_start")
    return table.round_over or (game.start_turn or start_turn)(table)


def start_turn(table: Table) -> bool:
    """Start the current player's turn; whether a trigger at its start ended the round."""
    game = table.game
    table.reset_variables(TURN_SCOPE)
    table.skipped = []
    table.turn_begun = False
    table.turn_ended = False
    table.hand_on = None
    table.rule = TURN_PHASE
    phase = table.phase = game.turn_phase(Env(table, table.current)) if game.turn_phase else None
    table.events.append(ev.record(ev.TurnStarted, (table.current, phase)))
    return bool(game.watched["turn_start"]) and _watch(table, table.current, "turn_start")


def take(table: Table, spec: ActionSpec, action: Action, offered: bool) -> None:
    """Carry out a legal action: its effects, the turn's, the triggers, and what follows.

    `offered`: the action was listed as it is, so a choice it leaves out was not
    asked for; otherwise a missing choice that was asked for takes its default.
    """
    game = table.game
    if table.round_actions >= game.max_actions or table.round > game.max_rounds:
        over_bounds(table)
    table.action_count += 1
    table.round_actions += 1
    table.steps = 0
    actor, args = action.actor, action.args
    loc = dict(args)
    if len(loc) < len(spec.choices):
        left_out(table, spec.name, loc, actor, offered)
    table.events.append(ev.record(ev.ActionTaken, (actor, action.name, args)))
    table.last_actor = actor
    if actor == table.current and not spec.by_anyone and not table.turn_begun:
        table.turn_begun = True
        if game.turn_on_begin is not None:
            table.rule = TURN_BEGIN
            _run(table, game.turn_on_begin, table.current)
    try:
        table.rule = spec.effects_path
        spec.effects(Env(table, actor, loc))
        if table.turn_ended and game.turn_on_end is not None:
            table.rule = TURN_END
            game.turn_on_end(Env(table, table.current))
        _triggers(table, actor)
        if table.turn_ended and game.watched["turn_end"]:
            _triggers(table, table.current, "turn_end")
    except RoundOver:
        pass
    if table.round_over:
        finish_round(table)
    elif table.turn_ended:
        if table.hand_on is not None:  # handed on to a seat by name: skips still to be served are dropped
            table.current, table.hand_on = table.hand_on, None
        else:
            table.current = table.seat_after(table.current, (1 + table.live_skips()) * table.direction)
        if start_turn(table):
            finish_round(table)


def over_bounds(table: Table) -> None:
    """Stop a game about to take an action past the ruleset's bounds (`max_actions` a round, `max_rounds`)."""
    game = table.game
    if table.round_actions >= game.max_actions:
        raise GameLimitExceeded("max_actions", game.max_actions, table.round)
    if table.round > game.max_rounds:
        raise GameLimitExceeded("max_rounds", game.max_rounds, table.round)


def left_out(table: Table, action: str, loc: dict[str, Any], actor: int, offered: bool) -> None:
    """The choices an action leaves out, each none or, when it was asked for and not offered, its default.

    The names given are the action's own: it was checked before it was taken.
    """
    for choice in table.game.action_index[action].choices:
        if choice.name not in loc:
            present = not offered and (choice.present_if is None or choice.present_if(Env(table, actor, loc)))
            loc[choice.name] = choice.default if present and choice.default is not NO_DEFAULT else None


def failed(table: Table, error: BaseException, action: Action | None = None) -> EvalError:
    """A failure while playing, as an error that names the rule running and where it is written.

    Errors the engine raises on purpose are EvalErrors already; anything else a
    rule ran into (a check validation could not make) is said as what Python said.
    """
    if not isinstance(error, EvalError):
        error = EvalError("failed", error=type(error).__name__, reason=str(error)[:200])
    if action is not None and error.action is None:
        error = error.during(action)
    return error.at(table.rule, table.game.position_of(table.rule))


def claim_order(table: Table) -> list[int]:
    """Who is offered out-of-turn claims, in order.

    The player who acted last is asked first, even once their turn has
    passed, so that a call can go with the action that made it due. Then
    everybody else in turn order, following the direction of play, starting
    with the player whose turn it is when that turn has not begun yet (the
    first to notice a missed call), otherwise with the next player.
    """
    current, n = table.current, table.players
    seats = [table.seat_after(current, offset * table.direction) for offset in range(n)]
    if table.turn_begun:
        seats = seats[1:]  # mid-turn, the current player chooses among all their actions anyway
    first = [] if table.last_actor is None else [table.last_actor]
    return list(dict.fromkeys(first + seats))


def _run(table: Table, effect: Any, actor: int | None, moment: str = "action") -> None:
    try:
        effect(Env(table, actor, {}))
        _triggers(table, actor, moment)
    except RoundOver:
        pass


def _triggers(table: Table, actor: int | None, moment: str = "action") -> None:
    """Check each trigger watched at `moment`, in order; `actor` is `player` in them (None: the player to move).

    A generated game checks them for one player in one call (`Game.trigger_passes`), as this loop does.
    """
    watched = table.game.watched[moment]
    if not watched:
        return
    if actor is not None:
        checked = table.game.trigger_passes.get(moment)
        if checked is not None:
            checked(Env(table, actor))
            return
    env = Env(table, actor)
    for path, trigger in watched:
        if actor is None:  # no actor: the player to move, who may change as triggers fire
            env = Env(table, table.current)
        table.rule = path
        if trigger.when(env):
            trigger.effects(env)


def _watch(table: Table, actor: int | None, moment: str) -> bool:
    """The triggers of a moment outside an action; whether one of them ended the round."""
    try:
        _triggers(table, actor, moment)
    except RoundOver:
        pass
    return table.round_over


def _moved(table: Table, owner: int | None) -> None:
    """After each component moved: the triggers watched at `move`, `player` the seat whose zone it left or entered.

    Their own moves are not watched again, so a trigger that moves components does not set itself off.
    """
    if table.watching:
        return
    saved, table.watching = table.rule, True
    try:
        _triggers(table, owner if owner is not None else table.current, "move")
    finally:
        table.watching, table.rule = False, saved


def finish_round(table: Table) -> None:
    """Score the round that ended, and deal the next unless the game is over."""
    if _close_round(table):
        start_round(table)


def _close_round(table: Table) -> bool:
    """Score the round that ended and decide whether the game is over; whether another round follows."""
    game = table.game
    env = Env(table, table.round_winner, {"winner": table.round_winner})
    if game.watched["round_end"]:
        _watch(table, table.round_winner, "round_end")
    table.rule = ROUND_END
    game.round_end(env)
    table.emit(ev.RoundEnded(table.round_winner, tuple(table.scores())))
    ended = table.copy()  # kept so that a table can show how the round ended once the next one is dealt
    ended.ended = None
    table.ended = ended
    table.rule = GAME_OVER
    if game.game_over(env):
        table.finished = True
        if game.winners is not None:
            table.rule = WINNERS
            table.winners = tuple(game.winners(env))
        else:
            scores = table.scores()
            best = max(scores)
            table.winners = tuple(p for p in range(table.players) if scores[p] == best)
        table.emit(ev.GameEnded(table.winners, tuple(table.scores())))
        return False
    if game.next_dealer is not None and table.dealer is not None:
        table.rule = NEXT_DEALER
        table.dealer = game.next_dealer(env)
    return True
