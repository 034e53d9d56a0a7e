"""Turn jsonschema's errors into plain words an author understands."""
from __future__ import annotations

from typing import Any

_TYPES = {"integer": "a whole number", "string": "text", "boolean": "true or false", "array": "a list",
          "object": "a mapping", "number": "a number", "null": "nothing"}


def _where(error: Any) -> str:
    path = [str(p) for p in error.absolute_path]
    return f"`{path[-1]}`" if path else "the ruleset"


def describe(error: Any) -> tuple[str, str]:
    """(message, stable code) for one jsonschema ValidationError."""
    kind = error.validator
    if kind == "type":
        expected = error.validator_value
        expected = [expected] if isinstance(expected, str) else expected
        words = " or ".join(_TYPES.get(t, t) for t in expected)
        return f"{_where(error)} must be {words}, got {error.instance!r}", "S101"
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return f"{_where(error)} is missing the required key `{missing}`", "S102"
    if kind == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        return f"unknown key `{extra[0] if extra else '?'}` in {_where(error)}", "S103"
    if kind == "enum":
        allowed = ", ".join(map(str, error.validator_value))
        return f"{_where(error)} must be one of {allowed}, got {error.instance!r}", "S104"
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{_where(error)} is out of range: {error.message}", "S105"
    if kind in ("minItems", "maxItems", "minProperties", "maxProperties", "maxLength", "minLength"):
        return f"{_where(error)} has the wrong size: {error.message}", "S106"
    if kind == "pattern":
        return f"{_where(error)} has the wrong form: {error.instance!r}", "S107"
    if kind in ("oneOf", "anyOf"):
        return f"{_where(error)} is not in any of the accepted forms", "S108"
    if kind == "const":
        return f"{_where(error)} must be {error.validator_value!r}", "S109"
    return f"{_where(error)}: {error.message}", "S199"
