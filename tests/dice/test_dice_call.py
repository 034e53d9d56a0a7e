"""Calling "UNO" and being caught: DICE-11."""
from __future__ import annotations

import pytest
from dice_lookup import (A, B, C, Luck, assert_conserved, call_uno, catch, catch_wild_four, die, draw, hand, play,
                         proceed, recorders, reroll, sizes, table, without_effect)
from helpers import act, truth
from rulesrun.interpreter import State
from rulesrun.interpreter.play.runner import step


def down_to_one(**before: object) -> State:
    """A plays N01 on N12=R3 and keeps only N06=Y1, without declaring UNO; B is next."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1"], B: ["N11=G1", "N17=B1", "N18=R2"]},
                  bag_size=9, **before)
    Luck(state, strict=False)
    play(state, "N01")
    return state


@pytest.mark.parametrize("catcher", [B, C])
def test_dice_11_1_playing_down_to_one_die_without_declaring_can_be_caught(catcher: int) -> None:
    """DICE-11.1, DICE-11.3: the obligation is unmet, so any opponent may catch."""
    state = down_to_one()
    catch(state, by=catcher, target=A)
    assert sizes(state)[A] == 3


def test_dice_11_1_the_obligation_arises_anew_each_time() -> None:
    """DICE-11.1: a declaration in an earlier turn does not cover a later play down to one die."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N07=G2"], B: ["N11=G1", "N17=B1"], C: ["N15=G5", "N18=R2"]},
                  bag=["N02"])
    Luck(state, draws=["N02"], rolls={"N07": "f3", "N02": "f3"}, strict=False)
    call_uno(state, A)
    play(state, "N01")              # A declared: one die, nothing owed
    play(state, "N11")              # B, green 1
    play(state, "N15")              # C, green 5
    reroll(state)                   # A: N07 -> B3, nothing playable
    draw(state)                     # N02 -> G3, playable on green
    play(state, "N02")              # A holds one die again and has not declared this turn
    assert hand(state, A) == ["N07=B3"] and state.current_player() == B
    catch(state, by=B, target=A)
    assert sizes(state)[A] == 3


def test_dice_11_2_declaring_during_the_turn_before_the_play() -> None:
    """DICE-11.2: a declaration at the start of the turn counts for the play that follows."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1"]}, bag_size=9)
    call_uno(state, A)
    play(state, "N01")
    without_effect(state, lambda: catch(state, by=B, target=A))


def test_dice_11_2_declaring_as_part_of_the_play() -> None:
    """DICE-11.2: the declaration may be made as part of the play action, as in UNO (UNO-8.2)."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1"]}, bag_size=9)
    act(state, "play", A, die=die(state.game, "N01"), call=True)
    without_effect(state, lambda: catch(state, by=B, target=A))
    assert hand(state, A) == ["N06=Y1"]


def test_dice_11_2_declaring_in_the_wild_draw_four_window() -> None:
    """DICE-11.2: the declaration may come after the play, while the catch window is open."""
    state = table(center="N12=R3", hands={A: ["WD4", "N17=B1"]}, bag_size=9)
    Luck(state, strict=False)
    play(state, "WD4", colour="blue")
    call_uno(state, A)
    proceed(state)
    without_effect(state, lambda: catch(state, by=C, target=A))


def test_dice_11_2_a_declaration_when_no_call_is_due_has_no_effect() -> None:
    """DICE-11.2: declaring with nothing owed changes nothing and costs nothing."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1", "N17=B1"], B: ["N11=G1", "N18=R2"]}, bag_size=9)
    without_effect(state, lambda: call_uno(state, A))
    without_effect(state, lambda: call_uno(state, B))
    play(state, "N01")
    without_effect(state, lambda: call_uno(state, A))
    assert sizes(state)[A] == 2


def test_dice_11_3_the_catch_window_closes_when_the_player_declares() -> None:
    """DICE-11.3: a late declaration, before the next turn begins, still closes the window."""
    state = down_to_one()
    call_uno(state, A)
    without_effect(state, lambda: catch(state, by=C, target=A))


def test_dice_11_3_opponents_are_asked_starting_with_the_next_player() -> None:
    """DICE-11.3: the engine asks the opponents in turn order, starting with the player whose turn is next."""
    state = down_to_one()
    asked, seats = recorders(3)
    step(state, seats)
    assert asked[:2] == [B, C]


def test_dice_11_2_the_player_who_played_is_asked_first_once_the_turn_has_passed() -> None:
    """DICE-11.2: the player who just played down to one die is asked first for their own claims,
    so a call right after the play comes before any opponent's catch (DICE-11.3)."""
    from rulesrun.interpreter.play.bots import GreedyBot

    state = down_to_one()
    assert state.current_player() == B
    taken = step(state, [GreedyBot(seat) for seat in range(truth(state).players)])
    assert (taken.name, taken.actor) == ("call_uno", A)
    without_effect(state, lambda: catch(state, by=B, target=A))


