"""What just happened, in short lines built from the events.

One line per action: who took it and what they chose, then what it caused:
"P2: play red skip — P3 loses their turn", "P1: draw — you draw blue 5",
"P1: play set red 4 + blue 4". The rules are generic: a move of a component the
action named (alone or in a set) is not repeated;
moves between two public shared zones, and a single component leaving a public
shared zone for a closed one, tell nothing new and are left out; moves into a
player's zone read "draws" (from the stock or a hidden zone) or "takes"; skips
read "loses their turn"; rolls of dice just drawn are shown by their labels.
Several components moved at once are named only where the viewer sees either
end whole or sees them where they lie now, and counted otherwise ("blue 5 and
2 cards"); a refill, components poured into a zone that is then shuffled,
is told by number: "the discard (91 cards) is shuffled into the draw".
Lines before the first action (the deal) stand alone. A viewer sees only what
the rules show them; `open_hands` tells everything.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..interpreter import EVERYONE, Action, State, redact, visibility
from ..interpreter import events as ev
from .style import Style, count, seat, words
from .table import PLAIN, describe_action

Route = tuple[str, Any, str, Any]


def scores_text(scores: Iterable[int]) -> str:
    return " · ".join(f"{seat(p)} {s}" for p, s in enumerate(scores))


def game_over_text(winners: Iterable[int], scores: Iterable[int]) -> str:
    """"Game over. Winner: P2. Final scores: P1 36 · P2 218"."""
    names = [seat(p) for p in winners]
    plural = "s" if len(names) > 1 else ""
    return f"Game over. Winner{plural}: {', '.join(names) or 'no one'}. Final scores: {scores_text(scores)}"


def narrate(state: State, events: Iterable[ev.Event], viewer: int | None, style: Style = PLAIN,
            open_hands: bool = False) -> list[str]:
    """The events told as `viewer` may see them (None: a spectator)."""
    teller = _Teller(state, viewer, style, open_hands)
    for event in events:
        teller.add(event if open_hands else redact(event, viewer, state.game))
    teller.flush()
    return teller.lines


class _Teller:
    """Collects the consequences of one action, then tells them on the action's line."""

    def __init__(self, state: State, viewer: int | None, style: Style, open_hands: bool):
        self.state, self.game = state, state.game
        self.viewer, self.style, self.open_hands = viewer, style, open_hands
        self.view = state.view(EVERYONE if open_hands else viewer)
        self.faces = state.view(EVERYONE).faces  # only ever shown for components the viewer may see
        self.lines: list[str] = []
        self._start(None)

    def _start(self, action: Action | None) -> None:
        self.action = action
        self.named: set[int] = set()
        self.seen: set[int] = set()  # components the viewer saw moving in this group
        self.items: list[Any] = []  # phrases, and routes or roll lists to be put in words at the end
        self.moves: dict[Route, list[int | None]] = {}
        self.poured: set[tuple[str, Any]] = set()  # zones a refill was shuffled into, said with the refill
        if action is not None:
            spec = self.game.action_index.get(action.name)
            kinds = {c.name: c.kind for c in spec.choices} if spec else {}
            for k, v in action.args:
                if kinds.get(k) == "component" and v is not None:
                    self.named.update(v if isinstance(v, tuple) else (v,))  # a `many` choice names a set

    def add(self, event: ev.Event) -> None:
        if isinstance(event, ev.ActionTaken):
            self.flush()
            self._start(Action(event.action, event.actor, event.args))
        elif isinstance(event, ev.Moved):
            self._move(event)
        elif isinstance(event, ev.Rolled):
            self._rolled(event)
        elif isinstance(event, (ev.RoundStarted, ev.RoundEnded, ev.GameEnded)):
            self.flush()
            self.lines.append(self._milestone(event))
        else:
            phrase = self._phrase(event)
            if phrase:
                self.items.append(phrase)

    def flush(self) -> None:
        self.poured = {(route[2], route[3]) for route in self.items if isinstance(route, tuple)
                       and len(route) == 4 and self._poured(route)}
        said = [s for s in (self._words(item) for item in self.items) if s]
        if self.action is not None:
            self.lines.append(self._head() + (" — " + "; ".join(said) if said else ""))
        else:
            self.lines.extend(f"  {phrase}" for phrase in said)
        self._start(None)

    def _head(self) -> str:
        action = self.action
        assert action is not None
        if action.name not in self.game.action_index:
            return f"{seat(action.actor)}: {words(action.name)}"
        said = describe_action(self.state, action, lambda c: c in self.seen or self._shows_now(c), self.style)
        return f"{seat(action.actor)}: {said}"

    def _shows_now(self, cid: int) -> bool:
        """Whether the viewer can see a component where it lies now."""
        return self.view.place(cid) is not None

    def _move(self, event: ev.Moved) -> None:
        cid = event.component
        if cid is not None:
            self.seen.add(cid)
            if cid in self.named:
                return
        zones = self.game.zones
        src, dst = zones[event.from_zone], zones[event.to_zone]
        if not (src.per_player or dst.per_player) and src.visibility == dst.visibility == "public":
            return  # between two open zones: nothing new to tell
        route = (event.from_zone, event.from_owner, event.to_zone, event.to_owner)
        if route not in self.moves:
            self.moves[route] = []
            self.items.append(route)
        self.moves[route].append(cid)

    def _rolled(self, event: ev.Rolled) -> None:
        if event.component in self.seen:  # drawn and rolled: its label already shows the face
            return
        faces = dict(self.faces)
        faces[event.component] = event.face
        shown = self.style.component(self.game, event.component, faces)
        if self.items and isinstance(self.items[-1], list):
            self.items[-1].append(shown)
        else:
            self.items.append([shown])

    def _words(self, item: Any) -> str | None:
        if isinstance(item, ev.Shuffled):
            if (item.zone, item.owner) in self.poured:
                return None  # said with the components poured into it
            return f"{self._place(item.zone, item.owner)} shuffled"
        if isinstance(item, str):
            return item
        if isinstance(item, list):
            return "rolled " + (" " if self.style.ansi else ", ").join(item)
        return self._move_phrase(item, self.moves[item])

    def _move_phrase(self, route: Route, comps: list[int | None]) -> str | None:
        src, src_owner, dst, dst_owner = route
        game = self.game
        visible = self._visible(route)
        hidden = len(comps) - len(visible)
        what = self.style.components(game, visible, self.faces) if not hidden else \
            count(game, len(comps)) if not visible else \
            f"{self.style.components(game, visible, self.faces)} and {count(game, hidden)}"
        if game.zones[dst].per_player:
            you = dst_owner == self.viewer and not self.open_hands
            drawn = src == game.stock_zone or (not game.zones[src].per_player
                                               and game.zones[src].visibility == "hidden")
            verb = ("draw" if drawn else "take") + ("" if you else "s")
            return f"{'you' if you else seat(dst_owner)} {verb} {what}"
        if not game.zones[src].per_player and game.zones[src].visibility == "public" and len(comps) == 1:
            return None  # one component leaving an open zone for a closed one: seen going, nothing to add
        if self._poured(route):  # a refill: how many, not which
            return f"{self._the(src, src_owner)} ({count(game, len(comps))}) is shuffled into " \
                   f"{self._the(dst, dst_owner)}"
        return f"{self._place(src, src_owner)} → {self._place(dst, dst_owner)}: {what}"

    def _visible(self, route: Route) -> list[int]:
        """The components of a route the viewer may be told of: all where either end shows its whole order, one
        at a time through a top, and otherwise only those the viewer sees where they lie now."""
        comps = [c for c in self.moves[route] if c is not None]
        if self.open_hands or len(self.moves[route]) == 1:
            return comps
        src, src_owner, dst, dst_owner = route
        zones = self.game.zones
        if visibility.sees_order(zones[src], src_owner, self.viewer) or \
                visibility.sees_order(zones[dst], dst_owner, self.viewer):
            return comps
        return [c for c in comps if self._shows_now(c)]

    def _poured(self, route: Route) -> bool:
        """Whether a route is a refill: several components into a zone shuffled at once, whose order the viewer
        does not see (nor, then, which component went where)."""
        dst, dst_owner = route[2], route[3]
        return len(self.moves[route]) > 1 and self._shuffles(dst, dst_owner) and \
            not visibility.sees_order(self.game.zones[dst], dst_owner, self.viewer)

    def _the(self, zone: str, owner: int | None) -> str:
        place = self._place(zone, owner)
        return place if self.game.zones[zone].per_player else f"the {place}"

    def _shuffles(self, zone: str, owner: Any) -> bool:
        return any(isinstance(item, ev.Shuffled) and (item.zone, item.owner) == (zone, owner) for item in self.items)

    def _place(self, zone: str, owner: int | None) -> str:
        if owner is None:
            return words(zone)
        if self.game.zones[zone].numbered:
            return f"{words(zone)} {owner}"
        if owner == self.viewer and not self.open_hands:
            return f"your {words(zone)}"
        return f"{seat(owner)}'s {words(zone)}"

    def _phrase(self, event: ev.Event) -> str | None:
        if isinstance(event, ev.Skipped):
            if event.player == self.viewer and not self.open_hands:
                return "you lose your turn"
            return f"{seat(event.player)} loses their turn"
        if isinstance(event, ev.DirectionChanged):
            return "direction of play reversed"
        if isinstance(event, ev.Shuffled):
            self.items.append(event)
            return None
        if isinstance(event, ev.Revealed):
            return self._revealed(event)
        return None

    def _revealed(self, event: ev.Revealed) -> str:
        place = self._place(event.zone, event.owner)
        if event.viewer == self.viewer or self.open_hands:
            shown = self.style.components(self.game, list(event.components), self.faces) or "nothing"
            to = "you" if event.viewer == self.viewer and not self.open_hands else seat(event.viewer)
            return f"{place} shown to {to}: {shown}"
        return f"{place} shown to {seat(event.viewer)}"

    def _milestone(self, event: ev.Event) -> str:
        if isinstance(event, ev.RoundStarted):
            dealer = f" · dealer {seat(event.dealer)}" if event.dealer is not None else ""
            return self.style.strong(f"── Round {event.round}{dealer} ──")
        if isinstance(event, ev.RoundEnded):
            who = f"{seat(event.winner)} wins the round" if event.winner is not None else "no one wins the round"
            return f"Round over: {who}. Scores: {scores_text(event.scores)}"
        assert isinstance(event, ev.GameEnded)
        return game_over_text(event.winners, event.scores)

