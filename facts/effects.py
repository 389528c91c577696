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

import re
from dataclasses import dataclass, field
from typing import Any

from rulings.facts.game import CARD_TYPES, COLORS, STEPS, SUPERTYPES
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
        "value": slot(str, "", doc="its parameter, like {2} for kicker {2}, red for "
                                   "protection from red"),
        "selector": slot(str, "", doc="selector id, for keywords whose parameter is a "
                                      "description (enchant, protection's from)"),
        "granted_by": slot(str, "", doc="the ability that grants it; empty if printed"),
    }
    reads = "{object} has {keyword} {value}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        value = f" {self['value']}" if self.get("value") else ""
        if self["keyword"] == "protection" and value and not value.startswith(" from "):
            value = f" from{value}"
        how = f" (from {name(self['granted_by'])})" if self.get("granted_by") else ""
        word = self["keyword"].replace("_", " ")  # double_strike is printed double strike
        return f"{name(self['object'])} has {word}{value}{how}"


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
        "mode": slot(int, 0, doc="the mode it belongs to (CR 700.2: chosen only when the "
                                 "mode is); 0: the spell's or ability's own"),
    }
    reads = "{ability} targets {selector} ({min} to {max})"

    def describe(self, name):  # type: ignore[no-untyped-def]
        if self.get("max", 1) < 0:  # divided: "any number of targets" has no bound
            return f"{name(self['ability'])} targets {name(self['selector'])} " \
                f"({self.get('min', 1)} or more)"
        return super().describe(name)


def slot_room(slots: list[Any], k: int, left: int) -> int:
    """How many of the `left` targets still listed in order the k-th slot takes: its max, or
    for "any number of targets" (max -1, divided) all of them but the least the slots after
    it need (their `min`)."""
    if slots[k]["max"] >= 0:
        return int(slots[k]["max"])
    return max(left - sum(max(s["min"], 0) for s in slots[k + 1:]), 0)


def chosen_slots(slots: list[Any], modes: list[Any]) -> list[Any]:
    """The target slots the targets listed fill, in order: a modal spell's slots only of the
    modes chosen (CR 700.2, 601.2c), mode by mode; every slot when no mode is listed."""
    chosen = {str(m) for m in modes}
    return sorted((s for s in slots if not s["mode"] or not chosen
                   or str(s["mode"]) in chosen),
                  key=lambda s: (s["mode"], s["index"]))


class ModeCount(GameFact):
    """How many modes a modal spell's or ability's controller chooses (CR 700.2): "choose one
    or both" is 1 to 2, "choose two" 2 to 2 (a mode is chosen at most once, 700.2d). A modal
    spell or ability with no ModeCount says "choose one": an ability's one mode is checked
    (modes.ability-choose-one); a spell's is not yet (entwine and escalate choose more)."""

    slots = {
        "ability": slot(str),
        "min": slot(int, 1),
        "max": slot(int, 1),
    }
    reads = "{ability} has {min} to {max} of its modes chosen"


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
        "args": slot(list, [], doc="other keys (same_name_as, noted_name_for, "
                                   "controller_of, owner_of) as key=value words"),
        "text": slot(str, "", doc="what it describes, in words"),
    }
    reads = "{id} picks {text}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        where = name(self["ability"]) if self.get("ability") else "a card"
        return f"{where} speaks of {self['text'] or self['ref'] or 'any object'}"


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
        "who": slot(str, "", doc="selector id of the players it binds or lets act "
                                 "(prohibit, permit, ignore, control_player)"),
        "what": slot(str, "", doc="selector id of what they can't (or may) act on"),
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


# == the language: one registry of every word ===============================================
#
# The loader (facts.cards) reads card files with these tables, `rulings schema` documents
# them (facts.schema) and `rulings lint` checks card files against them; a word added here is
# a word of the language everywhere.

@dataclass(frozen=True)
class Arg:
    """What one key of a node takes. Kinds: selector (a referent word or a filter mapping),
    player (a referent naming players), amount (a number, X, or {count: selector}, …), number,
    signed (a number like +1 or -2), word (one of `choices`), words (a list of them), bool,
    text, mana (mana symbols like {1}{G}), zone, zones, steps, costs, condition, duration,
    trigger (an event mapping), replaced (a replacement event mapping), targets, modes,
    abilities (a list of abilities, for effects that grant them), token (card fields), map
    (a mapping with the keys in `keys`), compare ({le: 2}, {ge: 4}, {eq: 0})."""

    kind: str
    doc: str = ""
    choices: tuple[str, ...] = ()
    keys: dict[str, Arg] = field(default_factory=dict)
    required: bool = False


@dataclass(frozen=True)
class Word:
    """One word of the language: the CR rule that defines it, what it means in our words, and
    either the keys it takes (`args`) or the one value it takes (`value`)."""

    cr: str
    doc: str
    args: dict[str, Arg] = field(default_factory=dict)
    value: Arg | None = None


def _a(kind: str, doc: str = "", *choices: str, required: bool = False,
       keys: dict[str, Arg] | None = None) -> Arg:
    return Arg(kind, doc, tuple(choices), keys or {}, required)


def _w(cr: str, doc: str, value: Arg | None = None, **args: Arg) -> Word:
    # keys that are Python words are written with a trailing '_' (for_, while_, with_, from_)
    return Word(cr, doc, {k.rstrip("_"): a for k, a in args.items()}, value)


PLAYER_WORDS = ("you", "opponent", "player", "each_player", "each_opponent", "any_player",
                "target_player", "event.player", "active_player")

#: referent words a selector may be (besides target slot ids and step ids of the ability)
REFERENTS = {
    "this": "the object with the ability (CR 201.5)",
    "you": "the ability's controller (CR 109.5)",
    "opponent": "an opponent of the ability's controller (in targets: target opponent)",
    "player": "a player (in targets: target player)",
    "each_player": "every player",
    "each_opponent": "every opponent of the ability's controller",
    "any_player": "any one player (for example, anyone may pay)",
    "active_player": "the player whose turn it is (CR 102.1)",
    "any_target": "a creature, player, planeswalker or battle (CR 115.4)",
    "event.card": "the object the trigger or replaced event is about",
    "event.player": "the player the trigger or replaced event is about",
    "event.turn": "the turn the replaced event is about",
    "defending_player": "in a trigger on an attacking creature (the object with the ability, "
                        "or what it enchants or equips): the player it attacks, or who "
                        "controls the planeswalker it attacks (CR 508.5); also a selector's "
                        "controller",
    # sacrificed: "the sacrificed creature's power" (knowledge/resolving.py, Walk.refer)
    "sacrificed": "what was sacrificed to pay the cost of the spell or ability, as it last "
                  "existed on the battlefield (CR 608.2h; the stack entry's `sacrificed:`)",
    "enchanted": "what the Aura with the ability enchants (CR 303.4)",
    "equipped": "what the Equipment with the ability is attached to (CR 301.5)",
    "next_pick": "the next card its drafter drafts (CR 905.2b)",
    # linked: "the exiled card" of a leaves-the-battlefield trigger (knowledge/rules/linked.py)
    "exiled_with_this": "the cards in exile that an ability of the object with this ability "
                        "exiled (a linked ability, CR 607.2a)",
}

_SEL = "a referent word, a target slot or step id, or a filter mapping"

#: the keys of a filter mapping (all must hold)
SELECTOR_KEYS: dict[str, Arg] = {
    "types": _a("words", "any of these card types (CR 205.2)", *CARD_TYPES, "permanent",
                "card", "spell"),
    "subtypes": _a("words", "any of these subtypes (CR 205.3)"),
    "supertypes": _a("words", "all of these supertypes (CR 205.4)", *SUPERTYPES),
    "colors": _a("words", "any of these colors (CR 105)", *COLORS, "colorless",
                 "multicolored"),
    "not_types": _a("words", "none of these card types", *CARD_TYPES),
    "controller": _a("player", "who controls it: you, opponent, defending_player, or a "
                               "referent (CR 108.4)"),
    "owner": _a("player", "who owns it (CR 108.3)"),
    "zone": _a("zone", "where it is (CR 400.1); battlefield by default for permanents"),
    "is": _a("words", "states it is in", "tapped", "untapped", "attacking", "blocking",
             "token", "nontoken", "face_down"),
    "other": _a("bool", "'another': not the object with the ability"),
    "name": _a("text", "its name (CR 201)"),
    "keyword": _a("word", "a keyword it has (CR 702)"),
    "mana_value": _a("compare", "its mana value (CR 202.3)"),
    "power": _a("compare", "its power (CR 208)"),
    "toughness": _a("compare", "its toughness (CR 208)"),
    "same_name_as": _a("selector", "a card with the same name as this (CR 201.2); another "
                                   "object than `this`: a name in common with it (201.2a)"),
    # samename: "… that shares a color with it" (the resolution compares, knowledge/resolving.py)
    "shares_color_with": _a("selector", "it has a color in common with what this selector "
                                        "picks (CR 105.2)"),
    "noted_name_for": _a("text", "a name its controller noted while drafting a card of this "
                                 "name (CR 905.2b)"),
    "not": _a("selector", "an object this selector doesn't pick"),
    "any_of": _a("selectors", "objects any of these selectors pick"),
    "controller_of": _a("selector", "the controller of what this selector picks (a player)"),
    "owner_of": _a("selector", "the owner of what this selector picks (a player)"),
    "among": _a("selector", "only objects an earlier step of the ability named: the cards "
                            "it looked at or revealed (CR 608.2c)"),
    # counters area: "each creature you control with a +1/+1 counter on it" (CR 122.1); only
    # the layer system reads it (a static's `affects`), from the counters the situation lists
    "counter": _a("text", "it has one or more counters of this kind on it (CR 122.1); in a "
                          "static ability's affects or a target filter only"),
}

DURATIONS = {
    "until_end_of_turn": "CR 514.2",
    "until_end_of_combat": "CR 511.3",
    "until_your_next_turn": "CR 611.2",
    "this_turn": "CR 611.2",
    # impulse: a permission to play exiled cards that ends in the cleanup step of its
    # controller's next turn (src/rulings/sequence.py ends it)
    "until_end_of_your_next_turn": "CR 611.2 (ends as its controller's next turn ends)",
    # spells: through its controller's next untap step (CR 502.3; untapping.py reads it)
    "next_untap_step": "CR 502.3",
    "as_long_as": "CR 611.2b (a mapping: {as_long_as: condition})",
    # remains: for as long as the object with the ability remains tapped (611.2b): it ends
    # when that object untaps or leaves the battlefield (the layer system and untapping.py
    # read it, knowledge/rules/remains.py says it); nothing if untapped as it resolves
    "while_this_tapped": "CR 611.2b (for as long as the object with the ability remains "
                         "tapped)",
    # an exile step only: a one-shot effect with a duration (CR 610.3)
    "until_this_leaves": "CR 610.3 (an exile step: until the object with the ability "
                         "leaves the battlefield)",
}

#: tokencopy: the exceptions of a copy effect (CR 707.9), part of the copy's own copiable
#: values: `create_copy`'s `except`, an enters-as-a-copy replacement's `copy_except`
COPY_EXCEPTIONS: dict[str, Arg] = {
    "add_keywords": _a("keywords", "keywords it has too (707.9a)"),
    "power": _a("number", "its power instead (707.9b)"),
    "toughness": _a("number", "its toughness instead (707.9b)"),
    "add_types": _a("words", "card types it has too", *CARD_TYPES),
    "add_subtypes": _a("words", "subtypes it has too"),
    "set_colors": _a("words", "its colors instead", *COLORS),
    "set_subtypes": _a("words", "its subtypes instead (its card types and supertypes "
                                "stay)"),
    "not_legendary": _a("bool", "it isn't legendary")}

