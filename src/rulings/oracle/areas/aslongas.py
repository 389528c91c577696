"""The aslongas area: the conditions of static abilities that apply only while something is
so (CR 611.3a) — the object with the ability tapped, untapped, equipped, enchanted or
attacking; the permanent an Aura or Equipment is attached to having a quality; a life total;
the cards in a hand (aslongas.lark). Each is a `while:` condition the layer system decides
(knowledge/layer_system.py, Layers.holds), and that the combat rules ask through
knowledge/rules/static_abilities.py."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported, _whole

#: the word after "is" / "it's", as the condition it makes
_STATES: dict[str, dict[str, Any]] = {
    "tapped": {"tapped": True}, "untapped": {"tapped": False},
    "equipped": {"equipped": True}, "enchanted": {"enchanted": True},
    "attacking": {"attacking": True},
}


class AslongasEmitter:
    def aslongas_state(self, c: list[Any]) -> str:
        return str(c[0])

    def aslongas_it_state(self, c: list[Any]) -> str:
        return str(c[0])

    def aslongas_self_is(self, c: list[Any]) -> dict[str, Any]:
        # the layer system asks it of the object with the ability: "it" must be that object,
        # not the permanent an Aura or Equipment is attached to
        if getattr(self, "mentioned", None) is not None:
            raise Unsupported("a condition on 'it' after an enchanted or equipped permanent")
        return dict(_STATES[str(c[-1])])

    def aslongas_enchanted(self, c: list[Any]) -> str:
        self.mentioned = "enchanted"  # "…, it gets +2/+1": the enchanted permanent
        return "enchanted"

    def aslongas_equipped(self, c: list[Any]) -> str:
        self.mentioned = "equipped"
        return "equipped"

    def aslongas_kind_one(self, c: list[Any]) -> dict[str, Any]:
        return c[-1]

    def aslongas_kind_either(self, c: list[Any]) -> dict[str, Any]:
        return {"any_of": [x for x in c if isinstance(x, dict)]}

    def aslongas_attached_is(self, c: list[Any]) -> dict[str, Any]:
        _, kind = c  # the Aura's or Equipment's own host: what it is attached to
        return {"attached_is": kind}

    def aslongas_while_additional(self, c: list[Any]) -> dict[str, Any]:
        return self.while_anthem(c)  # type: ignore[attr-defined, no-any-return]

    def aslongas_life_le(self, c: list[Any]) -> dict[str, Any]:
        return {"life": {"le": _whole(c[0])}}

    def aslongas_opponent_life_le(self, c: list[Any]) -> dict[str, Any]:
        return {"opponent_life": {"le": _whole(c[0])}}

    def aslongas_opponent_life_ge(self, c: list[Any]) -> dict[str, Any]:
        return {"opponent_life": {"ge": _whole(c[0])}}

    def _cant_unless(self, affects: Any, action: str, condition: Any) -> dict[str, Any]:
        return {"static": {"affects": affects, "prohibit": {"action": action},
                           "while": {"not": condition}}}

    def aslongas_cant_attack_unless(self, c: list[Any]) -> dict[str, Any]:
        return self._cant_unless(c[0], "attack", c[-1])

    def aslongas_cant_block_unless(self, c: list[Any]) -> dict[str, Any]:
        return self._cant_unless(c[0], "block", c[-1])

    def aslongas_cant_attack_or_block_unless(self, c: list[Any]) -> dict[str, Any]:
        return self._cant_unless(c[0], "attack_or_block", c[-1])

    def aslongas_while_anthem_cant(self, c: list[Any]) -> dict[str, Any]:
        out = self.anthem_cant(c[1:])  # type: ignore[attr-defined]
        out["static"]["while"] = c[0]
        return out  # type: ignore[no-any-return]

    def aslongas_unblockable_while_defending(self, c: list[Any]) -> dict[str, Any]:
        affects, count, what = c
        if affects != "this" or count != 1:
            # another creature's defending player is not the one the card's own attack has
            raise Unsupported("'as long as defending player controls' for other creatures")
        return {"static": {"affects": "this", "prohibit": {"action": "be_blocked"},
                           "while": {"defending_player_controls": what}}}
