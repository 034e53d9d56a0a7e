"""Every UNO Dice variant as a file: a short overlay that names its rule, validates cleanly, and a
round of random play with it comes to an end."""
from __future__ import annotations

import functools

import pytest
from helpers import truth
from rulesrun.interpreter import Game, load_game, ruleset_path, validate
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out

RULE_OF = {
    "short-game": "DICE-H1", "pure-reverse": "DICE-H4", "no-bluffing": "DICE-H5", "colour-only": "DICE-H6",
    "no-reroll": "DICE-H10", "penalty-scoring": "DICE-H17", "forced-play": "DICE-H8",
    "roll-until-playable": "DICE-H9", "no-special-finish": "DICE-H16", "roll-for-starter": "DICE-H2",
    "challenge": "DICE-H7", "six-one": "DICE-H14", "false-call": "DICE-H19",
    "live-start": "DICE-H3", "stacking": "DICE-H12", "jump-in": "DICE-H13",
    "selective-reroll": "DICE-H11", "doubles": "DICE-H15", "extended-set": "DICE-H18",
    "partners": "HR-12", "pending-draw": "HR-1.1", "deflect": "HR-2", "empty-bag-ends-round": "HR-15",
    "call-before-playing": "HR-10.2",
    "mercy": "HR-16", "start-card": "HR-14.1", "fixed-rounds": "HR-11.3", "single-round": "HR-11.4",
    "call-penalty": "HR-10.3", "catch-window": "HR-10.4", "next-player-catches": "HR-10.5", "no-call": "HR-10.6",
}
BASES = {"extends: uno-dice", "extends: uno-dice/pending-draw"}  # the game, or the pending draw HR-1 and HR-2 share
VARIANTS = sorted(RULE_OF)


@functools.cache
def variant(name: str) -> Game:
    """A shipped UNO Dice variant, compiled once."""
    return load_game(f"uno-dice/{name}")


def test_every_dice_variant_file_is_listed():
    assert sorted(p.stem for p in ruleset_path("uno-dice/short-game").parent.glob("*.yaml")) == VARIANTS


@pytest.mark.parametrize("name", VARIANTS)
def test_a_dice_variant_validates_with_no_problem_at_all(name):
    assert validate(f"uno-dice/{name}").problems == ()


@pytest.mark.parametrize("name", VARIANTS)
def test_a_dice_variant_is_a_short_overlay_that_names_its_rule(name):
    lines = ruleset_path(f"uno-dice/{name}").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# yaml-language-server: $schema=../../schema/ruleset.schema.json"
    assert BASES & set(lines) and f"name: uno-dice/{name}" in lines
    description = next(line for line in lines if line.startswith("description:"))
    assert f"{RULE_OF[name]} " in description
    assert len(lines) <= 30


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("players", [2, 3])
def test_a_random_round_of_each_dice_variant_ends(name, players):
    players = max(players, variant(name).min_players)  # partners is a table of four
    state = play_out(variant(name).new_state(players, seed=1), [RandomBot(s) for s in range(players)],
                     single_round=True)
    assert truth(state).round == 2 or state.is_over()
