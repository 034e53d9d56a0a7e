"""`rulesrun serve`: tokens, per-seat views, refusals, reconnecting, bad messages, bots and the log.

The server is driven through Starlette's test client; the property test plays
whole games through the `Session` directly, since it checks what every message
would hold, not how it travels.
"""
from __future__ import annotations

import functools
import json
import random
import threading
from typing import Any

import pytest
from helpers import arrange, run_cli, truth, with_params, write
from helpers import snapshot as position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulesrun.cli.style import words
from rulesrun.cli.web.app import REFUSED_TOKEN, create_app
from rulesrun.cli.web.session import MAX_MESSAGE, Session
from rulesrun.interpreter import Game, load_game, read_games, shipped_rulesets
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect


def by_label(game: Game):
    return lambda name: [c for c in range(len(game.components)) if words(game.label(c)) == name]


def token_of(session: Session, seat: int | None) -> str:
    return next(token for token, s in session.tokens.items() if s == seat)


def uno_table(bots: list[str] | None = None, **arrangement: Any) -> Session:
    """Two at UNO (people, or one person and `bots`), P1 to move, in the position `arrangement` gives."""
    game = load_game("uno")
    state = game.new_state(2, 1)
    discard = arrangement.pop("discard")
    arrange(state, zones={"discard": discard}, variables={"active_colour": discard[0].split()[0]},
            lookup=by_label(game), **arrangement)
    return Session(game, 2, 2 - len(bots or []), 1, bots or [], start=state)


def test_each_token_opens_its_own_seat_and_nothing_else() -> None:
    session = Session(load_game("uno"), 3, 2, 4, ["greedy"])
    assert sorted(s for s in session.tokens.values() if s is not None) == [0, 1]  # the bot's seat has no link
    with TestClient(create_app(session)) as client:
        for seat in (0, 1, None):
            page = client.get(f"/play/{token_of(session, seat)}")
            assert page.status_code == 200 and "table.js" in page.text
            assert page.headers["referrer-policy"] == "no-referrer"
            with client.websocket_connect(f"/ws/{token_of(session, seat)}") as ws:
                table = ws.receive_json()
                assert table["type"] == "table" and table["viewer"] == seat
        for path in ("/", "/play/", "/play/not-a-token", "/play/" + token_of(session, 0)[:-1]):
            answer = client.get(path)
            assert answer.status_code == 404 and "table.js" not in answer.text
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/ws/not-a-token") as ws:
            ws.receive_json()
        assert closed.value.code == REFUSED_TOKEN


def test_a_seat_is_sent_its_own_hand_and_only_the_size_of_the_others() -> None:
    session = uno_table(hands={0: ["red 7", "blue 3", "green 8"], 1: ["green 2", "yellow 9", "wild"]}, discard=["red 5"])
    seat0, seat1, watcher = (session.table_for(s) for s in (0, 1, None))
    hand = [[c and c["label"] for c in s["zones"][0]["cards"]] for s in seat0["seats"]]
    assert hand == [["red 7", "green 8", "blue 3"], [None, None, None]]
    hand = [[c and c["label"] for c in s["zones"][0]["cards"]] for s in seat1["seats"]]
    assert hand == [[None, None, None], ["yellow 9", "green 2", "wild"]]
    assert [s["zones"][0]["size"] for s in watcher["seats"]] == [3, 3]
    assert all(c is None for s in watcher["seats"] for c in s["zones"][0]["cards"])
    assert {m["text"] for m in seat0["moves"]} == {"play red 7", "draw"} and seat1["moves"] == watcher["moves"] == []
    draw = next(z for z in seat0["zones"] if z["name"] == "draw")
    assert draw["kind"] == "stack" and draw["cards"] == [] and draw["size"] > 0


def visible_ids(state, seat) -> set[int]:
    view = state.view(seat)
    return {c for c in range(len(state.game.components)) if view.place(c) is not None}


def named_ids(message: Any) -> set[int]:
    """Every component id a message names: in a component's picture, or in the components of a move."""
    found: set[int] = set()
    if isinstance(message, dict):
        if "id" in message and "label" in message:
            found.add(message["id"])
        for key, value in message.items():
            if key == "components":
                found.update(value)
            else:
                found |= named_ids(value)
    elif isinstance(message, list):
        for item in message:
            found |= named_ids(item)
    return found


