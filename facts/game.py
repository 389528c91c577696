"""Facts every situation has: players, the turn, objects in zones, their abilities and costs,
choices made. Filled in by facts.situation from a situation file."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulings.facts.vocabulary import GameFact, slot

ZONES = ("battlefield", "hand", "library", "graveyard", "exile", "stack", "command")
CARD_TYPES = (
    "artifact", "battle", "conspiracy", "creature", "enchantment", "instant", "kindred",
    "land", "planeswalker", "sorcery",
)


def card_types_in_graveyard(objects: Iterable[Any], player: str) -> int:
    """How many card types (CR 205.2a) there are among the cards `player` owns in their
    graveyard (delirium): a card with two types counts both."""
    return len({t for o in objects if o["zone"] == "graveyard" and o["owner"] == player
                for t in o["types"] if t in CARD_TYPES})


SUPERTYPES = ("basic", "legendary", "snow", "world")
#: subtypes that are not creature types (CR 205.3g-k, n): a changeling is every creature
#: type (702.73a), never one of these
NON_CREATURE_SUBTYPES = frozenset((
    "plains", "island", "swamp", "mountain", "forest", "cave", "cloud", "desert", "gate",
    "lair", "locus", "mine", "power-plant", "sphere", "tower", "urza's",
    "aura", "background", "cartouche", "case", "class", "curse", "role", "room", "rune",
    "saga", "shard", "shrine",
    "attraction", "blood", "bobblehead", "clue", "contraption", "equipment", "food",
    "fortification", "gold", "incubator", "junk", "map", "powerstone", "treasure", "vehicle",
    "adventure", "arcane", "lesson", "omen", "trap",
))
STEPS = (
    "untap", "upkeep", "draw", "precombat main", "beginning of combat", "declare attackers",
    "declare blockers", "combat damage", "end of combat", "postcombat main", "end", "cleanup",
)
COMBAT_STEPS = STEPS[4:9]
MAIN_PHASES = ("precombat main", "postcombat main")
COLORS = ("white", "blue", "black", "red", "green")
#: mana types by symbol letter (CR 106.1)
MANA_TYPES = ("W", "U", "B", "R", "G", "C")
COLOR_OF_MANA = dict(zip("WUBRG", COLORS, strict=True))
MANA_OF_COLOR = {c: m for m, c in COLOR_OF_MANA.items()}


class Player(GameFact):
    slots = {
        "name": slot(str),
        "seat": slot(int, 0),
        "left_game": slot(bool, False, doc="the player has left a multiplayer game"),
        "life": slot(int, -1, doc="their life total; -1: not stated"),
        "life_stated": slot(bool, False, doc="the situation gives their life total, which "
                                              "may be 0 or less (CR 119.6)"),
    }
    reads = "{name} is a player"

    def describe(self, name):  # type: ignore[no-untyped-def]
        stated = self.get("life_stated", False) or self.get("life", -1) >= 0
        life = f" with {self['life']} life" if stated else ""
        return f"{name(self['name'])} is a player{life}"


class Opponent(GameFact):
    """`player` is an opponent of `of` (no teams: every other player in the game)."""

    slots = {"player": slot(str, ref="player"), "of": slot(str, ref="player")}
    reads = "{player} is an opponent of {of}"


class Turn(GameFact):
    slots = {
        "number": slot(int, 1),
        "active": slot(str, ref="player"),
        "step": slot(str, "precombat main", choices=STEPS),
        "priority": slot(str, "", ref="player", doc="who has priority; empty if nobody"),
        "stack_empty": slot(bool, True),
    }
    reads = "it is {active}'s turn {number}, {step} step"


class GameObject(GameFact):
    """A card, token or copy in a zone. In a library, position 1 is the top card."""

    slots = {
        "id": slot(str),
        "name": slot(str),
        "owner": slot(str, ref="player"),
        "controller": slot(str, "", ref="player"),
        "zone": slot(str, "battlefield", choices=ZONES),
        "position": slot(int, 0),
        "types": slot(list, []),
        "subtypes": slot(list, []),
        "supertypes": slot(list, []),
        "mana_cost": slot(str, ""),
        "power": slot(str, "", doc="printed power (CR 208); a number, or * (CR 208.2)"),
        "toughness": slot(str, "", doc="printed toughness (CR 208)"),
        "loyalty": slot(str, "", doc="printed loyalty of a planeswalker (CR 306.5b)"),
        "colors": slot(list, [], doc="its colors (CR 202.2): from its mana cost, or its "
                                     "card's colors: key (a color indicator)"),
        "tapped": slot(bool, False),
        "since_turn_began": slot(
            bool, True,
            doc="false if it came under its controller's control after their latest turn began",
        ),
        "haste": slot(bool, False),
        "attached_to": slot(str, "", ref="object"),
        "token": slot(bool, False),
        "every_creature_type": slot(bool, False, doc="it has changeling: it is every "
                                                     "creature type (CR 702.73a)"),
        "x": slot(int, -1, doc="a spell on the stack: the value chosen for X, which counts "
                               "in its mana value (CR 202.3e); -1: none chosen"),
    }
    reads = "{name} ({zone})"

    def describe(self, name):  # type: ignore[no-untyped-def]
        who = name(self["controller"] or self["owner"])
        card = name(self["id"])
        if self["zone"] == "battlefield":
            state = ["tapped" if self["tapped"] else "untapped"]
            if not self["since_turn_began"]:
                state.append(f"not under {who}'s control since their turn began")
            if self["haste"]:
                state.append("has haste")
            if self["attached_to"]:
                state.append(f"attached to {name(self['attached_to'])}")
            return f"{who} controls {card} ({', '.join(state)})"
        if self["zone"] == "library":
            return f"{card} is card {self['position']} from the top of {who}'s library"
        return f"{card} is in {name(self['owner'])}'s {self['zone']}"


#: kinds of ability (CR 113.3): `mana` is an activated or triggered ability the loader finds
#: to be a mana ability (CR 605.1a); `draft` works during a draft (CR 905.2); `unparsed` is one
#: the knowledge base can't read; `enters` and `special action` are kept for older facts
ABILITY_KINDS = ("mana", "activated", "triggered", "static", "spell", "replacement", "draft",
                 "unparsed", "special action", "enters")


class Ability(GameFact):
    """An ability of an object, numbered in the order printed on the card (CR 113)."""

    slots = {
        "id": slot(str),
        "source": slot(str, ref="object"),
        "number": slot(int, 1),
        "kind": slot(
            str,
            choices=ABILITY_KINDS,
        ),
        "cost": slot(list, [], doc="cost parts: {T}, {Q}, mana symbols, or other actions"),
        "summary": slot(str, ""),
        "zone": slot(str, "", doc="the zone it works in when the card says so (CR 113.6b); "
                                  "empty: the usual zone (the battlefield for a permanent's)"),
        "timing": slot(str, "", doc="'sorcery' for 'activate only as a sorcery' (CR 602.5d)"),
        "limit": slot(str, "", doc="'once_each_turn' for 'activate only once each turn', "
                                   "'twice_each_turn', 'three_times_each_turn' for 'no more "
                                   "than twice / three times each turn' (CR 602.5b)"),
        "only_if": slot(str, "", doc="condition id: 'activate only if …' (CR 602.5b)"),
        "activators": slot(str, "", doc="who else may activate it: 'any_player' ('any player "
                                        "may activate this ability'), 'opponents' ('only your "
                                        "opponents …'); empty: only its controller (CR 602.2, "
                                        "602.1b)"),
        "granted_by": slot(str, "", doc="the static ability of another permanent that gives "
                                        "it (layer 6, CR 613.1f); empty: its own"),
    }
    reads = "{source} has the ability: {summary}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        cost = ", ".join(self["cost"])
        what = self["summary"] or f"a {self['kind']} ability"
        return (f"{name(self['id'])} is {what}" + (f" with the cost {cost}" if cost else "")
                + _written_from(str(self["id"])))


def _written_from(ability_id: str) -> str:
    """A keyword's ability (`<object>.equip`) says which CR rule it is written from."""
    from rulings.facts.keyword_abilities import EXPANSIONS

    word = ability_id.rpartition(".")[2].split("-")[0]
    found = EXPANSIONS.get(word) if not word.isdigit() else None
    return f", written from the keyword ({found[0]})" if found else ""


class Choice(GameFact):
    """A choice made earlier, such as the color chosen as a permanent entered."""

    slots = {
        "object": slot(str, ref="object"),
        "kind": slot(str, "color", choices=("color", "card name", "creature type", "player",
                                            "basic land type", "source",
                                            # chooses: an object a player kept (`keep`)
                                            "kept",
                                            # selfstate: "you may tap or untap target …"
                                            "tap or untap")),
        "value": slot(str),
    }
    reads = "the {kind} chosen for {object} is {value}"
