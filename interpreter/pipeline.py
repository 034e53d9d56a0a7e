"""The pipeline: find -> load -> validate -> compile, as in the design.

`load_game` is what the CLI, the tests and the benchmarks call; each stage
raises `RulesetError` with every problem it found, positioned in the file.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import Position, Problem, RulesetError
from .loader import SourceMap
from .resolve import ResolvedMap, layers_of, merge_layers

RULESETS_DIR = Path(__file__).resolve().parent.parent / "rulesets"
SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "ruleset.schema.json"
MAX_VALUES = 5_000  # in a resolved ruleset; the largest shipped one holds under 1,000
MAX_TEXT = 1_000_000  # characters of text in all its values together


@dataclass(frozen=True)
class Document:
    """A loaded ruleset, with `extends` resolved: its data, where each value came from, its files."""

    data: dict[str, Any]
    source: SourceMap | ResolvedMap
    texts: dict[str, str]

    @property
    def file(self) -> str:
        return self.source.file


def ruleset_path(name_or_path: str, relative_to: Path | None = None) -> Path:
    """A shipped ruleset's name (`uno`, `uno/stacking`) or a path to a YAML file.

    Relative paths in `extends` are taken from the folder of the file that names them.
    """
    candidate = Path(name_or_path)
    shipped = RULESETS_DIR / f"{name_or_path}.yaml"
    if candidate.suffix != ".yaml" and not name_or_path.startswith((".", "/")) \
            and ".." not in candidate.parts and shipped.is_file():
        return shipped  # a shipped name wins over a folder of the same name where you stand
    if relative_to is not None and not candidate.is_absolute() and (
            name_or_path.startswith(".") or candidate.suffix == ".yaml"):
        candidate = relative_to / candidate
    if candidate.suffix == ".yaml" or candidate.exists():
        if candidate.suffix != ".yaml":  # nothing but a ruleset is ever read
            raise RulesetError([Problem("F002", f"{name_or_path} is not a .yaml file", Position(str(name_or_path)))])
        if relative_to is not None and not candidate.is_file():  # reported where `extends` names it
            raise RulesetError([Problem("F001", f"no ruleset file {name_or_path}", Position(str(name_or_path)))])
        return candidate
    known = ", ".join(name for name, _ in shipped_rulesets())
    raise RulesetError([Problem("F001", f"no ruleset named {name_or_path!r}", Position(str(name_or_path)),
                                hint=f"shipped: {known}")])


def shipped_rulesets() -> list[tuple[str, str]]:
    """(name, one-line description) of every ruleset shipped with rulesrun."""
    result = []
    for path in sorted(RULESETS_DIR.rglob("*.yaml")):
        name = path.relative_to(RULESETS_DIR).with_suffix("").as_posix()
        description = ""
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("description:"):
                description = line.split(":", 1)[1].strip().strip("'\"")
                break
        result.append((name, description))
    return result


def load_document(name_or_path: str) -> Document:
    """Load a ruleset and everything it extends, merged into one document."""
    path = ruleset_path(name_or_path)
    layers = layers_of(path, ruleset_path)
    texts = {layer.file: Path(layer.file).read_text(encoding="utf-8") for layer in layers}
    if len(layers) == 1:
        return Document(layers[0].data, layers[0].source, texts)
    data, source = merge_layers(layers)
    if "name" not in layers[-1].data:  # a variant is never mistaken for its base
        data["name"] = path.stem
    return Document(data, source, texts)


@lru_cache(maxsize=None)
def _schema_validator(part: str = "whole") -> Any:
    """The schema's validator; `section`: without the required sections; `required`: only those."""
    import jsonschema
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    if part == "required":
        schema = {"required": schema.get("required", [])}
    elif part == "section":
        schema.pop("required", None)
    return jsonschema.Draft202012Validator(schema)


@lru_cache(maxsize=256)
def _section_errors(key: str, encoded: str) -> tuple[Any, ...]:
    """The schema errors of one top-level section, checked once per distinct content.

    Variants share most sections with their base, and a house-rule author's next
    try changes one section, so most sections have been checked before.
    """
    return tuple(_schema_validator("section").iter_errors({key: json.loads(encoded)}))


def _schema_errors(data: Any) -> list[Any]:
    if not isinstance(data, dict):
        return list(_schema_validator().iter_errors(data))
    sections = {key: json.dumps(value, sort_keys=True) for key, value in data.items()}
    known = _KnownValid.load()
    required = json.loads(SCHEMA_FILE.read_text(encoding="utf-8")).get("required", [])
    if all(key in data for key in required) and all(known.has(k, v) for k, v in sections.items()):
        return []  # every section was checked before, unchanged: no need to load the validator at all
    errors = list(_schema_validator("required").iter_errors(data))
    for key, encoded in sections.items():
        found = _section_errors(key, encoded)
        if not found:
            known.add(key, encoded)
        errors.extend(found)
    known.save()
    return errors


