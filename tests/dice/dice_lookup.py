"""UNO Dice test vocabulary: dice by name, faces in the rule book's notation, scripted luck.

The notation is the one of the scenario checks in the UNO Dice specification: `N12=R3` is die
N12 showing red 3 (its face f3), `C3=B-Rev` die C3 showing blue Reverse, `WILD` and `WD4` the
two wild dice; a wild center die carries the colour named for it, `WILD[blue]`. `position` puts
a game into the "Before:" of a scenario and `Luck` scripts its "draw → N14, N14 → f3".
"""
from __future__ import annotations

import random
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the shared tests/helpers.py

from helpers import (  # noqa: E402
    act,
    arrange,
    check_places,
    no_effect,
    refused,
    truth,  # noqa: E402
)
from rulesrun.interpreter import Action, Game, State, load_game, ruleset_path  # noqa: E402
from rulesrun.interpreter.engine import position as engine_position  # noqa: E402
from rulesrun.interpreter.engine.state import inspect  # noqa: E402

A, B, C, D = 0, 1, 2, 3
LEFT, RIGHT = 1, -1
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
COMMANDS = {"Rev": "reverse", "Skip": "skip", "D2": "draw_two"}
LETTER = {colour: letter for letter, colour in COLOURS.items()}
ABBREVIATION = {command: short for short, command in COMMANDS.items()}
TOTAL_DICE = 25


@lru_cache(maxsize=1)
def dice_game() -> Game:
    """The shipped UNO Dice ruleset, compiled once (a Game never changes during play)."""
    return load_game("uno-dice")


def variant(tmp_path: Path, params: Mapping[str, Any] | None = None, extra_dice: str = "") -> Game:
    """The UNO Dice ruleset with some parameters changed and dice added, loaded from a copy."""
    text = ruleset_path("uno-dice").read_text(encoding="utf-8")
    for param, value in (params or {}).items():
        needle = f"{param}: {{value: "
        start = text.index(needle) + len(needle)
        text = text[:start] + str(value) + text[text.index(",", start):]
    if extra_dice:
        end = text.index("\nzones:")
        text = text[:end] + "\n" + extra_dice.rstrip("\n") + text[end:]
    path = tmp_path / "uno-dice.yaml"
    path.write_text(text, encoding="utf-8")
    return load_game(str(path))


def die(game: Game, die_name: str) -> int:
    """The id of the die called `die_name` (`N12`, `C3`, `WILD`, `WD4`)."""
    for component in game.components:
        if component.attrs["name"] == die_name:
            return component.id
    raise ValueError(f"the set has no die {die_name!r}")


def name(game: Game, cid: int) -> str:
    """The name of die `cid`: 11 -> `N12`."""
    return game.components[cid].attrs["name"]


def face_attributes(text: str) -> dict[str, Any]:
    """What a face written as `R3` or `B-Rev` shows."""
    colour, rest = COLOURS[text[0]], text[1:]
    if rest.startswith("-"):
        return {"colour": colour, "command": COMMANDS[rest[1:]]}
    return {"colour": colour, "number": int(rest)}


def face_index(game: Game, cid: int, text: str) -> int:
    """The index (0 for f1) of the face `text` (`R3`, `B-Rev` or `f3`) on die `cid`."""
    if text.startswith("f"):
        return int(text[1:]) - 1
    wanted = face_attributes(text)
    for index, face in enumerate(game.components[cid].faces):
        if all(face.get(key) == value for key, value in wanted.items()):
            return index
    raise ValueError(f"{name(game, cid)} has no face {text}")


def face_text(face: Mapping[str, Any]) -> str:
    """A face in the rule book's notation: `R3`, `B-Rev`; empty for a wild face."""
    if face.get("colour") is None:
        return ""
    if face.get("command") is not None:
        return f"{LETTER[face['colour']]}-{ABBREVIATION[face['command']]}"
    return f"{LETTER[face['colour']]}{face['number']}"


def shown(state: State, cid: int) -> str:
    """One die as the scenarios write it: `N12=R3`, `WILD`."""
    game = state.game
    text = face_text(game.components[cid].faces[truth(state).faces[cid]])
    return f"{name(game, cid)}={text}" if text else name(game, cid)


def parse(game: Game, text: str) -> tuple[int, int | None, str | None]:
    """`N12=R3` -> (id, face index, None); `WILD[blue]` -> (id, None, "blue"); `N14` -> (id, None, None)."""
    colour = None
    if text.endswith("]"):
        text, colour = text[:-1].split("[")
    die_name, _, face = text.partition("=")
    cid = die(game, die_name)
    return cid, face_index(game, cid, face) if face else None, colour


