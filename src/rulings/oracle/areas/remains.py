"""Area `remains` (grammar: remains.lark): the duration "for as long as ~ remains tapped"
(CR 611.2b), `while_this_tapped`, on the one-shot effects an ability of a permanent leaves:
a change of power and toughness or keywords (layer system) and "doesn't untap during its
controller's untap step" (untapping.py)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Unsupported, _plain_keywords, static_keywords

DURATION = "while_this_tapped"


class RemainsEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/remains.lark."""

    def remains_tapped(self, _: list[Any]) -> str:
        self.remains_used = True
        return DURATION

    def remains_duration(self, c: list[Any]) -> str:
        return str(c[0])

    def remains_has(self, c: list[Any]) -> Act:
        keywords, duration = c
        return Act("modify", {"add_keywords": static_keywords(keywords), "duration": duration},
                   role="what")

    def remains_gets_has(self, c: list[Any]) -> Act:
        pt, keywords, duration = c
        _plain_keywords(keywords)
        act: Act = self.pump([pt, duration])  # type: ignore[attr-defined]
        act.args["add_keywords"] = keywords
        return act

    def remains_untap_steps(self, _: list[Any]) -> None:
        return None

    def remains_no_untap(self, c: list[Any]) -> Act:
        if self._last_optional:  # type: ignore[attr-defined]
            raise Unsupported("not untapping after an optional step")
        return Act("modify", {"prohibit": "untap", "duration": c[-1]}, role="what")


#: what the readers of `while_this_tapped` read: a modify step's parts (the layer system's
#: resolved effects, untapping.py's untap rule) and a change of control (layer 2)
READ_PARTS = {"what", "power", "toughness", "add_keywords", "prohibit", "duration"}


def remains_ok(result: Any, start: str) -> str:
    """Why an ability using "for as long as ~ remains tapped" is not read ("" if it is): only
    an ability of a permanent (never a spell's), on modify steps the readers know."""
    if start not in ("effects", "triggered"):
        return "'for as long as ~ remains tapped' outside an activated or triggered ability"
    steps = result["do"] if isinstance(result, dict) and "do" in result else result
    found = False
    for step in steps if isinstance(steps, list) else [steps]:
        if not isinstance(step, dict):
            return "'for as long as ~ remains tapped' in a step not read"
        verb, body = next(iter(step.items()))
        if not isinstance(body, dict) or body.get("duration") != DURATION:
            continue
        found = True
        if verb != "modify" or set(body) - READ_PARTS:
            return f"'for as long as ~ remains tapped' on '{verb}' with {sorted(body)}"
        if body.get("prohibit", "untap") != "untap":
            return "'can't … for as long as ~ remains tapped' (no reader checks the source)"
    return "" if found else "'for as long as ~ remains tapped' where it is not read"
