"""CR 118 costs, 601.2f-h and 602.2b paying them: the total cost of a spell, an ability or a
special action (CR 116.2d), and whether the player can pay all of it (CR 118.3): every part
that isn't mana is checked against the situation, and the mana part is matched with the
mana sources and pool of the player (facts.costs.pay_mana), showing one way to pay."""

from __future__ import annotations

from typing import Any

from rulings.engine import salience
from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.cards import parse_cost
from rulings.facts.casting import AdditionalCost, AlternativeCost, Cast, CastBlocked, Casting
from rulings.facts.costs import (
    CostChange,
    CostPayable,
    CostUnpayable,
    ManaInPool,
    ManaSource,
    Part,
    PoolListed,
    SacrificedForCost,
    TotalCost,
    Unit,
    ZoneListed,
    announcements,
    pay_mana,
    read_part,
    show_cost,
)
from rulings.facts.effects import (
    CostPart,
    Keyword,
    Selector,
    StaticEffect,
    arg,
    filter_misses,
)
from rulings.facts.game import (
    CARD_TYPES,
    COLOR_OF_MANA,
    COLORS,
    Ability,
    GameObject,
    Player,
    Turn,
)
from rulings.facts.mana import (
    Activate,
    CantPay,
    ManaAbility,
    ReplacementApplies,
    TappedForManaReplacement,
    TappedForManaTrigger,
    TypeChanged,
    WouldAdd,
)
from rulings.facts.resolution import CantSearch, SpecialAction
from rulings.facts.rulings import Ruling
from rulings.facts.shared import MayPlay
from rulings.facts.stack import ConditionDecided
from rulings.facts.state import (
    ActivationsBarred,
    Characteristics,
    CounterOn,
    CountersListed,
    LandTypeMana,
    LostAbility,
    NotGrantedNow,
)
from rulings.knowledge.rules.conditions import COST_OPEN

TOPIC = "CR 118 Costs; CR 601.2f-h, 602.2b paying them"

#: parts of an activation cost that the activation rules already check (symbols.py,
#: creatures.py): the source's own {T}/{Q}; activating.py checks a creature the question
#: names for a "tap an untapped creature" part
CHECKED_ON_ACTIVATION = ("tap", "untap")
#: cost parts a mana ability may have and still count as a source while paying
SOURCE_PARTS = ("tap", "untap", "mill", "sacrifice", "tap_untapped")


