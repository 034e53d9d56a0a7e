"""UNO Dice house rule DICE-H15: doubles.

Each test plays the same position under the variant and under base UNO Dice.
"""
from __future__ import annotations

from dice.dice_lookup import A, B, C, D, Luck, center, dice_game, die, in_bag, play, position, sizes
from helpers import act, action_names, truth
from rulesrun.interpreter import Game, State, load_game, ruleset_path
from test_dice_variant_files import variant


def start(game: Game, held: list[str], players: int = 3, center_die: str = "N12=R3") -> State:
    state = position(game.new_state(players, seed=0), center=center_die, hands={A: held})
    Luck(state, strict=False)
    return state


def double_up(state: State, die_name: str) -> None:
    act(state, "double_up", die=die(state.game, die_name))


def test_dice_h15_two_identical_dice_in_one_turn():
    """DICE-H15.1, DICE-H15.2: N13 then N14, both R3; the last is the center die, the first goes to the bag."""
    state = start(variant("doubles"), ["N13=R3", "N14=R3", "N17=B1"])
    double_up(state, "N13")
    assert state.current_player() == A and truth(state).phase == "double"
    assert {a.get("die") for a in state.legal_actions() if a.name == "play"} == {die(state.game, "N14")}
    play(state, "N14")
    assert center(state) == "N14=R3" and {"N12", "N13"} <= in_bag(state) and sizes(state)[A] == 1
    assert state.current_player() == B


def test_dice_h15_in_base_uno_dice_one_die_a_turn():
    state = start(dice_game(), ["N13=R3", "N14=R3", "N17=B1"])
    assert "double_up" not in action_names(state, A)
    play(state, "N13")
    assert state.current_player() == B and sizes(state)[A] == 2


def test_dice_h15_effects_add_up():
    """DICE-H15.3: two Skips skip two players; two Draw Twos make the next player draw four and lose one turn."""
    state = start(variant("doubles"), ["C2=R-Skip", "C3=R-Skip", "N17=B1"], players=4)
    double_up(state, "C2")
    play(state, "C3")
    assert state.current_player() == D
    state = start(variant("doubles"), ["C1=Y-D2", "C2=Y-D2", "N17=B1"], center_die="N06=Y1")
    before = sizes(state)[B]
    double_up(state, "C1")
    play(state, "C2")
    assert sizes(state)[B] == before + 4 and state.current_player() == C


def test_dice_h15_a_wild_die_is_never_doubled_and_an_odd_one_out_is_not_offered():
    """DICE-H15.1, DICE-H15.4: only a die with a twin in the hand starts a double."""
    state = start(variant("doubles"), ["N13=R3", "N01=G3", "WILD", "N17=B1"])
    assert "double_up" not in action_names(state, A)


def test_dice_h15_same_number_doubles_any_colour(tmp_path):
    """DICE-H15.1: with doubles_match same_number, G3 may follow R3."""
    text = ruleset_path("uno-dice/doubles").read_text(encoding="utf-8")
    (tmp_path / "doubles.yaml").write_text(text.replace("{value: identical,", "{value: same_number,"), encoding="utf-8")
    game = load_game(str(tmp_path / "doubles.yaml"))
    state = start(game, ["N13=R3", "N01=G3", "N17=B1"])
    double_up(state, "N13")
    play(state, "N01")
    assert center(state) == "N01=G3" and truth(state).variables["active_colour"] == "green"
