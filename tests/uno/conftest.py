"""Shared fixtures for the UNO rule tests (tests/ is on the import path, see pyproject.toml)."""
from __future__ import annotations

import pytest

from rulesrun.interpreter import Game, load_game


@pytest.fixture(scope="session")
def uno() -> Game:
    """The shipped UNO ruleset, compiled once (a Game is never changed by play)."""
    return load_game("uno")
