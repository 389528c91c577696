"""CR 120 (and 119, 615, 702.2, 702.15, 702.80, 702.90): what damage does — to creatures,
players and planeswalkers — depending on its source's abilities, after prevention. The results
are computed by knowledge/aftermath.py; these rules conclude and explain them."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.rulings import Ruling
from rulings.facts.state import (
    DamageResult,
    DamageSource,
    DealDamage,
    LifeGained,
    StateAsked,
)
from rulings.knowledge.aftermath import result_of
from rulings.knowledge.rules.counters import counted

TOPIC = "CR 120 Damage"


class Rules:
    @rule(
        DealDamage(source=MATCH.source),
        id="damage.source",
        cites=("CR 120.1",),
        because="the question says that {source} deals damage",
    )
    def source(self, source):
        return DamageSource(source=source)

    @rule(
        StateAsked(),
        DamageSource(source=MATCH.source),
        id="damage.results",
        cites=("CR 120.3", "CR 120.4", "CR 615.1"),
        because="what {source}'s damage does depends on the abilities {source} has as it "
                "deals it (infect, wither, lifelink, deathtouch) and on what it is dealt to; "
                "prevention effects act first",
    )
    def results(self, source):
        a = result_of(self)
        self.cite(*a.source_facts.get(source, []))
        out = []
        for r in a.results:
            if r.source != source:
                continue
            self.cite(*r.facts)
            out.append(DamageResult(source=source, to=r.to, amount=r.amount, result=r.result,
                                    deathtouch=r.deathtouch, prevented=r.prevented))
        out += [LifeGained(player=player, amount=amount, source=source)
                for player, amount, by in a.lifelink if by == source]
        return out

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, amount=MATCH.amount, result="marked"),
        id="damage.marked-on-creature",
        cites=("CR 120.3e", "CR 120.6"),
        because="{source} has neither wither nor infect, so what it deals to the creature "
                "{to} is marked on it; marked damage stays until the cleanup step",
        says="{amount} damage is marked on {to}",
    )
    def marked(self, to, amount, source):
        return Ruling(about=f"{to}:damage:{source}", subject="{to}", verdict="happens",
                      action=f"have {amount} damage marked on it", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, amount=MATCH.amount,
                     result="-1/-1 counters"),
        id="damage.counters-on-creature",
        cites=("CR 120.3d", "CR 702.80a", "CR 702.90c"),
        because="{source} has wither or infect, so its damage to a creature isn't marked: it "
                "puts that many -1/-1 counters on the creature instead",
        says="{to} will {action}",
    )
    def counters(self, to, amount, source):
        return Ruling(about=f"{to}:damage:{source}", subject="{to}", verdict="happens",
                      action=f"get {counted(amount, '-1/-1')}", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, amount=MATCH.amount,
                     result="life lost"),
        id="damage.life-loss",
        cites=("CR 120.3a", "CR 119.3"),
        because="{source} has no infect, so {to}, the player it damages, loses as much life "
                "as the damage",
        says="{to} loses {amount} life",
    )
    def life_loss(self, to, amount, source):
        return Ruling(about=f"{to}:damage:{source}", subject="{to}", verdict="happens",
                      action=f"lose {amount} life", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, amount=MATCH.amount, result="poison"),
        id="damage.poison",
        cites=("CR 120.3b", "CR 702.90b"),
        because="{source} has infect, so its damage to a player causes no life loss: the "
                "player gets that many poison counters instead",
        says="{to} will {action}",
    )
    def poison(self, to, amount, source):
        return Ruling(about=f"{to}:damage:{source}", subject="{to}", verdict="happens",
                      action=f"get {counted(amount, 'poison')} (and lose no life)", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, amount=MATCH.amount,
                     result="loyalty removed"),
        id="damage.planeswalker",
        cites=("CR 120.3c",),
        because="damage dealt to a planeswalker removes that many loyalty counters from it",
        says="{to} will {action}",
    )
    def planeswalker(self, to, amount, source):
        return Ruling(about=f"{to}:loyalty", subject="{to}", verdict="happens",
                      action=f"lose {counted(amount, 'loyalty')}", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, prevented=MATCH.prevented,
                     result="prevented"),
        id="damage.prevented",
        cites=("CR 615.1", "CR 120.4b"),
        because="a prevention effect stops the damage {source} would deal to {to}; prevented "
                "damage is never dealt, so it has no results",
        says="the damage to {to} is prevented",
    )
    def prevented(self, to, source):
        return Ruling(about=f"{to}:damage:{source}", subject="the damage to {to}", verdict="happens",
                      action="be prevented", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, prevented=MATCH.prevented,
                     amount=MATCH.amount, result=MATCH.result),
        TEST(lambda prevented, amount: prevented > 0 and amount > 0),
        id="damage.partly-prevented",
        cites=("CR 615.1", "CR 615.7"),
        because="a prevention effect stops {prevented} of the damage {source} would deal to "
                "{to}; the rest, {amount}, is dealt",
        says="{prevented} of the damage to {to} is prevented",
    )
    def partly_prevented(self, to, source):
        return Ruling(about=f"{to}:prevented", subject="some of the damage to {to}",
                      verdict="happens", action="be prevented", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, result="zero"),
        id="damage.zero",
        cites=("CR 120.8",),
        because="{source} would deal 0 damage to {to}, and a source that would deal 0 damage "
                "deals no damage at all: nothing triggers on it and lifelink gains no life",
        says="{source} deals no damage to {to}",
    )
    def zero(self, to, source):
        return Ruling(about=f"{to}:damage:{source}", subject="{to}", verdict="doesn't happen",
                      action="be dealt damage", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, result="protected"),
        id="damage.protection",
        cites=("CR 702.16e", "CR 615.1"),
        because="{to} has protection from a quality {source} has, so all damage {source} "
                "would deal to it is prevented; prevented damage is never dealt, so it has no "
                "results (no damage marked, no deathtouch, no lifelink)",
        says="the damage {source} would deal to {to} is prevented",
    )
    def protection(self, to, source):
        return Ruling(about=f"{to}:damage:{source}", subject="the damage to {to}", verdict="happens",
                      action="be prevented", step=1)

    @rule(
        LifeGained(player=MATCH.player, amount=MATCH.amount, source=MATCH.source),
        id="damage.lifelink",
        cites=("CR 702.15b", "CR 120.3f"),
        because="{source} has lifelink, so the damage it deals also makes its controller gain "
                "that much life",
        says="{player} gains {amount} life",
    )
    def lifelink(self, player, amount, source):
        return Ruling(about=f"{player}:lifelink:{source}", subject="{player}", verdict="happens",
                      action=f"gain {amount} life", step=1)

    @rule(
        DamageResult(source=MATCH.source, to=MATCH.to, result="none"),
        id="damage.not-dealt",
        cites=("CR 120.1",),
        because="only creatures, planeswalkers, battles and players can be dealt damage, and "
                "{to} is none of these now",
        says="{to} is dealt no damage",
    )
    def not_dealt(self, to, source):
        return Ruling(about=f"{to}:damage:{source}", subject="{to}", verdict="doesn't happen",
                      action="be dealt damage", step=1)
