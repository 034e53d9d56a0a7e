"""Game-agnostic test helpers: put a State into a known position and act by name.

Rule tests start from the exact position a rule talks about instead of playing
until it happens by chance. `arrange` moves components into place and resets the
bookkeeping a fresh turn would have; `act` takes an action through
`State.apply`, so an illegal move raises IllegalAction exactly as it would in play.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from rulesrun.interpreter import Action, Game, IllegalAction, State, load_game, ruleset_path
from rulesrun.interpreter.engine import position
from rulesrun.interpreter.engine.state import EVERYONE, View

Lookup = Callable[[Any], Sequence[int]]
Placement = Mapping[str, Any]


class _Picker:
    """Hands out component ids: ints as given, anything else through `lookup`, never one twice."""

    def __init__(self, lookup: Lookup | None):
        self.lookup = lookup
        self.used: set[int] = set()

    def __call__(self, item: Any) -> int:
        if isinstance(item, int) and not isinstance(item, bool):
            candidates: Sequence[int] = (item,)
        elif self.lookup is None:
            raise ValueError(f"{item!r} is not a component id and no lookup was given")
        else:
            candidates = self.lookup(item)
        for cid in candidates:
            if cid not in self.used:
                self.used.add(cid)
                return cid
        raise ValueError(f"no unused component left for {item!r}")


def arrange(state: State, *, zones: Placement | None = None, hands: Mapping[int, Iterable[Any]] | None = None,
            variables: Mapping[str, Any] | None = None, current: int = 0, direction: int = 1,
            dealer: int | None = None, phase: str | None = None, faces: Mapping[int, int] | None = None,
            rest: str | tuple[str, int] | None = None, lookup: Lookup | None = None,
            generator: random.Random | None = None) -> State:
    """Put `state` into a known position at the start of `current`'s turn and return it (`position.arrange`).

    - zones: zone name -> components, **top first** (the first item is the top, the next to
      be drawn); a per-player zone takes a mapping seat -> components, a numbered zone a list of piles.
    - hands: shorthand for the game's hand zone, seat -> components.
    - components are ids, or any other value that `lookup(value)` turns into candidate ids;
      the first candidate not yet placed is taken, so identical components can be listed twice.
    - rest, variables, faces, dealer, phase, generator: as `position.arrange` takes them.
    The event list is cleared, so later assertions see only what follows.
    """
    game = state.game
    pick = _Picker(lookup)
    wanted = dict(zones or {})
    if hands is not None:
        wanted[game.hand_zone] = hands
    placed: dict[str, Any] = {}
    for name, content in wanted.items():
        if game.zones[name].per_player:
            placed[name] = {seat: [pick(item) for item in items] for seat, items in content.items()}
        elif game.zones[name].numbered:
            placed[name] = [[pick(item) for item in pile] for pile in content]
        else:
            placed[name] = [pick(item) for item in content]
    position.arrange(state, zones=placed, variables=variables, faces=faces, current=current, direction=direction,
                     dealer=dealer, phase=phase, rest=rest, generator=generator)
    check_places(state)
    return state


def truth(state: State) -> View:
    """The whole table, every hand and hidden value included: what a test reads to check a rule."""
    return state.view(EVERYONE)


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything a rule can change, for comparing a state before and after an attempt."""
    seen = truth(state)
    zones = {name: [list(h) for h in z] if state.game.zones[name].per_player else list(z)
             for name, z in seen.zones.items()}
    variables = {name: list(v) if isinstance(v, list) else v for name, v in seen.variables.items()}
    return (zones, variables, dict(seen.faces), seen.current, seen.phase, seen.direction, seen.dealer,
            seen.round, seen.over)


def check_places(state: State) -> None:
    """Assert that every component is in exactly one zone, the one the table says it is in."""
    from rulesrun.interpreter.tools.invariants import conservation
    assert conservation(state) == []


def act(state: State, name: str, actor: int | None = None, **choices: Any) -> Action:
    """Apply the action `name` with `choices` for `actor` (default: the current player)."""
    action = Action(name, state.current_player() if actor is None else actor, tuple(choices.items()))
    state.apply(action)
    return action


