"""Searching zones for cards (CR 701.23): who searches what, what may or must be found, and
which of the cards the deciding player picks are really found."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, OR, TEST
from rulings.engine.rules import rule
from rulings.facts.cards import slug
from rulings.facts.game import GameObject, Opponent, Player
from rulings.facts.resolution import (
    SEARCH_ZONES,
    Candidate,
    CandidateOutranked,
    Decider,
    Found,
    LookAtTopStep,
    OutOfReach,
    Picked,
    PickRequest,
    PicksOpen,
    Resolve,
    Resolving,
    RevealFoundStep,
    RevealTopStep,
    SearchBarred,
    SearchControl,
    SearchHappens,
    SearchLimited,
    SearchPlan,
    SearchStep,
    SearchTopInstead,
    SearchUndecided,
    ShuffleStep,
    TooMany,
    WorksWithLibrary,
    describe,
    esc,
    fits,
    player_for,
    search_family_steps,
)
from rulings.facts.rulings import Ruling, step_ref
from rulings.facts.shared import NotedName
from rulings.facts.stack import ChosenTarget, Fizzles, IfFalseOnResolution, ResolveTop, TopOfStack
from rulings.knowledge import resolving

TOPIC = "CR 701.23 Search"

#: the zones searched whose cards not every player sees (CR 400.2): only there may a searcher
#: leave a matching card unfound (CR 701.23b)
HIDDEN_ZONES = {"library", "hand"}

QUALITY_KEYS = ("types", "supertypes", "subtypes", "colors", "not_types", "compare", "name",
                "noted_for")

#: the kinds of library step, in the order that says what a spell or ability does with a
#: library (a search that also shuffles is said as a search)
LIBRARY_WORK = (
    (SearchStep, "search (and shuffle, or move or reveal what is found)"),
    (ShuffleStep, "shuffle a library"),
    (LookAtTopStep, "look at the top of a library"),
    (RevealTopStep, "reveal the top of a library"),
)


def zones_text(zones) -> str:
    zones = list(zones)
    if len(zones) <= 1:
        return "".join(zones)
    return ", ".join(zones[:-1]) + " and " + zones[-1]


def _with_x(test: str, x: int) -> str:
    """'mana_value<=x' with the X chosen for the resolving spell or ability (CR 107.3a);
    '?' when the question doesn't give it."""
    if not test.endswith("x"):
        return test
    return test[:-1] + (str(x) if x >= 0 else "?")


def x_of(engine, source: str) -> int:
    """The X chosen for the spell or ability of `source` on the stack (-1: not given)."""
    from rulings.facts.stack import StackObject

    for f in engine.situation_facts():
        if isinstance(f, StackObject) and source in (f["id"], f["source"]) and f["x"] >= 0:
            engine.cite(f)
            return int(f["x"])
    return -1


def make_plan(st, ctx, name: str, x: int = -1):
    searcher = player_for(st["player"], ctx)
    owner = searcher if st["whose"] == "searcher" else player_for(st["whose"], ctx)
    if not searcher or not owner:
        return None
    fields = {k: st[k] for k in ("types", "supertypes", "subtypes", "colors", "not_types",
                                 "noted_for", "count", "up_to", "any_number", "all_cards")}
    fields["name"] = name
    fields["compare"] = [_with_x(t, x) for t in st["compare"]]
    quality = any(fields[k] for k in QUALITY_KEYS)
    return SearchPlan(ability=st["ability"], step=st["step"], searcher=searcher, owner=owner,
                      zones=list(st["zones"]), optional=st["optional"], quality=quality,
                      description=describe(fields), **fields)


def answers(entry: str, oid: str, name: str) -> int:
    """0 if the pick `entry` names this object by id, 1 if by name, -1 if not at all."""
    if entry == oid or slug(entry) == oid:
        return 0
    if slug(entry) == slug(name):
        return 1
    return -1


def _digits(values) -> set[int]:
    return {int(v) for v in values if str(v).isdigit()}


