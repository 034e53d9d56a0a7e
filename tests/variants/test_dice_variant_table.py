"""UNO Dice house rule DICE-H18: the extended set and larger tables."""
from __future__ import annotations

import pytest
from dice.dice_lookup import dice_game
from helpers import check_places, truth
from rulesrun.interpreter import IllegalAction
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out
from test_dice_variant_files import variant


def names(game) -> list[str]:
    return [c.attrs["name"] for c in game.components]


def test_dice_h18_the_extended_set_has_thirty_dice_with_unchanged_values():
    """DICE-H18.1: C4 .. C6 show the faces of C1 .. C3; a second Wild and Wild Draw Four die."""
    game = variant("extended-set")
    assert len(game.components) == 30 and len(dice_game().components) == 25
    assert set(names(game)) - set(names(dice_game())) == {"C4", "C5", "C6", "WILD2", "WD4_2"}
    by_name = {c.attrs["name"]: c for c in game.components}
    for old, new in (("C1", "C4"), ("C2", "C5"), ("C3", "C6")):
        assert [{k: v for k, v in face.items() if k != "label"} for face in by_name[new].faces] == \
            [{k: v for k, v in face.items() if k != "label"} for face in by_name[old].faces]
    assert by_name["WILD2"].faces[0]["points"] == by_name["WD4_2"].faces[0]["points"] == 50


@pytest.mark.parametrize(("players", "dealt"), [(5, 5), (6, 4)])
def test_dice_h18_five_and_six_players_with_four_dice_each_at_six(players, dealt):
    """DICE-H18.2: up to six players; hands are four dice at six."""
    state = variant("extended-set").new_state(players, seed=0)
    check_places(state)
    assert [len(h) for h in truth(state).zones["hand"]] == [dealt] * players
    assert len(truth(state).zones["bag"]) == 30 - 1 - dealt * players


def test_dice_h18_base_uno_dice_seats_at_most_four():
    with pytest.raises(IllegalAction):
        dice_game().new_state(5, seed=0)


def test_dice_h18_a_random_round_at_six_ends():
    state = play_out(variant("extended-set").new_state(6, seed=1), [RandomBot(s) for s in range(6)], single_round=True)
    assert truth(state).round == 2 or state.is_over()
