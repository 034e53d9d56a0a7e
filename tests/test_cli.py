"""The `rulesrun` command line: output, exit codes, and no traceback for any bad input."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import run_cli as run
from rulesrun.cli.play import HumanSeat, Terminal
from rulesrun.cli.table import describe_action
from rulesrun.interpreter import Action, load_game, ruleset_path
from rulesrun.interpreter.play.simulate import derive_seed

UNO_TEXT = ruleset_path("uno").read_text(encoding="utf-8")
PER_SECOND = ("seconds", "games_per_second", "rounds_per_second")


def write(tmp_path: Path, text: str, name: str = "rules.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_help_documents_exit_codes() -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert re.search(r"^\s+2\s+usage error", result.output, re.M)
    assert re.search(r"^\s+1\s+invalid ruleset", result.output, re.M)


def test_list_shows_shipped_rulesets_with_descriptions() -> None:
    result = run("list")
    assert result.exit_code == 0
    line = next(line for line in result.output.splitlines() if line.split()[0] == "uno")
    assert "first to 500 points" in line


def test_list_groups_house_rules_under_their_game_in_words_first() -> None:
    """Each game, then its variants indented under it; a description's rule code comes after its words."""
    lines = run("list").output.splitlines()
    games = [i for i, line in enumerate(lines) if not line.startswith(" ")]
    assert [lines[i].split()[0] for i in games] == ["dos", "uno-dice", "uno"]
    for start, end in zip(games, games[1:] + [len(lines)]):
        game = lines[start].split()[0]
        assert all(line.split()[0].startswith(game + "/") for line in lines[start + 1:end])
    short = next(line for line in lines if line.split()[0] == "uno/short-game")
    assert short.startswith("  uno/short-game ") and short.endswith("(HR-11.1)")
    assert "Target score: the first player to reach 200 points wins." in short


def test_validate_shipped_ruleset() -> None:
    result = run("validate", "uno")
    assert result.exit_code == 0
    assert result.output.startswith("uno.yaml: valid — UNO 1.0.0, 108 components,")


def test_validate_reports_yaml_syntax_error_with_position(tmp_path: Path) -> None:
    path = write(tmp_path, 'name: x\nversion: "1"\nplayers: {min: 2\n')
    result = run("validate", path)
    assert result.exit_code == 1
    assert re.search(re.escape(path) + r":\d+:\d+: error: YAML syntax error", result.stderr)


def test_validate_reports_unknown_name_at_its_line_and_column(tmp_path: Path) -> None:
    needle = '"size(hand[player]) == 0"'
    assert UNO_TEXT.count(needle) == 1
    text = UNO_TEXT.replace(needle, needle.replace("0", "zorp"))
    line_number = text[:text.index("zorp")].count("\n") + 1
    column = text.index("zorp") - text.rfind("\n", 0, text.index("zorp"))
    path = write(tmp_path, text)
    result = run("validate", path)
    assert result.exit_code == 1
    expected = f"{path}:{line_number}:{column}: error: unknown name 'zorp'"
    assert any(line.startswith(expected) for line in result.stderr.splitlines())


@pytest.mark.parametrize("target", ["missing.yaml", "no-such-ruleset", "."])
def test_validate_missing_or_unreadable_ruleset_is_a_usage_error(tmp_path: Path, target: str) -> None:
    """A file that is not there is a usage error (exit 2), reported in one clean line."""
    result = run("validate", str(tmp_path / target) if target != "no-such-ruleset" else target)
    assert result.exit_code == 2
    assert ": error: " in result.stderr and "Traceback" not in result.output


def test_usage_errors_exit_2() -> None:
    assert run("validate").exit_code == 2
    assert run("simulate", "uno", "--games", "zero").exit_code == 2
    assert run("simulate", "uno", "--bot", "nobody").exit_code == 2
    assert run("play", "uno", "--players", "11").exit_code == 2
    assert run("play", "uno", "--players", "2", "--humans", "3").exit_code == 2


def test_simulate_json_summary() -> None:
    result = run("simulate", "uno", "--games", "2", "--players", "2", "--seed", "1", "--bot", "greedy", "--json")
    assert result.exit_code == 0
    summary = json.loads(result.output)
    for key in ("games", "rounds", "players", "seed", "mean_turns", "median_turns", "wins_by_seat",
                "mean_score_by_seat", "games_per_second", "rounds_per_second"):
        assert key in summary
    assert (summary["games"], summary["players"], summary["seed"]) == (2, 2, 1)
    assert summary["rounds"] >= 2 and summary["mean_turns"] >= 1
    assert sum(summary["wins_by_seat"]) >= 2  # every full game has a winner (ties count for each)
    assert sum(summary["mean_score_by_seat"]) >= 500  # each game's winner reached UNO's target


def test_simulate_is_deterministic_for_a_seed() -> None:
    def numbers(seed: str) -> dict:
        result = run("simulate", "uno", "--games", "3", "--players", "3", "--seed", seed, "--single-round",
                     "--bot", "greedy", "--json")
        assert result.exit_code == 0
        return {k: v for k, v in json.loads(result.output).items() if k not in PER_SECOND}

    first = numbers("7")
    assert first["rounds"] == 3
    assert numbers("7") == first
    assert numbers("8") != first


