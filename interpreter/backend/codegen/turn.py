"""The turn written out per ruleset: taking an action and starting a turn, as `engine/flow.py` does them.

`flow.take` and `flow.start_turn` ask the game at every step what it declares
(a turn's `on_begin`, its phase, the triggers watched at a moment, the
variables a turn resets); a generated game knows, so these functions hold only
the steps its ruleset has, and call the generated effects, conditions and
trigger passes by name. They do what the flow does in the same order, name the
same rule running on the table, and leave the rare paths (a game past its
bounds, a choice left out that takes its default, a round that ends) to the
flow's own functions.

The rules run with no local names of their own (the turn's `on_begin` and
`on_end`, the triggers) share one environment, its player set for each: the
flow gives each a new one, but a rule leaves the names it binds as it found
them (none, where they were not bound), and names are read as none when
unbound, so what one leaves is what a new environment holds. The action's
effects use it too, with the action's names in place of its own meanwhile.
"""
from __future__ import annotations

from ...engine import events as ev
from ...engine import flow
from ...engine.game import ActionSpec, Game
from ...engine.table import RoundOver
from ..closures import Env
from .module import ModuleWriter


class TurnCode:
    """Writes a game's `take` for each action and its `start_turn`, given the names of its generated parts."""

    def __init__(self, module: ModuleWriter, game: Game, parts: dict[str, str | None], passes: dict[str, str]):
        self.module, self.game, self.parts, self.passes = module, game, parts, passes
        bind = module.bind
        self.env, self.record, self.round_over = bind(Env), bind(ev.record), bind(RoundOver)
        self.start_name = module.name()

    def start_turn(self) -> str:
        """`flow.start_turn`: reset the turn's variables, work out its phase, record it, check the triggers then."""
        bind, literal = self.module.bind, self.module.literal
        lines = [f"def {self.start_name}(s):"]
        for variable in self.game.variables_in_scope(flow.TURN_SCOPE):
            initial = literal(variable.initial)
            value = f"[{initial}] * s.players" if variable.per_player else initial
            lines.append(f"    s.vars[{bind(variable.name)}] = {value}")
        lines += ["    s.skipped = []", "    s.turn_begun = False", "    s.turn_ended = False", "    s.hand_on = None",
                  f"    s.rule = {bind(flow.TURN_PHASE)}"]
        phase, watch = self.parts["turn_phase"], self.passes.get("turn_start")
        if phase is not None or watch is not None:
            lines.append(f"    _v1 = {self.env}(s, s.current)")
        if phase is not None:
            lines += [f"    _v0 = {phase}(_v1)", "    s.phase = _v0"]
        else:
            lines += ["    _v0 = None", "    s.phase = None"]
        lines.append(f"    s.events.append({self.record}({bind(ev.TurnStarted)}, (s.current, _v0)))")
        if watch is not None:
            lines += ["    try:", f"        {watch}(_v1)", f"    except {self.round_over}:",
                      "        pass", "    return s.round_over"]
        else:
            lines.append("    return False")
        self.module.add(lines + [""])
        return self.start_name

    def take(self, spec: ActionSpec, effects: str) -> str:
        """`flow.take` of one action: count it, record it, begin the turn, its effects, the turn's end, the triggers."""
        bind, literal, game = self.module.bind, self.module.literal, self.game
        name, env = self.module.name(), self.env
        lines = [f"def {name}(s, a, f):",
                 f"    if s.round_actions >= {literal(game.max_actions)} or s.round > {literal(game.max_rounds)}:",
                 f"        {bind(flow.over_bounds)}(s)",
                 "    s.action_count = s.action_count + 1", "    s.round_actions = s.round_actions + 1",
                 "    s.steps = 0", "    _v1 = a[1]", "    _v2 = a[2]", f"    l = {bind(dict)}(_v2)"]
        if spec.choices:
            lines += [f"    if len(l) < {len(spec.choices)}:",  # a choice left out: none, unless it takes its default
                      "        if f:", f"            for _v4 in {bind(tuple(c.name for c in spec.choices))}:",
                      "                if _v4 not in l:", "                    l[_v4] = None",
                      "        else:", f"            {bind(flow.left_out)}(s, {bind(spec.name)}, l, _v1, f)"]
        lines += [f"    s.events.append({self.record}({bind(ev.ActionTaken)}, (_v1, {bind(spec.name)}, _v2)))",
                  "    s.last_actor = _v1"]
        begin, action_pass = self.parts["turn_on_begin"], self.passes.get("action")
        end, turn_end = self.parts["turn_on_end"], self.passes.get("turn_end")
        shared = begin is not None or action_pass is not None or end is not None or turn_end is not None
        if shared:
            lines.append(f"    _v3 = {env}(s, _v1)")  # the rules' with no names of their own (see above)
        if not spec.by_anyone:
            lines += ["    if _v1 == s.current and not s.turn_begun:", "        s.turn_begun = True"]
            if begin is not None:  # the actor is the player to move
                lines += [f"        s.rule = {bind(flow.TURN_BEGIN)}", "        try:", f"            {begin}(_v3)"]
                if action_pass is not None:
                    lines.append(f"            {action_pass}(_v3)")
                lines += [f"        except {self.round_over}:", "            pass"]
        lines += ["    try:", f"        s.rule = {bind(spec.effects_path)}"]
        if shared:  # the effects read the action's choices: the same environment, its names the action's meanwhile
            lines += ["        _v5 = _v3.loc", "        _v3.loc = l", f"        {effects}(_v3)", "        _v3.loc = _v5"]
        else:
            lines.append(f"        {effects}({env}(s, _v1, l))")
        if end is not None:
            lines += ["        if s.turn_ended:", f"            s.rule = {bind(flow.TURN_END)}",
                      "            _v3.player = s.current", f"            {end}(_v3)"]
        if action_pass is not None:
            lines += ["        _v3.player = _v1", f"        {action_pass}(_v3)"]
        if turn_end is not None:
            lines += ["        if s.turn_ended:", "            _v3.player = s.current", f"            {turn_end}(_v3)"]
        finish = bind(flow.finish_round)
        lines += [f"    except {self.round_over}:", "        pass",
                  "    if s.round_over:", f"        {finish}(s)",
                  "    elif s.turn_ended:",
                  "        if s.hand_on is not None:",
                  "            s.current = s.hand_on", "            s.hand_on = None",
                  "        elif s.out:",
                  "            s.current = s.seat_after(s.current, (1 + s.live_skips()) * s.direction)",
                  "        else:",  # every seat in play: `seat_after` and `live_skips` with none out, in line
                  "            s.current = (s.current + (1 + len(s.skipped)) * s.direction) % s.players",
                  f"        if {self.start_name}(s):", f"            {finish}(s)", ""]
        self.module.add(lines)
        return name

