"""Ruleset text never becomes code: the generated module is made of its own names and checked before it runs.

The generating backend (`interpreter/backend/codegen/`) writes one Python module
per ruleset. Its safety rests on three walls, each tested here on its own:

- the generator writes no text of the ruleset: no string literal, no name of a
  zone, a variable, an action, a word... (every shipped ruleset is read); the
  same ruleset under other names and other words, however hostile, gives the
  same source byte for byte, and plays the same game;
- the allowlist refuses every module that holds anything else than what the
  generator may write (one forbidden thing at a time, beside the same module
  without it, which passes);
- the module runs with a handful of harmless built-ins only.
"""
from __future__ import annotations

import ast
import builtins
import dataclasses
import random
import re
import types
from pathlib import Path
from typing import Any

import pytest
import yaml
from rulesrun.interpreter import Action, Game, State, load_game, shipped_rulesets, validate
from rulesrun.interpreter import events as ev
from rulesrun.interpreter.backend.codegen import allowlist
from rulesrun.interpreter.backend.codegen.allowlist import Refused
from rulesrun.interpreter.backend.codegen.game import generated, source_of
from rulesrun.interpreter.backend.codegen.module import ModuleWriter
from rulesrun.interpreter.engine.state import inspect

SHIPPED = [entry[0] for entry in shipped_rulesets()]
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
GENERATED_NAME = re.compile(r"_[gv][0-9]+")

# The generator's own vocabulary, as the allowlist fixes it: its local names (the environment `e`, the table `s`,
# the local names `l`...), the built-ins the module may call (`len`, `range`, `tuple`, `list`, `any`, `all`, `sum`,
# `next`, `min`, `max`) and the attributes it may read. A ruleset may well use one of these words (UNO's `skip`
# and `reverse` cards, DOS's `round`, a parameter set to `any`): only these collisions are allowed, nothing else.
VOCABULARY = frozenset(allowlist._LOCALS | set(allowlist.BUILTINS) | allowlist._ATTRIBUTES)
HARMLESS_BUILTINS = ("len", "tuple", "list", "range", "any", "all", "sum", "next", "min", "max")


# ------------------------------------------------------------------ 1. shipped rulesets: no text of theirs


# Fields of the tree that hold free text, or words of the language rather than of the ruleset (an operator,
# the kind of a choice or an aggregate, a visibility): they are no names the ruleset chose.
_NOT_NAMES = frozenset({"source", "text", "description", "title", "version", "content_hash", "path", "op", "kind",
                        "function", "visibility", "scope", "type", "reads", "attribute_reads", "symbols",
                        "param_descriptions"})


