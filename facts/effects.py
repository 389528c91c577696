"""The effect language's facts: what a card's abilities say, node by node.

Every card (a file in knowledge/cards/, an inline `define:`, a card compiled from Oracle
text) is written in one language (docs/effect-language.md). The loader (facts.cards) reads
it and lowers each node into one of the facts below, so a proof reads *card › ability n ›
part*. General rules in knowledge/rules/ match these facts; no rule names a card.

Ids the loader gives: an ability is `<object>.<n>`; a selector, condition or target slot of
it is `<ability>.<part>` (like `pool.1.s1`), shown in proofs by what it describes.

List slots hold words; `args` slots hold the remaining arguments of a node as sorted
`key=value` words (`to=battlefield`, `tapped=true`), matched with facts.match.has().
"""

from __future__ import annotations

from rulings.facts.vocabulary import GameFact, slot


def arg(fact: GameFact, key: str, default: str = "") -> str:
    """The value of `key` in a fact's `args` words ('' when absent)."""
    prefix = key + "="
    for item in fact.get("args", ()) or ():
        if str(item).startswith(prefix):
            return str(item)[len(prefix):]
    return default


class Keyword(GameFact):
    """A keyword ability an object has (CR 702), printed in its card's `keywords:` or granted
    by an effect; `value` is its parameter, if any (kicker's cost, ward's cost, the quality
    protection is from)."""

    slots = {
        "object": slot(str, ref="object"),
        "keyword": slot(str),
        "value": slot(str, "", doc="its parameter, like {2} for kicker {2}"),
        "granted_by": slot(str, "", doc="the ability that grants it; empty if printed"),
    }
    reads = "{object} has {keyword} {value}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        value = f" {self['value']}" if self.get("value") else ""
        how = f" (from {name(self['granted_by'])})" if self.get("granted_by") else ""
        return f"{name(self['object'])} has {self['keyword']}{value}{how}"


#: where a cost part belongs: an ability's activation cost (CR 602.1), a card's additional
#: cost (118.8), an alternative cost (118.9), or an "unless" payment (118.12a)
COST_ROLES = ("activation", "additional", "alternative", "unless")


class CostPart(GameFact):
    """One part of a cost (CR 118, 602.1a): tap, untap, mana, sacrifice, discard, exile,
    pay_life, remove_counters, put_counters, loyalty, return, mill, tap_untapped.
    `ability` is the ability it is paid for, or `<object>.cast` for a casting cost;
    `what` is the selector of what is sacrificed, discarded, … ."""

    slots = {
        "ability": slot(str),
        "source": slot(str, "", ref="object"),
        "index": slot(int, 1, doc="its place in the cost, from 1"),
        "kind": slot(str),
        "role": slot(str, "activation", choices=COST_ROLES),
        "name": slot(str, "", doc="the name of an alternative or optional cost (overload, "
                                   "kicker)"),
        "mana": slot(str, "", doc="mana symbols, like {1}{G}"),
        "amount": slot(str, "", doc="a number, or X"),
        "what": slot(str, "", doc="selector id"),
        "counter": slot(str, ""),
        "text": slot(str, "", doc="the part in words, like 'sacrifice a creature'"),
    }
    reads = "part {index} of the cost of {ability}: {text}"


class Trigger(GameFact):
    """The trigger condition of a triggered ability (CR 603.1): the event word, whom or what
    it is about (selector ids), and an intervening "if" (CR 603.4, a condition id)."""

    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "event": slot(str),
        "what": slot(str, "", doc="selector id of the object the event is about"),
        "who": slot(str, "", doc="selector id of the player the event is about"),
        "to": slot(str, "", doc="a zone or selector id: where it goes, whom it is dealt to"),
        "step": slot(str, "", doc="for 'at the beginning of' triggers: the step"),
        "whose": slot(str, "", doc="for step triggers: you, each or opponent"),
        "optional": slot(bool, False, doc="'you may' at the start of its effect (CR 603.5)"),
        "intervening_if": slot(str, "", doc="condition id (CR 603.4)"),
        "args": slot(list, [], doc="other filters, as key=value words"),
    }
    reads = "{ability} triggers on: {event}"


class TargetSlot(GameFact):
    """A target an ability or spell needs chosen (CR 115.1, 601.2c): the selector that says
    what is a legal target, and how many (min 0 is "up to")."""

    slots = {
        "ability": slot(str),
        "slot": slot(str, doc="the slot's id, like t1"),
        "selector": slot(str, doc="selector id"),
        "min": slot(int, 1),
        "max": slot(int, 1),
        "index": slot(int, 1),
    }
    reads = "{ability} targets {selector} ({min} to {max})"


