"""Resolve `extends`: a variant names its base and states only what differs.

The merge rules are few (docs/language.md, "Variants"):

- mappings merge key by key;
- a scalar or a list replaces what the base had;
- `~` (null) removes the key from the base;
- a mapping `{append: [...]}` or `{prepend: [...]}` in place of a list adds to the base's list;
- a mapping of step edits in place of a list changes single steps of the base's list by the
  name they carry (`step: deal`): `replace: {deal: ...}`, `insert_before: {deal: [...]}`,
  `insert_after: {deal: [...]}`, `remove: deal` (or a list of names), in that order.

`extends` takes one ruleset or a list of them. Every file becomes a *layer*;
layers shared by several bases are applied once, in order. Two sibling
overlays that set the same value differently are a conflict, reported with
both files. Every merged value keeps the position where it was written, so a
problem in a variant points at the variant's own line.

What a file may name is decided in catalogue.py (`base_path`): a shipped ruleset,
or a `.yaml` file in the folder of the file that names it or below. Only the
files that read as rulesets may have their lines quoted (`reads_as_ruleset`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import Position, Problem, RulesetError
from .safe_yaml import SourceMap, load_file

MAX_LAYERS = 32
STEP_EDITS = ("replace", "insert_before", "insert_after", "remove")  # applied in this order, then the two below
LIST_OPERATIONS = STEP_EDITS + ("prepend", "append")
Loader = Callable[[str, Path | None], Path]


@dataclass(frozen=True)
class Layer:
    """One file's own content (without `extends`), and the files it builds on."""

    file: str
    data: dict[str, Any]
    source: SourceMap
    ancestors: frozenset[str]


@dataclass
class ResolvedMap:
    """The SourceMap of a merged document: each path remembers the file it came from."""

    file: str
    origins: dict[tuple[Any, ...], tuple[SourceMap, tuple[Any, ...]]] = field(default_factory=dict)

    def _origin(self, path: tuple[Any, ...]) -> tuple[SourceMap, tuple[Any, ...]] | None:
        for end in range(len(path), -1, -1):
            found = self.origins.get(path[:end])
            if found:
                source, source_path = found
                return source, source_path + path[end:]
        return None

    def position(self, path: Iterable[Any] = ()) -> Position:
        found = self._origin(tuple(path))
        return found[0].position(found[1]) if found else Position(self.file, 1, 1)

    def key_position(self, path: Iterable[Any]) -> Position:
        found = self._origin(tuple(path))
        return found[0].key_position(found[1]) if found else Position(self.file, 1, 1)

    def files(self) -> set[str]:
        return {source.file for source, _ in self.origins.values()}

    def changed_here(self, path: tuple[Any, ...]) -> Position | None:
        """Where this file itself (not a base) writes `path` or something inside it, or None."""
        for known, (source, source_path) in self.origins.items():
            if source.file == self.file and known[:len(path)] == path:
                return source.position(source_path)
        return None

    def own_key_position(self, path: tuple[Any, ...]) -> Position | None:
        """Where this file itself writes the key `path` (such as its `extends`), or None."""
        for source, _ in self.origins.values():
            if source.file == self.file:
                return source.key_position(path) if path in source.keys else None
        return None


def reads_as_ruleset(data: object) -> bool:
    """Whether a file read as YAML says it is a ruleset: a mapping with `schema_version` or `extends`.

    A whole ruleset states its `schema_version`; a variant names its base in `extends`. A base
    that says neither (or is no YAML at all) may be any file that happens to end in `.yaml`, so
    problems inside it are shown by position and message only, never with its lines.
    """
    return isinstance(data, dict) and ("schema_version" in data or "extends" in data)


