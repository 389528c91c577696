"""The counters area: a permanent that enters with counters only when something holds, or
as many as something counts (CR 614.1c) — multikicker's "for each time it was kicked" (CR
702.33c, 702.33e) and raid's "if you attacked this turn" (CR 508.1). The replacement effect
carries an `if:` condition or the amount `times_kicked`; knowledge/replacement_system.py
decides them from the situation, and knowledge/rules/counters.py names the answer open when
the situation doesn't say."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported


def entering_with(kind: str, amount: Any, condition: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    modify: dict[str, Any] = {"with_counters": {"counter": kind, "amount": amount}}
    if condition:
        modify["if"] = condition
    return {"replacement": {"event": {"enters": {"what": "this"}}, "modify": modify}}


class CountersEmitter:
    def counters_enters_per_kick(self, c: list[Any]) -> dict[str, Any]:
        _, _, amount, kind = c
        if amount != 1:
            raise Unsupported("more than one counter for each time it was kicked")
        return entering_with(kind, "times_kicked")

    def counters_enters_if_attacked(self, c: list[Any]) -> dict[str, Any]:
        _, _, amount, kind = c
        return entering_with(kind, amount, {"you_attacked_this_turn": True})

    def counters_enters_if_this_turn(self, c: list[Any]) -> dict[str, Any]:
        _, _, amount, kind, condition = c
        return entering_with(kind, amount, condition)

    def counters_turn_condition(self, c: list[Any]) -> dict[str, Any]:
        return c[0]

    def counters_with_counter(self, c: list[Any]) -> dict[str, Any]:
        return {"counter": c[-1]}

    def counters_it_has_counter(self, c: list[Any]) -> dict[str, Any]:
        return {"has_counters": c[-1]}


_SELECTOR_KEYS = ("types", "subtypes", "controller", "other", "colors", "is")


def misplaced_counter(kind: str, result: Any) -> str:
    """The gap when a compiled ability uses the `counter` selector key anywhere but a static
    ability's affects (the only place a rule reads it); '' when it doesn't."""
    allowed = None
    if kind == "static" and isinstance(result, dict):
        allowed = (result.get("static") or {}).get("affects")
    # targetthat: a target slot's filter too ("target creature with a +1/+1 counter on it"),
    # picked by the rule counters.selector-with-counter
    in_targets: set[int] = set()

    def slots(node: Any) -> None:
        if isinstance(node, dict):
            for slot in node.get("targets") or () if isinstance(node.get("targets"),
                                                                list) else ():
                if isinstance(slot, dict) and isinstance(slot.get("filter"), dict):
                    in_targets.add(id(slot["filter"]))
            for v in node.values():
                slots(v)
        elif isinstance(node, list):
            for v in node:
                slots(v)
    slots(result)

    def walk(node: Any) -> bool:
        if isinstance(node, dict):
            if node is not allowed and id(node) not in in_targets and "counter" in node and "amount" not in node \
                    and "what" not in node and any(k in node for k in _SELECTOR_KEYS):
                return True
            return any(walk(v) for v in node.values())
        if isinstance(node, list):
            return any(walk(v) for v in node)
        return False
    if walk(result):
        return "'with a … counter on it' is read only in a static ability's affects and in a " \
            "target's filter"
    return ""