GAMES = [name for name, _ in shipped_rulesets()]  # the games and every house rule


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(GAMES), seed=st.integers(0, 2 ** 20), steps=st.integers(5, 60))
def test_no_message_to_a_seat_names_a_component_hidden_from_it(ruleset: str, seed: int, steps: int) -> None:
    game = load_game(ruleset)
    players = min(game.max_players, max(game.min_players, 3))
    session = Session(game, players, players, seed, [])
    rng = random.Random(seed)
    for _ in range(steps):
        if session.state.is_over() or not session.actions:
            break
        session.state.apply(rng.choice(session.actions))
        session._changed()
        for seat in (*range(players), None):
            message = session.table_for(seat)
            assert named_ids(message) <= visible_ids(session.state, seat), (ruleset, seat)
            for entry in message["seats"]:
                for zone in entry["zones"]:
                    assert len(zone["cards"]) == zone["size"]
                    assert sum(c is not None for c in zone["cards"]) == sum(
                        c is not None for c in session.state.view(seat).zone(zone["name"], entry["seat"]))


def test_a_card_that_does_not_match_is_refused_with_why_and_changes_nothing() -> None:
    """UNO-4.2: a card must match the active colour, number or symbol; the refusal says why."""
    session = uno_table(hands={0: ["red 7", "blue 3", "green 8"], 1: ["green 2", "yellow 9"]}, discard=["red 5"])
    blue = next(c for c in session.state.view(0).zone("hand", 0) if words(session.state.game.label(c)) == "blue 3")
    before, version = position(session.state), session.version
    with TestClient(create_app(session)) as client, client.websocket_connect(f"/ws/{token_of(session, 0)}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": {"action": "play", "actor": 0, "args": {"card": blue}}})
        refusal = ws.receive_json()
        assert (refusal["type"], refusal["code"]) == ("error", "illegal")
        assert "blue 3" in refusal["text"] or "match" in refusal["text"]
        ws.send_json({"type": "why", "components": [blue]})
        why = ws.receive_json()
        assert (why["type"], why["code"]) == ("why", "where") and "blue 3" in why["detail"]
    assert position(session.state) == before and session.version == version


def test_a_move_naming_a_component_hidden_from_the_seat_is_refused_without_telling_where_it_lies() -> None:
    session = uno_table(hands={0: ["red 7", "blue 3", "green 8"], 1: ["red 2", "yellow 9"]}, discard=["red 5"])
    theirs, stock = truth(session.state).zone("hand", 1)[0], truth(session.state).zone("draw")[0]
    answers = [session.receive(0, json.dumps({"type": "action", "action": {
        "action": "play", "actor": 0, "args": {"card": card}}})) for card in (theirs, stock)]
    assert [(a.code, a.text) for a in answers] == [(answers[0].code, answers[0].text)] * 2
    assert answers[0].code == "not_seen"


def test_a_move_for_another_seat_is_refused_and_changes_nothing() -> None:
    session = uno_table(hands={0: ["red 7", "blue 3", "green 8"], 1: ["red 2", "yellow 9"]}, discard=["red 5"])
    red = next(c for c in session.state.view(1).zone("hand", 1) if words(session.state.game.label(c)) == "red 2")
    before = position(session.state)
    with TestClient(create_app(session)) as client, client.websocket_connect(f"/ws/{token_of(session, 0)}") as ws:
        table = ws.receive_json()
        ws.send_json({"type": "action", "action": {"action": "play", "actor": 1, "args": {"card": red}}})
        assert ws.receive_json()["code"] == "not_your_seat"
        with client.websocket_connect(f"/ws/{token_of(session, 1)}") as other:
            theirs = other.receive_json()
            assert theirs["moves"] == []  # not P2's turn: no move is listed for P2
            mine = table["moves"][0]["n"]
            other.send_json({"type": "move", "n": mine, "version": theirs["version"]})
            assert other.receive_json()["code"] == "no_such_move"
            other.send_json({"type": "action", "action": {"action": "play", "actor": 1, "args": {"card": red}}})
            assert other.receive_json()["code"] == "illegal"  # P2's own card, out of turn (UNO-4.1)
        with client.websocket_connect(f"/ws/{token_of(session, None)}") as watcher:
            watcher.receive_json()
            watcher.send_json({"type": "move", "n": mine, "version": table["version"]})
            assert watcher.receive_json()["code"] == "spectator"
    assert position(session.state) == before


