"""HR-10 call variants for UNO Dice: penalty size (HR-10.3), catch window (HR-10.4), who may catch
(HR-10.5) and no call (HR-10.6).

Each rule is shown on the same position under the variant and under base UNO Dice (DICE-11).
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest
from dice.dice_lookup import (A, B, C, Luck, call_uno, catch, dice_game, die, draw, hand, play, position, refused_die,
                              reroll, sizes, without_effect)
from helpers import act, action_names, table_ruleset, truth
from rulesrun.interpreter import Game, State, load_game
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out

SHIPPED = ["call-penalty", "catch-window", "next-player-catches", "no-call"]
OTHERS = {B: ["N11=G1", "N17=B1", "N08=B3"], C: ["N06=Y1", "N07=G2", "C2=G-D2"]}


@functools.cache
def variant(name: str) -> Game:
    return load_game(f"uno-dice/{name}")



def window(tmp_path: Path, setting: str) -> Game:
    return table_ruleset(tmp_path, f"extends: uno-dice/catch-window\nparams:\n  catch_window: {{value: {setting}}}\n")


def missed(game: Game, first: str = "N01=G3", bag_size: int | None = None) -> State:
    """A plays `first` on N12=R3 and keeps only N04=R5, without calling UNO.

    With `bag_size` the bag holds that many dice and C the rest.
    """
    hands = {A: [first, "N04=R5"], **OTHERS}
    if bag_size is not None:
        del hands[C]
    state = position(game.new_state(3, seed=0), center="N12=R3", hands=hands, bag_size=bag_size)
    Luck(state, strict=False)
    play(state, first.split("=")[0])
    assert sizes(state)[A] == 1
    return state


def catchers(state: State, target: int = A) -> set[int]:
    return {a.actor for a in state.legal_actions() if a.name == "catch" and a.get("target") == target}


def b_rerolls(state: State) -> None:
    """B begins the next turn without playing: the re-roll shows green 1, blue 1 and blue 3 again."""
    Luck(state, rolls={"N11": "f1", "N17": "f1", "N08": "f3"}, strict=False)
    reroll(state)


# ------------------------------------------------------------------ HR-10.3 penalty size

def test_hr_10_3_base_uno_dice_costs_two_dice_for_a_missing_call():
    state = missed(dice_game())
    catch(state, by=C, target=A)
    assert sizes(state)[A] == 3


def test_hr_10_3_the_variant_costs_four_dice_for_a_missing_call():
    state = missed(variant("call-penalty"))
    catch(state, by=C, target=A)
    assert sizes(state)[A] == 5 and len(truth(state).zones["bag"]) == 16 + 1 - 4


def test_hr_10_3_the_penalty_takes_what_the_bag_holds():
    """DICE-10.2 still applies: with only the returned center die in the bag, A draws one die."""
    state = missed(variant("call-penalty"), bag_size=0)
    catch(state, by=B, target=A)
    assert hand(state, A)[0] == "N04=R5" and sizes(state)[A] == 2 and truth(state).zones["bag"] == []
    without_effect(state, lambda: catch(state, by=C, target=A))


# ------------------------------------------------------------------ HR-10.4 catch window

def test_hr_10_4_in_base_uno_dice_the_window_closes_when_the_next_turn_begins():
    """DICE-11.3, DICE-11.5: once B has re-rolled, A can neither call nor be caught."""
    state = missed(dice_game())
    b_rerolls(state)
    assert catchers(state) == set()
    refused_die(state, lambda: call_uno(state, A))


def test_hr_10_4_until_last_card_the_window_outlasts_the_next_turn():
    """until_last_card (the default): after B's and C's turns, A still holds one die and can be caught."""
    state = missed(variant("catch-window"))
    b_rerolls(state)
    assert catchers(state) == {B, C}
    play(state, "N11")                                    # B, green 1
    play(state, "N07")                                    # C, green 2
    assert state.current_player() == A and catchers(state) == {B, C}
    catch(state, by=C, target=A)
    assert sizes(state)[A] == 3
    without_effect(state, lambda: catch(state, by=B, target=A))


def test_hr_10_4_until_last_card_the_window_closes_when_the_player_is_drawn_up():
    """C's Draw Two leaves A with three dice: nothing is left to catch."""
    state = missed(variant("catch-window"))
    play(state, "N11")                                    # B, green 1
    play(state, "C2")                                     # C, green Draw Two: A draws two
    assert sizes(state)[A] == 3 and catchers(state) == set()
    assert not any(truth(state).variables["owes"]) and not any(truth(state).variables["kept"])