def _resolving_top(self, object, controller, find, find_nothing, does, declines):
    """The facts the `resolve` event gives, for the top object resolving (its ability, its
    targets, what its search finds): the searching rules then rule on its search steps."""
    res = resolving.result_of(self)
    facts = self.situation_facts()
    steps = search_family_steps(facts, res.ability) if res is not None else {}
    if res is None or not steps:
        return None
    self.cite(*steps.values())
    chosen = sorted((c for c in facts if isinstance(c, ChosenTarget)
                     and c["object"] == object), key=lambda c: c["index"])
    players = {p["name"] for p in facts if isinstance(p, Player)}
    target = next((c["target"] for c in chosen if c["target"] not in players), "")
    target_player = next((c["target"] for c in chosen if c["target"] in players), "")
    self.cite(*chosen)
    searches = [st for st in steps.values() if isinstance(st, SearchStep)]
    declined = any(st["step"] in _digits(declines) for st in searches)
    out = [Resolve(ability=res.ability, controller=controller, target=target,
                   target_player=target_player, searches=not declined, find=list(find),
                   find_nothing=find_nothing)]
    for st in searches:
        # "you may search", with nothing in the question saying whether they do
        if st["optional"] and not declined and st["step"] not in _digits(does) \
                and not find and not find_nothing:
            out.append(SearchUndecided(ability=res.ability, step=st["step"]))
    return out


