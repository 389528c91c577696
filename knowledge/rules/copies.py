"""CR 707.10 Copies of spells: a copy of a spell is put on the stack, it is not cast (so
abilities that trigger on casting don't trigger); it copies the spell's characteristics and
every decision made for it — modes (700.2g), targets (unless its controller may and does
choose new ones, 707.10c), the value of X, and costs paid such as kicker. Its controller is
the player the effect puts it on the stack for."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.effects import Trigger
from rulings.facts.game import GameObject
from rulings.facts.rulings import Ruling, step_ref
from rulings.facts.stack import (
    ChosenTarget,
    CopyMade,
    CopySpell,
    StackObject,
    StepOnTarget,
    Targeter,
    TargetLegal,
)

TOPIC = "CR 707.10 Copies of spells"

STEP_COPY = 30


class Rules:
    @rule(
        CopySpell(object=MATCH.original, controller=MATCH.given),
        StackObject(id=MATCH.original, controller=MATCH.owner_ctrl),
        id="copies.copy-event",
        cites=("CR 707.10",),
        because="the question is {original}, on the stack, being copied",
    )
    def copy_event(self, original, given, owner_ctrl):
        return CopyMade(original=original, controller=given or owner_ctrl,
                        by="the effect asked about")

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, controller=MATCH.controller,
                 stage="resolve"),
        StepOnTarget(ability=MATCH.ability, verb="copy", slot=MATCH.slot, index=MATCH.index),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.original),
        StackObject(id=MATCH.original),
        id="copies.copy-step",
        cites=("CR 707.10",),
        because="{object} resolves and copies its target {original}, a spell still on the "
                "stack, for {controller}",
    )
    def copy_step(self, object, controller, original, ability, index):
        return CopyMade(original=original, controller=controller, by=object,
                        step=step_ref(ability, index))

    @rule(
        CopyMade(original=MATCH.original, controller=MATCH.controller, step=MATCH.step),
        id="copies.put-on-stack",
        cites=("CR 707.10", "CR 405.2"),
        because="copying a spell or ability puts a copy of it on top of the stack, controlled "
                "by the player it is copied for, {controller}; the copy resolves before "
                "{original}",
        says="a copy of {original} goes on the stack, controlled by {controller}",
    )
    def copy_put(self, original, controller, step):
        return Ruling(about=f"{original}.copy", subject="a copy of {original}",
                      verdict="happens", action="go on the stack under {controller}'s control",
                      step=STEP_COPY, happen=[step] if step else [])

    @rule(
        CopyMade(original=MATCH.original),
        StackObject(id=MATCH.original, x=MATCH.x),
        TEST(lambda x: x >= 0),
        id="copies.keeps-x",
        cites=("CR 707.10",),
        because="a copy of a spell copies the decisions made for it, and X = {x} was chosen "
                "for {original}",
        says="the copy of {original} has X = {x}",
    )
    def copy_keeps_x(self, original, x):
        return Ruling(about=f"{original}.copy.x", subject="the copy of {original}",
                      verdict="happens", action=f"have X = {x}", step=STEP_COPY + 1)

    @rule(
        CopyMade(original=MATCH.original),
        StackObject(id=MATCH.original, kicked=True),
        id="copies.keeps-kicker",
        cites=("CR 707.10",),
        because="a copy copies the costs paid for the spell, and {original} was kicked",
        says="the copy of {original} is kicked too",
    )
    def copy_keeps_kicker(self, original):
        return Ruling(about=f"{original}.copy.kicked", subject="the copy of {original}",
                      verdict="happens", action="be kicked", step=STEP_COPY + 2)

    @rule(
        CopyMade(original=MATCH.original),
        StackObject(id=MATCH.original, modes=MATCH.modes),
        TEST(lambda modes: len(modes) > 0),
        id="copies.keeps-modes",
        cites=("CR 707.10", "CR 700.2g"),
        because="a copy of a modal spell has the modes chosen for {original} ({modes}), and "
                "its controller can't choose others",
        says="the copy of {original} has the same modes ({modes})",
    )
    def copy_keeps_modes(self, original, modes):
        return Ruling(about=f"{original}.copy.modes", subject="the copy of {original}",
                      verdict="happens", action="have the same modes", step=STEP_COPY + 3)

    @rule(
        CopyMade(original=MATCH.original, controller=MATCH.controller),
        ChosenTarget(object=MATCH.original, target=MATCH.target),
        id="copies.keeps-targets",
        cites=("CR 707.10", "CR 707.10c"),
        because="a copy has the same targets as {original} ({target} among them) unless an "
                "effect lets its controller choose new ones; then {controller} may change "
                "any of them to other legal targets",
        says="the copy of {original} targets {target}, unless {controller} is allowed to "
             "choose a new target and does",
    )
    def copy_keeps_targets(self, original, target):
        return Ruling(about=f"{original}.copy.target.{target}",
                      subject="the copy of {original}", verdict="happens",
                      action="target {target} unless {controller} chooses a new target",
                      step=STEP_COPY + 4)

    @rule(
        CopyMade(original=MATCH.original, controller=MATCH.controller),
        Trigger(ability=MATCH.ability, source=MATCH.source, event="cast"),
        GameObject(id=MATCH.source, zone="battlefield"),
        id="copies.not-cast",
        cites=("CR 707.10", "CR 601.2i"),
        because="{ability} triggers when a spell is cast, and the copy of {original} is put "
                "on the stack without being cast",
        says="{ability} doesn't trigger for the copy of {original}",
    )
    def copy_not_cast(self, original, ability):
        return Ruling(about=f"{ability}.copy-of.{original}", subject="{ability}",
                      verdict="doesn't happen", action="trigger for the copy",
                      step=STEP_COPY + 5)
