"""CR 702.82 devour: a static ability that works as its permanent enters (a replacement of how
it enters, 614.1c). Its controller may sacrifice any number of their other creatures, and it
enters with N +1/+1 counters for each one sacrificed (702.82a); those are the creatures it
"devoured" (702.82b).

The question is `enters: {object}` with the permanent listed on the battlefield; the answer
says how many creatures its controller could sacrifice, and so the most counters."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.effects import Keyword
from rulings.facts.game import GameObject
from rulings.facts.mana import Enters
from rulings.facts.rulings import Ruling

TOPIC = "CR 702.82 Devour"


def _number(value: object) -> int:
    text = str(value).strip().split()[-1] if str(value).strip() else "1"
    return int(text) if text.isdigit() else 1


class Rules:
    @rule(
        Enters(object=MATCH.object),
        Keyword(object=MATCH.object, keyword="devour", value=MATCH.value),
        GameObject(id=MATCH.object, controller=MATCH.player, name=MATCH.name),
        salience=AGGREGATE,
        id="devour.may-sacrifice",
        cites=("CR 702.82a", "CR 614.1c"),
        because="{name} has devour {value}: as it enters, {player} may sacrifice any number "
                "of their other creatures, and it enters with {value} +1/+1 counters for each "
                "one sacrificed (the creatures it devoured); this happens as it enters, so no "
                "one can respond in between",
        says="as {name} enters, {player} may sacrifice any number of their other creatures "
             "for {value} +1/+1 counters each",
    )
    def may_sacrifice(self, object, value, player, name):
        others = [o for o in self.collect(GameObject, zone="battlefield", controller=player)
                  if "creature" in o["types"] and o["id"] != object]
        if not others:
            return None
        self.cite(*others)
        n = len(others)
        return Ruling(about=f"{object}.devour", subject=player, verdict="may",
                      action=f"sacrifice up to {n} other creature{'s' if n > 1 else ''} as "
                             f"{name} enters, for {_number(value)} +1/+1 counter"
                             f"{'s' if _number(value) > 1 else ''} each (at most "
                             f"{n * _number(value)})")

    @rule(
        Enters(object=MATCH.object),
        Keyword(object=MATCH.object, keyword="devour", value=MATCH.value),
        GameObject(id=MATCH.object, controller=MATCH.player, name=MATCH.name),
        salience=AGGREGATE,
        id="devour.nothing-to-devour",
        cites=("CR 702.82a",),
        because="{name} has devour {value}, but {player} controls no other creature to "
                "sacrifice as it enters, so it devours nothing",
        absent=("{player} controls no other creature",),
        says="{name} enters without counters from devour: {player} has no other creature "
             "to sacrifice",
    )
    def nothing(self, object, player, name):
        others = [o for o in self.collect(GameObject, zone="battlefield", controller=player)
                  if "creature" in o["types"] and o["id"] != object]
        if others:
            return None
        return Ruling(about=f"{object}.devour", subject=name, verdict="doesn't happen",
                      action="get +1/+1 counters from devour (nothing to sacrifice)")
