"""Cards with more than one face or half (CR 708–716): the words of a card's `layout:` and
`faces:`, which characteristics a card has in each zone, and the facts that say so.

A card with faces is written (in card files, `define:` and compiled imported cards) as

    name: Bonecrusher Giant // Stomp
    layout: adventure
    faces:
      - {name: Bonecrusher Giant, mana_cost: "{2}{R}", types: [creature], ...}
      - {name: Stomp, mana_cost: "{1}{R}", types: [instant], subtypes: [adventure], ...}

`shown()` is the one procedure that decides what such a card is now, from its zone and what
the situation says of it (the face up, the half or face cast, face down); the loader gives
the object those characteristics, so every other rule sees the right cost, types and
abilities, and knowledge/rules/layouts.py explains the choice with its CR rule.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from rulings.facts.vocabulary import GameFact, slot, word

#: layout word -> (what it is, its CR rule). MTGJSON and Scryfall spell the words alike.
LAYOUTS = {
    "normal": ("a card with one face", "CR 201"),
    "split": ("a split card: two halves, one cast at a time", "CR 709"),
    "aftermath": ("a split card whose second half is cast from the graveyard", "CR 702.127"),
    "flip": ("a flip card", "CR 710"),
    "transform": ("a transforming double-faced card", "CR 712"),
    "modal_dfc": ("a modal double-faced card", "CR 712"),
    "meld": ("a meld card", "CR 712.4"),
    "adventure": ("an adventurer card", "CR 715"),
    "leveler": ("a leveler card", "CR 711"),
    "saga": ("a Saga", "CR 714"),
    "class": ("a Class", "CR 716"),
    "prototype": ("a prototype card", "CR 718"),
    "battle": ("a battle", "CR 310"),
}
#: layouts whose several faces the situation can tell apart (the others have one face)
MULTI_FACE = ("split", "aftermath", "flip", "transform", "modal_dfc", "meld", "adventure",
              "prototype")
SPLIT = ("split", "aftermath")
DOUBLE_FACED = ("transform", "modal_dfc", "meld")
#: layouts whose own rules are not modelled: an object of such a card gets a note saying so
NOT_MODELLED = ("leveler", "saga", "class", "battle")
#: words a situation uses for a face besides its name (`prototyped`: a prototype card's
#: second set of mana cost, power and toughness, CR 718)
FACE_WORDS = ("front", "back", "prototyped")


class CardFaces(GameFact):
    """An object represented by a card with several faces or halves (CR 708–716), and which
    of them gives its characteristics now."""

    slots = {
        "object": slot(str, ref="object"),
        "card": slot(str, doc="the card's full name, faces joined by ' // '"),
        "layout": slot(str, choices=tuple(LAYOUTS)),
        "faces": slot(list, [], doc="the faces' names in printed order"),
        "shown": slot(str, "", doc="the face whose characteristics it has now; 'both halves' "
                                   "for a split card's combined characteristics"),
        "cite": slot(str, "", doc="the CR rule that decides it"),
        "why": slot(str, ""),
        "zone": slot(str, ""),
        "land_faces": slot(list, [], doc="the names of its faces that are lands"),
        "spell_faces": slot(list, [], doc="the names of its instant and sorcery faces"),
        "front_keywords": slot(list, [], doc="its front face's keywords, as word=parameter "
                                             "(a front face's disturb works while the card is "
                                             "cast transformed, CR 712.11d)"),
    }
    reads = "{object} is {card} ({layout}); now it has the characteristics of {shown}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        what = LAYOUTS.get(self["layout"], (self["layout"], ""))[0]
        shown = self.get("shown", "") or "its card"
        return (f"{name(self['object'])} is {self['card']}, {what}; in the "
                f"{self.get('zone', '') or 'game'} it has the characteristics of {shown}")


class FaceDown(GameFact):
    """A face-down spell or permanent (CR 708): a plain 2/2 creature, nameless, without text,
    subtypes or mana cost, unless the ability that turned it so says otherwise."""

    slots = {"object": slot(str, ref="object"), "card": slot(str, ""),
             "keyword": slot(str, "", doc="the card's keyword that turns it face up for a "
                                          "cost: morph, megamorph or disguise"),
             "cost": slot(str, "", doc="that keyword's cost, like {6}{R}{R}")}
    reads = "{object} is face down"


class AdventureExile(GameFact):
    """A card exiled by its own Adventure resolving (CR 715.3d): its owner may cast it, as the
    creature, from exile for as long as it stays there."""

    slots = {"object": slot(str, ref="object"), "player": slot(str, ref="player")}
    reads = "{object} was exiled by its own Adventure as it resolved ({player} cast it)"


@word("event", "transform")
class Transform(GameFact):
    """The question: an effect transforms this permanent (CR 701.27): turn it over."""

    slots = {"object": slot(str, ref="object")}
    reads = "the question: {object} transforms"


@word("event", "turn_face_up")
class TurnFaceUp(GameFact):
    """The question: a player turns a face-down permanent face up (CR 116.2b, 708.7)."""

    slots = {"object": slot(str, ref="object"),
             "player": slot(str, "", ref="player", doc="who does it; its controller if left "
                                                       "out")}
    reads = "the question: {object} is turned face up"


class FaceUpRefused(GameFact):
    """Derived: the face-down `object` can't be turned face up as the question asks, for
    `reason` (its morph or disguise cost can't be paid, CR 118.3), so nothing triggers on it."""

    slots = {"object": slot(str, ref="object"), "reason": slot(str, "")}
    reads = "{object} can't be turned face up: {reason}"


#: the game's day/night designation (CR 731.1): it starts as neither
DAY_NIGHT = ("day", "night", "neither")


class DayNight(GameFact):
    """The game is day, night, or neither (top-level `day_night:`, CR 731)."""

    slots = {"state": slot(str, "neither", choices=DAY_NIGHT)}
    reads = "it is {state}"


class Melded(GameFact):
    """A melded permanent (CR 712.4): one permanent represented by the two cards of a meld
    pair, with the characteristics of their combined back face."""

    slots = {"object": slot(str, ref="object"), "cards": slot(list, [])}
    reads = "{object} is one melded permanent represented by the cards {cards}"


@dataclass
class Shown:
    """What a card is now: the characteristics (a CardDef), the face they come from, and the
    rule that decides it, in our own words."""

    card: Any
    face: str
    cite: str
    why: str
    problem: str = ""


def combined(card: Any) -> Any:
    """A split card's characteristics outside the stack (CR 709.4): both names, the combined
    mana cost (so its colors and mana value are both halves'), every type and ability."""
    from rulings.facts.cards import colors_of

    whole = copy.copy(card)
    faces = card.faces
    whole.name = card.name
    whole.mana_cost = "".join(f.mana_cost for f in faces)
    whole.types = _union(f.types for f in faces)
    whole.subtypes = _union(f.subtypes for f in faces)
    whole.supertypes = _union(f.supertypes for f in faces)
    whole.colors = _union(f.colors for f in faces) or colors_of(whole.mana_cost)
    whole.keywords = [k for f in faces for k in f.keywords]
    whole.abilities = []
    for f in faces:
        for ability in f.abilities:
            a = copy.copy(ability)
            a.number = len(whole.abilities) + 1
            whole.abilities.append(a)
    whole.power = whole.toughness = whole.loyalty = ""
    whole.additional_costs = [c for f in faces for c in f.additional_costs]
    whole.alternative_costs = [c for f in faces for c in f.alternative_costs]
    return whole


def _union(lists: Any) -> list[str]:
    out: list[str] = []
    for words in lists:
        out += [w for w in words if w not in out]
    return out


def assemble(card: Any) -> None:
    """Give a card with faces the characteristics it has at rest, outside the battlefield and
    the stack: a split card both halves (709.4), any other its front face (712.8a, 715.4,
    710.1b). The loader asks `shown()` for other zones."""
    if not card.faces:
        return
    rest = combined(card) if card.layout in SPLIT else card.faces[0]
    for key in ("mana_cost", "types", "subtypes", "supertypes", "colors", "power",
                "toughness", "loyalty", "keywords", "abilities", "additional_costs",
                "alternative_costs"):
        setattr(card, key, copy.copy(getattr(rest, key)))


def face_named(card: Any, word: str) -> int | None:
    """The index of the face `word` names: its name (any case), `front` or `back`."""
    w = str(word).strip().lower()
    if w == "front":
        return 0
    if w == "back":
        return 1 if len(card.faces) > 1 else None
    if w == "prototyped":
        return 1 if card.layout == "prototype" and len(card.faces) > 1 else None
    if card.layout == "prototype":  # both faces have the card's name
        return 0 if w == card.name.lower() else None
    for i, f in enumerate(card.faces):
        if f.name.lower() == w:
            return i
    return None


FACE_DOWN_WHY = ("face down, it is a plain 2/2 creature: nameless, without text, subtypes or "
                 "mana cost")


def face_down(card: Any) -> Any:
    """The characteristics of a face-down object (CR 708.2a)."""
    down = copy.copy(card)
    down.name = ""
    down.mana_cost = ""
    down.types = ["creature"]
    down.subtypes, down.supertypes, down.colors = [], [], []
    down.power = down.toughness = "2"
    down.loyalty = ""
    # a face-down card with disguise has ward {2} (CR 702.168a); otherwise no abilities
    down.keywords = [("ward", "{2}")] if _disguised(card) else []
    down.abilities = []
    down.additional_costs, down.alternative_costs = [], []
    return down


def _disguised(card: Any) -> bool:
    return any(word == "disguise" for word, _ in getattr(card, "keywords", ()) or ())


def _valued_as(back: Any, front: Any) -> Any:
    """A nonmodal back face up: its own characteristics, but the mana value of its front face
    (712.8c, 712.8e). The object's mana value is read from its mana cost everywhere, so the
    front face's cost stands in for it; the back face's colors (none, or its color indicator)
    were fixed as it was read and stay."""
    up = copy.copy(back)
    up.mana_cost = front.mana_cost
    return up


def shown(card: Any, zone: str, face: str = "", fused: bool = False,
          is_face_down: bool = False, melded: bool = False) -> Shown:
    """Which characteristics the card has in `zone`, given what the situation says of it.
    `problem` is set when the situation asks for something no game can have."""
    layout = card.layout
    if is_face_down:
        if zone not in ("battlefield", "stack", "exile"):
            return Shown(card, "", "CR 708.2", "", problem=(
                f"a card in a {zone} is not face down in the sense of CR 708 (only spells, "
                "permanents and exiled cards are)"))
        if _disguised(card):
            return Shown(face_down(card), "face down", "CR 702.168a",
                         FACE_DOWN_WHY + ", and with ward {2} because it has disguise")
        return Shown(face_down(card), "face down", "CR 708.2a", FACE_DOWN_WHY)
    index = face_named(card, face) if face else None
    if face and index is None:
        names = ", ".join(f.name for f in card.faces) or "it has only one face"
        return Shown(card, "", "", "", problem=f"'{face}' is no face of {card.name} ({names})")
    if fused and layout not in SPLIT:
        return Shown(card, "", "", "", problem=f"{card.name} is not a split card: it can't be "
                     "fused (CR 702.102)")
    if melded:
        if layout != "meld" or zone != "battlefield":
            return Shown(card, "", "", "", problem=(
                "only the two cards of a meld pair on the battlefield form a melded permanent "
                "(CR 712.4a)"))
        back = card.faces[-1]
        return Shown(back, back.name, "CR 712.8g", "the two cards of a meld pair on the "
                     "battlefield are one permanent with only their combined back face's "
                     "characteristics")
    if layout not in MULTI_FACE or not card.faces:
        return Shown(card, card.name, "", "")
    front = card.faces[0]
    chosen = card.faces[index] if index is not None else None
    if layout == "prototype":
        if index and zone in ("stack", "battlefield"):
            return Shown(chosen, "its prototype", "CR 718.3b", "a spell cast prototyped, and "
                         "the permanent it becomes, have only the prototype's mana cost, "
                         "power and toughness (and the colors of that mana cost)")
        if index:
            return Shown(card, "", "", "", problem=(
                "only a spell or a permanent is prototyped (CR 718.4) → drop face:"))
        return Shown(front, front.name, "CR 718.4", "a prototype card not cast prototyped, "
                     "and any prototype card outside the stack and the battlefield, has only "
                     "its normal mana cost, power and toughness")
    if zone == "stack":
        if layout in SPLIT:
            if fused:
                return Shown(combined(card), "both halves", "CR 709.4d",
                             "a fused split spell has both halves' characteristics")
            if chosen is None:
                return Shown(card, "", "", "", problem=(
                    f"{card.name} is a split card: on the stack it is the half that was cast "
                    "(CR 709.3) → write face: <the half's name>, or fused: true"))
            return Shown(chosen, chosen.name, "CR 709.3b", "a split spell has only the "
                         "characteristics of the half being cast; the other half's don't exist")
        if layout == "adventure":
            if index == 1:
                return Shown(chosen, chosen.name, "CR 715.3b", "a card cast as an Adventure "
                             "has only its Adventure's characteristics on the stack")
            return Shown(front, front.name, "CR 715.4", "an adventurer card not cast as an "
                         "Adventure has only its normal characteristics")
        if layout == "modal_dfc":
            up = chosen or front
            return Shown(up, up.name, "CR 712.8f", "a modal double-faced spell has only the "
                         "characteristics of the face its caster chose to cast (712.11b)")
        if layout == "meld" and index:
            return Shown(card, "", "", "", problem="a meld card on the stack has only its "
                         "front face (CR 712.8b) → drop face:")
        if layout == "transform" and index:
            return Shown(_valued_as(chosen, front), chosen.name, "CR 712.8c", "a double-faced "
                         "card cast transformed has only its back face's characteristics "
                         "(its mana value is its front face's)")
        if layout == "flip" and index:
            return Shown(card, "", "", "", problem="a flip card is flipped only on the "
                         "battlefield (CR 710.1b) → drop face:")
        return Shown(front, front.name, "CR 712.8c" if layout in DOUBLE_FACED else "CR 710.1b",
                     "a double-faced spell has its front face up by default"
                     if layout in DOUBLE_FACED else "a flip card's other half is used only "
                     "on the battlefield")
    if zone == "battlefield":
        if layout in DOUBLE_FACED:
            if layout == "meld" and index:
                return Shown(card, "", "", "", problem=(
                    "a meld card's back face is used only by a melded permanent → write "
                    "melded: [<the other card>] (CR 712.4b)"))
            if chosen is not None and index:
                if layout == "modal_dfc":
                    return Shown(chosen, chosen.name, "CR 712.8f", "a modal double-faced "
                                 "permanent has only the characteristics of the face that's up")
                return Shown(_valued_as(chosen, front), chosen.name, "CR 712.8e", "a "
                             "transformed permanent has only its back face's "
                             "characteristics, but its front face's mana value")
            return Shown(front, front.name, "CR 712.8d", "a double-faced permanent with its "
                         "front face up has only its front face's characteristics")
        if layout == "flip":
            if chosen is not None and index:
                flipped = copy.copy(chosen)
                flipped.mana_cost, flipped.colors = front.mana_cost, list(front.colors)
                return Shown(flipped, chosen.name, "CR 710.1b", "a flipped permanent uses its "
                             "other half's name, text, type line, power and toughness; its "
                             "color and mana cost stay (710.1c)")
            return Shown(front, front.name, "CR 710.1a", "an unflipped flip card uses its "
                         "upper half")
        if layout == "adventure":
            if index:
                return Shown(card, "", "", "", problem="an Adventure is an instant or sorcery: "
                             "on the battlefield the card is its creature (CR 715.4) → drop "
                             "face:")
            return Shown(front, front.name, "CR 715.4", "an adventurer card has only its "
                         "normal characteristics outside the stack")
        if layout in SPLIT:
            return Shown(combined(card), "both halves", "CR 709.4",
                         "a split card outside the stack has both halves' characteristics")
    if face:
        return Shown(card, "", "", "", problem=(
            f"'{face}' is chosen only for a spell on the stack or a permanent (CR 712.8a, "
            f"709.4, 715.4): in the {zone} {card.name} has its usual characteristics → "
            "drop face:"))
    if layout in SPLIT:
        return Shown(combined(card), "both halves", "CR 709.4", "a split card outside the "
                     "stack has the characteristics of both halves combined")
    if layout == "adventure":
        return Shown(front, front.name, "CR 715.4", "an adventurer card has only its normal "
                     "characteristics outside the stack")
    if layout == "flip":
        return Shown(front, front.name, "CR 710.1b", "a flip card's other half is used only "
                     "on the battlefield")
    return Shown(front, front.name, "CR 712.8a", "a double-faced card outside the battlefield "
                 "and the stack has only its front face's characteristics")


def faces_fact(oid: str, card: Any, zone: str, seen: Shown) -> CardFaces:
    return CardFaces(object=oid, card=card.name, layout=card.layout,
                     faces=[f.name for f in card.faces], shown=seen.face, cite=seen.cite,
                     why=seen.why, zone=zone,
                     land_faces=[f.name for f in card.faces if "land" in f.types],
                     spell_faces=[f.name for f in card.faces
                                  if {"instant", "sorcery"} & set(f.types)],
                     front_keywords=[f"{k}={v}" if isinstance(v, str) else k
                                     for k, v in (card.faces[0].keywords if card.faces
                                                  else [])])


__all__ = ["DAY_NIGHT", "LAYOUTS", "NOT_MODELLED", "AdventureExile", "DayNight", "CardFaces", "FaceDown", "Melded",
           "Shown", "Transform", "TurnFaceUp", "assemble", "combined", "face_named",
           "faces_fact", "shown"]
