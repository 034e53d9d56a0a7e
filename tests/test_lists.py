"""Lists a ruleset can filter, cut and count: `[c in hand: ...]`, `x[a:b]`, `range(a, b)`, `zone_of`, `owner_of`.

Each feature is tried in a small fishing game written here: what it gives in play,
the problems a mistake is reported with when the ruleset is validated (code, message
and column), its bounds while a game runs, what is known before the game starts, and
its words in the rule sheet. Both engines must give the same value for every
expression of a table on many positions, and play the same game move for move.
"""
from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import act, arrange, refused, truth
from rulesrun.interpreter import EvalError, Game, RulesetError, explain, load_game, say, validate
from rulesrun.interpreter.backend.closures import Closures, Env
from rulesrun.interpreter.backend.codegen.game import Generator
from rulesrun.interpreter.engine.state import inspect
from rulesrun.interpreter.language import types as T
from rulesrun.interpreter.tree import nodes as n
from rulesrun.interpreter.tree.expressions import ExpressionBuilder
from rulesrun.interpreter.tree.symbols import Symbols
from test_generated import lock_step

FISH = """\
schema_version: 1
name: fish
players: {min: 2, max: 4}
params:
  deal_count: 5
components:
  attributes:
    suit: [hearts, spades]
    rank: [1, 2, 3, 4, 5, 6]
  cards:
    - {suit: [hearts, spades], rank: [1, 2, 3, 4, 5, 6], copies: 2}
  derive:
    points: "this.rank * 2"
zones:
  deck: {visibility: hidden, home: true, stock: true}
  table: {visibility: public}
  hand: {per_player: true, visibility: owner}
variables:
  score: {scope: game, per_player: true, initial: 0}
  seen: {scope: round, initial: none}
define:
  same_rank(r): "[c in hand: c.rank == r]"
  leaders: "[p in all_players: score[p] == min(q in all_players: score[q])]"
round:
  setup:
    - shuffle: deck
    - deal: {from: deck, to: hand, count: deal_count}
    - for_each: i
      in: "range(0, 2)"
      do: [{move: {from: deck, to: table}}]
  end:
    - if: "winner != none"
      then: [{add: {"score[winner]": 1}}]
  game_over: "round >= 3"
actions:
  meld:
    choose:
      r: {value: "range(1, 7)", where: "size(same_rank(r)) >= 2"}
    effects:
      - move: {cards: "same_rank(r)", to: table}
      - add: {score: "sum(c in [d in table: d.rank == r]: c.points)"}
      - end_turn
  fish:
    choose:
      card: {from: "[c in table: any(h in hand: h.rank == c.rank)]"}
    effects:
      - move: {card: card, to: hand}
      - set: {seen: "zone_of(card)"}
      - end_turn
  draw:
    if: "size(deck) > 0"
    effects: [{draw: {count: 1}}, end_turn]
triggers:
  - when: "size(hand[player]) == 0 or size(deck) == 0"
    do: [{end_round: {winner: "first(p in leaders)"}}]
"""


def fish(tmp_path: Path, *replaced: tuple[str, str], engine: str = "interpreter") -> Game:
    return load_game(write(tmp_path, *replaced), engine=engine)


def write(tmp_path: Path, *replaced: tuple[str, str]) -> str:
    """The fishing game with each `old` (found exactly once) replaced by `new`."""
    text = FISH
    for old, new in replaced:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "fish.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def problems(tmp_path: Path, *replaced: tuple[str, str]) -> list[tuple[str, str, int]]:
    """(code, message, column) of each error the changed game is reported with."""
    return [(p.code, p.message, p.position.column) for p in validate(write(tmp_path, *replaced)).errors]


def with_define(text: str) -> tuple[str, str]:
    """A change that adds one definition, `probe`, to the game."""
    return ('  leaders: "', f'  probe: "{text}"\n  leaders: "')


def card(game: Game, suit: str, rank: int) -> list[int]:
    return [c.id for c in game.components if c.attrs["suit"] == suit and c.attrs["rank"] == rank]


def lookup(game: Game) -> Any:
    return lambda spec: card(game, *spec)


