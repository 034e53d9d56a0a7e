"""How bots are named on the command line: `random`, `greedy`, `search`, `search:hard`, `search:200`."""
from __future__ import annotations

from typing import Any

import click

LEVELS = ("easy", "normal", "hard")


class BotKind(click.ParamType):
    """A bot kind, checked against the interpreter's bots only when a command runs."""

    name = "bot"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from ..interpreter.play.bots import check_kind
        try:
            return check_kind(str(value))
        except ValueError as err:
            self.fail(str(err), param, ctx)


def bot_list(ctx: click.Context, param: click.Parameter, value: str | None) -> list[str]:
    """`--bots random,greedy`: a checked bot kind for each."""
    kind = BotKind()
    return [kind.convert(k.strip(), param, ctx) for k in (value or "").split(",") if k.strip()]


def at_level(kinds: list[str], level: str | None) -> list[str]:
    """`--level`: the budget of every search bot given without one."""
    if level is None:
        return kinds
    return [f"search:{level}" if kind == "search" else kind for kind in kinds]


LEVEL = click.option("--level", type=click.Choice(LEVELS), default=None,
                     help="How hard the search bots think: easy, normal or hard [default: normal]; "
                          "search:PLAYOUTS sets a budget of its own.")
