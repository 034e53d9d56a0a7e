"""Semantic checks over a whole ruleset: what no single expression shows.

The compiler checks every name and expression where it is written. These checks
look at the compiled game and its document as a whole: a zone nothing ever fills,
an action no turn ever offers, a trigger that never fires, a game that cannot end,
a deck that does not add up to the size it declares, and attributes, variables and
parameters declared but never used. Each check is conservative: it reports only what
is certain from the text. Unused names are warnings; everything else is an error.
Definitions and procedures are not reported when unused: a base ruleset may offer
them to the house rules built on it.
"""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterator

from ..errors import Position, Problem
from ..language.builtins import NAMES as BUILTIN_NAMES
from ..language.syntax import ExprError, parse
from ..engine.game import Game
from ..language.syntax import Token, Tree

Path = tuple[Any, ...]
Values = frozenset[Any] | None  # the values an expression can take, or None when not known

# Control forms and the keys holding their nested effect lists.
_CONTROL = {"if": ("then", "else"), "while": ("do",), "for_each": ("do",), "switch": ("default",)}
_SHOWN = frozenset({"label"})  # attributes the engine reads itself, to show a component
_LEADING_NAME = re.compile(r"\s*([A-Za-z_]\w*)")
_MAX_FOLD_DEPTH = 50
_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


class _Unknown(Exception):
    """A value that cannot be known before the game runs."""


def check(game: Game, doc: Any) -> list[Problem]:
    """Every whole-ruleset problem of a compiled game, each at the place it was written."""
    ruleset = _Ruleset(game, doc.data, doc.source)
    return (ruleset.unused() + ruleset.empty_zones() + ruleset.dead_actions() + ruleset.dead_triggers()
            + ruleset.component_count() + ruleset.endless())


def component_entries(data: dict[str, Any]) -> list[tuple[Path, int]]:
    """(path, how many components it makes) for each entry of `components.cards` and `.dice`.

    Counted without making a single component: the product of the lengths of the
    entry's lists, times its copies.
    """
    components = data.get("components") if isinstance(data, dict) else None
    found: list[tuple[Path, int]] = []
    for section in ("cards", "dice"):
        entries = components.get(section) if isinstance(components, dict) else None
        for i, entry in enumerate(entries if isinstance(entries, list) else []):
            if not isinstance(entry, dict):
                continue
            copies = entry.get("copies", 1)
            count = copies if isinstance(copies, int) and not isinstance(copies, bool) else 1
            for key, value in entry.items():
                if key not in ("copies", "faces") and isinstance(value, list):
                    count *= len(value)
            found.append((("components", section, i), count))
    return found


@dataclass(frozen=True)
class _Step:
    """One effect as written: its name (`move`, `goto`, `if` ...) and its arguments."""

    name: str
    args: Any


def _steps(items: Any) -> Iterator[_Step]:
    """Every effect of an effect list, control forms and their branches included, in written order."""
    for item in items if isinstance(items, list) else [] if items is None else [items]:
        if isinstance(item, str):
            yield _Step(item, None)
            continue
        if not isinstance(item, dict):
            continue
        keyword = next((k for k in _CONTROL if k in item), None)
        if keyword is None:
            for name, args in item.items():
                yield _Step(str(name), args)
            continue
        yield _Step(keyword, item)
        for branch in _CONTROL[keyword]:
            yield from _steps(item.get(branch))
        cases = item.get("cases") if keyword == "switch" else None
        for body in (cases.values() if isinstance(cases, dict) else ()):
            yield from _steps(body)


