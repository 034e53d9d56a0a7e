"""The table of a game in progress: where every component lies, the variables, whose turn it is.

A `Table` is plain data plus one seeded random generator, and the one mutator of
that data: every change goes through a method here (a component moved, a zone
shuffled, a die rolled, a variable set, a seat passed over, the direction
reversed) and is recorded as an event. The compiled effects act on a Table;
the turn machinery (`flow.py`) drives it; the `State` is the face players see.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..errors import EvalError
from . import events as ev
from . import visibility
from .game import Game

MAX_STEPS_PER_ACTION = 100_000  # loop turns, skips, components moved and items gone through by one action or query
MAX_VALUE_ITEMS = 10_000  # items of a list or characters of a text a variable may hold
MAX_VALUE_NUMBER = 2**53  # and the numbers


def too_large(value: Any) -> bool:
    """Whether a value passes what a variable may hold."""
    if type(value) is int:
        return not -MAX_VALUE_NUMBER <= value <= MAX_VALUE_NUMBER
    if isinstance(value, str):  # its characters are not gone through
        return len(value) > MAX_VALUE_ITEMS
    if isinstance(value, (tuple, list)):
        return len(value) > MAX_VALUE_ITEMS or any(too_large(v) for v in value if not isinstance(v, str))
    return False


_EVERY_SEAT: dict[int, list[tuple[int, ...]]] = {}  # players -> `seat_orders()` while every seat is in play
_WIDTHS: list[int] = []  # _WIDTHS[i]: the bits of a draw below i + 1 (a shuffle's picks), as far as asked for


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place into the order `rng.shuffle(items)` gives, with its draws written in line.

    The same generator state gives the same order, so seeds and logs are those
    of `random.Random.shuffle`; what is saved is two calls a component.
    """
    if type(rng) is not random.Random:  # a generator of another kind shuffles its own way
        rng.shuffle(items)
        return
    draw, widths, size = rng.getrandbits, _WIDTHS, len(items)
    if len(widths) < size:
        widths.extend((last + 1).bit_length() for last in range(len(widths), size))
    for last in range(size - 1, 0, -1):  # the place `last` takes a pick below last + 1, drawn as random draws it
        bits = widths[last]
        pick = draw(bits)
        while pick > last:
            pick = draw(bits)
        items[last], items[pick] = items[pick], items[last]


class _Lent:
    """A generator lent to a table's copies, and the state they start from once its owner has drawn past it.

    Without a generator it lends a seed: nobody has drawn from it yet, and a
    generator is seeded from it only for a table that draws (seeding costs as
    much as copying a small table, and a bot's made-up world rarely draws).
    """

    __slots__ = ("generator", "seed", "state")

    def __init__(self, generator: random.Random | None, seed: int = 0):
        self.generator = generator
        self.state: tuple[Any, ...] | None = None
        self.seed = seed

    def made(self) -> random.Random:
        """A generator of the borrower's own, in the state it was lent."""
        if self.state is not None:
            return _copied(self.state)
        if self.generator is not None:
            return _copied(self.generator.getstate())
        return random.Random(self.seed)


def _copied(state: tuple[Any, ...]) -> random.Random:
    """A plain generator in the given state (a table's copy draws from one such)."""
    generator = random.Random.__new__(random.Random)
    generator.setstate(state)
    return generator


class RoundOver(Exception):
    """Raised by `end_round` so that no further effect of the action runs."""