class Rules:
    # -- what mana a player has: sources and pool --------------------------------------------

    @rule(
        WouldAdd(ability=MATCH.ability, mana=MATCH.mana),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana", cost=MATCH.cost),
        GameObject(id=MATCH.source, controller=MATCH.player, zone="battlefield"),
        NOT(TypeChanged(ability=MATCH.ability)),
        NOT(LostAbility(ability=MATCH.ability)),
        NOT(NotGrantedNow(ability=MATCH.ability)),
        NOT(ActivationsBarred(object=MATCH.source)),
        id="costs.mana-source",
        cites=("CR 106.1", "CR 605.3a"),
        because="{source} is {player}'s, and its mana ability {ability} would add {{{mana}}}: "
                "{player} may activate it while paying a cost",
        absent=("no replacement effect changes the type of mana {ability} produces",
                "no continuous effect has removed {ability} from {source}",
                "{source} has {ability} now (if another permanent gives it, that effect "
                "applies now)",
                "no effect says the activated abilities of {source} can't be activated"),
    )
    def mana_source(self, player, ability, source, mana, cost):
        return ManaSource(player=player, ability=ability, source=source, mana=mana,
                          cost=list(cost))

    @rule(
        TypeChanged(ability=MATCH.ability, mana=MATCH.mana),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana", cost=MATCH.cost),
        GameObject(id=MATCH.source, controller=MATCH.player, zone="battlefield"),
        NOT(LostAbility(ability=MATCH.ability)),
        NOT(NotGrantedNow(ability=MATCH.ability)),
        NOT(ActivationsBarred(object=MATCH.source)),
        id="costs.mana-source-replaced",
        cites=("CR 106.12b", "CR 605.3a"),
        because="a replacement effect makes {source}'s mana ability {ability} produce "
                "{{{mana}}}, and {player} may activate it while paying a cost",
        absent=("no continuous effect has removed {ability} from {source}",
                "no effect says the activated abilities of {source} can't be activated"),
    )
    def mana_source_replaced(self, player, ability, source, mana, cost):
        return ManaSource(player=player, ability=ability, source=source, mana=mana,
                          cost=list(cost))

    @rule(
        LandTypeMana(object=MATCH.land, land_type=MATCH.land_type, mana=MATCH.mana),
        GameObject(id=MATCH.land, controller=MATCH.player, zone="battlefield"),
        # a land type's ability the land has as one of its own abilities is that ability
        # (costs.mana-source reads it): one source, whatever order the rules fire in
        NOT(ManaAbility(source=MATCH.land, adds=MATCH.mana,
                        cost=P(lambda c: list(c) == ["{T}"]))),
        NOT(ActivationsBarred(object=MATCH.land)),
        id="costs.mana-source-land-type",
        cites=("CR 305.6", "CR 305.7", "CR 605.3a"),
        because="{land} has the land type {land_type} now (the layer system says so), and a "
                "land with a basic land type has that type's ability to tap for "
                "{{{mana}}}, whatever gave it the type: {player} may activate it while "
                "paying a cost",
    )
    def mana_source_land_type(self, player, land, land_type, mana):
        # one activation of the land with the abilities its printed text gives it ({T} too)
        return ManaSource(player=player, ability=f"{land}.{land_type}", source=land,
                          mana=mana, cost=["{T}"])

    # -- cost increases and reductions (CR 601.2f) --------------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player),
        AS.effect << StaticEffect(effect="cost_change", source=MATCH.source,
                                  ability=MATCH.ability, what=MATCH.what),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        AS.sel << Selector(id=MATCH.what),
        AS.obj << GameObject(id=MATCH.card),
        TEST(lambda sel, obj, player, controller, source: _spell_fits(sel, obj, player,
                                                                      controller, source)),
        salience=salience.DERIVE,
        id="costs.cost-change",
        cites=("CR 601.2f", "CR 604.1"),
        because="{source} is on the battlefield, and its static ability {ability} changes "
                "what spells like {card} cost ({what}); the change is part of the total "
                "cost, locked in as {card} is cast",
    )
    def cost_change(self, effect, card, source, ability):
        return _cost_change(effect, card, source, ability)

    # stat: a spell's own "this spell costs {1} less to cast [if …]": its static works as it
    # is cast (CR 601.2f), the condition asked at that moment (knowledge/rules/conditions.py)
    @rule(
        Casting(object=MATCH.card, player=MATCH.player),
        AS.effect << StaticEffect(effect="cost_change", source=MATCH.card,
                                  ability=MATCH.ability, what=MATCH.what, condition=""),
        Selector(id=MATCH.what, ref="this"),
        salience=salience.DERIVE,
        id="costs.own-cost-change",
        cites=("CR 601.2f",),
        because="{card}'s own static ability {ability} changes what it costs to cast; the "
                "change is part of the total cost, locked in as {player} casts it",
    )
    def own_cost_change(self, effect, card, ability):
        return _cost_change(effect, card, card, ability)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player),
        AS.effect << StaticEffect(effect="cost_change", source=MATCH.card,
                                  ability=MATCH.ability, what=MATCH.what,
                                  condition=MATCH.condition),
        Selector(id=MATCH.what, ref="this"),
        ConditionDecided(condition=MATCH.condition, holds=True, why=MATCH.why),
        salience=salience.DERIVE,
        id="costs.own-cost-change-if",
        cites=("CR 601.2f",),
        because="{card}'s own static ability {ability} changes what it costs to cast if its "
                "condition holds as {player} casts it, and it does: {why}",
    )
    def own_cost_change_if(self, effect, card, ability):
        return _cost_change(effect, card, card, ability)

    @rule(
        CostChange(paying_for=MATCH.card, source=MATCH.source, change=MATCH.change,
                   ability=P(lambda a: not a.endswith(".emerge"))),  # emerge: its own ruling
        Casting(object=MATCH.card, player=MATCH.player, step=MATCH.step),
        GameObject(id=MATCH.card, name=MATCH.name),
        GameObject(id=MATCH.source, name=MATCH.source_name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="costs.cost-changed",
        cites=("CR 601.2f",),
        because="{source}'s static ability makes {card} cost {change} to cast: an increase "
                "is added to the total cost, a reduction takes generic mana off it (never "
                "colored mana, and never below nothing)",
        absent=("nothing stops {player} from casting {card}",),
        says="{card} costs {change} to cast because of {source}",
    )
    def cost_changed(self, card, player, name, source, change, step):
        return Ruling(about=f"{card}.cost.change.{source}", subject=name,
                      verdict="must", action=f"cost {change} to cast", step=step)

    # -- the total cost of each action (CR 601.2f, 602.2b, 116.2d) ---------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=MATCH.free, x=MATCH.x,
                kicker=MATCH.kicker, alternative=MATCH.alternative, pay_with=MATCH.pay_with),
        GameObject(id=MATCH.card, mana_cost=MATCH.mana_cost, types=MATCH.types),
        salience=salience.AGGREGATE,
        id="costs.spell-total",
        cites=("CR 601.2f", "CR 118.8", "CR 118.9", "CR 118.9d"),
        because="the total cost of {card} is its mana cost, or the alternative cost chosen "
                "instead (nothing, when cast without paying its mana cost), plus its "
                "mandatory additional costs and any optional one {player} chose to pay",
    )
    def spell_total(self, card, player, free, x, kicker, alternative, pay_with, mana_cost,
                    types):
        parts: list[str] = []
        if alternative:
            chosen = self.collect(AlternativeCost, object=card, name=alternative)
            if not chosen or free:
                return None  # the casting rules say this can't be done
            parts += list(chosen[0]["cost"])
        elif not free:
            parts += parse_cost(mana_cost) if mana_cost else []
        for extra in self.collect(AdditionalCost, object=card):
            if not extra["optional"] or kicker:
                parts += list(extra["cost"])
        x_value = 0 if free else max(x, 0)
        parts = [_x_to_generic(p, x_value) for p in parts]
        parts = _changed(parts, [c["amount"] for c in self.collect(CostChange,
                                                                      paying_for=card)])
        any_color = bool(self.collect(MayPlay, player=player, object=card,
                                      any_color_mana=True))
        convoke = bool(self.collect(Keyword, object=card, keyword="convoke"))
        delve = bool(self.collect(Keyword, object=card, keyword="delve"))
        improvise = bool(self.collect(Keyword, object=card, keyword="improvise"))
        return TotalCost(player=player, paying_for=card, kind="spell", source=card,
                         parts=parts, spell_types=list(types), any_color=any_color,
                         pay_with=list(pay_with), convoke=convoke, delve=delve,
                         improvise=improvise)

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator, tap_for_cost=MATCH.tapped,
                 x=MATCH.x),
        Ability(id=MATCH.ability, source=MATCH.source, cost=MATCH.cost,
                kind=P(lambda k: k in ("mana", "activated"))),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        id="costs.ability-total",
        cites=("CR 602.2b", "CR 601.2f"),
        because="the cost of {ability} is {cost}; its {{T}}, {{Q}} and tapping of a "
                "creature are checked by the activation rules, the rest here",
    )
    def ability_total(self, ability, activator, tapped, source, cost, controller, x):
        taps_itself = any(read_part(p).kind in ("tap", "untap") for p in cost)
        exclude = ([source] if taps_itself else []) + ([tapped] if tapped else [])
        # pw: a [-X] loyalty cost removes the X announced (CR 107.3a, 606.4); with no X
        # given the part stays '-X loyalty', a part the check doesn't know (assumed payable)
        parts = [f"-{x} loyalty" if x >= 0 and p.upper() in ("-X LOYALTY", "−X LOYALTY")
                 else p for p in cost]
        return TotalCost(player=activator or controller, paying_for=ability, kind="ability",
                         source=source, parts=parts, exclude=exclude,
                         named_to_tap=[tapped] if tapped else [])

    @rule(
        SpecialAction(player=MATCH.player, source=MATCH.source),
        CantSearch(source=MATCH.source, ignore_cost=MATCH.cost),
        TEST(lambda cost: cost != ""),
        GameObject(id=MATCH.source, zone="battlefield"),
        id="costs.special-action-total",
        cites=("CR 116.2d", "CR 118.1"),
        because="ignoring {source}'s effect costs {cost}, paid as the special action is "
                "taken",
    )
    def special_action_total(self, player, source, cost):
        return TotalCost(player=player, paying_for=source, kind="special action",
                         source=source, parts=parse_cost(cost))

    # -- can it be paid (CR 118.3) -------------------------------------------------------

    @rule(
        TotalCost(player=MATCH.player, paying_for=MATCH.paying_for, kind=MATCH.kind,
                  source=MATCH.source, parts=MATCH.parts, spell_types=MATCH.spell_types,
                  any_color=MATCH.any_color, pay_with=MATCH.pay_with, exclude=MATCH.exclude,
                  named_to_tap=MATCH.named_to_tap, convoke=MATCH.convoke,
                  delve=MATCH.delve, improvise=MATCH.improvise),
        salience=salience.AGGREGATE,
        id="costs.check",
        cites=("CR 118.3", "CR 601.2g", "CR 601.2h", "CR 106.1b", "CR 107.4c", "CR 119.4"),
        because="a cost can be paid only with what the player has: permanents to sacrifice "
                "or tap, cards to discard or exile, enough life, and mana from untapped "
                "sources they may use and from their mana pool, each mana of a type its "
                "symbol accepts ({{C}} only colorless mana, generic any)",
    )
    def check(self, player, paying_for, kind, source, parts, spell_types, any_color,
              pay_with, exclude, named_to_tap, convoke, delve, improvise):
        cost = show_cost(parts)
        done: list[str] = []
        assumed: list[str] = []
        symbols: list[str] = []
        #: costs: objects earlier parts already use ("discard two cards" is two parts of one
        #: card each: the second can't take the first one's card, CR 118.3)
        taken: list[str] = []
        if kind == "ability" and "{T}" in parts:
            # "{T}, Tap two untapped Humans you control": {T} taps the permanent itself, so it
            # isn't one of the others the cost taps (CR 118.3)
            taken.append(source)
        for text in parts:
            part = _part_of(self, source, text)
            if part.kind == "mana":
                symbols.append(text)
                continue
            if kind == "ability" and part.kind in CHECKED_ON_ACTIVATION:
                continue
            if part.kind == "tap_untapped" and named_to_tap:
                named = [o["name"] for c in named_to_tap for o in self.collect(GameObject, id=c)]
                done.append(f"{text}: {', '.join(named)}")
                continue
            verdict, said, tapped = _other_part(self, part, player, source, paying_for,
                                                taken)
            exclude = [*exclude, *tapped]  # tapped for the cost: it can't also tap for mana
            if verdict == "no":
                return CostUnpayable(player=player, paying_for=paying_for, kind=kind,
                                     cost=cost, part=text, reason=said)
            (done if verdict == "yes" else assumed).append(said)
        ways, unknown = announcements(symbols, 0)
        assumed += _not_modelled(unknown)
        needs = list(ways[0].needs)
        if needs or pay_with or ways[0].said or len(ways) > 1:
            mana_text = show_cost([s for s in symbols if s not in unknown])
            # a source that itself costs mana (Pili-Pala's {2}, {Q}) doesn't count as one
            listed = [f for f in self.collect(ManaSource, player=player)
                      if not any(read_part(p).kind == "mana" for p in f["cost"])]
            life, life_cost = _life(self, player), _life_paid(parts)
            helpers = (_convoke_units(self, player, exclude) if convoke else []) + (
                _delve_units(self, player, paying_for) if delve else []) + (
                _improvise_units(self, player, exclude) if improvise else [])
            if not listed and not self.collect(PoolListed, player=player) and not pay_with \
                    and not helpers:
                assumed.append(f"the situation lists no mana sources for {player} (no "
                               f"permanent with a mana ability that costs no mana, no "
                               f"mana pool), so "
                               f"{mana_text} is assumed payable")
            else:
                during = next((c["during"] for c in self.collect(Casting, object=paying_for)
                               ), "") if kind == "spell" else ""
                units, unusable, refused = _units(self, player, spell_types, kind, exclude,
                                                  pay_with, during=during)
                units = _with_convoke(units, helpers)
                if refused:
                    return CostUnpayable(player=player, paying_for=paying_for, kind=kind,
                                         cost=cost, part="paying with " + refused[0],
                                         reason=refused[1])
                payment, way = None, ways[0]
                for first in ["", *_drum_choices(self, player, units)]:
                    if first:  # another creature tapped for a Springleaf Drum-like source
                        units = _with_convoke(_units(self, player, spell_types, kind,
                                                     exclude, pay_with, first, during)[0],
                                              helpers)
                    for way in ways:  # least life first (CR 601.2b: the player announces)
                        if life >= 0 and way.life + life_cost > life:
                            continue
                        payment = pay_mana(way.needs, units, any_color)
                        if payment is not None:
                            break
                    if payment is not None:
                        break
                if payment is None:
                    unusable += _silent_sources(self, player)
                    reason = _why_not(list(ways[0].needs), units, unusable, player,
                                      pay_with, any_color)
                    if len(ways) > 1:
                        reason += _why_not_life(ways, life, life_cost, player)
                    return CostUnpayable(player=player, paying_for=paying_for, kind=kind,
                                         cost=cost, part=mana_text or "the mana named",
                                         reason=reason)
                if payment.paid:
                    done.insert(0, payment.text())
                if way.said:
                    done.insert(0, _life_said(way, life, life_cost, player))
                    if life < 0 and way.life:
                        assumed.append(f"the situation doesn't give {player}'s life total, "
                                       f"so paying {way.life} life is assumed possible")
        shown = done + ([f"assumed, as {'; '.join(assumed)}"] if assumed else [])
        how = "; ".join(shown) or (
            "no part of it asks for more than what the activation rules check ({T}, {Q}, "
            "tapping a creature)" if kind == "ability" else "nothing is left to pay")
        return CostPayable(player=player, paying_for=paying_for, kind=kind, cost=cost,
                           how=how, assumed="; ".join(assumed))

    @rule(
        TotalCost(player=MATCH.player, paying_for=MATCH.card, kind="spell",
                  source=MATCH.source, parts=MATCH.parts),
        CostPayable(player=MATCH.player, paying_for=MATCH.card),
        salience=salience.AGGREGATE,
        id="costs.sacrifice-forced",
        cites=("CR 601.2h", "CR 701.21a"),
        because="the cost of {card} asks {player} to sacrifice permanents of some kind: the "
                "ones the question names, else the only ones that fit (or, with more to "
                "choose from, one of them)",
    )
    def sacrifice_forced(self, player, card, source, parts):
        out = []
        for text in parts:
            part = _part_of(self, source, text)
            if part.kind != "sacrifice" or part.what == "this":
                continue
            picks = _picker(self, part, player, source, "battlefield")
            if picks is None:
                continue
            found = [o["id"] for o in self.collect(GameObject, controller=player,
                                                   zone="battlefield") if picks(o)]
            named = [o for c in self.collect(Cast, card=card) for o in c["sacrifice"]
                     if o in found]
            if named:  # the question says which (CR 601.2h: the player chooses)
                out += [SacrificedForCost(player=player, paying_for=card, object=o,
                                          part=part.text) for o in named[:part.amount]]
            else:
                sure = len(found) == part.amount
                out += [SacrificedForCost(player=player, paying_for=card, object=o,
                                          part=part.text, sure=sure) for o in found]
        return out or None

    # -- the rulings ---------------------------------------------------------------------

    @rule(
        TotalCost(player=MATCH.player, paying_for=MATCH.card, kind="spell"),
        CostPayable(player=MATCH.player, paying_for=MATCH.card, cost=MATCH.cost,
                    how=MATCH.how, assumed=MATCH.assumed),
        TEST(lambda assumed: assumed != ""),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="costs.spell-payable-assumed",
        cites=("CR 601.2h", "CR 118.3"),
        because="the situation doesn't show all of what {player} would pay {cost} with: "
                "{assumed}",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} can pay the cost of {card} ({cost}) only as far as the situation "
             "shows: {assumed}",
    )
    def spell_payable_assumed(self, card, player):
        return Ruling(about=f"{card}.payment", subject=player, verdict="can",
                      action="pay the cost of {card}")

    @rule(
        CostUnpayable(player=MATCH.player, paying_for=MATCH.card, kind="spell",
                      cost=MATCH.cost, part=MATCH.part, reason=MATCH.reason),
        GameObject(id=MATCH.card, name=MATCH.name),
        # a cost hanging on an open condition (conditions.own-cost-open) is not known
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card, reason=COST_OPEN)),
        id="costs.spell-unpayable",
        cites=("CR 601.2h", "CR 118.3"),
        because="a spell is cast only if its whole total cost ({cost}) is paid, and {part} "
                "can't be: {reason}",
        absent=("the total cost of {card} doesn't hang on a condition left undecided",),
        says="{player} can't cast {card}: {reason}",
    )
    def spell_unpayable(self, card, player, name, reason):
        return [
            CastBlocked(player=player, object=card, reason="its cost can't be paid"),
            Ruling(about=f"{card}.cast", subject=player, verdict="can't",
                   action=f"cast {name}"),
        ]

    @rule(
        TotalCost(player=MATCH.player, paying_for=MATCH.ability, kind="ability"),
        CostPayable(player=MATCH.player, paying_for=MATCH.ability, cost=MATCH.cost,
                    assumed=MATCH.assumed),
        TEST(lambda assumed: assumed != ""),
        NOT(CantPay(ability=MATCH.ability)),
        id="costs.ability-payable-assumed",
        cites=("CR 602.2b", "CR 118.3"),
        because="the situation doesn't show all of what {player} would pay {cost} with: "
                "{assumed}",
        absent=("no part of the cost of {ability} is impossible to pay",),
        says="{player} can pay the cost of {ability} ({cost}) only as far as the situation "
             "shows: {assumed}",
    )
    def ability_payable_assumed(self, ability, player):
        return Ruling(about=f"{ability}.payment-assumed", subject=player, verdict="can",
                      action="pay the cost of {ability}")

    @rule(
        CostUnpayable(paying_for=MATCH.ability, kind="ability", part=MATCH.part,
                      reason=MATCH.reason),
        id="costs.ability-unpayable",
        cites=("CR 602.2b", "CR 118.3"),
        because="part of the cost of {ability} ({part}) can't be paid: {reason}",
    )
    def ability_unpayable(self, ability, part, reason):
        return CantPay(ability=ability, part=part, reason=reason)

    @rule(
        TotalCost(player=MATCH.player, paying_for=MATCH.source, kind="special action"),
        TEST(lambda source: ":" not in source),  # a keyword's special action: its own rules
        CostPayable(player=MATCH.player, paying_for=MATCH.source, kind="special action",
                    cost=MATCH.cost, assumed=MATCH.assumed),
        TEST(lambda assumed: assumed != ""),
        Turn(priority=MATCH.player),
        id="costs.special-action-payable-assumed",
        cites=("CR 116.2d", "CR 118.3"),
        because="{player} has priority, so may take the special action, but the situation "
                "doesn't show all of what {player} would pay {cost} with: {assumed}",
        says="{player} can pay {cost} to ignore {source}'s effect only as far as the "
             "situation shows: {assumed}",
    )
    def special_payable_assumed(self, player, source):
        return Ruling(about=f"{player}.special-action.payment", subject=player,
                      verdict="can", action="pay {cost} to ignore {source}")

    @rule(
        CostUnpayable(player=MATCH.player, paying_for=MATCH.source, kind="special action",
                      cost=MATCH.cost, reason=MATCH.reason),
        TEST(lambda source: ":" not in source),  # a keyword's special action: its own rules
        id="costs.special-action-unpayable",
        cites=("CR 116.2d", "CR 118.3"),
        because="the special action is taken by paying {cost}, and {player} can't: "
                "{reason}",
        says="{player} can't pay {cost} to ignore {source}'s effect: {reason}",
    )
    def special_unpayable(self, player, source):
        return Ruling(about=f"{player}.special-action", subject=player, verdict="can't",
                      action="pay {cost} to ignore {source}", step=1)


