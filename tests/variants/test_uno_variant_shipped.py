"""Every shipped UNO variant: it validates cleanly, says which rule it is, plays a round to its end,
and combines with the others unless the rule book says the two cannot both be on (HR-C1)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import act, truth
from rulesrun.interpreter import RulesetError, load_game, ruleset_path, validate
from rulesrun.interpreter.source.catalogue import RULESETS_DIR
from uno.uno_helpers import A, B, C, D, accept, hand, play, table
from uno_variant_helpers import pending, random_round, variant

VARIANTS = sorted(path.stem for path in (RULESETS_DIR / "uno").glob("*.yaml"))
RULE_ID = r"(UNO-[HA]\d+|HR-\d+(\.\d+)?)"


def test_every_house_rule_of_the_task_is_shipped():
    assert set(VARIANTS) >= {"doubling", "stacking", "jump-in", "seven-o", "draw-until-playable", "forced-play",
                             "no-bluffing", "free-wild-draw-four", "no-special-finish", "official-catch-window",
                             "low-score", "deflect", "false-call", "single-round", "partners",
                             "empty-pile-ends-round", "mercy", "big-table"}


@pytest.mark.parametrize("name", VARIANTS)
def test_a_variant_validates_without_warnings_and_names_its_rule(name):
    assert validate(f"uno/{name}").problems == ()
    game = variant(name)
    text = ruleset_path(f"uno/{name}").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../schema/ruleset.schema.json\n")
    assert game.name == f"uno/{name}"
    assert re.match(RULE_ID, game.description), game.description


@pytest.mark.parametrize("name", VARIANTS)
def test_a_round_of_random_bots_ends(name):
    game = variant(name)
    players = min(game.max_players, max(game.min_players, 4))
    state = random_round(game, players, seed=0)
    assert truth(state).round == 2 or state.is_over()


def test_hr_c1_no_bluffing_and_free_wild_draw_four_are_reported_as_a_conflict(tmp_path: Path):
    path = tmp_path / "both.yaml"
    path.write_text("extends: [uno, uno/no-bluffing, uno/free-wild-draw-four]\nname: both\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_game(str(path))
    assert [p.message for p in caught.value.problems] == [
        "`define.bluffs` is set differently by no-bluffing.yaml and free-wild-draw-four.yaml"]


def test_stacking_and_seven_o_listed_together_play_together(tmp_path: Path):
    path = tmp_path / "party.yaml"
    path.write_text("extends: [uno, uno/stacking, uno/seven-o]\nname: party\n", encoding="utf-8")
    assert validate(str(path)).problems == ()
    game = load_game(str(path))
    assert truth(random_round(game, 4, seed=0)).round == 2
    state = table(game, hands={A: ["R-D2", "G7", "G2"], B: ["B-D2", "Y5", "Y6"], C: ["Y1", "G8"], D: ["B7", "B9"]},
                  discard=["R3"], draw=["Y2", "Y3", "Y4", "Y8"])
    play(state, "R-D2")
    play(state, "B-D2")  # UNO-H2: the total grows to 4
    accept(state)
    assert hand(state, C) == ["G8", "Y1", "Y2", "Y3", "Y4", "Y8"] and pending(state) == 0
    play(state, "B7", call=True)  # D to play; UNO-H4: a 7 swaps hands
    act(state, "swap_hands", target=A)
    assert hand(state, D) == ["G2", "G7"] and hand(state, A) == ["B9"] and state.current_player() == A
