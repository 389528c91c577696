"""CR 702.74 evoke, 702.109 dash, 702.152 blitz (alternative costs, 118.9) and 702.27
buyback (an optional additional cost, 118.8): which cost each keyword gives a spell, and
what casting it for that cost brings with it. Choosing the cost is the casting rules'
(`cast: {alternative_cost: evoke}`, `pay_kicker: true` for optional additional costs);
paying it is the cost rules'. Where a spell cast with buyback or by flashback goes as it
finishes resolving (702.27a, 702.34a) is said here too: the stack rules send it to the
graveyard otherwise (608.2n)."""

from __future__ import annotations

from rulings.engine import salience
from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.cards import parse_cost
from rulings.facts.casting import (
    AdditionalCost,
    AlternativeCost,
    AlternativeCostWord,
    Cast,
    CastBlocked,
    Casting,
    CastPermission,
)
from rulings.facts.costs import CostChange
from rulings.facts.effects import Keyword, mana_value
from rulings.facts.game import GameObject
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    ConditionAsked,
    ConditionDecided,
    ConditionUnknown,
    Countered,
    Fizzles,
    GameEvent,
    LeavesStackTo,
    StackObject,
    TopOfStack,
)

TOPIC = "CR 118.9 Alternative costs printed with a condition, casting without paying; " \
        "CR 702.27 Buyback; 702.34 Flashback (leaving the stack); 702.37 Morph; " \
        "702.168 Disguise; " \
        "702.42 Entwine; 702.74 Evoke; 702.88 Rebound; 702.103 Bestow; 702.109 Dash; " \
        "702.113 Awaken; 702.119 Emerge; 702.138 Escape; 702.152 Blitz"

STEP_AFTER = 89  # beside the stack rules' "where it goes" (stack.STEP_AFTER - 1)

FILLED = TEST(lambda cost: cost != "")


def _alternative(card: str, name: str, cost: str) -> AlternativeCost:
    return AlternativeCost(object=card, name=name, cost=parse_cost(cost), shown=cost)


#: why a CastBlocked stands while an alternative cost's condition is not decided (neither
#: "can" nor "can't" is said on it)
CONDITION_OPEN = "the condition of the cost chosen is not decided here"


