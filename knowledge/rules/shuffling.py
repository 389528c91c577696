"""Shuffling a library (CR 701.24) as a step of a resolving spell or ability: whose library,
and whether a conditional shuffle ("if you do", "if you searched your library this way")
happens."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.resolution import (
    Resolving,
    SearchBarred,
    SearchHappens,
    SearchPlan,
    SearchUndecided,
    ShuffleHappens,
    ShuffleOf,
    ShuffleStep,
    player_for,
)
from rulings.facts.rulings import Ruling, step_ref

TOPIC = "CR 701.24 Shuffle"


def _ruling(ability, n, player, happens: bool) -> list:
    """The ruling on a shuffle step; a shuffle that happens is also a fact later rulings
    (what is done before or after it) rest on."""
    ruling = Ruling(about=f"{ability}.s{n}.shuffle", subject=player,
                    verdict="happens" if happens else "doesn't happen",
                    action=f"shuffle {player}'s library", step=10 * n + 1,
                    **{"happen" if happens else "skipped": [step_ref(ability, n)]})
    if not happens:
        return [ruling]
    return [ShuffleHappens(ability=ability, step=n, player=player), ruling]


class Rules:
    # -- whose library -------------------------------------------------------------------------

    @rule(
        ShuffleStep(ability=MATCH.ability, step=MATCH.n, whose="searcher"),
        SearchPlan(ability=MATCH.ability, step=MATCH.search_step, owner=MATCH.player),
        TEST(lambda search_step, n: search_step < n),
        id="shuffling.searched-library",
        cites=("CR 701.24a",),
        because="step {n} shuffles the library searched in step {search_step}, "
                "{player}'s",
    )
    def shuf_searched_library(self, ability, n, player):
        return ShuffleOf(ability=ability, step=n, player=player)

    @rule(
        ShuffleStep(ability=MATCH.ability, step=MATCH.n, whose="searcher"),
        Resolving(ability=MATCH.ability, controller=MATCH.player),
        NOT(SearchPlan(ability=MATCH.ability)),
        id="shuffling.own-library",
        cites=("CR 701.24a",),
        because="step {n} shuffles the library of {player}, who controls {ability}",
        absent=("{ability} searches no library before this step",),
    )
    def shuf_own_library(self, ability, n, player):
        return ShuffleOf(ability=ability, step=n, player=player)

    @rule(
        AS.st << ShuffleStep(ability=MATCH.ability, step=MATCH.n),
        AS.ctx << Resolving(ability=MATCH.ability),
        TEST(lambda st, ctx: st["whose"] != "searcher" and player_for(st["whose"], ctx) != ""),
        id="shuffling.named-library",
        cites=("CR 701.24a",),
        because="step {n} names whose library is shuffled",
    )
    def shuf_named_library(self, ability, n, st, ctx):
        return ShuffleOf(ability=ability, step=n, player=player_for(st["whose"], ctx))

    # -- whether it happens ----------------------------------------------------------------------

    @rule(
        ShuffleStep(ability=MATCH.ability, step=MATCH.n, condition=""),
        ShuffleOf(ability=MATCH.ability, step=MATCH.n, player=MATCH.player),
        NOT(SearchBarred(ability=MATCH.ability)),
        id="shuffling.shuffle",
        cites=("CR 701.24a", "CR 608.2c"),
        because="step {n} says to shuffle, with no condition",
        says="{player}'s library is shuffled (step {n})",
        absent=("nothing stops the search of {ability}",),
    )
    def shuf_shuffle(self, ability, n, player):
        return _ruling(ability, n, player, True)

    @rule(
        ShuffleStep(ability=MATCH.ability, step=MATCH.n, condition=""),
        ShuffleOf(ability=MATCH.ability, step=MATCH.n, player=MATCH.player),
        SearchBarred(ability=MATCH.ability, player=MATCH.searcher, source=MATCH.source),
        id="shuffling.despite-barred",
        cites=("CR 701.24a", "CR 101.3"),
        because="the shuffle doesn't depend on the search: {source} stopped {searcher} "
                "searching, but step {n} says to shuffle with no condition, so the "
                "shuffle still happens",
        says="{player}'s library is still shuffled (step {n})",
    )
    def shuf_despite_barred(self, ability, n, player):
        return _ruling(ability, n, player, True)

    @rule(
        ShuffleStep(ability=MATCH.ability, step=MATCH.n, condition="if you do"),
        ShuffleOf(ability=MATCH.ability, step=MATCH.n, player=MATCH.player),
        SearchHappens(ability=MATCH.ability, searcher=MATCH.searcher),
        id="shuffling.if-you-do",
        cites=("CR 701.24a", "CR 608.2c"),
        because="the shuffle happens only if the optional search was done, and {searcher} "
                "did search",
        says="{player}'s library is shuffled (step {n})",
    )
    def shuf_if_you_do(self, ability, n, player):
        return _ruling(ability, n, player, True)

    @rule(
        ShuffleStep(ability=MATCH.ability, step=MATCH.n, condition="if you do"),
        ShuffleOf(ability=MATCH.ability, step=MATCH.n, player=MATCH.player),
        SearchBarred(ability=MATCH.ability, player=MATCH.searcher, source=MATCH.source),
        NOT(SearchHappens(ability=MATCH.ability)),
        id="shuffling.no-search-no-shuffle",
        cites=("CR 701.24a", "CR 101.2"),
        because="the shuffle belongs to the optional search; {source} stops {searcher} "
                "choosing to search, so there is no search and no shuffle",
        says="{player}'s library is not shuffled",
        absent=("no search happened in this resolution",),
    )
    def shuf_no_search_no_shuffle(self, ability, n, player):
        return _ruling(ability, n, player, False)

    @rule(
        ShuffleStep(ability=MATCH.ability, step=MATCH.n, condition="if you do"),
        ShuffleOf(ability=MATCH.ability, step=MATCH.n, player=MATCH.player),
        NOT(SearchBarred(ability=MATCH.ability)),
        NOT(SearchHappens(ability=MATCH.ability)),
        NOT(SearchUndecided(ability=MATCH.ability)),
        id="shuffling.declined",
        cites=("CR 701.24a", "CR 608.2c"),
        because="the shuffle happens only if the optional search was done, and it wasn't",
        says="{player}'s library is not shuffled",
        absent=("no search happened in this resolution",
                "the question says whether the optional search is done"),
    )
    def shuf_declined(self, ability, n, player):
        return _ruling(ability, n, player, False)

    @rule(
        ShuffleStep(ability=MATCH.ability, step=MATCH.n,
                    condition="if you searched your library"),
        ShuffleOf(ability=MATCH.ability, step=MATCH.n, player=MATCH.player),
        SearchHappens(ability=MATCH.ability, library=True, searcher=MATCH.searcher),
        id="shuffling.library-searched",
        cites=("CR 701.24a", "CR 608.2c"),
        because="the shuffle happens if {searcher} searched their library this way, and they "
                "did",
        says="{player}'s library is shuffled (step {n})",
    )
    def shuf_library_searched(self, ability, n, player):
        return _ruling(ability, n, player, True)

    @rule(
        ShuffleStep(ability=MATCH.ability, step=MATCH.n,
                    condition="if you searched your library"),
        ShuffleOf(ability=MATCH.ability, step=MATCH.n, player=MATCH.player),
        NOT(SearchHappens(ability=MATCH.ability, library=True)),
        NOT(SearchUndecided(ability=MATCH.ability)),
        id="shuffling.library-not-searched",
        cites=("CR 701.24a", "CR 608.2c"),
        because="the shuffle happens only if the library was searched this way, and it "
                "wasn't",
        says="{player}'s library is not shuffled",
        absent=("the library was not searched in this resolution",
                "the question says whether the optional search is done"),
    )
    def shuf_library_not_searched(self, ability, n, player):
        return _ruling(ability, n, player, False)

    @rule(
        ShuffleStep(ability=MATCH.ability, step=MATCH.n,
                    condition=P(lambda c: c in ("if you do", "if you searched your library"))),
        ShuffleOf(ability=MATCH.ability, step=MATCH.n, player=MATCH.player),
        SearchUndecided(ability=MATCH.ability, step=MATCH.search_step),
        SearchPlan(ability=MATCH.ability, step=MATCH.search_step, searcher=MATCH.searcher),
        NOT(SearchBarred(ability=MATCH.ability)),
        id="shuffling.if-searched",
        cites=("CR 701.24a", "CR 608.2c"),
        because="the shuffle of step {n} happens only if {searcher} chose to search in step "
                "{search_step}, and the question leaves that choice open",
        says="{player}'s library is shuffled, if {searcher} searched (step {n})",
        absent=("no effect stops the search of {ability}",),
    )
    def shuf_if_searched(self, ability, n, player):
        return Ruling(about=f"{ability}.s{n}.shuffle", subject=player, verdict="may",
                      action=f"shuffle {player}'s library", step=10 * n + 1,
                      happen=[step_ref(ability, n)])