# -- helpers the rules call (they read facts through engine.collect) ------------------------

def _not_modelled(symbols: list[str]) -> list[str]:
    """One sentence for the mana symbols the checker doesn't read, each named once."""
    names = sorted(set(symbols), key=symbols.index)
    if not names:
        return []
    return [f"the mana symbol{'s' if len(names) > 1 else ''} {', '.join(names)} "
            f"{'are' if len(names) > 1 else 'is'} not modelled, so assumed payable"]


def _life(engine: Any, player: str) -> int:
    """The player's life total, -1 when the situation doesn't give it."""
    people = engine.collect(Player, name=player)
    return people[0]["life"] if people else -1


def _life_paid(parts: list[str]) -> int:
    """The life the other parts of the cost pay (pay N life)."""
    return sum(p.amount for p in map(read_part, parts) if p.kind == "pay_life")


def _life_said(way: Any, life: int, life_cost: int, player: str) -> str:
    said = ", ".join(way.said)
    if way.life and life >= 0:
        return f"{said} ({player} has {life} life, enough for {way.life + life_cost})"
    return said


def _why_not_life(ways: list[Any], life: int, life_cost: int, player: str) -> str:
    """Why the other announcements (Phyrexian symbols paid with life) don't help either."""
    most = max(w.life for w in ways)
    if most and life >= 0 and most + life_cost > life:
        return (f"; paying life for the Phyrexian symbols doesn't help: {player} has "
                f"{life} life, and each such symbol costs 2 life (CR 107.4f, 119.4)")
    return "; no choice for the symbols that offer one (Phyrexian or {2/C}) pays it either"


