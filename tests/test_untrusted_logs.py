"""A game log is JSON that anybody may write: every malformed value is refused with its line, never obeyed.

Each test starts from a real log (`rulesrun simulate uno --games 1 --single-round --log FILE`),
corrupts one line, and checks the refusal itself: the kind of ReplayMismatch and the line
number, or the exit code and the one message of the command line. docs/log-format.md
("Reading a log you did not write") lists the bounds checked here.
"""
from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any, Callable

import pytest
from helpers import run_cli
from rulesrun.cli.bounds import MAX_CHECK_ACTIONS, MAX_CHECK_GAMES, MAX_DELAY, MAX_EXPLORE, MAX_GAMES, Seconds
from rulesrun.interpreter import Game, ReplayMismatch, RulesrunError, load_game
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.play import log_lines
from rulesrun.interpreter.play.log import read_games, replay

Lines = list[str]


@pytest.fixture(scope="module")
def uno() -> Game:
    return load_game("uno")


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Lines:
    """The lines of a real log: one round of a bot game of UNO, as `simulate --log` writes it."""
    path = tmp_path_factory.mktemp("log") / "round.jsonl"
    result = run_cli("simulate", "uno", "--games", "1", "--single-round", "--log", str(path))
    assert result.exit_code == 0, result.output
    return path.read_text(encoding="utf-8").splitlines()


def first(lines: Lines, kind: str, where: Callable[[dict[str, Any]], bool] = lambda line: True) -> int:
    """The index (from 0) of the first line of `kind` (header, result, or an event kind) that `where` accepts."""
    for index, text in enumerate(lines):
        line = json.loads(text)
        if line.get("event", line["type"]) == kind and where(line):
            return index
    raise AssertionError(f"no {kind} line in the log")


def written(tmp_path: Path, lines: Lines) -> Path:
    path = tmp_path / "corrupt.jsonl"
    path.write_text("".join(text + "\n" for text in lines), encoding="utf-8")
    return path


def with_line(tmp_path: Path, lines: Lines, index: int, text: str) -> Path:
    """The log with line `index` (from 0) replaced by `text`."""
    return written(tmp_path, lines[:index] + [text] + lines[index + 1:])


def with_field(tmp_path: Path, lines: Lines, index: int, field: str, raw: str) -> Path:
    """The log with one field of line `index` set to `raw`, written as JSON text as it is (`NaN`, `1e999`...)."""
    line = json.loads(lines[index])
    line[field] = "\0PLACE\0"
    return with_line(tmp_path, lines, index, json.dumps(line).replace('"\\u0000PLACE\\u0000"', raw))


def refusal(path: Path) -> ReplayMismatch:
    """The ReplayMismatch the reader raises for `path` (the test fails if the log reads)."""
    with pytest.raises(ReplayMismatch) as caught:
        read_games(path)
    return caught.value


def assert_refused(path: Path, kind: str, index: int) -> ReplayMismatch:
    """Refused by the reader as `kind`, at line `index` (from 0) of the file, with the file and line in its words."""
    error = refusal(path)
    assert (error.kind, error.details.get("line")) == (kind, index + 1), str(error)
    assert str(error).startswith(f"{path}:{index + 1}: ")
    return error


def assert_cli_refuses(path: Path, index: int) -> str:
    """`rulesrun replay` exits 1 with one line, naming the file and line, and no traceback; returns the line."""
    result = run_cli("replay", str(path), "--to-end")
    assert result.exit_code == 1
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"error: {path}:{index + 1}: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


# ---------------------------------------------------------------- numbers beyond their bounds