class Step(GameFact):
    """One instruction of a spell's or ability's effect, in the order written (CR 608.2c):
    its verb, who does it, what it acts on (a selector id or referent), and its modifiers.
    `condition` is a condition id ("if you do" is a condition of kind `did`)."""

    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "index": slot(int, 1),
        "verb": slot(str),
        "id": slot(str, "", doc="the name later steps use for its result"),
        "who": slot(str, "you", doc="who performs it: a referent or selector id"),
        "may": slot(bool, False, doc="optional (CR 608.2d)"),
        "what": slot(str, "", doc="selector id, step id or referent it acts on"),
        "amount": slot(str, "", doc="a number, X, or a count description"),
        "to": slot(str, "", doc="a zone, or selector id of who receives it"),
        "duration": slot(str, "", doc="how long its effect lasts (CR 611.2)"),
        "condition": slot(str, "", doc="condition id: it happens only if this holds"),
        "unless": slot(str, "", doc="who may pay to stop it, with the cost's ability id"),
        "for_each": slot(str, "", doc="selector id: repeated for each"),
        "part": slot(str, "do", doc="do, instead (a replacement), delayed, …"),
        "args": slot(list, [], doc="the other arguments, as key=value words"),
    }
    reads = "step {index} of {ability}: {verb}"


class Selector(GameFact):
    """A description of objects or players (CR 109, 115.10a): a referent (`ref`: this, you,
    each_opponent, a target slot, a step id, event.card, …) or a filter whose keys must all
    hold. Which objects it picks is concluded by knowledge/rules/selectors.py as Selects."""

    slots = {
        "id": slot(str),
        "ability": slot(str, ""),
        "source": slot(str, "", ref="object"),
        "ref": slot(str, "", doc="a referent word; empty for a filter"),
        "types": slot(list, [], doc="any of these card types"),
        "subtypes": slot(list, [], doc="any of these subtypes"),
        "supertypes": slot(list, [], doc="all of these supertypes"),
        "colors": slot(list, [], doc="any of these colors"),
        "not_types": slot(list, [], doc="none of these card types"),
        "controller": slot(str, "", doc="you, opponent, or a referent"),
        "owner": slot(str, "", doc="you, opponent, or a referent"),
        "zone": slot(str, ""),
        "is_": slot(list, [], doc="states: tapped, untapped, attacking, blocking, token, "
                                   "nontoken"),
        "other": slot(bool, False, doc="'another': not the source itself"),
        "name": slot(str, ""),
        "keyword": slot(str, ""),
        "compare": slot(list, [], doc="comparisons like mana_value<=2, power>=4"),
        "not_": slot(str, "", doc="selector id that must not hold"),
        "any_of": slot(list, [], doc="selector ids, one of which must hold"),
        "text": slot(str, "", doc="what it describes, in words"),
    }
    reads = "{id} picks {text}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        return f"{name(self['id'])} means {self['text'] or self['ref'] or 'any object'}"


class Selects(GameFact):
    """Derived: the selector `selector` picks `object` (an object id or a player name)."""

    slots = {"selector": slot(str), "object": slot(str)}
    reads = "{selector} picks {object}"


#: the layer of each static effect word (CR 613.1); 0 for effects outside the layers
LAYERS = {
    "copy_of": "1", "control": "2", "add_types": "4", "set_types": "4", "add_subtypes": "4",
    "set_land_types": "4", "set_colors": "5", "add_keywords": "6", "remove_keywords": "6",
    "lose_all_abilities": "6", "cda_pt": "7a", "set_pt": "7b", "modify": "7c",
    "switch_pt": "7d",
}


class StaticEffect(GameFact):
    """One effect of a static ability (CR 604.1): what it affects (selector id), the effect
    word, its layer (CR 613.1), and the condition it applies under (CR 611.3a)."""

    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "affects": slot(str, "", doc="selector id"),
        "effect": slot(str),
        "layer": slot(str, "", doc="1 to 7d (CR 613.1); empty outside the layers"),
        "power": slot(str, "", doc="like +1, 0, or X"),
        "toughness": slot(str, ""),
        "values": slot(list, [], doc="the words it gives, like [flying]"),
        "condition": slot(str, "", doc="condition id: it applies only while this holds"),
        "args": slot(list, [], doc="other details, as key=value words"),
    }
    reads = "{ability} has the static effect {effect}"


class Replacement(GameFact):
    """A replacement effect (CR 614.1): the event it watches for, what that event is about
    (selector id), and how it changes it (`args`; the steps done instead are Step facts
    with part `instead`)."""

    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "event": slot(str),
        "what": slot(str, "", doc="selector id"),
        "instead": slot(bool, False, doc="the event is replaced by steps"),
        "args": slot(list, [], doc="changes to the event, as key=value words"),
    }
    reads = "{ability} replaces the event {event}"


class Condition(GameFact):
    """A condition (an intervening "if" (CR 603.4), a condition of a step (608.2c), or of a
    static effect (611.3a)): its kind and arguments."""

    slots = {
        "id": slot(str),
        "ability": slot(str, ""),
        "kind": slot(str),
        "args": slot(list, [], doc="key=value words; selector and condition ids inside"),
    }
    reads = "{id} is the condition {kind}"


class Unmodelled(GameFact):
    """An ability (or part) the knowledge base does not model: rules never guess what it
    does; answers say it is not modelled."""

    slots = {
        "object": slot(str, ref="object"),
        "ability": slot(str, ""),
        "text": slot(str, ""),
        "gap": slot(str, "", doc="what could not be read"),
    }
    reads = "{ability} is not modelled: {text}"


__all__ = [
    "Keyword", "CostPart", "Trigger", "TargetSlot", "Step", "Selector", "Selects",
    "StaticEffect", "Replacement", "Condition", "Unmodelled", "LAYERS", "COST_ROLES", "arg",
]
