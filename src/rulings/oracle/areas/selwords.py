"""Area selwords (areas/selwords.lark): selector words defined by a rule of the game.

- "non-Human creature": `not_subtypes: [human]`, an object without that subtype (a
  changeling has every creature type, CR 702.73a, so it is never "non-Human").
- "historic spell": `historic: true`, an artifact, a legendary object or a Saga (CR 700.6).

Both are read where every filter is read: facts.effects.filter_misses and the layer
system's picks (knowledge/layer_system.py)."""

from __future__ import annotations

from typing import Any


class SelWordsEmitter:
    def sw_non_subtype(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.tokens import subtypes

        word = str(c[0])[len("non-"):]
        return {"not_subtypes": [subtypes()[word]]}

    def sw_historic(self, c: list[Any]) -> dict[str, Any]:
        return {"historic": True}
