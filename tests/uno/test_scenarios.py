"""The scenario checks UNO-S1 .. UNO-S27 of the UNO specification, step by step.

Players A, B, C, D sit clockwise; piles are listed top first. Where the specification
leaves a hand unstated ("B: 5 cards"), the hand holds cards that play no part. UNO-S25
(stacking) and the UNO-A1/UNO-A2 parts of UNO-S20/UNO-S23 belong to the house-rule variants.
"""
from __future__ import annotations

import pytest
from helpers import action_names, events_of, no_effect, refused, truth
from rulesrun.interpreter import IllegalAction
from rulesrun.interpreter.engine import events as ev
from uno_helpers import (A, B, C, D, accept, call_uno, catch, challenge, deal_round, draw, hand, keep, name_colour,
                         offered, pile, play, sizes, table, top)

FIVE = ["Y1", "Y2", "Y3", "Y4", "Y5"]


def catchable(state, target):
    return any(a.name == "catch" and a.get("target") == target for a in state.legal_actions())


def test_uno_s1_colour_and_number_matching(uno):
    state = table(uno, hands={A: ["B7", "G3", "Y9"]}, discard=["R7"])
    refused(state, lambda: play(state, "G3"))
    play(state, "B7")
    assert top(state) == "B7" and truth(state).variables["active_colour"] == "blue"
    assert hand(state, A) == ["G3", "Y9"]
    assert state.current_player() == B


def test_uno_s2_symbol_match_with_a_skip(uno):
    state = table(uno, hands={A: ["G-Skip", "B4", "Y1"]}, discard=["R-Skip"])
    play(state, "G-Skip")
    assert top(state) == "G-Skip" and truth(state).variables["active_colour"] == "green"
    assert [e.player for e in events_of(state, ev.Skipped)] == [B]
    assert state.current_player() == C


def test_uno_s3_reverse_with_four_players(uno):
    state = table(uno, hands={A: ["R-Rev", "B1", "B2"]}, discard=["R5"])
    play(state, "R-Rev")
    assert truth(state).direction == -1
    assert state.current_player() == D
    assert truth(state).variables["active_colour"] == "red"


def test_uno_s4_reverse_with_two_players(uno):
    state = table(uno, 2, hands={A: ["R-Rev", "R8", "B1"], B: FIVE}, discard=["R5"])
    play(state, "R-Rev")
    assert state.current_player() == A
    assert top(state) == "R-Rev" and truth(state).variables["active_colour"] == "red"
    play(state, "R8", call=False)
    assert top(state) == "R8" and state.current_player() == B
    assert hand(state, A) == ["B1"]
    assert catchable(state, A)  # A had to declare UNO


def test_uno_s5_draw_two(uno):
    state = table(uno, 3, hands={A: ["B-D2", "R1", "R2"], B: ["Y1", "Y2", "Y3", "Y4"]}, discard=["B3"],
                  draw=["G1", "G2", "G3"])
    play(state, "B-D2")
    assert hand(state, B) == ["G1", "G2", "Y1", "Y2", "Y3", "Y4"]
    assert state.current_player() == C
    assert pile(state, "draw")[0] == "G3"
    assert truth(state).variables["active_colour"] == "blue"


def test_uno_s6_wild_and_no_number_match_on_a_wild(uno):
    state = table(uno, hands={A: ["W", "R3", "R4"], B: ["R9", "G1", "Y2"]}, discard=["R9"])
    play(state, "W", colour="green")
    assert top(state) == "W" and truth(state).variables["active_colour"] == "green" and state.current_player() == B
    refused(state, lambda: play(state, "R9"))
    play(state, "G1")
    assert top(state) == "G1" and truth(state).variables["active_colour"] == "green"


def test_uno_s7_forced_draw_then_playing_the_drawn_card(uno):
    state = table(uno, hands={A: ["R1", "B2"]}, discard=["Y6"], draw=["Y2"])
    refused(state, lambda: play(state, "R1"))
    assert [a.name for a in state.legal_actions() if a.actor == A] == ["draw"]
    draw(state)
    assert hand(state, A) == ["B2", "R1", "Y2"]
    assert action_names(state, A) == {"play", "keep"} and offered(state) == {"Y2"}
    play(state, "Y2")
    assert top(state) == "Y2" and hand(state, A) == ["B2", "R1"] and state.current_player() == B


def test_uno_s8_voluntary_draw_and_no_other_card_after_drawing(uno):
    state = table(uno, hands={A: ["Y3", "B2", "R5"]}, discard=["Y6"], draw=["G6"])
    draw(state)
    assert "G6" in hand(state, A) and offered(state) == {"G6"}
    refused(state, lambda: play(state, "Y3"))
    keep(state)
    assert top(state) == "Y6"
    assert hand(state, A) == ["B2", "G6", "R5", "Y3"]
    assert state.current_player() == B


def test_uno_s8_variant_an_unplayable_drawn_card_ends_the_turn(uno):
    state = table(uno, hands={A: ["Y3", "B2", "R5"]}, discard=["Y6"], draw=["G8"])
    draw(state)
    assert state.current_player() == B and sizes(state)[A] == 4


