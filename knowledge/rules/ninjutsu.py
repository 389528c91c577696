"""CR 702.49 ninjutsu: from its owner's hand, a card with ninjutsu is put onto the battlefield
tapped and attacking, and returning an unblocked attacking creature its owner controls to
hand is part of the cost. An attacker is unblocked only once blockers are declared (509.1h),
so before that, or with no unblocked attacker, the cost can't be paid. (The ability itself
is written out in facts/keyword_abilities.py.)"""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.combat import Attacking, Blocking
from rulings.facts.effects import Keyword
from rulings.facts.game import Ability, GameObject, Turn
from rulings.facts.mana import Activate, CantPay
from rulings.facts.rulings import Ruling

TOPIC = "CR 702.49 Ninjutsu"

#: the steps in which attackers can be unblocked (CR 506.4, 509.1h)
AFTER_BLOCKS = ("declare blockers", "combat damage", "end of combat")
RETURN_PART = "returning one of your unblocked attackers to its owner's hand"


def _is_ninjutsu(ability: str, source: str) -> bool:
    return ability == f"{source}.ninjutsu"


class Rules:
    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source),
        TEST(lambda ability, source: _is_ninjutsu(ability, source)),
        Keyword(object=MATCH.source, keyword="ninjutsu"),
        GameObject(id=MATCH.source, owner=MATCH.player),
        Turn(step=MATCH.step),
        id="ninjutsu.no-unblocked-attacker",
        cites=("CR 702.49a", "CR 509.1h"),
        because="part of the cost of ninjutsu is returning an unblocked attacking creature "
                "{player} controls to its owner's hand, and {player} has none now ({step} "
                "step)",
        salience=AGGREGATE,
    )
    def no_unblocked(self, ability, player, step):
        if step in AFTER_BLOCKS:
            for att in self.collect(Attacking):
                mine = self.collect(GameObject, id=att["creature"], controller=player)
                if mine and not self.collect(Blocking, attacker=att["creature"]):
                    return None
        why = ("no attacker is unblocked before blockers are declared"
               if step not in AFTER_BLOCKS else "no attacking creature of theirs is unblocked")
        return CantPay(ability=ability, part=RETURN_PART, reason=why)

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source),
        TEST(lambda ability, source: _is_ninjutsu(ability, source)),
        Keyword(object=MATCH.source, keyword="ninjutsu"),
        GameObject(id=MATCH.source, owner=MATCH.player, name=MATCH.name),
        Turn(step=MATCH.step),
        TEST(lambda step: step in AFTER_BLOCKS),
        Attacking(creature=MATCH.attacker, defender=MATCH.defender),
        GameObject(id=MATCH.attacker, controller=MATCH.player, name=MATCH.attacker_name),
        id="ninjutsu.returns-unblocked",
        cites=("CR 702.49a", "CR 702.49c"),
        because="{attacker_name} is attacking {defender} and no creature blocks it, so "
                "{player} may return it to pay for ninjutsu; {name} then enters tapped and "
                "attacking {defender}, though it was never declared as an attacker",
        salience=AGGREGATE,
    )
    def returns(self, ability, attacker, attacker_name, name, defender):
        if self.collect(Blocking, attacker=attacker):
            return None
        return Ruling(about=f"{ability}:{attacker}", subject=name, verdict="may",
                      action=f"enter tapped and attacking {defender}, returning "
                             f"{attacker_name} to its owner's hand")
