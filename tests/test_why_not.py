"""Explainable legality: why_not names the part of the rule that failed, in the ruleset's words."""
from __future__ import annotations

import pytest
from helpers import truth
from rulesrun.cli.moves import SORRY
from rulesrun.interpreter import Action, load_game, say_refusal
from rulesrun.interpreter.words.refusals import say_short
from uno.uno_helpers import table


def _card(state, label):
    return next(c for c in range(len(state.game.components)) if state.game.label(c) == label
                and c in sum(truth(state).zones["hand"], []))


def test_a_card_that_matches_nothing_is_explained_part_by_part():
    game = load_game("uno")
    state = table(game, hands={0: ["Y9", "B5", "G1"], 1: ["B1", "B2"]}, discard=["B8"])
    refusal = state.why_not(Action("play", 0, (("card", _card(state, "yellow 9")),)))
    assert refusal.code == "where" and refusal.choice == "card"
    reason = say_refusal(refusal)
    assert reason.startswith("yellow 9 does not satisfy the rule for card: ")
    assert "playable(card) is false: " in reason
    assert "card.colour is yellow and active_colour is blue" in reason
    assert "card.number is 9 and top_card.number is 8" in reason


def test_a_legal_card_has_no_reason():
    game = load_game("uno")
    state = table(game, hands={0: ["Y9", "B5", "G1"], 1: ["B1", "B2"]}, discard=["B8"])
    assert state.why_not(Action("play", 0, (("card", _card(state, "blue 5")),))) is None


def test_an_action_of_another_phase_or_player_says_so():
    game = load_game("uno")
    state = table(game, hands={0: ["Y9", "B5", "G1"], 1: ["B1", "B2"]}, discard=["B8"])
    assert say_refusal(state.why_not(Action("keep", 0))) == "keep is not possible now (the turn is at main)"
    assert say_refusal(state.why_not(Action("draw", 1))) == "it is not player 2's turn"
    assert say_refusal(state.why_not(Action("call_uno", 1))) == "call_uno is not possible now: may_call is false"
    assert [state.why_not(a).code for a in (Action("keep", 0), Action("draw", 1), Action("call_uno", 1))] == [
        "wrong_phase", "not_your_turn", "guard"]


def test_dos_s5_b_a_double_that_does_not_add_up_names_the_sum():
    from dos.dos_cards import match_action
    from dos.dos_cards import table as dos_table
    state = dos_table(hands={0: ["R3", "B5", "Y4"]}, row=["Y9"])
    refusal = state.why_not(match_action(state, "Y9", "R3", "B5"))
    assert refusal.code == "require"
    reason = say_refusal(refusal)
    assert reason.startswith("these choices do not satisfy the rule for match: ")
    assert "is 8" in reason and "is 9" in reason


def _chooser(state, width: int = 80):
    from rulesrun.cli.moves import Chooser

    chooser = Chooser(state, [a for a in state.legal_actions() if a.actor == state.current_player()])
    chooser.width = width
    return chooser


def test_play_explains_a_typed_move_that_is_not_allowed():
    """rulesrun play: naming one of your cards that cannot be played says why in one short line, with the values."""
    game = load_game("uno")
    state = table(game, hands={0: ["Y9", "B5", "G1"], 1: ["B1", "B2"]}, discard=["B8"])
    problem = _chooser(state).typed("y9").problem
    assert problem.startswith("yellow 9 doesn't match: active colour is blue, top card number is 8")
    assert "is false" not in problem and problem.count("\n") <= 1


def test_a_card_that_does_not_match_names_the_colour_and_the_top_card():
    game = load_game("uno")
    state = table(game, hands={0: ["Y4", "B5", "G1"], 1: ["B1", "B2"]}, discard=["G-Skip"])
    assert say_short(state.why_not(Action("play", 0, (("card", _card(state, "yellow 4")),)))) == \
        "yellow 4 doesn't match: active colour is green, top card kind is skip"


def test_the_whole_trace_is_given_on_request():
    game = load_game("uno")
    state = table(game, hands={0: ["Y9", "B5", "G1"], 1: ["B1", "B2"]}, discard=["B8"])
    chooser = _chooser(state, 200)
    assert chooser.typed("why").problem == "no move was refused yet"
    chooser.typed("y9")
    trace = " ".join(chooser.typed("why").problem.split())
    assert trace.startswith("play yellow 9 is not allowed: yellow 9 does not satisfy the rule for card")
    assert "card.colour is yellow and active_colour is blue" in trace


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("typed", ["y9", "why"])
def test_a_refusal_fits_the_width_without_breaking_a_word(width: int, typed: str):
    game = load_game("uno")
    state = table(game, hands={0: ["Y9", "B5", "G1"], 1: ["B1", "B2"]}, discard=["B8"])
    chooser = _chooser(state, width)
    whole = chooser.typed("y9").problem
    problem = chooser.typed(typed).problem
    said = (SORRY + problem).split("\n")
    assert all(len(line) <= width for line in said)
    unbroken = whole if typed == "y9" else chooser.last_refusal
    assert " ".join(problem.split()) == " ".join(unbroken.split())  # lines end between words only
    assert all(word in unbroken.split() for line in said[1:] for word in line.split()[:1])


def test_a_dos_match_that_does_not_add_up_says_why():
    from dos.dos_cards import table as dos_table

    state = dos_table(hands={0: ["R3", "B5", "Y4"]}, row=["Y9"])
    chooser = _chooser(state)
    problem = chooser.typed("match y9 r3 b5").problem
    assert "no move here matches" not in problem
    assert problem.startswith("this match doesn't add up: it comes to 8, not 9")
    assert "adds_up(" in chooser.typed("why").problem
    assert chooser.typed("y9 b5 r3").problem.startswith("this match doesn't add up")


def test_every_refusal_code_has_words(tmp_path) -> None:
    """Each code of the engine is said (those of a rule's condition are said with it, above)."""
    from rulesrun.interpreter.engine import refusals as R
    from test_explain import EVERY_CONSTRUCT

    path = tmp_path / "every-construct.yaml"
    path.write_text(EVERY_CONSTRUCT, encoding="utf-8")
    game = load_game(str(path))
    play = Action("play", 0, (("cards", (0,)),))
    said = {code: say_refusal(R.Refusal(code, game, play, choice="cards", value=0, phase="go", count=11))
            for code in R.CODES if code not in R.RULES}
    assert [code for code, words in said.items() if not words or "{" in words] == []
    assert said[R.PLAYERS] == "every-construct is played by 2 to 4 players, not 11"
    assert said[R.SET_SIZE] == "cards must hold 1 to 2 components"
    assert said[R.NOT_YOUR_TURN] == "it is not player 1's turn"
