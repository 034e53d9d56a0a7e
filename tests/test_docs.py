"""The documentation tells the truth: its examples load, its vocabulary is complete, its commands exist.

`docs/language.md` and `docs/variants.md` mark every example that is a whole file
with a first line `# example: ruleset NAME.yaml`, `# example: overlay NAME.yaml`
or `# example: error CODE NAME.yaml` (a file that must fail with that problem
code). The marked files are written to a temporary folder in the order the page
shows them, so an example may extend an earlier one by its file name, as a reader
following the page would. Every other ```yaml block is a quotation: each of its
lines must be found in a shipped ruleset. A ```console block shows commands
(`$ rulesrun ...`) and, for `validate`, their output, which must be what the
command prints for the files written so far (a line `...` stands for any lines).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest
import yaml
from click.testing import CliRunner
from helpers import arrange
from rulesrun.cli.main import main
from rulesrun.interpreter import Action, Game, load_game, say_refusal, shipped_rulesets, validate
from rulesrun.interpreter.language.builtins import FUNCTIONS
from rulesrun.interpreter.language.builtins import NAMES as BUILTIN_NAMES
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out
from rulesrun.interpreter.source.catalogue import RULESETS_DIR
from rulesrun.interpreter.tree.effects import EFFECTS

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = ("language.md", "variants.md")
MARKER = re.compile(r"#\s*example:\s*(?:(ruleset|overlay)|error\s+([A-Z]\d{3}))\s+(\S+\.yaml)\s*$")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
COMMENT = re.compile(r"\s+#(\s.*)?$")


@dataclass(frozen=True)
class Block:
    """One fenced block of a page: its language, its text, and the page line it starts on."""

    kind: str
    text: str
    line: int

    @property
    def where(self) -> str:
        return f"line {self.line}"

    def marker(self) -> tuple[str, str | None, str] | None:
        """(ruleset | overlay | error, problem code, file name) for a marked example, else None."""
        found = MARKER.fullmatch(self.text.splitlines()[0].strip()) if self.kind == "yaml" and self.text else None
        if found is None:
            return None
        kind, code, name = found.groups()
        return (kind or "error", code, name)


def blocks(page: str) -> list[Block]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return [Block(m.group(1), m.group(2), text.count("\n", 0, m.start()) + 1) for m in FENCE.finditer(text)]


def example(page: str, name: str) -> str:
    """The text of the page's example marked `# example: ruleset NAME`, for tests that try it further."""
    return next(block.text for block in blocks(page) if (block.marker() or ("", None, ""))[2] == name)


def walk(page: str, folder: Path) -> Iterator[Block]:
    """The page's blocks in order; each marked example is written to `folder` before it is yielded."""
    for block in blocks(page):
        marked = block.marker()
        if marked is not None:
            (folder / marked[2]).write_text(block.text, encoding="utf-8")
        yield block


def _plays_a_round(game: Game) -> None:
    """The example does not only load: random players finish a round of it without an error."""
    state = game.new_state(game.min_players, seed=1)
    play_out(state, [RandomBot(seed) for seed in range(game.min_players)], single_round=True)


@pytest.mark.parametrize("page", PAGES)
def test_marked_examples_load_and_play(page: str, tmp_path: Path) -> None:
    checked = 0
    for block in walk(page, tmp_path):
        marked = block.marker()
        if marked is None:
            continue
        kind, code, name = marked
        path = tmp_path / name
        report = validate(str(path))
        errors = [f"{p.position}: {p.message} [{p.code}]" for p in report.errors]
        extends = "extends" in (yaml.safe_load(block.text) or {})
        if kind == "error":
            assert code in {p.code for p in report.errors}, f"{page} {block.where}: expected {code}, got {errors}"
        else:
            assert not errors, f"{page} {block.where}: {name} does not load: {errors}"
            assert extends == (kind == "overlay"), f"{page} {block.where}: an overlay names its base in `extends`"
            assert report.game is not None
            _plays_a_round(report.game)
        checked += 1
    assert checked, f"{page} has no marked example"


def _shipped_lines() -> set[str]:
    lines = set()
    for path in RULESETS_DIR.rglob("*.yaml"):
        for line in path.read_text(encoding="utf-8").splitlines():
            lines.add(" ".join(COMMENT.sub("", line).split()))
    return lines