_AMOUNT = _a("amount", "a number, X, or {count: selector}, {power_of: selector}, "
                       "{mana_value_of: selector}, "
                       "{toughness_of: selector}, {counters_on: selector, counter: +1/+1}, "
                       "{colors_among: selector}, {greatest_power_among: selector} (also "
                       "greatest_toughness_among, greatest_mana_value_among: the largest "
                       "value among what it picks, 0 for none), {half_of: own_life, round: "
                       "up} (half the life total of the player the step is about, rounded "
                       "as written, CR 107.1a); that_much: the damage its "
                       "trigger event dealt (CR 120.9)")

#: divided: "divided as you choose among one, two, or three targets", "distribute three +1/+1
#: counters among …": the amount is split among the step's targets as they are chosen, at
#: least 1 each (CR 601.2d); the stack entry's `divide:` gives the shares
_DIVIDED = _a("bool", "the amount is divided among the targets it names as its controller "
                      "chose on casting or activating, at least 1 to each (CR 601.2d); the "
                      "stack entry's divide: gives each target's share")

#: modifiers any step may carry (CR 608.2c, 608.2d, 118.12)
STEP_MODIFIERS: dict[str, Arg] = {
    "id": _a("text", "a name later steps use for what this step did or found"),
    "who": _a("player", "who performs it (default: you)"),
    "may": _a("bool", "optional: 'you may' (CR 608.2d)"),
    "if": _a("condition", "it happens only if this holds; {did: step id} is 'if you do' "
                          "(CR 608.2c)"),
    "unless": _a("map", "'unless that player pays' (CR 118.12a)",
                 keys={"who": _a("player", "who may pay"),
                       "pays": _a("costs", "what they pay", required=True)}),
    "for_each": _a("selector", "repeat it for each object or player this picks"),
    "duration": _a("duration", "how long its effect lasts (CR 611.2)"),
}

#: the verbs of steps (`do:`, `instead:`), each defined by a CR rule
VERBS: dict[str, Word] = {
    "add_mana": _w("CR 106.1", "add mana to a player's mana pool",
                   mana=_a("mana", "mana symbols, like G or {C}{C}"),
                   one_of=_a("words", "one mana of one of these types, like [w, u] for "
                                      "'{W} or {U}'", "w", "u", "b", "r", "g", "c"),
                   any_color=_a("bool", "one mana of any color (CR 106.1a)"),
                   any_type_could_produce=_a("selector", "mana of any type these permanents "
                                                         "could produce (CR 106.7)"),
                   any_color_could_produce=_a("selector", "mana of any color these "
                                                          "permanents could produce (CR 106.7)"),
                   chosen_color=_a("bool", "mana of the color chosen for this object"),
                   type_produced=_a("bool", "mana of a type the permanent tapped for mana "
                                            "produced (CR 106.12a)"),
                   amount=_AMOUNT,
                   commander_identity=_a("bool", "one mana of any color in the color "
                                                 "identity of its controller's commander "
                                                 "(CR 903.4f: none without a commander)"),
                   only_for=_a("words", "the mana may be spent only to cast spells of these "
                                        "card types (CR 106.6)", "creature", "artifact",
                               "enchantment", "instant", "sorcery", "planeswalker", "battle")),
    "deal_damage": _w("CR 120.1", "deal damage", amount=_AMOUNT,
                      to=_a("selector", "who or what is dealt the damage", required=True),
                      source=_a("selector", "what deals it (default: this)"),
                      # divided: read by knowledge/rules/divided.py and the resolution walk
                      divided=_DIVIDED,
                      # prevent (issue 25): "the damage can't be prevented" (CR 615.12)
                      unpreventable=_a("bool", "this damage can't be prevented (CR 615.12)")),
    "destroy": _w("CR 701.8", "destroy permanents", what=_a("selector", required=True),
                  no_regeneration=_a("bool", "they can't be regenerated: regeneration "
                                             "shields don't replace this destruction "
                                             "(CR 701.19c)")),
    "exile": _w("CR 701.13", "exile objects", what=_a("selector", required=True)),
    "sacrifice": _w("CR 701.21", "sacrifice permanents", what=_a("selector", required=True),
                    amount=_AMOUNT),
    "discard": _w("CR 701.9", "discard cards", what=_a("selector"), amount=_AMOUNT,
                  random=_a("bool", "at random")),
    "draw": _w("CR 121.1", "draw cards", amount=_AMOUNT),
    "mill": _w("CR 701.17", "put the top cards of a library into a graveyard", amount=_AMOUNT),
    "gain_life": _w("CR 119.1", "gain life", amount=_AMOUNT),
    "lose_life": _w("CR 119.3", "lose life", amount=_AMOUNT),
    "counter": _w("CR 701.6", "counter a spell or ability", what=_a("selector", required=True)),
    "create": _w("CR 701.7", "create tokens", token=_a("token", "the token's card fields",
                                                         required=True), amount=_AMOUNT,
                 tapped=_a("bool", "it enters tapped")),
    # tokencopy: "create a token that's a copy of …" (knowledge/rules/copy_effects.py)
    "create_copy": _w("CR 707.2", "make tokens copying an object: its printed values, as "
                                  "copy effects and being face down change them, and then "
                                  "the exceptions written here",
                      what=_a("selector", "the object copied", required=True),
                      amount=_AMOUNT,
                      except_=_a("map", "exceptions to the copying, part of the token's own "
                                        "copiable values (CR 707.9)", keys=COPY_EXCEPTIONS)),
    "put_counters": _w("CR 122.1", "put counters on objects",
                       counter=_a("text", "the kind of counter, like +1/+1", required=True),
                       amount=_AMOUNT, what=_a("selector", "on what (default: this)"),
                       divided=_DIVIDED),
    "remove_counters": _w("CR 122.8", "remove counters",
                          counter=_a("text", "the kind of counter", required=True),
                          amount=_AMOUNT, what=_a("selector", "from what (default: this)")),
    "tap": _w("CR 701.26a", "tap permanents", what=_a("selector", required=True)),
    "untap": _w("CR 701.26b", "untap permanents", what=_a("selector", required=True)),
    "tap_or_untap": _w("CR 701.26", "tap or untap a permanent, as its controller chooses as "
                       "it resolves (`chosen: {tap_or_untap: tap}` on the stack entry)",
                       what=_a("selector", required=True)),
    "search": _w("CR 701.23", "search zones for cards",
                 zone=_a("zones", "the zones searched (library by default)"),
                 of=_a("player", "whose zones (default: the searcher's own)"),
                 for_=_a("selector", "what may be found (default: any card)"),
                 count=_a("amount", "how many: a number, {max: 3} for 'up to three', "
                                    "any for 'any number', or all for 'all cards' (every "
                                    "match in a graveyard must be found, CR 701.23b)")),
    "put": _w("CR 400.7", "move objects to a zone",
              what=_a("selector", required=True), to=_a("zone", required=True),
              position=_a("word", "in a library: top or bottom", "top", "bottom"),
              tapped=_a("bool", "onto the battlefield tapped"),
              under=_a("word", "whose control on the battlefield (default: owner)", "owner",
                       "you"),
              any_order=_a("bool", "in any order"),
              one=_a("bool", "only one of the cards a search found, the searcher's choice "
                             "(the only one, if one was found)"),
              rest=_a("bool", "the cards a search found that an earlier 'one' put didn't "
                              "take"),
              random_order=_a("bool", "in a random order (nobody chooses it)")),
    "return": _w("CR 400.7", "return objects to a hand or to the battlefield",
                 what=_a("selector", required=True), to=_a("zone", required=True),
                 tapped=_a("bool"), under=_a("word", "", "owner", "you")),
    "shuffle": _w("CR 701.24", "shuffle a library (the shuffler's own; after a search, by "
                               "default the library searched)"),
    "reveal": _w("CR 701.20", "reveal objects", what=_a("selector", required=True)),
    "look_at_top": _w("CR 401.2", "look at the top cards of a library", amount=_AMOUNT,
                      of=_a("player", "whose library (default: yours)")),
    "reveal_top": _w("CR 701.20", "reveal the top cards of a library", amount=_AMOUNT,
                     of=_a("player", "whose library (default: yours)")),
    # impulse: "exile the top card of your library" (its id names the cards for a later
    # `permit`, "you may play that card"); the walk exiles them (knowledge/resolving.py)
    "exile_top": _w("CR 701.13", "exile the top cards of the performer's own library",
                    amount=_AMOUNT),
    "scry": _w("CR 701.22", "scry", amount=_AMOUNT),
    "surveil": _w("CR 701.25", "surveil", amount=_AMOUNT),
    # keyword actions (CR 701) said by their name; what each does is its rule's
    "investigate": _w("CR 701.16", "create a Clue token (CR 111.10f)"),
    "proliferate": _w("CR 701.34", "choose any number of permanents and players with "
                                   "counters and give each another counter of each kind "
                                   "already there"),
    "populate": _w("CR 701.36", "create a token that's a copy of a creature token you "
                                "control"),
    "explore": _w("CR 701.44", "reveal the top card of your library: a land goes to your "
                               "hand, otherwise a +1/+1 counter on the explorer",
                  what=_a("selector", "the creature that explores (default: this)")),
    "connive": _w("CR 701.50", "draw a card, then discard a card; a nonland card discarded "
                               "puts a +1/+1 counter on the conniver",
                  what=_a("selector", "the creature that connives (default: this)")),
    "adapt": _w("CR 701.46", "if it has no +1/+1 counters, put N +1/+1 counters on it",
                amount=_AMOUNT),
    "monstrosity": _w("CR 701.37", "if it isn't monstrous, put N +1/+1 counters on it; it "
                                   "becomes monstrous", amount=_AMOUNT),
    "bolster": _w("CR 701.39", "N +1/+1 counters go on your creature of lowest toughness "
                               "(your choice among ties)", amount=_AMOUNT),
    "amass": _w("CR 701.47", "put N +1/+1 counters on an Army you control (create a 0/0 "
                             "Army token first if you have none)", amount=_AMOUNT),
    "goad": _w("CR 701.15", "goad creatures: until your next turn they attack each combat "
                            "if able, and attack a player other than you if able",
               what=_a("selector", required=True)),
    "manifest": _w("CR 701.40", "your library's top card becomes a face-down 2/2 creature "
                                "permanent without text (CR 708)"),
    # transform area: a flip card's "flip ~" (CR 710); said with its rule
    "flip": _w("CR 710.2", "a flip card on the battlefield turns around: from now on it has "
                           "only its other half's characteristics",
               what=_a("selector", required=True)),
    # transform: "transform ~" (werewolves, "{2}{G}: Transform ~"); said with its rule
    "transform": _w("CR 701.27", "turn a double-faced permanent over to its other face (a "
                                 "permanent that isn't one doesn't transform)",
                    what=_a("selector", required=True)),
    "fateseal": _w("CR 701.29", "like scry, but on an opponent's library: its top N cards "
                                "are looked at and each goes under it or back on top",
                   amount=_AMOUNT),
    "cast": _w("CR 701.5", "cast a card", what=_a("selector", required=True),
               without_paying=_a("bool", "without paying its mana cost (CR 118.9)")),
    "play": _w("CR 701.18", "play a card", what=_a("selector", required=True),
               without_paying=_a("bool")),
    "modify": _w("CR 613.4", "change characteristics for a while", what=_a("selector"),
                 power=_AMOUNT, toughness=_AMOUNT, set_power=_AMOUNT, set_toughness=_AMOUNT,
                 add_keywords=_a("keywords", "keywords it gains"),
                 remove_keywords=_a("keywords", "keywords it loses"),
                 switch_pt=_a("bool", "its power and toughness switch for the duration "
                                      "(CR 613.4d: after every other change to them)"),
                 # oneshot: a rule or a color given for the duration (CR 611.2)
                 prohibit=_a("word", "a rule it has for the duration: it can't block, "
                                     "attack, attack or block, or be blocked (CR 101.2, "
                                     "509.1b)", "block", "attack", "attack_or_block",
                             "be_blocked",
                             # spells: "it doesn't untap during its controller's next untap
                             # step" (CR 502.3), with the duration next_untap_step
                             "untap"),
                 set_colors=_a("words", "the colors it becomes (CR 613.1e)", *COLORS,
                               "colorless"),
                 # animate: "… becomes a 3/3 Elf creature … It's still a land" keeps its
                 # other types and subtypes (CR 205.1b), so these are added, never set
                 add_types=_a("words", "card types it gains (CR 613.1d, 205.1b)", *CARD_TYPES),
                 add_subtypes=_a("words", "subtypes it gains (CR 613.1d, 205.1b)"),
                 # choice: a value its controller chooses as it resolves (CR 608.2d), given
                 # by the stack entry's `chosen:` (knowledge/choices.py)
                 protection_from_chosen=_a("word", "it gains protection from the color "
                                                   "chosen as this resolves (CR 702.16)",
                                           "color"),
                 becomes_chosen=_a("word", "it becomes the color, creature type or basic "
                                           "land type chosen as this resolves (CR 105.3, "
                                           "205.1a, 305.7)", "color", "creature_type",
                                   "basic_land_type")),
    "gain_control": _w("CR 613.2", "gain control of permanents",
                       what=_a("selector", required=True)),
    "copy": _w("CR 707.10", "copy a spell or ability", what=_a("selector", required=True),
               new_targets=_a("bool", "the copier may choose new targets")),
    "fight": _w("CR 701.14", "two creatures fight", what=_a("selector", required=True),
                with_=_a("selector", required=True)),
    "attach": _w("CR 701.3", "attach an Aura or Equipment", what=_a("selector"),
                 to=_a("selector", required=True)),
    "regenerate": _w("CR 701.19", "regenerate permanents", what=_a("selector", required=True)),
    "prevent": _w("CR 615.1", "prevent damage", amount=_AMOUNT,
                  to=_a("selector", "damage that would be dealt to this"),
                  source=_a("selector", "damage this would deal; with `combat`: all the "
                                        "combat damage it would deal this turn, to anything "
                                        "(prevent, CR 615.3)"),
                  # 615.3: a Fog (all combat damage this turn, prevented) names no `to`
                  combat=_a("bool", "only combat damage, to anything (with no `to`)"),
                  # prevent (issue 25): "a (red) source of your choice" (CR 609.7a, 615.9)
                  source_of_choice=_a("words", "only damage from one source its controller "
                                               "chooses as it resolves, with one of these "
                                               "qualities (`any`: any source; colors and "
                                               "card types are any of)", "any", *COLORS,
                                      *CARD_TYPES),
                  next_time=_a("bool", "only the next time that source would deal damage, "
                                       "all of it (CR 615.8); with `source_of_choice`")),
    # prevent (issue 25): "damage can't be prevented this turn" (CR 615.12)
    "unpreventable_damage": _w("CR 615.12", "damage can't be prevented for the step's "
                                            "duration (this turn), any source's, to anything"),
    "delayed": _w("CR 603.7", "create a delayed triggered ability",
                  when=_a("trigger", required=True), do=_a("steps", required=True)),
    "reflexive": _w("CR 603.12", "'when you do, …': a reflexive triggered ability that "
                                 "triggers when the step `did` names was done (an optional "
                                 "step chosen, a cost paid), and goes on the stack after "
                                 "this resolution",
                    did=_a("text", "the id of the step whose doing triggers it",
                           required=True),
                    targets=_a("targets", "its own targets, chosen as it is put on the "
                                          "stack (603.3d)"),
                    do=_a("steps", required=True)),
    "choose": _w("CR 608.2d", "choose objects, a color, a mode …",
                 what=_a("selector", "what to choose from"), count=_AMOUNT,
                 kind=_a("word", "what kind of thing is chosen", "object", "color",
                         "card_name", "creature_type", "player", "mode")),
    # chooses: "each player chooses three permanents they control, then sacrifices the rest",
    # "… chooses a creature they control. Destroy the rest." (knowledge/keep.py)
    "keep": _w("CR 608.2d", "each player `who` names chooses that many of their own objects "
                            "of a kind (in APNAP order, CR 101.4), then the rest of that kind "
                            "of theirs are sacrificed, destroyed, discarded or exiled",
               what=_a("selector", "the kind chosen from: each chooser's own permanents of "
                                   "it (with zone: hand or graveyard, the cards they own "
                                   "there)", required=True),
               count=_a("amount", "how many each keeps: a number, or {min: 0, max: 2} for "
                                  "'up to two'", required=True),
               rest=_a("word", "what happens to those not chosen: sacrificed by their "
                               "controller (CR 701.21), destroyed (701.8), or (cards in a "
                               "hand or graveyard) discarded (701.9) or exiled (701.13) by "
                               "their owner", "sacrifice", "destroy", "discard", "exile",
                       required=True)),
    "permit": _w("CR 601.3", "let a player play or cast something for a while",
                 action=_a("word", "", "play", "cast", required=True),
                 what=_a("selector", required=True),
                 any_color_mana=_a("bool", "mana of any type can pay its colored costs "
                                           "(CR 609.4b)"),
                 without_paying=_a("bool")),
    "skip": _w("CR 614.10", "skip a turn, step or phase", what=_a("selector", required=True)),
    "note": _w("CR 905.2b", "note information during a draft",
               what=_a("word", "", "name", "number", "color", "player", required=True),
               of=_a("selector", "whose information is noted")),
    # --- pay: a cost paid as the spell or ability resolves ("you may pay {2}{U}. If you
    # do, …"): the steps after it that say `if: {did: <its id>}` wait on it (CR 118.12)
    "pay": _w("CR 118.12", "pay a cost while it resolves; the 'if you do' steps after it "
                           "happen only if it is paid",
              cost=_a("costs", "what is paid: mana, life", required=True)),
    "other": _w("CR 608.2c", "a step modelled only as written: it happens, nothing more is "
                             "known of it", text=_a("text", required=True)),
    # --- pw: a planeswalker's "you get an emblem with …" (`who` gets it, default you)
    "emblem": _w("CR 114.1", "a player gets an emblem: an object in the command zone that "
                             "has these abilities for the rest of the game (CR 114.4)",
                 abilities=_a("abilities", "the emblem's abilities", required=True)),
    # --- mana area: the monarch, a designation of a player (knowledge/rules/monarch.py)
    "become_monarch": _w("CR 725.1", "the player becomes the monarch (the one before stops "
                                     "being it, 725.3)"),
    "get_energy": _w("CR 107.14", "the player gets energy counters ({E})", amount=_AMOUNT),
    # --- pw: "take an extra turn after this one" (`who` takes it, default you)
    "extra_turn": _w("CR 500.7", "the player takes an extra turn, added directly after this "
                                 "one"),
}