def _cost_change(effect: Any, card: str, source: str, ability: str) -> Any:
    """The CostChange a cost_change effect makes to casting `card`: its generic amount."""
    amount = arg(effect, "amount")
    n = int(amount) if amount.lstrip("+-").isdigit() else 0
    change = f"{{{abs(n)}}} {'more' if n > 0 else 'less'}"
    return CostChange(paying_for=card, source=source, ability=ability, amount=n,
                      change=change) if n else None


def _spell_fits(sel: Any, obj: Any, player: str, controller: str, source: str) -> bool:
    """Does the spell `obj`, cast by `player`, fit the description of a cost change of a
    permanent `controller` controls? The spell is on the stack as its cost is determined
    (CR 601.2a), and its caster controls it."""
    if sel["ref"] or sel["keyword"] or sel["not_"] or sel["any_of"]:
        return False
    spec = {k: sel[k] for k in sel.slots if k in sel}
    spec["zone"] = "stack"
    spell = {**dict(obj), "zone": "stack", "controller": player}
    return filter_misses(spec, spell, controller, source) == ""


def _changed(parts: list[str], changes: list[int]) -> list[str]:
    """The total cost after increases (added generic mana) and reductions (taken from the
    generic mana only, CR 601.2f)."""
    more = sum(c for c in changes if c > 0)
    less = -sum(c for c in changes if c < 0)
    # Increases first, then reductions (601.2f): the generic mana a tax adds can itself be
    # taken off by a reduction, so {G}{W} with +{1} and -{1} stays {G}{W}.
    out: list[str] = []
    for p in list(parts) + ([f"{{{more}}}"] if more else []):
        inner = p.strip("{}") if isinstance(p, str) else ""
        if isinstance(p, str) and p.startswith("{") and inner.isdigit() and less:
            cut = min(int(inner), less)
            less -= cut
            p = f"{{{int(inner) - cut}}}" if int(inner) > cut else ""
        if p and p != "{0}":
            out.append(p)
    return out


def _x_to_generic(part: str, x: int) -> str:
    """{X} becomes the number chosen (0 when not paying the mana cost, CR 107.3b)."""
    if part.upper() == "{X}":
        return f"{{{x}}}" if x else ""
    return part


def _other_part(engine: Any, part: Any, player: str, source: str, paying_for: str,
                taken: list[str] | None = None) -> tuple[str, str, list[str]]:
    """('yes' | 'no' | 'assumed', words, objects it taps) for a cost part that isn't mana;
    `taken`: the objects earlier parts of the same cost use (this one adds its own)."""
    if part.kind == "crew":
        return _crew(engine, part, player, source)
    taken = [] if taken is None else taken
    before = list(taken)
    verdict, said = _judge_part(engine, part, player, source, paying_for, taken)
    if part.kind != "tap_untapped" or verdict != "yes":
        return verdict, said, []
    # tap creatures that can't make mana first, so the mana sources stay free; never one an
    # earlier part of the cost taps ("tap two untapped Elves": two parts, two Elves), and the
    # permanent with the ability too unless the cost says "other" (CR 118.3)
    makers = {f["source"] for f in engine.collect(ManaSource, player=player)}
    picks = _picker(engine, part, player, source, "battlefield") or (
        lambda o: _fits(o, part.what) and o["id"] != source)
    chosen = sorted((o for o in engine.collect(GameObject, controller=player,
                                               zone="battlefield")
                     if picks(o) and not o["tapped"] and o["id"] not in before),
                    key=lambda o: (o["id"] in makers, o["id"]))[:part.amount]
    taken[len(before):] = [o["id"] for o in chosen]
    return "yes", f"{part.text}: {', '.join(o['name'] for o in chosen)}", [
        o["id"] for o in chosen]


