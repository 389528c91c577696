"""The attached area: what is attached to a permanent (CR 301.5, 303.4), counted or compared in
a static ability. "~ gets +1/+1 for each Aura attached to it" is a `modify` whose amounts
count `{subtypes: [aura], attached_to: this}` (`times: 2` for "+2/+2", CR 613.4c); "~ has
double strike as long as two or more Equipment are attached to it" is a `while:
{permanents_count: {what: …, ge: 2}}`. The layer system reads both (knowledge/layer_system.py:
`picks` tests `attached_to` on what the permanent is attached to now, `Layers.holds` the
count). "Destroy target Aura attached to a creature" puts the key in the target slot's filter,
read by the rule selectors.filter-attached-to; no other reader takes it (facts/effects.py
filter_misses), so the area compiles it in those places only. Soulbond's "as long as ~ is
paired with another creature, both creatures …" is here too (`PairedEmitter`)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported, _whole, static_keywords
from rulings.oracle.tokens import subtypes

#: the host words as the referent they name ("it" is decided by the ability: `_host`)
_IT = "it"
#: the referents whose attachments the layer system can find (an object's own, or the
#: permanent an Aura or Equipment with the ability is attached to)
_HOSTS = ("this", "enchanted", "equipped")


def _counted(c: list[Any]) -> tuple[dict[str, Any], str]:
    """The attachments' filter (without their host) and the host word."""
    *kinds, host = c
    return (kinds[0] if isinstance(kinds[0], dict) else {}), str(host)


def _with_host(kinds: dict[str, Any], host: str) -> dict[str, Any]:
    if not kinds.get("subtypes") or set(kinds) - {"subtypes", "other"}:
        # only Auras and Equipment are attached to permanents (301.5, 303.4); a type or a
        # controller beside them is not said here
        raise Unsupported("attached objects other than Auras or Equipment of any controller")
    if set(kinds["subtypes"]) - {"aura", "equipment"}:
        raise Unsupported("attached objects that are not Auras or Equipment")
    return {**kinds, "attached_to": host}


class AttachedEmitter:
    def attached_each(self, c: list[Any]) -> tuple[dict[str, Any], str]:
        return _counted(c)

    def attached_both(self, c: list[Any]) -> tuple[dict[str, Any], str]:
        # "each Aura and Equipment attached to it": each of either kind
        names = [subtypes()[str(t)] for t in c[:2]]
        return {"subtypes": names}, str(c[2])

    def attached_it(self, _: list[Any]) -> str:
        return _IT

    def attached_self(self, _: list[Any]) -> str:
        return "this"

    def attached_enchanted(self, _: list[Any]) -> str:
        self.mentioned = "enchanted"  # "…, it has first strike": the enchanted creature
        return "enchanted"

    def attached_equipped(self, _: list[Any]) -> str:
        self.mentioned = "equipped"
        return "equipped"

    def _attached_modify(self, affects: Any, pt: Any, each: tuple[dict[str, Any], str]
                         ) -> dict[str, Any]:
        kinds, host = each
        if host == _IT:
            # "Enchanted creature gets +2/+2 for each Aura attached to it": what it gives the
            # bonus to; a group has no one host
            if affects not in _HOSTS:
                raise Unsupported("'attached to it' after a group of permanents")
            host = affects
        counted = _with_host(kinds, host)
        parts: dict[str, Any] = {}
        for key, text in zip(("power", "toughness"), str(pt).split("/"), strict=True):
            if not text[1:].isdigit() or text[0] not in "+":
                raise Unsupported(f"a change of {text} for each")
            n = int(text[1:])
            parts[key] = 0 if n == 0 else {"count": counted} if n == 1 else \
                {"count": counted, "times": n}
        return {"static": {"affects": affects, "modify": parts}}

    def attached_anthem(self, c: list[Any]) -> dict[str, Any]:
        affects, pt, each = c
        return self._attached_modify(affects, pt, each)

    def attached_anthem_keywords(self, c: list[Any]) -> dict[str, Any]:
        affects, pt, each, keywords = c
        out = self._attached_modify(affects, pt, each)
        out["static"]["add_keywords"] = static_keywords(keywords)
        return out

    def _condition_host(self, host: str) -> str:
        # a condition is decided for the object with the ability: "it" is that object, or the
        # permanent it enchants or equips when the sentence named that one first
        if host != _IT:
            return host
        mentioned = getattr(self, "mentioned", None)
        return mentioned if mentioned in ("enchanted", "equipped") else "this"

    def attached_at_least(self, c: list[Any]) -> dict[str, Any]:
        n, kinds, host = c
        return {"permanents_count": {
            "what": _with_host(kinds, self._condition_host(str(host))), "ge": _whole(n)}}

    def attached_some(self, c: list[Any]) -> dict[str, Any]:
        kinds, host = [x for x in c if x is not None]
        return {"permanents_count": {
            "what": _with_host(kinds, self._condition_host(str(host))), "ge": 1}}


#: soulbond: "both creatures", "each of those creatures" (CR 702.95b)
PAIR = {"any_of": ["this", "paired"]}


class PairedEmitter:
    def paired_condition(self, _: list[Any]) -> dict[str, Any]:
        return {"paired": True}

    def paired_both(self, _: list[Any]) -> dict[str, Any]:
        return {"any_of": list(PAIR["any_of"])}

    def paired_keywords(self, c: list[Any]) -> dict[str, Any]:
        condition, affects, keywords = c
        return {"static": {"affects": affects, "add_keywords": static_keywords(keywords),
                           "while": condition}}

    def paired_anthem(self, c: list[Any]) -> dict[str, Any]:
        condition, affects, pt = c
        out = self.anthem([affects, pt])  # type: ignore[attr-defined]
        out["static"]["while"] = condition
        return dict(out)

    def paired_ability(self, c: list[Any]) -> dict[str, Any]:
        condition, affects, granted = c
        out = self.has_ability([affects, granted])  # type: ignore[attr-defined]
        out["static"]["while"] = condition
        return dict(out)


class AttachedTargetEmitter:
    def attached_target(self, c: list[Any]) -> Any:
        kinds, host = c
        if set(kinds) != {"subtypes"} or kinds["subtypes"] != ["aura"]:
            raise Unsupported("a target attached to something that is not an Aura")
        if not host.get("types") or set(host) - {"types", "controller"} or set(
                host["types"]) - {"creature", "land", "artifact", "enchantment",
                                  "planeswalker", "permanent"}:
            raise Unsupported("what the targeted Aura is attached to, said so")
        return self.target([None, {**kinds, "attached_to": host}])  # type: ignore[attr-defined]


def misplaced_count(kind: str, result: Any) -> str:
    """The gap when a compiled ability other than a static one uses the `permanents_count`
    condition (only the layer system reads it: an activation's "activate only if …" or a
    trigger's "if …" would go unread); '' when it doesn't."""
    def walk(node: Any) -> bool:
        if isinstance(node, dict):
            return "permanents_count" in node or any(walk(v) for v in node.values())
        if isinstance(node, list):
            return any(walk(v) for v in node)
        return False
    if kind != "static" and walk(result):
        return "how many permanents are attached is read only in a static ability"
    return ""
