"""Words for people: the table as one player sees it, moves, and what just happened.

Everything here reads the State API, the game's metadata and the events; it
knows no game. Component names come from `game.label`, action and choice names
from the ruleset (underscores shown as spaces).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..interpreter import events as ev
from ..interpreter.game import Action, Game
from ..interpreter.log import redact
from ..interpreter.state import State


def words(text: Any) -> str:
    """A ruleset name as prose: `draw_two` reads "draw two"."""
    return str(text).replace("_", " ")


def seat(player: int) -> str:
    return f"P{player + 1}"


def count(game: Game, n: int) -> str:
    """`n` components, named as cards, dice or pieces depending on what the game has."""
    if all(c.faces for c in game.components):
        noun = ("die", "dice")
    elif game.has_dice:
        noun = ("piece", "pieces")
    else:
        noun = ("card", "cards")
    return f"{n} {noun[0] if n == 1 else noun[1]}"


def value_text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value)
    return words(value)


def component_text(state: State, cid: int | None) -> str:
    return words(state.game.label(cid, state.faces)) if cid is not None else "a hidden component"


def describe_action(state: State, action: Action, shown: Callable[[int], bool] = lambda cid: True) -> str:
    """A move in words: "play red 7", "play wild, colour blue", "play red 3 + call"."""
    kinds = {c.name: c.kind for c in state.game.action_index[action.name].choices}
    text = words(action.name)
    first = True
    for name, value in action.args:
        if value is None:  # an optional choice not taken
            continue
        if isinstance(value, bool):
            text += f" + {words(name)}" if value else ""
            continue
        kind = kinds.get(name)
        if kind == "component":
            shown_value = component_text(state, value if shown(value) else None)
        elif kind == "player":
            shown_value = seat(value)
        else:
            shown_value = value_text(value)
        text += f" {shown_value}" if first else f", {words(name)} {shown_value}"
        first = False
    return text


def _order(state: State) -> str:
    seats = [seat(p) for p in range(state.players)]
    if state.direction < 0:
        return "reversed (" + " → ".join(reversed(seats)) + ")"
    return "forward (" + " → ".join(seats) + ")"


def render_table(state: State, viewer: int | None) -> str:
    """The table as `viewer` sees it: round, turn, shared zones, players, the viewer's own zones."""
    game = state.game
    view = state.view(viewer)
    lines = [f"── {game.title} · round {view['round']} · {seat(view['current'])} to act"
             + (f" · {words(view['phase'])}" if view["phase"] else "") + " ──"]
    extra = [f"direction: {_order(state)}"]
    if view["dealer"] is not None:
        extra.append(f"dealer: {seat(view['dealer'])}")
    lines.append("   ".join(extra))
    piles = {spec.refill_from for spec in game.zones.values()}
    for name, spec in game.zones.items():
        if not spec.per_player:
            lines.append(_shared_zone(state, name, view["zones"][name], spread=name not in piles))
    shared = [f"{words(k)}: {value_text(v)}" for k, v in view["variables"].items()
              if not game.variables[k].per_player]
    if shared:
        lines.append(" · ".join(shared))
    for p in range(state.players):
        lines.append(_player_line(state, view, p, viewer))
    if viewer is not None:
        lines.extend(_own_zones(state, view, viewer))
    return "\n".join(lines)


def _shared_zone(state: State, name: str, cards: list[int | None], spread: bool) -> str:
    """A zone laid out face up shows every component; a pile (it refills another zone) its top."""
    size = count(state.game, len(cards))
    if spread and cards and None not in cards:
        return f"{words(name)}: " + ", ".join(component_text(state, c) for c in cards) + f" ({size})"
    if cards and cards[-1] is not None:
        return f"{words(name)}: {component_text(state, cards[-1])} on top ({size})"
    return f"{words(name)}: {size}"


def _player_line(state: State, view: dict[str, Any], p: int, viewer: int | None) -> str:
    game = state.game
    name = seat(p) + (" (you)" if p == viewer else "")
    parts = [f"score {view['scores'][p]}"]
    for zone, spec in game.zones.items():
        if spec.per_player:
            cards = view["zones"][zone][p]
            text = f"{words(zone)}: {count(game, len(cards))}"
            if spec.visibility == "public" and cards:
                text += " (" + ", ".join(component_text(state, c) for c in cards) + ")"
            parts.append(text)
    for var, value in view["variables"].items():
        if game.variables[var].per_player and var != game.score_variable:
            parts.append(f"{words(var)}: {value_text(value[p])}")
    return f"{name:<9} " + " · ".join(parts)


