"""CR 502.3: in the untap step the active player untaps their permanents, all at once; an
effect can keep one tapped ("~ doesn't untap during your untap step") or let its controller
choose to leave it tapped ("you may choose not to untap ~"). The situation is the game as the
untap step begins (`step_begins: {step: untap}`, the turn's active player is the one whose
untap step it is). Phasing (502.1) and day and night (502.2) are not said here."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH
from rulings.engine.rules import rule
from rulings.facts.effects import Selects, StaticEffect
from rulings.facts.game import GameObject, Turn
from rulings.facts.rulings import Ruling
from rulings.facts.stack import StepBegins

TOPIC = "CR 502 Untap step"

STEP = 1
#: the static effect words that keep a permanent from untapping as a matter of course
STAYS_TAPPED = ("doesnt_untap", "may_not_untap")


class Rules:
    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        id="untap.untaps",
        cites=("CR 502.3",),
        because="it is {player}'s untap step, and the active player untaps all of their "
                "permanents at once; {object} is a tapped permanent of {player}'s",
        absent=("no effect says {object} doesn't untap during its controller's untap step",),
        says="{object} untaps",
    )
    def untaps(self, object, player):
        for word in STAYS_TAPPED:
            for effect in self.collect(StaticEffect, effect=word):
                if self.collect(Selects, selector=effect["affects"], object=object):
                    return None  # the rules below say what happens to it
        return Ruling(about=f"{object}.untap-step", subject="{object}", verdict="happens",
                      action="untaps during the untap step", step=STEP)

    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect="doesnt_untap",
                     affects=MATCH.selector, condition=""),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        id="untap.doesnt-untap",
        cites=("CR 502.3",),
        because="it is {player}'s untap step, when their permanents untap, but {ability} says "
                "{object} doesn't untap during its controller's untap step, so it stays tapped",
        says="{object} doesn't untap",
    )
    def doesnt_untap(self, object):
        return Ruling(about=f"{object}.untap-step", subject="{object}",
                      verdict="doesn't happen", action="untap during the untap step",
                      step=STEP)

    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect="may_not_untap",
                     affects=MATCH.selector, condition=""),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        id="untap.may-leave-tapped",
        cites=("CR 502.3",),
        because="it is {player}'s untap step, when their permanents untap, and {ability} lets "
                "{player} choose not to untap {object}: it untaps unless they choose so",
        says="{player} may leave {object} tapped",
    )
    def may_leave_tapped(self, object, player):
        return Ruling(about=f"{object}.untap-step", subject=player, verdict="may",
                      action="leave {object} tapped during the untap step", step=STEP)
