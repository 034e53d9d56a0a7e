"""Why an action is refused, in the words of the ruleset.

`say(refusal)` words a Refusal of the engine. A refusal by a condition says
which part of it failed: a pass over the condition's tree, evaluated where it
failed — the first part of an `and` that failed, every part of an `or`, the
definitions it went through, and the values that made a comparison fail:

    blue 6 does not satisfy the rule for card: may_play(card) is false:
    playable(card) is false: matches(card) is false: card.colour is blue and
    active_colour is green; and ...
"""
from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from typing import Any, Callable

from ..engine import refusals as R
from ..engine.game import Game
from ..engine.refusals import Refusal
from ..tree import nodes as n
from .names import seat
from .prose import amount

Evaluate = Callable[[n.Expr], Any]  # the value of a part of the condition where it failed


_SAID = {  # each refusal's words; the fields are worked out only when a template names them (see _Fields)
    R.GAME_OVER: "the game is over",
    R.NO_SUCH_ACTION: "there is no action {name!r}",
    R.NO_SUCH_PLAYER: "there is no player {number}",
    R.OUT_OF_PLAY: "player {number} is out of play",
    R.NOT_YOUR_TURN: "it is not player {number}'s turn",
    R.WRONG_PHASE: "{name} is not possible now (the turn is at {phase})",
    R.GUARD: "{name} is not possible now: {why}",
    R.NOT_ASKED: "{choice} is not asked for here",
    R.MISSING: "{choice} is missing",
    R.NOT_A_SET: "{choice} is a set of components",
    R.NAMED_TWICE: "{choice} names a component twice",
    R.SET_SIZE: "{choice} must hold {amount}",
    R.NOT_POSSIBLE: "{value} is not a possible {choice}",
    R.ALREADY_CHOSEN: "{value} is already chosen",
    R.WHERE: "{value} does not satisfy the rule for {choice}: {why}",
    R.UNEXPECTED: "unexpected choice {choice!r}",
    R.REQUIRE: "these choices do not satisfy the rule for {name}: {why}",
    R.PLAYERS: "{title} is played by {min_players} to {max_players} players, not {count}",
}


def say(refusal: Refusal) -> str:
    """A refusal in words: one line that names what is wrong, and for a rule, the part that failed."""
    return string.Formatter().vformat(_SAID[refusal.code], (), _Fields(refusal))


class _Fields(Mapping[str, Any]):
    """What the words of a refusal may name, each worked out when it is first asked for."""

    def __init__(self, refusal: Refusal):
        self.refusal = refusal

    def __getitem__(self, key: str) -> Any:
        refusal, action = self.refusal, self.refusal.action
        if key == "name":
            return action.name if action is not None else ""
        if key == "number":
            return action.actor + 1 if action is not None else "?"
        if key == "amount":
            assert action is not None
            rule = next(c for c in refusal.game.action_index[action.name].rule.choices if c.name == refusal.choice)
            return amount(rule.min_count, rule.max_count, "components")
        if key == "why":
            return _why(refusal)
        if key == "value":
            return _value(refusal)
        if key in ("title", "min_players", "max_players"):
            return getattr(refusal.game, key)
        return getattr(refusal, key)

    def __iter__(self) -> Iterator[str]:  # pragma: no cover - only looked up by name
        return iter(())

    def __len__(self) -> int:  # pragma: no cover - only looked up by name
        return 0


def _why(refusal: Refusal) -> str:
    """Why the refusing condition is false where it was decided."""
    env, rule = refusal.env, refusal.rule
    assert env is not None and rule is not None
    compile_ = refusal.game.expressions.compile
    return explain(rule, lambda part: compile_(part)(env))


def _value(refusal: Refusal) -> str:
    """The refused value as a player sees it: a component by its label, a seat as P1, others as written."""
    value, game = refusal.value, refusal.game
    kind = next((c.kind for c in game.action_index[refusal.action.name].rule.choices if c.name == refusal.choice),
                None) if refusal.action is not None and refusal.action.name in game.action_index else None
    if kind == "player" and isinstance(value, int) and not isinstance(value, bool):
        return seat(value)
    if kind == "component" or refusal.code == R.ALREADY_CHOSEN:
        faces = refusal.env.state.faces if refusal.env is not None else None
        if isinstance(value, (tuple, list)):  # a set given to a choice of one component
            return " + ".join(_component(game, item, faces) for item in value) or "no components"
        return _component(game, value, faces)
    return str(value)


