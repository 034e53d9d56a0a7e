"""`rulesrun play`: the table, moves asked step by step or typed, claims, hot-seat, bots, bad input.

Scripted games run through click's test runner; one test drives a real
pseudo-terminal. Rule IDs name the rule a test leans on where there is one.
"""
from __future__ import annotations

import io
import os
import re
import signal
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from helpers import arrange, truth
from helpers import run_cli as run
from rulesrun.cli import play as play_module
from rulesrun.cli.moves import Chooser, looks, pieces
from rulesrun.cli.play import HumanSeat, TakeBack, Terminal
from rulesrun.cli.style import Style, component_ink, words
from rulesrun.cli.table import describe_action, render_table
from rulesrun.interpreter import Action, Game, State, load_game, shipped_rulesets
from rulesrun.interpreter.engine import position
from rulesrun.interpreter.play.bots import GreedyBot
from rulesrun.interpreter.play.log import read_games, replay
from rulesrun.interpreter.play.runner import step

SHIPPED = [name for name, _ in shipped_rulesets()]
BASES = [name for name in SHIPPED if "/" not in name]  # whole games are played for the games themselves
ESCAPE = "\x1b"


def game_over_line(output: str) -> str:
    return next(line for line in output.splitlines() if line.startswith("Game over. "))


def labels(game: Game) -> Callable[[str], list[int]]:
    """Look components up by the label people see ("wild draw four", "blue #")."""
    table: dict[str, list[int]] = {}
    for comp in game.components:
        table.setdefault(words(game.label(comp.id)), []).append(comp.id)
    return lambda label: table[label]


def answers(monkeypatch: pytest.MonkeyPatch, replies: list[str]) -> list[str]:
    """Feed `replies` to input(); returns the prompts asked. Running out is closed input."""
    prompts: list[str] = []
    feed = iter(replies)

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    return prompts


def uno_position(hand: list[str], other: tuple[str, ...] = ("green 1", "green 2", "green 3"), top: str = "red 3",
                 colour: str = "red", players: int = 2, **more: Any) -> State:
    """A UNO position: seat 0 holds `hand`, every other seat `other`; `top` on the discard pile."""
    game = load_game("uno")
    variables = {"active_colour": colour, **more.pop("variables", {})}
    return arrange(game.new_state(players, 0), hands={p: hand if p == 0 else list(other) for p in range(players)},
                   zones={"discard": [top]}, variables=variables, lookup=labels(game), **more)


def decide(state: State, monkeypatch: pytest.MonkeyPatch, replies: list[str], player: int = 0,
           may_pass: bool = False) -> Action | None:
    answers(monkeypatch, replies)
    actions = [a for a in state.legal_actions() if a.actor == player]
    return Terminal(1).decide(state, player, actions, may_pass)


def card(state: State, label: str) -> int:
    return next(c for c in labels(state.game)(label) if truth(state).place(c)[0] == state.game.hand_zone)


# ---------------------------------------------------------------- full games through stdin


def first_answer(prompt: str = "") -> str:
    """A person who always takes the first choice offered, and Enter for anything else."""
    offered = re.search(r"choose (\d+)", prompt)
    return offered.group(1) if offered else ""