@pytest.mark.parametrize("message, code", [
    ("{not json", "bad_json"),
    ("[1, 2]", "not_object"),
    ('{"type": "shout"}', "unknown_type"),
    ('{"type": ["move"]}', "unknown_type"),
    ("[" * 10000, "bad_json"),
    ('{"type": "move", "n": "0", "version": 0}', "no_such_move"),
    ('{"type": "move", "n": 0, "version": 99}', "stale"),
    ('{"type": "move", "n": 999, "version": 0}', "no_such_move"),
    ('{"type": "action", "action": {"action": "play", "actor": 0, "args": {"card": "x" }, "extra": 1}}', "bad_action"),
    ('{"type": "action", "action": {"action": "fly", "actor": 0}}', "illegal"),
    ('{"type": "action", "action": {"action": "play", "actor": true}}', "bad_action"),
    ('{"type": "why", "components": [100000]}', "bad_components"),
    ('{"type": "why", "components": [0]}', "bad_components"),
    ('{"type": "undo"}', "nothing_to_undo"),
    ('{"type": "move", "pad": "' + "x" * MAX_MESSAGE + '"}', "too_large"),
])
def test_a_bad_message_is_answered_with_its_refusal_and_play_goes_on(message: str, code: str) -> None:
    session = uno_table(hands={0: ["red 7", "blue 3", "green 8"], 1: ["green 2", "yellow 9"]}, discard=["red 5"])
    before = position(session.state)
    with TestClient(create_app(session)) as client, client.websocket_connect(f"/ws/{token_of(session, 0)}") as ws:
        table = ws.receive_json()
        ws.send_text(message)
        answer = ws.receive_json()
        assert (answer["type"], answer["code"]) == ("error", code)
        assert position(session.state) == before
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["code"] == "not_text"
        play = next(m for m in table["moves"] if m["text"] == "play red 7")
        ws.send_json({"type": "move", "n": play["n"], "version": table["version"]})
        after = ws.receive_json()
        assert after["type"] == "table" and after["version"] == table["version"] + 1 and after["current"] == 1


def test_a_page_that_reconnects_gets_the_table_as_it_is_now() -> None:
    session = uno_table(hands={0: ["red 7", "blue 3", "green 8"], 1: ["green 2", "yellow 9"]}, discard=["red 5"])
    with TestClient(create_app(session)) as client:
        with client.websocket_connect(f"/ws/{token_of(session, 0)}") as ws:
            table = ws.receive_json()
            play = next(m for m in table["moves"] if m["text"] == "play red 7")
            ws.send_json({"type": "move", "n": play["n"], "version": table["version"]})
            played = ws.receive_json()
        with client.websocket_connect(f"/ws/{token_of(session, 0)}") as again:
            resumed = again.receive_json()
        assert resumed == played and resumed["story"][-1] == "P1: play red 7"


def test_bots_play_on_the_server_until_a_person_must_move() -> None:
    session = Session(load_game("uno"), 3, 1, 9, ["greedy", "random"])
    with TestClient(create_app(session, delay=0)) as client, \
            client.websocket_connect(f"/ws/{token_of(session, 0)}") as ws:
        table = ws.receive_json()
        for _ in range(200):  # each bot move is told as it happens
            if table["current"] == 0 and table["moves"]:
                break
            table = ws.receive_json()
        played = next(m for m in table["moves"] if not m["claim"])
        ws.send_json({"type": "move", "n": played["n"], "version": table["version"]})
        for _ in range(200):
            table = ws.receive_json()
            if table["current"] == 0 and table["moves"] or table["over"]:
                break
        assert any(line.startswith(("P2:", "P3:")) for line in table["story"])