LOCALS = {"r": T.INT, "k": T.INT, "p": T.PLAYER, "c": T.COMPONENT}  # the local names an expression may read here


def evaluate(game: Game, text: str, state: Any, **local: Any) -> Any:
    """An expression of the game's language, built against its names, evaluated by the reference on `state`.

    A backend of its own: one compiles each node once, by its identity, and these nodes are made and dropped.
    """
    node = ExpressionBuilder(game.rules.symbols).build(text, {name: LOCALS[name] for name in local})
    return Closures(game.rules.symbols, game.components).compile(node)(Env(inspect(state), 0, dict(local)))


def constant(game: Game, text: str) -> Any:
    return ExpressionBuilder(game.rules.symbols).build(text).const


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return fish(tmp_path_factory.mktemp("fish"))


# ---------------------------------------------------------------- filters

def test_a_filter_in_move_moves_the_matching_cards_in_zone_order(game: Game) -> None:
    state = arrange(game.new_state(2, 0), hands={0: [("hearts", 3), ("spades", 1), ("spades", 3), ("hearts", 6)],
                                                 1: [("spades", 2)]},
                    zones={"table": [("hearts", 1)]}, lookup=lookup(game))
    hand = list(truth(state).zones["hand"][0])
    threes = [c for c in hand if game.components[c].attrs["rank"] == 3]
    assert [a.args for a in state.legal_actions() if a.name == "meld"] == [(("r", 3),)]
    act(state, "meld", r=3)
    seen = truth(state)
    assert seen.zones["table"][-2:] == threes  # moved one by one, in the hand's order
    assert sorted(game.components[c].attrs["rank"] for c in seen.zones["hand"][0]) == [1, 6]
    assert seen.variables["score"] == [12, 0]  # two threes of 6 points each


def test_a_choice_from_a_filter_offers_only_its_items_and_refuses_the_others(game: Game) -> None:
    state = arrange(game.new_state(2, 0), hands={0: [("hearts", 4)], 1: [("spades", 2)]},
                    zones={"table": [("spades", 4), ("hearts", 5), ("hearts", 4)]}, lookup=lookup(game))
    table = truth(state).zones["table"]
    fours = sorted(c for c in table if game.components[c].attrs["rank"] == 4)
    assert [dict(a.args)["card"] for a in state.legal_actions() if a.name == "fish"] == fours
    five = next(c for c in table if game.components[c].attrs["rank"] == 5)
    refused(state, lambda: act(state, "fish", card=five))
    act(state, "fish", card=fours[0])
    assert truth(state).variables["seen"] == "hand"  # where the card lies once it has moved


def test_the_players_with_the_lowest_score(game: Game) -> None:
    state = arrange(game.new_state(4, 0), variables={"score": [3, 1, 4, 1]})
    assert evaluate(game, "leaders", state) == (1, 3)
    assert evaluate(game, "[p in all_players: score[p] == min(q in all_players: score[q])]", state) == (1, 3)
    assert evaluate(game, "[q in others(player): score[q] > 1]", state) == (2,)
    assert evaluate(game, "size(leaders) == 2 and 3 in leaders and 0 not in leaders", state) is True


def test_filters_work_wherever_a_list_does(game: Game) -> None:
    state = arrange(game.new_state(2, 0), hands={0: [("hearts", 2), ("spades", 2), ("hearts", 5)],
                                                 1: [("spades", 6)]}, lookup=lookup(game))
    assert evaluate(game, "sum(c in [d in hand: d.suit == hearts]: c.points)", state) == 14
    assert evaluate(game, "count(c in [d in hand: d.rank == 2]: c.suit == spades)", state) == 1
    assert evaluate(game, "max(c in [d in hand: d.rank < 5]: c.points)", state) == 4
    assert evaluate(game, "any(c in [d in hand: d.rank > 4]: true)", state) is True
    assert evaluate(game, "all(c in [d in hand: d.rank > 4]: c.suit == hearts)", state) is True
    assert evaluate(game, "first(c in [d in hand: d.rank == 5]).rank", state) == 5
    assert evaluate(game, "top([d in hand: d.rank == 2]) == bottom([d in hand: d.rank == 2])", state) is False
    assert evaluate(game, "[d in hand: d.rank == 9]", state) == ()
    assert evaluate(game, "[x in [1, none, 3, 4]: x != 3]", state) == (1, None, 4)  # none is an item like any
    assert evaluate(game, "[x in seen: x]", state) == ()  # a filter over none is empty


