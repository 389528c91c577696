"""Area pw2: more of what planeswalkers' loyalty abilities say (areas/pw2.lark)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported


def _own_controller(sel: Any) -> dict[str, Any]:
    if not isinstance(sel, dict) or "any_of" in sel:
        raise Unsupported("a player and each of several kinds of permanent")
    return sel


class Pw2Emitter:
    def pw2_you_and_each(self, c: list[Any]) -> dict[str, Any]:
        return {"any_of": ["you", _own_controller(c[0])]}

    def pw2_opponents_and_each(self, c: list[Any]) -> dict[str, Any]:
        return {"any_of": ["each_opponent", _own_controller(c[0])]}

    def pw2_opponents_and_each_they_control(self, c: list[Any]) -> dict[str, Any]:
        sel = _own_controller(c[0])
        if "controller" in sel or "not" in sel:
            raise Unsupported("a selector with its own controller before 'they control'")
        return {"any_of": ["each_opponent", {**sel, "controller": "opponent"}]}

    def pw2_kinds(self, c: list[Any]) -> Any:
        return c[0]

    def pw2_creature_and_planeswalker(self, c: list[Any]) -> dict[str, Any]:
        return {"types": ["creature", "planeswalker"]}

    def pw2_player_or_planeswalker_and_each(self, c: list[Any]) -> dict[str, Any]:
        sel = _own_controller(c[0])
        if "controller" in sel or "not" in sel:
            raise Unsupported("a selector with its own controller after 'target player or "
                              "planeswalker and each'")
        self.target_controls = True  # as "target player controls" (emit.py)
        slot = self._target({"any_of": ["player", {"types": ["planeswalker"]}]})  # type: ignore[attr-defined]
        return {"any_of": [slot, {**sel, "controller": slot}]}
