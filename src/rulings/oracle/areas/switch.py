"""Area `switch`: switching a creature's power and toughness (grammar: switch.lark), a
`modify` step with `switch_pt: true` that lasts its duration (CR 613.4d, 611.2)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act


class SwitchEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/switch.lark."""

    def switch_pt(self, c: list[Any]) -> Act:
        what, duration = c
        args: dict[str, Any] = {"what": self._objects(what),  # type: ignore[attr-defined]
                                "switch_pt": True}
        if duration:
            args["duration"] = duration
        return Act("modify", args)

    def switch_its_pt(self, c: list[Any]) -> Act:
        # "switch its power and toughness": the object the sentence is about (`it`)
        (duration,) = c
        return self.switch_pt([self.it_ref([]), duration])  # type: ignore[attr-defined]
