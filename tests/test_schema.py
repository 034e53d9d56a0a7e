"""The JSON Schema checks a ruleset's shape, and its problems point at the line the author wrote."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from jsonschema import Draft202012Validator
from rulesrun.interpreter import RULESET_SCHEMA as SCHEMA_FILE
from rulesrun.interpreter import RulesetError, load_document, load_game, shipped_rulesets
from rulesrun.interpreter.source.catalogue import RULESETS_DIR
from rulesrun.interpreter.tree.effects import EFFECTS

SCHEMA = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
PUBLISHED = Draft202012Validator(SCHEMA)
SHIPPED_FILES = sorted(RULESETS_DIR.glob("*.yaml")) + sorted(RULESETS_DIR.glob("*/*.yaml"))
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
    assert (set(primitives) - {"step"}) | set(words) | CONTROL_FORMS == set(EFFECTS)  # `step` names any effect


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


# The variant part of the schema. Editors read only the schema file, so what a variant may write is spelt out in
# it, under the `$defs` named `variant` and `variant_...`. It is derived from the whole-ruleset part by the merge
# rules of `extends` (docs/language.md, "Variants"), rather than written by hand, so that no shape is said twice:
# every constraint on a value stays in the whole-ruleset part, and the variant part refers to it. After adding or
# removing a key there, rewrite the variant part with `python tests/test_schema.py`; a test below says when.

VARIANT = "variant"
LIST_OPERATION = f"{VARIANT}_list_operation"
VARIANT_ROOT = {
    "description": "A variant: names the ruleset it changes in `extends` and says only what differs. Every section "
                   "may be left out, `key: ~` removes a key of the base, a mapping changes only the keys it names, "
                   "`{append: [...]}` or `{prepend: [...]}` adds to a list, `{replace: {step: ...}}`, `insert_before`, "
                   "`insert_after` and `remove` edit the steps of a list by their names, anything else replaces the "
                   "base's value.",
    "required": ["extends"],
}
EXTENDS = {
    "description": "The ruleset this file changes: a shipped name such as `uno` or `uno/stacking`, or a .yaml file "
                   "in this file's folder or below (`./base.yaml`); a list applies several, in order.",
    "if": {"type": "array"},
    "then": {"minItems": 1, "items": {"type": "string", "minLength": 1}},
    "else": {"type": "string", "minLength": 1},
}
STEP_EDITS = ("replace", "insert_before", "insert_after")  # name -> what takes its place, or goes before or after it
LIST_OPERATION_FORM = {
    "description": "`{append: [...]}` or `{prepend: [...]}`: items added at the end or the start of the base's list; "
                   "`{replace: {name: ...}}`, `{insert_before: {name: [...]}}`, `{insert_after: {name: [...]}}`, "
                   "`{remove: name}`: the step the base names so (`step: name`) replaced, put beside or taken out.",
    "type": "object",
    "minProperties": 1,
    "propertyNames": {"enum": ["append", "prepend", *STEP_EDITS, "remove"]},
}
NAMES = {"description": "The names of the steps.", "anyOf": [{"$ref": "#/$defs/identifier"},
                                                             {"type": "array", "items": {"$ref": "#/$defs/identifier"}}]}
KEPT = {"type", "description", "title", "enum", "const", "pattern", "minLength", "maxLength", "minimum", "maximum",
        "minItems", "maxItems", "uniqueItems", "items", "maxProperties", "propertyNames"}  # hold whatever is merged
DROPPED = {"required", "minProperties"}  # the base may have what a variant leaves out


def is_derived(name: str) -> bool:
    return name == VARIANT or name.startswith(f"{VARIANT}_")


def variant_defs(schema: dict[str, Any]) -> dict[str, Any]:
    """The `$defs` of a variant file, derived from the others."""
    return _Overlay({name: value for name, value in schema["$defs"].items() if not is_derived(name)}).defs()


class _Overlay:
    """What a variant may write where a whole ruleset has a given shape.

    A variant's value is merged with its base's: `~` removes the key, a mapping changes only the keys it names (so
    nothing in it is required), `{append: [...]}` or `{prepend: [...]}` adds to a list, and anything else replaces
    the base's value, so it has the whole ruleset's shape. The items of a list are always written whole.
    """

    def __init__(self, whole: dict[str, Any]):
        self.whole = whole
        self.twins: dict[str, Any] = {}  # definition -> its twin, or None when a variant writes it whole

    def defs(self) -> dict[str, Any]:
        root = self.partial(self.whole["ruleset"], "#/$defs/ruleset")
        root = {**root, **VARIANT_ROOT, "properties": {"extends": EXTENDS, **root["properties"]}}
        twins = {f"{VARIANT}_{name}": self.twins[name] for name in self.whole if self.twins.get(name) is not None}
        return {VARIANT: root, LIST_OPERATION: LIST_OPERATION_FORM, **twins}

    def entry(self, schema: Any, where: str) -> Any:
        """The value of a key in a variant: `~`, or a change of the base's value."""
        if not isinstance(schema, dict) or not schema:
            return schema
        described = {"description": schema["description"]} if "description" in schema else {}
        inner = {key: value for key, value in schema.items() if key != "description"}
        return {**described, "if": {"type": "null"}, "then": True, "else": self.change(inner, where)}

    def change(self, schema: dict[str, Any], where: str) -> Any:
        """A replacement or a partial mapping; where the whole ruleset may have a list, a list operation too."""
        changed = self.partial(schema, where)
        if not self.may_be_list(schema):
            return changed
        edits = {"description": "Step name -> the steps that replace it or go beside it.", "type": "object",
                 "propertyNames": {"$ref": "#/$defs/identifier"}, "additionalProperties": {"$ref": where}}
        operations = {"append": {"description": "Items added at the end.", "$ref": where},
                      "prepend": {"description": "Items added at the start.", "$ref": where}, "remove": NAMES,
                      **dict.fromkeys(STEP_EDITS, edits)}
        return {"if": {"$ref": f"#/$defs/{LIST_OPERATION}"}, "then": {"properties": operations}, "else": changed}

    def partial(self, schema: Any, where: str) -> Any:
        """`schema` (found at `where`) with nothing required in its mappings, whose values are entries.

        What a variant writes as a whole ruleset does is referred to where the whole ruleset says it.
        """
        if not isinstance(schema, dict):
            return schema
        result: dict[str, Any] = {}
        for key, value in schema.items():
            here = f"{where}/{key}"
            if key in KEPT:
                result[key] = {"$ref": here} if isinstance(value, dict) else value
            elif key == "properties":
                result[key] = {name: self.entry(prop, f"{here}/{_escaped(name)}") for name, prop in value.items()}
            elif key == "additionalProperties":
                result[key] = self.entry(value, here)
            elif key == "$ref":
                result[key] = self.ref(value)
            elif key in ("oneOf", "anyOf"):
                forms = [self.partial(form, f"{here}/{i}") for i, form in enumerate(value)]
                if not any(map(_accepts_anything, forms)):  # else so does the whole: it is left out
                    result[key] = forms
            elif key == "if":
                result.update(self.condition(schema, where))
            elif key not in DROPPED | {"then", "else"}:
                raise ValueError(f"no rule for `{key}` in a variant: add one to tests/test_schema.py")
        return {"$ref": where} if result == _unchanged(schema, where) else result

    def condition(self, schema: dict[str, Any], where: str) -> dict[str, Any]:
        """An `if` on the type stays; an `if` on which keys are written cannot tell a partial mapping's form."""
        branches = {key: self.partial(schema[key], f"{where}/{key}") for key in ("then", "else") if key in schema}
        if not _names_keys(schema["if"]):
            return {"if": schema["if"], **branches}
        forms = [form for branch in branches.values()
                 for form in (branch["anyOf"] if isinstance(branch, dict) and list(branch) == ["anyOf"] else [branch])]
        return {"anyOf": forms} if len(branches) == 2 and not any(map(_accepts_anything, forms)) else {}

    def ref(self, ref: str) -> str:
        """The twin of a shared definition, made once, or the definition itself where a variant writes it whole."""
        name = ref.removeprefix("#/$defs/")
        if name not in self.twins:
            self.twins[name] = {}  # while it is made, a definition that refers to itself gets its twin
            twin = self.partial(self.whole[name], ref)
            self.twins[name] = None if twin == {"$ref": ref} else twin
        return ref if self.twins[name] is None else f"#/$defs/{VARIANT}_{name}"

    def may_be_list(self, schema: Any) -> bool:
        """Whether the whole ruleset may have a list here, so that a variant may add to it."""
        if not isinstance(schema, dict):
            return False
        types = schema.get("type")
        if types is not None:
            return "array" in ([types] if isinstance(types, str) else types)
        if "$ref" in schema:
            return self.may_be_list(self.whole[schema["$ref"].removeprefix("#/$defs/")])
        branches = (schema.get(key) for key in ("then", "else"))
        return schema.get("if") == {"type": "array"} or any(self.may_be_list(branch) for branch in branches)


