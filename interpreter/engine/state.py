"""A game in progress, as players, bots, the command line and tests see it: the State API.

    legal_actions()   every action anybody may take now (the turn's and claims)
    moves()           the same actions, and one seat's: its claims, its turn's moves (`moves.py`)
    apply(action)     take one; an illegal one raises IllegalAction and changes nothing
    why_not(action)   the Refusal of an action that is not legal now, else None
    claim_order()     who is offered out-of-turn claims first, then next, ...
    open_claims()     each seat that may claim now, with its claims, in that order
    is_over(), scores(), current_player()
    round_end()       the game as its last round ended, before the next deal
    view(player)      what one player may see (None: a spectator; EVERYONE: the whole table)
    clone()           an independent copy
    events            every change so far, oldest first (read only)
    game              the compiled ruleset it plays

Nothing else of a State is public. The table it plays on (`table.py`) changes
only through its one mutator; the turn machinery is `flow.py`; legality is
decided once, in `legality.py`, for listing and for refusing alike.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Iterator, overload

from ..backend.closures import Env
from ..errors import EvalError, IllegalAction
from . import events as ev
from . import flow, legality, visibility
from .game import Action, Game
from .moves import Moves
from .refusals import Refusal
from .table import Table


class _Everyone:
    """The viewer who sees the whole table: every hand, every hidden variable (a referee, a replay, a test)."""

    def __repr__(self) -> str:
        return "EVERYONE"


EVERYONE: Any = _Everyone()


class View:
    """What one viewer may see of a table at the moment it is taken; a component or a value hidden from them is None.

    The turn's facts are read at once; the zones, variables and faces are worked
    out when first asked for (most readers need one zone), so read a view
    before the game moves on. `zone(name, owner)` gives one zone's components
    bottom to top, `size(name, owner)` how many it holds (`sizes(name)`: each
    pile's, of a zone held as one pile a seat or numbered piles); `zones` maps
    a shared zone to that list and a per-player zone to one such list per seat;
    `variables` leaves out the hidden ones (except for EVERYONE); `faces` gives
    the face of every die the view shows.
    """

    __slots__ = ("_table", "viewer", "players", "current", "dealer", "direction", "phase", "round", "over",
                 "winners", "_zones", "_variables", "_faces")

    def __init__(self, table: Table, viewer: Any):
        self._table, self.viewer = table, viewer
        self.players, self.current, self.dealer = table.players, table.current, table.dealer
        self.direction, self.phase, self.round = table.direction, table.phase, table.round
        self.over, self.winners = table.finished, table.winners
        self._zones: dict[str, Any] | None = None
        self._variables: dict[str, Any] | None = None
        self._faces: dict[int, int] | None = None

    @property
    def scores(self) -> list[int]:
        return self._table.scores()

    def zone(self, name: str, owner: int | None = None) -> list[int | None]:
        """One zone's components as the viewer sees them, bottom to top."""
        table, viewer = self._table, self.viewer
        cards = table.zone(name, owner)
        if viewer is EVERYONE:
            return list(cards)
        size = len(cards)
        unseen = size - visibility.seen_on_top(table.game.zones[name], owner, size, viewer)
        known = table.revealed.get(viewer) if viewer is not None else None
        if known:  # components shown to the viewer alone, wherever they lie
            return [c if c in known else None for c in cards[:unseen]] + cards[unseen:]
        return [None] * unseen + cards[unseen:]

    @property
    def zones(self) -> dict[str, Any]:
        if self._zones is None:
            table = self._table
            self._zones = {name: [self.zone(name, o) for o in range(len(table.zones[name]))] if spec.indexed
                           else self.zone(name) for name, spec in table.game.zones.items()}
        return self._zones

    @property
    def variables(self) -> dict[str, Any]:
        if self._variables is None:
            table, player = self._table, self.viewer
            found: dict[str, Any] = {}
            for name, spec in table.game.variables.items():
                value = table.vars[name]
                if player is EVERYONE:
                    found[name] = list(value) if spec.per_player else value
                elif spec.visibility == "hidden":
                    continue
                elif spec.per_player:
                    found[name] = [v if visibility.may_read(spec, p, player, table.current) else None
                                   for p, v in enumerate(value)]
                else:
                    found[name] = value if visibility.may_read(spec, None, player, table.current) else None
            self._variables = found
        return self._variables

    def place(self, component: int) -> tuple[str, int | None] | None:
        """Where a component lies (zone, owner seat or None), if the viewer sees it there; None otherwise."""
        zone, owner = self._table.where[component]
        return (zone, owner) if component in self.zone(zone, owner) else None

    def size(self, name: str, owner: int | None = None) -> int:
        """How many components a zone holds: every viewer sees that much of any zone (`zone` pads with None)."""
        return len(self._table.zone(name, owner))

    def sizes(self, name: str) -> list[int]:
        """How many components each pile of a per-player or numbered zone holds, in seat or pile order."""
        return [len(pile) for pile in self._table.zones[name]]

    def face(self, component: int) -> int | None:
        """The face a die shows, if the viewer sees the die where it lies (None otherwise, or for a card)."""
        table = self._table
        if not table.game.components[component].faces:
            return None
        zone, owner = table.where[component]
        return table.faces[component] if component in self.zone(zone, owner) else None

    @property
    def faces(self) -> dict[int, int]:
        if self._faces is None:
            table = self._table
            self._faces = {c: table.faces[c] for c in _shown(self.zones) if table.game.components[c].faces}
        return self._faces


class Events(Sequence[ev.Event]):
    """The events of a game, read only (no copy is made)."""

    __slots__ = ("_events",)

    def __init__(self, events: list[ev.Event]):
        self._events = events

    @overload
    def __getitem__(self, index: int) -> ev.Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[ev.Event]: ...

    def __getitem__(self, index: int | slice) -> Any:
        return self._events[index]

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[ev.Event]:
        return iter(self._events)


class State:
    """One game in progress. Create it with `Game.new_state(players, seed)`."""

    __slots__ = ("_table", "_offered", "_claims", "_moves")

    def __init__(self, table: Table):
        self._table = table
        self._offered: tuple[Action, ...] = ()  # the actions last listed: applied without a second check
        self._claims: list[tuple[int, int, int]] | None = None  # where `_offered` holds claims, if it is every action
        self._moves: Moves | None = None  # `_offered` grouped, once asked for

    @property
    def game(self) -> Game:
        return self._table.game

    @property
    def events(self) -> Events:
        return Events(self._table.events)

    def current_player(self) -> int:
        return self._table.current

    def is_over(self) -> bool:
        return self._table.finished

    def scores(self) -> list[int]:
        return self._table.scores()

    def legal_actions(self) -> list[Action]:
        """Every action any player may take now (the turn owner's and claims by anyone)."""
        table = self._table
        result = self._listed(claims_only=False)
        if not result and not table.finished:  # nobody may act: the game can never go on
            table.rule = flow.TURN_PHASE if table.game.turn_phase is not None else ("actions",)
            raise flow.failed(table, EvalError("stuck", player=table.current + 1, phase=table.phase,
                                               round=table.round))
        return result

    def moves(self) -> Moves:
        """The legal actions now, and those of one seat: its claims, its turn's moves (see `Moves`).

        Listed once until the next action: asking again, or asking on a clone
        made since, gives the same grouping without listing again.
        """
        moves = self._moves
        if moves is None:
            table = self._table
            if table.finished:
                return Moves((), table.current, [])
            if self._claims is None or not self._offered:  # not listed since, or listed stuck: list (and say so)
                self.legal_actions()
            assert self._claims is not None
            moves = self._moves = Moves(self._offered, table.current, self._claims)
        return moves

    def legal_claims(self) -> list[Action]:
        """The claims (actions `by: anyone`) open now, as `legal_actions` lists them; often none.

        For a bot that only asks who would claim: the turn owner's own moves are not worked out.
        """
        return self._listed(claims_only=True)

    def _listed(self, claims_only: bool) -> list[Action]:
        table = self._table
        if table.finished:
            return []
        table.steps = 0  # a query's work is bounded as an action's is
        try:
            result, claims = legality.listed(table, claims_only)
        except flow.FAILURES as err:
            raise flow.failed(table, err) from err
        self._offered = tuple(result)  # lets apply() skip checking an action just offered (found by identity)
        self._claims, self._moves = None if claims_only else claims, None
        return result

    def why_not(self, action: Action) -> Refusal | None:
        """Why `action` is not legal now (a Refusal, said in words by `words.refusals`), or None."""
        self._table.steps = 0
        try:
            return legality.refusal(self._table, action)
        except flow.FAILURES as err:
            raise flow.failed(self._table, err, action) from err

    def claim_order(self) -> list[int]:
        """The seats in the order they are offered out-of-turn claims (see `flow.claim_order`)."""
        return flow.claim_order(self._table)

    def open_claims(self) -> list[tuple[int, list[Action]]]:
        """Each seat that may claim now, with its claims, in the order seats are offered claims; often none.

        A driver asks the seats in turn; while no claim is open (most moments) the order is not worked out.
        """
        moves = self.moves()
        return moves.claimants(self.claim_order()) if moves.any_claims else []

    def apply(self, action: Action) -> None:
        """Take one legal action; an illegal one raises IllegalAction and changes nothing."""
        offered = action in self._offered  # listed with every choice that is asked for
        if not offered:
            action = _in_order(self.game, action)
            refused = self.why_not(action)
            if refused is not None:
                raise IllegalAction(refused)
        self._offered, self._claims, self._moves = (), None, None
        try:
            spec = self._table.game.action_index[action.name]
            if spec.take is not None:  # the generated turn of a generated game
                spec.take(self._table, action, offered)
            else:
                flow.take(self._table, spec, action, offered)
        except flow.FAILURES as err:
            raise flow.failed(self._table, err, action) from err

    def evaluate(self, player: int) -> Any:
        """How good this position is for `player` by the ruleset's own `evaluation` (a hint for bots); None without one.

        The expression reads the position as it is, hidden components included: a bot
        that must not know them evaluates a position it samples from what it has seen.
        """
        evaluation, table = self.game.evaluation, self._table
        if evaluation is None:
            return None
        table.rule, table.steps = ("evaluation",), 0
        try:
            return evaluation(Env(table, player))
        except flow.FAILURES as err:
            raise flow.failed(table, err) from err

    def view(self, player: Any) -> View:
        """What `player` may see: a seat, None (a spectator, public things only) or EVERYONE."""
        return View(self._table, player)

    def round_end(self) -> State | None:
        """The game as it stood when its last round ended: scored, before the next deal (None before then).

        What a table shows of a finished round (the hands that scored, the components a showdown
        revealed) is read here once the next round's components are dealt. Read it, never act on it.
        """
        ended = self._table.ended
        return State(ended) if ended is not None else None

    def clone(self) -> "State":
        """An independent copy; the actions just listed stay offered on it (a bot tries them on copies)."""
        copy = State(self._table.copy())
        copy._offered, copy._claims, copy._moves = self._offered, self._claims, self._moves
        return copy

    def __repr__(self) -> str:
        table = self._table
        return (f"<State {table.game.name} round {table.round} P{table.current + 1} to act "
                f"phase={table.phase} over={table.finished}>")


def _in_order(game: Game, action: Action) -> Action:
    """The action with each set of components (a `many` choice) in id order, as listing gives it.

    A set is the same move whatever order its components are named in, and its
    effects (and the log) see it one way.
    """
    spec = game.action_index.get(action.name)
    if spec is None or not any(choice.many for choice in spec.choices):
        return action
    sets = {choice.name for choice in spec.choices if choice.many}
    args = tuple((name, tuple(sorted(value, key=_order)) if name in sets and isinstance(value, (list, tuple))
                  else value) for name, value in action.args)
    return action._replace(args=args)


def _order(value: Any) -> tuple[bool, Any]:
    """Ids first, in increasing order; anything else (which is refused) after them, as it came."""
    return (not isinstance(value, int), value if isinstance(value, int) else 0)


def inspect(state: State) -> Table:
    """The table a state plays on, for the tools that check the engine itself (conservation, clones, replays).

    It is the live table: read it, never change it.
    """
    return state._table


def _shown(zones: dict[str, Any]) -> list[int]:
    """Every component a view shows (a die's face is shown only where the die is)."""
    shown: list[int] = []
    for cards in zones.values():
        for entry in cards:
            if isinstance(entry, list):
                shown.extend(c for c in entry if c is not None)
            elif entry is not None:
                shown.append(entry)
    return sorted(shown)
