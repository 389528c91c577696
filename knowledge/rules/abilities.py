"""Abilities on the stack are independent of their sources (CR 113.7a): a triggered or
activated ability resolves even if its source has left the battlefield."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.game import Ability, GameObject
from rulings.facts.resolution import Resolve
from rulings.facts.rulings import Ruling

TOPIC = "CR 113.7 Abilities and their sources"


class Rules:
    @rule(
        Resolve(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, kind="triggered"),
        GameObject(id=MATCH.source, zone=MATCH.zone),
        TEST(lambda zone: zone != "battlefield"),
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
        id="abilities.activated-source-gone",
        cites=("CR 113.7a",),
        because="once activated, an ability exists on the stack on its own; {source} being in "
                "the {zone} now (for example, sacrificed to pay the cost) doesn't stop it",
        says="{ability} still resolves although {source} has left the battlefield",
    )
    def abil_activated_source_gone(self, ability):
        return Ruling(about=f"{ability}.independent", subject="{ability}", verdict="happens",
                      action="resolve without its source", step=1)
