"""Semantic checks over a whole ruleset: what no single expression shows.

The compiler checks every name and expression where it is written. These checks
look at the ruleset as a whole: a zone nothing ever fills, an action no turn ever
offers, a trigger that never fires, a game that cannot end, a deck that does not
add up to the size it declares, and attributes, variables and parameters declared
but never used. Each check is conservative: it reports only what is certain from
the text. Unused names are warnings; everything else is an error. Definitions and
procedures are not reported when unused: a base ruleset may offer them to the
house rules built on it.

The checks are passes over the typed ruleset tree: what effects may do is read
from the effect nodes (`Reach`), what expressions use from the expression nodes
(`Uses`), and a condition that can never hold from the value the one constant
folder found for it (`const`). The document is read only for positions, for the
declared `components.count` and the entries it is compared with, and for the
section that a problem of the whole ruleset points at.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import Problem
from ..source.document import Document
from ..tree import nodes as n
from ..tree.build import component_entries
from ..tree.nodes import ACTOR
from ..words.names import suggest

Path = tuple[Any, ...]
Part = n.Expr | n.Target | n.ZoneRef | None  # what an effect names besides other effects
_SHOWN = frozenset({"label"})  # attributes the engine reads itself, to show a component


def check(rules: n.Ruleset, doc: Document) -> list[Problem]:
    """Every whole-ruleset problem of a built ruleset, each at the place it was written in `doc`."""
    checks = _Checks(rules, doc)
    return (checks.unused() + checks.empty_zones() + checks.dead_actions() + checks.dead_triggers()
            + checks.component_count() + checks.endless() + checks.idle_phases() + checks.nobody_acting())


def always_false(condition: n.Expr | None) -> bool:
    """Whether a condition is false whatever happens (an absent condition is not)."""
    return condition is not None and condition.constant and not condition.const


class Reach(n.Pass[None]):
    """What some effects may do, through the procedures they run: the one walk of every effect class.

    Besides the phases they `goto`, the zones they put components into and whether
    they end the round or pass the turn, it keeps every expression, target and zone
    they name (`parts`), for `Uses`.
    """

    def __init__(self) -> None:
        self.at: tuple[Any, ...] = ()  # the path of the effect being walked
        self.acting: list[tuple[Any, ...]] = []  # the effects that name the acting player (`player`, `hand`...)
        self.phases: set[str] = set()
        self.filled: set[str] = set()
        self.parts: list[Part] = []
        self.ends_round = False
        self.ends_turn = False
        self.sets_current = False  # a `set` of `current` passes the turn without `end_turn`
        self._run: set[str] = set()  # procedures walked already

    def visit(self, node: Any) -> None:
        saved, self.at = self.at, node.path or self.at
        try:
            super().visit(node)
        finally:
            self.at = saved

    def walk(self, *effects: n.Effect | None) -> Reach:
        """Add what `effects` may do (None stands for an absent list); returns itself, to read a result off."""
        for effect in effects:
            if effect is not None:
                self.visit(effect)
        return self

    def run(self, procedure: n.ProcedureBody) -> None:
        """A procedure's effects, walked once however many places run it."""
        if procedure.name not in self._run:
            self._run.add(procedure.name)
            self.walk(procedure.effect)

    def _into(self, zone: str, *parts: Part) -> None:
        self.filled.add(zone)
        self._names(*parts)

    def _names(self, *parts: Part) -> None:
        self.parts.extend(parts)
        if any(names_the_actor(part) for part in parts):
            self.acting.append(self.at)

    def visit_Sequence(self, effect: n.Sequence) -> None:
        self.walk(*effect.steps)

    def visit_MoveComponents(self, effect: n.MoveComponents) -> None:
        self._into(effect.to.name, effect.what, effect.to)

    def visit_MoveTop(self, effect: n.MoveTop) -> None:
        self._into(effect.to.name, effect.source, effect.count, effect.to)

    def visit_Draw(self, effect: n.Draw) -> None:
        self._into(effect.to, effect.player, effect.count, effect.remember)
        if effect.player is None:  # the acting player draws
            self.acting.append(self.at)

    def visit_Deal(self, effect: n.Deal) -> None:
        self._into(effect.to, effect.source, effect.count)

    def visit_Shuffle(self, effect: n.Shuffle) -> None:
        self._names(effect.zone)

    def visit_Assign(self, effect: n.Assign) -> None:
        for target, value in effect.pairs:
            self._names(target, value)
            self.sets_current |= target.name == "current"

    def visit_Increase(self, effect: n.Increase) -> None:
        for target, current, amount in effect.steps:
            self._names(target, current, amount)

    def visit_Skip(self, effect: n.Skip) -> None:
        self._names(effect.count)

    def visit_EndTurn(self, effect: n.EndTurn) -> None:
        self.ends_turn = True
        self._names(effect.next)

    def visit_Goto(self, effect: n.Goto) -> None:
        self.phases.add(effect.phase)

    def visit_EndRound(self, effect: n.EndRound) -> None:
        self.ends_round = True
        self._names(effect.winner)

    def visit_DrawHigh(self, effect: n.DrawHigh) -> None:
        self._names(effect.zone, effect.value, effect.target)

    def visit_Roll(self, effect: n.Roll) -> None:
        self._names(effect.what)

    def visit_Reveal(self, effect: n.Reveal) -> None:
        self._names(effect.zone, effect.viewer)

    def visit_Swap(self, effect: n.Swap) -> None:
        self._names(effect.players)

    def visit_Eliminate(self, effect: n.Eliminate) -> None:
        self._names(effect.player)

    def _plain(self, effect: n.Reverse | n.Rotate) -> None:
        """An effect that names no expression and changes nothing the checks follow."""

    visit_Reverse = visit_Rotate = _plain

    def visit_RunProcedure(self, effect: n.RunProcedure) -> None:
        self._names(*effect.args)
        self.run(effect.body)

    def visit_If(self, effect: n.If) -> None:
        self._names(effect.condition)
        self.walk(effect.then, effect.otherwise)

    def visit_Switch(self, effect: n.Switch) -> None:
        self._names(effect.key)
        self.walk(*(body for _, body in effect.cases), effect.default)

    def visit_While(self, effect: n.While) -> None:
        self._names(effect.condition)
        self.walk(effect.body)

    def visit_ForEach(self, effect: n.ForEach) -> None:
        self._names(effect.items)
        self.walk(effect.body)


