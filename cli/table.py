"""The table as one player sees it, and moves in words.

Everything here reads the State API and the ruleset's declarations; it knows no
game. What the table shows, by generic rules:

- whose turn it is, the turn's phase and the direction of play;
- one row per player: the size of each per-player zone (its components too
  where the viewer sees them: a public zone, or one revealed to them), the
  score, the dealer, and the player's variables;
- each shared zone: a hidden zone by its size; a pile (a zone another zone is
  refilled from) or a top-only zone by its top component; any other public zone
  by all its components (an empty one is left out);
- variables: those the ruleset says to `show`, always, with their label;
  otherwise only those it gives a `description`, that are not hidden, not
  per-turn memory and not the score, and only while their value differs from
  the initial one (so "0", "no" and "none" do not clutter it);
- the viewer's own hidden hand, sorted (see style.py).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from ..interpreter import EVERYONE, Action, Game, State, VariableSpec, View, visibility
from .style import Style, component_order, count, fold, seat, words, wrap

PLAIN = Style()
_Shown = TypeVar("_Shown", bound="int | None")  # a component id, or None for one the viewer does not see


def describe_value(state: State, kind: str | None, value: Any, style: Style = PLAIN,
                   shown: Callable[[int], bool] = lambda cid: True) -> str:
    """One choice's value in words: a component's label, a set of them ("red 4 + blue 4"), a seat, or a value."""
    if kind == "component" and isinstance(value, tuple):
        return describe_set(state, value, style, shown)
    if kind == "component":
        visible = value if shown(value) else None
        return style.component(state.game, visible, _faces(state, visible))
    if kind == "player":
        return seat(value)
    return style.value(value)


def describe_set(state: State, cids: Iterable[int], style: Style = PLAIN,
                 shown: Callable[[int], bool] = lambda cid: True) -> str:
    """The components of a `many` choice joined by " + ", in the order a hand is shown; hidden ones last.

    Only the components the viewer sees are sorted, so that the place of a hidden one tells nothing.
    """
    game = state.game
    cids = list(cids)
    if not cids:
        return "no " + count(game, 0).split(" ", 1)[1]
    visible = sorted((c for c in cids if shown(c)), key=lambda c: component_order(game, c, _faces(state, c)))
    hidden = len(cids) - len(visible)
    return " + ".join([style.component(game, c, _faces(state, c)) for c in visible]
                      + [style.component(game, None, {})] * hidden)


def _said(state: State, action: Action, start: int, style: Style,
          shown: Callable[[int], bool]) -> list[tuple[str, str | None]]:
    """(choice name, value in words) for each choice from `start` that was taken; None for a yes."""
    kinds = {c.name: c.kind for c in state.game.action_index[action.name].choices}
    said: list[tuple[str, str | None]] = []
    for name, value in action.args[start:]:
        if value is None or value is False:  # an optional choice not taken, a yes/no answered no
            continue
        said.append((name, None if value is True else describe_value(state, kinds.get(name), value, style, shown)))
    return said


def describe_rest(state: State, action: Action, start: int, style: Style = PLAIN) -> str:
    """The choices from `start` on, as they continue a move's words: ", colour blue", " + call"."""
    return "".join(f" + {words(name)}" if text is None else f", {words(name)} {text}"
                   for name, text in _said(state, action, start, style, lambda cid: True))


def describe_action(state: State, action: Action, shown: Callable[[int], bool] = lambda cid: True,
                    style: Style = PLAIN) -> str:
    """A move in words: "play red 7", "play wild, colour blue", "play red 3 + call", "play set red 4 + blue 4"."""
    text = words(action.name)
    first = True
    for name, said in _said(state, action, 0, style, shown):
        if said is None:
            text += f" + {words(name)}"
            continue
        text += f" {said}" if first else f", {words(name)} {said}"
        first = False
    return text


def _faces(state: State, component: int | None) -> dict[int, int]:
    """The face a component shows, to show it by (only ever asked for one the viewer may see)."""
    if component is None or not isinstance(component, int) or isinstance(component, bool):
        return {}
    face = state.view(EVERYONE).face(component) if 0 <= component < len(state.game.components) else None
    return {} if face is None else {component: face}


