"""Words for the stack and what happens around it: the objects already on the stack (with their
controllers, targets, modes, X and kicker), the events asked about (a creature dies, a step
begins, a player draws, the top object resolves, a spell is copied), lasting delayed triggers,
and the game's history in earlier turns.

Also the facts the rules in knowledge/rules/{stack,triggers,targets,countering,copies}.py derive
and share. The situation is the game just before the event asked about: a creature that dies
is listed on the battlefield, and the event moves it.
"""

from __future__ import annotations

from typing import Any

from rulings.facts.game import STEPS
from rulings.facts.vocabulary import GameFact, slot, word

#: events that look back in time (CR 603.10a): their triggers are checked against the game
#: as it was just before the event, so a permanent leaving at the same time still sees it
LOOK_BACK = ("dies", "leaves", "sacrificed",
             # cycle: "when you cycle ~ or it dies" looks back for its dying part (its cycling
             # part is seen by the card itself, knowledge/rules/cycling.py)
             "cycles_or_dies")
#: trigger events that are either of two events (CR 603.2): the event word -> its parts
EITHER: dict[str, tuple[str, ...]] = {
    "attacks_or_blocks": ("attacks", "blocks"),
    "blocks_or_becomes_blocked": ("blocks", "becomes_blocked"),
    "enters_or_attacks": ("enters", "attacks"),
    "blocks_or_blocked_by": ("blocks_creature", "blocked_by_creature"),
    "cycles_or_dies": ("cycles", "dies"),  # cycle: "when you cycle ~ or it dies"
}
EITHER_EVENTS = tuple(EITHER)
#: events about two creatures, the object and the other one (`to`): each pair is an occurrence
#: of its own (CR 509.3b, 509.3d)
PAIR_EVENTS = ("blocks_creature", "blocked_by_creature")
PAIRED = (*PAIR_EVENTS, "blocks_or_blocked_by")
#: the game events abilities can trigger on, and the word of the event asked about for each
EVENT_KINDS = (
    "enters", "leaves", "dies", "sacrificed", "cast", "becomes_tapped", "becomes_untapped",
    "step", "draws", "discards", "gains_life", "loses_life", "searches", "shuffles",
    "counter_put", "becomes_target", "becomes_monstrous",
    # combat events: concluded by the combat rules (CR 508-510)
    "attacks", "blocks", "becomes_blocked", "deals_damage", "dealt_damage",
    # trig (issue 25): a cast that targets, a spell's target, either of two events, and the
    # block events once for each creature blocked or blocking (knowledge/rules/triggers.py)
    "cast_targeting", "targeted_by_spell", *EITHER_EVENTS, *PAIR_EVENTS,
    "turned_face_up", "attacks_unblocked",
    # cycle (issue 25): a card cycled (CR 702.29a), and either a card cycled or one
    # discarded, once for a cycled card (702.29d): knowledge/rules/cycling.py
    "cycles", "cycles_or_discards", "cycles_or_dies",
)
WHOSE = ("you", "each", "opponent")


# -- the stack ----------------------------------------------------------------------------------

class StackObject(GameFact):
    """A spell, copy of a spell, or ability on the stack (CR 405.1). `position` 1 is the top
    (the object that resolves first, CR 405.5). A spell is also a GameObject in the stack
    zone with the same id; an ability's `ability` is the ability it is an instance of."""

    slots = {
        "id": slot(str),
        "position": slot(int, 1, doc="1 is the top of the stack"),
        "kind": slot(str, "spell", choices=("spell", "copy", "ability")),
        "ability": slot(str, "", ref="ability",
                        doc="for an ability: the ability it is (like chupacabra.1)"),
        "source": slot(str, "", ref="object", doc="the card or permanent it comes from"),
        "controller": slot(str, ref="player"),
        "x": slot(int, -1, doc="the value chosen for X (-1: none)"),
        "kicked": slot(bool, False, doc="its kicker (or optional additional cost) was paid"),
        "modes": slot(list, [], doc="the modes chosen, by number"),
        "cast_from": slot(str, "hand", doc="the zone it was cast from"),
        "sacrificed": slot(list, [], ref="object",
                           doc="what was sacrificed to pay its cost (CR 601.2h, 602.2b)"),
        "that_much": slot(int, -1, doc="for a triggered ability: the damage its trigger "
                                       "event dealt ('that much'; -1: not given)"),
    }
    reads = "{id} is on the stack (position {position}), controlled by {controller}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        what = {"spell": "the spell", "copy": "a copy of a spell", "ability": "the ability"}[
            self["kind"]]
        where = "on top of the stack" if self["position"] == 1 else \
            f"number {self['position']} from the top of the stack"
        extra = []
        if self["x"] >= 0:
            extra.append(f"X = {self['x']}")
        if self["kicked"]:
            extra.append("kicked")
        if self["modes"]:
            extra.append(f"modes {', '.join(self['modes'])}")
        if self["sacrificed"]:
            extra.append(f"its cost sacrificed {names_list(self['sacrificed'], name)}")
        more = f" ({'; '.join(extra)})" if extra else ""
        return (f"{what} {name(self['id'])} is {where}, controlled by "
                f"{name(self['controller'])}{more}")


class ChosenTarget(GameFact):
    """A target chosen for a spell or ability (CR 601.2c, 602.2b, 603.3d): for its target slot
    `slot` (the n-th target of the card's text, counted from 1), the object or player
    `target`."""

    slots = {
        "object": slot(str, doc="the spell or ability (its stack object id)"),
        "slot": slot(str, doc="the target slot's id"),
        "index": slot(int, 1, doc="the target's place in the list of targets"),
        "target": slot(str, ref="player or object", doc="an object id or a player's name"),
    }
    reads = "{object} targets {target}"


class DividedShare(GameFact):
    """divided: the share of a divided amount (damage or counters) its controller gave one
    target as the spell was cast or the ability activated (CR 601.2d): the stack entry's
    `divide: {target: share}`."""

    slots = {
        "object": slot(str, doc="the spell or ability (its stack object id)"),
        "target": slot(str, ref="player or object", doc="an object id or a player's name"),
        "amount": slot(int, 1, doc="its share: at least 1 (CR 601.2d)"),
    }
    reads = "{object} divides {amount} to {target}"


# -- lasting effects: keywords gained, delayed triggers ---------------------------------------

@word("effect", "gains_keyword")
class GainsKeyword(GameFact):
    """A lasting effect already in place: `object` has gained a keyword (like hexproof from a
    spell that resolved in response), with its parameter if any."""

    slots = {
        "object": slot(str, ref="player or object",
                       doc="the permanent, or the player (a player with hexproof or "
                           "protection, CR 702.11d)"),
        "keyword": slot(str, doc="like hexproof, shroud, protection, ward"),
        "value": slot(str, "", doc="its parameter: ward's cost, what protection is from"),
        "source": slot(str, "", doc="what gave it, in words (a card name)"),
        "timestamp": slot(int, 1000, doc="when the effect began (CR 613.7b), for layer 6; by "
                                         "default after every permanent"),
    }
    reads = "{object} has gained {keyword} {value}"


@word("effect", "delayed_trigger")
class DelayedTrigger(GameFact):
    """A delayed triggered ability created earlier (CR 603.7): at the beginning of the next
    `step` (of `whose` turn), do `text`. `created_turn`/`created_step` say when it was made;
    `created_by` is the spell or ability that made it (its controller controls the trigger,
    CR 603.7d)."""

    slots = {
        "created_by": slot(str, doc="the card whose spell or ability created it"),
        "controller": slot(str, ref="player"),
        "step": slot(str, "end", choices=STEPS),
        "whose": slot(str, "each", choices=WHOSE, doc="whose turn's step: each (the next one), "
                                                     "you (its controller's), opponent"),
        "created_turn": slot(int, 1),
        "created_step": slot(str, "precombat main", choices=STEPS),
        "text": slot(str, "its effect", doc="what it does, in words"),
        "already_triggered": slot(bool, False, doc="it has triggered once already"),
    }
    reads = ("{controller}'s delayed trigger from {created_by} (made on turn {created_turn}, "
             "{created_step}): at the beginning of the next {step}, {text}")


# -- the game's history: what happened in earlier turns (and this one) ------------------------

class HistoryWord(GameFact):
    """An entry of `history:`: something that happened on turn `turn`."""


@word("history", "came_under_control")
class CameUnderControl(HistoryWord):
    """`object` came under `player`'s control on turn `turn` (it entered then, or control of
    it changed then)."""

    slots = {
        "object": slot(str, ref="object"),
        "player": slot(str, "", ref="player", doc="its controller; the object's by default"),
        "turn": slot(int),
    }
    reads = "{object} came under {player}'s control on turn {turn}"