#: trigger events (`when:`, CR 603.2), with their role filters
_WHAT = _a("selector", "the object the event is about (this: a self trigger)")
#: "whenever one or more …": once for the whole event, however many it is about (603.2c)
_ONE_OR_MORE = _a("bool", "once for the whole event, however many objects it is about "
                          "(\"whenever one or more …\", CR 603.2c)")

#: castcond: "your second spell each turn", "their second card each turn": only the cast or
#: draw that is the player's nth this turn (knowledge/rules/nth_event.py)
_NTH = _a("number", "only the player's nth spell cast (card drawn) this turn (CR 603.2)")

EVENTS: dict[str, Word] = {
    "enters": _w("CR 603.6a", "an object enters the battlefield", what=_WHAT,
                 from_=_a("zone", "the zone it came from")),
    "leaves": _w("CR 603.6c", "a permanent leaves the battlefield", what=_WHAT,
                 to=_a("zone", "where it goes")),
    "dies": _w("CR 700.4", "a creature goes from the battlefield to its owner's graveyard "
                           "(a leaves-the-battlefield trigger: it looks back, CR 603.10a)",
               what=_WHAT),
    "cast": _w("CR 601.2i", "a spell is cast", what=_WHAT, who=_a("player"),
               nth=_NTH),
    "attacks": _w("CR 508.1m", "a creature attacks", what=_WHAT, one_or_more=_ONE_OR_MORE),
    "attacks_alone": _w("CR 506.5", "a creature attacks alone (the only attacker declared)",
                        what=_WHAT),
    # greatest: battalion's "whenever ~ and at least two other creatures attack"
    "attacks_with_others": _w("CR 508.1m", "a creature attacks together with at least "
                                           "`at_least` other attacking creatures `others` "
                                           "picks", what=_WHAT,
                              at_least=_a("number", "how many others at least"),
                              others=_a("selector", "what the other attackers are")),
    "blocks": _w("CR 509.1i", "a creature blocks", what=_WHAT),
    "becomes_blocked": _w("CR 509.1i", "a creature becomes blocked", what=_WHAT),
    "deals_damage": _w("CR 120.3", "an object deals damage", what=_WHAT,
                       to=_a("selector", "whom or what it is dealt to"),
                       combat=_a("bool", "only combat damage (CR 510)")),
    "dealt_damage": _w("CR 120.3", "an object is dealt damage", what=_WHAT,
                       by=_a("selector", "the source of the damage"),
                       combat=_a("bool", "only combat damage (CR 510)")),
    "becomes_tapped": _w("CR 701.26a", "a permanent becomes tapped", what=_WHAT),
    "becomes_untapped": _w("CR 701.26b", "a permanent becomes untapped", what=_WHAT),
    # monstrosity resolving on a permanent that isn't monstrous yet (CR 701.37b)
    "becomes_monstrous": _w("CR 701.37b", "a permanent becomes monstrous", what=_WHAT),
    "tapped_for_mana": _w("CR 106.12a", "a permanent is tapped for mana", what=_WHAT,
                          who=_a("player", "who taps it"),
                          mana=_a("word", "only when it is tapped for this type", "W", "U",
                                  "B", "R", "G", "C")),
    "step": _w("CR 603.2", "'at the beginning of' a step",
               step=_a("word", "", *STEPS, required=True),
               whose=_a("word", "whose turn: you (your upkeep), each, opponent, next (the "
                                "next one), enchanted_controller (of the controller of what "
                                "it is attached to)", "you", "each", "opponent", "next",
                        "enchanted_controller")),
    "draws": _w("CR 121.1", "a player draws a card", who=_a("player"), nth=_NTH),
    "discards": _w("CR 701.9", "a player discards a card", who=_a("player"), what=_WHAT),
    "gains_life": _w("CR 119.9", "a player gains life", who=_a("player")),
    "loses_life": _w("CR 119.9", "a player loses life", who=_a("player")),
    "searches": _w("CR 701.23", "a player searches a library", who=_a("player"),
                   zone=_a("zones")),
    "shuffles": _w("CR 701.24", "a player shuffles a library", who=_a("player")),
    "counter_put": _w("CR 122.6", "a counter is put on an object", what=_WHAT,
                      counter=_a("text", "only counters of this kind (+1/+1)"),
                      one_or_more=_ONE_OR_MORE),
    "becomes_target": _w("CR 115.1", "an object becomes the target of a spell or ability",
                         what=_WHAT, by=_a("selector", "the spell or ability")),
    "sacrificed": _w("CR 701.21", "a permanent is sacrificed", what=_WHAT),
}

