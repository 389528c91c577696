"""Area `castcond` (grammar: castcond.lark): triggers on a player's nth spell cast or card
drawn in a turn ("whenever you cast your second spell each turn", CR 603.2). The trigger
event is `cast` or `draws` with `nth`; knowledge/rules/nth_event.py counts the player's
spells or draws earlier in the turn from the situation and triggers only on the nth."""

from __future__ import annotations

from typing import Any

#: the ordinals the grammar knows, as numbers
_NTH = {"second": 2}


class CastcondEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/castcond.lark."""

    def cc_nth(self, c: list[Any]) -> int:
        return _NTH[str(c[0])]

    def cc_you_cast_nth(self, c: list[Any]) -> dict[str, Any]:
        return {"cast": {"who": "you", "nth": c[0]}}

    def cc_opponent_cast_nth(self, c: list[Any]) -> dict[str, Any]:
        return {"cast": {"who": "opponent", "nth": c[0]}}

    def cc_player_cast_nth(self, c: list[Any]) -> dict[str, Any]:
        return {"cast": {"who": "any_player", "nth": c[0]}}

    def cc_you_draw_nth(self, c: list[Any]) -> dict[str, Any]:
        return {"draws": {"who": "you", "nth": c[0]}}

    def cc_opponent_draw_nth(self, c: list[Any]) -> dict[str, Any]:
        return {"draws": {"who": "opponent", "nth": c[0]}}

    def cc_cast_it(self, _: list[Any]) -> dict[str, Any]:
        return {"was_cast": "any"}

    def cc_cast_it_from_hand(self, _: list[Any]) -> dict[str, Any]:
        return {"was_cast": "hand"}
