"""Area `damage`: one-shot prevention effects for the rest of the turn (grammar: damage.lark).
Written as the `prevent` verb: `amount: 0` prevents all of it; `combat: true` with no `to`
is all combat damage to anything (CR 615.3), which the situation's `prevent_all_damage`
effect and the damage rules read."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act


class DamageEmitter:
    def damage_prevent_all_to(self, c: list[Any]) -> Act:
        # as the core's shield, with no limit: 0 is all of it (CR 615.1)
        return Act("prevent", {"amount": 0, "to": c[0], "duration": "this_turn"})

    def damage_prevent_all_combat(self, _: list[Any]) -> Act:
        return Act("prevent", {"amount": 0, "combat": True, "duration": "this_turn"})
