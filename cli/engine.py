"""`--engine`: what runs a ruleset's conditions and effects in the commands that play many games."""
from __future__ import annotations

import click

ENGINE = click.option(
    "--engine", type=click.Choice(["generated", "interpreter"]), default="generated", show_default=True,
    help="generated: the ruleset as Python made for it (faster); interpreter: the reference. "
         "Both play the same games.")
