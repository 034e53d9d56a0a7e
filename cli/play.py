"""The interactive game: people at one terminal (hot-seat) against bots.

People are seats like bots: `HumanSeat` answers the same `choose`/`claim`
questions the runner asks a bot, by showing the table and reading a number.
"""
from __future__ import annotations

from typing import TextIO

import click

from ..interpreter.game import Action, Game
from ..interpreter.log import write_game
from ..interpreter.runner import step
from ..interpreter.simulate import bot_seats
from ..interpreter.state import State
from .table import describe_action, narrate, render_table, seat, words

INTERRUPTED = 130


class Quit(Exception):
    """The people at the terminal stopped the game; `code` is the exit code."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


class Terminal:
    """What the human seats share: the screen, the keyboard and the story told so far."""

    def __init__(self, humans: int):
        self.humans = humans
        self.narrator = 0 if humans == 1 else None  # with several people, tell only what all may see
        self.told = 0
        self.last_human: int | None = None

    def catch_up(self, state: State) -> None:
        """Tell what happened since the last time."""
        for line in narrate(state, state.events[self.told:], self.narrator):
            click.echo(line)
        self.told = len(state.events)

    def ask(self, prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            raise Quit("\nInput ended; the game stops here.", 0) from None
        except KeyboardInterrupt:
            raise Quit("\nInterrupted; the game stops here.", INTERRUPTED) from None

    def hand_over(self, player: int) -> None:
        """With several people, let the next one sit down before their hidden components show."""
        if self.humans > 1 and self.last_human != player:
            click.echo(f"\n{seat(player)}, it is your move; everyone else, look away.")
            self.ask(f"{seat(player)}: press Enter to see your hand. ")
            click.clear()
        self.last_human = player

    def decide(self, state: State, player: int, actions: list[Action], may_pass: bool) -> Action | None:
        """Show the table and the numbered moves; read a choice until it is a valid one."""
        self.catch_up(state)
        self.hand_over(player)
        click.echo("\n" + render_table(state, player))
        click.echo("You may claim now:" if may_pass else "Your moves:")
        for line in move_list(state, actions):
            click.echo(line)
        if may_pass:
            click.echo(f"  {0:>3}) let it pass")
        low = 0 if may_pass else 1
        while True:
            answer = self.ask(f"{seat(player)}, choose {low}-{len(actions)} (q to quit): ").strip().lower()
            if answer in ("q", "quit"):
                raise Quit("Game abandoned.", 0)
            if answer.isdigit() and low <= int(answer) <= len(actions):
                return actions[int(answer) - 1] if int(answer) else None
            click.echo(f"Please enter a number from {low} to {len(actions)}.")


def move_list(state: State, actions: list[Action]) -> list[str]:
    """Numbered moves, grouped under each action's name and description."""
    lines = []
    heading = None
    for number, action in enumerate(actions, 1):
        if action.name != heading:
            heading = action.name
            description = state.game.action_index[action.name].description
            lines.append(f"  {words(action.name)}" + (f" — {description}" if description else ""))
        lines.append(f"  {number:>3}) {describe_action(state, action)}")
    return lines


class HumanSeat:
    """A person at the terminal, answering the runner's questions for one seat."""

    def __init__(self, player: int, terminal: Terminal):
        self.player = player
        self.terminal = terminal
        self.declined: list[Action] | None = None

    def choose(self, state: State, actions: list[Action]) -> Action:
        self.declined = None
        chosen = self.terminal.decide(state, self.player, actions, may_pass=False)
        assert chosen is not None
        return chosen

    def claim(self, state: State, actions: list[Action]) -> Action | None:
        if actions == self.declined:  # asked already and passed: do not ask again until it changes
            return None
        chosen = self.terminal.decide(state, self.player, actions, may_pass=True)
        self.declined = None if chosen is not None else actions
        return chosen


def play(game: Game, players: int, humans: int, seed: int, bot: str, log: TextIO | None) -> int:
    """Play one game at the terminal; returns the exit code."""
    state = game.new_state(players, seed)
    seats = bot_seats(bot, players, seed)
    terminal = Terminal(humans)
    for p in range(humans):
        seats[p] = HumanSeat(p, terminal)
    code = 0
    try:
        terminal.catch_up(state)
        while not state.is_over():
            step(state, seats, on_action=lambda s, a: terminal.catch_up(s))
    except Quit as stop:
        click.echo(str(stop))
        code = stop.code
    except KeyboardInterrupt:  # during a bot's move: the state may be half-changed, so no log
        click.echo("\nInterrupted.")
        return INTERRUPTED
    if log is not None:
        write_game(log, state, ["human"] * humans + [bot] * (players - humans))
    return code
