"""Words for mana: mana abilities, what they add, triggers and replacement effects on tapping
for mana, and entering with counters (X).

The ability classes here (ManaAbility, TappedForManaTrigger, TappedForManaReplacement,
EntersWithCounters) are no longer words of card files: facts/lowering.py derives them from
the shape of effect-language nodes."""

from __future__ import annotations

from rulings.facts.vocabulary import GameFact, slot, word

ADDS = ("W", "U", "B", "R", "G", "C", "any color", "chosen color", "any type", "one of",
        "commander identity")
AMONG = ("", "lands you control", "lands an opponent controls")
FOR_EACH = ("", "creature you control")


class AbilityWord(GameFact):
    """An ability word read from a card: the loader fills `ability` and `source`."""

    implicit = ("ability", "source")
    ability_kind = "activated"
    summary = ""


class ManaAbility(AbilityWord):
    """An activated mana ability: its cost, and what it adds when it resolves."""

    ability_kind = "mana"
    summary = "a mana ability"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "cost": slot(list, [], doc="like {T} or {2}, {Q}"),
        "adds": slot(str, choices=ADDS, doc="a mana symbol letter, any color, chosen color, "
                                             "or any type"),
        "amount": slot(int, 1),
        "among": slot(str, "", choices=AMONG,
                      doc="only types or colors that these permanents could produce"),
        "for_each": slot(str, "", choices=FOR_EACH, doc="the amount counts these"),
        "only_for": slot(list, [], doc="card types of the spells its mana may be spent on "
                                       "(CR 106.6); empty: any"),
        "one_of": slot(list, [], doc="with adds 'one of': the types to choose from, like "
                                     "[W, U] for '{W} or {U}'"),
    }
    reads = "{source} has a mana ability (cost: {cost}) that adds {amount} {adds}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        adds = self["adds"]
        what = "{" + adds + "}" if len(adds) == 1 else f"one mana of {adds}"
        if adds == "one of":
            what = " or ".join("{" + m + "}" for m in self["one_of"])
        if self["amount"] > 1 and len(adds) == 1:
            what = what * self["amount"]
        if self["among"]:
            what += f" that {self['among']} could produce"
        if self["for_each"]:
            what += f" for each {self['for_each']}"
        if self["only_for"]:
            what += f", to spend only on {' or '.join(self['only_for'])} spells"
        cost = ", ".join(self["cost"]) or "no cost"
        return f"{name(self['source'])} has a mana ability (cost: {cost}) that adds {what}"


TRIGGER_OF = ("enchanted land", "a land", "a land you control", "this")
TRIGGER_ADDS = ("W", "U", "B", "R", "G", "C", "type produced")


class TappedForManaTrigger(AbilityWord):
    """A triggered mana ability: whenever a permanent is tapped for mana, add more."""

    ability_kind = "triggered"
    summary = "a triggered ability on tapping for mana"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "of": slot(str, choices=TRIGGER_OF),
        "mana": slot(str, "", choices=("", "W", "U", "B", "R", "G", "C"),
                     doc="only when it is tapped for this type"),
        "adds": slot(str, choices=TRIGGER_ADDS),
        "amount": slot(int, 1),
    }
    reads = "{source} triggers whenever {of} is tapped for mana"


REPLACE_OF = ("a land", "a permanent you control")


class TappedForManaReplacement(AbilityWord):
    """A replacement effect on the mana a permanent produces when tapped for mana."""

    ability_kind = "replacement"
    summary = "a replacement effect on tapping for mana"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "of": slot(str, choices=REPLACE_OF),
        "produces": slot(str, "", choices=("", "W", "U", "B", "R", "G", "C"),
                         doc="that type instead of any other"),
        "doubles": slot(bool, False, doc="twice as much of that mana instead"),
        "amount": slot(int, 0, doc="with produces: this amount instead of any other (0: keep)"),
    }
    reads = "{source} changes the mana produced when {of} is tapped for mana"


class EntersWithCounters(AbilityWord):
    """A replacement effect: the permanent enters with N counters (N may be X)."""

    ability_kind = "enters"
    summary = "enters the battlefield with counters"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "counter": slot(str, "+1/+1"),
        "amount": slot(str, "X", doc="a number, or X"),
    }
    reads = "{source} enters with {amount} {counter} counters"


# -- events ---------------------------------------------------------------------------------

