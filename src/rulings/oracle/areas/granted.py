"""granted: abilities in quotation marks a static ability gives (CR 113.1c, layer 6).

A bonus and a quoted ability under one condition ("as long as …, ~ gets +2/+2 and has
'…'") is one static ability with both effects and its condition (CR 611.3a); the layer
system applies both only while the condition holds, and an ability it doesn't give is one
the object doesn't have now (NotGrantedNow: no mana source, activation or trigger)."""

from __future__ import annotations

from typing import Any


class GrantedEmitter:
    def granted_while_anthem_ability(self, c: list[Any]) -> dict[str, Any]:
        out: dict[str, Any] = self.anthem_ability(c[1:])  # type: ignore[attr-defined]
        out["static"]["while"] = c[0]
        return out