@word("history", "paid_to_ignore")
class PaidToIgnoreEarlier(HistoryWord):
    """`player` paid on turn `turn` to ignore `source`'s effect (a special action, CR 116.2d)."""

    slots = {
        "player": slot(str, ref="player"),
        "source": slot(str, ref="object"),
        "turn": slot(int),
    }
    reads = "{player} paid on turn {turn} to ignore {source}'s effect"


@word("history", "spells_cast")
class SpellsCast(HistoryWord):
    """`player` cast `count` spells during turn `turn` (0: none). A turn with any such entry
    is told in full: a player without one cast no spells that turn."""

    slots = {
        "player": slot(str, ref="player"),
        "count": slot(int, doc="how many spells they cast that turn (0: none)"),
        "turn": slot(int),
    }
    reads = "{player} cast {count} spell(s) during turn {turn}"


@word("this_turn", "attacked")
class AttackedThisTurn(GameFact):
    """`player` declared `count` attacking creatures this turn (0: none), for raid's "if you
    attacked this turn" (CR 508.1: only the active player declares attackers)."""

    slots = {
        "player": slot(str, ref="player"),
        "count": slot(int, 1, doc="how many creatures they attacked with this turn (0: none)"),
    }
    reads = "{player} attacked with {count} creature(s) this turn"


@word("this_turn", "died")
class DiedThisTurn(GameFact):
    """`count` creatures died this turn (were put into a graveyard from the battlefield, CR
    700.4) while `player` controlled them, before the event the question asks about (those
    dying in that event are its own). Any such entry tells the turn in full: a player without
    one had no creature die under their control; an entry without `player` doesn't say whose
    they were, for morbid's "if a creature died this turn" (all players' creatures)."""

    slots = {
        "player": slot(str, "", ref="player", doc="who controlled them as they died ('': not "
                                                  "said whose)"),
        "count": slot(int, 1, doc="how many creatures died (0: none)"),
    }
    reads = "{count} creature(s) died this turn under {player}'s control"

    def describe(self, name):  # type: ignore[no-untyped-def]
        n = self["count"]
        many = "no creature" if n == 0 else f"{n} creature" + ("s" if n != 1 else "")
        whose = f" under {name(self['player'])}'s control" if self["player"] else ""
        return f"{many} died this turn{whose}"


# -- the events asked about ---------------------------------------------------------------------

class ObjectsEvent(GameFact):
    """An event that happens to one or more objects at once (one event, several occurrences,
    CR 603.2c)."""


@word("event", "dies")
class DiesEvent(ObjectsEvent):
    """Creatures on the battlefield die at the same time (they are put into their owners'
    graveyards: destroyed, dealt lethal damage, sacrificed, …)."""

    slots = {
        "objects": slot(list, ref="object", doc="the permanents that die, all at once"),
        "sacrificed": slot(bool, False, doc="they die by being sacrificed"),
    }
    reads = "{objects} die"


@word("event", "leaves")
class Leaves(ObjectsEvent):
    """Permanents leave the battlefield at the same time, to the zone `to`."""

    slots = {
        "objects": slot(list, ref="object"),
        "to": slot(str, "exile", choices=("graveyard", "exile", "hand", "library")),
    }
    reads = "{objects} leave the battlefield to {to}"


@word("event", "becomes_tapped")
class BecomesTapped(ObjectsEvent):
    slots = {"objects": slot(list, ref="object")}
    reads = "{objects} become tapped"


@word("event", "becomes_untapped")
class BecomesUntapped(ObjectsEvent):
    slots = {"objects": slot(list, ref="object")}
    reads = "{objects} become untapped"


class BecomesMonstrous(GameFact):
    """Monstrosity resolved on a permanent that wasn't monstrous (CR 701.37b): "when ~
    becomes monstrous" abilities trigger. Concluded by the resolution only (a situation
    can't ask it as an event: it gives `monstrous: true` on the permanent instead)."""

    slots = {"object": slot(str, ref="object")}
    reads = "{object} becomes monstrous"


@word("event", "counter_put")
class CounterPut(GameFact):
    slots = {
        "object": slot(str, ref="object"),
        "counter": slot(str, "+1/+1"),
        "amount": slot(int, 1),
    }
    reads = "{amount} {counter} counter(s) are put on {object}"


@word("event", "step_begins")
class StepBegins(GameFact):
    """A step of the current turn (turn: active) begins: "at the beginning of" abilities
    trigger (CR 603.2b)."""

    slots = {"step": slot(str, choices=STEPS)}
    reads = "the {step} step of the turn begins"


class PlayerEvent(GameFact):
    """Something a player does or that happens to a player."""


def _player_event(name: str, verb: str, amount_doc: str = "how many",
                  **more: Any) -> type[GameFact]:
    cls = type(f"Player_{name}", (PlayerEvent,), {
        "__doc__": f"A player {verb}.",
        "__module__": __name__,
        "slots": {"player": slot(str, ref="player"), "amount": slot(int, 1, doc=amount_doc),
                  **more},
        "reads": "{player} " + verb + " ({amount})",
        "kind": name,
    })
    globals()[cls.__name__] = cls  # importable by its name: the relevance cache stores it so
    return word("event", name)(cls)


Draws = _player_event("draws", "draws cards", "how many cards")
Discards = _player_event(
    "discards", "discards cards", "how many cards",
    # which cards, when the question names them (madness reads it: knowledge/rules/madness.py)
    cards=slot(list, [], ref="object", doc="the cards discarded, by id, when it matters which"))
GainsLife = _player_event("gains_life", "gains life", "how much life")
LosesLife = _player_event("loses_life", "loses life", "how much life")
Searches = _player_event("searches", "searches their library", "how many searches")
Shuffles = _player_event("shuffles", "shuffles their library", "how many shuffles")


@word("event", "resolve_top")
class ResolveTop(GameFact):
    """All players pass in succession: the object on top of the stack resolves (CR 405.5,
    608.1). `pays` lists costs the players choose to pay during it ("unless … pays")."""

    slots = {
        "pays": slot(bool, False, doc="true: the player asked to pay for an 'unless … "
                                      "pays' effect pays"),
        "does": slot(list, [], doc="optional instructions ('you may') its controller "
                                   "chooses to do, by step number"),
        "declines": slot(list, [], doc="optional instructions its controller chooses not "
                                       "to do, by step number"),
        # a search's picks, as for the `resolve` event (knowledge/rules/searching.py)
        "find": slot(list, [], doc="the cards picked in its search, by id or name"),
        "find_nothing": slot(bool, False, doc="true: no card is picked in its search"),
        # coin: how its coin flip and its clash come out (knowledge/coin.py, CR 705.2,
        # 701.30d); without them the outcome is left open
        "flip": slot(str, "", choices=("won", "lost"),
                     doc="won or lost: how its controller's coin flip comes out"),
        "clash": slot(str, "", choices=("won", "lost"),
                      doc="won or lost: whether its controller wins its clash"),
    }
    reads = "the top object of the stack resolves"


@word("event", "copy_spell")
class CopySpell(GameFact):
    """A spell on the stack is copied (CR 707.10) by an effect such as a copying spell's, for
    `controller`; `new_targets` are targets chosen for the copy (CR 707.10c), if any."""

    slots = {
        "object": slot(str, ref="object", doc="the spell copied"),
        "controller": slot(str, "", ref="player", doc="who controls the copy"),
        "new_targets": slot(list, [], doc="new targets chosen for the copy"),
    }
    reads = "{object} is copied"


# -- what the rules derive --------------------------------------------------------------------

