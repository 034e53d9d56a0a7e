"""Which file a ruleset's name means: a shipped ruleset (`uno`, `uno/stacking`) or a path.

Also where the files shipped with rulesrun lie: the rulesets and the JSON Schemas.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import Position, Problem, RulesetError

PACKAGE_ROOT = Path(__file__).resolve().parent.parent.parent
RULESETS_DIR = PACKAGE_ROOT / "rulesets"
SCHEMA_DIR = PACKAGE_ROOT / "schema"
RULESET_SCHEMA = SCHEMA_DIR / "ruleset.schema.json"
LOG_SCHEMA = SCHEMA_DIR / "log.schema.json"  # one line of a game log


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
