"""Words for casting spells and playing lands: the `cast` and `play_land` events, what a card
says about when and how it may be cast (flash, its own timing restrictions, kicker and other
additional costs, overload and other alternative costs), the lands played this turn, and the
records of a conspiracy draft (picks and noted names).

The card classes here (Flash, Kicker, Overload, AdditionalCostWord, AlternativeCostWord,
CastOnlyDuring, DraftNoteNextPick) are no longer words of card files: facts/lowering.py
derives them from keywords, card costs and effect-language nodes."""

from __future__ import annotations

import re
from typing import ClassVar

from rulings.facts.game import STEPS
from rulings.facts.vocabulary import GameFact, entry_key, slot, word

#: the steps a card's own timing restriction may name; "combat" stands for the combat steps
RESTRICTION_STEPS = (*STEPS, "combat")


class CardWord(GameFact):
    """An ability word of a card file: the loader fills `ability` and `source`."""

    implicit: ClassVar[tuple[str, ...]] = ("ability", "source")
    ability_kind: ClassVar[str] = "static"
    summary: ClassVar[str] = ""


# -- what a card says about being cast --------------------------------------------------------

class Flash(CardWord):
    """Flash (CR 702.8): the card may be cast any time its caster could cast an instant."""

    summary = "flash"
    slots = {"ability": slot(str), "source": slot(str, ref="object")}
    reads = "{source} has flash"


class KickedPermanent(GameFact):
    """The situation says whether permanent `object` was cast as a kicked spell (`kicked:
    true`, or a number of times for multikicker): its "if it was kicked" abilities read it
    (CR 702.33d-e)."""

    slots = {"object": slot(str, ref="object"), "kicked": slot(bool),
             "times": slot(int, 0, doc="how many times it was kicked (multikicker)")}
    reads = "{object} was cast kicked: {kicked}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        if not self["kicked"]:
            return f"{name(self['object'])} was not kicked when it was cast"
        times = f" ({self['times']} times)" if self["times"] > 1 else ""
        return f"{name(self['object'])} was kicked when it was cast{times}"


@entry_key("object", "kicked", "whether it was kicked when it was cast (true, false, or the "
                               "number of times for multikicker; CR 702.33d-e)",
           {"oneOf": [{"type": "boolean"}, {"type": "integer", "minimum": 0}]},
           fix="write kicked: true (or kicked: 2 for multikicker)", zones=("battlefield",))
def _kicked(owner: str, value: object, order: int) -> list[GameFact]:
    if isinstance(value, bool):
        return [KickedPermanent(object=owner, kicked=value, times=int(value))]
    if isinstance(value, int) and value >= 0:
        return [KickedPermanent(object=owner, kicked=value > 0, times=value)]
    raise ValueError(f"must be true, false or a number of times, not {value!r}")


class CastFromPermanent(GameFact):
    """The situation says where permanent `object` was cast from as the spell it was
    (`cast_from: hand`), or that it wasn't cast (`cast_from: none`: put onto the battlefield
    some other way): its "if you cast it (from your hand)" abilities read it (castcond area;
    CR 603.4)."""

    slots = {"object": slot(str, ref="object"),
             "zone": slot(str, doc="the zone it was cast from, or none")}
    reads = "{object} was cast from: {zone}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        if self["zone"] == "none":
            return f"{name(self['object'])} wasn't cast: it was put onto the battlefield"
        return f"{name(self['object'])} was cast from its owner's {self['zone']}"


#: where a permanent's spell may have been cast from (CR 601.2a), or none
CAST_FROM = ("hand", "graveyard", "exile", "library", "command", "none")


@entry_key("object", "cast_from", "where it was cast from as a spell (hand, graveyard, exile, "
                                  "library, command), or none: it wasn't cast (CR 601.2a, "
                                  "603.4)",
           {"type": "string", "enum": list(CAST_FROM)},
           fix="write cast_from: hand (or graveyard, exile, library, command, none)",
           zones=("battlefield",))
def _cast_from(owner: str, value: object, order: int) -> list[GameFact]:
    if value not in CAST_FROM:
        raise ValueError(f"must be one of {', '.join(CAST_FROM)}, not {value!r}")
    return [CastFromPermanent(object=owner, zone=str(value))]


class ManaSpentPermanent(GameFact):
    """The situation says what mana was spent to cast the spell that permanent `object` was
    (`spent: "{R}{G}"`): its "if {R} was spent to cast it" abilities read it (freecast;
    CR 601.2h, 603.4)."""

    slots = {"object": slot(str, ref="object"),
             "mana": slot(list, doc="the mana spent, one symbol each: [R, G, C]")}
    reads = "the mana spent to cast {object} was {mana}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        spent = "".join(f"{{{m}}}" for m in self["mana"]) or "no mana"
        return f"{spent} was spent to cast {name(self['object'])}"


