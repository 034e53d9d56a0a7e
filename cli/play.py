"""The interactive game: people at one terminal (hot-seat) against bots.

People are seats like bots: `HumanSeat` answers the same `choose`/`claim`
questions the runner asks a bot, one question at a time (see moves.py). The
`Terminal` is what the people share: the screen, the keyboard and the story
told so far. On a colour terminal the table is redrawn in place; anywhere else
(NO_COLOR, a pipe) the game scrolls as plain text.

Bad input never ends the game: an unknown answer gets a message and the
question again; Ctrl-C asks whether to quit; closed input ends the game
cleanly. Ctrl-C while a bot thinks is held until the bot's move is complete,
so the game (and its log) is never left half-changed.
"""
from __future__ import annotations

import os
import shutil
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

import click

from ..interpreter import Action, Bot, Game, State, derive_seed, make_bot, may_take_back, step, write_game
from ..interpreter import events as ev
from .guide import rules_help
from .moves import Chooser, Option, typing_examples
from .story import narrate, round_story
from .style import Style, ansi_wanted, fold, seat, words
from .table import describe_action, left_in_hands, render_table

INTERRUPTED = 130
CLEAR_SCROLLBACK = "\x1b[3J"  # after a screen clear: the terminal's history goes too


class Quit(Exception):
    """The people at the terminal stopped the game; `code` is the exit code."""

    def __init__(self, message: str, code: int, chosen: bool = False):
        super().__init__(message)
        self.code = code
        self.chosen = chosen  # asked for (q), so the game may be saved; not closed input or Ctrl-C


class TakeBack(Exception):
    """A person took back their last action: play goes on from `state`, the state before it."""

    def __init__(self, state: State, action: Action):
        super().__init__(str(action))
        self.state = state
        self.action = action


