"""Which file a ruleset's name means: a shipped ruleset (`uno`, `uno/stacking`) or a path.

Also where the files shipped with rulesrun lie: the rulesets and the JSON Schemas.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..errors import Position, Problem, RulesetError
from ..words.names import suggest

PACKAGE_ROOT = Path(__file__).resolve().parent.parent.parent
RULESETS_DIR = PACKAGE_ROOT / "rulesets"
SCHEMA_DIR = PACKAGE_ROOT / "schema"
RULESET_SCHEMA = SCHEMA_DIR / "ruleset.schema.json"
LOG_SCHEMA = SCHEMA_DIR / "log.schema.json"  # one line of a game log


def ruleset_path(name_or_path: str, relative_to: Path | None = None) -> Path:
    """A shipped ruleset's name (`uno`, `uno/stacking`) or a path to a YAML file.

    The path the user names (no `relative_to`) may be anywhere: it is their own choice. A name
    written in `extends` is read from `relative_to`, the folder of the file that writes it, and
    only ever names a file in that folder's tree (see `base_path`), since a ruleset may come
    from anybody.
    """
    shipped = shipped_path(name_or_path)
    if shipped is not None:
        return shipped  # a shipped name wins over a folder of the same name where you stand
    if relative_to is not None:
        return base_path(name_or_path, relative_to)
    candidate = Path(name_or_path)
    if candidate.suffix == ".yaml" or candidate.exists():
        if candidate.suffix != ".yaml":  # nothing but a ruleset is ever read
            raise RulesetError([Problem("F002", f"{name_or_path} is not a .yaml file", Position(str(name_or_path)))])
        return candidate
    raise _unknown(name_or_path)


def shipped_path(name: str) -> Path | None:
    """The file of a shipped ruleset's name (`game`, `game/variant`); None for anything else, such as a path."""
    candidate = Path(name)
    if not name or candidate.suffix == ".yaml" or name.startswith((".", "/", "~")) or candidate.is_absolute() \
            or ".." in candidate.parts:
        return None
    shipped = RULESETS_DIR / f"{name}.yaml"
    if not shipped.is_file() or not _inside(shipped.resolve(), RULESETS_DIR.resolve()):
        return None
    return shipped


def base_path(name: str, folder: Path) -> Path:
    """The file a relative `extends` names, if it is a `.yaml` regular file in the tree of `folder`.

    The tree is `folder` and its sub-folders (for a shipped file: the shipped rulesets folder).
    Everything is decided from the name and the links alone, before anything is opened: a name
    not ending in `.yaml` is refused (F002); an absolute path, a `..` that climbs out of the tree,
    or a link whose target lies outside it is refused (X006), so that a ruleset from somebody
    else cannot make rulesrun read, and quote, a file of yours.
    """
    where = Position(name)
    absolute = Path(name).is_absolute() or name.startswith("/")
    if Path(name).suffix != ".yaml":  # nothing but a ruleset is ever read
        if absolute or name.startswith("."):
            raise RulesetError([Problem("F002", f"{name} is not a .yaml file", where)])
        raise _unknown(name)
    if absolute:
        raise RulesetError([Problem("X006", f"`extends` names the absolute path {name}", where, hint=_CONFINED)])
    try:
        tree = _tree(folder)
        lexical = Path(os.path.normpath(folder.resolve() / name))  # `..` counted as written, before any link
        if not _inside(lexical, tree):
            raise RulesetError([Problem("X006", f"`extends` names {name}, outside the folder of this file", where,
                                        hint=_CONFINED)])
        target = (folder / name).resolve()  # every link followed
    except (OSError, RuntimeError, ValueError):  # a loop of links, a name the system refuses
        raise RulesetError([Problem("F001", f"cannot read the ruleset file {name}", where)]) from None
    if not _inside(target, tree):
        raise RulesetError([Problem("X006", f"`extends` names {name}, a link to a file outside the folder of "
                                            "this file", where, hint=_CONFINED)])
    candidate = folder / name
    if not candidate.is_file():  # looked at as it will be opened, now that it is known to lie inside
        found = "not a regular file:" if candidate.exists() else "no ruleset file"
        raise RulesetError([Problem("F001", f"{found} {name}", where)])
    return candidate


_CONFINED = "name a shipped ruleset (`rulesrun list`) or a .yaml file in this file's folder or below it"


def _tree(folder: Path) -> Path:
    """The folder tree a file in `folder` may extend from: its own folder, or all the shipped rulesets."""
    real = folder.resolve()
    shipped = RULESETS_DIR.resolve()
    return shipped if _inside(real, shipped) else real


def _inside(path: Path, tree: Path) -> bool:
    """Whether `path` is `tree` or lies below it (both absolute, compared part by part)."""
    return path == tree or tree in path.parents


SUGGESTED = 3  # shipped names offered for a name that is not one


def _unknown(name: str) -> RulesetError:
    """No such ruleset: the nearest shipped names, since a long list of every name hides the one meant."""
    shipped = [known for known, _ in shipped_rulesets()]
    hint = suggest(name.lower(), shipped, most=SUGGESTED) or \
        "`rulesrun list` shows the shipped rulesets; a file of your own is named by its path, ending in .yaml"
    return RulesetError([Problem("F001", f"no ruleset named {name!r}", Position(str(name)), hint=hint)])


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
