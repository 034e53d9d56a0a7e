"""Runs shared among processes or a Ray cluster give the figures of a run in one process (docs/scale.md).

The Ray tests start one local Ray instance with two CPUs for the whole module;
the backend joins it as it would join a cluster. Without Ray installed they are
skipped, saying so; the options and the missing extra are tested either way.
"""
from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rulesrun.cli.main import main
from rulesrun.interpreter import Game, RulesrunError, SimulationResult, load_game
from rulesrun.interpreter.play import simulate as simulation
from rulesrun.interpreter.play.sharing import RETRIES, Backend, BackendUnavailable, chunks, share
from rulesrun.interpreter.play.simulate import Tally, simulate

PLANTED = Path(__file__).parent / "check"
TIMINGS = ("seconds", "games_per_second", "rounds_per_second")
RAY = Backend("ray")


@pytest.fixture(scope="module")
def ray_instance():
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    import logging
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the test's own chunks, sent as they are
    yield ray
    ray.shutdown()


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result


def figures(result: SimulationResult) -> dict:
    found = result.to_json()
    for timing in TIMINGS:
        found.pop(timing)
    return found


def cli_json(*args: str) -> dict:
    result = run(*args)
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    for timing in TIMINGS:
        found.pop(timing, None)
    return found


def test_simulate_on_ray_gives_the_figures_and_logs_of_one_process(ray_instance) -> None:
    game = load_game("uno", "generated")
    local_logs: list[str] = []
    ray_logs: list[str] = []
    told: list[int] = []
    here = simulate(game, 24, 3, seed=11, bot="random", single_round=True, on_log=local_logs.append)
    there = simulate(game, 24, 3, seed=11, bot="random", single_round=True, on_log=ray_logs.append,
                     backend=RAY, ruleset="uno", on_progress=told.append)
    assert figures(there) == figures(here) and there.games == 24
    assert ray_logs == local_logs and len(set(ray_logs)) == 24  # every game's log, once, in game order
    assert told[0] == 0 and told[-1] == 24 and told == sorted(set(told)) and len(told) > 2  # a bar that moves


def test_a_ruleset_file_that_extends_another_runs_on_ray(ray_instance, tmp_path: Path) -> None:
    """The workers compile the resolved document the driver sends them; they read no file of the ruleset."""
    variant = tmp_path / "short.yaml"
    variant.write_text("extends: uno/stacking\nname: house/short\nparams:\n  target_score: {value: 60}\n")
    game = load_game(str(variant), "generated")
    here = simulate(game, 6, 2, seed=5, bot="greedy")
    there = simulate(game, 6, 2, seed=5, bot="greedy", backend=RAY, ruleset=str(variant))
    assert figures(there) == figures(here) and there.ruleset == "house/short"


def test_compare_and_tournament_on_ray_match_local_runs(ray_instance) -> None:
    compared = ("compare", "uno", "uno/stacking", "--games", "12", "--bot", "random", "--json")
    assert cli_json(*compared, "--backend", "ray") == cli_json(*compared)
    played = ("tournament", "uno-dice", "--bots", "random,greedy", "--games", "8", "--single-round", "--json")
    assert cli_json(*played, "--backend", "ray") == cli_json(*played)


def test_check_on_ray_reports_the_failure_of_a_local_check(ray_instance) -> None:
    """The first failure in the run's order is reported and shrunk, whichever worker found it first."""
    checked = ("check", str(PLANTED / "peek.yaml"), "--seed", "4", "--players", "2", "--games", "3")
    here, there = run(*checked), run(*checked, "--backend", "ray")
    assert here.exit_code == there.exit_code == 1
    assert "FAILED views" in here.output and there.output == here.output
    held = ("check", "uno-dice", "--players", "2", "--games", "2", "--explore", "10")
    here, there = run(*held), run(*held, "--backend", "ray")
    assert here.exit_code == there.exit_code == 0 and there.output == here.output


def _dies_once(game: Game, context: tuple[str, int, Any], chunk: Sequence[int]) -> Any:
    """Simulate a chunk, but the first time the chunk holding game `doomed` runs, kill the worker running it."""
    attempts, doomed, run = context
    if doomed in chunk:
        with open(attempts, "a") as seen:
            seen.write(f"{os.getpid()}\n")
        if len(Path(attempts).read_text().split()) == 1:
            os.kill(os.getpid(), signal.SIGKILL)
    return simulation._play_chunk(game, run, chunk)


