"""HR-2 deflecting a draw with a Reverse or a Skip, for UNO Dice (uno-dice/deflect).

Both uno-dice/deflect and uno-dice/stacking build on one pending draw (uno-dice/pending-draw), so a
table may list both (HR-C2). Each test plays a Draw Two or Wild Draw Four at B and shows what the
target may do under the variant, against base UNO Dice or a table without it.
"""
from __future__ import annotations

from pathlib import Path

from dice.dice_lookup import LEFT, RIGHT, A, B, C, Luck, dice_game, offered, play, position, proceed, refused_die, sizes
from helpers import act, action_names, truth
from rulesrun.interpreter import Game, State, load_game, validate
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out
from test_dice_variant_files import variant

A_HAND = ["C1=Y-D2", "N17=B1", "N18=B1"]  # A's yellow Draw Two matches the yellow 1 in the center
C_HAND = ["N16=B1", "N15=G5"]


def start(game: Game, b_hand: list[str], players: int = 3, a_hand: list[str] = A_HAND,
          c_hand: list[str] = C_HAND) -> State:
    """Yellow 1 in the center, A to play, B holding `b_hand`; draws come from an ordinary generator."""
    hands = {A: a_hand, B: b_hand, C: c_hand}
    state = position(game.new_state(players, seed=0), center="N06=Y1",
                     hands={seat: dice for seat, dice in hands.items() if seat < players})
    Luck(state, strict=False)
    return state


def overlay(tmp_path: Path, text: str) -> Game:
    """A table's own ruleset file, written out and loaded."""
    path = tmp_path / "table.yaml"
    path.write_text(text, encoding="utf-8")
    assert validate(str(path)).problems == ()
    return load_game(str(path))


def both(tmp_path: Path) -> Game:
    return overlay(tmp_path, "extends: [uno-dice/stacking, uno-dice/deflect]\nname: table\n")


def pending(state: State) -> int:
    return truth(state).variables["pending"]


def test_hr_2_2_a_reverse_sends_the_draw_back_round_the_other_way():
    """HR-2.2: with three players the seat before the target in the old direction, here A, is the target."""
    state = start(variant("deflect"), ["C2=Y-Rev", "N19=B1", "N20=B1"])
    play(state, "C1")
    assert state.current_player() == B and truth(state).phase == "respond" and sizes(state)[B] == 3
    play(state, "C2")
    assert truth(state).direction == RIGHT and state.current_player() == A and pending(state) == 2
    act(state, "accept")
    assert sizes(state)[A] == 2 + 2 and pending(state) == 0 and state.current_player() == C


def test_hr_2_2_with_two_players_a_reverse_sends_the_draw_to_the_opponent():
    """HR-2.2 replaces DICE-8.2 for the answer: the Reverse skips nobody, the opponent is the target."""
    state = start(variant("deflect"), ["C2=Y-Rev", "N19=B1", "N20=B1"], players=2)
    play(state, "C1")
    play(state, "C2")
    assert state.current_player() == A and pending(state) == 2
    act(state, "accept")
    assert sizes(state)[A] == 4 and state.current_player() == B


def test_hr_2_3_a_skip_passes_the_draw_on_and_skips_nobody():
    """HR-2.3: the player after the target, C, is the target; the direction stays."""
    state = start(variant("deflect"), ["C3=Y-Skip", "N19=B1", "N20=B1"])
    play(state, "C1")
    play(state, "C3")
    assert truth(state).direction == LEFT and state.current_player() == C and pending(state) == 2
    act(state, "accept")
    assert sizes(state)[C] == 2 + 2 and state.current_player() == A


def test_hr_2_in_base_uno_dice_a_skip_is_no_answer_to_a_draw_two():
    """HR-2.1: base UNO Dice draws at once (DICE-8.4); with stacking alone the Skip is no answer either."""
    state = start(dice_game(), ["C3=Y-Skip", "N19=B1", "N20=B1"])
    play(state, "C1")
    assert sizes(state)[B] == 3 + 2 and state.current_player() == C
    state = start(variant("stacking"), ["C3=Y-Skip", "N19=B1", "N20=B1"])
    play(state, "C1")
    assert state.current_player() == B and action_names(state, B) == {"accept"}


def test_hr_2_4_by_default_the_deflecting_die_shows_the_colour_in_force():
    """HR-2.4 `colour`: a blue Skip cannot deflect a yellow Draw Two."""
    state = start(variant("deflect"), ["C2=B-Skip", "N19=B1", "N20=B1"])
    play(state, "C1")
    assert action_names(state, B) == {"accept"}
    refused_die(state, lambda: play(state, "C2"))


