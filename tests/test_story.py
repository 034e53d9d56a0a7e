"""The story of moves: it names no component a viewer may not see, tells a refill by number, lists a move whole."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from rulesrun.cli.story import narrate
from rulesrun.cli.style import words
from rulesrun.interpreter import EVERYONE, Action, load_game, shipped_rulesets, visibility
from rulesrun.interpreter import events as ev

MOVES = 1500  # per game: enough for a refill in every shipped ruleset with random bots


def _seen(state, viewer) -> list[str]:
    """The label of every component the viewer sees now, once per component."""
    view, game = state.view(viewer), state.game
    return [words(game.label(cid, view.faces)) for name, zone in game.zones.items()
            for owner in (range(len(state.scores())) if zone.per_player else (None,))
            for cid in view.zone(name, owner) if cid is not None]


def _in_passing(state, events, viewer) -> list[str]:
    """Components the viewer saw on their way: into or out of a zone they see whole, or alone through a top."""
    game, faces = state.game, state.view(EVERYONE).faces  # the story shows a moving die by its face now
    moved = [e for e in events if isinstance(e, ev.Moved) and e.component is not None]
    routes = Counter((e.from_zone, e.from_owner, e.to_zone, e.to_owner) for e in moved)
    seen = []
    for e in moved:
        ends = ((game.zones[e.from_zone], e.from_owner), (game.zones[e.to_zone], e.to_owner))
        whole = any(visibility.sees_order(zone, owner, viewer) for zone, owner in ends)
        alone = routes[(e.from_zone, e.from_owner, e.to_zone, e.to_owner)] == 1 and \
            any(visibility.sees_arrivals(zone, owner, viewer) for zone, owner in ends)
        if (whole or alone) and (not game.components[e.component].faces or e.component in faces):
            seen.append(words(game.label(e.component, faces)))
    return seen


def _named(line: str, labels: set[str]) -> dict[str, int]:
    """How often each label is said in a line, longer labels first ("wild draw four" is not also "wild")."""
    found: dict[str, int] = {}
    for label in sorted(labels, key=len, reverse=True):
        pattern = re.compile(rf"(?<![\w]){re.escape(label)}(?![\w])")
        found[label] = len(pattern.findall(line))
        line = pattern.sub("·", line)
    return found


REFILLING = ("uno", "dos")  # rulesets whose random games surely refill their stock within MOVES


@pytest.mark.parametrize("ruleset", [name for name, _ in shipped_rulesets()])
def test_no_story_line_names_a_component_hidden_from_its_viewer(ruleset: str) -> None:
    """Play random games until a refill: no line names more of a label than the viewer sees before or after."""
    game = load_game(ruleset)
    state = game.new_state(game.min_players, 7)
    rng = random.Random(7)
    labels = {words(game.label(cid, {cid: face})) for cid, comp in enumerate(game.components)
              for face in range(len(comp.faces or [None]))}
    players = game.min_players
    viewers = [*range(players), None]
    refilled = False
    for _ in range(MOVES if ruleset in REFILLING else MOVES // 4):
        if state.is_over():
            break
        before = {viewer: _seen(state, viewer) for viewer in viewers}
        start = len(state.events)
        state.apply(rng.choice(state.legal_actions()))
        events = state.events[start:]
        refill = any(isinstance(e, ev.Shuffled) for e in events) and any(isinstance(e, ev.ActionTaken) for e in events)
        for viewer in viewers:
            may = before[viewer] + _seen(state, viewer) + _in_passing(state, events, viewer)
            lines = narrate(state, events, viewer)
            acted = [words(e.action) for e in events if isinstance(e, ev.ActionTaken)]
            for line in lines:
                for name in acted:  # an action's name is no label ("catch wild four" names no wild die)
                    line = line.replace(f": {name}", ": ·", 1)
                for label, times in _named(line, labels | set(may)).items():
                    assert times <= may.count(label), (ruleset, viewer, label, line[:300])
            if refill:
                assert all(len(line) < 300 for line in lines), lines
        if refill:
            refilled = True
            break
    assert refilled or ruleset not in REFILLING, f"{ruleset}: no refill in {MOVES} moves"


def test_a_refill_is_told_by_number() -> None:
    game = load_game("uno")
    state = game.new_state(2, 1)
    rng = random.Random(1)
    while not state.is_over():
        start = len(state.events)
        state.apply(rng.choice(state.legal_actions()))
        events = state.events[start:]
        if any(isinstance(e, ev.Shuffled) for e in events) and len(state.events) > 200:
            break
    else:
        pytest.fail("no refill")
    for viewer in (0, 1, None):
        line = narrate(state, events, viewer)[-1]
        assert re.search(r"the discard \(\d+ cards\) is shuffled into the draw", line), line
        assert "discard → draw" not in line


def test_a_move_of_several_components_lists_them_all() -> None:
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent))
    from dos.dos_cards import match_action
    from dos.dos_cards import table as dos_table

    state = dos_table(hands={0: ["R3", "B6", "Y4"]}, row=["Y9"])
    start = len(state.events)
    state.apply(match_action(state, "Y9", "R3", "B6"))
    for viewer in (0, 1, None):
        (line,) = narrate(state, state.events[start:], viewer)
        assert all(card in line for card in ("yellow 9", "red 3", "blue 6")), line


def test_several_components_drawn_are_listed_to_the_one_who_draws_them() -> None:
    game = load_game("uno")
    state = game.new_state(2, 3)
    action = next(a for a in state.legal_actions() if a.name == "draw")
    start = len(state.events)
    state.apply(action)
    drawn = [e.component for e in state.events[start:] if isinstance(e, ev.Moved) and e.to_zone == "hand"]
    mine = narrate(state, state.events[start:], action.actor)[0]
    theirs = narrate(state, state.events[start:], 1 - action.actor)[0]
    assert all(game.label(c, state.view(action.actor).faces) in mine for c in drawn)
    assert f"draws {len(drawn)} card" in theirs
    assert isinstance(action, Action)
