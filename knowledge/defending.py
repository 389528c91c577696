"""Who "defending player" is, for an ability that speaks of one (CR 506.2, 508.5).

An ability of an attacking creature (or one that speaks of an attacking creature and a
defending player) means the player that creature attacks, or who controls the planeswalker
it attacks, or who protects the battle it attacks (508.5). In a multiplayer game that is one
player, decided creature by creature (508.5a): not every opponent, and not every defending
player. Once the creature has left combat, it is the player it attacked before (508.5).

The rules (knowledge/rules/defending.py) and the resolution walk (knowledge/resolving.py)
both ask here. The creature is known only for a trigger about the object with the ability
itself, or about the creature that object enchants or equips (its Trigger's `what` is this,
enchanted or equipped); for any other ability the defending player is not decided. A
creature no longer attacking, and a battle (its protector, CR 310.8d, is not in the
situation language), leave it undecided too: never guessed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulings.facts.combat import Attacking
from rulings.facts.effects import Selector, Trigger
from rulings.facts.game import GameObject, Player

#: the referent word (facts/effects.py REFERENTS) and a selector's `controller:` value
DEFENDING = "defending_player"

#: trigger events about an attacking creature (the compiler's emit.ATTACK_EVENTS)
ATTACK_EVENTS = ("attacks", "attacks_alone", "attacks_unblocked", "becomes_blocked",
                 "blocked_by_creature")

#: what such a trigger is about, for the rules to know its attacking creature
OWN_ATTACKERS = ("this", "enchanted", "equipped")

Collect = Callable[..., list[Any]]


def collector(facts: list[Any]) -> Collect:
    """engine.collect over a plain list of facts."""
    def collect(cls: type, **where: Any) -> list[Any]:
        return [f for f in facts if isinstance(f, cls)
                and all(f.get(k) == v for k, v in where.items())]
    return collect


def attacking_creature(collect: Collect, ability: str) -> tuple[str, str]:
    """(the attacking creature `ability` speaks of, '') or ('', why it is not known)."""
    triggers = [t for t in collect(Trigger, ability=ability) if t["event"] in ATTACK_EVENTS]
    if not triggers:
        return "", "its ability is not a trigger on an attacking creature"
    trigger = triggers[0]
    about = collect(Selector, id=trigger["what"])
    ref = about[0]["ref"] if about else ""
    if ref not in OWN_ATTACKERS:
        return "", "its trigger is about another creature's attack, which no rule follows"
    if ref == "this":
        return str(trigger["source"]), ""
    hosts = [o["attached_to"] for o in collect(GameObject, id=trigger["source"])
             if o["attached_to"]]
    if not hosts:
        return "", f"{trigger['source']} is attached to nothing"
    return str(hosts[0]), ""


def player_attacked(collect: Collect, defender: str) -> tuple[str, str]:
    """(the defending player of a creature attacking `defender`, how) — the player is ''
    when the situation doesn't say (a battle's protector)."""
    if collect(Player, name=defender):
        return defender, f"it attacks {defender}"
    found = collect(GameObject, id=defender)
    if not found:
        return "", f"what it attacks, {defender}, is not in the game"
    obj = found[0]
    if "battle" in (obj["types"] or ()):
        return "", (f"it attacks the battle {obj['name']}, whose protector (CR 310.8d) the "
                    "situation doesn't name")
    return str(obj["controller"]), f"it attacks {obj['name']}, which {obj['controller']} " \
                                   "controls"


def defending_player(collect: Collect, ability: str) -> tuple[str, str]:
    """(the defending player `ability` speaks of, how) or ('', why it is not known)."""
    creature, why = attacking_creature(collect, ability)
    if not creature:
        return "", why
    attacks = collect(Attacking, creature=creature)
    if not attacks:
        named = [o["name"] for o in collect(GameObject, id=creature)]
        return "", (f"{named[0] if named else creature} is not attacking now; the defending player is then the "
                    "player it attacked before it left combat (CR 508.5), which the "
                    "situation doesn't say")
    return player_attacked(collect, str(attacks[0]["defender"]))


__all__ = ["DEFENDING", "ATTACK_EVENTS", "OWN_ATTACKERS", "collector", "attacking_creature",
           "player_attacked", "defending_player"]