# --- trig: trigger events (issue 25); their GameEvents are made in knowledge/rules/triggers.py
# and knowledge/rules/blocking.py. `who` of becomes_target is the spell's or ability's
# controller.
EVENTS["becomes_target"] = _w(
    "CR 115.1", "an object becomes the target of a spell or ability", what=_WHAT,
    by=_a("selector", "the spell or ability"),
    who=_a("player", "who controls the spell or ability (an opponent, you)"))
_OTHER = _a("selector", "the other creature: the one blocked, or the one blocking",
            required=True)
EVENTS.update({
    "cast_targeting": _w("CR 601.2c", "a player casts a spell that targets the object (heroic): "
                                      "once per spell, however many of its targets it is",
                         what=_WHAT, who=_a("player", "who casts the spell")),
    "targeted_by_spell": _w("CR 115.1", "an object becomes the target of a spell (not an "
                                        "ability)", what=_WHAT,
                            who=_a("player", "who controls the spell")),
    "attacks_or_blocks": _w("CR 603.2", "a creature attacks, or it blocks", what=_WHAT),
    "blocks_or_becomes_blocked": _w("CR 603.2", "a creature blocks, or it becomes blocked",
                                    what=_WHAT),
    "enters_or_attacks": _w("CR 603.2", "an object enters the battlefield, or it attacks",
                            what=_WHAT),
    "blocks_creature": _w("CR 509.3b", "a creature blocks a creature: once for each creature "
                                       "it blocks", what=_WHAT, to=_OTHER),
    "blocked_by_creature": _w("CR 509.3d", "a creature becomes blocked by a creature: once for "
                                           "each creature blocking it", what=_WHAT, to=_OTHER),
    "turned_face_up": _w("CR 708.8", "a face-down permanent is turned face up", what=_WHAT),
    "attacks_unblocked": _w("CR 509.3g", "an attacking creature has no creature declared as "
                                         "its blocker", what=_WHAT),
    "blocks_or_blocked_by": _w("CR 509.3d", "a creature blocks a creature or becomes blocked by "
                                            "one: once for each such creature", what=_WHAT,
                               to=_OTHER),
})

# --- cycle: cycling a card (CR 702.29), read by knowledge/rules/cycling.py. `what: this` is
# "when you cycle ~" (702.29c: it triggers from the zone the card goes to)
EVENTS.update({
    "cycles": _w("CR 702.29a", "a player cycles a card (discards it to pay a cycling cost)",
                 who=_a("player", "who cycles it"),
                 what=_a("selector", "the card cycled (this: 'when you cycle ~')")),
    "cycles_or_discards": _w("CR 702.29d", "a player cycles or discards a card: once for a "
                                           "card cycled, which is also discarded",
                             who=_a("player", "who cycles or discards it"),
                             what=_a("selector", "the card cycled or discarded")),
    "cycles_or_dies": _w("CR 603.2", "the card is cycled, or it dies (\"when you cycle ~ or it "
                                     "dies\"; what: this)", what=_WHAT),
})

# --- linked: a state trigger (CR 603.8), read by knowledge/rules/linked.py
EVENTS["controls_none"] = _w(
    "CR 603.8", "a state trigger: the ability's controller controls no permanent this "
                "selector picks; it triggers whenever that is so, but not again while it is on "
                "the stack", what=_a("selector", "the kind of permanent", required=True))

#: events a replacement effect watches for (`event:`, CR 614.1)
REPLACED: dict[str, Word] = {
    "tapped_for_mana": _w("CR 106.12b", "a permanent would be tapped for mana", what=_WHAT,
                          who=_a("player", "who taps it")),
    "enters": _w("CR 614.1c", "an object would enter the battlefield", what=_WHAT),
    "dies": _w("CR 614.6", "a creature would die", what=_WHAT),
    "draws": _w("CR 614.11", "a player would draw a card", who=_a("player")),
    "damage": _w("CR 614.1a", "damage would be dealt", to=_a("selector"),
                 by=_a("selector")),
    "found": _w("CR 701.23", "a card found in a search would be moved", who=_a("player",
                "who searches"), zone=_a("zones", "where it was found")),
    "searches": _w("CR 701.23", "a player would search a library", who=_a("player")),
    "begin_turn": _w("CR 614.10", "a player would begin a turn", who=_a("player"),
                     extra=_a("bool", "only an extra turn (CR 500.7)")),
    "put_counters": _w("CR 614.1a", "counters would be put on an object", what=_WHAT,
                       counter=_a("text")),
}

#: how a replacement effect changes the event (`modify:`)
MODIFICATIONS: dict[str, Arg] = {
    "produces": _a("word", "mana of this type instead of any other", "W", "U", "B", "R", "G",
                   "C"),
    "amount": _a("number", "this amount instead"),
    "multiply": _a("number", "this many times as much (2: twice as much)"),
    "with_counters": _a("map", "it enters with counters (CR 614.1c)",
                        keys={"counter": _a("text", required=True), "amount": _AMOUNT}),
    "tapped": _a("bool", "it enters tapped"),
    "as_copy_of": _a("selector", "it enters as a copy of one of these (CR 707.5)"),
    "copy_except": _a("map", "with `as_copy_of`: the copy's exceptions (CR 707.9)",
                      keys=COPY_EXCEPTIONS),
    "top": _a("number", "search only the top cards, this many"),
    "choose": _a("word", "as it enters, its controller chooses one (CR 614.12)", "color",
                 "card_name", "creature_type", "player", "opponent"),
}

# == replacement and prevention effects (issue 21; knowledge/replacement_system.py reads these) ==
# Events a replacement effect may watch for, and ways it changes them, beyond those above. The
# reader of every word here is knowledge/replacement_system.py (`effects_for`), concluded by
# knowledge/rules/replacement.py.
REPLACED.update({
    "damage": _w("CR 614.1a", "damage would be dealt", to=_a("selector", "what it is dealt to"),
                 by=_a("selector", "its source"),
                 combat=_a("bool", "only combat damage (true), only other damage (false)")),
    "gains_life": _w("CR 614.1a", "a player would gain life", who=_a("player")),
    "loses_life": _w("CR 614.1a", "a player would lose life", who=_a("player")),
    "put_into_graveyard": _w("CR 614.6", "a card or token would be put into a graveyard",
                             what=_WHAT, from_=_a("zone", "only from this zone (default: "
                                                          "from anywhere)")),
    "step": _w("CR 614.1b", "a step would begin (with skip: true, it is skipped)",
               step=_a("word", "", *STEPS, required=True),
               whose=_a("word", "whose turn: you, each, opponent", "you", "each",
                        "opponent")),
})
MODIFICATIONS.update({
    "plus": _a("number", "this many more (counters, damage, life): 'that many plus one'"),
    "to": _a("zone", "it goes to this zone instead (614.6: 'exile it instead')"),
    "redirect": _a("selector", "the damage is dealt to this instead (CR 614.9)"),
    "prevent": _a("number", "prevent this much of the damage (0: all of it; CR 615.1)"),
    "skip": _a("bool", "the step, or the draw, is skipped (CR 614.1b)"),
    "becomes": _a("word", "the event becomes this one, of the same amount", "loses_life",
                  "gains_life"),
    "unless": _a("condition", "the change doesn't apply while this holds ('enters tapped "
                              "unless you control a Mountain')"),
    "unless_paid": _a("costs", "as it enters its controller may pay this; if they do, the "
                               "change doesn't apply (614.12)"),
    "self": _a("bool", "a self-replacement effect: it applies before the others (CR 614.15, "
                       "616.1a)"),
})
# == end of the replacement block ==============================================================
# counters area: an entering permanent's counters only when something holds (CR 614.1c)
MODIFICATIONS.update({
    "if": _a("condition", "the change applies only while this holds ('if it was kicked, it "
                          "enters with two +1/+1 counters', 'if you attacked this turn')"),
})

#: parts of a cost (CR 118, 602.1a)
COSTS: dict[str, Word] = {
    "tap": _w("CR 107.5", "{T}: tap this permanent"),
    "untap": _w("CR 107.6", "{Q}: untap this permanent"),
    "mana": _w("CR 107.4", "pay mana", _a("mana", "mana symbols, like {1}{G}")),
    "sacrifice": _w("CR 701.21", "sacrifice a permanent", _a("selector")),
    "discard": _w("CR 701.9", "discard a card", _a("selector")),
    "exile": _w("CR 701.13", "exile a card", _a("selector")),
    "pay_life": _w("CR 119.4", "pay life", _a("number")),
    "pay_energy": _w("CR 107.14", "pay energy: remove that many energy counters from "
                                  "yourself", _a("number")),
    "remove_counters": _w("CR 122.8", "remove counters", _a(
        "map", "", keys={"counter": _a("text", required=True), "amount": _AMOUNT,
                         "what": _a("selector")})),
    "put_counters": _w("CR 122.1", "put counters", _a(
        "map", "", keys={"counter": _a("text", required=True), "amount": _AMOUNT,
                         "what": _a("selector")})),
    "loyalty": _w("CR 606.4", "a loyalty cost: +n or -n loyalty counters", _a("signed")),
    "return": _w("CR 400.7", "return a permanent to its owner's hand", _a("selector")),
    "mill": _w("CR 701.17", "mill cards", _a("number")),
    "tap_untapped": _w("CR 118.3", "tap an untapped permanent (this one too if it fits, "
                                   "unless the cost also has {T})", _a("selector")),
    "reveal": _w("CR 701.20", "reveal a card", _a("selector")),
    "crew": _w("CR 702.122a", "tapping other untapped creatures of yours whose powers add "
                              "up to N at least", _a("number")),
    # costs: "reveal a Pirate card from your hand or pay {2}" (an additional cost to cast it,
    # CR 118.8, 601.2b): read by knowledge/rules/reveal_cost.py
    "reveal_or_pay": _w("CR 118.8", "reveal a card of a quality from your hand, or else pay "
                                    "the mana", _a(
        "map", "", keys={"what": _a("selector", required=True),
                         "mana": _a("mana", "mana symbols, like {2}", required=True)})),
}

