"""CR 122: counters. +1/+1 and -1/-1 counters change power and toughness in layer 7c
(613.4c, applied by the layer system), and the two kinds annihilate each other as a
state-based action (122.3, 704.5q). An intervening "if" may ask whether the object with the
ability has no counters of a kind (persist, undying: 702.79a, 702.93a)."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.casting import KickedPermanent
from rulings.facts.effects import Condition, Replacement, Selector, Selects, Trigger, filter_misses
from rulings.facts.game import GameObject, Turn
from rulings.facts.mana import Enters
from rulings.facts.match import one_of
from rulings.facts.replacement import Replaced
from rulings.facts.rulings import Ruling
from rulings.facts.stack import AttackedThisTurn, ConditionHolds, ConditionUnknown, CounterPut
from rulings.facts.state import CounterOn, CountersListed, Status
from rulings.knowledge.rules.history import THIS_TURN, decide_turn
from rulings.knowledge.rules.triggers import compares

TOPIC = "CR 122 Counters"


def _counter_asked(args: list[str]) -> str:
    return next((a.split("=", 1)[1] for a in args if a.startswith("value=")), "")


def counted(n: int, kind: str) -> str:
    """'1 poison counter', '2 -1/-1 counters'."""
    return f"{n} {kind} counter{'' if n == 1 else 's'}"


def _counter_of(args: list[str]) -> str:
    """The `counter` key of a selector ('with a +1/+1 counter on it'), from its args."""
    return next((str(a)[len("counter="):] for a in args if str(a).startswith("counter=")), "")


def _fits_but_counter(sel: dict, obj: dict, you: str, source: str) -> bool:
    """The filter, its counter part aside (this rule's CounterOn decides that part)."""
    rest = {**dict(sel), "args": [a for a in sel.get("args") or () if not
                                  str(a).startswith("counter=")]}
    return filter_misses(rest, obj, you, source) == ""



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

    # -- counters area: entering with counters only if something holds (CR 614.1c) ---------
    # knowledge/replacement_system.py applies such an effect when the situation decides its
    # condition (kicked: on the permanent, `this_turn: attacked`); these say the answer is
    # open when it doesn't, never taking the counters as there or as absent.

    @rule(
        Enters(object=MATCH.object),
        Replacement(source=MATCH.object, ability=MATCH.ability, event="enters",
                    args=MATCH.args),
        TEST(lambda args: _enters_with_counters(args)),
        Condition(id=MATCH.condition, kind="was_kicked"),
        TEST(lambda args, condition: f"if={condition}" in args),
        NOT(KickedPermanent(object=MATCH.object)),
        id="counters.enters-if-kicked-unstated",
        cites=("CR 614.1c", "CR 702.33e"),
        because="{ability} gives {object} counters as it enters only if it was kicked, and "
                "the situation doesn't say whether it was (kicked: true, or false, on it)",
        absent=("the situation doesn't say whether {object} was kicked",),
        says="whether {object} enters with counters depends on whether it was kicked, which "
             "the situation doesn't say",
    )
    def enters_if_kicked_unstated(self, object):
        return Ruling(about=f"{object}:enters-counters-open", subject="{object}",
                      verdict="may", action="enter with counters, depending on whether it "
                                            "was kicked", step=1)

    @rule(
        Enters(object=MATCH.object),
        Replacement(source=MATCH.object, ability=MATCH.ability, event="enters",
                    args=MATCH.args),
        TEST(lambda args: "with_counters.amount=times_kicked" in args),
        NOT(KickedPermanent(object=MATCH.object)),
        id="counters.enters-per-kick-unstated",
        cites=("CR 614.1c", "CR 702.33e"),
        because="{ability} gives {object} a counter as it enters for each time it was "
                "kicked, and the situation doesn't say how many times it was (kicked: 2 on "
                "it, or kicked: false)",
        absent=("the situation doesn't say how many times {object} was kicked",),
        says="how many counters {object} enters with depends on how many times it was "
             "kicked, which the situation doesn't say",
    )
    def enters_per_kick_unstated(self, object):
        return Ruling(about=f"{object}:enters-counters-open", subject="{object}",
                      verdict="may", action="enter with counters, one for each time it was "
                                            "kicked", step=1)

    @rule(
        Enters(object=MATCH.object),
        Replacement(source=MATCH.object, ability=MATCH.ability, event="enters",
                    args=MATCH.args),
        TEST(lambda args: _enters_with_counters(args)),
        Condition(id=MATCH.condition, kind="you_attacked_this_turn"),
        TEST(lambda args, condition: f"if={condition}" in args),
        GameObject(id=MATCH.object, controller=MATCH.player),
        Turn(active=MATCH.player),
        NOT(AttackedThisTurn(player=MATCH.player)),
        id="counters.enters-if-attacked-unstated",
        cites=("CR 614.1c", "CR 508.1"),
        because="{ability} gives {object} counters as it enters only if {player} attacked "
                "this turn, and the situation doesn't say whether they did (this_turn: "
                "[{{attacked: {{player: {player}, count: …}}}}])",
        absent=("the situation doesn't say whether {player} attacked this turn",),
        says="whether {object} enters with counters depends on whether {player} attacked "
             "this turn, which the situation doesn't say",
    )
    def enters_if_attacked_unstated(self, object):
        return Ruling(about=f"{object}:enters-counters-open", subject="{object}",
                      verdict="may", action="enter with counters, depending on whether its "
                                            "controller attacked this turn", step=1)

    @rule(
        Enters(object=MATCH.object),
        Replacement(source=MATCH.object, ability=MATCH.ability, event="enters",
                    args=MATCH.args),
        TEST(lambda args: _enters_with_counters(args)),
        Condition(id=MATCH.condition, kind="kind" << one_of(*THIS_TURN), args=MATCH.cargs),
        TEST(lambda args, condition: f"if={condition}" in args),
        GameObject(id=MATCH.object, controller=MATCH.player),
        salience=AGGREGATE,
        id="counters.enters-if-this-turn-unstated",
        cites=("CR 614.1c", "CR 603.4"),
        because="{ability} gives {object} counters as it enters only if something happened "
                "earlier this turn, and the situation's record of this turn doesn't say",
        says="whether {object} enters with counters depends on what happened earlier this "
             "turn, which the situation doesn't say",
    )
    def enters_if_this_turn_unstated(self, object, kind, cargs, player):
        holds, said = decide_turn(kind, cargs, player, self.collect, False)
        if holds is not None:
            return None
        return Ruling(about=f"{object}:enters-counters-open", subject="{object}",
                      verdict="may", action=f"enter with counters ({said})", step=1)

    # counters area: what "… with a +1/+1 counter on it" picks (CR 122.1), for the rules
    # that read Selects (the layer system reads the same key itself)

    @rule(
        AS.sel << Selector(id=MATCH.selector, ref="", source=MATCH.source, text=MATCH.text,
                           keyword="", not_="", any_of=P(lambda a: not a),
                           controller=P(lambda c: c in ("", "you", "opponent")),
                           owner=P(lambda c: c in ("", "you", "opponent")),
                           args=MATCH.args),
        TEST(lambda args: _counter_of(args) != ""),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name, zone="battlefield"),
        TEST(lambda sel, obj, you, source: _fits_but_counter(sel, obj, you, source)),
        CounterOn(object=MATCH.object, counter=MATCH.counter, amount=MATCH.amount),
        TEST(lambda args, counter, amount: amount > 0 and counter == _counter_of(args)),
        id="counters.selector-with-counter",
        cites=("CR 109.1", "CR 122.1"),
        because="{name} has {amount} {counter} counter(s) on it and fits the rest of the "
                "description {text}",
    )
    def sel_with_counter(self, selector, object):
        return Selects(selector=selector, object=object)


def _enters_with_counters(args: list[str]) -> bool:
    return any(str(a).startswith("with_counters.counter=") for a in args)