_SPENT = re.compile(r"(?:\{[wubrgc]\})*")


@entry_key("object", "spent", "the mana spent to cast the spell it was, like \"{R}{G}\" (\"\" "
                              "for none); its \"if {R} was spent to cast it\" abilities read "
                              "it (CR 601.2h)",
           {"type": "string"}, fix='write spent: "{R}{G}"', zones=("battlefield",))
def _spent(owner: str, value: object, order: int) -> list[GameFact]:
    text = str(value).lower().replace(" ", "")
    if not isinstance(value, str) or not _SPENT.fullmatch(text):
        raise ValueError(f"must be mana symbols of one color or colorless each, like "
                         f"\"{{R}}{{G}}\", not {value!r}")
    return [ManaSpentPermanent(object=owner, mana=[m.upper() for m in text[1:-1].split("}{")]
                               if text else [])]


class CastOnlyDuring(CardWord):
    """A timing restriction of the card's own, not based on its card type, such as 'cast this
    spell only during combat'. `steps` lists the steps in which it may be cast ('combat' means
    any combat step); `whose_turn` may narrow it to its caster's turn or an opponent's."""

    summary = "a timing restriction on casting it"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "steps": slot(list, choices=RESTRICTION_STEPS, doc="steps in which it may be cast"),
        "whose_turn": slot(str, "any", choices=("any", "yours", "an opponent's")),
    }
    reads = "{source} may be cast only during: {steps}"


class Kicker(CardWord):
    """Kicker (CR 702.33a): an optional additional cost."""

    summary = "kicker"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "cost": slot(list, doc="like {4}"),
    }
    reads = "{source} has kicker {cost}"


class AdditionalCostWord(CardWord):
    """An additional cost printed on the card (CR 118.8), mandatory unless `optional`."""

    summary = "an additional cost to cast it"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "cost": slot(list, doc="like 'sacrifice a creature' or {1}"),
        "optional": slot(bool, False),
    }
    reads = "casting {source} has the additional cost: {cost}"


class Overload(CardWord):
    """Overload (CR 702.96a): an alternative cost that also changes 'target' to 'each'."""

    summary = "overload"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "cost": slot(list, doc="like {6}{U}"),
    }
    reads = "{source} has overload {cost}"


class AlternativeCostWord(CardWord):
    """Any other alternative cost printed on the card (CR 118.9), by name."""

    summary = "an alternative cost"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "name": slot(str, doc="the name a cast event uses to choose it, like 'evoke'"),
        "cost": slot(list, doc="what is paid instead of the mana cost"),
        # freecast (issue 25): "if you control a Swamp, you may …" / "… you may cast this
        # spell without paying its mana cost" (CR 118.9)
        "condition": slot(str, "", doc="a condition that must hold as it is cast (a "
                                       "condition id), or none"),
        "free": slot(bool, False, doc="the alternative cost is nothing: the spell is cast "
                                      "without paying its mana cost"),
    }
    reads = "{source} may be cast for {cost} ({name}) instead of its mana cost"


class DraftNoteNextPick(CardWord):
    """A draft ability (CR 905.2b): reveal this card as it is drafted, then reveal the next card
    its drafter drafts and note that card's name."""

    summary = "as it is drafted: reveal it, then reveal the next card drafted and note its name"
    slots = {"ability": slot(str), "source": slot(str, ref="object")}
    reads = "{source} has its drafter note the name of the next card they draft"


# -- events -----------------------------------------------------------------------------------

