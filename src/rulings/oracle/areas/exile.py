"""Area `exile`: "exile … until ~ leaves the battlefield" (grammar: exile.lark), an exile
step with the duration `until_this_leaves` (CR 610.3)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act


class ExileEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/exile.lark."""

    def exile_until_leaves(self, c: list[Any]) -> Act:
        act: Act = self.exile(c[:1])  # type: ignore[attr-defined]
        act.args["duration"] = "until_this_leaves"
        return act