_COST = _a("text", "a mana cost like {2}, or cost parts")
#: keyword abilities (CR 702) a card may list in `keywords:`
KEYWORDS: dict[str, Word] = {
    "deathtouch": _w("CR 702.2", ""), "defender": _w("CR 702.3", ""),
    "double_strike": _w("CR 702.4", ""),
    "enchant": _w("CR 702.5", "what an Aura can enchant", _a("selector")),
    "equip": _w("CR 702.6", "attach to a creature you control", _COST),
    "first_strike": _w("CR 702.7", ""),
    "flash": _w("CR 702.8", "may be cast any time you could cast an instant"),
    "flying": _w("CR 702.9", ""), "haste": _w("CR 702.10", ""),
    "hexproof": _w("CR 702.11", ""), "indestructible": _w("CR 702.12", ""),
    "lifelink": _w("CR 702.15", ""),
    "wither": _w("CR 702.80", "its damage to creatures is -1/-1 counters"),
    "infect": _w("CR 702.90", "its damage is -1/-1 counters to creatures, poison to players"),
    "protection": _w("CR 702.16", "protection from a quality",
                     _a("map", "", keys={"from": _a("selector", required=True)})),
    "reach": _w("CR 702.17", ""), "shroud": _w("CR 702.18", ""),
    "trample": _w("CR 702.19", ""), "vigilance": _w("CR 702.20", ""),
    "ward": _w("CR 702.21", "counter a spell or ability targeting it unless its controller "
                            "pays", _COST),
    "menace": _w("CR 702.111", ""),
    "partner_with": _w("CR 702.124j", "partner with a named card: when it enters, target "
                                      "player may search their library for that card",
                       _a("text")),
    "cycling": _w("CR 702.29", "", _COST),
    "flashback": _w("CR 702.34", "", _COST),
    "kicker": _w("CR 702.33", "an optional additional cost", _COST),
    "convoke": _w("CR 702.51", ""), "delve": _w("CR 702.66", ""),
    "changeling": _w("CR 702.73", ""), "cascade": _w("CR 702.85", ""),
    "overload": _w("CR 702.96", "an alternative cost; 'target' becomes 'each'", _COST),
    "prowess": _w("CR 702.108", ""), "persist": _w("CR 702.79", ""),
    "undying": _w("CR 702.93", ""),
    # CR 702 keywords for compiled cards (oracle): generated from src/rulings/oracle/keywords.py
    "intimidate": _w("CR 702.13", ""),
    "landwalk": _w("CR 702.14", "", _a("selector")),
    "banding": _w("CR 702.22", ""),
    "rampage": _w("CR 702.23", "", _a("number")),
    "cumulative_upkeep": _w("CR 702.24", "", _COST),
    "flanking": _w("CR 702.25", ""),
    "phasing": _w("CR 702.26", ""),
    "buyback": _w("CR 702.27", "", _COST),
    "shadow": _w("CR 702.28", ""),
    "echo": _w("CR 702.30", "", _COST),
    "horsemanship": _w("CR 702.31", ""),
    "fading": _w("CR 702.32", "", _a("number")),
    "madness": _w("CR 702.35", "", _COST),
    "fear": _w("CR 702.36", ""),
    "morph": _w("CR 702.37", "", _COST),
    "amplify": _w("CR 702.38", "", _a("number")),
    "provoke": _w("CR 702.39", ""),
    "storm": _w("CR 702.40", ""),
    "affinity": _w("CR 702.41", "", _a("selector")),
    "entwine": _w("CR 702.42", "", _COST),
    "modular": _w("CR 702.43", "", _a("number")),
    "sunburst": _w("CR 702.44", ""),
    "bushido": _w("CR 702.45", "", _a("number")),
    "soulshift": _w("CR 702.46", "", _a("number")),
    "offering": _w("CR 702.48", ""),
    "ninjutsu": _w("CR 702.49", "", _COST),
    "epic": _w("CR 702.50", ""),
    "dredge": _w("CR 702.52", "", _a("number")),
    "transmute": _w("CR 702.53", "", _COST),
    "bloodthirst": _w("CR 702.54", "", _a("number")),
    "haunt": _w("CR 702.55", ""),
    "replicate": _w("CR 702.56", "", _COST),
    "forecast": _w("CR 702.57", ""),
    "graft": _w("CR 702.58", "", _a("number")),
    "recover": _w("CR 702.59", "", _COST),
    "ripple": _w("CR 702.60", "", _a("number")),
    "split_second": _w("CR 702.61", ""),
    "suspend": _w("CR 702.62", "", _COST),
    "vanishing": _w("CR 702.63", "", _a("number")),
    "absorb": _w("CR 702.64", "", _a("number")),
    "aura_swap": _w("CR 702.65", "", _COST),
    "fortify": _w("CR 702.67", "", _COST),
    "frenzy": _w("CR 702.68", "", _a("number")),
    "gravestorm": _w("CR 702.69", ""),
    "poisonous": _w("CR 702.70", "", _a("number")),
    "transfigure": _w("CR 702.71", "", _COST),
    "champion": _w("CR 702.72", "", _a("selector")),
    "evoke": _w("CR 702.74", "", _COST),
    "hideaway": _w("CR 702.75", ""),
    "prowl": _w("CR 702.76", "", _COST),
    "reinforce": _w("CR 702.77", "", _COST),
    "conspire": _w("CR 702.78", ""),
    "retrace": _w("CR 702.81", ""),
    "devour": _w("CR 702.82", "", _a("number")),
    "exalted": _w("CR 702.83", ""),
    "unearth": _w("CR 702.84", "", _COST),
    "annihilator": _w("CR 702.86", "", _a("number")),
    "level_up": _w("CR 702.87", "", _COST),
    "rebound": _w("CR 702.88", ""),
    "umbra_armor": _w("CR 702.89", ""),
    "battle_cry": _w("CR 702.91", ""),
    "living_weapon": _w("CR 702.92", ""),
    "miracle": _w("CR 702.94", "", _COST),
    "soulbond": _w("CR 702.95", ""),
    "scavenge": _w("CR 702.97", "", _COST),
    "unleash": _w("CR 702.98", ""),
    "cipher": _w("CR 702.99", ""),
    "evolve": _w("CR 702.100", ""),
    "extort": _w("CR 702.101", ""),
    "fuse": _w("CR 702.102", ""),
    "bestow": _w("CR 702.103", "", _COST),
    "tribute": _w("CR 702.104", "", _a("number")),
    "dethrone": _w("CR 702.105", ""),
    "hidden_agenda": _w("CR 702.106", ""),
    "outlast": _w("CR 702.107", "", _COST),
    "dash": _w("CR 702.109", "", _COST),
    "exploit": _w("CR 702.110", ""),
    "renown": _w("CR 702.112", "", _a("number")),
    "awaken": _w("CR 702.113", "", _COST),
    "devoid": _w("CR 702.114", ""),
    "ingest": _w("CR 702.115", ""),
    "myriad": _w("CR 702.116", ""),
    "surge": _w("CR 702.117", "", _COST),
    "skulk": _w("CR 702.118", ""),
    "emerge": _w("CR 702.119", "", _COST),
    "escalate": _w("CR 702.120", "", _COST),
    "melee": _w("CR 702.121", ""),
    "crew": _w("CR 702.122", "", _a("number")),
    "fabricate": _w("CR 702.123", "", _a("number")),
    "partner": _w("CR 702.124", ""),
    "undaunted": _w("CR 702.125", ""),
    "improvise": _w("CR 702.126", ""),
    "aftermath": _w("CR 702.127", ""),
    "embalm": _w("CR 702.128", "", _COST),
    "eternalize": _w("CR 702.129", "", _COST),
    "afflict": _w("CR 702.130", "", _a("number")),
    "ascend": _w("CR 702.131", ""),
    "assist": _w("CR 702.132", ""),
    "jump_start": _w("CR 702.133", ""),
    "mentor": _w("CR 702.134", ""),
    "afterlife": _w("CR 702.135", "", _a("number")),
    "riot": _w("CR 702.136", ""),
    "spectacle": _w("CR 702.137", "", _COST),
    "escape": _w("CR 702.138", "", _COST),
    "companion": _w("CR 702.139", "", _a("selector")),
    "mutate": _w("CR 702.140", "", _COST),
    "encore": _w("CR 702.141", "", _COST),
    "boast": _w("CR 702.142", ""),
    "foretell": _w("CR 702.143", "", _COST),
    "demonstrate": _w("CR 702.144", ""),
    "daybound": _w("CR 702.145", ""),
    "nightbound": _w("CR 702.145", ""),
    "disturb": _w("CR 702.146", "", _COST),
    "decayed": _w("CR 702.147", ""),
    "cleave": _w("CR 702.148", "", _COST),
    "training": _w("CR 702.149", ""),
    "compleated": _w("CR 702.150", ""),
    "reconfigure": _w("CR 702.151", "", _COST),
    "blitz": _w("CR 702.152", "", _COST),
    "casualty": _w("CR 702.153", "", _a("number")),
    "enlist": _w("CR 702.154", ""),
    "read_ahead": _w("CR 702.155", ""),
    "ravenous": _w("CR 702.156", ""),
    "squad": _w("CR 702.157", "", _COST),
    "prototype": _w("CR 702.160", "", _COST),
    "living_metal": _w("CR 702.161", ""),
    "toxic": _w("CR 702.164", "", _a("number")),
    "backup": _w("CR 702.165", "", _a("number")),
    "bargain": _w("CR 702.166", ""),
    "plot": _w("CR 702.170", "", _COST),
    "offspring": _w("CR 702.175", "", _COST),
    "megamorph": _w("CR 702.37", "", _COST),
    "disguise": _w("CR 702.168", "", _COST),
    "multikicker": _w("CR 702.33", "", _COST),
    # costs: splice onto a quality (CR 702.47a), read by knowledge/rules/splice.py
    "splice": _w("CR 702.47", "reveal it from your hand as you cast a spell of a quality, "
                              "and pay its cost more: that spell gains its text",
                 _a("map", "", keys={"onto": _a("selector", required=True),
                                     "cost": _a("text", "its splice cost, like {1}{R}",
                                                required=True)})),
}

