"""Where abilities work (CR 113.6): an ability of a permanent works only while it is on the
battlefield, unless it says it works elsewhere (113.6b); and abilities on the stack are
independent of their sources (CR 113.7a): a triggered or activated ability resolves even if
its source has left the battlefield."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.game import Ability, GameObject
from rulings.facts.mana import Activate, CantPay
from rulings.facts.resolution import Resolve
from rulings.facts.rulings import Ruling
from rulings.facts.stack import ResolveTop
from rulings.facts.state import LostAbility, NotGrantedNow

TOPIC = "CR 113.6 Where abilities work; CR 113.7 Abilities and their sources"

ACTIVATED = P(lambda k: k in ("mana", "activated"))


def works_in(ability) -> str:
    """The zone an ability works in: the battlefield unless the card says otherwise
    (an ability that names its zone, CR 113.6b)."""
    return str(ability.get("zone") or "battlefield")


class Rules:
    @rule(
        Activate(ability=MATCH.ability),
        AS.ab << Ability(id=MATCH.ability, source=MATCH.source, kind=ACTIVATED),
        GameObject(id=MATCH.source, zone=MATCH.zone, owner=MATCH.owner),
        TEST(lambda ab, zone: zone != works_in(ab)),
        id="abilities.works-only-where-it-functions",
        cites=("CR 113.6", "CR 113.6b", "CR 602.2"),
        because="an ability works only in the zone it is made for (a permanent's abilities "
                "on the battlefield) unless its card says it works elsewhere; {source}, owned "
                "by {owner}, is now in this zone: {zone}, which is not where {ability} works, "
                "so it can't be activated",
        says="{ability} doesn't {action}",
    )
    def abil_not_functioning(self, ability, source, zone, ab):
        where = "on the battlefield" if zone == "battlefield" else f"in the {zone}"
        return [
            CantPay(ability=ability, part="the ability",
                    reason=f"its card is {where}, where the ability doesn't work"),
            Ruling(about=f"{ability}.functions", subject="{ability}", verdict="doesn't happen",
                   action=f"work while its card is {where}", step=0),
        ]

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, kind=ACTIVATED),
        LostAbility(ability=MATCH.ability),
        id="abilities.removed",
        cites=("CR 613.1f", "CR 305.7", "CR 602.1"),
        because="a continuous effect has removed {ability} from {source} (an effect that "
                "makes it lose abilities, or one that sets its land type, which removes the "
                "abilities its printed text gives a land); an ability it doesn't have can't "
                "be activated",
        says="{ability} doesn't {action}",
    )
    def abil_removed(self, ability, source):
        return [
            CantPay(ability=ability, part="the ability",
                    reason="a continuous effect has removed the ability"),
            Ruling(about=f"{ability}.functions", subject="{ability}", verdict="doesn't happen",
                   action="exist now: an effect removed it", step=0),
        ]

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, kind=ACTIVATED),
        NotGrantedNow(ability=MATCH.ability, by=MATCH.by, why=MATCH.why),
        id="abilities.not-granted-now",
        cites=("CR 613.1f", "CR 611.3a", "CR 602.1"),
        because="{ability} is an ability {by} gives {source} only while that effect applies to "
                "it, and it doesn't apply now ({why}); an ability {source} doesn't have can't "
                "be activated",
        says="{ability} doesn't {action}",
    )
    def abil_not_granted(self, ability, source):
        return [
            CantPay(ability=ability, part="the ability",
                    reason="the effect that gives the ability doesn't apply now"),
            Ruling(about=f"{ability}.functions", subject="{ability}", verdict="doesn't happen",
                   action="exist now: the effect that gives it doesn't apply", step=0),
        ]

    @rule(
        Resolve(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, kind="triggered"),
        GameObject(id=MATCH.source, zone=MATCH.zone),
        TEST(lambda zone: zone != "battlefield"),
        NOT(ResolveTop()),  # resolve_top: stack.source-gone says it
        id="abilities.trigger-source-gone",
        cites=("CR 113.7a",),
        because="once triggered, an ability exists on the stack on its own; {source} being in "
                "the {zone} now doesn't stop it, and every step of it still happens",
        says="{ability} still resolves although {source} has left the battlefield",
    )
    def abil_trigger_source_gone(self, ability):
        return Ruling(about=f"{ability}.independent", subject="{ability}", verdict="happens",
                      action="resolve without its source", step=1)

    @rule(
        Resolve(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, kind="activated"),
        GameObject(id=MATCH.source, zone=MATCH.zone),
        TEST(lambda zone: zone != "battlefield"),
        NOT(ResolveTop()),  # resolve_top: stack.source-gone says it
        id="abilities.activated-source-gone",
        cites=("CR 113.7a",),
        because="once activated, an ability exists on the stack on its own; {source} being in "
                "the {zone} now (for example, sacrificed to pay the cost) doesn't stop it",
        says="{ability} still resolves although {source} has left the battlefield",
    )
    def abil_activated_source_gone(self, ability):
        return Ruling(about=f"{ability}.independent", subject="{ability}", verdict="happens",
                      action="resolve without its source", step=1)