def hand(state: State, seat: int) -> list[str]:
    """A player's dice as shown, sorted (the order of a hand means nothing)."""
    return sorted(shown(state, cid) for cid in truth(state).zones["hand"][seat])


def center(state: State) -> str:
    """The center die as shown; a wild one with the colour in force."""
    (cid,) = truth(state).zones["center"]
    kind = state.game.components[cid].attrs["kind"]
    if kind in ("wild", "wild_draw_four"):
        return f"{name(state.game, cid)}[{truth(state).variables['active_colour']}]"
    return shown(state, cid)


def in_bag(state: State) -> set[str]:
    return {name(state.game, cid) for cid in truth(state).zones["bag"]}


def sizes(state: State) -> list[int]:
    return [len(h) for h in truth(state).zones["hand"]]


def assert_conserved(state: State) -> None:
    """DICE-15.1: every die in exactly one place, one center die, 25 in all."""
    check_places(state)
    assert len(truth(state).zones["center"]) == 1, "there must be exactly one center die"
    assert len(truth(state).zones["bag"]) + 1 + sum(sizes(state)) == TOTAL_DICE


def position(state: State, *, center: str, hands: Mapping[int, Iterable[str] | int],
             bag: Iterable[str] = (), bag_size: int | None = None, spare_hand: int = 5,
             current: int = A, direction: int = LEFT, variables: Mapping[str, Any] | None = None,
             **options: Any) -> State:
    """Put `state` at the start of `current`'s turn in the position a scenario's "Before:" gives.

    - center: `N12=R3` or `WILD[blue]`; the effective colour follows it unless `variables` says.
    - hands: seat -> dice as shown, or a number of unnamed dice.
    - bag: dice that must be in the bag (a face may be given); with bag_size the bag is filled
      up to that size with unnamed dice, and every die left over goes to the seats `hands` does
      not mention, shared out evenly; without it those seats get `spare_hand` dice each and the
      bag gets the rest.
    - other options (phase, dealer) go to the shared `arrange`.
    """
    game = state.game
    faces: dict[int, int] = {}
    named: set[int] = set()

    def take(texts: Iterable[str]) -> list[int]:
        cids = []
        for text in texts:
            cid, face, _ = parse(game, text)
            if face is not None:
                faces[cid] = face
            named.add(cid)
            cids.append(cid)
        return cids

    middle, middle_face, named_colour = parse(game, center)
    named.add(middle)
    if middle_face is not None:
        faces[middle] = middle_face
    listed = {seat: take(dice) for seat, dice in hands.items() if not isinstance(dice, int)}
    in_the_bag = take(bag)
    spare = [c.id for c in game.components if c.id not in named]
    for seat, dice in hands.items():
        if isinstance(dice, int):
            listed[seat], spare = spare[:dice], spare[dice:]
    others = [seat for seat in range(truth(state).players) if seat not in hands]
    if bag_size is None:
        for seat in others:
            listed[seat], spare = spare[:spare_hand], spare[spare_hand:]
        in_the_bag += spare
    else:
        fill = bag_size - len(in_the_bag)
        if fill < 0:
            raise ValueError(f"{len(in_the_bag)} dice are named for a bag of {bag_size}")
        in_the_bag, spare = in_the_bag + spare[:fill], spare[fill:]
        if spare and not others:
            raise ValueError(f"{len(spare)} dice have no place: every seat's hand is given")
        for i, seat in enumerate(others):
            listed[seat] = spare[i::len(others)]
    engine_position.adjust(state, faces=faces)
    values = dict(variables or {})
    values.setdefault("active_colour", named_colour or game.attribute(middle, "colour", truth(state).faces))
    arrange(state, zones={"center": [middle], "bag": in_the_bag}, hands=listed, variables=values,
            current=current, direction=direction, **options)
    assert_conserved(state)
    return state


def table(players: int = 3, seed: int = 0, **before: Any) -> State:
    """A new game of `players` at once put into the position `before` describes."""
    return position(dice_game().new_state(players, seed), **before)


