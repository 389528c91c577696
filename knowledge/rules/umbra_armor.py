"""CR 702.89 umbra armor (printed "totem armor" on older cards, 702.89b): an Aura's
replacement effect on the destruction of the permanent it enchants. The replacement itself is
one effect of the procedure of knowledge/replacement_system.py (`umbra_armor`), ordered with
the others there (a regeneration shield, CR 616.1); this module says what the Aura's effect
did when it was the one applied: the permanent stays, its damage is removed, the Aura is
destroyed instead. What then happens to the Aura (its own triggers, the bonuses it gave) is
not followed here."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, OR, TEST
from rulings.engine.rules import rule
from rulings.facts.effects import Keyword
from rulings.facts.game import GameObject
from rulings.facts.replacement import Replaced, ReplacementWatch
from rulings.facts.rulings import Ruling
from rulings.facts.state import DestroyEvent, StateAsked
from rulings.knowledge.replacement_system import UMBRA_ARMOR_DOES

TOPIC = "CR 702.89 Umbra armor"


def _applied(effects: list[str], aura_name: str) -> bool:
    """The Aura's umbra armor is among the effects applied to the event."""
    return any(str(e).startswith(f"{aura_name} ({UMBRA_ARMOR_DOES}:") for e in effects)


class Rules:
    @rule(
        OR(DestroyEvent(), StateAsked()),
        GameObject(id=MATCH.aura, zone="battlefield", attached_to=MATCH.host),
        Keyword(object=MATCH.aura, keyword="umbra_armor"),
        TEST(lambda host: host != ""),
        id="umbra-armor.watch",
        cites=("CR 702.89a",),
        because="an Aura with umbra armor is attached to a permanent, and the question may "
                "destroy it (an effect, or lethal damage): the Aura's replacement effect "
                "watches for that",
    )
    def watch(self):
        return ReplacementWatch()

    @rule(
        Replaced(kind="zone", subject=MATCH.host, effects=MATCH.effects),
        GameObject(id=MATCH.aura, attached_to=MATCH.host, zone="battlefield",
                   name=MATCH.aura_name),
        Keyword(object=MATCH.aura, keyword="umbra_armor"),
        GameObject(id=MATCH.host, name=MATCH.host_name),
        TEST(lambda effects, aura_name: _applied(effects, aura_name)),
        id="umbra-armor.destroyed-instead",
        cites=("CR 702.89a", "CR 702.89b", "CR 614.1a"),
        because="{aura_name} has umbra armor (totem armor is its older name): when the "
                "permanent it enchants would be destroyed, whether by an effect or by lethal "
                "damage, and even when it can't be regenerated (this isn't regeneration: "
                "{host_name} isn't tapped or removed from combat), all damage is removed "
                "from {host_name} and {aura_name} is destroyed instead",
        says="{host_name} isn't destroyed: its damage is removed and {aura_name} is "
             "destroyed instead",
    )
    def destroyed_instead(self, host, aura, aura_name, host_name):
        return Ruling(about=f"{aura}:umbra-armor", subject=aura_name, verdict="happens",
                      action=f"be destroyed instead of {host_name} (its damage removed)",
                      step=2)