#: effect words of static abilities (CR 604; LAYERS gives their layer, CR 613)
_PT = {"power": _AMOUNT, "toughness": _AMOUNT}
STATIC_WORDS: dict[str, Word] = {
    "modify": _w("CR 613.4c", "+N/+N", _a("map", keys=_PT)),
    "set_pt": _w("CR 613.4b", "base power and toughness become N/N", _a("map", keys=_PT)),
    "cda_pt": _w("CR 604.3", "a characteristic-defining ability for power/toughness",
                 _a("map", keys=_PT)),
    "switch_pt": _w("CR 613.4d", "power and toughness switch", _a("bool")),
    "add_keywords": _w("CR 613.1f", "it gains keywords", _a("keywords")),
    "remove_keywords": _w("CR 613.1f", "it loses keywords", _a("keywords")),
    "lose_all_abilities": _w("CR 613.1f", "it loses all abilities", _a("bool")),
    "add_abilities": _w("CR 613.1f", "it gains abilities", _a("abilities")),
    "add_types": _w("CR 613.1d", "", _a("words", "", *CARD_TYPES)),
    "set_types": _w("CR 613.1d", "", _a("words", "", *CARD_TYPES)),
    "add_subtypes": _w("CR 613.1d", "", _a("words")),
    "set_land_types": _w("CR 305.7", "a land type replaces the others", _a("words")),
    "set_colors": _w("CR 613.1e", "", _a("words", "", *COLORS, "colorless")),
    "control": _w("CR 613.1b", "who controls it", _a("player")),
    "copy_of": _w("CR 613.1a", "it is a copy of", _a("selector")),
    "prohibit": _w("CR 101.2", "a player can't do something", _a("map", keys={
        "who": _a("player", "who can't (default: each_player)"),
        "action": _a("word", "what they can't do; counter: it can't be countered "
                             "(with what: this, zone: stack); be_blocked: the affected "
                             "creatures can't be blocked (with what: only by such "
                             "creatures)", "search", "cast", "activate",
                     "attack", "block", "play", "draw", "gain_life", "counter",
                     "be_blocked", "attack_or_block",
                     # combat: "can't attack alone" and the like (CR 506.5)
                     "attack_alone", "block_alone", "attack_or_block_alone", required=True),
        "zone": _a("zone", "in or from which zone"),
        "what": _a("selector", "what they can't do it with"),
        "by": _a("word", "only when a spell or ability they control would make them do it, "
                         "in their own library (their_own)", "their_own")})),
    "require": _w("CR 508.1d", "a requirement: it attacks or blocks each combat if able",
                  _a("map", keys={"action": _a("word", "what it must do; be_blocked: it must "
                                                       "be blocked if able; "
                                                       "be_blocked_by_all: every creature "
                                                       "able to block it does so (509.1c)",
                                               "attack", "block", "be_blocked",
                                               "be_blocked_by_all", required=True)})),
    "block_additional": _w("CR 509.1a", "the affected creatures can each block this many "
                                        "more attacking creatures each combat",
                           _a("number")),
    # history2 area: "~ can attack as though it didn't have defender"; read by
    # knowledge/rules/attacking.py (attack.despite-defender)
    "attack_despite_defender": _w("CR 702.3b", "the affected creatures can attack as though "
                                               "they didn't have defender", _a("bool")),
    "block_any_number": _w("CR 509.1a", "the affected creatures can each block any number "
                                        "of attacking creatures each combat", _a("bool")),
    "ignore": _w("CR 116.2d", "a special action: pay to ignore this ability's effect",
                 _a("map", keys={"who": _a("player", "who may pay (default: any_player)"),
                                 "cost": _a("costs", required=True),
                                 "duration": _a("duration", "how long it is ignored")})),
    "permit": _w("CR 601.3", "a player may do something they otherwise couldn't",
                 _a("map", keys={"who": _a("player"), "action": _a("word", "", "play",
                                                                  "cast", required=True),
                                 "what": _a("selector"), "zone": _a("zone"),
                                 # impulse: "from the top of your library" (CR 401.2)
                                 "top": _a("bool", "only the top card of the library of "
                                                   "the permanent's controller")})),
    # impulse: who may see the top card of a library (CR 401.2); named not modelled
    "may_look_at_top": _w("CR 401.2", "its controller may look at the top card of their "
                                      "library at any time", _a("bool")),
    "top_revealed": _w("CR 401.2", "the top card of a library is revealed, for as long as "
                                   "it is the top card: its controller's, or every "
                                   "player's (each_player)", _a("player")),
    # history2 area: "you may cast sorcery spells as though they had flash" (CR 702.8a),
    # read by knowledge/rules/flash_permissions.py
    "cast_as_though_flash": _w("CR 601.3e", "the spells it describes may be cast any time "
                                            "their caster could cast an instant",
                               _a("map", keys={"who": _a("player", "who may: you (the "
                                                                  "controller) or "
                                                                  "any_player"),
                                               "what": _a("selector", required=True)})),
    "cost_change": _w("CR 601.2f", "spells or abilities cost more or less; `what: this` "
                                   "on a spell's own static (`zone: stack`, maybe `while:`): "
                                   "the spell itself as it is cast",
                      _a("map", keys={"what": _a("selector"), "amount": _a("signed")})),
    "control_player": _w("CR 723.2", "a player controls another player",
                         _a("map", keys={"who": _a("player", required=True),
                                         "while": _a("condition")})),
    "no_max_hand_size": _w("CR 402.2", "", _a("bool")),
    # transform area: a Leyline's opening-hand ability, which works only before the game
    # begins (CR 103.6a); no situation is before it, so no rule reads it
    "begin_on_battlefield": _w("CR 103.6a", "in its owner's opening hand, it may begin the "
                                            "game on the battlefield", _a("bool")),
    # session 4 (knowledge/rules/untapping.py): what stays tapped in an untap step
    "doesnt_untap": _w("CR 502.3", "the affected permanents don't untap during their "
                                   "controller's untap step", _a("bool")),
    "cant_lose": _w("CR 104.3", "the affected players can't lose the game: the state-based "
                                "actions that would make them lose don't (state_based.py)",
                    _a("bool")),
    "opponents_cant_win": _w("CR 104.2", "the opponents of the affected players can't win the "
                                         "game", _a("bool")),
    "may_not_untap": _w("CR 502.3", "the affected permanents' controller may choose not to "
                                    "untap them during their untap step", _a("bool")),
    "additional_land_plays": _w("CR 305.2", "its controller may play this many more lands on "
                                            "each of their turns", _a("number")),
    "spend_as_any_color": _w("CR 609.4b", "any type of mana can pay for colored mana "
                                          "symbols", _a("bool")),
    # issue 21: "damage … can't be prevented" (CR 615.12); read by replacement_system.py
    "damage_cant_be_prevented": _w("CR 615.12", "damage the affected sources deal can't be "
                                   "prevented", _a("bool")),
    "cast_only": _w("CR 307.1", "this card's own timing restriction: it may be cast only "
                                "in these steps",
                    _a("map", keys={"steps": _a("words", "'combat' stands for every combat "
                                                "step", *STEPS, "combat", required=True),
                                    "whose_turn": _a("word", "", "any", "yours",
                                                     "an opponent's")})),
    # auras (issue 25): "its activated abilities can't be activated" (Arrest); read by
    # knowledge/rules/prohibitions.py and the mana sources of knowledge/rules/costs.py
    "cant_be_activated": _w("CR 602.5", "no player can activate the activated abilities "
                                        "(mana abilities too) of the affected permanents",
                            _a("bool")),
    # pw: "~ can be your commander" (a deck-building rule, read by commander.py's candidate)
    "can_be_commander": _w("CR 903.3a", "this card may be chosen as a commander though it "
                                        "is not a legendary creature", _a("bool")),
    # combat (knowledge/rules/blocking.py, attacking.py)
    "max_blockers": _w("CR 509.1b", "the affected creatures can't be blocked by more than "
                                    "this many creatures", _a("number")),
    "min_blockers": _w("CR 509.1b", "the affected creatures can't be blocked except by this "
                                    "many or more creatures", _a("number")),
    "cant_attack_unless": _w("CR 508.1c", "the affected creatures can't attack unless the "
                                          "defending player controls such a permanent",
                             _a("selector")),
    # a cost to attack (Propaganda, Ghostly Prison): read by knowledge/rules/attack_costs.py
    "attack_cost": _w("CR 508.1h", "each affected creature can attack only if its controller "
                                   "pays this cost as attackers are declared",
                      _a("map", keys={
                          "pay": _a("mana", "the cost, per creature", required=True),
                          "attacking": _a("word", "which attacks cost it (default anyone: "
                                                  "any attack)", "you",
                                          "you_or_planeswalkers", "anyone")})),
}

#: conditions (intervening "if", CR 603.4; step conditions, 608.2c; statics, 611.3a)
CONDITIONS: dict[str, Word] = {
    "you_control": _w("CR 108.4", "you control such a permanent", _a("selector")),
    # session 4: "as long as you control three or more artifacts", "… tapped unless you control
    # two or more other lands"; read by the layer and replacement systems' conditions
    "you_control_count": _w("CR 108.4", "how many such permanents you control compares so",
                            _a("map", keys={"what": _a("selector", required=True),
                                            "ge": _a("number", "at least this many"),
                                            "le": _a("number", "at most this many")})),
    "cards_in_graveyard": _w("CR 404", "how many cards are in your graveyard compares so "
                                       "(threshold: seven or more)", _a("compare")),
    # stat: delirium; read by the layer system, the trigger rules and conditions.py
    "card_types_in_graveyard": _w("CR 205.2a", "how many card types there are among the "
                                               "cards in your graveyard compares so "
                                               "(delirium: four or more)", _a("compare")),
    # transform: werewolves' "if no spells were cast last turn" / "if a player cast two or
    # more spells last turn"; read by history.py from `history: spells_cast`
    "spells_cast_last_turn": _w("CR 500.1", "how many spells all players together cast "
                                            "during the previous turn compares so",
                                _a("compare")),
    "most_spells_cast_last_turn": _w("CR 500.1", "the most spells any one player cast "
                                                 "during the previous turn compares so",
                                     _a("compare")),
    # ifcond area: "if an opponent controls more lands than you"; read by ifcond.py
    "opponent_controls_more": _w("CR 108.4", "an opponent controls more such permanents than "
                                             "you do", _a("map", keys={
                                                 "what": _a("selector", required=True)})),
    "opponent_count": _w("CR 102.3", "how many opponents you have in the game compares so",
                         _a("compare")),
    "life": _w("CR 119", "your life total compares so", _a("compare")),
    "cards_in_hand": _w("CR 402", "cards in your hand", _a("compare")),
    "was_kicked": _w("CR 702.33d", "the spell was kicked", _a("bool")),
    # freecast: "if {R} was spent to cast it"; read by mana_spent.py from the permanent's
    # `spent:`
    "mana_spent": _w("CR 601.2h", "mana of this color was spent to cast the object with the "
                                  "ability (the spell it was)",
                     _a("word", "", "W", "U", "B", "R", "G")),
    # castcond: "if you cast it" / "if you cast it from your hand" of a permanent's own enters
    # trigger; read by cast_from.py from the spell resolving or the permanent's `cast_from:`
    "was_cast": _w("CR 603.4", "the object with the ability became a permanent as a spell "
                               "that was cast (hand: cast from its owner's hand; any: from "
                               "anywhere)", _a("word", "", "any", "hand")),
    "controlled_since_last_upkeep": _w(
        "CR 702.30a", "it became yours after your previous upkeep began (echo)", _a("bool")),
    "has_counters": _w("CR 122.1", "the object with the ability has counters of this kind "
                                   "(suspend: it is suspended)", _a("text")),
    "level": _w("CR 711.2a", "a leveler's band: the object with the ability has at least "
                             "`at_least` and at most `at_most` level counters (either may be "
                             "left out)", _a("map", keys={"at_least": _a("number"),
                                                          "at_most": _a("number")})),
    # transform area: a flip card's "if there are two or more ki counters on ~"
    "counters_on_this": _w("CR 122.1", "how many counters of this kind the object with the "
                                       "ability has compares so",
                           _a("map", keys={"counter": _a("text", required=True),
                                           "ge": _a("number", "at least this many")})),
    "no_counters": _w("CR 122.1", "the object with the ability has no counters of this kind "
                                  "(a dies trigger looks back at it: persist, undying)",
                      _a("text")),
    "did": _w("CR 608.2c", "'if you do': that step was done", _a("text")),
    # afterif area: "tap target permanent. If it's an artifact, destroy it.", "if that
    # creature was a Human" (as it last existed, 608.2h); decided by the resolution walk
    # (knowledge/step_conditions.py)
    "object_is": _w("CR 608.2c", "the object it names fits the description as the step is "
                                 "reached (as_it_was: as it last existed, CR 608.2h)",
                    _a("map", keys={"what": _a("selector", required=True),
                                    "is": _a("selector", required=True),
                                    "as_it_was": _a("bool")})),
    # --- pay: "sacrifice a Human. If you can't, …" (CR 118.12)
    "could_not": _w("CR 118.12", "'if you can't': that step could not be done (nothing "
                                 "there to do it with)", _a("text")),
    "searched_library": _w("CR 701.23", "you searched your library in this effect",
                           _a("bool")),
    "turn": _w("CR 102.1", "whose turn it is", _a("word", "", "yours", "opponents")),
    # castcond: "if you cast this spell during your main phase" (a step's condition, 608.2c)
    "cast_in_main_phase": _w("CR 500.2", "the resolving spell was cast (it is not a copy) "
                                         "during its controller's main phase: the step it "
                                         "resolves in", _a("bool")),
    "attacked_this_turn": _w("CR 508.1", "it attacked this turn", _a("selector")),
    # history area: raid's "if you attacked this turn"; read by history.py from
    # `this_turn: attacked`
    "you_attacked_this_turn": _w("CR 508.1", "you (the controller) declared one or more "
                                             "attacking creatures this turn", _a("bool")),
    # history area: morbid's "if a creature died this turn" (ge 1), "if no creatures died
    # this turn" (le 0), "if three or more creatures died this turn"; read by history.py and
    # conditions.py from `this_turn: died`
    "creatures_died_this_turn": _w("CR 700.4", "how many creatures died this turn (all "
                                               "players' together) compares so",
                                   _a("compare")),
    # history area: "if you gained life this turn" (ge 1), "… 3 or more life this turn";
    # read by history.py and conditions.py from `this_turn: gained_life`
    "life_gained_this_turn": _w("CR 119.3", "how much life you (the controller) gained this "
                                            "turn compares so", _a("compare")),
    # history area: "if an opponent lost life this turn"; from `this_turn: lost_life`
    "opponent_lost_life_this_turn": _w("CR 119.3", "an opponent of yours lost life this turn",
                                       _a("bool")),
    # history area: revolt's "if a permanent you controlled left the battlefield this
    # turn"; from `this_turn: left_battlefield`
    "permanent_left_this_turn": _w("CR 603.6c", "a permanent you controlled left the "
                                                "battlefield this turn", _a("bool")),
    # history2 area: "if you had a land enter the battlefield under your control this turn"
    # (ge 1); read by history.py, conditions.py and the resolution walk from `this_turn:
    # entered`
    "permanents_entered_this_turn": _w("CR 603.4", "how many permanents of the card type "
                                                   "entered the battlefield under your (the "
                                                   "controller's) control this turn compares so",
                                       _a("map", keys={"type": _a("word", "", "land",
                                                                  "creature", required=True),
                                                       "ge": _a("number", "at least this many"),
                                                       "le": _a("number",
                                                                "at most this many")})),
    # combat: "as long as it's attacking"; read by the layer system
    "attacking": _w("CR 506.4", "the object with the ability is an attacking creature",
                    _a("bool")),
    # "as long as / if you have the city's blessing" (ascend): read by the layer system, the
    # trigger rules (an intervening 'if') and conditions.py (activate only if)
    "citys_blessing": _w("CR 702.131c", "you have the city's blessing", _a("bool")),
    # monstrosity: "as long as ~ is monstrous"; read by the layer system
    "monstrous": _w("CR 701.37b", "the object with the ability is monstrous", _a("bool")),
    # aslongas area: statics that apply only while something is so (611.3a); read by the
    # layer system (Layers.holds_aslongas)
    "tapped": _w("CR 110.5", "the object with the ability is tapped (false: untapped)",
                 _a("bool")),
    "equipped": _w("CR 301.5", "an Equipment is attached to the object with the ability",
                   _a("bool")),
    "enchanted": _w("CR 303.4", "an Aura is attached to the object with the ability",
                    _a("bool")),
    "attached_is": _w("CR 301.5", "the permanent the object with the ability (an Aura or "
                                  "Equipment) is attached to fits this", _a("selector")),
    # also freecast's "if an opponent controls a Swamp and you control a Plains" (a free
    # spell's condition, decided by conditions.py as it is cast)
    "opponent_controls": _w("CR 108.4", "an opponent controls such a permanent",
                            _a("selector")),
    "opponent_life": _w("CR 119", "an opponent's life total compares so", _a("compare")),
    "defending_player_controls": _w("CR 506.2", "the player the object with the ability "
                                                "attacks controls such a permanent",
                                    _a("selector")),
    "in_zone": _w("CR 400.1", "an object is in a zone",
                  _a("map", keys={"what": _a("selector", required=True),
                                  "zone": _a("zone", required=True)})),
    "searching": _w("CR 701.23", "while the player is searching",
                    _a("map", keys={"zone": _a("zones")})),
    "not": _w("", "the condition doesn't hold", _a("condition")),
    "all_of": _w("", "every condition holds", _a("conditions")),
    "any_of": _w("", "one of the conditions holds", _a("conditions")),
}

