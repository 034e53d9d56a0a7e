"""The hints `validate` gives where authors trip: each test pins the problem's code and the hint's words.

Operators of other languages and brackets never closed in expressions (E103), a
ruleset name that is not a shipped one (F001, exit 2 in every command), text cut
short by an unquoted `,` or `:` inside `{...}` (S103, Y001), and a name of the
ruleset's own that would hide a built-in (S217).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from helpers import changed
from helpers import run_cli as run
from rulesrun.interpreter import validate
from rulesrun.interpreter.environment import Environment
from rulesrun.interpreter.errors import Problem
from rulesrun.interpreter.language import parse_cache, syntax
from rulesrun.interpreter.language.syntax import ExprError, parse
from rulesrun.interpreter.words.names import suggest

PASS_IF = '    if: "not any(c in hand: playable(c))"\n'



def problems(tmp_path: Path, text: str) -> list[Problem]:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return list(validate(str(path)).problems)


def only(tmp_path: Path, text: str) -> Problem:
    found = problems(tmp_path, text)
    assert len(found) == 1, [p.format() for p in found]
    return found[0]


def column_of(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the only `needle` in `text`."""
    assert text.count(needle) == 1, needle
    at = text.index(needle)
    return text[:at].count("\n") + 1, at - text.rfind("\n", 0, at)


# ---------------------------------------------------------------- expressions (E103)

@pytest.mark.parametrize(("condition", "written", "hint"), [
    ("passes = 2", "=", "did you mean `==`?"),
    ("passes > 0 && players > 1", "&&", "did you mean `and`?"),
    ("passes > 0 || players > 1", "||", "did you mean `or`?"),
    ("!(passes > 0)", "!", "did you mean `not`?"),
])
def test_an_operator_of_another_language_is_named_with_the_one_meant(tmp_path: Path, condition: str, written: str,
                                                                    hint: str) -> None:
    text = changed((PASS_IF, f'    if: "{condition}"\n'))
    problem = only(tmp_path, text)
    assert (problem.code, problem.hint) == ("E103", hint)
    line, column = column_of(text, f'"{condition}"')
    assert (problem.position.line, problem.position.column) == (line, column + 1 + condition.index(written))


def test_not_equal_still_parses() -> None:
    assert parse("passes != 2").data == "compare"
    with pytest.raises(ExprError) as caught:
        parse("passes ! = 2")
    assert (caught.value.code, caught.value.hint) == ("E103", "did you mean `not`?")


@pytest.mark.parametrize(("condition", "opened"), [
    ("(passes > 0 and size(hand) == 0", 1),
    ("passes > 0 and (size(hand) == 0 or players > 2", 16),
    ("size(hand", 5),
    ("passes in [1, 2", 11),
])
def test_a_bracket_never_closed_is_named_by_the_column_it_was_opened_at(tmp_path: Path, condition: str,
                                                                        opened: int) -> None:
    problem = only(tmp_path, changed((PASS_IF, f'    if: "{condition}"\n')))
    bracket = condition[opened - 1]
    assert problem.code == "E103" and problem.message == "the expression ends too early"
    assert problem.hint.startswith(f"the `{bracket}` opened at column {opened} of the expression is never closed")


def test_a_bracket_inside_a_string_is_not_counted() -> None:
    with pytest.raises(ExprError) as caught:
        parse("phase == '(' and (passes > 0")
    assert caught.value.hint.startswith("the `(` opened at column 18 of the expression is never closed")


def test_a_text_that_ends_early_with_every_bracket_closed_has_no_bracket_hint() -> None:
    with pytest.raises(ExprError) as caught:
        parse("passes >=")
    assert (caught.value.code, caught.value.hint) == ("E103", "")


def test_a_remembered_error_keeps_its_hint(tmp_path: Path) -> None:
    """The parse cache stores errors with their hints: a second run gives the same words."""
    text = "players = 2"
    cache = parse_cache.TreeCache("grammar", Environment(tmp_path))
    cache.put_error("start:" + text, "unexpected character '='", 8, "did you mean `==`?", "E103")
    again = parse_cache.TreeCache("grammar", Environment(tmp_path))
    assert again.get("start:" + text) == ("unexpected character '='", 8, "did you mean `==`?", "E103")


