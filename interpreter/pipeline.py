"""The pipeline: find -> read -> resolve `extends` -> schema -> compile -> whole-ruleset checks.

`validate` runs every stage and collects what each reports; `load_game` runs
the same stages and refuses a ruleset that has any error, so nothing that
`validate` rejects can be played or simulated.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .check.schema import schema_problems, size_problems
from .errors import Position, Problem, RulesetError
from .source.catalogue import ruleset_path
from .source.document import Document, UnreadRuleset, load_document

if TYPE_CHECKING:
    from .engine.game import Game
    from .tree.nodes import Ruleset


def compile_document(doc: Document) -> Game:
    """Check the size and the shape, refuse a component count too large to build, then compile."""
    from .backend.assemble import assemble
    from .tree.build import MAX_COMPONENTS, build, component_entries
    problems = size_problems(doc)
    if problems:
        raise RulesetError(problems)
    problems = schema_problems(doc)
    if problems:
        local = all(p.code in LOCAL_SHAPES for p in problems)  # a missing or misshapen section: its uses would all fail
        raise RulesetError(problems + (_expression_problems(doc, problems) if local else []))
    total = sum(count for _, count in component_entries(doc.data))
    if total > MAX_COMPONENTS:  # refused before a single component is made
        raise RulesetError([Problem("S203", f"the components add up to {total}, more than {MAX_COMPONENTS}",
                                    doc.source.key_position(("components",)))])
    game = assemble(build(doc))
    game.positions.update(rule_positions(game.rules, doc))
    return game


LOCAL_SHAPES = frozenset({"S103", "S104", "S105", "S106", "S107"})  # an unknown key, a value out of its bounds


def _expression_problems(doc: Document, structural: list[Problem]) -> list[Problem]:
    """The expression errors of a document the schema refused, so that one run reports every problem of a file.

    The compiler expects the shapes the schema checks, so it is run on trial: what it
    finds in expressions (E codes) on lines the schema did not already report is kept,
    and whatever else it runs into is left to the schema's problems.
    """
    from .tree.build import MAX_COMPONENTS, build, component_entries
    reported = {(p.position.path, p.position.line) for p in structural}
    try:
        if sum(count for _, count in component_entries(doc.data)) <= MAX_COMPONENTS:
            build(doc)
    except RulesetError as err:
        return [p for p in err.problems if p.code.startswith("E") and (p.position.path, p.position.line)
                not in reported]
    except Exception:  # noqa: BLE001 - a shape the schema refused: its problems say it
        return []
    return []


def rule_positions(rules: Ruleset, doc: Document) -> dict[tuple[Any, ...], Position]:
    """Where each rule the engine runs is written, so that a failure while playing can point at it."""
    paths: list[tuple[Any, ...]] = [("setup",), ("round", "setup"), ("round", "end"), ("round", "game_over"),
                                    ("round", "winners"), ("round", "next_dealer"), ("turn", "phase"),
                                    ("turn", "on_begin"), ("turn", "on_end"), ("evaluation",)]
    for action in rules.actions:
        paths += [action.path, action.path + ("if",), action.path + ("require",), action.path + ("effects",)]
        paths += [choice.path for choice in action.choices]
    for trigger in rules.triggers:
        paths += [trigger.path, trigger.path + ("when",), trigger.path + ("do",)]
    found = {path: doc.source.position(path) for path in paths}
    return {path: position for path, position in found.items() if position.line}


def load_game(name_or_path: str, engine: str = "interpreter") -> Game:
    """The compiled game of a ruleset (a shipped name or a path), after every stage `validate` runs.

    A ruleset with an error is refused with every problem found; warnings do not refuse it.
    `engine`: "interpreter" runs its conditions and effects as closures (the
    reference); "generated" as a Python module written for it, which plays the
    same games faster (see `backend/codegen/`).
    """
    return on_engine(load_checked(name_or_path)[1], engine)


def on_engine(game: Game, engine: str) -> Game:
    """A compiled game as it runs on `engine` ("interpreter" or "generated")."""
    if engine == "generated":
        from .backend.codegen.game import generated
        return generated(game)
    if engine != "interpreter":
        raise ValueError(f"unknown engine {engine!r}")
    return game


def load_checked(name_or_path: str) -> tuple[Document, Game]:
    """The resolved document of a ruleset and its compiled game, refused as `load_game` refuses."""
    report = validate(name_or_path)
    if report.errors or report.game is None or report.document is None:
        raise RulesetError(list(report.errors))
    return report.document, report.game


@dataclass(frozen=True)
class Validation:
    """What `rulesrun validate` reports: every problem found, in file order, and the texts they point into.

    The stages run in order and a stage runs only on what the one before accepted:
    YAML, then `extends`, then the JSON Schema, then the compiler, then the semantic
    checks of `check/semantics.py`. Within a stage every problem is collected.
    """

    problems: tuple[Problem, ...]
    texts: dict[str, str]  # of the files whose lines may be quoted (`Document.shown`)
    document: Document | None = None  # once the files are read and merged
    game: Game | None = None  # once it compiles
    usage_error: bool = False  # the ruleset itself could not be found or read

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    def failed(self, strict: bool = False) -> bool:
        """Errors fail; warnings fail too when `strict`."""
        return bool(self.errors or (strict and self.warnings))


def validate(name_or_path: str) -> Validation:
    """Run every stage on a ruleset and collect what each reports; never raises RulesetError."""
    from .check.semantics import check
    try:
        doc = load_document(name_or_path)
    except RulesetError as err:
        shown = err.shown if isinstance(err, UnreadRuleset) else frozenset()
        return Validation(_in_order(err.problems), _read_texts(err.problems, shown),
                          usage_error=_not_found(name_or_path, err.problems))
    try:
        game = compile_document(doc)
    except RulesetError as err:
        return Validation(_in_order(err.problems), doc.shown_texts(), doc)
    return Validation(_in_order(check(game.rules, doc)), doc.shown_texts(), doc, game)


def _not_found(name_or_path: str, problems: list[Problem]) -> bool:
    """Whether the ruleset named by the user (not one it extends) is missing or unreadable."""
    try:
        top = str(ruleset_path(name_or_path))
    except RulesetError:
        return True
    return all(p.code.startswith("F") and p.position.path == top and not p.position.line for p in problems)


def _in_order(problems: list[Problem]) -> tuple[Problem, ...]:
    """Each problem once, by line and column within each file, as a compiler lists them."""
    unique = list(dict.fromkeys(problems))
    files = {file: i for i, file in enumerate(dict.fromkeys(p.position.path for p in unique))}
    return tuple(sorted(unique, key=lambda p: (files[p.position.path], p.position.line, p.position.column)))


def _read_texts(problems: list[Problem], shown: frozenset[str]) -> dict[str, str]:
    """The text of each file a problem points into, to show its lines; unreadable files are left out.

    Only the files in `shown` are read: the one the user named and the bases that read as
    rulesets. Any other file is not known to be a ruleset, and its lines could be anything.
    """
    from .errors import BadFile
    from .source.files import open_regular
    from .source.safe_yaml import MAX_FILE_BYTES
    texts = {}
    for file in {p.position.path for p in problems if p.position.line} & shown:
        try:
            with open_regular(file, MAX_FILE_BYTES) as stream:
                texts[file] = stream.read(MAX_FILE_BYTES).decode("utf-8", "replace")
        except (BadFile, OSError):
            continue
    return texts

