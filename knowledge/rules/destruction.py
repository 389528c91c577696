"""CR 701.8 destroy, 701.21 sacrifice, 700.4 dies, 702.12 indestructible, 701.19 regenerate:
how a permanent leaves for the graveyard, and what can stop it."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT
from rulings.engine.rules import rule
from rulings.facts.replacement import EventReplaced
from rulings.facts.rulings import Ruling
from rulings.facts.state import DestroyEvent, Dies, SacrificeEvent, Status

TOPIC = "CR 701.8 Destroy, 701.21 Sacrifice, 702.12 Indestructible, 701.19 Regenerate"


class Rules:
    @rule(
        DestroyEvent(object=MATCH.object),
        Status(object=MATCH.object, check=1, indestructible=False, shield=False),
        # a replacement effect changed where it goes (knowledge/rules/replacement.py)
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),
        id="destroy.destroyed",
        cites=("CR 701.8a", "CR 700.4"),
        because="destroying a permanent moves it from the battlefield to its owner's "
                "graveyard",
        absent=("{object} doesn't have indestructible", "{object} has no regeneration shield",
                "no replacement effect sends {object} elsewhere"),
        says="{object} is destroyed: it dies",
    )
    def destroyed(self, object):
        return [Dies(object=object, reason="destroyed by an effect", destroyed=True),
                Ruling(about=f"{object}:destroy", subject="{object}", verdict="happens",
                       action="be destroyed and die", step=1)]

    @rule(
        DestroyEvent(object=MATCH.object),
        Status(object=MATCH.object, check=1, indestructible=True),
        id="destroy.indestructible",
        cites=("CR 702.12b", "CR 701.8a"),
        because="{object} has indestructible, so it can't be destroyed",
        says="{object} is not destroyed",
    )
    def indestructible(self, object):
        return Ruling(about=f"{object}:destroy", subject="{object}", verdict="doesn't happen",
                      action="be destroyed", step=1)

    @rule(
        DestroyEvent(object=MATCH.object, regenerate=False),
        Status(object=MATCH.object, check=1, indestructible=False, shield=True),
        # a replacement effect changed where it goes (knowledge/rules/replacement.py)
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),
        id="destroy.cant-be-regenerated",
        cites=("CR 701.19c", "CR 701.8a", "CR 700.4"),
        because="{object} has a regeneration shield, but the effect destroying it says it "
                "can't be regenerated, so the shield doesn't replace this destruction and "
                "{object} goes to its owner's graveyard",
        absent=("{object} doesn't have indestructible",
                "no replacement effect sends {object} elsewhere"),
        says="{object} is destroyed: it can't be regenerated, and dies",
    )
    def cant_be_regenerated(self, object):
        return [Dies(object=object, reason="destroyed by an effect", destroyed=True),
                Ruling(about=f"{object}:destroy", subject="{object}", verdict="happens",
                       action="be destroyed and die (it can't be regenerated)", step=1)]

    @rule(
        DestroyEvent(object=MATCH.object, regenerate=True),
        Status(object=MATCH.object, check=1, indestructible=False, shield=True),
        # a replacement effect changed where it goes (knowledge/rules/replacement.py)
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),
        id="destroy.regenerates",
        absent=("no other replacement effect was chosen for the destruction",),
        cites=("CR 701.19a", "CR 701.8c"),
        because="{object} has a regeneration shield, which replaces the next destruction this "
                "turn: its damage is removed, it is tapped and removed from combat",
        says="{object} regenerates instead of being destroyed",
    )
    def regenerates(self, object):
        return Ruling(about=f"{object}:destroy", subject="{object}", verdict="happens",
                      action="regenerate instead (tapped, damage removed)", step=1)

    @rule(
        SacrificeEvent(object=MATCH.object),
        Status(object=MATCH.object, check=1, indestructible=MATCH.indestructible),
        # a replacement effect changed where it goes (knowledge/rules/replacement.py)
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),
        id="sacrifice.dies",
        absent=("no replacement effect sends {object} elsewhere",),
        cites=("CR 701.21a", "CR 700.4", "CR 702.12b"),
        because="sacrificing moves {object} straight to its owner's graveyard; it isn't "
                "destroying, so indestructible and regeneration don't stop it",
        says="{object} is sacrificed: it dies",
    )
    def sacrificed(self, object):
        return [Dies(object=object, reason="sacrificed"),
                Ruling(about=f"{object}:sacrifice", subject="{object}", verdict="happens",
                       action="die (sacrificed)", step=1)]
