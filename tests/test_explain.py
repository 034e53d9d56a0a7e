"""`rulesrun explain`: a rule sheet in words for every shipped ruleset, with a renderer for every construct."""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner
from rulesrun.interpreter.language.syntax import Tree

from rulesrun.cli.main import main
from rulesrun.interpreter import shipped_rulesets
from rulesrun.interpreter.words.effects import EffectWords
from rulesrun.interpreter.tree.effects import EFFECTS
from rulesrun.interpreter.words.explain import RuleSheet, explain
from rulesrun.interpreter.language.syntax import ExprError, parse
from rulesrun.interpreter.words.layout import render
from rulesrun.interpreter import Document, load_document
from rulesrun.interpreter.pipeline import compile_document
from rulesrun.interpreter.engine.game import Game
from rulesrun.interpreter.words.expressions import Markup, NoWords, Phrase, Scope, Words, words

SHIPPED = [name for name, _ in shipped_rulesets()]
PLACEHOLDERS = ("?", "TODO", "<", "None", "\x00", "\x01")


@lru_cache(maxsize=None)
def loaded(name: str) -> tuple[Document, Game]:
    doc = load_document(name)
    return doc, compile_document(doc)


def sheet(name: str, markdown: bool = True) -> str:
    doc, game = loaded(name)
    return render(RuleSheet(doc.data, game, Markup(markdown)).blocks(), markdown)


def uno_words() -> Words:
    return Words(loaded("uno")[0].data, Markup(markdown=True))


# ------------------------------------------------------------ every shipped ruleset


@pytest.mark.parametrize("markdown", [True, False], ids=["md", "text"])
@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_ruleset_explains_without_placeholders(name: str, markdown: bool) -> None:
    text = sheet(name, markdown)
    leaked = [p for p in PLACEHOLDERS if p in text]
    assert not leaked, f"{name}: {leaked!r} in the rule sheet"
    data = loaded(name)[0].data
    for action in data.get("actions") or {}:
        assert words(action).lower() in text.lower(), f"action {action} is not explained"
    for key in data.get("define") or {}:
        assert words(str(key).split("(")[0]) in text, f"definition {key} is not explained"
    assert ("## Actions" in text) == markdown and ("**" in text) == markdown


def _expression_texts(node: Any) -> Iterator[str]:
    """Every text of a document that is an expression or an assignment target (descriptions left out)."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, list):
        for item in node:
            yield from _expression_texts(item)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key != "description":
                yield str(key)
                yield from _expression_texts(value)


def _effect_lists(data: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    round_doc, turn = data.get("round") or {}, data.get("turn") or {}
    yield ("setup",), data.get("setup")
    yield ("round", "setup"), round_doc.get("setup")
    yield ("round", "end"), round_doc.get("end")
    yield ("turn", "on_begin"), turn.get("on_begin")
    yield ("turn", "on_end"), turn.get("on_end")
    for name, spec in (data.get("actions") or {}).items():
        yield ("actions", name), (spec or {}).get("effects")
    for i, trigger in enumerate(data.get("triggers") or []):
        yield ("triggers", i), trigger.get("do")
    for name, effects in (data.get("procedures") or {}).items():
        yield ("procedures", name), effects


def _effect_names(items: Any) -> Iterator[str]:
    """The name of every effect in an effect list, control forms and their branches included."""
    for item in items if isinstance(items, list) else [items] if items is not None else []:
        if isinstance(item, str):
            yield item
            continue
        keyword = next((k for k in ("if", "switch", "while", "for_each") if k in item), None)
        if keyword is None:
            yield from map(str, item)
            continue
        yield keyword
        for branch in ("then", "else", "do", "default"):
            yield from _effect_names(item.get(branch))
        for body in (item.get("cases") or {}).values():
            yield from _effect_names(body)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_node_of_every_shipped_ruleset_has_a_renderer(name: str) -> None:
    data = loaded(name)[0].data
    said = Words(data)
    effect_words = EffectWords(said)
    nodes = 0
    for text in set(_expression_texts(data)):
        for start in ("start", "lvalue"):
            try:
                tree = parse(text, start=start)
            except ExprError:
                continue
            for node in tree.iter_subtrees():
                if node.data != "lvalue":
                    nodes += 1
                    assert said.renders(node.data), f"{name}: no renderer for {node.data!r} in {text!r}"
            break
    effects = 0
    for path, items in _effect_lists(data):
        for effect in _effect_names(items):
            effects += 1
            assert effect_words.renders(effect), f"{name}: no renderer for the effect {effect!r} in {path}"
    assert nodes > 50 and effects > 5


def test_every_construct_of_the_grammar_and_every_effect_has_a_renderer() -> None:
    grammar = resources.files("rulesrun.interpreter.language").joinpath("expressions.lark").read_text(encoding="utf-8")
    constructs = set(re.findall(r"->\s*(\w+)", grammar))
    assert {"ternary", "aggregate", "compare", "call", "attr"} <= constructs
    said = uno_words()
    assert [c for c in sorted(constructs) if not said.renders(c)] == []
    assert [e for e in EFFECTS if not EffectWords(said).renders(e)] == []


EVERY_CONSTRUCT = """\
schema_version: 1
name: every-construct
players: {min: 2, max: 4}
params: {goal: 3}
components:
  attributes: {suit: [sun, moon], rank: [1, 2, 3]}
  derive: {label: "this.suit + ' ' + str(this.rank) if this.suit != none else 'die'"}
  cards: [{suit: [sun, moon], rank: [1, 2, 3], copies: 2}]
  dice: [{faces: [{rank: 1}, {rank: 2}, {rank: 3}, {rank: 1}, {rank: 2}, {rank: 3}]}]
