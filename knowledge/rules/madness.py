"""CR 702.35 madness: two abilities. In its owner's hand, a card with madness is discarded into
exile instead of the graveyard (a replacement effect of the card itself, 702.35a, 614.1a);
it is still discarded, so what looks for a discard sees it. Exiled that way, its madness
ability triggers: as that resolves, its owner may cast it by paying its madness cost (an
alternative cost, 702.35b), whatever its card type's timing (608.2g); if they don't, it goes
to their graveyard.

The question is the `discards` event with the cards named: `{discards: {player: Alice,
cards: [fiend]}}`, or the `cycles` event (cycling discards the card, 702.29a). The cost
itself is casting.py's (KEYWORD_ALTERNATIVES)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.cycling import Cycles
from rulings.facts.effects import Keyword
from rulings.facts.game import GameObject
from rulings.facts.rulings import Ruling
from rulings.facts.stack import Discards

TOPIC = "CR 702.35 Madness"


class Rules:
    @rule(
        Discards(player=MATCH.player, cards=MATCH.cards),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        TEST(lambda card, cards: card in cards),
        Keyword(object=MATCH.card, keyword="madness", value=MATCH.cost),
        id="madness.exiled-instead",
        cites=("CR 702.35a", "CR 614.1a"),
        because="{name} has madness and {player} discards it from their hand: madness "
                "replaces where it goes, exile instead of the graveyard; it is still "
                "discarded, so abilities that look for a discard see it",
        says="{name} is discarded into exile instead of {player}'s graveyard (madness)",
    )
    def exiled_instead(self, card, name):
        return Ruling(about=f"{card}.madness.exile", subject=name, verdict="happens",
                      action="be discarded into exile instead of the graveyard (madness)",
                      step=1)

    @rule(
        Discards(player=MATCH.player, cards=MATCH.cards),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        TEST(lambda card, cards: card in cards),
        Keyword(object=MATCH.card, keyword="madness", value=MATCH.cost),
        id="madness.trigger",
        cites=("CR 702.35a", "CR 702.35b", "CR 608.2g"),
        because="exiled by its madness ability, {name}'s madness trigger goes on the stack; "
                "as it resolves, {player} may cast {name} from exile by paying its madness "
                "cost {cost} instead of its mana cost, even when its card type's timing "
                "wouldn't allow it then; if {player} doesn't, it is put into their graveyard",
        says="{name}'s madness triggers: {player} may cast it for {cost} as the trigger "
             "resolves, or it goes to the graveyard",
    )
    def trigger(self, card, player, name, cost):
        return Ruling(about=f"{card}.madness.cast", subject=player, verdict="may",
                      action=f"cast {name} for its madness cost {cost} as its madness trigger "
                             "resolves", step=2)

    # -- cycle: a card cycled is discarded to pay the cost (702.29a), so madness applies ------

    @rule(
        Cycles(card=MATCH.card),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        Keyword(object=MATCH.card, keyword="madness", value=MATCH.cost),
        id="madness.cycled-exiled-instead",
        cites=("CR 702.35a", "CR 702.29a", "CR 614.1a"),
        because="{name} has madness and {player} cycles it, discarding it from their hand to "
                "pay the cycling cost: madness replaces where it goes, exile instead of the "
                "graveyard; it is still discarded (and cycled)",
        says="{name} is discarded into exile instead of {player}'s graveyard (madness)",
    )
    def cycled_exiled_instead(self, card, name):
        return Ruling(about=f"{card}.madness.exile", subject=name, verdict="happens",
                      action="be discarded into exile instead of the graveyard (madness)",
                      step=2)

    @rule(
        Cycles(card=MATCH.card),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        Keyword(object=MATCH.card, keyword="madness", value=MATCH.cost),
        id="madness.cycled-trigger",
        cites=("CR 702.35a", "CR 702.35b", "CR 608.2g"),
        because="cycled and exiled by its madness ability, {name}'s madness trigger goes on "
                "the stack; as it resolves, {player} may cast {name} from exile by paying its "
                "madness cost {cost}, whatever its card type's timing; if {player} doesn't, "
                "it is put into their graveyard",
        says="{name}'s madness triggers: {player} may cast it for {cost} as the trigger "
             "resolves, or it goes to the graveyard",
    )
    def cycled_trigger(self, card, player, name, cost):
        return Ruling(about=f"{card}.madness.cast", subject=player, verdict="may",
                      action=f"cast {name} for its madness cost {cost} as its madness trigger "
                             "resolves", step=3)
