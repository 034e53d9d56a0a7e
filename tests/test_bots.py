"""The bots: greedy's claims and judgement, the worlds the thinking bots make up, and what they may not see.

Scenario tests name the rule whose moment they set up; the strength test plays
greedy against random on every shipped game.
"""
from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import arrange, truth
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulesrun.interpreter import Action, Game, State, load_game
from rulesrun.interpreter.engine import legality
from rulesrun.interpreter.engine.determinize import determinize
from rulesrun.interpreter.errors import IllegalAction
from rulesrun.interpreter.play.bots import GreedyBot, RandomBot, check_kind, make_bot
from rulesrun.interpreter.play.lookahead import listed
from rulesrun.interpreter.play.runner import step
from rulesrun.interpreter.play.search import SearchBot
from rulesrun.interpreter.play.tournament import tournament

A, B, C = 0, 1, 2


@pytest.fixture(scope="module")
def uno() -> Game:
    return load_game("uno")


def by_label(game: Game) -> Any:
    """Look cards up by the label people see: 'red 7', 'wild_draw_four'."""
    found: dict[str, list[int]] = {}
    for component in game.components:
        found.setdefault(game.label(component.id), []).append(component.id)
    return lambda label: found[label]


def uno_table(game: Game, hands: dict[int, list[str]], discard: str, players: int = 3, seed: int = 0,
              **options: Any) -> State:
    """A fresh UNO game put at the start of A's turn: the hands given, `discard` on top, the active colour its own."""
    variables = {"active_colour": game.components[by_label(game)(discard)[0]].attrs["colour"],
                 **options.pop("variables", {})}
    return arrange(game.new_state(players, seed), hands=hands, zones={"discard": [discard]}, variables=variables,
                   lookup=by_label(game), **options)


def claims(state: State, seat: int) -> list[Action]:
    index = state.game.action_index
    return [a for a in state.legal_actions() if a.actor == seat and index[a.name].by_anyone]


def own_moves(state: State) -> list[Action]:
    index = state.game.action_index
    return [a for a in state.legal_actions() if a.actor == state.current_player() and not index[a.name].by_anyone]


def played_down_to_one_without_calling(uno: Game) -> State:
    state = uno_table(uno, {A: ["red 3", "red 5"], B: ["blue 1", "blue 2"], C: ["green 1", "green 2"]}, "red 7")
    state.apply(Action("play", A, (("card", by_label(uno)("red 3")[0]), ("call", False))))
    return state


def test_uno_8_2_greedy_calls_uno_when_a_catch_would_follow(uno: Game) -> None:
    state = played_down_to_one_without_calling(uno)
    offered = claims(state, A)
    assert [a.name for a in offered] == ["call_uno"]
    assert GreedyBot(1).claim(state, offered) == offered[0]


def test_uno_8_4_greedy_catches_a_player_who_did_not_call(uno: Game) -> None:
    state = played_down_to_one_without_calling(uno)
    offered = claims(state, B)
    assert [(a.name, a.get("target")) for a in offered] == [("catch", A)]
    assert GreedyBot(1).claim(state, offered) == offered[0]


def test_hr_10_1_greedy_makes_no_call_that_costs_it_cards() -> None:
    game = load_game("uno/false-call")
    state = uno_table(game, {A: ["red 3", "red 5", "blue 9"], B: ["blue 1"], C: ["green 1"]}, "red 7")
    offered = claims(state, A)
    assert [a.name for a in offered] == ["call_uno"]  # a call when none is due: it would draw two
    assert GreedyBot(1).claim(state, offered) is None


def wild_draw_four_played(uno: Game, bluff: bool) -> State:
    """A has played a Wild Draw Four on a red 7, holding a red card (a bluff) or not; B is to answer."""
    held = ["wild_draw_four", "red 5" if bluff else "blue 5", "green 5"]
    state = uno_table(uno, {A: held, B: ["blue 1", "blue 2"], C: ["green 1", "green 2"]}, "red 7")
    state.apply(Action("play", A, (("card", by_label(uno)("wild_draw_four")[0]), ("colour", "yellow"))))
    assert truth(state).variables["guilty"] is bluff
    return state


