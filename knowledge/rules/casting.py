"""CR 601 casting spells: who may begin to cast a card (CR 601.3), lands are never cast
(CR 305.9), and the costs of a cast: mana cost, alternative costs (only one, and casting
"without paying its mana cost" is one: CR 118.9, 118.9a), additional costs (CR 118.8) and X
(CR 107.3b)."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.cards import parse_cost
from rulings.facts.casting import (
    AdditionalCost,
    AdditionalCostWord,
    AlternativeCost,
    AlternativeCostWord,
    Cast,
    CastBlocked,
    Casting,
    CastPermission,
    Kicker,
    NotNoted,
    Overload,
    ResolvingCastPermission,
    TimingMet,
)
from rulings.facts.costs import CostPayable, show_cost
from rulings.facts.effects import Keyword, Unmodelled
from rulings.facts.game import Ability, GameObject
from rulings.facts.match import has, lacks
from rulings.facts.resolution import (
    CastFoundStep,
    ExiledInstead,
    Found,
    Resolving,
    SearchStep,
    ShuffleStep,
)
from rulings.facts.rulings import Ruling
from rulings.facts.shared import NotedName

TOPIC = "CR 601 Casting spells; CR 118.8-118.9 additional and alternative costs"




def _has_x(cost: object) -> bool:
    return "{X}" in str(cost).upper()


def _searchable(plan: dict, obj: dict, zone: str) -> bool:
    """The card is in a zone the search looks at and fits its description (not names noted)."""
    from rulings.facts.resolution import fits

    return zone in plan["zones"] and not fits(plan, obj)


def _implied_alternative(engine: Any, card: str, alternative: str, free: bool) -> str:
    """A card with flashback cast from a graveyard is cast by flashback, so its flashback
    cost is the alternative cost paid (CR 702.34a) even when the question doesn't name it."""
    if alternative or free:
        return alternative
    here = engine.collect(GameObject, id=card)
    if here and here[0]["zone"] == "graveyard" and engine.collect(
            Keyword, object=card, keyword="flashback"):
        return "flashback"
    return alternative


#: keywords that give a spell an alternative cost (CR 118.9) named by the keyword; evoke, dash,
#: blitz, bestow, awaken, emerge, escape and morph have rules of their own
#: (alternative_costs.py)
KEYWORD_ALTERNATIVES = ("miracle", "madness", "prowl", "spectacle", "surge")
#: keywords that let a card be cast from its owner's graveyard with a discard added
GRAVEYARD_DISCARD = {"retrace": "discard a land card", "jump_start": "discard a card"}
#: what must be true to use such a cost; not decided from the situation, only said
ALTERNATIVE_CONDITIONS = {
    "miracle": "it is the first card they drew this turn, cast as they reveal it (CR 702.94a)",
    "madness": "they discarded it, into exile, and cast it as madness's trigger resolves "
               "(CR 702.35a)",
    "prowl": "they dealt combat damage to a player this turn with a creature that shares a "
             "creature type with it (CR 702.76a)",
    "spectacle": "an opponent lost life this turn (CR 702.137a)",
    "surge": "they or a teammate cast another spell this turn (CR 702.117a)",
}


