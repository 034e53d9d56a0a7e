"""Public information and randomness: DICE-15.2 and DICE-15.4 (DICE-15.1, 15.3, 15.5, 15.6 are
checked in test_dice_properties.py and test_dice_wild.py)."""
from __future__ import annotations

import random

from dice_lookup import A, B, C, dice_game, play, table
from helpers import truth
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.engine import position
from rulesrun.interpreter.play.bots import make_bot
from rulesrun.interpreter.play.runner import play_out


def test_dice_15_2_hands_center_colour_direction_and_scores_are_public() -> None:
    """DICE-15.2: every player (and a spectator) sees every hand, the center, the colour, the scores."""
    state = table(center="N12=R3", hands={A: ["WILD", "N17=B1"], B: ["N18=Y3"], C: ["N19=G4"]})
    position.adjust(state, variables={"score": [10, 20, 30]})
    play(state, "WILD", colour="green")
    for viewer in (A, B, C, None):
        view = state.view(viewer)
        assert view.zones["hand"] == truth(state).zones["hand"]
        assert view.zones["center"] == truth(state).zones["center"]
        assert view.variables["active_colour"] == "green"
        assert view.direction == truth(state).direction and view.scores == [10, 20, 30]


def test_dice_15_2_which_die_is_where_in_the_bag_is_not_shown() -> None:
    """DICE-15.2: the bag is opaque: its content is known only as 'every die not in sight'."""
    state = dice_game().new_state(3, seed=5)
    view = state.view(A)
    assert view.zones["bag"] == [None] * len(truth(state).zones["bag"])
    in_sight = {c for h in view.zones["hand"] for c in h} | set(view.zones["center"])
    assert len(in_sight) + len(view.zones["bag"]) == 25


def run(seed: int) -> list[dict]:
    state = dice_game().new_state(3, seed)
    play_out(state, [make_bot("random", seat) for seat in range(3)], single_round=True)
    return [ev.to_json(event) for event in state.events]


def test_dice_15_4_one_seed_one_game() -> None:
    """DICE-15.4: all draws and rolls come from the game's seed, not from the global generator."""
    random.seed(1)
    first = run(42)
    random.seed(2)
    assert run(42) == first


def test_dice_15_4_the_seed_decides_the_draws_and_rolls() -> None:
    """DICE-15.4: different seeds give different games."""
    assert len({str(run(seed)[:40]) for seed in range(4)}) > 1
