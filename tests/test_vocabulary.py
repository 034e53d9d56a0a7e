"""New words of the language: procedures with parameters, handing the turn on, triggers with a moment.

Each is played on both engines, which must agree; a misuse is refused with its code.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from helpers import CORPUS_BASE as BASE
from helpers import changed, write
from rulesrun.interpreter import load_game, validate
from rulesrun.interpreter.engine.state import inspect

ENGINES = ["interpreter", "generated"]




# ---------------------------------------------------------------- procedures with parameters

PASS = '''    if: "not any(c in hand: playable(c))"
    effects:
      - draw: {count: 1}
'''
GIVE = "procedures:\n  give(who, n): [{draw: {player: who, count: n}}]\nround:\n"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_procedure_takes_values_for_its_parameters(tmp_path: Path, engine: str) -> None:
    text = changed(("round:\n", GIVE), (PASS, '    effects:\n      - do: "give(next(player), 1 + 1)"\n'))
    path = write(tmp_path, text)
    assert validate(path).errors == []
    state = load_game(path, engine=engine).new_state(2, 0)
    before = [len(state.view(None).zone("hand", seat)) for seat in range(2)]
    [passing] = [a for a in state.legal_actions() if a.name == "pass"]
    state.apply(passing)
    after = [len(state.view(None).zone("hand", seat)) for seat in range(2)]
    assert after == [before[0], before[1] + 2]


@pytest.mark.parametrize("call, code", [("give", "S313"), ("give(player)", "S313"), ("giv(player, 1)", "S311"),
                                        ("give(player, 1", "E103")])
def test_a_procedure_call_gives_one_value_per_parameter(tmp_path: Path, call: str, code: str) -> None:
    text = changed(("round:\n", GIVE), (PASS, f'    effects:\n      - do: "{call}"\n'))
    assert [p.code for p in validate(write(tmp_path, text)).errors] == [code]


# ---------------------------------------------------------------- handing the turn on

@pytest.mark.parametrize("engine", ENGINES)
def test_end_turn_next_hands_the_turn_to_the_seat_named(tmp_path: Path, engine: str) -> None:
    """A trick's winner leads next: `end_turn: {next: p}` passes the turn to p, not to the next seat."""
    text = changed(("players: {min: 2, max: 4}", "players: {min: 3, max: 4}"),
                   (PASS + "      - add: {passes: 1}\n      - end_turn\n",
                    '    effects:\n      - end_turn: {next: "previous(player)"}\n'))
    path = write(tmp_path, text)
    assert validate(path).errors == []
    state = load_game(path, engine=engine).new_state(3, 0)
    assert state.current_player() == 0
    state.apply(next(a for a in state.legal_actions() if a.name == "pass"))
    assert state.current_player() == 2
    state.apply(next(a for a in state.legal_actions() if a.name == "pass"))
    assert state.current_player() == 1


# ---------------------------------------------------------------- triggers with a moment

COUNTER = "  passes: {scope: round, initial: 0}\n"


def counting(tmp_path: Path, moment: str, when: str = "true") -> str:
    """The base, two rounds long, with a game-long counter that a trigger watched at `moment` adds one to."""
    text = changed((COUNTER, COUNTER + "  seen: {scope: game, initial: 0}\n"),
                   ("round:\n", "round:\n  game_over: \"round >= 2\"\n"),
                   ("triggers:\n", f"triggers:\n  - {{moment: {moment}, when: \"{when}\", do: [{{add: {{seen: 1}}}}]}}\n"))
    path = write(tmp_path, text)
    assert validate(path).errors == []
    return path