class Luck(random.Random):
    """Scripted randomness: which die each draw from the bag yields and which face each roll shows.

    `Luck(state, draws=["N14"], rolls={"N14": "f3"})` reads "draw → N14, N14 → f3". It replaces
    the table's generator and watches its `roll` to know which die is being rolled, so rolls are scripted
    per die whatever order the engine rolls a hand in. Unscripted randomness fails the test unless
    `strict` is false, in which case it comes from an ordinary generator seeded with 0. Shuffles do
    nothing: the bag is drawn from at random, never shuffled.
    """

    def __init__(self, state: State, draws: Iterable[str] = (), rolls: Mapping[str, str | list[str]] | None = None,
                 strict: bool = True):
        super().__init__(0)
        self.state = state
        self.draws = list(draws)
        self.rolls = {die_name: [faces] if isinstance(faces, str) else list(faces)
                      for die_name, faces in (rolls or {}).items()}
        self.strict = strict
        self.rolling: int | None = None
        table = inspect(state)
        script = self

        class Watched(type(table)):  # type: ignore[misc]
            """The table, telling the script which die it is rolling."""

            __slots__ = ()

            def roll(self, cid: int) -> None:
                script.rolling = cid
                try:
                    super().roll(cid)
                finally:
                    script.rolling = None
        table.__class__ = Watched
        table.rng = self

    def randrange(self, start: int, stop: Any = None, step: int = 1) -> int:  # type: ignore[override]
        game = self.state.game
        if self.rolling is not None:
            queue = self.rolls.get(name(game, self.rolling))
            if queue:
                return face_index(game, self.rolling, queue.pop(0))
            return self._unscripted(start, f"a roll of {name(game, self.rolling)}")
        if self.draws:
            wanted = die(game, self.draws.pop(0))
            bag = inspect(self.state).zones["bag"]
            assert wanted in bag, f"{name(game, wanted)} should be drawn but is not in the bag"
            assert start == len(bag), "a draw from something other than the bag"
            return bag.index(wanted)
        return self._unscripted(start, "a draw")

    def _unscripted(self, n: int, what: str) -> int:
        assert not self.strict, f"{what} was not scripted"
        return super().randrange(n)

    def shuffle(self, x: list[Any], *args: Any) -> None:  # type: ignore[override]
        return None

    def done(self) -> None:
        """Assert that every scripted draw and roll has happened."""
        assert not self.draws, f"draws that never happened: {self.draws}"
        left = {die_name: faces for die_name, faces in self.rolls.items() if faces}
        assert not left, f"rolls that never happened: {left}"


# ------------------------------------------------------------ actions by name

def play(state: State, die_name: str, colour: str | None = None, by: int | None = None) -> Action:
    """Play the die `die_name`; a colour is sent only when given."""
    choices: dict[str, Any] = {"die": die(state.game, die_name)}
    if colour is not None:
        choices["colour"] = colour
    return act(state, "play", by, **choices)


def reroll(state: State) -> Action:
    return act(state, "reroll")


def draw(state: State) -> Action:
    return act(state, "draw")


def keep(state: State) -> Action:
    return act(state, "keep")


def proceed(state: State) -> Action:
    return act(state, "proceed")


def catch_wild_four(state: State, by: int) -> Action:
    return act(state, "catch_wild_four", by)


def call_uno(state: State, by: int) -> Action:
    return act(state, "call_uno", by)


def catch(state: State, by: int, target: int) -> Action:
    return act(state, "catch", by, target=target)


def offered(state: State, seat: int | None = None) -> set[str]:
    """The dice (by name) the seat (default: the current player) is offered to play now."""
    seat = state.current_player() if seat is None else seat
    return {name(state.game, a.get("die")) for a in state.legal_actions() if a.name == "play" and a.actor == seat}


def refused_die(state: State, move: Callable[[], Any], because: str | None = None) -> None:
    """The engine refuses `move` (by `because`, when given) and nothing changes, not even a die's face (DICE-5.8)."""
    faces = dict(truth(state).faces)
    refused(state, move, because)
    assert truth(state).faces == faces


def without_effect(state: State, move: Callable[[], Any]) -> None:
    """`move` changes nothing, refused or accepted as a no-op, faces included."""
    faces = dict(truth(state).faces)
    no_effect(state, move)
    assert truth(state).faces == faces


class Recorder:
    """A seat for the runner that notes every catch it is offered and lets it pass.

    On its own turn it takes the first action named in `prefer`. `asked` is shared by all
    recorders of a table, so it lists the seats in the order the runner asked them.
    """

    def __init__(self, asked: list[int], prefer: Iterable[str] = ("proceed", "reroll")):
        self.asked = asked
        self.prefer = list(prefer)

    def _note(self, actions: list[Action]) -> None:
        if any(a.name.startswith("catch") for a in actions):
            self.asked.append(actions[0].actor)

    def claim(self, state: State, actions: list[Action]) -> Action | None:
        self._note(actions)
        return None

    def choose(self, state: State, actions: list[Action]) -> Action:
        self._note(actions)
        return next(a for wanted in self.prefer for a in actions if a.name == wanted)


def recorders(players: int, prefer: Iterable[str] = ("proceed", "reroll")) -> tuple[list[int], list[Recorder]]:
    asked: list[int] = []
    return asked, [Recorder(asked, prefer) for _ in range(players)]
