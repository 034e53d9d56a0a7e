"""Every value has a checked kind, and a ruleset that validates fails at run time only with a positioned error.

The first half writes each mistake that used to validate and then crash a game
(a number as a condition, a count that is not a number, `player: 7` as a player
choice...) and checks that `validate` refuses it where it is written, with what
was expected (E140), and that a misspelt `switch` case is refused (E141). A
variant's change that breaks a rule of its shipped base is shown at the
variant's line. The second half plays rulesets that validate but fail in some
state of the game, and checks the error names the rule and where it is written.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import changed, write
from rulesrun.interpreter import EvalError, load_game, validate
from rulesrun.interpreter.words.diagnostics import render


def only_error(path: str) -> tuple[str, str, int]:
    errors = validate(path).errors
    assert len(errors) == 1, [p.format() for p in errors]
    return errors[0].code, errors[0].message, errors[0].position.line


PLAY_EFFECT = "      - set: {passes: 0}\n"


@pytest.mark.parametrize("effect, expected, got", [
    ('{if: "size(hand) + 7", then: [end_turn]}', "true or false", "a number"),
    ('{while: "top_card", do: [end_turn]}', "true or false", "a component"),
    ('{move: {cards: "size(hand)", to: pile}}', "a zone or a list of components", "a number"),
    ('{move: {card: "passes", to: pile}}', "a component", "a number"),
    ('{roll: passes}', "a component, a zone or a list of components", "a number"),
    ('{for_each: x, in: "3", do: [end_turn]}', "a zone or a list", "a number"),
    ('{add: {passes: "true"}}', "a number", "true or false"),
    ('{add: {passes: "top_card"}}', "a number", "a component"),
    ('{draw: {count: "top_card"}}', "a number", "a component"),
    ('{draw: {player: "[0, 1]", count: 1}}', "a player", "a list of numbers"),
    ('{draw: {count: "passes > 1"}}', "a number", "true or false"),
    ('{move: {from: deck, to: pile, count: "hand"}}', "a number", "a zone"),
    ('{skip: "true"}', "a number", "true or false"),
    ('{eliminate: {player: "hand"}}', "a player", "a zone"),
    ('{reveal: {zone: hand, to: "true"}}', "a player", "true or false"),
    ('{end_round: {winner: "top_card.colour"}}', "a player or none", "a colour"),
    ('{deal: {from: deck, to: hand, count: "hand"}}', "a number", "a zone"),
])
def test_an_effect_given_a_value_of_the_wrong_kind_is_refused_where_it_is_written(
        tmp_path: Path, effect: str, expected: str, got: str) -> None:
    text = changed((PLAY_EFFECT, f"      - {effect}\n"))
    code, message, line = only_error(write(tmp_path, text))
    assert (code, message) == ("E140", f"expected {expected} here, got {got}")
    assert line == text.splitlines().index(f"      - {effect}") + 1


@pytest.mark.parametrize("old, new, expected, got", [
    ('card: {from: hand, where: "playable(card)"}', 'card: {from: hand, where: "card.number"}', "true or false",
     "a number"),
    ('card: {from: hand, where: "playable(card)"}', 'card: {from: "size(hand)"}', "a zone or a list of components",
     "a number"),
    ('card: {from: hand, where: "playable(card)"}', 'card: {from: hand, where: "playable(card)"}\n      who: {player: "7"}',
     "a list of players", "a number"),
    ('card: {from: hand, where: "playable(card)"}', 'card: {value: "passes"}', "a list of values", "a number"),
    ('if: "not any(c in hand: playable(c))"', 'if: "size(hand)"', "true or false", "a number"),
    ('when: "passes >= players"', 'when: "passes"', "true or false", "a number"),
])
def test_a_choice_condition_or_trigger_of_the_wrong_kind_is_refused(tmp_path: Path, old: str, new: str,
                                                                     expected: str, got: str) -> None:
    code, message, _ = only_error(write(tmp_path, changed((old, new))))
    assert (code, message) == ("E140", f"expected {expected} here, got {got}")


@pytest.mark.parametrize("assignment, message", [
    ('{set: {passes: "true"}}', "this variable holds a number, not true or false"),
    ("{set: {passes: \"'many'\"}}", "this variable holds a number, not 'many'"),
    ('{set: {current: "top_card.colour"}}', "expected a player here, got a colour"),
])
def test_a_variable_keeps_the_kind_of_its_initial_value(tmp_path: Path, assignment: str, message: str) -> None:
    code, said, _ = only_error(write(tmp_path, changed((PLAY_EFFECT, f"      - {assignment}\n"))))
    assert (code, said) == ("E140", message)


def test_values_of_the_right_kind_are_accepted(tmp_path: Path) -> None:
    """Seat numbers are players, none is a winner, a zone and a list of components both move."""
    effects = ('      - {set: {current: 1}}\n      - {end_round: {winner: none}}\n'
               '      - {move: {cards: "[c in hand: c.number == 1]", to: pile}}\n'
               '      - {move: {cards: hand, to: pile}}\n      - {for_each: p, in: all_players, do: []}\n')
    assert validate(write(tmp_path, changed((PLAY_EFFECT, effects)))).errors == []


def test_a_swap_names_exactly_two_players(tmp_path: Path) -> None:
    code, message, _ = only_error(write(tmp_path, changed(
        (PLAY_EFFECT, '      - {swap: {zone: hand, players: "[player, player, player]"}}\n'))))
    assert (code, message) == ("E140", "swap exchanges the zones of two players: list exactly two")


def test_a_misspelt_switch_case_is_refused_with_the_word_meant(tmp_path: Path) -> None:
    switch = '      - {switch: "card.colour", cases: {red: [end_turn], bleu: [end_turn]}}\n'
    report = validate(write(tmp_path, changed((PLAY_EFFECT, switch))))
    assert [(p.code, p.message, p.hint) for p in report.errors] == [
        ("E141", "this case never matches: 'bleu' is not a colour the switch can have", "did you mean 'blue'?")]


def test_a_variant_breaking_its_base_is_shown_at_the_variant_line_with_the_base_as_a_note(tmp_path: Path) -> None:
    """`target_score: {value: two hundred}` makes the base's `score >= target_score` ill-typed."""
    path = write(tmp_path, "schema_version: 1\nextends: uno\nname: typo\nparams:\n"
                           "  target_score: {value: two hundred}\n")
    report = validate(path)
    [problem] = report.errors
    assert (problem.code, problem.position.path, problem.position.line) == ("E131", path, 5)
    assert problem.note.startswith("this change breaks the rule of the base at ")
    assert "uno.yaml:" in problem.note and "score[winner] >= target_score" in problem.note
    assert "= note: this change breaks" in render(problem, report.texts)