def seen(state) -> int:
    return inspect(state).vars["seen"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_trigger_watching_moves_is_checked_after_each_component_moved(tmp_path: Path, engine: str) -> None:
    """From the first deal on: three cards to each of two hands, and one turned up."""
    state = load_game(counting(tmp_path, "move"), engine=engine).new_state(2, 0)
    assert seen(state) == 2 * 3 + 1
    state.apply(next(a for a in state.legal_actions() if a.name == "play"))
    assert seen(state) == 2 * 3 + 2


@pytest.mark.parametrize("engine", ENGINES)
def test_triggers_at_the_start_and_end_of_a_turn(tmp_path: Path, engine: str) -> None:
    (tmp_path / "a").mkdir()
    starts = load_game(counting(tmp_path / "a", "turn_start"), engine=engine).new_state(2, 0)
    (tmp_path / "b").mkdir()
    ends = load_game(counting(tmp_path / "b", "turn_end"), engine=engine).new_state(2, 0)
    assert (seen(starts), seen(ends)) == (1, 0)
    for state in (starts, ends):
        state.apply(state.legal_actions()[0])
    assert (seen(starts), seen(ends)) == (2, 1)


@pytest.mark.parametrize("engine", ENGINES)
def test_no_trigger_is_checked_during_the_game_setup_unless_it_asks(tmp_path: Path, engine: str) -> None:
    """An ordinary trigger is checked after the round's setup, not after the game's; `moment: setup` is."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    after_actions = load_game(counting(tmp_path / "a", "action"), engine=engine).new_state(2, 0)
    at_setup = load_game(counting(tmp_path / "b", "setup"), engine=engine).new_state(2, 0)
    assert (seen(after_actions), seen(at_setup)) == (1, 1)


@pytest.mark.parametrize("engine", ENGINES)
def test_triggers_at_the_start_and_end_of_a_round(tmp_path: Path, engine: str) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    starts = load_game(counting(tmp_path / "a", "round_start"), engine=engine).new_state(2, 0)
    ends = load_game(counting(tmp_path / "b", "round_end"), engine=engine).new_state(2, 0)
    assert (seen(starts), seen(ends)) == (1, 0)
    for state in (starts, ends):
        while inspect(state).round == 1 and not state.is_over():
            state.apply(state.legal_actions()[0])
    assert (seen(starts), seen(ends)) == (2, 1)


def test_an_unknown_moment_is_refused_with_the_moments_there_are(tmp_path: Path) -> None:
    text = changed(("triggers:\n", "triggers:\n  - {moment: each_move, when: \"true\", do: [end_turn]}\n"))
    [problem] = validate(write(tmp_path, text)).errors
    assert (problem.code, problem.hint) == ("S104", "did you mean 'move'?")


# ---------------------------------------------------------------- overlays that edit one step

DEAL = "    - deal: {from: deck, to: hand, count: hand_size}\n"
NAMED = changed((DEAL, "    - {step: deal, deal: {from: deck, to: hand, count: hand_size}}\n"),
                ("    - move: {from: deck, to: pile}\n", "    - {step: turn_up, move: {from: deck, to: pile}}\n"))


def variant(tmp_path: Path, edit: str) -> str:
    write(tmp_path, NAMED, "base.yaml")
    return write(tmp_path, f"schema_version: 1\nextends: base.yaml\nname: edited\nround:\n  setup:\n{edit}")


def setup_of(path: str) -> list[str]:
    from rulesrun.interpreter.source.document import load_document
    return [next(k for k in step if k != "step") if isinstance(step, dict) else step
            for step in load_document(path).data["round"]["setup"]]


def test_a_house_rule_replaces_one_named_step(tmp_path: Path) -> None:
    path = variant(tmp_path, "    replace:\n      deal: {deal: {from: deck, to: hand, count: 5}}\n")
    assert validate(path).errors == []
    state = load_game(path).new_state(2, 0)
    assert [len(state.view(None).zone("hand", seat)) for seat in range(2)] == [5, 5]
    assert setup_of(path) == ["shuffle", "deal", "move", "set"]


def test_a_house_rule_inserts_before_and_after_and_removes_named_steps(tmp_path: Path) -> None:
    path = variant(tmp_path, "    insert_before:\n      deal: [{shuffle: deck}]\n"
                             "    insert_after:\n      turn_up: [{move: {from: deck, to: pile}}]\n"
                             "    remove: deal\n")
    assert validate(path).errors == []
    assert setup_of(path) == ["shuffle", "shuffle", "move", "move", "set"]
    state = load_game(path).new_state(2, 0)
    assert len(state.view(None).zone("pile")) == 2 and len(state.view(None).zone("hand", 0)) == 0


def test_a_problem_in_an_inserted_step_points_at_the_house_rule(tmp_path: Path) -> None:
    path = variant(tmp_path, "    insert_after:\n      deal: [{move: {from: deck, to: pil}}]\n")
    [problem] = validate(path).errors
    assert (problem.code, problem.position.path, problem.position.line) == ("S303", path, 7)


def test_a_step_name_the_base_does_not_have_is_refused_with_the_names_it_has(tmp_path: Path) -> None:
    [problem] = validate(variant(tmp_path, "    remove: dael\n")).errors
    assert (problem.code, problem.message, problem.hint) == ("X007", "no step of this list is named 'dael'",
                                                             "did you mean 'deal'?")


def test_two_steps_of_one_list_may_not_share_a_name(tmp_path: Path) -> None:
    text = NAMED.replace("{step: turn_up,", "{step: deal,")
    assert [p.code for p in validate(write(tmp_path, text)).errors] == ["S314"]


# ---------------------------------------------------------------- a hint for bots

@pytest.mark.parametrize("engine", ENGINES)
def test_greedy_follows_the_rulesets_evaluation_when_it_declares_one(tmp_path: Path, engine: str) -> None:
    """Without a hint greedy sheds a card; told that more cards are better, it draws instead."""
    from rulesrun.interpreter.play.bots import GreedyBot
    open_pass = ('if: "not any(c in hand: playable(c))"', 'if: "true"')
    plain = load_game(write(tmp_path, changed(open_pass)), engine=engine)
    hinted = load_game(write(tmp_path, changed(open_pass) + 'evaluation: "size(hand)"\n', "hinted.yaml"),
                       engine=engine)
    picks = []
    for game in (plain, hinted):
        state = game.new_state(2, 0)
        picks.append(GreedyBot(0).choose(state, state.legal_actions()).name)
    assert picks == ["play", "pass"]
    state = hinted.new_state(2, 0)
    assert state.evaluate(0) == 3 and plain.new_state(2, 0).evaluate(0) is None


def test_an_evaluation_is_a_number(tmp_path: Path) -> None:
    [problem] = validate(write(tmp_path, BASE + 'evaluation: "size(hand) > 2"\n')).errors
    assert (problem.code, problem.message) == ("E140", "expected a number here, got true or false")


# ---------------------------------------------------------------- who put a component where it is

@pytest.mark.parametrize("engine", ENGINES)
def test_mover_of_is_the_player_whose_action_last_moved_a_component(tmp_path: Path, engine: str) -> None:
    text = changed((COUNTER, COUNTER + "  laid_by: {scope: round, initial: none}\n"),
                   ("      - set: {passes: 0}\n", '      - set: {passes: 0, laid_by: "mover_of(top_card)"}\n'))
    path = write(tmp_path, text)
    assert validate(path).errors == []
    state = load_game(path, engine=engine).new_state(2, 0)
    table = inspect(state)
    assert table.moved_by[table.zones["pile"][-1]] is None  # the round's setup turned it up
    state.apply(next(a for a in state.legal_actions() if a.name == "play"))
    assert inspect(state).vars["laid_by"] == 0


# ---------------------------------------------------------------- values the table shows

def test_a_variable_the_ruleset_shows_is_on_the_table_at_any_scope_with_its_label(tmp_path: Path) -> None:
    """A per-turn running total is shown even at its initial value; `show: false` hides a described one."""
    from rulesrun.cli.table import render_table
    text = changed((COUNTER, COUNTER.replace("}", ", description: Passes in a row.}")
                    + "  rerolls: {scope: turn, initial: 0, show: Re-rolls left}\n"
                    + "  quiet: {scope: round, initial: 1, description: Never shown., show: false}\n"),
                   ('if: "not any(c in hand: playable(c))"', 'if: "true"'))
    state = load_game(write(tmp_path, text)).new_state(2, 0)
    table = render_table(state, 0)
    assert "Re-rolls left: 0" in table and "quiet" not in table and "passes:" not in table
    state.apply(next(a for a in state.legal_actions() if a.name == "pass"))
    assert "passes: 1" in render_table(state, 0)


def test_the_table_calls_a_variable_by_its_label() -> None:
    """UNO labels its bookkeeping: a player who did not call is shown so, not as `exposed`."""
    from helpers import arrange
    from rulesrun.cli.table import render_table
    state = arrange(load_game("uno").new_state(2, 0), variables={"exposed": [False, True]})
    table = render_table(state, 0)
    assert "did not call UNO" in table and "exposed" not in table