@word("event", "activate")
class Activate(GameFact):
    """A player activates an ability (for a mana ability: taps or untaps for mana)."""

    slots = {
        "ability": slot(str, ref="ability"),
        "player": slot(str, "", ref="player", doc="who activates; its controller by default"),
        "tap_for_cost": slot(str, "", ref="object",
                             doc="the permanent tapped to pay a 'tap an untapped …' cost"),
        "targets": slot(list, [], ref="player or object",
                        doc="the targets chosen, in the order of the ability's targets "
                            "(CR 602.2b, 601.2c)"),
        "x": slot(int, -1, doc="the X chosen for its cost, as a [-X] loyalty cost (CR "
                               "107.3a; leave out if none)"),
        "modes": slot(list, [], doc="for a modal ability: the modes chosen, by number: [1] "
                                    "(CR 602.2b, 700.2)"),
    }
    reads = "{player} activates {ability}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        who = name(self["player"]) if self["player"] else "its controller"
        extra = f", tapping {name(self['tap_for_cost'])} for its cost" if self["tap_for_cost"] else ""
        return f"the question: {who} activates {name(self['ability'])}{extra}"


@word("event", "enters")
class Enters(GameFact):
    """A permanent enters the battlefield, maybe from a spell cast with a value of X, maybe as
    a copy of another permanent."""

    slots = {
        "object": slot(str, ref="object"),
        "cast": slot(bool, True, doc="it was a spell that resolved"),
        "x": slot(int, -1, doc="the X chosen for that spell (leave out if none)"),
        "copy_of": slot(str, "", ref="object", doc="it enters as a copy of this permanent"),
    }
    reads = "{object} enters the battlefield"


# -- what the mana rules derive -------------------------------------------------------------

@word("this_turn", "activated")
class ActivatedThisTurn(GameFact):
    """An ability activated earlier this turn: a planeswalker's loyalty abilities are
    activated once each turn in all (CR 606.3)."""

    slots = {"ability": slot(str, ref="ability"),
             "player": slot(str, "", ref="player", doc="who activated it"),
             "count": slot(int, 1, doc="how many times it was activated this turn")}
    reads = "{ability} was activated earlier this turn ({count} time(s))"


class PriorityStated(GameFact):
    """The situation says who has priority (`turn: {priority: …}`) rather than leaving the
    default (the active player): a mana ability asked about on its own is then ruled on
    against it (CR 117.1d)."""

    slots = {"player": slot(str)}
    reads = "the situation gives priority to {player}"


class CantPay(GameFact):
    """A part of an activation cost that can't be paid, and why."""

    slots = {"ability": slot(str), "part": slot(str), "reason": slot(str)}
    reads = "the cost {part} of {ability} can't be paid: {reason}"


class TapsForMana(GameFact):
    """Activating `ability` is tapping `source` for mana (CR 106.12)."""

    slots = {"ability": slot(str), "source": slot(str)}
    reads = "activating {ability} is tapping {source} for mana"


class WouldAdd(GameFact):
    """A type of mana `ability` would add if it resolved now, before replacement effects."""

    slots = {"ability": slot(str), "mana": slot(str)}
    reads = "{ability} would add {{{mana}}} before replacement effects"


class ReplacementApplies(GameFact):
    """A tapped-for-mana replacement effect applies to the mana `ability` produces."""

    slots = {"replacement": slot(str), "ability": slot(str)}
    reads = "{replacement} applies to the mana of {ability}"


class TypeChanged(GameFact):
    """A replacement effect makes `ability` produce `mana` instead of any other type."""

    slots = {"ability": slot(str), "mana": slot(str), "by": slot(str)}
    reads = "{by} makes {ability} produce {{{mana}}} instead"


class CouldProduce(GameFact):
    """A type of mana a permanent could produce (CR 106.7)."""

    slots = {"object": slot(str), "mana": slot(str)}
    reads = "{object} could produce {{{mana}}}"


class LandsCouldProduce(GameFact):
    """Some land `player` controls could produce `mana` (CR 106.7): one fact for all of
    them, so that abilities looking at a player's lands join one fact per type of mana."""

    slots = {"player": slot(str), "mana": slot(str)}
    reads = "a land {player} controls could produce {{{mana}}}"


class Produced(GameFact):
    """What the activated mana ability produces as it resolves, after replacement effects."""

    slots = {"ability": slot(str), "source": slot(str), "types": slot(list, []),
             "amount": slot(int, 0)}
    reads = "{ability} produces {amount} mana of type {types}"