class _KnownValid:
    """Digests of ruleset sections the schema accepted, kept between runs beside the parser's cache.

    Loading the JSON Schema validator costs more than checking a whole ruleset,
    and shipped rulesets and a house-rule author's unchanged sections are the
    same from one run to the next. A digest covers the schema's own text, so a
    changed schema starts afresh; any problem with the file just means checking again.
    """

    LIMIT = 20_000

    def __init__(self, path: Path, digests: set[str]):
        self.path, self.digests, self.added = path, digests, False

    @classmethod
    def load(cls) -> "_KnownValid":
        import hashlib
        import tempfile
        schema = hashlib.sha256(SCHEMA_FILE.read_bytes()).hexdigest()[:16]
        path = Path(tempfile.gettempdir()) / f"rulesrun-valid-sections-{schema}.txt"
        try:
            digests = set(path.read_text(encoding="ascii").split())
        except (OSError, ValueError):
            digests = set()
        return cls(path, digests)

    @staticmethod
    def _digest(key: str, encoded: str) -> str:
        import hashlib
        return hashlib.sha256(f"{key}\n{encoded}".encode("utf-8")).hexdigest()[:32]

    def has(self, key: str, encoded: str) -> bool:
        return self._digest(key, encoded) in self.digests

    def add(self, key: str, encoded: str) -> None:
        digest = self._digest(key, encoded)
        if digest not in self.digests:
            self.digests.add(digest)
            self.added = True

    def save(self) -> None:
        if not self.added or len(self.digests) > self.LIMIT:
            return
        try:
            self.path.write_text("\n".join(sorted(self.digests)), encoding="ascii")
        except OSError:
            pass


def schema_problems(doc: Document) -> list[Problem]:
    """Shape errors from the JSON Schema, each at the position of the offending value."""
    if not SCHEMA_FILE.is_file():
        return []
    from .schema_messages import describe
    problems = []
    for error in sorted(_schema_errors(doc.data), key=lambda e: list(map(str, e.absolute_path))):
        found = describe(error)
        problems.append(Problem(found.code, found.message, doc.source.key_position(found.path), hint=found.hint))
    return problems


def size_problems(doc: Document) -> list[Problem]:
    """A ruleset too large to check quickly, refused before the schema reads it.

    The loader bounds a single file; a merged variant, or text repeated by YAML
    aliases, can still be larger than any game needs, and checking its shape
    takes time in proportion to its size.
    """
    sizes = {key: _size(value) for key, value in doc.data.items()}
    values, text = (sum(size[i] for size in sizes.values()) for i in (0, 1))
    if values <= MAX_VALUES and text <= MAX_TEXT:
        return []
    biggest = max(sizes, key=lambda key: sizes[key])
    what = f"{values} values" if values > MAX_VALUES else f"{text} characters of text"
    limit = f"{MAX_VALUES} values" if values > MAX_VALUES else f"{MAX_TEXT} characters"
    return [Problem("S110", f"the ruleset holds {what}, more than the limit of {limit}", _own_key(doc, biggest),
                    hint=f"`{biggest}` is the largest section; `copies:` and lists of values make many "
                         "components from one entry")]


def _own_key(doc: Document, key: str) -> Position:
    """Where the ruleset's own file writes a section (a variant's, rather than its base's)."""
    for source, _ in getattr(doc.source, "origins", {}).values():
        if source.file == doc.file and (key,) in source.keys:
            return source.key_position((key,))
    return doc.source.key_position((key,))


def _size(value: Any) -> tuple[int, int]:
    """(values, characters of text) in a loaded value, its keys included."""
    values, text, todo = 0, 0, [value]
    while todo:
        item = todo.pop()
        values += 1
        if isinstance(item, dict):
            text += sum(len(key) for key in item)
            values += len(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, str):
            text += len(item)
    return values, text


def compile_document(doc: Document) -> "Game":
    """Check the size and the shape, refuse a component count too large to build, then compile."""
    from .checks import component_entries
    from .compiler import MAX_COMPONENTS, GameCompiler
    problems = size_problems(doc) or schema_problems(doc)
    if problems:
        raise RulesetError(problems)
    total = sum(count for _, count in component_entries(doc.data))
    if total > MAX_COMPONENTS:  # refused before a single component is made
        raise RulesetError([Problem("S203", f"the components add up to {total}, more than {MAX_COMPONENTS}",
                                    doc.source.key_position(("components",)))])
    return GameCompiler(doc.data, doc.source, doc.texts).compile()


def load_game(name_or_path: str) -> "Game":
    """Load, validate and compile a ruleset by shipped name or path."""
    return compile_document(load_document(name_or_path))


@dataclass(frozen=True)
class Validation:
    """What `rulesrun validate` reports: every problem found, in file order, and the texts they point into.

    The stages run in order and a stage runs only on what the one before accepted:
    YAML, then `extends`, then the JSON Schema, then the compiler, then the semantic
    checks of `checks.py`. Within a stage every problem is collected.
    """

    problems: tuple[Problem, ...]
    texts: dict[str, str]
    document: Document | None = None  # once the files are read and merged
    game: "Game | None" = None  # once it compiles
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
    from .checks import check
    try:
        doc = load_document(name_or_path)
    except RulesetError as err:
        return Validation(_in_order(err.problems), _read_texts(err.problems),
                          usage_error=_not_found(name_or_path, err.problems))
    try:
        game = compile_document(doc)
    except RulesetError as err:
        return Validation(_in_order(err.problems), doc.texts, doc)
    return Validation(_in_order(game.warnings + check(game, doc)), doc.texts, doc, game)


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


def _read_texts(problems: list[Problem]) -> dict[str, str]:
    """The text of each file a problem points into, to show its lines; unreadable files are left out."""
    from .loader import MAX_FILE_BYTES
    texts = {}
    for file in {p.position.path for p in problems if p.position.line}:
        try:
            with open(file, "rb") as stream:
                texts[file] = stream.read(MAX_FILE_BYTES).decode("utf-8", "replace")
        except OSError:
            continue
    return texts


from .game import Game  # noqa: E402  (for the return annotations above)
