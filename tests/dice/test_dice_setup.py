"""UNO Dice overview, components and setup: DICE-1, DICE-2 and DICE-3."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from dice_lookup import (LEFT, TOTAL_DICE, A, B, C, assert_conserved, dice_game, die, face_text, name, play, sizes,
                         table, variant)
from helpers import events_of, truth
from rulesrun.interpreter import IllegalAction, State
from rulesrun.interpreter.engine import events as ev

# DICE-2.5 as the rule book prints it.
FACE_TABLE = """
N01 R1 Y2 G3 B4 R5 Y6
N02 R1 Y2 G3 B4 R5 Y6
N03 R1 Y2 G3 B4 R5 Y6
N04 R1 Y2 G3 B4 R5 Y6
N05 R1 Y2 G3 B4 R5 Y6
N06 Y1 G2 B3 R4 Y5 G6
N07 Y1 G2 B3 R4 Y5 G6
N08 Y1 G2 B3 R4 Y5 G6
N09 Y1 G2 B3 R4 Y5 G6
N10 Y1 G2 B3 R4 Y5 G6
N11 G1 B2 R3 Y4 G5 B6
N12 G1 B2 R3 Y4 G5 B6
N13 G1 B2 R3 Y4 G5 B6
N14 G1 B2 R3 Y4 G5 B6
N15 G1 B2 R3 Y4 G5 B6
N16 B1 R2 Y3 G4 B5 R6
N17 B1 R2 Y3 G4 B5 R6
N18 B1 R2 Y3 G4 B5 R6
N19 B1 R2 Y3 G4 B5 R6
N20 B1 R2 Y3 G4 B5 R6
C1 R-Rev Y-Rev G-Skip B-Skip R-D2 Y-D2
C2 Y-Rev G-Rev B-Skip R-Skip Y-D2 G-D2
C3 G-Rev B-Rev R-Skip Y-Skip G-D2 B-D2
"""
CYCLE = ["red", "yellow", "green", "blue"]


def faces_by_name() -> dict[str, list[dict]]:
    game = dice_game()
    return {name(game, c.id): list(c.faces) for c in game.components}


def kind(die_name: str) -> str:
    return dice_game().components[die(dice_game(), die_name)].attrs["kind"]


def round_events(state: State) -> list[ev.Event]:
    """The events since the latest round started."""
    start = max(i for i, e in enumerate(state.events) if isinstance(e, ev.RoundStarted))
    return state.events[start:]


# ------------------------------------------------------------ DICE-1 overview

@pytest.mark.parametrize("players", [2, 3, 4])
def test_dice_1_1_two_to_four_players(players: int) -> None:
    """DICE-1.1: a game for 2 to 4 players."""
    state = dice_game().new_state(players, seed=1)
    assert truth(state).players == players and len(truth(state).zones["hand"]) == players


@pytest.mark.parametrize("players", [1, 5])
def test_dice_1_1_other_player_counts_are_refused(players: int) -> None:
    """DICE-1.1: one player or five players cannot start a game."""
    with pytest.raises(IllegalAction):
        dice_game().new_state(players, seed=1)


def test_dice_1_2_hands_of_dice_and_a_center_die() -> None:
    """DICE-1.2: each player holds a hand of rolled dice; one center die is matched."""
    state = dice_game().new_state(3, seed=4)
    assert len(truth(state).zones["center"]) == 1 and all(n > 0 for n in sizes(state))


def test_dice_1_3_first_player_out_wins_the_round_and_scores_the_others() -> None:
    """DICE-1.3: going out wins the round and scores the dice left in the other hands."""
    state = table(center="N12=R3", hands={A: ["N13=R3"], B: ["N01=Y2"], C: ["C1=R-Rev", "WILD"]}, bag_size=20)
    play(state, "N13")
    (ended,) = events_of(state, ev.RoundEnded)
    assert ended.winner == A and list(ended.scores) == [2 + 20 + 50, 0, 0]


def test_dice_1_4_the_game_is_played_to_500() -> None:
    """DICE-1.4: the game's target is 500."""
    assert dice_game().params["target_score"] == 500


def test_dice_1_5_no_discard_pile() -> None:
    """DICE-1.5: there is only the bag, the center and the hands; the old center goes back into the bag."""
    assert set(dice_game().zones) == {"bag", "center", "hand"}
    assert not dice_game().zones["center"].per_player and dice_game().zones["hand"].per_player


# ------------------------------------------------------------ DICE-2 components

def test_dice_2_1_twenty_five_dice_and_a_bag() -> None:
    """DICE-2.1: 25 six-sided dice and one draw bag."""
    game = dice_game()
    assert len(game.components) == TOTAL_DICE and all(len(c.faces) == 6 for c in game.components)
    assert game.zones["bag"].bag and game.zones["bag"].visibility == "hidden"


