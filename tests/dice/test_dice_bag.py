"""Drawing from the bag: DICE-10."""
from __future__ import annotations

from dice_lookup import A, B, C, Luck, assert_conserved, catch, catch_wild_four, center, die, hand, play, sizes, table
from helpers import events_of, truth
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine.state import inspect


def test_dice_10_1_each_drawn_die_is_rolled_at_once() -> None:
    """DICE-10.1: several dice are drawn and rolled one after the other."""
    state = table(center="N18=Y3", hands={A: ["C1=Y-D2", "N17=B1"]}, bag=["N02", "N03"])
    Luck(state, draws=["N02", "N03"], rolls={"N02": "f6", "N03": "f1"})
    play(state, "C1")
    n02, n03 = die(state.game, "N02"), die(state.game, "N03")
    steps = [(type(e).__name__, e.component) for e in state.events if isinstance(e, (ev.Moved, ev.Rolled))
             and e.component in (n02, n03)]
    assert steps == [("Moved", n02), ("Rolled", n02), ("Moved", n03), ("Rolled", n03)]
    assert {"N02=Y6", "N03=R1"} <= set(hand(state, B))


def test_dice_10_2_the_caught_wild_draw_four_penalty_takes_what_there_is() -> None:
    """DICE-10.2: with two dice left after the restore, the offender draws two; the turn still ends."""
    state = table(center="N12=R3", hands={A: ["WD4", "N04=R5"], B: 4}, bag=["N02", "N03"], bag_size=2)
    Luck(state, draws=["N02", "N03"], rolls={"N02": "f1", "N03": "f1"})
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    assert hand(state, A) == ["N02=R1", "N03=R1", "N04=R5", "WD4"] and not truth(state).zones["bag"]
    assert state.current_player() == B


def test_dice_10_3_the_restore_takes_the_old_center_out_of_the_bag() -> None:
    """DICE-10.3: besides draws, the bag loses a die only to the restore of DICE-9.6 (b)."""
    state = table(center="N12=R3", hands={A: ["WD4", "N04=R5"], B: 4}, bag_size=6)
    Luck(state, strict=False)
    play(state, "WD4", colour="blue")
    inspect(state).events.clear()
    catch_wild_four(state, by=B)
    leaving = [(e.component, e.to_zone, e.to_owner) for e in events_of(state, ev.Moved) if e.from_zone == "bag"]
    assert leaving[0] == (die(state.game, "N12"), "center", None)
    assert all((zone, owner) == ("hand", A) for _, zone, owner in leaving[1:])
    assert len(leaving) == 5


def test_dice_10_4_empty_bag_caught_wild_draw_four_draws_nothing() -> None:
    """DICE-10.4: after the restore the bag is empty; the offender keeps the hand and draws nothing."""
    state = table(center="N12=R3", hands={A: ["WD4", "N04=R5"], B: 4}, bag_size=0)
    Luck(state)
    play(state, "WD4", colour="blue")
    catch_wild_four(state, by=B)
    assert hand(state, A) == ["N04=R5", "WD4"] and center(state) == "N12=R3" and not truth(state).zones["bag"]
    assert state.current_player() == B
    assert_conserved(state)


def test_dice_10_4_nothing_is_taken_from_a_hand_or_the_center() -> None:
    """DICE-10.4: an UNO penalty finding one die in the bag takes that one and nothing else."""
    state = table(center="N12=R3", hands={A: ["N01=G3", "N06=Y1"]}, bag_size=0)
    Luck(state, draws=["N12"], rolls={"N12": "f1"})
    play(state, "N01")
    inspect(state).events.clear()
    catch(state, by=B, target=A)
    moves = [(e.from_zone, e.to_zone, e.to_owner) for e in events_of(state, ev.Moved)]
    assert moves == [("bag", "hand", A)] and sizes(state)[A] == 2 and not truth(state).zones["bag"]


def test_dice_10_4_a_draw_two_victim_always_gets_the_replaced_die() -> None:
    """DICE-10.4: without house rules the bag is never empty when a Draw Two must be drawn."""
    state = table(center="N16=B1", hands={A: ["C3=B-D2", "N04=R1"], C: 10}, bag_size=0)
    Luck(state, draws=["N16"], rolls={"N16": "f1"})
    before = sizes(state)[B]
    play(state, "C3")
    assert sizes(state)[B] == before + 1 and state.current_player() == C