@lru_cache(maxsize=4096)
def _mentions(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(names, attribute names) an expression or assignment target mentions; nothing if it does not parse."""
    for start in ("start", "lvalue"):
        try:
            tree = parse(text, start=start)
        except ExprError:
            continue
        attributes = [sub.children[1] for sub in tree.iter_subtrees() if sub.data == "attr"]
        skip = {id(token) for token in attributes}
        names = {str(token) for token in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "NAME")
                 if id(token) not in skip}
        return frozenset(names), frozenset(map(str, attributes))
    return frozenset(), frozenset()


def _texts(node: Any) -> Iterator[str]:
    """Every expression-like text below a node: values, and the targets of `set` and `add`."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, list):
        for item in node:
            yield from _texts(item)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key == "description":
                continue
            if key in ("set", "add") and isinstance(value, dict):
                yield from map(str, value)
            yield from _texts(value)


def _leading_name(text: Any) -> str | None:
    """`hand` for `hand[target]`: the zone a zone reference names."""
    found = _LEADING_NAME.match(str(text)) if text is not None else None
    return found.group(1) if found else None


def _mapping(value: Any) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


class _Ruleset:
    """A compiled game with its document, read once for all the checks."""

    def __init__(self, game: Game, data: dict[str, Any], source: Any):
        self.game = game
        self.data = data
        self.source = source
        self.own = {path: list(_steps(_walk(data, path))) for path in self._effect_lists()}  # by where they are
        self.names: set[str] = set()
        self.attributes: set[str] = set()
        for section in ("define", "setup", "round", "turn", "actions", "triggers", "procedures"):
            self._mention(data.get(section))
        self._mention(_mapping(data.get("components")).get("derive"))
        for spec in _mapping(data.get("actions")).values():  # `value: colour` offers an attribute's values
            for choice in _mapping(_mapping(spec).get("choose")).values():
                if isinstance(_mapping(choice).get("value"), str):
                    self.attributes.add(choice["value"])
        self.words = set(game.phases) | {v for values in game.domains.values() for v in values if isinstance(v, str)}
        self.live, self.reached_phases = self._live_actions()

    def _mention(self, node: Any) -> None:
        for text in _texts(node):
            names, attributes = _mentions(text)
            self.names |= names
            self.attributes |= attributes

    def _effect_lists(self) -> Iterator[Path]:
        """The document path of every effect list; the path says who runs it."""
        data = self.data
        yield from (("setup",), ("round", "setup"), ("round", "end"), ("turn", "on_begin"), ("turn", "on_end"))
        for name in _mapping(data.get("actions")):
            yield "actions", name, "effects"
        for i, _ in enumerate(data.get("triggers") or []):
            yield "triggers", i, "do"
        for name in _mapping(data.get("procedures")):
            yield "procedures", name

    def reached(self, key: Path) -> list[_Step]:
        """The effects an effect list may run, through the procedures it runs too."""
        seen, todo, found = {key}, [key], []
        while todo:
            for step in self.own.get(todo.pop(), []):
                found.append(step)
                called = ("procedures", str(step.args))
                if step.name == "do" and called not in seen:
                    seen.add(called)
                    todo.append(called)
        return found

    # ------------------------------------------------------------ problems

    def _at_key(self, path: Path) -> Position:
        return self.source.key_position(path)

    def _at_value(self, path: Path) -> Position:
        return self.source.position(path)

    # ------------------------------------------------------------ unused names (warnings)

    def unused(self) -> list[Problem]:
        data, found = self.data, []  # (problem, path of the declaration)
        components = _mapping(data.get("components"))
        declared = [(section, name) for section in ("attributes", "derive")
                    for name in _mapping(components.get(section))]
        shown = _SHOWN & {name for _, name in declared}
        for section, name in declared if shown else ():  # without a label, every attribute is shown
            if name not in self.attributes and name not in shown:
                path = ("components", section, name)
                found.append((Problem("S401", f"attribute {name!r} is never read", self._at_key(path), "warning",
                                      f"no expression reads `.{name}`; remove it, or use it in a rule"), path))
        score = _mapping(data.get("round")).get("scores", "score")
        for code, section, word in (("S402", "variables", "variable"), ("S403", "params", "parameter")):
            for name in _mapping(data.get(section)):
                if name not in self.names and not (section == "variables" and name == score):
                    problem = Problem(code, f"{word} {name!r} is never used", self._at_key((section, name)), "warning")
                    found.append((problem, (section, name)))
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
        game = self.game
        filled = {game.home_zone} | {z.name for z in game.zones.values() if z.refill_from is not None}
        for step in (s for found in self.own.values() for s in found):
            args = step.args if isinstance(step.args, dict) else {}
            if step.name == "draw":
                filled.add(_leading_name(args.get("to", game.hand_zone)))
            elif "to" in args:
                filled.add(_leading_name(args["to"]))
        return [Problem("S404", f"zone {name!r} is always empty: nothing is ever moved, drawn or dealt into it",
                        self._at_key(("zones", name)),
                        hint=f"move components into it (`to: {name}`), or remove the zone")
                for name in game.zones if name not in filled]

    # ------------------------------------------------------------ actions and phases

    def start_phases(self) -> Values:
        """The phases a turn can start in, or None when `turn.phase` depends on the game."""
        turn = _mapping(self.data.get("turn"))
        if "phase" not in turn:
            return frozenset({None})
        return self.values(turn["phase"])

    def gotos(self, key: Path) -> set[Any]:
        return {str(s.args) for s in self.reached(key) if s.name == "goto"}

    def _live_actions(self) -> tuple[set[str], set[Any] | None]:
        """The actions some turn may offer, and the phases turns reach (None: any phase may be reached).

        An action is live when it is not always refused and is offered in a phase a
        turn reaches. Phases are reached by starting a turn in them or by a `goto`
        that can run: from the turn's own effects, a trigger, a setup, or a live action.
        """
        actions = [spec for spec in self.game.actions if not self.always_false(("actions", spec.name, "if"))]
        entered = self.start_phases()
        if entered is None:
            return {spec.name for spec in actions}, None
        reached = set(entered)
        for key in self.own:
            if key[0] not in ("actions", "procedures"):
                reached |= self.gotos(key)
        live: set[str] = set()
        while True:
            new = [spec for spec in actions if spec.name not in live
                   and (spec.phases is None or spec.phases & reached)]
            if not new:
                return live, reached
            for spec in new:
                live.add(spec.name)
                reached |= self.gotos(("actions", spec.name, "effects"))

    def dead_actions(self) -> list[Problem]:
        found = []
        reached = sorted(p for p in self.reached_phases or () if isinstance(p, str))
        for spec in self.game.actions:
            if spec.name in self.live:
                continue
            path = ("actions", spec.name)
            if self.always_false(path + ("if",)):
                found.append(Problem("S405", f"action {spec.name!r} can never be taken: its `if` is always false",
                                     self._at_value(path + ("if",))))
                continue
            phases = ", ".join(sorted(spec.phases or ()))
            guess = next((hint for p in sorted(spec.phases or ()) if (hint := _suggest(p, reached))), "")
            found.append(Problem(
                "S405", f"action {spec.name!r} can never be taken: no turn reaches its phase ({phases})",
                self._at_value(path + ("phase",)),
                hint=guess or ("turns reach: " + ", ".join(reached) if reached else
                               "start turns in this phase (`turn: {phase: ...}`) or `goto` it")))
        return found

    # ------------------------------------------------------------ triggers, counts, the end of the game

    def dead_triggers(self) -> list[Problem]:
        return [Problem("S406", "this trigger never fires: its `when` is always false",
                        self._at_value(("triggers", i, "when")))
                for i, _ in enumerate(self.game.triggers) if self.always_false(("triggers", i, "when"))]

    def component_count(self) -> list[Problem]:
        components = _mapping(self.data.get("components"))
        declared = components.get("count")
        made = len(self.game.components)
        if not isinstance(declared, int) or isinstance(declared, bool) or declared == made:
            return []
        entries = component_entries(self.data)
        sums = " + ".join(str(count) for _, count in entries)
        return [Problem("S407", f"the components add up to {made}, but `count` says {declared}",
                        self._at_value(("components", "count")),
                        hint=f"the entries make {sums} = {made}" if len(entries) > 1 else "")]

    def endless(self) -> list[Problem]:
        """A round nothing can end, a turn nothing can pass, a game that is never over."""
        playing = [key for key in self.own if key[0] == "turn" or (key[0] == "actions" and key[1] in self.live)
                   or (key[0] == "triggers" and not self.always_false(("triggers", key[1], "when")))]
        effects = [step for key in playing for step in self.reached(key)]
        names = {step.name for step in effects}
        where = next((k for k in ("triggers", "actions") if k in self.data), None)
        at = self._at_key((where,)) if where else self._at_value(())
        found = []
        if "end_round" not in names | {step.name for step in self.reached(("round", "setup"))}:
            found.append(Problem(
                "S408", "no round can ever end: no action, trigger or turn effect that can run uses end_round",
                at, hint="add a trigger that ends the round, e.g. when a player has no components left"))
        sets_current = any(step.name == "set" and any(_leading_name(k) == "current" for k in _mapping(step.args))
                           for step in effects)
        if self.game.max_players > 1 and "end_turn" not in names and not sets_current:
            found.append(Problem(
                "S409", "the turn never passes: no action, trigger or turn effect that can run uses end_turn",
                at, hint="end each turn with `end_turn` in the actions that finish it"))
        if self.always_false(("round", "game_over"), ("winner",)):
            found.append(Problem("S410", "the game is never over: `game_over` is always false",
                                 self._at_value(("round", "game_over"))))
        return found

    # ------------------------------------------------------------ constant values

    def always_false(self, path: Path, local: tuple[str, ...] = ()) -> bool:
        """Whether the condition written at `path` is false whatever happens (absent: not false)."""
        written = _walk(self.data, path)
        if written is None:
            return False
        values = self.values(written, local)
        return values is not None and len(values) == 1 and not next(iter(values))

    def values(self, written: Any, local: tuple[str, ...] = ()) -> Values:
        """Every value an expression can take, when that does not depend on the game or on `local` names."""
        if isinstance(written, (bool, int)) or written is None:
            return frozenset({written})
        try:
            return frozenset(self._fold(parse(str(written)), 0, frozenset(local)))
        except (ExprError, _Unknown):
            return None

    def _fold(self, node: Tree, depth: int, local: frozenset[str]) -> set[Any]:
        """The possible values of a parsed expression built from constants; _Unknown otherwise."""
        if depth > _MAX_FOLD_DEPTH:
            raise _Unknown
        kind, children = node.data, node.children
        if kind in ("true", "false", "none"):
            return {{"true": True, "false": False, "none": None}[kind]}
        if kind == "number":
            return {int(children[0])}
        if kind == "string":
            return {str(children[0])[1:-1]}
        if kind == "name":
            return self._name_values(str(children[0]), depth, local)
        if kind in ("and_", "or_"):  # one part always false (always true) decides, whatever the others are
            deciding = kind == "or_"
            known = [self._known(child, depth, local) for child in children]
            if any(values is not None and {bool(v) for v in values} == {deciding} for values in known):
                return {deciding}
            if any(values is None for values in known):
                raise _Unknown
            combine = all if kind == "and_" else any
            return {combine(choice) for choice in _product(known)}
        if kind == "ternary":
            then, condition, other = children
            truths = {bool(v) for v in self._fold(condition, depth + 1, local)}
            return ((self._fold(then, depth + 1, local) if True in truths else set())
                    | (self._fold(other, depth + 1, local) if False in truths else set()))
        parts = [self._fold(child, depth + 1, local) for child in children if isinstance(child, Tree)]
        if kind == "not_":
            return {not value for value in parts[0]}
        if kind == "compare" and all(len(p) == 1 for p in parts):
            left, right = (next(iter(p)) for p in parts)
            symbol = str(children[1])
            if symbol not in ("==", "!=") and (left is None or right is None):
                return {False}
            try:
                return {_COMPARE[symbol](left, right)}
            except TypeError:
                raise _Unknown from None
        raise _Unknown

    def _known(self, node: Tree, depth: int, local: frozenset[str]) -> set[Any] | None:
        try:
            return self._fold(node, depth + 1, local)
        except _Unknown:
            return None

    def _name_values(self, name: str, depth: int, local: frozenset[str]) -> set[Any]:
        game = self.game
        if name in local or name in game.variables or name in game.zones or name in BUILTIN_NAMES:
            raise _Unknown
        if name in game.params:
            return {game.params[name]}
        definitions = {str(k).split("(", 1)[0].strip(): (k, v) for k, v in _mapping(self.data.get("define")).items()}
        if name in definitions:
            key, text = definitions[name]
            if "(" in str(key) or not isinstance(text, str):
                raise _Unknown
            return self._fold(parse(text), depth + 1, frozenset())
        if name in self.words:
            return {name}
        raise _Unknown


def _product(parts: list[set[Any]]) -> list[tuple[Any, ...]]:
    """Every combination of the possible values of several operands (they are few)."""
    combos: list[tuple[Any, ...]] = [()]
    for values in parts:
        combos = [c + (v,) for c in combos for v in values]
        if len(combos) > 64:
            raise _Unknown
    return combos


def _walk(data: Any, path: Path) -> Any:
    for key in path:
        if isinstance(data, dict):
            data = data.get(key)
        elif isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data):
            data = data[key]
        else:
            return None
    return data


def _suggest(word: str, candidates: list[str]) -> str:
    import difflib
    close = difflib.get_close_matches(word, candidates, n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else ""