@pytest.mark.parametrize("kind, field, raw, refused_as", [
    ("header", "seed", str(2 ** 96), "number"),  # past every seed derived from a 64-bit one
    ("header", "seed", str(-2 ** 96), "number"),
    ("header", "seed", "9" * 5000, "number"),  # more digits than Python reads: a ValueError before
    ("header", "players", "65", "field"),
    ("header", "players", "0", "field"),
    ("header", "players", "-1", "field"),
    ("header", "players", "1000000000", "field"),
    ("action", "actor", "2", "field"),  # a table of two: seats 0 and 1
    ("action", "actor", "-1", "field"),
    ("action", "actor", str(10 ** 40), "field"),
    ("moved", "component", "108", "field"),  # the header lists 108 components
    ("moved", "from_owner", "108", "field"),  # neither a seat nor a pile (a zone has fewer piles than components)
    ("shuffled", "order", "[0, 1, 99999]", "field"),
    ("round_started", "round", "0", "field"),
    ("direction", "direction", "2", "field"),
    ("set", "value", str(2 ** 100), "number"),  # a value of any shape, but numbers in range
    ("result", "rounds", "-1", "field"),
])
def test_numbers_beyond_their_bounds_are_refused(original: Lines, tmp_path: Path, kind: str, field: str, raw: str,
                                                  refused_as: str) -> None:
    """A seed, a seat or a component past its range reached the engine (or crashed int parsing) before."""
    index = first(original, kind)
    error = assert_refused(with_field(tmp_path, original, index, field, raw), refused_as, index)
    if refused_as == "field":
        assert error.details["field"] == field


def test_the_largest_seed_a_log_may_hold_is_read(original: Lines, tmp_path: Path) -> None:
    """The bound is where the documentation puts it: 2**96 - 1 is a seed, 2**96 is not (above)."""
    [game] = read_games(with_field(tmp_path, original, 0, "seed", str(2 ** 96 - 1)))
    assert game.header["seed"] == 2 ** 96 - 1


# ---------------------------------------------------------------- numbers JSON does not have

@pytest.mark.parametrize("raw", ["Infinity", "-Infinity", "NaN", "1e999", "-1e999"])
@pytest.mark.parametrize("kind, field", [("header", "seed"), ("header", "players"), ("action", "actor"),
                                         ("set", "value")])
def test_infinite_and_not_a_number_values_are_refused(original: Lines, tmp_path: Path, raw: str, kind: str,
                                                      field: str) -> None:
    """Python's json reads NaN and Infinity, and turns 1e999 into infinity; `int()` of them raised OverflowError."""
    index = first(original, kind)
    error = assert_refused(with_field(tmp_path, original, index, field, raw), "number", index)
    assert error.details["number"] == raw


# ---------------------------------------------------------------- containers where a scalar belongs

@pytest.mark.parametrize("kind, field, raw", [
    ("action", "action", "{}"),  # an action named by a mapping raised TypeError in the engine
    ("action", "action", "[\"play\"]"),
    ("action", "actor", "[0]"),
    ("action", "actor", "{\"seat\": 0}"),
    ("action", "args", "[]"),
    ("action", "args", "\"card\""),
    ("action", "args", "{\"card\": {\"id\": 1}}"),
    ("action", "args", "{\"card\": [[1]]}"),
    ("action", "args", "{\"card\": [true]}"),
    ("moved", "to_zone", "{\"zone\": \"hand\"}"),
    ("set", "name", "[\"current\"]"),
    ("result", "scores", "{}"),
    ("header", "ruleset", "{\"name\": \"uno\"}"),
    ("header", "seats", "\"greedy\""),
    ("header", "components", "{}"),
])
def test_mappings_and_lists_where_a_scalar_belongs_are_refused(original: Lines, tmp_path: Path, kind: str, field: str,
                                                               raw: str) -> None:
    """An action's name, its actor and each choice have one shape; anything else is refused, naming the field."""
    index = first(original, kind, lambda line: kind != "action" or bool(line["args"]))
    error = assert_refused(with_field(tmp_path, original, index, field, raw), "field", index)
    assert error.details["field"].split(".")[0] == field


def test_a_missing_or_unknown_field_is_refused(original: Lines, tmp_path: Path) -> None:
    """A line has exactly the fields the format gives its kind (as the JSON Schema says)."""
    index = first(original, "action")
    line = json.loads(original[index])
    del line["actor"]
    assert_refused(with_line(tmp_path, original, index, json.dumps(line)), "missing", index)
    line = dict(json.loads(original[index]), colour="red")
    assert assert_refused(with_line(tmp_path, original, index, json.dumps(line)), "unknown_field",
                          index).details["field"] == "colour"


# ---------------------------------------------------------------- nesting

