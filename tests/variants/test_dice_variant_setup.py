"""UNO Dice house rules about setting up: DICE-H2 (roll for the first starter)."""
from __future__ import annotations

from dice.dice_lookup import assert_conserved, dice_game
from helpers import act, events_of, truth
from rulesrun.interpreter import State
from rulesrun.interpreter.engine import events as ev
from test_dice_variant_files import variant


def first_rolls(state: State) -> list[int]:
    """The numbers the players rolled for the starter, seat by seat (command and wild faces count 0)."""
    rolls = events_of(state, ev.Rolled)[:truth(state).players]
    return [state.game.components[r.component].faces[r.face].get("number") or 0 for r in rolls]


def test_dice_h2_the_highest_roll_starts_the_first_round():
    """DICE-H2.1 replaces DICE-3.2: the player who rolls the highest number is the starter."""
    starters = set()
    for seed in range(8):
        state = variant("roll-for-starter").new_state(3, seed)
        assert_conserved(state)
        numbers = first_rolls(state)
        if numbers.count(max(numbers)) == 1:
            assert truth(state).dealer == state.current_player() == numbers.index(max(numbers))
        starters.add(state.current_player())
    assert starters != {0}


def test_dice_h2_in_base_uno_dice_seat_one_always_starts():
    assert {dice_game().new_state(3, seed).current_player() for seed in range(8)} == {0}


def start_die(state: State) -> dict:
    (cid,) = truth(state).zones["center"]
    component = state.game.components[cid]
    return {**component.attrs, **component.faces[truth(state).faces[cid]]}


def test_dice_h3_any_start_die_but_the_wild_draw_four_acts_on_the_starter():
    """DICE-H3.1, DICE-H3.3: the start die's face acts on the starter (seat 1) before the first turn."""
    seen = set()
    for seed in range(60):
        state = variant("live-start").new_state(3, seed)
        assert_conserved(state)
        face = start_die(state)
        kind = face.get("command") or face["kind"]
        seen.add(kind)
        assert kind != "wild_draw_four"
        expected = {  # kind -> (first player, direction, phase, starter's dice)
            "number": (0, 1, "roll_a", 5), "reverse": (0, -1, "roll_a", 5), "skip": (1, 1, "roll_a", 5),
            "draw_two": (1, 1, "roll_a", 7), "wild": (0, 1, "name_colour", 5),
        }[kind]
        assert (state.current_player(), truth(state).direction, truth(state).phase, len(truth(state).zones["hand"][0])) == expected
    assert seen == {"number", "reverse", "skip", "draw_two", "wild"}


def test_dice_h3_the_starter_names_the_colour_of_a_wild_start_die():
    """DICE-H3.3: Wild: the starter names the colour and takes the first turn."""
    state = next(s for s in (variant("live-start").new_state(3, seed) for seed in range(60))
                 if start_die(s)["kind"] == "wild")
    act(state, "name_colour", colour="green")
    assert truth(state).variables["active_colour"] == "green" and truth(state).phase == "roll_a" and state.current_player() == 0


def test_dice_h3_in_base_uno_dice_only_a_number_starts_the_round():
    assert all(start_die(dice_game().new_state(3, seed))["kind"] == "number" for seed in range(60))