class GameEvent(GameFact):
    """One occurrence of a game event abilities can trigger on (CR 603.2): of `kind`, about
    `object` and/or `player`; `event` is the id shared by occurrences that happen at once."""

    slots = {
        "event": slot(str),
        "kind": slot(str, choices=EVENT_KINDS),
        "object": slot(str, ""),
        "player": slot(str, ""),
        "amount": slot(int, 1),
        "to": slot(str, ""),
        "step": slot(str, ""),
        # damage events (knowledge/rules/damage_triggers.py): combat damage (CR 510.2)
        "combat": slot(bool, False),
        # counter_put: the kind of counter ("whenever a +1/+1 counter is put on …")
        "counter": slot(str, ""),
    }
    reads = "{kind}: {object}{player}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        who = name(self["object"] or self["player"])
        text = {
            "enters": f"{who} enters the battlefield",
            "leaves": f"{who} leaves the battlefield",
            "dies": f"{who} dies",
            "sacrificed": f"{who} is sacrificed",
            "cast": f"{name(self['player'])} casts {name(self['object'])}",
            "becomes_tapped": f"{who} becomes tapped",
            "becomes_untapped": f"{who} becomes untapped",
            "step": f"the {self['step']} step of {name(self['player'])}'s turn begins",
            "draws": f"{who} draws",
            "discards": f"{who} discards",
            "cycles": f"{name(self['player'])} cycles {name(self['object'])}",
            # cycle: `to` says which of the two it was
            "cycles_or_discards": (
                f"{name(self['player'])} cycles {name(self['object'])}"
                if self["to"] == "cycled" else f"{name(self['player'])} discards "
                f"{name(self['object']) if self['object'] else 'cards'}"),
            "gains_life": f"{who} gains {self['amount']} life",
            "loses_life": f"{who} loses {self['amount']} life",
            "searches": f"{who} searches their library",
            "shuffles": f"{who} shuffles their library",
            "counter_put": f"a counter is put on {who}",
            "becomes_monstrous": f"{who} becomes monstrous",
            "becomes_target": f"{who} becomes the target of {name(self['player'])}'s spell "
                              f"or ability",
            "attacks": f"{who} attacks",
            "blocks": f"{who} blocks",
            "becomes_blocked": f"{who} becomes blocked",
            "deals_damage": f"{who} deals {self['amount']} "
                            f"{'combat ' if self['combat'] else ''}damage to {name(self['to'])}",
            "dealt_damage": f"{who} is dealt {self['amount']} "
                            f"{'combat ' if self['combat'] else ''}damage by {name(self['to'])}",
        }.get(self["kind"], f"{who}: {str(self['kind']).replace('_', ' ')}")
        return f"the event: {text}"


class Leaving(GameFact):
    """`object` leaves the battlefield in the event asked about."""

    slots = {"object": slot(str)}
    reads = "{object} leaves the battlefield"


class Arriving(GameFact):
    """`object` enters the battlefield in the event asked about."""

    slots = {"object": slot(str)}
    reads = "{object} enters the battlefield"


class Watching(GameFact):
    """`source` is in a place to see the event `event` for its ability `ability`: on the
    battlefield just before a look-back event, or just after any other (CR 603.10)."""

    slots = {"ability": slot(str), "source": slot(str), "event": slot(str), "when": slot(str)}
    reads = "{source} is on the battlefield {when} the event"


class WhoFits(GameFact):
    """`player` is a player `ability`'s trigger is about ("whenever you …", "an opponent")."""

    slots = {"ability": slot(str), "player": slot(str)}
    reads = "{player} is a player {ability} watches"


class Armed(GameFact):
    """`ability` can trigger now: it sees the event, and its intervening 'if', if any,
    holds (CR 603.4)."""

    slots = {"ability": slot(str)}
    reads = "{ability} can trigger"


class ConditionHolds(GameFact):
    """The condition `condition` (an effect-language condition id) holds now."""

    slots = {"condition": slot(str)}
    reads = "{condition} holds"


class ConditionAsked(GameFact):
    """A rule needs to know now whether `condition` holds, "you" being `player`: a condition of
    activation (CR 602.5b) as the ability is activated, or of a spell's own cost change
    (601.2f) as it is cast (knowledge/rules/conditions.py decides it)."""

    slots = {"condition": slot(str), "player": slot(str), "source": slot(str, "")}
    reads = "whether {condition} holds for {player} is asked"


class ConditionDecided(GameFact):
    """An asked condition, decided on the situation as it is now: whether it holds, and the
    count or state that decides it."""

    slots = {"condition": slot(str), "holds": slot(bool), "why": slot(str, "")}
    reads = "{condition} holds: {holds} ({why})"


class IfCounted(GameFact):
    """An intervening "if" (CR 603.4) counted as the event happens or as the ability
    resolves: what a player controls (ifcond area) or what happened earlier this turn
    (history area). Whether it holds, and the count that decides it, in words ("Alice
    controls no Island", "no creature died this turn"); knowledge/rules/ifcond.py says what
    it means for the ability."""

    slots = {"condition": slot(str), "ability": slot(str), "player": slot(str, ""),
             "holds": slot(bool), "said": slot(str, ""),
             "moment": slot(str, "")}  # event: as the event happens; resolution: as it resolves
    reads = "{said}"


@word("this_turn", "gained_life")
class GainedLifeThisTurn(GameFact):
    """`player` gained `amount` life in all this turn (CR 119.3), before the event the question
    asks about, for "if you gained life this turn", "… 3 or more life this turn". A player
    without an entry: not said."""

    slots = {
        "player": slot(str, ref="player"),
        "amount": slot(int, 1, doc="how much life they gained this turn in all (0: none)"),
    }
    reads = "{player} gained {amount} life this turn"

    def describe(self, name):  # type: ignore[no-untyped-def]
        n = self["amount"]
        return f"{name(self['player'])} gained " + (f"{n} life" if n else "no life") + \
            " this turn"


@word("this_turn", "lost_life")
class LostLifeThisTurn(GameFact):
    """`player` lost `amount` life in all this turn (CR 119.3; damage dealt to a player is life
    lost, 120.3a), before the event the question asks about, for "if an opponent lost life
    this turn". A player without an entry: not said."""

    slots = {
        "player": slot(str, ref="player"),
        "amount": slot(int, 1, doc="how much life they lost this turn in all (0: none)"),
    }
    reads = "{player} lost {amount} life this turn"

    def describe(self, name):  # type: ignore[no-untyped-def]
        n = self["amount"]
        return f"{name(self['player'])} lost " + (f"{n} life" if n else "no life") + \
            " this turn"


@word("this_turn", "left_battlefield")
class LeftBattlefieldThisTurn(GameFact):
    """`count` permanents `player` controlled left the battlefield this turn (to any zone,
    dying too), before the event the question asks about, for revolt's "if a permanent you
    controlled left the battlefield this turn". A player without an entry: not said."""

    slots = {
        "player": slot(str, ref="player"),
        "count": slot(int, 1, doc="how many of their permanents left (0: none)"),
    }
    reads = "{count} permanent(s) {player} controlled left the battlefield this turn"

    def describe(self, name):  # type: ignore[no-untyped-def]
        n = self["count"]
        many = "no permanent" if n == 0 else f"{n} permanent" + ("s" if n != 1 else "")
        return f"{many} {name(self['player'])} controlled left the battlefield this turn"


@word("this_turn", "dealt_damage")
class DealtDamageThisTurn(GameFact):
    """`source` dealt damage to the permanent `to` earlier this turn (some damage, after
    prevention: CR 120.1, 615.1), for "a creature dealt damage by ~ this turn" (dealtdmg area)
    and "target creature that was dealt damage this turn" (targetthat: any source, whether or
    not the damage is still marked on it: regeneration removes it, 701.19a; wither and infect
    deal it as -1/-1 counters, 120.3d). A pair without an entry: no damage (the damage of the
    event asked about is added to the entries by the rules that read them); no `source`: the
    source is not said."""

    slots = {
        "source": slot(str, "", ref="object", doc="the source that dealt the damage"),
        "to": slot(str, ref="object", doc="the permanent it was dealt to"),
    }
    reads = "{to} was dealt damage earlier this turn"

    def describe(self, name):  # type: ignore[no-untyped-def]
        if not self["source"]:
            return f"{name(self['to'])} was dealt damage earlier this turn"
        return f"{name(self['source'])} dealt damage to {name(self['to'])} earlier this turn"


#: the card types of permanents (CR 110.4) an `entered` entry may count
ENTERED_TYPES = ("land", "creature", "artifact", "enchantment", "planeswalker", "battle")


@word("this_turn", "entered")
class EnteredThisTurn(GameFact):
    """`count` permanents of the card type `type` entered the battlefield under `player`'s
    control this turn, before the event the question asks about (history2 area: "if you had
    a land enter the battlefield under your control this turn"). A player (or type) without
    an entry: not said."""

    slots = {
        "player": slot(str, ref="player"),
        "type": slot(str, "land", choices=ENTERED_TYPES, doc="the card type counted"),
        "count": slot(int, 1, doc="how many such permanents entered (0: none)"),
    }
    reads = "{count} {type}(s) entered the battlefield under {player}'s control this turn"

    def describe(self, name):  # type: ignore[no-untyped-def]
        n, kind = self["count"], self["type"]
        many = f"no {kind}" if n == 0 else f"{n} {kind}" + ("s" if n != 1 else "")
        return f"{many} entered the battlefield under {name(self['player'])}'s control " \
            "this turn"


