"""What one seat (or a spectator) is sent: its view of the table and its legal moves, as JSON-ready data.

Everything is read through the State API and the terminal's generic rules
(`cli/table.py`: zone kinds, shown variables, labels; `cli/story.py`: the story),
so the browser shows what the terminal shows. A component the viewer may not see
is sent as None, with no id: a face-down placeholder that tells only that it is
there; a hidden stack is sent by its size alone.
"""
from __future__ import annotations

from typing import Any

from ...interpreter import Action, Game, State, View
from ...interpreter import events as ev
from ..story import narrate
from ..style import INKS, component_ink, count, seat, value_text, words
from ..table import describe_action, label, play_order, seat_variables, shared_variables, sorted_components, zone_kind

STORY_ACTIONS = 8  # the story tells the last few actions and what they caused


def component(game: Game, cid: int, faces: dict[int, int]) -> dict[str, Any]:
    """A component the viewer sees: what a picture of it needs (its colour, a big glyph, its label, a die or not)."""
    comp = game.components[cid]
    names = list(comp.attrs) + [name for face in comp.faces for name in face if name not in comp.attrs]
    attrs = {name: value for name in names if (value := game.attribute(cid, name, faces)) is not None}
    text = words(game.label(cid, faces))
    return {"id": cid, "label": text, "glyph": _glyph(game, cid, faces, text), "ink": component_ink(game, cid, faces),
            "die": bool(comp.faces), "attrs": attrs}


def _glyph(game: Game, cid: int, faces: dict[int, int], text: str) -> str:
    """What a picture shows large: the first declared attribute holding a number, else the last declared one
    holding a value that is no colour (a card's kind, a die face's command), else the label."""
    values = [game.attribute(cid, name, faces) for name in game.domains]
    numbers = [v for v in values if type(v) is int]
    if numbers:
        return str(numbers[0])
    named = [v for v in values if v is not None and not (isinstance(v, str) and v in INKS)]
    return words(named[-1]) if named else text


def _value(variable: Any, value: Any) -> dict[str, Any]:
    return {"label": label(variable), "text": "" if value is True else value_text(value),
            "ink": value if isinstance(value, str) and value in INKS else None}


def _zone(game: Game, view: View, name: str, kind: str, cards: list[int | None], shown: list[int | None],
          pile: int | None = None) -> dict[str, Any]:
    """One zone (or one pile of a numbered zone): its name and kind, its size, and the components drawn (`shown`)."""
    spec = game.zones[name]
    return {"name": name, "title": words(name) if pile is None else f"{words(name)} {pile}", "pile": pile,
            "kind": kind, "visibility": spec.visibility, "description": spec.description, "size": len(cards),
            "count": count(game, len(cards)),
            "cards": [None if c is None else component(game, c, view.faces) for c in shown]}


def _shared_zones(game: Game, view: View, name: str) -> list[dict[str, Any]]:
    """A shared zone, or each pile of a numbered one: a stack by its size alone, a pile by its top, an open row
    (or a bag) by all it shows."""
    kind = zone_kind(game, name)
    found = []
    for pile in range(len(view.zones[name])) if game.zones[name].numbered else (None,):
        cards = view.zone(name, pile)
        shown = [] if kind == "stack" else cards[-1:] if kind == "pile" else cards
        found.append(_zone(game, view, name, "bag" if game.zones[name].bag else kind, cards, shown, pile))
    return found


def _seat(state: State, view: View, viewer: int | None, p: int) -> dict[str, Any]:
    """One player's panel: their zones (sorted as the terminal sorts a hand), score, dealer, variables."""
    game = state.game
    zones = []
    for name, spec in game.zones.items():
        if spec.per_player:
            cards = sorted_components(state, view.zone(name, p), view)
            zones.append(_zone(game, view, name, "hand", cards, cards))
    return {"seat": p, "name": seat(p), "you": p == viewer, "current": p == view.current and not view.over,
            "dealer": p == view.dealer, "score": view.scores[p], "zones": zones,
            "variables": [_value(var, value) for var, value in seat_variables(game, view, viewer, p)]}


def story(state: State, viewer: int | None) -> list[str]:
    """The story of the last few actions as the viewer may be told it."""
    events = state.events
    starts = [i for i, event in enumerate(events) if isinstance(event, ev.ActionTaken)]
    start = starts[-STORY_ACTIONS] if len(starts) >= STORY_ACTIONS else 0
    return narrate(state, events[start:], viewer)


def rounds(state: State) -> list[dict[str, Any]]:
    """Each round played to its end: who won it (None: no one) and the scores after it."""
    return [{"winner": e.winner, "scores": list(e.scores)} for e in state.events if isinstance(e, ev.RoundEnded)]


def moves(state: State, view: View, actions: list[Action]) -> list[dict[str, Any]]:
    """The viewer's own legal moves, numbered as they are listed: words, and the components each names."""
    game, viewer = state.game, view.viewer
    found = []
    for number, action in enumerate(actions):
        if action.actor != viewer:
            continue
        spec = game.action_index[action.name]
        kinds = {c.name: c.kind for c in spec.choices}
        named = [c for name, value in action.args if kinds.get(name) == "component" and value is not None
                 for c in (value if isinstance(value, tuple) else (value,))]
        shown = [c for c in named if view.place(c) is not None]
        found.append({"n": number, "text": describe_action(state, action, frozenset(shown).__contains__), "name": action.name,
                      "claim": spec.by_anyone, "description": spec.description, "components": shown})
    return found


def snapshot(state: State, viewer: int | None, actions: list[Action], version: int,
             undo: bool = False) -> dict[str, Any]:
    """Everything one connection is sent after a change; `actions` are the legal actions of everybody, listed once."""
    game = state.game
    view = state.view(viewer)
    shared = [zone for name, spec in game.zones.items() if not spec.per_player for zone in _shared_zones(game, view, name)]
    return {
        "type": "table", "version": version, "title": game.title, "description": game.description,
        "viewer": viewer, "players": view.players, "round": view.round, "over": view.over,
        "winners": list(view.winners), "current": view.current, "direction": view.direction,
        "phase": words(view.phase) if view.phase else "", "order": play_order(view),
        "seats": [_seat(state, view, viewer, p) for p in range(view.players)], "zones": shared,
        "variables": [_value(var, value) for var, value in shared_variables(game, view, viewer)],
        "story": story(state, viewer), "rounds": rounds(state), "moves": moves(state, view, actions) if viewer is not None else [],
        "undo": undo,
    }
