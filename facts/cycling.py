"""Words for cycling a card (CR 702.29): the question `cycles: {card, player}` — a player cycles
a card from their hand, which is activating its cycling ability and discarding the card to pay
for it (702.29a) — and the input errors of that question. The rules that make abilities
trigger on it are knowledge/rules/cycling.py; the trigger words `cycles` and
`cycles_or_discards` are the effect language's (facts/effects.py, EVENTS)."""

from __future__ import annotations

from typing import Any

from rulings.facts.vocabulary import GameFact, slot, word

#: the keyword whose ability cycling is (702.29a); typecycling is written out as an activated
#: ability of its own (702.29e) and is not recognised as cycling by the `cycles` question yet
CYCLING = "cycling"


@word("event", "cycles")
class Cycles(GameFact):
    """The question: a player cycles a card from their hand (CR 702.29a): the cycling ability
    is activated and the card is discarded to pay its cost; what triggers on that."""

    slots = {"card": slot(str, ref="object", doc="the card cycled, in its owner's hand"),
             "player": slot(str, "", ref="player", doc="who cycles it; the card's owner if "
                                                       "left out")}
    reads = "the question: {player} cycles {card}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        # also derived, from an `activate` of the cycling ability (knowledge/rules/cycling.py)
        who = name(self["player"]) if self["player"] else "its owner"
        return f"{who} cycles {name(self['card'])}"


def check_cycles(loader: Any) -> None:
    """A card is cycled from a hand, by the player whose hand it is (702.29a: the ability
    functions only there, and a card in a hand is its owner's), and only a card with cycling
    can be."""
    from rulings.facts.effects import Keyword, Unmodelled

    facts = loader.situation.facts
    lines = {id(f): ln for f, ln in loader.pending_refs}
    for fact in facts:
        if not isinstance(fact, Cycles):
            continue
        line = lines.get(id(fact), 0)
        obj = loader.objects.get(fact["card"])
        if obj is None:
            continue  # an unknown id: reported with the references
        name = obj["name"]
        if obj["zone"] != "hand":
            loader.problem(line, f"{name} is in the {obj['zone']}, and a card is cycled only "
                           "from a hand: its cycling ability works only there (CR 702.29a)",
                           "list it in the hand of the player who cycles it")
            continue
        if fact["player"] and fact["player"] != obj["owner"]:
            loader.problem(line, f"{name} is in {obj['owner']}'s hand, so only "
                           f"{obj['owner']} can cycle it (CR 702.29a, 602.2)",
                           f"write player: {obj['owner']}, or leave player: out")
        has = any(isinstance(f, Keyword) and f["object"] == obj["id"]
                  and f["keyword"] == CYCLING for f in facts)
        # a cycling the compiler couldn't read (its text is kept) is not refused
        unread = any(isinstance(f, Unmodelled) and f["object"] == obj["id"]
                     and "cycling" in str(f["text"]).lower() for f in facts)
        if not has and not unread:
            loader.problem(line, f"{name} has no cycling, so it can't be cycled (CR 702.29a; "
                           "typecycling written out as an activated ability is not "
                           "recognised as cycling here yet)",
                           "cycle a card with cycling (keywords: [{cycling: \"{2}\"}]), or "
                           "ask about a plain discard with discards: {player, cards: [...]}")