zones:
  stock: {visibility: hidden, home: true, stock: true, bag: true}
  pile: {visibility: top}
  hand: {per_player: true, visibility: owner}
variables:
  score: {scope: game, per_player: true, initial: 0}
  marks: {scope: round, initial: []}
  flag: {scope: turn, initial: false}
define:
  low(c): "c.rank <= 1 or -c.rank % 2 == 0 and c.rank // 2 != abs(-1)"
  best: "max(c in hand: c.rank)"
setup: [{set: {dealer: 0}}]
round:
  setup: [{shuffle: stock}, {deal: {from: stock, to: hand, count: 2}}, {set: {current: "right(dealer)"}}]
  end: [{for_each: p, in: all_players, do: [{add: {"score[p]": "count(c in hand[p]: not low(c))"}}]}]
  game_over: "any(p in all_players: score[p] >= goal) or round > 5"
  winners: "[first(p in all_players: score[p] == max(q in all_players: score[q]))]"
  next_dealer: "previous(dealer, 2)"
turn: {phase: go, on_end: [{set: {flag: false}}]}
actions:
  play:
    phase: go
    choose:
      cards: {from: hand, many: true, min: 1, max: 2, where: "cards.suit in [sun] and cards.suit not in [moon]"}
      rival: {player: "others(player)", optional: true}
      pick: {value: "[1, 2, 3]", if: "size(cards) > 1"}
    require: "size(cards) < 3 and (pick == none or pick > 0) and top(pile) != bottom(pile) or phase != go"
    effects:
      - move: {cards: cards, to: pile}
      - if: "rival != none"
        then: [{swap: {zone: hand, players: "[player, rival]"}}, {reveal: {zone: "hand[rival]", to: player}}]
      - switch: "str(size(hand))"
        cases: {"0": [{end_round: {winner: player}}]}
        default: [rotate: hand]
      - while: "size(hand) < 2 and size(stock) > 0"
        do: [{draw: {count: 1, from: stock, to: hand, roll: true, set: flag}}]
      - roll: hand
      - draw_high: {from: stock, value: "card.rank", set: dealer, roll: true}
      - set: {marks: "marks + [player]", "score[*]": "score[player] - 1 if flag else min(1, 2, 3)"}
      - skip: 2
      - reverse
      - move: {from: stock, to: pile, count: 2, bottom: true}
      - end_turn
  quit:
    by: anyone
    if: "in_play(player) and changes(hand) > 0 and others(player)[0] != player and direction == 1 and best != none"
    effects: [{eliminate: {player: player, until: game}}, {end_round: {}}, {goto: go}, {do: tidy}]
procedures:
  tidy: [{end_round: {winner: none}}]
triggers:
  - when: "next(current) == left(current) and size(hand[player]) == 0"
    do: [{end_round: {winner: player}}]
