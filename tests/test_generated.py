"""The generated backend plays exactly the games the reference interpreter plays.

Both engines are run in lock-step on the same seed: after every action the
legal moves (in the same order), the new events, the zones, the variables,
whose turn it is, the phase and the direction must be equal. The closures are
the reference; any difference is a defect of the generator.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import changed, run_cli, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulesrun.interpreter import EVERYONE, Action, EvalError, Game, State, load_game, shipped_rulesets, validate
from rulesrun.interpreter.backend.closures import Env
from rulesrun.interpreter.backend.codegen import module
from rulesrun.interpreter.backend.codegen.game import generated
from rulesrun.interpreter.engine import flow
from rulesrun.interpreter.engine.state import inspect
from rulesrun.interpreter.pipeline import load_checked

NAMES = [entry[0] for entry in shipped_rulesets()]


def lock_step(reference: Game, players: int, seed: int, steps: int) -> int:
    """Play both engines side by side with seeded random choices; the number of actions taken."""
    fast = generated(reference)
    assert fast.engine == "generated" and fast.fallback is None
    a, b = reference.new_state(players, seed), fast.new_state(players, seed)
    rng = random.Random(seed)
    seen = 0
    for taken in range(steps):
        assert list(a.events)[seen:] == list(b.events)[seen:], f"events differ before action {taken}"
        seen = len(a.events)
        va, vb = a.view(EVERYONE), b.view(EVERYONE)
        assert (va.current, va.phase, va.direction, va.round, va.over) == \
            (vb.current, vb.phase, vb.direction, vb.round, vb.over), f"the turn differs before action {taken}"
        assert va.zones == vb.zones, f"zones differ before action {taken}"
        assert va.variables == vb.variables, f"variables differ before action {taken}"
        if a.is_over():
            return taken
        moves = a.legal_actions()
        assert moves == b.legal_actions(), f"legal moves differ before action {taken}"
        assert [a.moves().claims(p) for p in range(players)] == [b.moves().claims(p) for p in range(players)]
        assert a.clone().legal_claims() == b.clone().legal_claims(), f"claims differ before action {taken}"
        move = rng.choice(moves)
        a.apply(move)
        b.apply(move)
    return steps


@pytest.mark.parametrize("name", NAMES)
def test_every_shipped_ruleset_plays_the_same_game_generated(name: str) -> None:
    game = load_game(name)
    players = min(max(game.min_players, 2 + NAMES.index(name) % 3), game.max_players)  # 2, 3 and 4 players in turn
    assert lock_step(game, players, seed=NAMES.index(name), steps=250) > 0


def test_whole_games_agree() -> None:
    """Past the first few hundred actions too: rounds end, scores add up, a game is won."""
    for name, players in (("uno", 3), ("dos", 2), ("uno-dice", 4)):
        game = load_game(name)
        assert lock_step(game, players, seed=11, steps=20_000) < 20_000


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, int]:
    name = draw(st.sampled_from(NAMES))
    game = load_game(name)
    return name, draw(st.integers(game.min_players, min(game.max_players, 6))), draw(st.integers(0, 2**31))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_any_table_and_seed_plays_the_same(table: tuple[str, int, int]) -> None:
    name, players, seed = table
    lock_step(load_game(name), players, seed, steps=120)


@functools.cache
def _parameters(name: str) -> dict[str, list[object]]:
    """Other values each declared parameter may take: its listed words, the other truth value, nearby numbers."""
    document, game = load_checked(name)
    found: dict[str, list[object]] = {}
    for param, declared in (document.data.get("params") or {}).items():
        value = game.params[param]
        words = declared.get("values") if isinstance(declared, dict) else None
        if words:
            found[param] = [w for w in words if w != value]
        elif isinstance(value, bool):
            found[param] = [not value]
        elif isinstance(value, int):
            found[param] = [max(0, value - 1), value + 1]
    return {param: values for param, values in found.items() if values}


@st.composite
def variants(draw: st.DrawFn) -> tuple[str, dict[str, object], int]:
    """A shipped ruleset with some of its parameters changed: a house rule nobody wrote yet."""
    name = draw(st.sampled_from([name for name in NAMES if _parameters(name)]))
    options = _parameters(name)
    chosen = draw(st.lists(st.sampled_from(sorted(options)), min_size=1, max_size=3, unique=True))
    return name, {p: draw(st.sampled_from(options[p])) for p in chosen}, draw(st.integers(0, 2**31))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(variants())
def test_changed_parameters_play_the_same(tmp_path: Path, variant: tuple[str, dict[str, object], int]) -> None:
    name, values, seed = variant
    path = tmp_path / f"v{seed}.yaml"
    lines = [f"extends: {name}", "name: house/changed", "params:"]
    lines += [f"  {param}: {{value: {json.dumps(value)}}}" for param, value in values.items()]
    path.write_text("\n".join(lines) + "\n")
    game = load_game(str(path))
    assert {p: game.params[p] for p in values} == values
    lock_step(game, game.min_players, seed, steps=150)


# The corpus's base with every step of a turn the flow takes: variables a turn resets (one of them per player),
# a phase, `on_begin` and `on_end`, a trigger that sees what `on_begin` did, triggers at a turn's start (one of
# which ends the round) and end, a claim anyone may make (the player to move too), one that ends another's turn
# (the triggers then see the claimant, and at the turn's end its owner), a turn handed on by name, a skip, and a
# choice that is asked for only sometimes, with a default.
TURN_VARIABLES = """\
  passes: {scope: round, initial: 0}
  started: {scope: game, initial: 0}
  begun: {scope: game, initial: 0}
  ended: {scope: game, initial: 0}
  nudged: {scope: turn, initial: 0}
  marks: {scope: turn, per_player: true, initial: 0}
  hurried: {scope: game, per_player: true, initial: 0}
  watched: {scope: game, per_player: true, initial: 0}
  shouted: {scope: round, per_player: true, initial: false}