def always_first(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Let `first_answer` play; returns the prompts it was asked."""
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return first_answer(prompt)

    monkeypatch.setattr("builtins.input", fake_input)
    return prompts


@pytest.mark.parametrize("ruleset", BASES)
def test_a_full_game_played_through_the_cli(ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One person against a greedy bot, always taking the first choice: the game ends with its scores and a log."""
    prompts = always_first(monkeypatch)
    log = tmp_path / "game.jsonl"
    result = run("play", ruleset, "--players", "2", "--seed", "1", "--log", str(log))
    assert result.exit_code == 0
    out = result.output
    assert "══ Game over ══" in out and "Input ended" not in out
    assert "── Round over ──" in out and "Press Enter for the next round (q to quit): " in prompts
    assert prompts[-1] == "Play another game? [y/N] "
    assert re.search(r"^P1: \w", out, re.M)  # the person's moves were taken
    [logged] = read_games(log)
    assert logged.header["seats"] == ["human", "greedy"]
    assert logged.result is not None and logged.result["over"] is True
    target = load_game(ruleset).params["target_score"]
    assert max(logged.result["scores"]) >= target
    winner = logged.result["winners"][0]
    assert re.search(rf"^  P{winner + 1} +\d+  ★ winner$", out, re.M)
    replayed = run("replay", str(log), "--to-end")  # the log plays again to the same end
    assert replayed.exit_code == 0
    assert game_over_line(replayed.output) == game_over_line(out)


@pytest.mark.parametrize("ruleset", [name for name in BASES if name != "dos"])
def test_a_full_game_driven_by_stdin(ruleset: str) -> None:
    """Where every question is numbered from 1, answering 1 to everything plays a whole game."""
    result = run("play", ruleset, "--players", "2", "--seed", "2", stdin="1\n" * 20000)
    assert result.exit_code == 0
    assert "══ Game over ══" in result.output and result.output.rstrip().endswith("Play another game? [y/N] 1")


def test_dos_number_questions_take_the_number_itself(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """DOS-4.2: a Wild # on the row is named a number; the person types that number, not its place."""
    game = load_game("dos")
    state = arrange(game.new_state(2, 0), hands={0: ["red 4", "blue 7", "green 3"], 1: ["blue 1"]},
                    zones={"row": ["green #"]}, lookup=labels(game))
    prompts = answers(monkeypatch, ["1", "7", "bl", "no"])  # two cards left: no DOS call with the match
    chosen = Terminal(1).decide(state, 0, [a for a in state.legal_actions() if a.actor == 0], may_pass=False)
    assert chosen is not None and (chosen.get("target_value"), chosen.get("first")) == (7, card(state, "blue 7"))
    assert prompts[1] == "P1, choose 3, 4, 7, 10: "
    out = capsys.readouterr().out
    assert re.search(r"\s10, first green 3, second blue 7\n", out) and re.search(r"\s7 …\s", out) and ") 7" not in out


def test_another_game_is_offered_and_logged_after_the_first(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    offers = iter(["y", "n"])
    asked: list[str] = []

    def fake_input(prompt: str = "") -> str:
        asked.append(prompt)
        return next(offers) if prompt.startswith("Play another game") else first_answer(prompt)

    monkeypatch.setattr("builtins.input", fake_input)
    log = tmp_path / "two.jsonl"
    result = run("play", "uno-dice", "--players", "2", "--seed", "4", "--log", str(log))
    assert result.exit_code == 0
    assert sum(p.startswith("Play another game") for p in asked) == 2
    first, second = read_games(log)
    assert first.header["seed"] == 4 and second.header["seed"] != 4
    assert first.result["over"] and second.result["over"]


def test_quitting_at_the_end_of_a_round_keeps_a_replayable_log(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt="": "q" if prompt.startswith("Press Enter") else first_answer(prompt))
    log = tmp_path / "game.jsonl"
    result = run("play", "uno-dice", "--players", "2", "--seed", "1", "--log", str(log))
    assert result.exit_code == 0
    assert result.output.count("── Round over ──") == 1 and "Game abandoned." in result.output
    assert result.output.rstrip().endswith("seed 1: replay this game with --seed 1")
    [logged] = read_games(log)
    state = replay(load_game("uno-dice"), logged.header, logged.events)
    assert truth(state).round == 2 and not state.is_over() and logged.result["over"] is False


# ---------------------------------------------------------------- the table


def test_table_shows_turn_direction_piles_scores_and_sorted_hand() -> None:
    state = uno_position(["wild", "blue 2", "red 9", "red 1", "yellow draw two"], players=3, direction=-1)
    position.adjust(state, variables={"score": [0, 120, 45]})
    text = render_table(state, 0)
    assert "Turn: P1 (you)" in text and "play goes P1 → P3 → P2 → P1" in text
    assert re.search(r"▶ P1 \(you\)\s+hand: 5 cards\s+score +0", text)
    assert re.search(r"^\s+P2\s+hand: 3 cards\s+score 120", text, re.M)
    assert re.search(r"^\s+P3\s+hand: 3 cards\s+score +45", text, re.M)
    assert "discard: red 3 on top (1 card)" in text
    assert re.search(r"draw: \d+ cards", text)
    assert "active colour: red" in text  # a described variable that has changed from its initial value
    # sorted by the declared attributes: colour (red, yellow, green, blue, none), then kind, then number
    assert "Your hand (5): red 1, red 9, yellow draw two, blue 2, wild" in text
    assert "green 1" not in text  # the other hand stays hidden


def test_table_hides_turn_memory_unchanged_and_undescribed_variables() -> None:
    state = uno_position(["red 1"], variables={"passes": 0, "wd4_player": 1})
    text = render_table(state, 0)
    assert "passes" not in text and "wd4 player" not in text and "drawn" not in text
    position.adjust(state, variables={"passes": 1})
    assert "passes in a row: 1" in render_table(state, 0)  # the label the ruleset gives it


def test_table_marks_a_player_exposed_by_a_described_per_player_variable_with_its_label() -> None:
    state = uno_position(["red 1", "red 2"], variables={"exposed": {1: True}})
    assert re.search(r"^\s+P2 .*score 0.* did not call UNO$", render_table(state, 0), re.M)


def test_dos_center_row_is_shown_whole() -> None:
    game = load_game("dos")
    state = arrange(game.new_state(2, 0), hands={0: ["red 5"], 1: ["blue 1"]},
                    zones={"row": ["green 7", "wild DOS", "blue #"]}, lookup=labels(game))
    assert "row: blue #, wild DOS, green 7 (3 cards)" in render_table(state, 0)


def test_dice_hands_are_open_to_everybody() -> None:
    game = load_game("uno-dice")
    state = game.new_state(2, 3)
    text = render_table(state, 0)
    for die in truth(state).zones["hand"][1]:
        assert words(game.label(die, truth(state).faces)) in text


def test_components_take_the_colour_their_attributes_name() -> None:
    game = load_game("uno")
    state = game.new_state(2, 0)
    find = labels(game)
    assert component_ink(game, find("blue 7")[0], truth(state).faces) == "blue"
    assert component_ink(game, find("wild")[0], truth(state).faces) is None
    coloured = Style(ansi=True).component(game, find("blue 7")[0], truth(state).faces)
    assert ESCAPE in coloured and "blue 7" in coloured
    assert Style().component(game, find("blue 7")[0], truth(state).faces) == "blue 7"


def test_a_die_takes_the_colour_of_the_face_it_shows() -> None:
    game = load_game("uno-dice")
    state = game.new_state(2, 0)
    die = next(c.id for c in game.components if c.faces and c.attrs.get("kind") == "number")
    seen = set()
    for face in range(6):
        position.adjust(state, faces={die: face})
        seen.add(component_ink(game, die, truth(state).faces))
        assert component_ink(game, die, truth(state).faces) == game.attribute(die, "colour", truth(state).faces)
    assert len(seen) > 1


# ---------------------------------------------------------------- moves, step by step and typed


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_questions_reach_every_legal_move_exactly_once(ruleset: str) -> None:
    """Walking every answer of every question finds each legal move once, or one alike to it, and no illegal one."""
    game = load_game(ruleset)
    for seed in range(3):
        state = game.new_state(game.min_players, seed)
        seats = [GreedyBot(seed + p) for p in range(game.min_players)]
        for _ in range(seed * 4):
            step(state, seats)
        actions = [a for a in state.legal_actions() if a.actor == state.current_player()]
        chooser = Chooser(state, actions)
        found = list(_leaves(chooser))
        assert Counter(found) == Counter(chooser.actions)
        view = state.view(state.current_player())  # moves left out are alike to one offered (dice showing alike)
        assert {looks(state, view, a) for a in actions} == {looks(state, view, a) for a in found}


def _leaves(chooser: Chooser) -> Iterator[Action]:
    options = chooser.options()
    shown = chooser.labels(options)
    assert len(set(shown)) == len(shown), shown  # every answer can be told apart
    for option in options:
        action = chooser.take(option)
        if action is not None:
            yield action
            continue
        yield from _leaves(chooser)
        assert chooser.back()


@pytest.mark.parametrize("ruleset", BASES)
def test_typing_a_move_as_it_is_shown_picks_it(ruleset: str) -> None:
    game = load_game(ruleset)
    state = game.new_state(game.min_players, 2)
    actions = [a for a in state.legal_actions() if a.actor == state.current_player()]
    for action in actions:
        chooser = Chooser(state, actions)
        typed = chooser.typed(describe_action(state, action))
        if typed.action is not None:
            assert typed.action == action
        else:  # choices answered "no" are not shown, so the words lead to the question about them
            assert typed.advanced
            assert action.args[:len(chooser.prefix.args)] == chooser.prefix.args


@pytest.mark.parametrize("text, expected", [
    ("r7", "play red 7"), ("R 7", "play red 7"), ("red 7", "play red 7"), ("play r7", "play red 7"),
    ("rs", "play red skip"), ("wild blue", "play wild, colour blue"), ("w b", "play wild, colour blue"),
    ("wd4 green", "play wild draw four, colour green"), ("wdf g", "play wild draw four, colour green"),
    ("wild draw four colour yellow", "play wild draw four, colour yellow"), ("d", "draw"), ("draw", "draw"),
])
def test_typed_moves_match_words_initials_and_numbers(text: str, expected: str) -> None:
    state = uno_position(["red 7", "wild", "wild draw four", "red skip", "blue draw two", "red 1"])
    chooser = Chooser(state, [a for a in state.legal_actions() if a.actor == 0])
    typed = chooser.typed(text)
    assert typed.action is not None and describe_action(state, typed.action) == expected


def test_typed_move_that_leaves_a_question_asks_it_next() -> None:
    state = uno_position(["red 7", "wild", "wild draw four"])
    chooser = Chooser(state, [a for a in state.legal_actions() if a.actor == 0])
    typed = chooser.typed("wd4")
    assert typed.advanced and typed.action is None
    assert chooser.choice() == ("colour", "")
    assert [chooser.label(o) for o in chooser.options()] == ["red", "yellow", "green", "blue"]


def test_typed_text_that_fits_several_moves_names_them() -> None:
    state = uno_position(["red 7", "red 1", "wild"])
    chooser = Chooser(state, [a for a in state.legal_actions() if a.actor == 0])
    typed = chooser.typed("r")
    assert typed.action is None and not typed.advanced
    assert typed.problem == "“r” could be red 1 or red 7"  # a red card, not the wild declared red
    assert chooser.at_start


@pytest.mark.parametrize("text", ["+2", "xyz", "7 red", "blue draw two"])
def test_typed_text_that_fits_no_legal_move_is_refused(text: str) -> None:
    state = uno_position(["red 7", "blue draw two"])
    chooser = Chooser(state, [a for a in state.legal_actions() if a.actor == 0])
    typed = chooser.typed(text)
    assert typed.action is None and not typed.advanced and "match" in typed.problem


def test_pieces_split_words_digits_and_signs() -> None:
    assert pieces("r7") == ("r", "7")
    assert pieces("blue #") == ("blue", "#")
    assert pieces("N01=red 1") == ("n", "01", "=", "red", "1")
    assert pieces("draw_two") == ("draw", "two")


def test_uno_5_7_wild_asks_the_colour_as_a_second_step(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    state = uno_position(["red 7", "wild", "green 2"])
    chosen = decide(state, monkeypatch, ["2", "4"])
    assert chosen == Action("play", 0, (("card", card(state, "wild")), ("colour", "blue")))
    out = capsys.readouterr().out
    assert "play wild — colour" in out
    assert re.search(r"1\) red\s+2\) yellow\s+3\) green\s+4\) blue", out)


def test_uno_8_2_calling_uno_is_asked_with_the_second_to_last_card(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    state = uno_position(["red 7", "green 2"])
    chosen = decide(state, monkeypatch, ["r7", "yes"])
    assert chosen is not None and chosen.get("call") is True
    assert "play red 7 — call: Call UNO with this play." in capsys.readouterr().out
    assert decide(state, monkeypatch, ["r7", "no"]).get("call") is False


def test_undo_goes_back_one_question(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    state = uno_position(["red 7", "wild", "green 2"])
    chosen = decide(state, monkeypatch, ["wild", "u", "u", "r7"])
    assert chosen is not None and chosen.get("card") == card(state, "red 7")
    assert capsys.readouterr().out.count("Nothing to undo.") == 1


def test_dos_match_is_asked_target_then_cards_offering_only_what_adds_up(monkeypatch: pytest.MonkeyPatch,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """DOS-6: one card of the same number, or two that add up to it."""
    game = load_game("dos")
    state = arrange(game.new_state(2, 0), hands={0: ["red 1", "blue 5", "green 4", "yellow 9"], 1: ["blue 1"]},
                    zones={"row": ["red 5", "green 10"]}, lookup=labels(game))
    answers(monkeypatch, ["r5", "r1", "no"])  # two cards left: no DOS call with the match
    actions = [a for a in state.legal_actions() if a.actor == 0]
    chosen = Terminal(1).decide(state, 0, actions, may_pass=False)
    out = capsys.readouterr().out
    assert "match red 5 — first: A card from your hand." in out
    first_question = out[out.index("match red 5 — first"):]
    assert "blue 5" in first_question and "green 4" in first_question and "yellow 9" not in first_question
    assert "— second" not in out  # typing "r1" named the pair's other card: nothing left to ask
    assert chosen is not None
    assert {chosen.get("first"), chosen.get("second")} == {card(state, "red 1"), card(state, "green 4")}


def test_garbage_answers_get_a_message_and_the_question_again(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    state = uno_position(["red 7", "wild", "green 2"])
    chosen = decide(state, monkeypatch, ["", "zzz", "99", "-3", "0", "\x1b[A", "r7"])
    assert chosen is not None and chosen.get("card") == card(state, "red 7")
    assert capsys.readouterr().out.count("Please enter a number from 1 to 3") == 6


def test_help_shows_the_rulesets_own_descriptions(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    state = uno_position(["red 7", "green 2"])
    decide(state, monkeypatch, ["?", "r7", "help", "no"])
    out = " ".join(capsys.readouterr().out.split())  # lines are broken between words to the terminal's width
    game = state.game
    assert game.description in out
    for name in ("play", "draw", "challenge"):
        assert game.action_index[name].description in out
    assert game.variables["active_colour"].description in out
    assert out.count("How to answer:") == 2
    assert "You are answering: play red 7 …" in out


# ---------------------------------------------------------------- taking back an action


def test_dos_a_match_can_be_taken_back_before_the_turn_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("dos")
    state = arrange(game.new_state(2, 0), hands={0: ["red 3", "blue 5", "green 7"], 1: ["blue 1"]},
                    zones={"row": ["red 5", "green 7"]}, lookup=labels(game))
    seat = HumanSeat(0, Terminal(1))
    answers(monkeypatch, ["b5", "no", "u"])
    before = [list(h) for h in truth(state).zones["hand"]], list(truth(state).zones["row"])
    action = seat.choose(state, [a for a in state.legal_actions() if a.actor == 0])
    state.apply(action)
    seat.acted(state, action)
    with pytest.raises(TakeBack) as back:
        seat.choose(state, [a for a in state.legal_actions() if a.actor == 0])
    restored = back.value.state
    assert ([list(h) for h in truth(restored).zones["hand"]], list(truth(restored).zones["row"])) == before
    assert back.value.action == action


def test_an_action_that_showed_a_hidden_card_cannot_be_taken_back(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    game = load_game("dos")
    state = arrange(game.new_state(2, 0), hands={0: ["red 3"], 1: ["blue 1"]},
                    zones={"row": ["red 9", "green 8"], "draw": ["red 9"]}, lookup=labels(game))
    seat = HumanSeat(0, Terminal(1))
    answers(monkeypatch, ["draw", "u", "q"])
    action = seat.choose(state, [a for a in state.legal_actions() if a.actor == 0])
    state.apply(action)
    seat.acted(state, action)
    with pytest.raises(play_module.Quit):
        seat.choose(state, [a for a in state.legal_actions() if a.actor == 0])
    assert "Nothing to undo." in capsys.readouterr().out


# ---------------------------------------------------------------- claims


def test_uno_8_4_catching_is_offered_to_the_person_at_once(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    state = uno_position(["red 7", "red 1"], other=("green 1",), current=1, variables={"exposed": {1: True}})
    answers(monkeypatch, ["1"])
    taken = step(state, [HumanSeat(0, Terminal(1)), GreedyBot(0)])
    assert taken == Action("catch", 0, (("target", 1),))
    assert len(truth(state).zones["hand"][1]) == 3
    out = capsys.readouterr().out
    assert "P1, you may act now:" in out and "catch P2 — Catch a player who" in out and "0) let it pass" in out


def test_uno_8_4_bots_catch_the_person_too(monkeypatch: pytest.MonkeyPatch) -> None:
    state = uno_position(["red 7"], variables={"exposed": {0: True}})
    answers(monkeypatch, [])
    taken = step(state, [HumanSeat(0, Terminal(1)), GreedyBot(0)])
    assert taken == Action("catch", 1, (("target", 0),))
    assert len(truth(state).zones["hand"][0]) == 3


def test_uno_6_challenge_is_offered_to_the_victim(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    state = uno_position(["red 7", "red 1"], top="wild draw four", colour="red",
                         variables={"wd4_pending": True, "wd4_player": 1})
    assert decide(state, monkeypatch, ["ch"]) == Action("challenge", 0)
    out = capsys.readouterr().out
    assert "1) challenge — Challenge the Wild Draw Four" in out and "2) accept — Draw four cards" in out
    assert decide(state, monkeypatch, ["2"]) == Action("accept", 0)


def test_human_claim_passes_with_enter_and_is_not_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    state = load_game("uno").new_state(2, 0)
    call = Action("call_uno", 1)
    prompts = answers(monkeypatch, [""])
    seat = HumanSeat(1, Terminal(1))
    assert seat.claim(state, [call]) is None
    assert seat.claim(state, [call]) is None
    assert len(prompts) == 1


# ---------------------------------------------------------------- seats, bots, hot-seat


def test_bots_option_gives_each_computer_seat_its_kind(tmp_path: Path) -> None:
    log = tmp_path / "bots.jsonl"
    result = run("play", "uno", "--humans", "0", "--bots", "random,greedy,random", "--log", str(log))
    assert result.exit_code == 0
    header = read_games(log)[0].header
    assert header["players"] == 3 and header["seats"] == ["random", "greedy", "random"]


def test_bot_option_still_names_every_seats_kind(tmp_path: Path) -> None:
    log = tmp_path / "bots.jsonl"
    assert run("play", "uno-dice", "--humans", "0", "--bot", "random", "--log", str(log)).exit_code == 0
    assert read_games(log)[0].header["seats"] == ["random", "random"]


@pytest.mark.parametrize("args", [["--bots", "random,nobody"], ["--players", "4", "--bots", "random,greedy"]])
def test_bad_bots_option_is_a_usage_error(args: list[str]) -> None:
    result = run("play", "uno", *args, stdin="q\n")
    assert result.exit_code == 2 and "--bots" in result.output


def test_delay_pauses_after_each_bot_move(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pauses: list[float] = []
    monkeypatch.setattr(play_module.time, "sleep", pauses.append)
    log = tmp_path / "game.jsonl"
    result = run("play", "uno-dice", "--humans", "0", "--delay", "0.25", "--log", str(log))
    assert result.exit_code == 0
    actions = sum(1 for e in read_games(log)[0].events if e["event"] == "action")
    assert pauses == [0.25] * actions


def test_hot_seat_tells_only_what_everybody_may_see() -> None:
    result = run("play", "uno", "--humans", "2", "--seed", "1", stdin="\n1\n1\n")
    out = result.output
    assert result.exit_code == 0
    handover = out.index("P1, it is your move; everyone else, look away.")
    assert re.search(r"P1 draws 7 cards", out[:handover]) and "you draw" not in out
    assert out.index("Your hand") > handover


def test_one_person_is_told_their_own_cards() -> None:
    result = run("play", "uno", "--seed", "1", stdin="q\n")
    assert re.search(r"^  you draw \w+", result.output, re.M)
    assert re.search(r"^  P2 draws 7 cards", result.output, re.M)


# ---------------------------------------------------------------- interruptions


def test_ctrl_c_asks_whether_to_quit(monkeypatch: pytest.MonkeyPatch) -> None:
    replies: Iterator[Any] = iter([KeyboardInterrupt, "n", KeyboardInterrupt, "y"])
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        reply = next(replies)
        if reply is KeyboardInterrupt:
            raise KeyboardInterrupt
        return reply

    monkeypatch.setattr("builtins.input", fake_input)
    result = run("play", "uno", "--seed", "1")
    assert result.exit_code == 130
    assert prompts[1] == prompts[3] == "Quit the game? [y/N] "
    assert prompts[0] == prompts[2] and prompts[0].startswith("P1, choose 1-")
    assert "Interrupted; the game stops here." in result.output


def test_ctrl_c_during_a_bot_move_waits_for_the_move_to_finish(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    """The interrupt arrives while a bot's move is under way; the log still replays."""
    monkeypatch.setattr(play_module.time, "sleep", lambda seconds: os.kill(os.getpid(), signal.SIGINT))
    prompts = answers(monkeypatch, ["y"])
    log = tmp_path / "game.jsonl"
    result = run("play", "dos", "--humans", "0", "--delay", "1", "--log", str(log))
    assert result.exit_code == 130
    assert prompts == ["Quit the game? [y/N] "]
    logged = read_games(log)[0]
    state = replay(load_game("dos"), logged.header, logged.events)
    assert sum(1 for e in logged.events if e["event"] == "action") == 1 and not state.is_over()


def test_closed_input_ends_cleanly_with_a_message() -> None:
    result = run("play", "dos", "--seed", "2", stdin="1\n")
    assert result.exit_code == 0
    assert result.output.rstrip().endswith("Input ended; the game stops here.\nseed 2: replay this game with --seed 2")


# ---------------------------------------------------------------- plain text


def test_output_to_a_pipe_has_no_escape_codes() -> None:
    result = run("play", "uno", "--humans", "0", "--seed", "2")
    assert result.exit_code == 0 and ESCAPE not in result.output


@pytest.fixture
def pexpect() -> Any:
    return pytest.importorskip("pexpect")


def _spawn(pexpect: Any, *args: str, colour: bool) -> Any:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update({"TERM": "xterm", "COLUMNS": "100", "LINES": "40"})
    if not colour:
        env["NO_COLOR"] = "1"
    code = "from rulesrun.cli.main import main; main()"
    child = pexpect.spawn(sys.executable, ["-c", code, *args], env=env, encoding="utf-8", timeout=20,
                          dimensions=(40, 100))
    child.logfile_read = io.StringIO()  # the whole transcript, for checks at the end
    return child


PROMPT = r"choose [\d, -]+: "
NEXT_ROUND = r"Press Enter for the next round \(q to quit\): "


def _next_question(child: Any) -> None:
    """Wait for a question about a move, passing any end-of-round screen on the way."""
    while child.expect([PROMPT, NEXT_ROUND]) == 1:
        child.sendline("")


def _answer_questions(child: Any, count: int, reply: str = "1") -> None:
    for _ in range(count):
        _next_question(child)
        child.sendline(reply)


@pytest.mark.parametrize("ruleset", ["uno", "dos"])
def test_a_real_terminal_survives_garbage_between_turns(pexpect: Any, ruleset: str) -> None:
    child = _spawn(pexpect, "play", ruleset, "--players", "2", "--seed", "3", colour=False)
    for garbage in ("zzz", "-4", "999", "!@#", "r 99 x"):
        _next_question(child)
        child.sendline(garbage)
        child.expect(r"Please enter a number from \d+ to \d+, or type a move")
        _answer_questions(child, 3)
    _next_question(child)
    child.sendline("?")
    child.expect("How to answer:")
    _next_question(child)
    child.sendintr()
    child.expect(r"Quit the game\? \[y/N\] ")
    child.sendline("n")
    _answer_questions(child, 2)
    _next_question(child)
    child.sendeof()
    child.expect("Input ended; the game stops here.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert ESCAPE not in child.logfile_read.getvalue()


def test_no_color_terminal_output_has_no_escape_codes_but_colour_terminal_does(pexpect: Any) -> None:
    transcripts = {}
    for colour in (False, True):
        child = _spawn(pexpect, "play", "uno", "--seed", "1", colour=colour)
        _answer_questions(child, 3)
        _next_question(child)
        child.sendline("q")
        child.expect("Save the game to resume it later")
        child.sendline("")
        child.expect(pexpect.EOF)
        transcripts[colour] = child.logfile_read.getvalue()
    assert ESCAPE not in transcripts[False] and "Your hand" in transcripts[False]
    assert ESCAPE + "[" in transcripts[True] and "Your hand" in transcripts[True]
