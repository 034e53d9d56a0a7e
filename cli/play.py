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
from .story import narrate
from .style import Style, ansi_wanted, seat, words
from .table import describe_action, render_table

INTERRUPTED = 130
RECENT = 8  # story lines the redrawn table keeps
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
        self.unseen: list[str] = []  # story told since the table was last drawn on a redrawn screen
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

    def table(self, state: State, viewer: int | None) -> None:
        """Draw the table; on a redrawn screen with the latest story under it."""
        if self.screen:
            self.clear()
        recent = self.story[-RECENT:] if self.screen else []
        self.unseen = []
        self.echo(render_table(state, viewer, self.style, recent, width=self.width()))

    def catch_up(self, state: State) -> None:
        """Tell what happened since the last time, pausing at the end of each round."""
        events = state.events[self.told:]
        start = 0
        for i, event in enumerate(events):
            game_ends = i + 1 < len(events) and isinstance(events[i + 1], ev.GameEnded)
            if isinstance(event, ev.RoundEnded) and not game_ends:
                self._tell(state, events[start:i + 1])
                start = i + 1
                self.round_over(state, event)
        self._tell(state, events[start:])
        self.told = len(state.events)

    def _tell(self, state: State, events: list[ev.Event]) -> None:
        lines = narrate(state, events, self.narrator, self.style)
        self.story = self.story[-RECENT:] + lines
        if self.screen:
            self.unseen += lines
        else:
            for line in lines:
                self.echo(line)

    def note(self, line: str) -> None:
        """A line of the story that no event tells (a seed, a move taken back)."""
        self.story.append(line)
        if self.screen:
            self.unseen.append(line)
        else:
            self.echo(line)

    def round_over(self, state: State, event: ev.RoundEnded) -> None:
        """The end-of-round screen; people press Enter for the next round."""
        if self.humans == 0:
            return
        if self.screen and self.unseen:  # the moves that ended the round, not yet on the screen
            self.echo("")
            self.echo(self.style.strong("Last moves:"))
            for line in self.unseen[-RECENT:]:
                self.echo(line)
            self.unseen = []
        self.echo("")
        self.echo(self.style.strong("── Round over ──"))
        before, self.scores = self.scores or (0,) * len(event.scores), event.scores
        if event.winner is not None:
            self.echo(f"{seat(event.winner)} wins the round.")
        else:
            self.echo("No one wins the round.")
        for p, score in enumerate(event.scores):
            gain = score - before[p]
            self.echo(f"  {seat(p):<4} {score:>5}" + (f"  (+{gain})" if gain else ""))
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
            self.table(state, player)
        elif self.screen:
            self.table(state, self.narrator)
        chooser = Chooser(state, actions)
        shown = False
        while True:
            numbers = _numbering(chooser)
            if not shown:
                self._show_question(chooser, numbers, may_pass, player)
                shown = True
            passing = may_pass and chooser.at_start
            choices = _span((["0"] if passing else []) + list(numbers))
            answer = self.ask(f"{seat(player)}, choose {choices}: ").strip()
            word = answer.lower()
            if word in ("q", "quit"):
                raise Quit("Game abandoned.", 0, chosen=True)
            if word in ("?", "h", "help"):
                self.echo(rules_help(state, actions, chooser, self.style, self.width()))
                shown = False
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

    def _show_question(self, chooser: Chooser, numbers: dict[str, Option], may_pass: bool, player: int) -> None:
        style = self.style
        if chooser.at_start:
            self.echo(style.strong(f"{seat(player)}, you may act now:" if may_pass else "Your moves:"))
        else:
            name, description = chooser.choice() or ("", "")
            title = f"{chooser.heading(style)} — {words(name)}" + (f": {description}" if description else "")
            self.echo(style.strong(title))
        for line in self._option_lines(chooser, numbers):
            self.echo(line)
        if may_pass and chooser.at_start:
            self.echo("  0) let it pass (Enter)")
        example = typing_examples(chooser, 1)
        typing = f"type a move (e.g. “{example[0][0]}”)" if example else "type a move"
        self.echo(style.faint(f"  Enter a number or {typing}; u undo · ? help · q quit"))

    def _option_lines(self, chooser: Chooser, numbers: dict[str, Option]) -> list[str]:
        """Numbered options; at the first question, grouped under each action with its description."""
        state = chooser.state
        labelled = [(n, option, chooser.label(option, self.style)) for n, option in numbers.items()]
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
        terminal.told, terminal.story, terminal.unseen, terminal.scores = 0, [], [], None


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
