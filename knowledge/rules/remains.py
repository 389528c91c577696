"""CR 611.2b: an effect of a resolved ability that lasts "for as long as ~ remains tapped"
(`duration: while_this_tapped`, the permanent it lasts for its `from_object`). It applies
while that permanent stays tapped on the battlefield and ends for good when it untaps or
leaves (another object being untapped or changing controller doesn't end it); if the
permanent is already untapped as the ability resolves, the effect does nothing (the
resolution walk says so: knowledge/resolving.py). The layer system leaves an ended effect
out (layer_system.remains_ended); untap.doesnt-untap-while-source-tapped reads the untap
rule it gives.

The situation lists an effect only while no earlier event has ended it: a permanent that
untapped and was tapped again since has ended it, and the situation shouldn't list it."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.game import GameObject
from rulings.facts.rulings import Ruling
from rulings.facts.state import ResolvedEffect

TOPIC = "CR 611.2b Effects for as long as a permanent remains tapped"

STEP = 2


class Rules:
    @rule(
        ResolvedEffect(source=MATCH.source, duration="while_this_tapped",
                       from_object=MATCH.permanent, objects=MATCH.objects,
                       timestamp=MATCH.timestamp),
        GameObject(id=MATCH.permanent, zone="battlefield", tapped=True),
        id="remains.effect-lasts",
        cites=("CR 611.2b",),
        because="{source}'s effect lasts for as long as {permanent} remains tapped, and "
                "{permanent} is still tapped on the battlefield, so the effect still applies",
        says="{source}'s effect on {objects} still applies",
    )
    def effect_lasts(self, source, timestamp):
        return Ruling(about=f"effect.{timestamp}.lasts", subject=source or "the effect",
                      verdict="happens", action="still apply", step=STEP)

    @rule(
        ResolvedEffect(source=MATCH.source, duration="while_this_tapped",
                       from_object=MATCH.permanent, objects=MATCH.objects,
                       timestamp=MATCH.timestamp),
        GameObject(id=MATCH.permanent, zone="battlefield", tapped=False),
        id="remains.effect-ended-untapped",
        cites=("CR 611.2b",),
        because="{source}'s effect lasts only for as long as {permanent} remains tapped; "
                "{permanent} is untapped now, so the effect has ended, and it doesn't begin "
                "again if {permanent} is tapped later",
        says="{source}'s effect on {objects} has ended",
    )
    def ended_untapped(self, source, timestamp):
        return Ruling(about=f"effect.{timestamp}.lasts", subject=source or "the effect",
                      verdict="doesn't happen", action="still apply (it has ended)",
                      step=STEP)

    @rule(
        ResolvedEffect(source=MATCH.source, duration="while_this_tapped",
                       from_object=MATCH.permanent, objects=MATCH.objects,
                       timestamp=MATCH.timestamp),
        TEST(lambda permanent: permanent != ""),
        NOT(GameObject(id=MATCH.permanent, zone="battlefield")),
        id="remains.effect-ended-left",
        cites=("CR 611.2b",),
        because="{source}'s effect lasts only for as long as {permanent} remains tapped; "
                "{permanent} is no longer on the battlefield, so the effect has ended",
        says="{source}'s effect on {objects} has ended",
    )
    def ended_left(self, source, timestamp):
        return Ruling(about=f"effect.{timestamp}.lasts", subject=source or "the effect",
                      verdict="doesn't happen", action="still apply (it has ended)",
                      step=STEP)
