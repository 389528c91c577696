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
