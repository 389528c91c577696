"""The transform area: "transform ~" and the werewolves' "if no spells were cast last turn" /
"if a player cast two or more spells last turn" (CR 701.27, 603.4)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, _whole


class TransformEmitter:
    def transform_self(self, _: list[Any]) -> Act:
        # the card turns itself over; the resolution says the rule (701.27a, c)
        return Act("transform", {"what": "this"})

    def transform_no_spells_last_turn(self, _: list[Any]) -> dict[str, Any]:
        return {"spells_cast_last_turn": {"eq": 0}}

    def transform_player_spells_last_turn(self, c: list[Any]) -> dict[str, Any]:
        # one player's own spells, not all players' together (two players casting one each
        # is not enough)
        return {"most_spells_cast_last_turn": {"ge": _whole(c[0])}}
