"""Mutated rulesets: whatever an author (or an attacker) does to a valid ruleset, `validate` answers.

Hypothesis takes a shipped ruleset or variant and breaks it the way edits do:
deletes a key, changes a value's type, renames a reference, truncates the file,
or inserts random bytes. `validate` must never raise, must answer valid or
invalid (never a usage error: the file exists), and every problem must carry a
code, a severity and a position in a file it read, and render.

There is no timeout: validation is bounded and fast, so a hang would show as a
test that does not finish. The default run tries a few hundred rulesets, always
the same ones; set RULESRUN_MUTATIONS=5000 for a longer, randomised search.
"""
from __future__ import annotations

import os
import re
import string
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulesrun.interpreter import ruleset_path, shipped_rulesets, validate
from rulesrun.interpreter.words.diagnostics import header, render

EXAMPLES = int(os.environ.get("RULESRUN_MUTATIONS", "0"))
NAMES = [name for name, _ in shipped_rulesets()]
TEXTS = {name: ruleset_path(name).read_text(encoding="utf-8") for name in NAMES}
WHOLE_FILE = {"Y004", "Y008"}  # problems about a file as a whole have no line
CODE = re.compile(r"[A-Z]\d{3}")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.sampled_from(["", "none", "two", "x[", "size(hand) +"])
    | st.text(string.printable, max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["a", "to", "if"]), inner, max_size=2),
    max_leaves=4)


def places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value below the top of a document."""
    found = [path] if path else []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        found += places(value, path + (key,))
    return found


def parent_of(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """The bytes of a shipped ruleset after one edit."""
    text = TEXTS[draw(st.sampled_from(NAMES))]
    edit = draw(st.sampled_from(["delete", "retype", "rename", "truncate", "bytes"]))
    if edit == "truncate":
        return text.encode("utf-8")[:draw(st.integers(0, len(text.encode("utf-8"))))]
    if edit == "bytes":
        raw = text.encode("utf-8")
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    data = yaml.safe_load(text)
    path = draw(st.sampled_from(places(data)))
    parent, key = parent_of(data, path), path[-1]
    if edit == "delete":
        del parent[key]
    elif edit == "retype":
        parent[key] = draw(values)
    else:
        parent[key] = renamed(draw, parent[key], data)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True).encode("utf-8")


def renamed(draw: st.DrawFn, value: Any, data: Any) -> Any:
    """A reference renamed: one name in a text misspelt, or replaced by another name of the ruleset."""
    if not isinstance(value, str) or not WORD.search(value):
        return draw(values)
    words = list(WORD.finditer(value))
    word = draw(st.sampled_from(words))
    others = sorted({w for text in map(str, places(data)) for w in WORD.findall(text)})
    new = draw(st.sampled_from([word.group() + "x", word.group()[1:] or "_", word.group()[::-1]] + others[:40]))
    return value[:word.start()] + new + value[word.end():]


@settings(max_examples=EXAMPLES or 200, derandomize=not EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(mutated())
def test_validate_always_answers_with_positioned_problems(tmp_path_factory: Any, raw: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("mutant")) / "mutant.yaml"
    path.write_bytes(raw)
    report = validate(str(path))
    assert not report.usage_error
    assert report.failed() == bool(report.errors)
    assert report.errors or report.game is not None
    for problem in report.problems:
        assert CODE.fullmatch(problem.code), problem
        assert problem.severity in ("error", "warning")
        assert problem.message
        assert problem.position.line >= 1 or problem.code in WHOLE_FILE, problem
        assert problem.position.line == 0 or problem.position.path in report.texts, problem
        assert render(problem, report.texts).splitlines()[0] == header(problem)
