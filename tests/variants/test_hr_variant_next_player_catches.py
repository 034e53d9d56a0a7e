"""HR-10.5 who may catch (uno/next-player-catches): only the next player may catch a missing UNO call."""
from __future__ import annotations

from helpers import refused, truth
from uno.uno_helpers import A, B, C, catch, hand, play, table
from uno_variant_helpers import catchable, random_round, uno, variant

STOCK = ["Y1", "Y2", "Y3", "Y4", "Y6"]


def exposed(game):
    """A goes down to one card without calling UNO; B is the next player, C the one after."""
    state = table(game, 3, hands={A: ["R3", "R5"], B: ["R9", "G4"], C: ["R1", "G6"]}, discard=["R7"], draw=STOCK)
    play(state, "R3", call=False)
    return state


def catchers(state, target):
    return {a.actor for a in state.legal_actions() if a.name == "catch" and a.get("target") == target}


def test_hr_10_5_in_base_uno_any_opponent_may_catch():
    state = exposed(uno())
    assert catchers(state, A) == {B, C}
    catch(state, C, A)
    assert hand(state, A) == ["R5", "Y1", "Y2"]


def test_hr_10_5_only_the_next_player_may_catch():
    state = exposed(variant("next-player-catches"))
    assert catchers(state, A) == {B}
    refused(state, lambda: catch(state, C, A))
    catch(state, B, A)
    assert hand(state, A) == ["R5", "Y1", "Y2"] and not catchable(state, A)


def test_hr_10_5_a_random_round_plays_to_its_end():
    state = random_round(variant("next-player-catches"), 3, seed=5)
    assert truth(state).round == 2 or state.is_over()
