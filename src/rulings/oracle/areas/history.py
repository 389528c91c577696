"""The history area: an intervening "if" about what happened earlier this turn — raid's
"if you attacked this turn" (CR 508.1, 603.4), decided by knowledge/rules/history.py."""

from __future__ import annotations

from typing import Any


class HistoryEmitter:
    def history_you_attacked(self, _: list[Any]) -> dict[str, Any]:
        return {"you_attacked_this_turn": True}
