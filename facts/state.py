"""Words for the state of a game: counters, marked damage and timestamps of objects, life and
poison of players, continuous effects that resolved earlier (CR 611.2c), damage dealt as the
event asked about, and the questions "what is this object now?" and "what do the
state-based actions do?".

Also the facts the rules in knowledge/rules/{layers,damage,counters,state_based,destruction,
tokens,copy_effects}.py derive and share: an object's characteristics after the layer system
(CR 613) and each step that made them, what damage did, the state after the event, and what
the state-based actions (CR 704) do, such as `Dies`."""

from __future__ import annotations

import re
from typing import Any

from rulings.facts.game import CARD_TYPES, COLORS
from rulings.facts.vocabulary import GameFact, entry_key, slot, word

#: counters that change power and toughness are named like +1/+1, -1/-1, +1/+0 (CR 122.1a)
PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


# -- keys of objects ------------------------------------------------------------------------

class CounterOn(GameFact):
    """`amount` counters named `counter` are on `object` (CR 122.1)."""

    slots = {
        "object": slot(str, ref="object"),
        "counter": slot(str),
        "amount": slot(int, 1),
    }
    reads = "{object} has {amount} {counter} counters"

    def describe(self, name):  # type: ignore[no-untyped-def]
        n = self["amount"]
        return f"{name(self['object'])} has {n} {self['counter']} counter{'s' if n != 1 else ''}"


class CountersListed(GameFact):
    """The situation lists the counters on `object` (`counters:` given, even `{}` or with
    zeros): a counter it doesn't list isn't there."""

    slots = {"object": slot(str, ref="object")}
    reads = "the situation lists every counter on {object}"