def test_errors_remembered_before_the_words_changed_are_not_read(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The store's version holds the code that words the errors, so a stale error without its hint is never used."""
    assert "_foreign_operator" in parse_cache._wording_version()
    old = parse_cache.TreeCache("grammar", Environment(tmp_path))
    old.put_error("start:passes = 2", "unexpected character '='", 7, "", "E103")
    monkeypatch.setattr(parse_cache, "_wording_version", lambda: "the words of a later version")
    assert parse_cache.TreeCache("grammar", Environment(tmp_path)).get("start:passes = 2") is None


def test_the_hint_survives_the_store_of_this_run() -> None:
    syntax._parse.cache_clear()
    for _ in range(2):  # parsed, then read back from the store
        with pytest.raises(ExprError) as caught:
            parse("dealer && current")
        assert (caught.value.code, caught.value.hint) == ("E103", "did you mean `and`?")
        syntax._parse.cache_clear()


# ---------------------------------------------------------------- rulesets that are not there (F001)

@pytest.fixture(scope="module")
def log_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    log = tmp_path_factory.mktemp("log") / "game.jsonl"
    assert run("simulate", "uno", "--games", "1", "--single-round", "--log", str(log)).exit_code == 0
    return str(log)


@pytest.mark.parametrize("command", [
    ["validate", "unoo"], ["play", "unoo"], ["simulate", "unoo"], ["check", "unoo"], ["explain", "unoo"],
    ["diff", "unoo", "uno"], ["diff", "uno", "unoo"], ["compare", "uno", "unoo"],
])
def test_every_command_says_the_nearest_shipped_name_and_exits_2(command: list[str]) -> None:
    result = run(*command)
    assert result.exit_code == 2
    assert "error: no ruleset named 'unoo' [F001]" in result.output
    assert "= did you mean 'uno'?" in result.output
    assert "dos/big-table" not in result.output  # not a list of every shipped name


def test_replay_with_a_ruleset_that_is_not_there_exits_2(log_file: str) -> None:
    result = run("replay", log_file, "--ruleset", "unoo", "--to-end")
    assert result.exit_code == 2
    assert "[F001]" in result.output and "did you mean 'uno'?" in result.output


@pytest.mark.parametrize("command", ["validate", "simulate", "explain"])
def test_a_file_that_is_not_there_exits_2_in_every_command(tmp_path: Path, command: str) -> None:
    result = run(command, str(tmp_path / "missing.yaml"))
    assert result.exit_code == 2
    assert "no such file [F001]" in result.output


def test_several_near_names_are_offered_nearest_first() -> None:
    result = run("play", "stacking")
    assert result.exit_code == 2
    assert "= did you mean 'uno/stacking' or 'uno-dice/stacking'?" in result.output


def test_a_name_near_to_nothing_points_at_the_list() -> None:
    result = run("simulate", "zzzz")
    assert result.exit_code == 2
    assert "= `rulesrun list` shows the shipped rulesets" in result.output


def test_a_base_that_is_not_there_is_the_ruleset_s_own_problem_not_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: unoo\nname: house\n", encoding="utf-8")
    for command in ("validate", "play"):
        result = run(command, str(path))
        assert result.exit_code == 1
        assert f"{path}:1:10: error: no ruleset named 'unoo' [F001]" in result.output
    problem, = validate(str(path)).problems
    assert (problem.code, problem.hint) == ("F001", "did you mean 'uno'?")


def test_suggest_lists_several_names_with_or() -> None:
    assert suggest("stack", ["stacking", "other", "stacked", "stacks"], most=3) == \
        "did you mean 'stacks', 'stacked' or 'stacking'?"
    assert suggest("stack", ["stacks"], most=3) == "did you mean 'stacks'?"
    assert suggest("stack", ["stacked", "stacks"]) == "did you mean 'stacks'?"
    assert suggest("stack", ["zzz"], most=3) == ""


# ---------------------------------------------------------------- YAML text cut short (S103, Y001)

def test_a_comma_in_unquoted_text_inside_braces_gets_a_hint_to_quote_it(tmp_path: Path) -> None:
    text = changed(("  pass:\n    if:", "  pass: {description: Draw one, then pass.}\n  passing:\n    if:"))
    found = [p for p in problems(tmp_path, text) if p.code == "S103"]
    assert len(found) == 1
    problem = found[0]
    assert problem.message == "unknown key `then pass.` in `pass`"
    assert (problem.position.line, problem.position.column) == column_of(text, "then pass.")
    assert problem.hint == ("an unquoted `,` inside `{...}` ends the text of `description`: quote the whole text, "
                            "`description: \"Draw one, then pass.\"`")


def test_several_commas_make_one_text(tmp_path: Path) -> None:
    text = changed(('      card: {from: hand, where: "playable(card)"}',
                    '      card: {from: hand, where: "playable(card)", description: Pick one, any one, then play.}'))
    problem, = [p for p in problems(tmp_path, text) if p.code == "S103"]
    assert problem.hint.endswith("`description: \"Pick one, any one, then play.\"`")


@pytest.mark.parametrize("flow", [
    "{description: Draw one, then}",  # a word that could be a name
    "{description: \"Draw one\", then pass.}",  # the text before is quoted: the comma was meant
    "{description: Draw one,\n           then pass.}",  # not on the same line
])
def test_other_unknown_keys_keep_their_usual_hint(tmp_path: Path, flow: str) -> None:
    text = changed(("  pass:\n    if:", f"  pass: {flow}\n  passing:\n    if:"))
    problem, = [p for p in problems(tmp_path, text) if p.code == "S103"]
    assert "quote the whole text" not in problem.hint


def test_a_colon_in_unquoted_text_inside_braces_gets_a_hint_to_quote_it(tmp_path: Path) -> None:
    text = changed(("  pass:\n    if:", "  pass: {description: Note: draw one}\n  passing:\n    if:"))
    problem = only(tmp_path, text)
    assert problem.code == "Y001"
    assert (problem.position.line, problem.position.column) == column_of(text, ": draw one")
    assert problem.hint.startswith("quote the text: inside `{...}` and `[...]`, text without quotes cannot hold `: `")


def test_a_brace_never_closed_keeps_its_own_hint(tmp_path: Path) -> None:
    problem = only(tmp_path, changed(("players: {min: 2, max: 4}", "players: {min: 2, max: 4")))
    assert problem.code == "Y001" and problem.hint.startswith("the '{' opened on line 3 is not closed")


# ---------------------------------------------------------------- names of built-ins (S217)

@pytest.mark.parametrize(("old", "new", "name", "kind", "builtin"), [
    ("  passes: {scope: round, initial: 0}\n", "  passes: {scope: round, initial: 0}\n  current: 0\n",
     "current", "variable", "name `current`"),
    ("  hand_size: 3\n", "  hand_size: 3\n  dealer: 1\n", "dealer", "parameter", "name `dealer`"),
    ("  pile: {visibility: public}\n", "  pile: {visibility: public}\n  round: {visibility: public}\n",
     "round", "zone", "name `round`"),
    ('  top_card: "top(pile)"\n', '  top_card: "top(pile)"\n  player: "0"\n', "player", "definition",
     "name `player`"),
    ('  top_card: "top(pile)"\n', '  top_card: "top(pile)"\n  size(z): "0"\n', "size", "definition",
     "function `size(...)`"),
    ('  top_card: "top(pile)"\n', '  top_card: "top(pile)"\n  count: "0"\n', "count", "definition",
     "function `count(...)`"),
])
def test_a_name_of_a_built_in_is_refused_at_the_name(tmp_path: Path, old: str, new: str, name: str, kind: str,
                                                      builtin: str) -> None:
    text = changed((old, new))
    found = [p for p in problems(tmp_path, text) if p.code == "S217"]
    assert len(found) == 1, [p.format() for p in problems(tmp_path, text)]
    problem = found[0]
    assert problem.message == f"the {kind} {name!r} has the name of a built-in"
    assert problem.hint == f"rename the {kind}: it would hide the built-in {builtin} in every expression"
    added_line = text[:text.index(new) + len(old)].count("\n") + 1
    assert (problem.position.line, problem.position.column) == (added_line, 3)  # the name, after its indent


def test_a_variable_may_share_a_name_with_a_function_it_cannot_hide(tmp_path: Path) -> None:
    """`previous(p)` still calls the function when a variable is named `previous`."""
    text = changed(("  passes: {scope: round, initial: 0}\n", "  passes: {scope: round, initial: 0}\n  top: 0\n"),
                   ("    do: [{end_round: {winner: none}}]\n", "    do: [{set: {top: 1}}, {end_round: {winner: none}}]\n"))
    assert [p.code for p in problems(tmp_path, text)] == []
