"""CR 615.3 and 510.2: an effect that prevents all combat damage one object would deal this
turn ("prevent all combat damage that would be dealt by target creature this turn"). The
resolution (knowledge/resolving.py) leaves a `prevent_all_damage` with `by:` that object and
`combat: true`; knowledge/aftermath.py applies it to that object's combat damage only. These
rules say what it did: the combat damage it stopped, and why it stopped none (the damage is
not combat damage, or another object deals it)."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.rulings import Ruling
from rulings.facts.state import DamageResult, PreventAllDamage
from rulings.knowledge.aftermath import result_of

TOPIC = "CR 615.3 Prevention of one object's combat damage"


def _results(engine, source, to):  # type: ignore[no-untyped-def]
    return [r for r in result_of(engine).results if r.source == source and r.to == to]


class Rules:
    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, prevented=MATCH.prevented),
        AS.effect << PreventAllDamage(by=MATCH.source, combat=True),
        TEST(lambda prevented: prevented > 0),
        id="prevent.source-combat",
        cites=("CR 615.3", "CR 510.2"),
        because="an effect prevents all combat damage {source} would deal this turn, to "
                "anything; {source} would now deal combat damage to {to}",
        says="{subject} will {action}",
    )
    def source_combat(self, effect, source, to):
        if not any(effect in r.facts and r.prevented > 0 and r.combat
                   for r in _results(self, source, to)):
            return None
        return Ruling(about=f"{to}:shield:{source}",
                      subject="the effect on {source}'s combat damage", verdict="happens",
                      action="prevent the combat damage {source} would deal to {to}", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to),
        AS.effect << PreventAllDamage(by=MATCH.source, combat=True),
        id="prevent.source-combat-not-combat",
        cites=("CR 615.3", "CR 510.2"),
        because="the effect prevents only the combat damage {source} would deal this turn; "
                "the damage {source} deals to {to} here is not combat damage (it comes from a "
                "spell or an ability, not from the combat damage step)",
        says="{subject} doesn't {action}",
    )
    def source_combat_not_combat(self, effect, source, to):
        if not any(not r.combat for r in _results(self, source, to)):
            return None
        return Ruling(about=f"{to}:shield:{source}",
                      subject="the effect on {source}'s combat damage",
                      verdict="doesn't happen", action="prevent {source}'s damage to {to}",
                      step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to),
        AS.effect << PreventAllDamage(by=MATCH.by, combat=True),
        TEST(lambda by, source: by != "" and by != source),
        id="prevent.source-combat-other-source",
        cites=("CR 615.3",),
        because="the effect prevents only the combat damage {by} would deal; this damage "
                "comes from {source}, another object",
        says="{subject} doesn't {action}",
    )
    def source_combat_other(self, effect, source, to, by):
        return Ruling(about=f"{to}:shield:{source}", subject="the effect on {by}'s damage",
                      verdict="doesn't happen", action="prevent {source}'s damage to {to}",
                      step=1)
