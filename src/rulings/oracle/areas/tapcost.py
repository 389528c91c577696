"""Area `tapcost`: tapping several untapped permanents as a cost (grammar: tapcost.lark)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported, number


class TapcostEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/tapcost.lark."""

    def tapcost_several(self, c: list[Any]) -> list[Any]:
        n, what = number(c[0]), c[1]
        if not isinstance(n, int):
            raise Unsupported("tapping X untapped permanents as a cost")
        one = self.cost_tap_untapped([what])  # type: ignore[attr-defined]
        return [one] * n
