"""Invariants that every state of every ruleset must keep, as plain checks.

Each check takes a state and returns its violations in words (an empty list:
all is well), so that the property tests and a command that checks a ruleset
by playing it share one implementation. `playout_checks` plays a bot game and
runs the per-state checks along the way; `determinism` replays a seed twice.
The expectations are computed from the game's declarations, never by asking
the State the same question it is being tested on.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Iterator, Sequence

from ..engine import events as ev
from ..engine import visibility
from ..engine.game import NO_DEFAULT, Action, Game
from ..engine.state import State, View, inspect
from ..errors import EvalError, GameLimitExceeded, IllegalAction, ReplayMismatch
from ..play import log
from ..play.runner import play_out, step
from ..play.simulate import bot_seats

Check = Callable[[State], list[str]]
NO_SUCH_VALUE = "no such value"
_DROP = object()


class _End:
    """Stands for the missing item past the end of the shorter sequence."""

    def __repr__(self) -> str:
        return "nothing more"


_END = _End()


# ------------------------------------------------------------ places and snapshots

def places(state: State) -> Iterator[tuple[str, int | None, list[int]]]:
    """Every place a component can be: (zone, owner seat or pile number or None, its list bottom..top)."""
    table = inspect(state)
    for name, spec in state.game.zones.items():
        if spec.indexed:
            for owner, cids in enumerate(table.zones[name]):
                yield name, owner, cids
        else:
            yield name, None, table.zones[name]


SNAPSHOT_PARTS = ("zones", "where", "faces", "variables", "number of events", "current player", "dealer", "direction",
                  "phase", "round", "action count", "turn begun", "finished", "winners", "random generator")


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything an action may change, copied, so that 'nothing changed' can be tested."""
    table = inspect(state)
    return (
        {name: [list(c) for c in z] if state.game.zones[name].indexed else list(z)
         for name, z in table.zones.items()},
        list(table.where), list(table.faces),
        {k: list(v) if isinstance(v, list) else v for k, v in table.vars.items()},
        len(state.events), table.current, table.dealer, table.direction, table.phase, table.round,
        table.action_count, table.turn_begun, table.finished, table.winners, table.rng.getstate(),
    )


def first_difference(expected: Sequence[Any], actual: Sequence[Any]) -> str | None:
    """Where two sequences first differ, with both items, or None when they are equal."""
    for index in range(max(len(expected), len(actual))):
        want = expected[index] if index < len(expected) else _END
        got = actual[index] if index < len(actual) else _END
        if want != got:
            return f"index {index}: expected {want!r}, got {got!r}"
    return None


# ------------------------------------------------------------ per-state checks

def conservation(state: State) -> list[str]:
    """Every component is in exactly one place, `where` agrees, and the places are the declared ones."""
    table = inspect(state)
    game = state.game
    problems = []
    if set(table.zones) != set(game.zones):
        problems.append(f"zones are {sorted(table.zones)}, the game declares {sorted(game.zones)}")
        return problems
    for name, spec in game.zones.items():
        if spec.per_player and len(table.zones[name]) != table.players:
            problems.append(f"{name} has {len(table.zones[name])} per-player lists for {table.players} players")
    total = len(game.components)
    if len(table.where) != total:
        problems.append(f"where has {len(table.where)} entries for {total} components")
        return problems
    count = [0] * total
    for name, owner, cids in places(state):
        place = (name, owner)
        for cid in cids:
            if not (isinstance(cid, int) and 0 <= cid < total):
                problems.append(f"{name}[{owner}] holds {cid!r}, which is no component")
                continue
            count[cid] += 1
            if table.where[cid] != place:
                problems.append(f"component {cid} is in {name}[{owner}] but where says {table.where[cid]}")
    problems += [f"component {cid} is in {n} places" for cid, n in enumerate(count) if n > 1]
    missing = [cid for cid, n in enumerate(count) if n == 0]
    if missing:
        problems.append(f"components {missing} are in no zone")
    if len(table.faces) != total:
        problems.append(f"faces has {len(table.faces)} entries for {total} components")
        return problems
    problems += [f"component {comp.id} shows face {table.faces[comp.id]!r}, which it does not have"
                 for comp in game.components
                 if table.faces[comp.id] != 0 and not (comp.faces and 0 <= table.faces[comp.id] < len(comp.faces))]
    return problems


