"""batch: "whenever one or more …" trigger events (batch.lark)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported, merge


class BatchEmitter:
    def batch_attack(self, c: list[Any]) -> dict[str, Any]:
        event = self._event_about("attacks", c[0])  # type: ignore[attr-defined]
        event["attacks"]["one_or_more"] = True
        return event  # type: ignore[no-any-return]

    def batch_counters_self(self, c: list[Any]) -> dict[str, Any]:
        return {"counter_put": {"what": "this", "counter": _counter(c[0]),
                                "one_or_more": True}}

    def batch_counters(self, c: list[Any]) -> dict[str, Any]:
        return {"counter_put": {"what": self._about(c[1]),  # type: ignore[attr-defined]
                                "counter": _counter(c[0]), "one_or_more": True}}

    def batch_counters_other(self, c: list[Any]) -> dict[str, Any]:
        if not isinstance(c[1], dict):
            raise Unsupported("'another' before something that is not a kind of object")
        return self.batch_counters([c[0], merge([c[1], {"other": True}])])


def _counter(pt: Any) -> str:
    """The counter's name as the card language writes it: '+1/+1', '-1/-1'."""
    text = str(pt)
    if text not in ("+1/+1", "-1/-1"):
        raise Unsupported(f"a {text} counter")
    return text
