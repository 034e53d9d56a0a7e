"""rulesrun's generic interpreter: it runs any ruleset and knows no game by name.

This module is its face: the command line, the benchmarks and other programs
import what they need from here, never from the stages inside. The package
reads as the pipeline:

    source/    files, safe YAML with positions, `extends`, the shipped rulesets
    language/  the expression language: grammar, parse trees, types
    check/     the JSON Schema stage and the whole-ruleset checks
    backend/   the ruleset compiled into closures, or written as a Python module (codegen/)
    engine/    the running game: the compiled Game, State, actions, events
    play/      bots, playing games out, simulations, comparisons, the game log
    tools/     invariants every game keeps, and `check`, which plays to find a broken one
    words/     everything said in English: diagnostics, rule sheets, diffs

Names are imported when first asked for, so that `rulesrun --help` and
`rulesrun validate` load only what they use.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .errors import (BadFile, EvalError, GameLimitExceeded, IllegalAction, Position, Problem, ReplayMismatch,
                     RulesetError, RulesrunError)

if TYPE_CHECKING:
    from .engine import events, visibility
    from .engine.game import Action, ActionSpec, ChoiceSpec, Faces, Game, VariableSpec, ZoneSpec
    from .engine.moves import Moves
    from .engine.state import EVERYONE, State, View
    from .pipeline import Validation, load_game, validate
    from .play.bots import BOTS, Bot, make_bot
    from .play.compare import Z95, compare
    from .play.log import read_game, read_games, redact, replay, write_game
    from .play.runner import play_out, step
    from .play.sharing import Backend
    from .play.simulate import SimulationResult, derive_seed, simulate
    from .play.takeback import may_take_back
    from .source.catalogue import LOG_SCHEMA, RULESET_SCHEMA, ruleset_path, shipped_path, shipped_rulesets
    from .source.document import Document, load_document
    from .source.files import check_output, open_output
    from .tools.checker import BOT_KINDS, INVARIANTS, check_ruleset, reproduce
    from .words import diagnostics
    from .words.diff import diff
    from .words.errors import say
    from .words.explain import explain
    from .words.refusals import say as say_refusal

_MODULES = {"events": ".engine.events", "visibility": ".engine.visibility",  # modules of the face
            "diagnostics": ".words.diagnostics"}
_WHERE = {  # name -> the module that defines it
    **dict.fromkeys(("Action", "ActionSpec", "ChoiceSpec", "Faces", "Game", "VariableSpec", "ZoneSpec"),
                    ".engine.game"),
    **dict.fromkeys(("EVERYONE", "State", "View"), ".engine.state"),
    "Moves": ".engine.moves",
    **dict.fromkeys(("Validation", "load_game", "validate"), ".pipeline"),
    **dict.fromkeys(("BOTS", "Bot", "make_bot"), ".play.bots"),
    **dict.fromkeys(("Z95", "compare"), ".play.compare"),
    **dict.fromkeys(("read_game", "read_games", "redact", "replay", "write_game"), ".play.log"),
    **dict.fromkeys(("play_out", "step"), ".play.runner"),
    "Backend": ".play.sharing",
    **dict.fromkeys(("SimulationResult", "derive_seed", "simulate"), ".play.simulate"),
    "may_take_back": ".play.takeback",
    **dict.fromkeys(("LOG_SCHEMA", "RULESET_SCHEMA", "ruleset_path", "shipped_path", "shipped_rulesets"),
                    ".source.catalogue"),
    **dict.fromkeys(("Document", "load_document"), ".source.document"),
    **dict.fromkeys(("check_output", "open_output"), ".source.files"),
    **dict.fromkeys(("BOT_KINDS", "INVARIANTS", "check_ruleset", "reproduce"), ".tools.checker"),
    "diff": ".words.diff",
    "explain": ".words.explain",
    "say": ".words.errors",
}
_RENAMED = {"say_refusal": (".words.refusals", "say")}  # name of the face -> (module, its name there)

__all__ = ["BadFile", "EvalError", "GameLimitExceeded", "IllegalAction", "Position", "Problem", "ReplayMismatch",
           "RulesetError", "RulesrunError", *_MODULES, *_WHERE, *_RENAMED]


def __getattr__(name: str) -> Any:
    """A name of the face, imported from the module that defines it when it is first asked for."""
    if name in _MODULES:
        value = import_module(_MODULES[name], __name__)
    elif name in _RENAMED:
        module, inner = _RENAMED[name]
        value = getattr(import_module(module, __name__), inner)
    elif name in _WHERE:
        value = getattr(import_module(_WHERE[name], __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