def test_hr_10_4_a_player_caught_with_an_empty_bag_is_not_caught_again():
    """DICE-11.6 (and DICE-S25): the caught player draws nothing and stays at one die, but has paid."""
    state = missed(variant("catch-window"), bag_size=0)
    Luck(state, draws=["N12"], rolls={"N11": "f1", "N17": "f1", "N08": "f3", "N12": "f4"}, strict=False)
    reroll(state)
    draw(state)                                           # B takes the last die, yellow 4, and keeps it
    assert state.current_player() == C and truth(state).zones["bag"] == []
    catch(state, by=C, target=A)
    assert sizes(state)[A] == 1 and catchers(state) == set()
    reroll(state)                                         # C's turn begins
    assert catchers(state) == set() and sizes(state)[A] == 1


def test_hr_10_4_a_late_call_still_closes_the_window():
    """The call shares the window of the catch (DICE-11.2): A calls during B's turn and is safe."""
    state = missed(variant("catch-window"))
    b_rerolls(state)
    call_uno(state, A)
    assert catchers(state) == set()
    play(state, "N11")
    assert catchers(state) == set() and sizes(state)[A] == 1


def test_hr_10_4_until_next_play_a_turn_without_a_play_keeps_the_window_open(tmp_path):
    state = missed(window(tmp_path, "until_next_play"))
    b_rerolls(state)
    assert catchers(state) == {B, C}


def test_hr_10_4_until_next_play_the_next_die_played_closes_the_window(tmp_path):
    state = missed(window(tmp_path, "until_next_play"))
    b_rerolls(state)
    play(state, "N11")
    assert sizes(state)[A] == 1 and catchers(state) == set()
    refused_die(state, lambda: call_uno(state, A))


def test_hr_10_4_until_next_turn_is_the_base_window(tmp_path):
    """DICE-11.3 as a setting: the first action of B's turn closes the window."""
    state = missed(window(tmp_path, "until_next_turn"))
    assert catchers(state) == {B, C}
    b_rerolls(state)
    assert catchers(state) == set()


# ------------------------------------------------------------------ HR-10.5 who may catch

def test_hr_10_5_in_base_uno_dice_any_opponent_may_catch():
    assert catchers(missed(dice_game())) == {B, C}


def test_hr_10_5_only_the_next_player_may_catch():
    state = missed(variant("next-player-catches"))
    assert catchers(state) == {B}
    refused_die(state, lambda: catch(state, by=C, target=A))
    catch(state, by=B, target=A)
    assert sizes(state)[A] == 3


def test_hr_10_5_after_a_reverse_the_next_player_is_on_the_other_side():
    """A's red Reverse turns play round: C takes the next turn and only C may catch."""
    state = missed(variant("next-player-catches"), first="C1=R-Rev")
    assert state.current_player() == C and catchers(state) == {C}


def test_hr_10_5_after_a_skip_the_skipped_neighbour_is_the_next_player():
    """next(A) is B even though B loses the turn to A's Skip."""
    state = missed(variant("next-player-catches"), first="C3=R-Skip")
    assert state.current_player() == C and catchers(state) == {B}


# ------------------------------------------------------------------ HR-10.6 no call

def test_hr_10_6_in_base_uno_dice_the_play_carries_a_call_and_a_miss_is_caught():
    state = position(dice_game().new_state(3, seed=0), center="N12=R3", hands={A: ["N01=G3", "N04=R5"], **OTHERS})
    assert {"call_uno", "play"} <= action_names(state, A)
    assert any(a.get("call") is not None for a in state.legal_actions() if a.name == "play")
    assert catchers(missed(dice_game())) == {B, C}


def test_hr_10_6_nobody_calls_and_nobody_is_caught():
    game = variant("no-call")
    assert not {"call_uno", "catch"} & set(game.action_index)
    state = position(game.new_state(3, seed=0), center="N12=R3", hands={A: ["N01=G3", "N04=R5"], **OTHERS})
    assert all(a.args == (("die", a.get("die")),) for a in state.legal_actions() if a.name == "play")
    refused_die(state, lambda: act(state, "play", die=die(game, "N01"), call=True), because="unexpected")
    state = missed(game)
    assert state.current_player() == B and {a.name for a in state.legal_actions()} == {"play", "reroll"}
    assert not any(truth(state).variables["owes"])


# ------------------------------------------------------------------ together, and in play

def test_hr_10_3_hr_10_4_hr_10_5_combine(tmp_path):
    """Listed side by side: the next player may catch after the next turn began, for four dice."""
    game = table_ruleset(tmp_path, "extends: [uno-dice, uno-dice/call-penalty, uno-dice/next-player-catches, "
                             "uno-dice/catch-window]\nname: table\n")
    state = missed(game)
    b_rerolls(state)
    assert catchers(state) == {B}
    catch(state, by=B, target=A)
    assert sizes(state)[A] == 5


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("players", [2, 3])
def test_hr_10_a_random_round_plays_to_its_end(name, players):
    state = play_out(variant(name).new_state(players, seed=4), [RandomBot(4 + s) for s in range(players)],
                     single_round=True)
    assert truth(state).round == 2 or state.is_over()
