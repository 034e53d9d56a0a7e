"""The legal moves of a phase written out: `Listing.actions` of `engine/legality.py`, for one phase.

The engine lists a moment's moves by going over the actions its phase allows
and asking each what it declares (who may take it, its `if`, whether some
seat's flag lets a claim be open, its lister). A generated game knows, so one
function per phase (and one for its claims alone) holds only those actions,
in declaration order, tests their guards in line and calls their listers by
name, and tests in line whether any seat may be the player a claim picks. It does what
the loop does in the same order: it names each action's rule on the table,
offers a claim to every seat still in, notes where each seat's claims lie (see
`engine/moves.py`), and falls back to the engine's walk of an action's choices
where its lister gives up or where it has none.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import legality
from ...engine.game import Action, ActionSpec, Game
from ...errors import RECOVERABLE
from ...tree import nodes as n
from .expressions import USES_LOCALS

if TYPE_CHECKING:
    from .game import Generator


class PhaseListingCode:
    """Writes `def _g…(e, o, c)`: the moves of one phase into the list `o`, the claims' places into `c`."""

    def __init__(self, generator: Generator, game: Game, parts: dict[str, str | None]):
        """`parts`: each action's generated lister, by name (None: none)."""
        self.generator, self.module, self.game, self.parts = generator, generator.module, game, parts

    def listing(self, phase: str | None, claims_only: bool) -> str:
        """The name of the function listing the moves of `phase` (only its claims, with `claims_only`)."""
        game = self.game
        specs = game.claims_in_phase(phase) if claims_only else game.actions_in_phase(phase)
        name = self.module.name()
        body = [line for spec in specs for line in self._action(spec)]
        head = [f"def {name}(e, o, c):", "    s = e.state"]
        if any(USES_LOCALS.search(line) for line in body):  # a condition written in line reads a local name
            head.append("    l = e.loc")
        self.module.add(head + body + ["    return None", ""])
        return name

    def _action(self, spec: ActionSpec) -> list[str]:
        """One action's part, as the engine's loop takes it: its rule named, who may act, its guard, its moves."""
        bind = self.module.bind
        lines = [f"    s.rule = {bind(spec.rule.path)}"]
        indent = "    "
        lister, guard = self.parts[spec.name], spec.rule.guard
        if spec.by_anyone:
            if spec.picks_a_player:  # somebody could be chosen, whoever claims
                if spec.pick_flag is not None:
                    lines.append(f"{indent}if {self._some(spec.pick_flag)}:")
                    indent += "    "
                lines += self._anyone_picked(spec, indent)
                lines.append(f"{indent}if _v4:")
                indent += "    "
            if spec.guard_flag is not None:  # somebody's `if` may hold
                lines.append(f"{indent}if {self._some(spec.guard_flag)}:")
                indent += "    "
            lines += [f"{indent}for _v1 in range(s.players):", f"{indent}    if _v1 in s.out:",
                      f"{indent}        continue", f"{indent}    e.player = _v1"]
            indent += "    "
        else:
            lines.append("    e.player = s.current")
        if guard is not None:
            lines.append(f"{indent}if {self._in_place(guard, indent, lines)}:")
            indent += "    "
        if spec.by_anyone:
            lines.append(f"{indent}_v2 = len(o)")
        lines += self._moves(spec, lister, indent)
        if spec.by_anyone:
            lines += [f"{indent}if len(o) > _v2:", f"{indent}    c.append((e.player, _v2, len(o)))"]
        return lines

    def _anyone_picked(self, spec: ActionSpec, indent: str) -> list[str]:
        """Set `_v4` to whether any seat may be the one the claim picks (as `Listing._anyone_picked`, each tested)."""
        choice = spec.choices[spec.order[0]]
        assert choice.rule.where is not None  # a claim that picks a player says which
        key = self.module.bind(choice.name)
        lines = [f"{indent}l = e.loc", f"{indent}_v4 = False", f"{indent}for _v5 in range(s.players):",
                 f"{indent}    l[{key}] = _v5"]
        lines.append(f"{indent}    if {self._in_place(choice.rule.where, indent + '    ', lines)}:")
        return lines + [f"{indent}        _v4 = True", f"{indent}l.pop({key}, None)"]

    def _in_place(self, condition: n.Expr, indent: str, lines: list[str]) -> str:
        """A condition written where it is tested (see `Generator.in_place`), not called by its function's name."""
        return self.generator.in_place(condition, lambda extra, text: lines.append(indent + "    " * extra + text), 0)

    def _moves(self, spec: ActionSpec, lister: str | None, indent: str) -> list[str]:
        """Add the action's moves by `e.player` to `o`: by its lister, else (or should it give up) by the walk."""
        bind = self.module.bind
        if not spec.choices:
            return [f"{indent}o.append({bind(tuple.__new__)}({bind(Action)}, ({bind(spec.name)}, e.player, ())))"]
        walked = f"{bind(legality.walked)}({bind(spec.name)}, e)"
        if lister is None:
            return [f"{indent}o.extend({walked})"]
        return [f"{indent}_v3 = []", f"{indent}try:", f"{indent}    {lister}(e, _v3)",
                f"{indent}except {bind(RECOVERABLE)}:", f"{indent}    _v3 = {walked}", f"{indent}o.extend(_v3)"]

    def _some(self, flag: str | None) -> str:
        """Source that is true when some seat's flag is (see `first_flag` in engine/game.py)."""
        return "True" if flag is None else f"any(s.vars[{self.module.bind(flag)}])"
