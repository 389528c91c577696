"""Area pw: what planeswalkers' loyalty abilities say (areas/pw.lark)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import GRANTED_ABILITY, Act, Unsupported


class PwEmitter:
    def pw_emblem(self, c: list[Any]) -> Act:
        # the player the sentence names gets it ("you" by default; a target opponent)
        return Act("emblem", {"abilities": [GRANTED_ABILITY]})

    def pw_can_be_commander(self, c: list[Any]) -> dict[str, Any]:
        if c[0] != "this":  # only the card itself can say so (CR 903.3a)
            raise Unsupported("another object than the card can be your commander")
        return {"static": {"can_be_commander": True}}

    def pw_this_emblem(self, c: list[Any]) -> str:
        self.this_emblem_used = True  # read only inside an emblem's ability (compiler.parse)
        return "this"

    def pw_amass(self, c: list[Any]) -> Act:
        return Act("amass", {"amount": c[0]})

    def pw_twenty(self, c: list[Any]) -> int:
        return 20

    def pw_player_draws(self, c: list[Any]) -> dict[str, Any]:
        self.event_ref = "event.player"  # "that player": the one who drew
        return {"draws": {"who": "any_player"}}

    def pw_target_opponent_controls(self, c: list[Any]) -> dict[str, Any]:
        # as the core's "target player controls" (emit.py): read by the resolution walk
        self.target_controls = True
        return {"controller": self._target("opponent")}  # type: ignore[attr-defined]

    def pw_life_total(self, c: list[Any]) -> str:
        return "life_total"  # the resolution walk reads it (knowledge/resolving.py)

    def pw_extra_turn(self, c: list[Any]) -> Act:
        return Act("extra_turn", {})

    def pw_player_and_each_they_control(self, c: list[Any]) -> dict[str, Any]:
        sel = c[0]
        if not isinstance(sel, dict) or "controller" in sel:
            raise Unsupported("a selector with its own controller after 'target player and each'")
        self.target_controls = True
        slot = self._target("player")  # type: ignore[attr-defined]
        return {"any_of": [slot, {**sel, "controller": slot}]}
