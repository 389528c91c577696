"""CR 702.41 affinity: a spell with affinity for a quality costs {1} less to cast for each
permanent with that quality its caster controls (only generic mana comes off, 601.2f). It is
a cost change like any other (costs.py sums the changes into the total cost)."""

from __future__ import annotations

from rulings.engine import salience
from rulings.engine.experta_compat import AS, MATCH
from rulings.engine.rules import rule
from rulings.facts.casting import Casting
from rulings.facts.costs import CostChange
from rulings.facts.effects import Keyword, Selector, filter_misses
from rulings.facts.game import GameObject

TOPIC = "CR 702.41 Affinity"


class Rules:
    @rule(
        Casting(object=MATCH.card, player=MATCH.player),
        Keyword(object=MATCH.card, keyword="affinity", selector=MATCH.what,
                value=MATCH.quality),
        AS.sel << Selector(id=MATCH.what),
        salience=salience.DERIVE,
        id="costs.affinity",
        cites=("CR 702.41a", "CR 601.2f"),
        because="{card} has affinity for {quality}: it costs {{1}} less to cast for each "
                "such permanent {player} controls",
    )
    def affinity(self, card, player, sel):
        spec = {k: sel[k] for k in sel.slots if k in sel}
        spec["zone"] = "battlefield"
        n = sum(1 for o in self.collect(GameObject, zone="battlefield", controller=player)
                if filter_misses(spec, o, player, card) == "")
        if not n:
            return None
        return CostChange(paying_for=card, source=card, ability=f"{card}.affinity",
                          amount=-n, change=f"{{{n}}} less")
