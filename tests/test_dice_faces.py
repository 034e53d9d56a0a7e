"""Dice at the terminal are the faces people see: no die's name, alike dice offered once, faces typed as shown.

UNO Dice names its dice (N01 ... WD4) for the log and the rule book's scenarios; a player sees only
the faces. Dice that read the same on every face and show the same face are one move; dice that show
the same face but differ on others are told apart by a number.
"""
from __future__ import annotations

from pathlib import Path

from dice.dice_lookup import A, dice_game, die, position
from helpers import run_cli
from rulesrun.cli.moves import Chooser
from rulesrun.cli.story import narrate
from rulesrun.cli.table import render_table
from rulesrun.interpreter import Action, State
from rulesrun.interpreter import events as ev

NAMES = ("N01", "N02", "C2", "C3", "N12", "WILD", "WD4")


def _turn(held: list[str]) -> State:
    return position(dice_game().new_state(3, seed=0), center="N12=R3", hands={A: held})


def _first_options(state: State) -> list[str]:
    chooser = Chooser(state, [a for a in state.legal_actions() if a.actor == A])
    return chooser.labels(chooser.options())


def test_alike_dice_are_one_move_and_look_alikes_are_numbered() -> None:
    """N01 and N02 read the same on every face (one move); C2 and C3 both show red skip, not alike (DICE-2.5)."""
    state = _turn(["N01=R1", "N02=R1", "C2=R-Skip", "C3=R-Skip", "N17=B1"])
    assert _first_options(state) == ["red 1", "red skip (1)", "red skip (2)", "reroll"]


def test_a_die_is_typed_by_the_face_it_shows() -> None:
    state = _turn(["N01=R1", "N17=B1", "WILD"])
    chooser = Chooser(state, [a for a in state.legal_actions() if a.actor == A])
    typed = chooser.typed("r1")
    assert typed.action == Action("play", A, (("die", die(state.game, "N01")),))
    assert chooser.typed("wild blue").action is not None


def test_no_die_name_is_on_the_table_the_moves_or_the_story() -> None:
    state = _turn(["N01=R1", "N02=R1", "C2=R-Skip", "C3=R-Skip", "WILD", "WD4"])
    start = len(state.events)
    state.apply(Action("play", A, (("die", die(state.game, "C2")),)))
    screen = "\n".join([render_table(state, A), *_first_options(state),
                        *narrate(state, state.events[start:], A)])
    assert "red skip" in screen and any(isinstance(e, ev.Moved) for e in state.events[start:])
    assert [name for name in NAMES if name in screen] == []


def test_the_turn_line_names_the_phase_in_the_rulesets_words() -> None:
    state = _turn(["N01=R1", "N17=B1"])
    turn = render_table(state, A).splitlines()[1]
    assert turn.startswith("Turn: P1 (you) · play or reroll · ") and "roll a" not in turn


def test_a_label_for_a_phase_no_action_is_offered_in_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("extends: uno-dice\nname: bad\nturn:\n  phases: {roll_d: roll again}\n", encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.exit_code == 1
    assert "4:12: error: no action is available in phase 'roll_d' [S309]" in result.output
