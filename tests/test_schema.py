"""The JSON Schema checks a ruleset's shape, and its problems point at the line the author wrote."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

import pytest
from jsonschema import Draft202012Validator
from rulesrun.interpreter import RULESET_SCHEMA as SCHEMA_FILE
from rulesrun.interpreter import RulesetError, load_document, load_game, shipped_rulesets
from rulesrun.interpreter.tree.effects import EFFECTS

SCHEMA = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
CONTROL_FORMS = {"if", "switch", "while", "for_each"}

# The smallest ruleset the compiler accepts; each broken case below changes one line of it.
TINY = """\
schema_version: 1
name: tiny
players: {min: 2, max: 4}
components:
  attributes:
    colour: [red, blue]
  cards:
    - {colour: [red, blue], copies: 3}
zones:
  deck: {visibility: hidden, home: true, stock: true}
  hand: {per_player: true, visibility: owner}
variables:
  score: {scope: game, per_player: true, initial: 0}
round:
  setup:
    - shuffle: deck
    - deal: {from: deck, to: hand, count: 2}
actions:
  play:
    choose:
      card: {from: hand}
    effects:
      - move: {card: card, to: deck}
      - end_turn
triggers:
  - when: "size(hand[player]) == 0"
    do: [{end_round: {winner: player}}]
"""


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def line_of(text: str, fragment: str) -> int:
    """1-based number of the only line that contains `fragment`."""
    (line,) = [i for i, row in enumerate(text.splitlines(), 1) if fragment in row]
    return line


def broken(tmp_path: Path, old: str, new: str) -> tuple[str, list[Any]]:
    assert TINY.count(old) == 1
    text = TINY.replace(old, new)
    with pytest.raises(RulesetError) as caught:
        load_game(write(tmp_path, text))
    return text, caught.value.problems


def described_schemas(node: Any, where: str = "#") -> Iterator[tuple[str, Any]]:
    """Every (location, schema) of a property declared anywhere in the schema."""
    if isinstance(node, dict):
        for name, prop in (node.get("properties") or {}).items():
            yield f"{where}/properties/{name}", prop
        for key, value in node.items():
            yield from described_schemas(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from described_schemas(value, f"{where}/{i}")


def test_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", [name for name, _ in shipped_rulesets()])
def test_every_shipped_ruleset_validates(name):
    doc = load_document(name)
    errors = [e.message for e in Draft202012Validator(SCHEMA).iter_errors(doc.data)]
    assert errors == []
    schema = os.path.relpath(SCHEMA_FILE, Path(doc.file).parent)
    assert doc.texts[doc.file].startswith(f"# yaml-language-server: $schema={schema}\n")
    load_game(name)


def test_every_property_has_a_description():
    found = list(described_schemas(SCHEMA))
    assert len(found) > 80  # the walk reaches the nested effect and action shapes
    missing = [where for where, prop in found if not (isinstance(prop, dict) and prop.get("description"))]
    assert missing == []


def test_schema_knows_every_effect_the_compiler_knows():
    primitives = SCHEMA["$defs"]["primitive_effect"]["properties"]
    words = SCHEMA["$defs"]["effect"]["then"]["enum"]
    assert set(primitives) | set(words) | CONTROL_FORMS == set(EFFECTS)


def test_tiny_ruleset_is_accepted(tmp_path):
    game = load_game(write(tmp_path, TINY))
    assert len(game.components) == 6


@pytest.mark.parametrize("old, new, fragment, code, message", [
    ("players: {min: 2, max: 4}", "players: {min: two, max: 4}", "min: two", "S101",
     "`min` must be a whole number, got 'two'"),
    ("    - shuffle: deck", "    - shufle: deck", "shufle", "S103", "unknown key `shufle`"),
    ("deck: {visibility: hidden,", "deck: {visibility: secret,", "secret", "S104",
     "`visibility` must be one of hidden, public, owner, top, got 'secret'"),
    ("      - end_turn", "      - end_trun", "end_trun", "S104", "must be one of end_turn, skip, reverse"),
    ("deal: {from: deck, to: hand, count: 2}", "deal: {from: deck, to: hand}", "deal:", "S102",
     "missing the required key `count`"),
    ("schema_version: 1", "schema_version: 2", "schema_version", "S109", "`schema_version` must be 1"),
])
def test_broken_shape_is_reported_at_its_line(tmp_path, old, new, fragment, code, message):
    text, problems = broken(tmp_path, old, new)
    assert [(p.code, p.position.line) for p in problems] == [(code, line_of(text, fragment))]
    assert message in problems[0].message
    assert problems[0].position.path.endswith("house.yaml")


def test_unknown_top_level_key_is_named(tmp_path):
    _, problems = broken(tmp_path, "name: tiny\n", "name: tiny\ncolours: 4\n")
    assert [(p.code, p.message) for p in problems] == [("S103", "unknown key `colours` in the ruleset")]


def test_unknown_top_level_key_points_at_the_key(tmp_path):
    text, problems = broken(tmp_path, "name: tiny\n", "name: tiny\ncolours: 4\n")
    assert problems[0].position.line == line_of(text, "colours")


def test_every_shape_problem_is_reported_at_once(tmp_path):
    text = TINY.replace("min: 2", "min: two").replace("visibility: owner", "visibility: secret")
    with pytest.raises(RulesetError) as caught:
        load_game(write(tmp_path, text))
    lines = sorted(p.position.line for p in caught.value.problems)
    assert lines == [line_of(text, "min: two"), line_of(text, "secret")]


def test_sections_the_schema_accepted_are_remembered_and_broken_ones_never(tmp_path, monkeypatch):
    """Unchanged valid sections skip loading the validator; a broken section is checked every time."""
    from rulesrun.interpreter import environment
    from rulesrun.interpreter.check import schema as schema_stage

    monkeypatch.setattr(schema_stage, "current", lambda: environment.Environment(tmp_path / "cache"))
    assert schema_stage.schema_problems(load_document("uno")) == []  # checks, and remembers

    def no_validator(part="whole"):
        raise AssertionError("the validator was loaded for sections already known to be valid")
    monkeypatch.setattr(schema_stage, "_schema_validator", no_validator)
    assert schema_stage.schema_problems(load_document("uno")) == []

    monkeypatch.undo()
    monkeypatch.setattr(schema_stage, "current", lambda: environment.Environment(tmp_path / "cache"))
    broken = tmp_path / "broken.yaml"
    broken.write_text("extends: uno\nname: broken\nplayers: {min: two, max: 4}\n", encoding="utf-8")
    for _ in range(2):
        problems = schema_stage.schema_problems(load_document(str(broken)))
        assert [p.code for p in problems] == ["S101"]