@word("event", "cast")
class Cast(GameFact):
    """A player casts (or proposes to cast) a card as a spell, with the choices made for it."""

    slots = {
        "card": slot(str, ref="object"),
        "player": slot(str, "", ref="player", doc="who casts it; the card's controller if left out"),
        "without_paying_mana_cost": slot(bool, False),
        "x": slot(int, -1, doc="the value chosen for X (leave out if none)"),
        "pay_kicker": slot(bool, False, doc="pay its kicker or other optional additional cost"),
        "alternative_cost": slot(str, "", doc="an alternative cost chosen, like overload"),
        "during": slot(str, "", ref="ability",
                       doc="the spell or ability whose resolution lets the player cast it"),
        "pay_with": slot(list, [], ref="ability",
                         doc="mana abilities activated while paying for it, by ability id "
                             "(like deranged-assistant.1); each must help pay the cost"),
        "targets": slot(list, [], ref="player or object",
                        doc="the targets chosen, in the order of the card's targets"),
        "face": slot(str, "", doc="for a card with faces: the half or face cast (its name, "
                                  "front or back; CR 709.3, 712.11b, 715.3a)"),
        "fused": slot(bool, False, doc="a split card with fuse cast with both halves from the "
                                       "hand (CR 702.102)"),
        "sacrifice": slot(list, [], ref="object",
                          doc="the permanents sacrificed to pay its cost (CR 601.2h), when "
                              "the cost lets the player choose"),
        # spells (issue 25): a modal spell's modes, chosen as it is cast (CR 601.2b, 700.2)
        "modes": slot(list, [], doc="for a modal spell: the modes chosen, by number: [1, 3]"),
        # costs: the cards revealed from the caster's hand to splice onto it (CR 702.47a)
        "splice": slot(list, [], ref="object",
                       doc="cards with splice revealed from the caster's hand and spliced "
                           "onto it, by id (CR 702.47, 601.2b)"),
    }
    reads = "{player} casts {card}"


@word("event", "play_land")
class PlayLand(GameFact):
    """A player plays a card as a land (a special action, CR 116.2a)."""

    slots = {
        "card": slot(str, ref="object"),
        "player": slot(str, "", ref="player", doc="who plays it; the card's controller if left out"),
        "face": slot(str, "", doc="for a modal double-faced card: the land face played "
                                  "(CR 712.12)"),
    }
    reads = "{player} plays {card} as a land"


# -- what happened this turn, lasting effects -----------------------------------------------

@word("this_turn", "played_land")
class PlayedLand(GameFact):
    """How many lands a player has played so far this turn."""

    slots = {
        "player": slot(str, ref="player"),
        "count": slot(int, 1, doc="how many lands they played this turn"),
    }
    reads = "{player} has played {count} land(s) this turn"


@word("effect", "additional_land_plays")
class AdditionalLandPlays(GameFact):
    """A continuous effect that lets a player play more lands each turn (CR 305.2)."""

    slots = {
        "player": slot(str, ref="player"),
        "count": slot(int, 1),
        "source": slot(str, "", ref="object"),
    }
    reads = "{player} may play {count} additional land(s) each turn"


# -- the conspiracy draft -------------------------------------------------------------------

@word("draft", "pick")
class Pick(GameFact):
    """One card a player drafted: the round of the draft and the pick number in that round."""

    slots = {
        "player": slot(str, ref="player"),
        "round": slot(int),
        "pick": slot(int),
        "card": slot(str, doc="the name of the card drafted"),
    }
    reads = "{player} drafted {card} as pick {pick} of round {round}"


@word("draft", "format")
class DraftFormat(GameFact):
    """How many rounds the draft had and how many picks each round (a Conspiracy draft: 3 rounds
    of 15-card boosters, the default)."""

    slots = {
        "rounds": slot(int, 3),
        "picks_per_round": slot(int, 15),
    }
    reads = "the draft had {rounds} rounds of {picks_per_round} picks"


@word("draft", "noted")
class NoteRecord(GameFact):
    """A name a player noted during the draft, when the picks themselves aren't listed."""

    slots = {
        "player": slot(str, ref="player"),
        "name": slot(str, doc="the card name noted"),
        "for_card": slot(str, doc="the name of the card whose draft ability had it noted"),
    }
    reads = "the draft record says {player} noted {name} for {for_card}"


# -- facts the rules derive (not words of files) ----------------------------------------------

class Casting(GameFact):
    """The cast asked about, with its caster settled."""

    slots = {
        "object": slot(str),
        "player": slot(str),
        "free": slot(bool, False),
        "x": slot(int, -1),
        "kicker": slot(bool, False),
        "alternative": slot(str, ""),
        "during": slot(str, ""),
        "pay_with": slot(list, [], doc="mana abilities the question says pay for it"),
        "step": slot(int, 0, doc="where the rulings on it go in a walk-through"),
    }
    reads = "{player} casts {object}"


class PlayingLand(GameFact):
    """The land play asked about, with its player settled."""

    slots = {"object": slot(str), "player": slot(str)}
    reads = "{player} plays {object} as a land"


class CastPermission(GameFact):
    """Something lets `player` begin to cast `object` (CR 601.3). `kind`: hand, may play or
    resolution; `source` is what gives it (a permanent or an ability), if anything."""

    slots = {
        "player": slot(str),
        "object": slot(str),
        "kind": slot(str),
        "source": slot(str, ""),
    }
    reads = "{player} is allowed to cast {object} ({kind})"