def variables_shape(state: State) -> list[str]:
    """Every declared variable exists; a per-player one has one value per seat."""
    table = inspect(state)
    problems = []
    for name, spec in state.game.variables.items():
        if name not in table.vars:
            problems.append(f"variable {name} is missing")
        elif spec.per_player and (not isinstance(table.vars[name], list) or len(table.vars[name]) != table.players):
            problems.append(f"per-player variable {name} is {table.vars[name]!r} for {table.players} players")
    return problems


def has_legal_action(state: State, legal: Sequence[Action] | None = None) -> list[str]:
    """A game that is not over lets its current player do something (`legal`: the listed actions, if known)."""
    table = inspect(state)
    if state.is_over():
        return []
    if any(a.actor == table.current for a in (listed(state) if legal is None else legal)):
        return []
    return [f"player {table.current + 1} has no legal action (phase {table.phase})"]


def listed(state: State) -> list[Action]:
    """The legal actions, or none where nobody may act (which `legal_actions` refuses as an error of the game)."""
    try:
        return state.legal_actions()
    except EvalError as err:
        if err.kind != "stuck":
            raise
        return []


def _may_see(state: State, zone: str, owner: int | None, index: int, size: int, viewer: int | None) -> bool:
    """Whether `viewer` may see the component at `index` of a place, by the zone's declared visibility."""
    return visibility.sees_component(state.game.zones[zone], owner, index, size, viewer)


def _may_read(state: State, variable: str, owner: int | None, viewer: int | None) -> bool:
    """Whether `viewer` may read a variable (one seat's entry, for a per-player one), by its declaration."""
    table = inspect(state)
    return visibility.may_read(state.game.variables[variable], owner, viewer, table.current)


def revealed(state: State) -> dict[int, set[int]]:
    """From the events of this round: the components shown to each player that have not moved since."""
    events = state.events
    start = len(events)
    while start > 0 and type(events[start - 1]) is not ev.Gathered:
        start -= 1
    known: dict[int, set[int]] = {}
    for event in events[start:]:
        if isinstance(event, ev.Revealed):
            known.setdefault(event.viewer, set()).update(event.components)
        elif isinstance(event, ev.Moved) and known:
            for seen in known.values():
                seen.discard(event.component)
    return known


def _zone_leaks(state: State, view: View, viewer: int | None, who: str,
                known: set[int]) -> tuple[list[str], set[int]]:
    """Problems with the zones of one view, and the components the viewer may see."""
    problems, seeable = [], set()
    for name, owner, cids in places(state):
        shown = view.zones[name][owner] if owner is not None else view.zones[name]
        where = name if owner is None else f"{name}[{owner}]"
        if len(shown) != len(cids):
            problems.append(f"{who} sees {len(shown)} components in {where}, which holds {len(cids)}")
            continue
        for index, (real, seen) in enumerate(zip(cids, shown)):
            allowed = real in known or _may_see(state, name, owner, index, len(cids), viewer)
            if allowed:
                seeable.add(real)
            if seen is not None and not allowed:
                problems.append(f"{who} sees component {seen} at {where}[{index}], which is hidden from them")
            elif allowed and seen != real:
                problems.append(f"{who} sees {seen!r} at {where}[{index}] instead of component {real}")
    return problems, seeable