@word("this_turn", "drew")
class DrewThisTurn(GameFact):
    """`player` drew `count` cards this turn, before the event the question asks about
    (castcond area: "whenever you draw your second card each turn" triggers on the draw that
    is their second). A player without an entry: not said."""

    slots = {
        "player": slot(str, ref="player"),
        "count": slot(int, 1, doc="how many cards they drew this turn (0: none)"),
    }
    reads = "{player} drew {count} card(s) this turn"

    def describe(self, name):  # type: ignore[no-untyped-def]
        n = self["count"]
        many = "no card" if n == 0 else f"{n} card" + ("s" if n != 1 else "")
        return f"{name(self['player'])} drew {many} this turn"


class NthCounted(GameFact):
    """For a trigger on a player's nth spell or card of the turn (castcond area, "whenever
    you cast your second spell each turn"): whether the event asked about is that player's
    nth (`holds`), or that the situation doesn't say (`known` false), with the count that
    decides it, in words."""

    slots = {"ability": slot(str), "player": slot(str), "kind": slot(str),
             "holds": slot(bool, False), "known": slot(bool, True), "said": slot(str, "")}
    reads = "{said}"


class ConditionUnknown(GameFact):
    """The situation doesn't say enough to decide the condition `condition`."""

    slots = {"condition": slot(str), "why": slot(str, "")}
    reads = "whether {condition} holds can't be decided ({why})"


class Triggered(GameFact):
    """`ability` triggers on occurrence `occurrence` of the event (once per occurrence,
    CR 603.2c) and is controlled by `controller` (CR 603.3a)."""

    slots = {"ability": slot(str), "source": slot(str), "occurrence": slot(str),
             "controller": slot(str), "delayed": slot(bool, False),
             "about": slot(str, "", doc="the object or player the occurrence is about"),
             "kind": slot(str, "", doc="the event's kind")}
    reads = "{ability} triggers ({kind}: {about}), controlled by {controller}"


class SourceController(GameFact):
    """Who controls `object`, the source of a triggered ability, as it triggers (CR 603.3a):
    its controller after the control-changing effects in place (CR 613.1b)."""

    slots = {"object": slot(str), "player": slot(str)}
    reads = "{player} controls {object}"


class Apnap(GameFact):
    """`player`'s place in APNAP order this turn (CR 101.4): 0 for the active player, then
    each other player in turn order."""

    slots = {"player": slot(str), "rank": slot(int),
             "place": slot(str, "", doc="the place in words, e.g. 'second, after the active "
                                       "player'")}
    reads = "In APNAP order, {player} comes {place}"


class TopOfStack(GameFact):
    """`object` is resolving: it is on top of the stack and all players passed."""

    slots = {"object": slot(str), "controller": slot(str), "kind": slot(str),
             "ability": slot(str), "source": slot(str)}
    reads = "{object} is on top of the stack and resolves now"


class LeavesStackTo(GameFact):
    """Derived: as it finishes resolving, spell `object` goes to `zone` instead of its
    owner's graveyard (buyback: the hand, 702.27a; flashback: exile, 702.34a)."""

    slots = {"object": slot(str), "zone": slot(str), "why": slot(str)}
    reads = "{object} goes to the {zone} instead of the graveyard ({why})"


class Targeter(GameFact):
    """A spell or ability whose targets are checked now: as it is cast (`stage` cast,
    CR 601.2c) or as it resolves (`stage` resolve, CR 608.2b). `ability` is the ability whose
    target slots it uses; `source` is where it comes from (the spell itself, or the
    ability's source)."""

    slots = {"object": slot(str), "ability": slot(str), "source": slot(str),
             "controller": slot(str), "stage": slot(str)}
    reads = "the targets of {object} are checked ({stage})"


class Targeting(GameFact):
    """`object` has `target` as its target for the slot `slot`, whose selector says what a
    legal target is."""

    slots = {"object": slot(str), "ability": slot(str), "slot": slot(str),
             "selector": slot(str), "target": slot(str), "index": slot(int, 1),
             "stage": slot(str)}
    reads = "{target} is the target ({slot}) of {object}"


class ExtraTarget(GameFact):
    """A target listed for `object` beyond the targets its text asks for."""

    slots = {"object": slot(str), "target": slot(str)}
    reads = "{target} is listed as a target of {object}, which has no target left for it"


class TargetIllegal(GameFact):
    """A chosen target of `object` is illegal now (CR 608.2b), and why."""

    slots = {"object": slot(str), "slot": slot(str), "target": slot(str),
             "reason": slot(str)}
    reads = "{target} is no longer a legal target of {object}: {reason}"


class TargetUndecided(GameFact):
    """A chosen target of `object` can be neither called legal nor illegal from the
    situation (who must control it is not known, CR 508.5), and why."""

    slots = {"object": slot(str), "slot": slot(str), "target": slot(str),
             "why": slot(str)}
    reads = "whether {target} is a legal target of {object} is not known: {why}"


class TargetLegal(GameFact):
    """A chosen target of `object` is still legal."""

    slots = {"object": slot(str), "slot": slot(str), "target": slot(str)}
    reads = "{target} is still a legal target of {object}"


class TargetProtected(GameFact):
    """`target` can't be the target of `object`: `why` (its keyword `keyword`, or "" for a
    reason that is no keyword, such as a control change)."""

    slots = {"object": slot(str), "target": slot(str), "keyword": slot(str),
             "why": slot(str)}
    reads = "{target} can't be targeted by {object}: {why}"


class Fizzles(GameFact):
    """Every target of `object` is illegal, so it doesn't resolve (CR 608.2b)."""

    slots = {"object": slot(str)}
    reads = "every target of {object} is illegal"


class IfFalseOnResolution(GameFact):
    """`object`'s intervening 'if' is false as it resolves: it does nothing (CR 608.2a)."""

    slots = {"object": slot(str)}
    reads = "the 'if' condition of {object} is false as it resolves"


class Countered(GameFact):
    """`object` is countered by `by` (CR 701.6a)."""

    slots = {"object": slot(str), "by": slot(str)}
    reads = "{object} is countered by {by}"


class Uncounterable(GameFact):
    """`object` can't be countered (a static ability of the spell, CR 101.2)."""

    slots = {"object": slot(str), "by": slot(str)}
    reads = "{object} can't be countered ({by})"


class CopyMade(GameFact):
    """A copy of the spell `original` is put on the stack for `controller` (CR 707.10)."""

    slots = {"original": slot(str), "controller": slot(str), "by": slot(str),
             "step": slot(str, "", doc="the instruction step that copies it, if one does")}
    reads = "a copy of {original} is put on the stack, controlled by {controller}"


class Characteristic(GameFact):
    """A quality of a spell or ability's source that protection can name: a color, card type
    or name."""

    slots = {"object": slot(str), "quality": slot(str)}
    reads = "{object} is {quality}"


def names_list(values: Any, name: Any) -> str:
    items = [name(v) for v in values]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# -- reading the `stack:` of a situation --------------------------------------------------------

#: keys a stack entry may have besides an object's
STACK_KEYS = {
    "targets": "the targets chosen: a list in the order of the card's targets, or "
               "{slot id: target(s)}",
    "x": "the value chosen for X",
    "kicked": "true if its kicker (or optional additional cost) was paid",
    # sacrificed: what its cost sacrificed, which "the sacrificed creature's power" measures
    "sacrificed": "what was sacrificed to pay its cost, by id: objects now in a graveyard, "
                  "as they last existed on the battlefield (CR 601.2h, 608.2h)",
    "modes": "the modes chosen, by number: [1, 3]",
    # divided: "divided as you choose among …" (CR 601.2d), read by knowledge/rules/divided.py
    "divide": "how a divided amount (damage, counters) is split among its targets: "
              "{target: share}, at least 1 each, adding up to the amount (CR 601.2d)",
    "from": "the zone it was cast from (default hand)",
    "copy": "true for a copy of a spell (it was not cast)",
}
ABILITY_ENTRY_KEYS = {
    "ability": "the ability on the stack, as <object id>.<n> (like chupacabra.1)",
    "controller": "who controls it (its source's controller by default)",
    "id": "a short id to refer to it",
    "targets": STACK_KEYS["targets"],
    "x": STACK_KEYS["x"],
    "modes": STACK_KEYS["modes"],
    "sacrificed": STACK_KEYS["sacrificed"],
    "divide": STACK_KEYS["divide"],
    # choice: what its controller chooses as it resolves (CR 608.2d), as for an object
    "chosen": "choices made for it: color, creature type, basic land type",
    # dmgtrig: the amount of the trigger event (knowledge/resolving.py, Walk.amount)
    "that_much": "for a triggered ability: the damage its trigger event dealt, which its "
                 "effect counts as 'that much' (CR 120.9)",
}


