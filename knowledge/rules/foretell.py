"""CR 702.143 foretell. In its owner's hand, a card with foretell lets them, any time they have
priority during their own turn, pay {2} and exile it face down: a special action, so it
doesn't use the stack (702.143b, 116.2h). A foretold card may be cast from exile for its
foretell cost instead of its mana cost, but only after the turn it was foretold has ended
(702.143a); its card type's timing still applies (the casting rules check it).

The question `event: {foretell: {card}}` asks about the special action; `cast: {card,
alternative_cost: foretell}` about casting a card in exile marked `foretold:`."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.cards import parse_cost
from rulings.facts.casting import AlternativeCost, CastBlocked, Casting, CastPermission
from rulings.facts.costs import CostPayable, CostUnpayable, TotalCost
from rulings.facts.effects import Keyword, Unmodelled
from rulings.facts.game import GameObject, Turn
from rulings.facts.keyword_actions import ForetellAction, Foretold, by_owner
from rulings.facts.keyword_actions import paying_for as paying_for_action
from rulings.facts.rulings import Ruling

TOPIC = "CR 702.143 Foretell; CR 116.2h"

#: what foretelling costs, whatever the card (702.143a)
FORETELL_PAYMENT = "{2}"



class Rules:
    # -- the special action (702.143a-b, 116.2h) ------------------------------------------

    @rule(
        ForetellAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player),
        TEST(lambda given, player: by_owner(given, player)),
        Keyword(object=MATCH.card, keyword="foretell"),
        Turn(active=MATCH.player, priority=MATCH.player),
        id="foretell.payment",
        cites=("CR 702.143a", "CR 116.2h"),
        because="foretelling {card} costs {player} {{2}}, paid as the special action is taken",
    )
    def payment(self, card, player):
        return TotalCost(player=player, paying_for=paying_for_action(card, "foretell"),
                         kind="special action", source=card, parts=parse_cost(FORETELL_PAYMENT))

    @rule(
        ForetellAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        TEST(lambda given, player: by_owner(given, player)),
        Keyword(object=MATCH.card, keyword="foretell"),
        Turn(active=MATCH.player, priority=MATCH.player),
        CostPayable(player=MATCH.player, paying_for=MATCH.paying_for, kind="special action",
                    how=MATCH.how),
        TEST(lambda paying_for, card: paying_for == paying_for_action(card, "foretell")),
        id="foretell.special-action",
        cites=("CR 702.143a", "CR 702.143b", "CR 116.2h", "CR 116.3"),
        because="{name} has foretell and is in {player}'s hand, it is {player}'s turn and "
                "{player} has priority, and {player} can pay {{2}} ({how}): foretelling is a "
                "special action, so it doesn't use the stack and no one can respond to it; "
                "{player} may look at the face-down card in exile, and may cast it for its "
                "foretell cost once this turn has ended",
        says="{player} may pay {{2}} and exile {name} face down (foretell), without using the "
             "stack",
    )
    def special_action(self, card, player, name):
        return Ruling(about=f"{card}.foretell", subject=player, verdict="may",
                      action=f"pay {{2}} and exile {name} face down (foretell)")

    @rule(
        ForetellAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        Keyword(object=MATCH.card, keyword="foretell"),
        CostUnpayable(player=MATCH.player, paying_for=MATCH.paying_for, kind="special action",
                      reason=MATCH.reason),
        TEST(lambda paying_for, card: paying_for == paying_for_action(card, "foretell")),
        id="foretell.unpayable",
        cites=("CR 702.143a", "CR 118.3"),
        because="foretelling {name} costs {{2}}, and {player} can't pay it: {reason}",
        says="{player} can't foretell {name}: they can't pay {{2}}",
    )
    def unpayable(self, card, player, name):
        return Ruling(about=f"{card}.foretell", subject=player, verdict="can't",
                      action=f"foretell {name}")

    @rule(
        ForetellAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        TEST(lambda given, player: by_owner(given, player)),
        Keyword(object=MATCH.card, keyword="foretell"),
        Turn(active=MATCH.active, priority=MATCH.priority),
        TEST(lambda active, priority, player: not active == priority == player),
        id="foretell.not-now",
        cites=("CR 702.143a", "CR 116.2h"),
        because="a card may be foretold only while its owner has priority during their own "
                "turn; it is {active}'s turn and {priority} has priority (nobody if empty)",
        says="{player} can't foretell {name} now",
    )
    def not_now(self, card, player, name):
        return Ruling(about=f"{card}.foretell", subject=player, verdict="can't",
                      action=f"foretell {name} now")

    @rule(
        ForetellAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone=MATCH.zone, owner=MATCH.owner, name=MATCH.name),
        TEST(lambda zone: zone != "hand"),
        Keyword(object=MATCH.card, keyword="foretell"),
        id="foretell.only-from-hand",
        cites=("CR 702.143a",),
        because="foretell works only while the card is in its owner's hand, and {name} is in "
                "the {zone}",
        says="{name} can't be foretold from the {zone}",
    )
    def only_from_hand(self, card, given, owner, name):
        return Ruling(about=f"{card}.foretell", subject=given or owner, verdict="can't",
                      action=f"foretell {name}")

    @rule(
        ForetellAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, owner=MATCH.owner, zone="hand", name=MATCH.name),
        TEST(lambda given, owner: not by_owner(given, owner)),
        Keyword(object=MATCH.card, keyword="foretell"),
        id="foretell.not-owner",
        cites=("CR 702.143a", "CR 116.2h"),
        because="only the player whose hand holds {name} may foretell it, and that is "
                "{owner}",
        says="{given} can't foretell {name}",
    )
    def not_owner(self, card, given, name):
        return Ruling(about=f"{card}.foretell", subject=given, verdict="can't",
                      action=f"foretell {name}")

    @rule(
        ForetellAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, owner=MATCH.owner, name=MATCH.name),
        NOT(Keyword(object=MATCH.card, keyword="foretell")),
        NOT(Unmodelled(object=MATCH.card)),
        id="foretell.no-foretell",
        cites=("CR 702.143a", "CR 116.2h"),
        because="only a card with foretell can be foretold, and {name} has no foretell",
        absent=("{name} has no foretell", "every ability of {name} is read"),
        says="{name} can't be foretold",
    )
    def no_foretell(self, card, given, owner, name):
        return Ruling(about=f"{card}.foretell", subject=given or owner, verdict="can't",
                      action=f"foretell {name}")

    # -- casting a foretold card (702.143a) -----------------------------------------------

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="foretell", value=MATCH.cost),
        TEST(lambda cost: cost != ""),
        id="foretell.cost",
        cites=("CR 702.143a", "CR 118.9"),
        because="foretell gives {card} an alternative cost, {cost}, paid when it is cast "
                "from exile after being foretold",
    )
    def cost(self, card, cost):
        return AlternativeCost(object=card, name="foretell", cost=parse_cost(cost),
                               shown=cost)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during="", alternative="foretell"),
        GameObject(id=MATCH.card, zone="exile", owner=MATCH.player),
        Foretold(object=MATCH.card, this_turn=False),
        id="foretell.cast-foretold",
        cites=("CR 702.143a", "CR 601.3"),
        because="{card} is a card {player} foretold on an earlier turn, in exile: {player} "
                "may cast it from there by paying its foretell cost instead of its mana cost",
    )
    def cast_foretold(self, card, player):
        return CastPermission(player=player, object=card, kind="from exile, foretold",
                              source=card)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="foretell",
                step=MATCH.step),
        GameObject(id=MATCH.card, zone="exile", name=MATCH.name),
        Foretold(object=MATCH.card, this_turn=True),
        id="foretell.foretold-this-turn",
        cites=("CR 702.143a",),
        because="{name} was foretold this turn, and a foretold card may be cast only after "
                "the turn it was foretold has ended",
        says="{player} can't cast {name} for its foretell cost this turn",
    )
    def foretold_this_turn(self, card, player, name, step):
        return [CastBlocked(player=player, object=card,
                            reason="foretold this turn"),
                Ruling(about=f"{card}.cast.foretell", subject=player, verdict="can't",
                       action=f"cast {name} for its foretell cost this turn", step=step)]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="foretell",
                step=MATCH.step),
        GameObject(id=MATCH.card, zone=MATCH.zone, name=MATCH.name),
        NOT(Foretold(object=MATCH.card)),
        Keyword(object=MATCH.card, keyword="foretell"),
        id="foretell.not-foretold",
        cites=("CR 702.143a",),
        because="a foretell cost is paid only to cast a card that was foretold, from exile; "
                "{name} is in the {zone} and was not foretold",
        absent=("{name} was not foretold",),
        says="{player} can't cast {name} for its foretell cost",
    )
    def not_foretold(self, card, player, name, step):
        return [CastBlocked(player=player, object=card, reason="not foretold"),
                Ruling(about=f"{card}.cast.foretell", subject=player, verdict="can't",
                       action=f"cast {name} for its foretell cost", step=step)]
