"""UNO-8 calling "UNO" and being caught."""
from __future__ import annotations

from helpers import action_names, no_effect, truth
from uno_helpers import A, B, C, D, accept, call_uno, catch, draw, hand, play, sizes, table

PENALTY = ["Y1", "Y2", "Y4", "Y6", "Y8", "Y9"]  # never match the red 3, 5 or 7 by number


def start(uno, a_hand=("R3", "R5"), players=4, stock=PENALTY):
    """A to play onto a red 7 holding `a_hand`; the others hold two blue or green cards each."""
    others = {B: ["B1", "B2"], C: ["G1", "G2"], D: ["B8", "G8"]}
    hands = {A: list(a_hand), **{s: h for s, h in others.items() if s < players}}
    return table(uno, players, hands=hands, discard=["R7"], draw=stock)


def catchable(state, target):
    """Some other player is offered to catch `target` now."""
    return any(a.name == "catch" and a.get("target") == target for a in state.legal_actions())


def test_uno_8_1_a_play_that_leaves_one_card_must_be_declared(uno):
    state = start(uno)
    assert {a.get("call") for a in state.legal_actions() if a.name == "play"} == {True, False}
    play(state, "R3", call=False)
    assert catchable(state, A)


def test_uno_8_1_declared_with_the_play(uno):
    state = start(uno)
    play(state, "R3", call=True)
    assert not catchable(state, A)


def test_uno_8_1_no_call_is_asked_while_more_cards_remain(uno):
    state = start(uno, ("R3", "R5", "G9"))
    assert all(a.get("call") is None for a in state.legal_actions() if a.name == "play")
    play(state, "R3")
    assert not catchable(state, A)


def test_uno_8_1_the_obligation_arises_anew(uno):
    state = start(uno, ("R3", "R5"), players=2, stock=["Y1", "R4"])
    play(state, "R3", call=True)
    draw(state)  # B draws a yellow 1 and cannot play it
    draw(state)  # A draws a red 4: two cards again
    assert sizes(state)[A] == 2
    play(state, "R4", call=False)
    assert hand(state, A) == ["R5"]
    assert catchable(state, A)


def test_uno_8_2_declared_after_the_play_before_the_next_turn_begins(uno):
    state = start(uno)
    play(state, "R3", call=False)
    call_uno(state, A)
    assert not catchable(state, A)


def test_uno_8_2_the_player_who_played_is_asked_first_once_the_turn_has_passed(uno):
    """UNO-8.2, UNO-8.7: after the play the next player's turn has begun to be offered, but the
    player who played is asked first for their own claims, so they call before anyone can catch."""
    from rulesrun.interpreter.play.bots import GreedyBot
    from rulesrun.interpreter.play.runner import step

    state = start(uno)
    play(state, "R3", call=False)
    assert state.current_player() == B and catchable(state, A)
    assert state.claim_order()[:2] == [A, B]
    taken = step(state, [GreedyBot(seat) for seat in range(truth(state).players)])
    assert (taken.name, taken.actor) == ("call_uno", A)
    assert not catchable(state, A)


def test_uno_8_2_a_declaration_after_the_next_turn_began_has_no_effect(uno):
    state = start(uno)
    play(state, "R3", call=False)
    draw(state, by=B)  # B's draw begins the next turn
    no_effect(state, lambda: call_uno(state, A))
    assert catchable(state, A)


def test_uno_8_2_penalty_draws_do_not_begin_the_next_turn(uno):
    state = start(uno, ("R-D2", "R5"))
    play(state, "R-D2", call=False)
    assert sizes(state)[B] == 4 and state.current_player() == C
    call_uno(state, A)
    assert not catchable(state, A)


def test_uno_8_2_answering_a_wild_draw_four_begins_the_next_turn(uno):
    state = start(uno, ("WD4", "B5"))
    play(state, "WD4", colour="blue", call=False)
    accept(state)
    no_effect(state, lambda: call_uno(state, A))
    assert catchable(state, A)


