"""Area samename: a target and the objects that share a characteristic with it
(areas/samename.lark). The group is the target and every object fitting the second
description whose name (CR 201.2a) or color (CR 105.2) it has in common with the target,
picked once as the step resolves (knowledge/resolving.py), from their characteristics then."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Ref, Unsupported

#: the filter key each relation becomes (facts/effects.py)
_KIN = {"sn_same_name": "same_name_as", "sn_shares_color": "shares_color_with"}


class SameNameEmitter:
    def sn_same_name(self, c: list[Any]) -> str:
        return "same_name_as"

    def sn_shares_color(self, c: list[Any]) -> str:
        return "shares_color_with"

    def sn_target_and_kin(self, c: list[Any]) -> Ref:
        first, rest, kin = c
        if not isinstance(first, dict) or not isinstance(rest, dict) or kin in rest \
                or "any_of" in rest or "zone" in rest or {"card", "spell"} & set(
                    rest.get("types", [])):
            # only permanents: the resolution compares them with the target as they are
            raise Unsupported("a related group of objects that are not permanents")
        slot = self._target(dict(first))  # type: ignore[attr-defined]
        self.sn_group = slot  # compiler.parse: the slot is named only inside the group
        return Ref({"any_of": [slot, {**rest, "zone": "battlefield", kin: slot}]}, "each")


def group_only(result: Any, slot: str) -> str:
    """Why the ability can't be read with its target slot named outside the group (a later
    "it" or "those creatures" would mean the target alone, not the group); '' when it isn't."""
    def uses(value: Any, inside: bool) -> bool:
        if isinstance(value, dict):
            if "any_of" in value and isinstance(value["any_of"], list) and slot in value[
                    "any_of"]:
                return False  # the group itself
            return any(uses(v, inside) for v in value.values())
        if isinstance(value, list):
            return any(uses(v, inside) for v in value)
        return value == slot

    return "the target of a related group named again after it" if uses(result, False) \
        else ""
