"""Words for the special actions keywords give a card in its owner's hand (CR 116.2f, 116.2h):
foretelling it (702.143a) and suspending it (702.62a), the questions that ask about them,
and a card in exile that was foretold (`foretold:`). The rules are knowledge/rules/foretell.py
and knowledge/rules/suspend.py."""

from __future__ import annotations

from rulings.facts.vocabulary import GameFact, entry_key, slot, word

# -- what both special actions check the same way (used by foretell.py and suspend.py) -----

def by_owner(given: str, owner: str) -> bool:
    """The question names no player, or the card's owner: only they hold it in their hand."""
    return given in ("", owner)


def paying_for(card: str, action: str) -> str:
    """What the cost of taking `action` with `card` is for (`TotalCost.paying_for`)."""
    return f"{card}:{action}"


@word("event", "foretell")
class ForetellAction(GameFact):
    """The question: a player foretells a card from their hand (pays {2} and exiles it face
    down, CR 702.143a, 116.2h)."""

    slots = {"card": slot(str, ref="object"),
             "player": slot(str, "", ref="player", doc="who does it; the card's owner if "
                                                       "left out")}
    reads = "the question: {card} is foretold"


@word("event", "suspend")
class SuspendAction(GameFact):
    """The question: a player suspends a card from their hand (pays its suspend cost and
    exiles it with its number of time counters, CR 702.62a, 116.2f)."""

    slots = {"card": slot(str, ref="object"),
             "player": slot(str, "", ref="player", doc="who does it; the card's owner if "
                                                       "left out")}
    reads = "the question: {card} is suspended"


class Foretold(GameFact):
    """A card in exile was foretold (`foretold: true`, or `foretold: this_turn` when that
    happened during the current turn): its owner may cast it for its foretell cost once the
    turn it was foretold has ended (CR 702.143a)."""

    slots = {"object": slot(str, ref="object"),
             "this_turn": slot(bool, False, doc="it was foretold during the current turn")}
    reads = "{object} was foretold"

    def describe(self, name):  # type: ignore[no-untyped-def]
        when = " this turn" if self["this_turn"] else " on an earlier turn"
        return f"{name(self['object'])} was foretold{when}"


@entry_key("object", "foretold", "a card in exile that was foretold: true (on an earlier "
                                 "turn) or this_turn (CR 702.143a)",
           {"oneOf": [{"type": "boolean"}, {"enum": ["this_turn"]}]},
           fix="write foretold: true (or foretold: this_turn)", zones=("exile",))
def _foretold(owner: str, value: object, order: int) -> list[GameFact]:
    if value is True:
        return [Foretold(object=owner, this_turn=False)]
    if value is False:
        return []
    if value == "this_turn":
        return [Foretold(object=owner, this_turn=True)]
    raise ValueError(f"must be true, false or this_turn, not {value!r}")





class CouldBeginToCast(GameFact):
    """`player` could begin to cast `object` from their hand now (what suspending it needs,
    CR 116.2f, 702.62a): `how` says why the timing allows it."""

    slots = {"player": slot(str, ref="player"), "object": slot(str, ref="object"),
             "how": slot(str)}
    reads = "{player} could begin to cast {object} now: {how}"
__all__ = ["CouldBeginToCast", "ForetellAction", "Foretold", "SuspendAction"]