def _own_zones(state: State, view: dict[str, Any], viewer: int) -> list[str]:
    lines = []
    for zone, spec in state.game.zones.items():
        if spec.per_player and spec.visibility != "public":
            cards = [c for c in view["zones"][zone][viewer] if c is not None]
            labels = sorted(component_text(state, c) for c in cards)
            lines.append(f"Your {words(zone)} ({len(labels)}): " + (", ".join(labels) if labels else "empty"))
    return lines


def _place(zone: str, owner: int | None, viewer: int | None) -> str:
    if owner is None:
        return words(zone)
    return f"your {words(zone)}" if owner == viewer else f"{seat(owner)}'s {words(zone)}"


def narrate(state: State, events: Iterable[ev.Event], viewer: int | None) -> list[str]:
    """What happened, in short lines, as `viewer` may see it (None: a spectator).

    Moves of the same kind (from, to) in a row are grouped; a move of a
    component the action already named is not repeated.
    """
    game = state.game
    lines: list[str] = []
    moves: dict[tuple[str, int | None, str, int | None], list[int | None]] = {}
    named: set[int] = set()

    def flush() -> None:
        for (src, src_owner, dst, dst_owner), comps in moves.items():
            seen = [component_text(state, c) for c in comps if c is not None]
            text = f"  {_place(src, src_owner, viewer)} → {_place(dst, dst_owner, viewer)}: "
            lines.append(text + (", ".join(seen) if len(seen) == len(comps) else count(game, len(comps))))
        moves.clear()

    for event in events:
        event = redact(event, viewer, game)
        if isinstance(event, ev.Moved):
            if event.component in named:
                named.discard(event.component)
                continue
            moves.setdefault((event.from_zone, event.from_owner, event.to_zone, event.to_owner), []).append(
                event.component)
            continue
        flush()
        if isinstance(event, ev.ActionTaken):
            action = Action(event.action, event.actor, tuple(event.args.items()))
            kinds = {c.name: c.kind for c in game.action_index[action.name].choices}
            named = {v for k, v in action.args if kinds.get(k) == "component"}
            said = describe_action(state, action, lambda c: _public(state, c, viewer))
            lines.append(f"{seat(event.actor)}: {said}")
        else:
            line = _event_line(state, event, viewer)
            if line:
                lines.append(line)
    flush()
    return lines


def _public(state: State, cid: int, viewer: int | None) -> bool:
    """Whether the viewer can see a component where it is now."""
    zone, owner = state.where[cid]
    cards = state.zone(zone, owner)
    return state.visible(zone, owner, cards.index(cid), len(cards), viewer)


def _event_line(state: State, event: ev.Event, viewer: int | None) -> str | None:
    if isinstance(event, ev.RoundStarted):
        dealer = f" (dealer {seat(event.dealer)})" if event.dealer is not None else ""
        return f"── round {event.round}{dealer} ──"
    if isinstance(event, ev.Shuffled):
        return f"  {_place(event.zone, event.owner, viewer)} shuffled"
    if isinstance(event, ev.Skipped):
        return f"  {seat(event.player)} is skipped"
    if isinstance(event, ev.DirectionChanged):
        return f"  direction now {'forward' if event.direction > 0 else 'reversed'}"
    if isinstance(event, ev.Rolled):
        faces = list(state.faces)
        faces[event.component] = event.face
        return f"  rolled: {words(state.game.label(event.component, faces))}"
    if isinstance(event, ev.RoundEnded):
        who = f"{seat(event.winner)} wins the round" if event.winner is not None else "no one wins the round"
        return f"Round over: {who}. Scores: {_scores(event.scores)}"
    if isinstance(event, ev.GameEnded):
        names = ", ".join(seat(p) for p in event.winners) or "no one"
        plural = "s" if len(event.winners) > 1 else ""
        return f"Game over. Winner{plural}: {names}. Final scores: {_scores(event.scores)}"
    return None


def _scores(scores: Iterable[int]) -> str:
    return " · ".join(f"{seat(p)} {s}" for p, s in enumerate(scores))
