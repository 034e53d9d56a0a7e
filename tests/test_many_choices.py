"""A choice of several components at once (`many: true`) at the terminal, in the story, the log and the rule sheet.

The ruleset is the overlay of docs/language.md: UNO where a player may put down two
or more cards with the number of the top card in one go. Each set is one move: listed
as "red 4 + blue 4", typed by its number or by its cards in any order, told once in
the story, logged as a list of ids in increasing order and replayed as it was played.
"""
from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from helpers import arrange, truth
from helpers import run_cli as run
from rulesrun.cli.moves import Chooser
from rulesrun.cli.play import Terminal
from rulesrun.cli.story import narrate
from rulesrun.cli.style import words
from rulesrun.cli.table import describe_action
from rulesrun.interpreter import LOG_SCHEMA, Action, Game, ReplayMismatch, State, load_game, say_refusal
from rulesrun.interpreter.play.log import read_games, replay

SETS = """\
extends: uno
name: uno-sets
actions:
  play_set:
    phase: main
    description: Play two or more cards with the number of the top card at once.
    choose:
      cards: {from: hand, many: true, MINMAX,
              where: "cards.kind == number and top_card.kind == number and cards.number == top_card.number"}
    effects:
      - move: {cards: cards, to: discard}
      - set: {active_colour: "top_card.colour"}
      - end_turn
"""
HAND = ["red 4", "yellow 7", "green 4", "blue 4"]


def overlay(folder: Path, amount: str = "min: 2") -> Path:
    path = folder / "sets.yaml"
    path.write_text(SETS.replace("MINMAX", amount), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def sets_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return overlay(tmp_path_factory.mktemp("sets"))


@pytest.fixture(scope="module")
def game(sets_file: Path) -> Game:
    return load_game(str(sets_file))


def position(game: Game) -> State:
    """P1 holds three 4s and a 7 with a yellow 4 on the discard: three pairs and a triple to put down."""
    by_label: dict[str, list[int]] = {}
    for comp in game.components:
        by_label.setdefault(words(game.label(comp.id)), []).append(comp.id)
    return arrange(game.new_state(2, 0), hands={0: HAND, 1: ["green 1", "green 2"]}, zones={"discard": ["yellow 4"]},
                   variables={"active_colour": "yellow"}, lookup=lambda label: by_label[label])


def ids(state: State, *labels: str) -> tuple[int, ...]:
    """The ids of cards in P1's hand, in id order (the order of a set)."""
    hand = truth(state).zone("hand", 0)
    return tuple(sorted(next(c for c in hand if state.game.label(c) == label) for label in labels))


def set_move(state: State, *labels: str) -> Action:
    return Action("play_set", 0, (("cards", ids(state, *labels)),))


def mine(state: State) -> list[Action]:
    return [a for a in state.legal_actions() if a.actor == 0]


def decide(state: State, monkeypatch: pytest.MonkeyPatch, replies: list[str]) -> Action | None:
    feed = iter(replies)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(feed))
    return Terminal(1).decide(state, 0, mine(state), may_pass=False)


# ---------------------------------------------------------------- the list of moves


