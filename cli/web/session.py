"""The game a server keeps: its seats and their secret tokens, and each message a seat sends, decided.

A `Session` is plain Python (no web framework): the server hands it every
message with the seat whose token came with it, and sends each connection the
`view` of its own seat that `table_for` makes. A message that is malformed, not
this seat's or not legal gets a refusal and changes nothing. Bots move one at a
time (`bot_move`), so that the server can pause between their moves and people
can follow, and claim, in between.
"""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any, TextIO

from ...interpreter import (
    Action,
    Bot,
    Game,
    GameLimitExceeded,
    IllegalAction,
    RulesrunError,
    State,
    derive_seed,
    make_bot,
    may_take_back,
    say_refusal,
    write_game,
)
from ...interpreter.words.refusals import say_short
from ..play import seat_kinds
from ..refusing import pointable, refused_alone, refused_together
from ..style import words
from .snapshot import snapshot

MAX_MESSAGE = 16 * 1024  # characters of one message from a browser; a move is a few dozen
MAX_ARGS = 64  # choices of an action spelled out, and components of one set or of one `why`
MAX_TEXT = 200  # characters of one value of a choice


@dataclass(frozen=True)
class Reply:
    """A message for the connection that sent one: a refusal (`error`) or the answer to a question."""

    kind: str
    code: str
    text: str
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "code": self.code, "text": self.text, "detail": self.detail}


def refused(code: str, text: str, detail: str = "") -> Reply:
    return Reply("error", code, text, detail)


