"""One world a player might be in: what they cannot see, filled in at random from what they have seen.

A bot that searches must not know the cards it was not shown. It plays its
lookaheads in a *determinization*: a copy of the game in which

- every place the player sees a component (their own hand, the discard pile,
  a card shown to them) holds that component, as in the game;
- the places they do not see (the other hands, the draw pile, the bag) keep
  their number of components, and are filled with the components the player
  has not seen, dealt at random from the bot's generator;
- every variable (or entry) the player may not read takes its initial value;
  a hidden die shows a random face;
- the randomness to come (shuffles, draws, rolls) is drawn from the bot's
  generator, not the game's.

The world is made from the player's view and the sizes and facts every player
sees (whose turn, the phase, the scores, how often a zone changed, who moved
what into a place), so two games that differ only in what the player may not
see give the same world for the same generator. It forgets the events so far,
and from then on records only the game's course (`Table.emit`: rounds, turns,
actions, shuffles, skips…), not each move and variable set (`records_changes`):
a bot reads how a round ended in it, and those records were about 2% of a
greedy game.
What a player could infer from the history (an opponent who drew rather than
play holds no card of that colour) is not used.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from . import visibility
from .game import Game
from .state import State, inspect
from .table import Table, shuffle


def determinize(state: State, viewer: int, rng: random.Random, game: Game | None = None) -> State:
    """A world consistent with what `viewer` sees of `state`, played by `game` (default: the state's own)."""
    table = inspect(state)
    known = table.revealed.get(viewer) or ()  # components shown to the viewer alone, wherever they lie
    hidden: list[tuple[str, int | None, Sequence[int]]] = []  # each pile the viewer does not wholly see, and where
    unseen: list[int] = []  # every component lies in one place: those unseen are those in the places unseen
    for name, spec in table.game.zones.items():
        for owner in range(len(table.zones[name])) if spec.indexed else (None,):  # each seat's, or each pile
            cards = table.zone(name, owner)
            covered = len(cards) - visibility.seen_on_top(spec, owner, len(cards), viewer)  # what a view hides
            places: Sequence[int]
            if known and not known.isdisjoint(cards[:covered]):
                places = [index for index in range(covered) if cards[index] not in known]
                unseen += [cards[index] for index in places]
            else:
                places = range(covered)
                unseen += cards[:covered]
            if places:
                hidden.append((name, owner, places))
    unseen.sort()
    shuffle(rng, unseen)
    world = table.copy(events=False)
    world.records_changes = False
    if game is not None:
        world.game = game
    where, moved_by, was_moved_by = world.where, world.moved_by, table.moved_by
    movers = table.game.keeps_movers  # a game that keeps no component's mover has none to hide
    shown_to_others = any(shown for other, shown in world.revealed.items() if other != viewer)
    relabelled: dict[int, int] = {}  # the component in a place in the game -> the one there in the world
    dealt = 0
    for name, owner, places in hidden:
        cards, count = world.zone(name, owner), len(places)
        dealt_here = unseen[dealt:dealt + count]
        if places[-1] == count - 1:  # the bottom of the pile, as a view hides it: one slice
            before = cards[:count]
            cards[:count] = dealt_here
        else:
            before = [cards[index] for index in places]
            for index, component in zip(places, dealt_here):
                cards[index] = component
        place = (name, owner)
        if movers:
            for was, component in zip(before, dealt_here):  # who moved something into a place is seen, not what it was
                where[component] = place
                moved_by[component] = was_moved_by[was]
        else:
            for component in dealt_here:
                where[component] = place
        if shown_to_others:  # only they need to know which component took which one's place
            relabelled.update(zip(before, dealt_here))
        dealt += count
    components = table.game.components
    for component in unseen if table.game.has_dice else ():  # in the order they were dealt
        faces = components[component].faces
        if faces:
            world.faces[component] = rng.randrange(len(faces))
    world.revealed = {other: ({relabelled.get(c, c) for c in shown} if other != viewer else set(shown))
                      for other, shown in world.revealed.items()}
    _forget_unseen_variables(world, viewer)
    world.reseed(rng.getrandbits(64))
    return State(world)


def _forget_unseen_variables(world: Table, viewer: int) -> None:
    """Every variable, or entry of one, that `viewer` may not read goes back to its initial value."""
    for name, spec in world.game.variables.items():
        if spec.visibility == "public":
            continue
        if spec.per_player:
            values = world.vars[name]
            for owner in range(world.players):
                if not visibility.may_read(spec, owner, viewer, world.current):
                    values[owner] = spec.initial
        elif not visibility.may_read(spec, None, viewer, world.current):
            world.vars[name] = spec.initial
