"""The scenario checks DICE-S1 … DICE-S25 of the UNO Dice specification, step by step.

Each test arranges the scenario's "Before:", scripts its draws and rolls with `Luck`, takes
its actions and checks its "Expected:", keeping DICE-15.1 (25 dice) after every step.
"""
from __future__ import annotations

from typing import Any

from dice_lookup import (LEFT, RIGHT, A, B, C, Luck, assert_conserved, call_uno, catch, catch_wild_four, center, draw,
                         hand, in_bag, offered, play, proceed, refused_die, reroll, sizes, table, without_effect)
from helpers import events_of, truth
from rulesrun.interpreter import State
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine import position
from rulesrun.interpreter.engine.state import inspect


def bag_size(state: State) -> int:
    return len(truth(state).zones["bag"])


def finish_round(draws: list[str], rolls: dict[str, Any], **before: Any) -> tuple[State, Luck]:
    """A round that A wins at once by playing N13 on N12=R3; the next round then starts under `Luck`."""
    state = table(center="N12=R3", hands={A: ["N13=R3"]}, **before)
    luck = Luck(state, draws, rolls, strict=False)
    play(state, "N13")
    return state, luck


def test_dice_s1_starting_the_round() -> None:
    """DICE-S1 (DICE-3.3, DICE-3.4, DICE-3.6, DICE-3.7): dice that show no number go back to the bag."""
    state, luck = finish_round(["C2", "WILD", "N12"], {"C2": "f4", "WILD": "f1", "N12": "f3"})
    luck.done()
    assert truth(state).round == 2 and truth(state).dealer == A
    start = max(i for i, e in enumerate(state.events) if isinstance(e, ev.RoundStarted))
    moves = [e for e in state.events[start:] if isinstance(e, ev.Moved)]
    to_center = [e for e in moves if e.to_zone == "center"]
    assert [state.game.components[e.component].attrs["name"] for e in to_center] == ["C2", "WILD", "N12"]
    back = [state.game.components[e.component].attrs["name"] for e in moves
            if e.from_zone == "center" and e.to_zone == "bag"]
    assert back == ["C2", "WILD"]
    first_hand_draw = next(i for i, e in enumerate(moves) if e.to_zone == "hand")
    assert all(e.to_zone == "center" or e.to_zone == "bag" for e in moves[:first_hand_draw])  # bag 24 first
    assert not [e for e in state.events[start:] if isinstance(e, (ev.Skipped, ev.DirectionChanged))]
    assert center(state) == "N12=R3" and truth(state).variables["active_colour"] == "red"
    assert sizes(state) == [5, 5, 5] and bag_size(state) == 9
    assert state.current_player() == A and truth(state).direction == LEFT and truth(state).phase == "roll_a"
    assert_conserved(state)


