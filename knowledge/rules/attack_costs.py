"""CR 508.1g-j: costs to attack. An effect like Propaganda's ("can't attack you unless their
controller pays …") makes each creature it affects cost something to attack with. As
attackers are declared the active player adds up every such cost (508.1h), may activate mana
abilities (508.1i) and pays it all (508.1j); a declaration whose total can't be paid is
illegal (508.1), so the creatures it taxes can't attack as declared.

The attackers are tapped before the costs are paid (508.1f), so a creature that taps to
attack (no vigilance) can't also tap for mana to pay them. Whether the player chooses to pay
is theirs (508.1d: no requirement makes them); the answer says what the attack costs and
whether it can be paid."""

from __future__ import annotations

from typing import Any

from rulings.engine import salience
from rulings.engine.experta_compat import MATCH
from rulings.engine.rules import rule
from rulings.facts.cards import parse_cost
from rulings.facts.combat import AttackBarred, Attacking, DeclareAttackers
from rulings.facts.costs import CostPayable, CostUnpayable, TotalCost
from rulings.facts.effects import Selects, StaticEffect
from rulings.facts.game import GameObject, Turn
from rulings.facts.rulings import Ruling
from rulings.facts.state import Characteristics
from rulings.knowledge.rules.static_abilities import in_force

TOPIC = "CR 508.1h Costs to attack"

#: what stands for the whole attack as the thing paid for
ATTACK = "the declared attack"


def _arg(effect: Any, key: str, default: str = "") -> str:
    return next((str(a).split("=", 1)[1] for a in effect["args"]
                 if str(a).startswith(f"{key}=")), default)


def _taxed(engine: Any, effect: Any, creature: str, defender: str) -> bool:
    """Whether this attack is one the effect charges for: its creature is affected, and it
    attacks the effect's controller (or a planeswalker of theirs, when it says so)."""
    if not engine.collect(Selects, selector=effect["affects"], object=creature):
        return False
    whom = _arg(effect, "attacking", "anyone")
    if whom == "anyone":
        return True
    source = engine.collect(GameObject, id=effect["source"])
    protected = str(source[0]["controller"]) if source else ""
    if defender == protected:
        return True
    if whom != "you_or_planeswalkers":
        return False
    attacked = engine.collect(GameObject, id=defender, zone="battlefield",
                              controller=protected)
    traits = engine.collect(Characteristics, object=defender)
    return bool(attacked) and bool(traits) and "planeswalker" in traits[0]["types"]


def _charges(engine: Any) -> list[tuple[Any, Any]]:
    """(effect, attack) for every cost to attack that this declaration owes, in a fixed order."""
    effects = [e for e in engine.collect(StaticEffect, effect="attack_cost")
               if in_force(engine, e)
               and engine.collect(GameObject, id=e["source"], zone="battlefield")]
    return [(e, a) for a in engine.collect(Attacking) for e in effects
            if _taxed(engine, e, str(a["creature"]), str(a["defender"]))]


class Rules:
    @rule(
        DeclareAttackers(),
        Turn(active=MATCH.player),
        StaticEffect(effect="attack_cost"),
        salience=salience.AGGREGATE,
        id="attack-cost.total",
        cites=("CR 508.1h", "CR 508.1f"),
        because="creatures attack only if their controller pays what effects ask for "
                "attacking with them; the active player adds every such cost into one total "
                "before paying, and the attackers are already tapped by then, so those "
                "without vigilance can't tap for mana to pay it",
    )
    def total(self, player):
        charges = _charges(self)
        if not charges:
            return None
        for effect, attack in charges:
            self.cite(effect, attack)
        parts = [p for e, _ in charges for p in parse_cost(_arg(e, "pay"))]
        first = min(str(e["source"]) for e, _ in charges)
        tapped = sorted({str(a["creature"]) for a in self.collect(Attacking)
                         if not _has_vigilance(self, str(a["creature"]))})
        return TotalCost(player=player, paying_for=ATTACK, kind="attack", source=first,
                         parts=parts, exclude=tapped)

    @rule(
        DeclareAttackers(),
        TotalCost(player=MATCH.player, paying_for=ATTACK, kind="attack"),
        CostPayable(player=MATCH.player, paying_for=ATTACK, cost=MATCH.cost, how=MATCH.how),
        id="attack-cost.payable",
        cites=("CR 508.1h", "CR 508.1i", "CR 508.1j"),
        because="attacking as declared costs {player} {cost} in all, and they can pay it "
                "({how}); they choose whether to (no requirement makes them pay)",
        says="{player} must pay {cost} to attack as declared",
    )
    def payable(self, player, cost):
        return Ruling(about=f"{player}:attack-cost", subject="{player}", verdict="must",
                      action=f"pay {cost} to attack as declared")

    @rule(
        DeclareAttackers(),
        TotalCost(player=MATCH.player, paying_for=ATTACK, kind="attack"),
        CostUnpayable(player=MATCH.player, paying_for=ATTACK, cost=MATCH.cost,
                      reason=MATCH.reason),
        salience=salience.AGGREGATE,
        id="attack-cost.unpayable",
        cites=("CR 508.1h", "CR 508.1j", "CR 508.1"),
        because="attacking as declared costs {player} {cost} in all, and they can't pay it: "
                "{reason}; a declaration whose costs can't be paid is illegal, so the "
                "creatures the cost is for can't attack as declared",
        says="{player} can't attack as declared: the cost to attack can't be paid",
    )
    def unpayable(self, player, cost):
        barred = sorted({str(a["creature"]) for _, a in _charges(self)})
        return [Ruling(about=f"{player}:attack-cost", subject="{player}", verdict="can't",
                       action=f"pay {cost} to attack as declared")] + [
            AttackBarred(creature=c, reason=f"the cost to attack ({cost}) can't be paid")
            for c in barred]


def _has_vigilance(engine: Any, creature: str) -> bool:
    traits = engine.collect(Characteristics, object=creature)
    return bool(traits) and "vigilance" in traits[0]["keywords"]