def test_a_filter_in_for_each(tmp_path: Path) -> None:
    game = fish(tmp_path, ("      do: [{move: {from: deck, to: table}}]",
                           ("      do: [{move: {from: deck, to: table}}]\n"
                            "    - for_each: p\n"
                            "      in: \"[q in all_players: q > 0]\"\n"
                            "      do: [{add: {\"score[p]\": 1}}]")))
    assert truth(game.new_state(3, 0)).variables["score"] == [0, 1, 1]


def test_a_filter_over_known_values_is_known_before_the_game_starts(game: Game) -> None:
    assert constant(game, "[x in [1, 2, 3, 4]: x % 2 == 0]") == (2, 4)
    assert constant(game, "[x in range(0, deal_count): x > 2]") == (3, 4)  # a parameter
    assert constant(game, "sum(x in [y in range(1, 5): y != 2]: x)") == 8
    assert constant(game, "count(x in range(0, 10): x > 6)") == 3
    assert constant(game, "[x in [1, 2]: x > count(c in hand: true)]") is n.NOT_CONSTANT  # reads a zone


def test_loops_in_loops_over_long_known_lists_are_left_to_the_game() -> None:
    """Working them out item by item would make loading slow: past a budget for the ruleset, the game does it."""
    builder = ExpressionBuilder(Symbols())
    started = time.perf_counter()
    assert builder.build("count(x in range(0, 10000): count(y in range(0, 10000): x == y) > 0)").const \
        is n.NOT_CONSTANT
    assert time.perf_counter() - started < 5
    assert ExpressionBuilder(Symbols()).build("sum(x in range(0, 20): count(y in range(0, x): y % 2 == 0))").const \
        == 100


def test_a_filter_with_a_condition_that_is_not_true_or_false_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, with_define("[c in hand: c.points]"))
    assert [(code, message) for code, message, _ in found] == [
        ("E135", "a filter's condition must be true or false, not a number")]
    assert found[0][2] == len('  probe: "') + 1 + len("[c in hand: ")  # the column of `c.points`


@pytest.mark.parametrize("text, code, message", [
    ("[c in 3: c > 1]", "E134", "a filter goes through a zone or a list, not a number"),
    ("[1 in hand: true]", "E103", "a filter is written [name in list: condition], e.g. [c in hand: c.rank == 3]"),
    ("[c in hand: c.colour == red]", "E113", "unknown attribute 'colour'"),
    ("[c in hand: c.suit == 3]", "E130", "this compares a suit with a number, so the comparison is never true"),
])
def test_mistakes_in_a_filter(tmp_path: Path, text: str, code: str, message: str) -> None:
    assert [(c, m) for c, m, _ in problems(tmp_path, with_define(text))] == [(code, message)]


# ---------------------------------------------------------------- cutting

def test_cuts_count_from_the_bottom_of_a_zone(game: Game) -> None:
    state = arrange(game.new_state(2, 0), zones={"deck": [("hearts", 1), ("hearts", 2), ("hearts", 3),
                                                          ("hearts", 4)]},
                    rest=("hand", 1), lookup=lookup(game))
    deck = list(truth(state).zones["deck"])  # bottom first: the 4 lies at the bottom, the 1 on top
    assert [game.components[c].attrs["rank"] for c in deck] == [4, 3, 2, 1]
    assert evaluate(game, "deck[:2]", state) == tuple(deck[:2])
    assert evaluate(game, "deck[1:3]", state) == tuple(deck[1:3])
    assert evaluate(game, "deck[3:]", state) == (deck[3],) == (evaluate(game, "top(deck)", state),)
    assert evaluate(game, "deck[size(deck) - 2:]", state) == tuple(deck[2:])  # the top two
    assert evaluate(game, "deck[:]", state) == tuple(deck)
    assert evaluate(game, "deck[0:1][0] == bottom(deck)", state) is True


