"""HR-14.1 start die handling for UNO Dice (uno-dice/start-card): `start_card: ignore`.

Base UNO Dice draws again until a number starts the round (DICE-3.3, `redraw_until_number`);
DICE-H3 (uno-dice/live-start, `apply`) lets the start die act on the starter. With `ignore` the
first die drawn starts the round whatever it shows and acts on nobody.
"""
from __future__ import annotations

from pathlib import Path

from dice.dice_lookup import A, assert_conserved, dice_game, name, offered, sizes
from helpers import act, action_names, events_of, refused, truth
from rulesrun.interpreter import Game, State, load_game
from rulesrun.interpreter.engine import events as ev
from test_dice_variant_files import variant

SEEDS = range(40)  # every kind of start die turns up among these (a Draw Two last, at 37)
KINDS = {"number", "reverse", "skip", "draw_two", "wild", "wild_draw_four"}


def start_card() -> Game:
    return variant("start-card")


def start_kind(state: State) -> str:
    """What the center die shows: `number`, a command, `wild` or `wild_draw_four`."""
    (cid,) = truth(state).zones["center"]
    component = state.game.components[cid]
    return component.faces[truth(state).faces[cid]].get("command") or component.attrs["kind"]


def first_seed(kind: str) -> int:
    return next(seed for seed in SEEDS if start_kind(start_card().new_state(3, seed)) == kind)


def dice_to_center(state: State) -> int:
    return sum(e.to_zone == "center" for e in events_of(state, ev.Moved))


def test_hr_14_1_ignore_the_first_die_drawn_starts_the_round_whatever_it_shows():
    kinds = set()
    for seed in SEEDS:
        state = start_card().new_state(3, seed)
        assert_conserved(state)
        assert dice_to_center(state) == 1
        kinds.add(start_kind(state))
    assert kinds == KINDS


def test_hr_14_1_in_base_uno_dice_a_die_not_showing_a_number_is_drawn_again():
    """DICE-3.3 (redraw_until_number): with the seed that starts a Draw Two above, base draws again."""
    state = dice_game().new_state(3, first_seed("draw_two"))
    assert start_kind(state) == "number" and dice_to_center(state) > 1


def test_hr_14_1_ignore_a_command_start_die_acts_on_nobody():
    """The starter takes the first turn, direction left, nobody draws; under `apply` (DICE-H3) it acts."""
    for kind in ("reverse", "skip", "draw_two"):
        seed = first_seed(kind)
        state = start_card().new_state(3, seed)
        assert (state.current_player(), truth(state).direction, truth(state).phase, sizes(state)) == (A, 1, "roll_a", [5, 5, 5])
        live = variant("live-start").new_state(3, seed)  # the same die, applied
        assert start_kind(live) == kind
        assert (live.current_player(), truth(live).direction, sizes(live)) != (A, 1, [5, 5, 5])


def test_hr_14_1_ignore_after_a_wild_start_die_the_starter_names_the_colour():
    """A Wild or Wild Draw Four start die stays, makes nobody draw, and the starter names its colour,
    which the first play then matches (DICE-5.1, DICE-5.7: a wild center has no number or command)."""
    for kind in ("wild", "wild_draw_four"):
        state = start_card().new_state(3, first_seed(kind))
        assert truth(state).variables["active_colour"] is None and state.current_player() == A and sizes(state) == [5, 5, 5]
        assert action_names(state, A) == {"name_colour"}
        refused(state, lambda: act(state, "reroll"))
        faces = {name(state.game, cid): state.game.components[cid].faces[truth(state).faces[cid]]
                 for cid in truth(state).zones["hand"][A]}
        colour = next(face["colour"] for face in faces.values() if face)
        act(state, "name_colour", colour=colour)
        assert truth(state).variables["active_colour"] == colour and truth(state).phase == "roll_a" and state.current_player() == A
        assert offered(state) == {die for die, face in faces.items() if not face or face["colour"] == colour}


def test_hr_14_1_redraw_until_number_is_the_base_rule(tmp_path: Path):
    """The parameter's other value gives back DICE-3.3."""
    path = tmp_path / "redraw.yaml"
    path.write_text("extends: uno-dice/start-card\nname: redraw\n"
                    "params: {start_card: {value: redraw_until_number}}\n", encoding="utf-8")
    game = load_game(str(path))
    assert all(start_kind(game.new_state(3, seed)) == "number" for seed in SEEDS)
