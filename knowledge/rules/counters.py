"""CR 122: counters. +1/+1 and -1/-1 counters change power and toughness in layer 7c
(613.4c, applied by the layer system), and the two kinds annihilate each other as a
state-based action (122.3, 704.5q). An intervening "if" may ask whether the object with the
ability has no counters of a kind (persist, undying: 702.79a, 702.93a)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.effects import Condition, Trigger
from rulings.facts.replacement import Replaced
from rulings.facts.rulings import Ruling
from rulings.facts.stack import ConditionHolds, ConditionUnknown, CounterPut
from rulings.facts.state import CounterOn, CountersListed, Status
from rulings.knowledge.rules.triggers import compares

TOPIC = "CR 122 Counters"


def _counter_asked(args: list[str]) -> str:
    return next((a.split("=", 1)[1] for a in args if a.startswith("value=")), "")


def counted(n: int, kind: str) -> str:
    """'1 poison counter', '2 -1/-1 counters'."""
    return f"{n} {kind} counter{'' if n == 1 else 's'}"


class Rules:
    @rule(
        Status(object=MATCH.object, check=1, plus=MATCH.plus, minus=MATCH.minus),
        TEST(lambda plus, minus: plus > 0 and minus > 0),
        id="counters.annihilate",
        cites=("CR 704.5q", "CR 122.3", "CR 704.3"),
        because="{object} has {plus} +1/+1 and {minus} -1/-1 counters; as a state-based action "
                "as many of each kind as the smaller number are removed (its power and "
                "toughness don't change)",
        says="{object} will {action}",
    )
    def annihilate(self, object, plus, minus):
        n = min(plus, minus)
        left = (counted(plus - n, "+1/+1") if plus > minus else
                counted(minus - n, "-1/-1") if minus > plus else "no such counters")
        return Ruling(about=f"{object}:counters", subject="{object}", verdict="happens",
                      action=f"lose {counted(n, '+1/+1')} and {counted(n, '-1/-1')}, keeping "
                             f"{left}", step=3)

    @rule(
        CounterPut(object=MATCH.object, counter=MATCH.counter, amount=MATCH.amount),
        Status(object=MATCH.object, check=1, creature=True, toughness=MATCH.toughness),
        TEST(lambda amount: amount > 0),
        # a replacement effect changed how many (knowledge/rules/replacement.py says it)
        NOT(Replaced(kind="counters", subject=MATCH.object)),
        absent=("no replacement effect changes how many counters are put on {object}",),
        id="counters.put",
        cites=("CR 122.1", "CR 122.6", "CR 613.4c"),
        because="{amount} {counter} counters are put on {object}; counters named like +1/+1 "
                "or -1/-1 change its power and toughness in layer 7c, and with all its "
                "counters its toughness is now {toughness}",
        says="{object} will {action}",
    )
    def put(self, object, counter, amount, toughness):
        return Ruling(about=f"{object}:counters-put", subject="{object}", verdict="happens",
                      action=f"get {counted(amount, counter)} (toughness {toughness} now)",
                      step=1)

    # -- an intervening "if" about counters (CR 603.4) --------------------------------------

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="no_counters",
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        CountersListed(object=MATCH.source),
        id="counters.condition-none",
        cites=("CR 603.4", "CR 122.1"),
        because="the condition asks that {source} have no counters of the kind it names, and "
                "the counters the situation lists on {source} include none of that kind",
        salience=AGGREGATE,
    )
    def condition_none(self, condition, args, source):
        kind = _counter_asked(args)
        if any(c["amount"] > 0 for c in self.collect(CounterOn, object=source, counter=kind)):
            return None
        return ConditionHolds(condition=condition)

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="has_counters",
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        CountersListed(object=MATCH.source),
        id="counters.condition-some",
        cites=("CR 603.4", "CR 122.1"),
        because="the condition asks that {source} have counters of the kind it names, and "
                "the counters the situation lists on {source} include some",
        salience=AGGREGATE,
    )
    def condition_some(self, condition, args, source):
        kind = _counter_asked(args)
        if any(c["amount"] > 0 for c in self.collect(CounterOn, object=source, counter=kind)):
            return ConditionHolds(condition=condition)
        return None

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="counters_on_this",
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        CountersListed(object=MATCH.source),
        id="counters.condition-count",
        cites=("CR 603.4", "CR 122.1"),
        because="the condition counts the counters of the kind it names on {source}, among "
                "the counters the situation lists on {source}",
        salience=AGGREGATE,
    )
    def condition_count(self, condition, args, source):
        # transform area: "if there are two or more ki counters on ~"
        kind = next((a.split("=", 1)[1] for a in args if a.startswith("counter=")), "")
        n = sum(c["amount"] for c in self.collect(CounterOn, object=source, counter=kind))
        return ConditionHolds(condition=condition) if compares(n, args) else None

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=MATCH.kind),
        TEST(lambda kind: kind in ("no_counters", "has_counters", "counters_on_this")),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        NOT(CountersListed(object=MATCH.source)),
        id="counters.condition-unstated",
        cites=("CR 603.4", "CR 122.1"),
        because="{ability}'s intervening 'if' asks about the counters on {source}, and the "
                "situation doesn't list them (counters: {{-1/-1: 1}}, or counters: {{}} for "
                "none)",
        absent=("the situation doesn't list the counters on {source}",),
    )
    def condition_unstated(self, condition):
        return ConditionUnknown(condition=condition, why="the counters on it not stated")
