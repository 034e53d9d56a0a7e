"""Choosing a move one question at a time, by number or by typing it.

A move (an Action) is an action name and its choices in the ruleset's order.
People are asked the action together with its first choice (so a simple move
is one answer), then each remaining choice in turn. Every question offers only
the values that still lead to a legal move: the options come from the legal
actions whose choices begin with the answers given so far. A question with a
single possible answer is answered without asking; `back` undoes the last
answer a person gave.

Typing a move instead of its number: the text is split into words, runs of
digits and single signs other than , ; : . ("r7" is "r", "7"; "wild blue" is
two words), and each piece must match, in order, a word of the move as shown:

- a piece of letters matches a word it begins ("bl" matches "blue"), or the
  first letters of several words in a row ("rs" matches "red skip", "wd" the
  "wild draw" of "wild draw four");
- a run of digits matches the same number ("7", "07"), or that number written
  as an English word ("4" matches "four", "four" matches "4");
- a sign matches the same sign ("#");
- an answer may be typed alone or after its choice's name ("blue", "colour
  blue"; a seat as "p2"); a yes/no choice is answered by its name or "yes", and by
  "no" or "no" and its name; a yes also by the name of the out-of-turn action it
  stands for, one whose name begins with the choice's ("call" and "call_uno": "r8 uno",
  "r8 call uno"); an optional choice left out by "none";
- a set of components (a `many` choice) is typed as its components one after
  another, in any order, with or without "+" between them ("r4 b4", "blue 4 +
  red 4"); the empty set as "none" or "no" and its components' noun.

Among the moves that match, those that pass over the fewest choices before a
typed one win ("r" is a red card rather than a wild declared red), then those
whose typed parts were typed most completely ("wild blue" is the wild, not the
wild draw four, in blue; "r4 b4" is the set of those two, not a larger set
that holds them). When the winners
agree on their first answers, the questions move on to the first one they
differ in (typing just an action's name moves on to its first choice); when
they differ at once, the question stays and names them. Words
may not be typed out of order, and a number alone always picks from the list.
"""
from __future__ import annotations

import re
import shutil
import textwrap
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ..interpreter import Action, ChoiceSpec, State, View, say_refusal
from ..interpreter.words.refusals import say_short
from .refusing import pointable, refused_alone, refused_together
from .style import Style, component_order, count, value_text, words
from .table import PLAIN, describe_action, describe_rest, describe_value

Args = tuple[tuple[str, Any], ...]
Phrase = tuple[str, ...]


@dataclass(frozen=True)
class Members:
    """A set of components as it may be typed: `name` (the choice's, or nothing), then each member in any order."""

    name: Phrase
    members: tuple[Phrase, ...]


Said = Phrase | Members  # one way of typing one answer

