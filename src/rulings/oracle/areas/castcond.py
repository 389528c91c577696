"""Area `castcond` (grammar: castcond.lark): triggers on a player's nth spell cast or card
drawn in a turn ("whenever you cast your second spell each turn", CR 603.2). The trigger
event is `cast` or `draws` with `nth`; knowledge/rules/nth_event.py counts the player's
spells or draws earlier in the turn from the situation and triggers only on the nth."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

#: a target named only in the main-phase step: whether it may be chosen depends on when the
#: spell is cast (601.2c), which the compiled spell doesn't say; the line stays unparsed
_MAIN_PHASE_TARGET = re.compile(r"if you cast this spell during your main phase, [^.]*\btarget\b")


def group_lines(items: list[Any], spell: bool) -> Iterator[Any]:
    """The area's pass (areas/__init__.py): a spell line whose "if you cast this spell
    during your main phase" sentence names a target of its own is left unparsed; every other
    line is handed on."""
    from rulings.oracle.compiler import Note

    for item in items:
        if spell and not isinstance(item, Note) and _MAIN_PHASE_TARGET.search(item.norm):
            gap = "spell: a target chosen only if it is cast during the main phase"
            yield Note(item.number, item.text, "unparsed",
                       {"unparsed": {"text": item.text, "gap": gap}}, gap)
            continue
        yield item

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

    def cc_cast_in_main_phase(self, _: list[Any]) -> dict[str, Any]:
        return {"cast_in_main_phase": True}
