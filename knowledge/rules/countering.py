"""CR 701.6 Countering: to counter a spell or ability is to remove it from the stack without it
resolving; a countered spell goes to its owner's graveyard (701.6a) and its costs are not
refunded (701.6b). A spell that can't be countered stays on the stack (101.2: "can't" beats
"can"). A spell or ability that doesn't resolve because all its targets became illegal
(608.2b) is not countered: it is simply removed, so nothing that cares about countering sees
it."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.effects import StaticEffect, Step
from rulings.facts.game import GameObject
from rulings.facts.match import has
from rulings.facts.rulings import Ruling, step_ref
from rulings.facts.stack import (
    Countered,
    Fizzles,
    LeavesStackTo,
    ResolveTop,
    StackObject,
    StepOnTarget,
    Targeter,
    TargetLegal,
    TopOfStack,
    Uncounterable,
)

TOPIC = "CR 701.6 Countering; CR 608.2b a spell that doesn't resolve"

STEP_COUNTER = 20


class Rules:
    @rule(
        StaticEffect(source=MATCH.spell, ability=MATCH.ability, effect="prohibit",
                     args=has("action=counter")),
        StackObject(id=MATCH.spell),
        id="countering.uncounterable",
        cites=("CR 101.2",),
        because="{spell} has an ability ({ability}) saying it can't be countered",
    )
    def counter_uncounterable(self, spell, ability):
        return Uncounterable(object=spell, by=ability)

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage="resolve"),
        StepOnTarget(ability=MATCH.ability, index=MATCH.index, verb="counter",
                     slot=MATCH.slot),
        Step(ability=MATCH.ability, index=MATCH.index, unless=""),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        StackObject(id=MATCH.target),
        NOT(Uncounterable(object=MATCH.target)),
        id="countering.counters",
        cites=("CR 701.6a",),
        because="step {index} of {object} counters its target {target}, which is still on "
                "the stack and can be countered",
        absent=("nothing says {target} can't be countered",),
        says="{target} is countered",
    )
    def counter_counters(self, object, target, ability, index):
        return [
            Countered(object=target, by=object),
            Ruling(about=f"{target}.countered", subject="{target}", verdict="happens",
                   action="get countered", step=STEP_COUNTER,
                   happen=[step_ref(ability, index)]),
        ]

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage="resolve"),
        StepOnTarget(ability=MATCH.ability, index=MATCH.index, verb="counter",
                     slot=MATCH.slot),
        Step(ability=MATCH.ability, index=MATCH.index, unless=MATCH.unless),
        TEST(lambda unless: unless != ""),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        StackObject(id=MATCH.target, controller=MATCH.payer),
        ResolveTop(pays=False),
        NOT(Uncounterable(object=MATCH.target)),
        id="countering.unless-not-paid",
        cites=("CR 701.6a", "CR 118.12a"),
        because="step {index} of {object} counters {target} unless its controller {payer} "
                "pays, and the question says {payer} doesn't pay",
        absent=("nothing says {target} can't be countered",),
        says="{payer} doesn't pay, so {target} is countered",
    )
    def counter_unless_not_paid(self, object, target, ability, index):
        return [
            Countered(object=target, by=object),
            Ruling(about=f"{target}.countered", subject="{target}", verdict="happens",
                   action="get countered", step=STEP_COUNTER,
                   happen=[step_ref(ability, index)]),
        ]

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage="resolve"),
        StepOnTarget(ability=MATCH.ability, index=MATCH.index, verb="counter",
                     slot=MATCH.slot),
        Step(ability=MATCH.ability, index=MATCH.index, unless=MATCH.unless),
        TEST(lambda unless: unless != ""),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        StackObject(id=MATCH.target, controller=MATCH.payer),
        ResolveTop(pays=True),
        id="countering.unless-paid",
        cites=("CR 118.12a",),
        because="step {index} of {object} counters {target} only if its controller {payer} "
                "doesn't pay, and {payer} pays",
        says="{payer} pays, so {target} is not countered",
    )
    def counter_unless_paid(self, object, target, ability, index):
        return Ruling(about=f"{target}.countered", subject="{target}",
                      verdict="doesn't happen", action="get countered", step=STEP_COUNTER,
                      skipped=[step_ref(ability, index)])

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage="resolve"),
        StepOnTarget(ability=MATCH.ability, verb="counter", slot=MATCH.slot),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        Uncounterable(object=MATCH.target, by=MATCH.by),
        id="countering.cant-be-countered",
        cites=("CR 101.2", "CR 701.6a"),
        because="{target} can't be countered ({by}); when one effect says to do something "
                "and another says it can't be done, the 'can't' wins, so {object} resolves "
                "but {target} stays on the stack",
        says="{target} can't be countered: it stays on the stack and will resolve",
    )
    def counter_cant(self, target):
        return Ruling(about=f"{target}.countered", subject="{target}",
                      verdict="doesn't happen", action="get countered", step=STEP_COUNTER)

    @rule(
        Countered(object=MATCH.target),
        StackObject(id=MATCH.target, kind=MATCH.kind),
        GameObject(id=MATCH.target, owner=MATCH.owner),
        NOT(LeavesStackTo(object=MATCH.target, zone="exile")),
        id="countering.to-graveyard",
        cites=("CR 701.6a", "CR 701.6b", "CR 707.10a"),
        because="countering takes the spell off the stack, and its owner's graveyard "
                "receives it (a copy ceases to exist there); what was paid for it stays paid",
        absent=("nothing exiles {target} instead (flashback)",),
        says="{target} is put into {owner}'s graveyard",
    )
    def counter_to_graveyard(self, target, kind):
        action = "cease to exist" if kind == "copy" else "be put into {owner}'s graveyard"
        return Ruling(about=f"{target}.after", subject="{target}", verdict="happens",
                      action=action, step=STEP_COUNTER + 1)

    @rule(
        Countered(object=MATCH.target),
        StackObject(id=MATCH.target, kind="ability"),
        id="countering.ability-removed",
        cites=("CR 701.6a",),
        because="a countered ability is removed from the stack; none of its effects happen",
        says="{target} is removed from the stack and does nothing",
    )
    def counter_ability_removed(self, target):
        return Ruling(about=f"{target}.after", subject="{target}", verdict="happens",
                      action="be removed from the stack", step=STEP_COUNTER + 1)

    # -- not resolving is not being countered (CR 608.2b) --------------------------------------

    @rule(
        TopOfStack(object=MATCH.object, kind=MATCH.kind),
        Fizzles(object=MATCH.object),
        id="countering.does-not-resolve",
        cites=("CR 608.2b",),
        because="every target of {object} is illegal now, so it doesn't resolve: it is "
                "removed from the stack and none of its effects happen",
        says="{object} doesn't resolve",
    )
    def counter_does_not_resolve(self, object):
        return Ruling(about=f"{object}.resolves", subject="{object}",
                      verdict="doesn't happen", action="resolve", step=1)

    @rule(
        TopOfStack(object=MATCH.object, kind=MATCH.kind),
        TEST(lambda kind: kind != "ability"),
        Fizzles(object=MATCH.object),
        GameObject(id=MATCH.object, owner=MATCH.owner),
        NOT(LeavesStackTo(object=MATCH.object, zone="exile")),
        id="countering.fizzled-to-graveyard",
        cites=("CR 608.2b",),
        because="a spell that doesn't resolve because all its targets are illegal leaves the "
                "stack for its owner's graveyard (a copy ceases to exist)",
        absent=("nothing exiles {object} instead (flashback)",),
        says="{object} is put into {owner}'s graveyard",
    )
    def counter_fizzled_to_graveyard(self, object, kind):
        action = "cease to exist" if kind == "copy" else "be put into {owner}'s graveyard"
        return Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                      action=action, step=2)

    @rule(
        TopOfStack(object=MATCH.object),
        Fizzles(object=MATCH.object),
        id="countering.not-countered",
        cites=("CR 608.2b", "CR 701.6a"),
        because="{object} leaves the stack because the rules find no legal target, not "
                "because a spell or ability countered it, so anything that cares about "
                "countering doesn't apply",
        says="{object} is not countered: it just doesn't resolve",
    )
    def counter_not_countered(self, object):
        return Ruling(about=f"{object}.countered", subject="{object}",
                      verdict="doesn't happen", action="get countered", step=3)
