"""UNO Dice house rule DICE-H12: draw stacking.

Each test plays the same position under the variant and under base UNO Dice.
"""
from __future__ import annotations

from dice.dice_lookup import A, B, C, Luck, dice_game, play, position, proceed, sizes
from helpers import act, action_names, truth
from rulesrun.interpreter import Game, State
from rulesrun.interpreter.engine import events as ev
from test_dice_variant_files import variant

HANDS = {A: ["C1=Y-D2", "N17=B1", "N18=B1"], B: ["C2=Y-D2", "N19=B1", "N20=B1"], C: ["C3=B-D2", "N16=B1", "N15=G5"]}


def start(game: Game, hands=HANDS, center_die: str = "N06=Y1") -> State:
    state = position(game.new_state(3, seed=0), center=center_die, hands=hands)
    Luck(state, strict=False)
    return state


def test_dice_h12_a_draw_two_waits_for_its_target_who_may_answer_it():
    """DICE-H12.1, DICE-H12.2: B answers with a Draw Two of another die; C becomes the target of four."""
    state = start(variant("stacking"))
    play(state, "C1")
    assert state.current_player() == B and truth(state).phase == "respond" and sizes(state)[B] == 3
    assert action_names(state, B) >= {"play", "accept"} and "reroll" not in action_names(state, B)
    play(state, "C2")
    assert state.current_player() == C and truth(state).variables["pending"] == 4


def test_dice_h12_accepting_draws_the_whole_total_and_loses_the_turn():
    """DICE-H12.3: C draws four (rolled) and A plays next."""
    state = start(variant("stacking"))
    play(state, "C1")
    play(state, "C2")
    act(state, "accept")
    assert sizes(state)[C] == 7 and truth(state).variables["pending"] == 0 and state.current_player() == A and truth(state).phase == "roll_a"


def test_dice_h12_in_base_uno_dice_a_draw_two_is_drawn_at_once():
    state = start(dice_game())
    play(state, "C1")
    assert sizes(state)[B] == 5 and state.current_player() == C


def test_dice_h12_only_draw_dice_answer_and_never_a_draw_two_on_a_wild_draw_four():
    """DICE-H12.2, DICE-H12.4: a matching number die is no answer; a Draw Two cannot answer a Wild Draw Four."""
    state = start(variant("stacking"), {A: ["WD4", "N17=B1", "N18=B1"], B: ["C2=Y-D2", "N19=B1", "N01=Y2"]})
    play(state, "WD4", colour="yellow")
    proceed(state)
    assert state.current_player() == B and truth(state).variables["pending"] == 4
    assert {a.name for a in state.legal_actions() if a.actor == B and a.name == "play"} == set()


def test_dice_h12_going_out_with_a_draw_two_makes_the_next_player_draw_the_total():
    """DICE-H12.6: the next player draws the whole pending amount before scoring."""
    state = start(variant("stacking"), {A: ["C1=Y-D2", "N17=B1", "N18=B1"], B: ["C2=Y-D2"]})
    play(state, "C1")
    play(state, "C2")
    ended = next(i for i, e in enumerate(state.events) if isinstance(e, ev.RoundEnded))
    drawn = [e for e in state.events[:ended] if isinstance(e, ev.Moved) and e.to_zone == "hand" and e.to_owner == C]
    assert len(drawn) == 4 and truth(state).variables["score"][B] > 0
