"""Turn jsonschema's errors into plain words an author understands, at the right place."""
from __future__ import annotations

from typing import Any, NamedTuple

from .names import suggest

_TYPES = {"integer": "a whole number", "string": "text", "boolean": "true or false", "array": "a list",
          "object": "a mapping", "number": "a number", "null": "nothing"}
_LISTED = 12  # name the accepted keys in a hint only when there are this few


class Described(NamedTuple):
    """One schema problem in words: the message, its stable code, where it points, a hint."""

    message: str
    code: str
    path: tuple[Any, ...]
    hint: str = ""


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


def _alternative_keys(error: Any) -> list[str]:
    """For `oneOf: [{required: [a]}, {required: [b]}]` (a form chosen by its key), the keys a, b."""
    if error.validator != "oneOf" or not isinstance(error.instance, dict):
        return []
    forms = error.validator_value
    if not all(isinstance(f, dict) and list(f) == ["required"] and len(f["required"]) == 1 for f in forms):
        return []
    return [f["required"][0] for f in forms]


def describe(error: Any) -> Described:
    """The words, code, document path and hint for one jsonschema ValidationError."""
    from jsonschema.exceptions import best_match

    keys = _alternative_keys(error)
    if keys:
        listed = ", ".join(f"`{key}`" for key in keys)
        at = tuple(error.absolute_path)
        if error.context:
            return Described(f"{_where(list(at))} needs one of {listed}", "S102", at)
        return Described(f"{_where(list(at))} must have only one of {listed}", "S108", at)
    if error.validator in ("oneOf", "anyOf") and error.context:
        inner = best_match(error.context)
        if list(inner.absolute_path) != list(error.absolute_path) or inner.validator not in ("type", "oneOf"):
            return describe(inner)
    path = list(error.absolute_path)
    where = _where(path)
    kind = error.validator
    here = tuple(path)
    if kind == "type":
        expected = error.validator_value
        expected = [expected] if isinstance(expected, str) else expected
        words = " or ".join(_TYPES.get(t, t) for t in expected)
        return Described(f"{where} must be {words}, got {_short(error.instance)}", "S101", here)
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return Described(f"{where} is missing the required key `{missing}`", "S102", here)
    if kind == "additionalProperties":
        known = sorted(error.schema.get("properties", {}))
        extra = sorted(set(error.instance) - set(known))
        key = extra[0] if extra else "?"
        hint = suggest(key, known) or (f"expected one of {', '.join(known)}" if known and len(known) <= _LISTED
                                      else "")
        return Described(f"unknown key `{key}` in {where}", "S103", here + (key,), hint)
    if kind == "enum":
        allowed = ", ".join(map(str, error.validator_value))
        return Described(f"{where} must be one of {allowed}, got {_short(error.instance)}", "S104", here,
                         suggest(error.instance, list(error.validator_value)))
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return Described(f"{where} is out of range: {_short(error.instance)} (limit {error.validator_value})",
                         "S105", here)
    if kind in ("maxLength", "minLength"):
        bound = "most" if kind == "maxLength" else "least"
        return Described(f"{where} must have at {bound} {error.validator_value} characters", "S106", here)
    if kind in ("minItems", "maxItems", "minProperties", "maxProperties"):
        bound = "most" if kind.startswith("max") else "least"
        unit = ("item" if "Items" in kind else "entry") if error.validator_value == 1 else \
            ("items" if "Items" in kind else "entries")
        return Described(f"{where} must have at {bound} {error.validator_value} {unit}", "S106", here)
    if kind == "pattern" and "propertyNames" in error.absolute_schema_path:
        params = " (a definition may add parameters: `name(a, b)`)" if path[-1:] == ["define"] else ""
        return Described(f"the name {_short(error.instance)} in {where} has the wrong form", "S107",
                         here + (error.instance,),
                         f"a name is letters, digits and _, not starting with a digit{params}")
    if kind == "pattern":
        return Described(f"{where} has the wrong form: {_short(error.instance)}", "S107", here,
                         error.schema.get("description", ""))
    if kind in ("oneOf", "anyOf"):
        return Described(f"{where} is not in any of the accepted forms: {_short(error.instance)}", "S108", here,
                         error.schema.get("description", ""))
    if kind == "const":
        return Described(f"{where} must be {error.validator_value!r}", "S109", here)
    return Described(f"{where}: {error.message[:200]}", "S199", here)


def run_on_hint(cut: str, meant: str) -> str:
    """For a key that is the rest of a text cut at an unquoted `,` in `{...}`: quote the whole text."""
    quoted = meant.replace("\\", "\\\\").replace('"', '\\"')
    return f"an unquoted `,` inside `{{...}}` ends the text of `{cut}`: quote the whole text, `{cut}: \"{quoted}\"`"
