"""Area `auras`: what an Aura or an Equipment says about the permanent it is attached to
(grammar: auras.lark). Only words the rules read are written: a land type set (layer 4,
CR 305.7), base power and toughness (7b), keywords lost (6), a color (5), the untap step
(502.3), damage prevented (615.1), activated abilities that can't be activated (602.5);
damage events are the trigger language's own words."""

from __future__ import annotations

from typing import Any

from lark import Token

from rulings.oracle.emit import Unsupported, _plain_keywords, signed

#: the land types a land can be set to here (CR 305.6: each has its intrinsic mana ability)
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")


def _attached(affects: Any, what: str) -> None:
    """These phrases are read only about what the ability's permanent is attached to: a
    phrase about the card itself or a kind of object stays unparsed."""
    if affects not in ("enchanted", "equipped"):
        raise Unsupported(f"{what} of something other than the enchanted or equipped "
                          "permanent")


def _bonus(pt: Any) -> dict[str, Any]:
    p, t = str(pt).split("/")
    return {"power": signed(p), "toughness": signed(t)}


class AurasEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/auras.lark."""

    def auras_land_is(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.tokens import subtypes

        affects, sub = c[0], c[-1]
        _attached(affects, "'is a …'")
        land_type = subtypes().get(str(sub), str(sub)) if isinstance(sub, Token) else ""
        if land_type not in BASIC_LAND_TYPES:
            raise Unsupported(f"'is a {sub}' (only a basic land type is set)")
        return {"static": {"affects": affects, "set_land_types": [land_type]}}

    def auras_base_pt(self, c: list[Any]) -> dict[str, Any]:
        affects, size = c[0], c[-1]
        power, toughness = str(size).split("/")
        if not (power.isdigit() and toughness.isdigit()):
            raise Unsupported(f"base power and toughness {size}")
        return {"static": {"affects": affects,
                           "set_pt": {"power": int(power), "toughness": int(toughness)}}}

    def auras_loses(self, c: list[Any]) -> dict[str, Any]:
        affects, keywords = c[0], c[-1]
        _plain_keywords(keywords)
        return {"static": {"affects": affects, "remove_keywords": keywords}}

    def auras_anthem_loses(self, c: list[Any]) -> dict[str, Any]:
        affects, pt, keywords = c[0], c[1], c[-1]
        _plain_keywords(keywords)
        return {"static": {"affects": affects, "modify": _bonus(pt),
                           "remove_keywords": keywords}}

    def auras_anthem_color(self, c: list[Any]) -> dict[str, Any]:
        affects, pt, color = c[0], c[1], c[-1]
        if not color:
            raise Unsupported("a color not named")
        return {"static": {"affects": affects, "modify": _bonus(pt),
                           "set_colors": [str(color)]}}

    def auras_anthem_no_untap(self, c: list[Any]) -> dict[str, Any]:
        affects, pt, whose = c[0], c[1], c[-1]
        if whose != "controller":
            # "your untap step" of a permanent another player may control (no_untap refuses it)
            raise Unsupported("'doesn't untap during your untap step' of another's permanent")
        return {"static": {"affects": affects, "modify": _bonus(pt), "doesnt_untap": True}}

    def auras_prevent_all_by(self, c: list[Any]) -> dict[str, Any]:
        ref = c[-1]
        if ref.kind != "ref" or ref.value not in ("enchanted", "equipped", "this"):
            raise Unsupported("damage prevented from a source other than this permanent or "
                              "what it is attached to")
        event: dict[str, Any] = {"by": ref.value}
        if "combat:" in c:
            event["combat"] = True
        return {"replacement": {"event": {"damage": event}, "modify": {"prevent": 0}}}

    def auras_cant_and_no_activations(self, c: list[Any]) -> dict[str, Any]:
        affects, action = c[0], c[1]
        out = self.cant([affects, action])  # type: ignore[attr-defined]
        out["static"]["cant_be_activated"] = True
        return out

    def auras_no_activations(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": c[0], "cant_be_activated": True}}

    def _auras_subtypes(self, c: list[Any]) -> list[str]:
        from rulings.oracle.tokens import subtypes

        subs = [subtypes().get(str(t), str(t)) for t in c
                if isinstance(t, Token) and t.type == "SUBTYPE"]
        if any(s in BASIC_LAND_TYPES or s in ("aura", "equipment") for s in subs):
            raise Unsupported("a land type or an Aura's subtype added to a creature")
        return subs

    def auras_anthem_keywords_subtypes(self, c: list[Any]) -> dict[str, Any]:
        affects, pt, keywords = c[0], c[1], c[2]
        _attached(affects, "'is a … in addition to its other types'")
        _plain_keywords(keywords)
        return {"static": {"affects": affects, "modify": _bonus(pt), "add_keywords": keywords,
                           "add_subtypes": self._auras_subtypes(c)}}

    def auras_is_subtype_too(self, c: list[Any]) -> dict[str, Any]:
        _attached(c[0], "'is a … in addition to its other types'")
        return {"static": {"affects": c[0], "add_subtypes": self._auras_subtypes(c)}}

    def auras_keywords_then(self, c: list[Any]) -> list[Any]:
        return [k for k in c if k is not None]

    # -- the steps of the enchanted permanent's controller ------------------------------------
    def auras_host_controller_step(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.emit import PlayerRef

        step = {"upkeep": "upkeep", "end": "end", "draw": "draw"}[str(c[0])]
        self.event_ref = "enchanted"  # "that creature", "it": the enchanted one
        # "that player" is the enchanted permanent's controller, whose step it is (the core's
        # "that player" reads this, as it does a searched library's owner)
        self.searched_of = PlayerRef(controller_of="enchanted")
        return {"step": step, "whose": "enchanted_controller"}

    def auras_step_name(self, c: list[Any]) -> str:
        return str(c[0])

    def auras_host(self, c: list[Any]) -> str:
        return str(c[0])

    def auras_that_nouns_controller(self, c: list[Any]) -> Any:
        from rulings.oracle.emit import PlayerRef

        return PlayerRef(controller_of=self._that(c[0]))  # type: ignore[attr-defined]

    def auras_type_tokens(self, c: list[Any]) -> dict[str, Any]:
        if not c[0].get("types") or c[0]["types"] == ["permanent"]:
            raise Unsupported("tokens of no card type")
        return {**c[0], "is": ["token"]}

    def auras_two_colors(self, c: list[Any]) -> dict[str, Any]:
        first_color, second_color, selector = c
        if "colors" in selector:
            raise Unsupported("colors named twice")
        return {**selector, "colors": [str(first_color), str(second_color)]}

    # -- damage triggers ------------------------------------------------------------------------
    def _auras_damage_about(self, ref: Any) -> Any:
        if ref.kind != "ref" or ref.value not in ("enchanted", "equipped"):
            # a kind of object: "it" and "that much" would need the event's own words
            raise Unsupported("a damage trigger on something other than the enchanted or "
                              "equipped creature")
        return self._about(ref)  # type: ignore[attr-defined]

    def auras_deals_damage_to(self, c: list[Any]) -> dict[str, Any]:
        what = self._auras_damage_about(c[0])
        return {"deals_damage": {"what": what, "to": c[-1]}}

    def auras_deals_damage(self, c: list[Any]) -> dict[str, Any]:
        return {"deals_damage": {"what": self._auras_damage_about(c[0])}}

    def auras_dealt_damage(self, c: list[Any]) -> dict[str, Any]:
        return {"dealt_damage": {"what": self._auras_damage_about(c[0])}}

    def auras_to_player(self, _: list[Any]) -> str:
        return "player"

    def auras_to_opponent(self, _: list[Any]) -> str:
        return "opponent"
