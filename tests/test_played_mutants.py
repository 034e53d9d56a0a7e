"""Played mutants: a ruleset that `validate` accepts never fails at run time.

The property: once `validate` finds no error in a ruleset (warnings are fine), it loads with both
engines, and every game of it, whatever the bots do, either runs or stops with a RulesrunError; a
run-time error that the ruleset caused (an EvalError) names the rule that failed (its `position`).
A game that runs past the ruleset's bounds (GameLimitExceeded) is acceptable. Anything else (a
TypeError, an IndexError, a listed action refused, a turn with nothing to do, or an EvalError of
kind `failed`: a Python exception a rule ran into, which the engine wraps with the rule's position
but which validation should have ruled out) is a ruleset that the checks let through and the
engine cannot run.

Hypothesis makes the rulesets by editing a shipped game or variant the way a confused author
would: an expression of another kind where a condition, a count, a player or a zone is expected, a
number where an effect wants a zone or a variable, a variable's `initial` or a parameter of another
kind, a name swapped for a name of another kind, an effect replaced, inserted or deleted. Every
mutant that validates is loaded with both engines and played for two short games (a random and a
greedy bot, 2 to 4 players, at most ACTIONS actions each).

The default run tries the same few dozen mutants every time. For a long randomised search:

    RULESRUN_PLAYED_MUTATIONS=2000 pytest tests/test_played_mutants.py
    python tests/test_played_mutants.py 2000 [SEED [MINUTES]]   # counts, one sample of each distinct failure
"""
from __future__ import annotations

import copy
import hashlib
import os
import re
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from rulesrun import interpreter
from rulesrun.interpreter import (
    EvalError,
    Game,
    GameLimitExceeded,
    IllegalAction,
    RulesetError,
    RulesrunError,
    load_document,
    load_game,
    ruleset_path,
    shipped_rulesets,
    validate,
)
from rulesrun.interpreter.environment import current
from rulesrun.interpreter.play.runner import step
from rulesrun.interpreter.play.simulate import bot_seats

EXAMPLES = int(os.environ.get("RULESRUN_PLAYED_MUTATIONS", "0"))
DEFAULT_EXAMPLES = 40
ENGINES = ("interpreter", "generated")
ACTIONS = 120  # per game: a few turns of every kind, well under a second a mutant on both engines
BUDGET = 30.0  # seconds: a mutant still running then is stopped and counted as slow, not as a failure
PACKAGE = str(Path(interpreter.__file__).parent)  # what counts as a frame of rulesrun
ROOT = Path(PACKAGE).parent  # frames are named relative to the project

BASES = ["uno", "dos", "uno-dice"]
VARIANTS = [name for name, _ in shipped_rulesets() if "/" in name]
WORD = re.compile(r"(?<![.\w'])[A-Za-z_]\w*")
ATTRIBUTE = re.compile(r"(?<=\.)[A-Za-z_]\w*")
BUILT_INS = ["player", "current", "dealer", "players", "round", "direction", "phase", "all_players"]


# ------------------------------------------------------------ what a ruleset names

@dataclass(frozen=True)
class Names:
    """The names a ruleset (with what it extends) declares, by kind: what a confused author mixes up."""

    variables: dict[str, Any]  # name -> initial
    zones: dict[str, bool]  # name -> per player
    params: list[str]
    definitions: list[str]  # those used as a bare name (no parameters)
    attributes: list[str]
    symbols: list[str]
    phases: list[str]
    procedures: list[str]

    @property
    def hand(self) -> str:
        return next((z for z, per_player in self.zones.items() if per_player), "hand")

    @property
    def piles(self) -> list[str]:
        return [z for z, per_player in self.zones.items() if not per_player]

    def variable(self, kind: type) -> str | None:
        """The first variable whose initial value is of this kind (bool is not int here)."""
        return next((v for v, initial in self.variables.items() if type(initial) is kind), None)

    def categories(self) -> dict[str, list[str]]:
        return {"variable": list(self.variables), "zone": list(self.zones), "parameter": self.params,
                "definition": self.definitions, "attribute": self.attributes, "symbol": self.symbols,
                "phase": self.phases, "built-in": BUILT_INS}


@cache
def names_of(source: str) -> Names:
    """The names of a shipped ruleset with everything it extends, read from its resolved document."""
    data = load_document(source).data
    variables = {k: (v.get("initial", "none") if isinstance(v, dict) else v)
                 for k, v in (data.get("variables") or {}).items()}
    zones = {k: bool(isinstance(v, dict) and v.get("per_player")) for k, v in (data.get("zones") or {}).items()}
    components = data.get("components") or {}
    attributes = list(components.get("attributes") or {}) + list(components.get("derive") or {})
    symbols = [v for values in (components.get("attributes") or {}).values() if isinstance(values, list)
               for v in values if isinstance(v, str)]
    phases: list[str] = []
    for action in (data.get("actions") or {}).values():
        phase = action.get("phase") if isinstance(action, dict) else None
        phases += [phase] if isinstance(phase, str) else [p for p in phase or [] if isinstance(p, str)]
    return Names(variables, zones, list(data.get("params") or {}),
                 [k for k in (data.get("define") or {}) if "(" not in k], attributes,
                 list(dict.fromkeys(symbols)), list(dict.fromkeys(phases)), list(data.get("procedures") or {}))


