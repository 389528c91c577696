"""CR 611.3a: a static ability with a condition ("as long as …") applies only while the
condition holds. The layer system and the untap step decide their own conditions; here, the
combat restrictions, requirements and costs (attacking.py, blocking.py, attack_costs.py) learn
which of them don't apply now. A condition the layer system can't decide on the board leaves
the effect out and is named in the answer as left open, never guessed."""

from __future__ import annotations

from typing import Any

from rulings.engine import salience
from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.combat import DeclareAttackers, DeclareBlockers
from rulings.facts.effects import Condition, StaticEffect, Unmodelled
from rulings.facts.game import GameObject
from rulings.facts.rulings import Ruling
from rulings.facts.state import StaticNotApplied
from rulings.knowledge.layer_system import static_condition, static_condition_words

TOPIC = "CR 611.3 Static abilities"

#: the static effects the combat rules read
COMBAT_EFFECTS = ("prohibit", "require", "max_blockers", "min_blockers", "cant_attack_unless",
                  "attack_cost", "attack_despite_defender")


def in_force(engine: Any, effect: Any) -> bool:
    """Whether a static effect the combat rules collect applies now (no StaticNotApplied)."""
    return not engine.collect(StaticNotApplied, ability=effect["ability"])


def _not_applied(engine: Any, ability: str, source: str, condition: str, kind: str) -> Any:
    holds = static_condition(engine, condition, source)
    if holds is True:
        return None
    if holds is False:
        said = static_condition_words(engine, condition, source)  # aslongas: what it found
        return [StaticNotApplied(ability=ability, why=f"its condition doesn't hold now{said}"),
                Ruling(about=f"{ability}:in-force", subject="{ability}",
                       verdict="doesn't happen", action="apply now")]
    words = kind.replace("_", " ")
    return [StaticNotApplied(ability=ability, why=f"its condition ({words}) is not decided "
                                                  "here"),
            Unmodelled(object=source, ability=ability, text=f"a condition ({words})",
                       gap="whether it holds now is not decided here, so its effect is left "
                           "out")]


_WHY = ("{ability} applies only while its condition holds (a static ability's effect with "
        "'as long as'), and on the battlefield as it is now it doesn't")


class Rules:
    @rule(
        DeclareAttackers(),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect=MATCH.effect,
                     condition=MATCH.condition),
        TEST(lambda condition, effect: condition != "" and effect in COMBAT_EFFECTS),
        GameObject(id=MATCH.source, zone="battlefield"),
        Condition(id=MATCH.condition, kind=MATCH.kind),
        salience=salience.DERIVE,
        id="statics.condition-off-attacking",
        cites=("CR 611.3a", "CR 508.1c"),
        because=_WHY,
        says="{ability} doesn't apply now",
    )
    def off_attacking(self, ability, source, condition, kind):
        return _not_applied(self, ability, source, condition, kind)

    @rule(
        DeclareBlockers(),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect=MATCH.effect,
                     condition=MATCH.condition),
        TEST(lambda condition, effect: condition != "" and effect in COMBAT_EFFECTS),
        GameObject(id=MATCH.source, zone="battlefield"),
        Condition(id=MATCH.condition, kind=MATCH.kind),
        salience=salience.DERIVE,
        id="statics.condition-off-blocking",
        cites=("CR 611.3a", "CR 509.1b"),
        because=_WHY,
        says="{ability} doesn't apply now",
    )
    def off_blocking(self, ability, source, condition, kind):
        return _not_applied(self, ability, source, condition, kind)