def _variable_leaks(state: State, view: View, viewer: int | None, who: str) -> list[str]:
    """Problems with the variables of one view: each entry shown exactly when it may be read."""
    table = inspect(state)
    problems = []
    shown_vars = view.variables
    for name, spec in state.game.variables.items():
        hidden = spec.visibility == "hidden"
        if hidden or name not in shown_vars:
            if hidden and name in shown_vars:
                problems.append(f"{who} sees the hidden variable {name}")
            elif not hidden:
                problems.append(f"{who} is not shown the variable {name}")
            continue
        pairs = (zip(range(table.players), table.vars[name], shown_vars[name]) if spec.per_player
                 else [(None, table.vars[name], shown_vars[name])])
        for owner, real, seen in pairs:
            label = name if owner is None else f"{name}[{owner}]"
            if _may_read(state, name, owner, viewer):
                if seen != real:
                    problems.append(f"{who} sees {label} as {seen!r} instead of {real!r}")
            elif seen is not None:
                problems.append(f"{who} reads {label} = {seen!r}, which is hidden from them")
    return problems


def views_hide(state: State) -> list[str]:
    """Each player's view (and a spectator's) shows exactly what the declared visibilities allow.

    Zones: hidden never, owner only to the owner, top only the top, public all;
    the sizes are always shown. Variables: hidden never, owner only one's own
    entry, current only to the player whose turn it is. A component revealed to
    one player stays visible to them until it moves. A die's face is shown
    only where the die itself may be seen.
    """
    table = inspect(state)
    problems = []
    shown = revealed(state)
    for viewer in [*range(table.players), None]:
        who = "a spectator" if viewer is None else f"player {viewer + 1}"
        view = state.view(viewer)
        known = shown.get(viewer, set()) if viewer is not None else set()
        zone_problems, seeable = _zone_leaks(state, view, viewer, who, known)
        problems += zone_problems + _variable_leaks(state, view, viewer, who)
        for cid, face in view.faces.items():
            if cid not in seeable:
                problems.append(f"{who} sees the face of component {cid}, which is hidden from them")
            elif face != table.faces[cid]:
                problems.append(f"{who} sees component {cid} showing face {face} instead of {table.faces[cid]}")
    return problems


def offers_hide(state: State, legal: Sequence[Action] | None = None) -> list[str]:
    """The actions offered to a player name only components that player may see.

    A player is shown the moves they may make; a choice among components they
    cannot see (another player's hand, the inside of the pile) would tell them
    what is hidden. A rule that takes a hidden component blindly draws it
    rather than choosing it. Reported once per player and component.
    """
    table = inspect(state)
    game = state.game
    problems, reported, known = [], set(), None
    for action in listed(state) if legal is None else legal:
        spec = game.action_index[action.name]
        for name, value in action.args:
            if name not in spec.component_choices:
                continue
            for cid in value if isinstance(value, tuple) else (value,):
                if cid is None or (action.actor, cid) in reported:
                    continue
                zone, owner = table.where[cid]
                cids = table.zones[zone][owner] if owner is not None else table.zones[zone]
                if _may_see(state, zone, owner, cids.index(cid), len(cids), action.actor):
                    continue
                known = revealed(state) if known is None else known
                if cid in known.get(action.actor, ()):
                    continue
                reported.add((action.actor, cid))
                where = zone if owner is None else f"{zone}[{owner}]"
                problems.append(f"player {action.actor + 1} is offered `{action}`, which names "
                                f"{game.label(cid, table.faces)} (component {cid}) in {where}, hidden from them")
    return problems


def legal_actions_apply(state: State, legal: Sequence[Action] | None = None) -> list[str]:
    """Every listed action passes `why_not` and applies without error, each on its own clone."""
    problems = []
    for action in listed(state) if legal is None else legal:
        reason = state.why_not(action)
        if reason is not None:
            problems.append(f"listed action {action} is refused by why_not: {reason}")
            continue
        try:
            state.clone().apply(action)
        except GameLimitExceeded:
            continue  # the playout reports a game that does not end
        except Exception as err:  # any failure of a legal action is what this check reports
            problems.append(f"listed action {action} failed: {type(err).__name__}: {err}")
    return problems