"""


def test_every_construct_reads_in_context(tmp_path: Path) -> None:
    """A ruleset using every effect and expression construct, with cards and dice, explains in full."""
    path = tmp_path / "every.yaml"
    path.write_text(EVERY_CONSTRUCT, encoding="utf-8")
    text = explain(str(path), markdown=False)
    assert not [p for p in PLACEHOLDERS if p in text]
    for said in ("13 components in all", "1 to 2 components from your hand whose suit is sun",
                 "you and the rival exchange the components in their hand",
                 "every player passes the components in their hand to the next player",
                 "the round ends and you win it", "You are out of the game",
                 "Move 2 random components of the stock to the bottom of the pile",
                 "Set marks to marks with you added", "the player 2 places before the dealer",
                 "the remainder of (minus c's rank) divided by 2", "item 0 of the other players",
                 "the cards hold more than 1 component"):
        assert said in " ".join(text.split()), said


def test_a_construct_without_a_renderer_raises() -> None:
    said = uno_words()
    with pytest.raises(NoWords, match="mystery"):
        said.phrase(Tree("mystery", []), Scope())
    with pytest.raises(NoWords, match="mystery"):
        EffectWords(said).steps([{"mystery": {"count": 1}}], Scope())
    with pytest.raises(NoWords, match="nowhere"):
        said.value("nowhere + 1", Scope())


# ------------------------------------------------------------ expressions in words


CARD = Scope(names={"card": Phrase("the card", kind="component")})


@pytest.mark.parametrize("expression, expected", [
    ("card.colour == active_colour", "the card's colour is *active colour*"),
    ("any(c in hand: c.colour == active_colour)", "there is a card in your *hand* whose colour is *active colour*"),
    ("not any(c in hand: c.colour == active_colour)",
     "there is no card in your *hand* whose colour is *active colour*"),
    ("playable(card)", "the card is *playable*"),
    ("not is_wild(card)", "the card is not *wild*"),
    ("card.kind in [wild, wild_draw_four]", "the card's kind is wild or wild draw four"),
    ("card.kind not in [skip, reverse]", "the card's kind is neither skip nor reverse"),
    ("size(hand) == 0", "your *hand* is empty"),
    ("size(hand[player]) > 1", "your *hand* holds more than 1 card"),
    ("size(hand) >= 2", "your *hand* holds at least 2 cards"),
    ("not (size(hand) == 1 and exposed)", "your *hand* does not hold 1 card, or your *exposed* is false"),
    ("players == 2", "there are 2 players"),
    ("phase == main", "the turn is in the *main* phase"),
    ("drawn == none", "there is no *drawn*"),
    ("card.colour == none", "the card has no colour"),
    ("score[winner] >= target_score", "the winner's *score* is at least *target score*"),
    ("a == 1 or b == 2 and c == 3", "a is 1, or b is 2 and c is 3"),
    ("(a == 1 or b == 2) and c == 3", "(a is 1, or b is 2) and c is 3"),
    ("a", "a is true"),
])
def test_conditions_read_as_sentences(expression: str, expected: str) -> None:
    scope = CARD.bind("winner", Phrase("the winner", kind="player"))
    for letter in "abc":
        scope = scope.bind(letter, Phrase(letter))
    said = uno_words().claim(expression, scope)
    assert said == expected


@pytest.mark.parametrize("expression, expected", [
    ("top_card", "the *top card*"),
    ("next(player)", "the next player"),
    ("left(dealer)", "the player to the dealer's left"),
    ("left(p, 3)", "the player 3 seats to p's left"),
    ("others(player)", "the other players"),
    ("sum(c in hand[p]: c.points)", "the total points of the cards in p's *hand*"),
    ("sum(p in others(player): hand_points(p))", "the total *hand points* of the other players"),
    ("hand_points(p)", "p's *hand points*"),
    ("count(c in hand: is_wild(c))", "the number of cards in your *hand* that are *wild*"),
    ("first(c in hand: is_wild(c))", "the first card in your *hand* that is *wild*"),
    ("passes + 1 if passed else 0", "*passes* plus 1 if *passed* is true, otherwise 0"),
    ("min(q in all_players: score[q])", "the lowest *score* of all players"),
    ("-1", "-1"),
    ("[1, 2, 3, 4]", "the numbers 1 to 4"),
    ("'wild ' + str(p)", "“wild ” followed by p"),
])
def test_values_read_as_noun_phrases(expression: str, expected: str) -> None:
    scope = Scope(names={"p": Phrase("p", kind="player")})
    assert uno_words().value(expression, scope) == expected


def test_a_choice_reads_as_a_relative_clause() -> None:
    """The thing chosen is described by its condition, with definitions named."""
    said = uno_words()
    text, local = said.choice("card", {"from": "hand", "where": "is_wild(card) and card.colour == none"}, Scope())
    assert text == "a card from your *hand* that is *wild* and has no colour"
    text, _ = said.choice("card", {"from": "hand", "where": "card.colour == active_colour or is_wild(card)"},
                          Scope())
    assert text == "a card from your *hand* whose colour is *active colour*, or that is *wild*"
    assert local.text == "the card"
    text, _ = said.choice("target", {"player": "others(player)", "where": "unguarded(target)"}, Scope())
    assert text == "a player among the other players who is *unguarded*"


def test_definitions_are_explained_once_by_name() -> None:
    said = uno_words()
    assert said.define("is_wild(card)", Scope()) == "the card is *wild* when the card's kind is wild or wild draw four"
    assert said.define("top_card", Scope()) == "the *top card* is the top card of the *discard*"


def test_uno_3_4_and_uno_11_1_the_uno_sheet_says_the_deal_and_the_end_of_a_round() -> None:
    """UNO-3.4 (seven cards each) and UNO-11.1 (an empty hand wins the round), as written in the sheet."""
    text = sheet("uno")
    assert "Deal 7 cards from the *draw* into each player's *hand*, one at a time" in text
    assert "When your *hand* is empty: the round ends and you win it." in text
    assert "| Zone | Belongs to | Who sees its contents | Notes |" in text
    assert "| *hand* | each player | only its owner |" in text


# ------------------------------------------------------------ the command


def test_explain_command_prints_markdown_and_text() -> None:
    runner = CliRunner()
    markdown = runner.invoke(main, ["explain", "uno"])
    assert markdown.exit_code == 0 and markdown.output.startswith("# UNO\n")
    text = runner.invoke(main, ["explain", "uno", "--format", "text"])
    assert text.exit_code == 0 and text.output.startswith("UNO\n===\n")
    assert "**" not in text.output and "## " not in text.output


def test_explain_command_reports_an_unknown_ruleset_without_a_traceback() -> None:
    result = CliRunner().invoke(main, ["explain", "no-such-game"])
    assert result.exit_code == 1
    assert "no ruleset named 'no-such-game'" in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