@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  '{"a": ' * 100_000 + "1" + "}" * 100_000])
def test_a_hundred_thousand_nested_brackets_are_refused(original: Lines, tmp_path: Path, text: str) -> None:
    """json's RecursionError, which nothing caught, is a refusal of the line."""
    assert_refused(with_line(tmp_path, original, 5, text), "depth", 5)


def test_nesting_is_bounded_where_any_shape_is_allowed(original: Lines, tmp_path: Path) -> None:
    """A variable's value may be of any shape, up to MAX_DEPTH levels with the line itself: one more is refused."""
    index = first(original, "set")
    levels = log_lines.MAX_DEPTH - 1  # the line is the first level
    deepest = "[" * levels + "]" * levels
    read_games(with_field(tmp_path, original, index, "value", deepest))  # read (replaying it would differ)
    assert_refused(with_field(tmp_path, original, index, "value", "[" + deepest + "]"), "depth", index)


# ---------------------------------------------------------------- whole numbers that are not

@pytest.mark.parametrize("raw", ["3.7", "2.0", "\"3\"", "true", "false", "null", "[2]"])
def test_players_must_be_a_whole_number(original: Lines, tmp_path: Path, raw: str) -> None:
    """`int(3.7)` was 3 and `int("3")` was 3; `true` is an int to Python: each must be refused, not converted."""
    error = assert_refused(with_field(tmp_path, original, 0, "players", raw), "field", 0)
    assert error.details["field"] == "players"


@pytest.mark.parametrize("kind, field, raw", [
    ("action", "actor", "false"),  # replayed as seat 0 before: a forged log was accepted as it was
    ("action", "actor", "0.0"),
    ("turn", "player", "true"),
    ("moved", "bottom", "0"),  # and the other way round: 0 is not false
    ("result", "over", "0"),
    ("header", "seed", "true"),
])
def test_booleans_and_decimals_are_not_whole_numbers(original: Lines, tmp_path: Path, kind: str, field: str,
                                                     raw: str) -> None:
    """Python's `True == 1` and `1.0 == 1` made these lines compare equal to the replayed events."""
    index = first(original, kind)
    assert_refused(with_field(tmp_path, original, index, field, raw), "field", index)


@pytest.mark.parametrize("raw", ["true", "1.0"])
def test_format_1_is_the_whole_number_1(original: Lines, tmp_path: Path, raw: str) -> None:
    assert_refused(with_field(tmp_path, original, 0, "format", raw), "format", 0)


def test_values_and_choices_are_compared_as_json(original: Lines, tmp_path: Path, uno: Game) -> None:
    """Fields of any type (a variable's value, a choice) are read, then compared without Python's `True == 1`."""
    index = first(original, "set", lambda line: type(line["value"]) is int and line["value"] == 1)
    [game] = read_games(with_field(tmp_path, original, index, "value", "true"))
    with pytest.raises(ReplayMismatch) as caught:
        replay(uno, game.header, game.events)
    assert (caught.value.kind, caught.value.event) == ("differs", index - 1)  # events count from the line after 0
    index = first(original, "action", lambda line: "card" in line["args"])
    line = json.loads(original[index])
    line["args"]["card"] = float(line["args"]["card"])
    [game] = read_games(with_line(tmp_path, original, index, json.dumps(line)))
    with pytest.raises(ReplayMismatch) as caught:
        replay(uno, game.header, game.events)
    assert (caught.value.kind, caught.value.event) == ("malformed_action", index - 1)


def test_replay_checks_a_header_it_did_not_read(original: Lines, uno: Game) -> None:
    """`replay` may be given a header that no reader checked: it refuses players that are not a whole number."""
    header = json.loads(original[0])
    events = [{k: v for k, v in json.loads(text).items() if k != "type"} for text in original[1:-1]]
    for players in (True, "2", 2.0, 65):
        with pytest.raises(ReplayMismatch) as caught:
            replay(uno, dict(header, players=players), events)
        assert caught.value.kind == "header"
    replay(uno, header, events)


# ---------------------------------------------------------------- control characters

ESC = "\x1b"


