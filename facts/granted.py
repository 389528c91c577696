"""Abilities one permanent gives others (CR 613.1f, layer 6): "enchanted land has '{T}: Add
one mana of any color'", "equipped creature has 'Whenever this creature deals damage …'",
"lands you control have …". The loader gives each permanent such an ability picks its own
copy of the granted ability, numbered after its printed abilities (`forest.2`), so the rules
that read abilities — activation, mana while paying, triggers — see it like any other. Which
permanents it picks is judged here from what the cards say (an Aura's or Equipment's host,
its own permanent, or a filter on printed characteristics); the layer system then adds the
ability in layer 6 only while the granting effect applies, so an effect that removes
abilities or changes what the filter picks still counts (knowledge/layer_system.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rulings.facts.cards import CardDef
from rulings.facts.effects import filter_misses
from rulings.facts.game import Ability, GameObject
from rulings.facts.lowering import lower
from rulings.facts.vocabulary import GameFact


def grant_abilities(loader: Any, cards: dict[str, CardDef]) -> None:
    """Lower every ability a battlefield permanent's static `add_abilities` gives onto each
    permanent it picks. `cards` is the card of each object id."""
    battlefield = {oid: o for oid, o in loader.objects.items() if o["zone"] == "battlefield"}
    for oid in list(battlefield):
        card = cards.get(oid)
        if card is None:
            continue
        for ab in card.abilities:
            if ab.kind != "static":
                continue
            granted = [a for word, a in ab.parts.get("effects", []) if word == "add_abilities"]
            if not granted:
                continue
            giver = f"{oid}.{ab.number}"
            for recipient in _picked(loader, ab.parts.get("affects"), oid, battlefield):
                for nested in granted[0]:
                    _give(loader, cards, recipient, giver, nested)


def _picked(loader: Any, affects: Any, oid: str, battlefield: dict[str, Any]) -> list[str]:
    """The permanents a static ability's `affects` names, from what the cards say."""
    me = battlefield[oid]
    if not isinstance(affects, dict):
        return []
    if "ref" in affects:
        ref = affects["ref"]
        if ref == "this":
            return [oid]
        if ref in ("enchanted", "equipped"):
            host = _resolve(loader, me["attached_to"])
            return [host] if host in battlefield else []
        if ref == "paired":  # soulbond: the creature the situation pairs it with (702.95b)
            from rulings.facts.state import partner_of

            partner = partner_of(loader.situation.facts, oid)
            return [partner] if partner in battlefield else []
        return []
    spec = affects.get("filter")
    if isinstance(spec, dict) and set(spec) == {"any_of"} and all(
            isinstance(s, dict) and "ref" in s for s in spec["any_of"]):
        # "both creatures" (soulbond): each referent's permanent
        return list(dict.fromkeys(o for s in spec["any_of"]
                                  for o in _picked(loader, s, oid, battlefield)))
    if not isinstance(spec, dict) or spec.get("zone") not in (None, "battlefield"):
        return []
    you = me["controller"] or me["owner"]
    return [o for o, obj in battlefield.items()
            if filter_misses(_plain(spec), obj, you, oid) == ""]


def _plain(spec: dict[str, Any]) -> dict[str, Any]:
    """A normalised filter in the shape the selector test reads (controller: you/opponent)."""
    out = dict(spec)
    for key in ("controller", "owner"):
        value = out.get(key)
        if isinstance(value, dict) and "ref" in value:
            out[key] = value["ref"]
    out.setdefault("zone", "battlefield")
    return out


def _resolve(loader: Any, name: str) -> str:
    if not name or name in loader.objects:
        return name
    found = loader.by_name.get(name) or loader.by_name.get(name.lower()) or []
    return found[0] if len(found) == 1 else ""


def _give(loader: Any, cards: dict[str, CardDef], recipient: str, giver: str,
          nested: Any) -> None:
    ids = loader.abilities.setdefault(recipient, [])
    number = len(ids) + 1
    aid = f"{recipient}.{number}"
    ids.append(aid)
    base = cards.get(recipient)
    name = base.name if base is not None else recipient
    giver_name = loader.situation.names.get(giver.rpartition(".")[0], giver)
    loader.situation.names[aid] = f"{name}'s ability {number} (from {giver_name})"
    card = CardDef(name=name, file=base.file if base else "", types=list(
        base.types if base else []), subtypes=list(base.subtypes if base else []),
        abilities=[replace(nested, number=number)])
    for fact in lower(card, recipient).facts:
        if isinstance(fact, GameObject):
            continue
        if isinstance(fact, Ability):
            fact = Ability(**{**{k: v for k, v in fact.items() if not GameFact.is_special(k)},
                              "granted_by": giver})
        loader.situation.facts.append(fact)


__all__ = ["grant_abilities"]
