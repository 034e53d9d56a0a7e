"""Why a condition of a rule is false, in the words of the ruleset.

A pass over the expression's tree, evaluated in the environment where it
failed: the first part of an `and` that failed, every part of an `or`, the
definitions it went through, and the values that made a comparison fail:

    may_play(card) is false: playable(card) is false: matches(card) is false:
    card.colour is blue and active_colour is green; and ...
"""
from __future__ import annotations

from typing import Any, Callable

from ..tree import nodes as n

Evaluate = Callable[[n.Expr], Any]  # the value of a part of the condition where it failed


def explain(condition: n.Expr, evaluate: Evaluate, text: str = "the condition") -> str:
    """Why `condition` is false, its parts' values given by `evaluate`."""
    return _Reasons(evaluate).reason(condition, text)


class _Reasons:
    def __init__(self, evaluate: Evaluate):
        self.value = evaluate

    def reason(self, node: n.Expr, text: str) -> str:
        """The reason a part is false, or "<text> is false" for a part that gives none."""
        found = self.why(node)
        return found if found is not None else f"{text} is false"

    def why(self, node: n.Expr) -> str | None:
        if isinstance(node, n.Compare):
            return _compared(node.left.source, self.value(node.left), node.op, node.right.source,
                             self.value(node.right))
        if isinstance(node, n.Not):
            return f"{node.operand.source} holds"
        if isinstance(node, n.And):
            for part in node.parts:
                if not self.value(part):
                    return self.reason(part, part.source)
            return "it holds"
        if isinstance(node, n.Or):
            return "; and ".join(self.reason(part, part.source) for part in node.parts)
        if isinstance(node, n.Aggregate) and node.kind in ("any", "all") and node.body is not None:
            where, what = node.items.source, node.body.source
            return f"no {node.binder} in {where} has {what}" if node.kind == "any" else \
                f"not every {node.binder} in {where} has {what}"
        if isinstance(node, n.DefinitionUse):
            inner = self.why(node.body)
            if inner is None or not node.args:  # a definition used by name is explained by its body
                return inner
            return f"{node.source} is false: {inner}"
        return None


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def _compared(left: str, x: Any, op: str, right: str, y: Any) -> str:
    x_text, y_text = _shown(x), _shown(y)
    left_part = left if left == x_text else f"{left} is {x_text}"
    if right == y_text or right.strip("'\"") == y_text:
        words = {"==": "not", "!=": "", "<": "not below", "<=": "above", ">": "not above", ">=": "below"}[op]
        return f"{left_part}, {words} {y_text}".replace(",  ", ", ") if op != "!=" else f"{left_part}"
    right_part = f"{right} is {y_text}"
    return f"{left_part} and {right_part}" + ("" if op in ("==", "!=") else f" (needs {left} {op} {right})")
