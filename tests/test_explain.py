"""`rulesrun explain`: a rule sheet in words for every shipped ruleset, with a renderer for every construct."""
from __future__ import annotations

import dataclasses
import os
import shlex
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner
from rulesrun.cli.main import main
from rulesrun.interpreter import Document, load_document, shipped_rulesets
from rulesrun.interpreter.engine.game import Game
from rulesrun.interpreter.language import builtins as B
from rulesrun.interpreter.language import types as T
from rulesrun.interpreter.language.syntax import ExprError
from rulesrun.interpreter.pipeline import compile_document
from rulesrun.interpreter.tree import nodes as n
from rulesrun.interpreter.tree.expressions import ExpressionBuilder
from rulesrun.interpreter.words.claims import Claims
from rulesrun.interpreter.words.effects import EffectWords
from rulesrun.interpreter.words.explain import RuleSheet, explain
from rulesrun.interpreter.words.expressions import Words
from rulesrun.interpreter.words.layout import render
from rulesrun.interpreter.words.phrases import Phrases
from rulesrun.interpreter.words.prose import Markup, Phrase, Scope, words

SHIPPED = [name for name, _ in shipped_rulesets()]
PLACEHOLDERS = ("?", "TODO", "<", "None", "\x00", "\x01")


@lru_cache(maxsize=None)
def loaded(name: str) -> tuple[Document, Game]:
    doc = load_document(name)
    return doc, compile_document(doc)


def rules(name: str) -> n.Ruleset:
    tree = loaded(name)[1].rules
    assert tree is not None
    return tree


def sheet(name: str, markdown: bool = True) -> str:
    return render(RuleSheet(loaded(name)[1], Markup(markdown)).blocks(), markdown)


def uno_words() -> Words:
    return Words(rules("uno"), Markup(markdown=True))


def uno_node(text: str, **local_names: T.Type) -> n.Expr:
    """An expression built against UNO's symbol table, with the local names given bound where it is used."""
    return ExpressionBuilder(rules("uno").symbols).build(text, local_names)


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


def _parts(item: Any, seen: set[int]) -> Iterator[Any]:
    """Every node of a ruleset tree below `item`: expressions, effects and what they hold, each once."""
    if isinstance(item, (tuple, list)):
        for inner in item:
            yield from _parts(inner, seen)
    elif isinstance(item, dict):
        for inner in item.values():
            yield from _parts(inner, seen)
    elif isinstance(item, n.ProcedureBody):
        yield from _parts(item.effect, seen)
    elif dataclasses.is_dataclass(item) and not isinstance(item, n.Component) and id(item) not in seen:
        seen.add(id(item))
        yield item
        for spec in dataclasses.fields(item):
            if spec.name not in ("symbols", "type", "reads", "attribute_reads", "const"):
                yield from _parts(getattr(item, spec.name), seen)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_node_of_every_shipped_ruleset_has_words(name: str) -> None:
    found = list(_parts(rules(name), set()))
    expressions = [node for node in found if isinstance(node, n.Expr)]
    effects = [node for node in found if isinstance(node, n.Effect)]
    for node in expressions:
        for words_pass in (Phrases, Claims):
            assert hasattr(words_pass, "visit_" + type(node).__name__), f"{name}: no words for {node!r}"
        if isinstance(node, n.Call):
            assert hasattr(Phrases, "_f_" + node.function), f"{name}: no words for {node.function}()"
    for node in effects:
        assert hasattr(EffectWords, "visit_" + type(node).__name__), f"{name}: no words for {type(node).__name__}"
    assert len(expressions) > 50 and len(effects) > 5


def test_every_node_class_and_every_function_has_words() -> None:
    """Phrases and claims for every kind of expression node, steps for every kind of effect node."""
    for words_pass in (Phrases, Claims):
        assert [c.__name__ for c in n.EXPRESSIONS if not hasattr(words_pass, "visit_" + c.__name__)] == []
    assert [c.__name__ for c in n.EFFECTS if not hasattr(EffectWords, "visit_" + c.__name__)] == []
    assert [f for f in B.ARITY if not hasattr(Phrases, "_f_" + f)] == []


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


class Mystery(n.Expr):
    """A kind of expression node no pass has words for."""