def test_a_removal_that_breaks_the_base_is_shown_at_the_removal(tmp_path: Path) -> None:
    path = write(tmp_path, "schema_version: 1\nextends: uno\nname: drop\nvariables:\n  passes: ~\n")
    errors = validate(path).errors
    assert errors and {(p.code, p.position.path, p.position.line) for p in errors} == {("E110", path, 5)}
    assert all(p.note.startswith("this change breaks the rule of the base at ") for p in errors)


def test_a_change_the_rule_does_not_name_is_shown_at_the_variant_extends(tmp_path: Path) -> None:
    """The cause is not always a name the rule uses: then the variant's `extends` line carries the problem."""
    path = write(tmp_path, "schema_version: 1\nextends: uno\nname: points\nround: {scores: points}\n")
    [problem] = validate(path).errors
    assert (problem.code, problem.position.path, problem.position.line) == ("S202", path, 2)
    assert problem.note.startswith("this variant breaks the rule of the base at ")


# ---------------------------------------------------------------- at run time

PASSES = "  passes: {scope: round, initial: 0}\n"
VICTIM = "  victim: {scope: round, initial: none}\n"  # a variable of no kind yet, used as a player


def play_until_error(path: str, engine: str, players: int = 2, games: int = 5) -> EvalError:
    game = load_game(path, engine=engine)
    for seed in range(games):
        rng = random.Random(seed)
        try:
            state = game.new_state(players, seed)
            for _ in range(2000):
                if state.is_over():
                    break
                state.apply(rng.choice(state.legal_actions()))
        except EvalError as err:
            return err
    raise AssertionError("no game failed")


@pytest.mark.parametrize("engine", ["interpreter", "generated"])
def test_a_player_that_is_not_a_seat_stops_the_game_at_the_rule(tmp_path: Path, engine: str) -> None:
    """A variable with no kind yet (initial none) reaches `draw: {player: ...}` before it holds a seat."""
    text = changed((PASSES, PASSES + VICTIM),
                   ("      - draw: {count: 1}\n", "      - draw: {count: 1, player: victim}\n"))
    path = write(tmp_path, text)
    assert validate(path).errors == []
    err = play_until_error(path, engine)
    assert err.kind == "no_player"
    assert err.rule == ("actions", "pass", "effects")
    assert err.position is not None and err.position.path == path
    assert str(err).startswith(f"{err.position}: in actions.pass.effects: while applying P1 pass")
    assert "None is not a seat of this game (the seats are 0 to 1)" in str(err)