def names_the_actor(part: Part) -> bool:
    """Whether a part names the acting player: `player`, or a per-player zone or variable without `[...]`."""
    if isinstance(part, n.Expr):
        return ACTOR in part.reads
    if isinstance(part, n.ZoneRef):
        return part.per_player and (part.owner is None or ACTOR in part.owner.reads)
    if isinstance(part, n.Target):
        return part.per_player and not part.every and (part.owner is None or ACTOR in part.owner.reads)
    return False


class Uses(n.Pass[None]):
    """The variables, parameters and attributes that expressions, targets and zone references use."""

    def __init__(self) -> None:
        self.variables: set[str] = set()  # read, or changed as a target
        self.params: set[str] = set()
        self.attributes: set[str] = set()

    def add(self, *parts: Part) -> Uses:
        """Add what `parts` use (None stands for an absent part); returns itself, to read a result off."""
        for part in parts:
            if part is not None:
                self.visit(part)
        return self

    def _leaf(self, node: n.Expr) -> None:
        """A literal, a local name, a symbol or a built-in name: no global name of the ruleset."""

    visit_Const = visit_Local = visit_Symbol = visit_Builtin = _leaf

    def visit_ParamRef(self, node: n.ParamRef) -> None:
        self.params.add(node.name)

    def visit_VariableRead(self, node: n.VariableRead) -> None:
        self.variables.add(node.name)
        self.add(node.owner)

    def visit_Target(self, node: n.Target) -> None:
        self.variables.add(node.name)
        self.add(node.owner)

    def visit_ZoneRead(self, node: n.ZoneRead | n.ZoneRef | n.Changes) -> None:
        self.add(node.owner)

    visit_ZoneRef = visit_Changes = visit_ZoneRead

    def visit_DefinitionUse(self, node: n.DefinitionUse) -> None:
        """Its arguments: the body's own names are the definition's, which `define` adds once."""
        self.add(*node.args)

    def visit_Attribute(self, node: n.Attribute) -> None:
        self.attributes.add(node.name)
        self.add(node.obj)

    def visit_ListOf(self, node: n.ListOf) -> None:
        self.add(*node.items)

    def visit_Item(self, node: n.Item) -> None:
        self.add(node.seq, node.index)

    def visit_Call(self, node: n.Call) -> None:
        self.add(*node.args)

    def visit_Aggregate(self, node: n.Aggregate) -> None:
        self.add(node.items, node.body)

    def visit_Negative(self, node: n.Negative | n.Not) -> None:
        self.add(node.operand)

    visit_Not = visit_Negative

    def visit_And(self, node: n.And | n.Or) -> None:
        self.add(*node.parts)

    visit_Or = visit_And

    def visit_Conditional(self, node: n.Conditional) -> None:
        self.add(node.then, node.condition, node.other)

    def visit_Compare(self, node: n.Compare | n.Arithmetic) -> None:
        self.add(node.left, node.right)

    visit_Arithmetic = visit_Compare

    def visit_Membership(self, node: n.Membership) -> None:
        self.add(node.item, node.container)


