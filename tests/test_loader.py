"""The loader turns untrusted YAML into plain data with positions, or into coded problems."""
from __future__ import annotations

from collections import deque

import pytest
import yaml
from rulesrun.interpreter.errors import Position, Problem, RulesetError
from rulesrun.interpreter.source.safe_yaml import MAX_FILE_BYTES, SourceMap, load_file, load_text


def problems_of(text: str) -> list[Problem]:
    with pytest.raises(RulesetError) as caught:
        load_text(text, "r.yaml")
    return caught.value.problems


def only_problem(text: str) -> Problem:
    (problem,) = problems_of(text)
    return problem


def where(problem: Problem) -> tuple[int, int]:
    assert problem.position.path == "r.yaml"
    return problem.position.line, problem.position.column


NORMAL = """\
name: dice  # a comment
version: 2
players: {min: 2, max: 4}
ratio: 0.5
open: true
nothing: null
"quoted key": 'single'
text: |
  line one
  line two
defaults: &d {score: 0}
seat: *d
actions:
  play:
    effects:
      - move: [hand, table]
      - {draw: 1}
      - score
"""


def test_normal_document_matches_safe_load():
    data, _ = load_text(NORMAL)
    assert data == yaml.safe_load(NORMAL)
    assert list(data) == list(yaml.safe_load(NORMAL))


def test_alias_expansions_are_independent_copies():
    data, _ = load_text(NORMAL)
    data["seat"]["score"] = 9
    assert data["defaults"] == {"score": 0}


def test_block_positions():
    _, where_ = load_text(NORMAL, "r.yaml")
    assert where_.file == "r.yaml"
    assert where_.values[()] == (1, 1)
    assert where_.keys[("name",)] == (1, 1)
    assert where_.values[("name",)] == (1, 7)
    assert where_.keys[("actions", "play")] == (14, 3)
    assert where_.values[("actions", "play", "effects")] == (16, 7)
    assert where_.values[("actions", "play", "effects", 2)] == (18, 9)
    assert where_.keys[("quoted key",)] == (7, 1)
    assert where_.values[("text",)] == (8, 7)


def test_flow_positions():
    _, where_ = load_text(NORMAL, "r.yaml")
    assert where_.values[("players",)] == (3, 10)
    assert where_.keys[("players", "max")] == (3, 19)
    assert where_.values[("players", "max")] == (3, 24)
    assert where_.values[("actions", "play", "effects", 0, "move", 1)] == (16, 22)
    assert where_.keys[("actions", "play", "effects", 1, "draw")] == (17, 10)


def test_alias_value_points_at_anchor_and_key_at_use():
    _, where_ = load_text(NORMAL, "r.yaml")
    assert where_.key_position(["seat", "score"]) == Position("r.yaml", 11, 15)
    assert where_.key_position(["seat"]) == Position("r.yaml", 12, 1)


def test_position_accepts_any_path_shape_and_falls_back_to_ancestor():
    _, where_ = load_text(NORMAL, "r.yaml")
    path = deque(["actions", "play", "effects", 1])
    assert where_.position(path) == Position("r.yaml", 17, 9)
    assert where_.position(["actions", "play", "missing", 3]) == Position("r.yaml", 15, 5)
    assert where_.position() == Position("r.yaml", 1, 1)
    assert where_.key_position(("actions", "play", "effects", 1)) == Position("r.yaml", 17, 9)


def test_empty_source_map_points_at_start_of_file():
    assert SourceMap("r.yaml", {}, {}).position(("a",)) == Position("r.yaml", 1, 1)


def test_root_position_skips_leading_comments():
    _, where_ = load_text("# title\n\nname: x\n")
    assert where_.position() == Position("<string>", 3, 1)


def test_timestamps_stay_text():
    data, _ = load_text("date: 2024-01-31\nwhen: 2024-01-31 10:00:00\n")
    assert data == {"date": "2024-01-31", "when": "2024-01-31 10:00:00"}


def test_y001_syntax_error():
    problem = only_problem("name: x\nplay: a: b\n")
    assert problem.code == "Y001"
    assert problem.message == "YAML syntax error: mapping values are not allowed here"
    assert where(problem) == (2, 8)


def test_y001_undefined_alias():
    problem = only_problem("a: 1\nb: *nope\n")
    assert (problem.code, where(problem)) == ("Y001", (2, 4))
    assert "nope" in problem.message


def test_y002_python_tag_is_refused_and_not_run(tmp_path):
    marker = tmp_path / "ran"
    problem = only_problem(f'a: !!python/object/apply:os.system ["touch {marker}"]\n')
    assert problem.code == "Y002"
    assert problem.message == (
        "tag !!python/object/apply:os.system is not allowed; rulesets are plain data"
    )
    assert where(problem) == (1, 4)
    assert not marker.exists()


