"""`rulesrun validate` as a compiler: every problem, positioned, rendered, coded and documented.

The broken-ruleset corpus (test_corpus.py) pins codes and positions; these tests
pin the rest: the rendering, the JSON output, warnings and --strict, exit codes,
the documentation of every code, the whole-ruleset checks on small examples, and
that every shipped ruleset is clean.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result
from helpers import CORPUS_BASE as BASE
from helpers import changed, write
from rulesrun.cli.main import main
from rulesrun.interpreter import RULESET_SCHEMA as SCHEMA_FILE
from rulesrun.interpreter import load_document, shipped_rulesets, validate
from rulesrun.interpreter.check.semantics import Reach, Uses
from rulesrun.interpreter.errors import Position, Problem
from rulesrun.interpreter.source import safe_yaml as loader
from rulesrun.interpreter.tree import nodes
from rulesrun.interpreter.words.diagnostics import as_json, render, summary

ROOT = Path(__file__).resolve().parent.parent
CODE = re.compile(r'"([A-Z]\d{3})"')


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result




def codes(tmp_path: Path, text: str) -> list[str]:
    return [p.code for p in validate(write(tmp_path, text)).problems]


# ---------------------------------------------------------------- shipped rulesets

@pytest.mark.parametrize("name", [name for name, _ in shipped_rulesets()])
def test_every_shipped_ruleset_and_variant_is_valid_without_warnings(name: str) -> None:
    report = validate(name)
    assert [p.format() for p in report.problems] == []
    assert report.game is not None


def test_the_corpus_base_is_clean(tmp_path: Path) -> None:
    assert codes(tmp_path, BASE) == []


# ---------------------------------------------------------------- documentation

def emitted_codes() -> set[str]:
    found = set()
    for folder in ("interpreter", "cli"):
        for path in (ROOT / folder).rglob("*.py"):
            found |= set(CODE.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_code_the_code_base_can_emit_is_documented() -> None:
    documented = set(re.findall(r"^\| `([A-Z]\d{3})` \|", (ROOT / "docs" / "errors.md").read_text(), re.M))
    emitted = emitted_codes()
    assert len(emitted) > 60
    assert emitted - documented == set()
    assert documented - emitted == set()  # no code documented that nothing reports


# ---------------------------------------------------------------- rendering

def test_render_shows_line_caret_under_the_column_and_hint() -> None:
    problem = Problem("E113", "unknown attribute 'color'", Position("r.yaml", 2, 14), hint="did you mean 'colour'?")
    text = "a: 1\nwhere: \"card.color == red\"\n"
    assert render(problem, {"r.yaml": text}).splitlines() == [
        "r.yaml:2:14: error: unknown attribute 'color' [E113]",
        " 2 | where: \"card.color == red\"",
        "   |              ^",
        "   = did you mean 'colour'?",
    ]


def test_render_keeps_tabs_and_wide_characters_in_line_with_the_caret() -> None:
    problem = Problem("E110", "unknown name 'x'", Position("r.yaml", 1, 7))
    lines = render(problem, {"r.yaml": "\t名前: \"x\"\n"}).splitlines()
    assert lines[2] == "   | \t" + " " * 7 + "^"  # the tab kept, two wide characters of two columns, then ': "'


def test_render_without_the_text_or_a_line_gives_the_first_line_only() -> None:
    problem = Problem("Y008", "the file is empty", Position("r.yaml"))
    assert render(problem, {"r.yaml": ""}) == "r.yaml: error: the file is empty [Y008]"
    assert render(Problem("F001", "no such file", Position("gone.yaml", 3, 1)), {}).count("\n") == 0


def test_render_shows_a_window_of_a_long_line_around_the_column() -> None:
    line = "x" * 300 + "HERE" + "y" * 300
    lines = render(Problem("E103", "m", Position("r.yaml", 1, 301)), {"r.yaml": line}).splitlines()
    shown, caret = lines[1].split(" | ", 1)[1], lines[2].split(" | ", 1)[1]
    assert shown.startswith("…") and shown.endswith("…") and len(shown) < 140
    assert shown[len(caret) - 1:].startswith("HERE")


def test_render_draws_control_characters() -> None:
    lines = render(Problem("Y010", "m", Position("r.yaml", 1, 4)), {"r.yaml": "ab\x07c"}).splitlines()
    assert lines[1] == " 1 | ab\u2407c"


def test_summary_and_json() -> None:
    problems = [Problem("S104", "m", Position("r.yaml", 1, 2)),
                Problem("S401", "w", Position("r.yaml", 3, 4), "warning"),
                Problem("S402", "w", Position("r.yaml", 5, 6), "warning", "h")]
    assert summary(problems, "r.yaml") == "r.yaml: 1 error, 2 warnings"
    assert summary([], "r.yaml") == "r.yaml: valid"
    assert as_json(problems[2:]) == [{"path": "r.yaml", "line": 5, "column": 6, "severity": "warning",
                                      "code": "S402", "message": "w", "hint": "h", "note": ""}]


# ---------------------------------------------------------------- the command

def test_validate_prints_each_problem_with_its_line_and_caret(tmp_path: Path) -> None:
    path = write(tmp_path, changed(("card.colour == top_card.colour", "card.color == top_card.colour")))
    result = run("validate", path)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith(f"{path}:23:25: error: unknown attribute"))
    assert lines[header + 1].startswith(" 23 |   playable(card): \"card.color")
    assert lines[header + 2] == "    |" + " " * 25 + "^"
    assert lines[header + 3] == "    = did you mean 'colour'?"
    assert lines[-1] == f"{path}: 1 error"


def test_validate_reports_every_problem_not_only_the_first(tmp_path: Path) -> None:
    text = changed(("card.colour == top_card.colour", "card.color == top_card.colour"),
                   ('"passes >= players"', '"pases >= players"'), ("to: pile}\n      - set", "to: piel}\n      - set"))
    assert codes(tmp_path, text) == ["E113", "S303", "E110"]


def test_validate_json_lists_problems_on_stdout(tmp_path: Path) -> None:
    path = write(tmp_path, changed(('"passes >= players"', '"pases >= players"')))
    result = run("validate", "--format", "json", path)
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [{"path": path, "line": 50, "column": 12, "severity": "error", "code": "E110",
                                          "message": "unknown name 'pases'", "hint": "did you mean 'passes'?", "note": ""}]
    assert json.loads(run("validate", "--format", "json", "uno").stdout) == []


def test_warnings_show_but_fail_only_when_strict(tmp_path: Path) -> None:
    path = write(tmp_path, changed(("  passes: {scope: round, initial: 0}\n", "  passes: {scope: round, initial: 0}\n"
                                    "  streak: 0\n")))
    relaxed = run("validate", path)
    assert relaxed.exit_code == 0
    assert "warning: variable 'streak' is never used [S402]" in relaxed.stderr
    assert relaxed.stdout.startswith(f"{path}: valid — corpus, 12 components, 2 actions (1 warning)")
    strict = run("validate", "--strict", path)
    assert strict.exit_code == 1
    assert strict.stderr.splitlines()[-1] == f"{path}: 1 warning (--strict)"


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run("validate", str(tmp_path / "missing.yaml")).exit_code == 2
    assert run("validate", "no-such-ruleset").exit_code == 2
    assert run("validate", str(tmp_path)).exit_code == 2
    assert run("validate", "--format", "xml", "uno").exit_code == 2
    assert run("validate", "--resolved", "--format", "json", "uno").exit_code == 2


def test_a_missing_base_is_a_ruleset_error_at_the_extends_line(tmp_path: Path) -> None:
    path = write(tmp_path, "extends: ./gone.yaml\nname: x\n")
    result = run("validate", path)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}:1:10: error: no ruleset file ./gone.yaml [F001]")


def test_validate_help_and_group_help_name_the_exit_codes() -> None:
    assert "--strict" in run("validate", "--help").output
    assert re.search(r"^\s+2\s+usage error .*no such ruleset file", run("--help").output, re.M)


def test_schema_command_prints_the_schema() -> None:
    result = run("schema")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def test_resolved_prints_the_merged_variant_as_yaml() -> None:
    name = next(name for name, _ in shipped_rulesets() if "/" in name)
    result = run("validate", "--resolved", name)
    assert result.exit_code == 0
    assert yaml.safe_load(result.stdout) == load_document(name).data
    assert "extends" not in yaml.safe_load(result.stdout)
    assert ": valid — " in result.stderr


# ---------------------------------------------------------------- untrusted files

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_named_like_a_ruleset_is_not_read(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    report = validate(str(pipe))
    assert [(p.code, p.message) for p in report.problems] == [
        ("F001", "this is not a regular file (a device, a pipe or a socket)")]
    assert report.usage_error


def test_extends_reads_only_yaml_rulesets(tmp_path: Path) -> None:
    (tmp_path / "base.yml").write_text(BASE, encoding="utf-8")
    assert codes(tmp_path, "extends: ./base.yml\nname: x\n") == ["F002"]


def test_libyaml_and_pure_python_reading_agree_on_data_and_positions() -> None:
    """The fast reader is used only for what it reads exactly as the careful one does."""
    for name, _ in shipped_rulesets():
        text = load_document(name).texts[str(Path(load_document(name).file))]
        quick = loader._compose_quickly(text)
        careful = loader._compose(loader._Loader(text, "r.yaml"))
        assert quick is not None
        assert yaml.serialize(quick) == yaml.serialize(careful)
        assert [(n.start_mark.line, n.start_mark.column) for n in _nodes(quick)] == \
            [(n.start_mark.line, n.start_mark.column) for n in _nodes(careful)]


def _nodes(node: yaml.Node) -> list[yaml.Node]:
    found, todo = [], [node]
    while todo:
        item = todo.pop()
        found.append(item)
        if isinstance(item, yaml.SequenceNode):
            todo.extend(item.value)
        elif isinstance(item, yaml.MappingNode):
            todo.extend(n for pair in item.value for n in pair)
    return found


# ---------------------------------------------------------------- whole-ruleset checks

def test_components_count_that_adds_up_is_accepted(tmp_path: Path) -> None:
    assert codes(tmp_path, changed(("  cards:\n", "  count: 12\n  cards:\n"))) == []


def test_phase_reached_by_a_goto_of_a_live_action_is_not_reported(tmp_path: Path) -> None:
    text = changed(("  play:\n", "  play:\n    phase: main\n"), ("  pass:\n", "  pass:\n    phase: main\n"),
                   ("      - set: {passes: 0}\n      - end_turn", "      - set: {passes: 0}\n      - goto: again"),
                   ("triggers:", "  again:\n    phase: again\n    effects: [end_turn]\ntriggers:"),
                   ("round:\n", "turn:\n  phase: main\nround:\n"))
    assert codes(tmp_path, text) == []


def test_phase_reached_only_from_a_dead_action_is_reported_for_both(tmp_path: Path) -> None:
    text = changed(("  play:\n", "  play:\n    phase: main\n"), ("  pass:\n", "  pass:\n    phase: mian\n"),
                   ("      - add: {passes: 1}\n      - end_turn", "      - add: {passes: 1}\n      - goto: again"),
                   ("triggers:", "  again:\n    phase: again\n    effects: [end_turn]\ntriggers:"),
                   ("round:\n", "turn:\n  phase: main\nround:\n"))
    assert codes(tmp_path, text) == ["S405", "S405"]


def test_a_turn_phase_read_from_a_variable_is_never_judged(tmp_path: Path) -> None:
    text = changed(("  play:\n", "  play:\n    phase: main\n"), ("  pass:\n", "  pass:\n    phase: other\n"),
                   ("  passes: {scope: round, initial: 0}\n", "  passes: {scope: round, initial: 0}\n  mode: main\n"),
                   ("round:\n", "turn:\n  phase: \"mode\"\nround:\n"))
    assert codes(tmp_path, text) == []


def test_a_trigger_false_through_a_parameter_is_reported(tmp_path: Path) -> None:
    text = changed(("  hand_size: 3\n", "  hand_size: 3\n  stalemates: false\n"),
                   ('"passes >= players"', '"stalemates and passes >= players"'))
    assert codes(tmp_path, text) == ["S406"]


def test_a_turn_passed_by_setting_current_is_not_endless(tmp_path: Path) -> None:
    pass_on = '      - set: {current: "next(current)"}'
    text = changed(("      - set: {passes: 0}\n      - end_turn", "      - set: {passes: 0}\n" + pass_on),
                   ("      - add: {passes: 1}\n      - end_turn", "      - add: {passes: 1}\n" + pass_on))
    assert codes(tmp_path, text) == []


def test_the_only_end_of_round_in_a_dead_trigger_is_an_endless_game(tmp_path: Path) -> None:
    text = changed(('  - when: "size(hand[player]) == 0"\n    do: [{end_round: {winner: player}}]\n', ""),
                   ('"passes >= players"', '"false"'))
    assert codes(tmp_path, text) == ["S408", "S406"]


def test_an_attribute_is_unused_only_when_a_label_shows_the_components(tmp_path: Path) -> None:
    unused = ("    number: [1, 2, 3]\n", "    number: [1, 2, 3]\n    size: [small, large]\n")
    assert codes(tmp_path, changed(unused)) == ["S401"]
    no_label = changed(unused, ("  derive:\n    label: \"this.colour + ' ' + str(this.number)\"\n", ""))
    assert codes(tmp_path, no_label) == []


def test_the_checks_have_a_method_for_every_effect_and_every_expression() -> None:
    assert [cls.__name__ for cls in nodes.EFFECTS if not hasattr(Reach, "visit_" + cls.__name__)] == []
    places = (*nodes.EXPRESSIONS, nodes.Target, nodes.ZoneRef)
    assert [cls.__name__ for cls in places if not hasattr(Uses, "visit_" + cls.__name__)] == []


def test_what_only_a_procedure_nothing_runs_uses_or_fills_is_not_reported(tmp_path: Path) -> None:
    """A base ruleset may offer a procedure that only its house rules run."""
    idle = ("procedures:\n  idle:\n    - set: {streak: bonus}\n    - move: {from: pile, to: grave}\n"
            "    - if: \"top(grave).size == small\"\n      then: [end_turn]\nround:\n")
    text = changed(("  hand_size: 3\n", "  hand_size: 3\n  bonus: 2\n"),
                   ("    number: [1, 2, 3]\n", "    number: [1, 2, 3]\n    size: [small, large]\n"),
                   ("  pile: {visibility: public}\n", "  pile: {visibility: public}\n  grave: {visibility: public}\n"),
                   ("  passes: {scope: round, initial: 0}\n", "  passes: {scope: round, initial: 0}\n  streak: 0\n"),
                   ("round:\n", idle))
    assert codes(tmp_path, text) == []
    assert codes(tmp_path, text.replace("    - move: {from: pile, to: grave}\n", "")) == ["S404"]


def test_a_procedure_nothing_runs_is_not_checked_until_something_runs_it(tmp_path: Path) -> None:
    text = changed(("round:\n", "procedures:\n  idle: [{move: {from: nowhere, to: pile}}, {do: idle}]\nround:\n"))
    assert codes(tmp_path, text) == []
    assert codes(tmp_path, text.replace("      - end_turn\n  pass:", "      - do: idle\n      - end_turn\n  pass:")) \
        == ["S303", "S312"]


@pytest.mark.parametrize("condition", ["big(2)", "hand_size - 3 > 0", "hand_size in [1, 2]", "never"])
def test_a_condition_the_folder_decides_before_the_game_is_always_false(tmp_path: Path, condition: str) -> None:
    """Parameterised definitions, arithmetic, `in` and a definition written as a condition fold too."""
    text = changed(('  top_card: "top(pile)"\n', '  top_card: "top(pile)"\n  big(x): "x > 5"\n  never: "1 > 2"\n'),
                   ('"not any(c in hand: playable(c))"', f'"{condition}"'))
    assert codes(tmp_path, text) == ["S405"]


@pytest.mark.parametrize("condition", ["hand_size - 3", "0", "top_card", "hand"])
def test_a_condition_that_is_not_true_or_false_is_refused_where_it_is_written(tmp_path: Path, condition: str) -> None:
    text = changed(('"not any(c in hand: playable(c))"', f'"{condition}"'))
    problems = validate(write(tmp_path, text)).errors
    assert [p.code for p in problems] == ["E140"]
    assert problems[0].message.startswith("expected true or false here, got ")


def test_a_local_name_spelled_like_a_variable_does_not_use_it(tmp_path: Path) -> None:
    loop = "      - for_each: streak\n        in: hand\n        do: [{move: {card: streak, to: pile}}]\n"
    text = changed(("  passes: {scope: round, initial: 0}\n", "  passes: {scope: round, initial: 0}\n  streak: 0\n"),
                   ("      - set: {passes: 0}\n", "      - set: {passes: 0}\n" + loop))
    assert codes(tmp_path, text) == ["S402"]