class Table:
    """Everything that changes while a game is played.

    Its fields are slots: the engine reads them more than anything else, and a
    copy (a bot makes several a move) is read as fast as the table it copies.
    """

    __slots__ = ("game", "players", "seed", "_rng", "_lent", "_own", "events", "zones", "where", "moved_by", "faces",
                 "changes", "revealed", "vars", "current", "dealer", "direction", "phase", "round", "out",
                 "out_for_game", "others", "skipped", "turn_begun", "turn_ended", "round_over", "round_winner",
                 "finished", "winners", "ended", "last_actor", "action_count", "round_actions", "steps", "hand_on",
                 "on_move", "watching", "rule", "records_changes")
    _rng: random.Random | None  # its generator; None while it draws on one lent to it (see `rng`)
    _lent: _Lent | None  # what its copies borrow, or what it borrows
    _own: bool  # it made its generator itself: nothing else draws from it, so it may be lent

    def __init__(self, game: Game, players: int, seed: int):
        self.game = game
        self.players = players
        self.seed = seed
        self.reseed(seed)
        self.events: list[ev.Event] = []
        self.records_changes = True  # each move and variable set is an event too, not only the game's course (`emit`)
        # where the components are
        self.zones: dict[str, Any] = {}  # zone -> components bottom to top (a per-player zone: one list a seat)
        self.where: list[tuple[str, int | None]] = []  # component -> (zone, owner)
        self.moved_by: list[int | None] = [None] * len(game.components)  # component -> whose action moved it, if kept
        self.faces: list[int] = [0] * len(game.components)
        self.changes: dict[tuple[str, int | None], int] = {}  # zone -> how often it changed this round, if counted
        self.revealed: dict[int, set[int]] = {}  # viewer -> components shown to them where they still lie
        self.vars: dict[str, Any] = {}
        # the turn
        self.current = 0
        self.dealer: int | None = None
        self.direction = 1
        self.phase: str | None = None
        self.round = 0
        self.out: set[int] = set()  # seats out of play (eliminated); turn order passes them by
        self.out_for_game: set[int] = set()
        self.others = self.seat_orders()
        self.skipped: list[int] = []  # seats passed over when this turn ends
        self.turn_begun = False
        self.turn_ended = False
        self.round_over = False
        self.round_winner: int | None = None
        self.finished = False
        self.winners: tuple[int, ...] = ()
        self.ended: Table | None = None  # the table as the last round ended, scored, before the next deal
        self.last_actor: int | None = None  # who took the last action, if any this round
        # bounds
        self.action_count = 0
        self.round_actions = 0  # actions taken in this round, bounded by the ruleset's max_actions
        self.steps = 0  # work done by the current action, bounded by MAX_STEPS_PER_ACTION
        self.hand_on: int | None = None  # the seat an `end_turn: {next: ...}` hands the turn on to
        self.on_move: Callable[[Table, int | None], None] | None = None  # the flow's watch of `move` triggers
        self.watching = False  # a `move` trigger is being checked: its own moves are not watched
        self.rule: tuple[Any, ...] = ()  # the path in the ruleset of the rule being run, for a failure to name

    def copy(self, events: bool = True) -> Table:
        """An independent copy: acting on it leaves this table as it is (without `events`, its record starts empty)."""
        other = Table.__new__(Table)
        if self._rng is not None and self._own and self._lent is None:
            self._lent = _Lent(self._rng)
        # each field but the generator and the containers (made anew below) as it is, read and written by name:
        # several times cheaper than through setattr
        other.game = self.game
        other.players = self.players
        other.seed = self.seed
        other._lent = self._lent
        other._own = self._own
        other.current = self.current
        other.dealer = self.dealer
        other.direction = self.direction
        other.phase = self.phase
        other.round = self.round
        other.others = self.others
        other.turn_begun = self.turn_begun
        other.turn_ended = self.turn_ended
        other.round_over = self.round_over
        other.round_winner = self.round_winner
        other.finished = self.finished
        other.winners = self.winners
        other.ended = self.ended
        other.last_actor = self.last_actor
        other.action_count = self.action_count
        other.round_actions = self.round_actions
        other.steps = self.steps
        other.hand_on = self.hand_on
        other.on_move = self.on_move
        other.watching = self.watching
        other.rule = self.rule
        other.records_changes = self.records_changes
        if self._rng is not None and not self._own:  # a generator given from outside may be drawn from there
            other._rng = _copied(self._rng.getstate())
            other._own = True
        else:
            other._rng = None  # the copy borrows; a copy of a copy borrows what that copy borrowed
        indexed = self.game.indexed_zones
        other.zones = {k: ([list(h) for h in v] if k in indexed else list(v)) for k, v in self.zones.items()}
        other.where = list(self.where)
        other.moved_by = list(self.moved_by)
        other.faces = list(self.faces)
        other.vars = values = dict(self.vars)  # a variable's value is never changed in place, but for its entries:
        for name in self.game.per_player_variables:
            values[name] = list(values[name])
        other.events = list(self.events) if events else []
        other.changes = dict(self.changes)
        other.revealed = {viewer: set(seen) for viewer, seen in self.revealed.items()}
        other.out = set(self.out)
        other.out_for_game = set(self.out_for_game)
        other.skipped = list(self.skipped)
        return other

    @property
    def rng(self) -> random.Random:
        """The table's generator. A copy borrows it and takes a generator of its own only if it draws.

        Most copies (a bot's lookaheads) never draw, and copying a generator's
        state was a third of copying a table. Only a generator the table made
        itself (`reseed`), which is drawn from nowhere else, is lent: the owner
        keeps it, and should it draw while lent, it first leaves its borrowers
        the state they were lent. One given from outside is copied at once.
        """
        lent = self._lent
        if self._rng is None:
            assert lent is not None
            self._rng, self._lent, self._own = lent.made(), None, True
        elif lent is not None:
            lent.state = self._rng.getstate()
            self._lent = None
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        """Draw from a generator given from outside (of any kind); a copy of the table copies it at once."""
        self._rng, self._lent, self._own = generator, None, False

    def reseed(self, seed: int) -> None:
        """Draw from now on from a generator of the table's own, seeded with `seed` when it first draws.

        Until then the table and its copies borrow the seed, each seeding a generator of its own if it draws.
        """
        self._rng, self._lent, self._own = None, _Lent(None, seed), True

    # ------------------------------------------------------------ seats

    def seat_orders(self) -> list[tuple[int, ...]]:
        """For each seat, the other seats still in play, clockwise from its left (never changed in place:
        copies share it, and while every seat is in play so do all tables of that many players)."""
        n = self.players
        if not self.out:
            found = _EVERY_SEAT.get(n)
            if found is None:
                found = _EVERY_SEAT[n] = [tuple((p + i) % n for i in range(1, n)) for p in range(n)]
            return found
        return [tuple(q for q in ((p + i) % n for i in range(1, n)) if q not in self.out) for p in range(n)]

    def seat_after(self, p: int, step: int) -> int:
        """The seat `step` places after p (negative: before), counting only seats in play."""
        if not self.out:
            return (p + step) % self.players
        direction = 1 if step >= 0 else -1
        live = self.players - len(self.out)
        count = abs(step)
        if count > live > 0:  # after the first step the seats in play come round every `live` steps
            count = (count - 1) % live + 1
        for _ in range(count):
            for _ in range(self.players):
                p = (p + direction) % self.players
                if p not in self.out:
                    break
        return p

    def live_skips(self) -> int:
        """Skips still to be served: a skipped seat that has since left play is passed over anyway."""
        if not self.out:
            return len(self.skipped)
        return sum(1 for seat in self.skipped if seat not in self.out)

    # ------------------------------------------------------------ components

    def emit(self, event: ev.Event) -> None:
        """Record an event of the game's course (a round, a turn, an action, a shuffle, a skip…), even on a table
        that does not record its changes (`records_changes`: each move, each variable set)."""
        self.events.append(event)

    def zone(self, name: str, owner: int | None) -> list[int]:
        """A zone's components; of a per-player zone the seat `owner`'s, of a numbered one pile `owner`."""
        z = self.zones[name]
        return z[owner] if self.game.zones[name].indexed else z

    def empty_zones(self) -> None:
        """Every zone empty: a per-player zone one empty pile a seat, a numbered zone no pile."""
        for zone in self.game.zones.values():
            self.zones[zone.name] = [[] for _ in range(self.players)] if zone.per_player else []

    def pile(self, name: str, index: Any) -> int:
        """A pile of a numbered zone that an effect names by its number: one that exists, or an error."""
        if type(index) is int and 0 <= index < len(self.zones[name]):
            return index
        raise EvalError("no_pile", zone=name, value=index, count=len(self.zones[name]))

    def new_pile(self, name: str) -> int:
        """The number a new pile of a numbered zone takes; the first component moved to it makes it.

        A zone has fewer piles than the game has components, so that a ruleset laying piles and
        emptying them again cannot grow the table without end (and a log's pile numbers are bounded).
        """
        made = len(self.zones[name])
        if made >= len(self.where):
            raise EvalError("too_many_piles", zone=name, limit=len(self.where))
        return made

    def gather(self) -> None:
        """Every component back home, in definition order; every other zone empty."""
        game = self.game
        home = game.home_zone
        self.changes = {}
        self.revealed = {}
        self.empty_zones()
        self.zones[home] = [c.id for c in game.components]
        self.where = [(home, None)] * len(game.components)
        self.moved_by = [None] * len(game.components)
        self.emit(ev.Gathered(home))

    def seat(self, value: Any, none: bool = False) -> Any:
        """A value a rule uses as a player: a seat of this game (or none where `none` allows it), or an error."""
        if type(value) is int and 0 <= value < self.players or none and value is None:
            return value
        raise EvalError("no_player", value=value, last=self.players - 1)

    def component(self, value: Any) -> int:
        """A value a rule uses as a component: one of the game's, or an error naming the value."""
        if type(value) is int and 0 <= value < len(self.where):
            return value
        raise EvalError("no_component", value=value)

    def move(self, cid: int, to_zone: str, to_owner: int | None, to_bottom: bool = False) -> None:
        """Move one component to the top (or bottom) of a zone.

        The most frequent change of a game: the zones' specs are looked up once
        and the piles read in place (as `zone()` reads them).
        """
        where = self.where
        if not (type(cid) is int and 0 <= cid < len(where)):
            self.component(cid)
        game = self.game
        indexed = game.indexed_zones
        if to_owner is not None:
            if game.zones[to_zone].numbered:
                if to_owner == len(self.zones[to_zone]):
                    self.zones[to_zone].append([])
                else:
                    self.pile(to_zone, to_owner)
            elif not (type(to_owner) is int and 0 <= to_owner < self.players):
                self.seat(to_owner)
        target = self.zones[to_zone]
        if to_zone in indexed:
            target = target[to_owner]
        self.steps += 1
        if self.steps > MAX_STEPS_PER_ACTION:
            self.spend(0)
        left = where[cid]  # (zone, owner): where it lies, as `changes` counts the zone
        from_zone, from_owner = left
        source = self.zones[from_zone]
        if from_zone in indexed:
            source = source[from_owner]  # type: ignore[index]
        if source[-1] == cid:  # most moves take the top component (a draw)
            source.pop()
        else:
            source.remove(cid)
        if self.revealed:
            for seen in self.revealed.values():
                seen.discard(cid)
        place = (to_zone, to_owner)
        if game.counts_changes:  # only a game that reads them counts them
            changes = self.changes
            changes[left] = changes.get(left, 0) + 1
            changes[place] = changes.get(place, 0) + 1
        if to_bottom:
            target.insert(0, cid)
        else:
            target.append(cid)
        where[cid] = place
        if game.keeps_movers:
            self.moved_by[cid] = self.last_actor
        if self.records_changes:
            self.events.append(ev.record(ev.Moved, (cid, from_zone, from_owner, to_zone, to_owner, to_bottom)))
        if self.on_move is not None:
            specs = game.zones
            self.on_move(self, from_owner if specs[from_zone].per_player else to_owner if specs[to_zone].per_player
                         else None)

    def tuck(self, zone: str) -> int | None:
        """Put a shared zone's top component underneath and return it (None for an empty zone).

        For a draw that only reads the component: it stays in its zone, so no
        event is told and no `changes` counts it; a log gives a zone's order
        only at its shuffles.
        """
        pile = self.zones[zone]
        if not pile:
            return None
        cid = pile.pop()
        pile.insert(0, cid)
        return cid

    def take_top(self, zone: str, owner: int | None) -> int | None:
        """The top component of a zone, refilling it first if it is empty and may be refilled."""
        cards = self.zone(zone, owner)
        if not cards:
            self.refill(zone, owner)
            cards = self.zone(zone, owner)
        if not cards:
            return None
        if self.game.zones[zone].bag:
            return cards[self.rng.randrange(len(cards))]
        return cards[-1]

    def refill(self, zone: str, owner: int | None) -> None:
        spec = self.game.zones[zone]
        if spec.refill_from is None:
            return
        source = self.zone(spec.refill_from, None)
        keep = spec.refill_keep
        movable = source[:len(source) - keep] if keep else list(source)
        if not movable:
            return
        for cid in movable:
            self.move(cid, zone, owner)
        self.shuffle(zone, owner)

    def shuffle(self, zone: str, owner: int | None) -> None:
        cards = self.zone(zone, owner)
        shuffle(self.rng, cards)
        self.emit(ev.Shuffled(zone, owner, tuple(cards)))

    def swap(self, zone: str, a: int, b: int) -> None:
        """Exchange the contents of two players' zones (for example their hands)."""
        first, second = list(self.zone(zone, self.seat(a))), list(self.zone(zone, self.seat(b)))
        for cid in first:
            self.move(cid, zone, b)
        for cid in second:
            self.move(cid, zone, a)

    def rotate(self, zone: str) -> None:
        """Every player in play passes the whole zone to the next player in the direction of play."""
        seats = [p for p in range(self.players) if p not in self.out]
        contents = {p: list(self.zone(zone, p)) for p in seats}
        for p in seats:
            receiver = self.seat_after(p, self.direction)
            for cid in contents[p]:
                self.move(cid, zone, receiver)

    def reveal(self, zone: str, owner: int | None, viewer: int) -> None:
        """Show a zone's components to one player; they stay known to them until they move."""
        self.seat(viewer)
        cards = tuple(self.zone(zone, owner))
        self.revealed.setdefault(viewer, set()).update(cards)
        self.emit(ev.Revealed(zone, owner, viewer, cards))

    def roll(self, cid: int) -> None:
        comp = self.game.components[self.component(cid)]
        if not comp.faces:
            raise EvalError("no_faces", component=self.game.label(cid))
        self.faces[cid] = self.rng.randrange(len(comp.faces))
        self.emit(ev.Rolled(cid, self.faces[cid]))

    # ------------------------------------------------------------ variables

    def reset_variables(self, scopes: tuple[str, ...]) -> None:
        for var in self.game.variables_in_scope(scopes):
            self.vars[var.name] = [var.initial] * self.players if var.per_player else var.initial

    def set_var(self, name: str, owner: int | None, value: Any) -> None:
        """Change a variable; setting the value it already has is no change and no event.

        Every value a game keeps passes here, so this is where values that grow
        (`x * x` in a loop, a list added to itself) are stopped. Most of what
        effects set is a true/false, none or a number: tested here, in line.
        """
        kind = type(value)
        if kind is int:
            large = not -MAX_VALUE_NUMBER <= value <= MAX_VALUE_NUMBER
        else:
            large = kind is not bool and value is not None and too_large(value)
        if large:
            raise EvalError("too_large", name=name, limit=MAX_VALUE_ITEMS, number=MAX_VALUE_NUMBER)
        if name == "current":
            if self.current == value:
                return
            self.current = self.seat(value)
        elif name == "dealer":
            if self.dealer == value:
                return
            self.dealer = self.seat(value, none=True)
        elif owner is None:
            if self.vars[name] == value and type(self.vars[name]) is type(value):
                return
            self.vars[name] = value
        else:
            values = self.vars[name]
            if not (type(owner) is int and 0 <= owner < self.players):
                self.seat(owner)
            if values[owner] == value and type(values[owner]) is type(value):
                return
            values[owner] = value
        if not self.records_changes:
            return
        spec = self.game.variables.get(name)
        if spec is None or spec.visibility == "public":
            self.events.append(ev.record(ev.VariableSet, (name, owner, value, None)))
        elif spec.visibility != "hidden":
            self.events.append(ev.record(ev.VariableSet, (name, owner, value,
                                                          visibility.private_to(spec, owner, self.current))))

    def scores(self) -> list[int]:
        return list(self.vars.get(self.game.score_variable) or [0] * self.players)

    # ------------------------------------------------------------ the turn, as effects change it

    def end_turn(self, after: Any = None) -> None:
        """The turn is over once the action is; `after` names the seat that plays next, if not the next in turn."""
        self.turn_ended = True
        if after is not None:
            self.hand_on = self.seat(after)

    def counted(self, items: Any) -> Any:
        """The items an aggregate goes through, each counted as a step of the current action or query.

        Aggregates nest (`count(a in xs: any(b in ys: ...))`) and run for every candidate of a
        choice, so it is their items, not their number, that bound the work of one evaluation.
        """
        if not items:
            return ()
        if type(items) not in (list, tuple, str):
            raise EvalError("not_a_list", value=items)
        self.steps += len(items)
        if self.steps > MAX_STEPS_PER_ACTION:
            raise EvalError("steps", limit=MAX_STEPS_PER_ACTION)
        return items

    def spend(self, steps: int = 1) -> None:
        """Count work done by one action; a ruleset that loops without end is stopped with a message."""
        self.steps += steps
        if self.steps > MAX_STEPS_PER_ACTION:
            raise EvalError("steps", limit=MAX_STEPS_PER_ACTION)

    def skip(self, count: int = 1) -> None:
        self.spend(count)
        for _ in range(count):
            skipped = self.seat_after(self.current, (self.live_skips() + 1) * self.direction)
            self.skipped.append(skipped)
            self.emit(ev.Skipped(skipped))

    def reverse(self) -> None:
        self.direction = -self.direction
        self.emit(ev.DirectionChanged(self.direction))

    def goto(self, phase: str) -> None:
        self.phase = phase
        self.emit(ev.PhaseChanged(phase))

    def end_round(self, winner: int | None) -> None:
        self.round_over = True
        self.round_winner = self.seat(winner, none=True)
        raise RoundOver()

    def eliminate(self, player: int, for_game: bool) -> None:
        """Take a seat out of play for the rest of the round (or the game)."""
        self.out.add(self.seat(player))
        if for_game:
            self.out_for_game.add(player)
        self.others = self.seat_orders()
        self.emit(ev.Eliminated(player, for_game))

