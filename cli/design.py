"""`rulesrun explain` and `rulesrun diff`: a ruleset as a rule sheet, and what a variant changes."""
from __future__ import annotations

import sys

import click

_FORMAT = click.option("--format", "output", type=click.Choice(["markdown", "md", "text"]), default=None,
                       help="markdown (or md), or text [default: text on a terminal, Markdown into a file or a pipe].")


def _markdown(output: str | None) -> bool:
    """Markdown where asked for, or where the words go to a file or a pipe rather than to a person's terminal."""
    return output in ("markdown", "md") or output is None and not sys.stdout.isatty()


@click.command("explain")
@click.argument("ruleset", metavar="RULESET")
@_FORMAT
def explain_command(ruleset: str, output: str | None) -> None:
    """Print a rule sheet generated from a ruleset.

    Components, zones, setup, rounds, what a turn consists of, every action with
    its condition and effects in words, what happens by itself, and the named
    definitions, each said once.
    """
    from ..interpreter import explain
    click.echo(explain(ruleset, markdown=_markdown(output)), nl=False)


@click.command("diff")
@click.argument("base", metavar="BASE")
@click.argument("variant", metavar="VARIANT")
@_FORMAT
def diff_command(base: str, variant: str, output: str | None) -> None:
    """Say what VARIANT changes compared with BASE.

    Both rulesets are compared with everything they extend merged in: first the
    changes in words, section by section, then every added, removed and changed
    path with its old and new value.
    """
    from ..interpreter import diff
    click.echo(diff(base, variant, markdown=_markdown(output)), nl=False)
