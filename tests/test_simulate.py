"""Simulation and comparison: figures a designer relies on, and that they are reproducible."""
from __future__ import annotations

import json
import math

from click.testing import CliRunner
from helpers import truth
from rulesrun.cli.main import main
from rulesrun.interpreter import load_game
from rulesrun.interpreter.engine.state import inspect
from rulesrun.interpreter.play.compare import compare, interval
from rulesrun.interpreter.play.sharing import Backend
from rulesrun.interpreter.play.simulate import Stat, play_game, simulate, summarise


def test_stat_matches_the_textbook_mean_and_variance():
    stat = Stat()
    for x in (2, 4, 4, 4, 5, 5, 7, 9):
        stat.add(x)
    assert stat.n == 8 and stat.mean == 5
    assert math.isclose(stat.variance, 32 / 7)


def test_interval_of_a_clear_difference_excludes_zero_and_of_none_includes_it():
    low, high = Stat(), Stat()
    for x in range(100):
        low.add(x % 10)
        high.add(x % 10 + 5)
    a, b = interval(low, high)
    assert 0 < a < 5 < b
    a, b = interval(low, low)
    assert a < 0 < b


def test_a_game_summary_counts_rounds_turns_and_first_players():
    game = load_game("uno")
    state = play_game(game, 3, 5, "greedy").state
    summary = summarise(state)
    assert len(summary.turns) == len(summary.round_winners) == len(summary.first_players) == truth(state).round
    assert sum(summary.round_points) == sum(state.scores())
    assert sum(summary.actions.values()) == inspect(state).action_count


def test_the_same_seed_gives_the_same_figures_in_one_process_or_two():
    game = load_game("uno")
    one = simulate(game, 6, 2, seed=3, bot="greedy", single_round=True).to_json()
    two = simulate(game, 6, 2, seed=3, bot="greedy", single_round=True, backend=Backend(workers=2)).to_json()
    for timing in ("seconds", "games_per_second", "rounds_per_second"):
        one.pop(timing), two.pop(timing)
    assert one == two


def test_tallies_do_not_keep_the_games():
    game = load_game("uno-dice")
    result = simulate(game, 5, 2, seed=1, bot="greedy", single_round=True)
    assert sum(result.tally.turns_histogram.values()) == result.rounds == 5
    assert not hasattr(result, "summaries")


def test_compare_reports_every_figure_with_an_interval():
    game = load_game("uno")
    rows = compare(simulate(game, 8, 2, seed=1, bot="greedy", single_round=True),
                   simulate(game, 8, 2, seed=1, bot="greedy", single_round=True))
    keys = [row.key for row in rows]
    assert keys == ["turns_per_round", "median_turns", "rounds_per_game", "first_player_wins",
                    "points_per_round", "reshuffles_per_game", "turns_per_game"]
    assert all(row.difference == 0 for row in rows)


def test_compare_command_prints_a_table_and_json():
    runner = CliRunner()
    result = runner.invoke(main, ["compare", "uno", "uno", "--games", "4", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "first player wins the round" in result.output and "[95% interval]" in result.output
    result = runner.invoke(main, ["compare", "uno", "dos", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["players"] == 2 and set(data["figures"]) >= {"turns_per_round", "first_player_wins"}


def test_compare_refuses_a_table_one_of_them_cannot_seat():
    result = CliRunner().invoke(main, ["compare", "uno", "dos", "--games", "3", "--players", "7"])
    assert result.exit_code == 2
    assert "both rulesets allow 2 to 4 players" in result.output


def test_a_game_past_max_rounds_is_stopped_and_counted_as_unfinished(tmp_path):
    """A round bound on the game: the finished rounds count, the game itself does not."""
    path = tmp_path / "endless.yaml"
    path.write_text("extends: uno\nmax_rounds: 2\nparams:\n  target_score: {value: 100000}\n", encoding="utf-8")
    game = load_game(str(path))
    played = play_game(game, 2, 3, "greedy")
    assert played.stopped is not None and (played.stopped.bound, played.stopped.limit) == ("max_rounds", 2)
    assert not played.state.is_over() and truth(played.state).round == 3
    result = simulate(game, 3, 2, seed=1, bot="greedy")
    assert (result.games, result.unfinished, result.rounds) == (3, 3, 6)
    assert result.wins_by_seat == [0, 0] and result.tally.stats["rounds_per_game"].n == 0
    assert result.to_json()["unfinished"] == 3


def _tally_without_winners(rounds: int):
    from rulesrun.interpreter.play.simulate import Tally

    tally = Tally(2)
    tally.games = 2
    tally.wins_by_seat = [0, 0]
    for _ in range(rounds):
        tally.stats["first_player_wins"].add(0.0)
    return tally


def test_simulate_says_no_round_winner_rather_than_a_share_of_nothing():
    from rulesrun.cli.stats import design_lines, first_player_line

    lines = design_lines(_tally_without_winners(4))
    assert "first player wins: no round winner in 4 rounds" in lines
    assert not any("0.0%" in line for line in lines)
    stat = _tally_without_winners(3).stats["first_player_wins"]
    assert first_player_line(stat, 2, rounds_won=0) == "first player wins: no round winner in 3 rounds"
    assert first_player_line(stat, 2, rounds_won=3).startswith("first player wins 0.0% of 3 rounds")


def test_simulate_of_a_game_with_round_winners_still_gives_the_share():
    from rulesrun.cli.stats import design_lines

    result = simulate(load_game("uno"), 4, 2, seed=1, bot="greedy", single_round=True)
    line = next(line for line in design_lines(result.tally) if line.startswith("first player wins"))
    assert "% of 4 rounds" in line and "no round winner" not in line
