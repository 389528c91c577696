"""The history area: an intervening "if" about what happened earlier this turn — raid's
"if you attacked this turn" (CR 508.1, 603.4) and morbid's "if a creature died this turn"
(CR 700.4; "no creatures", "three or more creatures"), decided by knowledge/rules/history.py
(and by conditions.py as an ability is activated or a spell's own cost is locked in)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported, _whole


class HistoryEmitter:
    def history_you_attacked(self, _: list[Any]) -> dict[str, Any]:
        return {"you_attacked_this_turn": True}

    def history_died_if(self, c: list[Any]) -> dict[str, Any]:
        return c[0]

    def history_died_one(self, _: list[Any]) -> dict[str, Any]:
        return {"creatures_died_this_turn": {"ge": 1}}

    def history_died_none(self, _: list[Any]) -> dict[str, Any]:
        return {"creatures_died_this_turn": {"le": 0}}

    def history_died_at_least(self, c: list[Any]) -> dict[str, Any]:
        return {"creatures_died_this_turn": {"ge": _whole(c[0])}}

    def history_gained_any(self, _: list[Any]) -> dict[str, Any]:
        return {"life_gained_this_turn": {"ge": 1}}

    def history_gained_at_least(self, c: list[Any]) -> dict[str, Any]:
        n = _whole(c[-1])
        if n < 1:
            raise Unsupported("'gained 0 or more life' (always true)")
        return {"life_gained_this_turn": {"ge": n}}

    def history_opponent_lost(self, _: list[Any]) -> dict[str, Any]:
        return {"opponent_lost_life_this_turn": True}

    def history_revolt(self, _: list[Any]) -> dict[str, Any]:
        return {"permanent_left_this_turn": True}