def test_simulate_text_summary() -> None:
    result = run("simulate", "uno", "--games", "2", "--players", "3", "--seed", "1", "--single-round")
    assert result.exit_code == 0
    assert "2 games, 2 rounds, 3 players" in result.output
    assert re.search(r"turns per round: mean [\d.]+, median [\d.]+", result.output)
    assert re.search(r"wins by seat: P1 \d+ · P2 \d+ · P3 \d+", result.output)


def test_simulate_counts_a_game_past_its_bound_as_unfinished_and_keeps_every_log(tmp_path: Path) -> None:
    """A game stopped at `max_actions` is recorded as unfinished; the run goes on and exits 0."""
    path = write(tmp_path, UNO_TEXT + "\nmax_actions: 5\n")
    log = tmp_path / "games.jsonl"
    result = run("simulate", path, "--games", "3", "--players", "2", "--seed", "4", "--log", str(log))
    assert result.exit_code == 0, result.stderr
    assert "unfinished: 3 games stopped at a bound" in result.output
    results = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()
               if json.loads(line)["type"] == "result"]
    assert [r["over"] for r in results] == [False] * 3
    assert results[0]["stopped"] == {"bound": "max_actions", "limit": 5, "round": 1}
    headers = [json.loads(line)["seed"] for line in log.read_text(encoding="utf-8").splitlines()
               if json.loads(line)["type"] == "header"]
    assert headers == [derive_seed(4, i) for i in range(3)]


def test_play_bots_only_finishes_a_game() -> None:
    result = run("play", "uno", "--humans", "0", "--seed", "3", "--players", "3", "--bot", "greedy")
    assert result.exit_code == 0
    assert re.search(r"^Game over\. Winners?: P\d", result.output, re.M)
    assert re.search(r"^P\d: play ", result.output, re.M)  # bots' moves are told as they happen


def test_play_garbage_then_end_of_input_stops_cleanly() -> None:
    result = run("play", "uno", "--seed", "1", "--players", "2", stdin="abc\n\n99\n-1\n")
    assert result.exit_code == 0
    assert result.output.count("Please enter a number from 1 to") == 4
    assert "Your moves:" in result.output and "Your hand (7)" in result.output
    assert "Input ended" in result.output


def test_play_always_choosing_the_first_move_runs_to_the_end_or_input_end() -> None:
    result = run("play", "uno", "--seed", "2", "--players", "2", "--bot", "greedy", stdin="1\n" * 3000)
    assert result.exit_code == 0
    assert re.search(r"\bP1: \w", result.output)  # the human's moves were taken
    assert "Game over." in result.output or "Input ended" in result.output


def test_play_quit_and_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    assert run("play", "uno", "--players", "2", stdin="q\n").exit_code == 0

    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    result = run("play", "uno", "--players", "2")
    assert result.exit_code == 130
    assert "Interrupted" in result.output


def test_play_hot_seat_hands_over_before_showing_a_hand() -> None:
    result = run("play", "uno", "--humans", "2", "--players", "2", "--seed", "1", stdin="\n1\n" * 6)
    assert result.exit_code == 0
    first_handover = result.output.index("P1, it is your move; everyone else, look away.")
    assert first_handover < result.output.index("Your hand")
    assert "P2, it is your move; everyone else, look away." in result.output


def test_play_writes_a_log(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result = run("play", "uno", "--players", "2", "--seed", "1", "--log", str(log), stdin="1\n")
    assert result.exit_code == 0
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["type"] == "header" and lines[0]["seats"] == ["human", "greedy"]
    assert lines[-1] == {"type": "result", "scores": [0, 0], "winners": [], "rounds": 0, "over": False}
    assert sum(1 for line in lines if line.get("event") == "action" and line["actor"] == 0) >= 1


def test_human_claim_offers_pass_and_is_not_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    state = load_game("uno").new_state(2, 0)
    call, catch = Action("call_uno", 1), Action("catch", 1, (("target", 0),))
    answers = iter(["0", "2"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    seat = HumanSeat(1, Terminal(1))
    assert seat.claim(state, [call]) is None
    assert seat.claim(state, [call]) is None  # declined already: no prompt (input would give "2")
    assert seat.claim(state, [call, catch]) == catch


def test_moves_are_described_in_words() -> None:
    game = load_game("uno")
    state = game.new_state(2, 0)
    by_label = {game.label(c.id): c.id for c in reversed(game.components)}
    assert describe_action(state, Action("play", 0, (("card", by_label["red 7"]),))) == "play red 7"
    assert describe_action(state, Action("play", 0, (("card", by_label["wild"]), ("colour", "blue")))) \
        == "play wild, colour blue"
    assert describe_action(state, Action("play", 0, (("card", by_label["red 3"]), ("call", True)))) \
        == "play red 3 + call"
    assert describe_action(state, Action("catch", 1, (("target", 0),))) == "catch P1"


@pytest.mark.parametrize("command", [["play", "--humans", "0"], ["simulate", "--games", "1"], ["check"],
                                     ["explain"]])
def test_a_ruleset_that_validate_rejects_is_refused_by_every_command(command: list[str]) -> None:
    """A round that can never end (S408) is a whole-ruleset error: nothing that validate rejects plays."""
    path = str(Path(__file__).resolve().parent / "corpus" / "check-round-never-ends.yaml")
    assert run("validate", path).exit_code == 1
    result = run(command[0], path, *command[1:])
    assert result.exit_code == 1
    assert "no round can ever end" in result.stderr and "[S408]" in result.stderr
