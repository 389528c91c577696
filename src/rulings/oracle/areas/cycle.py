"""Area cycle: trigger events on cycling a card (areas/cycle.lark; read by
knowledge/rules/cycling.py, CR 702.29)."""

from __future__ import annotations

from typing import Any

#: "another card": any card but the one with the ability (the cycled or discarded card is
#: looked for in every zone, as a card)
_ANOTHER_CARD: dict[str, Any] = {"types": ["card"], "other": True}


class CycleEmitter:
    def cycle_self(self, c: list[Any]) -> dict[str, Any]:
        # "when you cycle ~" (702.29c)
        return {"cycles": {"who": "you", "what": "this"}}

    def cycle_self_or_dies(self, c: list[Any]) -> dict[str, Any]:
        # "when you cycle ~ or it dies": only its owner cycles it from their hand
        return {"cycles_or_dies": {"what": "this"}}

    def cycle_you(self, c: list[Any]) -> dict[str, Any]:
        return {"cycles": {"who": "you"}}

    def cycle_you_another(self, c: list[Any]) -> dict[str, Any]:
        return {"cycles": {"who": "you", "what": dict(_ANOTHER_CARD)}}

    def cycle_any_player(self, c: list[Any]) -> dict[str, Any]:
        return {"cycles": {"who": "any_player"}}

    def cycle_or_discard_you(self, c: list[Any]) -> dict[str, Any]:
        # 702.29d: once for a card cycled
        return {"cycles_or_discards": {"who": "you"}}

    def cycle_or_discard_you_another(self, c: list[Any]) -> dict[str, Any]:
        return {"cycles_or_discards": {"who": "you", "what": dict(_ANOTHER_CARD)}}
