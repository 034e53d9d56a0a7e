"""Files a ruleset or a log may name: nothing outside the ruleset's own folder is read, or quoted.

A ruleset (or a game log) may come from anybody. The file the user names on the
command line is their own choice; but what that file names in `extends`, and the
ruleset a log's header names, must not make rulesrun read a file of the user's
and show its lines in a message. These tests plant a recognisable secret next to
the folder of a hostile ruleset and check that it is refused, at the `extends`
value, with the problem code X006, and that the secret never reaches the output.
The rule itself is in docs/security.md ("Files a ruleset may name").
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli as run
from rulesrun.interpreter import RulesetError, ruleset_path, validate
from rulesrun.interpreter.source import extends
from rulesrun.interpreter.source.catalogue import RULESETS_DIR

CORPUS = Path(__file__).parent / "corpus"
BASE = (CORPUS / "lib" / "base.yaml").read_text(encoding="utf-8")
SECRET = "SECRET=hunter2"
links = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="symbolic links")


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The resolved path of every file `extends` loads, to show that a refused file is never opened."""
    seen: list[str] = []
    load = extends.load_file

    def recording(path: Any) -> Any:
        seen.append(str(Path(path).resolve()))
        return load(path)

    monkeypatch.setattr(extends, "load_file", recording)
    return seen


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A file outside the ruleset's folder that holds what an attacker would like to see."""
    path = tmp_path / "private" / "secret.yaml"
    path.parent.mkdir()
    path.write_text(f"{SECRET}\npassword: hunter2\n", encoding="utf-8")
    return path


def project(tmp_path: Path, files: dict[str, str]) -> Path:
    """A folder of ruleset files (`name -> text`), the kind of folder a ruleset is shared in."""
    folder = tmp_path / "project"
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def found(path: Path | str) -> list[tuple[str, str, int, int]]:
    report = validate(str(path))
    return [(p.code, p.position.path, p.position.line, p.position.column) for p in report.problems]


def shown(path: Path) -> str:
    """Everything `rulesrun validate` prints about a ruleset, as text and as JSON."""
    text = run("validate", str(path))
    as_json = run("validate", "--format", "json", str(path))
    assert text.exit_code == as_json.exit_code == 1
    return text.output + as_json.output


# ---------------------------------------------------------------- what `extends` may not name

def test_an_absolute_path_is_refused_unread(tmp_path: Path, secret: Path, opened: list[str]) -> None:
    """An absolute path names a file anywhere on the machine: refused at the value, never opened."""
    folder = project(tmp_path, {"house.yaml": f"extends: {secret}\nname: house\n"})
    house = folder / "house.yaml"
    assert found(house) == [("X006", str(house), 1, 10)]
    assert str(secret.resolve()) not in opened
    assert "hunter2" not in shown(house)


def test_an_absolute_path_in_a_list_is_refused_at_its_item(tmp_path: Path, secret: Path) -> None:
    """In a list of bases the problem points at the item that climbs out, not at the whole list."""
    folder = project(tmp_path, {"base.yaml": BASE, "house.yaml": f"extends: [./base.yaml, {secret}]\nname: h\n"})
    house = folder / "house.yaml"
    assert found(house) == [("X006", str(house), 1, 24)]


@pytest.mark.parametrize("name", ["../private/secret.yaml", "./sub/../../private/secret.yaml",
                                  "sub/../../private/secret.yaml"])
def test_a_dotdot_that_climbs_out_of_the_folder_is_refused_unread(tmp_path: Path, secret: Path,
                                                                  opened: list[str], name: str) -> None:
    """`..` may move about inside the folder, never above it, however it is spelt."""
    folder = project(tmp_path, {"house.yaml": f"extends: {name}\nname: house\n"})
    (folder / "sub").mkdir()
    house = folder / "house.yaml"
    assert found(house) == [("X006", str(house), 1, 10)]
    assert opened == [str(house.resolve())]
    assert "hunter2" not in shown(house)


def test_a_base_may_not_climb_above_its_own_folder(tmp_path: Path) -> None:
    """The tree is the folder of the file that writes `extends`: a base in lib/ cannot reach lib/.. again."""
    folder = project(tmp_path, {"base.yaml": BASE, "lib/variant.yaml": "extends: ../base.yaml\nname: v\n",
                                "house.yaml": "extends: ./lib/variant.yaml\nname: house\n"})
    assert found(folder / "house.yaml") == [("X006", str(folder / "lib" / "variant.yaml"), 1, 10)]


