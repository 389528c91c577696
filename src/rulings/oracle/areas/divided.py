"""Area `divided` (grammar: divided.lark): damage dealt and counters distributed "divided as
you choose among one, two, or three targets" (CR 601.2d). The step is the core's
`deal_damage` / `put_counters` with `divided: true`, on one target slot of one to three (or
one or more, "any number of") targets; each target's share is given on the stack entry
(`divide:`) and dealt by knowledge/rules/divided.py.

Refused (the ability stays unparsed): a second divided step in one ability, and another
instruction acting on the divided targets again."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Ref, Unsupported

#: "one or two", "one, two, or three", "any number of": at least one (601.2d)
ONE_OR_TWO = {"min": 1, "max": 2}
ONE_TO_THREE = {"min": 1, "max": 3}
ANY_NUMBER = {"min": 1, "max": "any"}


class DividedEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/divided.lark."""

    targets: list[dict[str, Any]]  # the Emitter's target slots (emit.py)
    created: Any

    def _divided_slot(self, filter_: Any, count: dict[str, Any]) -> str:
        if getattr(self, "divided_made", False):
            raise Unsupported("two amounts divided in one ability")
        self.divided_made = True
        self.created = None
        slot = {"id": f"t{len(self.targets) + 1}", "filter": filter_, "count": dict(count)}
        self.targets.append(slot)
        return str(slot["id"])

    def divided_one_or_two(self, _: list[Any]) -> dict[str, Any]:
        return ONE_OR_TWO

    def divided_one_to_three(self, _: list[Any]) -> dict[str, Any]:
        return ONE_TO_THREE

    def divided_any_number(self, _: list[Any]) -> dict[str, Any]:
        return ANY_NUMBER

    def divided_any_target(self, c: list[Any]) -> Ref:
        return Ref(self._divided_slot("any_target", c[0]), "target", c[0])

    def divided_target(self, c: list[Any]) -> Ref:
        count, selector = c
        return Ref(self._divided_slot(dict(selector), count), "target", count)

    def divided_damage(self, c: list[Any]) -> Act:
        amount, ref = c
        return Act("deal_damage", {"amount": amount, "to": ref.value, "divided": True},
                   role="source")

    def divided_counters(self, c: list[Any]) -> Act:
        amount, kind, ref = c
        return Act("put_counters", {"counter": kind, "amount": amount, "what": ref.value,
                                    "divided": True})


def divided_ok(result: Any, targets: list[dict[str, Any]]) -> str:
    """Why an ability with a divided step can't be said ('' when it can): two slots of "any
    number of targets" (targets listed in order could fill either: one such slot takes all
    but what the slots after it need, facts.effects.slot_room), or a divided step whose slot
    some other step also acts on (a later "those creatures": not one share each)."""
    anys = [s for s in targets if isinstance(s.get("count"), dict)
            and s["count"].get("max") == "any"]
    if len(anys) > 1:
        return "two slots of 'any number of targets'"
    divided = [s for s in _steps(result) if isinstance(s, dict) and any(
        isinstance(b, dict) and b.get("divided") for b in s.values())]
    slots = {b.get("to") or b.get("what") for s in divided for b in s.values()}
    others = [s for s in _steps(result) if s not in divided]
    if any(slot in str(o) for o in others for slot in slots):
        return "a divided amount's targets named again by another instruction"
    return ""


def _steps(result: Any) -> list[Any]:
    """The steps of a parse: the effects' list, or a trigger's `do`."""
    if isinstance(result, dict):
        return list(result.get("do") or [])
    return list(result) if isinstance(result, list) else []
