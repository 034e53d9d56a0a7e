"""UNO at the terminal: the call typed as a word, the start card's effect told, the hands that scored shown.

Nothing here is UNO's in the CLI: the call is the yes/no choice `call` standing for the claim `call_uno`,
the start card's effect is the deal changing who plays first, the hands are what the round's end left.
"""
from __future__ import annotations

import pytest
from rulesrun.cli.moves import Chooser
from rulesrun.cli.play import Terminal
from rulesrun.cli.story import narrate
from rulesrun.interpreter import Action, State, load_game
from rulesrun.interpreter import events as ev
from test_play import card, uno_position


def _typed(state: State, text: str) -> Action | None:
    return Chooser(state, [a for a in state.legal_actions() if a.actor == 0]).typed(text).action


@pytest.mark.parametrize("text", ["r8 uno", "r8 call uno", "play red 8 uno", "r8 call"])
def test_uno_8_2_the_call_is_typed_after_the_move_by_the_claims_name(text: str) -> None:
    state = uno_position(["red 8", "green 2"])
    assert _typed(state, text) == Action("play", 0, (("card", card(state, "red 8")), ("call", True)))


def test_uno_8_2_a_move_typed_without_the_call_is_not_a_call() -> None:
    state = uno_position(["red 8", "green 2"])
    assert _typed(state, "r8 no") == Action("play", 0, (("card", card(state, "red 8")), ("call", False)))
    assert _typed(state, "r8 dos") is None  # a word no claim of this game is named by


def _dealt_first(kind: str, players: int = 3) -> State:
    """A new game whose start card is of `kind`."""
    game = load_game("uno")
    for seed in range(500):
        state = game.new_state(players, seed)
        top = state.view(None).zone("discard")[-1]
        if top is not None and game.components[top].attrs.get("kind") == kind:
            return state
    raise AssertionError(f"no start card of kind {kind} in 500 deals")


@pytest.mark.parametrize("kind, rule", [("skip", "UNO-7.6"), ("draw_two", "UNO-7.4")])
def test_a_start_card_that_passes_the_first_player_over_is_told(kind: str, rule: str) -> None:
    state = _dealt_first(kind)
    passed = [e.value for e in state.events if isinstance(e, ev.VariableSet) and e.name == "current"]
    first, then = passed[0], state.current_player()
    assert first != then, rule
    story = narrate(state, state.events, None)
    assert story[-1] == f"  P{then + 1} plays first, not P{first + 1}", rule
    mine = narrate(state, state.events, then)
    assert mine[-1] == f"  you play first, not P{first + 1}"


def test_a_start_number_card_tells_nobody_passed_over() -> None:
    story = narrate(_dealt_first("number"), _dealt_first("number").events, None)
    assert not [line for line in story if "plays first" in line]


def test_uno_12_1_the_round_over_screen_shows_the_cards_that_made_the_points(
        capsys: pytest.CaptureFixture[str]) -> None:
    state = uno_position(["red 8"], other=("green 1", "blue draw two", "wild"))
    terminal = Terminal(1)
    terminal.ask = lambda prompt: ""  # type: ignore[method-assign]
    terminal.catch_up(state)
    capsys.readouterr()
    state.apply(Action("play", 0, (("card", card(state, "red 8")),)))
    terminal.catch_up(state)
    out = capsys.readouterr().out
    result = out[out.index("── Round over ──"):out.index("── Round 2")]
    assert "P1 wins the round." in result and "  P1      71  (+71)" in result  # 1 + 20 + 50 (UNO-12.1)
    assert "  P2's hand: green 1, blue draw two, wild\n" in result
    assert "P1's hand" not in result  # an empty hand is left out
