"""CR 702.62 suspend: the special action of suspending a card (702.62a, 116.2f). Its owner
pays the cost after the dash and exiles the card from their hand with as many time counters
as the number before it, whenever they could begin to cast it from there: with priority, and at sorcery timing unless
it is an instant or has flash (702.62c: what would stop the cast stops this too). It doesn't
use the stack. The card's two abilities in exile (a time counter off at each of its owner's
upkeeps; cast without paying its mana cost when the last goes) are written out in
facts/keyword_abilities.py and ruled on by the trigger rules.

The question is `event: {suspend: {card}}`."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.cards import parse_cost
from rulings.facts.casting import Flash
from rulings.facts.costs import CostPayable, CostUnpayable, TotalCost
from rulings.facts.effects import Keyword, Unmodelled
from rulings.facts.game import MAIN_PHASES, GameObject, Turn
from rulings.facts.keyword_actions import CouldBeginToCast, SuspendAction, by_owner
from rulings.facts.keyword_actions import paying_for as paying_for_action
from rulings.facts.match import has
from rulings.facts.rulings import Ruling
from rulings.facts.stack import TopOfStack
from rulings.facts.state import CounterOn

TOPIC = "CR 702.62 Suspend; CR 116.2f"


def split_suspend(value: object) -> tuple[str, str]:
    """'3—{R}' -> ('3', '{R}'): the number of time counters and the cost."""
    number, _, cost = str(value).partition("—")
    return number.strip(), cost.strip()



class Rules:
    # -- could its owner begin to cast it now (116.2f, 702.62c) ---------------------------

    @rule(
        SuspendAction(card=MATCH.card),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, types=has("instant")),
        Turn(priority=MATCH.player),
        id="suspend.timing-instant",
        cites=("CR 116.2f", "CR 117.1a"),
        because="{card} is an instant and {player} has priority",
    )
    def timing_instant(self, card, player):
        return CouldBeginToCast(player=player, object=card,
                                how="it is an instant and they have priority")

    @rule(
        SuspendAction(card=MATCH.card),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player),
        Flash(source=MATCH.card),
        Turn(priority=MATCH.player),
        id="suspend.timing-flash",
        cites=("CR 116.2f", "CR 702.8a"),
        because="{card} has flash and {player} has priority",
    )
    def timing_flash(self, card, player):
        return CouldBeginToCast(player=player, object=card,
                                how="it has flash and they have priority")

    @rule(
        SuspendAction(card=MATCH.card),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player),
        Turn(active=MATCH.player, priority=MATCH.player, stack_empty=True,
             step=P(lambda s: s in MAIN_PHASES) & MATCH.step),
        id="suspend.timing-main-phase",
        cites=("CR 116.2f", "CR 117.1a", "CR 307.1"),
        because="it is {player}'s {step} step, the stack is empty and {player} has priority",
    )
    def timing_main(self, card, player, step):
        return CouldBeginToCast(player=player, object=card,
                                how=f"it is their {step} step with an empty stack")

    # -- the special action -------------------------------------------------------------
    @rule(
        SuspendAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player),
        TEST(lambda given, player: by_owner(given, player)),
        Keyword(object=MATCH.card, keyword="suspend", value=MATCH.value),
        id="suspend.payment",
        cites=("CR 702.62a", "CR 116.2f"),
        because="suspending {card} costs its suspend cost (from {value}), paid as the "
                "special action is taken",
    )
    def payment(self, card, player, value):
        return TotalCost(player=player, paying_for=paying_for_action(card, "suspend"),
                         kind="special action", source=card, parts=parse_cost(split_suspend(value)[1] or "{0}"))

    @rule(
        SuspendAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        TEST(lambda given, player: by_owner(given, player)),
        Keyword(object=MATCH.card, keyword="suspend", value=MATCH.value),
        CouldBeginToCast(player=MATCH.player, object=MATCH.card, how=MATCH.when),
        CostPayable(player=MATCH.player, paying_for=MATCH.paying_for, kind="special action",
                    how=MATCH.how, cost=MATCH.cost),
        TEST(lambda paying_for, card: paying_for == paying_for_action(card, "suspend")),
        id="suspend.special-action",
        cites=("CR 702.62a", "CR 116.2f", "CR 116.3", "CR 702.62b"),
        because="{name} has suspend ({value}) and is in {player}'s hand, {player} could begin "
                "to cast it now ({when}), and {player} can pay its suspend cost ({how}): "
                "suspending it is a special action, so it doesn't use the stack; exiled with "
                "its time counters, it is a suspended card",
        says="{player} may pay {cost} and exile {name} with time counters on it (suspend "
             "{value}), without using the stack",
    )
    def special_action(self, card, player, name, value, cost):
        number = split_suspend(value)[0]
        return Ruling(about=f"{card}.suspend", subject=player, verdict="may",
                      action=f"pay {cost} and exile {name} with {number} time counters "
                             "(suspend)")

    @rule(
        SuspendAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        TEST(lambda given, player: by_owner(given, player)),
        Keyword(object=MATCH.card, keyword="suspend"),
        Turn(active=MATCH.active, step=MATCH.step, priority=MATCH.priority),
        NOT(CouldBeginToCast(player=MATCH.player, object=MATCH.card)),
        id="suspend.not-now",
        cites=("CR 702.62a", "CR 116.2f", "CR 117.1a"),
        because="a card may be suspended only when its owner could begin to cast it from "
                "their hand, and {player} couldn't cast {name} now: it is {active}'s {step} "
                "step, {priority} has priority (nobody if empty), and it is not an instant "
                "and has no flash, or {player} lacks priority",
        absent=("{player} could not begin to cast {name} from their hand now",),
        says="{player} can't suspend {name} now",
    )
    def not_now(self, card, player, name):
        return Ruling(about=f"{card}.suspend", subject=player, verdict="can't",
                      action=f"suspend {name} now")

    @rule(
        SuspendAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        Keyword(object=MATCH.card, keyword="suspend"),
        CostUnpayable(player=MATCH.player, paying_for=MATCH.paying_for, kind="special action",
                      cost=MATCH.cost, reason=MATCH.reason),
        TEST(lambda paying_for, card: paying_for == paying_for_action(card, "suspend")),
        id="suspend.unpayable",
        cites=("CR 702.62a", "CR 118.3"),
        because="suspending {name} costs {cost}, and {player} can't pay it: {reason}",
        says="{player} can't suspend {name}: they can't pay {cost}",
    )
    def unpayable(self, card, player, name):
        return Ruling(about=f"{card}.suspend", subject=player, verdict="can't",
                      action=f"suspend {name}")

    @rule(
        SuspendAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, zone=MATCH.zone, owner=MATCH.owner, name=MATCH.name),
        TEST(lambda zone: zone != "hand"),
        Keyword(object=MATCH.card, keyword="suspend"),
        id="suspend.only-from-hand",
        cites=("CR 702.62a", "CR 116.2f"),
        because="a card is suspended from its owner's hand, and {name} is in the {zone}",
        says="{name} can't be suspended from the {zone}",
    )
    def only_from_hand(self, card, given, owner, name):
        return Ruling(about=f"{card}.suspend", subject=given or owner, verdict="can't",
                      action=f"suspend {name}")

    @rule(
        SuspendAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, owner=MATCH.owner, zone="hand", name=MATCH.name),
        TEST(lambda given, owner: not by_owner(given, owner)),
        Keyword(object=MATCH.card, keyword="suspend"),
        id="suspend.not-owner",
        cites=("CR 702.62a", "CR 116.2f"),
        because="only the player whose hand holds {name} may suspend it, and that is "
                "{owner}",
        says="{given} can't suspend {name}",
    )
    def not_owner(self, card, given, name):
        return Ruling(about=f"{card}.suspend", subject=given, verdict="can't",
                      action=f"suspend {name}")

    @rule(
        SuspendAction(card=MATCH.card, player=MATCH.given),
        GameObject(id=MATCH.card, owner=MATCH.owner, name=MATCH.name),
        NOT(Keyword(object=MATCH.card, keyword="suspend")),
        NOT(Unmodelled(object=MATCH.card)),
        id="suspend.no-suspend",
        cites=("CR 702.62a", "CR 116.2f"),
        because="only a card with suspend can be suspended, and {name} has no suspend",
        absent=("{name} has no suspend", "every ability of {name} is read"),
        says="{name} can't be suspended",
    )
    def no_suspend(self, card, given, owner, name):
        return Ruling(about=f"{card}.suspend", subject=given or owner, verdict="can't",
                      action=f"suspend {name}")

    # -- the time counters in exile (702.62a) ---------------------------------------------

    @rule(
        TopOfStack(ability=MATCH.ability, source=MATCH.card, kind="ability"),
        TEST(lambda ability, card: ability == f"{card}.suspend"),
        GameObject(id=MATCH.card, zone="exile", owner=MATCH.owner, name=MATCH.name,
                   types=MATCH.types),
        CounterOn(object=MATCH.card, counter="time", amount=1),
        id="suspend.last-counter",
        cites=("CR 702.62a", "CR 702.62d", "CR 603.2"),
        because="{name} has one time counter left, and its suspend ability removes it as it "
                "resolves: when the last time counter is removed from a card in exile, its "
                "suspend ability triggers again, and as that resolves {owner} may cast {name} "
                "without paying its mana cost (an alternative cost, so no other can be "
                "added); a creature spell cast so has haste while {owner} controls it; "
                "if {owner} doesn't cast it, it stays in exile",
        says="the last time counter comes off {name}: {owner} may then cast it without paying "
             "its mana cost",
    )
    def last_counter(self, card, owner, name, types):
        haste = " (it gains haste)" if "creature" in types else ""
        return Ruling(about=f"{card}.suspend.cast", subject=owner, verdict="may",
                      action=f"cast {name} without paying its mana cost once its last time "
                             f"counter is removed{haste}", step=20)

    @rule(
        TopOfStack(ability=MATCH.ability, source=MATCH.card, kind="ability"),
        TEST(lambda ability, card: ability == f"{card}.suspend"),
        GameObject(id=MATCH.card, zone="exile", owner=MATCH.owner, name=MATCH.name),
        CounterOn(object=MATCH.card, counter="time", amount=MATCH.amount),
        TEST(lambda amount: amount > 1),
        id="suspend.counters-left",
        cites=("CR 702.62a", "CR 702.62b"),
        because="{name} has {amount} time counters, and its suspend ability removes only one "
                "as it resolves, so some stay: it is still suspended, and it isn't cast yet",
        says="{name} stays suspended with time counters left; {owner} doesn't cast it yet",
    )
    def counters_left(self, card, owner, name):
        return Ruling(about=f"{card}.suspend.cast", subject=owner, verdict="can't",
                      action=f"cast {name} yet (time counters remain)", step=20)
