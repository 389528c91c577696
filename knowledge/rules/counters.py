"""CR 122: counters. +1/+1 and -1/-1 counters change power and toughness in layer 7c
(613.4c, applied by the layer system), and the two kinds annihilate each other as a
state-based action (122.3, 704.5q)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.replacement import Replaced
from rulings.facts.rulings import Ruling
from rulings.facts.stack import CounterPut
from rulings.facts.state import Status

TOPIC = "CR 122 Counters"


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
