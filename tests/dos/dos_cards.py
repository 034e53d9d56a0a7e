"""DOS test vocabulary: seats, cards in the rule book's notation, and the actions by name.

Cards are written as in the scenario checks of the DOS specification: `R5` (red 5), `B10`,
`G#` (green Wild #), `W2` (Wild DOS). A card in a match may carry its declaration: `G#=7`
(Wild # declared 7) or `W2/red` (Wild DOS declared red). Identical cards have several ids;
`table` takes a still-unused one for every name it is given.
"""
from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any, Iterable, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from helpers import arrange, truth  # noqa: E402
from helpers import refused as refuse
from rulesrun.interpreter import Action, Game, State, load_game, ruleset_path, say_refusal  # noqa: E402
from rulesrun.interpreter.engine import events as ev  # noqa: E402

A, B, C, D = 0, 1, 2, 3
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
LETTER = {colour: letter for letter, colour in COLOURS.items()}


@functools.cache
def dos() -> Game:
    """The shipped DOS ruleset, compiled once (a Game is never changed by play)."""
    return load_game("dos")


def variant(tmp_path: Path, **params: Any) -> Game:
    """The DOS ruleset with some parameters changed, loaded from a copy in `tmp_path`."""
    text = ruleset_path("dos").read_text(encoding="utf-8")
    for name, value in params.items():
        needle = f"{name}: {{value: "
        start = text.index(needle) + len(needle)
        end = text.index(",", start)
        text = text[:start] + str(value) + text[end:]
    path = tmp_path / "dos.yaml"
    path.write_text(text, encoding="utf-8")
    return load_game(str(path))


# ------------------------------------------------------------------ card names

def attributes(name: str) -> dict[str, Any]:
    """The attributes a card name stands for: `R5` -> red number 5, `G#` -> green Wild #."""
    if name == "W2":
        return {"colour": None, "kind": "wild_dos"}
    colour, rest = COLOURS[name[0]], name[1:]
    if rest == "#":
        return {"colour": colour, "kind": "wild_number"}
    return {"colour": colour, "kind": "number", "number": int(rest)}


def ids(name: str) -> list[int]:
    """Every component id of the card `name`, lowest first."""
    wanted = attributes(name)
    found = [c.id for c in dos().components if all(c.attrs.get(k) == v for k, v in wanted.items())]
    if not found:
        raise ValueError(f"the deck has no {name}")
    return found


def name_of(cid: int) -> str:
    """The notation of one component: 105 -> `W2`."""
    attrs = dos().components[cid].attrs
    if attrs["kind"] == "wild_dos":
        return "W2"
    letter = LETTER[attrs["colour"]]
    return letter + ("#" if attrs["kind"] == "wild_number" else str(attrs["number"]))


def hand(state: State, seat: int) -> list[str]:
    """A player's cards by name, sorted (the order of a hand means nothing)."""
    return sorted(name_of(cid) for cid in truth(state).zones["hand"][seat])


def row(state: State) -> list[str]:
    """The Center Row by name, left to right."""
    return [name_of(cid) for cid in truth(state).zones["row"]]


def pile(state: State, zone: str) -> list[str]:
    """A shared pile by name, top first."""
    return [name_of(cid) for cid in reversed(truth(state).zones[zone])]


def sizes(state: State) -> list[int]:
    return [len(h) for h in truth(state).zones["hand"]]


# ------------------------------------------------------------------ positions

def setup(state: State, *, hands: Mapping[int, Iterable[str]] | None = None, row: Iterable[str] = (),
          draw: Iterable[str] = (), discard: Iterable[str] = (), **options: Any) -> State:
    """`arrange` with card names: `row` left to right, piles top first.

    Every unlisted card lies under `draw` unless `rest` names another zone (see `arrange`).
    """
    zones = {"row": list(reversed(list(row))), "draw": list(draw), "discard": list(discard)}
    return arrange(state, zones=zones, hands=hands or {}, lookup=ids, **options)


def table(players: int = 3, *, game: Game | None = None, seed: int = 0, **arrangement: Any) -> State:
    """A new game of `players`, put at once into the position `arrangement` describes."""
    return setup((game or dos()).new_state(players, seed), **arrangement)


def held(state: State, seat: int, name: str, exclude: Iterable[int] = ()) -> int:
    """The id of a `name` card in the seat's hand, other than those in `exclude`."""
    skip = set(exclude)
    for cid in truth(state).zones["hand"][seat]:
        if cid not in skip and name_of(cid) == name:
            return cid
    raise AssertionError(f"player {seat + 1} holds no {name}")