def _always_dies(game: Game, context: None, chunk: Sequence[int]) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_chunk_whose_worker_is_killed_runs_again_and_counts_once(ray_instance, tmp_path: Path) -> None:
    game = load_game("uno", "generated")
    attempts = tmp_path / "attempts"
    run = simulation._Run(players=2, seed=3, bot="random", single_round=True, with_log=False)
    tally = Tally(2)
    for part in share(_dies_once, game, (str(attempts), 13, run), range(30), RAY, "uno"):
        tally.merge(part.tally)
    pids = attempts.read_text().split()
    assert len(pids) == 2 and pids[0] != pids[1]  # killed once, run again by another worker
    here = simulate(game, 30, 2, seed=3, bot="random", single_round=True).tally
    assert tally == here and tally.games == 30


def test_a_chunk_lost_every_time_is_reported_plainly(ray_instance) -> None:
    game = load_game("uno-dice", "generated")
    with pytest.raises(BackendUnavailable, match=f"lost {RETRIES + 1} times on Ray"):
        list(share(_always_dies, game, None, range(2), RAY, "uno-dice"))


def _refuses(game: Game, context: None, chunk: Sequence[int]) -> None:
    raise RulesrunError(f"refused game {chunk[0]}")


def test_an_error_raised_by_a_chunk_reaches_the_caller_as_itself(ray_instance) -> None:
    game = load_game("uno-dice", "generated")
    with pytest.raises(RulesrunError) as raised:
        list(share(_refuses, game, None, range(1), RAY, "uno-dice"))
    assert type(raised.value) is RulesrunError and str(raised.value) == "refused game 0"


def _fails_first_slowly(game: Game, context: None, chunk: Sequence[int]) -> None:
    if chunk[0] == 0:
        time.sleep(2)  # the first chunk fails last ...
        raise ValueError("the first chunk")
    raise RuntimeError(f"a later chunk, from {chunk[0]}")  # ... the others at once


def test_the_error_reported_is_the_first_in_the_run_s_order_not_the_first_to_happen(ray_instance) -> None:
    game = load_game("uno-dice", "generated")
    with pytest.raises(ValueError, match="the first chunk"):
        list(share(_fails_first_slowly, game, None, range(40), RAY, "uno-dice"))


def test_forked_workers_give_the_figures_of_one_process() -> None:
    game = load_game("uno-dice")
    here = simulate(game, 20, 2, seed=9, bot="greedy", single_round=True)
    shared = simulate(game, 20, 2, seed=9, bot="greedy", single_round=True, backend=Backend(workers=2))
    assert figures(shared) == figures(here)


def test_a_check_shared_among_forked_workers_reports_what_one_process_reports() -> None:
    checked = ("check", str(PLANTED / "peek.yaml"), "--seed", "4", "--players", "2", "--games", "3")
    here, shared = run(*checked), run(*checked, "--workers", "2")
    assert here.exit_code == shared.exit_code == 1 and "FAILED views" in here.output and shared.output == here.output


def test_tallies_of_parts_merge_into_the_tally_of_the_whole() -> None:
    game = load_game("uno-dice")
    run = simulation._Run(players=2, seed=1, bot="random", single_round=False, with_log=False)
    whole = simulation._play_chunk(game, run, range(9)).tally
    merged = Tally(2)
    for chunk in chunks(range(9), 4):
        merged.merge(simulation._play_chunk(game, run, chunk).tally)
    assert merged == whole and merged.games == 9
    assert merged.stats["turns_per_game"].variance == whole.stats["turns_per_game"].variance > 0


def test_the_ray_backend_without_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, as where the extra is missing
    result = run("simulate", "uno-dice", "--games", "2", "--backend", "ray")
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == ("error: the ray backend needs Ray, an optional extra: "
                                                      "pip install 'rulesrun[ray]'")


@pytest.mark.parametrize("extra, refused", [
    (("--address", "auto"), "'--address': an address names a Ray cluster: add --backend ray"),
    (("--backend", "ray", "--address", "auto", "--workers", "2"), "'--workers': a Ray cluster has the CPUs it has"),
])
def test_options_that_do_not_go_together_are_usage_errors(extra: tuple[str, ...], refused: str) -> None:
    result = run("simulate", "uno-dice", "--games", "2", *extra)
    assert result.exit_code == 2 and refused in result.output