def _unchanged(schema: dict[str, Any], where: str) -> dict[str, Any]:
    """What `partial` makes of a part that it leaves as it is: each part of it referred to where it is."""
    def kept(key: str, value: Any) -> Any:
        if key in ("oneOf", "anyOf"):
            return [{"$ref": f"{where}/{key}/{i}"} for i, _ in enumerate(value)]
        return {"$ref": f"{where}/{key}"} if isinstance(value, dict) and key in KEPT | {"then", "else"} else value
    return {key: kept(key, value) for key, value in schema.items()}


def _accepts_anything(schema: Any) -> bool:
    return schema is True or schema == {}


def _escaped(name: str) -> str:
    """A key as a JSON Pointer writes it."""
    return name.replace("~", "~0").replace("/", "~1")


def _names_keys(condition: Any) -> bool:
    """Whether an `if` asks which keys a mapping has."""
    if isinstance(condition, dict):
        return "required" in condition or any(_names_keys(value) for value in condition.values())
    return isinstance(condition, list) and any(_names_keys(value) for value in condition)


def write_variant_defs() -> None:
    """Rewrite the variant part of the schema file from the rest of it."""
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    kept = {name: value for name, value in schema["$defs"].items() if not is_derived(name)}
    schema["$defs"] = {**kept, **variant_defs(schema)}
    SCHEMA_FILE.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


