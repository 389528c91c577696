"""CR 702.47 splice: a card in its owner's hand with "splice onto [quality] [cost]" may be
revealed as that player casts a spell of the quality (601.2b); its splice cost is then an
additional cost of that spell (601.2f), and the spell gains the card's rules text (702.47c).

What is read: the card is in the caster's hand (so never the spell itself, which is on the
stack, 702.47b), it has splice onto a quality the spell has, and its cost joins the spell's
total cost (costs.py pays it with the rest). What is not modelled: the text the spell gains;
its instructions are not followed as the spell resolves, and the answer says so. The cast
event's `splice:` lists the cards revealed (by id)."""

from __future__ import annotations

from typing import Any

from rulings.engine import salience
from rulings.engine.experta_compat import AS, MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.cards import parse_cost
from rulings.facts.casting import AdditionalCost, Cast, Casting
from rulings.facts.effects import Keyword, Selector, filter_misses
from rulings.facts.game import GameObject
from rulings.facts.rulings import Ruling

TOPIC = "CR 702.47 Splice"


def _misses(sel: Any, spell: Any, player: str) -> str:
    """Why the spell being cast doesn't have the quality splice asks for ('' when it does);
    the spell is cast wherever it is now, so its zone is not asked."""
    spec = {k: sel[k] for k in sel.slots if k in sel}
    spec["zone"] = "any"
    return filter_misses(spec, spell, player, spell["id"])


def _listed(cast: Any, card: str) -> bool:
    return card in (cast["splice"] or ())


class Rules:
    @rule(
        Casting(object=MATCH.spell, player=MATCH.player, step=MATCH.step),
        AS.cast << Cast(card=MATCH.spell),
        AS.obj << GameObject(id=MATCH.spell, name=MATCH.spell_name),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        Keyword(object=MATCH.card, keyword="splice", value=MATCH.cost, selector=MATCH.what),
        AS.sel << Selector(id=MATCH.what),
        TEST(lambda card, spell: card != spell),
        TEST(lambda cast, card: not _listed(cast, card)),
        TEST(lambda sel, obj, player: _misses(sel, obj, player) == ""),
        id="splice.may-splice",
        cites=("CR 702.47a", "CR 601.2b"),
        because="{card} is in {player}'s hand and has splice onto a quality {spell} "
                "has: as {player} casts {spell}, they may reveal {card} and pay {cost} "
                "more, and {spell} gains {card}'s rules text",
        says="{player} may splice {card} onto {spell}, paying {cost} more",
    )
    def may_splice(self, spell, player, step, card, name, cost, spell_name):
        return Ruling(about=f"{spell}.splice.{card}", subject=player, verdict="may",
                      action=f"splice {name} onto {spell_name} (paying {cost} more)",
                      step=step)

    @rule(
        Casting(object=MATCH.spell, player=MATCH.player, step=MATCH.step),
        AS.cast << Cast(card=MATCH.spell),
        AS.obj << GameObject(id=MATCH.spell, name=MATCH.spell_name),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        Keyword(object=MATCH.card, keyword="splice", value=MATCH.cost, selector=MATCH.what),
        AS.sel << Selector(id=MATCH.what),
        TEST(lambda card, spell: card != spell),
        TEST(lambda cast, card: _listed(cast, card)),
        TEST(lambda sel, obj, player: _misses(sel, obj, player) == ""),
        salience=salience.DERIVE,  # before the total cost is summed (costs.spell-total)
        id="splice.spliced",
        cites=("CR 702.47a", "CR 702.47c", "CR 601.2b", "CR 601.2f"),
        because="{player} reveals {card} from their hand as they cast {spell}, which has "
                "the quality {card}'s splice asks for: {cost} is added to what "
                "{spell} costs, and {spell} gains {card}'s rules text (not "
                "modelled: the instructions it gains are not followed here as it resolves)",
        says="{player} splices {card} onto {spell}: {cost} more; the text it gains is "
             "not modelled",
    )
    def spliced(self, spell, player, step, card, name, cost, spell_name):
        return [AdditionalCost(object=spell, name=f"splice of {name}", cost=parse_cost(cost),
                               optional=False),
                Ruling(about=f"{spell}.splice.{card}", subject=player, verdict="must",
                       action=f"pay {cost} more to splice {name} onto {spell_name}; the "
                              f"text {spell_name} gains is not modelled", step=step)]

    @rule(
        Casting(object=MATCH.spell, player=MATCH.player, step=MATCH.step),
        AS.cast << Cast(card=MATCH.spell),
        AS.obj << GameObject(id=MATCH.spell, name=MATCH.spell_name),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player, name=MATCH.name),
        Keyword(object=MATCH.card, keyword="splice", value=MATCH.cost, selector=MATCH.what),
        AS.sel << Selector(id=MATCH.what, text=MATCH.quality),
        TEST(lambda cast, card: _listed(cast, card)),
        TEST(lambda sel, obj, player: _misses(sel, obj, player) != ""),
        id="splice.wrong-quality",
        cites=("CR 702.47a",),
        because="{card}'s splice lets it be spliced only onto a spell of its quality "
                "({quality}), and {spell} is not one",
        says="{player} can't splice {card} onto {spell}",
    )
    def wrong_quality(self, spell, player, step, card, name, spell_name):
        return Ruling(about=f"{spell}.splice.{card}", subject=player, verdict="can't",
                      action=f"splice {name} onto {spell_name}", step=step)

    @rule(
        Casting(object=MATCH.spell, player=MATCH.player, step=MATCH.step),
        AS.cast << Cast(card=MATCH.spell),
        GameObject(id=MATCH.spell, name=MATCH.spell_name),
        GameObject(id=MATCH.card, name=MATCH.name, zone=MATCH.zone, owner=MATCH.owner),
        Keyword(object=MATCH.card, keyword="splice"),
        TEST(lambda cast, card: _listed(cast, card)),
        TEST(lambda card, spell, zone, owner, player: card == spell or zone != "hand"
             or owner != player),
        id="splice.not-in-hand",
        cites=("CR 702.47a", "CR 702.47b"),
        because="splice works only from the hand of the player casting the spell, and {card} "
                "is not in {player}'s hand as {spell} is cast (a spell is on the stack "
                "as it is cast, so it can't be spliced onto itself)",
        says="{player} can't splice {card} onto {spell}",
    )
    def not_in_hand(self, spell, player, step, card, name, spell_name):
        return Ruling(about=f"{spell}.splice.{card}", subject=player, verdict="can't",
                      action=f"splice {name} onto {spell_name}", step=step)

    @rule(
        Casting(object=MATCH.spell, player=MATCH.player, step=MATCH.step),
        AS.cast << Cast(card=MATCH.spell),
        GameObject(id=MATCH.spell, name=MATCH.spell_name),
        GameObject(id=MATCH.card, name=MATCH.name),
        TEST(lambda cast, card: _listed(cast, card)),
        NOT(Keyword(object=MATCH.card, keyword="splice")),
        id="splice.no-splice",
        cites=("CR 702.47a",),
        because="only a card with splice can be spliced onto a spell, and {card} has none",
        absent=("{name} has no splice ability",),
        says="{player} can't splice {card} onto {spell}",
    )
    def no_splice(self, spell, player, step, card, name, spell_name):
        return Ruling(about=f"{spell}.splice.{card}", subject=player, verdict="can't",
                      action=f"splice {name} onto {spell_name}", step=step)