def in_row(state: State, name: str) -> int:
    """The id of the leftmost `name` card in the Center Row."""
    for cid in truth(state).zones["row"]:
        if name_of(cid) == name:
            return cid
    raise AssertionError(f"the Center Row has no {name}")


def _declared(text: str) -> tuple[str, str | None, Any]:
    """`G#=7` -> ("G#", "value", 7); `W2/red` -> ("W2", "colour", "red"); `R5` -> ("R5", None, None)."""
    if "=" in text:
        name, value = text.split("=")
        return name, "value", int(value)
    if "/" in text:
        name, colour = text.split("/")
        return name, "colour", colour
    return text, None, None


def match_action(state: State, target: str, first: str, second: str | None = None,
                 by: int | None = None) -> Action:
    """The match action in the rule book's notation; the two cards are put in id order."""
    seat = state.current_player() if by is None else by
    name, kind, value = _declared(target)
    args: list[tuple[str, Any]] = [("target", in_row(state, name))]
    if kind:
        args.append((f"target_{kind}", value))
    cards = []
    for text in (first, second):
        if text is not None:
            card_name, card_kind, card_value = _declared(text)
            cid = held(state, seat, card_name, [c for c, _, _ in cards])
            cards.append((cid, card_kind, card_value))
    cards.sort(key=lambda c: c[0])
    if len(cards) == 1:
        cards.append((None, None, None))
    for slot, (cid, card_kind, card_value) in zip(("first", "second"), cards):
        args.append((slot, cid))
        if card_kind:
            args.append((f"{slot}_{card_kind}", card_value))
    return Action("match", seat, tuple(args))


def match(state: State, target: str, first: str, second: str | None = None, by: int | None = None) -> Action:
    action = match_action(state, target, first, second, by)
    state.apply(action)
    return action


def draw(state: State) -> Action:
    return _apply(state, Action("draw", state.current_player()))


def place(state: State, name: str) -> Action:
    return _apply(state, Action("place", state.current_player(), (("card", held(state, state.current_player(), name)),)))


def end_turn(state: State) -> Action:
    return _apply(state, Action("end_turn", state.current_player()))


def call_dos(state: State, seat: int) -> Action:
    return _apply(state, Action("call_dos", seat))


def catch(state: State, by: int, target: int) -> Action:
    return _apply(state, Action("catch", by, (("target", target),)))


def _apply(state: State, action: Action) -> Action:
    state.apply(action)
    return action


# ------------------------------------------------------------------ assertions

def refused(state: State, action: Action, because: str | None = None) -> str:
    """Assert that `action` is refused (by `because`, when given) and changes nothing; return the reason in words."""
    refusal = state.why_not(action)
    assert refusal is not None, f"{action} was expected to be illegal"
    assert refuse(state, lambda: state.apply(action), because) == refusal.code
    return say_refusal(refusal)


def earned(state: State) -> tuple[int, int]:
    """(bonus placements, Double Colour Matches) earned so far this turn."""
    return truth(state).variables["bonuses"], truth(state).variables["doubles"]


def offered(state: State, seat: int | None = None) -> set[str]:
    """The names of the actions the seat (default: the current player) may take now."""
    seat = state.current_player() if seat is None else seat
    return {a.name for a in state.legal_actions() if a.actor == seat}


def catchable(state: State, target: int) -> bool:
    """Some other player is offered to catch `target` now."""
    return any(a.name == "catch" and a.get("target") == target for a in state.legal_actions())


def moves(state: State) -> list[tuple[str, str, str]]:
    """Card movements since the position was set up, up to the end of the round: (card, from, to).

    A zone of a player is written `hand:A`; the next round's deal is left out.
    """
    def place_name(zone: str, owner: int | None) -> str:
        return zone if owner is None else f"{zone}:{'ABCD'[owner]}"
    result = []
    for event in state.events:
        if isinstance(event, ev.RoundEnded):
            break
        if isinstance(event, ev.Moved):
            result.append((name_of(event.component), place_name(event.from_zone, event.from_owner),
                           place_name(event.to_zone, event.to_owner)))
    return result


def round_ended(state: State) -> ev.RoundEnded | None:
    """The round-ended event since the position was set up, if any."""
    return next((e for e in state.events if isinstance(e, ev.RoundEnded)), None)
