"""rulesrun's generic interpreter: it runs any ruleset and knows no game by name."""
from .errors import (GameLimitExceeded, IllegalAction, Position, Problem, ReplayMismatch, RulesetError,
                     RulesrunError)
from .game import Action, Game
from .pipeline import load_document, load_game, ruleset_path, shipped_rulesets

__all__ = ["Action", "Game", "GameLimitExceeded", "IllegalAction", "Position", "Problem", "ReplayMismatch",
           "RulesetError", "RulesrunError", "State", "load_document", "load_game", "ruleset_path",
           "shipped_rulesets"]


def __getattr__(name: str) -> object:
    """`State` is imported when first asked for: validating a ruleset never needs it."""
    if name == "State":
        from .state import State
        return State
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