NUMBER_WORDS = {word: n for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
_PIECE = re.compile(r"[^\W\d_]+|\d+|[^\w\s,;:.]")  # commas and stops only separate


def pieces(text: str) -> Phrase:
    """Text split the way typed moves are matched: words, runs of digits, single signs."""
    return tuple(_PIECE.findall(words(text).lower()))


@dataclass(frozen=True)
class Prefix:
    """The answers so far: an action name (None before it is known) and its first choices."""

    name: str | None
    args: Args = ()


@dataclass(frozen=True)
class Option:
    """One answer to the current question; `action` is the whole move when no question follows."""

    prefix: Prefix
    action: Action | None


@dataclass(frozen=True)
class Typed:
    """What typed text did: chose a move, moved on to a later question, or neither (and why)."""

    action: Action | None = None
    advanced: bool = False
    problem: str = ""


class Chooser:
    """The questions of one decision among `actions` (all legal, all the same player's)."""

    def __init__(self, state: State, actions: list[Action]):
        self.state = state
        self.view = state.view(actions[0].actor if actions else state.current_player())  # what the chooser sees
        self.actions = alike_once(state, actions, self.view)
        self.trail: list[Prefix] = [Prefix(None)]
        self.last_refusal = ""  # the whole trace of the last refused move, for `why`
        self.width = _width()  # problems are wrapped to it, between words

    @property
    def prefix(self) -> Prefix:
        return self.trail[-1]

    @property
    def at_start(self) -> bool:
        return len(self.trail) == 1

    def candidates(self) -> list[Action]:
        """The moves still possible after the answers so far."""
        return self._under(self.prefix)

    def _under(self, prefix: Prefix) -> list[Action]:
        if prefix.name is None:
            return list(self.actions)
        depth = len(prefix.args)
        return [a for a in self.actions if a.name == prefix.name and a.args[:depth] == prefix.args]

    def _choice_spec(self) -> ChoiceSpec | None:
        if self.prefix.name is None:
            return None
        example = self.candidates()[0]
        name = example.args[len(self.prefix.args)][0]
        return next(c for c in self.state.game.action_index[example.name].choices if c.name == name)

    def choice(self) -> tuple[str, str] | None:
        """The name and description of the choice asked now (None when the action is asked)."""
        spec = self._choice_spec()
        return (spec.name, spec.description) if spec is not None else None

    def kind(self) -> str | None:
        """What the choice asked now is: component, player or value (None when the action is asked)."""
        spec = self._choice_spec()
        return spec.kind if spec is not None else None

    def options(self) -> list[Option]:
        """The possible answers now, in the action's declared order and the values' sorted order."""
        depth = len(self.prefix.args) + 1 if self.prefix.name is not None else 1
        groups: dict[Prefix, list[Action]] = {}
        for action in self.candidates():
            groups.setdefault(Prefix(action.name, action.args[:depth]), []).append(action)
        first_seen: dict[str, int] = {}
        for i, prefix in enumerate(groups):
            first_seen.setdefault(prefix.name or "", i)
        ranked = sorted(enumerate(groups.items()),
                        key=lambda item: (first_seen[item[1][0].name or ""], self._value_key(item[1][0], item[0])))
        return [Option(prefix, found[0] if len(found) == 1 else None) for _, (prefix, found) in ranked]

    def _value_key(self, prefix: Prefix, position: int) -> tuple[Any, ...]:
        if not prefix.args:
            return (1, (position,))
        name, value = prefix.args[-1]
        if value is None:
            return (0, ())
        choices = self.state.game.action_index[prefix.name or ""].choices
        if next(c.kind for c in choices if c.name == name) == "component":
            if isinstance(value, tuple):  # a set: the smaller first, then by its members as a hand is sorted
                return (1, (len(value), sorted(component_order(self.state.game, c, self.view.faces) for c in value)))
            return (1, component_order(self.state.game, value, self.view.faces))
        return (1, (position,))

    def take(self, option: Option) -> Action | None:
        """Answer with `option`; returns the move once no question is left."""
        if option.action is not None:
            return option.action
        self.trail.append(option.prefix)
        return self._settle()

    def _settle(self) -> Action | None:
        """Answer every question that has only one possible answer."""
        while True:
            options = self.options()
            if len(options) != 1:
                return None
            if options[0].action is not None:
                return options[0].action
            self.trail[-1] = options[0].prefix  # an answer nobody gave is not a step to undo

    def back(self) -> bool:
        """Undo the last answer; False when there is none."""
        if self.at_start:
            return False
        self.trail.pop()
        return True

    def typed(self, text: str, style: Style = PLAIN) -> Typed:
        """Match typed words against the moves still possible (see the module docstring)."""
        try:
            return self._typed(text, style)
        finally:  # what a set's members cover is kept for one answer only: thousands of sets fill the memory
            _covering.cache_clear()
            _set_ends.cache_clear()

    def _typed(self, text: str, style: Style) -> Typed:
        typed = pieces(text)
        if not typed:
            return Typed(problem="nothing typed")
        if typed in (("why",), ("why", "not")):
            return Typed(problem=wrap(self.last_refusal or "no move was refused yet", self.width, len(SORRY)))
        start = len(self.prefix.args)
        costs = [(self._cost(typed, action, start), action) for action in self.candidates()]
        matched = [(cost, action) for cost, action in costs if cost is not None]
        if not matched:
            why = self._why_not_typed(typed) or self._why_not_whole(typed)
            return Typed(problem=wrap(why or f"no move here matches “{text.strip()}”", self.width, len(SORRY)))
        best = min(cost for cost, _ in matched)
        winners = [action for cost, action in matched if cost == best]
        if len(winners) == 1:
            return Typed(action=winners[0])
        common = _common_prefix(winners)
        if common is not None and (len(common.args) > start or len(winners) == len(self._under(common))):
            self.trail.append(common)
            return Typed(action=self._settle(), advanced=True)
        names = list(dict.fromkeys(self.label(o, style) for o in self.options()
                                   if any(self._leads_to(o, a) for a in winners)))
        return Typed(problem=f"“{text.strip()}” could be " + " or ".join(names))

    def _why_not_typed(self, typed: Phrase) -> str | None:
        """When a player names one of their own components that no legal move uses, say why (why_not)."""
        state, game = self.state, self.state.game
        if self.prefix.name is not None or not self.actions:
            return None
        player = self.actions[0].actor
        own = [cid for name, zone in game.zones.items() if zone.per_player for cid in self.view.zone(name, player)
               if cid is not None]
        for spec in pointable(state, self.view.phase):
            for cid in own:
                label = game.label(cid, self.view.faces)
                if _match_slots(typed, ((pieces(spec.name),), (pieces(label),)), True) is None:
                    continue
                refusal = refused_alone(state, spec, player, cid)
                if refusal is not None:
                    return self._refused(f"{spec.name} {label}", refusal)
        return None

    def _refused(self, move: str, refusal: Any) -> str:
        """The short reason, keeping the whole trace for `why`."""
        self.last_refusal = f"{move} is not allowed: {say_refusal(refusal)}"
        return f"{say_short(refusal)} (“why” for more)"

    def _why_not_whole(self, typed: Phrase) -> str | None:
        """When the typed words name components the player sees, one per component choice of an action, say why
        that move is refused: a move of several components that no legal move matches."""
        state, game = self.state, self.state.game
        if self.prefix.name is not None or not self.actions:
            return None
        player = self.actions[0].actor
        seen = [cid for name, zone in game.zones.items()
                for owner in ((player,) if zone.per_player else range(len(self.view.zones[name])) if zone.numbered
                              else (None,))
                for cid in self.view.zone(name, owner) if cid is not None]
        for spec in pointable(state, self.view.phase):
            slots = [c for c in spec.choices if c.kind == "component" and not c.many]
            rest = typed
            name = pieces(spec.name)
            if rest[:len(name)] == name:
                rest = rest[len(name):]
            picked = _pick(rest, len(slots), [(cid, pieces(game.label(cid, self.view.faces))) for cid in seen])
            found = refused_together(state, spec, player, picked)
            if found is not None:
                order, refusal = found
                move = " ".join([spec.name] + [game.label(cid, self.view.faces) for cid in order])
                return self._refused(move, refusal)
        return None

    def _leads_to(self, option: Option, action: Action) -> bool:
        return option.prefix.name == action.name and action.args[:len(option.prefix.args)] == option.prefix.args

    def _cost(self, typed: Phrase, action: Action, start: int) -> tuple[int, int] | None:
        slots: list[tuple[Said, ...]] = [] if self.prefix.name is not None else [(pieces(action.name),)]
        spec = self.state.game.action_index[action.name]
        kinds = {c.name: c.kind for c in spec.choices}
        for name, value in action.args[start:]:
            slots.append(self._phrases(kinds[name], name, value))
        return _match_slots(typed, tuple(slots), self.prefix.name is None)

    def _phrases(self, kind: str, name: str, value: Any) -> tuple[Said, ...]:
        """The ways one answer may be typed."""
        own = pieces(name)
        if value is None:
            return (("none",), ("no",) + own)
        if value is True:
            claims = [pieces(spec.name) for spec in self.state.game.actions
                      if spec.by_anyone and spec.name.startswith(name + "_")]  # `call` stands for `call_uno`
            return (own, ("yes",), ("+",) + own, *claims, *(claim[len(own):] for claim in claims))
        if value is False:
            return (("no",) + own, ("no",))
        if kind == "component" and isinstance(value, tuple):
            if not value:
                return (("none",), ("no",) + pieces(count(self.state.game, 0))[1:], ("no",) + own)
            members = tuple(pieces(self.state.game.label(c, self.view.faces)) for c in value)
            return (Members((), members), Members(own, members))
        if kind == "component":
            said = pieces(self.state.game.label(value, self.view.faces))
        elif kind == "player":
            said = ("p", str(value + 1))
        else:
            said = pieces(value_text(value))
        return (said, own + said)

    def label(self, option: Option, style: Style = PLAIN) -> str:
        """An option in words: the answer it gives, the rest of the move when it completes one."""
        depth = len(option.prefix.args)
        if not depth:
            return words(option.prefix.name)
        name, value = option.prefix.args[-1]
        spec = self.state.game.action_index[option.prefix.name or ""]
        kind = next(c.kind for c in spec.choices if c.name == name)
        said = value_text(value) if value is None or isinstance(value, bool) else \
            describe_value(self.state, kind, value, style)
        if option.action is not None:
            return said + describe_rest(self.state, option.action, depth, style)
        return said + " …"

    def labels(self, options: list[Option], style: Style = PLAIN) -> list[str]:
        """The options in words, those that read the same told apart by a number: "red skip (1)", "red skip (2)".

        Dice showing the same face but able to show different ones are not alike (see `looks`), yet read the same.
        """
        said = [self.label(option, style) for option in options]
        repeated = Counter(said)
        seen: Counter[str] = Counter()
        told = []
        for text in said:
            seen[text] += 1
            told.append(f"{text} ({seen[text]})" if repeated[text] > 1 else text)
        return told

    def heading(self, style: Style = PLAIN) -> str:
        """The answers so far in words, as the title of the current question."""
        name, args = self.prefix.name, self.prefix.args
        if name is None:
            return ""
        return describe_action(self.state, Action(name, self.state.current_player(), args), style=style)


def looks(state: State, view: View, action: Action) -> tuple[Any, ...]:
    """How a move looks to the one choosing it: each die by the face it shows and the faces it can show.

    Two dice that read the same on every face and show the same face are alike: which one is played is no
    choice a person can see (identical cards the engine offers once already).
    """
    game = state.game
    kinds = {c.name: c.kind for c in game.action_index[action.name].choices}

    def look(cid: int) -> Any:
        faces = game.components[cid].faces
        if not faces:
            return cid
        return game.label(cid, view.faces), tuple(game.label(cid, {cid: f}) for f in range(len(faces)))

    said: list[tuple[str, Any]] = []
    for name, value in action.args:
        if kinds.get(name) != "component" or value is None:
            said.append((name, value))
        elif isinstance(value, tuple):  # a set, whatever the order of its members
            said.append((name, tuple(sorted(map(look, value), key=repr))))
        else:
            said.append((name, look(value)))
    return (action.name, *said)


def alike_once(state: State, actions: list[Action], view: View) -> list[Action]:
    """The moves with each set of alike ones (see `looks`) offered once, by the first of them."""
    firsts: dict[tuple[Any, ...], Action] = {}
    for action in actions:
        firsts.setdefault(looks(state, view, action), action)
    return list(firsts.values())


SORRY = "Sorry, "  # what the table puts before a problem


def wrap(text: str, width: int, first: int = 0) -> str:
    """`text` in lines of at most `width` characters, broken between words; the first line leaves `first` free."""
    lines = textwrap.wrap(" " * first + text, max(20, width), break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines).lstrip() if lines else ""


def _width() -> int:
    return shutil.get_terminal_size((80, 24)).columns


def _pick(typed: Phrase, most: int, seen: list[tuple[int, Phrase]]) -> list[int]:
    """Components that the typed words name one after another (2 to `most` of them, each whole), or none."""
    def go(i: int, chosen: list[int]) -> list[int] | None:
        if i == len(typed):
            return chosen if len(chosen) >= 2 else None
        if len(chosen) == most:
            return None
        for j in range(len(typed), i, -1):
            for cid, label in seen:
                if cid not in chosen and _match_phrase(typed[i:j], label) is not None:
                    found = go(j, chosen + [cid])
                    if found is not None:
                        return found
        return None

    return go(0, []) or []


def abbreviation(label: str) -> str:
    """A short way to type a label: first letters of its words, digits and signs as they are."""
    return "".join(p if not p.isalpha() else p[0] for p in pieces(label))


def typing_examples(chooser: Chooser, limit: int = 2) -> list[tuple[str, str]]:
    """(short form, label) of a few answers offered now, to show how moves can be typed."""
    found: list[tuple[str, str]] = []
    for option in chooser.options():
        if not option.prefix.args or isinstance(option.prefix.args[-1][1], (bool, type(None))):
            continue
        label = chooser.label(option).removesuffix(" …")
        short = abbreviation(label.split(",")[0])
        if short != label and not short.isdigit() and all(short != s for s, _ in found):
            found.append((short, label.split(",")[0]))
        if len(found) == limit:
            break
    return found


def _common_prefix(actions: list[Action]) -> Prefix | None:
    """The answers all of `actions` share, or None when they are different actions."""
    name = actions[0].name
    if any(a.name != name for a in actions):
        return None
    shared: list[tuple[str, Any]] = []
    for column in zip(*(a.args for a in actions)):
        if any(arg != column[0] for arg in column):
            break
        shared.append(column[0])
    return Prefix(name, tuple(shared))


@cache
def _match_slots(typed: Phrase, slots: tuple[tuple[Said, ...], ...], free_first: bool) -> tuple[int, int] | None:
    """The least cost of matching `typed` across the slots in order, or None if it cannot match.

    The cost is first the number of slots passed over before a later one takes a piece
    (reading is left to right; an action's name, `free_first`, may be passed over), then
    the words left unmatched in the slots that took pieces.
    """
    @cache
    def best(slot: int, i: int) -> tuple[int, int] | None:
        if i == len(typed):
            return (0, 0)
        if slot == len(slots):
            return None
        found = best(slot + 1, i)
        if found is not None and not (free_first and slot == 0):
            found = (found[0] + 1, found[1])
        for phrase in slots[slot]:
            ends: list[tuple[int, int | None]]
            if isinstance(phrase, Members):
                ends = [(i + end, left) for end, left in _match_members(typed[i:], phrase).items()]
            else:
                ends = [(j, _match_phrase(typed[i:j], phrase)) for j in range(i + 1, len(typed) + 1)]
            for j, left in ends:
                if left is None:
                    continue
                rest = best(slot + 1, j)
                if rest is not None and (found is None or (rest[0], rest[1] + left) < found):
                    found = (rest[0], rest[1] + left)
        return found

    return best(0, 0)


def _match_members(typed: Phrase, said: Members) -> dict[int, int]:
    """For each end `e`, how many words of a set stay unmatched when all of `typed[:e]` matches it.

    The choice's name, when `said` has one, comes first; then each typed part matches a member
    the way `_match_phrase` matches a phrase, every member at most once and in any order (a set
    has no order to remember); a "+" between them matches nothing and costs nothing.
    """
    if not said.name:
        return _set_ends(typed, said.members)
    found: dict[int, int] = {}
    for k in range(1, len(typed) + 1):
        left = _match_phrase(typed[:k], said.name)
        if left is None:
            continue
        for end, rest in _set_ends(typed[k:], said.members).items():
            if k + end not in found or left + rest < found[k + end]:
                found[k + end] = left + rest
    return found


@cache
def _set_ends(typed: Phrase, members: tuple[Phrase, ...]) -> dict[int, int]:
    """`_match_members` without a name: the typed pieces each member covers, worked out for all ends at once."""
    covered = _covering(typed, members)
    found: dict[int, int] = {}
    mask = 0
    for end, piece in enumerate(typed, 1):
        if piece != "+":
            mask |= 1 << (end - 1)
        if mask and mask in covered:
            found[end] = covered[mask]
    return found


@cache
def _covering(typed: Phrase, members: tuple[Phrase, ...]) -> dict[int, int]:
    """Which typed pieces (a bit each) the members can cover, each at most once, and the least words left unmatched.

    Worked out one member at a time, so that sets with the same first members (the sets of a
    `many` choice, listed in id order, mostly share them) share the work through the cache,
    which `Chooser.typed` empties once it has its answer.
    """
    if not members:
        return {0: 0}
    before = _covering(typed, members[:-1])
    member = members[-1]
    after: dict[int, int] = {}
    for mask, cost in before.items():
        if cost + len(member) < after.get(mask, cost + len(member) + 1):  # this member not typed
            after[mask] = cost + len(member)
        for bits, left in _spans(typed, member):
            if not mask & bits and cost + left < after.get(mask | bits, cost + left + 1):
                after[mask | bits] = cost + left
    return after


@lru_cache(maxsize=65536)
def _spans(typed: Phrase, member: Phrase) -> tuple[tuple[int, int], ...]:
    """Each run of typed pieces (no "+" in it) that matches `member`: its bits, and the words of `member` left over."""
    found = []
    for i in range(len(typed)):
        for j in range(i + 1, len(typed) + 1):
            if typed[j - 1] == "+":
                break
            left = _match_phrase(typed[i:j], member)
            if left is not None:
                found.append((((1 << j) - 1) ^ ((1 << i) - 1), left))
    return tuple(found)


@cache
def _match_phrase(typed: Phrase, phrase: Phrase) -> int | None:
    """How many words of `phrase` stay unmatched when all of `typed` matches it in order."""
    @cache
    def best(i: int, j: int) -> int | None:
        if i == len(typed):
            return len(phrase) - j
        if j == len(phrase):
            return None
        options: list[int | None] = []
        passed_over = best(i, j + 1)
        if passed_over is not None:
            options.append(passed_over + 1)
        if _piece_matches(typed[i], phrase[j]):
            options.append(best(i + 1, j + 1))
        span = len(typed[i])
        if typed[i].isalpha() and span > 1 and j + span <= len(phrase) \
                and all(phrase[j + k][0] == typed[i][k] for k in range(span)):
            options.append(best(i + 1, j + span))
        known = [o for o in options if o is not None]
        return min(known) if known else None

    return best(0, 0)


def _piece_matches(piece: str, word: str) -> bool:
    if piece.isdigit():
        return (word.isdigit() and int(word) == int(piece)) or NUMBER_WORDS.get(word) == int(piece)
    if piece.isalpha():
        return word.startswith(piece) or (word.isdigit() and NUMBER_WORDS.get(piece) == int(word))
    return piece == word