class _Checks:
    """A built ruleset with its document, read once for all the checks."""

    def __init__(self, rules: n.Ruleset, doc: Document):
        self.rules = rules
        self.doc = doc
        self.source = doc.source
        # what runs without being chosen (the setups, rounds, turns, every trigger): each `goto` there is reached
        self.unprompted = [rules.setup, rules.round_setup, rules.round_end, rules.turn_on_begin, rules.turn_on_end,
                           *(trigger.effects for trigger in rules.triggers)]
        self.everything = Reach().walk(*self.unprompted, *(action.effects for action in rules.actions))
        for procedure in rules.procedures.values():  # those nothing runs too: a house rule may run them
            self.everything.run(procedure)
        self.live, self.reached_phases = self._live_actions()

    # ------------------------------------------------------------ unused names (warnings)

    def _uses(self) -> Uses:
        """Every use of a name: in effects, conditions, choices, definitions and derived attributes."""
        rules = self.rules
        uses = Uses().add(*self.everything.parts, rules.game_over, rules.winners, rules.next_dealer,
                          rules.turn_phase, *(trigger.when for trigger in rules.triggers),
                          *(definition.body for definition in rules.definitions.values()), *rules.derived.values())
        for action in rules.actions:
            uses.add(action.guard, action.require)
            for choice in action.choices:
                uses.add(choice.source, choice.where, choice.present_if)
                if choice.attribute:
                    uses.attributes.add(choice.attribute)
        return uses

    def unused(self) -> list[Problem]:
        rules, uses, found = self.rules, self._uses(), []  # (problem, path of the declaration)
        declared = [("derive" if name in rules.derived else "attributes", name) for name in rules.symbols.attributes]
        shown = _SHOWN & {name for _, name in declared}
        names = _naming(rules.components)
        for section, name in declared if shown else ():  # without a label, every attribute is shown
            if name not in uses.attributes and name not in shown and name not in names:
                path: Path = ("components", section, name)
                found.append((Problem("S401", f"attribute {name!r} is never read", self.source.key_position(path),
                                      "warning", f"no expression reads `.{name}`; remove it, or use it in a rule"),
                              path))
        score = rules.score_variable  # read by the engine itself
        for code, section, word, declared_names, used in (
                ("S402", "variables", "variable", rules.variables, uses.variables | {score}),
                ("S403", "params", "parameter", rules.params, uses.params)):
            for name in declared_names:
                if name not in used:
                    path = (section, name)
                    found.append((Problem(code, f"{word} {name!r} is never used", self.source.key_position(path),
                                          "warning"), path))
        return [self._in_base(problem, path) for problem, path in found]

    def _in_base(self, problem: Problem, path: Path) -> Problem:
        """A name a variant leaves unused is declared in its base: say how the variant removes it."""
        if problem.position.path == self.source.file:
            return problem
        *outer, name = path
        removal = "".join(f"{key}: {{" for key in outer) + f"{name}: ~" + "}" * len(outer)
        return Problem(problem.code, problem.message + " in this variant", problem.position, problem.severity,
                       f"remove it in the variant with `{removal}`")

    # ------------------------------------------------------------ zones

    def empty_zones(self) -> list[Problem]:
        """A zone is filled only by being home, by a refill, or as the destination (`to`) of an effect."""
        zones = self.rules.zones
        filled = {z.name for z in zones.values() if z.home or z.refill_from is not None} | self.everything.filled
        return [Problem("S404", f"zone {name!r} is always empty: nothing is ever moved, drawn or dealt into it",
                        self.source.key_position(("zones", name)),
                        hint=f"move components into it (`to: {name}`), or remove the zone")
                for name in zones if name not in filled]

    # ------------------------------------------------------------ actions and phases

    def _start_phases(self) -> set[Any] | None:
        """The phases a turn can start in, or None when `turn.phase` depends on the game."""
        phase = self.rules.turn_phase
        if phase is None:
            return {None}
        return {phase.const} if phase.constant else None

    def _live_actions(self) -> tuple[set[str], set[Any] | None]:
        """The actions some turn may offer, and the phases turns reach (None: any phase may be reached).

        An action is live when it is not always refused and is offered in a phase a
        turn reaches. Phases are reached by starting a turn in them or by a `goto`
        that can run: from the turn's own effects, a trigger, a setup, or a live action.
        """
        actions = [action for action in self.rules.actions if not always_false(action.guard)]
        entered = self._start_phases()
        if entered is None:
            return {action.name for action in actions}, None
        reached = entered | Reach().walk(*self.unprompted).phases
        live: set[str] = set()
        while True:
            new = [action for action in actions if action.name not in live
                   and (action.phases is None or action.phases & reached)]
            if not new:
                return live, reached
            live |= {action.name for action in new}
            reached |= Reach().walk(*(action.effects for action in new)).phases

    def dead_actions(self) -> list[Problem]:
        found = []
        reached = sorted(p for p in self.reached_phases or () if isinstance(p, str))
        for action in self.rules.actions:
            if action.name in self.live:
                continue
            if always_false(action.guard):
                found.append(Problem("S405", f"action {action.name!r} can never be taken: its `if` is always false",
                                     self.source.position(action.path + ("if",))))
                continue
            phases = sorted(action.phases or ())
            guess = next((hint for p in phases if (hint := suggest(p, reached))), "")
            found.append(Problem(
                "S405", f"action {action.name!r} can never be taken: no turn reaches its phase ({', '.join(phases)})",
                self.source.position(action.path + ("phase",)),
                hint=guess or ("turns reach: " + ", ".join(reached) if reached else
                               "start turns in this phase (`turn: {phase: ...}`) or `goto` it")))
        return found

    # ------------------------------------------------------------ triggers, counts, the end of the game

    def dead_triggers(self) -> list[Problem]:
        return [Problem("S406", "this trigger never fires: its `when` is always false",
                        self.source.position(trigger.path + ("when",)))
                for trigger in self.rules.triggers if always_false(trigger.when)]

    def component_count(self) -> list[Problem]:
        declared = (self.doc.data.get("components") or {}).get("count")
        made = len(self.rules.components)
        if not isinstance(declared, int) or isinstance(declared, bool) or declared == made:
            return []
        entries = component_entries(self.doc.data)
        sums = " + ".join(str(count) for _, count in entries)
        return [Problem("S407", f"the components add up to {made}, but `count` says {declared}",
                        self.source.position(("components", "count")),
                        hint=f"the entries make {sums} = {made}" if len(entries) > 1 else "")]

    def nobody_acting(self) -> list[Problem]:
        """A setup that names the acting player: nobody acts while a game or a round is set up, so it has no seat."""
        rules, found = self.rules, []
        hint = "name a seat instead: `current`, `dealer`, a `for_each` player, or `hand[current]`"
        for effects, during in ((rules.setup, "the game's setup"), (rules.round_setup, "a round's setup"),
                                (rules.round_end, "the end of a round")):
            for path in dict.fromkeys(Reach().walk(effects).acting):
                found.append(Problem("S412", f"this names the acting player, but nobody acts during {during}",
                                     self.source.position(path), hint=hint + ("" if effects is not rules.round_end
                                                                              else "; the round's winner is `winner`")))
        for expression, key in ((rules.game_over, "game_over"), (rules.winners, "winners"),
                                (rules.next_dealer, "next_dealer")):
            if expression is not None and names_the_actor(expression):
                found.append(Problem("S412", "this names the acting player, but nobody acts at the end of a round",
                                     self.source.position(("round", key)), hint=hint + "; the round's winner is "
                                                                                      "`winner`"))
        return found

    def idle_phases(self) -> list[Problem]:
        """A phase a turn can start in where the player to move is never offered an action: the game would stop.

        Only what is certain from the text: the words `turn.phase` can give when
        they are all known (its type lists them), and every `goto` (which S309
        checks where it is written).
        """
        phase = self.rules.turn_phase
        own = [action for action in self.rules.actions if not action.by_anyone]  # the player to move's actions
        offered = {p for action in own if action.phases for p in action.phases}
        if phase is None or any(action.phases is None for action in own) \
                or phase.type.kind != "text" or phase.type.values is None:
            return []
        idle = sorted(str(p) for p in phase.type.values - offered)
        return [Problem("S411", f"a turn can start in phase {word!r}, where the player to move has no action",
                        self.source.position(("turn", "phase")),
                        hint=suggest(word, sorted(offered)) or "phases with actions: " + ", ".join(sorted(offered)))
                for word in idle]

    def endless(self) -> list[Problem]:
        """A round nothing can end, a turn nothing can pass, a game that is never over."""
        rules = self.rules
        playing = Reach().walk(rules.turn_on_begin, rules.turn_on_end,
                               *(action.effects for action in rules.actions if action.name in self.live),
                               *(trigger.effects for trigger in rules.triggers if not always_false(trigger.when)))
        where = next((key for key in ("triggers", "actions") if key in self.doc.data), None)
        at = self.source.key_position((where,)) if where else self.source.position(())
        found = []
        if not (playing.ends_round or Reach().walk(rules.round_setup).ends_round):
            found.append(Problem(
                "S408", "no round can ever end: no action, trigger or turn effect that can run uses end_round",
                at, hint="add a trigger that ends the round, e.g. when a player has no components left"))
        if rules.max_players > 1 and not (playing.ends_turn or playing.sets_current):
            found.append(Problem(
                "S409", "the turn never passes: no action, trigger or turn effect that can run uses end_turn",
                at, hint="end each turn with `end_turn` in the actions that finish it"))
        if always_false(rules.game_over):
            found.append(Problem("S410", "the game is never over: `game_over` is always false",
                                 self.source.position(("round", "game_over"))))
        return found


def _naming(components: Sequence[n.Component]) -> set[str]:
    """Attributes that give every component a value of its own: the components' names, which the log records
    (UNO Dice's `N01` ... `WD4`), needed though no rule reads them and no label shows them."""
    found: dict[str, set[Any]] = {}
    for comp in components:
        for name, value in comp.attrs.items():
            found.setdefault(name, set()).add(value)
    return {name for name, values in found.items() if len(components) > 1 and len(values) == len(components)}