def test_uno_s9_wild_draw_four_accepted(uno):
    state = table(uno, 3, hands={A: ["WD4", "B2", "G5"], B: ["R1", "R2", "R3", "R4", "R5"]}, discard=["R7"],
                  draw=["Y1", "Y2", "Y3", "Y4", "Y5"])
    play(state, "WD4", colour="blue")
    accept(state)
    assert hand(state, B) == ["R1", "R2", "R3", "R4", "R5", "Y1", "Y2", "Y3", "Y4"]
    assert state.current_player() == C and truth(state).variables["active_colour"] == "blue"


def test_uno_s10_challenge_succeeds(uno):
    state = table(uno, hands={A: ["WD4", "R2", "B5"], B: FIVE, C: ["Y6"], D: ["Y7"]}, discard=["R7"],
                  draw=["G1", "G2", "G3", "G4"])
    play(state, "WD4", colour="blue")
    challenge(state)
    assert hand(state, A) == ["B5", "G1", "G2", "G3", "G4", "R2"]
    assert sizes(state) == [6, 5, 1, 1]
    assert state.current_player() == B and truth(state).variables["active_colour"] == "blue"


def test_uno_s11_challenge_fails(uno):
    state = table(uno, hands={A: ["WD4", "B7", "W"], B: FIVE, C: ["Y6"], D: ["Y7"]}, discard=["R7"])
    play(state, "WD4", colour="green")
    challenge(state)
    assert hand(state, A) == ["B7", "W"]
    assert sizes(state)[B] == 11
    assert state.current_player() == C and truth(state).variables["active_colour"] == "green"


def test_uno_s12_legitimacy_is_judged_on_the_active_colour_not_the_top_card(uno):
    state = table(uno, hands={A: ["WD4", "Y1", "R3"], B: ["G1", "R6"], C: ["Y6"], D: ["Y7"]}, discard=["W"],
                  variables={"active_colour": "yellow"})
    play(state, "WD4", colour="red")
    challenge(state)
    assert sizes(state)[A] == 2 + 4
    assert state.current_player() == B and truth(state).variables["active_colour"] == "red"
    play(state, "R6", call=True)
    assert state.current_player() == C


def test_uno_s13_failed_challenge_with_two_players(uno):
    state = table(uno, 2, hands={A: ["WD4", "B1", "G2"], B: ["Y1", "Y2", "Y3", "Y4"]}, discard=["R7"])
    play(state, "WD4", colour="green")
    challenge(state)
    assert sizes(state) == [2, 10]
    assert state.current_player() == A and truth(state).variables["active_colour"] == "green"


def test_uno_s14_first_card_draw_two(uno):
    state = deal_round(uno.new_state(4, 0), D, ["B-D2"])
    assert sizes(state)[A] == 9
    assert state.current_player() == B
    assert truth(state).variables["active_colour"] == "blue" and truth(state).direction == 1


def test_uno_s15_first_card_reverse(uno):
    state = deal_round(uno.new_state(4, 0), D, ["G-Rev"], hands={D: ["G3"]})
    assert truth(state).direction == -1 and state.current_player() == D
    play(state, "G3")
    assert state.current_player() == C


def test_uno_s16_first_card_wild_draw_four_then_again(uno):
    state = deal_round(uno.new_state(4, 0), D, ["WD4"], ["WD4"], ["G5"])
    put_back = [e for e in events_of(state, ev.Moved) if e.from_zone == "discard" and e.to_zone == "draw"]
    assert len(put_back) == 2
    assert pile(state, "discard") == ["G5"]
    assert len(truth(state).zones["draw"]) == 79
    assert state.current_player() == A


def test_uno_s16_variant_the_new_card_is_a_wild(uno):
    state = deal_round(uno.new_state(4, 0), D, ["WD4"], ["W"], hands={A: ["Y4"]})
    assert top(state) == "W" and state.current_player() == A
    name_colour(state, "yellow")
    assert state.current_player() == A
    play(state, "Y4")
    assert state.current_player() == B


def test_uno_s17_first_card_skip_with_two_players(uno):
    state = deal_round(uno.new_state(2, 0), A, ["R-Skip"])
    assert truth(state).dealer == A
    assert state.current_player() == A
    assert sizes(state) == [7, 7] and truth(state).variables["active_colour"] == "red"


def s18(uno, b_hand=("B1", "B2"), **position):
    hands = {A: ["R3", "R5"], B: list(b_hand), C: ["R1", "G8", "G9"], D: ["R2", "Y8", "Y7"]}
    return table(uno, hands=hands, discard=["R7"], draw=["Y1", "Y2"], **position)


def test_uno_s18_uno_declared_with_the_play(uno):
    state = s18(uno)
    play(state, "R3", call=True)
    assert hand(state, A) == ["R5"] and not catchable(state, A)
    no_effect(state, lambda: catch(state, C, A))
    assert hand(state, A) == ["R5"]


