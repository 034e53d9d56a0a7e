"""A hostile ruleset is refused quickly, once per cause, with its position: no traceback, no terminal driven.

Each test writes one attack into the corpus's clean base ruleset and checks the
code and the place of the refusal (so that a test cannot pass for another
reason), and that `validate` itself stays quick and prints nothing it was fed.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli
from rulesrun.interpreter import EvalError, load_game, say, validate
from rulesrun.interpreter.engine.state import inspect
from rulesrun.interpreter.engine.table import MAX_VALUE_ITEMS, MAX_VALUE_NUMBER, too_large

BASE = (Path(__file__).parent / "corpus" / "lib" / "base.yaml").read_text(encoding="utf-8")


def _ruleset(tmp_path: Path, section: str, lines: str, name: str = "hostile.yaml") -> Path:
    """The base ruleset with `lines` added at the top of one of its sections."""
    assert f"\n{section}:\n" in BASE
    path = tmp_path / name
    path.write_text(BASE.replace(f"\n{section}:\n", f"\n{section}:\n{lines}", 1), encoding="utf-8")
    return path


def _codes(path: Path) -> list[tuple[str, int]]:
    return [(p.code, p.position.line) for p in validate(str(path)).problems]


@pytest.mark.parametrize("text", ["\\e]0;the window is mine\\a", "\\e[2J", "read this\\x9b2J", "\\x00", "bell\\a"])
def test_a_control_character_written_as_an_escape_is_refused_and_never_printed(tmp_path: Path, text: str) -> None:
    path = _ruleset(tmp_path, "params", f'  shown: {{value: 1, description: "{text}"}}\n')
    assert _codes(path) == [("Y010", 5)]
    result = run_cli("validate", str(path))
    assert result.exit_code == 1
    assert not any(ord(ch) < 32 and ch not in "\n\t" or 0x7F <= ord(ch) <= 0x9F for ch in result.output)


@pytest.mark.parametrize("number", ["0x" + "f" * 5000, ":".join(["59"] * 3000), "9" * 30, "9007199254740993"])
def test_a_number_too_large_for_a_ruleset_is_refused_where_it_is_written(tmp_path: Path, number: str) -> None:
    """Beyond ±2^53 (Python would even refuse to print some of these: 'Exceeds the limit (4300 digits)')."""
    path = _ruleset(tmp_path, "params", f"  big: {number}\n")
    assert _codes(path) == [("Y002", 5)]


def test_the_largest_number_a_ruleset_may_hold_is_accepted(tmp_path: Path) -> None:
    path = _ruleset(tmp_path, "params", "  big: 9007199254740992\n")
    assert "Y002" not in {code for code, _ in _codes(path)}


def test_thousands_of_duplicate_keys_are_said_in_six_problems(tmp_path: Path) -> None:
    """One message each took 20 s for 20,000 of them: the first five, then how many more."""
    path = _ruleset(tmp_path, "params", "".join("  dup: 1\n" for _ in range(20_000)))
    problems = validate(str(path)).problems
    assert [p.code for p in problems] == ["Y003"] * 6
    assert [p.position.line for p in problems] == [6, 7, 8, 9, 10, 11]
    assert problems[-1].message == "19994 more duplicate keys from here on"


def test_an_expression_that_overflows_the_parser_is_refused(tmp_path: Path) -> None:
    path = _ruleset(tmp_path, "define", '  m: "' + "-" * 490 + '1"\n')
    assert _codes(path) == [("E102", 22)]


def test_a_number_in_an_expression_is_bounded_too(tmp_path: Path) -> None:
    path = _ruleset(tmp_path, "define", '  m: "99999999999999999999 > 3"\n')
    assert _codes(path) == [("E104", 22)]


@pytest.mark.parametrize("operator, seed", [("+", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"), ("*", "9"), ("+", "'abcdefghij'")])
def test_definitions_that_grow_a_value_are_stopped_before_it_is_made(tmp_path: Path, operator: str, seed: str) -> None:
    """Six definitions of ten parts each: 10^6 items or a number of 10^5 digits, made at load time before."""
    names = ["a", "b", "c", "d", "f", "g"]
    lines = [f'  a: "{seed}"'] + [f'  {name}: "{f" {operator} ".join([before] * 10)}"'
                                   for before, name in zip(names, names[1:])]
    path = _ruleset(tmp_path, "define", "\n".join(lines) + "\n")
    problems = validate(str(path)).problems
    assert problems[0].code == "E104"
    assert problems[0].position.line in range(23, 28)


def test_a_file_name_longer_than_the_system_allows_is_one_clear_error(tmp_path: Path) -> None:
    result = run_cli("validate", str(tmp_path / ("a" * 300 + ".yaml")))
    assert result.exit_code != 0
    assert "[F001]" in result.output and "Traceback" not in result.output


# each doubles, or grows by 20 letters, a turn of the loop: unbounded, either would outlast the loop's own bound
GROWS = {"a number": ("initial: 3", "x + x"), "a text": ("initial: ab", "x + 'twenty letters long'")}


@pytest.mark.parametrize("records", [True, False], ids=["recording each change", "recording the course"])
@pytest.mark.parametrize("grows", sorted(GROWS))
@pytest.mark.parametrize("engine", ["interpreter", "generated"])
def test_a_value_that_grows_in_a_loop_is_stopped_naming_the_variable(tmp_path: Path, engine: str, grows: str,
                                                                     records: bool) -> None:
    """`x * x` in a loop reached numbers of millions of digits before: every value a game keeps is bounded,
    on a table that records each change and on one that records only the game's course (as `simulate` plays),
    and the loop stops at the first value too large (not at its own bound)."""
    initial, grown = GROWS[grows]
    text = BASE.replace("  passes: {scope: round, initial: 0}\n",
                        f"  passes: {{scope: round, initial: 0}}\n  x: {{scope: game, {initial}}}\n")
    text = text.replace("      - set: {passes: 0}\n", "      - set: {passes: 0}\n"
                        f"      - while: \"x != none\"\n        do: [{{set: {{x: \"{grown}\"}}}}]\n")
    game = load_game(str(_write(tmp_path, text)), engine)
    state = game.new_state(2, 0, record_changes=records)
    play = next(a for a in state.legal_actions() if a.name == "play")
    with pytest.raises(EvalError) as refused:
        state.apply(play)
    assert refused.value.kind == "too_large" and refused.value.details["name"] == "x"
    assert "x would hold a value too large" in say(refused.value)


def test_a_value_a_variable_may_hold_is_bounded_in_length_items_and_numbers() -> None:
    """A text by its length; a list by its length and each of its items; a number by its size."""
    longest, number = "x" * MAX_VALUE_ITEMS, MAX_VALUE_NUMBER
    assert not any(too_large(v) for v in (longest, [longest, number], (1, -number), [[number]] * MAX_VALUE_ITEMS))
    assert all(too_large(v) for v in (longest + "x", [0] * (MAX_VALUE_ITEMS + 1), [1, [number + 1]], -number - 1))


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "grow.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("engine", ["interpreter", "generated"])
def test_nested_aggregates_count_every_item_they_go_through(tmp_path: Path, engine: str) -> None:
    """Two lists of 10,000 items, one inside the other, were 10^8 steps of one listing: about a minute."""
    nested = "count(a in range(0, 10000): any(b in range(size(hand), 10000): a == b + 20000)) == 0"
    text = BASE.replace('    if: "not any(c in hand: playable(c))"', f'    if: "{nested} and not any(c in hand: playable(c))"')
    assert text != BASE
    game = load_game(str(_write(tmp_path, text)), engine)
    state = game.new_state(2, 0)
    with pytest.raises(EvalError) as refused:
        state.legal_actions()
    assert refused.value.kind == "steps" and refused.value.details["limit"] == 100_000
    assert "in actions.pass: one action or listing of moves did more than 100000 steps" in str(refused.value)


def test_a_query_starts_its_own_count_of_steps(tmp_path: Path) -> None:
    """Listing the moves of one position again and again never adds up to the bound: each listing counts anew."""
    wide = "count(a in range(size(hand), 9000): a >= 0) > 0"
    text = BASE.replace('    if: "not any(c in hand: playable(c))"', f'    if: "{wide} and not any(c in hand: playable(c))"')
    state = load_game(str(_write(tmp_path, text))).new_state(2, 0)
    for _ in range(20):  # 20 listings of 9,000 items each
        assert state.legal_actions()


def test_a_choice_of_sets_is_counted_before_the_sets_are_made(tmp_path: Path) -> None:
    """`many:` over 40 components has 2^40 sets: refused at once, where it used to fill the memory."""
    text = BASE.replace("    - {colour: [red, blue], number: [1, 2, 3], copies: 2}",
                        "    - {colour: [red, blue], number: [1, 2, 3], copies: 8}")
    text = text.replace("  pass:\n", "  dump:\n    choose:\n      cards: {from: deck, many: true, min: 0}\n"
                        "    effects: [end_turn]\n  pass:\n", 1)
    game = load_game(str(_write(tmp_path, text)))
    state = game.new_state(2, 0)
    with pytest.raises(EvalError) as refused:
        state.legal_actions()
    assert refused.value.kind == "choice_sets" and refused.value.details["choice"] == "cards"


def test_a_far_seat_after_an_elimination_is_found_at_once() -> None:
    """`next(player, 10**9)` with a seat out of play walked a billion steps; the seats come round every few."""
    state = load_game("uno").new_state(5, 0)
    table = inspect(state)

    def walked(p: int, step: int) -> int:  # the plain walk, one seat at a time
        for _ in range(abs(step)):
            for _ in range(table.players):
                p = (p + (1 if step > 0 else -1)) % table.players
                if p not in table.out:
                    break
        return p

    table.out.update({1, 3})
    for seat in range(5):
        for step in [*range(-12, 13), 10**9, -10**9 - 7]:
            expected = walked(seat, step) if abs(step) < 100 else walked(seat, (abs(step) - 1) % 3 + 1) \
                if step > 0 else walked(seat, -((abs(step) - 1) % 3 + 1))
            assert table.seat_after(seat, step) == expected, (seat, step)


@pytest.mark.parametrize("text", ["\u202e", "\\u202e", "\u2066", "zero\u200bwidth", "\\ufeff"])
def test_an_invisible_character_that_reorders_text_is_refused(tmp_path: Path, text: str) -> None:
    """A bidirectional override or isolate (or a zero-width space) would show text other than what is written."""
    path = _ruleset(tmp_path, "params", f'  shown: {{value: 1, description: "read {text}this"}}\n')
    [problem] = validate(str(path)).problems
    assert (problem.code, problem.position.line) == ("Y010", 5)
    assert problem.message.startswith("the text holds the invisible character U+")


def test_a_quoted_source_line_shows_an_invisible_character_as_a_replacement_mark(tmp_path: Path) -> None:
    """A comment may hold one (YAML allows it there); the line quoted with a problem never prints it."""
    path = _ruleset(tmp_path, "params", "  bad: {value: 1, oops: 2}  # \u202eevil\n")
    result = run_cli("validate", str(path))
    assert result.exit_code == 1 and "\u202e" not in result.output and "\ufffdevil" in result.output
