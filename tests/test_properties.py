"""Properties that hold in every game of every shipped ruleset, on random seeds.

The checks themselves live in rulesrun.interpreter.tools.invariants (a command that
checks a ruleset by playing it uses the same code); here hypothesis chooses the
seeds, player counts and the illegal moves to try. The ruleset-agnostic tests
run for every shipped ruleset, so a new ruleset or variant is covered as soon
as it ships; the deck's size and points are UNO's own (UNO-2.6, UNO-12.3). The
last tests show that each check does report what it looks for.
"""
from __future__ import annotations

import random
from functools import cache
from typing import Callable

import pytest
from helpers import truth
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from rulesrun.interpreter import EVERYONE, Action, Game, IllegalAction, State, load_game, shipped_rulesets
from rulesrun.interpreter.engine.state import inspect
from rulesrun.interpreter.engine.table import Table
from rulesrun.interpreter.play.runner import step
from rulesrun.interpreter.play.simulate import bot_seats
from rulesrun.interpreter.tools import invariants as inv

RULESETS = ["uno", "dos", "uno-dice"]  # the shipped games; their variants are checked below, more briefly
VARIANTS = [name for name, _ in shipped_rulesets() if "/" in name]
SEEDS = st.integers(0, 10**6)
BOTS = st.sampled_from(["random", "greedy"])
FEW = settings(max_examples=15, deadline=None)
FEWER = settings(max_examples=6, deadline=None)  # for whole random rounds, which may run to thousands of actions


@cache
def game(name: str) -> Game:
    return load_game(name)


def player_counts(name: str) -> st.SearchStrategy[int]:
    g = game(name)
    return st.integers(g.min_players, min(g.max_players, 10))


def played(name: str, players: int, seed: int, bot: str, actions: int) -> State:
    """A state `actions` bot moves into a game's first round (fewer if the round ends first)."""
    state = game(name).new_state(players, seed)
    seats = bot_seats(bot, players, seed)
    while actions > 0 and truth(state).round == 1 and not state.is_over():
        step(state, seats)
        actions -= 1
    return state


# ------------------------------------------------------------ every ruleset

@pytest.mark.parametrize("name", RULESETS)
@FEWER
@given(data=st.data(), seed=SEEDS)
def test_a_random_round_ends_keeping_every_component_in_one_place(name: str, data: st.DataObject,
                                                                   seed: int) -> None:
    """After every action: each component in exactly one zone (as `where` says), variables shaped
    per seat, and a player to act until the round ends, within the ruleset's bound on actions."""
    checks = (inv.conservation, inv.variables_shape, inv.has_legal_action)
    assert inv.playout_checks(game(name), data.draw(player_counts(name)), seed, "random", checks=checks) == []


@pytest.mark.parametrize("name", RULESETS)
@FEW
@given(data=st.data(), seed=SEEDS, bot=BOTS)
def test_listed_actions_apply_and_acting_on_a_clone_leaves_the_original(name: str, data: st.DataObject,
                                                                        seed: int, bot: str) -> None:
    checks = (inv.legal_actions_apply, inv.clone_independence)
    problems = inv.playout_checks(game(name), data.draw(player_counts(name)), seed, bot, max_actions=40, checks=checks)
    assert problems == []


@pytest.mark.parametrize("name", RULESETS)
@FEW
@given(data=st.data(), seed=SEEDS, bot=BOTS)
def test_views_show_only_what_the_visibilities_allow(name: str, data: st.DataObject, seed: int, bot: str) -> None:
    problems = inv.playout_checks(game(name), data.draw(player_counts(name)), seed, bot, max_actions=60,
                                  checks=(inv.views_hide,))
    assert problems == []


@pytest.mark.parametrize("name", RULESETS)
@FEW
@given(data=st.data(), seed=SEEDS, bot=BOTS, actions=st.integers(0, 40))
def test_illegal_actions_are_refused_and_change_nothing(name: str, data: st.DataObject, seed: int, bot: str,
                                                        actions: int) -> None:
    """Near misses of legal actions (another actor, a component from another place, an unknown
    value, a missing or extra choice) raise IllegalAction and leave the state exactly as it was."""
    state = played(name, data.draw(player_counts(name)), seed, bot, actions)
    assume(not state.is_over())
    legal = state.legal_actions()
    for action in data.draw(st.lists(st.sampled_from(inv.near_misses(state)), min_size=1, max_size=5)):
        assert action not in legal
        before = inv.snapshot(state)
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert inv.snapshot(state) == before, f"refusing {action} changed the state"


def _first_component_choice(state: State) -> tuple[Action, str] | None:
    for action in state.legal_actions():
        for choice in state.game.action_index[action.name].choices:
            if choice.kind == "component" and action.get(choice.name) is not None:
                return action, choice.name
    return None


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("wrong", [-1, "one past the last"])
def test_a_component_that_does_not_exist_is_refused(name: str, wrong: int | str) -> None:
    g = game(name)
    state, seats = g.new_state(g.min_players, 1), bot_seats("greedy", g.min_players, 1)
    while (found := _first_component_choice(state)) is None:
        step(state, seats)
    action, choice = found
    cid = len(g.components) if wrong == "one past the last" else wrong
    bad = Action(action.name, action.actor, tuple((k, cid if k == choice else v) for k, v in action.args))
    assert state.why_not(bad).code == "not_possible"
    with pytest.raises(IllegalAction):
        state.apply(bad)


