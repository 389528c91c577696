"""Area `sacrificed` (grammar: sacrificed.lark): "the sacrificed creature's power /
toughness / mana value", the referent `sacrificed` — what the ability's own cost sacrificed
(CR 601.2h, 602.2b), as it last existed on the battlefield (608.2h).

The referent means something only where a cost sacrifices: an activated ability whose cost
sacrifices something other than itself, or a spell with an additional cost that sacrifices
(checked over the whole card, `sacrificed_cost_ok`). A trigger's or a static ability's "the
sacrificed creature" (one sacrificed by an effect, or by another ability) stays unparsed."""

from __future__ import annotations

from typing import Any

#: the referent "the sacrificed creature" becomes
SACRIFICED = "sacrificed"


def uses_sacrificed(result: Any) -> bool:
    """Whether a compiled ability measures what a cost sacrificed."""
    if isinstance(result, dict):
        return any(v == SACRIFICED or uses_sacrificed(v) for v in result.values())
    if isinstance(result, list):
        return any(uses_sacrificed(v) for v in result)
    return False


def sacrifices_other(cost_parts: Any) -> bool:
    """Whether a cost sacrifices something chosen (not the object itself): "Sacrifice a
    creature", "Sacrifice another Goblin"."""
    return any(isinstance(p, dict) and "sacrifice" in p and p["sacrifice"] != "this"
               for p in cost_parts or ())


class SacrificedEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/sacrificed.lark."""

    def sacrificed_s(self, _: list[Any]) -> str:
        self.sacrificed_used = True
        return SACRIFICED