def _component(game: Game, value: Any, faces: Mapping[int, int] | None) -> str:
    """A component by its label; anything else that was given for one, as it was given."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < len(game.components):
            return f"component {value} (there is none)"
        return game.label(value, faces)
    return str(value)


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


def say_short(refusal: Refusal) -> str:
    """A refusal as a player would say it, one short line; `say` keeps the whole trace for who asks why.

    A refused rule is said by the innermost definition it failed through ("yellow 9 doesn't match") and the
    values that decided it, each named by the side of its comparison that is not the thing chosen (the player
    sees their own card): "active colour is blue, top card number is 8".
    """
    if refusal.code not in (R.WHERE, R.REQUIRE) or refusal.env is None or refusal.rule is None:
        return say(refusal)
    compile_ = refusal.game.expressions.compile
    env = refusal.env
    gist = _Gist(lambda part: compile_(part)(env), refusal.choice if refusal.code == R.WHERE else None)
    gist.walk(refusal.rule)
    if refusal.code == R.WHERE:
        subject = _value(refusal)
    else:
        subject = f"this {refusal.action.name}" if refusal.action is not None else "this move"
    verb = _negated(gist.name) if gist.name else "isn't allowed"
    facts = list(dict.fromkeys(gist.facts))
    return f"{subject} {verb}" + (": " + ", ".join(facts) if facts else "")


def _negated(name: str) -> str:
    """A definition's name as what the refused thing does not do: `matches` "doesn't match", `playable`
    "isn't playable", `adds_up` "doesn't add up", `may_play` "may not play"."""
    parts = name.split("_")
    if parts[0] in ("may", "can", "must") and len(parts) > 1:
        return f"{parts[0]} not {' '.join(parts[1:])}"
    if parts[0] == "is" and len(parts) > 1:
        return "isn't " + " ".join(parts[1:])
    head = parts[0]
    if head.endswith("s") and not head.endswith("ss") and len(head) > 3:
        base = head[:-2] if head.endswith(("ches", "shes", "xes", "zes")) else head[:-1]
        return "doesn't " + " ".join([base] + parts[1:])
    return "isn't " + " ".join(parts)


class _Gist:
    """Walks the failing part of a condition as `_Reasons` does, keeping the last definition and the deciding values."""

    def __init__(self, evaluate: Evaluate, chosen: str | None):
        self.value, self.chosen = evaluate, chosen
        self.name = ""
        self.facts: list[str] = []

    def walk(self, node: n.Expr) -> None:
        if isinstance(node, n.DefinitionUse):
            if node.args and not self.facts:
                self.name = node.name
            self.walk(node.body)
        elif isinstance(node, n.And):
            part = next((p for p in node.parts if not self.value(p)), None)
            if part is not None:
                self.walk(part)
        elif isinstance(node, n.Or):
            for part in node.parts:
                self.walk(part)
        elif isinstance(node, n.Compare):
            sides = [side for side in (node.left, node.right) if not _is_literal(side)]
            others = [side for side in sides if not self._names_chosen(side)]
            if self.chosen is not None and not others:
                return  # only the chosen thing itself, which the player sees
            stated = others or sides
            if not all(_is_path(side.source) for side in stated):  # a sum or a call: its value, not its text
                x, y = _shown(self.value(node.left)), _shown(self.value(node.right))
                self.facts.append(f"it comes to {x}, not {y}" if node.op == "==" else f"{x} against {y}")
                return
            for side in stated:
                self.facts.append(f"{_plain(side.source)} is {_shown(self.value(side))}")

    def _names_chosen(self, node: n.Expr) -> bool:
        if self.chosen is None:
            return False
        return self.chosen in _names(node.source)


def _is_literal(node: n.Expr) -> bool:
    return isinstance(node, (n.Const, n.Symbol))


def _is_path(source: str) -> bool:
    """Whether an expression's text is a name or a name's attribute (`top_card.number`), which reads as words."""
    return all(part.isidentifier() for part in source.strip().split("."))


def _names(source: str) -> set[str]:
    return set("".join(ch if ch.isalnum() or ch == "_" else " " for ch in source).split())


def _plain(source: str) -> str:
    """An expression's text as words: `top_card.number` "top card number"."""
    return " ".join(source.replace("_", " ").replace(".", " ").split())
