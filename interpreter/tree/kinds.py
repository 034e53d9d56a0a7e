"""What kind of value each place of a ruleset takes, and whether an expression written there gives it.

An expression's type says what it gives (`language/types.py`); the place it is
written says what it must give: a condition true or false, a count a number, a
player choice a list of players, `move: {cards: ...}` a zone or a list of
components. A mismatch is an error where the author wrote the expression, with
what was expected, so that a ruleset that validates never hands an effect a value
it cannot use. A value whose type is not known (a variable whose `initial` is
`none` before anything is assigned to it) is not refused: the engine checks it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..language import types as T


@dataclass(frozen=True)
class Kind:
    """A place's expectation: the type kinds it accepts, and for lists the kinds of their items."""

    said: str  # "true or false", as the message says what was expected
    kinds: frozenset[str]
    items: frozenset[str] | None = None  # a list's items must be of these kinds (any and none always fit)

    def fits(self, given: T.Type) -> bool:
        if given.kind == "any":
            return True
        if given.kind not in self.kinds:
            return False
        if given.kind == "list" and self.items is not None:
            item = given.element.kind if given.element is not None else "any"
            return item in self.items or item in ("any", "none")
        return True


def _kind(said: str, *kinds: str, items: tuple[str, ...] | None = None) -> Kind:
    return Kind(said, frozenset(kinds), frozenset(items) if items is not None else None)


SEAT = ("player", "int")  # a player is a seat number: `first_dealer: 0` names a seat
CONDITION = _kind("true or false", "bool")
NUMBER = _kind("a number", "int")
PLAYER = _kind("a player", *SEAT)
PLAYER_OR_NONE = _kind("a player or none", *SEAT, "none")
COMPONENT = _kind("a component", "component", "none")
COMPONENTS = _kind("a zone or a list of components", "zone", "list", items=("component",))
ROLLABLE = _kind("a component, a zone or a list of components", "component", "zone", "list", "none",  # `roll`
             items=("component",))
PLAYERS = _kind("a list of players", "list", items=SEAT)
ITEMS = _kind("a zone or a list", "zone", "list")
VALUES = _kind("a list of values", "list")
WORD = _kind("a word (text)", "text", "none")


def mismatch(place: Kind, given: T.Type) -> str | None:
    """Why a value of type `given` cannot go where `place` is expected, or None when it can."""
    if place.fits(given):
        return None
    return f"expected {place.said} here, got {given.describe()}"


def assignable(target: T.Type, value: T.Type) -> str | None:
    """Why a variable of type `target` (from its `initial`) cannot take `value`, or None when it can.

    Players, seat numbers and components are all numbers underneath, but a number
    and a true/false value, a text and a number, or a list and anything else are not.
    """
    if "any" in (target.kind, value.kind) or value.kind == "none" or target.kind == "none":
        return None
    if target.kind in T.NUMERIC and value.kind in T.NUMERIC:
        return None
    if target.kind == value.kind:
        return None
    return f"this variable holds {target.describe()}, not {value.describe()}"
