"""The generating backend: a compiled Game whose conditions and effects are one generated Python module.

The closure backend makes the Game; this pass over the same typed tree writes
a module with one function per expression and effect the game runs, checks
and compiles it, and gives back the Game with those functions in place of the
closures. The engine (turn flow, legality, the table) is the same for both, and
the closures stay with the Game as the reference: for the words of a refusal,
and for evaluating again an expression whose quick form raised.

A module's source is checked and compiled once per process (keyed by its
digest, see `module.py`). A ruleset the generator cannot write within its
bounds plays on the closures, and its Game's `fallback` says why.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from ...engine.game import ActionSpec, Game, Trigger
from ...errors import RECOVERABLE
from ...tree import nodes as n
from ..closures import Closures
from ..effects import EffectClosures
from .allowlist import Refused
from .effects import EffectCode
from .expressions import ExpressionCode, Function
from .listing import ListerCode
from .module import ModuleWriter, TooLarge
from .phases import PhaseListingCode
from .turn import TurnCode


class Generator:
    """Writes the functions of one module, each node once."""

    def __init__(self, closures: Closures):
        self.module = ModuleWriter()
        self.closures = closures
        self.expressions = ExpressionCode(self.module, closures)
        self.effects = EffectCode(self, self.module, EffectClosures(closures))
        self._functions: dict[int, str] = {}
        self.recoverable = self.module.bind(RECOVERABLE)
        self.listers = ListerCode(self)

    def expression(self, node: n.Expr) -> str:
        """The name of the function that evaluates an expression."""
        found = self._functions.get(id(node))
        if found is None:
            found = self._functions[id(node)] = self.module.name()
            function = Function(found)
            self.expressions.risky, saved, self.expressions.scope = False, self.expressions.scope, {}
            try:
                code = self.expressions.code(node)
            finally:
                self.expressions.scope = saved
            if self.expressions.risky:
                function.line(0, "try:")
                function.line(1, f"return {code}")
                function.line(0, f"except {self.recoverable}:")
                function.line(1, f"return {self.module.bind(self.closures.compile(node))}(e)")
            else:
                function.line(0, f"return {code}")
            self.module.add(function.lines())
        return found

    def value(self, node: n.Expr) -> str:
        """An expression inside a statement: written in place when it cannot raise, else a call of its function."""
        self.expressions.risky = False
        code = self.expressions.code(node)
        return f"{self.expression(node)}(e)" if self.expressions.risky else code

    def effect(self, effect: n.Effect) -> str:
        """The name of the function that carries out an effect."""
        found = self._functions.get(id(effect))
        if found is None:
            found = self._functions[id(effect)] = self.module.name()
            function = Function(found)
            function.body = self.effects.write(effect, 1)
            self.module.add(function.lines())
        return found

    def trigger_pass(self, watched: tuple[tuple[tuple[Any, ...], n.Trigger], ...]) -> str:
        """The function that checks the triggers of one moment in order, as the flow's loop does, for one player.

        Each names the rule running on the table, as the loop does; conditions that
        cannot raise are written in place, the effects are called.
        """
        name = self.module.name()
        function = Function(name)
        for path, trigger in watched:
            function.line(0, f"s.rule = {self.module.bind(path)}")
            function.line(0, f"if {self.in_place(trigger.when, function.line, 0)}:")
            function.line(1, f"{self.effect(trigger.effects)}(e)")
        self.module.add(function.lines())
        return name

    def in_place(self, node: n.Expr, line: Callable[[int, str], None], indent: int) -> str:
        """A value written where it stands (see `held`), reading the local names from `l`."""
        expressions = self.expressions
        expressions.risky, saved, expressions.scope = False, expressions.scope, {}
        try:
            code = expressions.code(node)
        finally:
            expressions.scope = saved
        return self.held(node, code, expressions.risky, line, indent)

    def held(self, node: n.Expr, code: str, risky: bool, line: Callable[[int, str], None], indent: int,
             names: Sequence[tuple[str, str]] = ()) -> str:
        """Source for a value needed where it stands: in place, or, if it may raise, worked out first into a
        variable, by the reference should it raise (no call of its own function either way).

        `names`: (the bound name, the variable) of the local names the source holds in variables rather than
        in `l`, where the reference reads them: put there for its call and taken away after.
        """
        if not risky:
            return code
        variable = self.module.name("_v")
        line(indent, "try:")
        line(indent + 1, f"{variable} = {code}")
        line(indent, f"except {self.recoverable}:")
        for key, kept in names:
            line(indent + 1, f"l[{key}] = {kept}")
        line(indent + 1, f"{variable} = {self.module.bind(self.closures.compile(node))}(e)")
        for key, _ in names:
            line(indent + 1, f"l.pop({key}, None)")
        return variable

    def procedure(self, body: n.ProcedureBody) -> str:
        assert body.effect is not None  # a procedure that is run was built
        return self.effect(body.effect)


def generated(game: Game) -> Game:
    """The game with generated functions, or the game as it is with the reason it could not be generated."""
    generator = Generator(game.expressions)
    try:
        made = _Plan(game, generator)
        namespace = generator.module.build()
    except (TooLarge, Refused, RecursionError) as reason:
        return dataclasses.replace(game, fallback=str(reason) or type(reason).__name__)
    return made.game(namespace)


class _Plan:
    """The function names of every part of a game, asked for first; the Game made from them once built."""

    def __init__(self, game: Game, generator: Generator):
        rules = game.rules
        self.original = game

        def expression(node: n.Expr | None) -> str | None:
            return generator.expression(node) if node is not None else None

        def effect(node: n.Effect | None) -> str | None:
            return generator.effect(node) if node is not None else None

        self.actions = [(expression(a.rule.guard),
                         [(expression(c.rule.source), expression(c.rule.where), expression(c.rule.present_if))
                          for c in a.choices],
                         effect(a.rule.effects), expression(a.rule.require),
                         generator.listers.lister(a, game.interchangeable))
                        for a in game.actions]
        self.parts = {
            "setup": effect(rules.setup), "round_setup": effect(rules.round_setup),
            "round_end": effect(rules.round_end), "game_over": expression(rules.game_over),
            "winners": expression(rules.winners), "next_dealer": expression(rules.next_dealer),
            "turn_phase": expression(rules.turn_phase), "turn_on_begin": effect(rules.turn_on_begin),
            "turn_on_end": effect(rules.turn_on_end)}
        self.triggers = [(expression(t.when), effect(t.effects)) for t in rules.triggers]
        self.passes = {moment: generator.trigger_pass(tuple((path, rules.triggers[path[1]]) for path, _ in watched))
                       for moment, watched in game.watched.items() if watched}  # a path is ("triggers", i)
        turn = TurnCode(generator.module, game, self.parts, self.passes)
        self.start_turn = turn.start_turn()
        self.takes = [turn.take(spec, generator.effect(spec.rule.effects)) for spec in game.actions]
        phases = PhaseListingCode(generator, game, {
            spec.name: lister for spec, (_, _, _, _, lister) in zip(game.actions, self.actions)})
        written = (*dict.fromkeys(p for spec in game.actions for p in spec.rule.phase_list), None)  # not by name:
        self.listings = {phase: phases.listing(phase, False) for phase in written}  # the source may not tell names
        self.claim_listings = {phase: phases.listing(phase, True) for phase in written}

    def game(self, namespace: dict[str, Any]) -> Game:
        def get(name: str | None) -> Any:
            return namespace[name] if name is not None else None

        actions = tuple(self._action(spec, guard, choices, effects, require, lister, take, get)
                        for spec, (guard, choices, effects, require, lister), take in zip(self.original.actions,
                                                                                          self.actions, self.takes))
        return dataclasses.replace(
            self.original, actions=actions, **{k: get(v) for k, v in self.parts.items() if v is not None},
            triggers=tuple(Trigger(get(when), get(effects), old.moment)
                           for (when, effects), old in zip(self.triggers, self.original.triggers)),
            trigger_passes={moment: get(name) for moment, name in self.passes.items()},
            start_turn=get(self.start_turn), engine="generated",
            listings={phase: get(name) for phase, name in self.listings.items()},
            claim_listings={phase: get(name) for phase, name in self.claim_listings.items()})

    @staticmethod
    def _action(spec: ActionSpec, guard: str | None, choices: list[tuple[str | None, str | None, str | None]],
                effects: str | None, require: str | None, lister: str | None, take: str, get: Any) -> ActionSpec:
        made = tuple(dataclasses.replace(c, source=get(source), where=get(where), present_if=get(present),
                                         fast_where=None)
                     for c, (source, where, present) in zip(spec.choices, choices))
        return dataclasses.replace(spec, guard=get(guard), choices=made, effects=get(effects),
                                   require=get(require), fast_require=None, lister=get(lister), take=get(take))


def source_of(game: Game) -> str:
    """The generated module of a game, as text (for the safety tests and for reading)."""
    generator = Generator(game.expressions)
    _Plan(game, generator)
    return generator.module.source()

