"""What the rules derive about replacement and prevention effects (CR 614-616), from the
procedure of knowledge/replacement_system.py. Not words of files: the words are the
effect language's (facts/effects.py, the replacement block)."""

from __future__ import annotations

from typing import Any

from rulings.facts.vocabulary import GameFact, slot, word


class ReplacementWatch(GameFact):
    """Derived: the question's event is one replacement effects may change, and the situation
    has such effects."""

    slots: dict[str, Any] = {}
    reads = "replacement effects may change the event asked about"


class Replaced(GameFact):
    """Derived: replacement or prevention effects change an event of the question (CR 614.1,
    615.1): what would have happened (`before`) and what happens (`after`), with the effects
    in the order applied."""

    slots = {
        "about": slot(str, doc="the event: 'bears:counters', 'Alice:draw'"),
        "kind": slot(str, doc="counters, damage, zone, draw, gain_life, lose_life, step, "
                              "enters"),
        "subject": slot(str, doc="the object or player it happens to"),
        "before": slot(str, doc="what would have happened, in words"),
        "after": slot(str, doc="what happens, in words"),
        "result": slot(str, "", doc="what it became: counters, zone, instead, skipped, …"),
        "amount": slot(int, 0),
        "to": slot(str, "", doc="for a zone change: where it goes now"),
        "effects": slot(list, [], doc="the effects applied, in order, with what each did"),
        "chooser": slot(str, "", doc="who orders the effects (CR 616.1e)"),
        "choice": slot(bool, False, doc="several effects could be applied first"),
        "order_matters": slot(bool, False),
        "chosen": slot(bool, False, doc="the situation chose the order (replacement_order)"),
        "first": slot(str, "", doc="the order applied, in words"),
        "orders": slot(str, "", doc="each order and its result, in words"),
        "self_first": slot(list, [], doc="self-replacement effects applied first (616.1a)"),
        "stopped": slot(list, [], doc="effects that stopped applying (616.1f), with why"),
        "once": slot(list, [], doc="effects that would apply again but don't (614.5)"),
        "branch": slot(str, "", doc="for an 'unless paid' choice: pays, doesn't pay, "
                                      "can't pay; reveals, doesn't reveal, can't reveal"),
        "cost": slot(str, "", doc="the 'unless paid' cost, in words"),
    }
    reads = "{before}; instead, {after}"


class EventReplaced(GameFact):
    """Derived: the event of `kind` (a GameEvent kind: dies, draws, step, gains_life) doesn't
    happen to `subject` as itself: a replacement effect changed it, so abilities that trigger
    on it don't (CR 614.6, 603.2)."""

    slots = {"kind": slot(str), "subject": slot(str)}
    reads = "no {kind} event for {subject}: it was replaced"


@word("effect", "replacement_order")
class ReplacementOrder(GameFact):
    """The order the affected player (or the affected object's controller) chooses for the
    replacement and prevention effects on the event asked about (CR 616.1e): the objects whose
    effects apply first, in order (`order: [scales, season]`; an ability id like `season.1`,
    or a name, works too). Without it the answer lists every order and takes the first."""

    slots = {"order": slot(list, doc="object ids, ability ids or names, first applied first")}
    reads = "the replacement effects are applied in the order {order}"
