"""Special actions (CR 116): paying to ignore a static ability's effect for a while, such as
Leonin Arbiter's (CR 116.2d). Taken any time the player has priority (CR 117.1c); it doesn't
use the stack, and the player gets priority again afterwards (CR 116.3)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.costs import CostPayable
from rulings.facts.game import GameObject, Turn
from rulings.facts.resolution import BoundBy, CantSearch, Ignoring, PaidToIgnore, SpecialAction
from rulings.facts.rulings import Ruling

TOPIC = "CR 116 Special actions"

HAS_COST = P(lambda c: c != "")


class Rules:
    @rule(
        SpecialAction(player=MATCH.player, source=MATCH.source),
        CantSearch(source=MATCH.source, ignore_cost=MATCH.cost),
        GameObject(id=MATCH.source, zone="battlefield"),
        Turn(priority=MATCH.player),
        TEST(lambda cost: cost != ""),
        CostPayable(player=MATCH.player, paying_for=MATCH.source, kind="special action"),
        id="special-actions.pay-to-ignore",
        cites=("CR 116.2d", "CR 116.3", "CR 117.1c"),
        because="paying {cost} to ignore {source}'s effect is a special action: any player "
                "may take it whenever they have priority and can pay, and {player} has "
                "priority and can pay {cost}; it "
                "doesn't use the stack, so nobody can respond to it, and {player} gets "
                "priority again afterwards",
        says="{player} may pay {cost} to ignore {source}'s effect until end of turn",
    )
    def sa_pay(self, player, cost):
        return Ruling(about=f"{player}.special-action", subject=player, verdict="may",
                      action="pay {cost} as a special action", step=1)

    @rule(
        SpecialAction(player=MATCH.player, source=MATCH.source),
        CantSearch(source=MATCH.source, ignore_cost=HAS_COST),
        GameObject(id=MATCH.source, zone="battlefield"),
        Turn(priority=MATCH.holder),
        TEST(lambda holder, player: holder != player),
        id="special-actions.needs-priority",
        cites=("CR 116.2d", "CR 117.1c"),
        because="this special action can be taken only by a player who has priority, and "
                "{player} doesn't (the question says {holder} has it)",
        says="{player} can't pay to ignore {source}'s effect right now",
    )
    def sa_needs_priority(self, player):
        return Ruling(about=f"{player}.special-action", subject=player, verdict="can't",
                      action="take the special action now", step=1)

    @rule(
        SpecialAction(player=MATCH.player, source=MATCH.source),
        CantSearch(source=MATCH.source, ignore_cost=HAS_COST),
        GameObject(id=MATCH.source, zone=MATCH.zone),
        TEST(lambda zone: zone != "battlefield"),
        id="special-actions.source-gone",
        cites=("CR 116.2d", "CR 113.6"),
        because="{source} is in the {zone}, not on the battlefield, so its static ability "
                "has no effect to ignore",
        says="{player} can't pay to ignore {source}: it isn't on the battlefield",
    )
    def sa_source_gone(self, player, source):
        return Ruling(about=f"{player}.special-action", subject=player, verdict="can't",
                      action="take the special action", step=1)

    @rule(
        SpecialAction(player=MATCH.player, source=MATCH.source),
        NOT(CantSearch(source=MATCH.source, ignore_cost=HAS_COST)),
        id="special-actions.nothing-to-ignore",
        cites=("CR 116.2d",),
        because="{source} has no effect that a player may pay to ignore",
        says="{player} can't pay to ignore {source}",
        absent=("{source} has no static ability that offers a payment to ignore it",),
    )
    def sa_nothing_to_ignore(self, player, source):
        return Ruling(about=f"{player}.special-action", subject=player, verdict="can't",
                      action="take that special action", step=1)

    @rule(
        SpecialAction(player=MATCH.player, source=MATCH.source),
        CantSearch(source=MATCH.source, ignore_cost=HAS_COST),
        GameObject(id=MATCH.source, zone="battlefield"),
        id="special-actions.no-search-by-itself",
        cites=("CR 116.2d",),
        because="the payment only lets {player} ignore {source}'s effect this turn; it is "
                "not an instruction to search, so {player} searches only when a spell or "
                "ability tells them to",
        says="paying doesn't let {player} search a library by itself",
    )
    def sa_no_search(self, player):
        return Ruling(about=f"{player}.no-search", subject=player, verdict="can't",
                      action="search just by paying", step=2)

    @rule(
        SpecialAction(player=MATCH.player, source=MATCH.source),
        CantSearch(source=MATCH.source, ignore_cost=HAS_COST),
        BoundBy(player=MATCH.other, source=MATCH.source),
        TEST(lambda other, player: other != player),
        NOT(Ignoring(player=MATCH.other, source=MATCH.source)),
        id="special-actions.others-still-bound",
        cites=("CR 116.2d",),
        because="only the player who pays ignores the effect; {other} hasn't paid, so "
                "{source} still stops {other} searching libraries this turn",
        says="{other} still can't search libraries",
        absent=("{other} has not paid to ignore {source}'s effect this turn",),
    )
    def sa_others_bound(self, other):
        return Ruling(about=f"{other}.still-bound", subject=other, verdict="can't",
                      action="search libraries", step=3)

    @rule(
        SpecialAction(player=MATCH.player, source=MATCH.source),
        BoundBy(player=MATCH.player, source=MATCH.other_source),
        CantSearch(source=MATCH.other_source),
        TEST(lambda source, other_source: source != other_source),
        NOT(PaidToIgnore(player=MATCH.player, source=MATCH.other_source)),
        id="special-actions.other-effects-remain",
        cites=("CR 116.2d",),
        because="the payment covers {source} only; {other_source} has its own effect that "
                "still stops {player} searching until it too is paid for (if it can be)",
        says="{player} still can't search because of {other_source}",
        absent=("{player} has not paid to ignore {other_source}'s effect this turn",),
    )
    def sa_other_effects(self, player, other_source):
        return Ruling(about=f"{player}.still-bound.{other_source}", subject=player,
                      verdict="can't", action="search libraries yet", step=3)