class Rules:
    # -- freecast: a printed alternative cost with a condition, or of nothing (CR 118.9) ----
    # "If you control a Swamp, you may sacrifice a creature rather than pay this spell's mana
    # cost." / "If an opponent controls a Plains and you control a Swamp, you may cast this
    # spell without paying its mana cost." The condition is asked as it is cast
    # (conditions.asked-by-alternative-cost, conditions.asked-by-free-cost).

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=False, alternative=MATCH.alt,
                step=MATCH.step),
        AlternativeCostWord(source=MATCH.card, name=MATCH.alt, condition=MATCH.condition,
                            free=False),
        ConditionDecided(condition=MATCH.condition, holds=True, why=MATCH.why),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="altcost.condition-holds",
        cites=("CR 118.9", "CR 601.2b"),
        because="{card}'s text offers its {alt} cost only if a condition holds as it is cast, "
                "and it does: {why}",
        says="{player} may pay {card}'s {alt} cost instead of its mana cost: its condition "
             "holds",
    )
    def condition_holds(self, card, player, name, alt, step):
        return Ruling(about=f"{card}.cost.alternative.condition", subject=player,
                      verdict="may", action=f"use the {alt} cost of {name}", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=False, alternative=MATCH.alt,
                step=MATCH.step),
        AlternativeCostWord(source=MATCH.card, name=MATCH.alt, condition=MATCH.condition,
                            free=False),
        ConditionDecided(condition=MATCH.condition, holds=False, why=MATCH.why),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="altcost.condition-fails",
        cites=("CR 118.9", "CR 601.2b"),
        because="{card}'s text offers its {alt} cost only if a condition holds as it is cast, "
                "and it doesn't: {why}",
        says="{player} can't pay {card}'s {alt} cost: its condition doesn't hold",
    )
    def condition_fails(self, card, player, name, alt, step):
        return [CastBlocked(player=player, object=card,
                            reason="the condition of its alternative cost doesn't hold"),
                Ruling(about=f"{card}.cost.alternative.condition", subject=player,
                       verdict="can't", action=f"use the {alt} cost of {name}", step=step)]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, during="",
                step=MATCH.step),
        AlternativeCostWord(source=MATCH.card, condition="", free=True),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.free-own",
        cites=("CR 118.9",),
        because="{card}'s own text lets it be cast without paying its mana cost, an "
                "alternative cost of nothing",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may cast {card} without paying its mana cost",
    )
    def free_own(self, card, player, name, step):
        return Ruling(about=f"{card}.cost.free", subject=player, verdict="may",
                      action=f"cast {name} without paying its mana cost", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, during="",
                step=MATCH.step),
        AlternativeCostWord(source=MATCH.card, condition=MATCH.condition, free=True),
        ConditionDecided(condition=MATCH.condition, holds=True, why=MATCH.why),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.free-condition-holds",
        cites=("CR 118.9", "CR 601.2b"),
        because="{card}'s own text lets it be cast without paying its mana cost (an "
                "alternative cost of nothing) if a condition holds as it is cast, and it "
                "does: {why}",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may cast {card} without paying its mana cost: its condition holds",
    )
    def free_condition_holds(self, card, player, name, step):
        return Ruling(about=f"{card}.cost.free", subject=player, verdict="may",
                      action=f"cast {name} without paying its mana cost", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, during="",
                step=MATCH.step),
        AlternativeCostWord(source=MATCH.card, condition=MATCH.condition, free=True),
        ConditionDecided(condition=MATCH.condition, holds=False, why=MATCH.why),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="altcost.free-condition-fails",
        cites=("CR 118.9", "CR 601.2b"),
        because="{card}'s own text lets it be cast without paying its mana cost only if a "
                "condition holds as it is cast, and it doesn't: {why}",
        says="{player} can't cast {card} without paying its mana cost: its condition "
             "doesn't hold",
    )
    def free_condition_fails(self, card, player, name, step):
        return [CastBlocked(player=player, object=card,
                            reason="the condition of casting it without paying its mana "
                                   "cost doesn't hold"),
                Ruling(about=f"{card}.cost.free", subject=player, verdict="can't",
                       action=f"cast {name} without paying its mana cost", step=step)]

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player, source=MATCH.card),
        AlternativeCostWord(source=MATCH.card, ability=MATCH.ability,
                            condition=MATCH.condition),
        Casting(object=MATCH.card, player=MATCH.player, step=MATCH.step),
        NOT(ConditionDecided(condition=MATCH.condition)),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="altcost.condition-open",
        cites=("CR 118.9", "CR 601.2b"),
        because="{card}'s text offers the cost {player} chose only if a condition holds as "
                "it is cast, and nothing here decides that condition",
        absent=("nothing decides the condition of the cost",),
        says="whether {player} may cast {card} that way depends on a condition not decided "
             "here",
    )
    def condition_open(self, card, player, name, condition, step):
        return [ConditionUnknown(condition=condition,
                                 why="the situation doesn't decide it"),
                CastBlocked(player=player, object=card, reason=CONDITION_OPEN),
                Ruling(about=f"{card}.cost.alternative.condition", subject=player,
                       verdict="may", action=f"cast {name} that way, depending on the "
                                             "condition of its cost", step=step)]

    # -- the costs ----------------------------------------------------------------------------

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="evoke", value=MATCH.cost),
        FILLED,
        id="altcost.evoke",
        cites=("CR 702.74a", "CR 118.9"),
        because="evoke gives {card} an alternative cost, {cost}",
    )
    def evoke(self, card, cost):
        return _alternative(card, "evoke", cost)

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="dash", value=MATCH.cost),
        FILLED,
        id="altcost.dash",
        cites=("CR 702.109a", "CR 118.9"),
        because="dash gives {card} an alternative cost, {cost}",
    )
    def dash(self, card, cost):
        return _alternative(card, "dash", cost)

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="blitz", value=MATCH.cost),
        FILLED,
        id="altcost.blitz",
        cites=("CR 702.152a", "CR 118.9"),
        because="blitz gives {card} an alternative cost, {cost}",
    )
    def blitz(self, card, cost):
        return _alternative(card, "blitz", cost)

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="buyback", value=MATCH.cost),
        FILLED,
        id="altcost.buyback",
        cites=("CR 702.27a", "CR 118.8"),
        because="buyback is an optional additional cost of {card}: {cost}",
    )
    def buyback(self, card, cost):
        return AdditionalCost(object=card, name="buyback", cost=parse_cost(cost),
                              optional=True)

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword=MATCH.word),
        TEST(lambda word: word in ("morph", "megamorph")),
        id="altcost.morph",
        cites=("CR 702.37c", "CR 118.9"),
        because="{word} lets {card} be cast face down for {{3}} instead of its mana cost",
    )
    def morph(self, card, word):
        return AlternativeCost(object=card, name=word, cost=["{3}"], shown="{3}")

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="disguise"),
        id="altcost.disguise",
        cites=("CR 702.168a", "CR 118.9"),
        because="disguise lets {card} be cast face down for {{3}} instead of its mana cost",
    )
    def disguise(self, card):
        return AlternativeCost(object=card, name="disguise", cost=["{3}"], shown="{3}")

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="awaken", value=MATCH.value),
        TEST(lambda value: "—" in value),
        id="altcost.awaken",
        cites=("CR 702.113a", "CR 118.9"),
        because="awaken gives {card} an alternative cost: {value} (the number, then the cost)",
    )
    def awaken(self, card, value):
        cost = value.split("—", 1)[1]
        return _alternative(card, "awaken", cost)

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="bestow", value=MATCH.cost),
        FILLED,
        id="altcost.bestow",
        cites=("CR 702.103a", "CR 118.9"),
        because="bestow gives {card} an alternative cost, {cost}: cast for it, {card} is an "
                "Aura spell with enchant creature",
    )
    def bestow(self, card, cost):
        return _alternative(card, "bestow", cost)

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="emerge", value=MATCH.cost),
        FILLED,
        id="altcost.emerge",
        cites=("CR 702.119a", "CR 118.9"),
        because="emerge gives {card} an alternative cost: {cost} and sacrificing a creature, "
                "reduced by that creature's mana value",
    )
    def emerge(self, card, cost):
        return AlternativeCost(object=card, name="emerge",
                               cost=[*parse_cost(cost), "sacrifice a creature"],
                               shown=f"{cost}, sacrifice a creature")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="emerge"),
        AlternativeCost(object=MATCH.card, name="emerge"),
        Cast(card=MATCH.card, sacrifice=MATCH.sacrificed),
        TEST(lambda sacrificed: len(sacrificed) > 0),
        salience=salience.DERIVE,
        id="altcost.emerge-reduction",
        cites=("CR 702.119a", "CR 601.2f"),
        because="{card} is cast for its emerge cost, and the creature sacrificed for it "
                "takes its mana value off that cost (generic mana only)",
    )
    def emerge_reduction(self, card, sacrificed):
        found = self.collect(GameObject, id=sacrificed[0])
        n = mana_value(found[0]["mana_cost"]) if found else 0
        if not n:
            return None
        return CostChange(paying_for=card, source=sacrificed[0], ability=f"{card}.emerge",
                          amount=-n, change=f"{{{n}}} less")

    @rule(
        CostChange(paying_for=MATCH.card, source=MATCH.sacrificed, change=MATCH.change,
                   ability=P(lambda a: a.endswith(".emerge"))),
        Casting(object=MATCH.card, player=MATCH.player, step=MATCH.step),
        GameObject(id=MATCH.card, name=MATCH.name),
        GameObject(id=MATCH.sacrificed, name=MATCH.sacrificed_name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.emerge-reduced",
        cites=("CR 702.119a", "CR 601.2f"),
        because="{player} sacrifices {sacrificed_name} to cast {name} for its emerge cost, so "
                "the cost is {change}: the sacrificed creature's mana value comes off its "
                "generic mana",
        absent=("nothing stops {player} from casting {card}",),
        says="{name}'s emerge cost is {change} because {sacrificed_name} is sacrificed",
    )
    def emerge_reduced(self, card, name, change, step):
        return Ruling(about=f"{card}.cost.emerge", subject=name, verdict="must",
                      action=f"cost {change} for its emerge cost", step=step)

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="escape", value=MATCH.cost),
        FILLED,
        id="altcost.escape",
        cites=("CR 702.138a", "CR 118.9"),
        because="escape gives {card} an alternative cost, {cost}, paid when it is cast from "
                "a graveyard",
    )
    def escape(self, card, cost):
        return _alternative(card, "escape", cost)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during="", alternative="escape"),
        GameObject(id=MATCH.card, zone="graveyard", owner=MATCH.player),
        Keyword(object=MATCH.card, keyword="escape"),
        id="altcost.escape-permission",
        cites=("CR 702.138a", "CR 601.3"),
        because="{card} has escape and is in {player}'s own graveyard: escape lets {player} "
                "cast it from there for its escape cost",
    )
    def escape_permission(self, card, player):
        return CastPermission(player=player, object=card,
                              kind="from their graveyard, by escape", source=card)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="escape"),
        GameObject(id=MATCH.card, zone=MATCH.zone, name=MATCH.name),
        TEST(lambda zone: zone != "graveyard"),
        Keyword(object=MATCH.card, keyword="escape"),
        id="altcost.escape-only-from-graveyard",
        cites=("CR 702.138a",),
        because="escape lets a card be cast only from its owner's graveyard, and {card} is in "
                "the {zone}",
        says="{player} can't cast {card} by escape from the {zone}",
    )
    def escape_wrong_zone(self, card, player, name, zone):
        return [CastBlocked(player=player, object=card, reason="escape works only from a "
                                                               "graveyard"),
                Ruling(about=f"{card}.cast.escape", subject=player, verdict="can't",
                       action=f"cast {name} by escape")]

    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="entwine", value=MATCH.cost),
        FILLED,
        id="altcost.entwine",
        cites=("CR 702.42a", "CR 118.8"),
        because="entwine is an optional additional cost of {card}: {cost}",
    )
    def entwine(self, card, cost):
        return AdditionalCost(object=card, name="entwine", cost=parse_cost(cost),
                              optional=True)

    # -- what the cost brings with it -------------------------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative=MATCH.word, free=False),
        TEST(lambda word: word in ("morph", "megamorph")),
        AlternativeCost(object=MATCH.card, name=MATCH.word),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.cast-face-down",
        cites=("CR 702.37c", "CR 708.2", "CR 708.3"),
        because="cast with {word}, {name} is turned face down as it is cast: the spell is a "
                "2/2 creature with no name, mana cost, color, subtypes or abilities, and "
                "becomes such a face-down permanent; its owner may look at it; {word} lets "
                "its controller turn it face up later for its {word} cost, a special action",
        absent=("nothing stops {player} from casting {card}",),
        says="{name} is cast face down as a 2/2 creature spell with no name, mana cost, color "
             "or abilities",
    )
    def face_down(self, card, name):
        return Ruling(about=f"{card}.face-down", subject=name, verdict="happens",
                      action="be cast face down as a nameless 2/2 creature without abilities")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="disguise", free=False),
        AlternativeCost(object=MATCH.card, name="disguise"),
        Keyword(object=MATCH.card, keyword="disguise", value=MATCH.cost),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.cast-disguised",
        cites=("CR 702.168a", "CR 702.168b", "CR 702.168d", "CR 708.2"),
        because="cast with disguise, {name} is turned face down as it is cast: the spell is a "
                "2/2 creature with ward {{2}} and no name, mana cost, color or subtypes, and "
                "becomes such a face-down permanent; its controller may turn it face up any "
                "time they have priority by paying its disguise cost {cost}, a special action",
        absent=("nothing stops {player} from casting {card}",),
        says="{name} is cast face down as a nameless 2/2 creature spell with ward {{2}}",
    )
    def disguised(self, card, name):
        return Ruling(about=f"{card}.face-down", subject=name, verdict="happens",
                      action="be cast face down as a nameless 2/2 creature with ward {2}")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="bestow", free=False),
        AlternativeCost(object=MATCH.card, name="bestow"),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.bestowed",
        cites=("CR 702.103b", "CR 702.103e"),
        because="cast for its bestow cost, {name} becomes an Aura enchantment spell with "
                "enchant creature (not a creature spell) and targets a creature; if that "
                "target is illegal as it resolves, it enters the battlefield as an "
                "enchantment creature instead of not resolving",
        absent=("nothing stops {player} from casting {card}",),
        says="{name} cast for its bestow cost is an Aura spell that targets a creature, not "
             "a creature spell",
    )
    def bestowed(self, card, name):
        return Ruling(about=f"{card}.bestow", subject=name, verdict="happens",
                      action="be an Aura spell with enchant creature (bestowed)")

    @rule(
        GameEvent(kind="leaves", object=MATCH.host),
        GameObject(id=MATCH.aura, attached_to=MATCH.host, zone="battlefield", name=MATCH.name),
        Keyword(object=MATCH.aura, keyword="bestow"),
        GameObject(id=MATCH.host, name=MATCH.host_name),
        id="altcost.bestow-unattached",
        cites=("CR 702.103f", "CR 704.5m"),
        because="{name} is attached to {host_name} because it was bestowed; when {host_name} "
                "leaves the battlefield, {name} becomes unattached, stops being an Aura and "
                "is an enchantment creature again, so it stays on the battlefield (the "
                "state-based action for Auras doesn't apply to it)",
        says="{name} stays on the battlefield as an enchantment creature",
    )
    def bestow_unattached(self, aura, name):
        return Ruling(about=f"{aura}:bestow-unattached", subject=name, verdict="happens",
                      action="stay on the battlefield as an enchantment creature")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="awaken", free=False),
        AlternativeCost(object=MATCH.card, name="awaken"),
        Keyword(object=MATCH.card, keyword="awaken", value=MATCH.value),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.awakened",
        cites=("CR 702.113a",),
        because="cast for its awaken cost, {name} also puts +1/+1 counters (the number of "
                "{value}) on target land its controller controls, and that land becomes a "
                "0/0 Elemental creature with haste that is still a land",
        absent=("nothing stops {player} from casting {card}",),
        says="{name} cast for its awaken cost also awakens a target land {player} controls",
    )
    def awakened(self, card, name):
        return Ruling(about=f"{card}.awaken", subject=name, verdict="happens",
                      action="also awaken a target land its controller controls")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, kicker=True, free=False),
        AdditionalCost(object=MATCH.card, name="entwine"),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.entwined",
        cites=("CR 702.42a", "CR 700.2"),
        because="with its entwine cost paid, {name} is cast with all of its modes chosen",
        absent=("nothing stops {player} from casting {card}",),
        says="{name}, its entwine cost paid, is cast with all of its modes",
    )
    def entwined(self, card, name):
        return Ruling(about=f"{card}.entwine", subject=name, verdict="happens",
                      action="have all of its modes chosen (entwine)")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="evoke", free=False),
        AlternativeCost(object=MATCH.card, name="evoke"),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.evoked-sacrificed",
        cites=("CR 702.74a",),
        because="evoke also means: when the permanent enters, if its evoke cost was paid, "
                "its controller sacrifices it; its other enters abilities still trigger",
        absent=("nothing stops {player} from casting {card}",),
        says="{name} cast for its evoke cost is sacrificed when it enters the battlefield",
    )
    def evoked(self, card, name):
        return Ruling(about=f"{card}.evoke.sacrifice", subject=name, verdict="happens",
                      action="be sacrificed when it enters (evoked)")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="dash", free=False),
        AlternativeCost(object=MATCH.card, name="dash"),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.dashed",
        cites=("CR 702.109a",),
        because="dash also means: if its dash cost was paid, the permanent has haste, and "
                "at the beginning of the next end step it returns to its owner's hand",
        absent=("nothing stops {player} from casting {card}",),
        says="{name} cast for its dash cost has haste and returns to its owner's hand at "
             "the beginning of the next end step",
    )
    def dashed(self, card, name):
        return Ruling(about=f"{card}.dash", subject=name, verdict="happens",
                      action="gain haste and return to its owner's hand at the next end "
                             "step (dashed)")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="blitz", free=False),
        AlternativeCost(object=MATCH.card, name="blitz"),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.blitzed",
        cites=("CR 702.152a",),
        because="blitz also means: if its blitz cost was paid, the permanent has haste and "
                "\"when this dies, draw a card\", and it is sacrificed at the beginning of "
                "the next end step",
        absent=("nothing stops {player} from casting {card}",),
        says="{name} cast for its blitz cost has haste and \"when this dies, draw a card\", "
             "and is sacrificed at the beginning of the next end step",
    )
    def blitzed(self, card, name):
        return Ruling(about=f"{card}.blitz", subject=name, verdict="happens",
                      action="gain haste and be sacrificed at the next end step (blitzed)")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, kicker=True, free=False),
        AdditionalCost(object=MATCH.card, name="buyback"),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="altcost.bought-back",
        cites=("CR 702.27a",),
        because="with its buyback cost paid, {name} is put into its owner's hand instead "
                "of the graveyard as it resolves",
        absent=("nothing stops {player} from casting {card}",),
        says="{name}, its buyback cost paid, returns to its owner's hand as it resolves",
    )
    def bought_back(self, card, name):
        return Ruling(about=f"{card}.buyback", subject=name, verdict="happens",
                      action="go to its owner's hand as it resolves (buyback)")

    # -- where the spell goes as it finishes resolving --------------------------------------

    @rule(
        TopOfStack(object=MATCH.object, kind="spell"),
        StackObject(id=MATCH.object, kicked=True),
        Keyword(object=MATCH.object, keyword="buyback"),
        GameObject(id=MATCH.object, owner=MATCH.owner),
        NOT(Fizzles(object=MATCH.object)),
        NOT(Countered(object=MATCH.object)),
        id="altcost.buyback-to-hand",
        cites=("CR 702.27a", "CR 608.2n"),
        because="{object}'s buyback cost was paid, so as it finishes resolving it is put "
                "into its owner's hand instead of the graveyard",
        absent=("{object} has a target still legal, or none to check",
                "{object} is not countered"),
        says="after it resolves, {object} is put into {owner}'s hand (buyback)",
    )
    def buyback_to_hand(self, object):
        return [LeavesStackTo(object=object, zone="hand", why="buyback"),
                Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                       action="be put into {owner}'s hand", step=STEP_AFTER)]

    @rule(
        StackObject(id=MATCH.object, kind="spell", cast_from="graveyard"),
        Keyword(object=MATCH.object, keyword="flashback"),
        id="altcost.flashback-exiled-instead",
        cites=("CR 702.34a",),
        because="{object} was cast from a graveyard by flashback, so whenever it would leave "
                "the stack — resolved, countered or with no legal target — it is exiled "
                "instead",
    )
    def flashback_exiled_instead(self, object):
        return LeavesStackTo(object=object, zone="exile", why="flashback")

    @rule(
        TopOfStack(object=MATCH.object, kind="spell"),
        LeavesStackTo(object=MATCH.object, zone="exile", why="flashback"),
        id="altcost.flashback-exiled",
        cites=("CR 702.34a",),
        because="{object} was cast by flashback, so as it leaves the stack it is exiled "
                "instead of going anywhere else",
        says="{object} is exiled as it leaves the stack (flashback)",
    )
    def flashback_exiled(self, object):
        return Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                      action="be exiled", step=STEP_AFTER)

    @rule(
        Countered(object=MATCH.object),
        LeavesStackTo(object=MATCH.object, zone="exile", why="flashback"),
        id="altcost.flashback-countered-exiled",
        cites=("CR 702.34a", "CR 701.6a"),
        because="{object} was cast by flashback, so when it is countered it is exiled "
                "instead of being put into a graveyard",
        says="{object} is exiled as it leaves the stack (flashback)",
    )
    def flashback_countered(self, object):
        return Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                      action="be exiled", step=STEP_AFTER)

    @rule(
        TopOfStack(object=MATCH.object, kind="spell"),
        StackObject(id=MATCH.object, cast_from="hand"),
        Keyword(object=MATCH.object, keyword="rebound"),
        GameObject(id=MATCH.object, owner=MATCH.owner),
        NOT(Fizzles(object=MATCH.object)),
        NOT(Countered(object=MATCH.object)),
        id="altcost.rebound",
        cites=("CR 702.88a",),
        because="{object} has rebound and was cast from its owner's hand, so as it resolves "
                "it is exiled instead of put into the graveyard, and at the beginning of "
                "{owner}'s next upkeep {owner} may cast it from exile without paying its "
                "mana cost",
        absent=("{object} has a target still legal, or none to check",
                "{object} is not countered"),
        says="after it resolves, {object} is exiled (rebound); {owner} may cast it from exile "
             "without paying its mana cost at the beginning of their next upkeep",
    )
    def rebound(self, object):
        return [LeavesStackTo(object=object, zone="exile", why="rebound"),
                Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                       action="be exiled, to be cast again at its owner's next upkeep",
                       step=STEP_AFTER)]
