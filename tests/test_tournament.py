"""`rulesrun tournament` and the search bot on the command line: schedules, intervals, ratings, refusals."""
from __future__ import annotations

import json

import pytest
from helpers import run_cli as run
from hypothesis import given, settings
from hypothesis import strategies as st
from rulesrun.interpreter.play.simulate import derive_seed
from rulesrun.interpreter.play.tournament import fixtures, ratings, wilson


def test_each_deal_is_played_from_both_seats() -> None:
    planned = fixtures(["random", "greedy", "search:2"], 4, seed=7)
    assert len(planned) == 3 * 4
    for first, second in zip(planned[::2], planned[1::2]):
        assert first.seed == second.seed and first.seats == tuple(reversed(second.seats))
    assert len({f.seed for f in planned}) == 3 * 2


def test_a_schedule_works_each_game_out_from_its_number_and_keeps_no_list_of_them() -> None:
    planned = fixtures(["random", "greedy", "search:2"], 1_000_000, seed=7)
    assert len(planned) == 3_000_000 and vars(planned).keys() == {"pairs", "games", "seed"}
    last = planned[-1]
    assert (last.pairing, last.number, last.seats) == (2, 999_999, ("search:2", "greedy"))
    assert last.seed == derive_seed(derive_seed(7, 2), 999_999 // 2)
    assert planned[1_000_000:1_000_003] == [planned[n] for n in range(1_000_000, 1_000_003)]
    with pytest.raises(IndexError):
        planned[3_000_000]


def test_wilson_interval_of_known_rates() -> None:
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 3) == 0.278


@settings(max_examples=30, deadline=None)
@given(points=st.integers(0, 40), extra=st.integers(0, 40))
def test_ratings_order_bots_by_their_results_and_stay_finite(points: int, extra: int) -> None:
    games = points + extra
    rated = ratings(["a", "b"], {("a", "b"): [float(points), float(games)]})
    assert abs(sum(rated.values()) / 2 - 1500) < 1e-6
    if points * 2 > games:
        assert rated["a"] > rated["b"]
    elif points * 2 == games:
        assert abs(rated["a"] - rated["b"]) < 1e-6
    else:
        assert rated["a"] < rated["b"]


def test_tournament_prints_win_rates_intervals_and_ratings() -> None:
    result = run("tournament", "uno-dice", "--bots", "random,greedy", "--games", "6", "--single-round",
                 "--seed", "2")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("uno-dice: 2 bots, 6 games a pair")
    assert lines[1].split() == ["bot", "games", "win", "rate", "95%", "interval", "rating"]
    assert [line.split()[0] for line in lines[2:4]] == ["greedy", "random"]  # best rated first
    assert "random against greedy:" in lines[5]


def test_tournament_json_adds_up_and_is_the_same_with_two_workers() -> None:
    args = ["tournament", "uno-dice", "--bots", "random,greedy,search:1", "--games", "4", "--single-round",
            "--json"]
    one, two = run(*args), run(*args, "--workers", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    report = json.loads(one.output)
    assert report == json.loads(two.output)
    assert sum(bot["points"] for bot in report["bots"]) == 3 * 4  # one point a game, three pairs of four
    assert {bot["bot"] for bot in report["bots"]} == {"random", "greedy", "search:1"}


@pytest.mark.parametrize("bots, says", [
    ("random,random", "name at least two bots, each once"),
    ("greedy", "name at least two bots, each once"),
    ("random,search:0", "a number of playouts from 1 to 100,000"),
    ("random,clever", "'clever' is not a bot"),
])
def test_a_wrong_line_up_is_one_usage_error(bots: str, says: str) -> None:
    result = run("tournament", "uno", "--bots", bots, "--games", "2")
    assert result.exit_code == 2
    assert says in result.output and "Traceback" not in result.output


def test_level_sets_the_budget_of_plain_search_bots() -> None:
    result = run("tournament", "uno-dice", "--bots", "greedy,search", "--level", "easy", "--games", "2",
                 "--single-round", "--json")
    assert result.exit_code == 0, result.output
    assert {bot["bot"] for bot in json.loads(result.output)["bots"]} == {"greedy", "search:easy"}


def test_play_seats_search_bots() -> None:
    result = run("play", "uno-dice/single-round", "--humans", "0", "--bots", "search:2,greedy", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "Game over." in result.output


def test_simulate_and_compare_take_a_search_bot() -> None:
    assert run("simulate", "uno-dice", "--games", "1", "--single-round", "--bot", "search:1").exit_code == 0
    wrong = run("compare", "uno", "uno/stacking", "--games", "2", "--bot", "search:many")
    assert wrong.exit_code == 2 and "budget of a search bot" in wrong.output