def test_each_set_is_listed_as_one_move_and_taken_by_its_number(game: Game, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    state = position(game)
    chosen = decide(state, monkeypatch, ["7"])
    assert chosen == set_move(state, "red 4", "blue 4")
    out = capsys.readouterr().out
    assert "  play set — Play two or more cards with the number of the top card at once.\n" in out
    listed = re.findall(r"(\d+)\) (\w+ \d(?: \+ \w+ \d)+)", out)  # the sets, the smaller first, as a hand is sorted
    assert listed == [("6", "red 4 + green 4"), ("7", "red 4 + blue 4"), ("8", "green 4 + blue 4"),
                      ("9", "red 4 + green 4 + blue 4")]
    assert "1) red 4" in out and "5) draw" in out  # the single plays are listed as before


def test_a_set_in_words(game: Game) -> None:
    state = position(game)
    assert describe_action(state, set_move(state, "blue 4", "red 4")) == "play set red 4 + blue 4"
    assert describe_action(state, Action("play_set", 0, (("cards", ()),))) == "play set no cards"


# ---------------------------------------------------------------- typing a move


@pytest.mark.parametrize("typed, cards", [
    ("ps r4 b4", ("red 4", "blue 4")),
    ("b4 r4", ("red 4", "blue 4")),  # a set has no order: its cards are typed in any
    ("play set blue 4 + red 4", ("red 4", "blue 4")),
    ("r4+b4", ("red 4", "blue 4")),
    ("cards green 4 red 4", ("red 4", "green 4")),  # after the choice's name
    ("ps g4 b4 r4", ("red 4", "green 4", "blue 4")),
])
def test_a_set_is_typed_by_its_cards(game: Game, typed: str, cards: tuple[str, ...]) -> None:
    state = position(game)
    assert Chooser(state, mine(state)).typed(typed).action == set_move(state, *cards)


def test_typing_a_set_picks_exactly_what_was_typed_or_names_the_candidates(game: Game) -> None:
    state = position(game)
    chooser = Chooser(state, mine(state))
    assert chooser.typed("r4").action == Action("play", 0, (("card", ids(state, "red 4")[0]),))  # one card: a play
    assert chooser.typed("ps r4").problem == "“ps r4” could be red 4 + green 4 or red 4 + blue 4"
    assert chooser.typed("ps b4 b4").problem == "no move here matches “ps b4 b4”"  # one card is not two
    assert chooser.typed("ps y7").action is None


def test_a_typed_set_is_taken_at_the_terminal(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(game)
    assert decide(state, monkeypatch, ["ps", "2"]) == set_move(state, "red 4", "blue 4")  # then the second set
    assert decide(state, monkeypatch, ["b4 g4"]) == set_move(state, "green 4", "blue 4")


def test_a_card_that_cannot_join_a_set_says_why(tmp_path: Path) -> None:
    game = load_game(str(overlay(tmp_path, "min: 1")))
    state = position(game)
    chooser = Chooser(state, mine(state))
    assert chooser.typed("ps y7").problem.startswith("yellow 7 isn't allowed: ")
    trace = " ".join(chooser.typed("why").problem.split())  # the whole rule on request
    assert trace.startswith("play_set yellow 7 is not allowed: yellow 7 does not satisfy the rule for cards")


# ---------------------------------------------------------------- the story


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_the_story_tells_the_set_on_the_action_line_only(game: Game, viewer: int | None) -> None:
    state = position(game)
    state.apply(set_move(state, "red 4", "blue 4"))
    lines = narrate(state, state.events, viewer)
    assert lines[0] == "P1: play set red 4 + blue 4"  # the cards it moved are not told again
    assert not any("hand →" in line for line in lines)


# ---------------------------------------------------------------- the log and replay


@pytest.fixture(scope="module")
def simulated(sets_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A round of random bots, who put down sets now and then."""
    log = tmp_path_factory.mktemp("log") / "sets.jsonl"
    result = run("simulate", str(sets_file), "--games", "1", "--players", "2", "--bot", "random", "--seed", "1",
                 "--single-round", "--log", str(log))
    assert result.exit_code == 0, result.output
    return log


def set_lines(log: Path) -> list[dict[str, Any]]:
    return [line for line in map(json.loads, log.read_text(encoding="utf-8").splitlines())
            if line.get("event") == "action" and line["action"] == "play_set"]


def test_a_set_is_logged_as_its_ids_in_increasing_order_and_read_back(game: Game, simulated: Path) -> None:
    logged = set_lines(simulated)
    assert logged and all(type(line["args"]["cards"]) is list for line in logged)
    assert all(line["args"]["cards"] == sorted(set(line["args"]["cards"])) for line in logged)
    validator = jsonschema.Draft202012Validator(json.loads(LOG_SCHEMA.read_text(encoding="utf-8")))
    for raw in simulated.read_text(encoding="utf-8").splitlines():
        assert validator.is_valid(json.loads(raw)), raw
    [read] = read_games(simulated)
    state = replay(game, read.header, read.events)  # every event again, the same
    read_back = [Action.from_json(e) for e in read.events if e.get("action") == "play_set"]
    assert [list(a.get("cards")) for a in read_back] == [line["args"]["cards"] for line in logged]
    assert all(isinstance(a.get("cards"), tuple) for a in read_back)
    for action in read_back:
        assert re.fullmatch(r"play set \w+ \d( \+ \w+ \d)+", describe_action(state, action))


def test_the_schema_refuses_a_set_that_names_a_card_twice() -> None:
    validator = jsonschema.Draft202012Validator(json.loads(LOG_SCHEMA.read_text(encoding="utf-8")))
    line = {"type": "event", "event": "action", "actor": 0, "action": "play_set", "args": {"cards": [3, 9]}}
    assert validator.is_valid(line)
    assert not validator.is_valid({**line, "args": {"cards": [3, 3]}})
    assert not validator.is_valid({**line, "args": {"cards": [[3]]}})


def forged(simulated: Path, tmp_path: Path, change: Any) -> tuple[Path, int]:
    """The log with its first set changed by `change`; and that line's number."""
    lines = simulated.read_text(encoding="utf-8").splitlines()
    number = next(i for i, raw in enumerate(lines) if '"play_set"' in raw)
    line = json.loads(lines[number])
    line["args"]["cards"] = change(line["args"]["cards"])
    lines[number] = json.dumps(line)
    path = tmp_path / "forged.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, number


@pytest.mark.parametrize("change, said", [
    (lambda cards: cards[::-1], "not a well-formed action"),  # the engine would play them in that order
    (lambda cards: cards[:1] * 2, "cards names a component twice"),
    (lambda cards: cards[0], "cards is a set of components"),
    (lambda cards: cards[:1], "cards must hold at least 2 components"),
])
def test_replay_refuses_a_set_the_game_did_not_play(game: Game, simulated: Path, tmp_path: Path, sets_file: Path,
                                                   change: Any, said: str) -> None:
    path, _ = forged(simulated, tmp_path, change)
    [read] = read_games(path)
    with pytest.raises(ReplayMismatch):
        replay(game, read.header, read.events)
    result = run("replay", str(path), "--to-end", "--ruleset", str(sets_file))
    assert result.exit_code == 1 and said in result.stderr


def test_replay_tells_each_set_as_the_game_told_it(game: Game, simulated: Path, sets_file: Path) -> None:
    result = run("replay", str(simulated), "--ruleset", str(sets_file), stdin="100000\n")
    assert result.exit_code == 0, result.output
    told = re.findall(r"^P\d: play set .*$", result.output, re.MULTILINE)
    assert len(told) == len(set_lines(simulated))
    [read] = read_games(simulated)
    state = replay(game, read.header, read.events)
    assert told == [line for line in narrate(state, state.events, None, open_hands=True) if " play set " in line]
    assert all(re.fullmatch(r"P\d: play set \w+ \d( \+ \w+ \d)+", line) for line in told)


# ---------------------------------------------------------------- a person at a real terminal

PROMPT = r"choose [\d, -]+: "


def play_until_a_set(pexpect: Any, sets_file: Path, log: Path, seed: int) -> tuple[Any, str | None]:
    """A person who takes the first move offered until a set is listed, then that set; and the set in words."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update({"TERM": "xterm", "COLUMNS": "100", "LINES": "40", "NO_COLOR": "1"})
    child = pexpect.spawn(sys.executable, ["-c", "from rulesrun.cli.main import main; main()", "play",
                                           str(sets_file), "--players", "2", "--seed", str(seed), "--log", str(log)],
                          env=env, encoding="utf-8", timeout=20, dimensions=(40, 100))
    child.logfile_read = io.StringIO()
    for _ in range(200):
        if child.expect([PROMPT, r"Press Enter for the next round"]) == 1:
            child.sendline("")
            continue
        found = re.search(r"^  play set — .*\n\s+(\d+)\) (\S.*?)(?:  |\n)", child.before.replace("\r", ""),
                          re.MULTILINE)
        if found is not None:
            child.sendline(found.group(1))
            return child, found.group(2)
        child.sendline("1")
    quit_without_saving(child, pexpect)
    return child, None


def quit_without_saving(child: Any, pexpect: Any) -> None:
    """`q`, then Enter at the offer to save the game: the game stops, nothing is saved."""
    child.sendline("q")
    child.expect("Save the game to resume it later")
    child.sendline("")
    child.expect(pexpect.EOF)


def test_a_person_puts_down_a_set_at_a_real_terminal_and_the_log_replays_it(sets_file: Path, game: Game,
                                                                            tmp_path: Path) -> None:
    """The set listed is the set told in the story, logged, and told again by replay."""
    pexpect = pytest.importorskip("pexpect")
    log = tmp_path / "play.jsonl"
    for seed in range(1, 16):  # some seed lists a set within the first questions
        child, listed = play_until_a_set(pexpect, sets_file, log, seed)
        if listed is not None:
            break
    assert listed is not None and " + " in listed
    child.expect(r"P1: play set [^\r\n]*")
    story = child.after
    assert story == f"P1: play set {listed}"
    child.expect(PROMPT)
    quit_without_saving(child, pexpect)
    child.close()
    assert child.exitstatus == 0
    [read] = read_games(log)
    logged = [e for e in read.events if e.get("action") == "play_set" and e["actor"] == 0][-1]
    assert type(logged["args"]["cards"]) is list and len(logged["args"]["cards"]) == listed.count(" + ") + 1
    state = replay(game, read.header, read.events)
    assert describe_action(state, Action.from_json(logged)) == f"play set {listed}"
    stepped = run("replay", str(log), "--ruleset", str(sets_file), stdin="100000\n")
    assert stepped.exit_code == 0 and story in stepped.output.splitlines()


# ---------------------------------------------------------------- the rule sheet


@pytest.mark.parametrize("amount, said", [
    ("min: 2", "at least 2 cards"),
    ("min: 1", "one or more cards"),
    ("min: 0", "any number of cards"),
    ("min: 2, max: 2", "exactly 2 cards"),
    ("min: 1, max: 1", "exactly one of the cards"),
    ("min: 0, max: 3", "up to 3 cards"),
    ("min: 1, max: 3", "1 to 3 cards"),
])
def test_explain_says_how_many_cards_a_set_holds(tmp_path: Path, amount: str, said: str) -> None:
    result = run("explain", str(overlay(tmp_path, amount)))
    assert result.exit_code == 0
    assert f"  1. **cards**: {said} from your *hand* whose kind is number and whose number is the *top card*'s " \
           "number, provided that the *top card*'s kind is number." in result.output
    assert "### Play set" in result.output and "Play two or more cards with the number" in result.output


def test_a_set_of_the_wrong_size_is_refused_in_words(game: Game) -> None:
    state = position(game)
    refusal = state.why_not(set_move(state, "red 4"))
    assert refusal is not None and say_refusal(refusal) == "cards must hold at least 2 components"
    refusal = state.why_not(Action("play", 0, (("card", ids(state, "red 4", "blue 4")),)))
    assert refusal is not None and say_refusal(refusal) == "red 4 + blue 4 is not a possible card"


def test_a_set_named_in_any_order_is_applied_and_told_in_id_order(game: Game) -> None:
    state = position(game)
    red, blue = ids(state, "red 4", "blue 4")
    state.apply(Action("play_set", 0, (("cards", (blue, red)),)))
    [taken] = [e for e in state.events if type(e).__name__ == "ActionTaken"]
    assert dict(taken.args)["cards"] == (red, blue)


def test_greedy_puts_down_the_largest_set_it_may(game: Game) -> None:
    from rulesrun.interpreter.play.bots import GreedyBot
    state = position(game)
    chosen = GreedyBot(0).choose(state, state.legal_actions())
    assert (chosen.name, chosen.get("cards")) == ("play_set", ids(state, "red 4", "green 4", "blue 4"))
