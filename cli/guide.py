"""Help during a game: the ruleset's own words about what may be done now.

All the text comes from the ruleset: its description, the description of each
action that is legal now and of each of its choices, then the other actions
and the zones and variables the table shows. Only the lines on how to answer
belong to the CLI.
"""
from __future__ import annotations

import textwrap

from ..interpreter import Action
from ..interpreter import State
from .moves import Chooser, typing_examples
from .style import Style, words
from .table import label, shown_variables


def rules_help(state: State, actions: list[Action], chooser: Chooser, style: Style, width: int = 80) -> str:
    """The help screen for one decision."""
    game = state.game
    lines = [style.strong(game.title) + (f" — {game.description}" if game.description else "")]
    legal = list(dict.fromkeys(a.name for a in actions))
    lines.append(style.strong("What you may do now:"))
    for name in legal:
        spec = game.action_index[name]
        lines.extend(_entry(words(name), spec.description, 2, width))
        for choice in spec.choices:
            if choice.description:
                lines.extend(_entry(words(choice.name), choice.description, 6, width))
    others = [spec for spec in game.actions if spec.name not in legal]
    if others:
        lines.append(style.strong("Other actions of this game:"))
        for spec in others:
            who = " (anyone, out of turn)" if spec.by_anyone else ""
            lines.extend(_entry(words(spec.name) + who, spec.description, 2, width))
    described = [(words(z.name), z.description) for z in game.zones.values() if z.description]
    described += [(label(v), v.description) for v in shown_variables(game) if v.description]
    if described:
        lines.append(style.strong("On the table:"))
        for name, description in described:
            lines.extend(_entry(name, description, 2, width))
    lines.append(style.strong("How to answer:"))
    examples = ", ".join(f"“{short}” for {label}" for short, label in typing_examples(chooser))
    lines.extend(textwrap.wrap(
        "Enter the number of a move, or type it: its words, or their first letters, in the order shown"
        + (f" ({examples})" if examples else "") + ". Where a move needs more answers they are asked one by "
        "one; u goes back one answer, or takes back your last action in this turn if it showed you nothing "
        "new. q quits the game; Ctrl-C asks first.",
        width, initial_indent="  ", subsequent_indent="  "))
    if not chooser.at_start:
        lines.append(f"  You are answering: {chooser.heading(style)} …")
    return "\n".join(lines)


def _entry(name: str, description: str, indent: int, width: int) -> list[str]:
    text = f"{name} — {description}" if description else name
    return textwrap.wrap(text, width, initial_indent=" " * indent, subsequent_indent=" " * (indent + 4))
