"""The freecast area: an alternative cost printed with a condition (CR 118.9) — "if you
control a Swamp, you may sacrifice a creature rather than pay this spell's mana cost", and
the free spells' "if an opponent controls an Island and you control a Mountain, you may cast
this spell without paying its mana cost" (an alternative cost of nothing).

The card language says it as an `alternative_costs` entry with `if:` (and `free: true` with
`cost: []`); the casting rules ask the condition as the spell is cast (conditions.py decides
it, casting.py says whether the cost may be used)."""

from __future__ import annotations

import re
from typing import Any

#: "if <condition>, you may <cost> rather than pay this spell's mana cost."
_IF_ALTERNATIVE = re.compile(r"^if ([^,]+), you may (.+) rather than pay this spell's mana "
                             r"cost\.$")
#: "if <condition>, you may cast this spell without paying its mana cost."
_IF_FREE = re.compile(r"^if ([^,]+), you may cast (?:this spell|~) without paying its mana "
                      r"cost\.$")


def conditional_alternative_text(text: str) -> tuple[str, str, str] | None:
    """(kind, the condition, the cost part) for a line that is an alternative cost with a
    condition; the cost part is empty for casting without paying the mana cost."""
    m = _IF_FREE.match(text)
    if m:
        return "alternative_cost", m.group(1) + ".", ""
    m = _IF_ALTERNATIVE.match(text)
    if m:
        return "alternative_cost", m.group(1) + ".", m.group(2).replace(" and ", ", ")
    return None


def conditional_alternative(condition: str, cost: str) -> dict[str, Any]:
    """The `alternative_costs` entry (less its name) of a line cut by
    `conditional_alternative_text`; raises Gap when the condition or the cost isn't read."""
    from rulings.oracle.compiler import Gap, parse

    try:
        cond, _ = parse("activation_if", condition)
    except Gap as exc:
        raise Gap(f"the condition of an alternative cost: {exc}") from None
    if not cost:
        return {"cost": [], "free": True, "if": cond}
    parts, _ = parse("cost", cost)
    return {"cost": parts, "if": cond}


class FreecastEmitter:
    def freecast_not_your_turn(self, _: list[Any]) -> dict[str, Any]:
        return {"turn": "opponents"}

    def freecast_opponent_and_you(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.emit import Unsupported

        theirs, their_kind, yours, your_kind = c
        if theirs != 1 or yours != 1:
            raise Unsupported("a count in a condition on what is controlled")
        return {"all_of": [{"opponent_controls": their_kind}, {"you_control": your_kind}]}


class FreecastCastEmitter:
    """"You may cast an instant or sorcery spell with mana value 3 or less from your hand
    without paying its mana cost": the `cast` step, its card described by a filter (the
    permission rules pick the card cast, permissions.cast-the-described)."""

    def freecast_cast(self, c: list[Any]) -> Any:
        from rulings.oracle.emit import Act

        kind, mv = c
        what: dict[str, Any] = {**kind, "zone": "hand", "owner": "you"}
        if mv is not None:
            what["mana_value"] = {"le": mv}
        return Act("cast", {"what": what, "without_paying": True})

    def freecast_any_spell(self, _: list[Any]) -> dict[str, Any]:
        return {}

    def freecast_typed_spell(self, c: list[Any]) -> dict[str, Any]:
        words = [str(w) for w in c]
        if "noncreature" in words:
            if len(words) > 1:
                from rulings.oracle.emit import Unsupported

                raise Unsupported("'noncreature' with another card type")
            return {"not_types": ["creature"]}
        return {"types": words}

    def freecast_type(self, c: list[Any]) -> str:
        return str(c[0])

    def freecast_mv(self, c: list[Any]) -> Any:
        from rulings.oracle.emit import Unsupported

        if not isinstance(c[0], int):
            raise Unsupported("a mana value of X in a cast (X is not chosen there)")
        return c[0]


class FreecastSpentEmitter:
    def freecast_mana_spent(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.emit import Unsupported

        symbol = str(c[0]).upper()
        if symbol not in ("{W}", "{U}", "{B}", "{R}", "{G}"):
            raise Unsupported(f"'{symbol} was spent' (only one colored mana symbol)")
        return {"mana_spent": symbol[1]}

    def freecast_unless_spent(self, c: list[Any]) -> tuple[Any, ...]:
        subject, may, act, mana = c[:4]  # then the self phrase, if any
        spent = self.freecast_mana_spent([mana])
        self.spent_used = True  # the compiler checks it is the permanent's enters trigger
        act.args = {**act.args, "if": {"not": spent}}
        return (subject, may, act, None)