def clone_independence(state: State, action: Action | None = None,
                       legal: Sequence[Action] | None = None) -> list[str]:
    """Acting on a clone (by default, the current player's first listed action) leaves the original as it was."""
    table = inspect(state)
    if action is None:
        action = next((a for a in (listed(state) if legal is None else legal) if a.actor == table.current),
                      None)
        if action is None:
            return []
    before = snapshot(state)
    try:
        state.clone().apply(action)
    except GameLimitExceeded:
        return []
    if snapshot(state) != before:
        return [f"applying {action} to a clone changed the original"]
    return []


def _key(state: State, action: Action) -> tuple[Any, ...]:
    """An action up to interchangeable components: identical ones in the same place are one choice."""
    table = inspect(state)
    spec = state.game.action_index.get(action.name)
    kinds = {c.name: c.kind for c in spec.choices} if spec else {}
    args = []
    for name, value in action.args:
        if kinds.get(name) == "component" and isinstance(value, int) and 0 <= value < len(table.where):
            value = ("component", state.game.interchangeable[value], table.where[value])
        args.append((name, value))
    return action.name, action.actor, tuple(args)


def _with_arg(action: Action, index: int, value: Any) -> Action:
    """`action` with its index-th choice set to `value`, or dropped when value is _DROP."""
    args = action.args[:index] + (() if value is _DROP else ((action.args[index][0], value),))
    return Action(action.name, action.actor, args + action.args[index + 1:])


def near_misses(state: State) -> list[Action]:
    """Actions close to legal ones that legal_actions does not offer, so apply must refuse them.

    Made by changing a legal action's actor (to another seat or to no seat), a
    component to one from another place (or to no component at all), a chosen
    player to any seat (or to no seat), a declared value to one no rule offers,
    dropping or adding a choice; plus an unknown action and every action
    without choices that is not offered.
    """
    table = inspect(state)
    game = state.game
    legal = listed(state)
    offered = {_key(state, a) for a in legal}
    tops = {(name, owner): cids[-1] for name, owner, cids in places(state) if cids}
    candidates = [Action(NO_SUCH_VALUE, table.current)]
    candidates += [Action(spec.name, seat) for spec in game.actions if not spec.choices
                   for seat in range(table.players)]
    for action in legal:
        kinds = {c.name: c.kind for c in game.action_index[action.name].choices}
        defaulted = {c.name for c in game.action_index[action.name].choices if c.default is not NO_DEFAULT}
        candidates += [Action(action.name, seat, action.args) for seat in range(table.players + 1)]
        candidates.append(Action(action.name, action.actor, action.args + (("unasked", 1),)))
        for index, (name, value) in enumerate(action.args):
            if name not in defaulted:  # leaving out a choice that has a default is the same action
                candidates.append(_with_arg(action, index, _DROP))
            if kinds.get(name) == "component":
                home = table.where[value] if value is not None else None
                candidates += [_with_arg(action, index, cid) for place, cid in tops.items() if place != home]
                candidates.append(_with_arg(action, index, len(game.components)))
            elif kinds.get(name) == "player":
                candidates += [_with_arg(action, index, seat) for seat in range(table.players + 1)]
            else:
                candidates.append(_with_arg(action, index, NO_SUCH_VALUE))
    result, seen = [], set(offered)
    for action in candidates:
        key = _key(state, action)
        if key not in seen:
            seen.add(key)
            result.append(action)
    return result


def refuses(state: State, actions: Sequence[Action]) -> list[str]:
    """Each action is refused with IllegalAction and leaves the state as it was (tried on a clone)."""
    problems = []
    trial, before = state.clone(), snapshot(state)
    for action in actions:
        try:
            trial.apply(action)
            problems.append(f"{action} was accepted though legal_actions does not offer it")
        except IllegalAction:
            if snapshot(trial) == before:
                continue
            problems.append(f"refusing {action} changed the state")
        except Exception as err:  # the wrong kind of refusal is what this check reports
            problems.append(f"{action} raised {type(err).__name__}: {err} instead of IllegalAction")
        trial = state.clone()
    return problems


def illegal_refused(state: State) -> list[str]:
    """Every near miss of a legal action is refused and changes nothing."""
    return refuses(state, near_misses(state))


