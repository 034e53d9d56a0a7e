"""UNO-10 an empty draw pile: reshuffling, draws cut short, passes and stalemate.

To empty the draw pile, every card the position does not list is parked in one player's
hand (`rest=("hand", seat)`): with 108 cards in play, that is where they would be.
"""
from __future__ import annotations

from helpers import events_of, refused, truth
from rulesrun.interpreter.engine import events as ev
from uno_helpers import A, B, C, D, accept, catch, challenge, draw, hand, keep, pile, play, sizes, table


def test_uno_10_1_the_discard_pile_except_its_top_becomes_the_draw_pile(uno):
    state = table(uno, hands={B: ["R2", "Y3"]}, discard=["G5", "B7", "B1", "R1"], current=B,
                  variables={"active_colour": "green"}, rest=("hand", D))
    draw(state)
    assert pile(state, "discard") == ["G5"]
    assert sizes(state)[B] == 3 and len(truth(state).zones["draw"]) == 2
    assert sorted(pile(state, "draw") + hand(state, B)) == ["B1", "B7", "R1", "R2", "Y3"]
    assert any(e.zone == "draw" for e in events_of(state, ev.Shuffled))


def test_uno_10_1_reshuffling_in_the_middle_of_a_penalty_draw(uno):
    state = table(uno, hands={A: ["R-D2", "G4", "B4"], B: ["Y1", "Y2"]}, discard=["R5", "G7", "B8"],
                  draw=["Y9"], rest=("hand", C))
    play(state, "R-D2")
    assert sizes(state)[B] == 4
    assert "Y9" in hand(state, B)
    assert len(set(hand(state, B)) & {"R5", "G7", "B8"}) == 1
    assert pile(state, "discard") == ["R-D2"] and len(truth(state).zones["draw"]) == 2
    assert state.current_player() == C


def test_uno_10_1_reshuffling_for_a_catch_penalty(uno):
    state = table(uno, hands={A: ["R3"], B: ["Y3", "G4"]}, discard=["R7", "G2", "G3"], rest=("hand", D),
                  variables={"exposed": {A: True}})
    catch(state, C, A)
    assert hand(state, A) == ["G2", "G3", "R3"]
    assert pile(state, "discard") == ["R7"] and truth(state).zones["draw"] == []


def test_uno_10_2_a_reshuffled_wild_loses_its_colour_but_the_active_colour_stays(uno):
    state = table(uno, hands={B: ["R2", "Y3"]}, discard=["G5", "W"], current=B,
                  variables={"active_colour": "green"}, rest=("hand", D))
    draw(state)  # the Wild named green earlier is the only card to reshuffle: B draws it
    assert hand(state, B) == ["R2", "W", "Y3"]
    assert truth(state).variables["active_colour"] == "green"
    refused(state, lambda: play(state, "W"))  # it carries no colour: one must be named again
    play(state, "W", colour="red")
    assert truth(state).variables["active_colour"] == "red"


def test_uno_10_3_a_draw_with_nothing_to_draw_is_a_pass(uno):
    state = table(uno, 2, hands={A: ["G1", "Y2"]}, discard=["R5"], rest=("hand", B))
    draw(state)
    assert hand(state, A) == ["G1", "Y2"]
    assert state.current_player() == B
    assert truth(state).variables["passes"] == 1


def test_uno_10_3_a_voluntary_draw_of_nothing_is_a_pass_too(uno):
    state = table(uno, 3, hands={A: ["R1", "Y2"]}, discard=["R5"], rest=("hand", B))
    draw(state)  # A could have played the red 1
    assert sizes(state)[A] == 2 and state.current_player() == B and truth(state).variables["passes"] == 1


def test_uno_10_3_a_penalty_is_cut_short_but_the_turn_is_still_lost(uno):
    state = table(uno, hands={A: ["R-D2", "G1", "G2"], B: ["B3", "G4"]}, discard=["R5"], rest=("hand", D))
    play(state, "R-D2")
    assert hand(state, B) == ["B3", "G4", "R5"]
    assert state.current_player() == C
    assert pile(state, "discard") == ["R-D2"] and truth(state).zones["draw"] == []


