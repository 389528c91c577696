"""Combat: restrictions on attacking and blocking, and typecycling (combat.lark)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported, mana_cost

#: what each typecycling keyword searches for (CR 702.29e)
_CYCLE_FOR: dict[str, dict[str, Any]] = {
    "plains": {"subtypes": ["plains"]}, "island": {"subtypes": ["island"]},
    "swamp": {"subtypes": ["swamp"]}, "mountain": {"subtypes": ["mountain"]},
    "forest": {"subtypes": ["forest"]}, "wizard": {"subtypes": ["wizard"]},
    "sliver": {"subtypes": ["sliver"]},
    "basic_land": {"types": ["land"], "supertypes": ["basic"]},
}


def _creatures_only(affects: Any) -> None:
    if affects not in ("this", "enchanted", "equipped"):
        # a restriction on a kind of creatures is read the same way, but none has been
        # checked against its cards yet: keep to one creature, the card or what it is on
        raise Unsupported("a combat restriction on creatures other than the card itself")


def _kind_of(selector: Any) -> dict[str, Any]:
    """A kind of object these restrictions compare with; refused when empty, or when it is a
    choice of alternatives with more said beside it ("Walls and/or creatures with flying"):
    the selector rules read the alternatives alone and would drop the rest."""
    if not isinstance(selector, dict) or not selector:
        raise Unsupported("a combat restriction about something other than a kind of object")
    if "any_of" in selector and len(selector) > 1:
        raise Unsupported("alternatives with a quality said of them all ('X and/or creatures "
                          "with flying')")
    return dict(selector)


class CombatEmitter:
    """Methods for the grammar area combat.lark."""

    def combat_typecycling(self, c: list[Any]) -> dict[str, Any]:
        kind, cost = c[0], c[1]
        return {"activated": {
            "cost": [{"mana": mana_cost(str(cost))}, {"discard": "this"}], "zone": "hand",
            "do": [{"search": {"for": dict(_CYCLE_FOR[kind]), "id": "found"}},
                   {"reveal": {"what": "found"}},
                   {"put": {"what": "found", "to": "hand"}},
                   {"shuffle": {}}]}}

    def combat_plainscycling(self, _: list[Any]) -> str:
        return "plains"

    def combat_islandcycling(self, _: list[Any]) -> str:
        return "island"

    def combat_swampcycling(self, _: list[Any]) -> str:
        return "swamp"

    def combat_mountaincycling(self, _: list[Any]) -> str:
        return "mountain"

    def combat_forestcycling(self, _: list[Any]) -> str:
        return "forest"

    def combat_basic_landcycling(self, _: list[Any]) -> str:
        return "basic_land"

    def combat_wizardcycling(self, _: list[Any]) -> str:
        return "wizard"

    def combat_slivercycling(self, _: list[Any]) -> str:
        return "sliver"

    def combat_cant_block_these(self, c: list[Any]) -> dict[str, Any]:
        # "can't block creatures with power 2 or greater": read by block.prohibited-against
        affects, blockable = c
        _creatures_only(affects)
        return {"static": {"affects": affects,
                           "prohibit": {"action": "block", "what": _kind_of(blockable)}}}

    def combat_one_blocker_at_most(self, c: list[Any]) -> dict[str, Any]:
        _creatures_only(c[0])
        return {"static": {"affects": c[0], "max_blockers": 1}}

    def combat_alone_action(self, c: list[Any]) -> str:
        words = [str(x) for x in c]
        return "attack_or_block" if "or" in words else words[0]

    def combat_cant_alone(self, c: list[Any]) -> dict[str, Any]:
        affects, action = c
        _creatures_only(affects)
        return {"static": {"affects": affects, "prohibit": {"action": f"{action}_alone"}}}

    def combat_cant_attack_unless(self, c: list[Any]) -> dict[str, Any]:
        affects, count, what = c
        _creatures_only(affects)
        if count != 1:
            raise Unsupported("'unless defending player controls' more than one permanent")
        return {"static": {"affects": affects, "cant_attack_unless": _kind_of(what)}}

    def combat_blocked_only_by(self, c: list[Any]) -> dict[str, Any]:
        affects, blockers = c
        _creatures_only(affects)
        return {"static": {"affects": affects, "prohibit": {
            "action": "be_blocked", "what": {"not": _kind_of(blockers)}}}}

    def combat_min_blockers(self, c: list[Any]) -> dict[str, Any]:
        affects, count = c
        _creatures_only(affects)
        if not isinstance(count, int):
            raise Unsupported("a number of blockers other than a fixed number")
        return {"static": {"affects": affects, "min_blockers": count}}


    def combat_must_be_blocked(self, c: list[Any]) -> dict[str, Any]:
        _creatures_only(c[0])
        return {"static": {"affects": c[0], "require": {"action": "be_blocked"}}}

    def combat_lure(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": c[0], "require": {"action": "be_blocked_by_all"}}}

    def combat_lured_self(self, _: list[Any]) -> str:
        return "this"

    def combat_lured_enchanted(self, _: list[Any]) -> str:
        return "enchanted"

    def combat_lured_equipped(self, _: list[Any]) -> str:
        return "equipped"

    def combat_it_is_attacking(self, _: list[Any]) -> dict[str, Any]:
        # the layer system asks it of the object with the ability: "it" must be that object,
        # not the creature an Aura or Equipment is on
        if getattr(self, "mentioned", None) is not None:
            raise Unsupported("'as long as it's attacking' of the creature it is attached to")
        return {"attacking": True}
