"""HR-16 hand limit for UNO Dice (uno-dice/mercy): a player who holds 12 dice is out of the round.

Each position is also played under base UNO Dice, where a hand may grow without limit.
"""
from __future__ import annotations

from dice.dice_lookup import (A, B, C, Luck, assert_conserved, catch, catch_wild_four, dice_game, draw, play, position,
                              proceed, sizes)
from helpers import action_names, events_of, refused, truth
from rulesrun.interpreter import Game, State
from rulesrun.interpreter.engine import events as ev
from test_dice_variant_files import variant


def mercy() -> Game:
    return variant("mercy")


def out(state: State) -> list[int]:
    return [e.player for e in events_of(state, ev.Eliminated)]


def ten_dice(game: Game, a_hand: tuple[str, ...] = ("C3=B-D2", "N17=B1")) -> State:
    """A is to play on N16=B1 holding the Draw Two C3; B holds ten dice."""
    return position(game.new_state(3, seed=0), center="N16=B1", hands={A: list(a_hand), B: 10})


def draw_two_on_ten(game: Game, a_hand: tuple[str, ...] = ("C3=B-D2", "N17=B1")) -> State:
    """A plays C3 and B draws two."""
    state = ten_dice(game, a_hand=a_hand)
    play(state, "C3")
    return state


def twelfth_die(game: Game) -> State:
    """B holds eleven dice and, after a re-roll that gave nothing, draws N14, which rolls R3 (playable)."""
    state = position(game.new_state(3, seed=0), center="N12=R3", hands={A: ["N01=G3", "N02=Y2"], B: 11,
                     C: ["N13=R3", "WD4"]}, bag=["N14"], current=B, phase="roll_b")
    Luck(state, draws=["N14"], rolls={"N14": "f3"}, strict=False)
    draw(state)
    return state


def test_hr_16_1_hr_16_2_a_player_who_reaches_twelve_dice_is_out_and_the_dice_go_into_the_bag():
    """HR-16.1: the Draw Two brings B to 12 dice and B is out; HR-16.2: B's dice go into the bag."""
    state = ten_dice(mercy())
    held, bag = set(truth(state).zones["hand"][B]), len(truth(state).zones["bag"])
    play(state, "C3")
    assert out(state) == [B] and sizes(state)[B] == 0
    assert held <= set(truth(state).zones["bag"]) and len(truth(state).zones["bag"]) == bag + 1 - 2 + 12
    assert_conserved(state)


def test_hr_16_1_in_base_uno_dice_a_hand_may_hold_twelve_dice():
    state = draw_two_on_ten(dice_game())
    assert sizes(state)[B] == 12 and state.current_player() == C and not out(state)


def test_hr_16_1_reaching_the_limit_in_ones_own_turn_ends_that_turn():
    """HR-16.1: B reaches 12 dice with a playable drawn die; B is out and C plays at once."""
    state = twelfth_die(mercy())
    assert out(state) == [B] and sizes(state)[B] == 0
    assert state.current_player() == C and truth(state).phase == "roll_a"


def test_hr_16_1_in_base_uno_dice_the_twelfth_die_may_be_played():
    state = twelfth_die(dice_game())
    assert sizes(state)[B] == 12 and state.current_player() == B and truth(state).phase == "roll_c"


def test_hr_16_4_a_player_who_is_out_is_passed_over():
    state = twelfth_die(mercy())
    play(state, "N13")  # C
    play(state, "N01")  # A; B would be next
    assert state.current_player() == C


def test_hr_16_3_a_player_who_is_out_catches_nobody():
    """Out until the round ends (HR-16.3): B may catch nothing (an empty hand would win the round); A may."""
    state = twelfth_die(mercy())
    play(state, "WD4", colour="blue")  # C, who holds N13=R3: an illegal Wild Draw Four
    assert "catch_wild_four" in action_names(state, A)
    refused(state, lambda: catch_wild_four(state, by=B))
    proceed(state)  # A draws four and is skipped; C, left with one die and no call, plays again
    assert "catch" in action_names(state, A)
    refused(state, lambda: catch(state, by=B, target=C))


def two_player_draw_two(game: Game) -> State:
    """Two players: B plays the Draw Two C3 on N16=B1 and A, who holds ten dice, draws two."""
    state = position(game.new_state(2, seed=0), center="N16=B1", hands={B: ["C3=B-D2", "N17=B1"], A: 10},
                     current=B)
    play(state, "C3")
    return state


def test_hr_16_5_the_last_player_in_wins_the_round_and_scores_nothing():
    """HR-16.5: B puts A, the only other player, out; B wins the round, nobody scores, B starts the next."""
    state = two_player_draw_two(mercy())
    assert out(state) == [A] and events_of(state, ev.RoundEnded) == [ev.RoundEnded(B, (0, 0))]
    assert truth(state).round == 2 and truth(state).dealer == state.current_player() == B and sizes(state) == [5, 5]  # A is back in


def test_hr_16_5_in_base_uno_dice_the_round_goes_on():
    state = two_player_draw_two(dice_game())
    assert truth(state).round == 1 and sizes(state)[A] == 12 and state.current_player() == B


def test_hr_16_1_going_out_on_a_draw_two_ends_the_round_before_the_limit_counts():
    """DICE-12.1, DICE-12.2: A's last die ends the round; B's twelve dice are scored, not put out."""
    state, base = draw_two_on_ten(mercy(), a_hand=("C3=B-D2",)), draw_two_on_ten(dice_game(), a_hand=("C3=B-D2",))
    assert not out(state) and events_of(state, ev.RoundEnded) == events_of(base, ev.RoundEnded)
    assert events_of(state, ev.RoundEnded)[0].winner == A


def test_hr_16_4_after_a_draw_two_puts_its_target_out_the_next_player_in_play_takes_the_turn():
    """HR-16.1, HR-16.4: B is skipped and put out by the same Draw Two; C, the next player in play, moves."""
    assert draw_two_on_ten(mercy()).current_player() == C
