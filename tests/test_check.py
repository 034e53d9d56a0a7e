"""`rulesrun check` finds what is broken in a ruleset, and says how to see it again.

The rulesets in tests/check/ are UNO overlays, each broken on purpose in one
way. For each, the test names the invariant that catches it and the length of
the shrunk reproduction, which is fixed by the seed; then it replays that
reproduction from a fresh game to show it really breaks the invariant, at its
last action and not before. Changing uno.yaml may change these lengths: the
assertion message shows the new reproduction.

One class of bug cannot be planted: every effect moves a component (take it
from where it is, put it somewhere else), none copies one, so no ruleset can
duplicate or lose a card. tests/check/copy-card.yaml tries to and shows what
happens instead. The components check still runs after every action; the
property tests show it reporting a state corrupted by hand.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from helpers import truth
from rulesrun.cli.main import main
from rulesrun.cli.stats import binned, bins, first_player_line, histogram_lines
from rulesrun.interpreter import Action, State, load_game
from rulesrun.interpreter.engine.table import Table
from rulesrun.interpreter.play.simulate import Stat, derive_seed
from rulesrun.interpreter.tools import invariants as inv
from rulesrun.interpreter.tools.checker import BY_NAME, END, Failure, check_ruleset, reproduce

PLANTED = Path(__file__).parent / "check"


def planted(name: str) -> str:
    return str(PLANTED / f"{name}.yaml")


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.output
    return result


def shown(failure: Failure) -> str:
    return "\n".join(str(action) for action in failure.actions)


def breaks_at_the_last_action(path: str, failure: Failure) -> bool:
    """Replaying the reproduction: the invariant holds in every state before the last, and not in the last."""
    game = load_game(path)
    states: list[State] = []
    last = reproduce(game, failure, lambda state, action: states.append(state.clone()))
    invariant = failure.invariant
    return all(invariant.run(state) == [] for state in states) and invariant.run(last) != []


# ------------------------------------------------------------ planted bugs

@pytest.mark.parametrize("name, seed, invariant, found, length", [
    ("no-draw", 2, "legal-action", 9, 4),  # nothing to do without a playable card (UNO-4.5 removed)
    ("peek", 4, "views", 17, 8),  # a choice lists the next player's hidden hand
    ("top-hands", 0, "views", 2, 2),  # hands shown top only: a player may play cards their own view hides
    ("roll-a-card", 4, "actions-apply", 30, 23),  # an effect fails when a reverse is played
])
def test_check_finds_the_planted_bug_and_shrinks_its_reproduction(name: str, seed: int, invariant: str,
                                                                    found: int, length: int) -> None:
    result = check_ruleset(load_game(planted(name)), seed=seed, players=[2])
    failure = result.failure
    assert failure is not None
    assert (failure.invariant.name, failure.found_after, len(failure.actions)) == (invariant, found, length), \
        shown(failure)
    assert (failure.players, failure.seed, failure.bot, failure.shrunk) == (2, derive_seed(seed, 0), "random", True)
    assert breaks_at_the_last_action(planted(name), failure)


def test_check_reports_a_game_that_never_ends_with_its_bound() -> None:
    """Going out refills the hand: greedy games run into the bound; no shorter sequence can show that."""
    result = check_ruleset(load_game(planted("endless")), players=[2], bots=["greedy"], max_actions=300, explore=20)
    failure = result.failure
    assert failure is not None
    assert (failure.invariant.name, len(failure.actions), failure.shrunk) == ("termination", 300, False)
    assert failure.problems == ("the game did not end within 300 actions: 0 rounds ended, "
                                "and round 1 has gone on for 300 actions",)


def test_an_effect_cannot_duplicate_a_card_so_check_finds_the_game_no_longer_ends() -> None:
    """The played card is moved on to the next hand, not copied: the components check, run after every
    action, holds throughout; what breaks is termination, since cards now circulate and hands never empty."""
    game = load_game(planted("copy-card"))
    result = check_ruleset(game, players=[2], bots=["greedy"], max_actions=300, explore=50)
    failure = result.failure
    assert failure is not None and failure.invariant.name == "termination" and result.actions == 300
    state = game.new_state(2, failure.seed)
    for action in failure.actions:
        state.apply(action)
        if action.name == "play":
            break
    card = action.get("card")
    assert truth(state).place(card) == ("hand", 1) and card not in truth(state).zones["discard"]  # moved on, not copied
    assert inv.conservation(state) == []


# ------------------------------------------------------------ checks made when a game ends

def test_a_log_that_does_not_replay_is_shrunk_to_the_first_action_it_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break reading actions back from a log (their choices are dropped): the replay invariant fails,
    and the shortest prefix that shows it ends with the first action that has a choice."""
    monkeypatch.setattr(Action, "from_json", staticmethod(lambda data: Action(data["action"], int(data["actor"]))))
    result = check_ruleset(load_game("uno"), players=[2], bots=["random"], explore=20)
    failure = result.failure
    assert failure is not None and failure.invariant.name == "replay" and failure.invariant.when == END
    assert failure.actions and failure.actions[-1].args
    assert all(not action.args for action in failure.actions[:-1])
    assert len(failure.actions) == 3, shown(failure)  # P1 has nothing to play: draw, keep, then P2 plays


