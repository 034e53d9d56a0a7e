"""The ruleset builder: a checked, resolved document -> the typed ruleset tree (`nodes.Ruleset`).

Sections are read in the order their names become known: parameters, the
components (made from their entries, their derived attributes computed), zones,
variables, phases, definitions, then everything that uses them, and last the
procedures nothing runs (for the whole-ruleset checks; their problems are not
reported). Every expression is parsed and built once, here. Problems are
collected, not raised one by one, so that an author sees all of them at once,
each at the line and column written.
"""
from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import re
from pathlib import Path as FilePath
from typing import Any

from ..errors import Position, Problem, RulesetError
from ..language import types as T
from ..language.syntax import ExprError, parse
from ..source.catalogue import RULESETS_DIR
from ..source.document import Document
from ..source.extends import ResolvedMap
from ..words.names import suggest
from . import fold
from . import kinds as K
from . import nodes as n
from .effects import EffectBuilder, is_star
from .expressions import ExpressionBuilder, Locals
from .nodes import named
from .symbols import DefinitionEntry, Symbols, split_signature

Path = tuple[Any, ...]
MAX_COMPONENTS = 2000
MAX_PLAYERS = 20
DEFAULT_MAX_ACTIONS = 20_000  # in one round
DEFAULT_MAX_ROUNDS = 1_000
_DERIVING = -1  # the component being made, while its derived attributes are computed


def build(doc: Document) -> n.Ruleset:
    """The typed tree of a document that passed the schema; RulesetError with every problem otherwise."""
    return RulesetBuilder(doc).build()


