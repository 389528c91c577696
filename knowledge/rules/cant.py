"""'Can't' beats 'can' (CR 101.2): effects that stop players searching libraries, and what
still happens when a search can't (CR 101.3). Paying to ignore such an effect is in
special_actions.py; its consequences for a search are here."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.game import GameObject, Opponent, Player
from rulings.facts.resolution import (
    BoundBy,
    CantSearch,
    CantSearchNow,
    Ignoring,
    LookAtTopStep,
    PaidToIgnore,
    Resolve,
    Resolving,
    RevealTopStep,
    SearchBarred,
    SearchedThisTurn,
    SearchHappens,
    SearchLimitedNow,
    SearchPlan,
    library_of,
)
from rulings.facts.rulings import Ruling, step_ref
from rulings.facts.stack import Searches

TOPIC = "CR 101.2 Can't beats can"

HAS_LIBRARY = P(lambda z: "library" in z)


class Rules:
    # -- whom an effect binds ----------------------------------------------------------------

    @rule(
        CantSearch(source=MATCH.source, who="players"),
        GameObject(id=MATCH.source, zone="battlefield"),
        Player(name=MATCH.player, left_game=False),
        id="cant.binds-every-player",
        cites=("CR 101.2",),
        because="{source} is on the battlefield and its effect applies to every player",
    )
    def cant_binds_all(self, player, source):
        return BoundBy(player=player, source=source)

    @rule(
        CantSearch(source=MATCH.source, who="opponents"),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        id="cant.binds-opponents",
        cites=("CR 101.2",),
        because="{source} is on the battlefield and its effect applies to {controller}'s "
                "opponents, {player} among them",
    )
    def cant_binds_opponents(self, player, source):
        return BoundBy(player=player, source=source)

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   owner=MATCH.player, zones=HAS_LIBRARY),
        Resolving(ability=MATCH.ability, controller=MATCH.player),
        CantSearch(source=MATCH.source, who="opponents_own"),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        id="cant.own-effect-barred",
        cites=("CR 101.2",),
        because="{source}'s effect says spells and abilities {controller}'s opponents control "
                "can't make them search their own library; {player}, an opponent, controls "
                "{ability}, which tells them to search their library",
    )
    def cant_own_effect_barred(self, ability, n, player, source):
        return SearchBarred(ability=ability, step=n, player=player, source=source)

    @rule(
        Searches(player=MATCH.player),
        CantSearch(source=MATCH.source, who="opponents_own"),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        NOT(CantSearchNow(player=MATCH.player)),
        id="cant.own-effect-depends",
        cites=("CR 101.2", "CR 701.23"),
        because="{source}'s effect stops {player} searching their own library only when a "
                "spell or ability {player} controls tells them to; another player's spell or "
                "ability can still make them search",
        says="{player} can search a library now only if a spell or ability they don't "
             "control tells them to",
        absent=("nothing else stops {player} searching now",),
    )
    def cant_own_effect_depends(self, player, source):
        return [SearchLimitedNow(player=player, source=source),
                Ruling(about=f"{player}.searches", subject=player, verdict="can",
                       action="search a library now only if a spell or ability they don't "
                              "control tells them to", step=1)]

    @rule(
        BoundBy(player=MATCH.player, source=MATCH.source),
        CantSearch(source=MATCH.source, ignore_cost=MATCH.cost),
        PaidToIgnore(player=MATCH.player, source=MATCH.source),
        TEST(lambda cost: cost != ""),
        id="cant.paid-to-ignore",
        cites=("CR 116.2d",),
        because="{player} paid {cost} this turn to ignore {source}'s effect, which lasts until "
                "end of turn",
    )
    def cant_paid(self, player, source, cost):
        return Ignoring(player=player, source=source, cost=cost)

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   zones=HAS_LIBRARY),
        BoundBy(player=MATCH.player, source=MATCH.source),
        NOT(Ignoring(player=MATCH.player, source=MATCH.source)),
        id="cant.search-barred",
        cites=("CR 101.2",),
        because="{source}'s effect says {player} can't search libraries",
        absent=("{player} has not paid to ignore {source}'s effect this turn",),
    )
    def cant_barred(self, ability, n, player, source):
        return SearchBarred(ability=ability, step=n, player=player, source=source)

    # -- rulings -------------------------------------------------------------------------------

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   owner=MATCH.owner, optional=False, zones=MATCH.zones),
        SearchBarred(ability=MATCH.ability, step=MATCH.n, source=MATCH.source),
        TEST(lambda zones: list(zones) == ["library"]),
        id="cant.search-prohibited",
        cites=("CR 101.2", "CR 101.3", "CR 701.23"),
        because="the instruction tells {player} to search, but {source}'s effect says they "
                "can't search libraries, and a 'can't' wins over an instruction; the search "
                "is impossible and skipped, so no card is found; it applies to every library, "
                "and the parts of the effect that don't need a found card still happen",
        says="{player} can't {action}, so finds no card",
        absent=("{player} has not paid to ignore {source}'s effect this turn",),
    )
    def cant_prohibited(self, ability, n, player, owner):
        return Ruling(about=f"{ability}.s{n}.search", subject=player, verdict="can't",
                      action=f"search {library_of(player, owner)}", step=10 * n + 1,
                      skipped=[step_ref(ability, n)])

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   owner=MATCH.owner, optional=True, zones=MATCH.zones),
        SearchBarred(ability=MATCH.ability, step=MATCH.n, source=MATCH.source),
        TEST(lambda zones: list(zones) == ["library"]),
        id="cant.may-search-prohibited",
        cites=("CR 101.2", "CR 701.23"),
        because="the search is optional ('you may search'), and {source}'s effect says "
                "{player} can't search libraries, so searching is not an option they can "
                "choose; whatever depends on having searched doesn't happen either",
        says="{player} can't {action}",
        absent=("{player} has not paid to ignore {source}'s effect this turn",),
    )
    def cant_may_prohibited(self, ability, n, player, owner):
        return Ruling(about=f"{ability}.s{n}.search", subject=player, verdict="can't",
                      action=f"choose to search {library_of(player, owner)}",
                      step=10 * n + 1, skipped=[step_ref(ability, n)])

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   owner=MATCH.owner, zones=MATCH.zones),
        SearchBarred(ability=MATCH.ability, step=MATCH.n, source=MATCH.source),
        TEST(lambda zones: len(zones) > 1),
        id="cant.library-part-barred",
        cites=("CR 101.2", "CR 101.3", "CR 701.23"),
        because="the search covers {owner}'s {zones}; {source}'s effect stops {player} "
                "searching the library only, so that part is skipped and the other zones are "
                "still searched",
        says="{player} can't {action}, but still searches the other zones",
        absent=("{player} has not paid to ignore {source}'s effect this turn",),
    )
    def cant_library_part(self, ability, n, player, owner):
        return Ruling(about=f"{ability}.s{n}.library", subject=player, verdict="can't",
                      action=f"search {library_of(player, owner)}", step=10 * n + 1)

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   owner=MATCH.owner, zones=MATCH.zones, optional=MATCH.optional),
        SearchBarred(ability=MATCH.ability, step=MATCH.n),
        Resolve(ability=MATCH.ability, searches=MATCH.searches),
        TEST(lambda zones, optional, searches: len(zones) > 1 and (searches or not optional)),
        id="cant.other-zones-searched",
        cites=("CR 101.3", "CR 701.23a"),
        because="only the library part of the search is stopped",
    )
    def cant_other_zones(self, ability, n, player, owner, zones):
        rest = [z for z in zones if z != "library"]
        return SearchHappens(ability=ability, step=n, searcher=player, owner=owner,
                             zones=rest, library=False)

    @rule(
        SearchBarred(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                     source=MATCH.source),
        Ignoring(player=MATCH.player, source=MATCH.paid_source),
        CantSearch(source=MATCH.source, ignore_cost=P(lambda c: c != "")),
        TEST(lambda source, paid_source: source != paid_source),
        id="cant.pay-for-each",
        cites=("CR 116.2d",),
        because="{player} paid to ignore {paid_source}'s effect, but {source} has its own "
                "effect, which that payment doesn't cover; each one must be paid for",
        says="{player} must also pay to ignore {source} before searching this turn",
        absent=("{player} has not paid to ignore {source}'s effect this turn",),
    )
    def cant_pay_for_each(self, ability, n, player, source):
        return Ruling(about=f"{ability}.s{n}.unpaid.{source}", subject=player,
                      verdict="must", action="pay for each such effect", step=10 * n + 2)

    @rule(
        SearchBarred(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                     source=MATCH.source),
        Ignoring(player=MATCH.player, source=MATCH.paid_source),
        CantSearch(source=MATCH.source, ignore_cost=""),
        id="cant.payment-doesnt-cover",
        cites=("CR 116.2d", "CR 101.2"),
        because="{player} paid to ignore {paid_source}'s effect, but {source} stops them "
                "searching too, and its effect can't be ignored by paying",
        says="{player}'s payment for {paid_source} doesn't let them search past {source}",
    )
    def cant_payment_doesnt_cover(self, ability, n, player, source):
        return Ruling(about=f"{ability}.s{n}.unpayable.{source}", subject=player,
                      verdict="can't", action="search despite the payment", step=10 * n + 2)

    @rule(
        SearchBarred(ability=MATCH.ability, step=MATCH.n, player=MATCH.player,
                     source=MATCH.source),
        Ignoring(player=MATCH.payer, source=MATCH.source),
        TEST(lambda player, payer: player != payer),
        id="cant.someone-else-paid",
        cites=("CR 116.2d",),
        because="{payer} paid to ignore {source}'s effect, which frees only {payer}; "
                "{player} is still bound by it",
        says="{payer}'s payment doesn't let {player} search",
        absent=("{player} has not paid to ignore {source}'s effect this turn",),
    )
    def cant_someone_else_paid(self, ability, n, player, payer, source):
        return Ruling(about=f"{ability}.s{n}.payer.{payer}", subject=player,
                      verdict="can't", action="use another player's payment",
                      step=10 * n + 2)

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   zones=HAS_LIBRARY),
        Ignoring(player=MATCH.player, source=MATCH.source, cost=MATCH.cost),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        id="cant.payer-searches",
        cites=("CR 116.2d", "CR 101.2"),
        because="{player} paid {cost} this turn to ignore {source}'s effect, so it doesn't "
                "stop this search",
        says="{source}'s effect doesn't stop {player} searching",
        absent=("no other effect stops the search in step {n}",),
    )
    def cant_payer_searches(self, ability, n, player, source):
        return Ruling(about=f"{ability}.s{n}.ignores.{source}", subject=player,
                      verdict="can", action="search despite the effect", step=10 * n + 2)

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   owner=MATCH.owner, zones=HAS_LIBRARY),
        Ignoring(player=MATCH.player, source=MATCH.source),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        TEST(lambda player, owner: player != owner),
        id="cant.payer-any-library",
        cites=("CR 116.2d",),
        because="paying frees {player} from {source}'s effect for any library they are told "
                "to search this turn, {owner}'s included",
        says="{player} may search {owner}'s library",
        absent=("no other effect stops the search in step {n}",),
    )
    def cant_payer_any_library(self, ability, n, player, owner):
        return Ruling(about=f"{ability}.s{n}.any-library", subject=player, verdict="may",
                      action=f"search {owner}'s library", step=10 * n + 2)

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                   zones=HAS_LIBRARY),
        Ignoring(player=MATCH.player, source=MATCH.source),
        SearchedThisTurn(player=MATCH.player),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        id="cant.payer-searches-again",
        cites=("CR 116.2d",),
        because="{player} already searched this turn after paying, and the payment lasts "
                "the whole turn, for as many searches as they are told to make",
        says="{player} may search again this turn without paying again",
        absent=("no other effect stops the search in step {n}",),
    )
    def cant_payer_again(self, ability, n, player):
        return Ruling(about=f"{ability}.s{n}.again", subject=player, verdict="may",
                      action="search again without paying again", step=10 * n + 2)

    @rule(
        RevealTopStep(ability=MATCH.ability, step=MATCH.n),
        Resolving(ability=MATCH.ability, controller=MATCH.player),
        BoundBy(player=MATCH.player, source=MATCH.source),
        id="cant.reveal-top-not-search",
        cites=("CR 701.23",),
        because="{source}'s effect is about searching, and revealing cards from the top of a "
                "library is not a search",
        says="{source}'s effect doesn't stop step {n}",
    )
    def cant_reveal_unaffected(self, ability, n, source):
        return Ruling(about=f"{ability}.s{n}.unaffected.{source}", subject=source,
                      verdict="doesn't happen", action=f"stop step {n}", step=10 * n + 2)

    @rule(
        LookAtTopStep(ability=MATCH.ability, step=MATCH.n),
        Resolving(ability=MATCH.ability, controller=MATCH.player),
        BoundBy(player=MATCH.player, source=MATCH.source),
        id="cant.look-top-not-search",
        cites=("CR 701.23",),
        because="{source}'s effect is about searching, and looking at cards from the top of "
                "a library is not a search",
        says="{source}'s effect doesn't stop step {n}",
    )
    def cant_look_unaffected(self, ability, n, source):
        return Ruling(about=f"{ability}.s{n}.unaffected.{source}", subject=source,
                      verdict="doesn't happen", action=f"stop step {n}", step=10 * n + 2)

    # -- a player searching, asked about on its own (the `searches` event) ---------------------

    @rule(
        Searches(player=MATCH.player),
        BoundBy(player=MATCH.player, source=MATCH.source),
        NOT(Ignoring(player=MATCH.player, source=MATCH.source)),
        id="cant.player-cant-search",
        cites=("CR 101.2", "CR 701.23"),
        because="{source}'s effect says {player} can't search libraries, and a 'can't' wins "
                "over any instruction to search; so the search asked about doesn't happen and "
                "nothing triggers on it",
        says="{player} can't search a library now",
        absent=("{player} has not paid to ignore {source}'s effect this turn",),
    )
    def cant_player_cant_search(self, player, source):
        return [CantSearchNow(player=player, source=source),
                Ruling(about=f"{player}.searches", subject=player, verdict="can't",
                       action="search a library now", step=1)]

    @rule(
        Searches(player=MATCH.player),
        NOT(CantSearchNow(player=MATCH.player)),
        NOT(SearchLimitedNow(player=MATCH.player)),
        id="cant.player-may-search",
        cites=("CR 701.23",),
        because="no effect of the situation stops {player} searching libraries, so a search "
                "an instruction tells {player} to make happens",
        says="{player} can search a library now (when an instruction says to)",
        absent=("no effect stops {player} searching libraries now",),
    )
    def cant_player_may_search(self, player):
        return Ruling(about=f"{player}.searches", subject=player, verdict="can",
                      action="search a library now", step=1)
