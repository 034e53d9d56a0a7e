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
    if relative_to is not None and not candidate.is_absolute() and (
            name_or_path.startswith(".") or candidate.suffix in (".yaml", ".yml")):
        candidate = relative_to / candidate
    if candidate.suffix in (".yaml", ".yml") or candidate.exists():
        if candidate.suffix not in (".yaml", ".yml"):
            raise RulesetError([Problem("F002", f"{name_or_path} is not a .yaml file", Position(str(name_or_path)))])
        return candidate
    shipped = RULESETS_DIR / f"{name_or_path}.yaml"
    if shipped.is_file() and ".." not in Path(name_or_path).parts:
        return shipped
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


@lru_cache(maxsize=1)
def _schema_validator() -> Any:
    import jsonschema
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def schema_problems(doc: Document) -> list[Problem]:
    """Shape errors from the JSON Schema, each at the position of the offending value."""
    if not SCHEMA_FILE.is_file():
        return []
    from .schema_messages import describe
    problems = []
    for error in sorted(_schema_validator().iter_errors(doc.data), key=lambda e: list(map(str, e.absolute_path))):
        message, code, path = describe(error)
        problems.append(Problem(code, message, doc.source.key_position(path)))
    return problems


def compile_document(doc: Document) -> "Game":
    from .compiler import GameCompiler
    problems = schema_problems(doc)
    if problems:
        raise RulesetError(problems)
    return GameCompiler(doc.data, doc.source, doc.texts).compile()


def load_game(name_or_path: str) -> "Game":
    """Load, validate and compile a ruleset by shipped name or path."""
    return compile_document(load_document(name_or_path))


from .game import Game  # noqa: E402  (for the return annotations above)
