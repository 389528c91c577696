"""Costs to attack (attacktax.lark), read by knowledge/rules/attack_costs.py (CR 508.1h)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported, mana_cost


def _pay(symbols: Any) -> str:
    cost = mana_cost(str(symbols))
    if "X" in cost:
        raise Unsupported("a cost to attack of X (what X counts is not read)")
    return cost


class AttacktaxEmitter:
    """Methods for the grammar area attacktax.lark."""

    def attacktax_you(self, _: list[Any]) -> str:
        return "you"

    def attacktax_you_or_planeswalkers(self, _: list[Any]) -> str:
        return "you_or_planeswalkers"

    def attacktax_each_attacker(self, c: list[Any]) -> dict[str, Any]:
        affects, whom, symbols, each = c
        said = " ".join(str(t) for t in each.children) if hasattr(each, "children") else ""
        # "each creature ... attacking you" goes with "attack you"; "each of those creatures"
        # with "you or planeswalkers you control"
        if (whom == "you") != said.startswith("creature"):
            raise Unsupported("a cost to attack counted over other creatures than the taxed")
        return {"static": {"affects": affects,
                           "attack_cost": {"pay": _pay(symbols), "attacking": whom}}}

    def attacktax_one(self, c: list[Any]) -> dict[str, Any]:
        affects, symbols = c
        if affects not in ("this", "enchanted", "equipped"):
            raise Unsupported("'its controller pays' said of creatures other than one")
        return {"static": {"affects": affects,
                           "attack_cost": {"pay": _pay(symbols), "attacking": "anyone"}}}
