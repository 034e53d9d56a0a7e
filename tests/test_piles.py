"""Zones made by play: a numbered zone is a row of piles that moves lay (`to: meld[new]`) and grow (`meld[i]`).

Tried on the melding game of the language page (docs/language.md): laying three or more cards of one rank
makes a new meld, a card of that rank may be added to it later. What each part does
in play, the problems a mistake is reported with, the run-time error of a pile that
does not exist, the views and the rule sheet; both engines play the same games, and
every component stays in exactly one place.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import act, arrange, changed, run_cli, truth, write
from rulesrun.interpreter import Game, RulesrunError, explain, load_game, validate
from rulesrun.interpreter.play.simulate import simulate
from rulesrun.interpreter.tools import invariants
from test_docs import example
from test_generated import lock_step

MELDS = example("language.md", "melds.yaml")  # the page's example of a numbered zone, tried here


def melds(tmp_path: Path, *replaced: tuple[str, str], engine: str = "interpreter") -> Game:
    return load_game(write(tmp_path, changed(*replaced, text=MELDS), "melds.yaml"), engine=engine)


def problems(tmp_path: Path, *replaced: tuple[str, str]) -> list[tuple[str, str]]:
    """(code, message) of each error the changed game is reported with."""
    return [(p.code, p.message) for p in validate(write(tmp_path, changed(*replaced, text=MELDS))).errors]


def cards(game: Game, *specs: tuple[str, int]) -> list[int]:
    """One component id for each (suit, rank), never the same one twice."""
    chosen: list[int] = []
    for suit, rank in specs:
        chosen.append(next(c.id for c in game.components
                           if c.attrs["suit"] == suit and c.attrs["rank"] == rank and c.id not in chosen))
    return chosen


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return melds(tmp_path_factory.mktemp("melds"))


def test_the_game_validates_strictly(tmp_path: Path) -> None:
    found = validate(write(tmp_path, MELDS)).problems
    assert found == (), found  # no error, and no warning either


# ---------------------------------------------------------------- in play

def test_a_move_to_a_new_pile_lays_one_pile_with_every_component_it_moves(game: Game) -> None:
    *threes, six, one = cards(game, ("hearts", 3), ("spades", 3), ("hearts", 3), ("spades", 6), ("spades", 1))
    state = arrange(game.new_state(2, 0), hands={0: [six, *threes], 1: [one]})
    assert truth(state).zones["meld"] == []  # a round starts with no pile
    in_hand = [c for c in truth(state).zones["hand"][0] if c in threes]
    act(state, "lay", r=3)
    assert truth(state).zones["meld"] == [in_hand]  # one pile, in the hand's order


def test_a_second_new_pile_comes_after_the_first_and_a_numbered_pile_grows(game: Game) -> None:
    picked = cards(game, ("hearts", 1), ("spades", 1), ("hearts", 1), ("hearts", 2), ("spades", 2), ("hearts", 2),
                   ("spades", 1), ("spades", 2), ("hearts", 6), ("hearts", 5))
    ones, twos, (last_one, last_two, six, ones_left) = picked[:3], picked[3:6], picked[6:]
    state = arrange(game.new_state(2, 0), zones={"meld": [ones[::-1], twos[::-1]]},  # top first
                    hands={0: [last_two, six], 1: [last_one, ones_left]})
    offered = [dict(a.args) for a in state.legal_actions() if a.name == "add"]
    assert offered == [{"card": last_two, "m": 1}]  # only the pile its rank tops
    act(state, "add", card=last_two, m=1)
    assert truth(state).zones["meld"] == [ones, twos + [last_two]]  # a pile's bottom is its first card
    act(state, "add", card=last_one, m=0)
    assert truth(state).zones["meld"][0] == ones + [last_one]


def test_a_pile_past_the_last_one_reads_as_empty_and_size_counts_the_piles(game: Game) -> None:
    from test_lists import evaluate
    *ones, in_hand = cards(game, ("hearts", 1), ("spades", 1), ("hearts", 1), ("hearts", 4))
    state = arrange(game.new_state(2, 0), zones={"meld": [ones]}, hands={0: [in_hand]})
    assert truth(state).zones["meld"] == [ones[::-1]]  # placed top first
    assert evaluate(game, "size(meld)", state) == 1
    assert evaluate(game, "size(meld[0])", state) == 3
    assert evaluate(game, "size(meld[4])", state) == 0
    assert evaluate(game, "sum(p in meld: size(p))", state) == 3
    assert evaluate(game, "pile_of(top(meld[0]))", state) == 0
    assert evaluate(game, "owner_of(top(meld[0]))", state) is None  # a pile belongs to nobody
    assert evaluate(game, "zone_of(top(meld[0]))", state) == "meld"
    assert evaluate(game, "pile_of(c)", state, c=in_hand) is None
    assert evaluate(game, "owner_of(c)", state, c=in_hand) == 0


def test_a_move_to_a_pile_that_does_not_exist_fails_with_the_rule_that_named_it(tmp_path: Path) -> None:
    game = melds(tmp_path, ('to: "meld[m]"', 'to: "meld[m + 1]"'))
    *ones, last, five = cards(game, ("hearts", 1), ("spades", 1), ("hearts", 1), ("spades", 1), ("hearts", 5))
    state = arrange(game.new_state(2, 0), zones={"meld": [ones]}, hands={0: [last, five]})
    with pytest.raises(RulesrunError) as failure:
        act(state, "add", card=last, m=0)
    assert "meld has no pile 1 (it has 1, numbered from 0)" in str(failure.value)
    assert "melds.yaml:" in str(failure.value)


def test_each_round_starts_with_no_pile(game: Game) -> None:
    *threes, one = cards(game, ("hearts", 3), ("spades", 3), ("hearts", 3), ("spades", 1))
    state = arrange(game.new_state(2, 0), hands={0: threes, 1: [one]})
    act(state, "lay", r=3)  # the hand is empty: the round is over
    seen = truth(state)
    assert seen.round == 2 and seen.zones["meld"] == []
    assert seen.variables["score"] == [1, 0]


def test_views_show_the_piles_as_the_zone_lets_them(tmp_path: Path) -> None:
    game = melds(tmp_path, ("meld: {numbered: true, visibility: public", "meld: {numbered: true, visibility: top"))
    ones = cards(game, ("hearts", 1), ("spades", 1), ("hearts", 1))
    state = arrange(game.new_state(2, 0), zones={"meld": [ones]})
    assert state.view(1).zones["meld"] == [[None, None, ones[0]]]  # placed top first
    assert invariants.views_hide(state) == []


# ---------------------------------------------------------------- mistakes, found by validation

@pytest.mark.parametrize("old, new, code, message", [
    ('to: "meld[new]"', "to: meld", "S315", "'meld' is a row of piles: say which one, meld[i] (from 0) or meld[new]"),
    ("    effects: [{draw: {count: 1}}, end_turn]", "    effects: [{move: {from: \"meld[new]\", to: hand}}, end_turn]",
     "S315", "a new pile is made only by moving components to it; name one that exists"),
    ('to: "meld[m]"', 'to: "deck[new]"', "S304", "zone 'deck' is not numbered; only a numbered zone has new piles"),
    ('to: "meld[m]"', "to: \"meld['left']\"", "E131", "a pile of 'meld' is picked by its number; this is 'left'"),
    ("card: {from: hand}", "card: {from: meld}", "E140",
     "expected a zone or a list of components here, got a list of zones"),
    ("meld: {numbered: true,", "meld: {numbered: true, per_player: true,", "S218",
     "a numbered zone is a shared row of piles made during play; it cannot also have per_player"),
    ("    effects: [{draw: {count: 1}}, end_turn]", "    effects: [{draw: {from: meld}}, end_turn]", "S310",
     "draw needs a shared zone of one pile to draw from (from:, or a zone with stock: true)"),
])
def test_a_mistake_with_a_numbered_zone_is_refused_with_its_rule(tmp_path: Path, old: str, new: str, code: str,
                                                                  message: str) -> None:
    assert (code, message) in problems(tmp_path, (old, new))


def test_a_numbered_zone_cannot_be_refilled_from(tmp_path: Path) -> None:
    found = problems(tmp_path, ("deck: {visibility: hidden, home: true, stock: true}",
                                "deck: {visibility: hidden, home: true, stock: true, refill: {from: meld}}"))
    assert ("S218", "refill takes one pile; 'meld' is numbered (a row of piles)") in found


# ---------------------------------------------------------------- words, engines, whole games

def test_the_rule_sheet_names_a_new_pile_and_a_numbered_one(tmp_path: Path) -> None:
    sheet = explain(write(tmp_path, MELDS))
    assert "Move every card of the chosen r's *same rank* onto a new *meld*." in sheet
    assert "m**: one of the numbers from 0 up to, not including, the number of *meld*s such that" in sheet
    assert "Move the card onto *meld* number the chosen m." in sheet
    assert ("| Cards of one rank laid together; a row of piles that play lays one by one, numbered from 0; none "
            "at the start of a round. |") in sheet


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_both_engines_play_the_same_melding_games(game: Game, players: int, seed: int) -> None:
    assert lock_step(game, players, seed, steps=300) > 0


def test_whole_games_keep_every_component_in_one_place(game: Game) -> None:
    assert simulate(game, games=30, players=3, seed=5).games == 30
    state = game.new_state(2, 7)
    rng = random.Random(7)
    laid = 0
    while not state.is_over():
        assert invariants.conservation(state) == []
        move = rng.choice(state.legal_actions())
        laid += move.name == "lay"
        state.apply(move)
    assert laid > 0  # the game did make piles


def test_the_terminal_table_shows_each_pile_and_the_story_names_it(tmp_path: Path) -> None:
    path = write(tmp_path, MELDS, "melds.yaml")
    played = run_cli("play", path, "--players", "2", "--seed", "3", "--bots", "random", stdin="1\n" * 8 + "q\n\n")
    assert "Traceback" not in played.stderr
    assert "P1: lay 6 — your hand → meld 0: hearts 6, spades 6, hearts 6" in played.stdout
    assert "  meld 0: hearts 6, spades 6, hearts 6, spades 6 (4 cards)" in played.stdout
    assert "P1: lay 1 — your hand → meld 1: spades 1, spades 1, hearts 1" in played.stdout
    logged = tmp_path / "game.jsonl"
    assert run_cli("simulate", path, "--games", "1", "--log", str(logged)).exit_code == 0
    replayed = run_cli("replay", str(logged), "--to-end", "--ruleset", path)
    assert replayed.exit_code == 0, replayed.stderr
    assert "  meld 1: " in replayed.stdout


def test_a_zone_never_has_more_piles_than_the_game_has_components(tmp_path: Path) -> None:
    """A ruleset laying a pile and taking it back again would otherwise grow the table without end."""
    game = melds(tmp_path, ('      - move: {cards: "same_rank(r)", to: "meld[new]"}\n',
                            '      - for_each: i\n'
                            '        in: "range(0, 30)"\n'
                            '        do: [{move: {card: "top(hand)", to: "meld[new]"}},'
                            ' {move: {card: "top(meld[size(meld) - 1])", to: hand}}]\n'))
    *threes, one = cards(game, ("hearts", 3), ("spades", 3), ("hearts", 3), ("spades", 1))
    state = arrange(game.new_state(2, 0), hands={0: threes, 1: [one]})
    with pytest.raises(RulesrunError) as failure:
        act(state, "lay", r=3)
    assert "meld would have more piles than the game has components (24)" in str(failure.value)
