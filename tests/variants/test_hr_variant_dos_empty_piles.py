"""HR-15 `end_round` for DOS (dos/empty-piles-end-round): a draw from an empty pile ends the round.

Every card not in a hand or the Center Row lies in the discard pile, so the draw pile is empty.
"""
from __future__ import annotations

from dos.dos_cards import A, B, C, dos, draw, hand, round_ended, table
from helpers import truth
from rulesrun.interpreter import load_game
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out


def variant():
    return load_game("dos/empty-piles-end-round")


def stuck(game, b_hand):
    """A holds R1 and R3 (4 points), cannot match the B10 and must draw from the empty pile."""
    state = table(3, game=game, hands={A: ["R1", "R3"], B: b_hand, C: ["G8", "Y8"]}, row=["B10"], rest="discard")
    draw(state)
    return state


def test_hr_15_1_base_dos_reshuffles_the_discards_and_the_player_draws():
    state = stuck(dos(), ["B9"])
    assert len(hand(state, A)) == 3 and round_ended(state) is None


def test_hr_15_1_end_round_the_lowest_hand_wins_and_scores_the_others():
    state = stuck(variant(), ["B9"])
    assert round_ended(state).winner == A and truth(state).round == 2
    assert state.scores() == [9 + 16, 0, 0]


def test_hr_15_1_end_round_a_tie_for_the_lowest_hand_scores_nobody():
    state = stuck(variant(), ["B4"])
    assert round_ended(state).winner is None and truth(state).round == 2
    assert state.scores() == [0, 0, 0]


def test_hr_15_a_random_round_plays_to_its_end():
    state = play_out(variant().new_state(3, 9), [RandomBot(9 + seat) for seat in range(3)], single_round=True)
    assert truth(state).round == 2 or state.is_over()
