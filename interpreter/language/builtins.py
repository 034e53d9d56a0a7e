"""The names and functions every ruleset may use, and their static types.

What they do while a game runs is the backend's business; here is what an
expression may say and what type each gives.
"""
from __future__ import annotations

from . import types as T

NAMES: dict[str, T.Type] = {
    "player": T.PLAYER, "current": T.PLAYER, "dealer": T.PLAYER, "direction": T.INT, "players": T.INT,
    "phase": T.TEXT, "round": T.INT, "all_players": T.list_of(T.PLAYER),
}

ARITY: dict[str, tuple[int, int]] = {  # function -> (fewest, most) arguments
    "size": (1, 1), "top": (1, 1), "bottom": (1, 1), "next": (1, 2), "previous": (1, 2), "left": (1, 2),
    "right": (1, 2), "others": (1, 1), "str": (1, 1), "abs": (1, 1), "in_play": (1, 1), "min": (1, 9), "max": (1, 9),
    "range": (2, 2), "zone_of": (1, 1), "owner_of": (1, 1), "mover_of": (1, 1), "pile_of": (1, 1),
}
FUNCTIONS = tuple(ARITY) + ("changes",)
PURE = frozenset({"str", "abs", "min", "max", "range"})  # read nothing but their arguments: folded when those are known
AGGREGATES = ("any", "all", "count", "sum", "min", "max", "first")
CUT = "cut"  # `x[a:b]`: a call of no name an author can write, with the list and its two bounds (none: open)

ARGUMENT_KINDS: dict[str, tuple[str, ...]] = {  # what the first argument (of `range`: each one) must be
    "top": ("zone", "list"), "bottom": ("zone", "list"), "size": ("zone", "list"), "next": T.NUMERIC,
    "previous": T.NUMERIC, "left": T.NUMERIC, "right": T.NUMERIC, "others": T.NUMERIC, "in_play": T.NUMERIC,
    "abs": ("int",), "range": T.NUMERIC, "zone_of": ("component",), "owner_of": ("component",),
    "mover_of": ("component",), "pile_of": ("component",),
}
EVERY_ARGUMENT = frozenset({"range"})  # functions whose every argument is checked, not the first alone


def expected(function: str) -> str:
    """What a function's checked argument must be, as a message says it."""
    wanted = ARGUMENT_KINDS[function]
    if "zone" in wanted:
        return "a zone or a list"
    if function in ("abs", "range"):
        return "a number"
    return "a component" if wanted == ("component",) else "a player"


def result_type(function: str, arguments: list[T.Type]) -> T.Type:
    """The type a built-in function gives, from the types of its arguments."""
    if function in ("size", "abs", "pile_of"):
        return T.INT
    if function in ("top", "bottom"):
        return T.COMPONENT
    if function in ("next", "previous", "left", "right", "owner_of", "mover_of"):
        return T.PLAYER
    if function == "range":
        return T.list_of(T.INT)
    if function == "zone_of":
        return T.text(None, "zone name")
    if function == "others":
        return T.list_of(T.PLAYER)
    if function == "str":
        return T.TEXT
    if function == CUT:  # the list's own type; a zone's components are a list of components
        listed = arguments[0]
        return listed if listed.kind == "list" else T.list_of(T.COMPONENT if listed.kind == "zone" else T.ANY)
    if function == "in_play":
        return T.BOOL
    return T.join(arguments)  # min, max
