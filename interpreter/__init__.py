"""rulesrun's generic interpreter: it runs any ruleset and knows no game by name."""
from .errors import (GameLimitExceeded, IllegalAction, Position, Problem, ReplayMismatch, RulesetError,
                     RulesrunError)
from .game import Action, Game
from .pipeline import load_document, load_game, ruleset_path, shipped_rulesets
from .state import State

__all__ = ["Action", "Game", "GameLimitExceeded", "IllegalAction", "Position", "Problem", "ReplayMismatch",
           "RulesetError", "RulesrunError", "State", "load_document", "load_game", "ruleset_path",
           "shipped_rulesets"]
