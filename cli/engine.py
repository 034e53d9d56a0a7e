"""`--engine`: what runs a ruleset's conditions and effects in the commands that play many games."""
from __future__ import annotations

from typing import Any

import click

ENGINE = click.option(
    "--engine", type=click.Choice(["generated", "interpreter"]), default="generated", show_default=True,
    help="generated: the ruleset as Python made for it (faster); interpreter: the reference. "
         "Both play the same games.")


def load(ruleset: str, engine: str) -> Any:
    """The game on the engine asked for; a ruleset that could not be generated runs on the reference, said once."""
    from ..interpreter import load_game
    game = load_game(ruleset, engine)
    if game.fallback is not None:
        click.echo(f"note: {ruleset} runs on the interpreter ({game.fallback})", err=True)
    return game