@links
def test_a_link_inside_the_folder_to_a_file_outside_is_refused_unread(tmp_path: Path, secret: Path,
                                                                     opened: list[str]) -> None:
    """A link is followed before the check: `lib/x.yaml` naming a file elsewhere is refused like its target."""
    outside = tmp_path / "environ"  # what /proc/self/environ would show
    outside.write_text(f"PATH=/usr/bin\n{SECRET}\n", encoding="utf-8")
    folder = project(tmp_path, {"house.yaml": "extends: ./lib/x.yaml\nname: house\n"})
    (folder / "lib").mkdir()
    (folder / "lib" / "x.yaml").symlink_to(outside)
    house = folder / "house.yaml"
    assert found(house) == [("X006", str(house), 1, 10)]
    assert str(outside.resolve()) not in opened
    output = shown(house)
    assert "hunter2" not in output and "SECRET" not in output
    assert "[X006]" in output


@links
def test_a_linked_folder_that_leads_outside_is_refused(tmp_path: Path, secret: Path) -> None:
    """A link may be any folder on the way, not only the file itself."""
    folder = project(tmp_path, {"house.yaml": "extends: ./shared/secret.yaml\nname: house\n"})
    (folder / "shared").symlink_to(secret.parent, target_is_directory=True)
    house = folder / "house.yaml"
    assert found(house) == [("X006", str(house), 1, 10)]
    assert "hunter2" not in shown(house)


@links
def test_a_loop_of_links_is_refused_without_a_traceback(tmp_path: Path) -> None:
    """Links that point at each other never resolve; the problem is still one, at the value."""
    folder = project(tmp_path, {"house.yaml": "extends: ./a.yaml\nname: house\n"})
    (folder / "a.yaml").symlink_to(folder / "b.yaml")
    (folder / "b.yaml").symlink_to(folder / "a.yaml")
    house = folder / "house.yaml"
    assert [code for code, *_ in found(house)] == ["F001"]
    assert found(house)[0][1:] == (str(house), 1, 10)


# ---------------------------------------------------------------- what `extends` may still name

@links
def test_bases_inside_the_folder_still_work(tmp_path: Path, opened: list[str]) -> None:
    """A base beside the file, one in a sub-folder, and a link that stays inside are all read."""
    folder = project(tmp_path, {
        "base.yaml": BASE,
        "rules/deep/four.yaml": "extends: ./base.yaml\nplayers: {max: 4}\n",
        "rules/deep/base.yaml": BASE,
        "house.yaml": "extends: [./base.yaml, rules/deep/four.yaml, ./alias.yaml, rules/../base.yaml]\nname: house\n",
    })
    (folder / "alias.yaml").symlink_to(folder / "rules" / "deep" / "base.yaml")
    report = validate(str(folder / "house.yaml"))
    assert [p.format() for p in report.problems] == []
    assert report.game is not None and report.game.max_players == 4
    assert str((folder / "rules" / "deep" / "four.yaml").resolve()) in opened


def test_shipped_names_still_work(tmp_path: Path) -> None:
    """A shipped ruleset is named, not pathed: `uno` and `uno/stacking` come from the shipped folder."""
    folder = project(tmp_path, {"house.yaml": "extends: [uno, uno/stacking]\nname: house\n"})
    report = validate(str(folder / "house.yaml"))
    assert [p.format() for p in report.problems] == []
    assert report.game is not None


def test_the_tree_of_a_shipped_file_is_the_shipped_folder() -> None:
    """A shipped variant may name a shipped file by a relative path, but not climb out of the shipped folder."""
    assert ruleset_path("../uno.yaml", RULESETS_DIR / "uno").resolve() == (RULESETS_DIR / "uno.yaml").resolve()
    with pytest.raises(RulesetError) as refused:
        ruleset_path("../../README.yaml", RULESETS_DIR / "uno")
    assert [p.code for p in refused.value.problems] == ["X006"]


def test_the_file_the_user_names_may_be_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only what a ruleset names is confined: the user's own path, absolute or climbing, is their choice."""
    folder = project(tmp_path, {"base.yaml": BASE, "house.yaml": "extends: ./base.yaml\nname: house\n"})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert found(folder / "house.yaml") == []
    relative = os.path.relpath(folder / "house.yaml", elsewhere)
    assert relative.startswith("..")
    monkeypatch.chdir(elsewhere)
    assert found(relative) == []


# ---------------------------------------------------------------- what is quoted from a base

