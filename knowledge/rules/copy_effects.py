"""CR 707: copies of permanents. A copy takes only the copiable values of what it copies
(707.2): printed values as changed by other copy effects — not counters, not other effects
(the layer system applies this in layer 1, 613.2)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH
from rulings.engine.rules import rule
from rulings.facts.rulings import Ruling
from rulings.facts.state import AskCharacteristics, CopyOf, CounterOn

TOPIC = "CR 707 Copying objects"


class Rules:
    @rule(
        AskCharacteristics(object=MATCH.object),
        CopyOf(object=MATCH.object, original=MATCH.original),
        CounterOn(object=MATCH.original, counter=MATCH.counter, amount=MATCH.amount),
        id="copy.counters-not-copied",
        cites=("CR 707.2", "CR 122.2", "CR 613.2"),
        because="{object} copies {original}'s copiable values only; the {counter} counters "
                "on {original} ({amount}) are not part of them",
        says="{object} doesn't get {original}'s {counter} counters",
    )
    def counters_not_copied(self, object, counter):
        return Ruling(about=f"{object}:copy:{counter}", subject="{object}",
                      verdict="doesn't happen",
                      action=f"have the {counter} counters of {{original}}", step=2)