class RulesetBuilder:
    """Builds the tree of one document; collects every problem it finds."""

    def __init__(self, doc: Document):
        self.doc = doc.data
        self.source = doc.source
        self.lines = {file: text.splitlines() for file, text in doc.texts.items()}
        self.problems: list[Problem] = []
        self.symbols = Symbols()
        self.expressions = ExpressionBuilder(self.symbols)
        self.components: list[n.Component] = []
        self.entries: list[n.Entry] = []
        self.derived: dict[str, n.Expr] = {}
        self.zones: dict[str, n.Zone] = {}
        self.variables: dict[str, n.Variable] = {}

    # ------------------------------------------------------------ problems

    def error(self, path: Path, message: str, code: str, hint: str = "", at_key: bool = False) -> None:
        """A problem at the value written at `path` (at its key, with `at_key`)."""
        position = self.source.key_position(path) if at_key else self.source.position(path)
        self.problems.append(self._placed(Problem(code, message, position, "error", hint), path))

    def expression_problem(self, path: Path, err: ExprError) -> None:
        """An expression's problem, at the column of its text where the author wrote it."""
        pos = self.source.position(path)
        column = pos.column
        lines = self.lines.get(pos.path, [])
        if pos.line and 0 < pos.line <= len(lines):
            line = lines[pos.line - 1]
            if 0 < column <= len(line) and line[column - 1] in "'\"":
                column += 1
        self.problems.append(self._placed(Problem(err.code, err.message,
                                                  Position(pos.path, pos.line, column + err.column if pos.line else 0),
                                                  "error", err.hint), path))

    def _placed(self, problem: Problem, path: Path) -> Problem:
        """A problem in a shipped base is the variant's doing: show it at the variant's change, the base as a note.

        The change is the first name the rule uses (a parameter, variable, zone,
        attribute or definition) that the variant itself writes; failing that, the
        variant's `extends`. A problem in a base of the author's own stays where it is.
        """
        source = self.source
        if not isinstance(source, ResolvedMap) or problem.position.path == source.file \
                or not _shipped(problem.position.path):
            return problem
        written = self._written(path)
        cause = next((found for name in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", written)
                      for found in [self._changed(name)] if found is not None), None)
        why = "this change" if cause is not None else "this variant"
        cause = cause or source.own_key_position(("extends",)) or problem.position
        shown = f": `{written}`" if written else ""
        return dataclasses.replace(problem, position=cause,
                                   note=f"{why} breaks the rule of the base at {problem.position}{shown}")

    def _written(self, path: Path) -> str:
        """The text written at `path` when it is a short one (an expression), else nothing."""
        value: Any = self.doc
        for key in path:
            if isinstance(value, dict) and key in value or isinstance(value, list) and isinstance(key, int) \
                    and 0 <= key < len(value):
                value = value[key]
            else:
                return ""
        return value if isinstance(value, str) and len(value) <= 200 else ""

    def _changed(self, name: str) -> Position | None:
        """Where the variant itself writes the definition of `name`, or None."""
        assert isinstance(self.source, ResolvedMap)
        keys = [key for key in (self.doc.get("define") or {}) if split_signature(str(key))[0] == name]
        for path in [("params", name), ("variables", name), ("zones", name), ("components", "attributes", name),
                     ("components", "derive", name), *(("define", key) for key in keys)]:
            found = self.source.changed_here(path)
            if found is not None:
                return found
        return None

    def expression(self, text: Any, path: Path, local_names: Locals | None = None,
                   want: K.Kind | None = None) -> n.Expr:
        """The node of an expression written at `path`; a problem is reported and stands for none.

        `want` is the kind of value the place takes: a value of another kind is an
        error there (E140), with what was expected.
        """
        if isinstance(text, bool) or isinstance(text, int) or text is None:
            built: n.Expr = n.Const(source=str(text), type=T.of_value(text), const=text, value=text)
        else:
            try:
                built = self.expressions.build(str(text), local_names or {})
            except ExprError as err:
                self.expression_problem(path, err)
                return n.Const(source=str(text), type=T.ANY, value=None)
        why = K.mismatch(want, built.type) if want is not None else None
        if why is not None:
            self.expression_problem(path, ExprError(why, 0, code="E140"))
        return built

    def target(self, text: str, local_names: Locals) -> n.Target:
        """An assignment target: a variable (one player's entry or `[*]` every player's), current or dealer."""
        tree = parse(text, start="lvalue")
        name = tree.children[0]
        symbols = self.symbols
        if name not in symbols.variables and name not in n.SEAT_TARGETS:
            raise ExprError(f"{str(name)!r} is not a variable", name.column - 1,
                            hint=suggest(name, list(symbols.variables)), code="E110")
        per_player = symbols.variables.get(str(name), False)
        index = tree.children[1] if len(tree.children) > 1 else None
        if index is None:
            return n.Target(name=str(name), per_player=per_player)
        if is_star(index):
            return n.Target(name=str(name), per_player=per_player, every=True)
        owner = self.expressions.build_tree(index, text, local_names)
        return n.Target(name=str(name), per_player=per_player, owner=owner)

    # ------------------------------------------------------------ the whole

    def build(self) -> n.Ruleset:
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
        self._collect_words()
        self._definitions()
        self._check_ambiguous_symbols()
        effects = EffectBuilder(self, doc.get("procedures") or {})
        setup = effects.sequence(doc.get("setup") or [], ("setup",), {})
        round_doc = doc.get("round") or {}
        round_setup = effects.sequence(round_doc.get("setup") or [], ("round", "setup"), {})
        winner = {"winner": T.PLAYER}
        round_end = effects.sequence(round_doc.get("end") or [], ("round", "end"), winner)
        game_over = self.expression(round_doc.get("game_over", True), ("round", "game_over"), winner, K.CONDITION)
        winners = (self.expression(round_doc["winners"], ("round", "winners"), winner, K.PLAYERS)
                   if "winners" in round_doc else None)
        next_dealer = (self.expression(round_doc["next_dealer"], ("round", "next_dealer"), winner, K.PLAYER)
                       if "next_dealer" in round_doc else None)
        turn = doc.get("turn") or {}
        turn_phase = self.expression(turn["phase"], ("turn", "phase"), None, K.WORD) if "phase" in turn else None
        on_begin = effects.sequence(turn["on_begin"], ("turn", "on_begin"), {}) if turn.get("on_begin") else None
        on_end = effects.sequence(turn["on_end"], ("turn", "on_end"), {}) if turn.get("on_end") else None
        phase_labels = self._phase_labels(turn.get("phases") or {})
        actions = tuple(self._action(name, spec, effects) for name, spec in (doc.get("actions") or {}).items())
        triggers = tuple(self._trigger(i, t, effects) for i, t in enumerate(doc.get("triggers") or []))
        procedures = self._procedures(effects)
        evaluation = self.expression(doc["evaluation"], ("evaluation",), None, K.NUMBER) \
            if "evaluation" in doc else None
        score_var = round_doc.get("scores", "score")
        if score_var not in self.symbols.variables:
            self.error(("round",), f"the score variable {score_var!r} is not declared", "S202")
        if any(p.severity == "error" for p in self.problems):
            raise RulesetError(self.problems)
        definitions = {name: n.Definition(name=name, params=entry.params, text=entry.text,
                                          body=self._checked_bodies.get(name) or n.Const(value=None))
                       for name, entry in self.symbols.definitions.items()}
        return n.Ruleset(
            name=str(doc.get("name", "")), version=str(doc.get("version", "")),
            title=str(doc.get("title", doc.get("name", ""))), description=str(doc.get("description", "")),
            content_hash=content_hash(doc), min_players=min_p, max_players=max_p,
            params=dict(self.symbols.params), param_descriptions=self._param_descriptions(),
            components=tuple(self.components), entries=tuple(self.entries), derived=self.derived,
            domains={k: tuple(v) for k, v in self.symbols.domains.items()}, zones=self.zones,
            variables=self.variables, definitions=definitions, setup=setup, round_setup=round_setup,
            round_end=round_end, game_over=game_over, winners=winners, next_dealer=next_dealer,
            score_variable=score_var, turn_phase=turn_phase, turn_on_begin=on_begin, turn_on_end=on_end,
            actions=actions, triggers=triggers, symbols=self.symbols, procedures=procedures,
            phases=tuple(sorted(self.symbols.phases)), phase_labels=phase_labels,
            max_actions=int(doc.get("max_actions", DEFAULT_MAX_ACTIONS)),
            max_rounds=int(doc.get("max_rounds", DEFAULT_MAX_ROUNDS)), source=self.source.file,
            evaluation=evaluation, history=frozenset(self.expressions.history))

    # ------------------------------------------------------------ sections

    def _params(self) -> None:
        from .reserved import clash
        symbols = self.symbols
        for name, value in (self.doc.get("params") or {}).items():
            self.problems += clash(name, "parameter", ("params", name), self.source)
            allowed = value.get("values") if isinstance(value, dict) else None
            if isinstance(value, dict):
                value = value.get("value")
            symbols.params[name] = value
            if allowed is None:
                continue
            allowed = [None if v == "none" else v for v in allowed]
            if (None if value == "none" else value) not in allowed:
                shown = ", ".join("none" if v is None else str(v) for v in allowed)
                self.error(("params", name, "value"), f"parameter {name!r} is {value!r}, not one of its values: {shown}",
                           "S216", hint=suggest(str(value), [str(v) for v in allowed if v is not None]))
            symbols.param_types[name] = T.of_values(allowed)

    def _param_descriptions(self) -> dict[str, str]:
        return {name: str(spec.get("description", "")) if isinstance(spec, dict) else ""
                for name, spec in (self.doc.get("params") or {}).items()}

    def _components(self) -> None:
        symbols = self.symbols
        comp_doc = self.doc.get("components") or {}
        for name, values in (comp_doc.get("attributes") or {}).items():
            symbols.attributes[name] = T.ANY
            if values == "any":  # free text or numbers, such as a die's printed name
                continue
            symbols.domains[name] = list(map(named, values))
            symbols.attributes[name] = T.of_values(values, name)
            for value in values:
                if isinstance(value, str):
                    symbols.symbols.add(value)
                    symbols.symbol_labels.setdefault(value, name)
        derive = comp_doc.get("derive") or {}
        symbols.attributes.update(dict.fromkeys(derive, T.ANY))
        for i, entry in enumerate(comp_doc.get("cards") or []):
            self._expand(entry, ("components", "cards", i), ())
        for i, entry in enumerate(comp_doc.get("dice") or []):
            self._add_die(entry, ("components", "dice", i))
        if len(self.components) > MAX_COMPONENTS:
            self.error(("components",), f"more than {MAX_COMPONENTS} components", "S203")
            del self.components[MAX_COMPONENTS:]
        if not self.components:
            self.error(("components",), "the ruleset declares no components", "S204")
        self._derive(derive)
        for name in symbols.attributes:  # free and derived attributes: typed by what they hold
            if name not in symbols.domains:
                values = [c.attrs.get(name) for c in self.components]
                values += [f.get(name) for c in self.components for f in c.faces]
                symbols.attributes[name] = T.of_values(values, None)
        for name in symbols.attributes:  # an attribute no die varies by face is read from a table
            if not any(c.faces and any(name in f for f in c.faces) for c in self.components):
                symbols.table_attributes.add(name)
                symbols.attribute_values[name] = {c.id: c.attrs.get(name) for c in self.components}

    def _add_die(self, entry: dict[str, Any], path: Path) -> None:
        """A die: attributes of its own, and attributes per face (read from the face it shows)."""
        faces = [dict(f) for f in entry.get("faces") or []]
        for j, face in enumerate(faces):
            for key, value in face.items():
                self._check_attribute(key, value, path + ("faces", j, key))
        if not faces:
            self.error(path, "a die needs faces", "S214")
        keys: list[str] = []
        for face in faces:
            keys.extend(k for k in face if k not in keys)
        self._expand(entry, path, tuple({k: f.get(k) for k in keys} for f in faces))

    def _expand(self, entry: dict[str, Any], path: Path, faces: tuple[dict[str, Any], ...]) -> None:
        """The components of one entry, and the entry as written."""
        first = len(self.components)
        keys = [k for k in entry if k not in ("faces", "copies")]
        for key in keys:
            self._check_attribute(key, entry[key], path + (key,))
        self._combine(entry, keys, faces)
        self.entries.append(n.Entry(section=path[1], written={k: entry[k] for k in keys},
                                    faces=tuple(dict(f) for f in entry.get("faces") or []),
                                    copies=int(entry.get("copies", 1)), first=first,
                                    count=len(self.components) - first))

    def _combine(self, entry: dict[str, Any], keys: list[str], faces: tuple[dict[str, Any], ...]) -> None:
        """One component per combination of the listed values (a list multiplies), times `copies`."""
        copies = int(entry.get("copies", 1))
        value_lists = [v if isinstance(v, list) else [v] for v in (entry[k] for k in keys)]
        for combo in itertools.product(*value_lists):
            attrs = {name: None for name in self.symbols.attributes}
            attrs.update(zip(keys, map(named, combo)))
            for _ in range(copies):
                if len(self.components) > MAX_COMPONENTS:
                    return
                own_faces = tuple({k: named(v) for k, v in face.items()} for face in faces)  # derived ones added later
                self.components.append(n.Component(id=len(self.components), attrs=dict(attrs), faces=own_faces))

    def _check_attribute(self, key: str, value: Any, path: Path) -> None:
        symbols = self.symbols
        if key not in symbols.attributes:
            self.error(path, f"unknown attribute {key!r}", "S205", suggest(key, sorted(symbols.attributes)))
            return
        domain = symbols.domains.get(key)
        for v in value if isinstance(value, list) else [value]:
            if domain is not None and v not in domain:
                self.error(path, f"{v!r} is not one of the values of {key!r}: " + ", ".join(map(str, domain)), "S206")

    def _derive(self, derive: dict[str, str]) -> None:
        """Each derived attribute, computed once per card (once per face for a die) from the others."""
        self.derived = {name: self.expression(text, ("components", "derive", name), {"this": T.COMPONENT})
                        for name, text in derive.items()}
        for comp in self.components:
            targets = [comp.attrs] if not comp.faces else [dict(comp.attrs, **f) for f in comp.faces]
            for values in targets:
                for name, expression in self.derived.items():
                    def read(attribute: str, _: int | None, values: dict[str, Any] = values) -> Any:
                        return values.get(attribute)
                    folder = fold.Folder({"this": (_DERIVING, frozenset(values))}, read)
                    value = folder.value(expression)
                    if value is n.NOT_CONSTANT:  # a derive that fails on some component
                        self.error(("components", "derive", name),
                                   f"cannot compute {name}: {folder.failure or 'it depends on the game'}", "E120")
                        return
                    values[name] = value
            if comp.faces:
                for face, values in zip(comp.faces, targets):
                    face.update({k: values[k] for k in self.derived})

    def _zones(self) -> None:
        from .reserved import clash
        for name, spec in (self.doc.get("zones") or {}).items():
            self.problems += clash(name, "zone", ("zones", name), self.source)
            spec = spec or {}
            refill = spec.get("refill") or {}
            self.zones[name] = n.Zone(
                name=named(name), per_player=bool(spec.get("per_player", False)),
                visibility=spec.get("visibility", "public"), home=bool(spec.get("home", False)),
                stock=bool(spec.get("stock", False)), bag=bool(spec.get("bag", False)), refill_from=refill.get("from"),
                refill_keep=int(refill.get("keep", 0)), description=str(spec.get("description", "")),
                numbered=bool(spec.get("numbered", False)))
            self.symbols.zones[name] = bool(spec.get("per_player", False))
            if self.zones[name].numbered:
                self.symbols.numbered.add(name)
            if self.zones[name].bag:
                self.symbols.bags.add(name)
        zones = self.zones
        homes = [z for z in zones.values() if z.home]
        if len(homes) != 1:
            self.error(("zones",), "exactly one zone must be the components' home (home: true)", "S207")
        for z in zones.values():
            if z.refill_from is not None and z.refill_from not in zones:
                self.error(("zones", z.name, "refill", "from"), f"unknown zone {z.refill_from!r}", "S208",
                           suggest(z.refill_from, list(zones)))
            elif z.refill_from is not None and (zones[z.refill_from].per_player or z.per_player):
                self.error(("zones", z.name, "refill", "from"), "refill works between shared zones, "
                           "not per-player ones", "S208")
            if z.home and z.per_player:
                self.error(("zones", z.name), "the home zone cannot be per player", "S207")
            if z.numbered:
                self._numbered_zone(z)

    def _numbered_zone(self, zone: n.Zone) -> None:
        """A numbered zone is a shared row of piles that play makes: nothing starts in it or is drawn from it."""
        clashes = [key for key, on in (("per_player", zone.per_player), ("home", zone.home), ("stock", zone.stock),
                                       ("bag", zone.bag), ("refill", zone.refill_from is not None)) if on]
        if zone.visibility == "owner":
            clashes.append("visibility: owner")
        if clashes:
            self.error(("zones", zone.name, "numbered"), f"a numbered zone is a shared row of piles made during "
                       f"play; it cannot also have {', '.join(clashes)}", "S218")
        for other in self.zones.values():
            if other.refill_from == zone.name:
                self.error(("zones", other.name, "refill", "from"), f"refill takes one pile; {zone.name!r} is "
                           "numbered (a row of piles)", "S218")

    def _variables(self) -> None:
        from .reserved import clash
        symbols = self.symbols
        for name, spec in (self.doc.get("variables") or {}).items():
            self.problems += clash(name, "variable", ("variables", name), self.source)
            if not isinstance(spec, dict):
                spec = {"initial": spec}
            if name in symbols.zones or name in symbols.params:
                self.error(("variables", name), f"{name!r} is already the name of a zone or parameter", "S209")
            initial = spec.get("initial")
            if initial == "none":
                initial = None
            elif isinstance(initial, list):  # lists are immutable values, as in expressions
                initial = tuple(initial)
            self.variables[name] = n.Variable(
                name=named(name), scope=spec.get("scope", "round"), per_player=bool(spec.get("per_player", False)),
                initial=initial, visibility=str(spec.get("visibility", "public")),
                description=str(spec.get("description", "")), show=_show(spec.get("show")),
                label=str(spec.get("label", "")))
            symbols.variables[name] = bool(spec.get("per_player", False))
            symbols.variable_types[name] = T.ANY if initial is None else T.of_value(initial, symbols.symbol_labels)
        for name, value in symbols.params.items():
            if value == "none":
                symbols.params[name] = None

    def _collect_words(self) -> None:
        """The words a variable, a parameter or a choice declares (`values: [...]`): names of their own.

        A declared word needs no quotes in an expression (`mode == frantic`), and
        knows what it is a value of, so that comparing, switching on or assigning a
        word the variable never takes is an error where it is written.
        """
        symbols = self.symbols
        declared: list[tuple[str, Any]] = [
            (name, spec.get("values")) for section in ("variables", "params")
            for name, spec in (self.doc.get(section) or {}).items() if isinstance(spec, dict)]
        declared += [(choice, spec.get("value")) for action in (self.doc.get("actions") or {}).values()
                     for choice, spec in ((action or {}).get("choose") or {}).items() if isinstance(spec, dict)]
        for name, words in declared:
            if not isinstance(words, list):
                continue
            for word in words:
                if isinstance(word, str) and word != "none" and word.isidentifier():
                    symbols.symbols.add(word)
                    symbols.symbol_labels.setdefault(word, name)
        for name, spec in (self.doc.get("variables") or {}).items():
            words = spec.get("values") if isinstance(spec, dict) else None
            if not isinstance(words, list):
                continue
            allowed = [None if w == "none" else w for w in words]
            initial = self.variables[name].initial
            if initial not in allowed:
                shown = ", ".join("none" if w is None else str(w) for w in allowed)
                self.error(("variables", name, "initial"), f"variable {name!r} starts as {initial!r}, not one of its "
                           f"values: {shown}", "S216", hint=suggest(str(initial), [str(w) for w in allowed if w]))
            symbols.variable_types[name] = T.of_values(allowed, name)
            symbols.variable_words[name] = frozenset(w for w in allowed if w is not None)

    def _phase_labels(self, labels: dict[str, Any]) -> dict[str, str]:
        """`turn.phases`: the words the table shows for a phase, each for a phase some action is offered in."""
        for phase in labels:
            if phase not in self.symbols.phases:
                self.error(("turn", "phases", phase), f"no action is available in phase {phase!r}", "S309",
                           hint=suggest(phase, sorted(self.symbols.phases)), at_key=True)
        return {phase: str(text) for phase, text in labels.items()}

    def _collect_phases(self) -> None:
        for spec in (self.doc.get("actions") or {}).values():
            phase = (spec or {}).get("phase")
            for p in phase if isinstance(phase, list) else [phase] if phase else []:
                self.symbols.phases.add(p)
        self.symbols.symbols.update(self.symbols.phases)

    def _check_ambiguous_symbols(self) -> None:
        """A phase or attribute value spelled like a variable, zone or parameter reads as that name."""
        symbols = self.symbols
        for symbol in sorted(symbols.symbols):
            for kind, section, table in (("variable", "variables", symbols.variables),
                                         ("zone", "zones", symbols.zones), ("parameter", "params", symbols.params),
                                         ("definition", "define", symbols.definitions)):
                if symbol in table:
                    self.error((section, symbol), f"{symbol!r} is both a value (an attribute value or a phase) and a "
                               f"{kind}; rename one of them", "S213")

    def _definitions(self) -> None:
        from .reserved import clash
        symbols = self.symbols
        self._checked_bodies: dict[str, n.Expr] = {}
        for key, text in (self.doc.get("define") or {}).items():
            name, params = split_signature(key)
            self.problems += clash(name, "definition", ("define", key), self.source)
            if name in symbols.definitions:
                self.error(("define", key), f"{name!r} is defined twice", "S210")
            symbols.definitions[name] = DefinitionEntry(name, params, str(text), str(key))
        for key in (self.doc.get("define") or {}):  # check each body once, at its own position
            name, params = split_signature(key)
            entry = symbols.definitions[name]
            try:
                self._checked_bodies[name] = self.expressions.build(entry.text, dict.fromkeys(params, T.ANY))
            except ExprError as err:
                self.expression_problem(("define", key), err)
                entry.failed = True

    def _procedures(self, effects: EffectBuilder) -> dict[str, n.ProcedureBody]:
        """Every procedure that builds, in the order written, for the words to explain.

        A procedure nothing runs is not checked (a base ruleset may offer it to its
        variants): it is built on trial, and kept only if that reports no problem.
        """
        written = self.doc.get("procedures") or {}
        for name in effects.procedures:
            if name in effects.built:
                continue
            before = len(self.problems)
            trial = EffectBuilder(self, written)
            trial.built = dict(effects.built)
            trial.procedure(name)
            if len(self.problems) == before:
                effects.built = trial.built
            del self.problems[before:]
        return {name: effects.built[name] for name in effects.procedures if name in effects.built}

    def _trigger(self, index: int, spec: dict[str, Any], effects: EffectBuilder) -> n.Trigger:
        path: Path = ("triggers", index)
        moment = str(spec.get("moment", "action"))  # one of n.MOMENTS: the schema says so
        return n.Trigger(when=self.expression(spec.get("when"), path + ("when",), None, K.CONDITION),
                         effects=effects.sequence(spec.get("do") or [], path + ("do",), {}), path=path, moment=moment)

    def _action(self, name: str, spec: dict[str, Any], effects: EffectBuilder) -> n.Action:
        path: Path = ("actions", name)
        spec = spec or {}
        phase = spec.get("phase")
        phases = frozenset(phase if isinstance(phase, list) else [phase]) if phase else None
        choices: list[n.Choice] = []
        bound: Locals = {}
        guard = self.expression(spec["if"], path + ("if",), None, K.CONDITION) if "if" in spec else None
        for cname, cspec in (spec.get("choose") or {}).items():
            earlier = tuple(c.name for c in choices if c.kind == "component")
            choice = self._choice(cname, cspec or {}, path + ("choose", cname), bound, earlier)
            choices.append(choice)
            bound = bound | {cname: choice.type}
        require = self.expression(spec["require"], path + ("require",), bound, K.CONDITION) if "require" in spec else None
        if require is not None and not choices:
            self.error(path + ("require",), "require needs choices to check; use if: instead", "S212")
        body = effects.sequence(spec.get("effects") or [], path + ("effects",), bound)
        return n.Action(name=named(name), phases=phases, by_anyone=spec.get("by", "current") == "anyone", guard=guard,
                        choices=tuple(choices), require=require, effects=body,
                        description=str(spec.get("description", "")),
                        phase_list=tuple(phase if isinstance(phase, list) else [phase] if phase else []), path=path)

    def _choice(self, name: str, spec: dict[str, Any], path: Path, bound: Locals, earlier: tuple[str, ...]) -> n.Choice:
        symbols = self.symbols
        present_if = self.expression(spec["if"], path + ("if",), bound, K.CONDITION) if "if" in spec else None
        value = spec.get("value")
        own = T.COMPONENT if "from" in spec else T.PLAYER if "player" in spec else (
            T.of_values(symbols.domains[value], value) if isinstance(value, str) and value in symbols.domains
            else T.of_value(value, symbols.symbol_labels).element or T.ANY if isinstance(value, list) else T.ANY)
        where = (self.expression(spec["where"], path + ("where",), bound | {name: own}, K.CONDITION)
                 if "where" in spec else None)
        if "from" in spec:
            kind, source = "component", self.expression(spec["from"], path + ("from",), bound, K.COMPONENTS)
        elif "player" in spec:
            kind, source = "player", self.expression(spec["player"], path + ("player",), bound, K.PLAYERS)
        elif "value" in spec:
            kind = "value"
            if isinstance(value, list):
                constant = tuple(None if v == "none" else v for v in value)
                source = n.Const(source=str(value), type=T.of_value(list(constant), symbols.symbol_labels),
                                 const=constant, value=constant)
            elif isinstance(value, str) and value in symbols.domains:
                domain = tuple(symbols.domains[value])
                source = n.Const(source=value, type=T.list_of(T.of_values(domain, value)), const=domain, value=domain)
            else:
                source = self.expression(value, path + ("value",), bound, K.VALUES)
        else:
            self.error(path, f"choice {name!r} needs one of from, player or value", "S211")
            kind, source = "value", n.Const(value=(), const=())
        attribute = value if kind == "value" and isinstance(value, str) and value in symbols.domains else ""
        many = bool(spec.get("many", False))
        if many and kind != "component":
            self.error(path + ("many",), "many: true chooses several components; use it with from:", "S215")
        return n.Choice(name=name, kind=kind, source=source, where=where, present_if=present_if,
                        description=str(spec.get("description", "")), optional=bool(spec.get("optional", False)),
                        exclude=earlier if kind == "component" else (), many=many,
                        min_count=int(spec.get("min", 1)),
                        max_count=int(spec["max"]) if "max" in spec else None,
                        has_default="default" in spec,
                        default=(None if spec["default"] == "none" else spec["default"]) if "default" in spec else None,
                        type=_choice_type(kind, many, value, symbols, source), attribute=attribute, path=path)