def test_dice_s2_number_match_old_center_into_bag() -> None:
    """DICE-S2 (DICE-5.2, DICE-7.1): N01=G3 on N12=R3 by number."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N16=B1", "N07=G2"]}, bag_size=9)
    play(state, "N01")
    assert center(state) == "N01=G3"
    assert "N12" in in_bag(state) and bag_size(state) == 10
    assert hand(state, A) == ["N07=G2", "N16=B1"]
    assert state.current_player() == B
    assert_conserved(state)


def test_dice_s3_colour_match_and_refused_play() -> None:
    """DICE-S3 (DICE-5.2, DICE-5.8): a die neither green nor 3 is refused; a green one is played."""
    state = table(center="N01=G3", hands={B: ["N17=B1", "N06=G2", "N18=R2"]}, current=B)
    refused_die(state, lambda: play(state, "N17"))
    play(state, "N06")
    assert center(state) == "N06=G2" and "N01" in in_bag(state)
    assert state.current_player() == C
    assert_conserved(state)


def test_dice_s4_command_on_command_across_colours_reverse() -> None:
    """DICE-S4 (DICE-5.3, DICE-8.1): a blue Reverse on a yellow Reverse turns play back to A."""
    state = table(center="C1=Y-Rev", hands={B: ["C3=B-Rev", "N18=R2", "N19=B5"]}, current=B)
    play(state, "C3")
    assert center(state) == "C3=B-Rev" and "C1" in in_bag(state)
    assert truth(state).direction == RIGHT and state.current_player() == A
    assert_conserved(state)


def test_dice_s5_reverse_with_two_players() -> None:
    """DICE-S5 (DICE-8.2): with two players a Reverse acts as a Skip; A plays again."""
    state = table(players=2, center="N06=Y1", hands={A: ["C2=Y-Rev", "N02=Y2", "N19=B5"]})
    play(state, "C2")
    assert center(state) == "C2=Y-Rev" and "N06" in in_bag(state)
    assert [e.player for e in events_of(state, ev.Skipped)] == [B]
    assert state.current_player() == A and truth(state).phase == "roll_a" and not inspect(state).turn_begun
    assert_conserved(state)


def test_dice_s6_skip() -> None:
    """DICE-S6 (DICE-8.3): B is skipped, C plays next, the direction stays left."""
    state = table(center="N11=G1", hands={A: ["C1=G-Skip", "N20=B1", "N04=R1"]})
    play(state, "C1")
    assert center(state) == "C1=G-Skip" and "N11" in in_bag(state)
    assert state.current_player() == C and truth(state).direction == LEFT
    assert_conserved(state)


def test_dice_s7_reroll_then_play() -> None:
    """DICE-S7 (DICE-6.1, DICE-6.2): nothing playable, the re-roll makes G3 and R6 playable."""
    state = table(center="N12=R3", hands={A: ["N02=Y2", "N08=G6", "N19=B5"]}, bag_size=9)
    luck = Luck(state, rolls={"N02": "f3", "N08": "f1", "N19": "f6"})
    assert offered(state) == set()
    reroll(state)
    assert hand(state, A) == ["N02=G3", "N08=Y1", "N19=R6"]
    assert offered(state) == {"N02", "N19"}
    play(state, "N19")
    luck.done()
    assert center(state) == "N19=R6" and "N12" in in_bag(state) and bag_size(state) == 10
    assert hand(state, A) == ["N02=G3", "N08=Y1"]
    assert state.current_player() == B
    assert_conserved(state)


def test_dice_s8_declining_a_playable_die_still_leads_to_the_reroll() -> None:
    """DICE-S8 (DICE-6.1, DICE-6.2): A declines N03=G3 and plays N09=R4 after the re-roll."""
    state = table(center="N12=R3", hands={A: ["N03=G3", "N09=Y1", "N16=B1"]})
    luck = Luck(state, rolls={"N03": "f1", "N09": "f4", "N16": "f1"})
    assert "N03" in offered(state)
    reroll(state)
    assert hand(state, A) == ["N03=R1", "N09=R4", "N16=B1"]
    play(state, "N09")
    luck.done()
    assert center(state) == "N09=R4" and "N12" in in_bag(state)
    assert hand(state, A) == ["N03=R1", "N16=B1"]
    assert state.current_player() == B
    assert_conserved(state)


def s9_position() -> tuple[State, Luck]:
    """DICE-S9's Before, through the re-roll to Y6, Y5 (nothing playable)."""
    state = table(center="N12=R3", hands={A: ["N02=Y2", "N08=G6"]}, bag=["N14"], bag_size=9)
    return state, Luck(state, draws=["N14"], rolls={"N02": "f6", "N08": "f5"})


def test_dice_s9_draw_and_roll_drawn_die_is_played() -> None:
    """DICE-S9 (DICE-6.3): the drawn N14 rolls R3 and is played."""
    state, luck = s9_position()
    luck.rolls["N14"] = ["f3"]
    reroll(state)
    assert hand(state, A) == ["N02=Y6", "N08=Y5"] and offered(state) == set()
    draw(state)
    assert offered(state) == {"N14"}
    play(state, "N14")
    luck.done()
    assert center(state) == "N14=R3" and "N12" in in_bag(state) and bag_size(state) == 9
    assert hand(state, A) == ["N02=Y6", "N08=Y5"]
    assert state.current_player() == B
    assert_conserved(state)


def test_dice_s10_draw_and_roll_drawn_die_does_not_match() -> None:
    """DICE-S10 (DICE-6.3, DICE-6.5): the drawn N14 rolls G1, is kept, and the turn ends."""
    state, luck = s9_position()
    luck.rolls["N14"] = ["f1"]
    reroll(state)
    draw(state)
    luck.done()
    assert hand(state, A) == ["N02=Y6", "N08=Y5", "N14=G1"]
    assert bag_size(state) == 8 and center(state) == "N12=R3"
    assert state.current_player() == B
    assert_conserved(state)


