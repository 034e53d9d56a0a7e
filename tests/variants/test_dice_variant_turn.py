"""UNO Dice house rules about the turn: DICE-H4, DICE-H8, DICE-H9, DICE-H10 and DICE-H16.

Each test plays the same position under the variant and under base UNO Dice.
"""
from __future__ import annotations

from dice.dice_lookup import (RIGHT, A, B, Luck, dice_game, draw, hand, keep, offered, play, position, refused_die,
                              reroll)
from helpers import action_names, truth
from rulesrun.interpreter import Game, State
from test_dice_variant_files import variant


def start(game: Game, held: list[str], players: int = 3, **before: object) -> State:
    return position(game.new_state(players, seed=0), center="N12=R3", hands={A: held}, **before)


# ------------------------------------------------------------------ DICE-H4 pure two-player Reverse

def test_dice_h4_with_two_players_a_reverse_only_flips_the_direction():
    """DICE-H4.1 replaces DICE-8.2: the opponent takes the next turn."""
    state = start(variant("pure-reverse"), ["C1=R-Rev", "N17=B1", "N18=B1"], players=2)
    play(state, "C1")
    assert truth(state).direction == RIGHT and state.current_player() == B


def test_dice_h4_in_base_uno_dice_a_two_player_reverse_skips_the_opponent():
    state = start(dice_game(), ["C1=R-Rev", "N17=B1", "N18=B1"], players=2)
    play(state, "C1")
    assert truth(state).direction == RIGHT and state.current_player() == A


# ------------------------------------------------------------------ DICE-H8 forced play

def test_dice_h8_a_player_holding_a_playable_die_may_not_reroll():
    """DICE-H8.1: N01 matches by number, so A must play a die."""
    state = start(variant("forced-play"), ["N01=G3", "N17=B1", "N07=G2"])
    assert "reroll" not in action_names(state, A) and offered(state) == {"N01"}
    refused_die(state, lambda: reroll(state))
    assert "reroll" in action_names(start(dice_game(), ["N01=G3", "N17=B1", "N07=G2"]), A)


def test_dice_h8_a_wild_die_or_a_legal_wild_draw_four_counts_as_playable():
    """DICE-H8.1: with no matching die, holding either wild die forces a play."""
    for wild in ("WILD", "WD4"):
        state = start(variant("forced-play"), [wild, "N17=B1", "N07=G2"])
        assert "reroll" not in action_names(state, A) and offered(state) == {wild}


def test_dice_h8_a_playable_drawn_die_must_be_played():
    """DICE-H8.2: after drawing a playable die there is no keeping it."""
    for game, may_keep in ((variant("forced-play"), False), (dice_game(), True)):
        state = start(game, ["N17=B1", "N07=G2", "N08=G2"], bag=["N14"])
        Luck(state, draws=["N14"], rolls={"N17": "f1", "N07": "f2", "N08": "f2", "N14": "f3"})
        reroll(state)
        draw(state)
        assert truth(state).phase == "roll_c" and ("keep" in action_names(state, A)) == may_keep
        if not may_keep:
            refused_die(state, lambda: keep(state))


# ------------------------------------------------------------------ DICE-H9 roll until playable

def phase_c(game: Game) -> State:
    """A re-rolls without luck and draws: N01 shows B4 (no match), then N14 shows R3 (a match)."""
    state = start(game, ["N17=B1", "N07=G2", "N08=G2"], bag=["N01", "N14"])
    luck = Luck(state, draws=["N01", "N14"], rolls={"N17": "f1", "N07": "f2", "N08": "f2", "N01": "f4", "N14": "f3"})
    reroll(state)
    draw(state)
    if state.current_player() == A:
        luck.done()
    return state


def test_dice_h9_a_player_draws_until_the_die_drawn_is_playable():
    """DICE-H9.1, DICE-H9.2: both dice join the hand; only the last one may be played."""
    state = phase_c(variant("roll-until-playable"))
    assert "N01=B4" in hand(state, A) and "N14=R3" in hand(state, A)
    assert truth(state).phase == "roll_c" and offered(state) == {"N14"}


def test_dice_h9_in_base_uno_dice_one_unplayable_draw_ends_the_turn():
    state = phase_c(dice_game())
    assert "N01=B4" in hand(state, A) and "N14=R3" not in hand(state, A) and state.current_player() == B


def test_dice_h9_an_empty_bag_stops_the_drawing():
    """DICE-H9.1: the drawing stops when the bag is empty; the turn ends."""
    state = start(variant("roll-until-playable"), ["N17=B1", "N07=G2", "N08=G2"], bag=["N01"], bag_size=1)
    Luck(state, draws=["N01"], rolls={"N17": "f1", "N07": "f2", "N08": "f2", "N01": "f4"})
    reroll(state)
    draw(state)
    assert state.current_player() == B and not truth(state).zones["bag"]


# ------------------------------------------------------------------ DICE-H10 no re-roll

def test_dice_h10_a_player_who_does_not_play_draws_at_once():
    """DICE-H10.1: no Phase B; the hand keeps its faces and the drawn die may be played."""
    state = start(variant("no-reroll"), ["N17=B1", "N07=G2", "N08=G2"], bag=["N14"])
    assert "reroll" not in action_names(state, A)
    luck = Luck(state, draws=["N14"], rolls={"N14": "f3"})
    draw(state)
    luck.done()
    assert truth(state).phase == "roll_c" and offered(state) == {"N14"}


def test_dice_h10_in_base_uno_dice_one_must_reroll_before_drawing():
    state = start(dice_game(), ["N17=B1", "N07=G2", "N08=G2"])
    assert "draw" not in action_names(state, A) and "reroll" in action_names(state, A)


# ------------------------------------------------------------------ DICE-H16 no finishing on a command or wild die

def test_dice_h16_a_last_command_or_wild_die_is_not_playable():
    """DICE-H16.1: a last die must be a number die; a last command or wild die goes to Phase B."""
    for last in ("C3=R-Skip", "WILD", "WD4"):
        state = start(variant("no-special-finish"), [last])
        assert offered(state) == set() and "reroll" in action_names(state, A)
        assert offered(start(dice_game(), [last])) == {last.split("=")[0]}
    assert offered(start(variant("no-special-finish"), ["N13=R3"])) == {"N13"}


def test_dice_h16_command_and_wild_dice_stay_playable_while_others_are_held():
    state = start(variant("no-special-finish"), ["C3=R-Skip", "WILD", "N17=B1"])
    assert offered(state) == {"C3", "WILD"}
