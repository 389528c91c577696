"""Area `linked` (grammar: linked.lark): the return half of the two-trigger exile-and-return
form, whose "the exiled card" is the referent `exiled_with_this` (linked abilities, CR
607.2a), and the state trigger "when you control no …" (the trigger event `controls_none`,
CR 603.8)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Unsupported

#: the referent "the exiled card" / "the exiled cards" becomes
EXILED_WITH_THIS = "exiled_with_this"


def linked_context_ok(result: Any) -> bool:
    """Whether an ability that says "the exiled card" is one this area reads: a triggered
    ability on the card itself leaving the battlefield, the step among its own instructions
    (not inside a delayed trigger, whose "exiled card" is the one its own ability exiled)."""
    if not isinstance(result, dict) or result.get("when") != {"leaves": {"what": "this"}}:
        return False
    return any(isinstance(s, dict) and isinstance(s.get("return"), dict)
               and s["return"].get("what") == EXILED_WITH_THIS for s in result.get("do", []))


class LinkedEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/linked.lark."""

    def linked_exiled(self, _: list[Any]) -> str:
        self.linked_exiled_used = True
        return EXILED_WITH_THIS

    def linked_return_under_owner(self, c: list[Any]) -> Act:
        what, tapped, _ = c
        args: dict[str, Any] = {"what": what, "to": "battlefield", "under": "owner"}
        if tapped:
            args["tapped"] = True
        return Act("return", args)

    def linked_return_under_you(self, c: list[Any]) -> Act:
        what, tapped, _ = c
        args: dict[str, Any] = {"what": what, "to": "battlefield", "under": "you"}
        if tapped:
            args["tapped"] = True
        return Act("return", args)

    def linked_return_to_hand(self, c: list[Any]) -> Act:
        return Act("return", {"what": c[0], "to": "hand"})

    def linked_control_none(self, c: list[Any]) -> dict[str, Any]:
        what = c[0]
        if not isinstance(what, dict) or not what or "controller" in what or "any_of" in what:
            raise Unsupported("a state trigger about something other than a kind of "
                              "permanent you control")
        return {"controls_none": {"what": {**what, "controller": "you"}}}
