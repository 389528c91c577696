"""CR 702.33 kicker and multikicker: optional additional costs (kicker's own cost rule is in
casting.py), and "if it was kicked" — a spell is kicked if its kicker cost was paid
(702.33d), and the permanent it becomes keeps that for its linked abilities (702.33e, 607),
so an enters ability with "if it was kicked" reads it. The spell's own `kicked:` is on its
stack entry; a permanent's is on its battlefield entry (`kicked: true`)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.cards import parse_cost
from rulings.facts.casting import AdditionalCost, Casting, KickedPermanent
from rulings.facts.effects import Condition, Keyword, Trigger
from rulings.facts.stack import ConditionHolds, ConditionUnknown, StackObject, TopOfStack

TOPIC = "CR 702.33 Kicker and multikicker"


def _asks_kicked(args: list[str]) -> bool:
    """The was_kicked condition asks 'kicked' (true) or 'not kicked' (false)."""
    return "value=false" not in args


class Rules:
    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="multikicker", value=MATCH.cost),
        TEST(lambda cost: cost != ""),
        id="kicker.multikicker-is-optional-cost",
        cites=("CR 702.33c", "CR 118.8b"),
        because="multikicker is an optional extra cost, payable again and again: each time "
                "adds {cost} to what {card} costs",
    )
    def multikicker(self, card, cost):
        return AdditionalCost(object=card, name="multikicker", cost=parse_cost(cost),
                              optional=True)

    # -- "if it was kicked" of a permanent (an intervening if, CR 603.4) ------------------

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="was_kicked",
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        KickedPermanent(object=MATCH.source, kicked=MATCH.kicked),
        TEST(lambda args, kicked: _asks_kicked(args) == kicked),
        id="kicker.permanent-kicked",
        cites=("CR 702.33d", "CR 702.33e", "CR 603.4"),
        because="whether {source} was kicked when it was cast stays with the permanent it "
                "became, for its abilities that ask, and the situation says so ({kicked})",
    )
    def permanent_kicked(self, condition):
        return ConditionHolds(condition=condition)

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="was_kicked",
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        TopOfStack(object=MATCH.source, kind="spell"),
        StackObject(id=MATCH.source, kicked=MATCH.kicked),
        TEST(lambda args, kicked: _asks_kicked(args) == kicked),
        id="kicker.spell-becomes-kicked-permanent",
        cites=("CR 702.33d", "CR 702.33e", "CR 603.4"),
        because="{source} resolves and becomes a permanent; whether the spell was kicked "
                "({kicked}) stays with that permanent, for its abilities that ask",
    )
    def spell_kicked(self, condition):
        return ConditionHolds(condition=condition)

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="was_kicked"),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        NOT(KickedPermanent(object=MATCH.source)),
        NOT(TopOfStack(object=MATCH.source)),
        id="kicker.permanent-kicked-unstated",
        cites=("CR 702.33e", "CR 603.4"),
        because="{ability} asks whether {source} was kicked when it was cast, and the "
                "situation doesn't say (kicked: true, or kicked: false, on it)",
        absent=("the situation doesn't say whether {source} was kicked",
                "{source} is not a spell resolving now"),
    )
    def permanent_kicked_unstated(self, condition):
        return ConditionUnknown(condition=condition, why="whether it was kicked not stated")