class Rules:
    # -- the cast asked about ------------------------------------------------------------------

    @rule(
        Cast(card=MATCH.card, player=MATCH.player, without_paying_mana_cost=MATCH.free,
             x=MATCH.x, pay_kicker=MATCH.kicker, alternative_cost=MATCH.alternative,
             during=MATCH.during, pay_with=MATCH.pay_with),
        TEST(lambda player: player != ""),
        id="casting.caster",
        cites=("CR 601.2",),
        because="{player} is the one casting {card}",
    )
    def cast_caster(self, card, player, free, x, kicker, alternative, during, pay_with):
        return Casting(object=card, player=player, free=free, x=x, kicker=kicker,
                       alternative=_implied_alternative(self, card, alternative, free),
                       during=during, pay_with=list(pay_with))

    @rule(
        Cast(card=MATCH.card, player="", without_paying_mana_cost=MATCH.free,
             x=MATCH.x, pay_kicker=MATCH.kicker, alternative_cost=MATCH.alternative,
             during=MATCH.during, pay_with=MATCH.pay_with),
        TEST(lambda during: during != ""),
        Ability(id=MATCH.during, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player),
        id="casting.caster-resolving",
        cites=("CR 608.2g", "CR 608.2"),
        because="the question names no caster, and {card} is cast while {during} resolves: "
                "its instructions are followed by its controller {player}, who casts it",
    )
    def cast_caster_resolving(self, card, player, free, x, kicker, alternative, during,
                              pay_with):
        return Casting(object=card, player=player, free=free, x=x, kicker=kicker,
                       alternative=_implied_alternative(self, card, alternative, free),
                       during=during, pay_with=list(pay_with))

    @rule(
        Cast(card=MATCH.card, player="", without_paying_mana_cost=MATCH.free,
             x=MATCH.x, pay_kicker=MATCH.kicker, alternative_cost=MATCH.alternative,
             during="", pay_with=MATCH.pay_with),
        GameObject(id=MATCH.card, controller=MATCH.player),
        id="casting.caster-default",
        cites=("CR 601.2",),
        because="the question names no caster, so {card}'s controller {player} casts it",
    )
    def cast_caster_default(self, card, player, free, x, kicker, alternative, pay_with):
        return Casting(object=card, player=player, free=free, x=x, kicker=kicker,
                       alternative=_implied_alternative(self, card, alternative, free),
                       during="", pay_with=list(pay_with))

    @rule(
        CastFoundStep(ability=MATCH.ability, step=MATCH.cast_step, without_paying=MATCH.free),
        Resolving(ability=MATCH.ability, controller=MATCH.player),
        Found(ability=MATCH.ability, step=MATCH.step, object=MATCH.card),
        TEST(lambda step, cast_step: step < cast_step),
        NOT(ExiledInstead(ability=MATCH.ability, step=MATCH.step, object=MATCH.card)),
        id="casting.found-card",
        cites=("CR 608.2g",),
        because="step {cast_step} of {ability} lets {player} cast {card}, the card found in "
                "step {step}, while the ability resolves",
        absent=("no effect moved {card} away instead of leaving it where it was found",),
    )
    def cast_found_card(self, ability, cast_step, free, player, card):
        return [
            Casting(object=card, player=player, free=free, during=ability,
                    step=10 * cast_step + 2),
            ResolvingCastPermission(ability=ability, player=player, object=card,
                                    without_paying=free),
        ]

    # -- what lets a player begin to cast it (CR 601.3) ----------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player),
        id="casting.from-hand",
        cites=("CR 601.2", "CR 117.1a"),
        because="{card} is in {player}'s own hand, the zone players normally cast cards from",
    )
    def cast_from_hand(self, card, player):
        return CastPermission(player=player, object=card, kind="from their hand")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability),
        CastFoundStep(ability=MATCH.ability, step=MATCH.cast_step, without_paying=MATCH.free),
        AS.plan << SearchStep(ability=MATCH.ability, step=MATCH.step, player="you",
                              whose="searcher", noted_for=MATCH.noted_for),
        TEST(lambda step, cast_step, noted_for: step < cast_step and noted_for != ""),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player),
        AS.obj << GameObject(id=MATCH.card, owner=MATCH.player, zone=MATCH.zone,
                             name=MATCH.name),
        TEST(lambda plan, obj, zone: _searchable(plan, obj, zone)),
        NotedName(player=MATCH.player, name=MATCH.name, for_card=MATCH.noted_for),
        id="casting.noted-card-found",
        cites=("CR 608.2g", "CR 905.2b"),
        because="{player} controls {ability}; its search (step {step}) looks in {player}'s "
                "own {zone} among other zones for a card with a name {player} noted while "
                "drafting a card named {noted_for}, {player} noted {name}, and step "
                "{cast_step} lets them cast the card found",
    )
    def cast_noted_card_found(self, card, player, ability, free):
        return ResolvingCastPermission(ability=ability, player=player, object=card,
                                       without_paying=free)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability),
        CastFoundStep(ability=MATCH.ability, step=MATCH.cast_step, without_paying=MATCH.free),
        AS.plan << SearchStep(ability=MATCH.ability, step=MATCH.step, player="you",
                              whose="searcher", noted_for=""),
        TEST(lambda step, cast_step: step < cast_step),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player),
        AS.obj << GameObject(id=MATCH.card, owner=MATCH.player, zone=MATCH.zone),
        TEST(lambda plan, obj, zone: _searchable(plan, obj, zone)),
        id="casting.card-found",
        cites=("CR 608.2g",),
        because="{player} controls {ability}; its search (step {step}) can find {card} in "
                "{player}'s {zone}, and step {cast_step} lets them cast the card found",
    )
    def cast_card_found(self, card, player, ability, free):
        return ResolvingCastPermission(ability=ability, player=player, object=card,
                                       without_paying=free)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability),
        ResolvingCastPermission(ability=MATCH.ability, player=MATCH.player, object=MATCH.card),
        id="casting.while-resolving",
        cites=("CR 608.2g", "CR 601.3"),
        because="the instructions of {ability} let {player} cast {card} while it resolves",
    )
    def cast_while_resolving(self, card, player, ability):
        return CastPermission(player=player, object=card, kind="during a resolution",
                              source=ability)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability),
        SearchStep(ability=MATCH.ability, noted_for=MATCH.noted_for),
        TEST(lambda noted_for: noted_for != ""),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(NotedName(player=MATCH.player, name=MATCH.name, for_card=MATCH.noted_for)),
        id="casting.name-not-noted",
        cites=("CR 905.2b", "CR 608.2g"),
        because="{ability} lets its controller find and cast only a card with a name they "
                "noted while drafting a card named {noted_for}, and {player} noted no card "
                "named {name}",
        absent=("{player} did not note the name {name} while drafting a card named "
                "{noted_for}",),
        says="{player} can't cast {card} through {ability}",
    )
    def cast_name_not_noted(self, card, player, ability, name):
        return [
            NotNoted(player=player, object=card, ability=ability),
            CastBlocked(player=player, object=card, reason="its name was not noted"),
            Ruling(about=f"{card}.cast.not-noted", subject=player, verdict="can't",
                   action=f"cast {name} this way"),
        ]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during="", step=MATCH.step),
        GameObject(id=MATCH.card, zone=MATCH.zone, name=MATCH.name, types=lacks("land")),
        NOT(CastPermission(player=MATCH.player, object=MATCH.card)),
        # an ability of the card not read (escape, retrace …) may be what allows it
        NOT(Unmodelled(object=MATCH.card)),
        id="casting.no-permission",
        cites=("CR 601.3",),
        because="a player may begin to cast a card only if a rule or effect allows it, and "
                "none lets {player} cast {card} from the {zone}",
        absent=("no rule or effect lets {player} cast {card} from the {zone}",
                "every ability of {card} is read"),
        says="{player} can't cast {card}",
    )
    def cast_no_permission(self, card, player, name, step):
        return [
            CastBlocked(player=player, object=card, reason="nothing allows it"),
            Ruling(about=f"{card}.cast.no-permission", subject=player, verdict="can't",
                   action=f"cast {name}", step=step),
        ]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability, step=MATCH.step),
        TEST(lambda ability: ability != ""),
        GameObject(id=MATCH.card, zone=MATCH.zone, name=MATCH.name, types=lacks("land")),
        NOT(CastPermission(player=MATCH.player, object=MATCH.card)),
        NOT(NotNoted(player=MATCH.player, object=MATCH.card)),
        # instructions not read may be the ones that offer it
        NOT(Unmodelled(ability=MATCH.ability)),
        id="casting.not-offered-while-resolving",
        cites=("CR 601.3", "CR 608.2g"),
        because="while {ability} resolves, a player may cast only what its instructions let "
                "them cast, and they don't offer {player} {card} in the {zone}",
        absent=("the instructions of {ability} don't let {player} cast {card} from the "
                "{zone}", "every instruction of {ability} is read"),
        says="{player} can't cast {card} while {ability} resolves",
    )
    def cast_not_offered(self, card, player, name, step):
        return [
            CastBlocked(player=player, object=card, reason="the resolving ability doesn't "
                                                          "offer it"),
            Ruling(about=f"{card}.cast.no-permission", subject=player, verdict="can't",
                   action=f"cast {name}", step=step),
        ]

    # -- lands are played, not cast (CR 305.9) ------------------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during="", step=MATCH.step),
        GameObject(id=MATCH.card, name=MATCH.name, types=has("land")),
        id="casting.land-not-cast",
        cites=("CR 305.1", "CR 305.9"),
        because="{card} is a land card; a land is only ever played, as a special action, "
                "and never cast as a spell, even when it has another card type too",
        says="{player} can't cast {card}",
    )
    def cast_land_not_cast(self, card, player, name, step):
        return [
            CastBlocked(player=player, object=card, reason="a land is never cast"),
            Ruling(about=f"{card}.cast.land", subject=player, verdict="can't",
                   action=f"cast {name}", step=step),
        ]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability, step=MATCH.step),
        TEST(lambda ability: ability != ""),
        GameObject(id=MATCH.card, name=MATCH.name, types=has("land")),
        id="casting.land-not-cast-while-resolving",
        cites=("CR 305.1", "CR 305.9", "CR 608.2g"),
        because="{card} is a land card and {ability} only lets {player} cast the card; a "
                "land is never cast as a spell, so it can't be put onto the battlefield "
                "this way (and playing it as a land isn't offered)",
        says="{player} can't cast {card} (nor play it) through {ability}",
    )
    def cast_land_not_cast_resolving(self, card, player, name, step):
        return [
            CastBlocked(player=player, object=card, reason="a land is never cast"),
            Ruling(about=f"{card}.cast.land", subject=player, verdict="can't",
                   action=f"cast {name}", step=step),
        ]

    # -- the costs: which ones the card has -------------------------------------------------

    @rule(
        Casting(object=MATCH.card),
        Kicker(source=MATCH.card, cost=MATCH.cost),
        id="casting.kicker-is-optional-cost",
        cites=("CR 702.33a", "CR 118.8b"),
        because="kicker is an optional additional cost: {card} may be cast paying {cost} "
                "more",
    )
    def cast_kicker_cost(self, card, cost):
        return AdditionalCost(object=card, name="kicker", cost=list(cost), optional=True)

    @rule(
        Casting(object=MATCH.card),
        AdditionalCostWord(source=MATCH.card, cost=MATCH.cost, optional=MATCH.optional),
        id="casting.printed-additional-cost",
        cites=("CR 118.8",),
        because="{card}'s text adds a cost to casting it: {cost}",
    )
    def cast_printed_additional_cost(self, card, cost, optional):
        return AdditionalCost(object=card, name="additional cost", cost=list(cost),
                              optional=optional)

    @rule(
        Casting(object=MATCH.card),
        Overload(source=MATCH.card, cost=MATCH.cost),
        id="casting.overload-is-alternative-cost",
        cites=("CR 702.96a", "CR 118.9"),
        because="overload lets {card} be cast for {cost} instead of its mana cost: an "
                "alternative cost",
    )
    def cast_overload_cost(self, card, cost):
        return AlternativeCost(object=card, name="overload", cost=list(cost),
                               shown=show_cost(cost))

    @rule(
        Casting(object=MATCH.card),
        AlternativeCostWord(source=MATCH.card, name=MATCH.name, cost=MATCH.cost, free=False),
        id="casting.printed-alternative-cost",
        cites=("CR 118.9",),
        because="{card}'s text lets it be cast for {cost} ({name}) instead of its mana cost",
    )
    def cast_printed_alternative_cost(self, card, name, cost):
        return AlternativeCost(object=card, name=name, cost=list(cost), shown=show_cost(cost))

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword=MATCH.keyword, value=MATCH.cost),
        TEST(lambda keyword, cost: keyword in KEYWORD_ALTERNATIVES and cost != ""),
        id="casting.keyword-alternative-cost",
        cites=("CR 118.9", "CR 702.94a", "CR 702.35a", "CR 702.137a"),
        because="{card}'s keyword {keyword} lets it be cast for {cost} instead of its mana "
                "cost (when its condition holds): an alternative cost",
    )
    def cast_keyword_alternative(self, card, keyword, cost):
        return AlternativeCost(object=card, name=keyword, cost=parse_cost(cost), shown=cost)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=False,
                alternative=MATCH.alternative, step=MATCH.step),
        TEST(lambda alternative: alternative in ALTERNATIVE_CONDITIONS),
        Keyword(object=MATCH.card, keyword=MATCH.alternative),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.keyword-alternative-condition",
        cites=("CR 118.9", "CR 601.2b"),
        because="{alternative} may be used only when its condition holds, and the situation "
                "doesn't show whether it does; this answer assumes it does",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may use {card}'s {alternative} cost only if {action}",
    )
    def cast_keyword_alternative_condition(self, card, player, name, alternative, step):
        return Ruling(about=f"{card}.cost.alternative.condition", subject=player,
                      verdict="may", action=ALTERNATIVE_CONDITIONS[alternative],
                      step=step)

    # -- retrace and jump-start (CR 702.81, 702.133): cast from a graveyard for an extra
    # discard, its mana cost (or an alternative cost) paid as usual

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        GameObject(id=MATCH.card, zone="graveyard", owner=MATCH.player),
        Keyword(object=MATCH.card, keyword=MATCH.keyword),
        TEST(lambda keyword: keyword in GRAVEYARD_DISCARD),
        id="casting.discard-to-cast-from-graveyard",
        cites=("CR 702.81a", "CR 702.133a", "CR 601.3"),
        because="{card} has {keyword} and is in {player}'s own graveyard: {keyword} lets "
                "{player} cast it from there, discarding a card as an additional cost",
    )
    def cast_discard_from_graveyard(self, card, player, keyword):
        return [CastPermission(player=player, object=card,
                               kind=f"from their graveyard, by {keyword.replace('_', '-')}",
                               source=card),
                AdditionalCost(object=card, name=keyword.replace("_", "-"),
                               cost=[GRAVEYARD_DISCARD[keyword]], optional=False)]

    # -- flashback (CR 702.34): cast from a graveyard for another cost ---------------------

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="flashback", value=MATCH.cost),
        TEST(lambda cost: cost != ""),
        id="casting.flashback-is-alternative-cost",
        cites=("CR 702.34a", "CR 118.9"),
        because="flashback gives {card} an alternative cost, {cost}, paid when it is cast "
                "from a graveyard",
    )
    def cast_flashback_cost(self, card, cost):
        return AlternativeCost(object=card, name="flashback", cost=parse_cost(cost),
                               shown=cost)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during="", alternative="flashback"),
        GameObject(id=MATCH.card, zone="graveyard", owner=MATCH.player),
        Keyword(object=MATCH.card, keyword="flashback"),
        id="casting.flashback-permission",
        cites=("CR 702.34a", "CR 601.3"),
        because="{card} has flashback and is in {player}'s own graveyard: flashback lets "
                "{player} cast it from there",
    )
    def cast_flashback_permission(self, card, player):
        return CastPermission(player=player, object=card,
                              kind="from their graveyard, by flashback", source=card)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during="", alternative="flashback",
                step=MATCH.step),
        CastPermission(player=MATCH.player, object=MATCH.card,
                       kind="from their graveyard, by flashback"),
        GameObject(id=MATCH.card, name=MATCH.name),
        Keyword(object=MATCH.card, keyword="flashback", value=MATCH.cost),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.flashback-from-graveyard",
        cites=("CR 702.34a", "CR 601.3"),
        because="{player} may cast {card} from their graveyard by paying its flashback cost "
                "{cost} instead of its mana cost; the card type's usual timing still "
                "applies, and once cast this way it is exiled whenever it would leave the "
                "stack",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may cast {card} from their graveyard for its flashback cost {cost}; "
             "it is then exiled instead of going anywhere else",
    )
    def cast_flashback(self, card, player, name, step):
        return Ruling(about=f"{card}.cast.flashback", subject=player, verdict="may",
                      action=f"cast {name} by flashback", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="flashback",
                step=MATCH.step),
        GameObject(id=MATCH.card, zone=MATCH.zone, name=MATCH.name),
        TEST(lambda zone: zone != "graveyard"),
        Keyword(object=MATCH.card, keyword="flashback"),
        id="casting.flashback-only-from-graveyard",
        cites=("CR 702.34a",),
        because="flashback lets a card be cast only from a graveyard, and {card} is in the "
                "{zone}",
        says="{player} can't cast {card} by flashback from the {zone}",
    )
    def cast_flashback_wrong_zone(self, card, player, name, zone, step):
        return [
            CastBlocked(player=player, object=card, reason="flashback works only from a "
                                                          "graveyard"),
            Ruling(about=f"{card}.cast.flashback", subject=player, verdict="can't",
                   action=f"cast {name} by flashback", step=step),
        ]

    # -- the costs: what the caster pays -------------------------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=False, alternative="",
                step=MATCH.step),
        GameObject(id=MATCH.card, name=MATCH.name, mana_cost=MATCH.mana_cost),
        TEST(lambda mana_cost: mana_cost != ""),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.pay-mana-cost",
        cites=("CR 601.2f", "CR 601.2h"),
        because="with no alternative cost chosen, the total cost of {card} starts from its "
                "mana cost {mana_cost}, plus any additional costs",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} must pay {card}'s mana cost {mana_cost}",
    )
    def cast_pay_mana_cost(self, card, player, name, mana_cost, step):
        return Ruling(about=f"{card}.cost.mana", subject=player, verdict="must",
                      action="pay {mana_cost} for {card}", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, during=MATCH.ability,
                step=MATCH.step),
        ResolvingCastPermission(ability=MATCH.ability, player=MATCH.player, object=MATCH.card,
                                without_paying=True),
        GameObject(id=MATCH.card, name=MATCH.name, mana_cost=MATCH.mana_cost),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.without-paying-mana-cost",
        cites=("CR 118.9", "CR 601.2f"),
        because="{ability} lets {player} cast {card} without paying its mana cost "
                "({mana_cost}); doing so is the alternative cost chosen for this spell",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may cast {card} without paying its mana cost",
    )
    def cast_without_paying(self, card, player, name, step):
        return Ruling(about=f"{card}.cost.free", subject=player, verdict="may",
                      action=f"cast {name} without paying its mana cost", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, during="",
                step=MATCH.step),
        GameObject(id=MATCH.card, name=MATCH.name),
        # freecast: its own text may offer it (alternative_costs.py)
        NOT(AlternativeCostWord(source=MATCH.card, free=True)),
        id="casting.free-not-allowed",
        cites=("CR 601.2f", "CR 118.9"),
        because="a spell is cast without paying its mana cost only when an effect allows "
                "it, and {player} is not casting {card} through any such effect",
        absent=("no effect lets {player} cast {card} without paying its mana cost",),
        says="{player} can't cast {card} without paying its mana cost",
    )
    def cast_free_not_allowed(self, card, player, name, step):
        return [
            CastBlocked(player=player, object=card, reason="its mana cost must be paid"),
            Ruling(about=f"{card}.cost.free", subject=player, verdict="can't",
                   action=f"cast {name} without paying its mana cost", step=step),
        ]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, during=MATCH.ability,
                step=MATCH.step),
        CastFoundStep(ability=MATCH.ability, step=MATCH.cast_step, without_paying=False),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="casting.free-not-offered",
        cites=("CR 601.2f", "CR 118.9"),
        because="step {cast_step} of {ability} lets {player} cast the card found but says "
                "nothing of skipping its mana cost, so that cost is paid as usual",
        says="{player} can't cast {card} without paying its mana cost",
    )
    def cast_free_not_offered(self, card, player, name, step):
        return [
            CastBlocked(player=player, object=card, reason="its mana cost must be paid"),
            Ruling(about=f"{card}.cost.free", subject=player, verdict="can't",
                   action=f"cast {name} without paying its mana cost", step=step),
        ]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True,
                alternative=MATCH.alternative, step=MATCH.step),
        TEST(lambda alternative: alternative != ""),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="casting.one-alternative-cost",
        cites=("CR 118.9", "CR 118.9a", "CR 601.2b"),
        because="casting {card} without paying its mana cost is already an alternative "
                "cost, and a spell can have only one alternative cost applied, so its "
                "{alternative} cost can't be chosen too",
        says="{player} can't pay {card}'s {alternative} cost",
    )
    def cast_one_alternative_cost(self, card, player, name, alternative, step):
        return [
            CastBlocked(player=player, object=card, reason="two alternative costs"),
            Ruling(about=f"{card}.cost.alternative", subject=player, verdict="can't",
                   action=f"use the {alternative} cost of {name}", step=step),
        ]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative=MATCH.alternative,
                step=MATCH.step),
        TEST(lambda alternative: alternative != ""),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(AlternativeCost(object=MATCH.card, name=MATCH.alternative)),
        NOT(Unmodelled(object=MATCH.card)),
        id="casting.no-such-alternative-cost",
        cites=("CR 118.9", "CR 601.2b"),
        because="{card} has no alternative cost called {alternative}, and nothing else "
                "gives it one",
        absent=("nothing gives {card} an alternative cost called {alternative}",
                "every ability of {card} is read"),
        says="{player} can't cast {card} for a {alternative} cost",
    )
    def cast_no_such_alternative(self, card, player, name, alternative, step):
        return [
            CastBlocked(player=player, object=card, reason="no such alternative cost"),
            Ruling(about=f"{card}.cost.alternative-missing", subject=player, verdict="can't",
                   action=f"use a {alternative} cost for {name}", step=step),
        ]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=False,
                alternative=MATCH.alternative, step=MATCH.step),
        AlternativeCost(object=MATCH.card, name=MATCH.alternative, shown=MATCH.shown),
        GameObject(id=MATCH.card, name=MATCH.name, mana_cost=MATCH.mana_cost),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.alternative-cost",
        cites=("CR 118.9", "CR 118.9a", "CR 601.2f"),
        because="{player} chose {card}'s {alternative} cost, so they pay it ({shown}) "
                "instead of its mana cost {mana_cost}; it is the only alternative cost "
                "applied",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may pay {card}'s {alternative} cost ({shown}) instead of its mana "
             "cost",
    )
    def cast_alternative_cost(self, card, player, name, alternative, step):
        return Ruling(about=f"{card}.cost.alternative", subject=player, verdict="may",
                      action=f"pay the {alternative} cost of {name}", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=False, step=MATCH.step),
        AdditionalCost(object=MATCH.card, name=MATCH.kind, cost=MATCH.cost, optional=True),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.optional-additional-cost",
        cites=("CR 118.8", "CR 118.8b", "CR 601.2b"),
        because="{card}'s {kind} is an optional additional cost: {player} decides while "
                "casting it whether to pay {cost} on top of the rest",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may also pay {card}'s {kind} cost {cost}",
    )
    def cast_optional_additional(self, card, player, name, kind, step):
        return Ruling(about=f"{card}.cost.{kind}", subject=player, verdict="may",
                      action=f"pay the {kind} cost of {name}", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, step=MATCH.step),
        AdditionalCost(object=MATCH.card, name=MATCH.kind, cost=MATCH.cost, optional=True),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.optional-additional-cost-when-free",
        cites=("CR 118.8", "CR 118.8b", "CR 118.9d"),
        because="casting without paying the mana cost replaces only the mana cost; "
                "additional costs still apply on top of it, and {card}'s {kind} is an "
                "optional one, so {player} may pay {cost} for it",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may still pay {card}'s {kind} cost {cost}",
    )
    def cast_optional_additional_free(self, card, player, name, kind, step):
        return Ruling(about=f"{card}.cost.{kind}", subject=player, verdict="may",
                      action=f"pay the {kind} cost of {name}", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=False, step=MATCH.step),
        AdditionalCost(object=MATCH.card, name=MATCH.kind, cost=MATCH.cost, optional=False),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.mandatory-additional-cost",
        cites=("CR 118.8", "CR 601.2f", "CR 601.2h"),
        because="{card} has a mandatory additional cost ({cost}); it is part of the total "
                "cost and must be paid for the cast to happen",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} must also pay {card}'s additional cost: {cost}",
    )
    def cast_mandatory_additional(self, card, player, name, cost, step):
        return Ruling(about=f"{card}.cost.additional", subject=player, verdict="must",
                      action=f"pay the additional cost of {name}", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, step=MATCH.step),
        AdditionalCost(object=MATCH.card, name=MATCH.kind, cost=MATCH.cost, optional=False),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.mandatory-additional-cost-when-free",
        cites=("CR 118.8", "CR 118.9d", "CR 601.2f"),
        because="casting without paying the mana cost replaces only the mana cost; {card}'s "
                "mandatory additional cost ({cost}) still applies and must be paid",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} must still pay {card}'s additional cost: {cost}",
    )
    def cast_mandatory_additional_free(self, card, player, name, step):
        return Ruling(about=f"{card}.cost.additional", subject=player, verdict="must",
                      action=f"pay the additional cost of {name}", step=step)

    # -- X (CR 107.3) ------------------------------------------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, step=MATCH.step),
        GameObject(id=MATCH.card, name=MATCH.name, mana_cost=P(_has_x) & MATCH.mana_cost),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.x-is-zero-when-free",
        cites=("CR 107.3b",),
        because="{card}'s mana cost {mana_cost} has {{X}}, its text doesn't set X, and "
                "{player} pays neither its mana cost nor an alternative cost with X in it, "
                "so 0 is the only value X may take",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} must choose 0 as the value of X for {card}",
    )
    def cast_x_zero(self, card, player, name, step):
        return Ruling(about=f"{card}.x", subject=player, verdict="must",
                      action=f"choose 0 for X of {name}", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, x=MATCH.x, step=MATCH.step),
        TEST(lambda x: x > 0),
        GameObject(id=MATCH.card, name=MATCH.name, mana_cost=P(_has_x) & MATCH.mana_cost),
        id="casting.x-not-chosen-when-free",
        cites=("CR 107.3b",),
        because="{card} is cast without paying its mana cost {mana_cost}, so the only legal "
                "value of X is 0, not {x}",
        says="{player} can't choose {x} as the value of X for {card}",
    )
    def cast_x_not_chosen(self, card, player, name, x, step):
        return Ruling(about=f"{card}.x-chosen", subject=player, verdict="can't",
                      action=f"choose {x} for X of {name}", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=False, alternative="",
                x=MATCH.x, step=MATCH.step),
        TEST(lambda x: x >= 0),
        GameObject(id=MATCH.card, name=MATCH.name, mana_cost=P(_has_x) & MATCH.mana_cost),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.x-chosen",
        cites=("CR 107.3", "CR 601.2b"),
        because="{player} pays {card}'s mana cost {mana_cost}, so they announce a value for "
                "X while casting it and pay that much for {{X}}",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may choose {x} as the value of X for {card} and pay it",
    )
    def cast_x_chosen(self, card, player, name, x, step):
        return Ruling(about=f"{card}.x", subject=player, verdict="may",
                      action=f"choose {x} for X of {name}", step=step)

    # -- library actions while paying (CR 601.2g-h, 701.17a) ---------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, pay_with=MATCH.pay_with,
                step=MATCH.step),
        TEST(lambda pay_with: len(pay_with) > 0),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(lambda c: "mill a card" in c)),
        TEST(lambda ability, pay_with: ability in pay_with),
        GameObject(id=MATCH.source, controller=MATCH.player),
        GameObject(zone="library", owner=MATCH.player, position=1, id=MATCH.top,
                   name=MATCH.top_name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.mill-cost-takes-top-card",
        cites=("CR 601.2g", "CR 701.17a"),
        because="{player} activates {ability} while paying for {card}; its cost mills a "
                "card, which is the card on top of {player}'s library as it is ordered at "
                "that moment ({top}); once done, the activation can't be taken back",
        absent=("nothing stops {player} from casting {card}",),
        says="{top} is milled to pay for {ability} while {player} casts {card}",
    )
    def cast_mill_cost(self, top, top_name, step):
        return Ruling(about=f"{top}.milled", subject=top_name, verdict="happens",
                      action="is milled to pay the cost", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.resolving,
                pay_with=MATCH.pay_with, step=MATCH.step),
        TEST(lambda pay_with: len(pay_with) > 0),
        CastFoundStep(ability=MATCH.resolving, step=MATCH.cast_step),
        ShuffleStep(ability=MATCH.resolving, step=MATCH.shuffle_step),
        TEST(lambda cast_step, shuffle_step: cast_step < shuffle_step),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(lambda c: "mill a card" in c)),
        TEST(lambda ability, pay_with: ability in pay_with),
        GameObject(zone="library", owner=MATCH.player, position=1, id=MATCH.top),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.library-order-kept-while-casting",
        cites=("CR 608.2c", "CR 701.24b"),
        because="{card} is cast in step {cast_step} of {resolving}, before its shuffle in "
                "step {shuffle_step}; the library searched keeps its order until then, so "
                "milling to pay for {ability} takes {top}, the top card of that order",
        absent=("nothing stops {player} from casting {card}",),
        says="{player}'s library keeps its order while {card} is cast: {top} is the card "
             "milled",
    )
    def cast_library_order_kept(self, player, step):
        return Ruling(about=f"{player}.library-order", subject=player, verdict="must",
                      action="keep the library's order while casting", step=step)

    # -- the conclusion -------------------------------------------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, step=MATCH.step),
        CastPermission(player=MATCH.player, object=MATCH.card, kind=MATCH.kind),
        TimingMet(player=MATCH.player, object=MATCH.card, how=MATCH.how),
        CostPayable(player=MATCH.player, paying_for=MATCH.card, kind="spell",
                    how=MATCH.payment),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="casting.can-cast",
        cites=("CR 601.2", "CR 601.3", "CR 601.2h"),
        because="{player} is allowed to cast {card} ({kind}), the timing allows it now "
                "({how}), its total cost can be paid ({payment}), and nothing stops this "
                "cast",
        absent=("no rule or effect stops {player} from casting {card} as proposed",),
        says="{player} can cast {card}",
    )
    def cast_can_cast(self, card, player, name, step):
        return Ruling(about=f"{card}.cast", subject=player, verdict="can",
                      action=f"cast {name}", step=step)