"""
TURN = """\
turn:
  phase: "tight if size(hand) <= 1 else main"
  phases: {main: play or pass, tight: one card left}
  on_begin: [{add: {begun: 1}}]
  on_end: [{add: {ended: 1}}]
round:
  game_over: "round >= 3"
"""
PLAY = """\
  play:
    choose:
      card: {from: hand, where: "playable(card)"}
    effects:
      - move: {card: card, to: pile}
      - set: {passes: 0}
      - end_turn
"""
TURN_PLAY = """\
  play:
    phase: [main, tight]
    choose:
      card: {from: hand, where: "playable(card)"}
      shout: {value: [true, false], default: true, if: "size(hand) == 2"}
    effects:
      - move: {card: card, to: pile}
      - set: {passes: 0, "shouted[player]": "shout == true"}
      - if: "card.number == 3"
        then: [{end_turn: {next: "next(next(player))"}}]
        else: [{if: "card.number == 2", then: [skip, end_turn], else: [end_turn]}]
  nudge:
    by: anyone
    if: "nudged == 0"
    effects:
      - add: {nudged: 1, "marks[player]": 1}
  hurry:
    by: anyone
    if: "nudged > 0 and hurried[player] < 3"
    effects:
      - add: {"hurried[player]": 1}
      - end_turn
"""
TURN_TRIGGERS = """\
triggers:
  - {moment: turn_start, when: "true", do: [{add: {started: 1}}]}
  - {moment: turn_start, when: "started % 17 == 0", do: [{end_round: {winner: none}}]}
  - {when: "begun % 5 == 4", do: [{add: {ended: 100}}]}
  - {when: "nudged > 0", do: [{add: {"watched[player]": 1}}]}
  - {moment: turn_end, when: "nudged > 0", do: [{add: {"score[player]": 1}}]}
