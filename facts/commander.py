"""The words of the Commander variant (CR 903): the format, each player's commander(s), how
often a commander was cast from the command zone, commander damage taken, and the question
"may this card be in this commander's deck?"; and the one procedure for a card's color
identity (CR 903.4), read by knowledge/rules/commander.py.

    format: commander
    players:
      - {name: Alice, commander: [Akiri, Line-Slinger, Bruse Tarl, Boorish Herder]}
      - {name: Bob, commander: Atraxa, Praetors' Voice, commander_damage: {Atraxa, Praetors' Voice: 17}}
    command:
      Alice: [{card: "Akiri, Line-Slinger", commander_casts: 2}]
    event:
      in_deck: {player: Alice, card: Lightning Helix}
"""

from __future__ import annotations

import re
from typing import Any

from rulings.facts.game import COLOR_OF_MANA, COLORS
from rulings.facts.vocabulary import GameFact, entry_key, slot, word

#: the formats a situation can name (top-level `format:`)
FORMATS = ("commander",)


class GameFormat(GameFact):
    """The game is played in this format (`format: commander`, CR 903)."""

    slots = {"name": slot(str, choices=FORMATS)}
    reads = "the game is a {name} game"


class Commander(GameFact):
    """`card` (a card name) is `player`'s commander (CR 903.3); with partners (702.124) a
    player has two."""

    slots = {"player": slot(str, ref="player"), "card": slot(str)}
    reads = "{player}'s commander is {card}"


class IsCommander(GameFact):
    """Derived: the object `object` is `player`'s commander `card` (903.3): the card itself,
    never a token or a copy of it."""

    slots = {"object": slot(str), "player": slot(str), "card": slot(str)}
    reads = "{object} is {player}'s commander"


class CommanderCasts(GameFact):
    """How many times the commander's owner has already cast it from the command zone this
    game (for the commander tax, 903.8)."""

    slots = {"object": slot(str, ref="object"), "count": slot(int, 0)}
    reads = "{object} has been cast from the command zone {count} time(s) this game"


class CommanderDamage(GameFact):
    """Combat damage `player` has been dealt by the commander `commander` (a card name) over
    the game before the event asked about (903.10a)."""

    slots = {"player": slot(str, ref="player"), "commander": slot(str), "amount": slot(int)}
    reads = "{player} has been dealt {amount} combat damage by the commander {commander}"


class CommanderHit(GameFact):
    """Derived: in the event asked about, the commander `commander` deals `amount` combat
    damage to `player`."""

    slots = {"player": slot(str), "commander": slot(str), "object": slot(str),
             "amount": slot(int)}
    reads = "{object}, the commander {commander}, deals {amount} combat damage to {player}"


class ColorIdentity(GameFact):
    """The color identity of the card named `card` (903.4), with where each color comes
    from (`parts`: "mana cost {1}{G}: green", "rules text: blue", …)."""

    slots = {"card": slot(str), "colors": slot(list, []), "parts": slot(list, [])}
    reads = "{card}'s color identity is {colors}"


class CommanderIdentity(GameFact):
    """The color identity of `player`'s commander(s) combined (702.124c)."""

    slots = {"player": slot(str), "commanders": slot(list, []), "colors": slot(list, [])}
    reads = "the color identity of {player}'s commander(s) {commanders} is {colors}"


@word("event", "in_deck")
class InDeck(GameFact):
    """The question: may the card named `card` be in `player`'s Commander deck (903.5c)?"""

    slots = {"player": slot(str, ref="player"), "card": slot(str, doc="a card name")}
    reads = "the question: may {card} be in {player}'s deck?"


@word("event", "can_be_commander")
class CanBeCommander(GameFact):
    """The question: may the card named `card` be designated a commander (903.3)?"""

    slots = {"card": slot(str, doc="a card name")}
    reads = "the question: may {card} be a commander?"