@pytest.mark.parametrize("text, code", [
    ("\\u001b[2J", "U+001B"),  # an escaped ESC: clear the screen
    ("\\u009b2J", "U+009B"),  # escaped CSI (C1)
    ("\x9b2J", "U+009B"),  # raw CSI: JSON lets raw C1 characters into strings
    ("\x7f", "U+007F"),
    ("\\u007F", "U+007F"),
    ("\\u0000", "U+0000"),
    ("\\b", "U+0008"),
    ("\\r", "U+000D"),
    ("\\\\\\u001b", "U+001B"),  # an escaped backslash, then an escaped ESC
    ("\u202e", "U+202E"),  # raw right-to-left override: it would show the rest of the line backwards
    ("\\u2066", "U+2066"),  # an escaped isolate
])
@pytest.mark.parametrize("kind, field", [("action", "action"), ("header", "ruleset"), ("header", "version"),
                                         ("set", "name"), ("moved", "to_zone")])
def test_control_characters_in_strings_are_refused(original: Lines, tmp_path: Path, text: str, code: str, kind: str,
                                                   field: str) -> None:
    """`replay` prints names; a forged action name could carry an escape sequence that rewrites the screen."""
    index = first(original, kind)
    value = json.loads(original[index])[field]
    error = assert_refused(with_field(tmp_path, original, index, field, f'"{value}{text}"'), "control", index)
    assert error.details["char"] == code
    assert ESC not in str(error) and "\x9b" not in str(error)


def test_control_characters_in_choice_names_are_refused(original: Lines, tmp_path: Path) -> None:
    index = first(original, "action", lambda line: "card" in line["args"])
    assert_refused(with_field(tmp_path, original, index, "args", '{"card\\u001b]0;owned\\u0007": 1}'), "control",
                   index)


@pytest.mark.parametrize("text", ["\\t", "\\n", "\\u000a", "\\ud800"])
def test_tabs_line_breaks_and_lone_surrogates_are_refused_in_names(original: Lines, tmp_path: Path,
                                                                    text: str) -> None:
    """A value from the ruleset's text may hold a tab or a line break; a name that is shown may not (nor a
    lone surrogate, which a terminal's encoder cannot write)."""
    index = first(original, "action")
    assert_refused(with_field(tmp_path, original, index, "action", f'"play{text}"'), "field", index)


def test_an_escaped_backslash_is_no_control_character(original: Lines, tmp_path: Path, uno: Game) -> None:
    """`\\\\u001b` is a backslash and the text u001b: the check must not see an escape where there is none."""
    index = 0
    path = with_field(tmp_path, original, index, "version", '"1.0.0 \\\\u001b \\\\\\\\b"')
    [game] = read_games(path)
    assert game.header["version"] == "1.0.0 \\u001b \\\\b"
    replay(uno, game.header, game.events)


# ---------------------------------------------------------------- through the command line

@pytest.mark.parametrize("kind, field, raw", [
    ("header", "players", "3.7"),
    ("header", "seed", "1e999"),
    ("action", "action", '"draw\\u001b[2J"'),
    ("action", "actor", "true"),
    ("action", "args", '{"card": {"x": 1}}'),
])
def test_replay_refuses_a_corrupt_log_with_one_message(original: Lines, tmp_path: Path, kind: str, field: str,
                                                       raw: str) -> None:
    """Exit code 1 and one line naming the file and line: before, some of these were tracebacks."""
    index = first(original, kind, lambda line: kind != "action" or bool(line["args"]))
    message = assert_cli_refuses(with_field(tmp_path, original, index, field, raw), index)
    assert ESC not in message


def test_replay_refuses_deep_nesting_with_one_message(original: Lines, tmp_path: Path) -> None:
    assert_cli_refuses(with_line(tmp_path, original, 3, "[" * 100_000), 3)


@pytest.mark.parametrize("command, option, value", [
    (["simulate", "uno"], "--games", str(MAX_GAMES + 1)),
    (["compare", "uno", "uno/short-game"], "--games", str(MAX_GAMES + 1)),
    (["check", "uno"], "--games", str(MAX_CHECK_GAMES + 1)),
    (["check", "uno"], "--max-actions", str(MAX_CHECK_ACTIONS + 1)),
    (["check", "uno"], "--explore", str(MAX_EXPLORE + 1)),
    (["simulate", "uno", "--games", "1"], "--seed", str(2 ** 63)),
    (["play", "uno", "--humans", "0"], "--seed", str(-2 ** 63 - 1)),
    (["check", "uno"], "--seed", "9" * 30),
    *((["play", "uno", "--humans", "0"], "--delay", delay) for delay in ("inf", "-inf", "nan", "1e999", "-1", "61")),
])
def test_numbers_on_the_command_line_are_bounded(command: list[str], option: str, value: str) -> None:
    """A usage error (exit code 2) at once, where `--delay inf` raised OverflowError after the first bot move."""
    result = run_cli(*command, option, value)
    assert result.exit_code == 2
    assert f"Invalid value for '{option}'" in result.stderr


