"""Area `monstrous`: the trigger "when ~ becomes monstrous" and the condition "as long as ~
is monstrous" (grammar: monstrous.lark; CR 701.37b)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported


class MonstrousEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/monstrous.lark."""

    def monstrous_self_becomes(self, _: list[Any]) -> dict[str, Any]:
        return {"becomes_monstrous": {"what": "this"}}

    def monstrous_self_is(self, _: list[Any]) -> dict[str, Any]:
        # the layer system asks it of the object with the ability
        if getattr(self, "mentioned", None) is not None:
            raise Unsupported("'as long as … is monstrous' of the creature it is attached to")
        return {"monstrous": True}