class CommanderCandidate(GameFact):
    """The printed characteristics of a card asked about as a commander (its front face)."""

    slots = {"card": slot(str), "types": slot(list, []), "supertypes": slot(list, []),
             "subtypes": slot(list, []), "has_pt": slot(bool, False),
             "says_so": slot(bool, False, doc="its text says it can be your commander"),
             "line": slot(str, "", doc="its type line in words")}
    reads = "{card} is a {line}"


def _names(value: Any) -> list[str]:
    names = value if isinstance(value, list) else [value]
    if not names or not all(isinstance(n, str) and n.strip() for n in names):
        raise ValueError(f"must be a card name or a list of two names, not {value!r}")
    if len(names) > 2:
        raise ValueError("a player has at most two commanders (partners, CR 702.124)")
    return [n.strip() for n in names]


@entry_key("player", "commander", "the player's commander, a card name, or two names for "
           "partners (CR 903.3, 702.124)",
           {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"},
                                             "maxItems": 2}]},
           fix="write {name: Alice, commander: Atraxa, Praetors' Voice}")
def _commander(owner: str, value: Any, order: int) -> list[GameFact]:
    return [Commander(player=owner, card=n) for n in _names(value)]


@entry_key("player", "commander_damage", "combat damage the player has been dealt by each "
           "commander this game, by the commander's card name (CR 903.10a)",
           {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
           fix="write commander_damage: {Atraxa, Praetors' Voice: 17}")
def _commander_damage(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, dict):
        raise ValueError("must map each commander's name to the damage it dealt")
    out: list[GameFact] = []
    for name, amount in value.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise ValueError(f"the damage from {name} must be a whole number ≥ 0")
        out.append(CommanderDamage(player=owner, commander=str(name), amount=amount))
    return out


@entry_key("object", "commander_casts", "how many times its owner has already cast this "
           "commander from the command zone this game (the commander tax, CR 903.8)",
           {"type": "integer", "minimum": 0}, fix="write commander_casts: 1")
def _commander_casts(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"must be a whole number ≥ 0, not {value!r}")
    return [CommanderCasts(object=owner, count=value)]


class NewInZone(GameFact):
    """`object` was put into its graveyard or exile since state-based actions were last
    checked (the commander's owner has not had the 903.9a choice yet)."""

    slots = {"object": slot(str, ref="object")}
    reads = "{object} was put where it is since state-based actions were last checked"


@entry_key("object", "since_last_check", "true for a card put into a graveyard or exile since "
           "state-based actions were last checked (for a commander's return, CR 903.9a)",
           {"type": "boolean"}, fix="write since_last_check: true",
           zones=("graveyard", "exile"))
def _since_last_check(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, not {value!r}")
    return [NewInZone(object=owner)] if value else []


# -- color identity (CR 903.4) ----------------------------------------------------------------

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_REMINDER = re.compile(r"\([^()]*\)")


def symbol_colors(text: str) -> list[str]:
    """The colors of the mana symbols in `text`: {G}, hybrid {G/W}, Phyrexian {G/P}, {2/W}."""
    found: list[str] = []
    for symbol in _SYMBOL.findall(text or ""):
        for letter in symbol.upper().split("/"):
            color = COLOR_OF_MANA.get(letter)
            if color and color not in found:
                found.append(color)
    return found


def _structure_symbols(node: Any, found: list[str]) -> None:
    """Mana symbols written in a card's abilities in the card language (a cost's `{2}{G}`, an
    `add_mana: {mana: G}`, an unparsed ability's text)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("name", "notes", "cites", "official", "faces", "colors"):
                continue
            if key == "mana" and isinstance(value, str) and "{" not in value:
                value = "".join(f"{{{c}}}" for c in value)
            _structure_symbols(value, found)
    elif isinstance(node, list):
        for item in node:
            _structure_symbols(item, found)
    elif isinstance(node, str):
        found += [c for c in symbol_colors(_REMINDER.sub("", node)) if c not in found]


def identity(card: Any) -> tuple[list[str], list[str]]:
    """(colors in WUBRG order, where each comes from) for a card: the mana symbols of its mana
    cost and of its rules text without reminder text (903.4, 903.4c), its color indicator,
    and the same of every face, back faces and Adventures included (903.4d, 903.4e)."""
    parts: list[str] = []
    colors: set[str] = set()
    for face in card.faces or [card]:
        label = f"{face.name}: " if card.faces else ""
        cost = symbol_colors(face.mana_cost)
        if cost:
            parts.append(f"{label}mana cost {face.mana_cost}: {', '.join(cost)}")
        text: list[str] = []
        printed = getattr(face, "printed_text", "")
        if printed:
            text = symbol_colors(_REMINDER.sub("", printed))
        else:
            raw = face.raw if isinstance(face.raw, dict) else {}
            _structure_symbols({k: v for k, v in raw.items() if k != "mana_cost"}, text)
        if text:
            parts.append(f"{label}mana symbols in its rules text: {', '.join(text)}")
        raw_face = face.raw if isinstance(face.raw, dict) else {}
        indicator = list(face.colors) if raw_face.get("colors") else []
        if indicator:
            parts.append(f"{label}color indicator: {', '.join(indicator)}")
        colors |= set(cost) | set(text) | set(indicator)
    return [c for c in COLORS if c in colors], parts


def after_load(loader: Any) -> None:
    """The color identities the question needs: the card asked about and each player's
    commanders (a card of the situation by that name, else read from the card files or the
    imported data, like `card:`)."""
    from rulings.facts.errors import nearest
    from rulings.knowledge import catalog

    facts = loader.situation.facts
    asked = [f for f in facts if isinstance(f, (InDeck, CanBeCommander))]
    commanders = [f for f in facts if isinstance(f, Commander)]
    if (commanders or asked) and not any(isinstance(f, GameFormat) for f in facts):
        loader.problem(1, "commanders and deck questions belong to a Commander game",
                       "add format: commander at the top of the situation")
    known: dict[str, list[str]] = {}
    for name in [f["card"] for f in asked] + [f["card"] for f in commanders]:
        if name in known:
            continue
        ids = loader.by_name.get(name) or loader.by_name.get(name.lower()) or []
        card = loader.printed[ids[0]] if ids else catalog.card(name)
        if card is None:
            loader.problem(1, f"unknown card '{name}'", nearest(name, catalog.known_names(),
                                                                  "known cards"))
            continue
        colors, parts = identity(card)
        known[name] = colors
        facts.append(ColorIdentity(card=name, colors=colors, parts=parts))
        front = card.faces[0] if card.faces else card
        text = " ".join([getattr(front, "printed_text", "") or "",
                         *(str(a.raw) for a in front.abilities)]).lower()
        facts.append(CommanderCandidate(
            card=name, types=list(front.types), supertypes=list(front.supertypes),
            subtypes=list(front.subtypes), has_pt=bool(front.power or front.toughness),
            says_so="can be your commander" in text or any(  # pw: the compiled word
                a.kind == "static" and ("can_be_commander", True) in a.parts.get("effects", [])
                for a in front.abilities),
            line=" ".join([*front.supertypes, *front.types]) + (
                f" — {' '.join(front.subtypes)}" if front.subtypes else "")))
    named = {f["card"] for f in commanders}
    for f in facts:
        if isinstance(f, CommanderDamage) and f["commander"] not in named:
            loader.problem(1, f"commander_damage names {f['commander']!r}, which is no "
                           "player's commander", nearest(f["commander"], sorted(named),
                                                         "commanders"))
    by_player: dict[str, list[str]] = {}
    for f in commanders:
        by_player.setdefault(f["player"], []).append(f["card"])
    for player, names in sorted(by_player.items()):
        colors = [c for c in COLORS if any(c in known.get(n, []) for n in names)]
        facts.append(CommanderIdentity(player=player, commanders=names, colors=colors))