def test_the_server_answers_while_a_bot_is_still_thinking() -> None:
    """A search bot may think for seconds: pages open and people's messages are answered meanwhile."""
    session = uno_table(["greedy"], hands={0: ["red 7", "blue 3"], 1: ["green 2", "yellow 9"]}, discard=["red 5"])
    slow, thinking, may_answer = threading.Event(), threading.Event(), threading.Event()
    bot = session.bots[1]
    decide = bot.choose

    def slow_choose(state: Any, actions: Any) -> Any:
        if slow.is_set():  # the move after the person's: the bot thinks until the test lets it go
            thinking.set()
            assert may_answer.wait(10)
        return decide(state, actions)
    bot.choose = slow_choose  # type: ignore[method-assign]
    with TestClient(create_app(session, delay=0)) as client, \
            client.websocket_connect(f"/ws/{token_of(session, 0)}") as ws:
        table = ws.receive_json()
        played = next(m for m in table["moves"] if m["components"] and m["name"] == "play")  # red 7: P2 to move
        slow.set()
        ws.send_json({"type": "move", "n": played["n"], "version": table["version"]})
        assert thinking.wait(10)
        assert client.get(f"/play/{token_of(session, 0)}").status_code == 200  # answered while P2 thinks
        ws.send_text("not json")  # a message is answered too, once the move it waits for is made
        may_answer.set()
        errors, table = [], ws.receive_json()
        while table["type"] == "error" or table["current"] != 0:  # until P2 has moved
            errors += [table["code"]] if table["type"] == "error" else []
            table = ws.receive_json()
        assert errors == ["bad_json"] and "P2:" in table["story"][-1]


def test_a_dos_match_may_be_taken_back_within_the_turn() -> None:
    """As at the terminal: a match showed nobody anything new, so it may be undone before the turn ends."""
    game = load_game("dos")
    state = game.new_state(2, 3)
    arrange(state, zones={"row": ["red 7", "blue 3"]}, hands={0: ["green 7", "yellow 1", "red 4"], 1: ["blue 5"]},
            lookup=by_label(game))
    session = Session(game, 2, 2, 3, [], start=state)
    before = position(session.state)
    match = next(n for n, a in enumerate(session.actions) if a.name == "match" and a.get("second") is None
                 and words(game.label(a.get("first"))) == "green 7")
    assert session.receive(0, json.dumps({"type": "move", "n": match, "version": 0})) is None
    assert session.table_for(0)["undo"] and not session.table_for(1)["undo"]
    assert session.receive(1, '{"type": "undo"}').code == "nothing_to_undo"
    assert session.receive(0, '{"type": "undo"}') is None
    assert position(session.state) == before and not session.table_for(0)["undo"]


def test_the_log_is_written_as_play_writes_it(tmp_path) -> None:
    path = tmp_path / "game.jsonl"
    with open(path, "w", encoding="utf-8") as log:
        session = Session(load_game("uno"), 2, 0, 5, ["greedy", "greedy"], log=log)
        while session.bot_move():
            pass
        assert session.state.is_over()
        session.write_log()  # once only, however often asked
    games = read_games(path)
    assert len(games) == 1 and games[0].header["seats"] == ["greedy", "greedy"] and games[0].result["over"]
    assert len(games[0].events) == len(session.state.events)


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch) -> None:
    from rulesrun.cli.web import command
    monkeypatch.setattr(command.importlib.util, "find_spec", lambda name: None)
    result = run_cli("serve", "uno")
    assert result.exit_code == 1 and "pip install 'rulesrun[web]'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args, complaint", [
    (["--humans", "3", "--players", "2"], "3 people cannot sit at a table of 2"),
    (["--players", "11"], "UNO is played by 2 to 10 players"),
    (["--port", "70000"], "70000 is not in the range"),
])
def test_serve_refuses_a_table_it_cannot_set(args: list[str], complaint: str) -> None:
    result = run_cli("serve", "uno", *args)
    assert result.exit_code == 2 and complaint in result.output


@pytest.mark.parametrize("ruleset", ["uno", "dos", "uno-dice"])
def test_a_whole_game_is_played_with_the_messages_a_page_sends(ruleset: str, tmp_path) -> None:
    """Two people play a game to its end choosing only among the moves their pages are sent (a short game: the
    target score is lowered)."""
    game = with_params(ruleset, tmp_path, target_score=30)
    session = Session(game, 2, 2, 21, [])
    rng = random.Random(21)
    for _ in range(5000):
        tables = [session.table_for(seat) for seat in (0, 1)]
        if tables[0]["over"]:
            break
        seat, table = rng.choice([(s, t) for s, t in enumerate(tables) if t["moves"]])
        moves = table["moves"]  # a component played where one may be (the game goes faster), a claim where one is
        move = rng.choice([m for m in moves if m["claim"]] or [m for m in moves if m["components"]] or moves)
        assert session.receive(seat, json.dumps({"type": "move", "n": move["n"], "version": table["version"]})) is None
    assert session.state.is_over() and tables[0]["winners"] and tables[0]["rounds"]


