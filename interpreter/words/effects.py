"""Effects in words: what each effect of the language does, said as a step of a rule sheet.

`move: {from: draw, to: discard}` reads "move the top card of the *draw* onto the
*discard*"; `draw: {player: "next(player)", count: 2}` reads "the next player draws
2 cards". Control forms (`if`, `switch`, `while`, `for_each`) become steps that hold
the steps of their branches. The expressions inside are said by `wording.Words`.
An effect without a renderer raises `NoWords`.
"""
from __future__ import annotations

from typing import Any

from .expressions import NoWords, Phrase, Scope, Step, Words, element_kind, join, origin, words

_CONTROL = ("if", "switch", "while", "for_each")


class EffectWords:
    """Says effect lists in English, through the expression words of the same ruleset."""

    def __init__(self, said: Words):
        self.w = said

    def renders(self, effect: str) -> bool:
        """Whether an effect of this name has a renderer."""
        return hasattr(self, "_e_" + effect)

    def steps(self, items: Any, scope: Scope) -> list[Step]:
        """An effect list in words, one Step per effect."""
        if items is None:
            return []
        return [self.effect(item, scope) for item in (items if isinstance(items, list) else [items])]

    def effect(self, item: Any, scope: Scope) -> Step:
        if isinstance(item, str):
            method = getattr(self, "_e_" + item, None)
            if method is None:
                raise NoWords(f"no words for the effect {item!r}")
            return method(None, scope)
        if not isinstance(item, dict) or not item:
            raise NoWords(f"no words for the effect {item!r}")
        keyword = next((k for k in _CONTROL if k in item), None)
        if keyword is not None:
            return getattr(self, "_e_" + keyword)(item, scope)
        (name, args), = item.items()
        method = getattr(self, "_e_" + str(name), None)
        if method is None:
            raise NoWords(f"no words for the effect {name!r}")
        return method(args, scope)

    def _count(self, count: Any, scope: Scope) -> str:
        amount = self.w.value(count, scope)
        return f"{amount} {self.w.noun[0] if amount == '1' else self.w.noun[1]}"

    def _e_move(self, args: dict[str, Any], scope: Scope) -> Step:
        where = "to the bottom of" if args.get("bottom") else "onto"
        to = self.w.zone(args["to"], scope).text
        if "card" in args:
            return Step(f"move {self.w.value(args['card'], scope)} {where} {to}")
        if "cards" in args:
            what = self.w.phrase(self.w.tree(args["cards"]), scope)
            if what.kind == "components" and not what.plural:
                return Step(f"move every {self.w.noun[0]} of {what.text} {where} {to}")
            return Step(f"move {what.standalone} {where} {to}")
        source = self.w.zone(args["from"], scope).text
        bag = bool((self.w.doc.get("zones") or {}).get(str(args["from"]), {}).get("bag"))
        count = self.w.value(args.get("count", 1), scope)
        taken = (f"a random {self.w.noun[0]}" if count == "1" else f"{count} random {self.w.noun[1]}") if bag else \
            (f"the top {self.w.noun[0]}" if count == "1" else f"the top {count} {self.w.noun[1]}")
        return Step(f"move {taken} of {source} {where} {to}")

    def _e_draw(self, args: dict[str, Any] | None, scope: Scope) -> Step:
        args = args or {}
        who = self.w.phrase(self.w.tree(args["player"]), scope) if "player" in args else scope.actor
        text = f"{who.text} {who.verb('draw', 'draws')} {self._count(args.get('count', 1), scope)}"
        zones = self.w.doc.get("zones") or {}
        stock = next((n for n, z in zones.items() if (z or {}).get("stock")), None)
        hand = next((n for n, z in zones.items() if (z or {}).get("per_player")), None)
        if "from" in args and args["from"] != stock:
            text += f" from {self.w.zone(args['from'], scope).text}"
        if "to" in args and args["to"] != hand:
            text += f" into {self.w.zone_phrase(str(args['to']), who).text}"
        if args.get("roll"):
            text += f" and {who.verb('roll', 'rolls')} {'it' if str(args.get('count', 1)) == '1' else 'them'}"
        if "set" in args:
            which = "that" if self.w.value(args.get("count", 1), scope) == "1" else "the last"
            target = self.w.target(str(args["set"]), scope)
            text += f"; {target} is {which} {self.w.noun[0]} (nothing, if none was left)"
        return Step(text)

    def _e_deal(self, args: dict[str, Any], scope: Scope) -> Step:
        to = self.w.zone_phrase(str(args["to"]), Phrase("each player", "each player's", kind="player"))
        return Step(f"deal {self._count(args['count'], scope)} from {self.w.zone(args['from'], scope).text} into "
                    f"{to.text}, one at a time, starting with the player to the dealer's left")

    def _e_shuffle(self, args: Any, scope: Scope) -> Step:
        return Step(f"shuffle {self.w.zone(args, scope).text}")

    def _e_set(self, args: dict[str, Any], scope: Scope) -> Step:
        groups: dict[str, list[str]] = {}
        seats: list[str] = []
        for target, value in args.items():
            said = self.w.value(value, scope)
            if str(target) not in ("current", "dealer"):
                groups.setdefault(said, []).append(self.w.target(str(target), scope))
            elif isinstance(value, int) and not isinstance(value, bool):  # players are numbered from 0
                seats.append(f"P{value + 1} becomes {self.w.target(str(target), scope)}")
            elif self.w.phrase(self.w.tree(value), scope).compound:
                seats.append(f"{self.w.target(str(target), scope)} is now {said}")
            else:
                who = self.w.phrase(self.w.tree(value), scope)
                seats.append(f"{said} {who.verb('become', 'becomes')} {self.w.target(str(target), scope)}")
        clauses = [f"{join(targets)} to {said}" for said, targets in groups.items()]
        if len(clauses) > 1 and any("," in c or "whether" in c for c in clauses):
            parts = [f"set {c}" for c in clauses]  # long values are set one by one
        else:
            parts = [f"set {join(clauses)}"] if clauses else []
        return Step("; ".join(parts + seats))

    def _e_add(self, args: dict[str, Any], scope: Scope) -> Step:
        groups: dict[str, list[str]] = {}
        for target, amount in args.items():
            groups.setdefault(self.w.value(amount, scope), []).append(self.w.target(str(target), scope))
        parts = [f"subtract {said[1:]} from {join(targets)}" if said.startswith("-") and said[1:].isdigit()
                 else f"add to {join(targets)}: {said}" if " if " in said
                 else f"add {said} to {join(targets)}" for said, targets in groups.items()]
        return Step("; ".join(parts))

    def _e_skip(self, args: Any, scope: Scope) -> Step:
        if args is None or str(args) == "1":
            return Step("skip the next player")
        return Step(f"skip the next {self.w.value(args, scope)} players")

    def _e_reverse(self, args: Any, scope: Scope) -> Step:
        return Step("reverse the direction of play")

    def _e_end_turn(self, args: Any, scope: Scope) -> Step:
        return Step("the turn ends")

    def _e_goto(self, args: Any, scope: Scope) -> Step:
        return Step(f"the turn continues in the {self.w.m.term(words(args))} phase")

    def _e_end_round(self, args: dict[str, Any] | None, scope: Scope) -> Step:
        args = args or {}
        if "winner" not in args:
            return Step("the round ends")
        if args["winner"] is None or str(args["winner"]) == "none":
            return Step("the round ends with no winner")
        winner = self.w.phrase(self.w.tree(args["winner"]), scope)
        return Step(f"the round ends and {winner.standalone} {winner.verb('win', 'wins')} it")

    def _e_draw_high(self, args: dict[str, Any], scope: Scope) -> Step:
        card = Phrase(f"the {self.w.noun[0]}", kind="component")
        value = self.w.value(args["value"], scope.bind("card", card))
        rolled = ", rolls it" if args.get("roll") else ""
        return Step(f"shuffle {self.w.zone(args['from'], scope).text}; each player takes a {self.w.noun[0]} from it"
                    f"{rolled} and puts it back, counting {value}; the highest count wins (tied players take "
                    f"again) and becomes {self.w.target(str(args['set']), scope)}")

    def _e_roll(self, args: Any, scope: Scope) -> Step:
        what = self.w.phrase(self.w.tree(args), scope)
        if what.kind == "components" and not what.plural:
            return Step(f"roll every {self.w.noun[0]} in {what.text}")
        return Step(f"roll {what.standalone}")

    def _e_reveal(self, args: dict[str, Any], scope: Scope) -> Step:
        return Step(f"show {self.w.zone(args['zone'], scope).text} to {self.w.value(args['to'], scope)}")

    def _e_swap(self, args: dict[str, Any], scope: Scope) -> Step:
        players = self.w.value(args["players"], scope)
        return Step(f"{players} exchange the {self.w.noun[1]} in their {self.w.m.term(words(args['zone']))}")

    def _e_rotate(self, args: Any, scope: Scope) -> Step:
        return Step(f"every player passes the {self.w.noun[1]} in their {self.w.m.term(words(args))} to the next "
                    "player in the direction of play")

    def _e_eliminate(self, args: dict[str, Any], scope: Scope) -> Step:
        who = self.w.phrase(self.w.tree(args["player"]), scope)
        until = "game" if args.get("until") == "game" else "round"
        return Step(f"{who.standalone} {who.be} out of the {until}")

    def _e_do(self, args: Any, scope: Scope) -> Step:
        return Step(f"carry out {self.w.m.term(words(args))} (see Procedures)")

    def _e_if(self, item: dict[str, Any], scope: Scope) -> Step:
        blocks = [("", tuple(self.steps(item.get("then"), scope)))]
        if item.get("else"):
            blocks.append(("otherwise", tuple(self.steps(item["else"], scope))))
        return Step(f"if {self.w.claim(item['if'], scope)}", tuple(blocks))

    def _e_switch(self, item: dict[str, Any], scope: Scope) -> Step:
        blocks = [(words(case), tuple(self.steps(body, scope))) for case, body in (item.get("cases") or {}).items()]
        if item.get("default"):
            blocks.append(("anything else", tuple(self.steps(item["default"], scope))))
        return Step(f"depending on {self.w.value(item['switch'], scope)}", tuple(blocks), cases=True)

    def _e_while(self, item: dict[str, Any], scope: Scope) -> Step:
        return Step(f"as long as {self.w.claim(item['while'], scope)}", (("", tuple(self.steps(item["do"], scope))),))

    def _e_for_each(self, item: dict[str, Any], scope: Scope) -> Step:
        name = str(item["for_each"])
        source = self.w.phrase(self.w.tree(item["in"]), scope)
        singular = self.w.element(source.kind)[0]
        inner = scope.bind(name, Phrase(name, kind=element_kind(source.kind)))
        among = origin(source) if source.text != "all players" else ""
        return Step(f"for each {singular} {name}{among}", (("", tuple(self.steps(item["do"], inner))),))
