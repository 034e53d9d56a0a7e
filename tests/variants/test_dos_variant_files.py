"""Every DOS variant as a file: it validates cleanly, says which rule it ships, combines with the
variants it does not contradict, and a round of random play with it comes to an end."""
from __future__ import annotations

from pathlib import Path

import pytest
from dos.dos_cards import A, B, C, draw, hand, offered, table
from helpers import refusal, table_ruleset, truth
from rulesrun.interpreter import RulesetError, load_game, ruleset_path, validate
from rulesrun.interpreter.play.bots import RandomBot
from rulesrun.interpreter.play.runner import play_out

RULE_OF = {
    "short-game": "DOS-H1", "no-call": "DOS-H2", "optional-bonus": "DOS-H3", "open-matching": "DOS-H4",
    "draw-until-match": "DOS-H5", "low-score": "DOS-H6", "big-table": "DOS-H7", "partners": "DOS-H8",
    "jump-in": "HR-3.8", "sevens-swap": "HR-4", "forced-play": "HR-6", "no-wild-finish": "HR-9.4",
    "false-call": "HR-10.1", "call-before-playing": "HR-10.2", "mercy": "HR-16", "empty-piles-end-round": "HR-15",
    "call-penalty": "HR-10.3", "catch-window": "HR-10.4", "next-player-catches": "HR-10.5", "fixed-rounds": "HR-11.3",
    "single-round": "HR-11.4",
}
VARIANTS = sorted(RULE_OF)
# Pairs that touch different keys of the base, so that they combine; each is played below.
PAIRS = [("open-matching", "sevens-swap"), ("forced-play", "draw-until-match"), ("optional-bonus", "no-wild-finish"),
         ("jump-in", "mercy"), ("low-score", "big-table"), ("partners", "false-call"), ("no-call", "short-game")]


def players_for(name: str) -> int:
    return 4 if "partners" in name else 3


def combine(tmp_path: Path, *names: str) -> Path:
    """A ruleset that lists several shipped variants side by side."""
    path = tmp_path / "combined.yaml"
    bases = ", ".join(f"dos/{name}" for name in names)
    path.write_text(f"extends: [{bases}]\nname: combined\n", encoding="utf-8")
    return path


def test_every_dos_variant_file_is_listed():
    assert sorted(p.stem for p in ruleset_path("dos/short-game").parent.glob("*.yaml")) == VARIANTS


@pytest.mark.parametrize("name", VARIANTS)
def test_a_variant_validates_with_no_problem_at_all(name):
    assert validate(f"dos/{name}").problems == ()


@pytest.mark.parametrize("name", VARIANTS)
def test_a_variant_is_a_short_overlay_that_names_its_rule(name):
    text = ruleset_path(f"dos/{name}").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "# yaml-language-server: $schema=../../schema/ruleset.schema.json"
    assert "extends: dos" in lines and f"name: dos/{name}" in lines
    description = next(line for line in lines if line.startswith("description:"))
    assert RULE_OF[name] in description
    assert len(lines) <= 30


@pytest.mark.parametrize("name", VARIANTS)
def test_a_random_round_of_each_variant_ends(name):
    game = load_game(f"dos/{name}")
    n = players_for(name)
    state = play_out(game.new_state(n, seed=1), [RandomBot(seat) for seat in range(n)], single_round=True)
    assert truth(state).round == 2 or state.is_over()


@pytest.mark.parametrize("pair", PAIRS, ids="+".join)
def test_two_compatible_variants_load_and_play_together(tmp_path, pair):
    path = combine(tmp_path, *pair)
    assert validate(str(path)).problems == ()
    game = load_game(str(path))
    n = players_for("+".join(pair))
    state = play_out(game.new_state(n, seed=2), [RandomBot(seat) for seat in range(n)], single_round=True)
    assert truth(state).round == 2 or state.is_over()


def test_hr_c4_draw_until_match_with_forced_play_plays_the_first_card_that_can_be_matched(tmp_path):
    """HR-5 with HR-6.2: the drawing stops at the first card that fits, and it must be matched."""
    game = load_game(str(combine(tmp_path, "forced-play", "draw-until-match")))
    stuck = ["G1", "Y3", "R9", "Y10"]
    state = table(3, game=game, hands={A: stuck, B: ["G3", "G4", "B1"], C: ["R3", "R4", "B4"]}, row=["R5", "B8"],
                  draw=["R10", "G9", "Y8", "G3"])
    draw(state)
    assert hand(state, A) == sorted(stuck + ["R10", "G9", "Y8"]) and offered(state) == {"match"}