class MysteryEffect(n.Effect):
    """A kind of effect node no pass has words for."""


def test_a_node_without_words_raises() -> None:
    said = uno_words()
    with pytest.raises(NotImplementedError, match="Mystery"):
        said.phrase(Mystery(), Scope())
    with pytest.raises(NotImplementedError, match="Mystery"):
        said.claim(Mystery(), Scope())
    with pytest.raises(NotImplementedError, match="MysteryEffect"):
        EffectWords(said).steps(n.Sequence(steps=(MysteryEffect(),)), Scope())
    with pytest.raises(ExprError, match="nowhere"):  # a name nothing declares never reaches the words
        uno_node("nowhere + 1")


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
    node = uno_node(expression, card=T.COMPONENT, winner=T.PLAYER, a=T.ANY, b=T.ANY, c=T.ANY)
    assert uno_words().claim(node, scope) == expected


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
    assert uno_words().value(uno_node(expression, p=T.PLAYER), scope) == expected


def test_the_node_types_choose_the_words() -> None:
    """A definition whose value is true or false is a condition; `+` on text joins it; `(a + b) - c` reads on."""
    uno = rules("uno")
    flagged = n.Definition(name="flagged", params=("p",), text="exposed[p]", body=uno_node("exposed[p]", p=T.ANY))
    said = Words(dataclasses.replace(uno, definitions={**uno.definitions, "flagged": flagged}))
    assert said.define(flagged, Scope()) == "p is *flagged* when p's *exposed* is true"
    use = n.DefinitionUse(type=T.BOOL, name="flagged", args=(uno_node("player"),), body=uno_node("exposed[player]"))
    assert said.claim(use, Scope()) == "you are *flagged*"
    scope = Scope(names={"p": Phrase("p", kind="player")})
    assert said.value(uno_node("str(p) + str(p)", p=T.PLAYER), scope) == "p followed by p"
    assert said.value(uno_node("(p + 1) - 2", p=T.PLAYER), scope) == "p plus 1 minus 2"


def choice(name: str, where: str, **source: str) -> n.Choice:
    """A choice of UNO's words: `from` a zone or among a `player` list, with its condition."""
    kind, own = ("component", T.COMPONENT) if "from" in source else ("player", T.PLAYER)
    return n.Choice(name=name, kind=kind, source=uno_node(*source.values()), where=uno_node(where, **{name: own}),
                    present_if=None, type=own)


def test_a_choice_reads_as_a_relative_clause() -> None:
    """The thing chosen is described by its condition, with definitions named."""
    said = uno_words()
    text, local = said.choice(choice("card", "is_wild(card) and card.colour == none", **{"from": "hand"}), Scope())
    assert text == "a card from your *hand* that is *wild* and has no colour"
    text, _ = said.choice(choice("card", "card.colour == active_colour or is_wild(card)", **{"from": "hand"}),
                          Scope())
    assert text == "a card from your *hand* whose colour is *active colour*, or that is *wild*"
    assert local.text == "the card"
    text, _ = said.choice(choice("target", "unguarded(target)", player="others(player)"), Scope())
    assert text == "a player among the other players who is *unguarded*"


def test_definitions_are_explained_once_by_name() -> None:
    said, definitions = uno_words(), rules("uno").definitions
    assert said.define(definitions["is_wild"], Scope()) == \
        "the card is *wild* when the card's kind is wild or wild draw four"
    assert said.define(definitions["top_card"], Scope()) == "the *top card* is the top card of the *discard*"


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
    assert result.exit_code == 2  # no such ruleset: a usage error, as in every command
    assert "no ruleset named 'no-such-game'" in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_explain_writes_plain_text_on_a_terminal_and_markdown_when_asked() -> None:
    pexpect = pytest.importorskip("pexpect")

    def on_terminal(*args: str) -> str:
        command = shlex.join([sys.executable, "-c", "from rulesrun.cli.main import main; main()", "explain", *args])
        return pexpect.run(command, encoding="utf-8", timeout=30, env={**os.environ, "NO_COLOR": "1"})

    plain = on_terminal("uno")
    assert plain.startswith("UNO\r\n===\r\n") and "**" not in plain  # NO_COLOR is no matter of format
    assert on_terminal("uno", "--format", "markdown").startswith("# UNO\r\n")