@pytest.mark.parametrize("seed", [2 ** 63 - 1, -2 ** 63])
def test_a_log_of_the_largest_seeds_replays(tmp_path: Path, seed: int) -> None:
    """The bounds agree: every game seed derived from a seed the command line takes is one a log may hold."""
    log = tmp_path / "edge.jsonl"
    played = run_cli("simulate", "uno", "--games", "2", "--single-round", "--seed", str(seed), "--log", str(log))
    assert played.exit_code == 0
    assert run_cli("replay", str(log), "--game", "2", "--to-end").exit_code == 0


def test_the_edges_of_the_delay_are_accepted() -> None:
    """0 and MAX_DELAY seconds are pauses (a game played with them would be too long for a test)."""
    assert Seconds().convert(str(MAX_DELAY), None, None) == MAX_DELAY
    assert Seconds().convert("0", None, None) == 0


needs_proc = pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="no /proc here")
KERNEL_FILE = "this is a file the kernel makes up (as in /proc and /sys), not a regular file"


@needs_proc
@pytest.mark.parametrize("command", [["simulate", "uno", "--games", "1", "--log"],
                                     ["play", "uno", "--humans", "0", "--log"],
                                     ["simulate", "uno", "--games", "1", "--plot"],
                                     ["check", "uno", "--save"],
                                     ["replay"]])
@pytest.mark.parametrize("path", ["/proc/self/mem", "/proc/self/environ"])
def test_files_of_the_kernel_are_refused(command: list[str], path: str) -> None:
    """/proc/self/mem says it is a regular file: writing a log to it wrote into the process's memory."""
    result = run_cli(*command, path)
    assert result.exit_code == 1
    assert result.stdout == ""  # refused before the run: nothing was played, so nothing was written
    assert result.stderr == f"error: {path}: {KERNEL_FILE}\n"


@needs_proc
def test_a_new_file_in_a_kernel_folder_is_refused() -> None:
    """A path that does not exist yet is judged by its folder (as root, /proc/sys/... sets the kernel's parameters)."""
    result = run_cli("simulate", "uno", "--games", "1", "--plot", "/proc/self/rulesrun.png")
    assert result.exit_code == 1 and result.stderr == f"error: /proc/self/rulesrun.png: {KERNEL_FILE}\n"


@needs_proc
@pytest.mark.parametrize("path", ["/proc/self/environ", "/proc/self/status"])
def test_the_library_itself_refuses_to_read_or_write_a_file_of_the_kernel(path: str, tmp_path: Path) -> None:
    """Not only the command line: a program using the library is kept from the same files."""
    from rulesrun.interpreter import BadFile, check_output, open_output, validate
    from rulesrun.interpreter.source.files import open_regular
    for attempt in (lambda: open_regular(path, 1000), lambda: open_output(path), lambda: check_output(path),
                    lambda: open_output("/proc/self/new.jsonl")):
        with pytest.raises(BadFile) as refused:
            attempt()
        assert refused.value.kind == "kernel"
    link = tmp_path / "rules.yaml"  # a ruleset's name that leads to the kernel's file
    link.symlink_to(path)
    assert [p.message for p in validate(str(link)).problems] == [KERNEL_FILE]


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null here")
def test_the_null_device_is_refused_as_a_log() -> None:
    """A decision, not an accident: /dev/null is a device like any other; leaving --log out discards the log."""
    result = run_cli("simulate", "uno", "--games", "1", "--log", os.devnull)
    assert result.exit_code == 1 and "not a regular file" in result.stderr


# ---------------------------------------------------------------- fuzzing

