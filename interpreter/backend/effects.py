"""The reference backend for effects: each effect node becomes a closure `run(env)`.

A closure changes the state only through the State's primitives (move, roll,
shuffle, set_var, ...), so that every change is an event.
"""
from __future__ import annotations

from typing import Any, Callable

from ..errors import EvalError
from ..tree import nodes as n
from .closures import Closures, Env, Evaluator, items, number

Effect = Callable[[Env], None]
Setter = Callable[[Env, Any], None]
MAX_LOOP = 1000
_UNBOUND = object()  # a local name that was not bound before a procedure bound it


def nothing(env: Env) -> None:
    return None


class EffectClosures(n.Pass[Effect]):
    """Compiles effect nodes into closures; a procedure is compiled once, whoever runs it."""

    def __init__(self, expressions: Closures):
        self.expressions = expressions
        self.procedures: dict[int, Effect] = {}

    def compile(self, effect: n.Effect | None) -> Effect:
        return nothing if effect is None else self.visit(effect)

    def value(self, node: n.Expr) -> Evaluator:
        return self.expressions.compile(node)

    def owner(self, ref: n.ZoneRef) -> Evaluator | None:
        """Whose zone an effect names, or which pile of a numbered one: None for a shared zone."""
        name = ref.name
        if ref.new:
            return lambda e: e.state.new_pile(name)
        if ref.numbered and ref.owner is not None:
            index = self.value(ref.owner)
            return lambda e: e.state.pile(name, index(e))
        if not ref.per_player:
            return None
        if ref.owner is not None:
            seat = self.value(ref.owner)
            return lambda e: e.state.seat(seat(e))
        return lambda e: e.player

    def setter(self, target: n.Target) -> Setter:
        """How `set`, `add` and `draw: {set: ...}` change their target."""
        name = target.name
        if target.every:
            def set_all(e: Env, value: Any) -> None:
                for p in range(e.state.players):
                    e.state.set_var(name, p, value)
            return set_all
        if target.per_player:
            owner = self.value(target.owner) if target.owner is not None else (lambda e: e.player)
            return lambda e, value: e.state.set_var(name, owner(e), value)
        return lambda e, value: e.state.set_var(name, None, value)

    # ------------------------------------------------------------ structure and control

    def visit_Sequence(self, effect: n.Sequence) -> Effect:
        steps = [self.compile(step) for step in effect.steps]
        if not steps:
            return nothing
        if len(steps) == 1:
            return steps[0]

        def run_all(env: Env) -> None:
            for step in steps:
                step(env)
        return run_all

    def visit_If(self, effect: n.If) -> Effect:
        cond, then, other = self.value(effect.condition), self.compile(effect.then), self.compile(effect.otherwise)

        def run_if(env: Env) -> None:
            (then if cond(env) else other)(env)
        return run_if

    def visit_Switch(self, effect: n.Switch) -> Effect:
        key = self.value(effect.key)
        cases = {case: self.compile(body) for case, body in effect.cases}
        default = self.compile(effect.default)

        def run_switch(env: Env) -> None:
            cases.get(case_key(key(env)), default)(env)
        return run_switch

    def visit_While(self, effect: n.While) -> Effect:
        cond, body = self.value(effect.condition), self.compile(effect.body)

        def run_while(env: Env) -> None:
            for _ in range(MAX_LOOP):
                if not cond(env):
                    return
                env.state.spend()
                body(env)
            raise EvalError("while", limit=MAX_LOOP)
        return run_while

    def visit_ForEach(self, effect: n.ForEach) -> Effect:
        name, source, body = effect.name, self.value(effect.items), self.compile(effect.body)

        def run_for_each(env: Env) -> None:
            saved = env.loc.get(name)
            for value in list(items(source(env))):
                env.state.spend()
                env.loc[name] = value
                body(env)
            env.loc[name] = saved
        return run_for_each

    def visit_RunProcedure(self, effect: n.RunProcedure) -> Effect:
        key = id(effect.body)
        found = self.procedures.get(key)
        if found is None:
            found = self.procedures[key] = self.compile(effect.body.effect)
        if not effect.args:
            return found
        body, names, values = found, effect.body.params, [self.value(arg) for arg in effect.args]

        def run_procedure(env: Env) -> None:
            given = [value(env) for value in values]  # every value sees the caller's names, before any is bound
            saved = [env.loc.get(name, _UNBOUND) for name in names]
            env.loc.update(zip(names, given))
            try:
                body(env)
            finally:
                for name, old in zip(names, saved):
                    if old is _UNBOUND:
                        env.loc.pop(name, None)
                    else:
                        env.loc[name] = old
        return run_procedure

    # ------------------------------------------------------------ turn order

    def visit_EndTurn(self, effect: n.EndTurn) -> Effect:
        if effect.next is None:
            return lambda env: env.state.end_turn()
        after = self.value(effect.next)
        return lambda env: env.state.end_turn(after(env))

    def visit_Skip(self, effect: n.Skip) -> Effect:
        count = self.value(effect.count) if effect.count is not None else (lambda e: 1)
        return lambda env: env.state.skip(number(count(env)))

    def visit_Reverse(self, effect: n.Reverse) -> Effect:
        return lambda env: env.state.reverse()

    def visit_Goto(self, effect: n.Goto) -> Effect:
        phase = effect.phase
        return lambda env: env.state.goto(phase)

    def visit_EndRound(self, effect: n.EndRound) -> Effect:
        winner = self.value(effect.winner) if effect.winner is not None else (lambda e: None)
        return lambda env: env.state.end_round(winner(env))

    def visit_Eliminate(self, effect: n.Eliminate) -> Effect:
        who, for_game = self.value(effect.player), effect.for_game
        return lambda env: env.state.eliminate(who(env), for_game)

    # ------------------------------------------------------------ variables

    def visit_Assign(self, effect: n.Assign) -> Effect:
        pairs = [(self.setter(target), self.value(value)) for target, value in effect.pairs]

        def run_set(env: Env) -> None:
            values = [value(env) for _, value in pairs]  # all right-hand sides see the old state
            for (target, _), value in zip(pairs, values):
                target(env, value)
        return run_set

    def visit_Increase(self, effect: n.Increase) -> Effect:
        steps = [(self.setter(target), self.value(current), self.value(amount))
                 for target, current, amount in effect.steps]

        def run_add(env: Env) -> None:
            for target, current, amount in steps:
                target(env, number(current(env) or 0) + number(amount(env)))
        return run_add

    # ------------------------------------------------------------ components

    def visit_MoveComponents(self, effect: n.MoveComponents) -> Effect:
        what, single, bottom = self.value(effect.what), effect.single, effect.bottom
        to_zone, to_owner = effect.to.name, self.owner(effect.to)

        def move_components(env: Env) -> None:
            value = what(env)
            targets = [value] if single else list(items(value))
            owner = to_owner(env) if to_owner else None
            for cid in targets:
                if cid is not None:
                    env.state.move(cid, to_zone, owner, bottom)
        return move_components

    def visit_MoveTop(self, effect: n.MoveTop) -> Effect:
        from_zone, from_owner = effect.source.name, self.owner(effect.source)
        to_zone, to_owner = effect.to.name, self.owner(effect.to)
        count, bottom = self.value(effect.count), effect.bottom

        def move_top(env: Env) -> None:
            state = env.state
            source_owner = from_owner(env) if from_owner else None
            owner = to_owner(env) if to_owner else None
            for _ in range(number(count(env))):
                cid = state.take_top(from_zone, source_owner)
                if cid is None:
                    return
                state.move(cid, to_zone, owner, bottom)
        return move_top

    def visit_Draw(self, effect: n.Draw) -> Effect:
        player = self.value(effect.player) if effect.player is not None else (lambda e: e.player)
        count = self.value(effect.count)
        remember = self.setter(effect.remember) if effect.remember is not None else None
        from_name, to_name, roll = effect.source, effect.to, effect.roll

        def run_draw(env: Env) -> None:
            state = env.state
            who = state.seat(player(env))
            last = None
            for _ in range(number(count(env))):
                cid = state.take_top(from_name, None)
                if cid is None:
                    break
                state.move(cid, to_name, who)
                if roll:
                    state.roll(cid)
                last = cid
            if remember is not None:
                remember(env, last)
        return run_draw

    def visit_Deal(self, effect: n.Deal) -> Effect:
        from_zone, to_name, count = effect.source.name, effect.to, self.value(effect.count)

        def run_deal(env: Env) -> None:
            state = env.state
            first = state.seat_after(state.dealer, 1) if state.dealer is not None else state.current
            seats = [first] + [p for p in state.others[first]]
            for _ in range(number(count(env))):
                for seat in seats:
                    cid = state.take_top(from_zone, None)
                    if cid is None:
                        return
                    state.move(cid, to_name, seat)
        return run_deal

    def visit_Shuffle(self, effect: n.Shuffle) -> Effect:
        zone, owner = effect.zone.name, self.owner(effect.zone)
        return lambda env: env.state.shuffle(zone, owner(env) if owner else None)

    def visit_Swap(self, effect: n.Swap) -> Effect:
        zone, pair = effect.zone, self.value(effect.players)

        def run_swap(env: Env) -> None:
            players = pair(env)
            if not isinstance(players, (list, tuple)) or len(players) != 2:
                raise EvalError("swap", value=players)
            a, b = players
            if a != b:
                env.state.swap(zone, a, b)
        return run_swap

    def visit_Rotate(self, effect: n.Rotate) -> Effect:
        zone = effect.zone
        return lambda env: env.state.rotate(zone)

    def visit_Reveal(self, effect: n.Reveal) -> Effect:
        zone, owner, viewer = effect.zone.name, self.owner(effect.zone), self.value(effect.viewer)
        return lambda env: env.state.reveal(zone, owner(env) if owner else None, viewer(env))

    def visit_Roll(self, effect: n.Roll) -> Effect:
        what = self.value(effect.what)

        def run_roll(env: Env) -> None:
            value = what(env)
            for cid in value if isinstance(value, (list, tuple)) else [value]:
                if cid is not None:
                    env.state.roll(cid)
        return run_roll

    def visit_DrawHigh(self, effect: n.DrawHigh) -> Effect:
        """Each player takes a component; the highest value wins; ties take again among themselves."""
        zone, value, target, roll = effect.zone.name, self.value(effect.value), self.setter(effect.target), effect.roll

        def run_draw_high(env: Env) -> None:
            state = env.state
            state.shuffle(zone, None)
            pile = state.zone(zone, None)
            contenders = list(range(state.players))
            drawn = 0  # components taken since the last shuffle; each goes back underneath
            for _ in range(MAX_LOOP):
                best, leaders = None, []
                for p in contenders:
                    if pile and drawn == len(pile):  # every component was taken: shuffle them all back in
                        state.shuffle(zone, None)
                        drawn = 0
                    cid = state.tuck(zone)
                    if cid is not None:
                        drawn += 1
                        if roll:
                            state.roll(cid)
                    env.loc["card"] = cid
                    score = value(env)
                    if best is None or score > best:
                        best, leaders = score, [p]
                    elif score == best:
                        leaders.append(p)
                env.loc.pop("card", None)
                if len(leaders) == 1:
                    target(env, leaders[0])
                    return
                contenders = leaders
            raise EvalError("draw_high", limit=MAX_LOOP)
        return run_draw_high


def case_key(value: Any) -> str:
    """Switch cases are written as YAML keys (text): compare values in the same form."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