def pools(n: Names) -> dict[str, list[Any]]:
    """Expressions of each kind, written with the ruleset's own names, for where another kind is expected."""
    hand, piles, symbol = n.hand, n.piles or [n.hand], (n.symbols or ["red"])[0]
    return {
        "number": [7, f"size({hand}) + 7", "players", "players - 1", "-3", "0",
                   f"size({piles[0]})", "round * 1000"],
        "condition": [f"size({hand}) > 1", "true", "false", "current == dealer"]
        + [v for v in [n.variable(bool)] if v],
        "component": [f"top({z})" for z in piles] + [f"bottom({hand})"],
        "player": ["current", "next(player)", "dealer", "left(current)"],
        "list": ["all_players", "[1, 2, 3]", "[current, 7]", "[]", f"[{symbol}, none]"],
        "zone": [hand, f"{hand}[current]", *piles],
        "variable": list(n.variables),
        "text": [f"'{symbol}'", symbol, "'main'", *n.phases[:1]],
        "none": ["none"],
        "attribute": n.attributes,
        "word": [7, *n.phases, *n.procedures, *list(n.variables)[:3]],
    }


def wrong_effects(n: Names) -> list[Any]:
    """Effects that take a zone, a variable, a player or a count, given a value of another kind."""
    hand, pile, number, flag = n.hand, (n.piles or [n.hand])[0], n.variable(int), n.variable(bool)
    per_player = next((v for v in n.variables if v == "score"), number)
    made: list[Any] = [
        {"shuffle": 3}, {"for_each": "x", "in": "3", "do": ["skip"]}, {"rotate": pile},
        {"move": {"cards": f"size({hand})", "to": pile}}, {"move": {"card": f"size({hand})", "to": pile}},
        {"move": {"from": pile, "to": hand, "count": "-1"}}, {"roll": f"top({pile})"},
        {"draw": {"count": f"top({pile})"}}, {"draw": {"player": 7}}, {"draw": {"player": "all_players"}},
        {"deal": {"from": pile, "to": hand, "count": "true"}}, {"reveal": {"zone": hand, "to": 7}},
        {"swap": {"zone": hand, "players": "[player, 7]"}}, {"eliminate": {"player": 7}},
        {"skip": f"size({hand}) + 7"}, {"end_round": {"winner": 7}}, {"set": {"current": 7}},
        {"set": {"dealer": f"top({pile})"}}, *({"goto": p} for p in n.phases[:2]),
    ]
    if number:
        made += [{"roll": number}, {"add": {number: True}}, {"add": {number: f"size({hand}) > 0"}},
                 {"set": {number: f"top({pile})"}}, {"add": {f"{per_player}[7]": 1}}]
    if flag:
        made += [{"add": {flag: 1}}, {"set": {flag: 7}}]
    return made


# ------------------------------------------------------------ the places of a ruleset, by role

Path_ = tuple[Any, ...]
Sites = dict[str, list[Path_]]


def sites(data: dict[str, Any]) -> Sites:
    """Every place of a ruleset an edit may touch, by the role of its value (what kind it should be)."""
    found: Sites = defaultdict(list)

    def add(role: str, path: Path_, container: Any, key: Any) -> None:
        if isinstance(container, dict) and key in container and container[key] is not None:
            found[role].append(path + (key,))

    def effects(path: Path_, value: Any) -> None:
        if isinstance(value, list):
            found["effects"].append(path)
            for i, item in enumerate(value):
                effect(path + (i,), item)
        elif isinstance(value, dict) and len(value) == 1 and next(iter(value)) in ("append", "prepend"):
            key = next(iter(value))
            effects(path + (key,), value[key])
        elif value is not None:
            effect(path, value)

    def effect(path: Path_, e: Any) -> None:
        if isinstance(e, str):
            found["bare"].append(path)
            return
        if not isinstance(e, dict):
            return
        if "if" in e:
            add("condition", path, e, "if")
            effects(path + ("then",), e.get("then"))
            effects(path + ("else",), e.get("else"))
        elif "switch" in e or "cases" in e:  # a variant may change only some cases of its base's switch
            add("word_expr", path, e, "switch")
            for case, body in (e.get("cases") or {}).items():
                found["case"].append(path + ("cases", case))
                effects(path + ("cases", case), body)
            effects(path + ("default",), e.get("default"))
        elif "while" in e:
            add("condition", path, e, "while")
            effects(path + ("do",), e.get("do"))
        elif "for_each" in e:
            add("zone", path, e, "in")
            effects(path + ("do",), e.get("do"))
        elif len(e) == 1:
            primitive(path, *next(iter(e.items())))

    def primitive(path: Path_, name: str, body: Any) -> None:
        at = path + (name,)
        if name in ("shuffle", "rotate", "roll"):
            add("zone", path, {name: body}, name)
        elif name in ("goto", "do"):
            add("word", path, {name: body}, name)
        elif name == "skip":
            add("count", path, {name: body}, name)
        elif name in ("set", "add") and isinstance(body, dict):
            for target in body:
                found["target"].append(at + (target,))
                add("set" if name == "set" else "amount", at, body, target)
        elif isinstance(body, dict):
            for key, role in PRIMITIVE_ROLES.get(name, {}).items():
                if key == "set" and key in body:
                    found["target"].append(at + (key,))
                else:
                    add(role, at, body, key)

    effects(("setup",), data.get("setup"))
    for section in ("round", "turn"):
        part = data.get(section)
        if isinstance(part, dict):
            for key in ("setup", "end", "on_begin", "on_end"):
                effects((section, key), part.get(key))
            add("condition", (section,), part, "game_over")
            add("player", (section,), part, "next_dealer")
            add("zone", (section,), part, "winners")
            add("word_expr", (section,), part, "phase")
    for name, body in (data.get("procedures") or {}).items():
        effects(("procedures", name), body)
    for name, action in (data.get("actions") or {}).items():
        if not isinstance(action, dict):
            continue
        at = ("actions", name)
        add("condition", at, action, "if")
        add("condition", at, action, "require")
        if isinstance(action.get("phase"), str):
            add("word", at, action, "phase")
        for choice, spec in (action.get("choose") or {}).items():
            if isinstance(spec, dict):
                for key, role in (("from", "choice_from"), ("player", "choice_player"), ("value", "choice_value"),
                                  ("where", "condition"), ("if", "condition")):
                    add(role, at + ("choose", choice), spec, key)
        effects(at + ("effects",), action.get("effects"))
    triggers = data.get("triggers")
    if isinstance(triggers, dict) and len(triggers) == 1:
        key = next(iter(triggers))
        triggers, trigger_path = triggers[key], ("triggers", key)
    else:
        trigger_path = ("triggers",)
    for i, trigger in enumerate(triggers if isinstance(triggers, list) else []):
        if isinstance(trigger, dict):
            add("condition", trigger_path + (i,), trigger, "when")
            effects(trigger_path + (i, "do"), trigger.get("do"))
    for i, card in enumerate((data.get("components") or {}).get("cards") or []):
        for key in card if isinstance(card, dict) else ():
            if key != "copies":
                found["card"].append(("components", "cards", i, key))
    for name in data.get("define") or {}:
        found["define"].append(("define", name))
    for name in data.get("variables") or {}:
        found["initial"].append(("variables", name))
    for name in data.get("params") or {}:
        found["param"].append(("params", name))
    found["expression"] = [p for role in EXPRESSIONS for p in found[role] if isinstance(get(data, p), str)
                           and WORD.search(get(data, p))]
    return found