def test_dice_s11_in_phase_c_only_the_drawn_die_may_be_played() -> None:
    """DICE-S11 (DICE-6.2, DICE-6.3): after declining R5 twice, A may not play it in Phase C."""
    state = table(center="N12=R3", hands={A: ["N03=G3", "N16=B1"]}, bag=["N20"])
    luck = Luck(state, draws=["N20"], rolls={"N03": "f5", "N16": "f4", "N20": "f1"})
    assert "N03" in offered(state)
    reroll(state)
    assert "N03" in offered(state)
    draw(state)
    luck.done()
    refused_die(state, lambda: play(state, "N03", by=A))
    assert hand(state, A) == ["N03=R5", "N16=G4", "N20=B1"]
    assert center(state) == "N12=R3" and state.current_player() == B
    assert_conserved(state)


def test_dice_s12_empty_bag_in_phase_c() -> None:
    """DICE-S12 (DICE-6.4): with the bag empty Phase C draws nothing and the turn ends."""
    state = table(center="N12=R3", hands={A: ["N02=Y2", "N07=G2"]}, bag_size=0)
    luck = Luck(state, rolls={"N02": "f4", "N07": "f1"})
    reroll(state)
    assert offered(state) == set()
    draw(state)
    luck.done()
    assert hand(state, A) == ["N02=B4", "N07=Y1"] and bag_size(state) == 0
    assert state.current_player() == B
    assert_conserved(state)


def test_dice_s13_draw_two_returned_center_die_can_be_drawn() -> None:
    """DICE-S13 (DICE-7.1, DICE-8.4): N16 is in the bag before B draws, and B draws it."""
    state = table(center="N16=B1", hands={A: ["C3=B-D2", "N04=R1", "N17=B1"], B: 3}, bag=["N10"], bag_size=5)
    luck = Luck(state, draws=["N16", "N10"], rolls={"N16": "f2", "N10": "f4"})
    b_before = hand(state, B)
    play(state, "C3")
    luck.done()  # the Luck refuses to draw N16 if it were not yet in the bag
    assert sorted(b_before + ["N10=R4", "N16=R2"]) == hand(state, B) and sizes(state)[B] == 5
    assert bag_size(state) == 4 and center(state) == "C3=B-D2"
    assert [e.player for e in events_of(state, ev.Skipped)] == [B] and state.current_player() == C
    assert_conserved(state)


def test_dice_s14_draw_two_with_one_die_in_the_bag() -> None:
    """DICE-S14 (DICE-8.5, DICE-10.2): B takes the only die there is and is still skipped."""
    state = table(center="N16=B1", hands={A: ["C3=B-D2", "N04=R1", "N17=B1"], B: 3}, bag_size=0)
    luck = Luck(state, draws=["N16"], rolls={"N16": "f5"})
    b_before = hand(state, B)
    play(state, "C3")
    luck.done()
    assert hand(state, B) == sorted(b_before + ["N16=B5"]) and bag_size(state) == 0
    assert state.current_player() == C
    assert_conserved(state)


def test_dice_s15_wild_colour_choice_no_number_match_on_a_wild() -> None:
    """DICE-S15 (DICE-9.1, DICE-9.2, DICE-5.7): WILD naming blue; R3 is refused, B4 accepted."""
    state = table(center="N12=R3", hands={A: ["WILD", "N01=G3", "N17=B1"], B: ["N05=B4", "N13=R3", "N18=R2"]})
    assert {"WILD", "N01"} <= offered(state)
    play(state, "WILD", colour="blue")
    assert center(state) == "WILD[blue]" and "N12" in in_bag(state)
    assert hand(state, A) == ["N01=G3", "N17=B1"] and state.current_player() == B
    refused_die(state, lambda: play(state, "N13"))
    play(state, "N05")
    assert center(state) == "N05=B4" and "WILD" in in_bag(state) and state.current_player() == C
    assert_conserved(state)


def test_dice_s16_legal_wild_draw_four_wrong_catch_costs_nothing() -> None:
    """DICE-S16 (DICE-9.3, DICE-9.4, DICE-9.5, DICE-9.7): C's catch of a legal play changes nothing."""
    state = table(center="N12=R3", hands={A: ["WD4", "WILD", "N07=G2"], B: 2},
                  bag=["N09", "N10", "N15", "C2"], bag_size=6)
    luck = Luck(state, draws=["N09", "N10", "N15", "C2"],
                rolls={"N09": "f1", "N10": "f2", "N15": "f6", "C2": "f3"})
    b_before, c_before = hand(state, B), hand(state, C)
    play(state, "WD4", colour="green")
    assert_conserved(state)
    assert not [a for a in state.legal_actions() if a.actor == B and a.name != "catch_wild_four"
                and a.name != "call_uno"]  # B may only catch (or pass) while the window is open
    catch_wild_four(state, by=C)
    luck.done()
    assert center(state) == "WD4[green]"
    assert hand(state, B) == sorted(b_before + ["N09=Y1", "N10=G2", "N15=B6", "C2=B-Skip"])
    assert hand(state, C) == c_before and bag_size(state) == 3
    assert hand(state, A) == ["N07=G2", "WILD"]
    assert state.current_player() == C
    assert_conserved(state)