def _crew(engine: Any, part: Any, player: str, source: str) -> tuple[str, str, list[str]]:
    """Crew N (CR 702.122a): tap other untapped creatures of the player with total power N or
    more. Creatures that came under the player's control this turn may be tapped too (the
    {T} restriction of 302.6 is about their own abilities); creatures that can't make mana
    are chosen first, so the mana sources stay free."""
    def power(o: Any) -> int:
        now = engine.collect(Characteristics, object=o["id"])
        if now:
            return int(now[0]["power"])
        return int(o["power"]) if str(o["power"]).lstrip("-").isdigit() else 0
    makers = {f["source"] for f in engine.collect(ManaSource, player=player)}
    crew = sorted((o for o in engine.collect(GameObject, controller=player, zone="battlefield")
                   if "creature" in o["types"] and not o["tapped"] and o["id"] != source
                   and power(o) > 0),
                  key=lambda o: (o["id"] in makers, -power(o), o["id"]))
    chosen: list[Any] = []
    for o in crew:
        if sum(power(c) for c in chosen) >= part.amount:
            break
        chosen.append(o)
    total = sum(power(c) for c in chosen)
    if total < part.amount:
        return "no", (f"{player}'s other untapped creatures have total power {total}, less "
                      f"than {part.amount}"), []
    names = ", ".join(f"{o['name']} (power {power(o)})" for o in chosen)
    return "yes", f"{part.text}: {names}", [o["id"] for o in chosen]


def _judge_part(engine: Any, part: Any, player: str, source: str, paying_for: str,
                taken: list[str]) -> tuple[str, str]:
    if part.kind == "pay_energy":  # CR 107.14: {E} is an energy counter the player removes
        from rulings.facts.state import EnergyCounters

        had = engine.collect(EnergyCounters, player=player)
        if not had:
            return "assumed", (f"the situation doesn't give {player}'s energy counters, so "
                               f"paying {part.amount} energy is assumed possible")
        if had[0]["amount"] < part.amount:
            return "no", (f"{player} has {had[0]['amount']} energy counters and the cost is "
                          f"{part.amount}")
        return "yes", f"{player} has {had[0]['amount']} energy counters, enough to pay " \
                      f"{part.amount}"
    if part.kind == "pay_life":
        people = engine.collect(Player, name=player)
        life = people[0]["life"] if people else -1
        if part.amount == 0:
            return "yes", "paying 0 life is always possible"
        if life < 0:
            return "assumed", (f"the situation doesn't give {player}'s life total, so paying "
                               f"{part.amount} life is assumed possible")
        if life < part.amount:
            return "no", f"{player} has {life} life and the cost is {part.amount} life"
        return "yes", f"{player} has {life} life, enough to pay {part.amount}"
    if part.what == "this":
        here = engine.collect(GameObject, id=source)
        zone = here[0]["zone"] if here else ""
        shown = here[0]["name"] if here else source
        if part.kind in ("sacrifice", "return") and zone != "battlefield":
            return "no", (f"{shown} is not on the battlefield, so it can't be "
                          f"{'sacrificed' if part.kind == 'sacrifice' else 'returned'}")
        if part.kind == "discard" and zone != "hand":
            return "no", f"{shown} is not in a hand, so it can't be discarded"
        return "yes", f"{part.text}: {shown}"
    if part.kind in ("sacrifice", "tap_untapped", "return"):
        picks = _picker(engine, part, player, source, "battlefield")
        if picks is None:
            return "assumed", f"'{part.text}' names a quality not modelled; assumed possible"
        named = [o for c in engine.collect(Cast, card=paying_for) for o in c["sacrifice"]]
        objs = [o for o in sorted(
                    engine.collect(GameObject, controller=player, zone="battlefield"),
                    key=lambda o: o["id"] not in named)  # the ones the question names first
                # returning or sacrificing a permanent doesn't ask it to be untapped
                if picks(o) and (part.kind in ("sacrifice", "return") or not o["tapped"])
                and o["id"] not in taken]  # costs: not one an earlier part uses
        found = [o["name"] for o in objs]
        what = part.what if part.what not in ("", "permanent") else "permanent"
        untapped = "untapped " if part.kind == "tap_untapped" else ""
        verb = {"sacrifice": "sacrifice", "return": "return"}.get(part.kind, "tap")
        if len(found) < part.amount and read_part(part.text).kind == "other":
            described = part.text.split(" ", 1)[-1]  # read through its selector
            return "no", (f"{player} controls {len(found) or 'nothing'} that is "
                          f"{described}, and the cost needs {part.amount}")
        if len(found) < part.amount:
            have = f"only {len(found)}" if found else "no"
            return "no", f"{player} controls {have} {untapped}{what} to {verb}"
        taken += [o["id"] for o in objs[:part.amount]]
        return "yes", f"{part.text}: {', '.join(found[:part.amount])}"
    zone = {"discard": "hand", "mill": "library"}.get(part.kind, part.zone)
    if part.kind in ("discard", "mill", "exile") and zone:
        picks = (lambda o: True) if part.kind == "mill" else _picker(engine, part, player,
                                                                      source, zone)
        if picks is None:
            return "assumed", f"'{part.text}' names a quality not modelled; assumed possible"
        objs = [o for o in engine.collect(GameObject, owner=player, zone=zone)
                if o["id"] != paying_for and picks(o) and o["id"] not in taken]
        cards = [o["name"] for o in objs]
        listed = engine.collect(ZoneListed, player=player, zone=zone)
        if len(cards) >= part.amount:
            taken += [o["id"] for o in objs[:part.amount]]  # costs: not again by a later part
            return "yes", f"{part.text}: {', '.join(cards[:part.amount])}"
        if not listed:
            return "assumed", (f"the situation lists no {zone} for {player}, so "
                               f"'{part.text}' is assumed possible")
        what = f"{part.what} card" if part.what else "card"
        if read_part(part.text).kind == "other":
            what = f"card that is {part.text.split(' ', 1)[-1]}"
        have = f"only {len(cards)} {what}(s)" if cards else f"no {what}"
        if taken:  # costs: the cards the cost's other parts use don't count again
            have += " besides those the other parts of the cost use"
        return "no", f"{player} has {have} in their {zone} (the cost is '{part.text}')"
    if part.kind == "put_counters":
        return "yes", f"{part.text}: putting counters on a permanent is always possible"
    if part.kind == "remove_counters":
        here = engine.collect(GameObject, id=source)
        shown = here[0]["name"] if here else source
        kind = part.what.lower()
        counters = engine.collect(CounterOn, object=source)
        have = sum(c["amount"] for c in counters if str(c["counter"]).lower() == kind)
        stated = bool(counters or engine.collect(CountersListed, object=source))
        printed = str(here[0]["loyalty"]) if here else ""
        if not stated and kind == "loyalty" and printed.isdigit():
            stated, have = True, int(printed)  # it entered with its printed loyalty (306.5b)
        if not stated:
            return "assumed", (f"the situation doesn't say which counters {shown} has, so "
                               f"'{part.text}' is assumed possible")
        if have >= part.amount:
            return "yes", f"{part.text}: {shown} has {have} {kind} counter(s)"
        return "no", (f"{shown} has {have} {kind} counter(s), and the cost is "
                      f"'{part.text}' (CR 122.1)")
    return "assumed", f"the cost part '{part.text}' is not modelled, so it is assumed payable"