def test_uno_8_2_with_two_players_the_declarer_may_take_the_next_turn(uno):
    state = start(uno, ("R-Skip", "R5"), players=2)
    play(state, "R-Skip", call=False)
    assert state.current_player() == A
    call_uno(state, A)
    assert not catchable(state, A)


def test_uno_8_2_with_two_players_the_declarers_own_next_play_ends_the_window(uno):
    state = start(uno, ("R-Skip", "R5", "G5"), players=2)
    play(state, "R-Skip")
    play(state, "R5", call=False)
    assert state.current_player() == B
    draw(state)  # B begins the next turn
    no_effect(state, lambda: call_uno(state, A))


def test_uno_8_3_exposure_ends_when_the_hand_no_longer_holds_one_card(uno):
    state = start(uno, ("R3", "R5"), players=2, stock=["G6"])
    play(state, "R3", call=False)
    assert catchable(state, A)
    draw(state, by=B)  # B holds no red card and draws; the turn passes back to A
    draw(state)  # A draws: two cards now
    assert sizes(state)[A] == 2
    assert not catchable(state, A)


def test_uno_8_3_exposure_ends_when_the_last_card_is_played(uno):
    state = start(uno)
    play(state, "R3", call=False)
    for seat in (B, C, D):
        draw(state, by=seat)
    play(state, "R5")
    assert truth(state).round == 2
    assert not catchable(state, A)


def test_uno_8_4_a_caught_player_draws_two_out_of_turn(uno):
    state = start(uno)
    play(state, "R3", call=False)
    catch(state, D, A)  # during B's turn
    assert hand(state, A) == ["R5", "Y1", "Y2"]
    assert state.current_player() == B
    assert not catchable(state, A)


def test_uno_8_4_a_catch_may_be_made_by_the_player_whose_turn_it_is(uno):
    state = start(uno)
    play(state, "R3", call=False)
    catch(state, B, A)
    assert sizes(state)[A] == 3
    assert state.current_player() == B and action_names(state, B) >= {"draw"}


def test_uno_8_4_nobody_catches_themselves(uno):
    state = start(uno)
    play(state, "R3", call=False)
    no_effect(state, lambda: catch(state, A, A))


def test_uno_8_5_the_window_stays_open_until_the_last_card(uno):
    state = start(uno)
    play(state, "R3", call=False)
    for seat in (B, C, D):
        draw(state, by=seat)
        assert catchable(state, A)
    assert state.current_player() == A
    catch(state, C, A)
    assert sizes(state)[A] == 3 and state.current_player() == A


def test_uno_8_6_catching_a_player_who_is_not_exposed_has_no_effect(uno):
    state = start(uno)
    no_effect(state, lambda: catch(state, B, A))  # two cards
    play(state, "R3", call=True)
    no_effect(state, lambda: catch(state, B, A))  # declared
    no_effect(state, lambda: catch(state, A, C))  # two cards


def test_uno_8_7_once_declared_the_player_cannot_be_caught_for_that_card(uno):
    state = start(uno)
    play(state, "R3", call=False)
    call_uno(state, A)
    no_effect(state, lambda: catch(state, C, A))
    assert hand(state, A) == ["R5"]


def test_uno_8_7_once_caught_a_declaration_changes_nothing(uno):
    state = start(uno)
    play(state, "R3", call=False)
    catch(state, C, A)
    no_effect(state, lambda: call_uno(state, A))
    assert sizes(state)[A] == 3


def test_uno_8_8_a_declaration_before_the_play_does_not_count(uno):
    state = start(uno)
    no_effect(state, lambda: call_uno(state, A))  # still two cards: no call is due
    play(state, "R3", call=False)
    assert catchable(state, A)


def test_uno_8_8_a_declaration_by_a_player_with_several_cards_has_no_effect(uno):
    state = start(uno)
    for seat in (B, C, D):
        no_effect(state, lambda: call_uno(state, seat))
