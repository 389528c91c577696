"""CR 702.29 Cycling, and the abilities that trigger on it (603.2). Cycling is an activated
ability that works only in a hand: its cost is a cost and discarding the card (702.29a), so a
card cycled is also a card discarded. Triggers:

- "whenever you cycle a card", "whenever a player cycles a card", "… another card"
  (`when: {cycles: {who, what}}`) trigger on a card being cycled;
- "when you cycle ~" (`what: this`) is "when you discard this card to pay a cycling cost", and
  triggers from whatever zone the card ends up in (702.29c): the card itself sees its cycling,
  although it is no longer in a hand and not on the battlefield;
- "whenever you cycle or discard a card" (`cycles_or_discards`) triggers on either, and only
  once for a card cycled (702.29d);
- "when you cycle ~ or it dies" (`cycles_or_dies`, `what: this`) on either: its dying part
  looks back like any dies trigger (603.10a, triggers.py), its cycling part as above.

The question is `cycles: {card, player}` (facts/cycling.py): the card is in its owner's hand
and has cycling (the loader checks both). A `discards` question is a discard that isn't
cycling: "cycle or discard" abilities trigger on it, "cycle" abilities don't."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.costs import CostPayable
from rulings.facts.cycling import CYCLING, Cycles
from rulings.facts.effects import Selector, Trigger
from rulings.facts.game import Ability, GameObject
from rulings.facts.mana import Activate, CantPay
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    Armed,
    Discards,
    GameEvent,
    SourceController,
    Triggered,
    Watching,
    WhoFits,
)
from rulings.facts.vocabulary import GameFact

TOPIC = "CR 702.29 Cycling"

#: the kind of the event either of whose two parts triggers once (702.29d)
EITHER = "cycles_or_discards"
#: `to` of an EITHER occurrence: which of the two it was (the answer's words say it)
CYCLED, DISCARDED = "cycled", "discarded"

#: trigger events whose occurrence for the card cycled the card itself sees (702.29c):
#: "when you cycle ~", "when you cycle ~ or it dies" (its cycling part)
SELF_CYCLE_EVENTS = ("cycles", "cycles_or_dies")
#: the parts of a selector that is nothing but "another card"
_PLAIN_KEYS = ("id", "ability", "source", "text", "types", "other")


def _only_another_card(sel: object) -> bool:
    """The selector says "another card" and nothing more: any card but the source."""
    data = {k: v for k, v in dict(sel).items()  # type: ignore[call-overload]
            if not GameFact.is_special(k)}
    if not data.get("other") or data.get("ref"):
        return False
    if list(data.get("types") or ()) not in ([], ["card"]):
        return False
    return not any(value for key, value in data.items() if key not in _PLAIN_KEYS)


class Rules:
    # -- the event asked about --------------------------------------------------------------

    @rule(
        Cycles(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        TEST(lambda given, player: given in ("", player)),
        id="cycling.cycled",
        cites=("CR 702.29a", "CR 602.2", "CR 701.9a"),
        because="cycling is an activated ability that works only in a hand: {player} "
                "activates {name}'s cycling ability and pays its cost, which includes "
                "discarding {name} from their hand (into their graveyard, unless an effect "
                "such as madness puts it elsewhere); the ability goes on the stack, and "
                "{player} draws a card as it resolves",
        says="{player} cycles {name}: it is discarded to pay the cost, and the cycling "
             "ability goes on the stack",
    )
    def cycled(self, card, player, name):
        return [
            GameEvent(event="cycles", kind="cycles", object=card, player=player),
            # a card cycled is discarded (702.29a): one occurrence of "cycle or discard"
            # for it, not two (702.29d)
            GameEvent(event="cycles", kind=EITHER, object=card, player=player, to=CYCLED),
            GameEvent(event="cycles", kind="discards", player=player, amount=1),
            Ruling(about=f"{card}.cycled", subject=player, verdict="happens",
                   action=f"discard {name} to pay its cycling cost; the cycling ability "
                          "goes on the stack", step=1),
        ]

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.card, kind="activated"),
        TEST(lambda ability, card: ability == f"{card}.{CYCLING}"),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player),
        CostPayable(paying_for=MATCH.ability, kind="ability"),
        NOT(CantPay(ability=MATCH.ability)),
        id="cycling.activated",
        cites=("CR 702.29a", "CR 602.2"),
        because="{player} can activate the cycling ability of {card}, in their hand, and "
                "paying its cost discards {card}: activating it is cycling {card}",
        absent=("no part of the cost of {ability} is impossible to pay",),
    )
    def activated(self, card, player):
        return Cycles(card=card, player=player)

    @rule(
        Discards(player=MATCH.player, amount=MATCH.amount, cards=MATCH.cards),
        id="cycling.discard-is-either",
        cites=("CR 701.9a", "CR 603.2"),
        because="{player} discards, which is one of the two events of an ability that "
                "triggers whenever a player cycles or discards a card",
    )
    def discard_is_either(self, player, amount, cards):
        if not cards:
            return GameEvent(event="discards", kind=EITHER, player=player, amount=amount,
                             to=DISCARDED)
        return [GameEvent(event="discards", kind=EITHER, object=card, player=player,
                          to=DISCARDED) for card in cards]

    # -- "when you cycle ~": the card sees its own cycling (702.29c) ------------------------

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind, what=MATCH.what),
        TEST(lambda kind: kind in SELF_CYCLE_EVENTS),
        Selector(id=MATCH.what, ref="this"),
        GameEvent(kind=MATCH.kind, object=MATCH.source, to=""),
        GameObject(id=MATCH.source, zone="hand"),
        id="cycling.self-trigger-sees",
        cites=("CR 702.29c", "CR 603.2"),
        because="{ability} triggers when its own card is cycled, and {source} is the card "
                "cycled: such an ability triggers from whatever zone the card is put into "
                "as it is cycled, although it is no longer in the hand",
    )
    def self_trigger_sees(self, ability, source):
        return Watching(ability=ability, source=source, event="", when="after")

    # -- "another card", when the cards discarded are not named -----------------------------

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=EITHER, what=MATCH.what,
                who=P(lambda w: w != "")),
        AS.sel << Selector(id=MATCH.what, ref=""),
        TEST(lambda sel: _only_another_card(sel)),
        Armed(ability=MATCH.ability),
        GameEvent(kind=EITHER, object="", player=MATCH.player),
        WhoFits(ability=MATCH.ability, player=MATCH.player),
        GameObject(id=MATCH.source, zone="battlefield"),
        SourceController(object=MATCH.source, player=MATCH.controller),
        id="cycling.another-card-discarded",
        cites=("CR 701.9a", "CR 603.2", "CR 109.1"),
        because="{ability} triggers when {player} discards another card; a card is "
                "discarded from a hand, and {source} is on the battlefield, so whatever card "
                "{player} discards is another card than {source}",
    )
    def another_card_discarded(self, ability, source, player, controller):
        return Triggered(ability=ability, source=source, occurrence=f"{EITHER}:{player}",
                         controller=controller, about=player, kind=EITHER)