def _part_of(engine: Any, source: str, text: str) -> Any:
    """A cost part read from its words; wording the reader doesn't know is taken by the kind
    of the effect language's CostPart with the same words (a selector with more qualities,
    like 'sacrifice a creature with power at least 2')."""
    part = read_part(text)
    if part.kind != "other":
        return part
    for found in engine.collect(CostPart, source=source, text=text):
        if found["kind"] in ("sacrifice", "discard", "exile", "return", "tap_untapped",
                             "mill"):
            amount = str(found["amount"] or "1")
            return Part(found["kind"], text, int(amount) if amount.isdigit() else 1)
    return part


def _picker(engine: Any, part: Any, player: str, source: str, zone: str) -> Any:
    """Which objects a cost part can use: through the part's selector in the effect
    language when there is one (facts.effects.filter_misses, the test selectors.py uses),
    looked for in `zone`; else by the card type or color its words name. None: the
    description has qualities not modelled here."""
    for found in engine.collect(CostPart, source=source, text=part.text):
        for sel in engine.collect(Selector, id=found["what"]) if found["what"] else ():
            if sel["ref"] or sel["keyword"] or sel["not_"] or sel["any_of"] or (
                    sel["controller"] not in ("", "you", "opponent")) or (
                    sel["owner"] not in ("", "you", "opponent")):
                return None
            spec = {k: sel[k] for k in sel.slots if k in sel}
            spec["zone"] = sel["zone"] or zone
            return lambda o: filter_misses(spec, o, player, source) == ""
    if not _known_quality(part.what):
        return None
    return lambda o: _fits(o, part.what) and (
        o["id"] != source or "other" not in part.text.lower())


def _known_quality(what: str) -> bool:
    return what in ("", "permanent", "card", *CARD_TYPES, *COLORS, "colorless")


def _fits(obj: Any, what: str) -> bool:
    """The object has the quality a cost part names: a card type or a color (of its mana
    cost, CR 202.2)."""
    if what in ("", "permanent", "card"):
        return True
    if what in CARD_TYPES:
        return what in obj["types"]
    colors = set(obj.get("colors") or ()) or {
        c for m, c in COLOR_OF_MANA.items() if "{" + m + "}" in obj["mana_cost"]
        or "/" + m in obj["mana_cost"] or m + "/" in obj["mana_cost"]}
    if what == "colorless":
        return not colors
    return what in colors


def _units(engine: Any, player: str, spell_types: list[str], kind: str, exclude: list[str],
           pay_with: list[str], first: str = "", during: str = ""
           ) -> tuple[list[Unit], list[str], tuple[str, str] | None]:
    """The player's ways to get mana now, why the others can't be used, and a pay_with
    entry that can't be used at all (with the reason). `during`: the spell or ability
    whose resolution the payment happens in (no one has priority then)."""
    by_object: dict[str, dict[str, set[str]]] = {}
    costs: dict[str, list[str]] = {}
    for fact in engine.collect(ManaSource, player=player):
        by_object.setdefault(fact["source"], {}).setdefault(fact["ability"], set()).add(
            fact["mana"])
        costs[fact["ability"]] = list(fact["cost"])
    units: list[Unit] = []
    unusable: list[str] = []
    why_not: dict[str, str] = {}
    helpers = _tapped_by_sources(engine, player, by_object, costs, exclude, why_not, first)
    exclude = [*exclude, *(c for names in helpers.values() for c in names)]
    for obj_id in sorted(by_object):
        obj = engine.collect(GameObject, id=obj_id)[0]
        label = obj["name"]
        usable: dict[str, set[str]] = {}
        amounts: dict[str, int] = {}
        for ability, types in sorted(by_object[obj_id].items()):
            problem = why_not.get(ability) or _source_problem(engine, obj, costs[ability],
                                                              exclude, kind) or \
                _timing_problem(engine, ability, player, ability in pay_with, during) or \
                _spending_problem(engine, ability, label, kind, spell_types)
            if problem:
                why_not[ability] = problem
                continue
            usable[ability] = types
            amounts[ability] = _amount(engine, ability, obj)
        if not usable:
            unusable.append(next(iter(sorted({why_not[a] for a in by_object[obj_id]}))))
            continue
        forced = [a for a in usable if a in pay_with]
        # abilities with {T} share one activation of the object: one unit, one choice; an
        # ability another one of it outdoes (more mana, of the same types or more, for no
        # more mana) is never the better choice ("{T}: Add {G}" of a Forest that an Aura
        # gives "{T}: Add two mana of any one color")
        chosen = forced[:1] or _undominated(usable, amounts, costs)
        types = frozenset(t for a in chosen for t in usable[a])
        amount = min(amounts[a] for a in chosen)
        if amount <= 0:
            unusable.append(f"{label} would add no mana now")
            continue
        if obj_id in helpers:
            shown = ", ".join(_named(engine, c) for c in helpers[obj_id])
            label = f"{label} (tapping {shown})"
        timed = [a["timing"] for a in engine.collect(Ability, id=chosen[0])
                 if a["timing"] in ("instant", "sorcery")]
        if timed:  # CR 602.5e: activated with priority, before the payment begins
            article = "an" if timed[0] == "instant" else "a"
            label = f"{label} (activated before paying begins, as {article} {timed[0]})"
        units.append(Unit(key=chosen[0], label=label, types=types, amount=amount,
                          forced=bool(forced),
                          snow="snow" in [t.lower() for t in obj["supertypes"]],
                          costs=tuple(p for p in costs[chosen[0]]
                                      if read_part(p).kind == "mana")))
    units += _triggered_units(engine, units)
    names = [u.label for u in units]
    for unit in units:  # two Forests read as "Forest (forest)" and "Forest (forest-2)"
        if names.count(unit.label) > 1:
            unit.label = f"{unit.label} ({unit.key.rsplit('.', 1)[0]})"
    for pool in engine.collect(ManaInPool, player=player):
        only = pool["only_for"]
        if only and (kind != "spell" or not set(only) & set(spell_types)):
            unusable.append(f"the {{{pool['mana']}}} in {player}'s pool may be spent only on "
                            f"{' or '.join(only)} spells")
            continue
        units.append(Unit(key=f"pool.{pool['index']}", label=f"{{{pool['mana']}}} from "
                          f"{player}'s mana pool", types=frozenset({pool["mana"]})))
    for ability in pay_with:
        if any(u.key == ability for u in units):
            continue
        found = engine.collect(Ability, id=ability)
        obj = engine.collect(GameObject, id=found[0]["source"]) if found else []
        shown = (f"{obj[0]['name']}'s ability {found[0]['number']}" if obj
                 else ability)
        if ability in why_not:
            return units, unusable, (shown, why_not[ability])
        if not found:
            return units, unusable, (shown, f"{ability} is not an ability")
        if found[0]["kind"] != "mana":
            return units, unusable, (shown, f"{shown} is not a mana ability (it is a "
                                            f"{found[0]['kind']} ability), so it can't be "
                                            f"activated to pay a cost")
        if not obj or obj[0]["controller"] != player or obj[0]["zone"] != "battlefield":
            return units, unusable, (shown, f"{shown} is not the ability of a permanent "
                                            f"{player} controls")
        return units, unusable, (shown, f"{shown} can't add mana now")
    return units, unusable, None


