"""The activate area: an activated ability's activation instructions (CR 602.1b) — who may
activate it besides its controller (602.2: "any player may activate this ability", "only your
opponents may activate this ability") and new windows of when ("activate only before
attackers are declared", "… before the combat damage step", "… during their draw step").

`cut_restriction(body)` cuts such a sentence off the end of an ability's effect text and
returns what the card language says for it (`activators:`, `timing:`); the sentences the
compiler's own table reads ("activate only as a sorcery", "… once each turn", "… if …") are
left to it. Its grammar also reads the effect several of these abilities have, losing a
keyword for a while ("~ loses flying until end of turn", layer 6, CR 613.1f)."""

from __future__ import annotations

import re
from typing import Any

#: the last sentence of the effect text, when it is an instruction about activating it
_LAST = re.compile(r"^(.*[.\"]) ((?:any player|only your opponents) may activate this ability"
                   r"[^.\"]*\.|activate only (?:before|during (?:your|their) draw step)"
                   r"[^.\"]*\.)$", re.S)

#: the windows a sentence about who may activate may be paired with (rules/timing.py)
_WHO_WINDOWS = ("sorcery", "your_turn", "your_draw", "any_upkeep")


def cut_restriction(body: str) -> tuple[str, dict[str, Any]]:
    """(the effect text left, the parts of `activated` the sentence says); raises the
    compiler's Gap when the sentence is one of these but not one the grammar reads."""
    from rulings.oracle.compiler import Gap, parse

    m = _LAST.match(body)
    if not m:
        return body, {}
    try:
        parts, _ = parse("activation_restriction", m.group(2))
    except Gap as exc:
        raise Gap(f"activation instructions: {exc}") from None
    return m.group(1), parts


class ActivateEmitter:
    """Methods for the grammar area activate.lark."""

    def activate_who_only(self, c: list[Any]) -> dict[str, Any]:
        return {"activators": c[0]}

    def activate_who_when(self, c: list[Any]) -> dict[str, Any]:
        if c[1] not in _WHO_WINDOWS:
            from rulings.oracle.emit import Unsupported

            raise Unsupported("a window paired with who may activate it that isn't read")
        return {"activators": c[0], "timing": c[1]}

    def activate_when_only(self, c: list[Any]) -> dict[str, Any]:
        if c[0] in ("sorcery", "your_turn", "any_upkeep"):
            from rulings.oracle.emit import Unsupported

            # the compiler's table reads these sentences, worded as printed
            raise Unsupported("an activation window worded unlike the printed sentence")
        return {"timing": c[0]}

    def activate_lose_keywords(self, c: list[Any]) -> Any:
        from rulings.oracle.emit import Act, Unsupported

        keywords, duration = c
        if any(not isinstance(k, str) for k in keywords):
            raise Unsupported("losing a keyword with a parameter")
        return Act("modify", {"remove_keywords": keywords, "duration": duration}, role="what")

    def activate_any_player(self, _: list[Any]) -> str:
        return "any_player"

    def activate_opponents(self, _: list[Any]) -> str:
        return "opponents"

    def activate_as_sorcery(self, _: list[Any]) -> str:
        return "sorcery"

    def activate_their_turn(self, _: list[Any]) -> str:
        return "your_turn"

    def activate_their_draw(self, _: list[Any]) -> str:
        return "your_draw"

    def activate_any_upkeep(self, _: list[Any]) -> str:
        return "any_upkeep"

    def activate_before_attackers(self, _: list[Any]) -> str:
        return "before_attackers"

    def activate_before_damage(self, _: list[Any]) -> str:
        return "before_combat_damage_step"