#: "choose one or both" / "choose two": how many modes are chosen (CR 700.2)
_MODE_COUNT = _a("map", "how many modes are chosen (CR 700.2); without it, one",
                 keys={"min": _a("number", required=True), "max": _a("number", required=True)})

#: the kinds of ability (CR 113.3) and the parts each takes
ABILITY_PARTS: dict[str, Word] = {
    "spell": _w("CR 113.3a", "instructions followed as the spell resolves",
                targets=_a("targets"), do=_a("steps"), modes=_a("modes"),
                # spells (issue 25): read by modes.count (knowledge/rules/modes.py)
                mode_count=_MODE_COUNT),
    "activated": _w("CR 602", "[cost]: [effect]",
                    cost=_a("costs", required=True), targets=_a("targets"), do=_a("steps"),
                    timing=_a("word", "activate only as a sorcery or instant; or only "
                              "during your turn, your upkeep, your draw step, your turn "
                              "before attackers are declared, or combat; or one step of any "
                              "turn: an upkeep, the declare blockers or end of combat step; "
                              "or any turn's steps before attackers are declared or before "
                              "the combat damage step (CR 602.5b)", "sorcery", "instant",
                              "your_turn", "your_upkeep", "your_draw",
                              "your_turn_before_attackers", "combat", "any_upkeep",
                              "declare_blockers_step", "end_of_combat_step",
                              "before_attackers", "before_combat_damage_step"),
                    activators=_a("word", "who may activate it besides, or instead of, its "
                                  "controller: any player, or only its controller's "
                                  "opponents (CR 602.2, 602.1b); the activator pays the cost "
                                  "(602.1a) and controls the ability on the stack (602.2a)",
                                  "any_player", "opponents"),
                    limit=_a("word", "activate only once each turn: not again after an "
                             "activation this turn; or no more than twice, three times each "
                             "turn (CR 602.5b)", "once_each_turn", "twice_each_turn",
                             "three_times_each_turn"),
                    only_if=_a("condition", "activate only if this holds as it is "
                                            "activated (CR 602.5b)"),
                    loyalty=_a("bool", "a loyalty ability (CR 606)"),
                    zone=_a("zone", "where it works (CR 113.6)"),
                    # modes (issue 25): chosen as it is activated (CR 602.2b, 700.2); read by
                    # the resolution walk and modes.ability-count (knowledge/rules/modes.py)
                    modes=_a("modes"), mode_count=_MODE_COUNT),
    "triggered": _w("CR 603", "when/whenever/at [event], [effect]",
                    when=_a("trigger", required=True),
                    intervening_if=_a("condition", "CR 603.4"), targets=_a("targets"),
                    do=_a("steps"), may=_a("bool", "'you may' (CR 603.5)"),
                    zone=_a("zone", "where it works (CR 113.6b)"),
                    # modes (issue 25): chosen as it is put on the stack (CR 603.3c, 700.2)
                    modes=_a("modes"), mode_count=_MODE_COUNT),
    "static": _w("CR 604", "true while the object is in the zone it works in",
                 affects=_a("selector", "what its effects apply to (default: this)"),
                 while_=_a("condition", "CR 611.3a"), zone=_a("zone", "CR 113.6")),
    "replacement": _w("CR 614", "if [event] would happen, [something else] instead",
                      event=_a("replaced", required=True), instead=_a("steps"),
                      modify=_a("map", keys=MODIFICATIONS), may=_a("bool", "optional")),
    "draft": _w("CR 905.2", "works during the draft", do=_a("steps", required=True)),
    "unparsed": _w("", "an ability the knowledge base can't read: never guessed at",
                   text=_a("text"), gap=_a("text")),
}


__all__ = [
    "Arg", "Word", "REFERENTS", "SELECTOR_KEYS", "DURATIONS", "STEP_MODIFIERS", "VERBS",
    "EVENTS", "REPLACED", "MODIFICATIONS", "COSTS", "KEYWORDS", "STATIC_WORDS", "CONDITIONS",
    "ABILITY_PARTS", "PLAYER_WORDS", "filter_misses", "mana_value", "default_zone",
    "Keyword", "CostPart", "Trigger", "TargetSlot", "Step", "Selector", "Selects",
    "StaticEffect", "Replacement", "Condition", "Unmodelled", "LAYERS", "COST_ROLES", "arg",
    "ModeCount", "chosen_slots", "slot_room",
]


# == which objects a filter picks (a pure test; knowledge/rules/selectors.py uses it) ==========

_MANA_SYMBOL = re.compile(r"\{([^{}]+)\}")
_OPS = {"<=": lambda a, b: a <= b, "<": lambda a, b: a < b, ">=": lambda a, b: a >= b,
        ">": lambda a, b: a > b, "=": lambda a, b: a == b}
#: types that make a filter look at permanents (CR 110.4) unless it names a zone
PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker",
                   "permanent")


def mana_value(mana_cost: str) -> int:
    """CR 202.3: the total of the mana cost's symbols (X is 0; {2/W} counts 2)."""
    total = 0
    for symbol in _MANA_SYMBOL.findall(mana_cost or ""):
        first = symbol.split("/")[0]
        if first.isdigit():
            total += int(first)
        elif first not in ("X", "Y", "Z"):
            total += 1
    return total


def mana_value_on_stack(mana_cost: str, x: int) -> int:
    """The mana value of a spell on the stack: each {X} of its mana cost counts as the value
    chosen for it (CR 202.3e); elsewhere, or with no X chosen, X is 0."""
    total = mana_value(mana_cost)
    if x > 0:
        total += x * sum(1 for s in _MANA_SYMBOL.findall(mana_cost or "") if s == "X")
    return total


def default_zone(selector: Any) -> str:
    """Where a filter looks when it names no zone: the stack for spells, any zone for cards,
    else the battlefield (a permanent's description, CR 110.1)."""
    types = list(selector.get("types", ()) or ())
    if "spell" in types:
        return "stack"
    if "card" in types or (types and not set(types) & set(PERMANENT_TYPES)):
        return "any"
    return "battlefield"


# == selwords: selector words a rule of the game defines; read by filter_misses (below) and
# the layer system's picks (knowledge/layer_system.py), lowered as `args` (facts/lowering.py) ==
SELECTOR_KEYS["not_subtypes"] = _a(
    "words", "none of these subtypes: \"non-Human\" (CR 205.3; a changeling has every "
             "creature type, CR 702.73a)")
SELECTOR_KEYS["historic"] = _a(
    "bool", "it is historic: an artifact, legendary, or a Saga (CR 700.6)")


# selwords: coven's "if you control three or more creatures with different powers"; read by
# the trigger rules (an intervening 'if', knowledge/rules/triggers.py) from the layer system
CONDITIONS["creature_powers"] = _w(
    "CR 208.1", "how many different powers there are among the creatures you control "
                "compares so (coven: three or more)", _a("compare"))


def historic_misses(obj: Any) -> str:
    """selwords: why `obj` (a GameObject or mapping) is not historic (CR 700.6); ''."""
    if "artifact" in (obj.get("types") or ()) or "legendary" in (obj.get("supertypes") or ()) \
            or "saga" in {str(s).lower() for s in obj.get("subtypes") or ()}:
        return ""
    return "it is not historic (not an artifact, legendary, or a Saga)"


def not_subtype_misses(args: Any, obj: Any) -> str:
    """selwords: why `obj` has a subtype a `not_subtype=` arg excludes; ''."""
    subs = {str(s).lower() for s in obj.get("subtypes") or ()}
    for a in args or ():
        if str(a).startswith("not_subtype="):
            sub = str(a)[len("not_subtype="):]
            if sub in subs or (obj.get("every_creature_type")
                               and every_creature_type_fits([sub])):
                return f"it has the subtype {sub}"
    return ""