def no_effect(state: State, move: Callable[[], Any]) -> None:
    """Assert that `move` changes nothing, whether the engine refuses it or accepts it as a no-op."""
    before = snapshot(state)
    try:
        move()
    except IllegalAction:
        pass
    assert snapshot(state) == before


SLIPS = frozenset({"no_such_action", "unexpected", "no_such_player"})  # a refusal that means the test tried nothing


def refused(state: State, move: Callable[[], Any], because: str | None = None) -> str:
    """Assert that the engine refuses `move` and leaves the state as it was; return the refusal's code.

    The refusal must be `because` when it is given; otherwise it may be any refusal but one
    that says the action or a choice does not exist (a misspelt name is no test of a rule).
    """
    before = snapshot(state)
    try:
        move()
    except IllegalAction as err:
        assert snapshot(state) == before
        code = err.refusal.code
        if because is not None:
            assert code == because, f"refused because {code}, not {because}: {err}"
        else:
            assert code not in SLIPS, f"refused for a slip of the test: {err}"
        return code
    raise AssertionError("the move was accepted")


def action_names(state: State, actor: int) -> set[str]:
    """The names of the actions `actor` may take now."""
    return {a.name for a in state.legal_actions() if a.actor == actor}


def events_of(state: State, kind: type) -> list[Any]:
    """The events of one type, oldest first."""
    return [e for e in state.events if isinstance(e, kind)]


class StackedRandom(random.Random):
    """A generator whose shuffles put chosen components on top, in a chosen order.

    `StackedRandom([3, 9], [5])`: the first shuffle leaves 3 on top and 9 under it, the
    second leaves 5 on top; the other components keep their order beneath. Shuffles after
    the last listed one change nothing. Everything else is a normal seeded generator.
    """

    def __init__(self, *tops: Sequence[int], seed: int = 0):
        super().__init__(seed)
        self.tops = [list(top) for top in tops]

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        top = self.tops.pop(0) if self.tops else []
        chosen = [cid for cid in top if cid in x]
        x[:] = [cid for cid in x if cid not in chosen] + list(reversed(chosen))


def with_params(ruleset: str, tmp_path: Path, **params: Any) -> Game:
    """A shipped ruleset with some parameters changed.

    Parameters are folded into the compiled game, so the ruleset text is edited instead
    (each `name: {value: ...,` is rewritten) and the copy in `tmp_path` is loaded.
    """
    text = ruleset_path(ruleset).read_text(encoding="utf-8")
    for name, value in params.items():
        needle = f"{name}: {{value: "
        start = text.index(needle) + len(needle)
        end = text.index(",", start)
        text = text[:start] + str(value) + text[end:]
    path = tmp_path / f"{ruleset}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_game(str(path))


def table_ruleset(tmp_path: Path, text: str) -> Game:
    """A table's own ruleset file (usually an overlay of shipped variants), written beside the test."""
    path = tmp_path / "table.yaml"
    path.write_text(text, encoding="utf-8")
    return load_game(str(path))


def refusal(tmp_path: Path, text: str) -> list[Any]:
    """The problems for which a table's own ruleset is refused (fails the test if it loads)."""
    from rulesrun.interpreter import RulesetError
    try:
        table_ruleset(tmp_path, text)
    except RulesetError as err:
        return err.problems
    raise AssertionError("the ruleset loaded")


def run_cli(*args: str, stdin: str | None = None) -> Any:
    """Invoke the `rulesrun` command; any exception other than a deliberate exit fails the test."""
    from click.testing import CliRunner
    from rulesrun.cli.main import main
    result = CliRunner().invoke(main, list(args), input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.output
    return result


# ---------------------------------------------------------------- the corpus's clean base ruleset, edited

CORPUS_BASE = (Path(__file__).parent / "corpus" / "lib" / "base.yaml").read_text(encoding="utf-8")


def changed(*pairs: tuple[str, str], text: str = CORPUS_BASE) -> str:
    """A ruleset text (the corpus's clean base) with each `old` (found exactly once) replaced by `new`."""
    for old, new in pairs:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def write(tmp_path: Path, text: str, name: str = "house.yaml") -> str:
    """The text as a file in `tmp_path`; its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)

