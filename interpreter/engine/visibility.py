"""Who may see what: the one place the visibility rules of zones and variables are written.

A player's view, the moves they are offered, the events told to them, the log's
redaction and the invariant that checks all of these ask here.

Zones: `public` shows every component, `owner` a per-player zone's components to
their owner, `top` the top component, `hidden` none. Variables: `public` to
everybody, `owner` each player their own entry, `current` the player whose turn
it is, `hidden` to nobody (rules' bookkeeping). A viewer of None is a spectator.
"""
from __future__ import annotations

from ..tree import nodes as n


def sees_component(zone: n.Zone, owner: int | None, index: int, size: int, viewer: int | None) -> bool:
    """Whether `viewer` sees the component at `index` (from the bottom) of a zone holding `size`."""
    return index >= size - seen_on_top(zone, owner, size, viewer)


def seen_on_top(zone: n.Zone, owner: int | None, size: int, viewer: int | None) -> int:
    """How many of a zone's components `viewer` sees, counted from its top: what they see is always its top part."""
    visibility = zone.visibility
    if visibility == "public":
        return size
    if visibility == "owner":
        return size if viewer is not None and owner == viewer else 0
    if visibility == "top":
        return min(1, size)
    return 0


def sees_arrivals(zone: n.Zone, owner: int | None, viewer: int | None) -> bool:
    """Whether `viewer` sees a component that arrives on top of (or leaves the top of) a zone."""
    return zone.visibility in ("public", "top") or (zone.visibility == "owner" and viewer is not None
                                                    and owner == viewer)


def sees_order(zone: n.Zone, owner: int | None, viewer: int | None) -> bool:
    """Whether `viewer` sees the whole order of a zone (the outcome of its shuffle)."""
    return zone.visibility == "public" or (zone.visibility == "owner" and viewer is not None and owner == viewer)


def may_read(variable: n.Variable, owner: int | None, viewer: int | None, current: int) -> bool:
    """Whether `viewer` may read a variable (`owner`: the seat of one entry of a per-player variable)."""
    visibility = variable.visibility
    if visibility == "public":
        return True
    if visibility == "owner":
        return viewer is not None and viewer == owner
    if visibility == "current":
        return viewer is not None and viewer == current
    return False


def private_to(variable: n.Variable, owner: int | None, current: int) -> int | None:
    """The one seat a change of a variable is told to (None: everybody); only for variables that are not hidden."""
    if variable.visibility == "owner":
        return owner
    if variable.visibility == "current":
        return current
    return None