STATE_CHECKS: tuple[Check, ...] = (conservation, variables_shape, has_legal_action, views_hide, offers_hide,
                                   legal_actions_apply, clone_independence, illegal_refused)


# ------------------------------------------------------------ whole games

def check_state(state: State, checks: Sequence[Check] = STATE_CHECKS) -> list[str]:
    """The violations of every check on one state."""
    return [problem for check in checks for problem in check(state)]


def playout_checks(game: Game, players: int, seed: int, bot: str = "random", single_round: bool = True,
                   max_actions: int | None = None, every: int = 1,
                   checks: Sequence[Check] = STATE_CHECKS) -> list[str]:
    """Play a bot game, checking the state after every `every`-th action; stop at the first violation.

    The game must end (or, with single_round, its first round) within the
    ruleset's own bounds (`max_actions` a round, `max_rounds`); `max_actions` cuts the playout shorter
    without counting as a violation. Each violation names the seed and the
    number of actions taken so far, which is enough to reproduce it.
    """
    state = game.new_state(players, seed)
    table = inspect(state)
    seats = bot_seats(bot, players, seed)
    which = f"{game.name}, {players} players, seed {seed}, {bot} bots"
    problems = check_state(state, checks)
    if problems:
        return [f"{which}, at the start: {p}" for p in problems]
    taken, first_round = 0, table.round
    while not state.is_over() and not (single_round and table.round != first_round):
        if max_actions is not None and taken >= max_actions:
            break
        try:
            action = step(state, seats)
        except GameLimitExceeded as err:
            return [f"{which}: the game did not end: {err}"]
        except Exception as err:  # a crash mid-game is a violation to report with its seed
            return [f"{which}, action {taken + 1}: {type(err).__name__}: {err}"]
        taken += 1
        if taken % every == 0 or state.is_over():
            problems = check_state(state, checks)
            if problems:
                return [f"{which}, after action {taken} ({action}): {p}" for p in problems]
    return []


def determinism(game: Game, players: int, seed: int, bot: str = "random", single_round: bool = True) -> list[str]:
    """Two playouts with the same seed produce the same events."""
    logs = []
    for _ in range(2):
        state = play_out(game.new_state(players, seed), bot_seats(bot, players, seed), single_round)
        logs.append([ev.to_json(e) for e in state.events])
    difference = first_difference(*logs)
    return [] if difference is None else [f"{game.name}, {players} players, seed {seed}: events {difference}"]


# ------------------------------------------------------------ the log of a game so far

def actions_taken(state: State) -> list[Action]:
    """Every action applied to the state since the start, read from its events."""
    return [Action(e.action, e.actor, e.args) for e in state.events if isinstance(e, ev.ActionTaken)]


def same_seed_same_log(state: State) -> list[str]:
    """A fresh game with the same seed, given the same actions, produces the same events."""
    table = inspect(state)
    again = state.game.new_state(table.players, table.seed)
    for action in actions_taken(state):
        try:
            again.apply(action)
        except IllegalAction as err:
            return [f"with the same seed, {action} is refused the second time: {err}"]
    difference = first_difference(state.events, again.events)
    return [] if difference is None else [f"with the same seed and actions, events differ at {difference}"]


def replay_rebuilds(state: State) -> list[str]:
    """The game's log, written as JSON text and replayed, rebuilds exactly this state."""
    table = inspect(state)
    header = json.loads(json.dumps(log.header_line(state, ["bot"] * table.players)))
    events = [{k: v for k, v in json.loads(json.dumps(log.event_line(e))).items() if k != "type"}
              for e in state.events]
    try:
        rebuilt = log.replay(state.game, header, events)
    except ReplayMismatch as err:
        return [f"the log does not replay: {err}"]
    differing = [part for part, played, replayed in zip(SNAPSHOT_PARTS, snapshot(state), snapshot(rebuilt))
                 if played != replayed]
    return [f"the replayed game differs from the played one in: {', '.join(differing)}"] if differing else []
