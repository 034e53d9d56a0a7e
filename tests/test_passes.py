"""Every pass over the ruleset tree handles every node of the families it works on.

Adding an expression or an effect is one node class plus one method in each pass
(the folder, the closure backend, the checks, the words). These tests find the
pass that was forgotten, before a ruleset that uses the new node reaches it.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

import pytest

import rulesrun.interpreter as interpreter
from rulesrun.interpreter.tree import nodes as n

FAMILIES = {"expressions": n.EXPRESSIONS, "effects": n.EFFECTS}


def _every_pass() -> list[type]:
    for module in pkgutil.walk_packages(interpreter.__path__, interpreter.__name__ + "."):
        importlib.import_module(module.name)
    found, todo = [], [n.Pass]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return sorted(found, key=lambda cls: (cls.__module__, cls.__name__))


PASSES = _every_pass()


def _names(classes: Iterable[type]) -> set[str]:
    """The names of the tree's own node classes (tests make node classes of their own)."""
    return {cls.__name__ for cls in classes if cls.__module__ == n.__name__}


def test_the_families_hold_every_node_class() -> None:
    """By name: a slotted dataclass is a new class, and the one it replaced may linger among the subclasses."""
    assert _names(n.EXPRESSIONS) == _names(n.Expr.__subclasses__())
    assert _names(n.EFFECTS) == _names(n.Effect.__subclasses__())


def test_every_pass_is_found() -> None:
    """The passes of the backend, the checks and the words (a rename would hide one from the next test)."""
    names = {cls.__name__ for cls in PASSES}
    assert {"Folder", "Closures", "EffectClosures", "Reach", "Uses", "Phrases", "Claims", "EffectWords",
            "ExpressionCode", "EffectCode"} <= names


@pytest.mark.parametrize("a_pass", PASSES, ids=lambda cls: cls.__name__)
def test_a_pass_handles_all_of_a_family_or_none_of_it(a_pass: type) -> None:
    handled = {family for family, classes in FAMILIES.items()
               if any(hasattr(a_pass, "visit_" + cls.__name__) for cls in classes)}
    assert handled, f"{a_pass.__name__} handles no node at all"
    for family in handled:
        missing = [cls.__name__ for cls in FAMILIES[family] if not hasattr(a_pass, "visit_" + cls.__name__)]
        assert missing == [], f"{a_pass.__name__} handles {family} but not {', '.join(missing)}"


def test_a_pass_without_a_method_says_which() -> None:
    class Partial(n.Pass[None]):
        def visit_Const(self, node: n.Const) -> None:
            return None

    with pytest.raises(NotImplementedError, match="Partial has no method for Not"):
        Partial().visit(n.Not(operand=n.Const(value=True)))