def test_variants_that_change_the_same_rule_differently_are_refused_together(tmp_path):
    """DOS-H6 and DOS-H8 both replace the end-of-round scoring: combining them is a conflict, not a guess."""
    with pytest.raises(RulesetError) as err:
        load_game(str(combine(tmp_path, "low-score", "partners")))
    assert any(p.code == "X004" and "round.end" in p.message for p in err.value.problems)


@pytest.mark.parametrize("first, second", [("no-call", "call-before-playing"), ("call-before-playing", "no-call")])
def test_removing_what_a_sibling_variant_changes_is_a_conflict_in_either_order(tmp_path, first, second):
    """DOS-H2 removes `call_dos`; HR-10.2 rewrites it. Listed side by side, neither order may quietly win."""
    with pytest.raises(RulesetError) as err:
        load_game(str(combine(tmp_path, first, second)))
    (problem,) = err.value.problems
    assert problem.code == "X004" and "`actions.call_dos` is removed by no-call.yaml" in problem.message


def test_a_file_built_on_both_settles_a_removal_conflict(tmp_path):
    """The combining file decides: removing the call itself leaves no conflict, and no call at all."""
    base = combine(tmp_path, "no-call", "call-before-playing")
    base.write_text(base.read_text(encoding="utf-8") + "actions:\n  call_dos: ~\n", encoding="utf-8")
    game = load_game(str(base))
    assert "call_dos" not in game.action_index and "catch" not in game.action_index


def test_replacing_a_list_a_sibling_appends_to_is_a_conflict(tmp_path):
    """A sibling's `append` must not vanish because the next file listed replaces the whole list."""
    (tmp_path / "adds.yaml").write_text(
        "extends: dos\nname: adds\nprocedures:\n  pay_penalties: {append: [{set: {doubles: 0}}]}\n", encoding="utf-8")
    (tmp_path / "replaces.yaml").write_text(
        "extends: dos\nname: replaces\nprocedures:\n  pay_penalties: [end_turn]\n", encoding="utf-8")
    both = tmp_path / "both.yaml"
    both.write_text("extends: [./adds.yaml, ./replaces.yaml]\nname: both\n", encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_game(str(both))
    (problem,) = err.value.problems
    assert problem.code == "X004" and "dropping what adds.yaml adds" in problem.message
    (tmp_path / "settled.yaml").write_text(
        "extends: [./adds.yaml, ./replaces.yaml]\nname: settled\nprocedures:\n  pay_penalties: [end_turn]\n",
        encoding="utf-8")
    assert load_game(str(tmp_path / "settled.yaml")).action_index["match"]


def test_a_file_built_on_both_settles_a_removal_conflict_when_the_removal_comes_last(tmp_path):
    """Listed the other way round, the call is already gone when the combining file removes it: no X005."""
    base = combine(tmp_path, "call-before-playing", "no-call")
    base.write_text(base.read_text(encoding="utf-8") + "actions:\n  call_dos: ~\n", encoding="utf-8")
    assert "call_dos" not in load_game(str(base)).action_index


def test_a_house_rule_that_misspells_a_listed_parameter_value_is_refused(tmp_path):
    """S216: `catch_window` lists its values, so a typo is an error at load time, with a suggestion."""
    overlay = "extends: dos/catch-window\nname: table\nparams:\n  catch_window: {value: %s}\n"
    (problem,) = refusal(tmp_path, overlay % "until_nxt_play")
    assert problem.code == "S216" and (problem.position.line, problem.position.column) == (4, 25)
    assert problem.hint == "did you mean 'until_next_play'?"
    assert table_ruleset(tmp_path, overlay % "until_next_play").params["catch_window"] == "until_next_play"


def test_comparing_a_listed_parameter_with_a_word_it_never_takes_is_reported(tmp_path):
    """A word outside the listed values can never be equal to the parameter: E130 at the comparison."""
    problems = refusal(tmp_path, "extends: dos/catch-window\nname: table\ndefine:\n"
                                 "  late: \"catch_window == 'until_nxt_play'\"\n")
    assert [p.code for p in problems] == ["E130"]
