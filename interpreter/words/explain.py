"""A rule sheet generated from a ruleset: `rulesrun explain`.

The sheet is built from the resolved document (what the author wrote, with
`extends` merged in) and the compiled game (the components it makes). It says
the ruleset in the order a person learns a game: what is in the box, where
things lie, how the game and each round start, what a turn is, every action
with its condition and effects, what happens by itself, and the named rules.
Every expression is said by `wording.Words` and every effect by
`effect_words.EffectWords`; the descriptions the author wrote come first wherever
there are some.

The sheet is a list of blocks (headings, paragraphs, lists, tables), written
out as Markdown or as plain text by `layout.py`.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..tree.build import component_entries
from .effects import EffectWords
from ..engine.game import Game
from .layout import Block, Heading, Item, Listing, Paragraph, Table, render
from ..pipeline import load_checked
from .expressions import Markup, Phrase, Scope, Step, Words, YOU, capital, join, value_list, words

_VISIBILITY = {"hidden": "nobody", "public": "everybody", "owner": "only its owner",
               "top": "everybody, the top one only"}
_VARIABLE_VISIBILITY = {"hidden": "Seen by nobody.", "owner": "Seen only by its owner.",
                        "current": "Seen only by the player whose turn it is."}
_RESET = {"game": "never", "round": "every round", "turn": "every turn"}
_INLINE_STEPS = 3
WINNER = Phrase("the winner", kind="player")
NOBODY = Phrase("the acting player", kind="player")


def explain(name_or_path: str, markdown: bool = True) -> str:
    """The rule sheet of a ruleset, as Markdown or as plain text."""
    doc, game = load_checked(name_or_path)
    return render(RuleSheet(doc.data, game, Markup(markdown)).blocks(), markdown)


class RuleSheet:
    """Builds the blocks of one ruleset's rule sheet."""

    def __init__(self, doc: Mapping[str, Any], game: Game, markup: Markup):
        self.doc = doc
        self.game = game
        self.m = markup
        self.words = Words(doc, markup)
        self.effects = EffectWords(self.words)
        self.noun = self.words.noun

    def blocks(self) -> list[Block]:
        return (self.overview() + self.components() + self.zones() + self.variables() + self.setup()
                + self.rounds() + self.turn() + self.actions() + self.triggers() + self.definitions()
                + self.procedures())

    # ------------------------------------------------------------ sections

    def overview(self) -> list[Block]:
        doc = self.doc
        blocks: list[Block] = [Heading(1, str(doc.get("title") or doc.get("name", ""))), Heading(2, "Overview")]
        if doc.get("description"):
            blocks.append(Paragraph(str(doc["description"])))
        low, high = self.game.min_players, self.game.max_players
        players = f"{low} players" if low == high else f"{low} to {high} players"
        blocks.append(Paragraph(f"For {players}. Ruleset {self.m.strong(str(doc.get('name', '')))}"
                                + (f", version {doc['version']}" if doc.get("version") else "") + "."))
        params = doc.get("params") or {}
        if params:
            rows = []
            for name, spec in params.items():
                value, description = (spec.get("value"), spec.get("description", "")) if isinstance(spec, dict) \
                    else (spec, "")
                rows.append([self.m.term(words(name)), value_list([value]), str(description)])
            blocks.append(Paragraph("Settings a house rule may change:"))
            blocks.append(Table(["Setting", "Value", "Meaning"], rows))
        return blocks

    def components(self) -> list[Block]:
        comp = self.doc.get("components") or {}
        derive = {k: v for k, v in (comp.get("derive") or {}).items() if k != "label"}
        total = len(self.game.components)
        blocks: list[Block] = [Heading(2, "Components"),
                               Paragraph(f"{total} {self.noun[1] if total != 1 else self.noun[0]} in all.")]
        offset = 0
        for section in ("cards", "dice"):
            entries = [(path, count) for path, count in component_entries(self.doc) if path[1] == section]
            if not entries:
                continue
            table, offset = self._entry_table(section, entries, list(derive), offset)
            blocks.append(table)
        this = Scope(NOBODY, {"this": Phrase(f"the {self.noun[0]}", kind="component")})
        for name, text in derive.items():
            blocks.append(Paragraph(f"{capital(words(name))} of a {self.noun[0]}: "
                                    f"{self.words.value(text, this)}."))
        examples = self._labels()
        if examples:
            blocks.append(Paragraph(f"Each {self.noun[0]} is shown by its name, for example {join(examples)}."))
        return blocks

    def _entry_table(self, section: str, entries: list[tuple[Any, int]], derived: list[str],
                     offset: int) -> tuple[Table, int]:
        comp = self.doc.get("components") or {}
        items = comp.get(section) or []
        attributes = [a for a in (comp.get("attributes") or {})
                      if any(a in item for item in items)]
        faces = max((len(item.get("faces") or []) for item in items), default=0)
        headers = [capital(words(a)) for a in attributes] + [f"Face {i + 1}" for i in range(faces)] \
            + [capital(words(d)) for d in derived] + ["Copies", "Count"]
        rows = []
        for (path, count) in entries:
            item = items[path[2]]
            made = self.game.components[offset:offset + count]
            offset += count
            row = [_cell(item.get(a)) for a in attributes]
            shown = item.get("faces") or []
            row += [_face(shown[i]) if i < len(shown) else "—" for i in range(faces)]
            for name in derived:
                values = [c.attrs.get(name) for c in made if not c.faces]
                values += [f.get(name) for c in made for f in c.faces]
                row.append(_cell(sorted(set(v for v in values if v is not None), key=_order)))
            row += [str(item.get("copies", 1)), str(count)]
            rows.append(row)
        return Table(headers, rows), offset

    def _labels(self) -> list[str]:
        """How the first component of each entry is shown (dice on their first face)."""
        seen: list[str] = []
        start, faces = 0, [0] * len(self.game.components)
        for _, count in component_entries(self.doc):
            label = f"“{self.game.label(start, faces)}”"
            if label not in seen:
                seen.append(label)
            start += count
        return seen[:6]

    def zones(self) -> list[Block]:
        rows = []
        for name, spec in (self.doc.get("zones") or {}).items():
            spec = spec or {}
            notes = []
            if spec.get("home"):
                notes.append(f"every {self.noun[0]} starts here and comes back here each round")
            if spec.get("stock"):
                notes.append("draws come from here")
            if spec.get("bag"):
                notes.append(f"{self.noun[1]} are taken from it at random")
            refill = spec.get("refill")
            if refill:
                keep = int(refill.get("keep", 0))
                rest = f"all but the top {keep} of the {self.m.term(words(refill['from']))}" if keep else \
                    f"the {self.m.term(words(refill['from']))}"
                notes.append(f"when it is empty, it is refilled with {rest}, shuffled")
            if spec.get("description"):
                notes.insert(0, str(spec["description"]).rstrip("."))
            rows.append([self.m.term(words(name)), "each player" if spec.get("per_player") else "the table",
                         _VISIBILITY.get(str(spec.get("visibility", "public")), "everybody"),
                         capital("; ".join(notes)) + ("." if notes else "")])
        return [Heading(2, "Zones"), Paragraph(f"Each zone is a pile of {self.noun[1]}, from bottom to top."),
                Table(["Zone", "Belongs to", "Who sees its contents", "Notes"], rows)]

    def variables(self) -> list[Block]:
        variables = self.doc.get("variables") or {}
        if not variables:
            return []
        rows = []
        for name, spec in variables.items():
            spec = spec if isinstance(spec, dict) else {"initial": spec}
            meaning = [str(spec["description"]).rstrip(".") + "."] if spec.get("description") else []
            seen = str(spec.get("visibility", "public"))
            if seen != "public":
                meaning.append(_VARIABLE_VISIBILITY.get(seen, "Seen by nobody."))
            rows.append([self.m.term(words(name)) + (" (each player's)" if spec.get("per_player") else ""),
                         value_list([spec.get("initial")]), _RESET[str(spec.get("scope", "round"))],
                         " ".join(meaning)])
        return [Heading(2, "Things to remember"),
                Paragraph("Values the game keeps, seen by everybody unless it says otherwise:"),
                Table(["Name", "Starts at", "Starts again", "Meaning"], rows)]

    def setup(self) -> list[Block]:
        setup = self.doc.get("setup")
        if not setup:
            return []
        return [Heading(2, "Setup"), Paragraph("Once, before the first round:"),
                self.listing(setup, Scope(NOBODY))]

    def rounds(self) -> list[Block]:
        round_doc = self.doc.get("round") or {}
        home = self.m.term(words(self.game.home_zone))
        blocks: list[Block] = [Heading(2, "Rounds"), Heading(3, "Start of a round"),
                               Paragraph(f"Every {self.noun[0]} goes back to the {home}, the direction of play "
                                         "is reset, and what is kept for a round starts again."
                                         + (" Then:" if round_doc.get("setup") else ""))]
        if round_doc.get("setup"):
            blocks.append(self.listing(round_doc["setup"], Scope(NOBODY)))
        won = Scope(WINNER, {"winner": WINNER})
        blocks += [Heading(3, "End of a round"),
                   Paragraph("A round ends when an effect ends it (see the actions and the triggers)."
                             + (" Then:" if round_doc.get("end") else ""))]
        if round_doc.get("end"):
            blocks.append(self.listing(round_doc["end"], won))
        over = round_doc.get("game_over", True)
        if isinstance(over, bool):
            ending = "The game ends after one round." if over else "No round ends the game."
        else:
            ending = f"The game is over when {self.words.claim(over, won)}."
        score = self.m.term(words(round_doc.get("scores", "score")))
        winners = f"the players with the highest {score}" if "winners" not in round_doc else \
            self.words.value(round_doc["winners"], won)
        lines = [ending, f"Then the winners are {winners}."]
        if "next_dealer" in round_doc:
            lines.append(f"Otherwise the next round's dealer is {self.words.value(round_doc['next_dealer'], won)}.")
        blocks += [Heading(3, "End of the game"), Paragraph(" ".join(lines))]
        return blocks

    def turn(self) -> list[Block]:
        turn = self.doc.get("turn") or {}
        scope = Scope(YOU)
        blocks: list[Block] = [Heading(2, "A turn")]
        blocks.append(Paragraph(self.turn_start(turn.get("phase"), scope)))
        if turn.get("on_begin"):
            blocks += [Paragraph("When you take the first action of your turn, first:"),
                       self.listing(turn["on_begin"], scope)]
        phases = self._phases(turn.get("phase"))
        actions = self.doc.get("actions") or {}
        items = []
        for phase in phases:
            own = [n for n, s in actions.items() if not _by_anyone(s) and _offered(s, phase)]
            claims = [n for n, s in actions.items() if _by_anyone(s) and (s or {}).get("phase") and _offered(s, phase)]
            said = join([self.m.strong(words(n)) for n in own], "or")
            text = f"In the {self.m.term(words(phase))} phase you may {said}" if own else \
                f"In the {self.m.term(words(phase))} phase"
            if claims:
                text += ("; " if own else " ") + f"anyone may {join([self.m.strong(words(n)) for n in claims], 'or')}"
            items.append(Item(text + "."))
        blocks.append(Listing(items, ordered=False))
        anytime = [n for n, s in actions.items() if _by_anyone(s) and not (s or {}).get("phase")]
        if anytime:
            blocks.append(Paragraph("At any moment, even out of turn, anyone may "
                                    f"{join([self.m.strong(words(n)) for n in anytime], 'or')} when its "
                                    "condition holds."))
        ending = "The turn ends when an action ends it."
        if turn.get("on_end"):
            blocks += [Paragraph(ending + " Then:"), self.listing(turn["on_end"], scope)]
            ending = ""
        blocks.append(Paragraph((ending + " " if ending else "") + "The triggers are checked, and the next player "
                                "in the direction of play takes a turn, passing over anyone skipped."))
        return blocks

    def turn_start(self, phase: Any, scope: Scope) -> str:
        if phase is None:
            return "A turn has a single phase."
        chain = []
        node = self.words.tree(phase)
        while node.data == "ternary":
            then, condition, node = node.children
            chain.append(f"in the {self._phase_value(then, scope)} phase if {self.words.say(condition, scope)}")
        chain.append(f"in the {self._phase_value(node, scope)} phase")
        if len(chain) == 1:
            return f"A turn starts {chain[0]}."
        return "A turn starts " + "; otherwise ".join(chain) + "."

    def _phase_value(self, node: Any, scope: Scope) -> str:
        said = self.words.phrase(node, scope).standalone
        return self.m.term(said) if node.data == "name" else said

    def _phases(self, phase: Any) -> list[str]:
        """Every phase, in the order a turn meets them: where turns start, then as the actions name them."""
        found: list[str] = []
        if phase is not None:
            tree = self.words.tree(phase)
            found += [str(t.children[0]) for t in tree.iter_subtrees_topdown() if t.data == "name"
                      and str(t.children[0]) in self.game.phases]
        for spec in (self.doc.get("actions") or {}).values():
            listed = (spec or {}).get("phase")
            found += listed if isinstance(listed, list) else [listed] if listed else []
        return list(dict.fromkeys(found))

    def actions(self) -> list[Block]:
        blocks: list[Block] = [Heading(2, "Actions")]
        for name, spec in (self.doc.get("actions") or {}).items():
            blocks += self.action(name, spec or {})
        return blocks

    def action(self, name: str, spec: Mapping[str, Any]) -> list[Block]:
        """One action: what it is for, who may take it and when, its choices and effects."""
        blocks: list[Block] = [Heading(3, capital(words(name)))]
        if spec.get("description"):
            blocks.append(Paragraph(str(spec["description"])))
        items = [Item(f"{self.m.strong('Who')}: " + ("anyone, even out of turn" if _by_anyone(spec)
                                                       else "the player whose turn it is") + ".")]
        when = self.when(spec)
        if when:
            items.append(Item(f"{self.m.strong('When')}: {when}."))
        scope, choices = Scope(YOU), []
        for choice_name, choice in (spec.get("choose") or {}).items():
            choice = choice or {}
            text, local = self.words.choice(choice_name, choice, scope)
            if "if" in choice:
                text = f"only if {self.words.claim(choice['if'], scope)}: {text}"
            if choice.get("description"):
                text += f" ({str(choice['description']).rstrip('.')})"
            choices.append(Item(f"{self.m.strong(words(choice_name))}: {text}."))
            scope = scope.bind(choice_name, local)
        if choices:
            items.append(Item(f"{self.m.strong('You choose')}:", [Listing(choices, ordered=True)]))
        if "require" in spec:
            items.append(Item(f"{self.m.strong('Allowed only if')} {self.words.claim(spec['require'], scope)}."))
        effects = spec.get("effects")
        if effects:
            items.append(Item(f"{self.m.strong('Then')}:", [self.listing(effects, scope)]))
        return blocks + [Listing(items, ordered=False)]

    def when(self, spec: Mapping[str, Any]) -> str:
        """In which phases and on what condition an action is offered."""
        phase = spec.get("phase")
        phases = phase if isinstance(phase, list) else [phase] if phase else []
        parts = []
        if phases:
            said = join([self.m.term(words(p)) for p in phases], "or")
            parts.append(f"in the {said} phase" + ("s" if len(phases) > 1 else ""))
        if "if" in spec:
            parts.append(f"if {self.words.claim(spec['if'], Scope(YOU))}")
        return ", ".join(parts)

    def triggers(self) -> list[Block]:
        triggers = self.doc.get("triggers") or []
        if not triggers:
            return []
        items = []
        for trigger in triggers:
            steps = self.effects.steps(trigger.get("do"), Scope(YOU))
            head = f"When {self.words.claim(trigger.get('when'), Scope(YOU))}"
            items.append(self.step_item(Step(head, (("", tuple(steps)),))))
        return [Heading(2, "Triggers"),
                Paragraph("What happens by itself: after every action (here “you” is the player who acted), and "
                          "after the setup, each of these is checked in order:"),
                Listing(items, ordered=True)]

    def definitions(self) -> list[Block]:
        define = self.doc.get("define") or {}
        if not define:
            return []
        items = [Item(f"{self.m.strong(words(_name(key)))}: {self.words.define(str(key), Scope(YOU))}.")
                 for key in define]
        return [Heading(2, "Definitions"),
                Paragraph("Named rules used above, each said once here:"), Listing(items, ordered=False)]

    def procedures(self) -> list[Block]:
        procedures = self.doc.get("procedures") or {}
        if not procedures:
            return []
        blocks: list[Block] = [Heading(2, "Procedures")]
        for name, effects in procedures.items():
            blocks += [Heading(3, capital(words(name))), self.listing(effects, Scope(YOU))]
        return blocks

    # ------------------------------------------------------------ effects as lists

    def listing(self, effects: Any, scope: Scope) -> Listing:
        return Listing([self.step_item(step) for step in self.effects.steps(effects, scope)], ordered=True)

    def step_item(self, step: Step) -> Item:
        """A step as a list item: short nested effects on one line, longer ones as nested lists."""
        if not step.blocks:
            return Item(capital(step.text) + ".")
        if _short(step):
            parts = []
            for label, steps in step.blocks:
                said = ", then ".join(s.text for s in steps) if steps else "nothing happens"
                parts.append(f"{label}, {said}" if label else said)
            return Item(capital(f"{step.text}: " + "; ".join(parts)) + ".")
        children: list[Block] = []
        for label, steps in step.blocks:
            nested = Listing([self.step_item(s) for s in steps], ordered=True)
            if step.cases:
                single = len(steps) == 1 and not steps[0].blocks
                children.append(Listing([Item(f"{capital(label)}: {steps[0].text}.")] if single else
                                        [Item(f"{capital(label)}:", [nested])], ordered=False))
            elif not label:
                children.append(nested)
            elif len(steps) == 1 and not steps[0].blocks:
                children.append(Paragraph(f"{capital(label)}, {steps[0].text}."))
            else:
                children += [Paragraph(f"{capital(label)}:"), nested]
        return Item(capital(step.text) + ":", _merge(children))


