"""docs/rule-coverage.md stays true: it names only real tests, and every rule test of the three games.

A rule test is named after the rule it proves (`test_uno_5_2_…`, `test_dos_10_2_…`,
`test_dice_s19_…`). Every one of them is listed in the coverage table, and the table
names no test that does not exist; a UNO rule's row lists only tests of that rule.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
DOC = TESTS.parent / "docs" / "rule-coverage.md"
LISTED = re.compile(r"`(test_\w+\.py::(test_\w+))`")
GAMES = {"uno": "uno", "dos": "dos", "dice": "dice"}  # test folder -> the prefix of its rule tests


def rule_tests(folder: str, prefix: str) -> set[str]:
    """`file::function` of every test in tests/<folder> whose name starts with a rule ID."""
    named = re.compile(rf"^test_{prefix}_s?\d+_")
    found = set()
    for path in sorted((TESTS / folder).glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and named.match(node.name):
                found.add(f"{path.name}::{node.name}")
    return found


@pytest.mark.parametrize("folder", sorted(GAMES))
def test_the_coverage_table_lists_exactly_the_rule_tests(folder: str) -> None:
    tests = rule_tests(folder, GAMES[folder])
    files = {name.split("::")[0] for name in tests}
    listed = {m.group(1) for m in LISTED.finditer(DOC.read_text(encoding="utf-8"))
              if m.group(2).startswith(f"test_{GAMES[folder]}_") and m.group(1).split("::")[0] in files}
    assert len(tests) > 50
    assert sorted(listed - tests) == [], "listed but not found"
    assert sorted(tests - listed) == [], "rule tests missing from docs/rule-coverage.md"


def test_each_uno_rule_row_names_tests_of_that_rule() -> None:
    rows = re.findall(r"^\| UNO-(\d+)\.(\d+) \| (.*?) \|", DOC.read_text(encoding="utf-8"), re.M)
    assert len(rows) > 70
    for section, number, cell in rows:
        names = [m.group(2) for m in LISTED.finditer(cell)]
        assert names, f"UNO-{section}.{number} has no test"
        for name in names:
            assert re.search(rf"uno_{section}_{number}_", name), f"{name} is listed under UNO-{section}.{number}"
