"""Area `blessing`: the condition "you have the city's blessing" (grammar: blessing.lark;
CR 702.131)."""

from __future__ import annotations

from typing import Any


class BlessingEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/blessing.lark."""

    def blessing_you_have(self, _: list[Any]) -> dict[str, Any]:
        return {"citys_blessing": True}