class Session:
    """One game at one table: people's seats first (each with a token), bots after them, and a spectators' token."""

    def __init__(self, game: Game, players: int, humans: int, seed: int, bots: list[str],
                 log: TextIO | None = None, start: State | None = None):
        self.state = game.new_state(players, seed) if start is None else start  # `start`: a game under way
        self.kinds = seat_kinds(humans, bots)
        self.bots: dict[int, Bot] = {p: make_bot(kind, derive_seed(seed, p))
                                     for p, kind in zip(range(humans, players), bots)}
        self.tokens: dict[str, int | None] = {secrets.token_urlsafe(16): p for p in range(humans)}
        self.tokens[secrets.token_urlsafe(16)] = None  # the spectators' link
        self.log = log
        self.logged = False
        self.version = 0  # every change of the game counts one: a move listed before it is no longer offered
        self.taken: list[tuple[State, Action]] = []  # actions that may still be taken back, the last one last
        self.failure = ""  # why the game cannot go on, once it cannot
        self.actions: list[Action] = []
        self._list()

    # ------------------------------------------------------------ seats and what they see

    def seat_of(self, token: str) -> tuple[bool, int | None]:
        """(whether the token opens this table, the seat it is for: None for a spectator)."""
        for known, seat in self.tokens.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                return True, seat
        return False, None

    def links(self, base: str) -> list[tuple[str, str]]:
        """(who, link) for every person's seat and then the spectators."""
        return [(f"P{seat + 1}" if seat is not None else "spectators", f"{base}/play/{token}")
                for token, seat in self.tokens.items()]

    def table_for(self, seat: int | None) -> dict[str, Any]:
        """The message that shows one seat (or a spectator) the table now."""
        data = snapshot(self.state, seat, self.actions, self.version, undo=seat is not None and self._may_undo(seat))
        data["seats_kind"] = self.kinds
        data["failure"] = self.failure
        return data

    # ------------------------------------------------------------ messages

    def receive(self, seat: int | None, text: str) -> Reply | None:
        """Decide on one message from a seat's connection; None when it changed the game (everybody is told)."""
        if len(text) > MAX_MESSAGE:
            return refused("too_large", f"a message may hold at most {MAX_MESSAGE} characters")
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):  # nested past what the decoder follows: not JSON it reads either
            return refused("bad_json", "the message is not JSON")
        if not isinstance(message, dict):
            return refused("not_object", "a message is a JSON object with a \"type\"")
        kind = message.get("type")
        handlers = {"move": self._move, "action": self._action, "why": self._why, "undo": self._undo}
        if not isinstance(kind, str) or kind not in handlers:
            return refused("unknown_type", f"no such message: {json.dumps(kind)[:40]}; send one of {', '.join(handlers)}")
        if seat is None:
            return refused("spectator", "spectators watch; they cannot act")
        if self.failure or self.state.is_over():
            return refused("game_over", self.failure or "the game is over")
        return handlers[kind](seat, message)

    def _move(self, seat: int, message: dict[str, Any]) -> Reply | None:
        """A move by its number in the list this seat was sent, at the version it was sent at."""
        number, version = message.get("n"), message.get("version")
        if type(version) is not int or version != self.version:
            return refused("stale", "the table has changed since; choose again")
        if type(number) is not int or not 0 <= number < len(self.actions) or self.actions[number].actor != seat:
            return refused("no_such_move", "that is not one of your moves now")
        return self._take(self.actions[number])

    def _action(self, seat: int, message: dict[str, Any]) -> Reply | None:
        """A move spelled out as the game log writes it: {"action": name, "actor": seat, "args": {...}}."""
        action = _action_from(message.get("action"))
        if action is None:
            return refused("bad_action", "an action is {\"action\": name, \"actor\": seat, \"args\": {choice: value}}")
        if action.actor != seat:
            return refused("not_your_seat", f"you play P{seat + 1}; that move is for another seat")
        if not self._sees_all(seat, action):  # a refusal's words could tell where a hidden component lies
            return refused("not_seen", "that move names a component you do not see; choose one of your moves")
        return self._take(action)

    def _sees_all(self, seat: int, action: Action) -> bool:
        """Whether every component an action's component choices name is one the seat sees."""
        spec = self.state.game.action_index.get(action.name)
        if spec is None:
            return True  # no such action: refused by its name alone
        view, size = self.state.view(seat), len(self.state.game.components)
        kinds = {c.name: c.kind for c in spec.choices}
        named = [c for name, value in action.args if kinds.get(name) == "component"
                 for c in (value if isinstance(value, tuple) else (value,))]
        return all(view.place(c) is not None for c in named if type(c) is int and 0 <= c < size)

    def _take(self, action: Action) -> Reply | None:
        before = self.state.clone()
        try:
            self.state.apply(action)
        except IllegalAction as err:
            return refused("illegal", say_short(err.refusal), say_refusal(err.refusal))
        except RulesrunError as err:
            return self._fail(err)
        if may_take_back(before, self.state, action.actor):
            self.taken.append((before, action))
        else:
            self.taken.clear()
        self._changed()
        return None

    def _why(self, seat: int, message: dict[str, Any]) -> Reply:
        """Why the components a seat pointed at (in the order it pointed) make none of its moves."""
        picked = message.get("components")
        view = self.state.view(seat)
        if not (isinstance(picked, list) and 0 < len(picked) <= MAX_ARGS
                and all(type(c) is int and 0 <= c < len(self.state.game.components) for c in picked)
                and len(set(picked)) == len(picked)):
            return refused("bad_components", "\"components\" lists the ids of components you see, each once")
        if any(view.place(c) is None for c in picked):  # one the seat does not see: said as for any unknown id
            return refused("bad_components", "\"components\" lists the ids of components you see, each once")
        game = self.state.game
        try:
            for spec in pointable(self.state, view.phase):
                if len(picked) == 1:
                    refusal = refused_alone(self.state, spec, seat, picked[0])
                    order = picked
                else:
                    found = refused_together(self.state, spec, seat, picked)
                    order, refusal = found if found is not None else (picked, None)
                if refusal is not None:
                    move = " ".join([words(spec.name)] + [words(game.label(c, view.faces)) for c in order])
                    return Reply("why", refusal.code, say_short(refusal),
                                 f"{move} is not allowed: {say_refusal(refusal)}")
        except RulesrunError as err:
            return refused("game_failed", f"error: {err}")
        return Reply("why", "none", "no move of yours uses " + ("that now" if len(picked) == 1 else "those together now"))

    def _undo(self, seat: int, message: dict[str, Any]) -> Reply | None:
        if not self._may_undo(seat):
            return refused("nothing_to_undo", "nothing to take back: only your last action in this turn, "
                                              "if it showed nobody anything new")
        self.state, _ = self.taken.pop()
        self._changed()
        return None

    def _may_undo(self, seat: int) -> bool:
        return bool(self.taken) and self.taken[-1][1].actor == seat and not self.failure

    # ------------------------------------------------------------ bots

    def bot_move(self) -> bool:
        """Let one bot act if one would now (a claim first, in claim order, then the turn's move); False if none."""
        if self.failure or self.state.is_over():
            return False
        state = self.state
        try:
            chosen: Action | None = None
            for p, claims in state.open_claims():  # from the listing of `_list`, not listed again
                if p in self.bots:
                    chosen = self.bots[p].claim(state, claims)
                    if chosen is not None:
                        break
            current = state.current_player()
            if chosen is None and current in self.bots:
                chosen = self.bots[current].choose(state, state.moves().of(current))
            if chosen is None:
                return False
            state.apply(chosen)
        except RulesrunError as err:
            self._fail(err)
            return True
        self.taken.clear()
        self._changed()
        return True

    # ------------------------------------------------------------ the game as it goes on

    def _changed(self) -> None:
        self.version += 1
        self._list()
        if self.state.is_over():
            self.write_log()

    def _list(self) -> None:
        """The legal actions of everybody, listed once per change and shared by every seat's message."""
        try:
            self.actions = self.state.legal_actions()
        except RulesrunError as err:
            self._fail(err)

    def _fail(self, err: RulesrunError) -> Reply:
        """The ruleset cannot go on (a failing rule, a bound reached): everybody is told; the game is logged."""
        self.failure = f"error: {err}"
        self.actions = []
        self.version += 1
        self.write_log(err if isinstance(err, GameLimitExceeded) else None)
        return refused("game_failed", self.failure)

    def write_log(self, stopped: GameLimitExceeded | None = None) -> None:
        """Write the game to the log, as `play --log` does, once: when it ends, or when the server stops."""
        if self.log is None or self.logged:
            return
        self.logged = True
        write_game(self.log, self.state, self.kinds, stopped)
        self.log.flush()


def _action_from(data: Any) -> Action | None:
    """An action spelled out by a browser, if it is well formed: a name, a seat number and bounded choices."""
    if not isinstance(data, dict) or set(data) - {"action", "actor", "args"}:
        return None
    name, actor, args = data.get("action"), data.get("actor"), data.get("args", {})
    if not isinstance(name, str) or len(name) > MAX_TEXT or type(actor) is not int or not isinstance(args, dict):
        return None
    if len(args) > MAX_ARGS or not all(isinstance(k, str) and len(k) <= MAX_TEXT and _plain(v) for k, v in args.items()):
        return None
    return Action.from_json({"action": name, "actor": actor, "args": args})


def _plain(value: Any) -> bool:
    """A choice's value: a number, a short text, yes/no, none, or a short list of numbers (a set of components)."""
    if value is None or type(value) in (int, bool):
        return True
    if isinstance(value, str):
        return len(value) <= MAX_TEXT
    return isinstance(value, list) and len(value) <= MAX_ARGS and all(type(v) is int for v in value)

