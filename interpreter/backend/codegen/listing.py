"""An action's legal moves as generated nested loops, one loop per choice, in the engine's order.

`engine/legality.py` lists the moves of any action by walking its choices at
run time. For an action whose choices each hold one value, this pass writes
that walk out for the one action: a loop per choice over its candidates (in id
order for components, those already chosen left out, none first when the choice
is optional), its `where` and the action's `require` written in place, a branch
for a choice that is asked for only sometimes, and at the end the move itself
with its choices already in declaration order (a choice not asked for is
looped over once, as a marker, and left out of the move). The moves come out as the
reference lists them, each set of interchangeable moves (alike components in the
same choices) as its first: a move is kept only if its key, each component
replaced by the number of its class of copies, is new.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...engine.game import Action, ActionSpec, ChoiceSpec
from ...tree import nodes as n
from ..closures import seat, seats_only
from .expressions import USES_LOCALS, Hoist
from .join import NO_KEY, UNDECIDED, Join, one_step_back, plan, worked_back

if TYPE_CHECKING:
    from .game import Generator


class ListerCode:
    """Writes `def _g…(e, o)`, which appends the moves of one action by the actor `e.player` to the list `o`."""

    def __init__(self, generator: "Generator"):
        self.generator = generator
        self.module = generator.module
        self.expressions = generator.expressions
        self.lines: list[str] = []
        self.join: Join | None = None
        self.groups = ""  # the variable of a lister with a join that holds its groups of candidates
        self.seen = ""  # the variable of a lister with a component choice that holds the keys of its moves
        self.classes = ""  # the name of each component's class of interchangeable copies, as a number
        self.bound: list[tuple[str, str]] = []  # (name, variable) of each choice made where a line is written

    def lister(self, spec: ActionSpec, alike: list[Any]) -> str | None:
        """The name of the action's lister, or None when the engine's own walk lists it.

        `alike`: each component's key, shared by interchangeable copies (`Game.interchangeable`).
        """
        if any(c.many for c in spec.choices) or not spec.choices:
            return None
        name = self.module.name()
        self.lines = [f"def {name}(e, o):", "    s = e.state"]
        self.seen, self.bound = "", []
        if spec.component_choices:  # interchangeable moves are listed once
            if not self.classes:  # one table for every lister of the game
                self.classes = self.module.bind(class_numbers(alike))
            self.seen = self.module.name("_v")
            self.lines.append(f"    {self.seen} = {self.module.bind(dict)}()")
        self.join = plan(spec, self.expressions)
        if self.join is not None:  # the joined choice's candidates, grouped by key once they are first needed
            self.groups = self.module.name("_v")
            self.lines.append(f"    {self.groups} = None")
        self._level(spec, 0, {}, {}, 1)
        if any(USES_LOCALS.search(line) for line in self.lines):  # a reference that reads the choices
            self.lines.insert(2, "    l = e.loc")
        self.lines.append("")
        self.module.add(self.lines)
        return name

    def _line(self, indent: int, text: str) -> None:
        self.lines.append("    " * indent + text)

    def _condition(self, node: n.Expr, scope: dict[str, str], hoist: Hoist | None = None) -> tuple[n.Expr, str, bool]:
        """A condition's source where `scope` names the choices' variables, and whether it may raise."""
        saved = self.expressions.scope
        self.expressions.scope, self.expressions.hoist, self.expressions.risky = dict(scope), hoist, False
        try:
            return node, self.expressions.code(node), self.expressions.risky
        finally:
            self.expressions.scope, self.expressions.hoist = saved, None

    def _held(self, indent: int, condition: tuple[n.Expr, str, bool]) -> str:
        """Source for a condition's (or a source's) value; one that may raise is worked out first, with its
        fallback, which is given the choices made so far as the local names it reads."""
        return self.generator.held(*condition, self._line, indent, self.bound)

    def _level(self, spec: ActionSpec, i: int, chosen: dict[str, str], scope: dict[str, str], indent: int) -> None:
        """The loops of the choices from `spec.order[i]` on.

        `chosen`: the variables of the choices made so far (the marker for one
        not asked for); `scope`: the variables the conditions read them by (none
        for one not asked for). They are written to the local names `l` only for
        a fallback to the reference, which reads them there (see `_held`).
        """
        if i == len(spec.order):
            self._move(spec, chosen, indent)
            return
        choice = spec.choices[spec.order[i]]
        check = spec.rule.require if i == spec.check_at else None
        key, value, candidates = self.module.bind(choice.name), self.module.name("_v"), self.module.name("_v")
        asked_if = choice.rule.present_if
        sometimes = asked_if is not None
        read = self.module.name("_v") if sometimes else value  # the marker reads as none
        marker = self.module.bind(NOT_ASKED)
        reading = f"None if {value} is {marker} else {value}"
        body = indent
        if asked_if is not None:
            self._line(indent, f"if {self._held(indent, self._condition(asked_if, scope))}:")
            body = indent + 1
        self._candidates(choice, candidates, value, scope, body)
        if sometimes:
            self._line(indent, "else:")
            self._line(indent + 1, f"{candidates} = {self.module.bind((NOT_ASKED,))}")
        hoist = Hoist({choice.name})  # what the conditions in the loop read of the state, worked out before it
        where = self._condition(choice.rule.where, {**scope, choice.name: value}, hoist) \
            if choice.rule.where is not None else None
        inner = {**scope, choice.name: read}
        required = self._condition(check, inner, hoist) if check is not None else None
        for variable, code in hoist.lines:
            self._line(indent, f"{variable} = {code}")
        self._line(indent, f"for {value} in {candidates}:")
        read_at = len(self.lines)
        if where is not None:
            test_at = indent + 1
            if sometimes:
                self._line(indent + 1, f"if {value} is not {marker}:")
                test_at = indent + 2
            self.bound.append((key, value))
            self._line(test_at, f"if not {self._held(test_at, where)}:")
            self._line(test_at + 1, "continue")
            self.bound.pop()
        self.bound.append((key, f"({reading})" if sometimes else value))
        if required is not None:
            self._line(indent + 1, f"if not {self._held(indent + 1, required)}:")
            self._line(indent + 2, "continue")
        self._level(spec, i + 1, {**chosen, choice.name: value}, inner, indent + 1)
        self.bound.pop()
        if sometimes and any(re.search(rf"\b{read}\b", line) for line in self.lines[read_at:]):  # a test reads it
            self.lines.insert(read_at, "    " * (indent + 1) + f"{read} = {reading}")

    def _candidates(self, choice: ChoiceSpec, candidates: str, value: str, scope: dict[str, str],
                    indent: int) -> None:
        """The choice's candidates as the engine lists them: components in id order, less those taken, none first."""
        if self.join is not None and self.join.choice == choice.name:
            self._joined_candidates(self.join, choice, candidates, value, scope, indent)
            return
        self._source(choice, candidates, scope, indent)
        if choice.kind == "player" and not seats_only(choice.rule.source):  # as the engine's walk checks them
            self._line(indent, f"{candidates} = [{self.module.bind(seat)}(s, {value}) for {value} in {candidates}]")
        elif choice.kind == "component":
            self._untaken(choice, candidates, value, scope, indent)
            self._line(indent, f"{candidates}.sort()")
        if choice.optional:
            self._line(indent, f"{candidates} = [None] + {candidates}")

    def _joined_candidates(self, join: Join, choice: ChoiceSpec, candidates: str, value: str,
                           scope: dict[str, str], indent: int) -> None:
        """Those that may complete the equality `require` starts with (see `join.py`), found once per listing."""
        index, groups = join.index, self.groups
        self._line(indent, f"if {groups} is None:")
        self._source(choice, groups, scope, indent + 1)
        self._line(indent + 1, f"{groups}.sort()")
        self._line(indent + 1, f"{groups} = {self.module.bind(index.grouped)}({groups})")
        key = self._sought(join, scope, indent)
        self._picked(join, candidates, groups, key, indent)
        self._untaken(choice, candidates, value, scope, indent)
        if choice.optional:
            nones = self.module.name("_v")
            self._picked(join, nones, self.module.bind(index.none_groups), key, indent)
            self._line(indent, f"{candidates} = {nones} + {candidates}")

    def _picked(self, join: Join, candidates: str, groups: str, key: str, indent: int) -> None:
        """The group of the key sought (`CandidateIndex.pick`), looked up in line when the key is worked back.

        Such a key is a number or NO_KEY, never a list; a key no candidate has
        finds the group of UNDECIDED when the candidates were grouped in one pass.
        """
        pick = f"{self.module.bind(join.index.pick)}({groups}, {key})"
        if not join.steps:
            self._line(indent, f"{candidates} = {pick}")
            return
        self._line(indent, f"{candidates} = {groups}.get({key})")
        self._line(indent, f"if {candidates} is None:")
        self._line(indent + 1, f"{candidates} = {groups}.get({self.module.bind(UNDECIDED)})")
        self._line(indent + 1, f"if {candidates} is None:")
        self._line(indent + 2, f"{candidates} = {pick}")

    def _source(self, choice: ChoiceSpec, candidates: str, scope: dict[str, str], indent: int) -> None:
        self._line(indent, f"{candidates} = {self._held(indent, self._condition(choice.rule.source, scope))}")
        self._line(indent, f"{candidates} = list({candidates}) if {candidates} is not None else []")

    def _untaken(self, choice: ChoiceSpec, candidates: str, value: str, scope: dict[str, str], indent: int) -> None:
        """Leave out the components the earlier choices took; what they took is read once.

        Most often they took none of these candidates (another pile's, or another
        group's): the list is then left as it is, not copied.
        """
        if choice.exclude:
            taken = self.module.name("_v")
            reads = (scope.get(name, f"l.get({self.module.bind(name)})") for name in choice.exclude)
            self._line(indent, f"{taken} = ({''.join(read + ', ' for read in reads)})")
            some = " or ".join(f"{taken}[{i}] in {candidates}" for i in range(len(choice.exclude)))
            self._line(indent, f"if {some}:")
            self._line(indent + 1, f"{candidates} = [{value} for {value} in {candidates} if {value} not in {taken}]")

    def _sought(self, join: Join, scope: dict[str, str], indent: int) -> str:
        """The variable set to the key the joined choice must have, NO_KEY where it cannot be worked out."""
        key = self.module.name("_v")
        other = self._condition(join.other, scope)[1]
        if len(join.steps) == 1:
            [(step, operand)] = join.steps
            sought = f"{self.module.bind(one_step_back)}({other}, {step}, {self._condition(operand, scope)[1]})"
        else:
            steps = "".join(f"({step}, {self._condition(operand, scope)[1]}), " for step, operand in join.steps)
            sought = f"{self.module.bind(worked_back)}({other}, ({steps}))"
        self._line(indent, "try:")
        self._line(indent + 1, f"{key} = {sought}")
        self._line(indent, f"except {self.generator.recoverable}:")
        self._line(indent + 1, f"{key} = {self.module.bind(NO_KEY)}")
        return key

    def _move(self, spec: ActionSpec, chosen: dict[str, str], indent: int) -> None:
        """The move made of the choices, in declaration order, leaving out those not asked for.

        The move is made as the tuple it is (a named tuple's own constructor is a
        call of Python); a choice asked for only sometimes is added when it was.
        """
        parts: list[str] = []
        fixed = ""  # the pairs of choices always asked for, since the last one asked for only sometimes
        for name in sorted(chosen, key=lambda name: spec.rank[name]):
            pair = f"({self.module.bind(name)}, {chosen[name]}), "
            if spec.choices[spec.rank[name]].present_if is None:
                fixed += pair
                continue
            if fixed:
                parts.append(f"({fixed})")
                fixed = ""
            parts.append(f"(({pair}) if {chosen[name]} is not {self.module.bind(NOT_ASKED)} else ())")
        if fixed or not parts:
            parts.append(f"({fixed})")
        make, action = self.module.bind(tuple.__new__), self.module.bind(Action)
        if self.seen:
            key = self.module.name("_v")
            self._line(indent, f"{key} = ({''.join(self._key_part(spec, name, chosen[name]) + ', ' for name in chosen)})")
            self._line(indent, f"if {key} not in {self.seen}:")
            indent += 1
            self._line(indent, f"{self.seen}[{key}] = None")
        self._line(indent, f"o.append({make}({action}, ({self.module.bind(spec.name)}, e.player, "
                           f"{' + '.join(parts)})))")

    def _key_part(self, spec: ActionSpec, name: str, value: str) -> str:
        """What a choice adds to its move's key: a component's class, or the value (and none, or the marker, as is)."""
        if name not in spec.component_choices:
            return value
        choice = spec.choices[spec.rank[name]]
        if not choice.optional and choice.present_if is None:
            return f"{self.classes}[{value}]"
        return f"({self.classes}[{value}] if {value} is not None and {value} is not {self.module.bind(NOT_ASKED)} " \
               f"else {value})"


def class_numbers(alike: list[Any]) -> list[int]:
    """Each component's class of interchangeable copies as a small number (copies alike share one)."""
    numbers: dict[Any, int] = {}
    return [numbers.setdefault(key, len(numbers)) for key in alike]


class _NotAsked:
    """Stands for a choice that is not asked for, in the loop that would offer its values."""


NOT_ASKED = _NotAsked()