class ResolvingCastPermission(GameFact):
    """While `ability` resolves, its instructions let `player` cast `object` (CR 608.2g),
    maybe without paying its mana cost."""

    slots = {
        "ability": slot(str),
        "player": slot(str),
        "object": slot(str),
        "without_paying": slot(bool, False),
    }
    reads = "while {ability} resolves, {player} may cast {object}"


class PlayPermission(GameFact):
    """Something lets `player` play `object` as a land (from their hand, or a may-play effect)."""

    slots = {"player": slot(str), "object": slot(str), "kind": slot(str), "source": slot(str, "")}
    reads = "{player} is allowed to play {object} ({kind})"


class TimingMet(GameFact):
    """The timing rules allow casting `object` now."""

    slots = {"player": slot(str), "object": slot(str), "how": slot(str)}
    reads = "{player} may cast {object} at this time ({how})"


class CastBlocked(GameFact):
    """Something stops `player` from casting `object` as proposed."""

    slots = {"player": slot(str), "object": slot(str), "reason": slot(str)}
    reads = "{player} can't cast {object} as proposed ({reason})"


class PlayBlocked(GameFact):
    """Something stops `player` from playing `object` as a land."""

    slots = {"player": slot(str), "object": slot(str), "reason": slot(str)}
    reads = "{player} can't play {object} as a land ({reason})"


class InstantSpeed(GameFact):
    """`object` may be cast any time its caster has priority (an instant, or it has flash)."""

    slots = {"object": slot(str), "why": slot(str)}
    reads = "{object} may be cast whenever its caster has priority ({why})"


class AdditionalCost(GameFact):
    """An additional cost to cast `object`, from any word that gives one."""

    slots = {"object": slot(str), "name": slot(str), "cost": slot(list), "optional": slot(bool)}
    reads = "{object} has an additional cost ({name}): {cost}"


class AlternativeCost(GameFact):
    """An alternative cost of `object`, from any word that gives one."""

    slots = {"object": slot(str), "name": slot(str), "cost": slot(list),
             "shown": slot(str, "", doc="the cost as printed, like {2}{U}")}
    reads = "{object} has an alternative cost ({name}): {shown}"


class LandPlaysAllowed(GameFact):
    slots = {"player": slot(str), "count": slot(int)}
    reads = "{player} may play {count} land(s) this turn"


class LandPlaysMade(GameFact):
    slots = {"player": slot(str), "count": slot(int)}
    reads = "{player} has played {count} land(s) this turn"


class LandPlayAvailable(GameFact):
    slots = {"player": slot(str), "allowed": slot(int), "made": slot(int)}
    reads = "{player} has a land play left ({made} of {allowed} used)"


class DraftShape(GameFact):
    """The draft's rounds and picks per round (from the record, or a Conspiracy draft's)."""

    slots = {"rounds": slot(int), "picks_per_round": slot(int)}
    reads = "the draft had {rounds} rounds of {picks_per_round} picks"


class DraftNotes(GameFact):
    """Cards named `card` have the draft ability to note the name of the next card drafted."""

    slots = {"card": slot(str)}
    reads = "a card named {card} has its drafter reveal it and note the name of the next pick"


class NotNoted(GameFact):
    """`object`'s name is not among the names `player` noted for the search of `ability`."""

    slots = {"player": slot(str), "object": slot(str), "ability": slot(str)}
    reads = "{player} noted no name that {object} has, for the search of {ability}"


class NextPick(GameFact):
    """The pick whose card `player` reveals and notes for the `card` they drafted as pick
    `pick` of round `round`."""

    slots = {
        "player": slot(str),
        "card": slot(str),
        "round": slot(int),
        "pick": slot(int),
        "next_round": slot(int),
        "next_pick": slot(int),
    }
    reads = ("after drafting {card} (round {round}, pick {pick}), {player} notes the card "
             "of round {next_round}, pick {next_pick}")


# -- costs: an additional cost of two ways (CR 118.8, 601.2b) ----------------------------------

class RevealOrPayCost(CardWord):
    """"As an additional cost to cast this spell, reveal a Pirate card from your hand or pay
    {2}": the caster reveals a card of the quality `what` (a selector id), or pays `mana`."""

    summary = "an additional cost: reveal a card of a quality from your hand, or pay mana"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "what": slot(str, doc="selector id: the card to reveal"),
        "mana": slot(list, doc="the mana paid instead, like {2}"),
        "text": slot(str, "", doc="the cost in words"),
    }
    reads = "casting {source} has the additional cost: {text}"