def test_hr_2_4_colour_is_the_colour_in_force_even_on_a_skip():
    """HR-2.4 `colour`: after a yellow Skip deflected it, a red Skip does not, though it matches by command."""
    state = start(variant("deflect"), ["C3=Y-Skip", "N19=B1", "N20=B1"], c_hand=["C2=R-Skip", "N16=B1"])
    play(state, "C1")
    play(state, "C3")
    assert state.current_player() == C and offered(state) == set()


def test_hr_2_4_deflect_match_any_takes_a_reverse_or_skip_of_any_colour(tmp_path):
    """HR-2.4 `any`: the blue Skip deflects, and blue is the colour in force."""
    game = overlay(tmp_path, "extends: uno-dice/deflect\nname: any-colour\nparams:\n  deflect_match: {value: any}\n")
    state = start(game, ["C2=B-Skip", "N19=B1", "N20=B1"])
    play(state, "C1")
    play(state, "C2")
    assert state.current_player() == C and pending(state) == 2 and truth(state).variables["active_colour"] == "blue"


def test_hr_2_5_a_deflected_wild_draw_four_keeps_its_total_and_its_catch_window_is_over():
    """HR-2.5: the four dice go on unchanged; DICE-9.5's window came before the draw and does not reopen."""
    state = start(variant("deflect"), ["C1=G-Skip", "N19=B1", "N20=B1"], a_hand=["WD4", "N17=B1", "N18=B1"])
    play(state, "WD4", colour="green")
    proceed(state)
    assert state.current_player() == B and pending(state) == 4
    play(state, "C1")
    assert state.current_player() == C and pending(state) == 4
    assert not any(a.name == "catch_wild_four" for a in state.legal_actions())
    act(state, "accept")
    assert sizes(state)[C] == 2 + 4 and state.current_player() == A


def test_hr_2_6_going_out_with_a_deflection_makes_the_new_target_draw():
    """HR-2.6: C draws the two dice before scoring, and they count for B."""
    state = start(variant("deflect"), ["C3=Y-Skip"])
    Luck(state, draws=["N01", "N02"], rolls={"N01": "f1", "N02": "f2"}, strict=False)
    play(state, "C1")
    play(state, "C3")
    ended = next(e for e in state.events if isinstance(e, ev.RoundEnded))
    assert ended.winner == B and truth(state).round == 2
    assert state.scores()[B] == (1 + 1) + (1 + 5 + 1 + 2)  # A: N17, N18; C: N16, N15, N01=R1, N02=Y2


def test_hr_2_with_dice_h16_a_last_command_die_cannot_deflect(tmp_path):
    """A deflection is a play: under DICE-H16 a last Skip is not playable, so B must accept."""
    game = overlay(tmp_path, "extends: [uno-dice/deflect, uno-dice/no-special-finish]\nname: table\n")
    state = start(game, ["C3=Y-Skip"])
    play(state, "C1")
    assert offered(state) == set() and "accept" in action_names(state, B)


def test_hr_c2_with_stacking_too_a_target_may_stack_or_deflect(tmp_path):
    """HR-C2: both variants listed together validate, and the target is offered either answer."""
    game = both(tmp_path)  # validated with no problem at all
    state = start(game, ["C2=Y-D2", "C3=Y-Skip", "N19=B1"])
    play(state, "C1")
    assert offered(state) == {"C2", "C3"}
    play(state, "C2")
    assert pending(state) == 4 and state.current_player() == C


def test_hr_2_5_a_chain_mixes_deflections_and_stacking(tmp_path):
    """HR-2.5, DICE-H12.2: C stacks a Draw Two on the pending Draw Two, though a Skip is in the center."""
    state = start(both(tmp_path), ["C3=Y-Skip", "N19=B1", "N20=B1"], c_hand=["C2=Y-D2", "N16=B1", "N15=G5"])
    play(state, "C1")
    play(state, "C3")
    assert state.current_player() == C and offered(state) == {"C2"}
    play(state, "C2")
    assert state.current_player() == A and pending(state) == 4
    act(state, "accept")
    assert sizes(state)[A] == 2 + 4 and state.current_player() == B


def test_dice_h12_4_after_a_deflected_wild_draw_four_a_draw_two_still_cannot_answer(tmp_path):
    """DICE-H12.4 with HR-2: the pending draw remembers that its last draw die was the Wild Draw Four."""
    state = start(both(tmp_path), ["C1=G-Skip", "N19=B1", "N20=B1"], a_hand=["WD4", "N17=B1", "N18=B1"],
                  c_hand=["C2=G-D2", "N16=B1"])
    play(state, "WD4", colour="green")
    proceed(state)
    play(state, "C1")
    assert state.current_player() == C and offered(state) == set() and "accept" in action_names(state, C)


def test_hr_c2_a_random_round_with_both_ends(tmp_path):
    game = both(tmp_path)
    state = play_out(game.new_state(3, seed=5), [RandomBot(5 + seat) for seat in range(3)], single_round=True)
    assert truth(state).round == 2 or state.is_over()
