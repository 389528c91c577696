"""Whether a permanent was cast, and from where (CR 601.2a), asked by its own enters trigger:
"When ~ enters, if you cast it from your hand, …", "… if you cast it, …" — an intervening
"if" (CR 603.4; castcond area). As the spell resolves and becomes the permanent (CR 608.3) the
stack entry says where it was cast from (`from:`, the hand by default; a copy of a spell was
not cast, CR 707.10); later, the permanent's `cast_from:` says it (`none`: put onto the
battlefield some other way). Not said, the trigger is said to depend on it."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.casting import CastFromPermanent
from rulings.facts.effects import Condition, Trigger
from rulings.facts.stack import ConditionHolds, ConditionUnknown, StackObject, TopOfStack

TOPIC = "CR 603.4 Intervening if: whether a permanent was cast, and from where (CR 601.2a)"


def _asked(args: object) -> str:
    """The zone the condition asks about (any: cast from anywhere)."""
    return next((str(a)[len("value="):] for a in args if str(a).startswith("value=")),  # type: ignore[attr-defined]
                "any")


def fits(args: object, zone: str) -> bool:
    """Whether a permanent cast from `zone` (none: not cast) fits the condition."""
    return zone != "none" and _asked(args) in ("any", zone)


class Rules:
    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="was_cast", args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        TopOfStack(object=MATCH.source),
        StackObject(id=MATCH.source, kind="spell", cast_from=MATCH.zone),
        TEST(lambda args, zone: fits(args, zone)),
        id="cast-from.spell-resolving",
        cites=("CR 608.3", "CR 601.2a", "CR 603.4"),
        because="{source} is resolving as a spell that was cast from its owner's {zone}, "
                "and becomes the permanent whose ability asks that",
    )
    def spell_resolving(self, condition):
        return ConditionHolds(condition=condition)

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="was_cast", args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        CastFromPermanent(object=MATCH.source, zone=MATCH.zone),
        TEST(lambda args, zone: fits(args, zone)),
        id="cast-from.permanent",
        cites=("CR 601.2a", "CR 603.4"),
        because="the situation says {source} was cast from its owner's {zone} as the spell it "
                "was, which is what {ability} asks",
    )
    def permanent(self, condition):
        return ConditionHolds(condition=condition)

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="was_cast"),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        NOT(CastFromPermanent(object=MATCH.source)),
        NOT(TopOfStack(object=MATCH.source)),
        id="cast-from.unstated",
        cites=("CR 601.2a", "CR 603.4"),
        because="{ability} asks whether {source} was cast (and from where), and the situation "
                "doesn't say ({{cast_from: hand}}, or none, on it)",
        absent=("the situation doesn't say whether or where {source} was cast",
                "{source} is not a spell resolving now"),
    )
    def unstated(self, condition):
        return ConditionUnknown(condition=condition, why="whether or where it was cast not "
                                                         "stated")