@pytest.mark.parametrize("engine", ["interpreter", "generated"])
def test_a_game_where_nobody_may_act_stops_with_the_state_and_the_rule(tmp_path: Path, engine: str) -> None:
    """Once nothing is playable and passing is refused, nobody may act: an error, not an empty choice."""
    path = write(tmp_path, changed(('if: "not any(c in hand: playable(c))"', 'if: "size(deck) > 100"')))
    assert validate(path).errors == []
    err = play_until_error(path, engine)
    assert err.kind == "stuck"
    assert err.rule == ("actions",)
    assert "nobody may act (round 1, player " in str(err) and "the game cannot go on" in str(err)


@pytest.mark.parametrize("engine", ["interpreter", "generated"])
def test_a_game_where_nobody_may_act_says_so_again_when_a_seats_moves_are_asked_for(tmp_path: Path,
                                                                                    engine: str) -> None:
    """`State.moves` after the listing that found nobody may act: the same error, not an empty choice."""
    game = load_game(write(tmp_path, changed(('if: "not any(c in hand: playable(c))"', 'if: "size(deck) > 100"'))),
                     engine=engine)
    for seed in range(5):
        state, rng = game.new_state(2, seed), random.Random(seed)
        try:
            for _ in range(2000):
                if state.is_over():
                    break
                state.apply(rng.choice(state.legal_actions()))
        except EvalError as err:
            assert err.kind == "stuck"
            with pytest.raises(EvalError) as again:
                state.moves()
            assert again.value.kind == "stuck"
            return
    raise AssertionError("no game was stuck")


@pytest.mark.parametrize("engine", ["interpreter", "generated"])
def test_a_failure_in_a_trigger_names_the_trigger(tmp_path: Path, engine: str) -> None:
    text = changed((PASSES, PASSES + VICTIM),
                   ('    do: [{end_round: {winner: player}}]', '    do: [{eliminate: {player: victim}}]'))
    path = write(tmp_path, text)
    assert validate(path).errors == []
    err = play_until_error(path, engine)
    assert (err.kind, err.rule) == ("no_player", ("triggers", 0))
    assert err.position is not None and err.position.path == path


def test_a_structural_error_does_not_hide_the_expression_errors_of_the_file(tmp_path: Path) -> None:
    text = changed(("players: {min: 2, max: 4}", "players: {min: 2, max: 4, most: 5}"),
                   ('when: "passes >= players"', 'when: "pases >= players"'))
    report = validate(write(tmp_path, text))
    assert [p.code for p in report.errors] == ["S103", "E110"]
    assert "did you mean 'passes'?" in report.errors[-1].hint


# ---------------------------------------------------------------- declared words

MODE = "  passes: {scope: round, initial: 0}\n"
WITH_MODE = MODE + "  mode: {scope: round, initial: calm, values: [calm, frantic]}\n"


def test_a_declared_word_needs_no_quotes_and_checks_what_it_is_compared_with(tmp_path: Path) -> None:
    good = changed((MODE, WITH_MODE), (PLAY_EFFECT, '      - {if: "mode == frantic", then: [{set: {mode: calm}}]}\n'))
    assert validate(write(tmp_path, good)).errors == []
    code, message, _ = only_error(write(tmp_path, changed(
        (MODE, WITH_MODE), (PLAY_EFFECT, "      - {if: \"mode == 'frantik'\", then: [end_turn]}\n"))))
    assert (code, message) == ("E130", "'frantik' is not a mode, so the comparison is never true")


def test_a_misspelt_word_is_an_unknown_name_with_the_word_meant(tmp_path: Path) -> None:
    [problem] = validate(write(tmp_path, changed((MODE, WITH_MODE),
                                                 (PLAY_EFFECT, '      - {set: {mode: frantik}}\n')))).errors
    assert (problem.code, problem.hint) == ("E110", "did you mean 'frantic'?")


def test_assigning_a_word_the_variable_never_takes_is_refused(tmp_path: Path) -> None:
    [problem] = validate(write(tmp_path, changed((MODE, WITH_MODE),
                                                 (PLAY_EFFECT, "      - {set: {mode: \"'wild'\"}}\n")))).errors
    assert (problem.code, problem.message) == ("E141", "'mode' never holds 'wild': its values are calm, frantic")


