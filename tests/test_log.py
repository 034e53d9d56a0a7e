"""The game log: written by the CLI, read back, and replayed event for event."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import truth
from rulesrun.cli.main import main
from rulesrun.interpreter import Game, ReplayMismatch, load_game
from rulesrun.interpreter.engine import events as ev
from rulesrun.interpreter.play.log import LoggedGame, read_games, redact, replay


@pytest.fixture(scope="module")
def uno() -> Game:
    return load_game("uno")


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two whole bot games of UNO, logged by `rulesrun simulate --log`."""
    path = tmp_path_factory.mktemp("log") / "games.jsonl"
    result = CliRunner().invoke(main, ["simulate", "uno", "--games", "2", "--players", "2", "--seed", "5",
                                       "--bot", "greedy", "--log", str(path)])
    assert result.exit_code == 0, result.output
    return path


def copy_events(game: LoggedGame) -> list[dict]:
    return [dict(e, args=dict(e["args"])) if "args" in e else dict(e) for e in game.events]


def action_indexes(events: list[dict], uno: Game) -> list[int]:
    """Indexes of the turn owner's own actions (not claims anyone may make)."""
    return [i for i, e in enumerate(events)
            if e["event"] == "action" and not uno.action_index[e["action"]].by_anyone]


def test_log_has_a_header_events_and_a_result_per_game(logged: Path, uno: Game) -> None:
    games = read_games(logged)
    assert len(games) == 2
    for game in games:
        header = game.header
        assert (header["ruleset"], header["version"], header["hash"]) == ("uno", uno.version, uno.content_hash)
        assert header["players"] == 2 and header["seats"] == ["greedy", "greedy"]
        assert [c["id"] for c in header["components"]] == list(range(len(uno.components)))
        assert header["components"][0]["attrs"] == uno.components[0].attrs
        assert header["initial_order"] == list(range(len(uno.components)))
        assert game.events[-1]["event"] == "game_ended"
        assert game.result["over"] is True and game.result["winners"] == game.events[-1]["winners"]
    assert games[0].header["seed"] != games[1].header["seed"]


def test_replay_reproduces_both_games(logged: Path, uno: Game) -> None:
    for game in read_games(logged):
        state = replay(uno, game.header, game.events)
        assert state.is_over()
        assert state.scores() == game.result["scores"]
        assert list(truth(state).winners) == game.result["winners"]


def test_tampered_action_is_caught_at_that_action(logged: Path, uno: Game) -> None:
    game = read_games(logged)[0]
    events = copy_events(game)
    k = action_indexes(events, uno)[10]
    events[k]["actor"] = 1 - events[k]["actor"]  # the other seat acts out of turn
    with pytest.raises(ReplayMismatch, match=rf"^event {k}: the logged action .* is not legal here"):
        replay(uno, game.header, events)


def test_tampered_move_is_caught_at_that_event(logged: Path, uno: Game) -> None:
    game = read_games(logged)[0]
    events = copy_events(game)
    k = action_indexes(events, uno)[10]
    j = next(i for i in range(k, len(events)) if events[i]["event"] == "moved")
    events[j]["to_zone"] = "elsewhere"
    with pytest.raises(ReplayMismatch, match=rf"^event {j} \(in the action logged at event {k}, .*\): "
                                             r"the log has .*elsewhere"):
        replay(uno, game.header, events)


def test_truncated_or_extended_log_is_a_mismatch(logged: Path, uno: Game) -> None:
    game = read_games(logged)[0]
    last = action_indexes(game.events, uno)[-1]
    with pytest.raises(ReplayMismatch, match=rf"^event {last + 1} .*the log has nothing more"):
        replay(uno, game.header, game.events[:last + 1])
    with pytest.raises(ReplayMismatch, match=rf"^event {len(game.events)}: .*produced nothing more"):
        replay(uno, game.header, game.events + [{"event": "skipped", "player": 0}])


def test_changed_ruleset_hash_is_a_mismatch(logged: Path, uno: Game) -> None:
    game = read_games(logged)[0]
    with pytest.raises(ReplayMismatch, match="the ruleset changed"):
        replay(uno, dict(game.header, hash="0" * 16), game.events)


def test_other_seed_is_a_mismatch_at_the_first_random_event(logged: Path, uno: Game) -> None:
    game = read_games(logged)[0]
    first_shuffle = next(i for i, e in enumerate(game.events) if e["event"] == "shuffled")
    with pytest.raises(ReplayMismatch, match=rf"^event {first_shuffle}: "):
        replay(uno, dict(game.header, seed=game.header["seed"] + 1), game.events)


def test_malformed_logs_are_reported_with_their_line(logged: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    header = logged.read_text(encoding="utf-8").splitlines()[0]  # a header is checked whole before what follows
    path.write_text(header + '\n{"type": "event", "event": "turn"\n', encoding="utf-8")
    with pytest.raises(ReplayMismatch, match=r"bad\.jsonl:2: not a JSON line"):
        read_games(path)
    path.write_text('{"type": "event", "event": "turn", "player": 0, "phase": null}\n', encoding="utf-8")
    with pytest.raises(ReplayMismatch, match=r"bad\.jsonl:1: .*no header"):
        read_games(path)
    path.write_text('{"type": "header", "format": 2}\n', encoding="utf-8")
    with pytest.raises(ReplayMismatch, match=r"bad\.jsonl:1: log format 2"):
        read_games(path)


def test_single_round_logs_are_byte_identical_for_a_seed(tmp_path: Path) -> None:
    paths = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    for path in paths:
        result = CliRunner().invoke(main, ["simulate", "uno", "--games", "1", "--players", "3", "--seed", "2",
                                           "--single-round", "--bot", "greedy", "--log", str(path)])
        assert result.exit_code == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()
    (game,) = read_games(paths[0])
    assert game.result["over"] is False and game.result["rounds"] == 1
    assert json.loads(paths[0].read_text(encoding="utf-8").splitlines()[-1])["type"] == "result"


def test_redact_hides_moves_between_zones_the_viewer_cannot_see(uno: Game) -> None:
    dealt = ev.Moved(5, "draw", None, "hand", 1)
    assert redact(dealt, 0, uno).component is None
    assert redact(dealt, None, uno).component is None
    assert redact(dealt, 1, uno) == dealt
    played = ev.Moved(5, "hand", 1, "discard", None)
    assert redact(played, 0, uno) == played
    shuffled = ev.Shuffled("draw", None, (1, 2, 3))
    assert redact(shuffled, 0, uno).order is None
    assert redact(ev.Skipped(1), 0, uno) == ev.Skipped(1)