def sorted_components(state: State, cids: Iterable[_Shown], view: View | None = None) -> list[_Shown]:
    """Components in the order of their declared attributes (see style.py); a hidden one is None."""
    game = state.game
    faces = (view or state.view(EVERYONE)).faces
    return sorted(cids, key=lambda c: component_order(game, c, faces))


def phase_label(game: Game, phase: str) -> str:
    """What the table calls a phase: the words the ruleset gives it (`turn.phases`), else its name in words."""
    return game.rules.phase_labels.get(phase) or words(phase)


def shown_variables(game: Game) -> list[VariableSpec]:
    """The variables a table may show (see the module docstring)."""
    return [v for v in game.variables.values() if isinstance(v.show, str) and v.visibility != "hidden"
            or v.show is None and v.description and v.visibility != "hidden" and v.scope != "turn"
            and v.name != game.score_variable]


def label(variable: VariableSpec) -> str:
    """What the table calls a variable: the label its `show` or `label` gives, else its name in words."""
    if isinstance(variable.show, str) and variable.show:
        return variable.show
    return variable.label or words(variable.name)


def _worth_showing(variable: VariableSpec, value: Any) -> bool:
    """A variable the ruleset says to show is always shown; another only while it differs from its start."""
    return isinstance(variable.show, str) or value != variable.initial


SHORT_ORDER = 4  # seats the order of play names before it trails off


def shared_variables(game: Game, view: View, viewer: int | None) -> list[tuple[VariableSpec, Any]]:
    """The table's own variables (not a seat's) worth showing to `viewer` now, with their values."""
    return [(v, view.variables[v.name]) for v in shown_variables(game)
            if not v.per_player and _worth_showing(v, view.variables[v.name])
            and visibility.may_read(v, None, viewer, view.current)]


def seat_variables(game: Game, view: View, viewer: int | None, player: int) -> list[tuple[VariableSpec, Any]]:
    """One seat's variables worth showing to `viewer` now, with their values."""
    found = []
    for var in shown_variables(game):
        if var.per_player:
            value = view.variables[var.name][player]
            if _worth_showing(var, value) and visibility.may_read(var, player, viewer, view.current):
                found.append((var, value))
    return found


def zone_kind(game: Game, name: str) -> str:
    """How a zone is laid out: a seat's `hand`, a face-down `stack`, a `pile` shown by its top, an open `row`.

    A pile is a zone another zone is refilled from, or one whose top alone is seen.
    """
    spec = game.zones[name]
    if spec.per_player:
        return "hand"
    if spec.visibility == "hidden":
        return "stack"
    if spec.visibility == "top" or any(other.refill_from == name for other in game.zones.values()):
        return "pile"
    return "row"


def play_order(view: View) -> str:
    """Who plays after whom: "P1 → P2 → P3 → P1", following the direction of play ("P1 → P2 → P3 → P4 → …")."""
    order = [(view.current + i * view.direction) % view.players for i in range(view.players + 1)]
    shown = [seat(p) for p in order[:SHORT_ORDER]] + ["…"] if len(order) > SHORT_ORDER + 2 else map(seat, order)
    return " → ".join(shown)


def render_table(state: State, viewer: int | None, style: Style = PLAIN, recent: Iterable[str] = (),
                 recent_title: str = "Last moves", open_hands: bool = False, width: int = 80,
                 height: int | None = None) -> str:
    """The table as `viewer` sees it (None: a spectator; `open_hands`: every hand shown).

    `height` is the number of rows the table may fill: the lines of `recent` are then the latest ones that fit
    in the rows the table leaves, so that its title and turn line stay on a screen of that size.
    """
    game = state.game
    view = state.view(EVERYONE if open_hands else viewer)
    title = f"── {game.title} · round {view.round} "
    lines = [style.strong(title + "─" * max(3, width - len(title)))]
    turn = f"Turn: {style.strong(seat(view.current))}" + (" (you)" if view.current == viewer else "")
    if view.phase:
        turn += f" · {phase_label(game, view.phase)}"
    lines.extend(fold(f"{turn} · play goes {play_order(view)}", width))
    lines.extend(_player_rows(state, view, viewer, style, open_hands, width))
    shared = [line for name, spec in game.zones.items() if not spec.per_player
              for pile in (range(len(view.zones[name])) if spec.numbered else (None,))
              for line in [_shared_zone(game, view, name, zone_kind(game, name) == "pile", style, pile)] if line]
    shared += [f"{label(v)}: {style.value(value)}" for v, value in shared_variables(game, view, viewer)]
    if shared:
        lines.extend(wrap("  ", shared, " · ", width, 2))
    hand: list[str] = []
    if viewer is not None and not open_hands:
        for zone, spec in game.zones.items():
            if spec.per_player and spec.visibility != "public":
                cards = sorted_components(state, [c for c in view.zone(zone, viewer) if c is not None], view)
                head = style.strong(f"Your {words(zone)} ({len(cards)}):") + " "
                shown = [style.component(game, c, view.faces) for c in cards] or ["empty"]
                hand.extend(wrap(head, shown, style.separator, width, 4))
    room = None if height is None else height - len(lines) - len(hand) - 1
    moves = _latest(list(recent), width, room)
    if moves:
        lines.append(style.strong(recent_title + ":"))
        lines.extend(moves)
    return "\n".join(lines + hand)