def _undominated(usable: dict[str, set[str]], amounts: dict[str, int],
                 costs: dict[str, list[str]]) -> list[str]:
    """The abilities of one object no other of its abilities outdoes: one giving at least as
    much mana, of every type the other could give, for the same mana cost."""
    def mana_cost(a: str) -> list[str]:
        return sorted(p for p in costs[a] if read_part(p).kind == "mana")

    def outdone(a: str) -> bool:
        return any(b != a and usable[b] >= usable[a] and amounts[b] >= amounts[a]
                   and (usable[b], amounts[b]) != (usable[a], amounts[a])
                   and mana_cost(b) == mana_cost(a) for b in usable)

    return [a for a in usable if not outdone(a)] or list(usable)


def _triggered_units(engine: Any, units: list[Unit]) -> list[Unit]:
    """Mana that triggered mana abilities add when a source is tapped for mana (CR 605.1b,
    106.12a): Wild Growth on a Forest, a Heartbeat of Spring for every land. Each is a unit
    of its own, there whenever its source's unit is (tapping the source for its mana makes
    it trigger; mana of the source not spent stays in the pool). The mana goes to the player
    who tapped the source, as such abilities say."""
    out: list[Unit] = []
    for unit in units:
        if not unit.is_mana or unit.key.startswith("pool."):
            continue
        oid = unit.key.rpartition(".")[0]
        found = engine.collect(GameObject, id=oid)
        if not found or not engine.collect(Ability, id=unit.key, kind="mana"):
            continue
        obj = found[0]
        for t in engine.collect(TappedForManaTrigger):
            host = engine.collect(GameObject, id=t["source"], zone="battlefield")
            if not host or not _trigger_watches(t["of"], host[0], obj):
                continue
            if t["mana"] and t["mana"] not in unit.types:
                continue  # it triggers only on mana of a type this source doesn't make
            kinds = unit.types if t["adds"] == "type produced" else frozenset({t["adds"]})
            out.append(Unit(key=f"{t['ability']}.for.{oid}",
                            label=f"{host[0]['name']}'s trigger on tapping {obj['name']}",
                            types=kinds, amount=t["amount"], snow=unit.snow))
    return out


def _trigger_watches(of: str, host: Any, obj: Any) -> bool:
    """Whether a triggered mana ability of `host` triggers when `obj` is tapped for mana."""
    return ((of == "enchanted land" and host["attached_to"] == obj["id"])
            or (of == "a land" and "land" in obj["types"])
            or (of == "a land you control" and "land" in obj["types"]
                and obj["controller"] == host["controller"])
            or (of == "this" and host["id"] == obj["id"]))


def _timing_problem(engine: Any, ability: str, player: str, named: bool,
                    during: str) -> str:
    """A mana ability that may be activated only as an instant or a sorcery (CR 602.5d-e)
    follows that timing, so it is never activated in the middle of paying a cost (605.3a
    doesn't apply to it): its mana counts only if the player could activate it before the
    payment began, with priority (and, as a sorcery, in their main phase with an empty
    stack)."""
    found = engine.collect(Ability, id=ability)
    timing = found[0]["timing"] if found else ""
    if timing not in ("instant", "sorcery"):
        return ""
    source = engine.collect(GameObject, id=found[0]["source"])
    label = f"{source[0]['name']}'s ability {found[0]['number']}" if source else ability
    why = f"{label} keeps {'an' if timing == 'instant' else 'a'} {timing}'s timing"
    if named:
        return f"{why}, so it is never activated in the middle of a payment (CR 602.5e, 605.3a)"
    if during:
        return f"{why}, and the payment happens while another spell or ability resolves"
    turn = engine.collect(Turn)
    if turn and turn[0]["priority"] not in ("", player):
        return f"{why}, and {player} doesn't have priority to activate it first"
    if timing == "sorcery" and turn and not (
            turn[0]["active"] == player and "main" in turn[0]["step"]
            and turn[0]["stack_empty"]):
        return f"{why}, and now is not a time {player} could cast a sorcery"
    return ""


def _named(engine: Any, obj_id: str) -> str:
    """An object's name, with its id when another object has the same name."""
    name = engine.collect(GameObject, id=obj_id)[0]["name"]
    return f"{name} ({obj_id})" if len(engine.collect(GameObject, name=name)) > 1 else name


def _with_convoke(units: list[Unit], convoking: list[Unit]) -> list[Unit]:
    """The mana units and the convoke units of creatures that aren't already mana units."""
    objects = {u.key.rsplit(".", 1)[0] for u in units}
    return units + [u for u in convoking if u.key.rsplit(".", 1)[0] not in objects]


def _delve_units(engine: Any, player: str, card: str) -> list[Unit]:
    """Delve (CR 702.66a): each card exiled from the caster's graveyard pays {1}: generic
    mana only, never a colored symbol."""
    return [Unit(key=f"{o['id']}.delve", label=f"exiling {o['name']} (delve)",
                 types=frozenset(), is_mana=False)
            for o in engine.collect(GameObject, owner=player, zone="graveyard")
            if o["id"] != card]


def _improvise_units(engine: Any, player: str, exclude: list[str]) -> list[Unit]:
    """Improvise (CR 702.126a): each untapped artifact the player controls may be tapped to
    pay {1} — generic mana only (no {T} symbol, so one that just came under their control
    may be tapped too). One that is also a mana source is used as one or the other."""
    return [Unit(key=f"{o['id']}.improvise", label=f"{o['name']} (by improvise)",
                 types=frozenset(), is_mana=False)
            for o in engine.collect(GameObject, controller=player, zone="battlefield")
            if "artifact" in o["types"] and not o["tapped"] and o["id"] not in exclude]


def _drum_choices(engine: Any, player: str, units: list[Unit]) -> list[str]:
    """The creatures a source that taps another creature could tap instead, when the player
    has such a source: each is tried in turn (few creatures, so the search stays small)."""
    if not any("(tapping " in u.label for u in units):
        return []
    return sorted(o["id"] for o in engine.collect(GameObject, controller=player,
                                                  zone="battlefield")
                  if "creature" in o["types"] and not o["tapped"])


def _convoke_units(engine: Any, player: str, exclude: list[str]) -> list[Unit]:
    """Convoke (CR 702.51a): each untapped creature the player controls may be tapped to pay
    {1} or one mana of one of its colors (summoning sickness doesn't matter: no {T} symbol
    is involved). A creature that is also a mana source is used as one or the other."""
    out = []
    for obj in engine.collect(GameObject, controller=player, zone="battlefield"):
        if "creature" not in obj["types"] or obj["tapped"] or obj["id"] in exclude:
            continue
        colors = set(obj.get("colors") or ()) or {
            c for m, c in COLOR_OF_MANA.items() if "{" + m + "}" in obj["mana_cost"]
            or "/" + m in obj["mana_cost"] or m + "/" in obj["mana_cost"]}
        types = frozenset(m for m, c in COLOR_OF_MANA.items() if c in colors and m != "C")
        out.append(Unit(key=f"{obj['id']}.convoke", label=obj["name"], types=types,
                        is_mana=False))
    names = [u.label for u in out]
    for u in out:
        u.label = (f"{u.label} ({u.key.rsplit('.', 1)[0]}, by convoke)"
                   if names.count(u.label) > 1 else f"{u.label} (by convoke)")
    return out