@pytest.mark.parametrize("text, code, line, column", [
    (f"{SECRET}\n", "S100", 1, 1),  # read as YAML, but a text rather than a mapping
    (f"password: hunter2\n  {SECRET}: [\n", "Y001", 2, 17),  # no YAML at all
    ("token: hunter2\n", "X008", 1, 1),  # a mapping that does not say it is a ruleset: refused, never merged
])
def test_a_base_that_is_not_a_ruleset_is_never_quoted(tmp_path: Path, text: str, code: str, line: int,
                                                       column: int) -> None:
    """A `.yaml` file inside the folder may still be anything: its problems keep their place, not its lines."""
    folder = project(tmp_path, {"lib/notes.yaml": text, "house.yaml": "extends: ./lib/notes.yaml\nname: house\n"})
    house = folder / "house.yaml"
    problems = found(house)
    assert (code, str(folder / "lib" / "notes.yaml"), line, column) in problems
    output = shown(house)
    assert f"lib/notes.yaml:{line}:{column}: error:" in output
    assert "hunter2" not in output


@links
def test_a_link_inside_the_folder_to_a_file_that_is_not_a_ruleset_is_never_quoted(tmp_path: Path) -> None:
    """`lib/x.yaml` linking to `data/env.txt` in the same folder is read, fails, and shows no line of it."""
    folder = project(tmp_path, {"data/env.txt": f"{SECRET}\n", "house.yaml": "extends: ./lib/x.yaml\nname: house\n"})
    (folder / "lib").mkdir()
    (folder / "lib" / "x.yaml").symlink_to(folder / "data" / "env.txt")
    house = folder / "house.yaml"
    assert found(house) == [("S100", str(folder / "lib" / "x.yaml"), 1, 1)]
    output = shown(house)
    assert "lib/x.yaml:1:1: error:" in output and "hunter2" not in output


def test_a_base_that_is_a_ruleset_and_the_users_own_file_are_quoted(tmp_path: Path) -> None:
    """The rule hides only what may not be a ruleset: a real base's line and the user's own are shown."""
    broken = (CORPUS / "lib" / "broken.yaml").read_text(encoding="utf-8")
    folder = project(tmp_path, {"lib/broken.yaml": broken, "house.yaml": "extends: ./lib/broken.yaml\nname: h\n"})
    output = run("validate", str(folder / "house.yaml")).output
    line = broken.splitlines()[15]
    assert "lib/broken.yaml:16:10: error:" in output and f" 16 | {line}" in output
    mine = project(tmp_path / "mine", {"house.yaml": "extends: 3\nname: h\n"})
    assert " 1 | extends: 3" in run("validate", str(mine / "house.yaml")).output


# ---------------------------------------------------------------- the ruleset a log names

@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    result = run("simulate", "uno", "--games", "1", "--single-round", "--log", str(path))
    assert result.exit_code == 0
    return path


def _name_in_header(log: Path, name: str) -> None:
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["type"] == "header" and lines[0]["ruleset"] == "uno"
    lines[0]["ruleset"] = name
    log.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def test_replay_does_not_read_a_path_a_log_names(tmp_path: Path, log: Path, opened: list[str]) -> None:
    """A header naming a file (even a good copy of the rules) is refused; the user passes the file instead."""
    copy = tmp_path / "copy.yaml"
    copy.write_text((RULESETS_DIR / "uno.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    _name_in_header(log, str(copy))
    refused = run("replay", str(log), "--to-end")
    assert refused.exit_code == 1
    assert refused.stderr.splitlines() == [
        f"error: the log names the ruleset {str(copy)!r}, which is not a shipped ruleset, so it is not read "
        "(a log chooses only among the shipped ones); give the ruleset file yourself: --ruleset PATH"]
    assert str(copy.resolve()) not in opened
    given = run("replay", str(log), "--to-end", "--ruleset", str(copy))
    assert given.exit_code == 0 and "every one checked" in given.output


def test_replay_does_not_quote_a_file_a_log_names(tmp_path: Path, log: Path, secret: Path) -> None:
    """A header naming a private file shows nothing of it, only the refusal."""
    _name_in_header(log, str(secret))
    refused = run("replay", str(log), "--to-end")
    assert refused.exit_code == 1 and "--ruleset PATH" in refused.stderr
    assert "hunter2" not in refused.output


def test_replay_still_loads_a_shipped_name_a_log_names(log: Path) -> None:
    """The log of a shipped game replays without `--ruleset`, as before."""
    result = run("replay", str(log), "--to-end")
    assert result.exit_code == 0 and "every one checked" in result.output
