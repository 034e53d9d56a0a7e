"""A ruleset's expressions in English: what the rule sheet and the variant diff say them with.

`Words` speaks for one ruleset tree. Its expression nodes are said by two passes
over them: `phrases.Phrases` makes a noun phrase of any node ("the top card of
the *discard*"), `claims.Claims` a sentence of a condition ("your *hand* is
empty"); a condition about the thing being chosen or counted becomes a relative
clause (`clauses.py`). The rules are generic:

- names read as words (`active_colour` is "active colour"); the names a ruleset
  declares (variables, parameters, zones, definitions, phases) are terms, set in
  italics in Markdown;
- the acting player is "you"; a per-player zone or variable written bare is
  "your hand", with an index "the winner's score";
- a definition is said by its name ("the card is *playable*", "you *can use* c")
  and explained once in its own place;
- what a phrase stands for (a player, players, a component, components) is its
  node's static type.

The two list forms that are no function an author calls are said here
(`lists`): a filter ("the cards in your *hand* whose rank is 3") and a cut
("the first 2 cards of the *discard* from the bottom"); the built-in
functions have their words in `phrases.py`.

Names are looked up in the tree, never in the document.
"""
from __future__ import annotations

from dataclasses import replace

from ..language.builtins import CUT
from ..tree import nodes as n
from .claims import Claims
from .clauses import Clauses, without_nothing
from .phrases import Phrases
from .prose import Markup, Phrase, Scope, amount, article, element_kind, join, origin, value_list, words
from .written import stands_for

_MODALS = {"can": "cannot", "may": "may not", "must": "must not"}