class Terminal:
    """What the human seats share: the screen, the keyboard and the story told so far."""

    def __init__(self, humans: int, style: Style | None = None, delay: float = 0.0):
        self.humans = humans
        self.style = style if style is not None else Style()
        # redraw in place only where escape codes are welcome and something will be drawn
        self.screen = self.style.ansi and (humans > 0 or delay > 0)
        self.delay = delay
        self.narrator = 0 if humans == 1 else None  # with several people, tell only what all may see
        self.told = 0
        self.story: list[str] = []
        self.last_human: int | None = None
        self.scores: tuple[int, ...] | None = None  # after the last round, for the gains of the next
        self.reading = False
        self.interrupted = False

    # ------------------------------------------------------------ output

    def echo(self, text: str = "") -> None:
        click.echo(text, color=self.style.ansi)

    def width(self) -> int:
        return max(40, min(100, shutil.get_terminal_size((80, 24)).columns))

    def clear(self, private: bool = False) -> None:
        """Wipe the screen: by escape code with colour, by scrolling on a plain terminal.

        `private` wipes the terminal's scrollback too, so that the next person at a shared terminal
        cannot scroll back to the hand just hidden.
        """
        if self.screen:
            click.clear()
            if private:
                click.echo(CLEAR_SCROLLBACK, nl=False)
        elif sys.stdout.isatty():
            self.echo("\n" * shutil.get_terminal_size((80, 24)).lines)

    def height(self) -> int:
        return max(12, shutil.get_terminal_size((80, 24)).lines)

    def table(self, state: State, viewer: int | None, below: int = 0) -> None:
        """Draw the table; on a redrawn screen with as much of the latest story under it as leaves `below` rows."""
        if not self.screen:
            self.echo(render_table(state, viewer, self.style, width=self.width()))
            return
        self.clear()
        self.echo(render_table(state, viewer, self.style, self.story, width=self.width(),
                               height=self.height() - below))

    def catch_up(self, state: State) -> None:
        """Tell what happened since the last time, pausing at the end of each round.

        A round that ended is told and shown as it stood then (`State.round_end`), not as the
        next deal left the table: what a showdown revealed, the dice as they were rolled.
        """
        events = state.events[self.told:]
        ended = state.round_end()
        start = 0
        for i, event in enumerate(events):
            game_ends = i + 1 < len(events) and isinstance(events[i + 1], ev.GameEnded)
            if isinstance(event, ev.RoundEnded) and not game_ends:
                then = ended if ended is not None and len(ended.events) == self.told + i + 1 else state
                self._tell(then, events[start:i + 1])
                start = i + 1
                self.round_over(then, event, as_it_ended=then is not state)
        self._tell(state, events[start:])
        self.told = len(state.events)

    def _tell(self, state: State, events: list[ev.Event]) -> None:
        lines = narrate(state, events, self.narrator, self.style)
        self.story += lines
        if not self.screen:
            for line in lines:
                self.echo(line)

    def note(self, line: str) -> None:
        """A line of the story that no event tells (a seed, a move taken back)."""
        self.story.append(line)
        if not self.screen:
            self.echo(line)

    def round_over(self, state: State, event: ev.RoundEnded, as_it_ended: bool = True) -> None:
        """The end-of-round screen, the table as the round left it; people press Enter for the next round.

        Where points were scored, the components left in every hand that made them are shown too (only from
        the round as it ended: `as_it_ended` is False when the table already holds a later deal).
        """
        if self.humans == 0:
            return
        before, self.scores = self.scores or (0,) * len(event.scores), event.scores
        result = ["", self.style.strong("── Round over ──"),
                  f"{seat(event.winner)} wins the round." if event.winner is not None else "No one wins the round."]
        gains = [score - before[p] for p, score in enumerate(event.scores)]
        for p, score in enumerate(event.scores):
            result.append(f"  {seat(p):<4} {score:>5}" + (f"  ({gains[p]:+})" if gains[p] else ""))
        if as_it_ended and any(gains):
            result += left_in_hands(state, self.style, self.width())
        if self.screen:  # the table as it stood, the moves that ended the round under it
            self.table(state, self.narrator, below=len(result) + 1)
        for line in result:
            self.echo(line)
        answer = self.ask("Press Enter for the next round (q to quit): ").strip().lower()
        if answer in ("q", "quit"):
            raise Quit("Game abandoned.", 0, chosen=True)

    def game_over(self, state: State) -> None:
        """The end-of-game screen with the final scores."""
        if self.screen:
            self.table(state, self.narrator)
        self.echo("")
        self.echo(self.style.strong("══ Game over ══"))
        for p, score in enumerate(state.scores()):
            mark = "  ★ winner" if p in state.view(None).winners else ""
            self.echo(f"  {seat(p):<4} {score:>5}{mark}")
        if list(self.scores or [0] * len(state.scores())) != state.scores():  # the last round scored points
            for line in left_in_hands(state, self.style, self.width()):
                self.echo(line)

    # ------------------------------------------------------------ input

    def ask(self, prompt: str) -> str:
        """Read one answer; Ctrl-C asks whether to quit, closed input stops the game."""
        while True:
            try:
                return self._read(prompt)
            except KeyboardInterrupt:
                self.confirm_quit()

    def _read(self, prompt: str) -> str:
        try:
            self.reading = True
            answer = input(prompt)
        except EOFError:
            raise Quit("\nInput ended; the game stops here.", 0) from None
        finally:
            self.reading = False
        if not sys.stdin.isatty():
            self.echo(answer)  # typed input echoes itself; piped input would leave the line open
        return answer

    def confirm_quit(self) -> None:
        """Ask whether to stop; raises Quit if so (a second Ctrl-C counts as yes)."""
        self.echo("")
        try:
            answer = self._read("Quit the game? [y/N] ").strip().lower()
        except KeyboardInterrupt:
            raise Quit("\nInterrupted; the game stops here.", INTERRUPTED) from None
        if answer in ("y", "yes"):
            raise Quit("Interrupted; the game stops here.", INTERRUPTED)

    def safe_point(self) -> None:
        """A moment where stopping leaves the game whole: honour a Ctrl-C pressed meanwhile."""
        if self.interrupted:
            self.interrupted = False
            self.confirm_quit()

    def offer_save(self, state: State, seats: list[str]) -> None:
        """After `q`: keep the game in a file of its own, to go on later with `play --resume`."""
        from ..interpreter import open_output
        while True:
            try:
                name = self._read("Save the game to resume it later? File name (Enter: do not save): ").strip()
            except (Quit, KeyboardInterrupt):  # closed input or Ctrl-C: not saved
                self.echo("")
                return
            if not name:
                return
            if os.path.exists(name):
                self.echo(f"{name} already exists; choose another name.")
                continue
            try:
                with open_output(name) as stream:
                    write_game(stream, state, seats)
            except OSError as err:
                self.echo(f"{name}: cannot write the file: {err.strerror or err}")
                continue
            except Exception as err:  # noqa: BLE001 - a refused path (a device, a kernel file): say so, ask again
                self.echo(f"{name}: {err}")
                continue
            self.echo(f"Saved; go on with: rulesrun play --resume {name}")
            return

    def again(self) -> bool:
        """After a game: do the people want another one? Only a yes starts one."""
        return self.ask("Play another game? [y/N] ").strip().lower() in ("y", "yes")

    def hand_over(self, player: int) -> None:
        """With several people, let the next one sit down before their hidden components show."""
        if self.humans > 1 and self.last_human != player:
            self.clear(private=True)
            self.echo(f"\n{seat(player)}, it is your move; everyone else, look away.")
            self.ask(f"{seat(player)}: press Enter to see your hand. ")
        self.last_human = player

    # ------------------------------------------------------------ deciding

    def decide(self, state: State, player: int, actions: list[Action], may_pass: bool,
               can_take_back: bool = False) -> Action | None:
        """Ask one decision question by question; None when a claim is let pass."""
        self.catch_up(state)
        if not may_pass:
            self.hand_over(player)
        viewer = self.narrator if may_pass else player
        chooser = Chooser(state, actions)
        shown, redraw = False, True
        while True:
            numbers = _numbering(chooser)
            if not shown:
                question = self._question(chooser, numbers, may_pass, player)
                if redraw and (self.screen or not may_pass):  # the table, and as many last moves as fit above
                    self.table(state, viewer, below=len(question) + 1)
                for line in question:
                    self.echo(line)
                shown, redraw = True, self.screen
            passing = may_pass and chooser.at_start
            choices = _span((["0"] if passing else []) + list(numbers))
            answer = self.ask(f"{seat(player)}, choose {choices}: ").strip()
            word = answer.lower()
            if word in ("q", "quit"):
                raise Quit("Game abandoned.", 0, chosen=True)
            if word in ("?", "h", "help"):
                self.echo(rules_help(state, actions, chooser, self.style, self.width()))
                shown = redraw = False
            elif word == "history":
                self.echo(self.style.strong("This round so far:"))
                for line in round_story(self.story):
                    self.echo(line)
                shown = redraw = False
            elif word in ("u", "undo"):
                if chooser.back():
                    shown = False
                elif can_take_back and not may_pass:
                    return None  # the seat takes back its last action
                else:
                    self.echo("Nothing to undo.")
            elif passing and word in ("", "0"):
                return None
            elif word in numbers:
                action = chooser.take(numbers[word])
                if action is not None:
                    return action
                shown = False
            elif word and not word.isdigit() and not word.startswith("-"):
                typed = chooser.typed(answer, self.style)
                if typed.action is not None:
                    return typed.action
                if typed.advanced:
                    shown = False
                else:
                    self.echo(f"Sorry, {typed.problem}. {_hint(numbers, passing)}")
            else:
                self.echo(_hint(numbers, passing))

    def _question(self, chooser: Chooser, numbers: dict[str, Option], may_pass: bool, player: int) -> list[str]:
        """The question's lines as the screen shows them, each folded to the terminal's width."""
        style = self.style
        if chooser.at_start:
            lines = [style.strong(f"{seat(player)}, you may act now:" if may_pass else "Your moves:")]
        else:
            name, description = chooser.choice() or ("", "")
            lines = [style.strong(f"{chooser.heading(style)} — {words(name)}" + (f": {description}" if description
                                                                                else ""))]
        lines += self._option_lines(chooser, numbers)
        if may_pass and chooser.at_start:
            lines.append("  0) let it pass (Enter)")
        example = typing_examples(chooser, 1)
        typing = f"a move (e.g. “{example[0][0]}”)" if example else "a move"
        lines.append(style.faint(f"  Type a number or {typing} · u undo · ? help · history · q quit"))
        return [row for line in lines for row in fold(line, self.width())]

    def _option_lines(self, chooser: Chooser, numbers: dict[str, Option]) -> list[str]:
        """Numbered options; at the first question, grouped under each action with its description."""
        state = chooser.state
        labelled = list(zip(numbers, numbers.values(), chooser.labels(list(numbers.values()), self.style)))
        if not chooser.at_start:  # numbers that are their own answers need no number in front
            by_value = _by_value(chooser)
            return self._grid([f"  {label}" if by_value else f"{n:>3}) {label}" for n, _, label in labelled])
        lines: list[str] = []
        groups: dict[str, list[tuple[str, Option, str]]] = {}
        for item in labelled:
            groups.setdefault(item[1].prefix.name or "", []).append(item)
        for name, items in groups.items():
            description = state.game.action_index[name].description
            if len(items) == 1:
                n, option, label = items[0]
                said = (describe_action(state, option.action, style=self.style) if option.action is not None
                        else f"{words(name)} {label}")
                lines.append(f"{n:>3}) {said}" + (f" — {description}" if description else ""))
                continue
            lines.append(f"  {words(name)}" + (f" — {description}" if description else ""))
            lines.extend(self._grid([f"{n:>3}) {label}" for n, _, label in items], indent=2))
        return lines

    def _grid(self, items: list[str], indent: int = 0) -> list[str]:
        """Short items side by side in columns; long ones one to a line."""
        width = self.width() - indent
        cell = max(len(click.unstyle(item)) for item in items) + 2
        columns = max(1, width // cell)
        lines = []
        for row in range(0, len(items), columns):
            cells = items[row:row + columns]
            text = "".join(c + " " * (cell - len(click.unstyle(c))) for c in cells[:-1]) + cells[-1]
            lines.append(" " * indent + text)
        return lines


def _by_value(chooser: Chooser) -> bool:
    """Whether the question asks for a declared number, so that typing the number answers it."""
    values = [o.prefix.args[-1][1] for o in chooser.options()] if chooser.kind() == "value" else []
    return bool(values) and all(type(v) is int for v in values)


def _numbering(chooser: Chooser) -> dict[str, Option]:
    """The number that picks each option: its place in the list, or its value for a declared number."""
    options = chooser.options()
    if _by_value(chooser):
        return {str(o.prefix.args[-1][1]): o for o in options}
    return {str(n): o for n, o in enumerate(options, 1)}


def _span(numbers: list[str]) -> str:
    """The numbers to choose from, short: "1-5", or "3, 5, 9" when there are gaps."""
    whole = [int(n) for n in numbers]
    if whole == list(range(whole[0], whole[-1] + 1)):
        return f"{whole[0]}-{whole[-1]}" if len(whole) > 1 else str(whole[0])
    return ", ".join(numbers)


def _hint(numbers: dict[str, Option], passing: bool) -> str:
    whole = [int(n) for n in numbers]
    if whole == list(range(1, len(whole) + 1)):
        return f"Please enter a number from {0 if passing else 1} to {len(whole)}, or type a move (? for help)."
    return f"Please enter one of {', '.join(numbers)}, or type a move (? for help)."


class HumanSeat:
    """A person at the terminal, answering the runner's questions for one seat.

    Within their own turn a person may take back an action ("u" at the first
    question) as long as it showed them nothing new: no hidden component came
    to light, no die was rolled and nobody else acted since.
    """

    def __init__(self, player: int, terminal: Terminal):
        self.player = player
        self.terminal = terminal
        self.declined: list[Action] | None = None
        self.before: State | None = None
        self.taken: list[tuple[State, Action]] = []

    def choose(self, state: State, actions: list[Action]) -> Action:
        self.declined = None
        chosen = self.terminal.decide(state, self.player, actions, may_pass=False, can_take_back=bool(self.taken))
        if chosen is None:
            before, action = self.taken.pop()
            raise TakeBack(before, action)
        self.before = state.clone()
        return chosen

    def claim(self, state: State, actions: list[Action]) -> Action | None:
        if actions == self.declined:  # asked already and passed: do not ask again until it changes
            return None
        chosen = self.terminal.decide(state, self.player, actions, may_pass=True)
        self.declined = None if chosen is not None else actions
        return chosen

    def acted(self, state: State, action: Action) -> None:
        """After any action: remember what this person may still take back."""
        before, self.before = self.before, None
        if before is not None and action.actor == self.player and may_take_back(before, state, self.player):
            self.taken.append((before, action))
        else:
            self.taken.clear()


def seat_kinds(humans: int, bots: list[str]) -> list[str]:
    """Who sits where, as the log records it."""
    return ["human"] * humans + list(bots)


def play(game: Game, players: int, humans: int, seed: int, bots: list[str], log: TextIO | None,
         delay: float = 0.0, start: State | None = None) -> int:
    """Play games at the terminal until the people stop; returns the exit code.

    `start` is a saved game's state (`--resume`): the first game goes on from there.
    """
    terminal = Terminal(humans, Style(ansi_wanted()), delay)
    try:
        with _held_interrupts(terminal):
            return _session(game, players, humans, seed, bots, log, terminal, start)
    except KeyboardInterrupt:  # not held (outside the main thread): the game may be half-changed, no log
        click.echo("\nInterrupted.")
        return INTERRUPTED


def _session(game: Game, players: int, humans: int, seed: int, bots: list[str], log: TextIO | None,
             terminal: Terminal, start: State | None = None) -> int:
    """Game after game, each logged; the first game uses `seed`, the next ones seeds derived from it."""
    number = 0
    while True:
        game_seed = seed if number == 0 else derive_seed(seed, number)
        terminal.note(replay_hint(game_seed))
        state, code = _play_one(game, players, humans, game_seed, bots, terminal, start if number == 0 else None)
        if log is not None:
            write_game(log, state, seat_kinds(humans, bots))
            log.flush()
        terminal.echo(replay_hint(game_seed))
        if code is not None:
            return code
        try:
            if humans == 0 or not terminal.again():
                return 0
        except Quit as stop:
            terminal.echo(str(stop))
            return stop.code
        number += 1
        terminal.told, terminal.story, terminal.scores = 0, [], None


def replay_hint(seed: int) -> str:
    """How to play a game again: said at its start and its end, since a fresh seed is drawn for each session."""
    return f"seed {seed}: replay this game with --seed {seed}"


def _play_one(game: Game, players: int, humans: int, seed: int, bots: list[str],
              terminal: Terminal, start: State | None = None) -> tuple[State, int | None]:
    """One game; the exit code when the people stopped it, None when it was played to the end."""
    state = game.new_state(players, seed) if start is None else start
    if start is not None:  # a resumed game: its story so far was told when it was played
        terminal.told = len(state.events)
        ended = [e for e in state.events if isinstance(e, ev.RoundEnded)]
        terminal.scores = ended[-1].scores if ended else None
        terminal.note(f"Resumed after {sum(isinstance(e, ev.ActionTaken) for e in state.events)} actions.")
    people = [HumanSeat(p, terminal) for p in range(humans)]
    seats: list[Bot | HumanSeat] = [*people]
    seats += [make_bot(kind, derive_seed(seed, p)) for p, kind in zip(range(humans, players), bots)]

    def acted(after: State, action: Action) -> None:
        for person in people:
            person.acted(after, action)
        terminal.catch_up(after)
        if action.actor >= humans:
            if terminal.screen and terminal.delay:
                terminal.table(after, terminal.narrator)
            if terminal.delay:
                time.sleep(terminal.delay)
        elif terminal.humans > 1 and after.current_player() != action.actor:
            terminal.clear(private=True)  # hot-seat: the turn is over, hide the hand
        terminal.safe_point()

    try:
        terminal.catch_up(state)
        while not state.is_over():
            try:
                step(state, seats, on_action=acted)
            except TakeBack as back:
                state = back.state
                terminal.told = len(state.events)
                terminal.note(f"{seat(back.action.actor)} takes back: "
                              f"{describe_action(state, back.action, style=terminal.style)}")
            terminal.safe_point()
        terminal.catch_up(state)
        terminal.game_over(state)
    except Quit as stop:
        terminal.echo(str(stop))
        if stop.chosen and not state.is_over():
            terminal.offer_save(state, seat_kinds(humans, bots))
        return state, stop.code
    return state, None


@contextmanager
def _held_interrupts(terminal: Terminal) -> Iterator[None]:
    """Ctrl-C interrupts a question at once, anything else at the next safe point."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_interrupt(signum: int, frame: object) -> None:
        if terminal.reading:
            raise KeyboardInterrupt
        terminal.interrupted = True

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def bot_kinds(kinds: list[str], default: str, seats: int) -> list[str]:
    """The bot kind of each computer seat: one kind per seat, one kind for all, or `default`."""
    if not kinds:
        return [default] * seats
    if len(kinds) == 1:
        return kinds * seats
    if len(kinds) != seats:
        raise ValueError(f"{len(kinds)} bot kinds given for {seats} computer seat{'s' if seats != 1 else ''}")
    return list(kinds)
