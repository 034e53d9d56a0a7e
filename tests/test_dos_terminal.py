"""DOS at the terminal: the bonus placements of the turn on the table and in help, each penalty draw on its line.

What is shown comes from the ruleset: `bonuses` says `show: bonus placements` and describes the bonus;
the story puts what one action gave several players on a line each.
"""
from __future__ import annotations

import pytest
from rulesrun.cli.guide import rules_help
from rulesrun.cli.moves import Chooser
from rulesrun.cli.story import narrate
from rulesrun.cli.style import Style
from rulesrun.cli.table import render_table
from rulesrun.interpreter import Game, load_game, make_bot, step
from rulesrun.interpreter import events as ev


@pytest.fixture(scope="module")
def dos() -> Game:
    return load_game("dos")


def test_dos_7_the_bonus_placements_of_the_turn_are_on_the_table_and_explained_in_help(dos: Game) -> None:
    state = dos.new_state(3, 1)
    player = state.current_player()
    assert "bonus placements: 0" in render_table(state, player)
    actions = [a for a in state.legal_actions() if a.actor == player]
    shown = " ".join(rules_help(state, actions, Chooser(state, actions), Style()).split())
    assert f"bonus placements — {dos.variables['bonuses'].description}" in shown


def test_dos_9_4_each_players_penalty_draw_is_told_on_its_own_line(dos: Game) -> None:
    """A Double Colour Match makes every rival draw: the action's line, then one line per player who drew."""
    found = 0
    for seed in range(40):
        state = dos.new_state(3, seed)
        bots = [make_bot("greedy", seed + p) for p in range(3)]
        while not state.is_over() and found < 3:
            start = len(state.events)
            step(state, bots)
            events = state.events[start:]
            if any(isinstance(e, ev.RoundStarted) for e in events):
                break
            drew = [e.to_owner for e in events if isinstance(e, ev.Moved) and e.to_zone == "hand"]
            actor = next(e.actor for e in events if isinstance(e, ev.ActionTaken))
            if len(set(drew)) < 2:
                continue
            found += 1
            lines = narrate(state, events, None)
            head, rest = lines[0], lines[1:]
            assert head.startswith(f"P{actor + 1}: ") and " draws " not in head.split(" — ")[-1]
            assert sorted(rest) == sorted(f"    P{p + 1} draws {n} card{'s' if n > 1 else ''}"
                                          for p, n in {p: drew.count(p) for p in drew}.items())
        if found >= 3:
            return
    pytest.fail("no action made several players draw in 40 games")
