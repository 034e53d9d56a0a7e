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
- after every action (and after setup and round setup) each trigger is checked
  once, in order.
"""
from __future__ import annotations

from typing import Any

from ..backend.closures import Env
from ..errors import EvalError, GameLimitExceeded, IllegalAction
from . import events as ev
from . import refusals as R
from .game import NO_DEFAULT, Action, ActionSpec, Game
from .refusals import Refusal
from .table import RoundOver, Table


def start(game: Game, players: int, seed: int) -> Table:
    """A new game's table: set up, with its first round dealt and its first turn begun."""
    if not game.min_players <= players <= game.max_players:
        raise IllegalAction(Refusal(R.PLAYERS, game, count=players))
    table = Table(game, players, seed)
    for zone in game.zones.values():
        table.zones[zone.name] = [[] for _ in range(players)] if zone.per_player else []
    table.zones[game.home_zone].extend(c.id for c in game.components)
    table.where = [(game.home_zone, None)] * len(game.components)
    table.reset_variables(("game", "round", "turn"))
    _run(table, game.setup, None)
    start_round(table)
    return table


def start_round(table: Table) -> None:
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
    _run(table, game.round_setup, None)
    if table.round_over:  # pragma: no cover - a setup that ends the round at once
        _finish_round(table)
        return
    start_turn(table)


def start_turn(table: Table) -> None:
    table.reset_variables(("turn",))
    table.skipped = []
    table.turn_begun = False
    table.turn_ended = False
    game = table.game
    table.phase = game.turn_phase(Env(table, table.current)) if game.turn_phase else None
    table.emit(ev.TurnStarted(table.current, table.phase))


def take(table: Table, spec: ActionSpec, action: Action, offered: bool) -> None:
    """Carry out a legal action: its effects, the turn's, the triggers, and what follows.

    `offered`: the action was listed as it is, so a choice it leaves out was not
    asked for; otherwise a missing choice that was asked for takes its default.
    """
    game = table.game
    if table.round_actions >= game.max_actions:
        raise GameLimitExceeded("max_actions", game.max_actions, table.round)
    if table.round > game.max_rounds:
        raise GameLimitExceeded("max_rounds", game.max_rounds, table.round)
    table.action_count += 1
    table.round_actions += 1
    table.steps = 0
    loc = dict(action.args)
    for choice in spec.choices:
        if choice.name not in loc:
            present = not offered and (choice.present_if is None or choice.present_if(Env(table, action.actor, loc)))
            loc[choice.name] = choice.default if present and choice.default is not NO_DEFAULT else None
    env = Env(table, action.actor, loc)
    table.emit(ev.ActionTaken(action.actor, action.name, action.args))
    table.last_actor = action.actor
    if action.actor == table.current and not spec.by_anyone and not table.turn_begun:
        table.turn_begun = True
        if game.turn_on_begin is not None:
            _run(table, game.turn_on_begin, table.current)
    try:
        spec.effects(env)
        if table.turn_ended and game.turn_on_end is not None:
            game.turn_on_end(Env(table, table.current))
        _triggers(table, action.actor)
    except RoundOver:
        pass
    except EvalError as err:
        raise err.during(action) from None
    if table.round_over:
        _finish_round(table)
    elif table.turn_ended:
        table.current = table.seat_after(table.current, (1 + table.live_skips()) * table.direction)
        start_turn(table)


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


def _run(table: Table, effect: Any, actor: int | None) -> None:
    try:
        effect(Env(table, actor, {}))
        _triggers(table, actor)
    except RoundOver:
        pass


def _triggers(table: Table, actor: int | None) -> None:
    env = Env(table, actor)
    for trigger in table.game.triggers:
        if actor is None:  # no actor: the player to move, who may change as triggers fire
            env = Env(table, table.current)
        if trigger.when(env):
            trigger.effects(env)


def _finish_round(table: Table) -> None:
    game = table.game
    env = Env(table, table.round_winner, {"winner": table.round_winner})
    game.round_end(env)
    table.emit(ev.RoundEnded(table.round_winner, tuple(table.scores())))
    if game.game_over(env):
        table.finished = True
        if game.winners is not None:
            table.winners = tuple(game.winners(env))
        else:
            scores = table.scores()
            best = max(scores)
            table.winners = tuple(p for p in range(table.players) if scores[p] == best)
        table.emit(ev.GameEnded(table.winners, tuple(table.scores())))
        return
    if game.next_dealer is not None and table.dealer is not None:
        table.dealer = game.next_dealer(env)
    start_round(table)
