"""CR 609.7 and 615.8-615.9: prevention effects on the damage of "a source of your choice".
The source is chosen as the effect is created (609.7a; the situation's `by:` on a
`prevent_damage` or `prevent_all_damage` effect, or a stack entry's `chosen: {source: …}`
while the spell or ability resolves, knowledge/resolving.py). The effect itself is one of
the prevention effects of knowledge/aftermath.py and knowledge/replacement_system.py, which
apply it only to the chosen source's damage; these rules say what it did: the damage it
stopped (and, for "the next time", that it is used up, 615.8), and why it stopped none — the
damage comes from another source, or the chosen source no longer has the quality it was
chosen for (609.7b, 615.9: the shield stays)."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.rulings import Ruling
from rulings.facts.state import DamageResult, PreventAllDamage, PreventDamage
from rulings.knowledge.aftermath import chosen_source_misses, result_of

TOPIC = "CR 615.8 Prevention of a chosen source's damage"


def _used(engine, effect, source, to="") -> bool:  # type: ignore[no-untyped-def]
    """The effect prevented some of `source`'s damage (to `to`, when given)."""
    return any(effect in r.facts and r.prevented > 0 for r in result_of(engine).results
               if r.source == source and (not to or r.to == to))


class Rules:
    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, prevented=MATCH.prevented),
        AS.shield << PreventDamage(to=MATCH.to, by=MATCH.source, next_time=MATCH.next_time),
        TEST(lambda prevented: prevented > 0),
        id="prevent.chosen-source",
        cites=("CR 609.7a", "CR 615.8", "CR 615.7"),
        because="the shield on {to} was made against the damage of one source chosen as it "
                "was created, {source}, and {source} would now deal damage to {to}",
        says="{subject} will {action}",
    )
    def chosen_source(self, shield, source, to, prevented, next_time):
        if not _used(self, shield, source, to):
            return None
        if next_time:  # 615.8: the next instance, however much, and no more
            action = (f"prevent all {prevented} of it and be used up: damage {{source}} "
                      f"would deal to {{to}} later this turn is dealt (CR 615.8)")
        elif shield["amount"]:
            action = f"prevent {prevented} of it (a shield of {shield['amount']}, CR 615.7)"
        else:
            action = "prevent all of it, and keep doing so this turn"
        return Ruling(about=f"{to}:shield:{source}", subject="the shield against {source}",
                      verdict="happens", action=action, step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, prevented=MATCH.prevented),
        AS.effect << PreventAllDamage(by=MATCH.source, combat=False),
        TEST(lambda prevented: prevented > 0),
        id="prevent.chosen-source-all",
        cites=("CR 609.7a", "CR 615.3"),
        because="an effect prevents all damage one source, chosen as it was created, would "
                "deal this turn; that source is {source}, and it would deal damage to {to}",
        says="{subject} will {action}",
    )
    def chosen_source_all(self, effect, source, to):
        if not _used(self, effect, source, to):
            return None
        return Ruling(about=f"{to}:shield:{source}",
                      subject="the effect on {source}'s damage", verdict="happens",
                      action="prevent the damage {source} would deal to {to}", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to),
        AS.shield << PreventDamage(to=MATCH.to, by=MATCH.by),
        TEST(lambda by, source: by != "" and by != source),
        id="prevent.not-the-chosen-source",
        cites=("CR 609.7a", "CR 615.9"),
        because="the shield on {to} stops only damage from the source chosen for it, {by}; "
                "this damage comes from {source}, another source, so the shield doesn't "
                "apply to it and isn't used up",
        says="{subject} doesn't {action}",
    )
    def not_chosen_source(self, shield, source, to, by):
        return Ruling(about=f"{to}:shield:{source}", subject="the shield against {by}",
                      verdict="doesn't happen", action="prevent {source}'s damage to {to}",
                      step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to),
        AS.effect << PreventAllDamage(by=MATCH.by, combat=False),
        TEST(lambda by, source: by != "" and by != source),
        id="prevent.not-the-chosen-source-all",
        cites=("CR 609.7a",),
        because="the effect prevents only damage from the source chosen for it, {by}; this "
                "damage comes from {source}, another source",
        says="{subject} doesn't {action}",
    )
    def not_chosen_source_all(self, effect, source, to, by):
        return Ruling(about=f"{to}:shield:{source}", subject="the effect on {by}'s damage",
                      verdict="doesn't happen", action="prevent {source}'s damage to {to}",
                      step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to),
        AS.shield << PreventDamage(to=MATCH.to, by=MATCH.source, by_quality=MATCH.quality),
        TEST(lambda quality: bool(quality)),
        id="prevent.chosen-source-changed",
        cites=("CR 609.7b", "CR 615.9"),
        because="the shield on {to} was made against {source} as a source of a quality the "
                "effect asked for (a color, a card type); it checks that quality again when "
                "{source} would deal damage",
        says="{subject} doesn't {action}",
    )
    def chosen_source_changed(self, shield, source, to, quality):
        why = chosen_source_misses(self, shield, source)
        if not why:
            return None
        return Ruling(about=f"{to}:shield:{source}", subject="the shield against {source}",
                      verdict="doesn't happen",
                      action=f"prevent {{source}}'s damage to {{to}}: {why}; it isn't used "
                      "up", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to),
        AS.effect << PreventAllDamage(by=MATCH.source, by_quality=MATCH.quality),
        TEST(lambda quality: bool(quality)),
        id="prevent.chosen-source-changed-all",
        cites=("CR 609.7b", "CR 615.9"),
        because="the effect prevents the damage of {source}, chosen as a source of a quality "
                "the effect asked for (a color, a card type); it checks that quality again "
                "when {source} would deal damage",
        says="{subject} doesn't {action}",
    )
    def chosen_source_changed_all(self, effect, source, to, quality):
        why = chosen_source_misses(self, effect, source)
        if not why:
            return None
        return Ruling(about=f"{to}:shield:{source}",
                      subject="the effect on {source}'s damage", verdict="doesn't happen",
                      action=f"prevent {{source}}'s damage to {{to}}: {why}", step=1)