PRIMITIVE_ROLES = {  # effect -> option -> the role of its value
    "move": {"card": "component", "cards": "zone", "from": "zone", "to": "zone", "count": "count"},
    "draw": {"player": "player", "count": "count", "from": "zone", "to": "zone", "set": "target"},
    "deal": {"from": "zone", "to": "zone", "count": "count"},
    "draw_high": {"from": "zone", "value": "amount", "set": "target"},
    "end_round": {"winner": "player"},
    "reveal": {"zone": "zone", "to": "player"},
    "swap": {"zone": "zone", "players": "zone"},
    "eliminate": {"player": "player"},
}
EXPRESSIONS = ("condition", "count", "player", "zone", "component", "amount", "set", "word_expr", "define",
               "choice_from", "choice_player", "choice_value")


def get(data: Any, path: Path_) -> Any:
    for key in path:
        data = data[key]
    return data


def put(data: Any, path: Path_, value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


def path_text(path: Path_) -> str:
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (("." if text else "") + str(key))
    return text


# ------------------------------------------------------------ the mutations

@dataclass
class Edit:
    """One mutant being made: its document, the names it may use, and the top-level places it changed."""

    source: str
    data: dict[str, Any]
    names: Names
    renamed: list[tuple[Path_, Any]] = field(default_factory=list)  # (a mapping, a key taken out of it)
    touched: list[Path_] = field(default_factory=list)

    @property
    def pools(self) -> dict[str, list[Any]]:
        return pools(self.names)

    def replace(self, path: Path_, value: Any) -> str:
        old = get(self.data, path)
        put(self.data, path, copy.deepcopy(value))  # a later edit may change it in place: never share a table's
        self.touched.append(path)
        return f"{old!r} -> {value!r}"


Apply = Callable[[st.DrawFn, Edit, Path_], str]


def retype(*kinds: str) -> Apply:
    """An expression replaced by one of another kind, written with the ruleset's own names."""
    def apply(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
        old = get(edit.data, path)
        pool = {k: [v for v in values if v != old] for k, values in edit.pools.items()}
        kind = draw(st.sampled_from([k for k in kinds if pool[k]]))
        value = draw(st.sampled_from(pool[kind]))
        return f"{edit.replace(path, value)} ({kind})"
    return apply


ALL_KINDS = ("number", "condition", "component", "player", "list", "zone", "text", "none")
INITIALS = [0, 7, -1, True, False, "none", "red", "x", [1, 2], [], ["red"]]


def kind_of(value: Any) -> str:
    return "none" if value in (None, "none") else type(value).__name__


def new_initial(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
    """A variable's initial value of another kind (its type follows its initial value)."""
    spec = get(edit.data, path)
    old = spec.get("initial", "none") if isinstance(spec, dict) else spec
    choices = [v for v in INITIALS + (edit.names.symbols[:1]) if kind_of(v) != kind_of(old)]
    value = draw(st.sampled_from(choices))
    return edit.replace(path + ("initial",) if isinstance(spec, dict) else path, value)


def new_param(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
    """A parameter's value of another kind: a word for a number, a number for a seat, and so on."""
    spec = get(edit.data, path)
    old = spec.get("value") if isinstance(spec, dict) else spec
    words = edit.names.symbols[:1] + edit.names.phases[:1] + ["zzz"]
    choices = [v for v in [7, 0, -1, 10**6, True, False, "none", *words] if kind_of(v) != kind_of(old)]
    value = draw(st.sampled_from(choices))
    return edit.replace(path + ("value",) if isinstance(spec, dict) else path, value)


def swap_name(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
    """One name in an expression swapped for a name of another kind (a variable for a zone, ...)."""
    text = get(edit.data, path)
    categories = edit.names.categories()
    known = {name: kind for kind, names in categories.items() for name in names}
    words = [m for m in WORD.finditer(text) if m.group() in known] + list(ATTRIBUTE.finditer(text))
    if not words:
        words = list(WORD.finditer(text))
    word = draw(st.sampled_from(words))
    kind = known.get(word.group(), "attribute" if text[word.start() - 1:word.start()] == "." else "name")
    other = draw(st.sampled_from([k for k, names in categories.items() if names and k != kind]))
    new = draw(st.sampled_from(categories[other]))
    value = text[:word.start()] + new + text[word.end():]
    edit.replace(path, value)
    return f"{kind} {word.group()!r} -> {other} {new!r}: {value!r}"


def swap_places(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
    """The expressions of two places of different roles exchanged (a count and a player, ...)."""
    found = sites(edit.data)
    here = next(role for role in EXPRESSIONS if path in found[role])
    elsewhere = [p for role in EXPRESSIONS if role != here for p in found[role]]
    if not elsewhere:  # a small variant with expressions of one role only
        return retype(*ALL_KINDS)(draw, edit, path)
    there = draw(st.sampled_from(elsewhere))
    a, b = get(edit.data, path), get(edit.data, there)
    put(edit.data, path, b)
    put(edit.data, there, a)
    edit.touched += [path, there]
    return f"{a!r} swapped with {path_text(there)} {b!r}"


def retarget(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
    """The variable a set, an add or a draw changes swapped for a name of another kind, or a seat out of range."""
    n = edit.names
    old = path[-1] if path[-2] in ("set", "add") else get(edit.data, path)
    per_player = [v for v in n.variables if v == "score"]
    choices = [*n.zones, *n.params[:2], *n.definitions[:2], "current", "dealer", *(f"{v}[7]" for v in per_player),
               *(f"{v}[*]" for v in list(n.variables)[:3]), *n.variables]
    new = draw(st.sampled_from([c for c in choices if c != old]))
    if path[-2] in ("set", "add"):
        holder = get(edit.data, path[:-1])
        items = [(new if k == old else k, v) for k, v in holder.items()]
        holder.clear()
        holder.update(items)
        edit.touched.append(path[:-1])
    else:
        put(edit.data, path, new)
        edit.touched.append(path)
    return f"{old!r} -> {new!r}"


def rename_case(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
    """A switch case's key changed to a number or to a word of another attribute."""
    cases, old = get(edit.data, path[:-1]), path[-1]
    new = draw(st.sampled_from([c for c in ["7", "true", "none", *edit.names.symbols[-2:], *edit.names.phases[:1]]
                                if c not in cases]))
    items = [(new if k == old else k, v) for k, v in cases.items()]
    cases.clear()
    cases.update(items)
    edit.renamed.append((path[:-1], old))
    edit.touched.append(path[:-1])
    return f"case {old!r} -> {new!r}"


def new_card_value(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
    """A card's attribute given a number, or a word of another attribute (a text word by a number)."""
    symbols = edit.names.symbols
    old = get(edit.data, path)
    choices = [7, "7", -1, True, "none", *symbols[:1], *symbols[-1:], [7, 8]]
    return edit.replace(path, draw(st.sampled_from([c for c in choices if c != old])))


BARE = ["end_turn", "skip", "reverse", {"skip": 3}, {"end_round": None}, {"draw": None}]


def replace_bare(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
    """A bare effect (end_turn, skip, reverse) replaced by another effect that takes no options."""
    old = get(edit.data, path)
    return edit.replace(path, draw(st.sampled_from([e for e in BARE if e != old])))


def delete_effect(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
    """One effect of a list deleted: a forgotten end_turn, a move never made."""
    effects = get(edit.data, path)
    if not effects:
        return insert_effect(draw, edit, path)
    index = draw(st.integers(0, len(effects) - 1))
    removed = effects.pop(index)
    edit.touched.append(path)
    return f"[{index}] {removed!r} deleted"


def insert_effect(draw: st.DrawFn, edit: Edit, path: Path_) -> str:
    """An effect given a value of the wrong kind put into a list (`shuffle: 3`, `add` of a yes/no)."""
    effects = get(edit.data, path)
    index = draw(st.integers(0, len(effects)))
    new = draw(st.sampled_from(wrong_effects(edit.names)))
    effects.insert(index, copy.deepcopy(new))
    edit.touched.append(path)
    return f"{new!r} inserted at [{index}]"


@dataclass(frozen=True)
class Mutation:
    name: str
    role: str  # the places it applies to (see `sites`)
    apply: Apply


MUTATIONS = (
    Mutation("a condition replaced by another kind", "condition", retype("number", "component", "player", "list",
                                                                          "zone", "text", "none")),
    Mutation("a count replaced by another kind", "count", retype("condition", "component", "list", "zone", "text",
                                                                    "none", "player")),
    Mutation("a player replaced by another kind", "player", retype("number", "list", "component", "condition",
                                                                      "text", "none")),
    Mutation("a zone or list replaced by another kind", "zone", retype("number", "variable", "component", "player",
                                                                          "condition", "text", "list")),
    Mutation("a component replaced by another kind", "component", retype("number", "list", "zone", "player",
                                                                             "condition", "text")),
    Mutation("an amount (add, draw_high) replaced by another kind", "amount",
             retype("condition", "component", "list", "zone", "text", "none", "player")),
    Mutation("a value set replaced by another kind", "set", retype(*ALL_KINDS)),
    Mutation("a switch or phase expression replaced by another kind", "word_expr",
             retype("number", "condition", "component", "player", "list", "none")),
    Mutation("a definition replaced by another kind", "define", retype(*ALL_KINDS)),
    Mutation("a choice of components from another kind", "choice_from",
             retype("number", "list", "player", "component", "variable", "condition")),
    Mutation("a choice of players from another kind", "choice_player",
             retype("number", "list", "zone", "component", "condition")),
    Mutation("a choice of values from another kind", "choice_value",
             retype("number", "zone", "list", "none", "player", "condition", "attribute")),
    Mutation("a word (goto, do, phase) replaced", "word", retype("word")),
    Mutation("a variable's initial value of another kind", "initial", new_initial),
    Mutation("a parameter's value of another kind", "param", new_param),
    Mutation("a name swapped for one of another kind", "expression", swap_name),
    Mutation("the expressions of two places swapped", "expression", swap_places),
    Mutation("the variable an effect changes swapped", "target", retarget),
    Mutation("a switch case renamed", "case", rename_case),
    Mutation("a card's attribute value replaced", "card", new_card_value),
    Mutation("a bare effect replaced", "bare", replace_bare),
    Mutation("an effect deleted", "effects", delete_effect),
    Mutation("an effect of the wrong kind inserted", "effects", insert_effect),
)


@dataclass(frozen=True)
class Mutant:
    """A shipped ruleset after one or two edits, with what was done to it in words."""

    source: str
    data: dict[str, Any]
    edits: tuple[str, ...]
    overlay: dict[str, Any] | None  # a small file over the shipped source that makes the same ruleset

    def text(self) -> str:
        if "_text" not in self.__dict__:  # written once: the data is not changed after it is made
            object.__setattr__(self, "_text", dump(self.data))
        return self.__dict__["_text"]

    def describe(self) -> str:
        return f"{self.source}: " + "; ".join(self.edits)

    def __repr__(self) -> str:
        return f"Mutant({self.describe()})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # how hypothesis shows a falsifying example
        printer.text(repr(self))


def dump(data: Any) -> str:
    return yaml.dump(data, Dumper=DUMPER, sort_keys=False, allow_unicode=True, width=1000)


DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@cache
def shipped_data(source: str) -> dict[str, Any]:
    return yaml.safe_load(ruleset_path(source).read_text(encoding="utf-8"))


def overlay_of(edit: Edit) -> dict[str, Any] | None:
    """For a base game, `extends` and the changed sections down to the first list; a variant is small as it is."""
    if edit.source not in BASES:
        return {k: v for k, v in edit.data.items() if k != "description"}
    overlay: dict[str, Any] = {"extends": edit.source}
    for path in edit.touched:
        prefix = path[:next((i for i, k in enumerate(path) if isinstance(k, int)), len(path))]
        if not prefix:
            return None
        at = overlay
        for key in prefix[:-1]:
            at = at.setdefault(key, {})
            if not isinstance(at, dict):
                return None
        at[prefix[-1]] = copy.deepcopy(get(edit.data, prefix))
    for holder, key in edit.renamed:  # a merged mapping keeps the base's keys: the old one is removed by name
        try:
            get(overlay, holder)[key] = None
        except (KeyError, IndexError, TypeError):
            continue  # the mapping is inside a list, which the overlay replaces whole
    return overlay


SOURCES = st.one_of(st.sampled_from(BASES), st.sampled_from(VARIANTS))


@st.composite
def mutants(draw: st.DrawFn) -> Mutant:
    """A shipped game or variant (its own text, not what it extends) after one or two semantic edits."""
    source = draw(SOURCES)
    edit = Edit(source, copy.deepcopy(shipped_data(source)), names_of(source))
    done = []
    for _ in range(draw(st.integers(1, 2))):
        found = sites(edit.data)
        usable = [m for m in MUTATIONS if found[m.role]]
        if not usable:  # the first edit left nothing to edit (the only effect of a small variant deleted)
            break
        mutation = draw(st.sampled_from(usable))
        path = draw(st.sampled_from(found[mutation.role]))
        done.append(f"{mutation.name} at {path_text(path)}: {mutation.apply(draw, edit, path)}")
    return Mutant(source, edit.data, tuple(done), overlay_of(edit))


@dataclass(frozen=True)
class Plan:
    """The games a mutant is played for: a random and a greedy table, on both engines."""

    seed: int
    random_players: int
    greedy_players: int

    def games(self, game: Game) -> list[tuple[str, int, int]]:
        low = max(game.min_players, min(2, game.max_players))
        high = max(low, min(game.max_players, 4))
        fit = [min(max(p, low), high) for p in (self.random_players, self.greedy_players)]
        return [("random", fit[0], self.seed), ("greedy", fit[1], self.seed + 1)]


plans = st.builds(Plan, st.integers(0, 2**20), st.integers(2, 4), st.integers(2, 4))


# ------------------------------------------------------------ playing a mutant

class Slow(BaseException):
    """A mutant still running at the end of its budget (a BaseException, so no `except Exception` hides it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise Slow()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class NoLegalAction(Exception):
    """Stands for a bot given nothing to choose from: the current player of a running game has no legal action."""


def where(path: str) -> str:
    return path[len(str(ROOT)) + 1:] if path.startswith(str(ROOT)) else Path(path).name


@cache
def _frame(filename: str, function: str, line: int) -> str:
    if filename.startswith("<"):  # the generated engine's module: its functions are numbered anew for each ruleset
        return filename
    return f"{where(filename)}:{function}:{line}"


def frames(err: BaseException) -> tuple[str, str]:
    """The last frame of the traceback, and the last one inside rulesrun (file:function:line)."""
    found = [(f.f_code.co_filename, f.f_code.co_name, line) for f, line in traceback.walk_tb(err.__traceback__)]
    if not found:
        return "?", "?"
    ours = next((f for f in reversed(found) if f[0].startswith(PACKAGE)), found[-1])
    return _frame(*found[-1]), _frame(*ours)


def problem_with(err: BaseException) -> str | None:
    """Why an error raised while playing breaks the property, or None when it is an acceptable one."""
    if isinstance(err, GameLimitExceeded):
        return None
    if isinstance(err, IllegalAction):
        return "a listed action was refused"
    if isinstance(err, RulesetError):
        return None if all(p.position.line for p in err.problems) else "a ruleset error without a line"
    if isinstance(err, EvalError) and err.kind == "failed":  # a Python exception a rule ran into: not foreseen
        return "a Python exception inside"
    if isinstance(err, RulesrunError):
        return None if getattr(err, "position", None) is not None else "no position"
    return "not a RulesrunError"


def origin(err: BaseException) -> BaseException:
    """The error a rule first ran into: an EvalError made from a Python exception says it as its cause."""
    cause = err.__cause__
    return cause if isinstance(err, EvalError) and cause is not None and not isinstance(cause, RulesrunError) else err


@dataclass
class Failure:
    """An error raised by a valid mutant; `why` says how it breaks the property (None: it does not)."""

    stage: str  # validate, load or play
    error: BaseException
    why: str | None
    engine: str = ""
    game: tuple[str, int, int] | None = None  # bot, players, seed
    actions: int = 0  # taken before it failed

    @property
    def label(self) -> str:
        err, first = self.error, origin(self.error)
        if isinstance(err, NoLegalAction):
            return "NoLegalAction (the bot got an empty list)"
        if isinstance(err, EvalError):
            wraps = f" wrapping {type(first).__name__}" if first is not err else ""
            return f"EvalError[{err.kind}]{wraps}" + (" without position" if self.why == "no position" else "")
        return type(err).__name__ + ("" if self.why in (None, "not a RulesrunError") else f" ({self.why})")

    @property
    def key(self) -> tuple[str, str]:
        """What makes two failures the same: the label and the last frame (for generated code, where it was called)."""
        last, ours = frames(origin(self.error))
        if isinstance(self.error, NoLegalAction):  # one failure however the game got there
            return self.label, ""
        return self.label, last if last == ours or not last.startswith("<") else f"{last} from {ours}"

    def describe(self) -> str:
        lines = [f"{self.label}: {said(self.error)}"]
        for err in dict.fromkeys([self.error, origin(self.error)]):
            last, ours = frames(err)
            lines.append(f"    {type(err).__name__} raised at {last}" + ("" if ours == last else f" (in rulesrun: {ours})"))
        position = getattr(self.error, "position", None)
        if position is not None:
            lines.append(f"    position: {position}")
        game = "" if self.game is None else (f", game: {self.game[0]} bot, {self.game[1]} players, "
                                             f"seed {self.game[2]}, after {self.actions} actions")
        lines.append(f"    during {self.stage}" + (f" on the {self.engine} engine" if self.engine else "") + game)
        return "\n".join(lines)


def said(err: BaseException) -> str:
    try:
        return str(err)[:300]
    except Exception as failed:  # noqa: BLE001 - an error whose words fail is worth knowing about, not a crash
        return f"<str() failed: {type(failed).__name__}: {failed}>"


@dataclass
class Outcome:
    mutant: Mutant
    validated: bool = False
    loaded: int = 0  # engines that loaded it
    endings: Counter = field(default_factory=Counter)  # over, bounded, limit, error, slow
    actions: int = 0
    failures: list[Failure] = field(default_factory=list)
    accepted: list[Failure] = field(default_factory=list)  # errors the property allows (limits excepted)

    def report(self) -> str:
        overlay = [] if self.mutant.overlay is None else ["the same ruleset as a file:", dump(self.mutant.overlay)]
        return "\n".join([self.mutant.describe(), *(f.describe() for f in self.failures), *overlay])


def play(outcome: Outcome, game: Game, engine: str, bot: str, players: int, seed: int) -> None:
    """One short game; anything raised is judged by `problem_with`."""
    taken = 0
    state = None
    try:
        state = game.new_state(players, seed)
        seats = bot_seats(bot, players, seed)
        while taken < ACTIONS and not state.is_over():
            step(state, seats)
            taken += 1
        outcome.endings["over" if state.is_over() else "bounded"] += 1
    except Exception as err:  # noqa: BLE001 - whatever a game raises is judged, that is the property
        if state is not None and raised_by_bot(err) and stuck(state):
            said_by_bot = f"the current player has no legal action; the {bot} bot raised {type(err).__name__}"
            err = NoLegalAction(said_by_bot).with_traceback(err.__traceback__)
        why = "a bot had no legal action to choose" if isinstance(err, NoLegalAction) else problem_with(err)
        outcome.endings["limit" if isinstance(err, GameLimitExceeded) else "error"] += 1
        failure = Failure("play", err, why, engine, (bot, players, seed), taken)
        if why is not None:
            outcome.failures.append(failure)
        elif not isinstance(err, GameLimitExceeded):
            outcome.accepted.append(failure)
    outcome.actions += taken


def raised_by_bot(err: BaseException) -> bool:
    """Whether the deepest frame of rulesrun that an error passed through is a bot's (it chose from nothing)."""
    return not isinstance(err, RulesrunError) and frames(err)[1].startswith("interpreter/play/bots.py")


def stuck(state: Any) -> bool:
    """Whether the current player of a running game has nothing to do (a bot then fails on an empty list)."""
    try:
        return not state.is_over() and not any(a.actor == state.current_player() for a in state.legal_actions())
    except Exception:  # noqa: BLE001 - the error that made us ask is the one reported
        return False


def run(mutant: Mutant, plan: Plan, folder: Path, engines: tuple[str, ...] = ENGINES,
        games: list[tuple[str, int, int]] | None = None) -> Outcome:
    """Validate a mutant and, if it has no error, load it with each engine and play it."""
    path = folder / f"{hashlib.sha256(mutant.text().encode()).hexdigest()[:16]}.yaml"
    path.write_text(mutant.text(), encoding="utf-8")
    outcome = Outcome(mutant)
    try:
        with time_limit(BUDGET):
            try:
                report = validate(str(path))
            except Exception as err:  # noqa: BLE001 - validate must answer; test_mutation.py says so too
                outcome.failures.append(Failure("validate", err, "validate raised"))
                return outcome
            if report.errors or report.game is None:
                return outcome
            outcome.validated = True
            for engine in engines:
                try:
                    game = load_game(str(path), engine)
                except Exception as err:  # noqa: BLE001 - a ruleset that validates must load
                    outcome.failures.append(Failure("load", err, "a valid ruleset did not load", engine))
                    continue
                outcome.loaded += 1
                for bot, players, seed in games or plan.games(game):
                    play(outcome, game, engine, bot, players, seed)
    except Slow:
        outcome.endings["slow"] += 1
    return outcome


# ------------------------------------------------------------ the property

@settings(max_examples=EXAMPLES or DEFAULT_EXAMPLES, derandomize=not EXAMPLES, deadline=None, database=None,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
@given(mutant=mutants(), plan=plans)
def test_a_ruleset_that_validates_never_fails_at_run_time(tmp_path_factory: Any, mutant: Mutant, plan: Plan) -> None:
    outcome = run(mutant, plan, Path(tmp_path_factory.mktemp("played")))
    if outcome.failures:
        pytest.fail(outcome.report(), pytrace=False)


def test_the_mutations_reach_every_role_of_the_shipped_games() -> None:
    """Every mutation has places to work on in some shipped game, so none of the table is dead."""
    found = [sites(copy.deepcopy(shipped_data(name))) for name in BASES]
    assert [m.name for m in MUTATIONS if not any(f[m.role] for f in found)] == []


# ------------------------------------------------------------ the long search, as a script

@dataclass
class Tally:
    """What a long search found: counts, and the first mutant of each distinct failure."""

    generated: int = 0
    validated: int = 0
    played: int = 0
    actions: int = 0
    endings: Counter = field(default_factory=Counter)
    by_type: Counter = field(default_factory=Counter)
    by_mutation: Counter = field(default_factory=Counter)  # mutation kind -> mutants that validated
    failed_mutants: int = 0
    distinct: dict[tuple[str, str], tuple[Outcome, Failure, Plan]] = field(default_factory=dict)
    seen: Counter = field(default_factory=Counter)
    validated_kinds: Counter = field(default_factory=Counter)
    accepted: Counter = field(default_factory=Counter)  # errors with a position, by label
    wrapped: dict[tuple[str, str], tuple[Outcome, Failure, Plan]] = field(default_factory=dict)

    def add(self, outcome: Outcome, plan: Plan) -> None:
        self.generated += 1
        self.validated += outcome.validated
        self.played += outcome.loaded == len(ENGINES)
        self.actions += outcome.actions
        self.endings.update(outcome.endings)
        for edit in outcome.mutant.edits:
            self.by_mutation[edit.split(" at ")[0]] += 1
            self.validated_kinds[edit.split(" at ")[0]] += outcome.validated
        self.failed_mutants += bool(outcome.failures)
        for failure in outcome.failures:
            self.by_type[failure.label] += 1
            self.seen[failure.key] += 1
            self.distinct.setdefault(failure.key, (outcome, failure, plan))
        for failure in outcome.accepted:
            self.accepted[failure.label] += 1
            self.seen[failure.key] += 1
            self.wrapped.setdefault(failure.key, (outcome, failure, plan))

    def summary(self, folder: Path, seconds: float) -> str:
        lines = [f"rulesets generated: {self.generated} in {seconds:.0f} s",
                 f"validated (no error): {self.validated}",
                 f"played (loaded by both engines): {self.played}, {self.actions} actions",
                 "games: " + ", ".join(f"{k} {v}" for k, v in sorted(self.endings.items())),
                 f"mutants with a failure: {self.failed_mutants}", "failures by exception type:"]
        lines += [f"  {count:5}  {label}" for label, count in self.by_type.most_common()]
        lines += ["mutations (validated / made):"]
        lines += [f"  {self.validated_kinds[k]:5} / {v:<5} {k}" for k, v in self.by_mutation.most_common()]
        lines += ["errors the property accepts (a RulesrunError with a position), by type:"]
        lines += [f"  {count:5}  {label}" for label, count in self.accepted.most_common()]
        lines += [f"distinct failures (exception type + last frame): {len(self.distinct)}"]
        lines += self.samples(self.distinct, folder)
        wrapped = {k: v for k, v in self.wrapped.items() if origin(v[1].error) is not v[1].error}
        lines += ["", f"accepted, but a Python exception inside (exception type + its last frame): {len(wrapped)}"]
        lines += self.samples(wrapped, folder)
        return "\n".join(lines)

    def samples(self, found: dict[tuple[str, str], tuple[Outcome, Failure, Plan]], folder: Path) -> list[str]:
        lines = []
        for i, (key, (outcome, failure, plan)) in enumerate(sorted(found.items()), 1):
            lines += ["", f"--- {i}. seen {self.seen[key]} times", f"  mutant: {outcome.mutant.describe()}",
                      "  " + failure.describe()]
            lines += reproduce(outcome.mutant, failure, plan, folder)
        return lines


REDUCE_TRIES = 20  # runs spent making each sample's overlay smaller


def reproduce(mutant: Mutant, failure: Failure, plan: Plan, folder: Path) -> list[str]:
    """The smallest overlay found that still fails the same way (exception type and frame), checked by running it."""
    if mutant.overlay is None:
        return ["  overlay: none (the edit is not below a mapping of the base)"]
    engines = (failure.engine,) if failure.engine else ENGINES

    def fails(overlay: dict[str, Any]) -> bool:
        again = run(Mutant(mutant.source, overlay, mutant.edits, None), plan, folder, engines,
                    [failure.game] if failure.game else None)
        return any(f.key == failure.key for f in again.failures + again.accepted)

    if not fails(mutant.overlay):
        return ["  overlay (does NOT reproduce):", "    " + dump(mutant.overlay).rstrip().replace("\n", "\n    ")]
    smallest, tries, smaller = mutant.overlay, 0, True
    while smaller and tries < REDUCE_TRIES:
        smaller = False
        for path in parts(smallest):
            candidate = copy.deepcopy(smallest)
            del get(candidate, path[:-1])[path[-1]]
            tries += 1
            if fails(candidate):
                smallest, smaller = candidate, True
                break
            if tries >= REDUCE_TRIES:
                break
    return ["  overlay (reproduces):", "    " + dump(smallest).rstrip().replace("\n", "\n    ")]


def parts(data: Any, path: Path_ = ()) -> list[Path_]:
    """Every key and list item below the top of an overlay but `extends`, the outermost first."""
    found, level = [], [(path, data)]
    while level:
        below = []
        for at, value in level:
            items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
            for key, item in items:
                if at + (key,) != ("extends",):
                    found.append(at + (key,))
                    below.append((at + (key,), item))
        level = below
    return found


def main(argv: list[str]) -> int:
    """`python tests/test_played_mutants.py N [SEED [MINUTES]]`: N random mutants, then the counts and the samples.

    With MINUTES, the mutants made after that time are no longer run, so that a long search ends when planned.
    """
    count = int(argv[1]) if len(argv) > 1 else 500
    stop = time.perf_counter() + float(argv[3]) * 60 if len(argv) > 3 else float("inf")
    tally = Tally()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="played-mutants-") as tmp:
        folder = Path(tmp)
        if "RULESRUN_CACHE_DIR" not in os.environ:  # as conftest.py does for the suite: the user's cache is left alone
            os.environ["RULESRUN_CACHE_DIR"] = str(folder / "cache")
            current.cache_clear()

        @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(mutant=mutants(), plan=plans)
        def search(mutant: Mutant, plan: Plan) -> None:
            if time.perf_counter() > stop:
                return
            tally.add(run(mutant, plan, folder), plan)
            if tally.generated % 100 == 0:
                print(f"... {tally.generated} mutants, {tally.validated} validated, {len(tally.distinct)} distinct "
                      f"failures, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

        if len(argv) > 2:
            search = hypothesis_seed(int(argv[2]))(search)
        try:
            search()
        finally:  # a search stopped early still reports what it found
            print(tally.summary(folder, time.perf_counter() - started), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