def filter_misses(selector: Any, obj: Any, controller: str, source: str) -> str:
    """Why the filter `selector` (a Selector fact or mapping) doesn't pick `obj` (a
    GameObject), for an ability whose source is `source`, controlled by `controller`;
    '' when it picks it. Keys that need other facts (keyword, not_, any_of, controllers
    given by a selector) are left to the rules."""
    if any(str(a).startswith("among=") for a in selector.get("args") or ()):
        return "only the resolution says what an earlier step named"  # knowledge/resolving.py
    if any(str(a).startswith(("same_name_as=", "shares_color_with=")) for a in
           selector.get("args") or ()):
        # samename: only the resolution compares it with the object the referent names
        return "only the resolution compares it with another object"
    if any(str(a).startswith("counter=") for a in selector.get("args") or ()):
        # counters area: the counters on it are the layer system's (knowledge/layer_system.py
        # picks), never guessed from the object alone
        return "only the layer system reads the counters on it"
    if any(str(a).startswith("dealt_damage_by=") for a in selector.get("args") or ()):
        # dealtdmg area: which sources dealt it damage this turn is read by the rule
        # selectors.filter-dealt-damage-by and the replacement system, never here
        return "only the damage dealt this turn decides it"
    if any(str(a).startswith(("targeting=", "dealt_damage_this_turn=")) for a in
           selector.get("args") or ()):
        # targetthat: what it targets, or the damage dealt to it this turn, is read by
        # knowledge/rules/targetthat.py (the key taken out first)
        return "only the rules of targets read what it targets or was dealt"
    if any(str(a).startswith("attached_to=") for a in selector.get("args") or ()):
        # attached area: what it is attached to is read by the layer system and, for a
        # target, by the rule selectors.filter-attached-to (the key taken out first)
        return "only the layer system reads what it is attached to"
    zone = selector.get("zone") or default_zone(selector)
    if zone != "any" and obj.get("zone") != zone:
        return f"it is not in the {zone}"
    kinds = set(obj.get("types") or ())
    if obj.get("zone") == "battlefield":
        kinds.add("permanent")
    if obj.get("zone") == "stack":
        kinds.add("spell")
    kinds.add("card")
    wanted = list(selector.get("types") or ())
    if wanted and not set(wanted) & kinds:
        return f"it is not {' or '.join(wanted)}"
    for t in selector.get("not_types") or ():
        if t in kinds:
            return f"it is {t}"
    subs = {s.lower() for s in obj.get("subtypes") or ()}
    if selector.get("subtypes") and not {s.lower() for s in selector["subtypes"]} & subs \
            and not (obj.get("every_creature_type") and every_creature_type_fits(
                selector["subtypes"])):
        return f"it has no subtype {' or '.join(selector['subtypes'])}"
    for sup in selector.get("supertypes") or ():
        if sup not in (obj.get("supertypes") or ()):
            return f"it is not {sup}"
    colors = set(obj.get("colors") or ())
    for c in selector.get("colors") or ():
        if c in colors or (c == "colorless" and not colors) or (
                c == "multicolored" and len(colors) > 1):
            break
    else:
        if selector.get("colors"):
            return f"it is not {' or '.join(selector['colors'])}"
    who = obj.get("controller") or obj.get("owner")
    for key, player in (("controller", who), ("owner", obj.get("owner"))):
        wanted_player = selector.get(key) or ""
        if wanted_player == "you" and player != controller:
            return f"its {key} is not the ability's controller"
        if wanted_player == "opponent" and (not player or player == controller):
            return f"its {key} is not an opponent"
    states = set(selector.get("is_") or ())
    if "tapped" in states and not obj.get("tapped"):
        return "it is untapped"
    if "untapped" in states and obj.get("tapped"):
        return "it is tapped"
    if "token" in states and not obj.get("token"):
        return "it is not a token"
    if "nontoken" in states and obj.get("token"):
        return "it is a token"
    if selector.get("other") and obj.get("id") == source:
        return "it is the object with the ability itself"
    if selector.get("name") and str(selector["name"]).lower() != str(obj.get("name")).lower():
        return f"it is not named {selector['name']}"
    args = selector.get("args") or ()
    why = not_subtype_misses(args, obj)  # selwords: "non-Human"
    if why:
        return why
    if "historic" in args and historic_misses(obj):  # selwords (CR 700.6)
        return historic_misses(obj)
    for test in selector.get("compare") or ():
        m = re.fullmatch(r"([a-z_]+)(<=|>=|<|>|=)(-?\d+)", str(test))
        if not m:
            continue
        key, op, n = m.group(1), m.group(2), int(m.group(3))
        if key == "mana_value":
            have: int | None = mana_value_on_stack(obj.get("mana_cost") or "",
                                                   obj.get("x", -1)
                                                   if obj.get("zone") == "stack" else -1)
        else:
            raw = str(obj.get(key) or "")
            have = int(raw) if raw.lstrip("-").isdigit() else None
        if have is None or not _OPS[op](have, n):
            return f"its {key.replace('_', ' ')} is not {op} {n}"
    return ""


def quality_words(value: str) -> set[str]:
    """The words of protection's quality ('red', 'from a red card', 'creatures') that can name
    a color, a card type, a name or 'everything'."""
    text = str(value).lower().replace("=", " ")
    words = set(re.findall(r"[a-z]+", text)) - {"from", "a", "an", "card", "cards", "the", "and"}
    return words | {w[:-1] for w in words if w.endswith("s")}


def every_creature_type_fits(subtypes: Any) -> bool:
    """Does a changeling (every creature type, CR 702.73a) have one of these subtypes? Yes
    when one of them is a creature type."""
    from rulings.facts.game import NON_CREATURE_SUBTYPES

    return any(str(s).lower() not in NON_CREATURE_SUBTYPES for s in subtypes)


def protection_covers(keyword: Any, selector: Any | None, obj: Any) -> bool:
    """Does protection (`keyword`, CR 702.16a) cover `obj` — its colors, card types, name?
    Read from the keyword's `from:` selector when it has one, else from its words."""
    if selector is not None:
        if selector.get("ref") or selector.get("not_") or selector.get("any_of") \
                or selector.get("keyword"):
            return False  # a quality the filter alone can't decide: not modelled here
        return filter_misses({**dict(selector), "zone": "any"}, obj, "", "") == ""
    words = quality_words(keyword["value"])
    colors = [str(c).lower() for c in obj.get("colors") or ()]
    have = {*colors, *(str(t).lower() for t in obj.get("types") or ()),
            str(obj.get("name") or "").lower(), "everything"}
    if not colors:
        have.add("colorless")
    return bool(words & have)


# == saga (CR 714): a Saga's chapter abilities; knowledge/rules/sagas.py reads them ==
#: the chapter numbers a chapter ability may have (a Saga has at most six, CR 714.2a)
CHAPTER_NUMBERS = tuple(str(n) for n in range(1, 10))
EVENTS["chapter"] = _w(
    "CR 714.2b", "a chapter ability: lore counters put on this Saga bring their number from "
                 "below one of its chapter numbers to at least that number; it triggers once "
                 "for each of its numbers reached (CR 714.2c)",
    numbers=_a("words", "its chapter numbers, like [1, 2] for 'I, II —'", *CHAPTER_NUMBERS,
               required=True))
# saga: "return it to the battlefield transformed" (a double-faced Saga's final chapter);
# read by knowledge/resolving.py as the step is followed
VERBS["return"].args["transformed"] = _a(
    "bool", "to the battlefield with its back face up; a card that isn't a transforming "
            "double-faced card stays where it is (CR 712.14a)")
# == classes (CR 716): a Class's level bars; knowledge/rules/classes.py reads them ==
CONDITIONS["class_level"] = _w(
    "CR 716.2a", "the level of the permanent with the ability compares so (a permanent "
                 "without a level is level 1, CR 716.2d)", _a("compare"))
VERBS["class_level"] = _w(
    "CR 716.2a", "the level of the permanent with the ability becomes this number",
    level=_a("number", "the level it becomes", required=True))
# == attached (CR 301.5, 303.4): what a permanent is attached to, counted in a static ability
# ("~ gets +1/+1 for each Aura attached to it", "as long as two or more Equipment are attached
# to it"); only the layer system reads it (knowledge/layer_system.py picks, Layers.holds) ==
# == dealtdmg: "a creature dealt damage by ~ this turn" (CR 120.1), in a dies trigger's and a
# dies replacement's `what` only (facts/cards.py); read by the rule
# selectors.filter-dealt-damage-by and the replacement system (layer_system.picks) from the
# situation's `this_turn: dealt_damage` and the damage of the event asked about ==
SELECTOR_KEYS["dealt_damage_this_turn_by"] = _a(
    "selector", "it was dealt damage this turn by what this selector picks (`this`, "
                "`enchanted`, `equipped`; CR 120.1); in a dies trigger's or a dies "
                "replacement's `what` only")
SELECTOR_KEYS["attached_to"] = _a(
    "selector", "it is attached to what this selector picks (CR 301.5, 303.4); in a static "
                "ability (its count or condition) or a target filter only")
# == targetthat (CR 115.1, 608.2b): "counter target spell that targets a creature"; only in a
# target's filter, read by knowledge/rules/targetthat.py from the spell's own targets ==
SELECTOR_KEYS["targeting"] = _a(
    "selector", "a spell that has, among its targets, one this selector picks "
                "(CR 115.1); in a target filter only")
# targetthat: "target creature that was dealt damage this turn" (CR 120.3); only in a target's
# filter, read by knowledge/rules/targetthat.py from the damage marked on it and this_turn
SELECTOR_KEYS["dealt_damage_this_turn"] = _a(
    "bool", "it was dealt damage this turn (CR 120.3): damage is marked on it, or the "
            "situation says so; in a target filter only")
CONDITIONS["permanents_count"] = _w(
    "CR 301.5", "how many permanents, whoever controls them, such a selector picks compares "
                "so (with `attached_to`: the Auras or Equipment attached to something)",
    _a("map", keys={"what": _a("selector", required=True),
                    "ge": _a("number", "at least this many"),
                    "le": _a("number", "at most this many")}))
# == soulbond (CR 702.95): "as long as ~ is paired with another creature, both creatures have
# …" — read by the layer system (Layers.holds, picks) and the resolution walk (Walk.refer) ==
REFERENTS["paired"] = ("the creature the object with the ability is paired with (CR 702.95b), "
                       "while the pair holds")
CONDITIONS["paired"] = _w(
    "CR 702.95b", "the object with the ability is paired with another creature: both are "
                  "creatures on the battlefield under one player's control (702.95e)",
    _a("bool"))
# == coin (CR 705, 701.30): "flip a coin. If you win the flip, …", "clash with an opponent.
# If you win, …"; said by the resolution walk, whose step conditions (knowledge/
# step_conditions.py) decide won_flip / lost_flip / won_clash from `resolve_top: {flip:}` /
# `{clash:}` or the libraries' top cards, else leave them open ==
VERBS["flip_coin"] = _w(
    "CR 705.2", "the performer flips a coin, calling heads or tails: the flip is won when the "
                "coin comes up as called, lost otherwise; its `id` names the flip for the "
                "steps after it")
VERBS["clash"] = _w(
    "CR 701.30", "the performer chooses an opponent; each of the two reveals the top card of "
                 "their library and may put it on the bottom (APNAP order); the performer "
                 "wins if the mana value of their card is higher; its `id` names the clash "
                 "for the steps after it")
CONDITIONS["won_flip"] = _w("CR 705.2", "the controller won the coin flip that step made",
                            _a("text", "the id of the flip_coin step"))
CONDITIONS["lost_flip"] = _w("CR 705.2", "the controller lost the coin flip that step made",
                             _a("text", "the id of the flip_coin step"))
CONDITIONS["won_clash"] = _w("CR 701.30d", "the controller won the clash that step made",
                             _a("text", "the id of the clash step"))