def read_stack(loader: Any, raw: Any, line: int) -> None:
    """The `stack:` of a situation: one list, top first (or one player's list). A card entry
    is a spell (an object in the stack zone); an `ability:` entry is an activated or triggered
    ability on the stack."""
    from rulings.facts.located import line_of

    entries: list[tuple[Any, int, str | None]] = []
    if isinstance(raw, dict):
        if len(raw) > 1:
            loader.problem(line, "the stack is listed by player, so its order is unknown",
                           "write stack: as one list, top first, with controller: on each")
            return
        for player, items in raw.items():
            where = line_of(raw, player) or line
            if player not in loader.situation.players:
                loader.not_a_player(where, f"'{player}' is not a player", str(player))
                return
            if not isinstance(items, list):
                loader.problem(where, f"{player}'s stack must be a list", "write [Card, Card]")
                return
            entries = [(e, line_of(items, i) or where, player) for i, e in enumerate(items)]
    elif isinstance(raw, list):
        entries = [(e, line_of(raw, i) or line, None) for i, e in enumerate(raw)]
    else:
        loader.problem(line, "'stack' must be a list, top first",
                       "write stack: [{card: Counterspell, controller: Bob, targets: [bolt]}]")
        return
    for position, (entry, where, player) in enumerate(entries, 1):
        if isinstance(entry, dict) and "ability" in entry:
            _read_ability_entry(loader, entry, where, position, player)
        else:
            _read_spell_entry(loader, entry, where, position, player)
    if entries:
        _stack_not_empty(loader, line)


def _split(entry: Any, keys: dict[str, str]) -> tuple[Any, dict[str, Any]]:
    from rulings.facts.located import Mapping

    if not isinstance(entry, dict):
        return entry, {}
    rest = Mapping()
    rest.line = getattr(entry, "line", 0)
    rest.key_lines = {}
    extra: dict[str, Any] = {}
    for key, value in entry.items():
        if key in keys:
            extra[key] = value
        else:
            rest[key] = value
            rest.key_lines[key] = getattr(entry, "key_lines", {}).get(key, rest.line)
    return rest, extra


def _read_spell_entry(loader: Any, entry: Any, line: int, position: int,
                      player: str | None) -> None:
    before = len(loader.objects)
    rest, extra = _split(entry, STACK_KEYS)
    loader.read_object(rest, "stack", line, player, position)
    if len(loader.objects) == before:
        return  # not readable: already reported
    oid = list(loader.objects)[-1]
    obj = loader.objects[oid]
    fields = _choices(loader, extra, line, oid)
    fields["kind"] = "copy" if extra.get("copy") is True else "spell"
    if "from" in extra:
        fields["cast_from"] = str(extra["from"])
        if extra.get("copy") is True:
            loader.problem(line, f"{obj['name']} is a copy of a spell, which is not cast, so "
                           "it wasn't cast from any zone (CR 707.10)", "drop from:")
    if "copy" in extra and not isinstance(extra["copy"], bool):
        loader.problem(line, "'copy' must be true or false", "write copy: true")
    if fields.get("x", -1) >= 0:  # X counts in the spell's mana value (CR 202.3e)
        from rulings.facts.game import GameObject

        data = {k: v for k, v in obj.items() if not GameFact.is_special(k)}
        new = GameObject(**{**data, "x": fields["x"]})
        loader.objects[oid] = new
        facts = loader.situation.facts
        index = next((k for k, f in enumerate(facts) if f is obj), None)
        if index is not None:
            facts[index] = new
    entry_fact = StackObject(id=oid, position=position, source=oid,
                             controller=obj["controller"], **fields)
    loader.situation.facts.append(entry_fact)
    if fields.get("sacrificed"):
        loader.pending_refs.append((entry_fact, line))


def _read_ability_entry(loader: Any, entry: dict[str, Any], line: int, position: int,
                        player: str | None) -> None:
    from rulings.facts.errors import nearest
    from rulings.facts.located import line_of

    for key in entry:
        if key not in ABILITY_ENTRY_KEYS:
            loader.problem(line_of(entry, key) or line, f"unknown key '{key}' of an ability "
                           "on the stack", nearest(key, ABILITY_ENTRY_KEYS, "keys"))
    ability = str(entry["ability"])
    oid = entry.get("id") or f"stack-{position}"
    if not isinstance(oid, str) or oid in loader.objects:
        loader.problem(line_of(entry, "id") or line, f"the id {oid!r} is not usable here",
                       "give the ability on the stack its own id")
        return
    controller = entry.get("controller") or player
    source_ref = ability.rpartition(".")[0] or ability
    source = loader.objects.get(source_ref)
    if source is None:
        ids = loader.by_name.get(source_ref) or loader.by_name.get(source_ref.lower()) or []
        source = loader.objects.get(ids[0]) if len(ids) == 1 else None
    if not controller and source is not None:
        controller = source["controller"]
    if not controller:
        loader.problem(line, f"the ability {ability} on the stack has no controller",
                       "add controller: <player>, or list its source in the situation first")
        return
    # the ability on the stack is named as its ability is (the sentences say where it is);
    # two of the same ability on the stack are told apart by their ids
    shown = loader.situation.name(ability)
    twins = [f["id"] for f in loader.situation.facts
             if isinstance(f, StackObject) and f["kind"] == "ability" and f["ability"] == ability]
    for other in twins:
        loader.situation.names[other] = f"{shown} ({other})"
    loader.situation.names[oid] = f"{shown} ({oid})" if twins else shown
    fields = _choices(loader, {k: v for k, v in entry.items() if k in STACK_KEYS}, line, oid)
    if "that_much" in entry:  # dmgtrig: the damage its trigger event dealt
        much = entry["that_much"]
        if isinstance(much, int) and not isinstance(much, bool) and much >= 0:
            fields["that_much"] = much
        else:
            loader.problem(line_of(entry, "that_much") or line,
                           f"'that_much' must be a whole number, not {much!r}",
                           "write that_much: 3")
    fact = StackObject(id=oid, position=position, kind="ability", ability=ability,
                       source=source["id"] if source is not None else "",
                       controller=str(controller), **fields)
    loader.situation.facts.append(fact)
    loader.pending_refs.append((fact, line))
    loader.add_choices(oid, entry, line)  # choice: `chosen:` (CR 608.2d)
    # other entries may target it (a spell that counters an ability): its id resolves
    loader.by_name.setdefault(oid, []).append(oid)


def _choices(loader: Any, extra: dict[str, Any], line: int, oid: str) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if "x" in extra:
        if isinstance(extra["x"], int) and not isinstance(extra["x"], bool) and extra["x"] >= 0:
            fields["x"] = extra["x"]
        else:
            loader.problem(line, f"'x' must be a whole number, not {extra['x']!r}", "write x: 3")
    if "kicked" in extra:
        if isinstance(extra["kicked"], bool):
            fields["kicked"] = extra["kicked"]
        else:
            loader.problem(line, "'kicked' must be true or false", "write kicked: true")
    if "modes" in extra:
        modes = extra["modes"] if isinstance(extra["modes"], list) else [extra["modes"]]
        fields["modes"] = [str(m) for m in modes]
    if "sacrificed" in extra:
        gone = extra["sacrificed"] if isinstance(extra["sacrificed"], list) else [
            extra["sacrificed"]]
        if all(isinstance(g, str) and g for g in gone):
            fields["sacrificed"] = list(gone)
        else:
            loader.problem(line, f"'sacrificed' must list object ids, not {extra['sacrificed']!r}",
                           "write sacrificed: [bears]")
    if "divide" in extra:
        _read_divide(loader, extra["divide"], line, oid)
    targets = extra.get("targets")
    if targets is None:
        return fields
    pairs: list[tuple[str, Any]] = []
    if isinstance(targets, dict):
        for slot_id, value in targets.items():
            for v in value if isinstance(value, list) else [value]:
                pairs.append((str(slot_id), v))
    elif isinstance(targets, list):
        pairs = [("", v) for v in targets]
    else:
        pairs = [("", targets)]
    for index, (slot_id, value) in enumerate(pairs, 1):
        if not isinstance(value, str):
            loader.problem(line, f"a target must be an object id or a player, not {value!r}",
                           "write targets: [bears] or targets: [Bob]")
            continue
        fact = ChosenTarget(object=oid, slot=slot_id, index=index, target=value)
        loader.situation.facts.append(fact)
        loader.pending_refs.append((fact, line))
    return fields