class Rules:
    # -- the top of the stack resolves: the same rules as for the `resolve` event -------------
    # (the rule needs a library step, so that a question without one doesn't carry the
    # searching rules; the facts are made by `_resolving_top`)

    @rule(
        OR(AS.step << SearchStep(source=MATCH.source),
           AS.step << ShuffleStep(source=MATCH.source),
           AS.step << LookAtTopStep(source=MATCH.source),
           AS.step << RevealTopStep(source=MATCH.source)),
        id="searching.library-steps",
        cites=("CR 701.23a",),
        because="{source}'s instructions work with a library",
        inline=True,
    )
    def srch_library_steps(self, step, source):
        # one fact per source, from the first kind of step it has (LIBRARY_WORK's order)
        for cls, what in LIBRARY_WORK:
            found = self.collect(cls, source=source)
            if found:
                return WorksWithLibrary(source=source, what=what) if isinstance(step, cls) \
                    else None
        return None

    @rule(
        ResolveTop(find=MATCH.find, find_nothing=MATCH.find_nothing, does=MATCH.does,
                   declines=MATCH.declines),
        TopOfStack(object=MATCH.object, controller=MATCH.controller, source=MATCH.source),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        WorksWithLibrary(source=MATCH.source, what=MATCH.what),
        id="searching.top-resolves",
        cites=("CR 608.2c", "CR 701.23a"),
        because="{object} resolves and its instructions {what}; those steps are followed "
                "by the searching rules, as for any spell or ability resolving",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
    )
    def srch_top_resolves(self, object, controller, find, find_nothing, does, declines):
        return _resolving_top(self, object, controller, find, find_nothing, does, declines)

    # -- what is searched --------------------------------------------------------------------

    @rule(
        AS.st << SearchStep(ability=MATCH.ability, step=MATCH.n, same_name_as_chosen=False,
                            same_name_as_target=False),
        AS.ctx << Resolving(ability=MATCH.ability),
        id="searching.plan",
        cites=("CR 608.2c", "CR 701.23a"),
        because="step {n} of {ability} is a search instruction",
    )
    def srch_plan(self, st, ctx):
        x = x_of(self, st["source"]) if any(t.endswith("x") for t in st["compare"]) else -1
        return make_plan(st, ctx, st["name"], x)

    @rule(
        AS.st << SearchStep(ability=MATCH.ability, step=MATCH.n, same_name_as_chosen=True),
        AS.ctx << Resolving(ability=MATCH.ability),
        Resolve(ability=MATCH.ability, chosen_card=MATCH.chosen),
        GameObject(id=MATCH.chosen, name=MATCH.chosen_name),
        id="searching.plan-chosen-name",
        cites=("CR 608.2c", "CR 701.23a"),
        because="step {n} of {ability} searches for cards named like the chosen card, "
                "{chosen}",
    )
    def srch_plan_chosen(self, st, ctx, chosen_name):
        return make_plan(st, ctx, chosen_name)

    @rule(
        AS.st << SearchStep(ability=MATCH.ability, step=MATCH.n, same_name_as_target=True),
        AS.ctx << Resolving(ability=MATCH.ability),
        Resolve(ability=MATCH.ability, target=MATCH.target),
        GameObject(id=MATCH.target, name=MATCH.target_name),
        TEST(lambda target_name: target_name != ""),
        id="searching.plan-target-name",
        cites=("CR 608.2c", "CR 701.23a", "CR 201.2"),
        because="step {n} of {ability} searches for cards with the name of its target, "
                "{target}, {target_name}",
    )
    def srch_plan_target(self, st, ctx, target_name):
        return make_plan(st, ctx, target_name)

    @rule(
        SearchStep(ability=MATCH.ability, step=MATCH.n, same_name_as_target=True),
        Resolve(ability=MATCH.ability, target=MATCH.target),
        GameObject(id=MATCH.target, name=""),
        id="searching.target-nameless",
        cites=("CR 201.2", "CR 708.2"),
        because="the search in step {n} looks for the name of {target}, which has no name "
                "(a face-down permanent has none), so no card has the same name",
        says="step {n} of {ability} can find no card: {target} has no name",
    )
    def srch_target_nameless(self, ability, n):
        return Ruling(about=f"{ability}.s{n}.nameless", subject=f"step {n}",
                      verdict="doesn't happen", action="find a card", step=10 * n)

    @rule(
        AS.st << SearchStep(ability=MATCH.ability, step=MATCH.n),
        AS.ctx << Resolving(ability=MATCH.ability),
        TEST(lambda st, ctx: not player_for(st["player"], ctx)
             or (st["whose"] != "searcher" and not player_for(st["whose"], ctx))),
        id="searching.unknown-player",
        cites=("CR 608.2b", "CR 101.3"),
        because="the search in step {n} names a player the question does not give: a "
                "target player, the controller of a target, or one opponent among several",
        says="step {n} of {ability} can't be followed as asked: say whose library it is "
             "(its target)",
    )
    def srch_unknown_player(self, ability, n):
        return Ruling(about=f"{ability}.s{n}.who", subject=f"step {n}",
                      verdict="doesn't happen", action="find out who searches",
                      step=10 * n)

    @rule(
        SearchStep(ability=MATCH.ability, step=MATCH.n, same_name_as_chosen=True),
        Resolve(ability=MATCH.ability, chosen_card=""),
        id="searching.no-chosen-card",
        cites=("CR 608.2c", "CR 701.23c"),
        because="the search in step {n} looks for the name of a card chosen earlier, and "
                "the question names no chosen card",
        says="step {n} of {ability} can find nothing: no card was chosen",
    )
    def srch_no_chosen(self, ability, n):
        return Ruling(about=f"{ability}.s{n}.chosen", subject=f"step {n}",
                      verdict="doesn't happen", action="find a card", step=10 * n)

    # -- whether the search happens ----------------------------------------------------------

    @rule(
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n),
        Resolve(ability=MATCH.ability, searches=MATCH.searches),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        NOT(SearchUndecided(ability=MATCH.ability, step=MATCH.n)),
        TEST(lambda plan, searches: searches or not plan["optional"]),
        id="searching.happens",
        cites=("CR 701.23a",),
        because="nothing stops the search of step {n}",
        absent=("no effect stops the search of step {n}",
                "the search is not a 'you may' the question leaves open"),
    )
    def srch_happens(self, plan):
        return SearchHappens(ability=plan["ability"], step=plan["step"],
                             searcher=plan["searcher"], owner=plan["owner"],
                             zones=list(plan["zones"]), library="library" in plan["zones"])

    @rule(
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.searcher,
                              owner=MATCH.owner, description=MATCH.description),
        SearchHappens(ability=MATCH.ability, step=MATCH.n, zones=MATCH.zones),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        id="searching.search",
        cites=("CR 701.23a", "CR 608.2c"),
        because="step {n} tells {searcher} to search and nothing stops it; {searcher} "
                "looks at every card there, and {decider} decides which cards are found",
        says="{searcher} searches {action} for {description}",
        absent=("no effect stops {searcher} searching there",),
    )
    def srch_search(self, ability, n, searcher, owner, zones):
        whose = "their own" if owner == searcher else f"{owner}'s"
        return Ruling(about=f"{ability}.s{n}.search", subject=searcher, verdict="happens",
                      action=f"{whose} {zones_text(zones)}", step=10 * n + 1,
                      happen=[step_ref(ability, n)])

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.searcher,
                   optional=True),
        Resolve(ability=MATCH.ability, searches=False),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        id="searching.declined",
        cites=("CR 608.2c", "CR 608.2d"),
        because="the search in step {n} is optional ('you may'), and {searcher} chooses "
                "not to search",
        says="{searcher} doesn't search",
        absent=("no effect stops the search in step {n}",),
    )
    def srch_declined(self, ability, n, searcher):
        return Ruling(about=f"{ability}.s{n}.search", subject=searcher,
                      verdict="doesn't happen", action="search", step=10 * n + 1,
                      skipped=[step_ref(ability, n)])

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.searcher,
                   owner=MATCH.owner, description=MATCH.description, optional=True,
                   zones=MATCH.zones),
        SearchUndecided(ability=MATCH.ability, step=MATCH.n),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        id="searching.may-search",
        cites=("CR 608.2d", "CR 701.23a"),
        because="the search in step {n} is optional ('may search'); the choice belongs to "
                "{searcher}, who is told to search, and the question doesn't say what "
                "{searcher} chooses (does: [{n}] or declines: [{n}] says it)",
        says="{searcher} may {action}",
        absent=("no effect stops {searcher} searching there",),
    )
    def srch_may_search(self, ability, n, searcher, owner, description, zones):
        whose = "their own" if owner == searcher else f"{owner}'s"
        return Ruling(about=f"{ability}.s{n}.search", subject=searcher, verdict="may",
                      action=f"search {whose} {zones_text(zones)} for {esc(description)} (the "
                             f"choice is {searcher}'s)", step=10 * n + 1,
                      happen=[step_ref(ability, n)])

    @rule(
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n),
        Resolve(ability=MATCH.ability, find=MATCH.find, find_nothing=False,
                searches=MATCH.searches),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        NOT(SearchUndecided(ability=MATCH.ability, step=MATCH.n)),
        TEST(lambda find, plan, searches: not find and (searches or not plan["optional"])),
        id="searching.picks-open",
        cites=("CR 701.23a",),
        because="the search of step {n} may happen and the question doesn't say which "
                "cards are picked (find:), so what is found is left to the one who decides",
        absent=("no effect stops the search of step {n}",),
    )
    def srch_picks_open(self, ability, n):
        return PicksOpen(ability=ability, step=n)

    @rule(
        SearchUndecided(ability=MATCH.ability, step=MATCH.n),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        id="searching.picks-open-if-searched",
        cites=("CR 701.23a", "CR 608.2d"),
        because="whether the optional search of step {n} is done is left open, and so is "
                "what it finds",
        absent=("no effect stops the search of step {n}",),
    )
    def srch_picks_open_if_searched(self, ability, n):
        return PicksOpen(ability=ability, step=n)

    @rule(
        PickRequest(ability=MATCH.ability),
        SearchHappens(ability=MATCH.ability, step=MATCH.n),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n),
        TEST(lambda plan: not (plan["quality"] or plan["up_to"] or plan["any_number"])),
        NOT(Found(ability=MATCH.ability, step=MATCH.n)),
        NOT(SearchControl(ability=MATCH.ability, step=MATCH.n)),
        id="searching.picks-open-after-refused-pick",
        cites=("CR 701.23a", "CR 701.23d"),
        because="none of the cards the question picks can be found in the search of step "
                "{n}, which must find a card if the cards searched hold one, so what it "
                "finds is still the searcher's choice among them",
        absent=("no card the question picks is found",
                "no other player controls the search"),
    )
    def srch_picks_open_after_refused(self, ability, n):
        return PicksOpen(ability=ability, step=n)

    # -- what may or must be found -----------------------------------------------------------

    @rule(
        SearchHappens(ability=MATCH.ability, step=MATCH.n, zones=MATCH.zones),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n,
                              description=MATCH.description),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        NOT(SearchControl(ability=MATCH.ability, step=MATCH.n)),
        TEST(lambda plan, zones: not (plan["all_cards"] and "graveyard" in zones) and (
            plan["up_to"] or plan["any_number"] or (plan["quality"] and set(zones) & HIDDEN_ZONES))),
        id="searching.may-find-nothing",
        cites=("CR 701.23b",),
        because="the search asks for {description}, which states a quality (or says 'up "
                "to'), so the searcher doesn't have to find a card even if one is there",
        says="{decider} may find fewer cards or none",
        absent=("no other player controls {decider} during the search",),
    )
    def srch_may_find_nothing(self, ability, n, decider):
        return Ruling(about=f"{ability}.s{n}.amount", subject=decider, verdict="may",
                      action="find fewer cards or none", step=10 * n + 3,
                      happen=[step_ref(ability, n)])

    @rule(
        SearchHappens(ability=MATCH.ability, step=MATCH.n, owner=MATCH.owner,
                      zones=MATCH.zones),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n, all_cards=True,
                              description=MATCH.description),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        NOT(SearchControl(ability=MATCH.ability, step=MATCH.n)),
        TEST(lambda zones: "graveyard" in zones),
        id="searching.public-must-find-all",
        cites=("CR 701.23b", "CR 400.2"),
        because="the search asks for {description}; a graveyard is a public zone and only "
                "in a hidden zone (a hand, a library) may a searcher leave a matching card "
                "unfound, so every match in {owner}'s graveyard must be found",
        says="{decider} must find every match in {owner}'s graveyard",
    )
    def srch_public_all(self, ability, n, owner, zones, decider):
        hidden = zones_text([z for z in zones if z in HIDDEN_ZONES]) or "no hidden zone"
        return Ruling(about=f"{ability}.s{n}.public", subject=decider, verdict="must",
                      action=f"find every matching card in {owner}'s graveyard (those in "
                             f"the {hidden} may be left)", step=10 * n + 3,
                      happen=[step_ref(ability, n)])

    @rule(
        Resolve(ability=MATCH.ability, find=MATCH.find, find_nothing=MATCH.nothing),
        SearchHappens(ability=MATCH.ability, step=MATCH.n, owner=MATCH.owner,
                      zones=MATCH.zones),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n, all_cards=True),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        AS.obj << GameObject(id=MATCH.card, owner=MATCH.owner, zone="graveyard",
                             name=MATCH.card_name),
        NOT(SearchControl(ability=MATCH.ability, step=MATCH.n)),
        NOT(Picked(ability=MATCH.ability, step=MATCH.n, object=MATCH.card)),
        TEST(lambda find, nothing, zones, plan, obj: (find or nothing) and "graveyard" in zones
             and fits(plan, obj) == ""),
        id="searching.public-match-left",
        cites=("CR 701.23b", "CR 400.2"),
        because="{card} is in {owner}'s graveyard, a public zone, and matches the search for "
                "all such cards, but the question doesn't pick it",
        says="{decider} must find {card} too",
        absent=("the question's picks don't include {card}",),
    )
    def srch_public_left(self, ability, n, card, decider):
        return Ruling(about=f"{ability}.s{n}.pick.{card}", subject=decider, verdict="must",
                      action=f"find {card} too", step=10 * n + 5)

    @rule(
        SearchHappens(ability=MATCH.ability, step=MATCH.n, zones=MATCH.zones),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n, count=MATCH.count,
                              description=MATCH.description),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        NOT(SearchControl(ability=MATCH.ability, step=MATCH.n)),
        TEST(lambda plan, zones: plan["quality"] and not (plan["up_to"] or plan[
            "any_number"]) and not set(zones) & HIDDEN_ZONES),
        id="searching.public-must-find",
        cites=("CR 701.23b", "CR 400.2"),
        because="the search asks for {description} in public zones only ({zones}); only in "
                "a hidden zone may a searcher leave a matching card unfound",
        says="{decider} must find {description} if there is such a card",
    )
    def srch_public_must(self, ability, n, decider):
        return Ruling(about=f"{ability}.s{n}.amount", subject=decider, verdict="must",
                      action="find such a card if there is one (or as many as the count "
                             "asks)", step=10 * n + 3, happen=[step_ref(ability, n)])

    @rule(
        SearchHappens(ability=MATCH.ability, step=MATCH.n),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n, count=MATCH.count,
                              description=MATCH.description),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        NOT(SearchControl(ability=MATCH.ability, step=MATCH.n)),
        TEST(lambda plan: not (plan["quality"] or plan["up_to"] or plan["any_number"])),
        id="searching.must-find",
        cites=("CR 701.23d",),
        because="the search asks only for {description}, a number of cards with no stated "
                "quality, so that many must be found if the zone has them",
        says="{decider} must find {description} (or as many as there are)",
        absent=("no other player controls {decider} during the search",),
    )
    def srch_must_find(self, ability, n, decider):
        return Ruling(about=f"{ability}.s{n}.amount", subject=decider, verdict="must",
                      action="find that many cards (or as many as there are)",
                      step=10 * n + 3, happen=[step_ref(ability, n)])

    @rule(
        Resolve(ability=MATCH.ability, find_nothing=True),
        SearchHappens(ability=MATCH.ability, step=MATCH.n),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n,
                              description=MATCH.description),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        TEST(lambda plan: not (plan["quality"] or plan["up_to"] or plan["any_number"])),
        id="searching.cant-find-nothing",
        cites=("CR 701.23d",),
        because="the search asks only for {description} with no stated quality, so "
                "{decider} can't choose to find nothing while there are cards to find",
        says="{decider} can't find nothing",
    )
    def srch_cant_find_nothing(self, ability, n, decider):
        return Ruling(about=f"{ability}.s{n}.nothing", subject=decider, verdict="can't",
                      action="find nothing", step=10 * n + 4)

    # -- the cards picked --------------------------------------------------------------------

    @rule(
        Resolve(ability=MATCH.ability, find=MATCH.find),
        TEST(lambda find: len(find) > 0),
        id="searching.pick-request",
        cites=("CR 701.23a",),
        because="the question says which cards are picked in the search",
    )
    def srch_pick_request(self, ability, find):
        return [PickRequest(ability=ability, entry=str(e)) for e in find]

    @rule(
        PickRequest(ability=MATCH.ability, entry=MATCH.entry),
        SearchHappens(ability=MATCH.ability, step=MATCH.n, owner=MATCH.owner,
                      zones=MATCH.zones),
        GameObject(owner=MATCH.owner, id=MATCH.card, name=MATCH.card_name, zone=MATCH.zone,
                   position=MATCH.position),
        TEST(lambda zones, zone, entry, card, card_name:
             zone in zones and answers(entry, card, card_name) >= 0),
        id="searching.candidate",
        cites=("CR 701.23a",),
        because="{card} is in {owner}'s {zone}, among the cards searched, and answers the "
                "pick '{entry}'",
    )
    def srch_candidate(self, ability, n, entry, card, card_name, zone, position):
        how = answers(entry, card, card_name)
        rank = 0 if how == 0 else 1 + 1000 * SEARCH_ZONES.index(zone) + position
        return Candidate(ability=ability, step=n, entry=entry, object=card, rank=rank)

    @rule(
        Candidate(ability=MATCH.ability, step=MATCH.n, entry=MATCH.entry, object=MATCH.card,
                  rank=MATCH.rank),
        Candidate(ability=MATCH.ability, step=MATCH.n, entry=MATCH.entry, object=MATCH.other,
                  rank=MATCH.other_rank),
        TEST(lambda rank, other_rank, card, other: (other_rank, other) < (rank, card)),
        id="searching.candidate-outranked",
        cites=("CR 701.23a",),
        because="the pick '{entry}' names {other} more closely than {card}",
    )
    def srch_outranked(self, ability, n, entry, card):
        return CandidateOutranked(ability=ability, step=n, entry=entry, object=card)

    # -- a search replaced by a search of the top cards (CR 701.23f) ---------------------------

    @rule(
        SearchHappens(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.searcher,
                      owner=MATCH.owner, library=True),
        SearchTopInstead(source=MATCH.source, count=MATCH.count),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.searcher, of=MATCH.controller),
        id="searching.top-cards-only",
        cites=("CR 614.1a", "CR 701.23f"),
        because="{searcher} is an opponent of {controller}, and {source}'s effect replaces "
                "an opponent's search of a library with a search of its top {count} cards; "
                "the rest of the instruction (finding, putting, shuffling) still applies",
        says="{searcher} searches only the top {count} cards of {owner}'s library",
    )
    def srch_top_only(self, ability, n, searcher, owner, source, count):
        return [SearchLimited(ability=ability, step=n, count=count, source=source),
                Ruling(about=f"{ability}.s{n}.top.{source}", subject=searcher,
                       verdict="happens", action=f"search only the top {count} cards",
                       step=10 * n + 2)]

    @rule(
        SearchLimited(ability=MATCH.ability, step=MATCH.n, count=MATCH.count,
                      source=MATCH.source),
        Candidate(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        GameObject(id=MATCH.card, zone="library", position=MATCH.position),
        TEST(lambda position, count: position > count),
        id="searching.below-the-top-cards",
        cites=("CR 701.23f",),
        because="{card} is card {position} from the top, below the top {count} cards that "
                "are searched because of {source}",
    )
    def srch_below_top(self, ability, n, card, source):
        return OutOfReach(ability=ability, step=n, object=card, source=source)

    @rule(
        OutOfReach(ability=MATCH.ability, step=MATCH.n, object=MATCH.card, source=MATCH.source),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        GameObject(id=MATCH.card, name=MATCH.card_name),
        id="searching.cant-find-below-top",
        cites=("CR 701.23a", "CR 701.23f"),
        because="only the top cards of the library are searched, because of {source}, and "
                "{card} is not among them",
        says="{decider} can't find {card}",
    )
    def srch_cant_find_below(self, ability, n, card, card_name, decider):
        return Ruling(about=f"{ability}.s{n}.pick.{card}", subject=decider, verdict="can't",
                      action=f"find {card_name}", step=10 * n + 5)

    @rule(
        Candidate(ability=MATCH.ability, step=MATCH.n, entry=MATCH.entry, object=MATCH.card),
        NOT(CandidateOutranked(ability=MATCH.ability, step=MATCH.n, entry=MATCH.entry,
                               object=MATCH.card)),
        NOT(OutOfReach(ability=MATCH.ability, step=MATCH.n, object=MATCH.card)),
        id="searching.picked",
        cites=("CR 701.23a",),
        because="'{entry}' picks {card}",
        absent=("no other card answers '{entry}' more closely",
                "{card} is among the cards searched"),
    )
    def srch_picked(self, ability, n, card):
        return Picked(ability=ability, step=n, object=card)

    @rule(
        PickRequest(ability=MATCH.ability, entry=MATCH.entry),
        SearchHappens(ability=MATCH.ability, step=MATCH.n, owner=MATCH.owner,
                      zones=MATCH.zones),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        NOT(Candidate(ability=MATCH.ability, step=MATCH.n, entry=MATCH.entry)),
        id="searching.pick-missing",
        cites=("CR 701.23a",),
        because="a search finds only cards in the zones searched, and no card '{entry}' is "
                "in {owner}'s {zones}",
        says="{decider} can't find '{entry}'",
        absent=("there is no card '{entry}' in {owner}'s {zones}",),
    )
    def srch_pick_missing(self, ability, n, entry, decider):
        return Ruling(about=f"{ability}.s{n}.pick.{entry}", subject=decider, verdict="can't",
                      action=f"find '{esc(entry)}'", step=10 * n + 5)

    @rule(
        Resolve(ability=MATCH.ability, find=MATCH.find),
        SearchHappens(ability=MATCH.ability, step=MATCH.n),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n, count=MATCH.count,
                              description=MATCH.description),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        TEST(lambda find, plan: not plan["any_number"] and len(find) > plan["count"]),
        id="searching.too-many",
        cites=("CR 701.23a", "CR 608.2d"),
        because="the search asks for {description}, so no more than {count} may be found",
        says="{decider} {verdict} {action}",
    )
    def srch_too_many(self, ability, n, find, count, decider):
        return [TooMany(ability=ability, step=n, picked=len(find), allowed=count),
                Ruling(about=f"{ability}.s{n}.too-many", subject=decider, verdict="can't",
                       action=f"find {len(find)} cards", step=10 * n + 5)]

    @rule(
        Picked(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n, noted_for=""),
        AS.obj << GameObject(id=MATCH.card, zone=MATCH.zone),
        NOT(TooMany(ability=MATCH.ability, step=MATCH.n)),
        TEST(lambda plan, obj: fits(plan, obj) == ""),
        id="searching.found",
        cites=("CR 701.23a",),
        because="{card} is picked and matches the description",
        absent=("no more cards are picked than the search allows",),
    )
    def srch_found(self, ability, n, card, zone):
        return Found(ability=ability, step=n, object=card, zone=zone)

    @rule(
        Picked(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n, noted_for=MATCH.noted_for),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        AS.obj << GameObject(id=MATCH.card, zone=MATCH.zone, name=MATCH.card_name),
        NotedName(player=MATCH.controller, for_card=MATCH.noted_for, name=MATCH.card_name),
        NOT(TooMany(ability=MATCH.ability, step=MATCH.n)),
        TEST(lambda plan, obj: fits(plan, obj) == ""),
        id="searching.found-noted",
        cites=("CR 701.23a", "CR 905.2"),
        because="{card} is picked and {controller} noted its name for {noted_for}",
        absent=("no more cards are picked than the search allows",),
    )
    def srch_found_noted(self, ability, n, card, zone):
        return Found(ability=ability, step=n, object=card, zone=zone)

    @rule(
        Picked(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n, noted_for=MATCH.noted_for),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        GameObject(id=MATCH.card, name=MATCH.card_name),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        TEST(lambda noted_for: noted_for != ""),
        NOT(NotedName(player=MATCH.controller, for_card=MATCH.noted_for, name=MATCH.card_name)),
        id="searching.not-noted",
        cites=("CR 701.23a", "CR 701.23c"),
        because="the search is for a card with a name {controller} noted for {noted_for}, "
                "and {card} has no such name",
        says="{decider} can't find {card}",
        absent=("{controller} noted no name {card_name} for {noted_for}",),
    )
    def srch_not_noted(self, ability, n, card, card_name, decider):
        return Ruling(about=f"{ability}.s{n}.pick.{card}", subject=decider, verdict="can't",
                      action=f"find {card_name}", step=10 * n + 5)

    @rule(
        Picked(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        AS.plan << SearchPlan(ability=MATCH.ability, step=MATCH.n,
                              description=MATCH.description),
        AS.obj << GameObject(id=MATCH.card, name=MATCH.card_name),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        NOT(SearchControl(ability=MATCH.ability, step=MATCH.n)),
        TEST(lambda plan, obj: fits(plan, obj) != ""),
        id="searching.mismatch",
        cites=("CR 701.23a",),
        because="a search finds only cards that match its description ({description}), "
                "and {card} doesn't",
        says="{decider} can't {action}",
        absent=("no other player controls {decider} during the search",),
    )
    def srch_mismatch(self, ability, n, card, card_name, decider, plan, obj):
        return Ruling(about=f"{ability}.s{n}.pick.{card}", subject=decider, verdict="can't",
                      action=f"find {card_name}: {fits(plan, obj)}", step=10 * n + 5)

    @rule(
        Found(ability=MATCH.ability, step=MATCH.n, object=MATCH.card, zone=MATCH.zone),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.searcher,
                   owner=MATCH.owner, description=MATCH.description),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.decider),
        GameObject(id=MATCH.card, name=MATCH.card_name),
        id="searching.finds",
        cites=("CR 701.23a",),
        because="{decider} picks {card} from {owner}'s {zone}, and it matches {description}",
        says="{searcher} finds {card}",
    )
    def srch_finds(self, ability, n, card, searcher, card_name):
        return Ruling(about=f"{ability}.s{n}.found.{card}", subject=searcher,
                      verdict="happens", action=f"find {card_name}", step=10 * n + 6,
                      happen=[step_ref(ability, n)])

    @rule(
        Found(ability=MATCH.ability, step=MATCH.n),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.searcher),
        NOT(RevealFoundStep(ability=MATCH.ability)),
        id="searching.not-revealed",
        cites=("CR 701.23e",),
        because="the effect doesn't say to reveal what is found",
        says="the cards {searcher} finds are not revealed",
        absent=("no instruction of {ability} reveals the found cards",),
    )
    def srch_not_revealed(self, ability, n, searcher):
        return Ruling(about=f"{ability}.s{n}.hidden", subject="the found cards",
                      verdict="doesn't happen", action="are revealed", step=10 * n + 7)