@pytest.mark.parametrize("page", PAGES)
def test_quoted_yaml_is_taken_from_the_shipped_rulesets(page: str) -> None:
    shipped = _shipped_lines()
    missing = []
    for block in blocks(page):
        if block.kind != "yaml" or block.marker() is not None:
            continue
        for offset, line in enumerate(block.text.splitlines(), start=1):
            quoted = " ".join(COMMENT.sub("", line).split())
            if quoted and not quoted.startswith("#") and not any(quoted in known for known in shipped):
                missing.append(f"{page} line {block.line + offset}: {quoted}")
    assert not missing, "quoted lines found in no shipped ruleset:\n" + "\n".join(missing)


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Whether `actual` is `expected` line by line, where a line `...` stands for any lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and _matches(expected[1:], actual[1:])


def commands(block: Block) -> Iterator[tuple[list[str], list[str]]]:
    """(arguments after `rulesrun`, the output shown under them) for each `$ rulesrun` line."""
    current: tuple[list[str], list[str]] | None = None
    for line in block.text.splitlines():
        if line.startswith("$ "):
            if current is not None:
                yield current
            words = line[2:].split()
            current = (words[1:], []) if words[:1] == ["rulesrun"] else None
        elif current is not None:
            current[1].append(line.rstrip())
    if current is not None:
        yield current


@pytest.mark.parametrize("page", PAGES)
def test_shown_validate_output_is_what_rulesrun_prints(page: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for block in walk(page, tmp_path):
        if block.kind != "console":
            continue
        for args, shown in commands(block):
            if args[:1] != ["validate"]:
                continue
            result = runner.invoke(main, args)
            printed = result.output.replace(str(RULESETS_DIR), "…/rulesets").rstrip("\n").splitlines()
            assert _matches(shown, printed), f"{page} {block.where}: rulesrun {' '.join(args)} prints\n" \
                + "\n".join(printed)


def test_every_command_and_option_shown_exists() -> None:
    text = (DOCS / "variants.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"(?:`|^\$ )rulesrun ([a-z]+)", text, re.M))
    assert {"validate", "play", "simulate", "compare", "list"} <= shown
    runner = CliRunner()
    for command in sorted(shown):
        result = runner.invoke(main, [command, "--help"])
        assert result.exit_code == 0, f"rulesrun {command} --help: {result.output}"
    for page in PAGES:
        for block in blocks(page):
            for args, _ in commands(block) if block.kind == "console" else ():
                help_text = runner.invoke(main, [args[0], "--help"]).output
                for option in (word.split("=")[0] for word in args if word.startswith("--")):
                    assert option in help_text, f"{page} {block.where}: rulesrun {args[0]} has no {option}"


def test_every_shipped_ruleset_is_listed_in_the_variant_guide_as_rulesrun_list_describes_it() -> None:
    lines = (DOCS / "variants.md").read_text(encoding="utf-8").splitlines()
    assert [name for name, about in shipped_rulesets() if f"| `{name}` | {about} |" not in lines] == []


def _mentioned(text: str, word: str) -> bool:
    return re.search(r"`" + re.escape(word) + r"\b", text) is not None


def test_language_reference_names_every_effect_function_and_builtin() -> None:
    text = (DOCS / "language.md").read_text(encoding="utf-8")
    vocabulary = set(EFFECTS) | set(FUNCTIONS) | {"changes"} | set(BUILTIN_NAMES)
    assert sorted(word for word in vocabulary if not _mentioned(text, word)) == []


def test_refusal_shown_in_the_reference_is_what_why_not_says() -> None:
    """language.md quotes the reason UNO gives for a blue 6 played on a green 8; it must be the real one."""
    game = load_game("uno")
    by_label = {game.label(c.id): c.id for c in reversed(game.components)}
    state = arrange(game.new_state(3, seed=0), zones={"discard": [by_label["green 8"]]},
                    hands={0: [by_label["blue 6"]]}, variables={"active_colour": "green"}, phase="main")
    reason = say_refusal(state.why_not(Action("play", 0, (("card", by_label["blue 6"]),))))
    assert reason and reason in (DOCS / "language.md").read_text(encoding="utf-8")
