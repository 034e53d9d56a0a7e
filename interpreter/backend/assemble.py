"""The ruleset tree compiled into a `Game`: every expression and effect as closures, once.

The engine runs a Game: its actions with their choices (and the versions of their
conditions specialised by component, for listing the legal moves), the setup and
round effects, the turn's effects and the triggers. The tree stays with the game,
so that a refusal can be explained in the words of the rule that refused it.
"""
from __future__ import annotations

from ..engine.game import NO_DEFAULT, ActionSpec, ChoiceSpec, Game, Trigger
from ..language import types as T
from ..tree import nodes as n
from .closures import Closures
from .effects import EffectClosures
from .specialise import specialised


def assemble(rules: n.Ruleset) -> Game:
    """The game the closure backend makes of a ruleset."""
    expressions = Closures(rules.symbols, rules.components)
    effects = EffectClosures(expressions)

    def maybe(node: n.Expr | None):  # noqa: ANN202 - an evaluator or None
        return expressions.compile(node) if node is not None else None

    game = Game(
        name=rules.name, version=rules.version, title=rules.title, description=rules.description,
        content_hash=rules.content_hash, min_players=rules.min_players, max_players=rules.max_players,
        params=dict(rules.params), components=rules.components, zones=rules.zones, variables=rules.variables,
        actions=tuple(_action(action, expressions, effects) for action in rules.actions),
        setup=effects.compile(rules.setup), round_setup=effects.compile(rules.round_setup),
        round_end=effects.compile(rules.round_end), game_over=expressions.compile(rules.game_over),
        winners=maybe(rules.winners), next_dealer=maybe(rules.next_dealer), turn_phase=maybe(rules.turn_phase),
        turn_on_begin=effects.compile(rules.turn_on_begin) if rules.turn_on_begin is not None else None,
        turn_on_end=effects.compile(rules.turn_on_end) if rules.turn_on_end is not None else None,
        triggers=tuple(Trigger(expressions.compile(t.when), effects.compile(t.effects), t.moment)
                       for t in rules.triggers),
        phases=rules.phases, max_actions=rules.max_actions, max_rounds=rules.max_rounds, source=rules.source,
        score_variable=rules.score_variable, domains={k: list(v) for k, v in rules.domains.items()},
        interchangeable=[("die", c.id) if c.faces else tuple(sorted((k, v) for k, v in c.attrs.items()
                                                                      if k != "label"))
                         for c in rules.components],
        rules=rules, expressions=expressions, evaluation=maybe(rules.evaluation))
    return game


def _action(action: n.Action, expressions: Closures, effects: EffectClosures) -> ActionSpec:
    choices: list[ChoiceSpec] = []
    singles: set[str] = set()  # earlier choices that hold one component
    for choice in action.choices:
        own = {choice.name} if choice.kind == "component" and not choice.many else set()
        choices.append(ChoiceSpec(
            name=choice.name, kind=choice.kind, source=expressions.compile(choice.source),
            where=expressions.compile(choice.where) if choice.where is not None else None,
            present_if=expressions.compile(choice.present_if) if choice.present_if is not None else None,
            rule=choice, description=choice.description, optional=choice.optional, exclude=choice.exclude,
            many=choice.many, default=choice.default if choice.has_default else NO_DEFAULT,
            min_count=choice.min_count, max_count=choice.max_count,
            fast_where=specialised(expressions, choice.where, own | singles)))
        if choice.type == T.COMPONENT:
            singles.add(choice.name)
    return ActionSpec(
        name=action.name, phases=action.phases, by_anyone=action.by_anyone,
        guard=expressions.compile(action.guard) if action.guard is not None else None, choices=tuple(choices),
        effects=effects.compile(action.effects), rule=action, description=action.description,
        require=expressions.compile(action.require) if action.require is not None else None,
        fast_require=specialised(expressions, action.require, singles))