def test_dice_2_2_four_colours_and_wild_faces_have_none() -> None:
    """DICE-2.2: the colours are red, yellow, green and blue; wild faces have no colour."""
    seen = {face.get("colour") for faces in faces_by_name().values() for face in faces}
    assert seen == {"red", "yellow", "green", "blue", None}
    for die_name in ("WILD", "WD4"):
        assert all(face.get("colour") is None for face in faces_by_name()[die_name])


def test_dice_2_3_four_kinds_of_face() -> None:
    """DICE-2.3: a number face has a colour and a number 1-6, a command face a colour and a command."""
    for die_name, faces in faces_by_name().items():
        for face in faces:
            if kind(die_name) == "number":
                assert face["colour"] and face["number"] in range(1, 7) and face.get("command") is None
            elif kind(die_name) == "command":
                assert face["colour"] and face["command"] in ("reverse", "skip", "draw_two")
                assert face.get("number") is None
            else:
                assert face.get("number") is None and face.get("command") is None


def test_dice_2_4_kinds_of_die() -> None:
    """DICE-2.4: N01-N20 number dice, C1-C3 command dice, one WILD, one WD4."""
    by_kind = Counter(c.attrs["kind"] for c in dice_game().components)
    assert by_kind == {"number": 20, "command": 3, "wild": 1, "wild_draw_four": 1}
    names = [name(dice_game(), c.id) for c in dice_game().components]
    assert sorted(names) == sorted([f"N{i:02d}" for i in range(1, 21)] + ["C1", "C2", "C3", "WILD", "WD4"])
    for die_name, faces in faces_by_name().items():
        if kind(die_name) == "number":
            assert sorted(face["number"] for face in faces) == [1, 2, 3, 4, 5, 6]
        if kind(die_name) == "command":
            assert Counter(face["command"] for face in faces) == {"reverse": 2, "skip": 2, "draw_two": 2}


def test_dice_2_5_the_face_table() -> None:
    """DICE-2.5: every face of every die is as the table gives it, f1 to f6."""
    faces = faces_by_name()
    for line in FACE_TABLE.strip().splitlines():
        die_name, *expected = line.split()
        assert [face_text(face) for face in faces[die_name]] == expected, die_name
    for die_name in ("WILD", "WD4"):
        assert [face_text(face) for face in faces[die_name]] == [""] * 6