def test_cuts_are_clipped_at_run_time(game: Game) -> None:
    state = game.new_state(2, 0)
    for text, expected in [("[1, 2, 3][:10]", (1, 2, 3)), ("[1, 2, 3][5:]", ()), ("[1, 2, 3][2:1]", ()),
                           ("[1, 2, 3][k:]", (1, 2, 3)), ("[1, 2, 3][:k]", ()), ("[1, 2, 3][k + 3:k + 5]", (2, 3)),
                           ("[1, 2, 3][seen:2]", (1, 2)), ("[1, 2, 3][1:seen]", (2, 3)), ("seen[1:2]", ())]:
        assert evaluate(game, text, state, k=-2) == expected, text  # a negative bound counts as 0; none is open


def test_cuts_of_lists_and_filters(game: Game) -> None:
    state = arrange(game.new_state(3, 0), hands={0: [("hearts", 2), ("spades", 2), ("hearts", 5)]},
                    lookup=lookup(game))
    hand = truth(state).zones["hand"][0]
    assert evaluate(game, "[d in hand: d.rank == 2][:1]", state) == (hand[1],)
    assert evaluate(game, "all_players[1:]", state) == (1, 2)
    assert evaluate(game, "hand[player][1:]", state) == tuple(hand[1:])
    assert evaluate(game, "size(hand[1:]) + size([2, 5][1:])", state) == 3
    assert constant(game, "[4, 5, 6][1:]") == (5, 6)


@pytest.mark.parametrize("text, code, message", [
    ("deck[-1:]", "E136", "a cut counts positions from 0, so -1 is no position"),
    ("deck[:1 - 3]", "E136", "a cut counts positions from 0, so -2 is no position"),
    ("deck[:'two']", "E131", "the bounds of [a:b] are numbers, not 'two'"),
    ("deck[top(deck):suit]", "E110", "unknown name 'suit'"),
    ("score[:2]", "E134", "only a list or a zone can be cut with [a:b]; this is a number"),
    ("size(3[1:])", "E134", "only a list or a zone can be cut with [a:b]; this is a number"),
])
def test_mistakes_in_a_cut(tmp_path: Path, text: str, code: str, message: str) -> None:
    assert [(c, m) for c, m, _ in problems(tmp_path, with_define(text))] == [(code, message)]


# ---------------------------------------------------------------- range

def test_range_as_the_values_of_a_choice_and_of_a_loop(game: Game) -> None:
    state = game.new_state(2, 0)
    assert len(truth(state).zones["table"]) == 2  # `for_each: i, in: "range(0, 2)"` moved two cards
    choice = game.rules.actions[0].choices[0]
    assert choice.source.const == (1, 2, 3, 4, 5, 6) and choice.type.kind == "int"
    assert evaluate(game, "range(3, 3)", state) == () and evaluate(game, "range(5, 2)", state) == ()
    assert evaluate(game, "range(0, size(table))", state) == (0, 1)
    assert evaluate(game, "sum(x in range(1, k): x)", state, k=5) == 10


def test_range_is_bounded_when_known_and_while_the_game_runs(tmp_path: Path, game: Game) -> None:
    assert [(c, m) for c, m, _ in problems(tmp_path, with_define("range(0, 10001)"))] == [
        ("E104", ("this part would be too large to work out (more than 10,000 items, or a number beyond "
                  "±9,007,199,254,740,992)"))]
    assert problems(tmp_path, with_define("size(range(5, 10005))")) == []  # 10,000 items: the bound itself
    state = game.new_state(2, 0)
    with pytest.raises(EvalError) as raised:
        evaluate(game, "size(range(0, k))", state, k=10_001)
    assert raised.value.kind == "too_large"
    assert say(raised.value) == ("range(0, 10001) would hold a value too large (more than 10,000 items, or a "
                                 "number beyond ±9,007,199,254,740,992)")
    with pytest.raises(EvalError) as raised:
        evaluate(game, "range(0, seen)", state)
    assert say(raised.value) == "cannot compute 0 up to None"