"""
TURN_RULES = (("  passes: {scope: round, initial: 0}\n", TURN_VARIABLES), ("round:\n", TURN), (PLAY, TURN_PLAY),
              ("triggers:\n", TURN_TRIGGERS))


def test_the_generated_turn_takes_each_step_the_flow_takes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, changed(*TURN_RULES))
    assert validate(path).errors == []
    game = load_game(path)
    for seed in range(4):
        assert lock_step(game, 3, seed, steps=400) > 0
    fast = generated(game)
    assert fast.start_turn is not None and all(spec.take is not None for spec in fast.actions)
    left_out = []
    for engine in (game, fast):  # a move given without the choice asked for takes its default, on either engine
        state = engine.new_state(3, 1)
        while not any(a.name == "play" and a.get("shout") is not None for a in state.legal_actions()):
            state.apply(state.legal_actions()[0])
        move = next(a for a in state.legal_actions() if a.name == "play" and a.get("shout") is False)
        state.apply(Action(move.name, move.actor, (("card", move.get("card")),)))
        left_out.append((inspect(state).vars["shouted"][move.actor], list(state.events)[-3:]))
    assert left_out[0] == left_out[1] and left_out[0][0] is True

    state = _played_without(monkeypatch, flow, ("take", "start_turn"), fast, seed=2, steps=300)
    assert state.is_over() and inspect(state).round == 3  # three whole rounds, on the generated turn alone


def test_a_ruleset_too_large_to_generate_runs_on_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "MAX_SOURCE", 500)
    game = generated(load_game("uno"))
    assert game.engine == "interpreter" and "characters" in (game.fallback or "")
    state = game.new_state(2, 0)
    state.apply(state.legal_actions()[0])


def test_simulate_gives_the_same_figures_with_either_engine() -> None:
    outputs = []
    for engine in ("generated", "interpreter"):
        result = run_cli("simulate", "uno-dice", "--games", "3", "--players", "3", "--bot", "greedy",
                         "--json", "--engine", engine)
        assert result.exit_code == 0, result.output
        figures = json.loads(result.output)
        figures.pop("seconds", None)
        figures.pop("games_per_second", None)
        figures.pop("rounds_per_second", None)
        outputs.append(figures)
    assert outputs[0] == outputs[1]


def _loop_lists(game: Game) -> Game:
    """The generated game with its phases' listings taken out: the engine's loop over actions lists its moves."""
    return dataclasses.replace(game, listings={}, claim_listings={})


@pytest.mark.parametrize("lists", ["the phase's listing", "the engine's loop"])
def test_a_lister_that_gives_up_leaves_the_listing_to_the_engine(lists: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a lister works out before its loops may raise (a sum with none): the engine's walk then lists the moves."""
    reference = load_game("uno")
    fast = generated(reference)
    play = fast.action_index["play"]
    lister = play.lister
    calls = []

    def gives_up(env: Any, found: list[Any]) -> None:
        calls.append(env.player)
        lister(env, found)  # type: ignore[misc]  # half the work done, and the choices bound ...
        env.loc[play.choices[0].name] = -1
        raise TypeError("... then a part raises")

    if lists == "the engine's loop":
        broken = _loop_lists(dataclasses.replace(fast, actions=tuple(
            dataclasses.replace(spec, lister=gives_up) if spec is play else spec for spec in fast.actions)))
    else:  # the phase's listing calls the lister by its name in the module
        broken = fast
        monkeypatch.setitem(lister.__globals__, lister.__name__, gives_up)  # type: ignore[union-attr]
    a, b = reference.new_state(4, 5), broken.new_state(4, 5)
    for _ in range(60):
        moves = a.legal_actions()
        assert b.legal_actions() == moves
        a.apply(moves[0])
        b.apply(moves[0])
    assert calls  # the lister did give up, and was not passed over


