"""CR 510 (with 509.1h, 702.2, 702.4, 702.7, 702.19): the combat damage step. The division of
each creature's damage and the first-strike step are computed by knowledge/combat_system.py;
these rules conclude and explain its results. What the damage then does — marked damage,
life lost, lifelink, and the creatures state-based actions destroy — follows from the damage
and state-based-action rules like any other damage (knowledge/aftermath.py)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH
from rulings.engine.rules import rule
from rulings.facts.combat import (
    Assignment,
    CombatDamage,
    FallsInFirstStep,
    FirstStrikeStep,
    IllegalDivision,
    NoCombatDamage,
)
from rulings.facts.game import Player
from rulings.facts.rulings import Ruling
from rulings.facts.state import DamageSource, StateAsked
from rulings.knowledge.aftermath import result_of
from rulings.knowledge.combat_system import FIRST, combat
from rulings.knowledge.layer_system import board, cite_for

TOPIC = "CR 510 Combat damage"


def _assigned(kind: str):  # type: ignore[no-untyped-def]
    return Assignment(creature=MATCH.creature, step=MATCH.damage_step, to=MATCH.to,
                      amount=MATCH.amount, kind=kind, how=MATCH.how)


def _hit(engine, creature: str, damage_step: str, to: str, amount: int) -> Ruling:  # type: ignore[no-untyped-def]
    """The ruling on one assignment. Prevention (615) stops damage being dealt, not being
    assigned: when the damage results say all of it is prevented, the ruling says it is
    assigned and prevented (the damage rules explain why)."""
    verb = "deal {amount} combat damage to {to}"
    same = [r for r in result_of(engine).results if r.source == creature and r.to == to]
    if same and all(r.prevented and not r.amount for r in same):
        for r in same:
            engine.cite(*r.facts)
        verb = "assign {amount} combat damage to {to}, all of it prevented,"
    elif len(same) == 1 and 0 < same[0].prevented < amount:
        engine.cite(*same[0].facts)
        verb = (f"assign {{amount}} combat damage to {{to}}, dealing {same[0].amount} of it "
                f"({same[0].prevented} prevented),")
    return Ruling(about=f"{creature}:combat-damage:{damage_step}:{to}", subject="{creature}",
                  verdict="happens",
                  action=verb + " in the {damage_step} combat damage step",
                  step=2 if damage_step == FIRST else 3)


class Rules:
    @rule(
        CombatDamage(),
        id="combat-damage.asks-characteristics",
        cites=("CR 510.1a",),
        because="combat damage depends on each creature's power, toughness and abilities now",
    )
    def asks(self):
        return StateAsked()

    @rule(
        CombatDamage(),
        StateAsked(),
        id="combat-damage.procedure",
        cites=("CR 510.1", "CR 510.2", "CR 510.4"),
        because="each attacking and blocking creature assigns combat damage equal to its "
                "power, by the rules of assignment, in the first-strike step or the regular "
                "one; all damage of a step is dealt at once",
    )
    def procedure(self):
        b = board(self)
        out = combat(b, self.situation_facts())
        self.cite(*out.facts)
        facts: list = []
        for c in out.first_strike_step:
            cite_for(self, b, c)
            facts.append(FirstStrikeStep(because_of=c))
        for h in out.hits:
            cite_for(self, b, h.source)
            self.cite(*h.facts)
            facts.append(Assignment(creature=h.source, step=h.step, to=h.to, amount=h.amount,
                                    kind=h.kind, how=h.how))
            facts.append(DamageSource(source=h.source))
        for s in out.silent:
            cite_for(self, b, s.creature)
            facts.append(NoCombatDamage(creature=s.creature, step=s.step, kind=s.kind,
                                        why=s.why))
        for c, why in out.fell.items():
            facts.append(FallsInFirstStep(creature=c, reason=why))
        for c, why in out.illegal.items():
            facts.append(IllegalDivision(creature=c, why=why))
        return facts

    @rule(
        CombatDamage(),
        StateAsked(),
        Player(name=MATCH.player),
        id="combat-damage.life-after",
        cites=("CR 510.2", "CR 119.3", "CR 702.15b"),
        because="combat damage to {player} makes them lose that much life, and damage dealt "
                "by a source with lifelink their permanent controls makes them gain that much; "
                "all of it happens at once",
        says="{player} will {action}",
    )
    def life_after(self, player):
        a = result_of(self)
        now = a.players.get(player)
        if now is None or not now["life_known"]:
            return None
        self.cite(*a.player_facts.get(player, []))
        changed = any(r.to == player for r in a.results) or any(
            gainer == player for gainer, _, _ in a.lifelink)
        if not changed:
            return None
        return Ruling(about=f"{player}:life-after-combat", subject="{player}",
                      verdict="happens", action=f"be at {now['life']} life after combat damage",
                      step=4)

    # -- the steps ----------------------------------------------------------------------------

    @rule(
        FirstStrikeStep(because_of=MATCH.creature),
        id="combat-damage.first-strike-step",
        cites=("CR 510.4", "CR 702.7b", "CR 702.4b"),
        because="{creature} has first strike or double strike, so combat has two damage "
                "steps: first only creatures with first strike or double strike deal damage, "
                "then the others and those with double strike",
        says="there are two combat damage steps",
    )
    def first_strike_step(self):
        return Ruling(about="combat:first-strike-step", subject="combat", verdict="happens",
                      action="have a first-strike combat damage step before the regular one",
                      step=1)

    @rule(
        FallsInFirstStep(creature=MATCH.creature, reason=MATCH.reason),
        id="combat-damage.destroyed-before-regular-damage",
        cites=("CR 510.4", "CR 704.5g", "CR 704.5h", "CR 506.4"),
        because="after the first-strike damage step state-based actions are checked: "
                "{creature} — {reason} — so it is no longer in combat when regular combat "
                "damage is dealt",
        says="{creature} is destroyed before it can deal regular combat damage",
    )
    def destroyed_before(self, creature):
        return Ruling(about=f"{creature}:regular-combat-damage", subject="{creature}",
                      verdict="doesn't happen", action="deal regular combat damage", step=2)

    # -- who deals damage to whom ---------------------------------------------------------------

    @rule(
        _assigned("unblocked"),
        id="combat-damage.unblocked",
        cites=("CR 510.1b", "CR 510.1a"),
        because="{creature} is unblocked: {how}",
        says="{creature} will {action}",
    )
    def unblocked(self, creature, damage_step, to, amount):
        return _hit(self, creature, damage_step, to, amount)

    @rule(
        _assigned("one-blocker"),
        id="combat-damage.one-blocker",
        cites=("CR 510.1c",),
        because="{creature} is blocked: {how}",
        says="{creature} will {action}",
    )
    def one_blocker(self, creature, damage_step, to, amount):
        return _hit(self, creature, damage_step, to, amount)

    @rule(
        _assigned("divided"),
        id="combat-damage.divided-among-blockers",
        cites=("CR 510.1c",),
        because="{creature} is blocked by several creatures and its controller divides its "
                "damage among them: {how}",
        says="{creature} will {action}",
    )
    def divided(self, creature, damage_step, to, amount):
        return _hit(self, creature, damage_step, to, amount)

    @rule(
        _assigned("trample"),
        id="combat-damage.trample",
        cites=("CR 702.19b", "CR 702.2c", "CR 510.1c"),
        because="{creature} has trample: once lethal damage is assigned to every creature "
                "blocking it (1 is lethal from a source with deathtouch), the rest may go to "
                "what it attacks; {how}",
        says="{creature} will {action}",
    )
    def trample(self, creature, damage_step, to, amount):
        return _hit(self, creature, damage_step, to, amount)

    @rule(
        _assigned("trample-no-blockers"),
        id="combat-damage.trample-blockers-gone",
        cites=("CR 702.19e", "CR 509.1h"),
        because="{creature} has trample: {how}",
        says="{creature} will {action}",
    )
    def trample_gone(self, creature, damage_step, to, amount):
        return _hit(self, creature, damage_step, to, amount)

    @rule(
        _assigned("blocker"),
        id="combat-damage.blocker",
        cites=("CR 510.1d",),
        because="{creature} is blocking: {how}",
        says="{creature} will {action}",
    )
    def blocker(self, creature, damage_step, to, amount):
        return _hit(self, creature, damage_step, to, amount)

    @rule(
        _assigned("blocker-divided"),
        id="combat-damage.blocker-divided",
        cites=("CR 510.1d",),
        because="{creature} blocks several attackers and its controller divides its damage "
                "among them: {how}",
        says="{creature} will {action}",
    )
    def blocker_divided(self, creature, damage_step, to, amount):
        return _hit(self, creature, damage_step, to, amount)

    # -- no damage --------------------------------------------------------------------------------

    @rule(
        NoCombatDamage(creature=MATCH.creature, step=MATCH.damage_step, kind="blocked-no-blockers",
                       why=MATCH.why),
        id="combat-damage.stays-blocked",
        cites=("CR 509.1h", "CR 510.1c", "CR 506.4"),
        because="{creature}: {why}",
        says="{creature} deals no combat damage: it stays blocked though its blocker is gone",
    )
    def stays_blocked(self, creature, damage_step):
        return Ruling(about=f"{creature}:combat-damage:{damage_step}", subject="{creature}",
                      verdict="doesn't happen", action="deal combat damage", step=3)

    @rule(
        NoCombatDamage(creature=MATCH.creature, step=MATCH.damage_step, kind="no-power",
                       why=MATCH.why),
        id="combat-damage.no-power",
        cites=("CR 510.1a",),
        because="{creature}: {why}",
        says="{creature} deals no combat damage",
    )
    def no_power(self, creature, damage_step):
        return Ruling(about=f"{creature}:combat-damage:{damage_step}", subject="{creature}",
                      verdict="doesn't happen", action="deal combat damage", step=3)

    @rule(
        NoCombatDamage(creature=MATCH.creature, step=MATCH.damage_step, kind="power-unknown",
                       why=MATCH.why),
        id="combat-damage.power-unknown",
        cites=("CR 510.1a", "CR 208.2a"),
        because="{creature} assigns combat damage equal to its power, but {why}",
        says="{creature}'s combat damage is not worked out here: its power comes from an "
             "ability this answer doesn't model",
    )
    def power_unknown(self, creature, damage_step):
        return Ruling(about=f"{creature}:combat-damage:{damage_step}", subject="{creature}",
                      verdict="doesn't happen", action="have its combat damage worked out here "
                      "(an ability not modelled defines its power)", step=3)

    @rule(
        NoCombatDamage(creature=MATCH.creature, step=MATCH.damage_step, kind="blocked-creature-gone",
                       why=MATCH.why),
        id="combat-damage.blocked-creature-gone",
        cites=("CR 510.1d", "CR 506.4"),
        because="{creature} is blocking, but {why}",
        says="{creature} deals no combat damage",
    )
    def blocked_gone(self, creature, damage_step):
        return Ruling(about=f"{creature}:combat-damage:{damage_step}", subject="{creature}",
                      verdict="doesn't happen", action="deal combat damage", step=3)

    @rule(
        NoCombatDamage(creature=MATCH.creature, step=MATCH.damage_step, kind="nothing-attacked",
                       why=MATCH.why),
        id="combat-damage.nothing-to-damage",
        cites=("CR 510.1b", "CR 506.4c"),
        because="{creature} is unblocked, but {why}",
        says="{creature} deals no combat damage",
    )
    def nothing_attacked(self, creature, damage_step):
        return Ruling(about=f"{creature}:combat-damage:{damage_step}", subject="{creature}",
                      verdict="doesn't happen", action="deal combat damage", step=3)

    @rule(
        IllegalDivision(creature=MATCH.creature, why=MATCH.why),
        id="combat-damage.illegal-division",
        cites=("CR 510.1e", "CR 510.1c", "CR 702.19b"),
        because="the division given for {creature} breaks the rules of assignment: {why}",
        says="{creature}'s controller can't divide its combat damage that way: {why}",
    )
    def illegal_division(self, creature):
        return Ruling(about=f"{creature}:division", subject="{creature}'s controller",
                      verdict="can't", action="divide its combat damage as given", step=1)