def test_a_range_that_fails_only_where_a_candidate_is_tested_fails_alike_in_both_engines(tmp_path: Path) -> None:
    """The generated lister works out `range(0, seen)` before its loop: it fails only where the reference does."""
    where = ('      card: {from: "[c in table: any(h in hand: h.rank == c.rank)]"}',
             '      card: {from: "[c in table: any(h in hand: h.rank == c.rank)]", where: "size(range(0, seen)) == 0"}')
    for engine in ("interpreter", "generated"):
        game = fish(tmp_path, where, engine=engine)
        quiet = arrange(game.new_state(2, 0), hands={0: [("hearts", 4)], 1: [("spades", 2)]},
                        zones={"table": [("spades", 3)]}, lookup=lookup(game))
        assert [a.name for a in quiet.legal_actions()] == ["draw"], engine
        asked = arrange(game.new_state(2, 0), hands={0: [("hearts", 4)], 1: [("spades", 2)]},
                        zones={"table": [("spades", 4)]}, lookup=lookup(game))
        with pytest.raises(EvalError) as raised:
            asked.legal_actions()
        assert (raised.value.kind, raised.value.details) == ("arithmetic", {"left": 0, "op": "up to", "right": None})


@pytest.mark.parametrize("text, code, message", [
    ("range(0, 'six')", "E132", "range() needs a number, got 'six'"),
    ("range(true, 3)", "E132", "range() needs a number, got true or false"),
    ("range(6)", "E111", "range() takes 2 argument(s), got 1"),
])
def test_mistakes_in_a_range(tmp_path: Path, text: str, code: str, message: str) -> None:
    assert [(c, m) for c, m, _ in problems(tmp_path, with_define(text))] == [(code, message)]


# ---------------------------------------------------------------- where a component is

def test_zone_of_and_owner_of(game: Game) -> None:
    state = arrange(game.new_state(3, 0), hands={2: [("spades", 6)]}, zones={"table": [("hearts", 1)]},
                    lookup=lookup(game))
    six, one = card(game, "spades", 6)[0], card(game, "hearts", 1)[0]
    assert evaluate(game, "zone_of(c)", state, c=six) == "hand"
    assert evaluate(game, "owner_of(c)", state, c=six) == 2
    assert evaluate(game, "zone_of(c)", state, c=one) == "table"
    assert evaluate(game, "owner_of(c)", state, c=one) is None
    assert evaluate(game, "zone_of(c)", state, c=None) is None and evaluate(game, "owner_of(c)", state, c=None) is None
    assert evaluate(game, "count(c in deck: zone_of(c) == 'deck')", state) == len(truth(state).zones["deck"])
    assert evaluate(game, "[c in hand[2]: owner_of(c) == 2] == hand[2][:]", state) is True


@pytest.mark.parametrize("text, code, message", [
    ("zone_of(player)", "E132", "zone_of() needs a component, got a player"),
    ("owner_of(3)", "E132", "owner_of() needs a component, got a number"),
    ("zone_of(top(deck)) == deck", "E130", "this compares a zone name with a zone, so the comparison is never true"),
    ("zone_of(top(deck)) == 'dekc'", "E130", "'dekc' is not a zone name, so the comparison is never true"),
])
def test_mistakes_in_zone_of_and_owner_of(tmp_path: Path, text: str, code: str, message: str) -> None:
    assert [(c, m) for c, m, _ in problems(tmp_path, with_define(text))] == [(code, message)]


# ---------------------------------------------------------------- words

def test_the_rule_sheet_says_filters_cuts_and_ranges(tmp_path: Path) -> None:
    sheet = explain(write(tmp_path, with_define("deck[1:3] + deck[:2] + table[2:]")), markdown=False)
    assert "r: one of the numbers 1 to 6 whose same rank holds at least 2 cards" in sheet
    assert "a card from the cards c in the table such that there is a card in your hand whose rank is c's rank" \
        in " ".join(sheet.split())
    assert "same rank: r's same rank are the cards in your hand whose rank is r" in sheet
    assert "the players whose score is the lowest score of all players" in sheet
    assert "For each value i in the numbers 0 to 1" in sheet
    assert " ".join(sheet.split()).count("the first 2 cards of the deck from the bottom") == 1
    flat = " ".join(sheet.split())
    assert "the cards of the deck from position 1 up to, not including, position 3 (positions count from 0 at " \
           "the bottom)" in flat
    assert "the cards of the table from position 2 on" in flat