def test_uno_s19_uno_forgotten_and_caught(uno):
    state = s18(uno, b_hand=("R9", "G4"))
    play(state, "R3", call=False)
    play(state, "R9", call=True)  # B's play begins the next turn
    no_effect(state, lambda: call_uno(state, A))
    assert catchable(state, A)
    assert state.current_player() == C
    catch(state, D, A)
    assert hand(state, A) == ["R5", "Y1", "Y2"]
    assert not catchable(state, A)


def test_uno_s20_the_catch_window_lasts_until_the_last_card(uno):
    state = s18(uno, b_hand=("R9", "G4"))
    play(state, "R3", call=False)
    play(state, "R9", call=True)
    play(state, "R1")
    play(state, "R2")
    assert state.current_player() == A
    catch(state, B, A)
    assert hand(state, A) == ["R5", "Y1", "Y2"]
    assert state.current_player() == A and action_names(state, A) >= {"play", "draw"}


def test_uno_s21_going_out_closes_the_window(uno):
    state = table(uno, hands={A: ["R5"], B: ["B1", "B2"]}, discard=["R9"], variables={"exposed": {A: True}})
    assert catchable(state, A)
    play(state, "R5")
    assert events_of(state, ev.RoundEnded)[0].winner == A
    no_effect(state, lambda: catch(state, B, A))


def test_uno_s22_last_card_draw_two_and_scoring(uno):
    state = table(uno, 3, hands={A: ["B-D2"], B: ["R5", "G-Skip"], C: ["Y9", "WD4", "Y0"]}, discard=["B4"],
                  draw=["R8", "W"])
    play(state, "B-D2")
    (ended,) = events_of(state, ev.RoundEnded)
    assert ended.winner == A
    assert state.scores() == [142, 0, 0]  # B: 5+20+8+50 = 83, C: 9+50+0 = 59


def test_uno_s23_winning_the_game(uno):
    state = table(uno, 3, hands={A: ["R3"], B: ["R5", "G-Skip", "W"], C: ["B9", "WD4", "Y0"]}, discard=["R9"],
                  variables={"score": [400, 430, 300]})
    play(state, "R3")
    assert state.scores() == [534, 430, 300]
    assert state.is_over() and truth(state).winners == (A,)


def test_uno_s24_reshuffling_the_discard_pile(uno):
    state = table(uno, hands={B: ["R2", "Y3"]}, discard=["G5", "W", "B1", "R1"], current=B,
                  variables={"active_colour": "green"}, rest=("hand", D))
    assert truth(state).zones["draw"] == [] and offered(state) == set()
    draw(state)
    assert pile(state, "discard") == ["G5"]
    assert truth(state).variables["active_colour"] == "green"
    received = set(hand(state, B)) - {"R2", "Y3"}
    assert len(received) == 1 and received <= {"W", "B1", "R1"}
    assert sorted(pile(state, "draw") + list(received)) == ["B1", "R1", "W"]


def test_uno_s26_nothing_left_to_draw_and_stalemate(uno):
    # All 103 other cards are in B's hand, as they must be somewhere when the draw pile is empty.
    state = table(uno, 2, hands={A: ["G1", "Y2"], B: ["B3", "G4"]}, discard=["R5"], rest=("hand", B),
                  dealer=B, variables={"score": [120, 80]})
    draw(state)
    assert hand(state, A) == ["G1", "Y2"] and state.current_player() == B
    draw(state)
    (ended,) = events_of(state, ev.RoundEnded)
    assert ended.winner is None
    assert state.scores() == [120, 80]
    assert truth(state).round == 2 and truth(state).dealer == A


def test_uno_s26_variant_a_draw_two_on_an_empty_pile(uno):
    # The other cards sit in A's hand, so A holds more than R-D2 and G1 and no UNO call arises.
    state = table(uno, 2, hands={A: ["R-D2", "G1"], B: ["B3", "G4"]}, discard=["R5"], rest=("hand", A),
                  dealer=B)
    play(state, "R-D2")
    assert hand(state, B) == ["B3", "G4", "R5"]
    assert state.current_player() == A
    assert truth(state).zones["draw"] == [] and pile(state, "discard") == ["R-D2"]


@pytest.mark.parametrize("players", [1, 11])
def test_uno_s27_player_count_refused(uno, players):
    with pytest.raises(IllegalAction):
        uno.new_state(players, 0)


@pytest.mark.parametrize("players,after_deal,after_turn_up", [(10, 38, 37), (2, 94, 93)])
def test_uno_s27_setup_sizes(uno, players, after_deal, after_turn_up):
    for seed in range(6):
        state = uno.new_state(players, seed)
        start = max(i for i, e in enumerate(state.events) if isinstance(e, ev.Gathered))
        size, sizes_seen, turned = 108, [], None
        for event in state.events[start:]:
            if isinstance(event, ev.Moved):
                if event.to_zone == "discard" and turned is None:
                    turned = size  # the size right after the deal
                size += (event.to_zone == "draw") - (event.from_zone == "draw")
                if event.to_zone == "discard":
                    sizes_seen.append(size)
        assert turned == after_deal
        assert sizes_seen[-1] == after_turn_up
        assert len(truth(state).zones["discard"]) == 1
        assert sum(sizes(state)) + len(truth(state).zones["draw"]) == 107
