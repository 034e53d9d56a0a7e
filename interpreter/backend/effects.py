"""Effects: the short list of general primitives a ruleset's actions are made of.

Each effect in the YAML is compiled into a closure `run(env)` that changes the
state only through the State's primitives, so that every change is an event.
Effects are written either as a bare word (`end_turn`, `skip`, `reverse`) or
as a one-key mapping (`move: {...}`); `if`, `switch` and `while` nest lists.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..language import types as T
from ..errors import EvalError
from .expressions import Compiler, Env, Evaluator, ExprError
from ..engine.game import Effect

if TYPE_CHECKING:
    from .compiler import GameCompiler

Path = tuple[Any, ...]
Locals = dict[str, T.Type]  # the names bound where an effect runs, with their types
MAX_LOOP = 1000

BARE_EFFECTS = ("end_turn", "skip", "reverse")
EFFECTS = ("move", "draw", "deal", "shuffle", "set", "add", "skip", "reverse", "end_turn", "goto",
           "end_round", "draw_high", "roll", "reveal", "swap", "rotate", "eliminate", "do", "if", "switch", "while", "for_each")


def _nothing(env: Env) -> None:
    return None


class EffectCompiler:
    """Compiles effect lists; reports problems through the GameCompiler."""

    def __init__(self, owner: "GameCompiler", procedures: dict[str, Any] | None = None):
        self.owner = owner
        self.procedures = procedures or {}
        self._compiled: dict[str, Effect] = {}
        self._compiling: set[str] = set()

    # ------------------------------------------------------------ structure

    def sequence(self, items: Any, path: Path, loc: Locals) -> Effect:
        if not isinstance(items, list):
            items, path = [items], path
            steps = [self.effect(items[0], path, loc)]
        else:
            steps = [self.effect(item, path + (i,), loc) for i, item in enumerate(items)]
        if not steps:
            return _nothing
        if len(steps) == 1:
            return steps[0]

        def run_all(env: Env) -> None:
            for step in steps:
                step(env)
        return run_all

    def effect(self, item: Any, path: Path, loc: Locals) -> Effect:
        if isinstance(item, str):
            if item in BARE_EFFECTS:
                return getattr(self, "_e_" + item)(None, path, loc)
            self.owner.error(path, f"unknown effect {item!r}", "S301",
                             Compiler._suggest(item, list(EFFECTS)))
            return _nothing
        if not isinstance(item, dict) or not item:
            self.owner.error(path, "an effect is a word like end_turn or a mapping like move: {...}", "S302")
            return _nothing
        for keyword in ("if", "switch", "while", "for_each"):
            if keyword in item:
                return getattr(self, "_e_" + keyword)(item, path, loc)
        if len(item) != 1:
            self.owner.error(path, f"an effect has one key, found {', '.join(map(str, item))}", "S302")
            return _nothing
        (name, args), = item.items()
        method = getattr(self, "_e_" + str(name), None)
        if method is None:
            self.owner.error(path, f"unknown effect {name!r}", "S301", Compiler._suggest(str(name), list(EFFECTS)))
            return _nothing
        return method(args, path + (name,), loc)

    # ------------------------------------------------------------ helpers

    def expr(self, text: Any, path: Path, loc: Locals) -> Evaluator:
        return self.owner.compile_expr(text, path, loc)

    def zone_ref(self, text: Any, path: Path, loc: Locals) -> tuple[str, Evaluator | None]:
        """`discard` or `hand` or `hand[target]` -> (zone name, owner evaluator or None)."""
        names = self.owner.names
        try:
            name, index, star = self.owner.expr.compile_lvalue(str(text), loc) if str(text) in names.variables \
                else _zone_lvalue(self.owner.expr, str(text), loc)
        except ExprError as err:
            self.owner._expr_problem(path, err)
            return "", None
        if name not in names.zones:
            self.owner.error(path, f"unknown zone {name!r}", "S303", Compiler._suggest(name, list(names.zones)))
            return "", None
        if names.zones[name]:
            return name, index if index is not None else (lambda e: e.player)
        if index is not None:
            self.owner.error(path, f"zone {name!r} is not per player; remove the [...]", "S304")
        return name, None

    def lvalue(self, text: str, path: Path, loc: Locals) -> Callable[[Env, Any], None]:
        try:
            name, index, star = self.owner.expr.compile_lvalue(text, loc)
        except ExprError as err:
            self.owner._expr_problem(path, err)
            return lambda e, v: None
        per_player = self.owner.names.variables.get(name, False)
        if star:
            if not per_player:
                self.owner.error(path, f"{name!r} is not per player; [*] needs a per-player variable", "S305")

            def set_all(e: Env, value: Any) -> None:
                for p in range(e.state.players):
                    e.state.set_var(name, p, value)
            return set_all
        if per_player:
            owner = index if index is not None else (lambda e: e.player)
            return lambda e, value: e.state.set_var(name, owner(e), value)
        if index is not None:
            self.owner.error(path, f"{name!r} is not per player; remove the [...]", "S305")
        return lambda e, value: e.state.set_var(name, None, value)

    def reader(self, text: str, path: Path, loc: Locals) -> Evaluator:
        """The current value of an assignment target (for `add`)."""
        return self.expr(text.replace("[*]", ""), path, loc)

    def args(self, args: Any, path: Path, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(args, dict):
            self.owner.error(path, f"expected a mapping with {', '.join(allowed)}", "S306")
            return {}
        for key in args:
            if key not in allowed:
                self.owner.error(path + (key,), f"unknown option {key!r}", "S307",
                                 Compiler._suggest(str(key), list(allowed)))
        for key in required:
            if key not in args:
                self.owner.error(path, f"missing option {key!r}", "S308")
        return args

    # ------------------------------------------------------------ control flow

    def _e_if(self, item: dict[str, Any], path: Path, loc: Locals) -> Effect:
        self.args(item, path, ("if", "then", "else"), ("if",))
        cond = self.expr(item["if"], path + ("if",), loc)
        then = self.sequence(item.get("then") or [], path + ("then",), loc)
        other = self.sequence(item.get("else") or [], path + ("else",), loc)

        def run_if(env: Env) -> None:
            (then if cond(env) else other)(env)
        return run_if

    def _e_switch(self, item: dict[str, Any], path: Path, loc: Locals) -> Effect:
        self.args(item, path, ("switch", "cases", "default"), ("switch",))
        key = self.expr(item["switch"], path + ("switch",), loc)
        cases = {str(k): self.sequence(v or [], path + ("cases", k), loc)
                 for k, v in (item.get("cases") or {}).items()}
        default = self.sequence(item.get("default") or [], path + ("default",), loc)

        def run_switch(env: Env) -> None:
            cases.get(_case_key(key(env)), default)(env)
        return run_switch

    def _e_while(self, item: dict[str, Any], path: Path, loc: Locals) -> Effect:
        self.args(item, path, ("while", "do"), ("while", "do"))
        cond = self.expr(item["while"], path + ("while",), loc)
        body = self.sequence(item.get("do") or [], path + ("do",), loc)

        def run_while(env: Env) -> None:
            for _ in range(MAX_LOOP):
                if not cond(env):
                    return
                env.state.spend()
                body(env)
            raise EvalError(f"a while loop ran {MAX_LOOP} times")
        return run_while

    def _e_for_each(self, item: dict[str, Any], path: Path, loc: Locals) -> Effect:
        self.args(item, path, ("for_each", "in", "do"), ("for_each", "in", "do"))
        name = str(item["for_each"])
        source = self.expr(item["in"], path + ("in",), loc)
        item_type = self.owner.expr.type_of(source)
        element = T.COMPONENT if item_type.kind == "zone" else (item_type.element or T.ANY)
        body = self.sequence(item.get("do") or [], path + ("do",), loc | {name: element})

        def run_for_each(env: Env) -> None:
            saved = env.loc.get(name)
            for value in list(source(env) or ()):
                env.state.spend()
                env.loc[name] = value
                body(env)
            env.loc[name] = saved
        return run_for_each

    def _e_do(self, args: Any, path: Path, loc: Locals) -> Effect:
        """Run a named procedure: effects written once and used in several places."""
        name = str(args)
        if name not in self.procedures:
            self.owner.error(path, f"unknown procedure {name!r}", "S311",
                             Compiler._suggest(name, list(self.procedures)))
            return _nothing
        if name in self._compiling:
            self.owner.error(path, f"procedure {name!r} calls itself", "S312")
            return _nothing
        if name not in self._compiled:
            self._compiling.add(name)
            self._compiled[name] = self.sequence(self.procedures[name] or [], ("procedures", name), {})
            self._compiling.discard(name)
        return self._compiled[name]

    # ------------------------------------------------------------ turn order

    def _e_end_turn(self, args: Any, path: Path, loc: Locals) -> Effect:
        return lambda env: env.state.end_turn()

    def _e_skip(self, args: Any, path: Path, loc: Locals) -> Effect:
        count = self.expr(args, path, loc) if args is not None else (lambda e: 1)
        return lambda env: env.state.skip(count(env))

    def _e_reverse(self, args: Any, path: Path, loc: Locals) -> Effect:
        return lambda env: env.state.reverse()

    def _e_goto(self, args: Any, path: Path, loc: Locals) -> Effect:
        phase = str(args)
        if phase not in self.owner.phases:
            self.owner.error(path, f"no action is available in phase {phase!r}", "S309",
                             Compiler._suggest(phase, sorted(self.owner.phases)))
        return lambda env: env.state.goto(phase)

    def _e_end_round(self, args: Any, path: Path, loc: Locals) -> Effect:
        args = self.args(args or {}, path, ("winner",))
        winner = self.expr(args.get("winner"), path + ("winner",), loc) if "winner" in args else (lambda e: None)
        return lambda env: env.state.end_round(winner(env))

    # ------------------------------------------------------------ variables

    def _e_set(self, args: Any, path: Path, loc: Locals) -> Effect:
        if not isinstance(args, dict):
            self.owner.error(path, "set takes a mapping of variable: value", "S306")
            return _nothing
        pairs = [(self.lvalue(str(k), path + (k,), loc), self.expr(v, path + (k,), loc)) for k, v in args.items()]

        def run_set(env: Env) -> None:
            values = [value(env) for _, value in pairs]  # all right-hand sides see the old state
            for (target, _), value in zip(pairs, values):
                target(env, value)
        return run_set

    def _e_add(self, args: Any, path: Path, loc: Locals) -> Effect:
        if not isinstance(args, dict):
            self.owner.error(path, "add takes a mapping of variable: amount", "S306")
            return _nothing
        steps = [(self.lvalue(str(k), path + (k,), loc), self.reader(str(k), path + (k,), loc),
                  self.expr(v, path + (k,), loc)) for k, v in args.items()]

        def run_add(env: Env) -> None:
            for target, current, amount in steps:
                target(env, (current(env) or 0) + amount(env))
        return run_add

    # ------------------------------------------------------------ components

    def _e_move(self, args: Any, path: Path, loc: Locals) -> Effect:
        args = self.args(args, path, ("card", "cards", "from", "to", "count", "bottom"), ("to",))
        to_zone, to_owner = self.zone_ref(args.get("to"), path + ("to",), loc)
        bottom = bool(args.get("bottom", False))
        if "card" in args or "cards" in args:
            key = "card" if "card" in args else "cards"
            what = self.expr(args[key], path + (key,), loc)
            single = key == "card"

            def move_components(env: Env) -> None:
                value = what(env)
                targets = [value] if single else list(value or ())
                owner = to_owner(env) if to_owner else None
                for cid in targets:
                    if cid is not None:
                        env.state.move(cid, to_zone, owner, bottom)
            return move_components
        if "from" not in args:
            self.owner.error(path, "move needs card, cards or from", "S308")
            return _nothing
        from_zone, from_owner = self.zone_ref(args["from"], path + ("from",), loc)
        count = self.expr(args.get("count", 1), path + ("count",), loc)

        def move_top(env: Env) -> None:
            state = env.state
            source_owner = from_owner(env) if from_owner else None
            owner = to_owner(env) if to_owner else None
            for _ in range(count(env)):
                cid = state.take_top(from_zone, source_owner)
                if cid is None:
                    return
                state.move(cid, to_zone, owner, bottom)
        return move_top

    def _e_draw(self, args: Any, path: Path, loc: Locals) -> Effect:
        args = self.args(args or {}, path, ("player", "count", "from", "to", "set", "roll"))
        game_zones = self.owner.zone_specs
        stock = next((z.name for z in game_zones.values() if z.stock), None)
        hand = next((z.name for z in game_zones.values() if z.per_player), None)
        from_name = str(args.get("from", stock))
        to_name = str(args.get("to", hand))
        if from_name not in game_zones or game_zones[from_name].per_player:
            self.owner.error(path, "draw needs a shared zone to draw from (from:, or a zone with stock: true)",
                             "S310")
            return _nothing
        if to_name not in game_zones or not game_zones[to_name].per_player:
            self.owner.error(path, "draw needs a per-player zone to draw into (to:)", "S310")
            return _nothing
        player = self.expr(args["player"], path + ("player",), loc) if "player" in args else (lambda e: e.player)
        count = self.expr(args.get("count", 1), path + ("count",), loc)
        remember = self.lvalue(str(args["set"]), path + ("set",), loc) if "set" in args else None
        roll = bool(args.get("roll", False))

        def run_draw(env: Env) -> None:
            state = env.state
            who = player(env)
            last = None
            for _ in range(count(env)):
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

    def _e_deal(self, args: Any, path: Path, loc: Locals) -> Effect:
        args = self.args(args, path, ("from", "to", "count"), ("from", "to", "count"))
        from_zone, _ = self.zone_ref(args.get("from"), path + ("from",), loc)
        to_name = str(args.get("to"))
        if not self.owner.names.zones.get(to_name):
            self.owner.error(path + ("to",), "deal needs a per-player zone to deal into", "S310")
        count = self.expr(args.get("count"), path + ("count",), loc)

        def run_deal(env: Env) -> None:
            state = env.state
            first = state.seat_after(state.dealer, 1) if state.dealer is not None else state.current
            seats = [first] + [p for p in state.others[first]]
            for _ in range(count(env)):
                for seat in seats:
                    cid = state.take_top(from_zone, None)
                    if cid is None:
                        return
                    state.move(cid, to_name, seat)
        return run_deal

    def _e_shuffle(self, args: Any, path: Path, loc: Locals) -> Effect:
        zone, owner = self.zone_ref(args, path, loc)
        return lambda env: env.state.shuffle(zone, owner(env) if owner else None)

    def _per_player_zone(self, name: Any, path: Path) -> str:
        if not self.owner.names.zones.get(str(name)):
            self.owner.error(path, f"{name!r} is not a per-player zone", "S310",
                             Compiler._suggest(str(name), [z for z, per in self.owner.names.zones.items() if per]))
        return str(name)

    def _e_swap(self, args: Any, path: Path, loc: Locals) -> Effect:
        """`swap: {zone: hand, players: [player, target]}`: two players exchange a zone's content."""
        args = self.args(args, path, ("zone", "players"), ("zone", "players"))
        zone = self._per_player_zone(args.get("zone"), path + ("zone",))
        pair = self.expr(args.get("players"), path + ("players",), loc)

        def run_swap(env: Env) -> None:
            a, b = pair(env)
            if a != b:
                env.state.swap(zone, a, b)
        return run_swap

    def _e_rotate(self, args: Any, path: Path, loc: Locals) -> Effect:
        """`rotate: hand`: everybody passes the zone's content on in the direction of play."""
        zone = self._per_player_zone(args, path)
        return lambda env: env.state.rotate(zone)

    def _e_eliminate(self, args: Any, path: Path, loc: Locals) -> Effect:
        """`eliminate: {player: p, until: round|game}`: the seat is passed over from now on."""
        args = self.args(args, path, ("player", "until"), ("player",))
        who = self.expr(args.get("player"), path + ("player",), loc)
        for_game = args.get("until", "round") == "game"
        return lambda env: env.state.eliminate(who(env), for_game)

    def _e_reveal(self, args: Any, path: Path, loc: Locals) -> Effect:
        args = self.args(args, path, ("zone", "to"), ("zone", "to"))
        zone, owner = self.zone_ref(args.get("zone"), path + ("zone",), loc)
        viewer = self.expr(args.get("to"), path + ("to",), loc)
        return lambda env: env.state.reveal(zone, owner(env) if owner else None, viewer(env))

    def _e_roll(self, args: Any, path: Path, loc: Locals) -> Effect:
        what = self.expr(args, path, loc)

        def run_roll(env: Env) -> None:
            value = what(env)
            for cid in value if isinstance(value, (list, tuple)) else [value]:
                if cid is not None:
                    env.state.roll(cid)
        return run_roll

    def _e_draw_high(self, args: Any, path: Path, loc: Locals) -> Effect:
        """Each player takes a component; the highest value wins; ties take again among themselves."""
        args = self.args(args, path, ("from", "value", "set", "roll"), ("from", "value", "set"))
        zone, _ = self.zone_ref(args.get("from"), path + ("from",), loc)
        value = self.expr(args.get("value"), path + ("value",), loc | {"card": T.COMPONENT})
        target = self.lvalue(str(args.get("set")), path + ("set",), loc)
        roll = bool(args.get("roll", False))

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
                    cid = pile.pop() if pile else None
                    if cid is not None:
                        pile.insert(0, cid)  # back underneath: the draw only reads it
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
            raise EvalError(f"draw_high found no single highest value in {MAX_LOOP} draws of every tied player")
        return run_draw_high


def _case_key(value: Any) -> str:
    """Switch cases are written as YAML keys (text): compare values in the same form."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _zone_lvalue(compiler: Compiler, text: str, loc: Locals) -> tuple[str, Evaluator | None, bool]:
    """Parse `zone` or `zone[expr]` with the lvalue rule, without requiring a variable name."""
    from .expressions import parse
    tree = parse(text, start="lvalue")
    name = str(tree.children[0])
    index = tree.children[1] if len(tree.children) > 1 else None
    if index is None:
        return name, None, False
    return name, compiler.compile_tree(index, loc), False