def test_dice_s17_illegal_wild_draw_four_caught() -> None:
    """DICE-S17 (DICE-9.4, DICE-9.6): the play is undone, N12=R3 comes back, A draws four."""
    state = table(center="N12=R3", hands={A: ["WD4", "N13=R3", "N07=G2"], B: 4}, bag_size=6)
    Luck(state, strict=False)
    b_before = hand(state, B)
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    assert center(state) == "N12=R3" and truth(state).variables["active_colour"] == "red"
    assert sizes(state)[A] == 7 and {"WD4", "N07=G2", "N13=R3"} <= set(hand(state, A))
    assert bag_size(state) == 2
    assert hand(state, B) == b_before and state.current_player() == B and truth(state).phase == "roll_a"
    assert_conserved(state)


def test_dice_s18_illegal_by_command_match_nobody_catches() -> None:
    """DICE-S18 (DICE-9.4, DICE-9.8): the illegal play stands when nobody catches it."""
    state = table(center="C1=Y-Rev", hands={A: ["WD4", "C3=B-Rev", "N16=B1"], B: 3},
                  bag=["N09", "N10", "N15", "N20"], bag_size=6)
    Luck(state, draws=["N09", "N10", "N15", "N20"], strict=False)
    play(state, "WD4", colour="blue")
    proceed(state)
    assert center(state) == "WD4[blue]" and "C1" in in_bag(state)
    assert sizes(state)[B] == 7 and state.current_player() == C
    assert_conserved(state)


def test_dice_s18_the_same_play_caught_is_undone() -> None:
    """DICE-S18 (DICE-9.4): the play was illegal (C3 matches by command), so a catch would undo it."""
    state = table(center="C1=Y-Rev", hands={A: ["WD4", "C3=B-Rev", "N16=B1"], B: 3}, bag_size=6)
    Luck(state, strict=False)
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    assert center(state) == "C1=Y-Rev" and "WD4" in hand(state, A)
    assert sizes(state) == [7, 3, sizes(state)[C]] and state.current_player() == B


def test_dice_s19_uno_declared() -> None:
    """DICE-S19 (DICE-11.1, DICE-11.2, DICE-11.5): a declared UNO cannot be caught."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1"]})
    call_uno(state, A)
    play(state, "N01")
    without_effect(state, lambda: catch(state, by=C, target=A))
    assert center(state) == "N01=G3" and hand(state, A) == ["N06=Y1"] and state.current_player() == B
    assert_conserved(state)


def s20_position() -> tuple[State, Luck]:
    """DICE-S20's Before, after A plays N01 without declaring UNO."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1"], B: ["N11=G1", "N17=B1", "N18=R2"]},
                  bag=["N15", "C2"], bag_size=9)
    luck = Luck(state, draws=["N15", "C2"], rolls={"N15": "f2", "C2": "f1"}, strict=False)
    play(state, "N01")
    return state, luck


def test_dice_s20_uno_forgotten_and_caught() -> None:
    """DICE-S20 (DICE-11.3, DICE-11.4): C catches A before B acts; A draws and rolls two."""
    state, luck = s20_position()
    catch(state, by=C, target=A)
    luck.done()
    assert hand(state, A) == ["C2=Y-Rev", "N06=Y1", "N15=B2"]
    assert bag_size(state) == 8 and state.current_player() == B
    assert_conserved(state)