def _choice_type(kind: str, many: bool, value: Any, symbols: Symbols, source: n.Expr) -> T.Type:
    """The type of the value a choice binds, as its `where`, `require` and effects see it."""
    if kind == "component":
        return T.list_of(T.COMPONENT) if many else T.COMPONENT
    if kind == "player":
        return T.PLAYER
    if isinstance(value, str) and value in symbols.domains:
        return T.of_values(symbols.domains[value], value)
    if isinstance(value, list):
        return T.of_value(value, symbols.symbol_labels).element or T.ANY
    return source.type.element or T.ANY if source.type.kind == "list" else T.ANY


def _show(written: Any) -> str | bool | None:
    """How a variable's `show` reads: a label ("" for its name), False (never shown) or None (the table decides)."""
    if written is None or written is False:
        return written
    return "" if written is True else str(written)


def _shipped(file: str) -> bool:
    """Whether a file is one of the rulesets installed with rulesrun (its author cannot change it)."""
    return FilePath(file).resolve().is_relative_to(RULESETS_DIR.resolve())


def component_entries(data: dict[str, Any]) -> list[tuple[Path, int]]:
    """(path, how many components it makes) for each entry of `components.cards` and `.dice`.

    Counted without making a single component: the product of the lengths of the
    entry's lists, times its copies. A document too large to build is refused by
    this count, before the builder runs.
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


def content_hash(doc: dict[str, Any]) -> str:
    """A stable hash of the resolved ruleset, carried by every log."""
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
