"""Expression nodes as sentences: what a condition claims, a pass with words for every kind of node.

`size(hand) == 0` claims "your *hand* is empty", `phase == main` "the turn is in
the *main* phase", `any(c in hand: c.colour == active_colour)` "there is a card
in your *hand* whose colour is *active colour*". Every claim can be negated,
which is how `not` and the "otherwise" of a rule are said. A value that is no
condition claims to be true: "the *flag* is true".
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import types as T
from ..tree import nodes as n
from .clauses import IT, ITS
from .prose import Phrase, Scope, article, bare, element_kind, join, origin, words
from .written import is_name, is_number

if TYPE_CHECKING:
    from .expressions import Words

_FLIP = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
_SAY_COMPARE = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
                ">=": "is at least"}
_SAY_QUANTITY = {"==": "{}", "!=": "other than {}", "<": "fewer than {}", "<=": "at most {}",
                 ">": "more than {}", ">=": "at least {}"}


class Claims(n.Pass[str]):
    """The claim of each expression node, or its negation, in a scope that says who "you" are."""

    def __init__(self, said: "Words"):
        self.w = said
        self.m = said.m

    def _is_true(self, node: n.Expr, scope: Scope, negate: bool) -> str:
        subject = self.w.phrase(node, scope)
        return f"{subject.embedded(2)} {subject.be} {'false' if negate else 'true'}"

    visit_ListOf = visit_Local = visit_ParamRef = visit_Symbol = visit_Builtin = visit_VariableRead = _is_true
    visit_ZoneRead = visit_Attribute = visit_Item = visit_Changes = visit_Negative = visit_Arithmetic = _is_true

    def visit_Const(self, node: n.Const, scope: Scope, negate: bool) -> str:
        if isinstance(node.value, bool):
            return "never" if node.value == negate else "always"
        return self._is_true(node, scope, negate)

    def visit_DefinitionUse(self, node: n.DefinitionUse, scope: Scope, negate: bool) -> str:
        """A definition used by name is claimed by name; one called is, when it is a condition."""
        if node.args and not self.w.is_condition(node.name):
            return self._is_true(node, scope, negate)
        said = [self.w.phrase(arg, scope) for arg in node.args]
        return self.w.definition_claim(node.name, said, scope, negate)

    def visit_Call(self, node: n.Call, scope: Scope, negate: bool) -> str:
        if node.function == "in_play":
            who = self.w.phrase(node.args[0], scope)
            return f"{who.text} {who.be} {'not ' if negate else ''}still in play"
        return self._is_true(node, scope, negate)

    # ------------------------------------------------------------ logic

    def visit_Or(self, node: n.Or, scope: Scope, negate: bool) -> str:
        said = [self._part(part, scope, negate, n.And if negate else n.Or) for part in node.parts]
        return join(said, "and") if negate else ", or ".join(said)

    def visit_And(self, node: n.And, scope: Scope, negate: bool) -> str:
        said = [self._part(part, scope, negate, n.Or if negate else n.And) for part in node.parts]
        return ", or ".join(said) if negate else join(said, "and")

    def _part(self, part: n.Expr, scope: Scope, negate: bool, outer: type) -> str:
        """A part of `and`/`or` as said: an `or` inside an `and` is put in parentheses."""
        text = self.w.claim(part, scope, negate)
        inner = _junction(part.operand, not negate) if isinstance(part, n.Not) else _junction(part, negate)
        if outer is n.And and inner is n.Or or outer is n.Or and inner is n.And and ", " in text:
            return f"({text})"
        return text

    def visit_Not(self, node: n.Not, scope: Scope, negate: bool) -> str:
        return self.w.claim(node.operand, scope, not negate)

    def visit_Conditional(self, node: n.Conditional, scope: Scope, negate: bool) -> str:
        return (f"{self.w.claim(node.then, scope, negate)} if {self.w.claim(node.condition, scope)}, "
                f"and otherwise {self.w.claim(node.other, scope, negate)}")

    # ------------------------------------------------------------ comparisons

    def visit_Compare(self, node: n.Compare, scope: Scope, negate: bool) -> str:
        op = _FLIP[node.op] if negate else node.op
        left, right = node.left, node.right
        if _is_none(left) or _is_none(right):
            return self._nothing(right if _is_none(left) else left, op, scope)
        if _is_builtin(left, "phase") and isinstance(right, n.Symbol) and right.name in self.w.rules.phases \
                and op in ("==", "!="):
            return f"the turn is {'' if op == '==' else 'not '}in the {self.m.term(words(right.name))} phase"
        if isinstance(left, n.Call) and left.function == "size":
            container = self.w.phrase(left.args[0], scope)
            if container.kind == "components":
                return self._holds(container, op, self.w.phrase(right, scope), is_number(right) or is_name(right))
        if _is_builtin(left, "players"):
            amount = self.w.phrase(right, scope).embedded(2)
            return f"there are {_SAY_QUANTITY[op].format(amount)} players" if op != "==" or amount != "1" \
                else "there is 1 player"
        a, b = self.w.phrase(left, scope), self.w.phrase(right, scope)
        verb = _SAY_COMPARE[op]
        if a.plural:
            verb = verb.replace("is", "are", 1)
        return f"{a.embedded(2)} {verb} {b.embedded(2)}"

    def _nothing(self, node: n.Expr, op: str, scope: Scope) -> str:
        """`x == none`: "there is no x"; `card.colour == none`: "the card has no colour"."""
        if op not in ("==", "!="):
            return "never"
        if isinstance(node, n.Attribute):
            base = self.w.phrase(node.obj, scope)
            has = base.verb("have", "has")
            return f"{base.text} {has} {'no' if op == '==' else 'a'} {words(node.name)}"
        said = self.w.phrase(node, scope)
        if said.text.startswith(IT) or said.text.startswith(ITS):  # "that is no card", "that are cards"
            singular, plural, _ = self.w.element({"component": "components", "player": "players"}.get(said.kind, ""))
            if op == "==":
                return f"{said.text} {said.be} no {singular}"
            return f"{said.text} {said.be} {plural if said.plural else article(singular) + ' ' + singular}"
        if op == "==":
            return f"there is no {bare(said.text)}"
        return f"there is {article(bare(said.text))} {bare(said.text)}"

    def _holds(self, container: Phrase, op: str, amount: Phrase, simple: bool) -> str:
        """`size(hand) > 1`: "your *hand* holds more than 1 card"."""
        count = amount.embedded(2)
        noun = self.w.noun
        if not simple:  # not a number or a name: "the number of cards in X is more than ..."
            return f"the number of {noun[1]} in {container.text} {_SAY_COMPARE[op]} {count}"
        if count == "0" and op in ("==", "!=", ">", "<="):
            return f"{container.text} {container.be} {'' if op in ('==', '<=') else 'not '}empty"
        counted = noun[0] if count == "1" else noun[1]
        if op == "!=":
            return f"{container.text} {container.verb('do', 'does')} not hold {count} {counted}"
        return f"{container.text} {container.verb('hold', 'holds')} {_SAY_QUANTITY[op].format(count)} {counted}"

    def visit_Membership(self, node: n.Membership, scope: Scope, negate: bool) -> str:
        negate = negate != node.negated
        item = self.w.phrase(node.item, scope)
        if isinstance(node.container, n.ListOf):
            options = [self.w.phrase(option, scope).embedded(2) for option in node.container.items]
            if not options:
                return "never" if not negate else "always"
            if negate:
                return f"{item.embedded(2)} {item.be} " + (f"not {options[0]}" if len(options) == 1
                                                           else "neither " + " nor ".join(options))
            return f"{item.embedded(2)} {item.be} {join(options, 'or')}"
        container = self.w.phrase(node.container, scope)
        where = "in" if container.kind == "components" else "one of"
        return f"{item.embedded(2)} {item.be} {'not ' if negate else ''}{where} {container.embedded(2)}"

    # ------------------------------------------------------------ aggregates

    def visit_Aggregate(self, node: n.Aggregate, scope: Scope, negate: bool) -> str:
        if node.kind not in ("any", "all"):
            said = self.w.phrase(node, scope)
            return f"{said.text} is {'false' if negate else 'true'}"
        source = self.w.phrase(node.items, scope)
        singular, _, who = self.w.element(source.kind)
        if node.body is None:
            if node.kind == "all":
                return "never" if negate else "always"
            return f"{source.text} {source.be} {'' if negate else 'not '}empty"
        item = Phrase(node.binder, kind=element_kind(source.kind))
        clause, named = self.w.clauses.about(node.body, node.binder, item, scope, who=who)
        thing = f"{singular}{' ' + node.binder if named else ''}{origin(source)}"
        if node.kind == "any":
            return f"there is {'no' if negate else article(singular)} {thing} {clause}"
        if negate:
            negated, _ = self.w.clauses.about(n.Not(type=T.BOOL, operand=node.body), node.binder, item, scope,
                                              who=who)
            return f"there is {article(singular)} {thing} {negated}"
        return f"every {thing} is one {clause}"


def _junction(node: n.Expr, negate: bool) -> type | None:
    """Whether a claim reads as an `and` or an `or` (negating one turns it into the other)."""
    kind = type(node) if isinstance(node, (n.And, n.Or)) else None
    if negate and kind is not None:
        return n.Or if kind is n.And else n.And
    return kind


def _is_none(node: n.Expr) -> bool:
    return isinstance(node, n.Const) and node.value is None


def _is_builtin(node: n.Expr, name: str) -> bool:
    return isinstance(node, n.Builtin) and node.name == name
