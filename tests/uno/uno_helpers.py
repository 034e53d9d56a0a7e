"""UNO test vocabulary: seats, cards in the rule book's notation, and the actions by name.

Cards are written as in the scenario checks of the UNO specification: `R7` (red 7), `Y0`,
`G-Skip`, `B-Rev`, `R-D2` (Draw Two), `W` (Wild), `WD4` (Wild Draw Four). Identical cards
have several ids; `setup` takes a still-unused one for every name it is given.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from helpers import StackedRandom, act, arrange, truth
from rulesrun.interpreter import Action, Game, State
from rulesrun.interpreter.engine import position as engine_position

A, B, C, D = 0, 1, 2, 3
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
SYMBOLS = {"Skip": "skip", "Rev": "reverse", "D2": "draw_two"}
WILDS = {"W": "wild", "WD4": "wild_draw_four"}
LETTER = {colour: letter for letter, colour in COLOURS.items()}
SYMBOL = {kind: symbol for symbol, kind in SYMBOLS.items()}
WILD = {kind: name for name, kind in WILDS.items()}


def attributes(name: str) -> dict[str, Any]:
    """The attributes a card name stands for: `R7` -> red number 7."""
    if name in WILDS:
        return {"colour": None, "kind": WILDS[name]}
    colour, rest = COLOURS[name[0]], name[1:]
    if rest.startswith("-"):
        return {"colour": colour, "kind": SYMBOLS[rest[1:]]}
    return {"colour": colour, "kind": "number", "number": int(rest)}


def ids(game: Game, name: str) -> list[int]:
    """Every component id of the card `name`, lowest first."""
    wanted = attributes(name)
    found = [c.id for c in game.components if all(c.attrs.get(k) == v for k, v in wanted.items())]
    if not found:
        raise ValueError(f"the deck has no {name}")
    return found


def card(game: Game, name: str, used: Iterable[int] = ()) -> int:
    """One id of the card `name` that is not in `used`."""
    taken = set(used)
    return next(cid for cid in ids(game, name) if cid not in taken)


def name_of(game: Game, cid: int) -> str:
    """The notation of one component: 17 -> `R8`."""
    attrs = game.components[cid].attrs
    if attrs["kind"] in WILD:
        return WILD[attrs["kind"]]
    letter = LETTER[attrs["colour"]]
    return f"{letter}{attrs['number']}" if attrs["kind"] == "number" else f"{letter}-{SYMBOL[attrs['kind']]}"


def hand(state: State, seat: int) -> list[str]:
    """A player's cards by name, sorted (the order of a hand means nothing)."""
    return sorted(name_of(state.game, cid) for cid in truth(state).zones["hand"][seat])


def pile(state: State, zone: str) -> list[str]:
    """A shared pile by name, top first."""
    return [name_of(state.game, cid) for cid in reversed(truth(state).zones[zone])]


def top(state: State) -> str:
    return name_of(state.game, truth(state).zones["discard"][-1])


def sizes(state: State) -> list[int]:
    return [len(h) for h in truth(state).zones["hand"]]


def offered(state: State, seat: int | None = None) -> set[str]:
    """The cards (by name) the seat (default: the current player) is offered to play now."""
    seat = state.current_player() if seat is None else seat
    return {name_of(state.game, a.get("card")) for a in state.legal_actions() if a.name == "play" and a.actor == seat}


def setup(state: State, *, hands: Mapping[int, Iterable[str]] | None = None, discard: Iterable[str] = (),
          draw: Iterable[str] = (), **options: Any) -> State:
    """`arrange` with card names: piles top first; the rest of the deck lies under `draw`.

    Unless `variables` names it, the active colour is the colour of the top card.
    """
    game = state.game
    discard = list(discard)
    variables = dict(options.pop("variables", {}))
    if discard and "active_colour" not in variables:
        variables["active_colour"] = attributes(discard[0])["colour"]
    return arrange(state, zones={"discard": discard, "draw": list(draw)}, hands=hands, variables=variables,
                   lookup=lambda name: ids(game, name), **options)


def table(game: Game, players: int = 4, seed: int = 0, **arrangement: Any) -> State:
    """A new game of `players`, put at once into the position `arrangement` describes."""
    return setup(game.new_state(players, seed), **arrangement)


def held(state: State, seat: int, name: str) -> int:
    """The id of `name` in the seat's hand (the latest picked up), else any id of it."""
    for cid in reversed(truth(state).zones["hand"][seat]):
        if name_of(state.game, cid) == name:
            return cid
    return ids(state.game, name)[0]


def play(state: State, name: str, colour: str | None = None, call: bool | None = None,
         by: int | None = None) -> Action:
    """Play the card `name`; colour and call are sent only when given."""
    seat = state.current_player() if by is None else by
    choices: dict[str, Any] = {"card": held(state, seat, name)}
    if colour is not None:
        choices["colour"] = colour
    if call is not None:
        choices["call"] = call
    return act(state, "play", seat, **choices)


def draw(state: State, by: int | None = None) -> Action:
    return act(state, "draw", by)


def keep(state: State, by: int | None = None) -> Action:
    return act(state, "keep", by)


def challenge(state: State, by: int | None = None) -> Action:
    return act(state, "challenge", by)


def accept(state: State, by: int | None = None) -> Action:
    return act(state, "accept", by)


def name_colour(state: State, colour: str, by: int | None = None) -> Action:
    return act(state, "name_colour", by, colour=colour)


def call_uno(state: State, player: int) -> Action:
    return act(state, "call_uno", player)


def catch(state: State, by: int, target: int) -> Action:
    return act(state, "catch", by, target=target)


def deal_round(state: State, dealer: int, stack: Iterable[str], *reshuffles: Iterable[str],
               hands: Mapping[int, list[str]] | None = None, **position: Any) -> State:
    """End the round at once and deal the next one, by `dealer`, from a stacked deck.

    The deal takes `hands` (seat -> 7 names; default: low number cards), then `stack` lies on
    top of the draw pile, top first: its first card is turned up. Each of `reshuffles` is the
    top of the draw pile after one more shuffle. The round is ended by the first player
    going out with nothing left in other hands, so no score changes; `position` passes more
    of the ending round's position to `setup` (for example its direction).
    """
    game, n = state.game, truth(state).players
    setup(state, hands={A: ["R5"]}, discard=["R9"], current=A, dealer=(dealer - 1) % n, **position)
    used: list[int] = []

    def pick(name: str) -> int:
        used.append(card(game, name, used))
        return used[-1]

    stacked = [pick(name) for name in stack]
    order = [(dealer + 1 + i) % n for i in range(n)]
    cards = {seat: [pick(name) for name in (hands or {}).get(seat, ())] for seat in order}
    spare = iter(cid for cid in range(len(game.components)) if cid not in used)
    for seat in order:
        cards[seat] += [next(spare) for _ in range(7 - len(cards[seat]))]
    deal = [cards[seat][k] for k in range(7) for seat in order]
    engine_position.adjust(state, generator=StackedRandom(deal + stacked, *([card(game, name) for name in top]
                                                                     for top in reshuffles)))
    play(state, "R5")
    return state