def _read_divide(loader: Any, raw: Any, line: int, oid: str) -> None:
    """divided: `divide: {bears: 2, Bob: 1}`, each target's share of a divided amount as it was
    announced with the targets (CR 601.2d); every share is at least 1."""
    from rulings.facts.located import line_of

    if not isinstance(raw, dict) or not raw:
        loader.problem(line, f"'divide' must map each target to its share, not {raw!r}",
                       "write divide: {bears: 2, Bob: 1}")
        return
    for target, share in raw.items():
        where = line_of(raw, target) or line
        if not isinstance(share, int) or isinstance(share, bool):
            loader.problem(where, f"the share of {target} must be a whole number, not "
                           f"{share!r}", f"write {target}: 1")
            continue
        if share < 1:  # kept, so the other checks don't also say it has no share
            loader.problem(where, f"{target} is given a share of {share}, but each target of "
                           "a divided amount gets at least 1 of it (CR 601.2d)",
                           f"give {target} 1 or more, or don't choose it as a target")
        fact = DividedShare(object=oid, target=str(target), amount=share)
        loader.situation.facts.append(fact)
        loader.pending_refs.append((fact, where))


def _stack_not_empty(loader: Any, line: int) -> None:
    """The turn's `stack_empty` follows from the stack listed (a contradiction is an error)."""
    from rulings.facts.game import Turn

    facts = loader.situation.facts
    for i, fact in enumerate(facts):
        if isinstance(fact, Turn):
            if fact.get("stack_empty") is True:
                loader.problem(line, "the turn says the stack is empty but stack: lists "
                               "objects", "drop stack_empty: true")
                return
            data = {k: v for k, v in fact.items() if not GameFact.is_special(k)}
            data["stack_empty"] = False
            new = Turn(**data)
            facts[i] = new
            loader.pending_refs = [(new if f is fact else f, ln)
                                   for f, ln in loader.pending_refs]
            return


class StepOnTarget(GameFact):
    """Step `index` of `ability` acts on the target of slot `slot` (its verb: `verb`)."""

    slots = {"ability": slot(str), "index": slot(int), "verb": slot(str), "slot": slot(str)}
    reads = "step {index} of {ability} ({verb}) acts on its target {slot}"


# -- the history's bearing on the objects of the situation -----------------------------------

def after_load(loader: Any) -> None:
    """Checks and consequences that need the whole situation read."""
    from rulings.facts.cycling import check_cycles

    apply_history(loader)
    check_event(loader)
    check_cycles(loader)  # cycle: the card cycled is in its owner's hand and has cycling
    check_stack_entries(loader)


#: keywords that are optional additional costs a stack entry's `kicked: true` may mean
OPTIONAL_COST_KEYWORDS = {"kicker", "multikicker", "buyback", "entwine", "bargain", "casualty",
                          "offspring", "squad", "replicate", "conspire", "gift", "escalate",
                          "splice"}


#: keywords that make a spell target one object beyond its text's "target" words: an Aura
#: spell (303.4a), a bestowed Aura (702.103b), a mutating creature spell (702.140a)
TARGETING_KEYWORDS = frozenset({"enchant", "bestow", "mutate"})


def check_stack_entries(loader: Any) -> None:
    """What no game can put on the stack: a spell or ability targeting itself (CR 115.5), a
    mana ability (it resolves at once, CR 605.3a-b), a static ability or a spell's own ability
    named as an ability entry (only activated and triggered abilities go there, CR 113.3,
    602.2a, 603.3), a kicker paid for a spell that has none (CR 702.33a), an X chosen for a
    spell without X in its costs (CR 107.3a), and a resolving spell or ability that needs a
    target but lists none (CR 601.2c, 603.3d: it can't be put there without one)."""
    from rulings.facts.effects import CostPart, Keyword, Step, TargetSlot, Unmodelled
    from rulings.facts.game import Ability

    facts = loader.situation.facts
    lines = {id(f): ln for f, ln in loader.pending_refs}
    abilities = {f["id"]: f for f in facts if isinstance(f, Ability)}
    keywords = {(f["object"], f["keyword"]): f for f in facts if isinstance(f, Keyword)}
    chosen: dict[str, list[GameFact]] = {}
    for f in facts:
        if isinstance(f, ChosenTarget):
            chosen.setdefault(f["object"], []).append(f)
    needs_target: set[str] = {f["ability"] for f in facts
                              if isinstance(f, TargetSlot) and f["min"] > 0}
    resolving = any(isinstance(f, ResolveTop) for f in facts)
    for f in facts:
        if not isinstance(f, StackObject):
            continue
        oid = f["id"]
        line = loader.object_lines.get(oid) or lines.get(id(f), 0)
        what = loader.situation.name(oid)
        for c in chosen.get(oid, ()):
            if c["target"] == oid:
                loader.problem(lines.get(id(c), line), f"{what} targets itself, and a spell "
                               "or ability can never be its own target (CR 115.5)",
                               "name another object or a player as its target")
        if f["kind"] == "ability":
            ab = abilities.get(f["ability"])
            if ab is not None and ab["kind"] == "mana":
                loader.problem(line, f"{f['ability']} is a mana ability: it doesn't use the "
                               "stack, it resolves as it is activated (CR 605.3a-b)",
                               "ask about it with event: {activate: {ability: "
                               f"{f['ability']}}}}}")
            elif ab is not None and ab["kind"] in ("static", "replacement", "spell"):
                loader.problem(line, f"{f['ability']} is a {ab['kind']} ability, and only "
                               "activated and triggered abilities go on the stack (CR 113.3, "
                               "405.1)", "list the spell itself (card:) or name an activated "
                               "or triggered ability")
            own = [f["ability"]]
        else:
            own = [a for a, ab in abilities.items()
                   if ab["source"] == oid and ab["kind"] == "spell"]
            obj = loader.objects.get(oid) or {}
            if obj.get("token"):
                loader.problem(line, f"{what} is a token on the stack, and a token is never a "
                               "spell (a copy of a spell isn't a token, CR 111.1, 707.10)",
                               "drop token: true (write copy: true for a copy of a spell)")
            words = {k for (o, k) in keywords if o == oid}
            unread = any(isinstance(u, Unmodelled) and u["object"] == oid for u in facts)
            if f["kicked"] and not words & OPTIONAL_COST_KEYWORDS and not unread:
                loader.problem(line, f"{what} has no kicker or other optional additional "
                               "cost, so it can't have been kicked (CR 702.33a, 601.2b)",
                               "drop kicked: true")
            costs = [str(obj.get("mana_cost", ""))]
            costs += [str(k.get("value", "")) for (o, _), k in keywords.items() if o == oid]
            costs += [str(c.get("mana", "")) for c in facts
                      if isinstance(c, CostPart) and c["source"] == oid]
            if f["x"] >= 0 and not any("X" in c for c in costs) and not unread:
                loader.problem(line, f"{what} has no X in its costs, so no value of X was "
                               "chosen for it (CR 107.3a, 601.2b)", "drop x:")
        # more targets than the text has places for (CR 601.2c, 115.1): the "target" words of
        # every ability it has bound the count (an unread ability could hold more)
        slots = [t for t in facts if isinstance(t, TargetSlot) and t["ability"] in own]
        room = sum(t["max"] for t in slots)
        if f["kind"] != "ability" and {k for (o, k) in keywords if o == oid} & TARGETING_KEYWORDS:
            room += 1  # an Aura spell targets what it will enchant (303.4a), so do mutate
        if chosen.get(oid) and all(t["max"] >= 0 for t in slots) \
                and len(chosen[oid]) > room and not any(
                    isinstance(u, Unmodelled) and u["object"] == oid for u in facts):
            loader.problem(line, f"{what} lists {len(chosen[oid])} targets, but its text has "
                           f"room for {room} (CR 601.2c, 115.1)",
                           f"list at most {room} target{'s' if room != 1 else ''}"
                           if room else "drop targets:")
        if f["sacrificed"]:
            _check_sacrificed(loader, f, line, what, facts)
        modal = any(isinstance(s, Step) and s["ability"] in own
                    and str(s["part"]).startswith("mode") for s in facts)
        if resolving and f["position"] == 1 and modal and not f["modes"]:
            # its modes were chosen as it was cast or put on the stack: without them, which
            # instructions it follows can't be told (and it can't be there unchosen)
            loader.problem(line, f"{what} is modal, but no modes are listed: they were chosen "
                           "as it was put on the stack (CR 700.2, 601.2b, 603.3c)",
                           "write the modes chosen, by number: modes: [1] or modes: [1, 3]")
        _check_divided(loader, f, line, what, facts, own, chosen.get(oid, []))
        if resolving and f["position"] == 1 and not chosen.get(oid) and not f["modes"] \
                and not modal \
                and any(a in needs_target for a in own):
            loader.problem(line, f"{what} needs a target but none is listed: a spell or "
                           "ability that needs one can't be on the stack without it "
                           "(CR 601.2c, 603.3d)", "write the targets chosen: targets: "
                           "[bears] or targets: [Bob]")