# What an editor checks: each file as it is written, against the published schema.

@pytest.mark.parametrize("path", SHIPPED_FILES, ids=lambda path: path.relative_to(RULESETS_DIR).as_posix())
def test_every_shipped_file_as_written_follows_the_published_schema(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [(list(e.absolute_path), e.message) for e in PUBLISHED.iter_errors(data)] == []


def test_the_shipped_files_are_whole_rulesets_and_variants() -> None:
    variants = [path for path in SHIPPED_FILES if "extends" in yaml.safe_load(path.read_text(encoding="utf-8"))]
    assert len(SHIPPED_FILES) - len(variants) >= 3 and len(variants) >= 81


WITHOUT_ZONES = TINY.replace("zones:\n  deck: {visibility: hidden, home: true, stock: true}\n"
                             "  hand: {per_player: true, visibility: owner}\n", "")


@pytest.mark.parametrize("text, path, kind", [
    (WITHOUT_ZONES, [], "required"),  # a whole ruleset still needs every required section
    (TINY.replace("players: {min: 2, max: 4}", "players: ~"), ["players"], "type"),  # `~` removes only in a variant
    ("extends: uno\ncolours: 4\n", [], "additionalProperties"),
    ("extends: uno\nplayers: {min: two}\n", ["players", "min"], "type"),
    ("extends: uno\nzones:\n  draw: {visiblity: public}\n", ["zones", "draw"], "additionalProperties"),
    ("extends: uno\nactions:\n  play: {effects: [shufle]}\n", ["actions", "play", "effects", 0], "enum"),
    ("extends: uno\nplayers: {max: {append: [3]}}\n", ["players", "max"], "type"),  # not a list
    ("extends: uno\ntriggers: {append: [{when: done}]}\n", ["triggers", "append", 0], "required"),  # items whole
    ("extends: 3\nname: house\n", ["extends"], "type"),
])
def test_the_published_schema_refuses(text: str, path: list[Any], kind: str) -> None:
    errors = [(list(e.absolute_path), e.validator) for e in PUBLISHED.iter_errors(yaml.safe_load(text))]
    assert errors == [(path, kind)]


def test_a_variant_may_remove_change_part_of_and_add_to_what_its_base_has() -> None:
    text = """\
extends: uno
players: ~
params:
  target_score: {description: Agreed at the table.}
zones:
  draw: {refill: ~}
procedures:
  card_effect: {cases: {skip: [skip]}}
actions:
  play:
    phase: {append: [respond]}
    choose:
      card: {where: playable(card)}
      call: ~
    effects: {prepend: [{set: {called: false}}]}
triggers: {append: [{when: "size(hand[player]) == 0", do: [end_turn]}]}
"""
    assert list(PUBLISHED.iter_errors(yaml.safe_load(text))) == []


def test_the_merged_variant_is_still_checked_as_a_whole_ruleset(tmp_path: Path) -> None:
    """An editor cannot know the base; `rulesrun validate` checks what the merge adds up to."""
    text = "extends: uno\nname: no-zones\nzones: ~\n"
    assert list(PUBLISHED.iter_errors(yaml.safe_load(text))) == []
    with pytest.raises(RulesetError) as caught:
        load_game(write(tmp_path, text))
    assert ("S102", "the ruleset is missing the required key `zones`") in [
        (p.code, p.message) for p in caught.value.problems]


def test_the_variant_part_is_derived_from_the_whole_ruleset_part() -> None:
    written = {name: value for name, value in SCHEMA["$defs"].items() if is_derived(name)}
    assert written == variant_defs(SCHEMA), "the variant part is out of date: run `python tests/test_schema.py`"


if __name__ == "__main__":
    write_variant_defs()
