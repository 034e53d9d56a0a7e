"""Turn jsonschema's errors into plain words an author understands, at the right place."""
from __future__ import annotations

from typing import Any

_TYPES = {"integer": "a whole number", "string": "text", "boolean": "true or false", "array": "a list",
          "object": "a mapping", "number": "a number", "null": "nothing"}


def _where(path: list[Any]) -> str:
    """`players.min`, `item 3 of effects`, or `the ruleset`."""
    if not path:
        return "the ruleset"
    last = path[-1]
    if isinstance(last, int):
        parent = next((str(p) for p in reversed(path[:-1]) if not isinstance(p, int)), "the list")
        return f"item {last + 1} of `{parent}`"
    return f"`{last}`"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def describe(error: Any) -> tuple[str, str, tuple[Any, ...]]:
    """(message, stable code, document path to point at) for one jsonschema ValidationError."""
    from jsonschema.exceptions import best_match

    if error.validator in ("oneOf", "anyOf") and error.context:
        inner = best_match(error.context)
        if list(inner.absolute_path) != list(error.absolute_path) or inner.validator not in ("type", "oneOf"):
            return describe(inner)
    path = list(error.absolute_path)
    where = _where(path)
    kind = error.validator
    if kind == "type":
        expected = error.validator_value
        expected = [expected] if isinstance(expected, str) else expected
        words = " or ".join(_TYPES.get(t, t) for t in expected)
        return f"{where} must be {words}, got {_short(error.instance)}", "S101", tuple(path)
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return f"{where} is missing the required key `{missing}`", "S102", tuple(path)
    if kind == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        key = extra[0] if extra else "?"
        known = sorted(error.schema.get("properties", {}))
        hint = f"; expected one of {', '.join(known)}" if known and len(known) <= 12 else ""
        return f"unknown key `{key}` in {where}{hint}", "S103", tuple(path) + (key,)
    if kind == "enum":
        allowed = ", ".join(map(str, error.validator_value))
        return f"{where} must be one of {allowed}, got {_short(error.instance)}", "S104", tuple(path)
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{where} is out of range: {_short(error.instance)} (limit {error.validator_value})", "S105", \
            tuple(path)
    if kind in ("maxLength", "minLength"):
        return f"{where} must have at {'most' if kind == 'maxLength' else 'least'} " \
               f"{error.validator_value} characters", "S106", tuple(path)
    if kind in ("minItems", "maxItems", "minProperties", "maxProperties"):
        bound = "most" if kind.startswith("max") else "least"
        unit = "items" if "Items" in kind else "entries"
        return f"{where} must have at {bound} {error.validator_value} {unit}", "S106", tuple(path)
    if kind == "pattern":
        return f"{where} has the wrong form: {_short(error.instance)}", "S107", tuple(path)
    if kind in ("oneOf", "anyOf"):
        return f"{where} is not in any of the accepted forms: {_short(error.instance)}", "S108", tuple(path)
    if kind == "const":
        return f"{where} must be {error.validator_value!r}", "S109", tuple(path)
    return f"{where}: {error.message[:200]}", "S199", tuple(path)