@pytest.mark.parametrize("name", ["uno", "dos", "uno-dice", "uno/stacking"])
def test_a_generated_game_lists_its_moves_without_the_engines_loop(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each phase's moves, and its claims alone, come from its generated listing: the loop's questions are never asked."""
    game = load_game(name, "generated")
    assert game.listings and game.claim_listings
    _played_without(monkeypatch, Game, ("actions_in_phase", "claims_in_phase"), game, seed=11, steps=120)


def _played_without(monkeypatch: pytest.MonkeyPatch, owner: Any, names: tuple[str, ...], game: Game, seed: int,
                    steps: int) -> State:
    """A game of three played by random moves (its claims listed alone too) while `owner`'s `names` fail if used."""
    def not_used(*_: object) -> None:
        raise AssertionError(f"a generated game used {names}")

    for name in names:
        monkeypatch.setattr(owner, name, not_used)
    state, rng = game.new_state(3, seed), random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.clone().legal_claims()
        state.apply(rng.choice(state.legal_actions()))
    return state


THREE_OF_A_HAND = """\
extends: uno
name: uno-three
actions:
  trade_three:
    phase: main
    description: Put three cards of your hand under the draw pile, then draw one.
    choose:
      first: {from: hand}
      second: {from: hand, where: "second.id != first.id + 1"}
      third: {from: hand, where: "third.kind == number"}
    effects:
      - move: {cards: "[first, second, third]", to: draw, bottom: true}
      - draw: {count: 1}
      - end_turn
"""


def test_a_choice_leaves_out_every_component_the_earlier_choices_took(tmp_path: Path) -> None:
    """Three choices from one hand: the third offers neither of the first two (each taken one is left out)."""
    reference = load_game(write(tmp_path, THREE_OF_A_HAND))
    fast = generated(reference)
    assert next(spec for spec in fast.actions if spec.name == "trade_three").lister is not None
    state = reference.new_state(3, seed=2)
    trades = [a for a in state.legal_actions() if a.name == "trade_three"]
    assert trades and all(len({a.get("first"), a.get("second"), a.get("third")}) == 3 for a in trades)
    assert lock_step(reference, 3, seed=2, steps=120) > 0


NONE_COMPARED = """\
extends: uno
name: uno-low
actions:
  show_low:
    phase: main
    description: Show a coloured card not numbered above the round, then pass the turn.
    choose:
      card: {from: hand, where: "not (card.number > round + 100) and card.colour != none"}
    effects:
      - end_turn
"""


def test_a_lister_gives_its_choices_to_the_reference_it_falls_back_on_and_takes_them_back(tmp_path: Path) -> None:
    """Of an action card the quick form compares none and raises; the reference, reading the card from the local
    names, says the comparison is false and reads the card's colour. The lister puts the card there for that call
    only: it lists the moves the engine's walk lists, and leaves the local names as it found them."""
    reference = load_game(write(tmp_path, NONE_COMPARED))
    fast = generated(reference)
    state = fast.new_state(2, seed=1)
    table = inspect(state)
    lister = next(spec for spec in fast.actions if spec.name == "show_low").lister
    assert lister is not None
    names = {"kept": 1}
    env, found = Env(table, table.current, names), []
    lister(env, found)
    assert names == {"kept": 1}
    assert found == [a for a in reference.new_state(2, seed=1).legal_actions() if a.name == "show_low"]
    assert any(fast.components[a.get("card")].attrs.get("number") is None for a in found)  # by the reference
    assert lock_step(reference, 2, seed=1, steps=200) > 0


def test_an_action_without_a_lister_is_walked_by_the_phases_listing(tmp_path: Path) -> None:
    """A choice of several components has no generated lister: the phase's listing asks the engine's walk for it."""
    from test_many_choices import overlay  # a house rule of UNO that plays a set of cards (`many: true`)

    reference = load_game(str(overlay(tmp_path)))
    fast = generated(reference)
    assert next(spec for spec in fast.actions if spec.name == "play_set").lister is None
    assert lock_step(reference, 3, seed=4, steps=250) > 0
    assert lock_step(reference, 2, seed=9, steps=250) > 0


def test_a_ruleset_that_cannot_be_generated_is_said_and_still_simulated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "MAX_SOURCE", 500)
    result = run_cli("simulate", "dos", "--games", "1", "--single-round")
    assert result.exit_code == 0, result.output
    assert "note: dos runs on the interpreter (the generated module would pass 500 characters)" in result.output
    assert "dos: 1 games" in result.output


