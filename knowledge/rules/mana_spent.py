"""What mana was spent to cast a spell (CR 601.2h), asked later by the permanent it became:
"When ~ enters, if {R} was spent to cast it, …" — an intervening "if" (CR 603.4) on the
permanent's own enters ability. The situation says it on the battlefield entry (`spent:
"{R}{G}"`); not said, the trigger is said to depend on it."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.casting import ManaSpentPermanent
from rulings.facts.effects import Condition, Trigger
from rulings.facts.stack import ConditionHolds, ConditionUnknown

TOPIC = "CR 601.2h Mana spent to cast a spell, asked by an intervening if (CR 603.4)"


def _asked(args: object) -> str:
    return next((str(a)[len("value="):] for a in args if str(a).startswith("value=")),  # type: ignore[attr-defined]
                "")


class Rules:
    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="mana_spent",
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        ManaSpentPermanent(object=MATCH.source, mana=MATCH.mana),
        TEST(lambda args, mana: _asked(args) in mana),
        id="mana-spent.color-spent",
        cites=("CR 601.2h", "CR 603.4"),
        because="{ability} asks whether mana of a color was spent to cast {source}, and the "
                "mana the situation says was spent includes that color",
    )
    def color_spent(self, condition):
        return ConditionHolds(condition=condition)

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="mana_spent"),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        NOT(ManaSpentPermanent(object=MATCH.source)),
        id="mana-spent.unstated",
        cites=("CR 601.2h", "CR 603.4"),
        because="{ability} asks what mana was spent to cast {source}, and the situation "
                "doesn't say (spent: \"{{R}}{{G}}\" on it)",
        absent=("the situation doesn't say what mana was spent to cast {source}",),
    )
    def unstated(self, condition):
        return ConditionUnknown(condition=condition, why="the mana spent to cast it not stated")