def layers_of(path: Path, find: Callable[[str, Path], Path], chain: tuple[str, ...] = (),
              shown: set[str] | None = None) -> list[Layer]:
    """Every layer a ruleset file is made of, bases first, each file once.

    `shown` collects the files whose lines a problem may quote, even when loading stops with an
    error: the file named first (the user's own choice), and each base that reads as a ruleset.
    """
    key = str(path)
    if shown is not None and not chain:
        shown.add(key)
    if key in chain:
        cycle = " -> ".join(Path(p).name for p in chain + (key,))
        raise RulesetError([Problem("X001", f"`extends` goes round in a circle: {cycle}", Position(key, 1, 1))])
    if len(chain) >= MAX_LAYERS:
        raise RulesetError([Problem("X002", f"`extends` chains more than {MAX_LAYERS} files", Position(key, 1, 1))])
    data, source = load_file(path)
    if shown is not None and reads_as_ruleset(data):
        shown.add(key)
    if not isinstance(data, dict):
        raise RulesetError([Problem("S100", "a ruleset is a mapping of sections (name:, components:, ...)",
                                    source.position(()))])
    if chain and not reads_as_ruleset(data):  # any file may end in .yaml: nothing of it is merged
        raise RulesetError([Problem("X008", "this base is not a ruleset: a ruleset states its `schema_version`, "
                                    "a variant its own base in `extends`", source.position(()))])
    bases = data.get("extends")
    names = [] if bases is None else bases if isinstance(bases, list) else [bases]
    result: list[Layer] = []
    for i, name in enumerate(names):
        where = ("extends", i) if isinstance(bases, list) else ("extends",)
        if not isinstance(name, str) or not name:
            raise RulesetError([Problem("X003", "`extends` names a shipped ruleset or a .yaml file",
                                        source.position(where))])
        try:
            base_path = find(name, path.parent)
        except RulesetError as err:
            raise RulesetError([Problem(p.code, p.message, source.position(where), hint=p.hint)
                                for p in err.problems]) from None
        for layer in layers_of(base_path, find, chain + (key,), shown):
            if layer.file not in {known.file for known in result}:
                result.append(layer)
    own = {k: v for k, v in data.items() if k != "extends"}
    ancestors = frozenset(layer.file for layer in result)
    return result + [Layer(key, own, source, ancestors)]


def merge_layers(layers: list[Layer]) -> tuple[dict[str, Any], ResolvedMap]:
    """Fold the layers into one document, remembering where each value came from."""
    merger = _Merger(layers[-1].file)
    document: dict[str, Any] = {}
    for layer in layers:
        document = merger.merge_mapping(document, layer.data, layer, ())
    if merger.problems:
        raise RulesetError(merger.problems)
    return document, merger.map


IDENTITY = ("schema_version", "name", "title", "version", "description")  # each file's own, never a conflict