class Words:
    """Says the expressions, choices, targets and definitions of one ruleset tree."""

    def __init__(self, rules: n.Ruleset, markup: Markup = Markup()):
        self.rules = rules
        self.m = markup
        sections = {entry.section for entry in rules.entries}
        self.noun = ("card", "cards") if "dice" not in sections else ("die", "dice") if "cards" not in sections \
            else ("component", "components")
        self._phrases = Phrases(self)
        self._claims = Claims(self)
        self.clauses = Clauses(self)

    # ------------------------------------------------------------ expressions

    def phrase(self, node: n.Expr, scope: Scope) -> Phrase:
        """A node as a noun phrase; a local name is said as it was bound, anything else stands for its type."""
        said = self.lists(node, scope) or self._phrases.visit(node, scope)
        if isinstance(node, n.Local):
            return said
        kind = stands_for(node.type)
        return said if said.kind == kind else replace(said, kind=kind)

    def value(self, node: n.Expr, scope: Scope) -> str:
        """A node as a noun phrase on its own: "the top card of the *discard*"."""
        return self.phrase(node, scope).standalone

    def claim(self, node: n.Expr, scope: Scope, negate: bool = False) -> str:
        """A condition as a sentence: "your *hand* holds 1 card"."""
        return self._claims.visit(node, scope, negate)

    def lists(self, node: n.Expr, scope: Scope) -> Phrase | None:
        """A filter or a cut as a noun phrase; None for any other node."""
        if isinstance(node, n.Aggregate) and node.kind == "filter" and node.body is not None:
            source = self.phrase(node.items, scope)
            _, plural, who = self.element(source.kind)
            item = Phrase(node.binder, kind=element_kind(source.kind))
            clause, named = self.clauses.about(node.body, node.binder, item, scope, plural=True, who=who)
            return Phrase(f"the {plural}{' ' + node.binder if named else ''}{origin(source)} {clause}", plural=True)
        if isinstance(node, n.Call) and node.function == CUT:
            return self._cut(node, [self.phrase(arg, scope) for arg in node.args])
        return None

    def _cut(self, node: n.Call, said: list[Phrase]) -> Phrase:
        """`x[a:b]`: "the first 2 cards of x", "the values of x from position 1 on (positions count from 0)"."""
        source, start, stop = said
        singular, plural, _ = self.element(source.kind)
        open_start, open_stop = (isinstance(bound, n.Const) and bound.value is None for bound in node.args[1:])
        bottom = " from the bottom" if node.args[0].type.kind == "zone" else ""
        if open_start and open_stop:
            return Phrase(f"the {plural} of {source.embedded()}", plural=True)
        if open_start:
            first = singular if stop.text == "1" else f"{stop.embedded()} {plural}"
            return Phrase(f"the first {first} of {source.embedded()}{bottom}", plural=True)
        upto = " on" if open_stop else f" up to, not including, position {stop.embedded()}"
        counted = " at the bottom" if bottom else ""
        return Phrase(f"the {plural} of {source.embedded()} from position {start.embedded()}{upto} "
                      f"(positions count from 0{counted})", plural=True)

    def element(self, kind: str) -> tuple[str, str, str]:
        """One of the things a phrase of this kind holds: (singular, plural, relative pronoun)."""
        if kind == "components":
            return self.noun[0], self.noun[1], "that"
        if kind == "players":
            return "player", "players", "who"
        return "value", "values", "that"

    # ------------------------------------------------------------ places and targets

    def zone_phrase(self, name: str, owner: Phrase | None) -> Phrase:
        term = self.m.term(words(name))
        if owner is None:
            return Phrase(f"the {term}", kind="components")
        return Phrase(f"{owner.possessive} {term}", kind="components")

    def zone(self, name: str, per_player: bool, owner: n.Expr | None, scope: Scope) -> Phrase:
        """A zone as read or changed: `discard`, `hand` (yours), `hand[p]` (p's)."""
        if owner is not None:
            return self.zone_phrase(name, self.phrase(owner, scope))
        return self.zone_phrase(name, scope.actor if per_player else None)

    def pile(self, name: str, index: n.Expr | None, new: bool, scope: Scope) -> Phrase:
        """A numbered zone: all its piles, one by its number (counted from 0), or a new one."""
        term = self.m.term(words(name))
        if new:
            return Phrase(f"a new {term}", kind="components")
        if index is None:
            return Phrase(f"the {term}s", plural=True)
        return Phrase(f"{term} number {self.phrase(index, scope).embedded()}", kind="components")

    def place(self, ref: n.ZoneRef, scope: Scope) -> Phrase:
        """The zone an effect names."""
        if ref.numbered:
            return self.pile(ref.name, ref.owner, ref.new, scope)
        return self.zone(ref.name, ref.per_player, ref.owner, scope)

    def target(self, target: n.Target, scope: Scope) -> str:
        """What `set` or `add` changes: "passes", "the winner's *score*", "every player's *may call*"."""
        if target.name in ("current", "dealer"):
            return "the current player" if target.name == "current" else "the dealer"
        term = self.m.term(words(target.name))
        if target.every:
            return f"every player's {term}"
        if target.owner is not None:
            return f"{self.phrase(target.owner, scope).possessive} {term}"
        if target.per_player:
            return f"{scope.actor.possessive} {term}"
        return term

    # ------------------------------------------------------------ choices

    def choice(self, choice: n.Choice, scope: Scope) -> tuple[str, Phrase]:
        """A choice in words ("a card from your *hand* that is *playable*"), and how later parts name it."""
        who = "that"
        if choice.kind in ("component", "player"):
            component = choice.kind == "component"
            source = self.phrase(choice.source, scope)
            singular, plural, who = self.element(source.kind if component else "players")
            local = Phrase(f"the {words(choice.name)}", plural=choice.many,
                           kind=("components" if choice.many else "component") if component else "player")
            if choice.many:
                text = f"{amount(choice.min_count, choice.max_count, plural)} from {source.text}"
            else:
                text = f"{article(singular)} {singular} {'from' if component else 'among'} {source.text}"
        else:
            local = Phrase(f"the chosen {words(choice.name)}")
            if choice.attribute:
                said = words(choice.attribute)
                text = f"{article(said)} {said} ({value_list(self.rules.domains[choice.attribute])})"
            elif isinstance(choice.source, n.Const) and isinstance(choice.source.value, tuple):  # written as a list
                values = choice.source.value
                text = f"one of {value_list(values)}" if len(values) > 2 else value_list(values)
            else:
                text = f"one of {self.value(choice.source, scope)}"
        where = choice.where
        if where is not None and choice.optional:
            where = without_nothing(where, choice.name)
        if where is not None:
            clause, _ = self.clauses.about(where, choice.name, local, scope, plural=choice.many, who=who)
            text += f" {clause}"
        if choice.optional:
            text += ", or nothing"
        return text, local

    # ------------------------------------------------------------ definitions

    def is_condition(self, name: str) -> bool:
        """Whether a definition is a condition (said as a claim) rather than a value (said as a noun)."""
        return self.rules.definitions[name].body.type.kind == "bool"

    def definition_claim(self, name: str, said: list[Phrase], scope: Scope, negate: bool) -> str:
        """A definition said by name as a claim: "the card is *playable*", "you *can use* c", "*bluff* holds"."""
        parts = name.split("_")
        if parts[0] in _MODALS and len(parts) > 1:
            modal = _MODALS[parts[0]] if negate else parts[0]
            rest = self.m.term(" ".join(parts[1:]))
            objects = join(p.embedded(2) for p in said)
            return f"{scope.actor.text} {modal} {rest}" + (f" {objects}" if objects else "")
        if parts[0] == "is" and len(parts) > 1 and len(said) == 1:
            return f"{said[0].embedded(2)} {said[0].be} {'not ' if negate else ''}{self.m.term(' '.join(parts[1:]))}"
        term = self.m.term(words(name))
        base = _verb_base(name)
        if len(said) == 1 and base is not None:  # `matches(card)`: "the card matches"
            if negate:
                return f"{said[0].embedded(2)} {said[0].verb('do', 'does')} not {self.m.term(base)}"
            return f"{said[0].embedded(2)} {self.m.term(said[0].verb(base, name))}"
        if len(said) == 1:
            return f"{said[0].embedded(2)} {said[0].be} {'not ' if negate else ''}{term}"
        if not said:
            return f"{term} {'does not hold' if negate else 'holds'}"
        return f"{term} {'does not hold' if negate else 'holds'} for {join(p.embedded(2) for p in said)}"

    def definition_phrase(self, name: str, said: list[Phrase]) -> Phrase:
        """A definition said by name as a noun: "the *top card*", "p's *hand points*", "the *colour of* c"."""
        noun = self.m.term(words(name))
        if not said:
            text = f"the {noun}"
        elif name.endswith("_of"):  # `colour_of(c, k)`: "the *colour of* c"
            text = f"the {noun} {said[0].embedded()}"
        elif said[0].compound or name in self.rules.symbols.attributes:
            text = f"the {noun} of {said[0].embedded()}"
        else:
            text = f"{said[0].possessive} {noun}"
        if len(said) > 1:
            text += f" (given {join(p.embedded() for p in said[1:])})"
        return Phrase(text)

    def define(self, definition: n.Definition, scope: Scope) -> str:
        """A definition explained once: "the card is *playable* when ..."."""
        inner = scope
        for param in definition.params:
            inner = inner.bind(param, _parameter(param, self.noun))
        said = [inner.names[param] for param in definition.params]
        body = definition.body
        if self.is_condition(definition.name):
            head = self.definition_claim(definition.name, said, inner, False)
            if isinstance(body, n.Const):
                return f"{head} {'in every case' if body.value else 'in no case'}"
            return f"{head} when {self.claim(body, inner)}"
        value = self.phrase(body, inner)
        return f"{self.definition_phrase(definition.name, said).standalone} {value.be} {value.standalone}"


def _parameter(name: str, noun: tuple[str, str]) -> Phrase:
    """A definition's parameter: a short name stays a name, a word becomes "the card"."""
    kind = "component" if name == noun[0] else "components" if name == noun[1] else "value"
    if len(name) <= 2:
        return Phrase(name, kind=kind)
    return Phrase(f"the {words(name)}", plural=name.endswith("s"), kind=kind)


def _verb_base(name: str) -> str | None:
    """`matches` -> "match", `bluffs` -> "bluff": a one-word name in the third person; None otherwise."""
    if "_" in name or not name.endswith("s") or name.endswith("ss") or len(name) < 4:
        return None
    return name[:-2] if name.endswith(("ches", "shes", "sses", "xes", "zes")) else name[:-1]
