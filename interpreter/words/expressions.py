"""Rulesets in words: every expression of the language said in English.

The rule sheet (`explain.py`) and the variant diff (`diff.py`) speak through this
module; `effect_words.py` says the effects with it. It reads the resolved document,
not the compiled game, so the words follow what the author wrote. The rules are
generic:

- names read as words (`active_colour` is "active colour"); the names a ruleset
  declares (variables, parameters, zones, definitions, phases) are terms, set in
  italics in Markdown;
- the acting player is "you"; a per-player zone or variable written bare is
  "your hand", with an index "the winner's score";
- a definition is said by its name ("the card is *playable*", "you *can use* c")
  and explained once in its own place;
- a condition about the thing being chosen or counted becomes a relative clause
  ("a card from your hand whose colour is *active colour*").

Every construct has a renderer; an expression node without one raises `NoWords`,
so that a test walking the shipped rulesets finds any gap.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping

from ..errors import RulesrunError
from ..language.syntax import parse
from ..language.syntax import Token, Tree

_IT, _ITS = "\x00", "\x01"  # the thing a relative clause is about, while its clause is built
_FLIP = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
_SAY_COMPARE = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
                ">=": "is at least"}
_SAY_QUANTITY = {"==": "{}", "!=": "other than {}", "<": "fewer than {}", "<=": "at most {}",
                 ">": "more than {}", ">=": "at least {}"}
_MODALS = ("can", "may", "must")


class NoWords(RulesrunError):
    """A construct of the language that has no renderer (or a name nothing declares)."""


def words(name: Any) -> str:
    """A ruleset name as words: `draw_two` -> "draw two"."""
    return str(name).replace("_", " ").strip()


def join(items: Iterable[str], last: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def capital(text: str) -> str:
    """The first letter in upper case, past any leading markup."""
    for i, char in enumerate(text):
        if char.isalpha():
            return text[:i] + char.upper() + text[i + 1:]
        if char not in "*_“\"'(":
            return text
    return text


def value_list(values: Iterable[Any], last: str = "or") -> str:
    """Declared values as words; a run of whole numbers reads as a range ("1 to 10")."""
    values = list(values)
    if len(values) >= 3 and all(isinstance(v, int) and not isinstance(v, bool) for v in values) \
            and values == list(range(values[0], values[0] + len(values))):
        return f"{values[0]} to {values[-1]}"
    return join((_scalar(v) for v in values), last)


def _scalar(value: Any) -> str:
    if value is None or value == "none":
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return value_list(value, "and") if value else "an empty list"
    return words(value)


@dataclass(frozen=True)
class Markup:
    """How declared names and emphasis are set: Markdown or plain text."""

    markdown: bool = True

    def term(self, text: str) -> str:
        return f"*{text}*" if self.markdown else text

    def strong(self, text: str) -> str:
        return f"**{text}**" if self.markdown else text

    def code(self, text: str) -> str:
        if not self.markdown:
            return text
        fence = "``" if "`" in text else "`"
        return f"{fence} {text} {fence}" if fence == "``" else f"`{text}`"


@dataclass(frozen=True)
class Phrase:
    """A noun phrase, with what it takes to use it in a sentence.

    `kind` is what it stands for: player, players, component, components, value.
    `compound` is 1 for sums and 2 for `x if c else y`: such phrases are put in
    parentheses inside other phrases.
    """

    text: str
    owner: str = ""
    plural: bool = False
    kind: str = "value"
    compound: int = 0
    alone: str = ""

    @property
    def possessive(self) -> str:
        if self.owner:
            return self.owner
        if self.compound:
            return f"({self.text})'s"
        return self.text + ("'" if self.plural and self.text.endswith("s") else "'s")

    @property
    def be(self) -> str:
        return "are" if self.plural else "is"

    def verb(self, plain: str, third: str) -> str:
        return plain if self.plural else third

    def embedded(self, level: int = 1) -> str:
        return f"({self.text})" if self.compound >= level else self.text

    @property
    def standalone(self) -> str:
        return self.alone or self.text


YOU = Phrase("you", "your", plural=True, kind="player")


@dataclass(frozen=True)
class Scope:
    """Who "you" are where an expression is used, and the local names bound there."""

    actor: Phrase = YOU
    names: Mapping[str, Phrase] = field(default_factory=dict)

    def bind(self, name: str, phrase: Phrase) -> "Scope":
        return replace(self, names={**self.names, name: phrase})


@dataclass(frozen=True)
class Step:
    """One effect in words, with the effect lists it holds (`if`, `switch` ...) under their labels."""

    text: str
    blocks: tuple[tuple[str, tuple["Step", ...]], ...] = ()
    cases: bool = False  # the blocks are the cases of a switch, labelled by their values


@dataclass(frozen=True)
class _Definition:
    name: str
    params: tuple[str, ...]
    text: str


def _signature(key: str) -> tuple[str, tuple[str, ...]]:
    """`playable(card)` -> ('playable', ('card',))."""
    if "(" not in key:
        return key.strip(), ()
    name, rest = key.split("(", 1)
    return name.strip(), tuple(p.strip() for p in rest.rstrip(") ").split(",") if p.strip())


def _literal(text: Any) -> Tree:
    """A YAML value where an expression is expected: a number or true/false is a constant."""
    if isinstance(text, bool):
        return Tree("true" if text else "false", [])
    if isinstance(text, int):
        return Tree("number", [Token("NUMBER", str(text))])
    if text is None:
        return Tree("none", [])
    return parse(str(text))


class Words:
    """Says a ruleset's expressions, choices and definitions in English."""

    def __init__(self, doc: Mapping[str, Any], markup: Markup = Markup()):
        self.doc = doc
        self.m = markup
        self.variables = {name: spec if isinstance(spec, dict) else {"initial": spec}
                          for name, spec in (doc.get("variables") or {}).items()}
        self.params = dict(doc.get("params") or {})
        self.zones = {name: bool((spec or {}).get("per_player")) for name, spec in (doc.get("zones") or {}).items()}
        self.definitions: dict[str, _Definition] = {}
        for key, text in (doc.get("define") or {}).items():
            name, params = _signature(str(key))
            self.definitions[name] = _Definition(name, params, str(text))
        components = doc.get("components") or {}
        self.attributes = list(components.get("attributes") or {}) + list(components.get("derive") or {})
        self.symbols = {v for values in (components.get("attributes") or {}).values() if isinstance(values, list)
                        for v in values if isinstance(v, str)}
        self.phases = set()
        for spec in (doc.get("actions") or {}).values():
            phase = (spec or {}).get("phase")
            self.phases.update(phase if isinstance(phase, list) else [phase] if phase else [])
        has_cards, has_dice = bool(components.get("cards")), bool(components.get("dice"))
        self.noun = ("card", "cards") if not has_dice else ("die", "dice") if not has_cards else \
            ("component", "components")
        self._trees: dict[str, Tree] = {}

    # ------------------------------------------------------------ entry points

    def tree(self, text: Any) -> Tree:
        """An expression parsed once (a YAML number or true/false as a constant)."""
        key = repr(text)
        if key not in self._trees:
            self._trees[key] = _literal(text)
        return self._trees[key]

    def value(self, text: Any, scope: Scope) -> str:
        """An expression as a noun phrase: "the top card of the *discard*"."""
        return self.phrase(self.tree(text), scope).standalone

    def claim(self, text: Any, scope: Scope, negate: bool = False) -> str:
        """A condition as a sentence: "your *hand* holds 1 card"."""
        return self.say(self.tree(text), scope, negate)

    def choice(self, name: str, spec: Mapping[str, Any], scope: Scope) -> tuple[str, Phrase]:
        """A choice in words ("a card from your *hand* that is *playable*"), and how later parts name it."""
        if "from" in spec or "player" in spec:
            many = bool(spec.get("many"))
            source = self.phrase(self.tree(spec.get("from", spec.get("player"))), scope)
            singular, plural, who = self.element(source.kind if "from" in spec else "players")
            local = Phrase(f"the {words(name)}", plural=many,
                           kind=("components" if many else "component") if "from" in spec else "player")
            if many:
                low, high = spec.get("min", 1), spec.get("max")
                amount = f"{low} to {high}" if high is not None else f"at least {low}"
                text = f"{amount} {plural} from {source.text}"
            else:
                where = "from" if "from" in spec else "among"
                text = f"{article(singular)} {singular} {where} {source.text}"
        else:
            who, value = "that", spec.get("value")
            domain = ((self.doc.get("components") or {}).get("attributes") or {}).get(value) \
                if isinstance(value, str) else None
            local = Phrase(f"the chosen {words(name)}")
            if isinstance(domain, list):
                text = f"{article(words(value))} {words(value)} ({value_list(domain)})"
            elif isinstance(value, list):
                text = f"one of {value_list(value)}" if len(value) > 2 else value_list(value)
            else:
                text = f"one of {self.value(value, scope)}"
        where = self.tree(spec["where"]) if "where" in spec else None
        if where is not None and spec.get("optional"):
            where = _without_nothing(where, name)
        if where is not None:
            clause, _ = self._relative(where, name, local, scope, plural=bool(spec.get("many")), who=who)
            text += f" {clause}"
        if spec.get("optional"):
            text += ", or nothing"
        return text, local

    def renders(self, node_kind: str) -> bool:
        """Whether an expression node of this kind has a renderer."""
        return hasattr(self, "_v_" + node_kind) or hasattr(self, "_s_" + node_kind)

    def zone(self, text: Any, scope: Scope) -> Phrase:
        """A zone reference: `discard`, `hand` (yours), `hand[p]`."""
        tree = parse(str(text), start="lvalue")
        name, index = str(tree.children[0]), tree.children[1] if len(tree.children) > 1 else None
        if name not in self.zones:
            raise NoWords(f"{name!r} is not a zone")
        if index is None:
            return self.zone_phrase(name, scope.actor if self.zones[name] else None)
        return self.zone_phrase(name, self.phrase(index, scope))

    def target(self, text: str, scope: Scope) -> str:
        """An assignment target: `passes`, `score[winner]`, `may_call[*]`, `current`."""
        tree = parse(str(text), start="lvalue")
        name, index = str(tree.children[0]), tree.children[1] if len(tree.children) > 1 else None
        if name in ("current", "dealer"):
            return "the current player" if name == "current" else "the dealer"
        if name not in self.variables:
            raise NoWords(f"{name!r} is not a variable")
        term = self.m.term(words(name))
        if isinstance(index, Token):  # `[*]`
            return f"every player's {term}"
        if index is not None:
            return f"{self.phrase(index, scope).possessive} {term}"
        if self.variables[name].get("per_player"):
            return f"{scope.actor.possessive} {term}"
        return term

    # ------------------------------------------------------------ phrases (values)

    def phrase(self, node: Tree | Token, scope: Scope) -> Phrase:
        if not isinstance(node, Tree):
            raise NoWords(f"no words for {node!r}")
        method = getattr(self, "_v_" + node.data, None)
        if method is None:
            if hasattr(self, "_s_" + node.data):
                return Phrase(f"whether {self.say(node, scope)}")
            raise NoWords(f"no words for the expression construct {node.data!r}")
        return method(node, scope)

    def _v_number(self, node: Tree, scope: Scope) -> Phrase:
        return Phrase(str(node.children[0]))

    def _v_string(self, node: Tree, scope: Scope) -> Phrase:
        return Phrase(f"“{str(node.children[0])[1:-1]}”")

    def _v_true(self, node: Tree, scope: Scope) -> Phrase:
        return Phrase("true")

    def _v_false(self, node: Tree, scope: Scope) -> Phrase:
        return Phrase("false")

    def _v_none(self, node: Tree, scope: Scope) -> Phrase:
        return Phrase("nothing")

    def _v_name(self, node: Tree, scope: Scope) -> Phrase:
        name = str(node.children[0])
        if name in scope.names:
            return scope.names[name]
        if name in self.variables:
            if self.variables[name].get("per_player"):
                return Phrase(f"{scope.actor.possessive} {self.m.term(words(name))}")
            return Phrase(self.m.term(words(name)))
        if name in self.params:
            return Phrase(self.m.term(words(name)))
        if name in self.zones:
            return self.zone_phrase(name, scope.actor if self.zones[name] else None)
        if name in self.definitions and not self.definitions[name].params:
            definition = self.definitions[name]
            if self._is_condition(self.tree(definition.text), (name,)):
                return Phrase(f"whether {self._definition_claim(definition, [], scope, False)}")
            return Phrase(f"the {self.m.term(words(name))}", kind=self._kind(self.tree(definition.text), scope))
        builtin = self._builtin(name, scope)
        if builtin is not None:
            return builtin
        if name in self.symbols or name in self.phases:
            return Phrase(words(name))
        raise NoWords(f"no words for the name {name!r}")

    def _builtin(self, name: str, scope: Scope) -> Phrase | None:
        return {
            "player": scope.actor,
            "current": Phrase("the current player", kind="player"),
            "dealer": Phrase("the dealer", kind="player"),
            "direction": Phrase("the direction of play"),
            "players": Phrase("the number of players"),
            "phase": Phrase("the phase"),
            "round": Phrase("the round number"),
            "all_players": Phrase("all players", plural=True, kind="players"),
        }.get(name)

    def zone_phrase(self, name: str, owner: Phrase | None) -> Phrase:
        term = self.m.term(words(name))
        if owner is None:
            return Phrase(f"the {term}", kind="components")
        return Phrase(f"{owner.possessive} {term}", kind="components")

    def _v_attr(self, node: Tree, scope: Scope) -> Phrase:
        obj, attr = node.children
        base = self.phrase(obj, scope)
        name = "id number" if str(attr) == "id" else words(attr)
        if str(attr) != "id" and str(attr) not in self.attributes:
            raise NoWords(f"no words for the attribute {str(attr)!r}")
        return Phrase(f"{base.possessive} {name}")

    def _v_index(self, node: Tree, scope: Scope) -> Phrase:
        base, index = node.children
        if base.data == "name" and str(base.children[0]) not in scope.names:
            name = str(base.children[0])
            if name in self.variables:
                return Phrase(f"{self.phrase(index, scope).possessive} {self.m.term(words(name))}")
            if name in self.zones:
                return self.zone_phrase(name, self.phrase(index, scope))
        container = self.phrase(base, scope)
        element = {"components": "component", "players": "player"}.get(container.kind, "value")
        position = self.phrase(index, scope)
        return Phrase(f"item {position.embedded()} of {container.embedded()} (counting from 0)", kind=element)

    def _v_list(self, node: Tree, scope: Scope) -> Phrase:
        items = [self.phrase(child, scope) for child in node.children if child is not None]
        if not items:
            return Phrase("nothing", kind="value")
        kinds = {item.kind for item in items}
        kind = {"component": "components", "player": "players"}.get(kinds.pop(), "value") if len(kinds) == 1 \
            else "value"
        numbers = [child for child in node.children if child is not None]
        if len(numbers) >= 3 and all(n.data == "number" for n in numbers):
            return Phrase(f"the numbers {value_list([int(n.children[0]) for n in numbers])}")
        if len(items) == 1:
            return replace(items[0], kind=kind)
        return Phrase(join((i.embedded() for i in items), "and"), plural=True, kind=kind)

    def _v_neg(self, node: Tree, scope: Scope) -> Phrase:
        (inner,) = node.children
        if inner.data == "number":
            return Phrase(f"-{inner.children[0]}")
        return Phrase(f"minus {self.phrase(inner, scope).embedded()}", compound=1)

    def _v_arith(self, node: Tree, scope: Scope) -> Phrase:
        children = node.children
        first = self.phrase(children[0], scope)
        text, kind = first.embedded(), first.kind
        joining = self._joins(children)
        for i in range(1, len(children), 2):
            symbol, right_node = str(children[i]), children[i + 1]
            right = self.phrase(right_node, scope)
            if joining and symbol == "+":
                if right_node.data == "list":
                    text = f"{text} with {right.embedded()} added"
                else:
                    text = f"{text} followed by {right.embedded()}"
                continue
            if symbol == "%":
                text = f"the remainder of {text} divided by {right.embedded()}"
                continue
            said = {"+": "plus", "-": "minus", "*": "times", "//": "divided by"}[symbol]
            text = f"{text} {said} {right.embedded()}" + (" (rounded down)" if symbol == "//" else "")
        return Phrase(text, kind=kind if joining else "value", plural=kind in ("players", "components"),
                      compound=1)

    @staticmethod
    def _joins(children: list[Any]) -> bool:
        """`+` joins text or lists when one of its parts is text or a list."""
        for child in children[::2]:
            if isinstance(child, Tree) and (child.data in ("string", "list")
                                            or (child.data == "call" and str(child.children[0]) == "str")):
                return True
        return False

    def _v_ternary(self, node: Tree, scope: Scope) -> Phrase:
        then, condition, other = node.children
        a, b = self.phrase(then, scope), self.phrase(other, scope)
        text = f"{a.embedded(2)} if {self.say(condition, scope)}, otherwise {b.standalone}"
        return Phrase(text, kind=a.kind, plural=a.plural, compound=2, alone=text)

    def _v_call(self, node: Tree, scope: Scope) -> Phrase:
        name = str(node.children[0])
        args = [c for c in node.children[1:] if c is not None]
        if name in self.definitions:
            definition = self.definitions[name]
            if self._is_condition(self.tree(definition.text), (name,)):
                return Phrase(f"whether {self._definition_claim(definition, args, scope, False)}")
            said = [self.phrase(a, scope) for a in args]
            noun = self.m.term(words(name))
            if not said:
                text = f"the {noun}"
            elif name.endswith("_of"):  # `colour_of(c, k)`: "the *colour of* c"
                text = f"the {noun} {said[0].embedded()}"
            elif said[0].compound or name in self.attributes:
                text = f"the {noun} of {said[0].embedded()}"
            else:
                text = f"{said[0].possessive} {noun}"
            if len(said) > 1:
                text += f" (given {join(p.embedded() for p in said[1:])})"
            return Phrase(text, kind=self._kind(self.tree(definition.text), scope))
        method = getattr(self, "_f_" + name, None)
        if method is None:
            raise NoWords(f"no words for the function {name!r}")
        return method([self.phrase(a, scope) for a in args], args, scope)

    def _f_size(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        if said[0].kind == "components":
            return Phrase(f"the number of {self.noun[1]} in {said[0].text}")
        return Phrase(f"the number of items in {said[0].embedded()}")

    def _f_top(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        return Phrase(f"the top {self.noun[0]} of {said[0].embedded()}", kind="component")

    def _f_bottom(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        return Phrase(f"the bottom {self.noun[0]} of {said[0].embedded()}", kind="component")

    def _seat(self, said: list[Phrase], near: str, far: str) -> Phrase:
        steps = said[1].text if len(said) > 1 else "1"
        if steps == "1":
            return Phrase(near.format(who=said[0].text, whose=said[0].possessive), kind="player")
        return Phrase(far.format(k=steps, who=said[0].text, whose=said[0].possessive), kind="player")

    def _f_next(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        if said[0] is scope.actor and len(said) == 1:
            return Phrase("the next player", kind="player")
        return self._seat(said, "the player after {who}", "the player {k} places after {who}")

    def _f_previous(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        if said[0] is scope.actor and len(said) == 1:
            return Phrase("the previous player", kind="player")
        return self._seat(said, "the player before {who}", "the player {k} places before {who}")

    def _f_left(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        return self._seat(said, "the player to {whose} left", "the player {k} seats to {whose} left")

    def _f_right(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        return self._seat(said, "the player to {whose} right", "the player {k} seats to {whose} right")

    def _f_others(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        if said[0] is scope.actor:
            return Phrase("the other players", plural=True, kind="players")
        return Phrase(f"the players other than {said[0].text}", plural=True, kind="players")

    def _f_in_play(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        return Phrase(f"whether {said[0].text} {said[0].be} still in play")

    def _f_str(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        return said[0]

    def _f_abs(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        return Phrase(f"{said[0].embedded()} without its sign")

    def _f_min(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        return Phrase(f"the {'smaller' if len(said) == 2 else 'smallest'} of {join(p.embedded() for p in said)}")

    def _f_max(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        return Phrase(f"the {'larger' if len(said) == 2 else 'largest'} of {join(p.embedded() for p in said)}")

    def _f_changes(self, said: list[Phrase], args: list[Tree], scope: Scope) -> Phrase:
        return Phrase(f"the number of changes to {said[0].text} this round")

    def _v_aggregate(self, node: Tree, scope: Scope) -> Phrase:
        kind_token, binder_token, source_node, body = node.children
        kind, binder = str(kind_token), str(binder_token)
        source = self.phrase(source_node, scope)
        singular, plural, who = self.element(source.kind)
        among = origin(source)
        if kind in ("any", "all"):
            return Phrase(f"whether {self.say(node, scope)}")
        if body is None:
            return Phrase({"count": f"the number of {plural}{among}", "sum": f"the total of {source.text}",
                           "min": f"the smallest of {source.text}", "max": f"the largest of {source.text}",
                           "first": f"the first of {source.text}"}[kind],
                          kind=element_kind(source.kind) if kind == "first" else "value")
        item = Phrase(binder, kind=element_kind(source.kind))
        if kind == "count":
            clause, named = self._relative(body, binder, item, scope, plural=True, who=who)
            return Phrase(f"the number of {plural}{' ' + binder if named else ''}{among} {clause}")
        if kind == "first":
            clause, named = self._relative(body, binder, item, scope, who=who)
            return Phrase(f"the first {singular}{' ' + binder if named else ''}{among} {clause}",
                          kind=element_kind(source.kind))
        measured = self._measure(body, binder)
        word = {"sum": "total", "min": "lowest", "max": "highest"}[kind]
        if measured is not None:
            return Phrase(f"the {word} {measured} of {self._the_plural(source, plural)}")
        inner = self.phrase(body, scope.bind(binder, Phrase(binder, kind=element_kind(source.kind))))
        return Phrase(f"the {word}, over every {singular} {binder}{among}, of {inner.embedded()}")

    def _measure(self, body: Tree, binder: str) -> str | None:
        """`c.points`, `score[q]` or `hand_points(p)` for the loop's item: "points", "*score*", "*hand points*"."""
        if body.data == "attr" and body.children[0].data == "name" and str(body.children[0].children[0]) == binder:
            return words(body.children[1])
        if body.data == "index" and body.children[1].data == "name" \
                and str(body.children[1].children[0]) == binder and body.children[0].data == "name" \
                and str(body.children[0].children[0]) in self.variables:
            return self.m.term(words(body.children[0].children[0]))
        if body.data == "call" and len(body.children) == 2 and body.children[1] is not None \
                and body.children[1].data == "name" and str(body.children[1].children[0]) == binder \
                and str(body.children[0]) in self.definitions:
            return self.m.term(words(body.children[0]))
        return None

    def _the_plural(self, source: Phrase, plural: str) -> str:
        if source.kind == "components":
            return f"the {plural} in {source.text}"
        return source.text

    def element(self, kind: str) -> tuple[str, str, str]:
        if kind == "components":
            return self.noun[0], self.noun[1], "that"
        if kind == "players":
            return "player", "players", "who"
        return "value", "values", "that"

    # ------------------------------------------------------------ sentences (conditions)

    def say(self, node: Tree, scope: Scope, negate: bool = False) -> str:
        method = getattr(self, "_s_" + node.data, None)
        if method is not None:
            return method(node, scope, negate)
        if not hasattr(self, "_v_" + node.data):
            raise NoWords(f"no words for the expression construct {node.data!r}")
        if node.data == "name" and str(node.children[0]) in self.definitions:
            definition = self.definitions[str(node.children[0])]
            if not definition.params:
                return self._definition_claim(definition, [], scope, negate)
        if node.data in ("true", "false"):
            return "never" if (node.data == "true") == negate else "always"
        subject = self.phrase(node, scope)
        return f"{subject.embedded(2)} {subject.be} {'false' if negate else 'true'}"

    def _s_or_(self, node: Tree, scope: Scope, negate: bool) -> str:
        parts = [self._part(child, scope, negate, "and_" if negate else "or_") for child in node.children]
        return join(parts, "and") if negate else ", or ".join(parts)

    def _s_and_(self, node: Tree, scope: Scope, negate: bool) -> str:
        parts = [self._part(child, scope, negate, "or_" if negate else "and_") for child in node.children]
        return ", or ".join(parts) if negate else join(parts, "and")

    def _part(self, child: Tree, scope: Scope, negate: bool, outer: str) -> str:
        """A part of `and`/`or`: an `or` inside an `and` is put in parentheses."""
        text = self.say(child, scope, negate)
        inner = child.data if not negate else {"and_": "or_", "or_": "and_"}.get(child.data, child.data)
        if child.data == "not_":
            inner = {"and_": "or_", "or_": "and_"}.get(child.children[0].data, "") if not negate \
                else child.children[0].data
        if outer == "and_" and inner == "or_" or outer == "or_" and inner == "and_" and ", " in text:
            return f"({text})"
        return text

    def _s_not_(self, node: Tree, scope: Scope, negate: bool) -> str:
        return self.say(node.children[0], scope, not negate)

    def _s_ternary(self, node: Tree, scope: Scope, negate: bool) -> str:
        then, condition, other = node.children
        return (f"{self.say(then, scope, negate)} if {self.say(condition, scope)}, "
                f"and otherwise {self.say(other, scope, negate)}")

    def _s_compare(self, node: Tree, scope: Scope, negate: bool) -> str:
        left, op_token, right = node.children
        op = _FLIP[str(op_token)] if negate else str(op_token)
        if right.data == "none" or left.data == "none":
            return self._nothing(right if left.data == "none" else left, op, scope)
        if self._builtin_name(left, "phase", scope) and right.data == "name" \
                and str(right.children[0]) in self.phases and op in ("==", "!="):
            return f"the turn is {'' if op == '==' else 'not '}in the {self.m.term(words(right.children[0]))} phase"
        if left.data == "call" and str(left.children[0]) == "size" and "size" not in self.definitions:
            container = self.phrase(left.children[1], scope)
            amount = self.phrase(right, scope)
            if container.kind == "components":
                return self._holds(container, op, amount, right.data in ("number", "name"))
        if self._builtin_name(left, "players", scope):
            amount = self.phrase(right, scope).embedded(2)
            return f"there are {_SAY_QUANTITY[op].format(amount)} players" if op != "==" or amount != "1" \
                else "there is 1 player"
        a, b = self.phrase(left, scope), self.phrase(right, scope)
        verb = _SAY_COMPARE[op]
        if a.plural:
            verb = verb.replace("is", "are", 1)
        return f"{a.embedded(2)} {verb} {b.embedded(2)}"

    def _builtin_name(self, node: Tree, name: str, scope: Scope) -> bool:
        """Whether a node is the built-in `name`, not hidden by anything the ruleset declares."""
        return node.data == "name" and str(node.children[0]) == name and not any(
            name in table for table in (scope.names, self.variables, self.params, self.zones, self.definitions))

    def _nothing(self, node: Tree, op: str, scope: Scope) -> str:
        """`x == none`: "there is no x"; `card.colour == none`: "the card has no colour"."""
        if op not in ("==", "!="):
            return "never"
        if node.data == "attr":
            base = self.phrase(node.children[0], scope)
            has = base.verb("have", "has")
            return f"{base.text} {has} {'no' if op == '==' else 'a'} {words(node.children[1])}"
        said = self.phrase(node, scope)
        if said.text.startswith(_IT) or said.text.startswith(_ITS):  # "that is no card", "that are cards"
            singular, plural, _ = self.element({"component": "components", "player": "players"}.get(said.kind, ""))
            if op == "==":
                return f"{said.text} {said.be} no {singular}"
            return f"{said.text} {said.be} {plural if said.plural else article(singular) + ' ' + singular}"
        if op == "==":
            return f"there is no {_bare(said.text)}"
        return f"there is {article(_bare(said.text))} {_bare(said.text)}"

    def _holds(self, container: Phrase, op: str, amount: Phrase, simple: bool) -> str:
        count = amount.embedded(2)
        if not simple:  # not a number or a name: "the number of cards in X is more than ..."
            return f"the number of {self.noun[1]} in {container.text} {_SAY_COMPARE[op]} {count}"
        if count == "0" and op in ("==", "!=", ">", "<="):
            return f"{container.text} {container.be} {'' if op in ('==', '<=') else 'not '}empty"
        noun = self.noun[0] if count == "1" else self.noun[1]
        if op == "!=":
            return f"{container.text} {container.verb('do', 'does')} not hold {count} {noun}"
        return f"{container.text} {container.verb('hold', 'holds')} {_SAY_QUANTITY[op].format(count)} {noun}"

    def _s_in_(self, node: Tree, scope: Scope, negate: bool) -> str:
        return self._membership(node, scope, negate)

    def _s_not_in(self, node: Tree, scope: Scope, negate: bool) -> str:
        return self._membership(node, scope, not negate)

    def _membership(self, node: Tree, scope: Scope, negate: bool) -> str:
        item_node, container_node = node.children
        item = self.phrase(item_node, scope)
        if container_node.data == "list":
            options = [self.phrase(c, scope).embedded(2) for c in container_node.children if c is not None]
            if not options:
                return "never" if not negate else "always"
            if negate:
                return f"{item.embedded(2)} {item.be} " + (f"not {options[0]}" if len(options) == 1
                                                           else "neither " + " nor ".join(options))
            return f"{item.embedded(2)} {item.be} {join(options, 'or')}"
        container = self.phrase(container_node, scope)
        where = "in" if container.kind == "components" else "one of"
        return f"{item.embedded(2)} {item.be} {'not ' if negate else ''}{where} {container.embedded(2)}"

    def _s_call(self, node: Tree, scope: Scope, negate: bool) -> str:
        name = str(node.children[0])
        args = [c for c in node.children[1:] if c is not None]
        if name in self.definitions and self._is_condition(self.tree(self.definitions[name].text), (name,)):
            return self._definition_claim(self.definitions[name], args, scope, negate)
        if name == "in_play" and name not in self.definitions:
            who = self.phrase(args[0], scope)
            return f"{who.text} {who.be} {'not ' if negate else ''}still in play"
        said = self.phrase(node, scope)
        return f"{said.embedded(2)} {said.be} {'false' if negate else 'true'}"

    def _s_aggregate(self, node: Tree, scope: Scope, negate: bool) -> str:
        kind_token, binder_token, source_node, body = node.children
        kind, binder = str(kind_token), str(binder_token)
        if kind not in ("any", "all"):
            said = self.phrase(node, scope)
            return f"{said.text} is {'false' if negate else 'true'}"
        source = self.phrase(source_node, scope)
        singular, _, who = self.element(source.kind)
        among = origin(source)
        if body is None:
            if kind == "all":
                return "never" if negate else "always"
            return f"{source.text} {source.be} {'' if negate else 'not '}empty"
        item = Phrase(binder, kind=element_kind(source.kind))
        clause, named = self._relative(body, binder, item, scope, who=who)
        thing = f"{singular}{' ' + binder if named else ''}{among}"
        if kind == "any":
            return f"there is {'no' if negate else article(singular)} {thing} {clause}"
        if negate:
            negated, _ = self._relative(Tree("not_", [body]), binder, item, scope, who=who)
            return f"there is {article(singular)} {thing} {negated}"
        return f"every {thing} is one {clause}"

    # ------------------------------------------------------------ definitions

    def _definition_claim(self, definition: _Definition, args: list[Tree], scope: Scope, negate: bool) -> str:
        """A condition defined by name: "the card is *playable*", "you *can use* c", "*bluff* holds"."""
        said = [self.phrase(a, scope) for a in args]
        parts = definition.name.split("_")
        if parts[0] in _MODALS and len(parts) > 1:
            modal = {"can": "cannot", "may": "may not", "must": "must not"}[parts[0]] if negate else parts[0]
            rest = self.m.term(" ".join(parts[1:]))
            objects = join(p.embedded(2) for p in said)
            return f"{scope.actor.text} {modal} {rest}" + (f" {objects}" if objects else "")
        if parts[0] == "is" and len(parts) > 1 and len(said) == 1:
            return f"{said[0].embedded(2)} {said[0].be} {'not ' if negate else ''}{self.m.term(' '.join(parts[1:]))}"
        term = self.m.term(words(definition.name))
        base = _verb_base(definition.name)
        if len(said) == 1 and base is not None:  # `matches(card)`: "the card matches"
            if negate:
                return f"{said[0].embedded(2)} {said[0].verb('do', 'does')} not {self.m.term(base)}"
            return f"{said[0].embedded(2)} {self.m.term(said[0].verb(base, definition.name))}"
        if len(said) == 1:
            return f"{said[0].embedded(2)} {said[0].be} {'not ' if negate else ''}{term}"
        if not said:
            return f"{term} {'does not hold' if negate else 'holds'}"
        return f"{term} {'does not hold' if negate else 'holds'} for {join(p.embedded(2) for p in said)}"

    def define(self, key: str, scope: Scope) -> str:
        """A definition explained once: "the card is *playable* when ..."."""
        name, params = _signature(key)
        definition = self.definitions[name]
        inner = scope
        for param in params:
            inner = inner.bind(param, _parameter(param, self.noun))
        body = self.tree(definition.text)
        call = Tree("call", [Token("NAME", name)] + [Tree("name", [Token("NAME", p)]) for p in params]) \
            if params else Tree("name", [Token("NAME", name)])
        if self._is_condition(body, (name,)):
            head = self.say(call, inner)
            if body.data in ("true", "false"):
                return f"{head} {'in every case' if body.data == 'true' else 'in no case'}"
            return f"{head} when {self.say(body, inner)}"
        said = self.phrase(body, inner)
        return f"{self.phrase(call, inner).standalone} {said.be} {said.standalone}"

    # ------------------------------------------------------------ relative clauses

    def _relative(self, body: Tree, subject: str, named: Phrase, scope: Scope, plural: bool = False,
                  who: str = "that") -> tuple[str, bool]:
        """A condition about `subject` as a clause after a noun: (clause, whether the noun must be named)."""
        pronoun = Phrase(_IT, _ITS, plural=plural, kind=named.kind)
        joined = {"and_": " and ", "or_": ", or "}.get(body.data)
        if joined is not None:
            parts = [self._relative_part(child, subject, scope, who, pronoun) for child in body.children]
            if body.data == "or_":  # a part that is a clause only in part: "(that *answers*, provided that ...)"
                parts = [p if p is not None else self._partial(child, subject, named, scope, plural, who)
                         for child, p in zip(body.children, parts)]
            if all(p is not None for p in parts):
                said = [_wrap_or(child, p, body.data) for child, p in zip(body.children, parts)]
                return joined.join(_shared_pronoun(said, who)), False
            if body.data == "and_":
                clauses = [_wrap_or(c, p, "and_") for c, p in zip(body.children, parts) if p is not None]
                rest = [self.say(c, scope.bind(subject, named)) for c, p in zip(body.children, parts) if p is None]
                if clauses:
                    return f"{' and '.join(clauses)}, provided that {join(rest)}", \
                        any(_mentions(c, subject) for c, p in zip(body.children, parts) if p is None)
        single = self._relative_part(body, subject, scope, who, pronoun)
        if single is not None:
            return single, False
        return f"such that {self.say(body, scope.bind(subject, named))}", True

    def _partial(self, node: Tree, subject: str, named: Phrase, scope: Scope, plural: bool, who: str) -> str | None:
        if node.data != "and_":
            return None
        clause, needs_name = self._relative(node, subject, named, scope, plural, who)
        return None if needs_name or clause.startswith("such that") else f"({clause})"

    def _relative_part(self, node: Tree, subject: str, scope: Scope, who: str, pronoun: Phrase) -> str | None:
        text = self.say(node, scope.bind(subject, pronoun))
        if text.startswith(_ITS + " ") and _IT not in text and text.count(_ITS) == 1:
            return "whose " + text[2:]
        if text.startswith(_IT + " ") and text.count(_IT) == 1 and _ITS not in text:
            return f"{who} {text[2:]}"
        if text.startswith(scope.actor.text + " ") and text.endswith(" " + _IT) and text.count(_IT) == 1 \
                and _ITS not in text:  # "you can *use* it": "that you can *use*"
            return f"that {text[:-2]}"
        return None

    # ------------------------------------------------------------ inference

    def _is_condition(self, node: Tree, seen: tuple[str, ...]) -> bool:
        data = node.data
        if data in ("or_", "and_", "not_", "compare", "in_", "not_in", "true", "false"):
            return True
        if data == "aggregate":
            return str(node.children[0]) in ("any", "all")
        if data == "ternary":
            return self._is_condition(node.children[0], seen)
        if data in ("call", "name"):
            name = str(node.children[0])
            if data == "call" and name == "in_play":
                return True
            definition = self.definitions.get(name)
            if definition is not None and name not in seen:
                return self._is_condition(self.tree(definition.text), seen + (name,))
            if data == "name" and name in self.variables:
                return isinstance(self.variables[name].get("initial"), bool)
        return False

    def _kind(self, node: Tree, scope: Scope, seen: tuple[str, ...] = ()) -> str:
        """What an expression stands for, as far as the words need: players, components, a player ..."""
        data = node.data
        if data == "name":
            name = str(node.children[0])
            if name in scope.names:
                return scope.names[name].kind
            if name in self.zones:
                return "components"
            if name in self.definitions and name not in seen:
                return self._kind(self.tree(self.definitions[name].text), scope, seen + (name,))
            builtin = self._builtin(name, scope)
            return builtin.kind if builtin is not None else "value"
        if data == "call":
            name = str(node.children[0])
            if name in self.definitions and name not in seen:
                return self._kind(self.tree(self.definitions[name].text), scope, seen + (name,))
            return {"others": "players", "next": "player", "previous": "player", "left": "player",
                    "right": "player", "top": "component", "bottom": "component"}.get(name, "value")
        if data == "list":
            kinds = {self._kind(c, scope, seen) for c in node.children if c is not None}
            single = kinds.pop() if len(kinds) == 1 else ""
            return {"component": "components", "player": "players"}.get(single, "value")
        if data in ("arith", "ternary"):
            return self._kind(node.children[0], scope, seen)
        if data == "index":
            base = node.children[0]
            if base.data == "name" and str(base.children[0]) in self.zones:
                return "components"
            return element_kind(self._kind(base, scope, seen))
        return "value"


def element_kind(kind: str) -> str:
    """What one item of a list of this kind is."""
    return {"components": "component", "players": "player"}.get(kind, "value")


def origin(source: Phrase) -> str:
    """Where the items of a loop come from: " in your *hand*", " among the other players" (nothing for all)."""
    if source.text == "all players":
        return ""
    return f" in {source.text}" if source.kind in ("components", "value") else f" among {source.text}"


def _parameter(name: str, noun: tuple[str, str]) -> Phrase:
    """A definition's parameter: a short name stays a name, a word becomes "the card"."""
    kind = "component" if name == noun[0] else "components" if name == noun[1] else "value"
    if len(name) <= 2:
        return Phrase(name, kind=kind)
    return Phrase(f"the {words(name)}", plural=name.endswith("s"), kind=kind)


def _without_nothing(where: Tree, name: str) -> Tree | None:
    """The `where` of an optional choice without its `name == none` part: "or nothing" says it."""
    def nothing(node: Tree) -> bool:
        return node.data == "compare" and str(node.children[1]) == "==" and {
            (c.data, str(c.children[0]) if c.children else "") for c in (node.children[0], node.children[2])
        } == {("name", name), ("none", "")}
    if nothing(where):
        return None
    if where.data != "or_":
        return where
    kept = [child for child in where.children if not nothing(child)]
    return kept[0] if len(kept) == 1 else Tree("or_", kept)


def _verb_base(name: str) -> str | None:
    """`matches` -> "match", `bluffs` -> "bluff": a one-word name in the third person; None otherwise."""
    if "_" in name or not name.endswith("s") or name.endswith("ss") or len(name) < 4:
        return None
    return name[:-2] if name.endswith(("ches", "shes", "sses", "xes", "zes")) else name[:-1]


def _bare(text: str) -> str:
    return text[4:] if text.startswith("the ") else text


def article(text: str) -> str:
    first = text.lstrip("*_“")[:1].lower()
    return "an" if first in "aeiou" and first else "a"


def _mentions(node: Tree, name: str) -> bool:
    return any(sub.data == "name" and str(sub.children[0]) == name for sub in node.iter_subtrees())


def _shared_pronoun(clauses: list[str], who: str) -> list[str]:
    """"that is *wild* and that has no colour": the second "that" goes."""
    shared = [clauses[0]]
    for before, clause in zip(clauses, clauses[1:]):
        pronoun = next((p for p in (who, "that") if before.startswith(p + " ") and clause.startswith(p + " ")), None)
        shared.append(clause[len(pronoun) + 1:] if pronoun else clause)
    return shared


def _wrap_or(child: Tree, text: str, outer: str) -> str:
    return f"({text})" if outer == "and_" and child.data == "or_" else text