def test_serve_listens_on_this_machine_only_unless_told_and_says_when_it_cannot(monkeypatch) -> None:
    from rulesrun.cli.web import command
    asked = []

    def refuse(address):
        asked.append(address)
        raise OSError(98, "Address already in use")

    monkeypatch.setattr(command.socket, "create_server", refuse)
    result = run_cli("serve", "uno", "--seed", "1")
    assert asked == [("127.0.0.1", 8000)]
    assert result.exit_code == 1 and "cannot listen on 127.0.0.1:8000: Address already in use" in result.output


def test_claims_open_to_anyone_are_offered_to_every_seat_that_may_make_them() -> None:
    """UNO-8.2, UNO-8.4: after a play to one card without calling, its player may still call and the others
    may catch them: each seat is sent the claims that are its own, marked as claims."""
    session = uno_table(hands={0: ["red 7", "green 8"], 1: ["green 2", "yellow 9", "blue 1"]}, discard=["red 5"])
    table = session.table_for(0)
    play = next(m for m in table["moves"] if m["text"] == "play red 7")
    assert session.receive(0, json.dumps({"type": "move", "n": play["n"], "version": table["version"]})) is None
    claims = {seat: {m["text"] for m in session.table_for(seat)["moves"] if m["claim"]} for seat in (0, 1, None)}
    assert claims == {0: {"call uno"}, 1: {"catch P1"}, None: set()}


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
MESSAGES = st.one_of(
    st.text(max_size=60),
    JSON.map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["move", "action", "why", "undo"])}, optional={
        "n": JSON, "version": JSON, "components": JSON,
        "action": st.fixed_dictionaries({"action": st.sampled_from(["play", "draw", "catch", "x"])},
                                        optional={"actor": JSON, "args": JSON})}).map(json.dumps))


@functools.cache
def _start() -> Any:
    return uno_table(hands={0: ["red 7", "blue 3", "green 8"], 1: ["green 2", "yellow 9"]}, discard=["red 5"]).state


@settings(max_examples=100, deadline=None)
@given(text=MESSAGES, seat=st.sampled_from([0, 1, None]))
def test_any_message_is_answered_and_a_refused_one_changes_nothing(text: str, seat: int | None) -> None:
    start = _start()
    session = Session(start.game, 2, 2, 1, [], start=start.clone())
    before, version = position(session.state), session.version
    reply = session.receive(seat, text)
    if reply is None:
        assert session.version == version + 1
    else:
        assert reply.kind in ("error", "why") and reply.code and reply.text
        assert position(session.state) == before and session.version == version


def test_serve_keeps_a_log_that_exists_unless_forced(tmp_path, monkeypatch) -> None:
    from rulesrun.cli.web import command
    log = tmp_path / "game.jsonl"
    log.write_text("kept\n", encoding="utf-8")
    kept = run_cli("serve", "uno", "--log", str(log))
    assert kept.exit_code == 2 and "already exists" in kept.output and log.read_text(encoding="utf-8") == "kept\n"

    def busy(address):
        raise OSError(98, "Address already in use")

    monkeypatch.setattr(command.socket, "create_server", busy)
    forced = run_cli("serve", "uno", "--log", str(log), "--force")
    assert forced.exit_code == 1 and "cannot listen" in forced.output  # got as far as the server: the log was taken


def test_each_pile_of_a_zone_made_by_play_is_shown_as_a_zone_of_its_own(tmp_path) -> None:
    from test_docs import example
    game = load_game(str(write(tmp_path, example("language.md", "melds.yaml"), "melds.yaml")))
    threes = [c.id for c in game.components if c.attrs["rank"] == 3][:3]
    sixes = [c.id for c in game.components if c.attrs["rank"] == 6][:2]
    state = arrange(game.new_state(2, 0), hands={0: [sixes[0], *threes], 1: sixes[1:]})  # a card kept: play goes on
    session = Session(game, 2, 2, 0, [], start=state)
    assert [z["title"] for z in session.table_for(1)["zones"] if z["name"] == "meld"] == []  # no pile yet
    lay = next(m for m in session.table_for(0)["moves"] if m["name"] == "lay")
    assert session.receive(0, json.dumps({"type": "move", "n": lay["n"], "version": session.version})) is None
    melds = [z for z in session.table_for(1)["zones"] if z["name"] == "meld"]
    assert [(z["title"], z["pile"], sorted(c["id"] for c in z["cards"])) for z in melds] == [
        ("meld 0", 0, sorted(threes))]
