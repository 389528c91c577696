"""The dealtdmg area: creatures a permanent dealt damage to earlier this turn (CR 120.1).

"Whenever a creature dealt damage by ~ this turn dies, …" is a dies trigger on
`{types: [creature], dealt_damage_this_turn_by: this}` (a leaves-the-battlefield trigger, it
looks back, CR 603.10a); "If a creature dealt damage by ~ this turn would die, exile it
instead" a replacement of that dies event (614.6). "enchanted creature" / "equipped creature"
name the permanent the Aura or Equipment is attached to now. The rule
selectors.filter-dealt-damage-by and the replacement system (layer_system.picks) read the
key from the situation's `this_turn: dealt_damage` and the damage of the event asked about;
facts/cards.py keeps the key to these two places.
"""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported

#: the filter key (facts/effects.py SELECTOR_KEYS)
KEY = "dealt_damage_this_turn_by"


def _places(value: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Each mapping that holds the key, with the keys on the way to it."""
    out: list[tuple[tuple[str, ...], Any]] = []
    if isinstance(value, dict):
        if KEY in value:
            out.append((path, value))
        for k, v in value.items():
            out += _places(v, (*path, str(k)))
    elif isinstance(value, list):
        for v in value:
            out += _places(v, (*path, "[]"))
    return out


def dealtdmg_ok(result: Any) -> str:
    """'' when "dealt damage by … this turn" describes, as the whole description, the
    creature of a dies trigger or of a dies replacement (the places a rule reads it:
    facts/cards.py); else why not."""
    for path, what in _places(result):
        if path[-3:] not in (("when", "dies", "what"), ("event", "dies", "what")):
            return "'dealt damage by … this turn' outside a dies trigger or replacement"
        if set(what) != {"types", KEY} or what["types"] != ["creature"]:
            return "'a creature dealt damage by … this turn' with another quality"
    return ""


class DealtDamageEmitter:
    def dealtdmg_by_self(self, _: list[Any]) -> dict[str, Any]:
        self.dealtdmg_used = True
        return {KEY: "this"}

    def dealtdmg_by_enchanted(self, _: list[Any]) -> dict[str, Any]:
        self.dealtdmg_used = True
        return {KEY: "enchanted"}

    def dealtdmg_by_equipped(self, _: list[Any]) -> dict[str, Any]:
        self.dealtdmg_used = True
        return {KEY: "equipped"}

    def dealtdmg_post(self, c: list[Any]) -> Any:
        # a trigger's "that creature" after "dealt damage by enchanted creature" is the
        # enchanted creature, not the one that died (Vampiric Embrace): only ~ itself here
        if c[0] != {KEY: "this"}:
            raise Unsupported("damage dealt by an enchanted or equipped creature, in a trigger")
        return c[0]

    def dealtdmg_dies_exile(self, c: list[Any]) -> dict[str, Any]:
        what = {"types": ["creature"], **c[0]}
        return {"replacement": {"event": {"dies": {"what": what}}, "modify": {"to": "exile"}}}