def _silent_sources(engine: Any, player: str) -> list[str]:
    """The player's permanents with a mana ability that could add no mana now (an Exotic
    Orchard with no opposing land): said when a payment fails."""
    making = {f["source"] for f in engine.collect(ManaSource, player=player)}
    out = []
    for obj in engine.collect(GameObject, controller=player, zone="battlefield"):
        mana = engine.collect(Ability, source=obj["id"], kind="mana")
        if obj["id"] not in making and mana:
            not_now = {f["ability"] for f in engine.collect(NotGrantedNow, object=obj["id"])}
            if not_now >= {a["id"] for a in mana}:  # layer 6: only granted ones, not now
                givers = sorted({_named(engine, a["granted_by"].rpartition(".")[0])
                                 for a in mana})
                why = sorted({f["why"] for f in engine.collect(NotGrantedNow,
                                                                object=obj["id"])})
                out.append(f"{obj['name']} doesn't have the mana ability "
                           f"{' or '.join(givers)} gives only while its effect applies to it "
                           f"({'; '.join(why)})")
                continue
            barred = engine.collect(ActivationsBarred, object=obj["id"])  # CR 602.5
            out.append(f"{obj['name']} could add no mana now" + (
                ": an effect says its activated abilities can't be activated" if barred
                else ""))
    return out


def _tapped_by_sources(engine: Any, player: str, by_object: dict[str, Any],
                       costs: dict[str, list[str]], exclude: list[str],
                       why_not: dict[str, str], first: str = "") -> dict[str, list[str]]:
    """Sources whose cost taps another creature (Springleaf Drum): each gets one untapped
    creature, `first` if given, else those that can't make mana now first (a summoning-sick
    Elf can still be tapped for the Drum); the creatures so tapped make no mana themselves.
    The check tries each creature as `first` when the usual choice doesn't pay."""
    taken: list[str] = []
    helpers: dict[str, list[str]] = {}
    for obj_id in sorted(by_object):
        for ability in sorted(by_object[obj_id]):
            parts = [read_part(p) for p in costs[ability]]
            needed = sum(p.amount for p in parts if p.kind == "tap_untapped")
            if not needed or obj_id in exclude:
                continue
            free = sorted((o for o in engine.collect(GameObject, controller=player,
                                                     zone="battlefield")
                           if "creature" in o["types"] and not o["tapped"]
                           and o["id"] not in (obj_id, *taken, *exclude)),
                          key=lambda o: (o["id"] != first,
                                         _makes_mana_now(engine, o, by_object, costs),
                                         o["id"]))
            if len(free) < needed:
                name = engine.collect(GameObject, id=obj_id)[0]["name"]
                why_not[ability] = (f"{'not enough' if free else 'no'} untapped creature is "
                                    f"left to tap for the cost of {name}'s mana ability")
                continue
            helpers[obj_id] = [o["id"] for o in free[:needed]]
            taken += helpers[obj_id]
            break  # one activation per object
    return helpers


def _makes_mana_now(engine: Any, obj: Any, by_object: dict[str, Any],
                   costs: dict[str, list[str]]) -> bool:
    return any(not _source_problem(engine, obj, costs[a], [])
               for a in by_object.get(obj["id"], ()))


def _spending_problem(engine: Any, ability: str, label: str, kind: str,
                      spell_types: list[str]) -> str:
    """Mana that may be spent only on spells of some card types (CR 106.6), like the
    restricted mana of a pool: no use for an ability's cost or another spell."""
    for word in engine.collect(ManaAbility, ability=ability):
        only = list(word["only_for"])
        if only and (kind != "spell" or not set(only) & set(spell_types)):
            return f"{label}'s mana may be spent only on {' or '.join(only)} spells"
    return ""


def _source_problem(engine: Any, obj: Any, cost: list[str], exclude: list[str],
                    kind: str = "") -> str:
    label = obj["name"]
    if obj["id"] in exclude and kind == "attack":  # attackers tap before paying (508.1f)
        return f"{label} becomes tapped as it attacks, before the cost is paid"
    if obj["id"] in exclude:
        return f"{label} is tapped or untapped for the cost itself"
    parts = [read_part(p) for p in cost]
    if any(p.kind not in (*SOURCE_PARTS, "mana") for p in parts):
        return f"{label}'s mana ability has a cost that is not counted while paying"
    kinds = {p.kind for p in parts}
    if "tap" in kinds and obj["tapped"]:
        return f"{label} is tapped"
    if "untap" in kinds and not obj["tapped"]:
        return f"{label} is untapped, and its mana ability needs {{Q}}"
    # what it is now decides (a land an effect made a creature, CR 302.6), when the layer
    # system worked it out; else what its card says
    now = engine.collect(Characteristics, object=obj["id"])
    types = now[0]["types"] if now else obj["types"]
    hasty = obj["haste"] or bool(engine.collect(Keyword, object=obj["id"], keyword="haste")) \
        or bool(now and "haste" in now[0]["keywords"])
    if (kinds & {"tap", "untap"} and "creature" in types
            and not obj["since_turn_began"] and not hasty):
        return (f"{label} is a creature that came under its controller's control this "
                f"turn (CR 302.6)")
    return ""


def _amount(engine: Any, ability: str, obj: Any) -> int:
    """How much mana one activation gives: its amount, times what it counts."""
    words = engine.collect(ManaAbility, ability=ability)
    if not words:
        return 1
    amount = int(words[0]["amount"])
    if words[0]["for_each"]:
        amount *= len([o for o in engine.collect(GameObject, controller=obj["controller"],
                                                 zone="battlefield")
                       if "creature" in o["types"]])
    # replacement effects on tapping for mana (CR 106.12b), as mana.produces applies them:
    # one that sets the amount, then each doubler
    fixed = [r["amount"] for f in engine.collect(TypeChanged, ability=ability)
             for r in engine.collect(TappedForManaReplacement, source=f["by"]) if r["amount"]]
    if fixed:
        amount = min(fixed)
    for applies in engine.collect(ReplacementApplies, ability=ability):
        if engine.collect(TappedForManaReplacement, ability=applies["replacement"],
                          doubles=True):
            amount *= 2
    return amount


def _why_not(needs: list[Any], units: list[Unit], unusable: list[str], player: str,
             pay_with: list[str], any_color: bool) -> str:
    from rulings.facts.costs import pays

    # a unit that pays only generic mana (convoke of a colorless creature, delve) shows {1}
    have = ", ".join(f"{u.label} ({'/'.join('{' + t + '}' for t in sorted(u.types)) or '{1}'})"
                     for u in units) or "nothing"
    have = f"the mana {player} can use is {have}"
    unusable = list(dict.fromkeys(unusable))  # two equal mana in the pool are said once
    if unusable:
        have += f" (can't be used: {'; '.join(unusable)})"
    for u in units:
        if u.costs:
            have += (f"; {u.label}'s mana ability costs {show_cost(u.costs)} itself, paid "
                     f"only with other mana")
    for need in needs:
        if need.snow and not any(u.snow for u in units):
            return (f"{{S}} is paid only with mana from a snow source (CR 107.4h), and none "
                    f"of {player}'s mana comes from one: {have}")
        if not need.generic and not any(pays(u.types, need, any_color, u.snow, u.is_mana)
                                        for u in units):
            return f"none of the mana {player} can get now pays {need.symbol}: {have}"
    total = sum(u.amount for u in units)
    if total < len(needs):
        return (f"{player} can get at most {total} mana now and the cost needs "
                f"{len(needs)}: {have}")
    if any(u.forced for u in units):
        named = ", ".join(u.label for u in units if u.forced)
        return (f"the cost can't be paid using the mana of {named}, as the question says: "
                f"{have}")
    return f"no way to give each symbol mana of a type it accepts: {have}"