def _check_sacrificed(loader: Any, f: Any, line: int, what: str, facts: list[Any]) -> None:
    """`sacrificed:` names what the entry's cost sacrificed: its cost must sacrifice something
    (an additional cost of a spell, a cost of an ability, CR 601.2h, 602.2b), and what was
    sacrificed is no longer on the battlefield (CR 701.21a)."""
    from rulings.facts.effects import CostPart

    paid_for = f["ability"] if f["kind"] == "ability" else f"{f['id']}.cast"
    parts = [c for c in facts if isinstance(c, CostPart) and c["kind"] == "sacrifice"
             and (c["ability"] == paid_for or f["kind"] != "ability"
                  and c["source"] == f["id"])]
    if not parts:
        loader.problem(line, f"{what} lists what was sacrificed, but its cost sacrifices "
                       "nothing (CR 601.2h, 602.2b)", "drop sacrificed:")
        return
    for oid in f["sacrificed"]:
        obj = loader.objects.get(oid)
        if obj is not None and obj["zone"] in ("battlefield", "stack", "hand", "library"):
            loader.problem(line, f"{loader.situation.name(oid)} was sacrificed to pay the "
                           f"cost of {what}, so it is no longer in the {obj['zone']} "
                           "(CR 701.21a)", "list it in its owner's graveyard (a token too: "
                           "its last known characteristics are used, CR 608.2h)")


def divided_steps(facts: list[Any], abilities: list[str], modes: list[Any]) -> list[Any]:
    """divided: the steps of these abilities whose amount is divided among targets (CR
    601.2d), of the chosen modes only when modes are listed."""
    from rulings.facts.effects import Step, arg

    chosen = {f"mode{m}" for m in modes}

    def counts(part: str) -> bool:
        return part == "do" or part.startswith("mode") and (not chosen or part in chosen)

    return sorted((s for s in facts if isinstance(s, Step) and s["ability"] in abilities
                   and arg(s, "divided") == "true"
                   and s["verb"] in ("deal_damage", "put_counters")
                   and counts(str(s["part"] or "do"))),
                  key=lambda s: (str(s["part"]), s["index"]))


def divided_slot(facts: list[Any], step: Any) -> str:
    """The target slot a divided step divides among: its `to` (damage) or `what` (counters),
    a slot id or a selector naming one."""
    from rulings.facts.effects import Selector

    ref = str(step["to"] if step["verb"] == "deal_damage" else step["what"])
    sel = next((f for f in facts if isinstance(f, Selector) and f["id"] == ref), None)
    return str(sel["ref"]) if sel is not None and sel["ref"] else ref


def slot_targets(facts: list[Any], ability: str, oid: str, modes: list[Any]
                 ) -> dict[str, list[str]]:
    """slot -> the targets listed for it, filled as targets.slot-by-order fills them."""
    from rulings.facts.effects import TargetSlot, chosen_slots, slot_room

    slots = chosen_slots([s for s in facts if isinstance(s, TargetSlot)
                          and s["ability"] == ability], modes)
    chosen = sorted((c for c in facts if isinstance(c, ChosenTarget) and c["object"] == oid),
                    key=lambda c: c["index"])
    out: dict[str, list[str]] = {}
    for c in chosen:
        if c["slot"]:
            out.setdefault(c["slot"], []).append(c["target"])
    queue = [c for c in chosen if not c["slot"]]
    for k, s in enumerate(slots):
        room = slot_room(slots, k, len(queue))
        for _ in range(max(room, 1) if s["max"] >= 0 else room):
            if not queue:
                break
            out.setdefault(s["slot"], []).append(queue.pop(0)["target"])
    return out


def divided_total(step: Any, entry: Any) -> int | None:
    """The amount a divided step divides: a number, or X as the entry chose it; None when
    the situation doesn't fix it (X not given, a count made as it resolves)."""
    amount = str(step["amount"] or "1")
    if amount.isdigit():
        return int(amount)
    if amount.upper() == "X" and entry["x"] >= 0:
        return int(entry["x"])
    return None


def _check_divided(loader: Any, f: Any, line: int, what: str, facts: list[Any],
                   own: list[str], chosen: list[Any]) -> None:
    """divided: `divide:` is given only for a spell or ability that divides an amount among
    its targets; then it gives each target chosen a share, and no one else; and the shares
    add up to the amount (CR 601.2d). Each target gets at least 1, so no more targets can be
    chosen than the amount (also without `divide:`)."""
    from rulings.facts.effects import Unmodelled

    shares = [s for s in facts if isinstance(s, DividedShare) and s["object"] == f["id"]]
    steps = divided_steps(facts, own, f["modes"])
    unread = any(isinstance(u, Unmodelled) and u["object"] in (f["id"], f["source"])
                 for u in facts)
    if not steps:
        if shares and not unread:
            loader.problem(line, f"{what} lists a division (divide:), but it divides no "
                           "damage or counters among targets (CR 601.2d)", "drop divide:")
        return
    step = steps[0]
    ability = str(step["ability"])
    slot = divided_slot(facts, step)
    targets = slot_targets(facts, ability, f["id"], f["modes"]).get(slot, [])
    total = divided_total(step, f)
    noun = "damage" if step["verb"] == "deal_damage" else "counters"
    if total is not None and len(targets) > total:
        loader.problem(line, f"{what} divides {total} {noun} among {len(targets)} targets, "
                       "but each target must get at least 1 (CR 601.2d)",
                       f"choose at most {total} target{'s' if total != 1 else ''}")
    if not shares:
        return  # the division is open: the answer says so (knowledge/rules/divided.py)
    given = {s["target"]: s["amount"] for s in shares}
    for target in given:
        if target not in targets:
            loader.problem(line, f"divide: gives {loader.situation.name(target)} a share, but "
                           f"it is not a target {what} divides its {noun} among "
                           "(CR 601.2d)", "give shares only to its targets, or add it to "
                           "targets:")
    for target in targets:
        if target not in given:
            loader.problem(line, f"divide: gives {loader.situation.name(target)} no share, "
                           f"but each target of {what} gets at least 1 of its {noun} "
                           "(CR 601.2d)", f"add {target}: 1 (or more) to divide:")
    if any(a < 1 for a in given.values()):
        return  # said already (_read_divide): the sum of a wrong division says no more
    if step["amount"] and str(step["amount"]).upper() == "X" and f["x"] < 0:
        loader.problem(line, f"divide: splits X {noun}, but {what} has no x: given "
                       "(CR 107.3, 601.2d)", f"write x: {sum(given.values())}")
    elif total is not None and sum(given.values()) != total:
        loader.problem(line, f"the shares of divide: add up to {sum(given.values())}, but "
                       f"{what} divides {total} {noun} (CR 601.2d)",
                       f"make the shares add up to {total}")


def _check_top_search(loader: Any, fact: Any, line: int, stack: dict[str, Any],
                      abilities: dict[str, Any]) -> None:
    """`find:` on resolve_top names what the top object's search finds (CR 701.23a): the top
    must search, and find no more cards than its search names."""
    from rulings.facts.effects import Unmodelled
    from rulings.facts.resolution import SearchStep

    top = next((f for f in stack.values() if f["position"] == 1), None)
    if top is None:
        return
    ability = top["ability"] if top["kind"] == "ability" else next(
        (a["id"] for a in abilities.values() if a["source"] == top["id"]
         and a["kind"] == "spell"), "")
    facts = loader.situation.facts
    searches = [f for f in facts if isinstance(f, SearchStep) and f["ability"] == ability]
    unread = any(isinstance(u, Unmodelled) and u["object"] in (top["id"], top["source"])
                 for u in facts)
    name = loader.situation.name(top["id"])
    if not searches and not unread:
        loader.problem(line, f"'find' names the cards a search finds, but {name} has no "
                       "search (CR 701.23a)", "drop find: and find_nothing:")
    most = sum(f["count"] for f in searches)
    if searches and not any(f["any_number"] for f in searches) and len(fact["find"]) > most:
        loader.problem(line, f"'find' lists {len(fact['find'])} cards, but the search of "
                       f"{name} finds at most {most} (CR 701.23a)",
                       f"list at most {most} card{'s' if most != 1 else ''} in find:")


