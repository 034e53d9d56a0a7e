"""A corpus of broken and hostile rulesets: each problem is found, with its code, at its exact place.

Every file in tests/corpus/ states on its first line every problem `validate`
must report, in order, as `CODE LINE:COLUMN`, or `CODE FILE:LINE:COLUMN` for a
problem in another file (a base it extends, under tests/corpus/lib/):

    # expect: E110 51:12
    # expect: X004 lib/six-players.yaml:2:11

The files cover the YAML reader (Y), the schema (S1xx), the compiler (S2xx, S3xx),
expressions (E), `extends` (X, F), the whole-ruleset checks (S4xx), and hostile
input: code-running tags, alias bombs, deep nesting, huge decks, file reads.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from rulesrun.interpreter import validate

CORPUS = Path(__file__).parent / "corpus"
CASES = sorted(CORPUS.glob("*.yaml"))
_EXPECTATION = re.compile(r"([A-Z]\d{3}) (?:(\S+):)?(\d+):(\d+)")


def expected(path: Path) -> list[tuple[str, str, int, int]]:
    """(code, file, line, column) of each problem the first line of a corpus file announces."""
    first = path.read_bytes().split(b"\n", 1)[0].decode("utf-8")
    assert first.startswith("# expect: "), f"{path.name} does not start with '# expect: '"
    found = []
    for item in first.removeprefix("# expect: ").split(", "):
        match = _EXPECTATION.fullmatch(item.strip())
        assert match, f"{path.name}: cannot read {item!r}"
        code, file, line, column = match.groups()
        found.append((code, str(CORPUS / file) if file else str(path), int(line), int(column)))
    return found


def test_corpus_is_large_and_covers_every_layer() -> None:
    codes = {code for path in CASES for code, *_ in expected(path)}
    assert len(CASES) >= 60
    for family in ("Y0", "S1", "S2", "S3", "S4", "E1", "X0", "F0"):
        assert any(code.startswith(family) for code in codes), family
    assert sum(path.name.startswith("hostile-") for path in CASES) >= 15


@pytest.mark.parametrize("path", CASES, ids=[path.stem for path in CASES])
def test_broken_ruleset_is_reported_exactly(path: Path) -> None:
    report = validate(str(path))
    found = [(p.code, p.position.path, p.position.line, p.position.column) for p in report.problems]
    assert found == expected(path)
    assert report.failed(strict=True)
    assert not report.usage_error


def test_code_running_tag_is_never_run(tmp_path: Path) -> None:
    """The corpus's !!python/object/apply would create a file if it were ever constructed."""
    marker = tmp_path / "ran"
    text = (CORPUS / "hostile-python-object-apply.yaml").read_text(encoding="utf-8")
    path = tmp_path / "apply.yaml"
    path.write_text(text.replace("/tmp/rulesrun-pwned", str(marker)), encoding="utf-8")
    assert [p.code for p in validate(str(path)).problems] == ["Y002"]
    assert not marker.exists()