@entry_key("object", "counters", "counters on it, like {+1/+1: 2, loyalty: 3} (CR 122)",
           {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
           fix="write counters: {+1/+1: 2, -1/-1: 1}")
def _counters(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, dict):
        raise ValueError("must map counter names to numbers")
    facts: list[GameFact] = [CountersListed(object=owner)]
    for name, amount in value.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise ValueError(f"the number of {name} counters must be a whole number ≥ 0, "
                             f"not {amount!r}")
        if amount:
            facts.append(CounterOn(object=owner, counter=str(name), amount=amount))
    return facts


class MarkedDamage(GameFact):
    """Damage marked on a permanent (CR 120.3e, 120.6)."""

    slots = {"object": slot(str, ref="object"), "amount": slot(int, 0)}
    reads = "{object} has {amount} damage marked on it"


@entry_key("object", "damage", "damage marked on it this turn (CR 120.6)",
           {"type": "integer", "minimum": 0}, fix="write damage: 2", zones=("battlefield",))
def _damage(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"must be a whole number ≥ 0, not {value!r}")
    return [MarkedDamage(object=owner, amount=value)] if value else []


@entry_key("object", "deathtouch_damage",
           "true if a source with deathtouch dealt it damage since state-based actions were "
           "last checked (CR 704.5h); the damage it was dealt goes in damage:",
           {"type": "boolean"}, fix="write deathtouch_damage: true with damage: 1",
           zones=("battlefield",))
def _deathtouch_damage(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, not {value!r}")
    return [DeathtouchDamage(object=owner)] if value else []


class DeathtouchDamage(GameFact):
    """A source with deathtouch dealt `object` damage since state-based actions were last
    checked (CR 702.2b)."""

    slots = {"object": slot(str, ref="object")}
    reads = ("{object} was dealt damage by a source with deathtouch since state-based actions "
             "were last checked")


class Timestamp(GameFact):
    """The timestamp of a permanent (CR 613.7d): when it entered, as a number; effects of its
    static abilities share it (613.7a). Unless stated, the order the battlefield lists it in."""

    slots = {
        "object": slot(str, ref="object"),
        "value": slot(int),
        "stated": slot(bool, False),
    }
    reads = "{object} has timestamp {value}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        how = "" if self["stated"] else " (its place in the battlefield list)"
        return f"{name(self['object'])} has timestamp {self['value']}{how}"


@entry_key("object", "timestamp",
           "when it entered, as a number: later is larger (CR 613.7d); by default the order "
           "the battlefield lists permanents in", {"type": "integer"},
           fix="write timestamp: 3", always=True, zones=("battlefield",))
def _timestamp(owner: str, value: Any, order: int) -> list[GameFact]:
    if value is None:
        return [Timestamp(object=owner, value=order)]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"must be a whole number, not {value!r}")
    return [Timestamp(object=owner, value=value, stated=True)]


class CopyOf(GameFact):
    """`object` is a copy of `original` (it entered as one, CR 707.5): it has the original's
    copiable values (CR 707.2, layer 1)."""

    slots = {
        "object": slot(str, ref="object"),
        "original": slot(str, ref="object"),
        "except_types": slot(list, [], doc="card types it has in addition (707.9b)"),
    }
    reads = "{object} is a copy of {original}"


@entry_key("object", "copy_of",
           "the permanent it is a copy of (it entered as a copy, CR 707.5); "
           "it takes that permanent's copiable values, not its counters or other effects",
           {"type": "string", "minLength": 1}, fix="write copy_of: <object id>",
           zones=("battlefield",))
def _copy_of(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, str) or not value:
        raise ValueError("must name the object it copies")
    if value == owner:
        raise ValueError("an object can't be a copy of itself; name the permanent it copied")
    return [CopyOf(object=owner, original=value)]


# -- keys of players ------------------------------------------------------------------------

class PoisonCounters(GameFact):
    """Poison counters a player has (CR 122.1f)."""

    slots = {"player": slot(str, ref="player"), "amount": slot(int)}
    reads = "{player} has {amount} poison counters"


@entry_key("player", "poison", "poison counters the player has (CR 122.1f)",
           {"type": "integer", "minimum": 0}, fix="write {name: Bob, poison: 9}")
def _poison(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"must be a whole number ≥ 0, not {value!r}")
    return [PoisonCounters(player=owner, amount=value)]


class EnergyCounters(GameFact):
    """Energy counters a player has (CR 107.14, 122.1): {E} in a cost removes one."""

    slots = {"player": slot(str, ref="player"), "amount": slot(int)}
    reads = "{player} has {amount} energy counters"


@entry_key("player", "energy", "energy counters the player has (CR 107.14)",
           {"type": "integer", "minimum": 0}, fix="write {name: Alice, energy: 3}")
def _energy(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"must be a whole number ≥ 0, not {value!r}")
    return [EnergyCounters(player=owner, amount=value)]


class Monarch(GameFact):
    """The player who is the monarch (CR 725): at most one at a time."""

    slots = {"player": slot(str, ref="player")}
    reads = "{player} is the monarch"


@entry_key("player", "monarch", "the player is the monarch (CR 725.1)", {"type": "boolean"},
           fix="write {name: Alice, monarch: true}")
def _monarch(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, not {value!r}")
    return [Monarch(player=owner)] if value else []


# -- lasting effects and what happened this turn ------------------------------------------

#: what a resolved continuous effect does, by layer (CR 613.1)
RESOLVED_EFFECTS = {
    "copy_of": "1", "gain_control": "2", "change_text": "3", "set_types": "4",
    "add_types": "4", "add_subtypes": "4", "set_land_types": "4", "set_colors": "5",
    "add_keywords": "6", "remove_keywords": "6", "lose_all_abilities": "6", "set_pt": "7b",
    "modify": "7c", "switch_pt": "7d",
    "set_creature_types": "4",  # choice: the creature types replaced (CR 205.1a)
}
#: resolved effects outside the layers: a rule the objects follow for the duration (CR 611.2);
#: `prohibit` with values [block], [attack], [attack_or_block] or [be_blocked] is read by
#: knowledge/rules/{blocking,attacking}.py
RULE_EFFECTS = ("prohibit",)


class StaticNotApplied(GameFact):
    """A static ability whose effect doesn't apply now (CR 611.3a): its condition doesn't hold,
    or is of a kind not decided here (then the answer names it as left open)."""

    slots = {"ability": slot(str), "why": slot(str)}
    reads = "{ability}'s effect doesn't apply now: {why}"


@word("effect", "continuous")
class ResolvedEffect(GameFact):
    """A continuous effect from a spell or ability that resolved earlier (CR 611.2): it
    changes the objects it locked in as it resolved and no others (611.2c)."""

    slots = {
        "source": slot(str, "", doc="what created it, like Giant Growth (words)"),
        "spell": slot(str, "", ref="object",
                      doc="or: the card (in a graveyard, say) whose spell made it; its modify "
                          "steps give the effect (then leave out effect, power, toughness)"),
        "objects": slot(list, ref="object", doc="the objects it affects, fixed as it resolved"),
        "effect": slot(str, "", choices=("", *RESOLVED_EFFECTS, *RULE_EFFECTS)),
        "power": slot(str, "", doc="for modify: like +3; for set_pt: like 0"),
        "toughness": slot(str, ""),
        "values": slot(list, [], doc="the words it gives or takes: keywords, types, colors; "
                                     "for change_text: [old word, new word]; for "
                                     "prohibit: what they can't do (block, attack, "
                                     "attack_or_block, be_blocked)"),
        "controller": slot(str, "", ref="player", doc="for gain_control: the new controller"),
        "original": slot(str, "", ref="object", doc="for copy_of: what they become a copy of"),
        "timestamp": slot(int, 1000, doc="when it was created (CR 613.7b); by default after "
                                         "every permanent"),
        "duration": slot(str, "until_end_of_turn",
                         choices=("until_end_of_turn", "until_end_of_combat",
                                  "until_your_next_turn", "game", "this_turn",
                                  "next_untap_step", "while_this_tapped")),
        # remains: "for as long as ~ remains tapped" (CR 611.2b) lasts while this permanent
        # stays tapped on the battlefield (knowledge/rules/remains.py)
        "from_object": slot(str, "", ref="object",
                            doc="for while_this_tapped: the permanent whose ability made it; "
                                "the effect ends when it untaps or leaves the battlefield"),
    }
    reads = "{source}'s effect ({effect}) applies to {objects}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        objs = ", ".join(name(o) for o in self["objects"])
        pt = f"{self['power']}/{self['toughness']}"
        what = {"modify": f"gives {objs} {pt}",
                "prohibit": f"says {objs} can't "
                            f"{' '.join(self['values']).replace('_', ' ')}",
                "set_pt": f"sets the power and toughness of {objs} to {pt}",
                "switch_pt": f"switches the power and toughness of {objs}",
                "gain_control": f"gives control of {objs} to {name(self['controller'])}",
                "copy_of": f"makes {objs} a copy of {name(self['original'])}",
                "": f"has the effect its spell says on {objs}"}.get(
            self["effect"], f"applies {self['effect'].replace('_', ' ')} "
                            f"{', '.join(self['values'])} to {objs}".replace("  ", " "))
        by = self["source"] or (name(self["spell"]) if self["spell"] else "a resolved effect")
        return f"{by} {what}, locked in as it resolved (timestamp {self['timestamp']})"


@word("effect", "regeneration_shield")
class RegenerationShield(GameFact):
    """The next time `object` would be destroyed this turn, it is regenerated instead
    (CR 701.19a)."""

    #: object slots that must name permanents: the situation is refused otherwise
    on_battlefield = ("object",)
    on_battlefield_section = "effects"
    on_battlefield_why = "only a permanent can regenerate (CR 701.19a)"

    slots = {"object": slot(str, ref="object"), "source": slot(str, "")}
    reads = "{object} has a regeneration shield"


#: prevent (issue 25): the slots of a prevention effect on "a (red) source of your choice"
#: (CR 609.7a, 615.8, 615.9)
_CHOSEN = {
    "by": slot(str, "", ref="object", doc="the source chosen as the effect was created: "
                                          "only its damage is prevented"),
    "by_quality": slot(list, [], choices=(*COLORS, *CARD_TYPES), doc="what the chosen source must still be when it would "
                                     "deal damage (colors or card types, any of; CR 609.7b)"),
}


@word("effect", "prevent_damage")
class PreventDamage(GameFact):
    """A prevention shield (CR 615.1): the next `amount` damage (0: all damage) that would be
    dealt to `to` this turn is prevented."""

    #: object slots that must name permanents: the situation is refused otherwise
    on_battlefield = ("to",)
    on_battlefield_section = "effects"
    on_battlefield_why = "only permanents and players are dealt damage (CR 120.1)"

    slots = {
        "to": slot(str, ref="player or object"),
        "amount": slot(int, 0, doc="how much; 0 prevents all of it"),
        "source": slot(str, "", doc="what created the shield (words)"),
        **_CHOSEN,
        "next_time": slot(bool, False, doc="true: only the next time the chosen source would "
                                           "deal damage to it, all of that damage (CR 615.8)"),
    }
    reads = "damage to {to} is prevented"

    def describe(self, name):  # type: ignore[no-untyped-def]
        how = f"the next {self['amount']}" if self["amount"] else "all"
        by = f" ({self['source']})" if self["source"] else ""
        if self["by"]:
            if self["next_time"]:
                return (f"the next time {name(self['by'])} would deal damage to "
                        f"{name(self['to'])} this turn, that damage is prevented{by}")
            return (f"{how} damage {name(self['by'])} would deal to {name(self['to'])} this "
                    f"turn is prevented{by}")
        return f"{how} damage that would be dealt to {name(self['to'])} this turn is prevented{by}"


@word("effect", "prevent_all_damage")
class PreventAllDamage(GameFact):
    """A prevention effect with a duration (CR 615.1, 615.3), not a shield: all damage that
    would be dealt this turn, to anything, is prevented; with `combat: true` only combat damage
    (what a resolved Fog leaves)."""

    slots = {
        "combat": slot(bool, False, doc="true: only combat damage is prevented"),
        "source": slot(str, "", doc="what created the effect (words)"),
        **_CHOSEN,
    }
    reads = "damage is prevented this turn"

    def describe(self, name):  # type: ignore[no-untyped-def]
        how = "combat damage" if self["combat"] else "damage"
        by = f" ({self['source']})" if self["source"] else ""
        if self["by"]:
            return f"all {how} {name(self['by'])} would deal this turn is prevented{by}"
        return f"all {how} that would be dealt this turn is prevented{by}"


@word("effect", "damage_cant_be_prevented")
class DamageCantBePrevented(GameFact):
    """An effect with a duration (CR 615.12): damage can't be prevented this turn, any
    source's, to anything (what a resolved "damage can't be prevented this turn" leaves)."""

    slots = {"source": slot(str, "", doc="what created the effect (words)")}
    reads = "damage can't be prevented this turn"

    def describe(self, name):  # type: ignore[no-untyped-def]
        by = f" ({self['source']})" if self["source"] else ""
        return f"damage can't be prevented this turn{by}"


@word("this_turn", "drew_from_empty_library")
class DrewFromEmptyLibrary(GameFact):
    """`player` tried to draw from an empty library since state-based actions were last
    checked (CR 704.5b)."""

    slots = {"player": slot(str, ref="player")}
    reads = "{player} tried to draw a card from an empty library"


# -- events ---------------------------------------------------------------------------------

@word("event", "damage")
class DealDamage(GameFact):
    """A source deals damage to objects or players (CR 120): a spell's or ability's damage, or
    combat damage (then `combat: true`; combat itself isn't modelled)."""

    #: object slots that must name permanents: the situation is refused otherwise
    on_battlefield = ("to",)
    on_battlefield_section = "event"
    on_battlefield_why = "only permanents and players are dealt damage (CR 120.1)"

    slots = {
        "source": slot(str, ref="object"),
        "to": slot(list, ref="player or object", doc="the players and permanents dealt it"),
        "amount": slot(int, doc="to each of them"),
        "combat": slot(bool, False),
        # issue 21: the spell's own text says its damage can't be prevented (CR 615.12)
        "unpreventable": slot(bool, False, doc="this damage can't be prevented (CR 615.12)"),
    }
    reads = "{source} deals {amount} damage to {to}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        kind = "combat damage" if self["combat"] else "damage"
        to = ", ".join(name(t) for t in self["to"])
        return f"the question: {name(self['source'])} deals {self['amount']} {kind} to {to}"


@word("event", "characteristics")
class AskCharacteristics(GameFact):
    """The question: what are `object`'s characteristics now (CR 613), and do state-based
    actions do anything to it?"""

    slots = {"object": slot(str, ref="object")}
    reads = "the question: what is {object} now?"


@word("event", "check_state_based_actions")
class CheckStateBasedActions(GameFact):
    """The question: a player would receive priority; what do the state-based actions do
    (CR 704.3)?"""

    #: object slots that must name permanents: the situation is refused otherwise
    on_battlefield = ("keep",)
    on_battlefield_section = "event"
    on_battlefield_why = "the legend rule keeps permanents (CR 704.5j)"

    slots = {"note": slot(str, "", doc="optional words about when"),
             "keep": slot(list, [], ref="object",
                          doc="the legendary permanents their controllers choose to keep "
                              "under the legend rule (CR 704.5j)")}
    reads = "the question: what do the state-based actions do now?"

    def describe(self, name):  # type: ignore[no-untyped-def]
        text = "the question: what do the state-based actions do now?"
        if self["keep"]:
            text += " (the legend rule keeps " + ", ".join(name(o) for o in self["keep"]) + ")"
        return text


@word("event", "destroy")
class DestroyEvent(GameFact):
    """An effect destroys `object` (CR 701.8)."""

    #: object slots that must name permanents: the situation is refused otherwise
    on_battlefield = ("object",)
    on_battlefield_section = "event"
    on_battlefield_why = "only a permanent can be destroyed (CR 701.8a)"

    slots = {"object": slot(str, ref="object"), "source": slot(str, "", doc="words"),
             "regenerate": slot(bool, True, doc="false: the effect says it can't be "
                                                "regenerated, so no regeneration shield "
                                                "replaces this destruction (CR 701.19c)")}
    reads = "the question: an effect destroys {object}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        how = "" if self["regenerate"] else ", and it can't be regenerated"
        return f"the question: an effect destroys {name(self['object'])}{how}"


@word("event", "sacrifice")
class SacrificeEvent(GameFact):
    """`object`'s controller sacrifices it (CR 701.21)."""

    #: object slots that must name permanents: the situation is refused otherwise
    on_battlefield = ("object",)
    on_battlefield_section = "event"
    on_battlefield_why = "only a permanent can be sacrificed (CR 701.21a)"

    slots = {"object": slot(str, ref="object")}
    reads = "the question: its controller sacrifices {object}"


# -- what the rules derive ------------------------------------------------------------------

class StateAsked(GameFact):
    """Derived: the question needs the characteristics of permanents (CR 613)."""

    slots: dict[str, Any] = {}
    reads = "the question needs the characteristics of permanents"


class LandTypesMatter(GameFact):
    """Derived: an effect changes land types (or card types), so what lands could produce and
    which permanents are creatures follow the layer system (CR 305.7, 302.6) even when the
    question isn't about characteristics."""

    slots: dict[str, Any] = {}
    reads = "an effect changes land types or card types"


class Characteristics(GameFact):
    """Derived: `object`'s characteristics after every continuous effect, applied layer by
    layer (CR 613), before the event asked about changes anything."""

    slots = {
        "object": slot(str),
        "name": slot(str),
        "controller": slot(str),
        "types": slot(list, []),
        "subtypes": slot(list, []),
        "supertypes": slot(list, []),
        "colors": slot(list, []),
        "keywords": slot(list, []),
        "abilities": slot(list, [], doc="ids of the abilities it has"),
        "lost_abilities": slot(list, [], doc="ids of printed abilities it lost"),
        "power": slot(int, 0),
        "toughness": slot(int, 0),
        "has_pt": slot(bool, False, doc="it is a creature, so it has power and toughness"),
        "pt_known": slot(bool, True, doc="false: a * in its printed power or toughness that "
                                         "no ability read here defines (CR 208.2a)"),
        "loyalty": slot(int, 0),
    }
    reads = "{object}'s characteristics"

    def describe(self, name):  # type: ignore[no-untyped-def]
        return f"{name(self['object'])} is now {summary(self)}"


def summary(c: Any) -> str:
    """'a 3/3 green Creature — Bear with trample' in words."""
    kind = " ".join(t.capitalize() for t in (*c["supertypes"], *c["types"])) or "typeless"
    if c["subtypes"]:
        kind += " — " + " ".join(s.capitalize() for s in c["subtypes"])
    pt = f"{c['power']}/{c['toughness']} " if c["has_pt"] else ""
    colors = " ".join(c["colors"]) or "colorless"
    keywords = ", ".join(str(k).replace("_", " ") for k in c["keywords"])
    text = f"a {pt}{colors} {kind}"
    if keywords:
        text += f" with {keywords}"
    # a land with a basic land type keeps that type's mana ability (CR 305.6)
    intrinsic = "land" in c["types"] and set(c["subtypes"]) & {
        "plains", "island", "swamp", "mountain", "forest"}
    if c["lost_abilities"] and not c["abilities"] and not keywords and not intrinsic:
        text += " with no abilities"
    return text


class CreatureNow(GameFact):
    """Derived: whether `object` is a creature now (its printed types, or what the layer
    system made of it) and whether it has haste, for the {T}/{Q} restriction (CR 302.6)."""

    slots = {"object": slot(str), "creature": slot(bool), "haste": slot(bool, False)}
    reads = "{object} is a creature now: {creature}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        what = "is a creature now" if self["creature"] else "is not a creature now"
        return f"{name(self['object'])} {what}" + (", with haste" if self["haste"] else "")


class LostAbility(GameFact):
    """Derived: `object` lost its ability `ability` to a continuous effect (layer 6, or a land
    type set by layer 4, CR 305.7), so the ability does nothing now."""

    slots = {"object": slot(str), "ability": slot(str)}
    reads = "{object} has lost {ability}"


class NotGrantedNow(GameFact):
    """Derived: the static ability `by` of another permanent gives `object` the ability
    `ability` only while that effect applies to it (layer 6, CR 613.1f, 611.3a); the layer
    system says it doesn't now (its condition is off, or `object` no longer fits what it
    names), so `object` doesn't have that ability now."""

    slots = {"object": slot(str), "ability": slot(str), "by": slot(str),
             "why": slot(str, "", doc="why the grant doesn't apply now, in words")}
    reads = "{object} doesn't have {ability} now: {by} doesn't give it now ({why})"


class ActivationsBarred(GameFact):
    """Derived: a static ability (`ability`) says that the activated abilities of `object`
    can't be activated (CR 602.5), mana abilities too, so none is a source of mana either."""

    slots = {"object": slot(str), "ability": slot(str)}
    reads = "the activated abilities of {object} can't be activated ({ability})"


class LandTypeMana(GameFact):
    """Derived: `object` is a land with the basic land type `land_type`, so it has that type's
    mana ability, adding `mana` (CR 305.6, 305.7)."""

    slots = {"object": slot(str), "land_type": slot(str), "mana": slot(str)}
    reads = "{object} is a {land_type}, so it has the ability to add {{{mana}}}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        t = self["land_type"]
        article = "an" if t[:1] in "aeiou" else "a"
        return (f"{name(self['object'])} is {article} {t} now, so it has that land type's "
                f"ability to add {{{self['mana']}}}")


class LayerStep(GameFact):
    """Derived: one continuous effect (or counters) applied to `object`, in its layer, in the
    order the layer system applied it (CR 613), and how the object looked afterwards."""

    slots = {
        "object": slot(str),
        "index": slot(int),
        "layer": slot(str),
        "source": slot(str, doc="the ability, resolved effect or counters"),
        "timestamp": slot(int, 0),
        "change": slot(str, doc="what it did, in words"),
        "order": slot(str, "", doc="why it came when it did: timestamp or dependency"),
        "result": slot(str, ""),
    }
    reads = "layer {layer}: {change}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        order = f"; {self['order']}" if self["order"] else ""
        return (f"layer {self['layer']} (timestamp {self['timestamp']}{order}): "
                f"{name(self['source'])} {self['change']} → {self['result']}")


class DamageResult(GameFact):
    """Derived: what damage dealt to `to` does (CR 120.3): marked damage, -1/-1 counters, life
    lost, poison counters or loyalty counters removed; `prevented` of it was prevented."""

    slots = {
        "source": slot(str),
        "to": slot(str),
        "amount": slot(int),
        "result": slot(str, choices=("marked", "-1/-1 counters", "life lost", "poison",
                                     "loyalty removed", "defense removed", "prevented",
                                     "protected", "zero",
                                     "none")),
        "deathtouch": slot(bool, False),
        "prevented": slot(int, 0),
    }
    reads = "{source}'s {amount} damage to {to}: {result}"


class DamageSource(GameFact):
    """Derived: `source` deals damage in the event asked about (a `damage` event, or combat
    damage); what its damage does is concluded per source (CR 120.3)."""

    slots = {"source": slot(str)}
    reads = "{source} deals damage"


class LifeGained(GameFact):
    """Derived: `player` gains `amount` life because of lifelink (CR 702.15b)."""

    slots = {"player": slot(str), "amount": slot(int), "source": slot(str)}
    reads = "{player} gains {amount} life from {source}'s lifelink"


class Status(GameFact):
    """Derived: a permanent as state-based actions see it after the event asked about: its
    toughness and loyalty, damage, counters, whether it can be destroyed."""

    slots = {
        "object": slot(str),
        "name": slot(str),
        "controller": slot(str),
        "owner": slot(str),
        "creature": slot(bool, False),
        "planeswalker": slot(bool, False),
        "legendary": slot(bool, False),
        "world": slot(bool, False, doc="it has the supertype world (CR 704.5k)"),
        "aura": slot(bool, False),
        "equipment": slot(bool, False),
        "token": slot(bool, False),
        "toughness": slot(int, 0),
        "loyalty": slot(int, 0),
        "damage": slot(int, 0),
        "deathtouch": slot(bool, False),
        "indestructible": slot(bool, False),
        "plus": slot(int, 0, doc="+1/+1 counters"),
        "minus": slot(int, 0, doc="-1/-1 counters"),
        "shield": slot(bool, False, doc="a regeneration shield"),
        "illegal_attachment": slot(str, "", doc="for an Aura: why it is attached illegally"),
        "check": slot(int, 1, doc="1: the first check after the event; 2: the next one"),
        "after": slot(list, [], doc="for the second check: what the first one removed"),
    }
    reads = "{object}: toughness {toughness}, {damage} damage"

    def describe(self, name):  # type: ignore[no-untyped-def]
        bits = []
        if self["creature"]:
            bits.append(f"toughness {self['toughness']}")
            bits.append(f"{self['damage']} damage marked"
                        + (" (some from deathtouch)" if self["deathtouch"] else ""))
        if self["planeswalker"]:
            bits.append(f"loyalty {self['loyalty']}")
        if self["plus"] or self["minus"]:
            bits.append(f"{self['plus']} +1/+1 and {self['minus']} -1/-1 counters")
        if self["indestructible"]:
            bits.append("indestructible")
        then = ""
        if self["check"] > 1:
            then = ("at the next check, after " + ", ".join(name(o) for o in self["after"])
                    + " left, ")
        return f"{then}{name(self['object'])} now has " + ", ".join(bits or ["nothing of note"])


class PlayerStatus(GameFact):
    """Derived: a player's life and poison counters after the event asked about."""

    slots = {"player": slot(str), "life": slot(int, 20), "life_known": slot(bool, False),
             "poison": slot(int, 0), "drew_from_empty": slot(bool, False)}
    reads = "{player} has {life} life and {poison} poison counters"

    def describe(self, name):  # type: ignore[no-untyped-def]
        life = f"{self['life']} life" if self["life_known"] else "an unstated life total"
        return f"{name(self['player'])} now has {life} and {self['poison']} poison counters"


class Dies(GameFact):
    """Derived: `object` is put into its owner's graveyard from the battlefield (it dies,
    CR 700.4); `reason` says why (the state-based action or the effect). Triggers on dying
    read this."""

    slots = {"object": slot(str), "reason": slot(str), "destroyed": slot(bool, False),
             "state_based": slot(bool, False, doc="a state-based action put it there"),
             "check": slot(int, 1, doc="which check of state-based actions (704.3)")}
    reads = "{object} dies: {reason}"


class LegendRuleApplies(GameFact):
    """Derived: `player` controls `object` and another legendary permanent named `name`
    (CR 704.5j): `object` stays only if the player keeps it."""

    slots = {"object": slot(str), "player": slot(str), "name": slot(str)}
    reads = "{object} is one of {player}'s legendary permanents named {name}"


class LegendKeepsTooMany(GameFact):
    """Derived: `keep:` names two or more of `player`'s legendary permanents named `name`,
    though the legend rule keeps one (CR 704.5j)."""

    slots = {"player": slot(str), "name": slot(str)}
    reads = "keep names more than one of {player}'s legendary permanents named {name}"


class LosesGame(GameFact):
    """Derived: `player` loses the game as a state-based action (CR 704.5a–c)."""

    slots = {"player": slot(str), "reason": slot(str)}
    reads = "{player} loses the game: {reason}"


class CantLose(GameFact):
    """Derived: an effect says `player` can't lose the game (CR 104.3, 104.3b: a state-based
    action that would make them lose doesn't)."""

    slots = {"player": slot(str), "source": slot(str, ref="object"), "ability": slot(str)}
    reads = "{ability} says {player} can't lose the game"


__all__ = [
    "StaticNotApplied", "CantLose", "CounterOn", "CountersListed", "MarkedDamage", "DeathtouchDamage", "Timestamp", "CopyOf",
    "PoisonCounters", "ResolvedEffect", "RegenerationShield", "PreventDamage",
    "PreventAllDamage",
    "DrewFromEmptyLibrary", "DealDamage", "LegendRuleApplies", "LegendKeepsTooMany",
    "AskCharacteristics",
    "CheckStateBasedActions",
    "DestroyEvent", "SacrificeEvent", "StateAsked", "Characteristics", "LayerStep",
    "LostAbility", "NotGrantedNow", "LandTypeMana", "LandTypesMatter", "CreatureNow",
    "DamageResult", "DamageSource", "LifeGained", "Status", "PlayerStatus", "Dies", "LosesGame",
    "PT_COUNTER", "summary",
    "ActivationsBarred", "Monstrous", "CitysBlessing", "citys_blessing", "Paired", "partner_of",
]


# == classes (CR 716): a permanent's level; read by knowledge/rules/classes.py ==

class ClassLevel(GameFact):
    """The level of a permanent (CR 716.2b): a designation, not a counter (level counters
    are a leveler's, 716.4); a permanent without one is level 1 (716.2d)."""

    slots = {"object": slot(str, ref="object"), "level": slot(int, 1)}
    reads = "{object} is level {level}"


@entry_key("object", "class_level", "its level, for a Class: 1, 2, 3 (CR 716.2b; without it, "
           "level 1, 716.2d)", {"type": "integer", "minimum": 1}, fix="write class_level: 2",
           zones=("battlefield",))
def _class_level(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"must be a whole number ≥ 1, not {value!r}")
    return [ClassLevel(object=owner, level=value)]


# == monstrosity (CR 701.37): a permanent that became monstrous stays so until it leaves ==

class Monstrous(GameFact):
    """A permanent that is monstrous (CR 701.37b): a designation, not a counter; read by
    the resolution of monstrosity (it does nothing to a monstrous permanent, 701.37a) and
    by "as long as ~ is monstrous" (the layer system's conditions)."""

    slots = {"object": slot(str, ref="object")}
    reads = "{object} is monstrous"


@entry_key("object", "monstrous", "it became monstrous (CR 701.37b): monstrosity does "
           "nothing more to it", {"type": "boolean"}, fix="write monstrous: true",
           zones=("battlefield",))
def _monstrous(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, not {value!r}")
    return [Monstrous(object=owner)] if value else []


# == the city's blessing (CR 702.131): a player designation kept for the rest of the game ==

class CitysBlessing(GameFact):
    """The player has the city's blessing (CR 702.131c): once they get it, they keep it."""

    slots = {"player": slot(str)}
    reads = "{player} has the city's blessing"


@entry_key("player", "citys_blessing", "the player has the city's blessing (CR 702.131c); "
           "without it, a player controlling ten or more permanents and a permanent with "
           "ascend has it too (702.131b)", {"type": "boolean"},
           fix="write {name: Alice, citys_blessing: true}")
def _citys_blessing(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, not {value!r}")
    return [CitysBlessing(player=owner)] if value else []


def citys_blessing(facts: Any, player: str) -> tuple[bool, str, list[Any]]:
    """Whether `player` has the city's blessing now, in words, with the facts it rests on:
    said so by the situation (702.131c), or got now from a permanent with ascend they
    control while they control ten or more permanents (702.131b)."""
    from rulings.facts.effects import Keyword
    from rulings.facts.game import GameObject

    facts = list(facts)
    said = [f for f in facts if isinstance(f, CitysBlessing) and f["player"] == player]
    if said:
        return True, f"{player} has the city's blessing", said
    mine = [f for f in facts if isinstance(f, GameObject) and f["zone"] == "battlefield"
            and f["controller"] == player]
    ids = {o["id"] for o in mine}
    ascend = [k for k in facts if isinstance(k, Keyword) and k["keyword"] == "ascend"
              and k["object"] in ids]
    if ascend and len(mine) >= 10:
        return True, (f"{player} controls {len(mine)} permanents, one with ascend, so they "
                      "get the city's blessing"), [*ascend]
    why = f"{player} doesn't have the city's blessing (the situation doesn't give it"
    why += f", and {player} controls {len(mine)} permanents, fewer than ten)" if ascend \
        else ")"
    return False, why, ascend


# == soulbond (CR 702.95): two creatures paired with each other ==

class Paired(GameFact):
    """A creature paired with another by a soulbond ability (CR 702.95b); the pairing holds
    both ways, and only while both are creatures on the battlefield under one player's
    control (702.95e, decided by the layer system where a static asks)."""

    slots = {"object": slot(str, ref="object"), "partner": slot(str, ref="object")}
    reads = "{object} is paired with {partner}"


@entry_key("object", "paired_with", "the creature it is paired with by soulbond (CR "
           "702.95b); it is paired with that creature too", {"type": "string"},
           fix="write paired_with: <the id of the other creature>", zones=("battlefield",))
def _paired_with(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, str) or not value:
        raise ValueError(f"must be the id of another creature, not {value!r}")
    if value == owner:
        raise ValueError("a creature is paired with another creature, not itself (CR 702.95b)")
    return [Paired(object=owner, partner=value)]


def partner_of(facts: Any, oid: str) -> str:
    """The creature `oid` is paired with, as the situation says (either entry may say it);
    '' when it says none, or more than one (a creature pairs with one only, 702.95d)."""
    found = {f["partner"] if f["object"] == oid else f["object"] for f in facts
             if isinstance(f, Paired) and oid in (f["object"], f["partner"])}
    return next(iter(found)) if len(found) == 1 else ""