@pytest.mark.parametrize(
    "text, tag",
    [("a: !custom x\n", "!custom"), ("a: !!binary aGk=\n", "!!binary"), ("a: !!set {b}\n", "!!set")],
)
def test_y002_other_tags(text, tag):
    problem = only_problem(text)
    assert (problem.code, where(problem)) == ("Y002", (1, 4))
    assert f"tag {tag} is not allowed" in problem.message


def test_y002_value_that_does_not_fit_its_tag():
    problem = only_problem("a: !!int twelve\n")
    assert (problem.code, where(problem)) == ("Y002", (1, 4))


def test_y003_duplicate_key():
    problem = only_problem("a: 1\nb:\n  c: 1\n  c: 2\n")
    assert (problem.code, where(problem)) == ("Y003", (4, 3))
    assert problem.message == "duplicate key 'c' (first defined on line 3)"


def test_y004_text_too_large():
    problem = only_problem("a: " + "x" * MAX_FILE_BYTES)
    assert problem.code == "Y004"
    assert problem.position == Position("r.yaml")


def test_y004_file_too_large(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(RulesetError) as caught:
        load_file(path)
    (problem,) = caught.value.problems
    assert problem.code == "Y004"
    assert problem.position == Position(str(path))


def test_y005_billion_laughs():
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for previous, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
    problem = only_problem("\n".join(lines))
    assert problem.code == "Y005"
    assert where(problem) == (6, 4)  # f: the first list that expands past the limit


def test_y006_deep_flow_nesting():
    problem = only_problem("[" * 100_000)
    assert (problem.code, where(problem)) == ("Y006", (1, 65))


def test_y006_deep_block_nesting():
    text = "".join("  " * level + f"k{level}:\n" for level in range(70))
    problem = only_problem(text)
    assert (problem.code, where(problem)) == ("Y006", (65, 129))


def test_y006_nesting_deepened_by_aliases():
    text = "a: &a " + "[" * 60 + "]" * 60 + "\nb: [[[[[*a]]]]]\n"
    assert only_problem(text).code == "Y006"


def test_y006_alias_that_contains_itself():
    problem = only_problem("a: &a [1, *a]\n")
    assert (problem.code, where(problem)) == ("Y006", (1, 4))


@pytest.mark.parametrize(
    "text, column",
    [("yes: 1\n", 1), ("ok: 1\non: 2\n", 1), ("ok: 1\n1: x\n", 1), ("ok: 1\nnull: x\n", 1)],
)
def test_y007_key_read_as_non_text_gets_quote_hint(text, column):
    problem = only_problem(text)
    assert (problem.code, where(problem)) == ("Y007", (text.count("\n"), column))
    assert "quote the key" in problem.hint


def test_y007_collection_key():
    problem = only_problem("ok: 1\n? [a]\n: b\n")
    assert (problem.code, where(problem)) == ("Y007", (2, 3))
    assert problem.message == "a mapping key must be text, not a list"


def test_quoted_yes_is_a_fine_key():
    assert load_text('"yes": 1\n')[0] == {"yes": 1}


@pytest.mark.parametrize("text", ["", "# only a comment\n\n", "---\n"])
def test_y008_empty(text):
    problem = only_problem(text)
    assert (problem.code, problem.message) == ("Y008", "the file is empty")
    assert problem.position == Position("r.yaml")


def test_y009_second_document():
    problem = only_problem("a: 1\n---\nb: 2\n")
    assert (problem.code, where(problem)) == ("Y009", (2, 1))


def test_y010_control_character_in_text():
    problem = only_problem("a: 1\nb: x\x00y\n")
    assert (problem.code, where(problem)) == ("Y010", (2, 5))


def test_y010_file_not_utf8(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("a: 1\nnom: café\n".encode("latin-1"))
    with pytest.raises(RulesetError) as caught:
        load_file(path)
    (problem,) = caught.value.problems
    assert problem.code == "Y010"
    assert problem.position == Position(str(path), 2, 9)


def test_y011_merge_key():
    problem = only_problem("base: &b {x: 1}\nother:\n  <<: *b\n")
    assert (problem.code, where(problem)) == ("Y011", (3, 3))
    assert "extends" in problem.message


def test_all_problems_are_reported_at_once():
    codes = [p.code for p in problems_of("yes: 1\na: !x 1\na: 2\n")]
    assert codes == ["Y007", "Y002", "Y003"]


def test_load_file_reads_utf8_with_positions(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("\ufeffname: café\nplayers:\n  - 2\n", encoding="utf-8")
    data, where_ = load_file(path)
    assert data == {"name": "café", "players": [2]}
    assert where_.position(["players", 0]) == Position(str(path), 3, 5)
    assert where_.key_position(["name"]) == Position(str(path), 1, 1)


@pytest.mark.parametrize("name", ["missing.yaml", "."])
def test_f001_missing_file_or_directory(tmp_path, name):
    with pytest.raises(RulesetError) as caught:
        load_file(tmp_path / name)
    (problem,) = caught.value.problems
    assert problem.code == "F001"
