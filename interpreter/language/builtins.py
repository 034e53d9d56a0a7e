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
}
FUNCTIONS = tuple(ARITY) + ("changes",)
PURE = frozenset({"str", "abs", "min", "max"})  # read nothing but their arguments: folded when those are known
AGGREGATES = ("any", "all", "count", "sum", "min", "max", "first")

ARGUMENT_KINDS: dict[str, tuple[str, ...]] = {  # what the first argument must be
    "top": ("zone", "list"), "bottom": ("zone", "list"), "size": ("zone", "list"), "next": T.NUMERIC,
    "previous": T.NUMERIC, "left": T.NUMERIC, "right": T.NUMERIC, "others": T.NUMERIC, "in_play": T.NUMERIC,
    "abs": ("int",),
}


def result_type(function: str, arguments: list[T.Type]) -> T.Type:
    """The type a built-in function gives, from the types of its arguments."""
    if function in ("size", "abs"):
        return T.INT
    if function in ("top", "bottom"):
        return T.COMPONENT
    if function in ("next", "previous", "left", "right"):
        return T.PLAYER
    if function == "others":
        return T.list_of(T.PLAYER)
    if function == "str":
        return T.TEXT
    if function == "in_play":
        return T.BOOL
    return T.join(arguments)  # min, max
