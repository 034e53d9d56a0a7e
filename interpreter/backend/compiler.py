"""Compile a checked ruleset document into an immutable `Game`.

Every expression is parsed and compiled here, once. Problems are collected,
not raised one by one, so that an author sees all of them at once, each at the
line and column they wrote.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
from typing import Any, Callable

from . import effects as fx
from ..errors import Position, Problem, RulesetError
from .expressions import Compiler, Definition, Env, Evaluator, ExprError, Names
from ..engine.game import NO_DEFAULT, ActionSpec, ChoiceSpec, Component, Game, Specialized, Trigger, VariableSpec, ZoneSpec
from ..source.safe_yaml import SourceMap
from ..source.extends import ResolvedMap
from ..language import types as T

Path = tuple[Any, ...]
MAX_COMPONENTS = 2000
MAX_PLAYERS = 20
DEFAULT_MAX_ACTIONS = 20_000  # in one round
DEFAULT_MAX_ROUNDS = 1_000
MAX_VERSIONS = 64  # versions of one condition specialised by component (each costs about 1 ms)


class GameCompiler:
    """Builds a Game from a document; collects every problem it finds."""

    def __init__(self, doc: dict[str, Any], source: "SourceMap | ResolvedMap", texts: dict[str, str] | None = None):
        self.doc = doc
        self.source = source
        self.lines = {file: text.splitlines() for file, text in (texts or {}).items()}
        self.problems: list[Problem] = []
        self.names = Names()
        self.expr = Compiler(self.names, self._attribute_reader)
        self.components: list[Component] = []
        self.domains: dict[str, list[Any]] = {}
        self.phases: set[str] = set()
        self._deriving = False
        self._tables: dict[str, dict[Any, Any]] = {}  # attribute -> {component id: value}, once built

    # ------------------------------------------------------------ problems

    def position(self, path: Path) -> Position:
        return self.source.position(path)

    def error(self, path: Path, message: str, code: str, hint: str = "") -> None:
        self.problems.append(Problem(code, message, self.position(path), "error", hint))

    def warning(self, path: Path, message: str, code: str, hint: str = "") -> None:
        self.problems.append(Problem(code, message, self.position(path), "warning", hint))

    def _expr_problem(self, path: Path, err: ExprError) -> None:
        pos = self.position(path)
        column = pos.column
        lines = self.lines.get(pos.path, [])
        if pos.line and 0 < pos.line <= len(lines):
            line = lines[pos.line - 1]
            if 0 < column <= len(line) and line[column - 1] in "'\"":
                column += 1
        self.problems.append(Problem(err.code, err.message,
                                     Position(pos.path, pos.line, column + err.column if pos.line else 0),
                                     "error", err.hint))

    def compile_expr(self, text: Any, path: Path, local_names: "dict[str, T.Type] | None" = None) -> Evaluator:
        if isinstance(text, bool) or isinstance(text, int) or text is None:
            value = text
            constant = lambda e: value  # noqa: E731
            constant.reads = frozenset()  # type: ignore[attr-defined]
            return constant
        try:
            return self.expr.compile(str(text), local_names or {})
        except ExprError as err:
            self._expr_problem(path, err)
            return lambda e: None

    # ------------------------------------------------------------ sections

    def compile(self) -> Game:
        doc = self.doc
        players = doc.get("players") or {}
        min_p, max_p = int(players.get("min", 2)), int(players.get("max", 4))
        if not 1 <= min_p <= max_p <= MAX_PLAYERS:
            self.error(("players",), f"players must satisfy 1 <= min <= max <= {MAX_PLAYERS}", "S201")
        self._params()
        self._components()
        self._zones()
        self._variables()
        self._collect_phases()
        self._definitions()
        self._check_ambiguous_symbols()
        effects = fx.EffectCompiler(self, doc.get("procedures") or {})
        setup = effects.sequence(doc.get("setup") or [], ("setup",), {})
        round_doc = doc.get("round") or {}
        round_setup = effects.sequence(round_doc.get("setup") or [], ("round", "setup"), {})
        winner = {"winner": T.PLAYER}
        round_end = effects.sequence(round_doc.get("end") or [], ("round", "end"), winner)
        game_over = self.compile_expr(round_doc.get("game_over", True), ("round", "game_over"), winner)
        winners = (self.compile_expr(round_doc["winners"], ("round", "winners"), winner)
                   if "winners" in round_doc else None)
        next_dealer = (self.compile_expr(round_doc["next_dealer"], ("round", "next_dealer"), winner)
                       if "next_dealer" in round_doc else None)
        turn = doc.get("turn") or {}
        turn_phase = self.compile_expr(turn["phase"], ("turn", "phase")) if "phase" in turn else None
        on_begin = (effects.sequence(turn["on_begin"], ("turn", "on_begin"), {})
                    if turn.get("on_begin") else None)
        on_end = (effects.sequence(turn["on_end"], ("turn", "on_end"), {})
                  if turn.get("on_end") else None)
        actions = tuple(self._action(name, spec, effects) for name, spec in (doc.get("actions") or {}).items())
        triggers = tuple(
            Trigger(self.compile_expr(t.get("when"), ("triggers", i, "when")),
                    effects.sequence(t.get("do") or [], ("triggers", i, "do"), {}))
            for i, t in enumerate(doc.get("triggers") or []))
        score_var = round_doc.get("scores", "score")
        if score_var not in self.names.variables:
            self.error(("round",), f"the score variable {score_var!r} is not declared", "S202")
        if any(p.severity == "error" for p in self.problems):
            raise RulesetError(self.problems)
        game = Game(
            name=str(doc.get("name", "")), version=str(doc.get("version", "")),
            title=str(doc.get("title", doc.get("name", ""))), description=str(doc.get("description", "")),
            content_hash=content_hash(doc), min_players=min_p, max_players=max_p,
            params=dict(self.names.params), components=tuple(self.components), zones=self.zone_specs,
            variables=self.variables, actions=actions, setup=setup, round_setup=round_setup,
            round_end=round_end, game_over=game_over, winners=winners, next_dealer=next_dealer,
            turn_phase=turn_phase, turn_on_begin=on_begin, turn_on_end=on_end, triggers=triggers,
            phases=tuple(sorted(self.phases)), max_actions=int(doc.get("max_actions", DEFAULT_MAX_ACTIONS)),
            max_rounds=int(doc.get("max_rounds", DEFAULT_MAX_ROUNDS)),
            source=self.source.file,
        )
        game.score_variable = score_var
        game.signatures = [tuple(sorted((k, v) for k, v in c.attrs.items() if k != "label"))
                           for c in self.components]  # components alike in every attribute
        game.interchangeable = [("die", c.id) if c.faces else game.signatures[c.id] for c in self.components]
        game.domains = dict(self.domains)
        game.warnings = [p for p in self.problems if p.severity == "warning"]
        return game

    def _params(self) -> None:
        for name, value in (self.doc.get("params") or {}).items():
            allowed = value.get("values") if isinstance(value, dict) else None
            if isinstance(value, dict):
                value = value.get("value")
            self.names.params[name] = value
            if allowed is None:
                continue
            allowed = [None if v == "none" else v for v in allowed]
            if (None if value == "none" else value) not in allowed:
                shown = ", ".join("none" if v is None else str(v) for v in allowed)
                self.error(("params", name, "value"), f"parameter {name!r} is {value!r}, not one of its values: {shown}",
                           "S216", hint=Compiler._suggest(str(value), [str(v) for v in allowed if v is not None]))
            self.names.param_types[name] = T.of_values(allowed)

    def _components(self) -> None:
        comp_doc = self.doc.get("components") or {}
        for name, values in (comp_doc.get("attributes") or {}).items():
            self.names.attributes[name] = T.ANY
            if values == "any":  # free text or numbers, such as a die's printed name
                continue
            self.domains[name] = list(values)
            self.names.attributes[name] = T.of_values(values, name)
            for value in values:
                if isinstance(value, str):
                    self.names.symbols.add(value)
                    self.names.symbol_labels.setdefault(value, name)
        derive = comp_doc.get("derive") or {}
        self.names.attributes.update(dict.fromkeys(derive, T.ANY))
        self._deriving = True
        for i, entry in enumerate(comp_doc.get("cards") or []):
            self._expand_cards(entry, ("components", "cards", i))
        for i, entry in enumerate(comp_doc.get("dice") or []):
            self._add_die(entry, ("components", "dice", i))
        if len(self.components) > MAX_COMPONENTS:
            self.error(("components",), f"more than {MAX_COMPONENTS} components", "S203")
            del self.components[MAX_COMPONENTS:]
        if not self.components:
            self.error(("components",), "the ruleset declares no components", "S204")
        self._derive(derive)
        self._deriving = False
        for name in self.names.attributes:  # free and derived attributes: typed by what they hold
            if name not in self.domains:
                values = [c.attrs.get(name) for c in self.components]
                values += [f.get(name) for c in self.components for f in c.faces]
                self.names.attributes[name] = T.of_values(values, None)

    def _expand_cards(self, entry: dict[str, Any], path: Path) -> None:
        self._expand(entry, path, ())

    def _add_die(self, entry: dict[str, Any], path: Path) -> None:
        """A die: attributes of its own, and attributes per face (read from the face it shows)."""
        faces = [dict(f) for f in entry.get("faces") or []]
        for j, face in enumerate(faces):
            for key, value in face.items():
                self._check_attribute(key, value, path + ("faces", j, key))
        if not faces:
            self.error(path, "a die needs faces", "S214")
        keys = self._face_keys(faces)
        self._expand(entry, path, tuple({k: f.get(k) for k in keys} for f in faces))

    def _expand(self, entry: dict[str, Any], path: Path, faces: tuple[dict[str, Any], ...]) -> None:
        """One component per combination of the listed values (a list multiplies), times `copies`."""
        copies = int(entry.get("copies", 1))
        keys = [k for k in entry if k not in ("faces", "copies")]
        for key in keys:
            self._check_attribute(key, entry[key], path + (key,))
        value_lists = [v if isinstance(v, list) else [v] for v in (entry[k] for k in keys)]
        for combo in itertools.product(*value_lists):
            attrs = {name: None for name in self.names.attributes}
            attrs.update(zip(keys, combo))
            for _ in range(copies):
                if len(self.components) > MAX_COMPONENTS:
                    return
                own_faces = tuple(dict(face) for face in faces)  # derived values are added per die
                self.components.append(Component(len(self.components), dict(attrs), own_faces))

    @staticmethod
    def _face_keys(faces: list[dict[str, Any]]) -> list[str]:
        keys: list[str] = []
        for face in faces:
            keys.extend(k for k in face if k not in keys)
        return keys

    def _check_attribute(self, key: str, value: Any, path: Path) -> None:
        if key not in self.names.attributes:
            self.error(path, f"unknown attribute {key!r}", "S205",
                       Compiler._suggest(key, sorted(self.names.attributes)))
            return
        domain = self.domains.get(key)
        for v in value if isinstance(value, list) else [value]:
            if domain is not None and v not in domain:
                self.error(path, f"{v!r} is not one of the values of {key!r}: "
                           + ", ".join(map(str, domain)), "S206")

    def _derive(self, derive: dict[str, str]) -> None:
        compiled = {name: self.compile_expr(text, ("components", "derive", name), {"this": T.COMPONENT})
                    for name, text in derive.items()}
        for comp in self.components:
            targets = [comp.attrs] if not comp.faces else [dict(comp.attrs, **f) for f in comp.faces]
            for values in targets:
                for name, fn in compiled.items():
                    try:
                        values[name] = fn(Env(None, None, {"this": _AttrView(values)}))
                    except Exception as err:  # a derive that fails on some component
                        self.error(("components", "derive", name), f"cannot compute {name}: {err}", "E120")
                        return
            if comp.faces:
                for face, values in zip(comp.faces, targets):
                    face.update({k: values[k] for k in compiled})

    def _attribute_reader(self, name: str) -> "Callable[[Env, Any], Any] | dict[Any, Any]":
        """How an expression reads one attribute.

        Once the components are built, an attribute that no die varies by face
        is a plain table {component id: value}. Dice read the face they show; a
        `derive` expression, run while the components are being built, reads
        the attribute view it is given.
        """
        components = self.components
        if not self._deriving:
            table = self._tables.get(name)
            if table is None and not any(c.faces and any(name in f for f in c.faces) for c in components):
                table = self._tables[name] = {c.id: c.attrs.get(name) for c in components}
            if table is not None:
                return table
        tables: list[Any] = []

        def build() -> tuple[list[Any], list[Any]]:
            plain = [c.attrs.get(name) for c in components]
            faces = [[f.get(name, c.attrs.get(name)) for f in c.faces] if c.faces else None for c in components]
            tables.extend((plain, faces))
            return plain, faces

        def read(e: Env, obj: Any) -> Any:
            if obj is None:
                return None
            if isinstance(obj, _AttrView):
                return obj.values.get(name)
            plain, faces = tables if tables else build()
            by_face = faces[obj]
            if by_face is None:
                return plain[obj]
            return by_face[e.state.faces[obj]]
        return read

    def _zones(self) -> None:
        self.zone_specs: dict[str, ZoneSpec] = {}
        for name, spec in (self.doc.get("zones") or {}).items():
            spec = spec or {}
            refill = spec.get("refill") or {}
            self.zone_specs[name] = ZoneSpec(
                name=name, per_player=bool(spec.get("per_player", False)),
                visibility=spec.get("visibility", "public"), home=bool(spec.get("home", False)),
                stock=bool(spec.get("stock", False)), bag=bool(spec.get("bag", False)), refill_from=refill.get("from"),
                refill_keep=int(refill.get("keep", 0)), description=str(spec.get("description", "")))
            self.names.zones[name] = bool(spec.get("per_player", False))
        homes = [z for z in self.zone_specs.values() if z.home]
        if len(homes) != 1:
            self.error(("zones",), "exactly one zone must be the components' home (home: true)", "S207")
        for z in self.zone_specs.values():
            if z.refill_from is not None and z.refill_from not in self.zone_specs:
                self.error(("zones", z.name, "refill", "from"), f"unknown zone {z.refill_from!r}", "S208",
                           Compiler._suggest(z.refill_from, list(self.zone_specs)))
            elif z.refill_from is not None and (self.zone_specs[z.refill_from].per_player or z.per_player):
                self.error(("zones", z.name, "refill", "from"), "refill works between shared zones, "
                           "not per-player ones", "S208")
            if z.home and z.per_player:
                self.error(("zones", z.name), "the home zone cannot be per player", "S207")

    def _variables(self) -> None:
        self.variables: dict[str, VariableSpec] = {}
        for name, spec in (self.doc.get("variables") or {}).items():
            if not isinstance(spec, dict):
                spec = {"initial": spec}
            if name in self.names.zones or name in self.names.params:
                self.error(("variables", name), f"{name!r} is already the name of a zone or parameter", "S209")
            initial = spec.get("initial")
            if initial == "none":
                initial = None
            elif isinstance(initial, list):  # lists are immutable values, as in expressions
                initial = tuple(initial)
            self.variables[name] = VariableSpec(
                name=name, scope=spec.get("scope", "round"), per_player=bool(spec.get("per_player", False)),
                initial=initial, visibility=str(spec.get("visibility", "public")),
                description=str(spec.get("description", "")))
            self.names.variables[name] = bool(spec.get("per_player", False))
            self.names.variable_types[name] = T.ANY if initial is None else T.of_value(initial, self.names.symbol_labels)
        for name, value in self.names.params.items():
            if value == "none":
                self.names.params[name] = None

    def _collect_phases(self) -> None:
        for name, spec in (self.doc.get("actions") or {}).items():
            phase = (spec or {}).get("phase")
            for p in phase if isinstance(phase, list) else [phase] if phase else []:
                self.phases.add(p)
        self.names.symbols.update(self.phases)

    def _check_ambiguous_symbols(self) -> None:
        """A phase or attribute value spelled like a variable, zone or parameter reads as that name."""
        names = self.names
        for symbol in sorted(names.symbols):
            for kind, section, table in (("variable", "variables", names.variables),
                                         ("zone", "zones", names.zones), ("parameter", "params", names.params),
                                         ("definition", "define", names.definitions)):
                if symbol in table:
                    self.error((section, symbol), f"{symbol!r} is both a value (an attribute value or a phase) and a "
                               f"{kind}; rename one of them", "S213")

    def _definitions(self) -> None:
        for key, text in (self.doc.get("define") or {}).items():
            name, params = _split_signature(key)
            if name in self.names.definitions:
                self.error(("define", key), f"{name!r} is defined twice", "S210")
            self.names.definitions[name] = Definition(name, params, str(text))
        for key in (self.doc.get("define") or {}):  # check each body once, at its own position
            name, params = _split_signature(key)
            try:
                self.expr.compile(self.names.definitions[name].text, params)
            except ExprError as err:
                self._expr_problem(("define", key), err)
                self.names.definitions[name].text = "none"

    def _action(self, name: str, spec: dict[str, Any], effects: "fx.EffectCompiler") -> ActionSpec:
        path: Path = ("actions", name)
        spec = spec or {}
        phase = spec.get("phase")
        phases = frozenset(phase if isinstance(phase, list) else [phase]) if phase else None
        by = spec.get("by", "current")
        choices: list[ChoiceSpec] = []
        bound: dict[str, T.Type] = {}
        guard = self.compile_expr(spec["if"], path + ("if",)) if "if" in spec else None
        for cname, cspec in (spec.get("choose") or {}).items():
            earlier = tuple(c.name for c in choices if c.kind == "component")
            choice = self._choice(cname, cspec or {}, path + ("choose", cname), bound, earlier)
            choices.append(choice)
            bound = bound | {cname: self._choice_type(choice, cspec or {})}
        all_names = bound
        require = self.compile_expr(spec["require"], path + ("require",), all_names) if "require" in spec else None
        if require is not None and not choices:
            self.error(path + ("require",), "require needs choices to check; use if: instead", "S212")
        body = effects.sequence(spec.get("effects") or [], path + ("effects",), all_names)
        fast_require = self._specialized(require, spec.get("require"), all_names, self._single_components(all_names))
        return ActionSpec(name=name, phases=phases, by_anyone=(by == "anyone"), guard=guard,
                          choices=tuple(choices), effects=body, description=str(spec.get("description", "")),
                          require=require, fast_require=fast_require)

    @staticmethod
    def _single_components(bound: dict[str, T.Type]) -> set[str]:
        """The choices made so far that hold one component."""
        return {name for name, kind in bound.items() if kind == T.COMPONENT}

    def _specialized(self, general: Evaluator | None, text: Any, names: dict[str, T.Type],
                     components: set[str]) -> Evaluator | None:
        """The condition compiled per kind of component, when it reads fixed attributes of one.

        The versions are keyed by the attributes read, fewest values first, so
        that there are at most MAX_VERSIONS of them: `card.kind` (a handful of
        kinds) is fixed before `card.number`, which is then read as the game runs.
        """
        read = getattr(general, "attribute_reads", frozenset())
        attributes: dict[str, list[str]] = {}
        for local, attr in sorted(read):
            if local in components:
                attributes.setdefault(local, []).append(attr)
        if general is None or not attributes:
            return None
        values = {attr: len(set(self._attribute_reader(attr).values())) for attrs in attributes.values()
                  for attr in attrs}
        while True:
            keys = {local: self._projection(attrs) for local, attrs in attributes.items()}
            versions = math.prod(len(set(key.values())) for key in keys.values())
            widest = max(((values[a], local, a) for local, attrs in attributes.items() for a in attrs), default=None)
            if versions <= MAX_VERSIONS or widest is None:
                break
            attributes[widest[1]].remove(widest[2])
        fixed_attributes = {local: frozenset(attrs) for local, attrs in attributes.items()}
        source = str(text)

        def compile_one(chosen: dict[str, int | None]) -> Evaluator:
            fixed = {local: (cid, fixed_attributes[local]) for local, cid in chosen.items()}
            return self.expr.compile_fixed(source, names, fixed)[0]
        return Specialized(general, keys, compile_one)

    def _projection(self, attrs: list[str]) -> dict[Any, Any]:
        """Component id (or none) -> the values of `attrs`: components alike in them share a version."""
        tables = [self._attribute_reader(attr) for attr in attrs]
        projection: dict[Any, Any] = {c.id: tuple(table.get(c.id) for table in tables) for c in self.components}
        projection[None] = None
        return projection

    def _choice_type(self, choice: ChoiceSpec, spec: dict[str, Any]) -> T.Type:
        if choice.kind == "component":
            return T.list_of(T.COMPONENT) if choice.many else T.COMPONENT
        if choice.kind == "player":
            return T.PLAYER
        value = spec.get("value")
        if isinstance(value, str) and value in self.domains:
            return T.of_values(self.domains[value], value)
        if isinstance(value, list):
            return T.of_value(value, self.names.symbol_labels).element or T.ANY
        source_type = self.expr.type_of(choice.source)
        return source_type.element or T.ANY if source_type.kind == "list" else T.ANY

    def _choice(self, name: str, spec: dict[str, Any], path: Path, bound: dict[str, T.Type],
                earlier: tuple[str, ...]) -> ChoiceSpec:
        present_if = self.compile_expr(spec["if"], path + ("if",), bound) if "if" in spec else None
        own = T.COMPONENT if "from" in spec else T.PLAYER if "player" in spec else (
            T.of_values(self.domains[spec["value"]], spec["value"])
            if isinstance(spec.get("value"), str) and spec["value"] in self.domains
            else T.of_value(spec.get("value"), self.names.symbol_labels).element or T.ANY
            if isinstance(spec.get("value"), list) else T.ANY)
        where = self.compile_expr(spec["where"], path + ("where",), bound | {name: own}) if "where" in spec else None
        if "from" in spec:
            kind, source = "component", self.compile_expr(spec["from"], path + ("from",), bound)
        elif "player" in spec:
            kind, source = "player", self.compile_expr(spec["player"], path + ("player",), bound)
        elif "value" in spec:
            kind = "value"
            value = spec["value"]
            if isinstance(value, list):
                constant = tuple(None if v == "none" else v for v in value)
                source = lambda e: constant  # noqa: E731
            elif isinstance(value, str) and value in self.domains:
                domain = tuple(self.domains[value])
                source = lambda e: domain  # noqa: E731
            else:
                source = self.compile_expr(value, path + ("value",), bound)
        else:
            self.error(path, f"choice {name!r} needs one of from, player or value", "S211")
            kind, source = "value", (lambda e: ())
        if getattr(source, "reads", None) is None:  # a fixed list of values reads nothing
            source.reads = frozenset()  # type: ignore[attr-defined]
        many = bool(spec.get("many", False))
        own_names = {name} if kind == "component" and not many else set()
        fast_where = self._specialized(where, spec.get("where"), bound | {name: own},
                                       own_names | self._single_components(bound))
        if many and kind != "component":
            self.error(path + ("many",), "many: true chooses several components; use it with from:", "S215")
        return ChoiceSpec(name, kind, source, where, present_if, str(spec.get("description", "")),
                          optional=bool(spec.get("optional", False)),
                          exclude=earlier if kind == "component" else (), many=many,
                          min_count=int(spec.get("min", 1)),
                          default=(None if spec["default"] == "none" else spec["default"]) if "default" in spec
                          else NO_DEFAULT,
                          max_count=int(spec["max"]) if "max" in spec else None,
                          fast_where=fast_where)


class _AttrView:
    """Lets `derive` expressions read the attributes of a component being built."""

    __slots__ = ("values",)

    def __init__(self, values: dict[str, Any]):
        self.values = values


def _split_signature(key: str) -> tuple[str, tuple[str, ...]]:
    """`playable(card)` -> ('playable', ('card',))."""
    key = key.strip()
    if "(" not in key:
        return key, ()
    name, rest = key.split("(", 1)
    params = tuple(p.strip() for p in rest.rstrip(")").split(",") if p.strip())
    return name.strip(), params


def content_hash(doc: dict[str, Any]) -> str:
    """A stable hash of the resolved ruleset, carried by every log."""
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
