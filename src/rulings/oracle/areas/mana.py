"""The mana area: lands and artifacts that make mana, and how lands enter (mana.lark)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from lark import Token

from rulings.oracle.emit import Act, Ref, Unsupported, mana_cost


@cache
def _land_types() -> frozenset[str]:
    data = json.loads(resources.files("rulings.oracle").joinpath("subtypes.json").read_text())
    return frozenset(name.lower() for name in data["land"])


def energy(symbols: str) -> int:
    """How many {E} a run of symbols is; Unsupported when it is not energy only."""
    parts = str(symbols).lower().strip("{}").split("}{")
    if not parts or any(p != "e" for p in parts):
        raise Unsupported(f"the symbols {str(symbols).upper()} (not energy)")
    return len(parts)


def _subtypes(c: list[Any]) -> list[str]:
    from rulings.oracle.tokens import subtypes

    return [subtypes()[str(t)] for t in c if isinstance(t, Token) and t.type == "SUBTYPE"]


class ManaEmitter:
    def mana_tapped_unless_land_type(self, c: list[Any]) -> dict[str, Any]:
        subs = _subtypes(c)
        if len(subs) != 1 or subs[0] not in _land_types():
            # "unless you control a Dragon" is a creature, not a land (205.3i)
            raise Unsupported("entering tapped unless you control a permanent that is not "
                              "a land type")
        return {"replacement": {"event": {"enters": {"what": "this"}},
                                "modify": {"tapped": True, "unless": {"you_control": {
                                    "types": ["land"], "subtypes": subs}}}}}

    def mana_revealed(self, c: list[Any]) -> dict[str, Any]:
        # a card of any of these subtypes, in the hand of the land's controller
        return {"subtypes": _subtypes(c), "zone": "hand", "owner": "you"}

    def mana_tapped_unless_revealed(self, c: list[Any]) -> dict[str, Any]:
        what = next(x for x in c if isinstance(x, dict) and x.get("zone") == "hand")
        return {"replacement": {"event": {"enters": {"what": "this"}},
                                "modify": {"tapped": True, "unless_paid": [{"reveal": what}]}}}

    def mana_card_type(self, c: list[Any]) -> str:
        return str(c[0])

    def mana_spell_types(self, c: list[Any]) -> list[str]:
        return [x for x in c if isinstance(x, str) and not isinstance(x, Token)]

    def mana_spend_only(self, c: list[Any]) -> list[dict[str, Any]]:
        steps, types = c
        adds = [step for step in steps if "add_mana" in step]
        if len(adds) != 1 or len(steps) != 1:
            raise Unsupported("a spending restriction on other than one mana step")
        mana = str(adds[0]["add_mana"].get("mana", ""))
        if len(set(mana.strip("{}").split("}{"))) > 1:
            # "{U}{B}{R}": the mana rules read one type per mana ability, so the restriction
            # would go unread (Cormela, Glamour Thief)
            raise Unsupported("restricted mana of several types at once")
        adds[0]["add_mana"]["only_for"] = types
        return list(steps)

    def mana_become_monarch(self, _: list[Any]) -> Act:
        return Act("become_monarch", {})

    def mana_get_energy(self, c: list[Any]) -> Act:
        return Act("get_energy", {"amount": energy(c[0])})

    def mana_cost_energy_last(self, c: list[Any]) -> list[Any]:
        out: list[Any] = []
        for part in c[:-1]:
            out += part if isinstance(part, list) else [part]
        return [*out, {"pay_energy": energy(c[-1])}]

    def mana_target_players_graveyard(self, _: list[Any]) -> Ref:
        # the cards a target player owns in their graveyard (a graveyard is its owner's)
        who = self._target("player")  # type: ignore[attr-defined]
        return Ref({"zone": "graveyard", "owner": who}, "each")

    def mana_pay_then_parts(self, c: list[Any]) -> list[Any]:
        out: list[Any] = [{"mana": mana_cost(str(c[0]))}]
        for part in c[1:]:
            out += part if isinstance(part, list) else [part]
        return out

    def mana_commander_identity(self, c: list[Any]) -> dict[str, Any]:
        if c[0] != 1:
            raise Unsupported("several mana of the commander's colors")
        return {"commander_identity": True}