JUNK: list[Any] = [None, True, False, 0, -1, 1.5, "", "x", [], {}, [1, 2], {"a": 1}, 2 ** 70, 2 ** 100, [[[[1]]]]]
RAW_JUNK = ["NaN", "Infinity", "-Infinity", "1e999", "1" * 400, '"\\u001b[31m"', '"\\u009b"', '"\x9b"', '"\x7f"',
            '"\\ud800"', "[" * 50 + "]" * 50]
CONTROLS = ["\\u001b", "\\u0007", "\\u009b", "\x9b", "\x85", "\x7f", "\\b", "\\r", "\\u0000", "\\t", "\\n"]


def mutant(lines: Lines, rng: random.Random) -> Lines:
    """The log with one change of the kinds that untrusted logs have: a value of another type, a number blown
    up, a string given a control character, a line cut short, doubled, dropped or swapped."""
    lines = list(lines)
    index = rng.randrange(len(lines))
    how = rng.choice(["junk", "raw", "number", "control", "truncate", "duplicate", "drop", "swap"])
    if how in ("junk", "raw", "number"):
        line = json.loads(lines[index])
        container, key = _somewhere(line, rng)
        if how == "junk":
            container[key] = rng.choice(JUNK)
            lines[index] = json.dumps(line)
        else:
            value = container[key]
            if how == "number" and isinstance(value, int) and not isinstance(value, bool):
                replacement = str(rng.choice([value * 10 ** rng.randrange(1, 40), -value - 1, value + 1, 2 ** 63,
                                              2 ** 96, -2 ** 96]))
            else:
                replacement = rng.choice(RAW_JUNK)
            container[key] = "\0PLACE\0"
            lines[index] = json.dumps(line).replace('"\\u0000PLACE\\u0000"', replacement)
    elif how == "control":
        spots = [m.end() - 1 for m in re.finditer(r'"[^"]', lines[index])]
        at = rng.choice(spots)
        lines[index] = lines[index][:at + 1] + rng.choice(CONTROLS) + lines[index][at + 1:]
    elif how == "truncate":
        lines[index] = lines[index][:rng.randrange(len(lines[index]))]
    elif how == "duplicate":
        lines.insert(index, lines[index])
    elif how == "drop":
        del lines[index]
    else:
        other = rng.randrange(len(lines))
        lines[index], lines[other] = lines[other], lines[index]
    return lines


def _somewhere(line: dict[str, Any], rng: random.Random) -> tuple[Any, Any]:
    """A (container, key) of the line, chosen at random at any depth (the `type` field too)."""
    container: Any = line
    key: Any = rng.choice(list(line))
    while isinstance(container[key], (dict, list)) and container[key] and rng.random() < 0.6:
        container = container[key]
        key = rng.choice(list(container)) if isinstance(container, dict) else rng.randrange(len(container))
    return container, key


def test_mutated_logs_are_replayed_or_refused_cleanly(original: Lines, tmp_path: Path, uno: Game) -> None:
    """A few hundred mutants of a real log, from one seed: each reads and replays, or is refused by a
    RulesrunError (a line's refusal names a line of the file); through the command line, exit 0, or 1 with
    one message."""
    rng = random.Random(20240607)
    outcomes: dict[str, int] = {}
    for number in range(300):
        lines = mutant(original, rng)
        path = written(tmp_path, lines)
        try:
            for game in read_games(path):
                replay(uno, game.header, game.events)
            outcome = "replayed"
        except ReplayMismatch as err:
            if "line" in err.details:
                assert 1 <= err.details["line"] <= len(lines), str(err)
            outcome = err.kind
        except RulesrunError as err:
            outcome = type(err).__name__
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if number % 15 == 0:
            result = run_cli("replay", str(path), "--to-end", "--ruleset", "uno")
            assert result.exit_code in (0, 1) and "Traceback" not in result.stderr
            if result.exit_code == 1:
                assert result.stderr.count("\n") == 1, result.stderr
    refusals = sum(count for outcome, count in outcomes.items() if outcome != "replayed")
    assert refusals > 200 and {"control", "number", "field", "not_json", "differs"} <= set(outcomes), outcomes


def test_every_field_of_every_event_has_a_check() -> None:
    """A new event field with no check would be read unchecked (or fail with a KeyError)."""
    fields = {field for cls in ev.EVENT_TYPES.values() for field in cls._fields}
    assert fields == set(log_lines.EVENT_FIELDS)
