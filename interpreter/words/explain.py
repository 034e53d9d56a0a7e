"""A rule sheet generated from a ruleset: `rulesrun explain`.

The sheet is a pass over the ruleset tree (what the author wrote, with
`extends` merged in, every name resolved) of the compiled game. It says the
ruleset in the order a person learns a game: what is in the box, where things
lie, how the game and each round start, what a turn is, every action with its
condition and effects, what happens by itself, and the named rules. Every
expression is said by `expressions.Words` and every effect by
`effects.EffectWords`; the descriptions the author wrote come first wherever
there are some.

The sheet is a list of blocks (headings, paragraphs, lists, tables), written
out as Markdown or as plain text by `layout.py`.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..engine.game import Game
from ..pipeline import load_checked
from ..tree import nodes as n
from .effects import EffectWords, Step
from .expressions import Words
from .layout import Block, Heading, Item, Listing, Paragraph, Table, render
from .prose import Markup, Phrase, Scope, YOU, capital, join, value_list, words
from .written import parts

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
    _, game = load_checked(name_or_path)
    return render(RuleSheet(game, Markup(markdown)).blocks(), markdown)


_MOMENT_LEADS = {  # how a trigger's condition is introduced, by the moment it is watched
    "action": "When", "move": "Whenever a component moves, if", "turn_start": "At the start of a turn, if",
    "turn_end": "At the end of a turn, if", "round_start": "At the start of a round, if",
    "round_end": "When a round ends, before it is scored, if", "setup": "Once the game is set up, if",
}

class RuleSheet:
    """Builds the blocks of one ruleset's rule sheet from its tree (`game.rules`)."""

    def __init__(self, game: Game, markup: Markup):
        self.game = game
        self.rules: n.Ruleset = game.rules
        self.m = markup
        self.words = Words(self.rules, markup)
        self.effects = EffectWords(self.words)
        self.noun = self.words.noun

    def blocks(self) -> list[Block]:
        return (self.overview() + self.components() + self.zones() + self.variables() + self.setup()
                + self.rounds() + self.turn() + self.actions() + self.triggers() + self.definitions()
                + self.procedures())

    # ------------------------------------------------------------ sections

    def overview(self) -> list[Block]:
        rules = self.rules
        blocks: list[Block] = [Heading(1, rules.title or rules.name), Heading(2, "Overview")]
        if rules.description:
            blocks.append(Paragraph(rules.description))
        low, high = rules.min_players, rules.max_players
        players = f"{low} players" if low == high else f"{low} to {high} players"
        blocks.append(Paragraph(f"For {players}. Ruleset {self.m.strong(rules.name)}"
                                + (f", version {rules.version}" if rules.version else "") + "."))
        if rules.params:
            rows = [[self.m.term(words(name)), value_list([value]), rules.param_descriptions[name]]
                    for name, value in rules.params.items()]
            blocks.append(Paragraph("Settings a house rule may change:"))
            blocks.append(Table(["Setting", "Value", "Meaning"], rows))
        return blocks

    def components(self) -> list[Block]:
        rules = self.rules
        derive = {name: node for name, node in rules.derived.items() if name != "label"}
        total = len(rules.components)
        blocks: list[Block] = [Heading(2, "Components"),
                               Paragraph(f"{total} {self.noun[1] if total != 1 else self.noun[0]} in all.")]
        for section in ("cards", "dice"):
            entries = [entry for entry in rules.entries if entry.section == section]
            if entries:
                blocks.append(self._entry_table(entries, list(derive)))
        this = Scope(NOBODY, {"this": Phrase(f"the {self.noun[0]}", kind="component")})
        for name, node in derive.items():
            blocks.append(Paragraph(f"{capital(words(name))} of a {self.noun[0]}: {self.words.value(node, this)}."))
        examples = self._labels()
        if examples:
            blocks.append(Paragraph(f"Each {self.noun[0]} is shown by its name, for example {join(examples)}."))
        return blocks

    def _entry_table(self, entries: list[n.Entry], derived: list[str]) -> Table:
        """The entries of one section as written, one row each, with the derived values of what they make."""
        declared = [name for name in self.rules.symbols.attributes if name not in self.rules.derived]
        attributes = [name for name in declared if any(name in entry.written for entry in entries)]
        faces = max((len(entry.faces) for entry in entries), default=0)
        headers = [capital(words(a)) for a in attributes] + [f"Face {i + 1}" for i in range(faces)] \
            + [capital(words(d)) for d in derived] + ["Copies", "Count"]
        rows = []
        for entry in entries:
            made = self.rules.components[entry.first:entry.first + entry.count]
            row = [_cell(entry.written.get(a)) for a in attributes]
            row += [_face(entry.faces[i]) if i < len(entry.faces) else "—" for i in range(faces)]
            for name in derived:
                values = [c.attrs.get(name) for c in made if not c.faces]
                values += [f.get(name) for c in made for f in c.faces]
                row.append(_cell(sorted(set(v for v in values if v is not None), key=_order)))
            row += [str(entry.copies), str(entry.count)]
            rows.append(row)
        return Table(headers, rows)

    def _labels(self) -> list[str]:
        """How the first component of each entry is shown (dice on their first face)."""
        seen: list[str] = []
        faces = [0] * len(self.rules.components)
        for entry in self.rules.entries:
            label = f"“{self.game.label(entry.first, faces)}”"
            if label not in seen:
                seen.append(label)
        return seen[:6]

    def zones(self) -> list[Block]:
        rows = []
        for zone in self.rules.zones.values():
            notes = []
            if zone.description:
                notes.append(zone.description.rstrip("."))
            if zone.home:
                notes.append(f"every {self.noun[0]} starts here and comes back here each round")
            if zone.numbered:
                notes.append("a row of piles that play lays one by one, numbered from 0; none at the start of a "
                             "round")
            if zone.stock:
                notes.append("draws come from here")
            if zone.bag:
                notes.append(f"{self.noun[1]} are taken from it at random")
            if zone.refill_from is not None:
                source = self.m.term(words(zone.refill_from))
                rest = f"all but the top {zone.refill_keep} of the {source}" if zone.refill_keep else f"the {source}"
                notes.append(f"when it is empty, it is refilled with {rest}, shuffled")
            rows.append([self.m.term(words(zone.name)), "each player" if zone.per_player else "the table",
                         _VISIBILITY.get(zone.visibility, "everybody"),
                         capital("; ".join(notes)) + ("." if notes else "")])
        return [Heading(2, "Zones"), Paragraph(f"Each zone is a pile of {self.noun[1]}, from bottom to top."),
                Table(["Zone", "Belongs to", "Who sees its contents", "Notes"], rows)]

    def variables(self) -> list[Block]:
        if not self.rules.variables:
            return []
        rows = []
        for variable in self.rules.variables.values():
            meaning = [variable.description.rstrip(".") + "."] if variable.description else []
            if variable.visibility != "public":
                meaning.append(_VARIABLE_VISIBILITY.get(variable.visibility, "Seen by nobody."))
            rows.append([self.m.term(words(variable.name)) + (" (each player's)" if variable.per_player else ""),
                         value_list([variable.initial]), _RESET[variable.scope], " ".join(meaning)])
        return [Heading(2, "Things to remember"),
                Paragraph("Values the game keeps, seen by everybody unless it says otherwise:"),
                Table(["Name", "Starts at", "Starts again", "Meaning"], rows)]

    def setup(self) -> list[Block]:
        if _empty(self.rules.setup):
            return []
        return [Heading(2, "Setup"), Paragraph("Once, before the first round:"),
                self.listing(self.rules.setup, Scope(NOBODY))]

    def rounds(self) -> list[Block]:
        rules = self.rules
        home = self.m.term(words(self.game.home_zone))
        blocks: list[Block] = [Heading(2, "Rounds"), Heading(3, "Start of a round"),
                               Paragraph(f"Every {self.noun[0]} goes back to the {home}, the direction of play "
                                         "is reset, and what is kept for a round starts again."
                                         + ("" if _empty(rules.round_setup) else " Then:"))]
        if not _empty(rules.round_setup):
            blocks.append(self.listing(rules.round_setup, Scope(NOBODY)))
        won = Scope(WINNER, {"winner": WINNER})
        blocks += [Heading(3, "End of a round"),
                   Paragraph("A round ends when an effect ends it (see the actions and the triggers)."
                             + ("" if _empty(rules.round_end) else " Then:"))]
        if not _empty(rules.round_end):
            blocks.append(self.listing(rules.round_end, won))
        over = rules.game_over
        if isinstance(over, n.Const) and isinstance(over.value, bool):
            ending = "The game ends after one round." if over.value else "No round ends the game."
        else:
            ending = f"The game is over when {self.words.claim(over, won)}."
        winners = f"the players with the highest {self.m.term(words(rules.score_variable))}" \
            if rules.winners is None else self.words.value(rules.winners, won)
        lines = [ending, f"Then the winners are {winners}."]
        if rules.next_dealer is not None:
            lines.append(f"Otherwise the next round's dealer is {self.words.value(rules.next_dealer, won)}.")
        blocks += [Heading(3, "End of the game"), Paragraph(" ".join(lines))]
        return blocks

    def turn(self) -> list[Block]:
        rules = self.rules
        scope = Scope(YOU)
        blocks: list[Block] = [Heading(2, "A turn"), Paragraph(self.turn_start(rules.turn_phase, scope))]
        if rules.turn_on_begin is not None:
            blocks += [Paragraph("When you take the first action of your turn, first:"),
                       self.listing(rules.turn_on_begin, scope)]
        items = []
        for phase in self._phases():
            offered = [a for a in rules.actions if a.phases is None or phase in a.phases]
            own = [self.m.strong(words(a.name)) for a in offered if not a.by_anyone]
            claims = [self.m.strong(words(a.name)) for a in offered if a.by_anyone and a.phase_list]
            text = f"In the {self.m.term(words(phase))} phase" + (f" you may {join(own, 'or')}" if own else "")
            if claims:
                text += ("; " if own else " ") + f"anyone may {join(claims, 'or')}"
            items.append(Item(text + "."))
        blocks.append(Listing(items, ordered=False))
        anytime = [self.m.strong(words(a.name)) for a in rules.actions if a.by_anyone and not a.phase_list]
        if anytime:
            blocks.append(Paragraph(f"At any moment, even out of turn, anyone may {join(anytime, 'or')} when its "
                                    "condition holds."))
        ending = "The turn ends when an action ends it."
        if rules.turn_on_end is not None:
            blocks += [Paragraph(ending + " Then:"), self.listing(rules.turn_on_end, scope)]
            ending = ""
        blocks.append(Paragraph((ending + " " if ending else "") + "The triggers are checked, and the next player "
                                "in the direction of play takes a turn, passing over anyone skipped."))
        return blocks

    def turn_start(self, phase: n.Expr | None, scope: Scope) -> str:
        """Where a turn starts: "in the *draw* phase if ...; otherwise in the *main* phase"."""
        if phase is None:
            return "A turn has a single phase."
        chain = []
        while isinstance(phase, n.Conditional):
            chain.append(f"in the {self._phase_value(phase.then, scope)} phase if "
                         f"{self.words.claim(phase.condition, scope)}")
            phase = phase.other
        chain.append(f"in the {self._phase_value(phase, scope)} phase")
        if len(chain) == 1:
            return f"A turn starts {chain[0]}."
        return "A turn starts " + "; otherwise ".join(chain) + "."

    def _phase_value(self, node: n.Expr, scope: Scope) -> str:
        if isinstance(node, n.Symbol):
            return self.m.term(words(node.name))
        return self.words.value(node, scope)

    def _phases(self) -> list[str]:
        """Every phase, in the order a turn meets them: where turns start, then as the actions name them."""
        rules = self.rules
        found: list[str] = []
        if rules.turn_phase is not None:
            found += [part.name for part in parts(rules.turn_phase)
                      if isinstance(part, n.Symbol) and part.name in rules.phases]
        for action in rules.actions:
            found += action.phase_list
        return list(dict.fromkeys(found))

    def actions(self) -> list[Block]:
        blocks: list[Block] = [Heading(2, "Actions")]
        for action in self.rules.actions:
            blocks += self.action(action)
        return blocks

    def action(self, action: n.Action) -> list[Block]:
        """One action: what it is for, who may take it and when, its choices and effects."""
        blocks: list[Block] = [Heading(3, capital(words(action.name)))]
        if action.description:
            blocks.append(Paragraph(action.description))
        items = [Item(f"{self.m.strong('Who')}: " + ("anyone, even out of turn" if action.by_anyone
                                                       else "the player whose turn it is") + ".")]
        when = self.when(action)
        if when:
            items.append(Item(f"{self.m.strong('When')}: {when}."))
        chosen, scope = self.choices(action)
        listed = []
        for choice, text, before in chosen:
            if choice.present_if is not None:
                text = f"only if {self.words.claim(choice.present_if, before)}: {text}"
            if choice.description:
                text += f" ({choice.description.rstrip('.')})"
            listed.append(Item(f"{self.m.strong(words(choice.name))}: {text}."))
        if listed:
            items.append(Item(f"{self.m.strong('You choose')}:", [Listing(listed, ordered=True)]))
        if action.require is not None:
            items.append(Item(f"{self.m.strong('Allowed only if')} {self.words.claim(action.require, scope)}."))
        if not _empty(action.effects):
            items.append(Item(f"{self.m.strong('Then')}:", [self.listing(action.effects, scope)]))
        return blocks + [Listing(items, ordered=False)]

    def choices(self, action: n.Action) -> tuple[list[tuple[n.Choice, str, Scope]], Scope]:
        """Each choice of an action in words, with the scope it is said in; and the scope the choices make."""
        scope, said = Scope(YOU), []
        for choice in action.choices:
            text, local = self.words.choice(choice, scope)
            said.append((choice, text, scope))
            scope = scope.bind(choice.name, local)
        return said, scope

    def when(self, action: n.Action) -> str:
        """In which phases and on what condition an action is offered."""
        parts = []
        if action.phase_list:
            said = join([self.m.term(words(p)) for p in action.phase_list], "or")
            parts.append(f"in the {said} phase" + ("s" if len(action.phase_list) > 1 else ""))
        if action.guard is not None:
            parts.append(f"if {self.words.claim(action.guard, Scope(YOU))}")
        return ", ".join(parts)

    def triggers(self) -> list[Block]:
        if not self.rules.triggers:
            return []
        return [Heading(2, "Triggers"),
                Paragraph("What happens by itself: after every action (here “you” is the player who acted), and "
                          "after each round's setup, each of these is checked in order:"),
                Listing([self.trigger(_MOMENT_LEADS[trigger.moment], trigger) for trigger in self.rules.triggers],
                        ordered=True)]

    def trigger(self, lead: str, trigger: n.Trigger) -> Item:
        """A trigger as one item: "<lead> <its condition>: <its effects>"."""
        steps = tuple(self.effects.steps(trigger.effects, Scope(YOU)))
        return self.step_item(Step(f"{lead} {self.words.claim(trigger.when, Scope(YOU))}", (("", steps),)))

    def definitions(self) -> list[Block]:
        if not self.rules.definitions:
            return []
        items = [Item(f"{self.m.strong(words(d.name))}: {self.words.define(d, Scope(YOU))}.")
                 for d in self.rules.definitions.values()]
        return [Heading(2, "Definitions"),
                Paragraph("Named rules used above, each said once here:"), Listing(items, ordered=False)]

    def procedures(self) -> list[Block]:
        if not self.rules.procedures:
            return []
        blocks: list[Block] = [Heading(2, "Procedures")]
        for name, body in self.rules.procedures.items():
            assert body.effect is not None, "every procedure is built"
            blocks += [Heading(3, capital(words(name))), self.listing(body.effect, Scope(YOU))]
        return blocks

    # ------------------------------------------------------------ effects as lists

    def listing(self, effect: n.Effect, scope: Scope) -> Listing:
        return Listing([self.step_item(step) for step in self.effects.steps(effect, scope)], ordered=True)

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
        if isinstance(last, Listing) and not last.ordered and isinstance(child, Listing) and not child.ordered:
            merged[-1] = Listing(last.items + child.items, ordered=False)
        else:
            merged.append(child)
    return merged


def _empty(effect: n.Effect) -> bool:
    """An effect list with nothing in it (or none written)."""
    return isinstance(effect, n.Sequence) and not effect.steps


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