def test_a_switch_on_a_declared_word_checks_its_cases(tmp_path: Path) -> None:
    switch = '      - {switch: mode, cases: {calm: [end_turn], frantc: [end_turn]}}\n'
    [problem] = validate(write(tmp_path, changed((MODE, WITH_MODE), (PLAY_EFFECT, switch)))).errors
    assert (problem.code, problem.hint) == ("E141", "did you mean 'frantic'?")


def test_a_variable_starts_with_one_of_its_values(tmp_path: Path) -> None:
    [problem] = validate(write(tmp_path, changed((MODE, WITH_MODE.replace("initial: calm", "initial: clam")))))\
        .errors
    assert (problem.code, problem.hint) == ("S216", "did you mean 'calm'?")


def test_a_turn_phase_where_the_player_to_move_has_no_action_is_refused(tmp_path: Path) -> None:
    """A state with no legal move that the text shows: `turn.phase` can give a phase no action is offered in."""
    path = write(tmp_path, "schema_version: 1\nextends: uno\nname: ph\nturn:\n  phase: \"respond if wd4_pending "
                           "else ('name_color' if active_colour == none else main)\"\n")
    [problem] = validate(path).errors
    assert (problem.code, problem.hint) == ("S411", "did you mean 'name_colour'?")
    assert problem.message == "a turn can start in phase 'name_color', where the player to move has no action"


def test_the_words_a_parameter_or_a_choice_lists_need_no_quotes(tmp_path: Path) -> None:
    text = changed(("  hand_size: 3\n", "  hand_size: 3\n  pace: {value: quick, values: [quick, slow]}\n"),
                   ('      card: {from: hand, where: "playable(card)"}\n',
                    '      card: {from: hand, where: "playable(card)"}\n      level: {value: [low, high]}\n'),
                   (PLAY_EFFECT, '      - {if: "pace == quick and level == low", then: [{set: {passes: 0}}]}\n'))
    assert validate(write(tmp_path, text)).errors == []
    [problem] = validate(write(tmp_path, text.replace("level == low", "level == lo"))).errors
    assert (problem.code, problem.hint) == ("E110", "did you mean 'low'?")


@pytest.mark.parametrize("engine", ["interpreter", "generated"])
@pytest.mark.parametrize("overlay, kind", [
    # a variable of no kind yet (initial none) used as a count
    ("variables: {later: {initial: none}}\nactions: {draw: {effects: [{draw: {count: later}}, end_turn]}}\n",
     "not_a_number"),
    # no setup names a dealer, so the first player (the dealer's left) is nobody's left
    ("setup: []\n", "no_player"),
    # a list written for a player choice holds a number that is no seat
    ('actions: {catch: {choose: {target: {player: "[current, 7]", where: "true"}}}}\n', "no_player"),
])
def test_what_validation_cannot_know_stops_the_game_with_the_languages_error(
        tmp_path: Path, engine: str, overlay: str, kind: str) -> None:
    path = write(tmp_path, "schema_version: 1\nextends: uno\nname: late\n" + overlay)
    assert validate(path).errors == []
    err = play_until_error(path, engine, players=4)
    assert err.kind == kind and err.position is not None


@pytest.mark.parametrize("engine", ["interpreter", "generated"])
def test_rounds_that_end_in_their_own_setup_stop_at_max_rounds(tmp_path: Path, engine: str) -> None:
    """Every round ends before anybody acts: the game passes max_rounds, it does not exhaust the stack."""
    from rulesrun.interpreter import GameLimitExceeded
    path = write(tmp_path, "schema_version: 1\nextends: uno\nname: instant\nmax_rounds: 2000\n"
                           "round: {setup: [{end_round: {winner: none}}]}\n")
    assert validate(path).errors == []
    with pytest.raises(GameLimitExceeded) as raised:
        load_game(path, engine=engine).new_state(2, 0)
    assert (raised.value.bound, raised.value.limit) == ("max_rounds", 2000)


def test_a_definition_too_large_to_work_out_is_reported_once_where_it_is_written(tmp_path: Path) -> None:
    """Its uses (here a base rule that reads `bluffs`) stand for an unknown value: no cascade of the same error."""
    grow = ["  a: \"[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\""] + [
        f"  {new}: \"{' + '.join([old] * 10)}\"" for old, new in zip("abcd", "bcde")]
    path = write(tmp_path, "schema_version: 1\nextends: uno\nname: big\ndefine:\n" + "\n".join(grow)
                 + '\n  bluffs: "size(e) > 3"\n')
    assert [(p.code, p.position.line) for p in validate(path).errors] == [("E104", 9)]