def _check_top_coin(loader: Any, fact: Any, line: int, stack: dict[str, Any],
                    abilities: dict[str, Any]) -> None:
    """coin: `flip:` / `clash:` on resolve_top say how the top object's coin flip or clash
    comes out (CR 705.2, 701.30d): the top must flip a coin, or clash."""
    from rulings.facts.effects import Step, Unmodelled

    top = next((f for f in stack.values() if f["position"] == 1), None)
    if top is None:
        return
    ability = top["ability"] if top["kind"] == "ability" else next(
        (a["id"] for a in abilities.values() if a["source"] == top["id"]
         and a["kind"] == "spell"), "")
    facts = loader.situation.facts
    verbs = {f["verb"] for f in facts if isinstance(f, Step) and f["ability"] == ability}
    unread = any(isinstance(u, Unmodelled) and u["object"] in (top["id"], top["source"])
                 for u in facts)
    name = loader.situation.name(top["id"])
    for key, verb, what in (("flip", "flip_coin", "flips no coin (CR 705.2)"),
                            ("clash", "clash", "doesn't clash (CR 701.30)")):
        if fact[key] and verb not in verbs and not unread:
            loader.problem(line, f"'{key}' says how its {key} comes out, but {name} {what}",
                           f"drop {key}:")


def check_event(loader: Any) -> None:
    """The event asked about must be possible: something on the stack to resolve or copy,
    permanents on the battlefield to die, leave or change, no target for a mana ability."""
    from rulings.facts.game import Ability
    from rulings.facts.mana import Activate
    from rulings.facts.resolution import Resolve, SearchStep
    facts = loader.situation.facts
    lines = {id(f): ln for f, ln in loader.pending_refs}
    stack = {f["id"]: f for f in facts if isinstance(f, StackObject)}
    abilities = {f["id"]: f for f in facts if isinstance(f, Ability)}
    for fact in facts:
        line = lines.get(id(fact), 0)
        if isinstance(fact, ResolveTop) and not stack:
            loader.problem(line, "nothing is on the stack to resolve",
                           "list the spells and abilities under stack:, top first")
        elif isinstance(fact, ResolveTop) and (fact["find"] or fact["find_nothing"]):
            _check_top_search(loader, fact, line, stack, abilities)
        if isinstance(fact, ResolveTop) and stack and (fact["flip"] or fact["clash"]):
            _check_top_coin(loader, fact, line, stack, abilities)
        elif isinstance(fact, Activate) and fact["targets"]:
            ability = abilities.get(fact["ability"])
            if ability is not None and ability["kind"] == "mana":
                loader.problem(line, f"{fact['ability']} is a mana ability, and a mana "
                               "ability never has a target (CR 605.1a)", "drop targets:")
        elif isinstance(fact, Resolve) and fact["find"]:
            # a search finds at most the number it names (CR 701.23a): more picks than
            # that is a question no game can ask
            searches = [f for f in facts if isinstance(f, SearchStep)
                        and f["ability"] == fact["ability"]]
            most = sum(f["count"] for f in searches)
            if searches and not any(f["any_number"] for f in searches) and \
                    len(fact["find"]) > most:
                loader.problem(line, f"'find' lists {len(fact['find'])} cards, but the "
                               f"search of {loader.situation.name(fact['ability'])} finds "
                               f"at most {most} (CR 701.23a)",
                               f"list at most {most} card{'s' if most != 1 else ''} in find:")
        elif isinstance(fact, CopySpell) and fact["object"] not in stack:
            loader.problem(line, f"'{fact['object']}' is not a spell on the stack",
                           "list it under stack: and copy it by its id")
        elif isinstance(fact, ObjectsEvent):
            for oid in fact["objects"]:
                obj = loader.objects.get(oid)
                if obj is not None and obj["zone"] != "battlefield":
                    loader.problem(line, f"{obj['name']} is in the {obj['zone']}, not on the "
                                   "battlefield", "the situation is the game just before "
                                   "the event: list it on the battlefield")


def apply_history(loader: Any) -> None:
    """What `history:` says about objects the situation lists: a permanent that came under
    its controller's control on turn N has been under it since that player's most recent
    turn began only if N is before that turn (CR 302.6); an object entry saying otherwise is
    a contradiction. Entries from a turn after the current one are impossible."""
    from rulings.facts.game import GameObject, Player, Turn

    facts = loader.situation.facts
    turn = next((f for f in facts if isinstance(f, Turn)), None)
    if turn is None:
        return
    number = turn.get("number", 1)
    seats = {f["name"]: f.get("seat", 0) for f in facts if isinstance(f, Player)}
    lines = {id(f): ln for f, ln in loader.pending_refs}
    for fact in list(facts):
        if not isinstance(fact, HistoryWord):
            continue
        line = lines.get(id(fact), 0)
        if fact["turn"] > number:
            loader.problem(line, f"history says turn {fact['turn']}, after the current turn "
                           f"{number}", f"write a turn from 1 to {number}")
            continue
        if fact["turn"] < 1:
            loader.problem(line, "turns are numbered from 1", "write turn: 1 or later")
            continue
        if isinstance(fact, SpellsCast) and fact["count"] < 0:
            loader.problem(line, f"spells_cast says {fact['count']} spells",
                           "write count: 0 or more")
            continue
        if not isinstance(fact, CameUnderControl):
            continue
        oid = fact["object"]
        obj = loader.objects.get(oid)
        if obj is None or obj["zone"] != "battlefield":
            loader.problem(line, f"'{oid}' is not on the battlefield",
                           "list the permanent on the battlefield")
            continue
        controller = fact.get("player") or obj["controller"]
        if controller != obj["controller"]:
            loader.problem(line, f"{oid} is controlled by {obj['controller']}, not "
                           f"{controller}", f"write player: {obj['controller']}")
            continue
        latest = _latest_turn_of(controller, turn, seats)
        since = latest > 0 and fact["turn"] < latest
        index = next((k for k, f in enumerate(facts) if f is obj), None)
        if "since_turn_began" in obj:
            if obj["since_turn_began"] != since:
                loader.problem(loader.object_lines.get(oid, line),
                               f"since_turn_began: {str(obj['since_turn_began']).lower()} "
                               f"contradicts history (under {controller}'s control since "
                               f"turn {fact['turn']})",
                               f"drop since_turn_began or write {str(since).lower()}")
            continue
        data = {k: v for k, v in obj.items() if not GameFact.is_special(k)}
        data["since_turn_began"] = since
        new = GameObject(**data)
        loader.objects[oid] = new
        if index is not None:
            facts[index] = new


def _latest_turn_of(player: str, turn: GameFact, seats: dict[str, int]) -> int:
    """The number of `player`'s most recent turn (0: none yet), turns going in seat order."""
    active = turn.get("active", "")
    if player == active:
        return int(turn.get("number", 1))
    n = len(seats) or 1
    behind = (seats.get(active, 0) - seats.get(player, 0)) % n
    return int(turn.get("number", 1)) - behind


# -- dmgtrig: damage events (knowledge/rules/damage_triggers.py) --------------------------------

#: trigger events made from the damage dealt (CR 120.4b): they don't look back (CR 603.10), and
#: their source sees them if it is on the battlefield as the damage is dealt, even if
#: state-based actions then remove it
DAMAGE_EVENTS = ("deals_damage", "dealt_damage")


class DamagedFits(GameFact):
    """`recipient`, dealt damage in the event asked about, is what the `to` filter of
    `ability`'s deals-damage trigger describes (a player, an opponent, a creature …)."""

    slots = {"ability": slot(str), "recipient": slot(str)}
    reads = "{recipient} is what {ability} watches being dealt damage"


class TriggerAmount(GameFact):
    """How much damage the occurrence `occurrence` of `ability`'s trigger event dealt: the
    number its effect counts as 'that much' (CR 120.9)."""

    slots = {"ability": slot(str), "occurrence": slot(str), "amount": slot(int)}
    reads = "the occurrence of {ability}'s trigger event dealt {amount} damage"