def test_dice_s21_uno_penalty_with_one_die_in_the_bag() -> None:
    """DICE-S21 (DICE-11.4, DICE-10.2): the only die in the bag is the N12 A just replaced."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1"]}, bag_size=0)
    luck = Luck(state, draws=["N12"], rolls={"N12": "f5"})
    play(state, "N01")
    assert bag_size(state) == 1
    catch(state, by=B, target=A)
    luck.done()
    assert hand(state, A) == ["N06=Y1", "N12=G5"] and bag_size(state) == 0 and state.current_player() == B
    assert_conserved(state)


def test_dice_s22_late_catch_and_late_declaration_after_a_play() -> None:
    """DICE-S22 (DICE-4.5, DICE-11.5): once B has played, A's call and C's catch do nothing."""
    state, _ = s20_position()
    play(state, "N11")
    without_effect(state, lambda: call_uno(state, A))
    without_effect(state, lambda: catch(state, by=C, target=A))
    assert sizes(state)[A] == 1


def test_dice_s22_late_catch_and_late_declaration_after_a_reroll() -> None:
    """DICE-S22 (DICE-4.5, DICE-11.5): once B has re-rolled, A's call and C's catch do nothing."""
    state, _ = s20_position()
    reroll(state)
    bag_before = list(truth(state).zones["bag"])
    without_effect(state, lambda: call_uno(state, A))
    without_effect(state, lambda: catch(state, by=C, target=A))
    assert sizes(state)[A] == 1 and truth(state).zones["bag"] == bag_before


def s23_position(score_a: int, direction: int = LEFT) -> tuple[State, Luck]:
    """DICE-S23's Before, with A's score before the round and the direction of play."""
    state = table(center="N05=Y6", hands={A: ["C2=Y-D2"], B: ["N16=B1", "WILD"], C: ["N11=G5", "N13=B2", "WD4"]},
                  bag=["N09", "C3"], bag_size=18, direction=direction)
    position.adjust(state, variables={"score": [score_a, 0, 0]})
    return state, Luck(state, draws=["N09", "C3"], rolls={"N09": "f4", "C3": "f1"}, strict=False)


def test_dice_s23_last_die_is_a_draw_two_and_scoring() -> None:
    """DICE-S23 (DICE-12.1, DICE-12.2, DICE-13.1): B draws two before scoring; A scores 132."""
    state, luck = s23_position(score_a=0)
    play(state, "C2")
    luck.done()
    (ended,) = events_of(state, ev.RoundEnded)
    assert ended.winner == A and list(ended.scores) == [132, 0, 0]


def test_dice_s23_the_table_when_the_round_ends() -> None:
    """DICE-S23: the dice as the round left them (A had 380, so no new round clears the table)."""
    state, luck = s23_position(score_a=380)
    play(state, "C2")
    luck.done()
    assert center(state) == "C2=Y-D2"
    assert hand(state, B) == ["C3=G-Rev", "N09=R4", "N16=B1", "WILD"]
    assert hand(state, C) == ["N11=G5", "N13=B2", "WD4"]
    assert sizes(state) == [0, 4, 3] and bag_size(state) == 17
    assert_conserved(state)


def test_dice_s24_case_1_game_ends() -> None:
    """DICE-S24 case 1 (DICE-14.1): 380 + 132 = 512 ≥ 500, the game ends and A wins."""
    state, _ = s23_position(score_a=380)
    play(state, "C2")
    assert state.scores() == [512, 0, 0]
    assert state.is_over() and truth(state).winners == (A,)


def test_dice_s24_case_2_next_round() -> None:
    """DICE-S24 case 2 (DICE-14.2, DICE-14.3): A has 332 and starts the new round, direction left."""
    state, _ = s23_position(score_a=200, direction=RIGHT)
    play(state, "C2")
    assert state.scores() == [332, 0, 0] and not state.is_over()
    assert truth(state).round == 2 and truth(state).dealer == A
    start = max(i for i, e in enumerate(state.events) if isinstance(e, ev.RoundStarted))
    assert isinstance(state.events[start - 1], ev.Gathered)
    first_hand = next(e for e in state.events[start:] if isinstance(e, ev.Moved) and e.to_zone == "hand")
    assert first_hand.to_owner == A
    assert state.current_player() == A and truth(state).direction == LEFT
    assert sizes(state) == [5, 5, 5] and bag_size(state) == 9
    assert_conserved(state)


def test_dice_s25_empty_bag_draw_two_then_uno_penalty_with_nothing_to_draw() -> None:
    """DICE-S25 (DICE-8.5, DICE-10.2, DICE-10.4, DICE-11.4): B gets N16 only; A's penalty draws nothing."""
    state = table(center="N16=B1", hands={A: ["C3=B-D2", "N04=R1"]}, bag_size=0)
    luck = Luck(state, draws=["N16"], rolls={"N16": "f5"})
    b_before = hand(state, B)
    play(state, "C3")
    luck.done()
    assert hand(state, B) == sorted(b_before + ["N16=B5"]) and bag_size(state) == 0
    catch(state, by=B, target=A)
    assert hand(state, A) == ["N04=R1"] and bag_size(state) == 0
    without_effect(state, lambda: catch(state, by=B, target=A))
    without_effect(state, lambda: catch(state, by=C, target=A))
    assert center(state) == "C3=B-D2" and state.current_player() == C
    assert sizes(state)[A] == 1 and sizes(state)[B] + sizes(state)[C] == 23 and bag_size(state) == 0
    assert_conserved(state)
