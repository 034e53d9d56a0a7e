"""The JSON Schema stage: the shape of a resolved ruleset, and its size, before its meaning is read."""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from ..environment import Store, current
from ..errors import Position, Problem
from ..source.catalogue import RULESET_SCHEMA as SCHEMA_FILE
from ..source.document import Document
from ..source.safe_yaml import SourceMap

MAX_VALUES = 5_000  # in a resolved ruleset; the largest shipped one holds under 1,000
MAX_TEXT = 1_000_000  # characters of text in all its values together


def _whole_ruleset() -> dict[str, Any]:
    """The published schema's form of a whole ruleset, `$defs/ruleset`.

    The published schema also accepts a variant's own file, for editors; this stage checks the
    document merged with everything it extends, which is always a whole ruleset.
    """
    published = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return {"$schema": published["$schema"], **published["$defs"]["ruleset"], "$defs": published["$defs"]}


@lru_cache(maxsize=None)
def _required_sections() -> tuple[str, ...]:
    """Read once: rulesets whose sections were all checked before need no more of the schema than this."""
    return tuple(_whole_ruleset().get("required", []))


@lru_cache(maxsize=None)
def _schema_validator(part: str = "whole") -> Any:
    """The schema's validator; `section`: without the required sections; `required`: only those."""
    import jsonschema
    schema = _whole_ruleset()
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
    remembered = {key: known.has(key, encoded) for key, encoded in sections.items()}
    required = _required_sections()
    if all(key in data for key in required) and all(remembered.values()):
        return []  # every section was checked before, unchanged: no need to load the validator at all
    errors = list(_schema_validator("required").iter_errors(data))
    for key, encoded in sections.items():
        found = _section_errors(key, encoded)
        if not found and not remembered[key]:
            known.add(key, encoded)
        errors.extend(found)
    return errors


class _KnownValid:
    """Sections of rulesets the schema accepted, remembered between runs (see `environment`).

    Loading the JSON Schema validator costs more than checking a whole ruleset,
    and shipped rulesets and a house-rule author's unchanged sections are the
    same from one run to the next. The store's version is the schema's own text,
    so a changed schema starts afresh; an entry that is not there, or not whole,
    just means checking again.
    """

    MAX_ENTRIES = 10_000
    MAX_BYTES = 8 * 1024 * 1024

    def __init__(self, store: Store):
        self.store = store

    @classmethod
    def load(cls) -> "_KnownValid":
        return cls(current().store("schema-verdicts", SCHEMA_FILE.read_text(encoding="utf-8"),
                                   cls.MAX_ENTRIES, cls.MAX_BYTES))

    def has(self, key: str, encoded: str) -> bool:
        return self.store.get(_section_key(key, encoded)) is True

    def add(self, key: str, encoded: str) -> None:
        self.store.put(_section_key(key, encoded), True)


def _section_key(key: str, encoded: str) -> str:
    """A section by a digest of its name and content: entries stay small whatever the section holds."""
    return hashlib.sha256(f"{key}\n{encoded}".encode("utf-8", "surrogatepass")).hexdigest()


def schema_problems(doc: Document) -> list[Problem]:
    """Shape errors from the JSON Schema, each at the position of the offending value."""
    if not SCHEMA_FILE.is_file():
        return []
    from ..words.schema_messages import describe
    problems = []
    for error in sorted(_schema_errors(doc.data), key=lambda e: list(map(str, e.absolute_path))):
        found = describe(error)
        position = doc.source.key_position(found.path)
        hint = (_run_on(doc, position) if found.code == "S103" else "") or found.hint
        problems.append(Problem(found.code, found.message, position, hint=hint))
    return problems


def _run_on(doc: Document, position: Position) -> str:
    """The hint for an unknown key that is the rest of a text cut short by an unquoted `,` (see `safe_yaml`)."""
    from ..words.schema_messages import run_on_hint
    where = doc.source
    sources = [where] if isinstance(where, SourceMap) else list({id(s): s for s, _ in where.origins.values()}.values())
    for source in sources:
        found = source.run_on.get((position.line, position.column)) if source.file == position.path else None
        if found is not None:
            return run_on_hint(*found)
    return ""


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
