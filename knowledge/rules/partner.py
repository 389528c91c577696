"""CR 702.124 partner: what lets a Commander player have two commanders (702.124a). Plain
partner needs partner on both cards (702.124h); "partner with [name]" needs each to name the
other (702.124j); different partner abilities don't combine (702.124f). The other variants
(partner—[text], choose a Background, Doctor's companion) are not written in the card
language, so a card whose abilities are not all read gets no ruling here.

Said when the question is about a player's deck (`in_deck`), whose two commanders are
listed (`commander: [A, B]`) with their cards in the command zone. "Partner with"'s enters
trigger is facts/keyword_abilities.py's."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.commander import GameFormat, InDeck, IsCommander
from rulings.facts.effects import Keyword, Unmodelled
from rulings.facts.rulings import Ruling

TOPIC = "CR 702.124 Partner"


def _how(engine: object, first: str, second: str, first_card: str, second_card: str) -> str:
    """Which partner ability lets the two cards be commanders together, or ''."""
    def words(obj: str) -> dict[str, str]:
        return {k["keyword"]: str(k["value"]) for k in
                engine.collect(Keyword, object=obj)}  # type: ignore[attr-defined]

    a, b = words(first), words(second)
    if "partner" in a and "partner" in b:
        return "each has partner"
    if a.get("partner_with", "").lower() == second_card.lower() and \
            b.get("partner_with", "").lower() == first_card.lower():
        return "each has partner with the other's name"
    return ""


class Rules:
    @rule(
        GameFormat(name="commander"),
        InDeck(player=MATCH.player),
        IsCommander(object=MATCH.first, player=MATCH.player, card=MATCH.first_card),
        IsCommander(object=MATCH.second, player=MATCH.player, card=MATCH.second_card),
        TEST(lambda first, second: first < second),
        salience=AGGREGATE,
        id="partner.two-commanders",
        cites=("CR 702.124a", "CR 702.124h", "CR 702.124j"),
        because="{player} has two commanders, {first_card} and {second_card}, and a partner "
                "ability of both allows it",
        says="{player} may have both {first_card} and {second_card} as commanders",
    )
    def two_commanders(self, player, first, second, first_card, second_card):
        how = _how(self, first, second, first_card, second_card)
        if not how:
            return None
        return Ruling(about=f"{player}:partners", subject=player, verdict="can",
                      action=f"have both {first_card} and {second_card} as commanders "
                             f"({how})")

    @rule(
        GameFormat(name="commander"),
        InDeck(player=MATCH.player),
        IsCommander(object=MATCH.first, player=MATCH.player, card=MATCH.first_card),
        IsCommander(object=MATCH.second, player=MATCH.player, card=MATCH.second_card),
        TEST(lambda first, second: first < second),
        NOT(Unmodelled(object=MATCH.first)),
        NOT(Unmodelled(object=MATCH.second)),
        salience=AGGREGATE,
        id="partner.not-partners",
        cites=("CR 702.124a", "CR 702.124f", "CR 903.3"),
        because="a player has one commander unless a partner ability of both cards lets them "
                "have two: each with partner, or each with partner with the other's name "
                "(different partner abilities don't combine); {first_card} and "
                "{second_card} don't",
        absent=("every ability of both cards is read",),
        says="{player} can't have both {first_card} and {second_card} as commanders",
    )
    def not_partners(self, player, first, second, first_card, second_card):
        if _how(self, first, second, first_card, second_card):
            return None
        return Ruling(about=f"{player}:partners", subject=player, verdict="can't",
                      action=f"have both {first_card} and {second_card} as commanders")
