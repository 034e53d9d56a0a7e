"""What the words need to know about a node besides its words: how it was written, what it stands for.

"your *hand* holds 2 cards" needs the 2 written as a number; "every card of
the *discard*" needs to know that the discard stands for components, which its
static type says. Each such question is answered here once.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Iterator, TypeGuard

from ..language import types as T
from ..tree import nodes as n


def is_number(node: n.Expr) -> TypeGuard[n.Const]:
    """A whole number written as it is (`2`), not worked out."""
    return isinstance(node, n.Const) and isinstance(node.value, int) and not isinstance(node.value, bool)


def is_name(node: n.Expr) -> bool:
    """A part written as a single name (`drawn`, `hand`, `target_score`, `top_card`), without an index."""
    if isinstance(node, (n.VariableRead, n.ZoneRead)):
        return node.owner is None
    if isinstance(node, n.DefinitionUse):
        return not node.args
    return isinstance(node, (n.Local, n.ParamRef, n.Symbol, n.Builtin))


def parts(node: n.Expr) -> Iterator[n.Expr]:
    """A node and every part written inside it, in reading order (not the body of a definition it uses)."""
    yield node
    for spec in fields(node):
        if isinstance(node, n.DefinitionUse) and spec.name == "body":
            continue
        value = getattr(node, spec.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, n.Expr):
                yield from parts(item)


def stands_for(rtype: T.Type) -> str:
    """What a phrase of this static type stands for, as far as the words need: player(s), component(s), a value."""
    if rtype.kind in ("player", "component"):
        return rtype.kind
    if rtype.kind == "zone":
        return "components"
    if rtype.kind == "list" and rtype.element is not None and rtype.element.kind in ("player", "component"):
        return rtype.element.kind + "s"
    return "value"
