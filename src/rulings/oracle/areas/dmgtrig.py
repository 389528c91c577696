"""Area dmgtrig: damage trigger events and "that much", the damage the trigger event dealt
(areas/dmgtrig.lark; read by knowledge/rules/damage_triggers.py)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Unsupported

#: the amount word of the effect language for the damage the trigger event dealt
THAT_MUCH = "that_much"


class DmgtrigEmitter:
    def dmgtrig_self_deals(self, c: list[Any]) -> dict[str, Any]:
        return {"deals_damage": {"what": "this"}}

    def dmgtrig_self_deals_combat(self, c: list[Any]) -> dict[str, Any]:
        return {"deals_damage": {"what": "this", "combat": True}}

    def dmgtrig_self_to_opponent(self, c: list[Any]) -> dict[str, Any]:
        return {"deals_damage": {"what": "this", "to": "opponent"}}

    def dmgtrig_self_dealt_combat(self, c: list[Any]) -> dict[str, Any]:
        return {"dealt_damage": {"what": "this", "combat": True}}

    def dmgtrig_triggered(self, c: list[Any]) -> dict[str, Any]:
        _, event, steps = c
        if not isinstance(event, dict) or not set(event) & {"deals_damage", "dealt_damage"}:
            raise Unsupported("'that much' after an event that is not damage being dealt")
        (args,) = event.values()
        if "to" not in args and "deals_damage" in event and "by" in args:
            raise Unsupported("'that much' of damage from some sources only")
        return {"when": event, "do": steps}

    def dmgtrig_sentence(self, c: list[Any]) -> list[dict[str, Any]]:
        subject, act = c
        return self._instruction(subject, None, act, None)  # type: ignore[attr-defined]

    def dmgtrig_gain(self, c: list[Any]) -> Act:
        return Act("gain_life", {"amount": THAT_MUCH})

    def dmgtrig_lose(self, c: list[Any]) -> Act:
        return Act("lose_life", {"amount": THAT_MUCH})

    def dmgtrig_deal(self, c: list[Any]) -> Act:
        return Act("deal_damage", {"amount": THAT_MUCH, "to": c[-1]}, role="source")

    def dmgtrig_draw(self, c: list[Any]) -> Act:
        return Act("draw", {"amount": THAT_MUCH})
