"""HR-15.1 `end_round` for UNO Dice (uno-dice/empty-bag-ends-round): a draw the bag cannot meet ends the round.

Base UNO Dice makes a short draw instead (DICE-10.2). In every position below the bag is empty or
nearly so: the dice not named are in C's hand.
"""
from __future__ import annotations

from dice.dice_lookup import (A, B, C, Luck, catch, catch_wild_four, dice_game, draw, hand, play, position, proceed,
                              reroll)
from helpers import truth
from rulesrun.interpreter import Game, State
from rulesrun.interpreter.engine import events as ev
from test_dice_variant_files import variant


def empty_bag() -> Game:
    return variant("empty-bag-ends-round")


def points(state: State, seat: int) -> int:
    """DICE-13: the value of a seat's hand as it lies now."""
    return sum(state.game.attribute(cid, "points", truth(state).faces) for cid in truth(state).zones["hand"][seat])


def ended(state: State) -> ev.RoundEnded | None:
    return next((e for e in state.events if isinstance(e, ev.RoundEnded)), None)


def phase_c(game: Game, b_hand: list[str]) -> tuple[State, int]:
    """A re-rolls to B4 and Y1 (5 points, nothing plays on R3) and must draw from the empty bag.

    Returns the state and C's hand value before the draw."""
    state = position(game.new_state(3, seed=0), center="N12=R3", hands={A: ["N02=Y2", "N07=G2"], B: b_hand},
                     bag_size=0)
    Luck(state, rolls={"N02": "f4", "N07": "f1"}, strict=False)
    reroll(state)
    c_points = points(state, C)
    draw(state)
    return state, c_points


def test_hr_15_1_in_base_uno_dice_an_empty_bag_in_phase_c_draws_nothing():
    """DICE-6.4, the base behaviour the variant replaces: nothing is drawn and B plays next."""
    state, _ = phase_c(dice_game(), ["N03=Y6"])
    assert ended(state) is None and hand(state, A) == ["N02=B4", "N07=Y1"] and state.current_player() == B


def test_hr_15_1_end_round_the_lowest_hand_wins_and_scores_the_others():
    """HR-15.1: A's draw finds the bag empty; A's 5 points are the lowest, so A scores B's 6 and C's hand."""
    state, c_points = phase_c(empty_bag(), ["N03=Y6"])
    assert ended(state).winner == A and truth(state).round == 2
    assert state.scores() == [6 + c_points, 0, 0]


def test_hr_15_1_end_round_a_tie_for_the_lowest_hand_scores_nobody():
    """HR-15.1: A and B both hold 5 points; the round ends without a winner."""
    state, _ = phase_c(empty_bag(), ["N03=R5"])
    assert ended(state).winner is None and truth(state).round == 2
    assert state.scores() == [0, 0, 0]


def draw_two(game: Game, bag_size: int) -> tuple[State, int]:
    """A plays a blue Draw Two; B must draw two from a bag of `bag_size` + the returned N16.

    Returns the state and B's and C's hand values before the draw, the drawn dice left out."""
    state = position(game.new_state(3, seed=0), center="N16=B1", bag_size=bag_size,
                     hands={A: ["C3=B-D2", "N04=R1", "N17=B1"], B: ["N05=Y6", "N10=G6", "N15=B6"]})
    Luck(state, draws=["N16"], rolls={"N16": "f5"}, strict=False)
    others = points(state, B) + points(state, C)
    play(state, "C3")
    return state, others


def test_hr_15_1_in_base_uno_dice_a_draw_two_short_of_dice_is_a_short_draw():
    """DICE-8.5, DICE-10.2, the base behaviour (DICE-S14): B takes the one die and C plays next."""
    state, _ = draw_two(dice_game(), 0)
    assert ended(state) is None and "N16=B5" in hand(state, B) and len(hand(state, B)) == 4
    assert state.current_player() == C


def test_hr_15_1_a_draw_two_short_of_dice_ends_the_round_once_the_bag_is_empty():
    """HR-15.1: B takes the one die there is, then the round ends; A holds 2 points, the lowest."""
    state, others = draw_two(empty_bag(), 0)
    before_end = state.events[:state.events.index(ended(state))]
    assert len([e for e in before_end if isinstance(e, ev.Moved) and e.to_zone == "hand" and e.to_owner == B]) == 1
    assert ended(state).winner == A and state.scores() == [others + 5, 0, 0]


def test_hr_15_1_the_round_goes_on_while_the_bag_holds_enough():
    """HR-15.1: two dice in the bag meet a Draw Two; the bag is empty afterwards, but nobody needed more."""
    state, _ = draw_two(empty_bag(), 1)
    assert ended(state) is None and len(hand(state, B)) == 5 and truth(state).zones["bag"] == []
    assert state.current_player() == C and truth(state).round == 1


def test_hr_15_1_an_uno_penalty_that_finds_the_bag_empty_ends_the_round():
    """HR-15.1 with DICE-11.4: caught A draws the one die there is (N12=G5) and, at 6 points, still wins."""
    state = position(empty_bag().new_state(3, seed=0), center="N12=R3", bag_size=0,
                     hands={A: ["N01=G3", "N06=Y1"], B: ["N05=Y6", "N04=B4"]})
    Luck(state, draws=["N12"], rolls={"N12": "f5"}, strict=False)
    c_points = points(state, C)
    play(state, "N01")
    catch(state, by=B, target=A)
    assert ended(state).winner == A and state.scores() == [10 + c_points, 0, 0]


def test_hr_15_1_a_caught_wild_draw_four_is_taken_back_before_the_round_ends():
    """HR-15.1 with DICE-9.6: the old center die leaves the bag again, A draws the three dice left of the four
    and the round ends; A's hand counts the Wild Draw Four, so B, with 1 point, scores 58 and C's hand."""
    state = position(empty_bag().new_state(3, seed=0), center="N12=R3", bag=["N01=R1", "N02=R1", "N03=R1"],
                     bag_size=3, hands={A: ["WD4", "N13=R3", "N07=G2"], B: ["N16=B1"]})
    Luck(state, draws=["N01", "N02", "N03"], rolls={"N01": "f1", "N02": "f1", "N03": "f1"}, strict=False)
    c_points = points(state, C)
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    assert ended(state).winner == B and state.scores() == [0, 50 + 3 + 2 + 3 + c_points, 0]


def test_hr_15_1_a_legal_wild_draw_four_short_of_dice_ends_the_round():
    """HR-15.1 with DICE-9.3: B takes the one die in the bag (the old center die), then the round ends."""
    state = position(empty_bag().new_state(3, seed=0), center="N12=R3", bag_size=0,
                     hands={A: ["WD4", "N07=G6"], B: ["N16=B1"]})
    Luck(state, draws=["N12"], rolls={"N12": "f1"}, strict=False)
    c_points = points(state, C)
    play(state, "WD4", colour="green")
    proceed(state)
    assert ended(state).winner == B and state.scores() == [0, 6 + c_points, 0]  # B: N16=B1, N12=G1