def test_a_shuffle_that_ignores_the_seed_breaks_determinism_from_the_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    import random
    monkeypatch.setattr(Table, "shuffle", lambda self, zone, owner: random.SystemRandom().shuffle(
        self.zone(zone, owner)))
    failure = check_ruleset(load_game("uno"), players=[2], bots=["random"], explore=5).failure
    assert failure is not None and failure.invariant.name == "determinism"
    assert (failure.actions, failure.shrunk) == ((), True)


def test_the_shipped_rulesets_keep_every_invariant() -> None:
    """The same checks as the property tests, through the checker: two tables, both bots, whole greedy games."""
    for name, players in (("uno-dice", [2, 4]), ("uno", [3])):
        result = check_ruleset(load_game(name), players=players, explore=40)
        assert result.ok, result.failure
        assert result.games == 2 * len(players) and result.actions > 0


# ------------------------------------------------------------ the command

def test_check_command_prints_the_reproduction_and_saves_a_replayable_log(tmp_path: Path) -> None:
    saved = tmp_path / "peek.jsonl"
    result = run("check", planted("peek"), "--seed", "4", "--players", "2", "--save", str(saved))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == ("peek: FAILED views: no player's view or list of moves shows a component "
                        "that player may not see")
    assert "then 8 actions (shrunk from 17):" in result.output
    numbered = [line for line in lines if line.lstrip().split(".")[0].isdigit()]
    assert [line.split(". ", 1)[0].strip() for line in numbered] == [str(n) for n in range(1, 9)]
    assert numbered[0].split(". ", 1)[1].startswith("P1 draw")
    assert f"rulesrun replay {saved} --ruleset {planted('peek')}" in result.output
    replayed = run("replay", str(saved), "--ruleset", planted("peek"), "--to-end")
    assert replayed.exit_code == 0, replayed.output
    assert "8 steps, every one checked" in replayed.output


def test_check_command_passes_a_sound_ruleset_and_lists_what_it_checked() -> None:
    result = run("check", "uno-dice", "--players", "2", "--bot", "greedy", "--explore", "30")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("uno-dice: every invariant held in 1 game (2 players, greedy bots, seed 0)")
    for name in BY_NAME:
        assert f"  {name} " in result.output


def test_check_command_refuses_a_table_the_ruleset_cannot_seat() -> None:
    assert run("check", "uno-dice", "--players", "9").exit_code == 2


# ------------------------------------------------------------ design statistics

def test_game_lengths_fall_into_about_ten_equal_bins() -> None:
    lengths = Counter({12: 1, 30: 4, 57: 2, 110: 1})
    ranges = bins([lengths])
    assert ranges[0][0] == 12 and ranges[-1][1] >= 110 and len(ranges) == 10
    assert len({high - low for low, high in ranges}) == 1
    assert sum(binned(lengths, ranges)) == 8
    lines = histogram_lines(lengths)
    assert len(lines) == 10 and lines[1].endswith(" 4") and "#" * 30 in lines[1]


def test_first_player_advantage_comes_with_its_95_percent_interval() -> None:
    stat = Stat()
    for won in [1] * 60 + [0] * 40:
        stat.add(won)
    spread = 1.959964 * (stat.variance / stat.n) ** 0.5  # mean ± 1.96·sqrt(var/n)
    line = first_player_line(stat, 4)
    assert line == (f"first player wins 60.0% of 100 rounds (95% interval {0.6 - spread:.1%}-{0.6 + spread:.1%}; "
                    f"an even share is 25.0%)")


def test_simulate_and_compare_report_lengths_first_player_and_actions() -> None:
    for args in (("simulate", "uno-dice", "--games", "6", "--players", "3"),
                 ("compare", "uno-dice", "uno-dice", "--games", "4")):
        result = run(*args)
        assert result.exit_code == 0, result.output
        assert "game length (turns per game" in result.output
        assert "first player wins " in result.output and "95% interval" in result.output
        assert "actions taken: play " in result.output
        bars = [line for line in result.output.splitlines() if " | " in line]
        assert 1 <= len(bars) <= 10 * (1 if args[0] == "simulate" else 2)


def test_plot_without_matplotlib_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # importing it now fails as if it were not installed
    for command in (["simulate", "uno-dice"], ["compare", "uno-dice", "uno-dice"]):
        result = run(*command, "--games", "2", "--plot", str(tmp_path / "lengths.png"))
        assert result.exit_code == 1
        assert "--plot needs matplotlib" in result.output and "rulesrun[plot]" in result.output
    assert not (tmp_path / "lengths.png").exists()


def test_plot_draws_the_game_lengths(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "lengths.png"
    result = run("simulate", "uno-dice", "--games", "4", "--plot", str(picture))
    assert result.exit_code == 0, result.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