def _latest(story: list[str], width: int, room: int | None) -> list[str]:
    """The latest lines of a story, each folded to `width`, as many whole lines as fit in `room` rows (None: all)."""
    rows: list[str] = []
    for line in reversed(story):
        folded = fold(line, width)
        if room is not None and len(rows) + len(folded) > room:
            break
        rows[:0] = folded
    return rows


def _player_rows(state: State, view: View, viewer: int | None, style: Style, open_hands: bool,
                 width: int) -> list[str]:
    game = state.game
    names = [seat(p) + (" (you)" if p == viewer else "") for p in range(view.players)]
    name_width = max(len(n) for n in names)
    scores = state.scores()
    score_width = max(len(str(s)) for s in scores)
    rows = []
    for p in range(view.players):
        marker = "▶" if p == view.current and not view.over else " "
        parts = []
        listed = []
        for zone, spec in game.zones.items():
            if spec.per_player:
                cards = view.zone(zone, p)
                parts.append(f"{words(zone)}: {count(game, len(cards)):<8}")
                seen = [c for c in cards if c is not None]  # a public zone, or one revealed to the viewer
                if seen and (spec.visibility == "public" or open_hands or p != viewer):
                    listed.append([style.component(game, c, view.faces) for c in sorted_components(state, seen, view)])
        parts.append(f"{words(game.score_variable)} {scores[p]:>{score_width}}")
        if p == view.dealer:
            parts.append("dealer")
        for var, value in seat_variables(game, view, viewer, p):
            parts.append(label(var) if value is True else f"{label(var)}: {style.value(value)}")
        name = names[p].ljust(name_width)
        rows.append(f"  {marker} {style.strong(name) if p == view.current else name}  " + "  ".join(parts))
        for shown in listed:
            rows.extend(wrap(" " * (name_width + 6), shown, style.separator, width, name_width + 6))
    return rows


def _shared_zone(game: Game, view: View, name: str, top_only: bool, style: Style,
                 pile: int | None = None) -> str | None:
    """A hidden zone by its size, a pile by its top, a public row by all its components (`pile`: of a numbered one)."""
    cards = view.zone(name, pile)
    size = count(game, len(cards))
    called = words(name) if pile is None else f"{words(name)} {pile}"
    if not cards:
        return f"{called}: empty" if game.zones[name].visibility != "public" else None
    if top_only or None in cards:
        if cards[-1] is None:
            return f"{called}: {size}"
        return f"{called}: {style.component(game, cards[-1], view.faces)} on top ({size})"
    return f"{called}: {style.components(game, list(cards), view.faces)} ({size})"


def left_in_hands(state: State, style: Style = PLAIN, width: int = 80) -> list[str]:
    """What every player holds at the end of a round, the closed zones opened: what the points were counted from.

    Public zones are on the table already; a player holding nothing is left out.
    """
    game, view = state.game, state.view(EVERYONE)
    lines = []
    for p in range(view.players):
        for zone, spec in game.zones.items():
            cards = view.zone(zone, p) if spec.per_player and spec.visibility != "public" else []
            if cards:
                shown = [style.component(game, c, view.faces) for c in sorted_components(state, cards, view)]
                lines.extend(wrap(f"  {seat(p)}'s {words(zone)}: ", shown, style.separator, width, 6))
    return lines
