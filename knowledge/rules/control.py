"""Controlling another player (CR 723): who makes the decisions of a search when an effect
gives a player control of a searching opponent (e.g. Opposition Agent)."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.game import GameObject, Opponent
from rulings.facts.resolution import (
    ControlClaim,
    ControlsSearchingOpponents,
    Decider,
    EnteredOrder,
    Outranked,
    Picked,
    SearchBarred,
    SearchControl,
    SearchHappens,
    SearchPlan,
    SearchUndecided,
    fits,
)
from rulings.facts.rulings import Ruling, step_ref

TOPIC = "CR 723 Controlling another player"


LIBRARY = P(lambda z: "library" in z)


class Rules:
    # -- a "you may search" the question leaves open: if they search, the claim holds ---------

    @rule(
        SearchUndecided(ability=MATCH.ability, step=MATCH.n),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   owner=MATCH.player, zones=LIBRARY),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        ControlsSearchingOpponents(source=MATCH.source),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        EnteredOrder(object=MATCH.source, order=MATCH.order),
        id="control.claim-if-searched-ordered",
        cites=("CR 723.2",),
        because="{source} (entered as number {order}) gives {controller} control of "
                "{player}, an opponent, if {player} chooses to search their own library",
        absent=("no effect stops the search of step {n}",),
    )
    def ctl_claim_if_searched_ordered(self, ability, n, player, controller, source, order):
        return ControlClaim(ability=ability, step=n, player=player, controller=controller,
                            source=source, order=order)

    @rule(
        SearchUndecided(ability=MATCH.ability, step=MATCH.n),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   owner=MATCH.player, zones=LIBRARY),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        ControlsSearchingOpponents(source=MATCH.source),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        NOT(EnteredOrder(object=MATCH.source)),
        id="control.claim-if-searched",
        cites=("CR 723.2",),
        because="{source} gives {controller} control of {player}, an opponent, if {player} "
                "chooses to search their own library",
        absent=("no effect stops the search of step {n}",
                "the situation doesn't say when {source} entered the battlefield (entered: "
                "order)"),
    )
    def ctl_claim_if_searched(self, ability, n, player, controller, source):
        return ControlClaim(ability=ability, step=n, player=player, controller=controller,
                            source=source, order=0)

    @rule(
        SearchHappens(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                      owner=MATCH.player, library=True),
        ControlsSearchingOpponents(source=MATCH.source),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        EnteredOrder(object=MATCH.source, order=MATCH.order),
        id="control.claim-ordered",
        cites=("CR 723.2",),
        because="{source} (entered as number {order}) gives {controller} control of "
                "{player}, an opponent, while {player} searches their own library",
    )
    def ctl_claim_ordered(self, ability, n, player, controller, source, order):
        return ControlClaim(ability=ability, step=n, player=player, controller=controller,
                            source=source, order=order)

    @rule(
        SearchHappens(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                      owner=MATCH.player, library=True),
        ControlsSearchingOpponents(source=MATCH.source),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        NOT(EnteredOrder(object=MATCH.source)),
        id="control.claim",
        cites=("CR 723.2",),
        because="{source} gives {controller} control of {player}, an opponent, while "
                "{player} searches their own library",
        absent=("the situation doesn't say when {source} entered the battlefield (entered: order)",),
    )
    def ctl_claim(self, ability, n, player, controller, source):
        return ControlClaim(ability=ability, step=n, player=player, controller=controller,
                            source=source, order=0)

    @rule(
        ControlClaim(ability=MATCH.ability, step=MATCH.n, source=MATCH.source,
                     order=MATCH.order),
        ControlClaim(ability=MATCH.ability, step=MATCH.n, source=MATCH.later,
                     order=MATCH.later_order),
        TEST(lambda order, later_order: later_order > order),
        id="control.outranked",
        cites=("CR 723.1a",),
        because="{later} entered the battlefield after {source}",
    )
    def ctl_outranked(self, ability, n, source, later):
        return Outranked(ability=ability, step=n, source=source, by=later)

    @rule(
        ControlClaim(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                     controller=MATCH.controller, source=MATCH.source),
        NOT(Outranked(ability=MATCH.ability, step=MATCH.n, source=MATCH.source)),
        id="control.search-control",
        cites=("CR 723.2", "CR 723.1a"),
        because="{source} gives {controller} control of {player} during the search, and no "
                "such effect created later overrides it",
        absent=("no permanent with such an effect entered the battlefield after {source}",),
    )
    def ctl_search_control(self, ability, n, player, controller, source):
        return SearchControl(ability=ability, step=n, player=player, controller=controller,
                             source=source)

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player),
        NOT(SearchControl(ability=MATCH.ability, step=MATCH.n)),
        id="control.decider-self",
        cites=("CR 701.23a",),
        because="{player} searches and nobody controls them during the search",
        absent=("no effect gives another player control of {player} during this search",),
    )
    def ctl_decider_self(self, ability, n, player):
        return Decider(ability=ability, step=n, player=player)

    @rule(
        SearchControl(ability=MATCH.ability, step=MATCH.n, controller=MATCH.controller),
        id="control.decider-controller",
        cites=("CR 723.5",),
        because="{controller} controls the searching player, so makes their decisions",
    )
    def ctl_decider_controller(self, ability, n, controller):
        return Decider(ability=ability, step=n, player=controller)

    # -- rulings -------------------------------------------------------------------------------

    @rule(
        SearchControl(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                      controller=MATCH.controller, source=MATCH.source),
        id="control.makes-decisions",
        cites=("CR 723.2", "CR 723.5"),
        because="{source} gives {controller} control of {player} while {player} searches "
                "their library; a player controlling another makes every choice and decision "
                "that player would make, and here that is mostly what the search finds",
        says="{controller} makes {player}'s decisions during the search",
    )
    def ctl_makes_decisions(self, ability, n, player, controller):
        return Ruling(about=f"{ability}.s{n}.control", subject=controller, verdict="must",
                      action=f"make {player}'s decisions during the search",
                      step=10 * n + 2, happen=[step_ref(ability, n)])

    @rule(
        SearchControl(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                      controller=MATCH.controller),
        id="control.no-tournament-decisions",
        cites=("CR 723.5b", "CR 723.6"),
        because="control of a player never reaches tournament decisions: {controller} can't "
                "make {player} concede or agree to an intentional draw",
        says="{controller} can't make {player} concede or agree to a draw",
    )
    def ctl_no_tournament(self, ability, n, player, controller):
        return Ruling(about=f"{ability}.s{n}.tournament", subject=controller,
                      verdict="can't", action=f"make {player} concede or agree to a draw",
                      step=10 * n + 8)

    @rule(
        SearchControl(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                      controller=MATCH.controller, source=MATCH.source),
        Outranked(ability=MATCH.ability, step=MATCH.n, by=MATCH.source,
                  source=MATCH.earlier),
        ControlClaim(ability=MATCH.ability, step=MATCH.n, source=MATCH.earlier,
                     controller=MATCH.other),
        TEST(lambda other, controller: other != controller),
        id="control.latest-entered",
        cites=("CR 723.1a", "CR 723.5"),
        because="both {source} and {earlier} would give control of {player}; the one that "
                "entered the battlefield most recently, {source}, wins, so {controller} (not "
                "{other}) controls {player} during the search",
        says="{controller}, not {other}, controls {player} during the search",
    )
    def ctl_latest(self, ability, n, player, controller, other):
        return Ruling(about=f"{ability}.s{n}.control-over.{other}", subject=controller,
                      verdict="happens", action=f"control {player} rather than {other}",
                      step=10 * n + 2)

    @rule(
        ControlClaim(ability=MATCH.ability, step=MATCH.n, source=MATCH.source,
                     controller=MATCH.controller, order=MATCH.order, player=MATCH.player),
        ControlClaim(ability=MATCH.ability, step=MATCH.n, source=MATCH.other_source,
                     controller=MATCH.other, order=MATCH.order),
        TEST(lambda controller, other: controller < other),
        id="control.order-unknown",
        cites=("CR 723.1a",),
        because="{source} and {other_source} would each give control of {player}, and the "
                "question doesn't say which entered the battlefield last (give each an "
                "'entered' effect with its order)",
        says="who controls {player} during the search can't be told: say whether {source} "
             "or {other_source} entered the battlefield last",
    )
    def ctl_order_unknown(self, ability, n, player):
        return Ruling(about=f"{ability}.s{n}.control-unknown", subject="the question",
                      verdict="doesn't happen", action="say which entered last",
                      step=10 * n + 2)

    @rule(
        SearchControl(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                      controller=MATCH.controller),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, zones=MATCH.zones),
        TEST(lambda zones: len(zones) > 1),
        id="control.all-zones",
        cites=("CR 723.5",),
        because="the search covers {player}'s {zones}, the library among them; {controller} "
                "controls {player} for the whole search, so decides what is found in every "
                "one of those zones",
        says="{controller} decides what {player} finds in each of {zones}",
    )
    def ctl_all_zones(self, ability, n, player, controller):
        return Ruling(about=f"{ability}.s{n}.zones", subject=controller, verdict="must",
                      action="decide what is found in every zone searched",
                      step=10 * n + 2)

    @rule(
        SearchControl(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                      controller=MATCH.controller),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n,
                              description=MATCH.description),
        TEST(lambda plan: plan["quality"] or plan["up_to"] or plan["any_number"]),
        id="control.may-have-find-nothing",
        cites=("CR 701.23b", "CR 723.5"),
        because="the search asks for {description}, which states a quality, so {controller} "
                "may have {player} find nothing even if such a card is there",
        says="{controller} may have {player} find nothing",
    )
    def ctl_may_nothing(self, ability, n, player, controller):
        return Ruling(about=f"{ability}.s{n}.amount", subject=controller, verdict="may",
                      action=f"have {player} find nothing", step=10 * n + 3)

    @rule(
        SearchControl(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                      controller=MATCH.controller),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n,
                              description=MATCH.description),
        TEST(lambda plan: not (plan["quality"] or plan["up_to"] or plan["any_number"])),
        id="control.must-have-find",
        cites=("CR 701.23d", "CR 723.5"),
        because="the search asks only for {description}, with no stated quality, so "
                "{controller} must have {player} find that many cards (or as many as there "
                "are)",
        says="{controller} must have {player} find {description}",
    )
    def ctl_must_find(self, ability, n, player, controller):
        return Ruling(about=f"{ability}.s{n}.amount", subject=controller, verdict="must",
                      action=f"have {player} find that many cards", step=10 * n + 3)

    @rule(
        SearchControl(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                      controller=MATCH.controller),
        Picked(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n,
                              description=MATCH.description),
        AS.obj << GameObject(id=MATCH.card, name=MATCH.card_name),
        TEST(lambda plan, obj: fits(plan, obj) != ""),
        id="control.mismatch",
        cites=("CR 701.23a", "CR 723.5"),
        because="controlling {player} doesn't change what the instruction asks for "
                "({description}), and {card} doesn't match it",
        says="{controller} can't {action}",
    )
    def ctl_mismatch(self, ability, n, player, controller, card, card_name, plan, obj):
        return Ruling(about=f"{ability}.s{n}.pick.{card}", subject=controller,
                      verdict="can't",
                      action=f"have {player} find {card_name}: {fits(plan, obj)}",
                      step=10 * n + 5)

    @rule(
        SearchHappens(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                      owner=MATCH.owner),
        ControlsSearchingOpponents(source=MATCH.source),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        TEST(lambda player, owner: player != owner),
        id="control.not-own-library",
        cites=("CR 723.2", "CR 723.3"),
        because="{source} gives {controller} control of opponents only while they search "
                "their own libraries, and {player} is searching {owner}'s",
        says="{controller} doesn't control {player} during this search",
    )
    def ctl_not_own(self, ability, n, player, controller):
        return Ruling(about=f"{ability}.s{n}.no-control.{controller}", subject=controller,
                      verdict="doesn't happen", action=f"control {player}",
                      step=10 * n + 2)