class _Merger:
    def __init__(self, file: str):
        self.map = ResolvedMap(file)
        self.setter: dict[tuple[Any, ...], Layer] = {}
        self.conflicts: dict[tuple[Any, ...], Problem] = {}
        self.removal_problems: list[Problem] = []
        self.removed: set[tuple[Any, ...]] = set()  # paths whose last setter removed them (`key: ~`)

    @property
    def problems(self) -> list[Problem]:
        return self.removal_problems + list(self.conflicts.values())

    def _place(self, path: tuple[Any, ...], layer: Layer, source_path: tuple[Any, ...]) -> None:
        for known in [p for p in self.map.origins if p[:len(path)] == path]:
            del self.map.origins[known]
        self.map.origins[path] = (layer.source, source_path)

    def merge_mapping(self, base: dict[str, Any], over: dict[str, Any], layer: Layer,
                      path: tuple[Any, ...]) -> dict[str, Any]:
        result = dict(base)
        if not path:
            self.map.origins.setdefault((), (layer.source, ()))
        for key, value in over.items():
            here = path + (key,)
            if value is None:  # `key: ~` removes what the base had
                if key not in result and here not in self.removed:  # (removed already: this settles it)
                    from ..words.names import suggest
                    self.removal_problems.append(Problem(
                        "X005", f"`{'.'.join(map(str, here))}: ~` removes nothing: the base has no `{key}` here",
                        layer.source.key_position(here), hint=suggest(str(key), [str(k) for k in result])))
                else:
                    self._check_removal(here, layer)
                result.pop(key, None)
                self._place(here, layer, here)
                self.setter[here] = layer
                self.removed.add(here)
                continue
            old = result.get(key)
            if isinstance(old, dict) and isinstance(value, dict):
                result[key] = self.merge_mapping(old, value, layer, here)
            elif isinstance(old, list) and _is_list_operation(value):
                result[key] = self._edit(old, value, layer, here)
            else:
                self._check_conflict(here, old, value, layer)
                result[key] = value
                self._place(here, layer, here)
                self.setter[here] = layer
                self.removed.discard(here)
        return result

    def _edit(self, old: list[Any], operations: dict[str, Any], layer: Layer, path: tuple[Any, ...]) -> list[Any]:
        """The base's list with a layer's edits, each item keeping where it was written.

        Each item of the new list is paired with where it comes from: its index in
        the base's list, or its path in the layer's file (`(path..., "replace", name)`).
        """
        items: list[tuple[Any, int | tuple[Any, ...]]] = [(item, i) for i, item in enumerate(old)]
        for kind in LIST_OPERATIONS:
            if kind in operations:
                items = self._operation(items, kind, operations[kind], layer, path)
        moved = {p: o for p, o in self.map.origins.items() if p[:len(path)] == path and len(p) > len(path)}
        for p in moved:
            del self.map.origins[p]
        for index, (_, source) in enumerate(items):
            if isinstance(source, int):
                for p, o in moved.items():
                    if p[len(path)] == source:
                        self.map.origins[path + (index,) + p[len(path) + 1:]] = o
            else:
                self.map.origins[path + (index,)] = (layer.source, source)
        return [item for item, _ in items]

    def _operation(self, items: list[tuple[Any, int | tuple[Any, ...]]], kind: str, given: Any, layer: Layer,
                   path: tuple[Any, ...]) -> list[tuple[Any, int | tuple[Any, ...]]]:
        """One list operation: `append`/`prepend` a list, or edit named steps."""
        here = path + (kind,)
        if kind in ("append", "prepend"):
            added: list[tuple[Any, int | tuple[Any, ...]]] = [
                (item, here + (i,)) for i, item in enumerate(given if isinstance(given, list) else [given])]
            return items + added if kind == "append" else added + items
        if kind == "remove":
            names = given if isinstance(given, list) else [given]
            for name in names:
                self._step_index(items, name, layer, here)
            return [pair for pair in items if step_name(pair[0]) not in names]
        if not isinstance(given, dict):
            self.removal_problems.append(Problem("X007", f"`{kind}` takes a mapping of step names",
                                                 layer.source.position(here)))
            return items
        for name, value in given.items():
            index = self._step_index(items, name, layer, here + (name,))
            if index is None:
                continue
            if kind == "replace":
                step = dict(value, step=name) if isinstance(value, dict) and "step" not in value else value
                items[index] = (step, here + (name,))
                continue
            inserted: list[tuple[Any, int | tuple[Any, ...]]] = [
                (item, here + (name, i)) for i, item in enumerate(value if isinstance(value, list) else [value])]
            at = index if kind == "insert_before" else index + 1
            items[at:at] = inserted
        return items

    def _step_index(self, items: list[tuple[Any, Any]], name: Any, layer: Layer, here: tuple[Any, ...]) -> int | None:
        """Where the step named `name` is in the list; a problem when no step carries that name."""
        names = [step_name(item) for item, _ in items]
        if name in names:
            return names.index(name)
        from ..words.names import suggest
        known = [str(n) for n in names if n is not None]
        self.removal_problems.append(Problem(
            "X007", f"no step of this list is named {name!r}", layer.source.key_position(here),
            hint=suggest(str(name), known) or ("its named steps: " + ", ".join(known) if known
                                               else "the base names none of its steps (`step: a_name`)")))
        return None

    def _check_removal(self, path: tuple[Any, ...], layer: Layer) -> None:
        """Removing what a sibling overlay changed conflicts, unless a file built on both settles it."""
        previous = self.setter.get(path)
        if previous is not None and previous.file in layer.ancestors:
            self.conflicts.pop(path, None)
        for known, (source, _) in self.map.origins.items():
            if known[:len(path)] == path and source.file != layer.file and source.file not in layer.ancestors:
                dotted = ".".join(map(str, path))
                self.conflicts[path] = Problem(
                    "X004", f"`{dotted}` is removed by {Path(layer.file).name} and changed by {Path(source.file).name}",
                    layer.source.key_position(path), hint=f"{source.key_position(known)} changes it")
                return

    def _check_replacement(self, path: tuple[Any, ...], layer: Layer) -> None:
        """Replacing a whole list or mapping drops what a sibling overlay added inside it: a conflict."""
        for known, (source, _) in self.map.origins.items():
            if len(known) > len(path) and known[:len(path)] == path and source.file != layer.file \
                    and source.file not in layer.ancestors:
                dotted = ".".join(map(str, path))
                self.conflicts[path] = Problem(
                    "X004", f"`{dotted}` is replaced by {Path(layer.file).name}, dropping what "
                            f"{Path(source.file).name} adds to it",
                    layer.source.key_position(path), hint=f"{source.key_position(known)} adds to it")
                return

    def _check_conflict(self, path: tuple[Any, ...], old: Any, value: Any, layer: Layer) -> None:
        """Two sibling overlays setting one value differently conflict, unless a file built on both settles it."""
        previous = self.setter.get(path)
        if previous is not None and previous.file in layer.ancestors:
            self.conflicts.pop(path, None)  # this layer builds on the earlier setter: it decides
            return
        if old == value or path[0] in IDENTITY:
            return
        if previous is None:
            self._check_replacement(path, layer)
            return
        dotted = ".".join(map(str, path))
        done = "removed" if path in self.removed else "set differently"
        self.conflicts[path] = (Problem(
            "X004", f"`{dotted}` is {done} by {Path(previous.file).name} and "
                    f"{'changed by ' if path in self.removed else ''}{Path(layer.file).name}",
            layer.source.key_position(path),
            hint=f"{previous.source.key_position(path)} {'removes it' if path in self.removed else 'sets it too'}"))


def _is_list_operation(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(key in LIST_OPERATIONS for key in value)


def step_name(item: Any) -> Any:
    """The name a step of a list carries (`step: deal`), or None."""
    return item.get("step") if isinstance(item, dict) else None