def test_dice_11_1_one_declaration_settles_one_obligation() -> None:
    """DICE-11.1: with two players, a call made between two turns of the same player (after a Skip)
    settles the turn that ended; when the next turn again ends with one die after a play, it needs a
    declaration of its own, and without one the opponent may catch."""
    state = table(2, center="N11=G1", hands={A: ["C1=G-Skip", "N06=Y1"], B: ["N12=G1", "N17=B1"]},
                  bag=["N02"], bag_size=20)
    Luck(state, draws=["N02"], rolls={"N06": "f2", "N02": "f3"}, strict=False)
    play(state, "C1")                   # a green Skip: A plays again, holding one die and owing the call
    assert state.current_player() == A and truth(state).variables["owes"] == [True, False]
    call_uno(state, A)                  # between the turns: this settles the turn that ended
    assert truth(state).variables["owes"] == [False, False] and truth(state).variables["called"] is False
    reroll(state)                       # A's new turn begins: N06 -> G2, playable on green
    draw(state)                         # N02 -> G3
    play(state, "N02")                  # one die again after a play, and no declaration in this turn
    assert hand(state, A) == ["N06=G2"] and state.current_player() == B
    catch(state, by=B, target=A)
    assert sizes(state)[A] == 3


def test_dice_11_1_a_call_in_the_turn_still_counts_after_one_that_settled_the_last() -> None:
    """DICE-11.1, DICE-11.2: after settling the turn that ended, the player may declare again for the new one."""
    state = table(2, center="N11=G1", hands={A: ["C1=G-Skip", "N06=Y1"], B: ["N12=G1", "N17=B1"]},
                  bag=["N02"], bag_size=20)
    Luck(state, draws=["N02"], rolls={"N06": "f2", "N02": "f3"}, strict=False)
    play(state, "C1")
    call_uno(state, A)                  # settles the Skip's turn
    call_uno(state, A)                  # declares for the turn to come
    assert truth(state).variables["called"] is True
    reroll(state)
    draw(state)
    play(state, "N02")
    without_effect(state, lambda: catch(state, by=B, target=A))


def test_dice_11_4_the_caught_player_draws_two_rolled_dice() -> None:
    """DICE-11.4: a caught player draws two dice and rolls each."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1"]}, bag=["N03", "N14"], bag_size=9)
    luck = Luck(state, draws=["N03", "N14"], rolls={"N03": "f4", "N14": "f6"})
    play(state, "N01")
    catch(state, by=B, target=A)
    luck.done()
    assert hand(state, A) == ["N03=B4", "N06=Y1", "N14=B6"] and state.current_player() == B
    assert_conserved(state)


def test_dice_11_5_a_catch_after_the_next_turn_began_has_no_effect() -> None:
    """DICE-11.5: once B has re-rolled, catching A does nothing."""
    state = down_to_one()
    reroll(state)
    without_effect(state, lambda: catch(state, by=C, target=A))
    without_effect(state, lambda: catch(state, by=B, target=A))


def test_dice_11_5_a_catch_of_a_player_who_owes_nothing_has_no_effect() -> None:
    """DICE-11.5: catching a player with nothing owed changes nothing and costs the catcher nothing."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1", "N17=B1"]}, bag_size=9)
    play(state, "N01")
    without_effect(state, lambda: catch(state, by=B, target=A))
    without_effect(state, lambda: catch(state, by=C, target=B))


def test_dice_11_6_punished_at_most_once() -> None:
    """DICE-11.6: after one catch the omission is paid for; a second catch does nothing."""
    state = down_to_one()
    catch(state, by=C, target=A)
    without_effect(state, lambda: catch(state, by=B, target=A))
    assert sizes(state)[A] == 3


def test_dice_11_7_starting_a_turn_with_one_die_and_playing_nothing_owes_nothing() -> None:
    """DICE-11.7: a player who holds one die after a turn without a play owes no call."""
    state = table(center="N12=R3", hands={A: ["N17=B1"]}, bag_size=0)
    Luck(state, rolls={"N17": "f1"})
    reroll(state)
    draw(state)
    assert sizes(state)[A] == 1 and state.current_player() == B
    without_effect(state, lambda: catch(state, by=C, target=A))


def test_dice_11_7_a_caught_illegal_wild_draw_four_owes_nothing() -> None:
    """DICE-11.7: after an illegal Wild Draw Four is caught the offender holds several dice."""
    state = table(center="N12=R3", hands={A: ["WD4", "N04=R5"]}, bag_size=9)
    Luck(state, strict=False)
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    assert sizes(state)[A] == 6
    without_effect(state, lambda: catch(state, by=C, target=A))