def test_uno_10_3_a_failed_challenge_with_nothing_to_draw_still_costs_the_turn(uno):
    state = table(uno, hands={A: ["WD4", "B1", "G2"], B: ["Y3", "Y4"]}, discard=["R7"], rest=("hand", D))
    play(state, "WD4", colour="green")
    challenge(state)
    assert sizes(state)[B] == 2 + 1  # only the red 7 could be drawn
    assert state.current_player() == C


def test_uno_10_3_a_successful_challenge_with_nothing_to_draw_keeps_its_turn_order(uno):
    state = table(uno, hands={A: ["WD4", "R1", "G2"], B: ["Y3", "G4"]}, discard=["R7"], rest=("hand", D))
    play(state, "WD4", colour="green")
    challenge(state)
    assert sizes(state)[A] == 2 + 1
    assert state.current_player() == B
    play(state, "G4", call=True)
    assert state.current_player() == C


def test_uno_10_3_an_accepted_wild_draw_four_is_cut_short_and_the_turn_lost(uno):
    state = table(uno, hands={A: ["WD4", "R1", "G2"], B: ["Y3", "G4"]}, discard=["R7"], rest=("hand", D))
    play(state, "WD4", colour="green")
    accept(state)
    assert hand(state, B) == ["G4", "R7", "Y3"]
    assert state.current_player() == C


def test_uno_10_3_a_caught_player_receives_only_what_is_left(uno):
    state = table(uno, hands={A: ["R3", "R4"], B: ["Y3", "G4"]}, discard=["R7"], rest=("hand", D))
    play(state, "R3", call=False)
    catch(state, C, A)
    assert hand(state, A) == ["R4", "R7"]  # the red 7 was the only card left to draw


def test_uno_10_3_a_caught_player_stops_being_exposed_even_with_nothing_to_draw(uno):
    state = table(uno, hands={A: ["R3"], B: ["Y3", "G4"]}, discard=["R7"], rest=("hand", D),
                  variables={"exposed": {A: True}})
    catch(state, C, A)
    assert hand(state, A) == ["R3"]
    assert not any(a.name == "catch" for a in state.legal_actions())


def test_uno_10_4_an_empty_draw_pile_does_not_end_the_round(uno):
    state = table(uno, 3, hands={A: ["G1", "Y2"], B: ["B3", "G4"]}, discard=["R5"], rest=("hand", C))
    draw(state)
    draw(state)
    assert truth(state).round == 1 and not state.is_over()
    assert state.current_player() == C


def test_uno_10_5_as_many_passes_in_a_row_as_players_end_the_round_without_a_winner(uno):
    state = table(uno, 2, hands={A: ["G1", "Y2"], B: ["B3", "G4"]}, discard=["R5"], rest=("hand", B),
                  variables={"score": [120, 80]}, dealer=B)
    draw(state)
    assert truth(state).round == 1
    draw(state)
    (ended,) = events_of(state, ev.RoundEnded)
    assert ended.winner is None
    assert state.scores() == [120, 80]
    assert truth(state).round == 2 and truth(state).dealer == A and not state.is_over()


def test_uno_10_5_any_play_breaks_the_run_of_passes(uno):
    state = table(uno, 3, hands={A: ["G1", "Y2"], B: ["B3", "G4"], C: ["R7", "Y8"]}, discard=["R5"],
                  rest=("hand", A))
    draw(state)  # A passes
    draw(state)  # B passes
    play(state, "R7", call=True)  # C plays: the run is broken
    draw(state)  # A draws the red 5 from the reshuffled pile: not a pass
    keep(state)
    draw(state)  # B passes
    draw(state)  # C passes
    assert truth(state).round == 1
    draw(state)  # A passes: three in a row
    assert truth(state).round == 2
    assert events_of(state, ev.RoundEnded)[0].winner is None
