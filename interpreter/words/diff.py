"""What a variant changes: `rulesrun diff BASE VARIANT`.

Two resolved rulesets (everything they extend merged in) are compared as
documents: every added, removed and changed path, with its old and new value,
which is what the variant changed as written. The same changes are then said in
words, section by section: the changed expressions and effects by the two rule
sheets, over the two ruleset trees ("Action **play**: its choice **card** is
now: ..."), the settings and declarations from the documents ("New setting
*stack mixed*: false", "Setting *target score*: 200 → 100"). Lists are matched
item by item, so an effect appended to a list reads as an addition, not as a
changed list.
"""
from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from typing import Any, Mapping

from ..pipeline import load_checked
from ..tree import nodes as n
from ..tree.symbols import split_signature
from .explain import WINNER, RuleSheet
from .layout import Block, Heading, Item, Listing, Paragraph, render
from .prose import Markup, Phrase, Scope, YOU, capital, value_list, words

Path = tuple[Any, ...]


class _Missing:
    def __repr__(self) -> str:
        return "missing"


MISSING: Any = _Missing()


@dataclass(frozen=True)
class Change:
    """One difference: the path, and the value before and after (MISSING where there is none)."""

    path: Path
    old: Any = MISSING
    new: Any = MISSING

    @property
    def kind(self) -> str:
        return "added" if self.old is MISSING else "removed" if self.new is MISSING else "changed"


def changes(old: Any, new: Any, path: Path = ()) -> list[Change]:
    """Every difference between two documents, in document order."""
    if isinstance(old, dict) and isinstance(new, dict):
        found: list[Change] = []
        for key in list(old) + [k for k in new if k not in old]:
            if key not in new:
                found.append(Change(path + (key,), old[key], MISSING))
            elif key not in old:
                found.append(Change(path + (key,), MISSING, new[key]))
            else:
                found += changes(old[key], new[key], path + (key,))
        return found
    if isinstance(old, list) and isinstance(new, list):
        return _list_changes(old, new, path)
    return [] if old == new and type(old) is type(new) else [Change(path, old, new)]


def _list_changes(old: list[Any], new: list[Any], path: Path) -> list[Change]:
    """Items matched by content: insertions and deletions, and item-by-item changes where counts agree."""
    keys = [json.dumps(item, sort_keys=True, default=str) for item in old]
    matcher = difflib.SequenceMatcher(a=keys, b=[json.dumps(item, sort_keys=True, default=str) for item in new],
                                      autojunk=False)
    found: list[Change] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                found += changes(old[i1 + k], new[j1 + k], path + (j1 + k,))
            continue
        found += [Change(path + (i,), old[i], MISSING) for i in range(i1, i2)]
        found += [Change(path + (j,), MISSING, new[j]) for j in range(j1, j2)]
    return found


def diff(base: str, variant: str, markdown: bool = True) -> str:
    """What `variant` changes compared with `base`, in words and as a structural diff."""
    markup = Markup(markdown)
    sides = []
    for name in (base, variant):
        doc, game = load_checked(name)
        sides.append(Side(doc.data, RuleSheet(game, markup)))
    return render(Report(base, variant, *sides).blocks(), markdown)


@dataclass(frozen=True)
class Side:
    """One of the two rulesets compared: its document (where the changes are found) and its rule sheet."""

    doc: Mapping[str, Any]
    sheet: RuleSheet

    def action(self, name: str) -> n.Action:
        return next(action for action in self.sheet.rules.actions if action.name == name)