def _tree_words(value: Any, found: set[str], seen: set[int]) -> None:
    """Every word of every string reachable from a tree node, but in the fields of `_NOT_NAMES`."""
    if isinstance(value, str):
        found.update(WORD.findall(value))
        return
    if id(value) in seen:
        return
    seen.add(id(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if field.name not in _NOT_NAMES:
                _tree_words(getattr(value, field.name), found, seen)
    elif isinstance(value, dict):
        for key, item in value.items():
            _tree_words(key, found, seen)
            _tree_words(item, found, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            _tree_words(item, found, seen)


def ruleset_words(game: Game) -> set[str]:
    """The names a ruleset chose, and the words of its string values, as the loaded Game holds them."""
    words: set[str] = set()
    words.update(game.zones, game.variables, game.params, game.phases)
    for action in game.actions:
        words.add(action.name)
        words.update(choice.name for choice in action.choices)
    for component in game.components:
        for attrs in (component.attrs, *component.faces):
            for name, value in attrs.items():
                words.add(name)
                if isinstance(value, str):
                    words.update(WORD.findall(value))
    for value in game.params.values():
        if isinstance(value, str):
            words.update(WORD.findall(value))
    symbols = game.rules.symbols
    words.update(symbols.symbols, symbols.attributes, symbols.definitions)
    for entry in symbols.definitions.values():
        words.update(entry.params)
    words.update(game.rules.procedures)
    rules = dataclasses.replace(game.rules, name="")  # the ruleset's own name (`dos/jump-in`) is no name it uses
    _tree_words(rules, words, set())  # what is left: aggregate and loop names, switch cases, words compared with
    return words


def test_the_words_of_a_ruleset_are_found() -> None:
    """The check below is only as good as the words it looks for: UNO's names of every kind are among them."""
    words = ruleset_words(load_game("uno"))
    for word in ("draw", "discard", "hand", "active_colour", "wd4_player", "score", "play", "call_uno", "challenge",
                 "card", "colour", "call", "target", "target_score", "first_dealer", "kind", "number", "points",
                 "label", "red", "wild_draw_four", "main", "after_draw", "name_colour", "respond", "top_card",
                 "may_play", "hand_points", "after_play", "card_effect", "winner", "c", "p"):
        assert word in words, word


def written(game: Game, monkeypatch: pytest.MonkeyPatch) -> tuple[str, set[str]]:
    """`source_of(game)`, and the names bound in the namespace of the module it wrote (seen as it takes the text)."""
    writers: list[ModuleWriter] = []
    text_of = ModuleWriter.source

    def source(writer: ModuleWriter) -> str:
        writers.append(writer)
        return text_of(writer)

    with monkeypatch.context() as patch:
        patch.setattr(ModuleWriter, "source", source)
        text = source_of(game)
    (writer,) = writers
    return text, set(writer.namespace)


def spelt(tree: ast.AST) -> tuple[set[str], list[Any]]:
    """Every name the module spells (of variables, attributes, functions and arguments), and its text constants."""
    names: set[str] = set()
    texts: list[Any] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            texts.append(node.value)
    return names, texts


# The Python keywords the generator writes. They are no names: a ruleset may call an action `pass` (as
# tests/corpus/lib/base.yaml does), and the keyword `pass` in the module is not that name.
_PYTHON_WORDS = frozenset({"def", "return", "if", "elif", "else", "for", "in", "not", "and", "or", "is", "try",
                           "except", "raise", "break", "continue", "pass", "True", "False", "None"})


@pytest.mark.parametrize("name", SHIPPED)
def test_generated_source_of_a_shipped_ruleset_holds_none_of_its_text(name: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The source parses, has no string constant at all (not even a docstring), passes the allowlist with the names
    its namespace binds, and spells none of the ruleset's names: they are all bound under made names."""
    game = load_game(name)
    source, bound = written(game, monkeypatch)
    tree = ast.parse(source)
    names, texts = spelt(tree)
    assert texts == []
    allowlist.check(tree, bound)
    assert sorted((ruleset_words(game) - VOCABULARY) & names) == []
    assert sorted(name for name in names - VOCABULARY if not GENERATED_NAME.fullmatch(name)) == []
    assert sorted(set(WORD.findall(source)) - names - _PYTHON_WORDS) == []  # no word outside the code: no comment


# ------------------------------------------------------------------ 2. hostile names and words: the same source

# Placeholder -> the plain name, and the hostile one. Each is a valid name of the language (letters, digits and
# `_`, not a word of the language such as `if`, `true`, `player` or `size`): Python's keywords and built-ins, the
# generator's own names (`e`, `s`, `l`, `_g1`, `_v2`), dunders and attribute names of its vocabulary.
NAMES: dict[str, tuple[str, str]] = {
    # zones
    "deck": ("deck", "__import__"), "pile": ("pile", "exec"), "hand": ("hand", "eval"), "aside": ("aside", "lambda"),
    # variables
    "active": ("active", "import"), "passes": ("passes", "e"), "drawn": ("drawn", "s"), "score": ("score", "l"),
    "flag": ("flag", "_g1"), "note": ("note", "_v2"), "stamp": ("stamp", "len"),
    # parameters, and the words a parameter may take
    "target_score": ("target_score", "print"), "motto": ("motto", "os"), "mode": ("mode", "self"),
    "start": ("start", "True"), "strict": ("strict", "False"), "loose": ("loose", "None"),
    # attributes and their values
    "colour": ("colour", "__class__"), "number": ("number", "__builtins__"), "tag": ("tag", "__dict__"),
    "points": ("points", "_g3"), "red": ("red", "open"), "blue": ("blue", "getattr"),
    # phases
    "main": ("main", "def"), "after": ("after", "return"),
    # definitions and their parameters
    "top": ("top_card", "globals"), "odd_card": ("odd_card", "compile"), "matches": ("matches", "sorted"),
    "hand_points": ("hand_points", "tuple"), "lenient": ("lenient", "__globals__"),
    "card_arg": ("c", "yield"), "who": ("p", "class"),
    # a name bound by an aggregate and a loop
    "each": ("q", "_v1"),
    # procedures
    "after_play": ("after_play", "__subclasses__"), "card_effect": ("card_effect", "breakpoint"),
    # actions and their choices
    "play": ("play", "sys"), "draw": ("draw", "subprocess"), "keep": ("keep", "exit"), "poke": ("poke", "system"),
    "card": ("card", "state"), "named": ("named", "loc"), "call": ("call", "zones"), "target": ("target", "vars"),
}

_INJECTION = '"); import os; os.system("x") #'
_LINE = f'"\\\u2028{_INJECTION}{{0}}%s'  # what an expression's text literal or a switch case may hold
_TEXT = f"'\"\\\n\u2028{_INJECTION}{{0}}%s\n"  # free text may hold quotes, a backslash, new lines (not a control)

# Placeholder -> the plain text, and the hostile one, for every place that holds free text or a word value.
TEXTS: dict[str, tuple[str, str]] = {
    "name": ("plain", _INJECTION),
    "version": ("1.0", "1'\"\\{0}%s"),
    "title": ("Plain", "title " + _TEXT),
    "description": ("A plain game.", "description " + _TEXT),
    "param_description": ("The points that end the game.", "param " + _TEXT),
    "motto_description": ("A motto.", "motto " + _TEXT),
    "zone_description": ("Where cards are drawn from.", "zone " + _TEXT),
    "variable_description": ("The colour to match.", "variable " + _TEXT),
    "action_description": ("Play a card.", "action " + _TEXT),
    "choice_description": ("The colour named.", "choice " + _TEXT),
    "motto_value": ("plain motto", "value " + _TEXT),  # a parameter's value, set into a variable
    "tag_value": ("plain tag", "tag " + _TEXT),  # a free (`any`) attribute's value
    "odd": ("odd", "odd " + _LINE),  # an attribute value that is no name: a switch case, a text literal
    "separator": (" ", " " + _LINE),  # a text literal in the derived label
}


def _fill(which: int) -> tuple[dict[str, str], dict[str, str]]:
    return {k: v[which] for k, v in NAMES.items()}, {k: v[which] for k, v in TEXTS.items()}


def template(n: dict[str, str], t: dict[str, str]) -> dict[str, Any]:
    """A small shedding game that uses every kind of name, every text position and most effects and expressions."""
    def x(text: str) -> str:  # an expression, with the names filled in
        return text.format(**n, odd=t["odd"], separator=t["separator"])

    return {
        "schema_version": 1, "name": t["name"], "version": t["version"], "title": t["title"],
        "description": t["description"], "players": {"min": 2, "max": 4},
        "params": {
            n["target_score"]: {"value": 80, "description": t["param_description"]},
            n["motto"]: {"value": t["motto_value"], "description": t["motto_description"]},
            n["mode"]: {"value": n["strict"], "values": [n["strict"], n["loose"]]},
            n["start"]: 1,
        },
        "components": {
            "attributes": {n["colour"]: [n["red"], n["blue"], t["odd"]], n["number"]: [1, 2, 3, 4], n["tag"]: "any"},
            "derive": {
                n["points"]: x("this.{number} * 2 if this.{colour} == {red} else this.{number}"),
                "label": x("this.{colour} + '{separator}' + str(this.{number})"),
            },
            "cards": [{n["colour"]: [n["red"], n["blue"], t["odd"]], n["number"]: [1, 2, 3, 4],
                       n["tag"]: t["tag_value"], "copies": 2}],
        },
        "zones": {
            n["deck"]: {"visibility": "hidden", "home": True, "stock": True, "refill": {"from": n["pile"], "keep": 1},
                        "description": t["zone_description"]},
            n["pile"]: {"visibility": "public"},
            n["hand"]: {"per_player": True, "visibility": "owner"},
            n["aside"]: {"visibility": "public"},
        },
        "variables": {
            n["active"]: {"scope": "round", "initial": "none", "description": t["variable_description"]},
            n["passes"]: {"scope": "round", "initial": 0},
            n["drawn"]: {"scope": "turn", "initial": "none", "visibility": "current"},
            n["score"]: {"scope": "game", "per_player": True, "initial": 0},
            n["flag"]: {"scope": "round", "per_player": True, "initial": False},
            n["note"]: {"scope": "round", "initial": "none", "visibility": "hidden"},
            n["stamp"]: {"scope": "round", "per_player": True, "initial": "none"},
        },
        "define": {
            n["top"]: x("top({pile})"),
            x("{odd_card}({card_arg})"): x("{card_arg}.{colour} == '{odd}'"),
            x("{matches}({card_arg})"): x("{card_arg}.{colour} == {active} or {card_arg}.{number} == {top}.{number} "
                                          "or {odd_card}({card_arg}) or {lenient} and {card_arg}.{tag} != none"),
            x("{hand_points}({who})"): x("sum({each} in {hand}[{who}]: {each}.{points})"),
            n["lenient"]: x("{mode} == '{loose}'"),
        },
        "procedures": {
            n["after_play"]: [{"do": n["card_effect"]}, "end_turn"],
            n["card_effect"]: {
                "switch": x("{top}.{colour}"),
                "cases": {n["red"]: ["skip"], t["odd"]: ["reverse", {"if": "players == 2", "then": ["skip"]}]},
                "default": [{"add": {n["passes"]: 0}}],
            },
        },
        "setup": [{"draw_high": {"from": n["deck"], "value": x("card.{number}"), "set": "dealer"}}],
        "round": {
            "setup": [
                {"shuffle": n["deck"]},
                {"deal": {"from": n["deck"], "to": n["hand"], "count": 5}},
                {"move": {"from": n["deck"], "to": n["pile"]}},
                {"while": x("{top}.{number} == 4 and size({deck}) > 0"),
                 "do": [{"move": {"from": n["pile"], "to": n["aside"]}},
                        {"move": {"from": n["deck"], "to": n["pile"]}}]},
                {"set": {"current": "left(dealer)", n["active"]: x("{top}.{colour}"), n["note"]: n["motto"]}},
            ],
            "end": [
                {"if": "winner != none",
                 "then": [{"add": {x("{score}[winner]"): x("sum({each} in others(winner): {hand_points}({each}))")}}]},
                {"for_each": n["each"], "in": "all_players",
                 "do": [{"if": x("size({hand}[{each}]) == 0 and {each} != winner"),
                         "then": [{"add": {x("{score}[{each}]"): 1}}]}]},
            ],
            "game_over": x("winner != none and {score}[winner] >= {target_score} or round >= 6"),
            "next_dealer": x("left(dealer, {start})"),
            "scores": n["score"],
        },
        "turn": {
            "phase": x("{main}"),
            "on_begin": [{"set": {x("{flag}[*]"): False}}],
            "on_end": [{"set": {n["passes"]: x("{passes} + 1 if {drawn} != none and not {matches}({drawn}) else 0")}}],
        },
        "actions": {
            n["play"]: {
                "phase": [n["main"], n["after"]],
                "description": t["action_description"],
                "choose": {
                    n["card"]: {"from": n["hand"],
                                "where": x("{matches}({card}) and (phase == {main} or {card} == {drawn})")},
                    n["named"]: {"value": n["colour"], "if": x("{card}.{number} == 4"),
                                 "description": t["choice_description"]},
                    n["call"]: {"value": [True, False], "default": False, "if": x("size({hand}) == 2")},
                },
                "effects": [
                    {"move": {"card": n["card"], "to": n["pile"]}},
                    {"if": x("size({hand}) == 1 and not {call}"), "then": [{"set": {n["flag"]: True}}]},
                    {"set": {n["active"]: x("{named} if {named} != none else {card}.{colour}"),
                             n["stamp"]: x("changes({hand})")}},
                    {"do": n["after_play"]},
                ],
            },
            n["draw"]: {
                "phase": n["main"],
                "effects": [
                    {"draw": {"count": 1, "set": n["drawn"]}},
                    {"if": x("{drawn} == none"), "then": ["end_turn"],
                     "else": [{"if": x("{matches}({drawn})"), "then": [{"goto": n["after"]}], "else": ["end_turn"]}]},
                ],
            },
            n["keep"]: {"phase": n["after"], "effects": [  # a filter, a cut, a range and where a card lies
                {"set": {n["stamp"]: x("size([{each} in {hand}: {each}.{number} > 2][1:]) "
                                       "+ sum({each} in range(0, {start} + 2): {each}) "
                                       "+ (1 if zone_of(top({pile})) == '{pile}' and owner_of(top({pile})) == none "
                                       "else 0)")}},
                "end_turn"]},
            n["poke"]: {
                "by": "anyone",
                "if": x("count({each} in others(player): {flag}[{each}]) > 0"),
                "choose": {n["target"]: {"player": "others(player)",
                                         "where": x("{flag}[{target}] and size({hand}[{target}]) == 1")}},
                "require": x("{target} != player"),
                "effects": [{"set": {x("{flag}[{target}]"): False}},
                            {"reveal": {"zone": x("{hand}[{target}]"), "to": "player"}},
                            {"draw": {"player": n["target"], "count": 2}}],
            },
        },
        "triggers": [
            {"when": x("size({hand}[player]) == 0"), "do": [{"end_round": {"winner": "player"}}]},
            {"when": x("{passes} >= players * 2"), "do": [{"end_round": {"winner": "none"}}]},
        ],
        "max_rounds": 6,
    }


def _write(path: Path, which: int) -> str:
    path.write_text(yaml.safe_dump(template(*_fill(which)), sort_keys=False, allow_unicode=False), encoding="utf-8")
    return str(path)


def test_the_renaming_is_a_bijection() -> None:
    """Two names made one would change the game; every plain and hostile name is a valid and distinct name."""
    for which in (0, 1):
        names = [pair[which] for pair in NAMES.values()]
        assert len(set(names)) == len(names)
        assert all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) for name in names)
        texts = [pair[which] for pair in TEXTS.values()]
        assert len(set(texts)) == len(texts) and not set(texts) & set(names)
    assert all(plain != hostile for plain, hostile in NAMES.values())


@pytest.fixture(scope="module")
def twins(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Game]:
    """The template filled with plain names and words, and with hostile ones."""
    folder = tmp_path_factory.mktemp("renamed")
    return load_game(_write(folder / "plain.yaml", 0)), load_game(_write(folder / "hostile.yaml", 1))


def test_both_fillings_validate_cleanly(tmp_path: Path) -> None:
    """Hostile names and words are no error of the language: the two rulesets validate, with no problem at all."""
    for which in (0, 1):
        report = validate(_write(tmp_path / f"filled-{which}.yaml", which))
        assert [(p.code, p.message) for p in report.problems] == []


def test_hostile_names_and_words_are_read_as_written(twins: tuple[Game, Game]) -> None:
    """The hostile ruleset is loaded with its names and texts intact: the test below compares what it means to."""
    plain, hostile = twins
    names, texts = _fill(1)
    assert list(hostile.zones) == [names[k] for k in ("deck", "pile", "hand", "aside")]
    assert [a.name for a in hostile.actions] == [names[k] for k in ("play", "draw", "keep", "poke")]
    assert hostile.params[names["motto"]] == texts["motto_value"]
    assert hostile.title == texts["title"] and hostile.description == texts["description"]
    assert hostile.components[0].attrs[names["tag"]] == texts["tag_value"]
    assert {c.attrs[names["colour"]] for c in hostile.components} == {names["red"], names["blue"], texts["odd"]}
    assert sorted(plain.phases) == ["after", "main"] and sorted(hostile.phases) == ["def", "return"]


def test_hostile_names_and_words_give_byte_identical_source(twins: tuple[Game, Game]) -> None:
    """Names and words reach the module only through the namespace: the source cannot tell the two apart."""
    plain, hostile = twins
    source = source_of(plain)
    assert source_of(hostile) == source
    assert source.count("def ") >= 25  # the template exercises the generator, not an empty module


def _renamed(value: Any, table: dict[Any, Any]) -> Any:
    """A value of the plain game as the hostile game spells it."""
    if isinstance(value, str):
        return table.get(value, value)
    if isinstance(value, tuple):
        return type(value)(*(_renamed(v, table) for v in value)) if hasattr(value, "_fields") \
            else tuple(_renamed(v, table) for v in value)
    return value


def _lock_step(plain: Game, hostile: Game, players: int, seed: int, steps: int) -> tuple[int, State, State]:
    """Both games side by side, the same move (by its index among the legal ones) each time."""
    table = {plain_value: hostile_value for plain_value, hostile_value in [*NAMES.values(), *TEXTS.values()]}
    a, b = plain.new_state(players, seed), hostile.new_state(players, seed)
    rng = random.Random(seed)
    seen = 0
    for taken in range(steps):
        new_a, new_b = list(a.events)[seen:], list(b.events)[seen:]
        assert [ev.kind_of(e) for e in new_a] == [ev.kind_of(e) for e in new_b], f"before action {taken}"
        assert [_renamed(e, table) for e in new_a] == new_b, f"before action {taken}"
        seen = len(a.events)
        assert len(b.events) == seen and a.current_player() == b.current_player()
        if a.is_over() or b.is_over():
            assert a.is_over() and b.is_over() and a.scores() == b.scores()
            return taken, a, b
        moves_a, moves_b = a.legal_actions(), b.legal_actions()
        assert len(moves_a) == len(moves_b), f"before action {taken}"
        index = rng.randrange(len(moves_a))
        move: Action = moves_a[index]
        assert _renamed(move, table) == moves_b[index]
        a.apply(move)
        b.apply(moves_b[index])
    return steps, a, b


def test_hostile_names_and_words_play_the_same_game(tmp_path: Path) -> None:
    """The two rulesets, generated, play the same whole game move for move: the same events, in the hostile words."""
    plain = load_game(_write(tmp_path / "plain.yaml", 0), engine="generated")
    hostile = load_game(_write(tmp_path / "hostile.yaml", 1), engine="generated")
    assert plain.fallback is None and hostile.fallback is None
    assert plain.engine == hostile.engine == "generated"
    taken, _, b = _lock_step(plain, hostile, players=3, seed=1, steps=600)
    assert 150 <= taken < 600 and b.is_over()  # a whole game of several rounds
    names, texts = _fill(1)
    taken_actions = {e.action for e in b.events if isinstance(e, ev.ActionTaken)}
    assert taken_actions == {names[k] for k in ("play", "draw", "keep", "poke")}
    assert texts["odd"] in {e.value for e in b.events if isinstance(e, ev.VariableSet)}  # the hostile words in play
    assert inspect(b).vars[names["note"]] == texts["motto_value"]  # a hidden variable: read from the table


# ------------------------------------------------------------------ 3. the allowlist refuses what it must

BOUND = {"_g2", "_g3"}


def _function(line: str, head: str = "def _g1(e):") -> str:
    return f"{head}\n    s = e.state\n    l = e.loc\n    {line}\n    return _g2\n"


def _deep(terms: int) -> str:
    return _function("_v1 = " + " + ".join(["1"] * terms))


# id -> (an allowed module, the same with one forbidden thing)
REFUSALS: dict[str, tuple[str, str]] = {
    "import": (_function("pass"), _function("import os")),
    "import-at-top": (_function("pass"), "import os\n" + _function("pass")),
    "from-import": (_function("pass"), _function("from os import system")),
    "lambda": (_function("_v1 = _g3"), _function("_v1 = lambda _v2: _v2")),
    "class": (_function("pass"), _function("class _g4:\n        pass")),
    "class-at-top": (_function("pass"), "class _g4:\n    pass\n" + _function("pass")),
    "f-string": (_function("_v1 = _g3"), _function("_v1 = f'{_g3}'")),
    "string": (_function("_v1 = 1"), _function("_v1 = 'x'")),
    "string-statement": (_function("pass"), _function("'text'")),
    "docstring": ("def _g1(e):\n    pass\n", "def _g1(e):\n    'text'\n"),
    "bytes": (_function("_v1 = 1"), _function("_v1 = b'x'")),
    "float": (_function("_v1 = 1"), _function("_v1 = 1.5")),
    "complex": (_function("_v1 = 1"), _function("_v1 = 1j")),
    "ellipsis": (_function("_v1 = 1"), _function("_v1 = ...")),
    "dunder-attribute": (_function("_v1 = e.state"), _function("_v1 = e.__class__")),
    "private-attribute": (_function("_v1 = e.state"), _function("_v1 = e._state")),
    "unlisted-attribute": (_function("_v1 = _g3.get"), _function("_v1 = _g3.format")),
    "attribute-assigned": (_function("s.turn_ended = True"), _function("s.state = True")),
    "name-open": (_function("_v1 = len"), _function("_v1 = open")),
    "name-builtins": (_function("_v1 = len"), _function("_v1 = __builtins__")),
    "name-import": (_function("_v1 = len"), _function("_v1 = __import__")),
    "name-getattr": (_function("_v1 = len"), _function("_v1 = getattr")),
    "name-like-generated": (_function("_v1 = _g3"), _function("_v1 = _g3x")),
    "keyword-argument": (_function("_v1 = max(_g3, 1)"), _function("_v1 = max(_g3, default=1)")),
    "double-star-argument": (_function("_v1 = max(_g3, 1)"), _function("_v1 = max(_g3, **_g2)")),
    "star-argument": (_function("_v1 = max(_g3, 1)"), _function("_v1 = max(*_g3)")),
    "top-level-assignment": (_function("pass"), "_g4 = 1\n" + _function("pass")),
    "top-level-expression": (_function("pass"), _function("pass") + "_g1(_g2)\n"),
    "top-level-if": (_function("pass"), "if _g2:\n" + "\n".join("    " + x for x in _function("pass").splitlines())),
    "function-not-generated": (_function("pass"), _function("pass", head="def main(e):")),
    "async-function": (_function("pass"), _function("pass", head="async def _g1(e):")),
    "two-arguments": (_function("pass"), _function("pass", head="def _g1(e, _v9):")),  # only a lister adds `o`
    "other-argument": (_function("pass"), _function("pass", head="def _g1(a):")),
    # a turn's function (`codegen/turn.py`) takes the table, or the table, an action and whether it was offered
    "turn-arguments": (_function("pass", head="def _g1(s, a, f):"), _function("pass", head="def _g1(s, a):")),
    "turn-arguments-order": (_function("pass", head="def _g1(s):"), _function("pass", head="def _g1(a, s, f):")),
    "turn-attribute-assigned": (_function("s.current = 0"), _function("s.finished = True")),
    "turn-game-assigned": (_function("s.phase = None"), _function("s.game = None")),
    # a phase's listing (`codegen/phases.py`) takes the environment, the moves to fill and where the claims lie
    "listing-arguments-order": (_function("pass", head="def _g1(e, o, c):"), _function("pass", head="def _g1(e, c, o):")),
    "listing-environment-assigned": (_function("e.player = 0", head="def _g1(e, o, c):"),
                                     _function("e.state = 0", head="def _g1(e, o, c):")),
    "default": (_function("pass"), _function("pass", head="def _g1(e=_g3):")),
    "star-parameter": (_function("pass"), _function("pass", head="def _g1(e, *_v9):")),
    "keyword-only-parameter": (_function("pass"), _function("pass", head="def _g1(e, *, _v9):")),
    "annotation": (_function("pass"), _function("pass", head="def _g1(e) -> _g3:")),
    "decorator": (_function("pass"), "@_g3\n" + _function("pass")),
    "global": (_function("pass"), _function("global _g2")),
    "with": (_function("pass"), _function("with _g3:\n        pass")),
    "yield": (_function("_g3(e)"), _function("yield _g3")),
    "yield-from": (_function("_g3(e)"), _function("yield from _g3")),
    "await": (_function("_g3(e)"), _function("await _g3")),
    "while": (_function("for _v1 in range(3):\n        break"), _function("while _g3:\n        break")),
    "assign-bound": (_function("_v1 = 1"), _function("_g2 = 1")),
    # a top-level function named like a bound value would replace that value when the module runs
    "function-rebinds-bound": (_function("pass"), _function("pass", head="def _g3(e):")),
    "function-defined-twice": (_function("pass") + _function("pass", head="def _g4(e):"),
                               _function("pass") + _function("pass")),
    "loop-over-bound": (_function("for _v1 in _g3:\n        pass"), _function("for _g2 in _g3:\n        pass")),
    "augmented-assignment": (_function("_v1 = _v1 + 1"), _function("_v1 += 1")),
    "walrus": (_function("_v1 = 1"), _function("(_v1 := 1)")),
    "delete": (_function("_v1 = 1"), _function("del _v1")),
    "unbound": (_function("_v1 = _g3"), _function("_v1 = _g9")),
    "power": (_function("_v1 = _g3 * 9"), _function("_v1 = _g3 ** 9")),
    "shift": (_function("_v1 = _g3 * 9"), _function("_v1 = _g3 << 9")),
    "slice": (_function("_v1 = _g3[1]"), _function("_v1 = _g3[1:]")),
    "dict": (_function("_v1 = [_g3]"), _function("_v1 = {_g3: 1}")),
    "set": (_function("_v1 = [_g3]"), _function("_v1 = {_g3}")),
    "raise-no-call": (_function("raise _g3()"), _function("raise _g3")),
    "raise-from": (_function("raise _g3()"), _function("raise _g3() from _g2")),
    "except-as": (_function("try:\n        pass\n    except _g3:\n        pass"),
                  _function("try:\n        pass\n    except _g3 as _v1:\n        pass")),
    "bare-except": (_function("try:\n        pass\n    except _g3:\n        pass"),
                    _function("try:\n        pass\n    except:\n        pass")),
    "nesting": (_deep(allowlist.MAX_DEPTH - 10), _deep(allowlist.MAX_DEPTH + 10)),
}


@pytest.mark.parametrize("allowed, refused", REFUSALS.values(), ids=REFUSALS.keys())
def test_the_allowlist_refuses_one_forbidden_thing(allowed: str, refused: str) -> None:
    """The module without the forbidden thing passes, so the refusal is for that one thing and nothing else."""
    allowlist.check(ast.parse(allowed), set(BOUND))
    with pytest.raises(Refused):
        allowlist.check(ast.parse(refused), set(BOUND))


def test_a_generated_module_is_refused_as_a_whole() -> None:
    """One forbidden statement among allowed functions is enough: the check reads every function."""
    allowed = _function("pass") + "\n" + _function("pass", head="def _g4(e):")
    allowlist.check(ast.parse(allowed), set(BOUND))
    with pytest.raises(Refused):
        allowlist.check(ast.parse(allowed + "\n" + _function("import os", head="def _g5(e):")), set(BOUND))


# ------------------------------------------------------------------ 4. the module's built-ins


def test_the_allowed_builtins_are_the_harmless_ones() -> None:
    """No built-in that reads a file, imports, or reaches an object's insides (open, __import__, getattr...)."""
    assert sorted(allowlist.BUILTINS) == sorted(HARMLESS_BUILTINS)
    assert all(allowlist.BUILTINS[name] is getattr(builtins, name) for name in HARMLESS_BUILTINS)


def test_generated_functions_run_with_the_allowed_builtins_only() -> None:
    """Every function of a generated module sees those built-ins, and no other: not `open`, not `__import__`."""
    game = generated(load_game("uno"))
    assert game.engine == "generated" and game.fallback is None
    namespace = game.actions[0].effects.__globals__
    functions = [value for value in namespace.values() if isinstance(value, types.FunctionType)
                 and value.__code__.co_filename == "<rulesrun generated>"]
    assert len(functions) > 20 and all(GENERATED_NAME.fullmatch(function.__name__) for function in functions)
    assert {game.setup, game.round_setup, game.game_over, *(a.effects for a in game.actions)} <= set(functions)
    for function in functions:
        seen = function.__globals__["__builtins__"]
        assert type(seen) is dict and seen == allowlist.BUILTINS and seen is not allowlist.BUILTINS
        assert "open" not in seen and "__import__" not in seen
    assert len({id(function.__globals__) for function in functions}) == 1  # one module, one namespace
    with pytest.raises(NameError):  # Python takes a frame's built-ins from these globals: `open` is not there
        eval("open", dict(namespace))  # a bare name: what the module's own code would find


def test_values_alike_but_of_other_types_are_bound_apart() -> None:
    """`(1, true)` equals `(1, 1)` in Python; the module must still hold each as it was written."""
    writer = ModuleWriter()
    assert writer.bind((1, True)) != writer.bind((1, 1))
    assert writer.bind("red") == writer.bind("red")