def _short(step: Step) -> bool:
    """Whether a step's nested effects fit on its own line."""
    if step.text.startswith("depending on"):
        return False
    inner = [s for _, steps in step.blocks for s in steps]
    return len(inner) <= _INLINE_STEPS and all(not s.blocks for s in inner) \
        and sum(len(s.text) for s in inner) < 160


def _merge(children: list[Block]) -> list[Block]:
    """Consecutive bullet lists become one list."""
    merged: list[Block] = []
    for child in children:
        last = merged[-1] if merged else None
        if isinstance(last, Listing) and not last.ordered and not child.ordered:
            merged[-1] = Listing(last.items + child.items, ordered=False)
        else:
            merged.append(child)
    return merged


def _by_anyone(spec: Any) -> bool:
    return (spec or {}).get("by") == "anyone"


def _offered(spec: Any, phase: str) -> bool:
    listed = (spec or {}).get("phase")
    return not listed or phase in (listed if isinstance(listed, list) else [listed])


def _name(key: Any) -> str:
    return str(key).split("(", 1)[0].strip()


def _order(value: Any) -> tuple[int, Any]:
    return (0, value) if isinstance(value, int) and not isinstance(value, bool) else (1, str(value))


def _cell(value: Any) -> str:
    """A table cell: values joined by commas, a run of whole numbers as a range (1–9)."""
    values = [v for v in (value if isinstance(value, list) else [value]) if v is not None]
    if not values:
        return "—"
    said = value_list(values)
    if len(values) >= 3 and " to " in said and all(isinstance(v, int) for v in values):
        return said.replace(" to ", "–")
    return ", ".join(words(v) for v in values)


def _face(face: Mapping[str, Any]) -> str:
    return " ".join(words(v) for v in face.values() if v is not None) or "—"