class Report:
    """The blocks of a diff: a heading, the changes in words, then the changed paths."""

    def __init__(self, base: str, variant: str, old: Side, new: Side):
        self.base, self.variant = base, variant
        self.old, self.new = old, new
        self.m = new.sheet.m
        self.changes = changes(old.doc, new.doc)

    def blocks(self) -> list[Block]:
        blocks: list[Block] = [Heading(1, f"{self.variant} compared with {self.base}")]
        if not self.changes:
            return blocks + [Paragraph("There are no differences: both rulesets say the same.")]
        description = self.new.doc.get("description")
        if description and description != self.old.doc.get("description"):
            blocks.append(Paragraph(str(description)))
        blocks += [Heading(2, "In words"), Listing(self.in_words(), ordered=False),
                   Heading(2, "Structure"), Listing([self._structural(c) for c in self.changes], ordered=False)]
        return blocks

    # ------------------------------------------------------------ in words

    def in_words(self) -> list[Item]:
        sections = list(dict.fromkeys(change.path[0] for change in self.changes))
        items: list[Item] = []
        for section in sections:
            mine = [c for c in self.changes if c.path[0] == section]
            method = getattr(self, "_say_" + str(section), None)
            items += method(mine) if method is not None else [self._plain(c) for c in mine]
        return items

    def _plain(self, change: Change) -> Item:
        label = capital(words(".".join(map(str, change.path))))
        if change.kind == "added":
            return Item(f"{label}: now {_shown(change.new)}.")
        if change.kind == "removed":
            return Item(f"{label}: removed (was {_shown(change.old)}).")
        return Item(f"{label}: {_shown(change.old)} → {_shown(change.new)}.")

    def _say_name(self, mine: list[Change]) -> list[Item]:
        return [Item(f"The ruleset is named {self.m.strong(str(self.new.doc.get('name')))} "
                     f"(was {self.m.strong(str(self.old.doc.get('name')))}).")]

    def _say_description(self, mine: list[Change]) -> list[Item]:
        """A new description is shown above the list; only its removal is said here."""
        return [] if self.new.doc.get("description") else [Item("It has no description of its own.")]

    def _say_players(self, mine: list[Change]) -> list[Item]:
        def span(side: Side) -> str:
            low, high = side.sheet.rules.min_players, side.sheet.rules.max_players
            return str(low) if low == high else f"{low} to {high}"
        return [Item(f"Players: now {span(self.new)} (was {span(self.old)}).")]

    def _say_params(self, mine: list[Change]) -> list[Item]:
        items = []
        for name in _names(mine):
            old, new = _get(self.old.doc, "params", name), _get(self.new.doc, "params", name)
            term = self.m.term(words(name))
            if new is MISSING:
                items.append(Item(f"Setting {term} is removed."))
            elif old is MISSING:
                meaning = _param(new)[1]
                items.append(Item(f"New setting {term}: {value_list([_param(new)[0]])}"
                                  + (f" ({meaning.rstrip('.')})." if meaning else ".")))
            elif _param(old)[0] != _param(new)[0]:
                before, after = value_list([_param(old)[0]]), value_list([_param(new)[0]])
                items.append(Item(f"Setting {term}: {before} → {after}."))
            else:
                items.append(Item(f"Setting {term} is now described as: {_param(new)[1]}"))
        return items

    def _say_components(self, mine: list[Change]) -> list[Item]:
        new = self.new.sheet
        items = [Item(f"Components: now {len(new.rules.components)} {new.noun[1]} "
                      f"(was {len(self.old.sheet.rules.components)}), as the rule sheet's component table lists them.")]
        derived = new.rules.derived
        this = Scope(YOU, {"this": Phrase(f"the {new.noun[0]}", kind="component")})
        for name in _names([c for c in mine if c.path[1:2] == ("derive",)], depth=2):
            if name in derived and name != "label":
                items.append(Item(f"{capital(words(name))} of a {new.noun[0]} is now: "
                                  f"{new.words.value(derived[name], this)}."))
        return items

    def _say_zones(self, mine: list[Change]) -> list[Item]:
        return self._named(mine, "zones", "Zone")

    def _say_variables(self, mine: list[Change]) -> list[Item]:
        return self._named(mine, "variables", "Variable")

    def _named(self, mine: list[Change], section: str, label: str) -> list[Item]:
        items = []
        for name in _names(mine):
            term = self.m.term(words(name))
            new = _get(self.new.doc, section, name)
            if new is MISSING:
                items.append(Item(f"{label} {term} is removed."))
                continue
            description = new.get("description") if isinstance(new, dict) else None
            if _get(self.old.doc, section, name) is MISSING:
                items.append(Item(f"New {label.lower()} {term}" + (f": {description}" if description else ".")))
                continue
            fields = [c for c in mine if c.path[1] == name and len(c.path) > 2]
            said = "; ".join(f"its {words(c.path[2])} is removed" if c.kind == "removed" else
                             f"its {words(c.path[2])} is now {_shown(c.new)}" for c in fields)
            items.append(Item(f"{label} {term}: {said or 'changed'}."))
        return items

    def _say_define(self, mine: list[Change]) -> list[Item]:
        items = []
        for key in _names(mine):
            name = split_signature(str(key))[0]
            title = self.m.strong(words(name))
            if _get(self.new.doc, "define", key) is MISSING:
                items.append(Item(f"Definition {title} is removed."))
            elif _get(self.old.doc, "define", key) is MISSING:
                items.append(Item(f"New definition {title}: {self._define(self.new, name)}."))
            else:
                items.append(Item(f"Definition {title} is now: {self._define(self.new, name)} "
                                  f"(was: {self._define(self.old, name)})."))
        return items

    @staticmethod
    def _define(side: Side, name: str) -> str:
        return side.sheet.words.define(side.sheet.rules.definitions[name], Scope(YOU))

    def _say_procedures(self, mine: list[Change]) -> list[Item]:
        items = []
        for name in _names(mine):
            label = f"procedure {self.m.strong(words(name))}"
            body = self.new.sheet.rules.procedures.get(name)
            items.append(self._effects(label, _get(self.old.doc, "procedures", name),
                                       _get(self.new.doc, "procedures", name),
                                       body.effect if body is not None else None, Scope(YOU)))
        return items

    def _say_setup(self, mine: list[Change]) -> list[Item]:
        return [self._effects("the setup", self.old.doc.get("setup", MISSING), self.new.doc.get("setup", MISSING),
                              self.new.sheet.rules.setup, Scope())]

    def _say_round(self, mine: list[Change]) -> list[Item]:
        items = []
        rules, words_ = self.new.sheet.rules, self.new.sheet.words
        won = Scope(WINNER, {"winner": WINNER})
        for part in _names(mine):
            old, new = _get(self.old.doc, "round", part), _get(self.new.doc, "round", part)
            if part in ("setup", "end"):
                label = "the start of a round" if part == "setup" else "the end of a round"
                effect = rules.round_setup if part == "setup" else rules.round_end
                items.append(self._effects(label, old, new, effect, won if part == "end" else Scope()))
            elif new is MISSING:
                items.append(Item(f"The round's {words(part)} is back to the default."))
            elif part == "game_over":
                items.append(Item(f"The game is now over when {words_.claim(rules.game_over, won)}."))
            elif part == "winners":
                assert rules.winners is not None  # the new ruleset declares them (new is not MISSING)
                items.append(Item(f"The winners are now {words_.value(rules.winners, won)}."))
            elif part == "next_dealer":
                assert rules.next_dealer is not None  # the new ruleset declares it
                items.append(Item(f"The next round's dealer is now {words_.value(rules.next_dealer, won)}."))
            else:
                items.append(Item(f"Scores are now kept in {self.m.term(words(rules.score_variable))}."))
        return items

    def _say_turn(self, mine: list[Change]) -> list[Item]:
        items = []
        rules = self.new.sheet.rules
        for part in _names(mine):
            old, new = _get(self.old.doc, "turn", part), _get(self.new.doc, "turn", part)
            if part == "phase":
                items.append(Item("Turns: " + self.new.sheet.turn_start(rules.turn_phase, Scope(YOU))))
            else:
                label = "the beginning of a turn" if part == "on_begin" else "the end of a turn"
                effect = rules.turn_on_begin if part == "on_begin" else rules.turn_on_end
                items.append(self._effects(label, old, new, effect, Scope(YOU)))
        return items

    def _say_actions(self, mine: list[Change]) -> list[Item]:
        items = []
        for name in _names(mine):
            old, new = _get(self.old.doc, "actions", name), _get(self.new.doc, "actions", name)
            title = self.m.strong(words(name))
            if new is MISSING:
                items.append(Item(f"Action {title} is removed."))
            elif old is MISSING:
                items.append(Item(f"New action {title}:", [b for b in self.new.sheet.action(self.new.action(name))
                                                            if not isinstance(b, Heading)]))
            else:
                items.append(Item(f"Action {title}:", [Listing(self._action_changes(old or {}, new or {},
                                                                                    self.new.action(name)),
                                                               ordered=False)]))
        return items

    def _action_changes(self, old: Mapping[str, Any], new: Mapping[str, Any], action: n.Action) -> list[Item]:
        items = []
        sheet = self.new.sheet
        chosen, scope = sheet.choices(action)
        changed = [k for k in dict.fromkeys(list(old) + list(new)) if old.get(k, MISSING) != new.get(k, MISSING)]
        for key in changed:
            after = new.get(key, MISSING)
            if key == "effects":
                items.append(self._effects("its effects", old.get(key, MISSING), after, action.effects, scope,
                                           plural=True))
            elif key == "choose":
                items += self._choice_changes(old.get("choose") or {}, new.get("choose") or {}, chosen)
            elif key in ("phase", "if"):
                offered = Item(f"It is now offered {sheet.when(action) or 'at any moment'}.")
                items += [] if offered in items else [offered]
            elif key == "by":
                items.append(Item("Who: now " + ("anyone, even out of turn." if action.by_anyone
                                                 else "the player whose turn it is.")))
            elif after is MISSING:
                items.append(Item(f"Its {words(key)} is removed."))
            elif key == "description":
                items.append(Item(f"It is now described as: {action.description}"))
            else:  # require, which the new action declares (after is not MISSING)
                assert action.require is not None
                items.append(Item(f"It is now allowed only if {sheet.words.claim(action.require, scope)}."))
        return items

    def _choice_changes(self, old: Mapping[str, Any], new: Mapping[str, Any],
                        chosen: list[tuple[n.Choice, str, Scope]]) -> list[Item]:
        items = []
        for choice, text, _ in chosen:
            title = self.m.strong(words(choice.name))
            if choice.name not in old:
                items.append(Item(f"New choice {title}: {text}."))
            elif old[choice.name] != new[choice.name]:
                items.append(Item(f"Its choice {title} is now: {text}."))
        items += [Item(f"Its choice {self.m.strong(words(name))} is removed.") for name in old if name not in new]
        return items

    def _say_triggers(self, mine: list[Change]) -> list[Item]:
        old, new = self.old.sheet, self.new.sheet
        if any(len(c.path) == 1 for c in mine):  # one of the two has none at all
            return [self._trigger(new, t, "New") for t in new.rules.triggers] + \
                [self._trigger(old, t, "No longer") for t in old.rules.triggers]
        items = []
        for index in _names(mine):
            whole = [c for c in mine if c.path[1] == index and len(c.path) == 2]
            if not whole:
                items.append(self._trigger(new, new.rules.triggers[index], "Changed"))
            elif whole[0].kind == "added":
                items.append(self._trigger(new, new.rules.triggers[index], "New"))
            else:
                items.append(self._trigger(old, old.rules.triggers[index], "No longer"))
        return items

    @staticmethod
    def _trigger(sheet: RuleSheet, trigger: n.Trigger, lead: str) -> Item:
        said = sheet.trigger("when", trigger)
        return Item(f"{lead}, after every action: {said.text}", said.children)

    def _effects(self, label: str, old: Any, new: Any, effect: n.Effect | None, scope: Scope,
                 plural: bool = False) -> Item:
        """A changed effect list: what was added at its start or end, or the whole new list.

        What changed is found in the documents; what is said comes from the new tree, whose
        effects stand one for one for the items of the list as written.
        """
        if new is MISSING or not new or effect is None:
            return Item(f"{capital(label)}: removed.")
        before = [] if old is MISSING else old if isinstance(old, list) else [old]
        after = new if isinstance(new, list) else [new]
        steps = effect.steps if isinstance(effect, n.Sequence) else (effect,)
        end, start, be = ("end", "start", "are") if plural else ("ends", "starts", "is")
        if before and after[:len(before)] == before and len(after) > len(before):
            added, said = steps[len(before):], f"now {end} with"
        elif before and after[-len(before):] == before and len(after) > len(before):
            added, said = steps[:-len(before)], f"now {start} with"
        else:
            added, said = steps, f"{be} now"
        return Item(f"{capital(label)} {said}:", [self.new.sheet.listing(n.Sequence(steps=added), scope)])

    # ------------------------------------------------------------ structure

    def _structural(self, change: Change) -> Item:
        where = self.m.code(_dotted(change.path))
        if change.kind == "added":
            return Item(f"added {where}: {self.m.code(_shown(change.new))}")
        if change.kind == "removed":
            return Item(f"removed {where} (was {self.m.code(_shown(change.old))})")
        return Item(f"changed {where}: {self.m.code(_shown(change.old))} → {self.m.code(_shown(change.new))}")


def _names(mine: list[Change], depth: int = 1) -> list[Any]:
    """The names (second path element, or deeper) the changes touch, each once, in order."""
    return list(dict.fromkeys(c.path[depth] for c in mine if len(c.path) > depth))


def _get(doc: Mapping[str, Any], section: str, name: Any) -> Any:
    container = doc.get(section)
    if isinstance(container, dict):
        return container.get(name, MISSING)
    return MISSING


def _param(spec: Any) -> tuple[Any, str]:
    if isinstance(spec, dict):
        return spec.get("value"), str(spec.get("description", ""))
    return spec, ""


def _dotted(path: Path) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + str(part)
    return text


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)