@pytest.mark.parametrize("bluff", [True, False])
def test_uno_6_greedy_does_not_challenge_a_wild_draw_four_it_cannot_see_through(uno: Game, bluff: bool) -> None:
    """UNO-6.3, UNO-6.4: a challenge it cannot judge costs two more cards when it fails; greedy accepts."""
    state = wild_draw_four_played(uno, bluff)
    moves = own_moves(state)
    assert {a.name for a in moves} == {"challenge", "accept"}
    assert GreedyBot(2).choose(state, moves).name == "accept"


def test_uno_4_2_greedy_sheds_rather_than_draws(uno: Game) -> None:
    state = uno_table(uno, {A: ["red 3", "blue 5"], B: ["blue 1", "blue 2"], C: ["green 1"]}, "red 7")
    chosen = GreedyBot(3).choose(state, own_moves(state))
    assert chosen.name == "play" and chosen.get("card") in by_label(uno)("red 3")


def test_uno_5_greedy_prefers_the_card_that_makes_the_next_player_draw(uno: Game) -> None:
    """UNO-5: a Draw Two sheds a card and gives the next player two; a number only sheds."""
    state = uno_table(uno, {A: ["red 3", "red draw_two", "blue 9"], B: ["blue 1", "blue 2"], C: ["green 1"]},
                      "red 7")
    assert GreedyBot(4).choose(state, own_moves(state)).get("card") in by_label(uno)("red draw_two")


@pytest.mark.parametrize("listed_first", [True, False])
def test_uno_4_2_a_listed_world_takes_the_cards_it_offers_unchecked_and_still_refuses_the_rest(
        uno: Game, monkeypatch: pytest.MonkeyPatch, listed_first: bool) -> None:
    """UNO-4.2: on copies of a world whose moves were listed, a playable card is taken without
    asking again whether it is legal (what makes a bot's tries cheap); a card that matches
    nothing is still refused, by the rule for the card."""
    state = uno_table(uno, {A: ["red 3", "blue 9"], B: ["blue 1", "blue 2"], C: ["green 1"]}, "red 7")
    offered = next(a for a in state.legal_actions() if a.name == "play")
    blue_nine = Action("play", A, (("card", by_label(uno)("blue 9")[0]),))
    world = determinize(state, A, random.Random(5))
    world = listed(world) if listed_first else world
    asked: list[Action] = []
    check = legality.refusal
    monkeypatch.setattr(legality, "refusal", lambda table, action: asked.append(action) or check(table, action))
    world.clone().apply(offered)
    assert asked == ([] if listed_first else [offered])
    with pytest.raises(IllegalAction) as refused:
        world.clone().apply(blue_nine)
    assert refused.value.refusal.code == "where" and refused.value.refusal.choice == "card"


def unseen_by_a_shuffled(state: State, seed: int) -> State:
    """The same position but for what A cannot see: B's and C's hands and the draw pile dealt anew."""
    seen = truth(state)
    hidden = seen.zones["hand"][B] + seen.zones["hand"][C] + seen.zones["draw"]
    random.Random(seed).shuffle(hidden)
    sizes = [len(seen.zones["hand"][B]), len(seen.zones["hand"][C])]
    hands = {A: list(reversed(seen.zones["hand"][A])), B: hidden[:sizes[0]], C: hidden[sizes[0]:sum(sizes)]}
    other = state.game.new_state(3, seed + 1)
    return arrange(other, hands=hands, zones={"discard": list(reversed(seen.zones["discard"])),
                                              "draw": list(reversed(hidden[sum(sizes):]))},
                   variables={"active_colour": seen.variables["active_colour"], "guilty": seed % 2 == 0})


def a_position(uno: Game) -> State:
    return uno_table(uno, {A: ["red 3", "red draw_two", "blue 9", "wild"], B: ["blue 1", "blue 2", "yellow 4"],
                           C: ["green 1", "green 6"]}, "red 7")


def test_a_made_up_world_depends_only_on_what_its_player_sees(uno: Game) -> None:
    first = a_position(uno)
    second = unseen_by_a_shuffled(first, 11)
    assert truth(first).zones["hand"][B] != truth(second).zones["hand"][B]
    worlds = [truth(determinize(s, A, random.Random(5))) for s in (first, second)]
    assert worlds[0].zones == worlds[1].zones and worlds[0].variables == worlds[1].variables