TOO_LARGE = "size(range(0, passes * 100000)) > 0"  # the quick form raises Python's error once a player passed
QUICK_FORM_RAISES = {
    "a trigger's condition": ("    do: [{end_round: {winner: none}}]\n",
                              (f"    do: [{{end_round: {{winner: none}}}}]\n  - when: \"{TOO_LARGE}\"\n"
                               "    do: [{end_round: {winner: none}}]\n")),
    "an effect's condition": ("      - add: {passes: 1}\n",
                              (f"      - add: {{passes: 1}}\n      - if: \"{TOO_LARGE}\"\n"
                               "        then: [{add: {\"score[player]\": 1}}]\n")),
    "a choice's condition": ('where: "playable(card)"',
                             'where: "playable(card) and size(range(0, card.number * passes * 100000)) >= 0"'),
}


@pytest.mark.parametrize("where", sorted(QUICK_FORM_RAISES))
def test_a_condition_whose_quick_form_raises_is_worked_out_by_the_reference(tmp_path: Path, where: str) -> None:
    """Where the written-out form raises Python's error, the reference works the value out in its place: the
    same error of the language, at the same action, on both engines."""
    many_rounds = ("round:\n", "round:\n  game_over: \"round >= 30\"\n")
    reference = load_game(write(tmp_path, changed(QUICK_FORM_RAISES[where], many_rounds)))
    failures = []
    for game in (reference, generated(reference)):
        state, rng = game.new_state(2, 3), random.Random(3)
        with pytest.raises(EvalError) as failed:
            for taken in range(500):
                moves = state.legal_actions()
                state.apply(next((m for m in moves if m.name == "pass"), None) or rng.choice(moves))  # pass if one may
        failures.append((taken, failed.value.kind, str(failed.value)))
    assert failures[0] == failures[1] and failures[0][1] == "too_large"


@pytest.mark.parametrize("name", ["uno", "dos", "uno-dice"])
def test_the_names_the_generated_code_looks_up_are_the_tables_own_keys(name: str) -> None:
    """Each zone's and variable's name the generated module binds is the very key the table holds, so a
    lookup finds it by identity instead of comparing the texts (the same holds for the actions' names)."""
    game = generated(load_game(name))
    table = inspect(game.new_state(game.min_players, 0))
    keys = {key: key for key in [*table.zones, *table.vars, *game.action_index]}
    bound = [value for value in game.listings[None].__globals__.values() if type(value) is str and value in keys]
    assert bound and all(keys[value] is value for value in bound)
    assert all(spec.name is key for key, spec in game.action_index.items())



@pytest.mark.parametrize("name", ["uno", "uno-dice"])
def test_each_text_of_a_ruleset_is_one_object_wherever_it_stands(name: str) -> None:
    """A component's attribute, a die's face, an attribute's declared values and a symbol written in a rule are
    one object per text: a variable set to a colour from any of them holds the object it held when the colour
    did not change, which the generated code tests before it calls the table."""
    game = load_game(name)
    texts = [v for values in game.domains.values() for v in values]
    texts += [c.attrs[a] for c in game.components for a in game.domains]
    texts += [face[a] for c in game.components for face in c.faces for a in game.domains if a in face]
    symbols = _symbols(game.rules)
    texts += [symbol.const for symbol in symbols]
    one: dict[Any, Any] = {}
    assert symbols and len(texts) > 100 and all(one.setdefault(text, text) is text for text in texts)


def _symbols(node: Any) -> list[Any]:
    """The symbols written in a tree's rules (`red` in `active_colour == red`)."""
    if isinstance(node, (list, tuple)):
        return [found for item in node for found in _symbols(item)]
    if isinstance(node, dict):
        return _symbols(list(node.values()))
    if not dataclasses.is_dataclass(node):
        return []
    found = [node] if type(node).__name__ == "Symbol" else []
    return found + [f for field in dataclasses.fields(node) for f in _symbols(getattr(node, field.name))]
