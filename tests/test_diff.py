"""`rulesrun diff`: what a variant changes, as data and in words."""
from __future__ import annotations

from functools import lru_cache

import pytest
from click.testing import CliRunner
from rulesrun.cli.main import main
from rulesrun.interpreter import load_document, shipped_rulesets
from rulesrun.interpreter.pipeline import compile_document
from rulesrun.interpreter.words.diff import MISSING, Change, Report, Side, changes
from rulesrun.interpreter.words.explain import RuleSheet
from rulesrun.interpreter.words.layout import render
from rulesrun.interpreter.words.prose import Markup, words

VARIANTS = [name for name, _ in shipped_rulesets() if "/" in name]
NAMED_SECTIONS = ("params", "variables", "zones", "define", "procedures", "actions")
# What the words say for the sections whose changes have no names of their own.
SECTION_WORDS = {"name": "is named", "players": "Players:", "components": "Components:", "setup": "the setup",
                 "triggers": "after every action", "max_actions": "Max actions"}


@lru_cache(maxsize=None)
def sheet(name: str) -> Side:
    doc = load_document(name)
    return Side(doc.data, RuleSheet(compile_document(doc), Markup(markdown=True)))


def report(base: str, variant: str) -> tuple[Report, str]:
    found = Report(base, variant, sheet(base), sheet(variant))
    return found, render(found.blocks(), markdown=True)


def in_words(text: str) -> str:
    return text.split("## In words", 1)[1].split("## Structure", 1)[0]


# ------------------------------------------------------------ the structural diff


def test_changes_between_mappings_name_each_path_with_old_and_new_values() -> None:
    old = {"params": {"target": 500, "dealer": "none"}, "title": "A"}
    new = {"params": {"target": 200}, "title": "A", "players": {"min": 2}}
    assert changes(old, new) == [
        Change(("params", "target"), 500, 200),
        Change(("params", "dealer"), "none", MISSING),
        Change(("players",), MISSING, {"min": 2}),
    ]
    assert [c.kind for c in changes(old, new)] == ["changed", "removed", "added"]


def test_changes_in_lists_are_matched_item_by_item() -> None:
    old = {"effects": ["end_turn", {"draw": {"count": 1}}]}
    assert changes(old, {"effects": [{"set": {"x": 1}}, "end_turn", {"draw": {"count": 1}}]}) == [
        Change(("effects", 0), MISSING, {"set": {"x": 1}})]
    assert changes(old, {"effects": ["end_turn", {"draw": {"count": 2}}]}) == [
        Change(("effects", 1, "draw", "count"), 1, 2)]
    assert changes(old, {"effects": ["end_turn"]}) == [Change(("effects", 1), {"draw": {"count": 1}}, MISSING)]


def test_a_value_of_another_type_is_a_change() -> None:
    assert changes({"a": 1}, {"a": True}) == [Change(("a",), 1, True)]
    assert changes({"a": [1]}, {"a": {"append": [2]}}) == [Change(("a",), [1], {"append": [2]})]


def test_diff_of_a_ruleset_with_itself_says_there_are_no_differences() -> None:
    found, text = report("uno", "uno")
    assert found.changes == []
    assert "There are no differences" in text and "## Structure" not in text


# ------------------------------------------------------------ every shipped variant


@pytest.mark.parametrize("variant", VARIANTS)
def test_diff_of_each_shipped_variant_mentions_every_change(variant: str) -> None:
    base = variant.split("/")[0]
    found, text = report(base, variant)
    assert found.changes, f"{variant} changes nothing"
    said = in_words(text)
    structure = text.split("## Structure", 1)[1]
    for change in found.changes:
        dotted = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in change.path).lstrip(".")
        assert f"{change.kind} `{dotted}`" in structure
    for section in dict.fromkeys(c.path[0] for c in found.changes):
        if section in NAMED_SECTIONS:
            for name in dict.fromkeys(c.path[1] for c in found.changes if c.path[0] == section and len(c.path) > 1):
                assert words(str(name).split("(")[0]) in said, f"{variant}: {section}.{name} is not said"
        elif section == "description":
            assert str(sheet(variant).doc["description"]) in text
        elif section == "round":
            parts = {c.path[1] for c in found.changes if c.path[0] == "round"}
            for part, phrase in (("end", "end of a round"), ("setup", "start of a round"),
                                 ("game_over", "game is now over"), ("winners", "winners are now"),
                                 ("next_dealer", "dealer is now")):
                assert (part not in parts) or phrase in said.lower(), f"{variant}: round.{part} is not said"
        elif section == "turn":
            assert "turn" in said.lower()
        else:
            assert SECTION_WORDS.get(section, words(section)).lower() in said.lower(), f"{variant}: {section}"
    for leaked in ("None", "\x00", "\x01", "TODO"):
        assert leaked not in said


def test_diff_says_a_changed_setting_and_a_new_action_in_words() -> None:
    """DOS-H1 sets the target to 100; HR-3.8 adds an action taken out of turn."""
    _, text = report("dos", "dos/short-game")
    assert "Setting *target score*: 200 → 100." in text
    _, text = report("dos", "dos/jump-in")
    assert "New action **jump in**:" in text and "anyone, even out of turn" in text
    assert "added `actions.jump_in`" in text


def test_diff_says_what_an_appended_effect_adds() -> None:
    """HR-10.1: the false-call penalty is paid with the other penalties, at the end of the list."""
    _, text = report("dos", "dos/false-call")
    assert "Procedure **pay penalties** now ends with:\n  1. You draw " in text


# ------------------------------------------------------------ the command


def test_diff_command_prints_both_parts_in_either_format() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["diff", "dos", "dos/no-call"])
    assert result.exit_code == 0
    assert "Action **call dos** is removed." in result.output and "removed `actions.catch`" in result.output
    text = runner.invoke(main, ["diff", "dos", "dos/no-call", "--format", "text"])
    assert text.exit_code == 0 and "Action call dos is removed." in text.output and "**" not in text.output
    same = runner.invoke(main, ["diff", "dos", "dos"])
    assert same.exit_code == 0 and "There are no differences" in same.output
