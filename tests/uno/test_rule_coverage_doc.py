"""docs/rule-coverage.md stays true: it names only real tests, under the rule each one proves,
and every UNO rule test is listed."""
from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parent.parent / "docs" / "rule-coverage.md"
LISTED = re.compile(r"`(test_\w+\.py::(test_\w+))`")


def rule_tests() -> set[str]:
    """`file::function` of every test in tests/uno whose name starts with a rule ID."""
    found = set()
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_uno_"):
                found.add(f"{path.name}::{node.name}")
    return found


def test_the_coverage_table_lists_exactly_the_rule_tests():
    listed = {m.group(1) for m in LISTED.finditer(DOC.read_text(encoding="utf-8"))
              if m.group(2).startswith("test_uno_") and (HERE / m.group(1).split("::")[0]).exists()}
    tests = rule_tests()
    assert sorted(listed - tests) == [], "listed but not found"
    assert sorted(tests - listed) == [], "rule tests missing from docs/rule-coverage.md"


def test_each_rule_row_names_tests_of_that_rule():
    rows = re.findall(r"^\| UNO-(\d+)\.(\d+) \| (.*?) \|", DOC.read_text(encoding="utf-8"), re.M)
    assert len(rows) > 70
    for section, number, cell in rows:
        names = [m.group(2) for m in LISTED.finditer(cell)]
        assert names, f"UNO-{section}.{number} has no test"
        for name in names:
            assert re.search(rf"uno_{section}_{number}_", name), f"{name} is listed under UNO-{section}.{number}"