def test_dice_2_6_the_table_follows_the_formula() -> None:
    """DICE-2.6: face fk has colour cycle[(k - 1 + L) mod 4]; number k; Rev, Skip, D2 in pairs."""
    offsets = {**{f"N{i:02d}": (i - 1) // 5 for i in range(1, 21)}, "C1": 0, "C2": 1, "C3": 2}
    commands = ["reverse", "reverse", "skip", "skip", "draw_two", "draw_two"]
    for die_name, offset in offsets.items():
        for k, face in enumerate(faces_by_name()[die_name], start=1):
            assert face["colour"] == CYCLE[(k - 1 + offset) % 4]
            if die_name.startswith("N"):
                assert face["number"] == k
            else:
                assert face["command"] == commands[k - 1]


def test_dice_2_7_a_numbers_and_colours_are_balanced() -> None:
    """DICE-2.7 (a): each (number, colour) is on exactly five number dice; each colour on 30 faces."""
    faces = [face for die_name, fs in faces_by_name().items() if kind(die_name) == "number" for face in fs]
    pairs = Counter((face["number"], face["colour"]) for face in faces)
    assert len(pairs) == 24 and set(pairs.values()) == {5}
    assert Counter(face["colour"] for face in faces) == {colour: 30 for colour in CYCLE}


def test_dice_2_7_b_every_command_in_every_colour() -> None:
    """DICE-2.7 (b): every (command, colour) pair is on some command die."""
    pairs = {(face["command"], face["colour"]) for die_name, fs in faces_by_name().items()
             if kind(die_name) == "command" for face in fs}
    assert pairs == {(command, colour) for command in ("reverse", "skip", "draw_two") for colour in CYCLE}


def test_dice_2_7_c_a_die_shows_faces_of_its_own_kind() -> None:
    """DICE-2.7 (c): a command die always shows a command, a number die a number, a wild die no colour."""
    for die_name, faces in faces_by_name().items():
        shows = {"number" if f.get("number") else "command" if f.get("command") else "wild" for f in faces}
        assert shows == {kind(die_name) if kind(die_name) in ("number", "command") else "wild"}


def test_dice_2_8_point_values() -> None:
    """DICE-2.8: number dice score the number shown, command dice 20, the wild dice 50."""
    game = dice_game()
    for c in game.components:
        for index, face in enumerate(c.faces):
            faces = [0] * TOTAL_DICE
            faces[c.id] = index
            expected = {"number": face.get("number"), "command": 20}.get(c.attrs["kind"], 50)
            assert game.attribute(c.id, "points", faces) == expected


def test_dice_2_9_the_composition_is_part_of_the_ruleset(tmp_path: Path) -> None:
    """DICE-2.9: the `dice:` list decides the set; a fourth command die added there is in the game."""
    game = variant(tmp_path, extra_dice="    - name: C4\n      kind: command\n      faces: "
                   "[{colour: red, command: reverse}, {colour: yellow, command: reverse}, "
                   "{colour: green, command: skip}, {colour: blue, command: skip}, "
                   "{colour: red, command: draw_two}, {colour: yellow, command: draw_two}]\n")
    names = [c.attrs["name"] for c in game.components]
    assert len(names) == 26 and "C4" in names
    def shown(die_name: str) -> list[str]:
        return [face_text(face) for face in game.components[names.index(die_name)].faces]
    assert shown("C4") == shown("C1")


# ------------------------------------------------------------ DICE-3 setup

def test_dice_3_1_all_dice_into_the_bag_scores_zero() -> None:
    """DICE-3.1: a new game gathers every die into the bag first; scores start at 0."""
    state = dice_game().new_state(3, seed=2)
    assert state.scores() == [0, 0, 0]
    first_move = next(i for i, e in enumerate(state.events) if isinstance(e, ev.Moved))
    gathered = [e for e in state.events[:first_move] if isinstance(e, ev.Gathered)]
    assert gathered and gathered[-1].zone == "bag"
    assert all(e.from_zone == "bag" for e in state.events if isinstance(e, ev.Moved) and e.to_zone != "bag")


@pytest.mark.parametrize("seed", range(5))
def test_dice_3_2_seat_one_starts_the_first_round(seed: int) -> None:
    """DICE-3.2: the first round's starter is seat 1."""
    state = dice_game().new_state(4, seed=seed)
    assert truth(state).dealer == A and state.current_player() == A


@pytest.mark.parametrize("seed", range(20))
def test_dice_3_3_the_round_starts_on_a_number(seed: int) -> None:
    """DICE-3.3: dice showing no number go back into the bag; the center die shows a number."""
    state = dice_game().new_state(2, seed=seed)
    (middle,) = truth(state).zones["center"]
    assert state.game.components[middle].attrs["kind"] == "number"
    assert truth(state).variables["active_colour"] == state.game.attribute(middle, "colour", truth(state).faces)
    to_center = [e for e in state.events if isinstance(e, ev.Moved) and e.to_zone == "center"]
    returned = [e.component for e in state.events if isinstance(e, ev.Moved) and e.from_zone == "center"]
    assert [e.component for e in to_center[:-1]] == returned
    assert all(state.game.components[c].attrs["kind"] != "number" for c in returned)
    first_hand = next(i for i, e in enumerate(state.events) if isinstance(e, ev.Moved) and e.to_zone == "hand")
    assert state.events.index(to_center[-1]) < first_hand  # the center die comes before the hands
    assert not events_of(state, ev.Skipped) and not events_of(state, ev.DirectionChanged)


def test_dice_3_3_a_seed_whose_first_draw_shows_no_number() -> None:
    """DICE-3.3: among the first seeds some draw a command or wild die first, and it goes back."""
    returned = 0
    for seed in range(60):
        state = dice_game().new_state(3, seed=seed)
        returned += sum(1 for e in state.events if isinstance(e, ev.Moved) and e.from_zone == "center")
    assert returned > 0


@pytest.mark.parametrize("starter", [A, B, C])
def test_dice_3_4_hands_are_drawn_from_the_starter_leftwards(starter: int) -> None:
    """DICE-3.4: starting with the starter and going left, each player draws five dice."""
    state = table(center="N12=R3", hands={starter: ["N13=R3"]}, current=starter)
    play(state, "N13")
    assert truth(state).dealer == starter
    owners = [e.to_owner for e in round_events(state) if isinstance(e, ev.Moved) and e.to_zone == "hand"]
    assert owners == [p for p in [(starter + i) % 3 for i in range(3)] for _ in range(5)]


def test_dice_3_5_every_hand_die_is_rolled_and_public() -> None:
    """DICE-3.5: every die drawn for a hand is rolled; hands are public."""
    state = dice_game().new_state(3, seed=8)
    rolled = {e.component for e in events_of(state, ev.Rolled)}
    assert all(cid in rolled for h in truth(state).zones["hand"] for cid in h)
    for seat, held in enumerate(truth(state).zones["hand"]):
        assert state.view(None).zones["hand"][seat] == held


def test_dice_3_6_direction_left_and_the_starter_plays_first() -> None:
    """DICE-3.6: the direction is left; the starter takes the first turn."""
    state = dice_game().new_state(4, seed=3)
    assert truth(state).direction == LEFT and state.current_player() == truth(state).dealer and truth(state).phase == "roll_a"


@pytest.mark.parametrize(("players", "left"), [(2, 14), (3, 9), (4, 4)])
def test_dice_3_7_what_stays_in_the_bag(players: int, left: int) -> None:
    """DICE-3.7: the bag holds 25 - 1 - 5 x players dice after setup."""
    state = dice_game().new_state(players, seed=players)
    assert len(truth(state).zones["bag"]) == left and sizes(state) == [5] * players
    assert_conserved(state)