@pytest.mark.parametrize("kind", ["greedy", "search:12"])
def test_a_bot_decides_alike_where_only_what_it_may_not_see_differs(uno: Game, kind: str) -> None:
    first = a_position(uno)
    for seed in (3, 4):
        second = unseen_by_a_shuffled(first, seed)
        moves = own_moves(first)
        assert moves == own_moves(second)
        assert make_bot(kind, 9).choose(first, moves) == make_bot(kind, 9).choose(second, moves)


@pytest.mark.parametrize("kind", ["greedy", "search:30"])
def test_uno_6_2_a_bot_cannot_tell_a_bluff_it_was_not_shown(uno: Game, kind: str) -> None:
    """B sees the same in both games; only A's hidden hand (and so the hidden `guilty`) differs."""
    bluffed, honest = wild_draw_four_played(uno, True), wild_draw_four_played(uno, False)
    assert bluffed.view(B).zones == honest.view(B).zones
    moves = own_moves(bluffed)
    assert make_bot(kind, 5).choose(bluffed, moves) == make_bot(kind, 5).choose(honest, moves)


def randomly_played(game: Game, players: int, seed: int, steps: int) -> State:
    """A new game `steps` random moves in (fewer if it ends sooner)."""
    state = game.new_state(players, seed)
    bots = [RandomBot(seed + p) for p in range(players)]
    for _ in range(steps):
        if state.is_over():
            break
        step(state, bots)
    return state


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(["uno", "dos", "uno-dice"]), seed=st.integers(0, 10_000), steps=st.integers(0, 40),
       viewer=st.integers(0, 2))
def test_a_world_keeps_what_its_player_sees_and_every_place_filled(ruleset: str, seed: int, steps: int,
                                                                    viewer: int) -> None:
    """The viewer sees the same in the world as in the game; every component lies in one place, as many per zone."""
    game = load_game(ruleset, "generated")
    state = randomly_played(game, 3, seed, steps)
    world = determinize(state, viewer, random.Random(seed))
    assert world.view(viewer).zones == state.view(viewer).zones
    real, made = truth(state).zones, truth(world).zones
    assert {name: [len(h) for h in z] if game.zones[name].per_player else len(z) for name, z in made.items()} == \
        {name: [len(h) for h in z] if game.zones[name].per_player else len(z) for name, z in real.items()}
    placed = sorted(c for z in made.values() for part in (z if z and isinstance(z[0], list) else [z]) for c in part)
    assert placed == list(range(len(game.components)))
    assert world.legal_actions()  # the world plays on


def test_bot_kinds_are_checked_with_one_message() -> None:
    assert check_kind("search:hard") == "search:hard" and check_kind("search:50") == "search:50"
    for wrong in ("search:0", "search:lots", "clever"):
        with pytest.raises(ValueError, match="search"):
            check_kind(wrong)
    assert isinstance(make_bot("search:easy", 1), SearchBot)


@pytest.mark.parametrize("ruleset, games", [("uno", 40), ("dos", 100), ("uno-dice", 60)])
def test_greedy_beats_random_on_every_shipped_game(ruleset: str, games: int) -> None:
    """Single rounds, two players, each deal played from both seats: greedy wins clearly more than half."""
    result = tournament(load_game(ruleset, "generated"), ["greedy", "random"], games, seed=1, single_round=True)
    low, _ = result.standings["greedy"].interval
    assert low > 0.5, result.to_json()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(["uno", "dos", "uno-dice"]), seed=st.integers(0, 10_000), steps=st.integers(0, 30),
       kind=st.sampled_from(["greedy", "search:3"]))
def test_what_a_bot_may_not_see_never_changes_its_decision(ruleset: str, seed: int, steps: int, kind: str) -> None:
    """Any position, and the same position with everything its player cannot see dealt anew (and the hidden
    variables, the game's generator and its history changed with it): the same decision for the same seed."""
    game = load_game(ruleset, "generated")
    state = randomly_played(game, 2, seed, steps)
    if state.is_over():
        return
    me = state.current_player()
    other = determinize(state, me, random.Random(seed + 1))
    moves = own_moves(state)
    assert make_bot(kind, seed).choose(state, moves) == make_bot(kind, seed).choose(other, moves)