@pytest.mark.parametrize("name", RULESETS)
@FEWER
@given(data=st.data(), seed=SEEDS, bot=BOTS)
def test_the_same_seed_gives_the_same_events(name: str, data: st.DataObject, seed: int, bot: str) -> None:
    assert inv.determinism(game(name), data.draw(player_counts(name)), seed, bot) == []


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", [3, 4])
def test_whole_games_between_greedy_bots_end(name: str, seed: int) -> None:
    g = game(name)
    count = min(g.max_players, 4)
    assert inv.playout_checks(g, count, seed, "greedy", single_round=False, every=25,
                              checks=(inv.conservation,)) == []


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_keeps_the_invariants_in_a_greedy_round(name: str) -> None:
    """Every shipped variant: one round between greedy bots, every check after every action."""
    g = game(name)
    assert inv.playout_checks(g, min(max(g.min_players, 3), g.max_players), 7, "greedy", single_round=True,
                              max_actions=1500) == []


# ------------------------------------------------------------ UNO's deck

def uno_deck_intact(state: State) -> list[str]:
    """UNO-2.6 and UNO-12.3: the places together hold 108 cards worth 1,240 points."""
    cards = [cid for _, _, cids in inv.places(state) for cid in cids]
    points = sum(state.game.components[cid].attrs["points"] for cid in cards)
    return [] if (len(cards), points) == (108, 1240) else [f"{len(cards)} cards worth {points} points"]


@FEW
@given(seed=SEEDS, count=st.integers(2, 10), bot=BOTS)
def test_uno_2_6_and_12_3_all_108_cards_worth_1240_points_in_exactly_one_place(seed: int, count: int,
                                                                               bot: str) -> None:
    """UNO-2.6 conservation after every action (the first 400 of a round); UNO-12.3 the deck's points."""
    checks = (inv.conservation, uno_deck_intact)
    assert inv.playout_checks(game("uno"), count, seed, bot, max_actions=400, checks=checks) == []


# ------------------------------------------------------------ the checks can fail

def _duplicate_a_card(state: State) -> None:
    table = inspect(state)
    table.zones["discard"].append(table.zones["draw"][-1])


def _misplace_a_card(state: State) -> None:
    table = inspect(state)
    table.where[table.zones["draw"][-1]] = ("discard", None)


def _lose_a_card(state: State) -> None:
    inspect(state).zones["draw"].pop()


def _shrink_a_per_seat_variable(state: State) -> None:
    inspect(state).vars["score"].pop()


def _strand_the_current_player(state: State) -> None:
    inspect(state).phase = "no such phase"


def _show_every_hand(state: State) -> None:
    state.view = lambda player=None: State.view(state, EVERYONE)  # type: ignore[method-assign]


def _refuse_everything(state: State) -> None:
    state.why_not = lambda action: "refused"  # type: ignore[method-assign]


def _accept_everything(state: State) -> None:
    """Refuse nothing, on the state and on the clones the check tries actions on."""
    real = state.clone

    def accepting() -> State:
        other = Breakable(inspect(real()))
        other.why_not = lambda action: None  # type: ignore[method-assign]
        return other
    state.why_not = lambda action: None  # type: ignore[method-assign]
    state.clone = accepting  # type: ignore[method-assign]


def _clone_shares_zones(state: State) -> None:
    real = state.clone

    def shallow() -> State:
        other = real()
        inspect(other).zones = inspect(state).zones
        return other
    state.clone = shallow  # type: ignore[method-assign]


class Breakable(State):
    """A State whose methods a test may replace on the instance (State itself has fixed slots)."""


@pytest.mark.parametrize("breakage, check", [
    (_duplicate_a_card, inv.conservation),
    (_misplace_a_card, inv.conservation),
    (_lose_a_card, inv.conservation),
    (_shrink_a_per_seat_variable, inv.variables_shape),
    (_strand_the_current_player, inv.has_legal_action),
    (_show_every_hand, inv.views_hide),
    (_refuse_everything, inv.legal_actions_apply),
    (_accept_everything, inv.illegal_refused),
    (_clone_shares_zones, inv.clone_independence),
])
def test_each_check_reports_a_state_broken_its_way(breakage: Callable[[State], None],
                                                   check: inv.Check) -> None:
    state = Breakable(inspect(game("uno").new_state(3, 2)))
    assert check(state) == []
    breakage(state)
    assert check(state) != []


def test_determinism_reports_a_shuffle_that_ignores_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Table, "shuffle", lambda self, zone, owner: random.SystemRandom().shuffle(
        self.zone(zone, owner)))
    assert inv.determinism(game("uno"), 2, 1, "greedy") != []


def test_a_playout_names_the_seed_and_action_of_the_first_violation() -> None:
    def fails_after_three_actions(state: State) -> list[str]:
        return ["broken"] if inspect(state).action_count >= 3 else []
    problems = inv.playout_checks(game("uno"), 2, 9, "greedy", checks=(fails_after_three_actions,))
    assert len(problems) == 1
    assert problems[0].startswith("uno, 2 players, seed 9, greedy bots, after action 3 (")
    assert problems[0].endswith("): broken")
