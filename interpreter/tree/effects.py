"""Effects: the effect lists of a ruleset -> effect nodes, every option checked where it is written.

An effect is a bare word (`end_turn`, `skip`, `reverse`), a one-key mapping
(`move: {...}`), or a control form (`if`, `switch`, `while`, `for_each`). The
one reader of that syntax lives here; each effect becomes one node of
`nodes.py`, its expressions built by the expression builder.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..language import types as T
from ..language.syntax import ExprError, Token, Tree, parse
from ..words.names import suggest
from . import kinds as K
from . import nodes as n
from .symbols import split_signature

if TYPE_CHECKING:
    from .build import RulesetBuilder

Path = tuple[Any, ...]
Locals = dict[str, T.Type]  # the names bound where an effect runs, with their types

BARE_EFFECTS = ("end_turn", "skip", "reverse")
NEW = "new"  # `meld[new]`: the pile a move makes after the last one of a numbered zone
NEW_PILE = object()
CONTROL = ("if", "switch", "while", "for_each")
EFFECTS = ("move", "draw", "deal", "shuffle", "set", "add", "skip", "reverse", "end_turn", "goto",
           "end_round", "draw_high", "roll", "reveal", "swap", "rotate", "eliminate", "do") + CONTROL


class EffectBuilder:
    """Builds effect nodes; reports problems through the ruleset builder."""

    def __init__(self, owner: "RulesetBuilder", procedures: dict[str, Any] | None = None):
        self.owner = owner
        self.procedures: dict[str, Any] = {}  # name -> its effects as written
        self.signatures: dict[str, tuple[str, ...]] = {}  # name -> its parameters
        self.keys: dict[str, str] = {}  # name -> its key as written (`give(target, rank)`)
        for key, effects in (procedures or {}).items():
            name, params = split_signature(str(key))
            self.procedures[name], self.signatures[name], self.keys[name] = effects, params, str(key)
        self.built: dict[str, n.ProcedureBody] = {}

    # ------------------------------------------------------------ structure

    def sequence(self, items: Any, path: Path, loc: Locals) -> n.Effect:
        if not isinstance(items, list):
            return self.effect(items, path, loc)
        names: list[Any] = []
        for i, item in enumerate(items):
            if not isinstance(item, dict) or "step" not in item:
                continue
            names.append(item["step"])
            if names.count(item["step"]) > 1:
                self.owner.error(path + (i, "step"), f"two steps of this list are named {item['step']!r}", "S314",
                                 "a house rule edits a step by its name: give each its own")
        steps = [self.effect(item, path + (i,), loc) for i, item in enumerate(items)]
        if len(steps) == 1:
            return steps[0]
        return n.Sequence(path=path, steps=tuple(steps))

    def effect(self, item: Any, path: Path, loc: Locals) -> n.Effect:
        if isinstance(item, str):
            if item in BARE_EFFECTS:
                return getattr(self, "_e_" + item)(None, path, loc)
            self.owner.error(path, f"unknown effect {item!r}", "S301", suggest(item, list(EFFECTS)))
            return n.NOTHING
        if isinstance(item, dict) and "step" in item:  # a name for house rules to edit the step by
            if not isinstance(item["step"], str) or not item["step"].isidentifier():
                self.owner.error(path + ("step",), "a step's name is a word (letters, digits and _)", "S314")
            item = {key: value for key, value in item.items() if key != "step"}
        if not isinstance(item, dict) or not item:
            self.owner.error(path, "an effect is a word like end_turn or a mapping like move: {...}", "S302")
            return n.NOTHING
        for keyword in CONTROL:
            if keyword in item:
                return getattr(self, "_e_" + keyword)(item, path, loc)
        if len(item) != 1:
            self.owner.error(path, f"an effect has one key, found {', '.join(map(str, item))}", "S302")
            return n.NOTHING
        (name, args), = item.items()
        method = getattr(self, "_e_" + str(name), None)
        if method is None:
            self.owner.error(path, f"unknown effect {name!r}", "S301", suggest(str(name), list(EFFECTS)))
            return n.NOTHING
        return method(args, path + (name,), loc)

    # ------------------------------------------------------------ helpers

    def expr(self, text: Any, path: Path, loc: Locals, want: K.Kind | None = None) -> n.Expr:
        return self.owner.expression(text, path, loc, want)

    def zone_ref(self, text: Any, path: Path, loc: Locals, made: bool = False) -> n.ZoneRef | None:
        """`discard` or `hand` or `hand[target]`; of a numbered zone, `meld[i]` or (where `made`) `meld[new]`."""
        symbols = self.owner.symbols
        try:
            if str(text) in symbols.variables:
                target = self.owner.target(str(text), loc)
                name, owner = target.name, target.owner
            else:
                name, owner = self._zone_lvalue(str(text), loc)
        except ExprError as err:
            self.owner.expression_problem(path, err)
            return None
        if name not in symbols.zones:
            self.owner.error(path, f"unknown zone {name!r}", "S303", suggest(name, list(symbols.zones)))
            return None
        if name in symbols.numbered:
            return self._pile_ref(name, owner, path, made)
        if owner is NEW_PILE:
            self.owner.error(path, f"zone {name!r} is not numbered; only a numbered zone has new piles", "S304")
            return None
        if symbols.zones[name]:
            return n.ZoneRef(name=name, per_player=True, owner=owner)
        if owner is not None:
            self.owner.error(path, f"zone {name!r} is not per player; remove the [...]", "S304")
        return n.ZoneRef(name=name, per_player=False)

    def _pile_ref(self, name: str, index: Any, path: Path, made: bool) -> n.ZoneRef | None:
        """One pile of a numbered zone: by its number, or a new one where components are moved to."""
        if index is NEW_PILE and made:
            return n.ZoneRef(name=name, per_player=False, numbered=True, new=True)
        if index is NEW_PILE:
            self.owner.error(path, "a new pile is made only by moving components to it; name one that exists", "S315")
            return None
        if index is None:
            choices = f"{name}[i] (from 0)" + (f" or {name}[new]" if made else "")
            self.owner.error(path, f"{name!r} is a row of piles: say which one, {choices}", "S315")
            return None
        if index.type.kind not in T.NUMERIC + ("any", "none"):
            self.owner.error(path, f"a pile of {name!r} is picked by its number; this is {index.type.describe()}",
                             "E131")
            return None
        return n.ZoneRef(name=name, per_player=False, owner=index, numbered=True)

    def _zone_lvalue(self, text: str, loc: Locals) -> tuple[str, Any]:
        """`zone` or `zone[expr]`, read with the grammar's assignment-target rule; `zone[new]` gives NEW_PILE."""
        tree = parse(text, start="lvalue")
        name = str(tree.children[0])
        index = tree.children[1] if len(tree.children) > 1 else None
        if index is None:
            return name, None
        if isinstance(index, Tree) and index.data == "name" and str(index.children[0]) == NEW:
            return name, NEW_PILE
        return name, self.owner.expressions.build_tree(index, text, loc)

    def target(self, text: str, path: Path, loc: Locals) -> n.Target | None:
        """An assignment target (`passes`, `score[winner]`, `may_call[*]`, `current`), checked."""
        try:
            target = self.owner.target(text, loc)
        except ExprError as err:
            self.owner.expression_problem(path, err)
            return None
        per_player = self.owner.symbols.variables.get(target.name, False)
        if target.every and not per_player:
            self.owner.error(path, f"{target.name!r} is not per player; [*] needs a per-player variable", "S305")
        elif target.owner is not None and not per_player:
            self.owner.error(path, f"{target.name!r} is not per player; remove the [...]", "S305")
        return target

    def args(self, args: Any, path: Path, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(args, dict):
            self.owner.error(path, f"expected a mapping with {', '.join(allowed)}", "S306")
            return {}
        for key in args:
            if key not in allowed:
                self.owner.error(path + (key,), f"unknown option {key!r}", "S307", suggest(str(key), list(allowed)))
        for key in required:
            if key not in args:
                self.owner.error(path, f"missing option {key!r}", "S308")
        return args

    # ------------------------------------------------------------ control flow

    def _e_if(self, item: dict[str, Any], path: Path, loc: Locals) -> n.Effect:
        self.args(item, path, ("if", "then", "else"), ("if",))
        return n.If(path=path, condition=self.expr(item["if"], path + ("if",), loc, K.CONDITION),
                    then=self.sequence(item.get("then") or [], path + ("then",), loc),
                    otherwise=self.sequence(item.get("else") or [], path + ("else",), loc))

    def _e_switch(self, item: dict[str, Any], path: Path, loc: Locals) -> n.Effect:
        self.args(item, path, ("switch", "cases", "default"), ("switch",))
        key = self.expr(item["switch"], path + ("switch",), loc)
        written = item.get("cases") or {}
        for case in written:
            self._check_case(key.type, case, path + ("cases", case))
        cases = tuple((str(k), self.sequence(v or [], path + ("cases", k), loc)) for k, v in written.items())
        return n.Switch(path=path, key=key, cases=cases,
                        default=self.sequence(item.get("default") or [], path + ("default",), loc))

    def _check_case(self, key: T.Type, case: Any, path: Path) -> None:
        """A case the key can never take is a mistake (a misspelt word): an error, with the words it can take."""
        words = sorted(str(v) for v in key.values or ()) if key.kind == "text" else []
        if not words or str(case) in words or case is None or str(case) == "none":
            return
        said = key.describe()
        self.owner.error(path, f"this case never matches: {str(case)!r} is not {said if said != 'text' else 'a value'}"
                         f" the switch can have", "E141", suggest(str(case), words) or "it can be: " + ", ".join(words),
                         at_key=True)

    def _e_while(self, item: dict[str, Any], path: Path, loc: Locals) -> n.Effect:
        self.args(item, path, ("while", "do"), ("while", "do"))
        return n.While(path=path, condition=self.expr(item["while"], path + ("while",), loc, K.CONDITION),
                       body=self.sequence(item.get("do") or [], path + ("do",), loc))

    def _e_for_each(self, item: dict[str, Any], path: Path, loc: Locals) -> n.Effect:
        self.args(item, path, ("for_each", "in", "do"), ("for_each", "in", "do"))
        name = str(item["for_each"])
        items = self.expr(item["in"], path + ("in",), loc, K.ITEMS)
        element = T.COMPONENT if items.type.kind == "zone" else (items.type.element or T.ANY)
        body = self.sequence(item.get("do") or [], path + ("do",), loc | {name: element})
        return n.ForEach(path=path, name=name, items=items, body=body)

    def _e_do(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        """Run a named procedure: effects written once and used in several places (`do: give(target, rank)`)."""
        text = str(args)
        try:
            name, values = self._call(text, loc)
        except ExprError as err:
            self.owner.expression_problem(path, err)
            return n.NOTHING
        if name not in self.procedures:
            self.owner.error(path, f"unknown procedure {name!r}", "S311", suggest(name, list(self.procedures)))
            return n.NOTHING
        params = self.signatures[name]
        if len(values) != len(params):
            wanted = f"{name}({', '.join(params)})" if params else name
            self.owner.error(path, f"procedure {name!r} takes {len(params)} value(s), got {len(values)}: "
                             f"write `do: {wanted}`", "S313")
            return n.NOTHING
        body = self.built.get(name)
        if body is not None and body.effect is None:
            self.owner.error(path, f"procedure {name!r} calls itself", "S312")
            return n.NOTHING
        return n.RunProcedure(path=path, name=name, body=self.procedure(name), args=values)

    def _call(self, text: str, loc: Locals) -> tuple[str, tuple[n.Expr, ...]]:
        """`name` or `name(a, b)`: the procedure's name and the expressions of the values it is given."""
        if "(" not in text:
            return text.strip(), ()
        tree = parse(text)
        if not isinstance(tree, Tree) or tree.data != "call":
            raise ExprError("`do:` names a procedure, with its values in brackets: `do: give(target, 2)`", 0,
                            code="E103")
        values = tuple(self.owner.expressions.build_tree(child, text, loc) for child in tree.children[1:]
                       if child is not None)
        return str(tree.children[0]), values

    def procedure(self, name: str) -> n.ProcedureBody:
        """A procedure's effects, built the first time they are asked for and shared from then on.

        Its parameters are local names of its effects; their kind is not known
        where the procedure is written, so what they are used for is checked when it runs.
        """
        body = self.built.get(name)
        if body is None:
            params = self.signatures[name]
            body = self.built[name] = n.ProcedureBody(name, params=params)
            body.effect = self.sequence(self.procedures[name] or [], ("procedures", self.keys[name]),
                                        dict.fromkeys(params, T.ANY))
        return body

    # ------------------------------------------------------------ turn order

    def _e_end_turn(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        if args is None:
            return n.EndTurn(path=path)
        args = self.args(args, path, ("next",), ("next",))
        return n.EndTurn(path=path, next=self.expr(args.get("next"), path + ("next",), loc, K.PLAYER)
                         if "next" in args else None)

    def _e_skip(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        return n.Skip(path=path, count=self.expr(args, path, loc, K.NUMBER) if args is not None else None)

    def _e_reverse(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        return n.Reverse(path=path)

    def _e_goto(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        phase = str(args)
        if phase not in self.owner.symbols.phases:
            self.owner.error(path, f"no action is available in phase {phase!r}", "S309",
                             suggest(phase, sorted(self.owner.symbols.phases)))
        return n.Goto(path=path, phase=phase)

    def _e_end_round(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        args = self.args(args or {}, path, ("winner",))
        winner = self.expr(args.get("winner"), path + ("winner",), loc, K.PLAYER_OR_NONE) if "winner" in args else None
        return n.EndRound(path=path, winner=winner)

    def _e_eliminate(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        """`eliminate: {player: p, until: round|game}`: the seat is passed over from now on."""
        args = self.args(args, path, ("player", "until"), ("player",))
        return n.Eliminate(path=path, player=self.expr(args.get("player"), path + ("player",), loc, K.PLAYER),
                           for_game=args.get("until", "round") == "game")

    # ------------------------------------------------------------ variables

    def _e_set(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        if not isinstance(args, dict):
            self.owner.error(path, "set takes a mapping of variable: value", "S306")
            return n.NOTHING
        pairs = [(self.target(str(k), path + (k,), loc), self.expr(v, path + (k,), loc)) for k, v in args.items()]
        for (target, value), key in zip(pairs, args):
            if target is not None:
                self._check_assignment(target, value, path + (key,))
        return n.Assign(path=path, pairs=tuple((t, v) for t, v in pairs if t is not None))

    def _check_assignment(self, target: n.Target, value: n.Expr, path: Path) -> None:
        """The value must be of the variable's kind; `current` and `dealer` take a player."""
        if target.name in n.SEAT_TARGETS and target.name not in self.owner.symbols.variables:
            why = K.mismatch(K.PLAYER if target.name == "current" else K.PLAYER_OR_NONE, value.type)
        else:
            why = K.assignable(self.owner.symbols.variable_types.get(target.name, T.ANY), value.type)
        if why is not None:
            self.owner.expression_problem(path, ExprError(why, 0, code="E140"))
            return
        words = self.owner.symbols.variable_words.get(target.name)
        given = value.type.values if value.type.kind in ("text", "int") else None
        if words and given is not None and not given <= words:
            stray = sorted(map(str, given - words))
            self.owner.expression_problem(path, ExprError(
                f"{target.name!r} never holds {', '.join(map(repr, stray))}: its values are "
                + ", ".join(sorted(map(str, words))), 0, suggest(stray[0], sorted(map(str, words))), "E141"))

    def _e_add(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        if not isinstance(args, dict):
            self.owner.error(path, "add takes a mapping of variable: amount", "S306")
            return n.NOTHING
        steps = [(self.target(str(k), path + (k,), loc),
                  self.expr(str(k).replace("[*]", ""), path + (k,), loc, K.NUMBER),
                  self.expr(v, path + (k,), loc, K.NUMBER)) for k, v in args.items()]
        return n.Increase(path=path, steps=tuple((t, c, a) for t, c, a in steps if t is not None))

    # ------------------------------------------------------------ components

    def _e_move(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        args = self.args(args, path, ("card", "cards", "from", "to", "count", "bottom"), ("to",))
        to = self.zone_ref(args.get("to"), path + ("to",), loc, made=True)
        bottom = bool(args.get("bottom", False))
        if "card" in args or "cards" in args:
            key = "card" if "card" in args else "cards"
            what = self.expr(args[key], path + (key,), loc, K.COMPONENT if key == "card" else K.COMPONENTS)
            return n.MoveComponents(path=path, what=what, single=key == "card", to=to, bottom=bottom) \
                if to is not None else n.NOTHING
        if "from" not in args:
            self.owner.error(path, "move needs card, cards or from", "S308")
            return n.NOTHING
        source = self.zone_ref(args["from"], path + ("from",), loc)
        count = self.expr(args.get("count", 1), path + ("count",), loc, K.NUMBER)
        if source is None or to is None:
            return n.NOTHING
        return n.MoveTop(path=path, source=source, count=count, to=to, bottom=bottom)

    def _e_draw(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        args = self.args(args or {}, path, ("player", "count", "from", "to", "set", "roll"))
        zones = self.owner.zones
        stock = next((z.name for z in zones.values() if z.stock), None)
        hand = next((z.name for z in zones.values() if z.per_player), None)
        source = str(args.get("from", stock))
        to = str(args.get("to", hand))
        if source not in zones or zones[source].indexed:
            self.owner.error(path, "draw needs a shared zone of one pile to draw from (from:, or a zone with "
                             "stock: true)", "S310")
            return n.NOTHING
        if to not in zones or not zones[to].per_player:
            self.owner.error(path, "draw needs a per-player zone to draw into (to:)", "S310")
            return n.NOTHING
        player = self.expr(args["player"], path + ("player",), loc, K.PLAYER) if "player" in args else None
        count = self.expr(args.get("count", 1), path + ("count",), loc, K.NUMBER)
        remember = self.target(str(args["set"]), path + ("set",), loc) if "set" in args else None
        return n.Draw(path=path, player=player, count=count, source=source, to=to, remember=remember,
                      roll=bool(args.get("roll", False)))

    def _e_deal(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        args = self.args(args, path, ("from", "to", "count"), ("from", "to", "count"))
        source = self.zone_ref(args.get("from"), path + ("from",), loc)
        to = str(args.get("to"))
        if not self.owner.symbols.zones.get(to):
            self.owner.error(path + ("to",), "deal needs a per-player zone to deal into", "S310")
        count = self.expr(args.get("count"), path + ("count",), loc, K.NUMBER)
        return n.Deal(path=path, source=source, to=to, count=count) if source is not None else n.NOTHING

    def _e_shuffle(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        zone = self.zone_ref(args, path, loc)
        return n.Shuffle(path=path, zone=zone) if zone is not None else n.NOTHING

    def _per_player_zone(self, name: Any, path: Path) -> str:
        zones = self.owner.symbols.zones
        if not zones.get(str(name)):
            self.owner.error(path, f"{name!r} is not a per-player zone", "S310",
                             suggest(str(name), [z for z, per in zones.items() if per]))
        return str(name)

    def _e_swap(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        """`swap: {zone: hand, players: [player, target]}`: two players exchange a zone's content."""
        args = self.args(args, path, ("zone", "players"), ("zone", "players"))
        zone = self._per_player_zone(args.get("zone"), path + ("zone",))
        players = self.expr(args.get("players"), path + ("players",), loc, K.PLAYERS)
        if isinstance(players, n.ListOf) and len(players.items) != 2 or isinstance(players.const, tuple) \
                and len(players.const) != 2:
            self.owner.error(path + ("players",), "swap exchanges the zones of two players: list exactly two",
                             "E140")
        return n.Swap(path=path, zone=zone, players=players)

    def _e_rotate(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        """`rotate: hand`: everybody passes the zone's content on in the direction of play."""
        return n.Rotate(path=path, zone=self._per_player_zone(args, path))

    def _e_reveal(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        args = self.args(args, path, ("zone", "to"), ("zone", "to"))
        zone = self.zone_ref(args.get("zone"), path + ("zone",), loc)
        viewer = self.expr(args.get("to"), path + ("to",), loc, K.PLAYER)
        return n.Reveal(path=path, zone=zone, viewer=viewer) if zone is not None else n.NOTHING

    def _e_roll(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        return n.Roll(path=path, what=self.expr(args, path, loc, K.ROLLABLE))

    def _e_draw_high(self, args: Any, path: Path, loc: Locals) -> n.Effect:
        """Each player takes a component; the highest value wins; ties take again among themselves."""
        args = self.args(args, path, ("from", "value", "set", "roll"), ("from", "value", "set"))
        zone = self.zone_ref(args.get("from"), path + ("from",), loc)
        value = self.expr(args.get("value"), path + ("value",), loc | {"card": T.COMPONENT}, K.NUMBER)
        target = self.target(str(args.get("set")), path + ("set",), loc)
        if zone is not None and (zone.per_player or zone.numbered):
            self.owner.error(path + ("from",), "draw_high needs a shared zone of one pile to draw from", "S310")
            return n.NOTHING
        if zone is None or target is None:
            return n.NOTHING
        return n.DrawHigh(path=path, zone=zone, value=value, target=target, roll=bool(args.get("roll", False)))


def is_star(index: Any) -> bool:
    return isinstance(index, Token) and index.type == "STAR"