# ---------------------------------------------------------------- both engines

TABLE = [  # expressions evaluated by both engines on many positions, with `r` a number, `p` a seat, `c` a card
    "[c in hand: c.rank == r]", "[d in hand[p]: d.rank == r and d.suit == hearts]", "size([d in table: d.rank > r])",
    "sum(d in [e in hand: e.rank == r]: d.points)", "leaders", "[q in others(p): size(hand[q]) > 2]",
    "first(d in [e in hand: e.rank > r])", "c in [d in hand: d.rank == r]", "[x in [1, none, r]: x != 2]",
    "any(x in [d in table: d.rank == r]: x.suit == spades)", "count(d in [e in deck: e.rank == 1]: true)",
    "deck[:2]", "deck[r:]", "deck[1:r]", "hand[:r]", "hand[p][r:r + 2]", "table[size(table) - 3:]", "deck[r - 4:]",
    "[1, 2, 3][r:]", "[d in hand: d.rank > 2][:1]", "all_players[p:]", "[2, 5][:r]", "seen[1:]",
    "range(0, r)", "range(r, 3)", "range(p, size(deck))", "size(range(0, r * 2500))", "range(0, seen)",
    "[x in range(0, r): x % 2 == 0]", "sum(x in range(1, r): x)",
    "zone_of(c)", "owner_of(c)", "zone_of(c) == 'hand' and owner_of(c) == p",
    "size([d in deck: zone_of(d) == 'deck']) == size(deck)", "count(d in table: owner_of(d) == none)",
]


def _outcome(run: Any, env: Env) -> Any:
    try:
        return ("value", run(env))
    except EvalError as err:
        return ("error", err.kind, err.details)


def test_both_engines_give_every_expression_of_the_table_the_same_value(game: Game) -> None:
    builder = ExpressionBuilder(game.rules.symbols)
    nodes = [builder.build(text, LOCALS) for text in TABLE]
    reference = Closures(game.rules.symbols, game.components)
    generator = Generator(reference)
    names = [generator.expression(node) for node in nodes]
    namespace = generator.module.build()
    rng = random.Random(7)
    compared = 0
    for seed in range(6):
        state = game.new_state(2 + seed % 3, seed)
        for _ in range(25):
            if state.is_over():
                break
            for _ in range(3):
                local = {"r": rng.choice([-1, 0, 1, 2, 3, 5, 7]), "p": rng.randrange(state.game.min_players),
                         "c": rng.choice([None, *range(len(game.components))])}
                for text, node, name in zip(TABLE, nodes, names):
                    env = Env(inspect(state), state.current_player(), dict(local))
                    expected = _outcome(reference.compile(node), env)
                    quick = _outcome(namespace[name], Env(inspect(state), state.current_player(), dict(local)))
                    assert quick == expected, f"{text} with {local}"
                    compared += 1
            state.apply(rng.choice(state.legal_actions()))
    assert compared > 3000


@pytest.mark.parametrize("players, seed", [(2, 0), (3, 1), (4, 2)])
def test_both_engines_play_the_fishing_game_alike(tmp_path: Path, players: int, seed: int) -> None:
    assert lock_step(fish(tmp_path), players, seed, steps=400) > 10


def test_the_generated_engine_runs_the_game_without_falling_back(tmp_path: Path) -> None:
    generated = fish(tmp_path, engine="generated")
    assert generated.engine == "generated" and generated.fallback is None


def test_a_ruleset_with_an_error_is_refused_with_its_code(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as raised:
        fish(tmp_path, with_define("[c in hand: c.rank]"))
    assert [p.code for p in raised.value.problems] == ["E135"]
