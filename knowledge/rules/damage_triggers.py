"""CR 120.4b, 603.2 (with 510.2, 603.2c, 603.10, 120.8, 120.9): abilities that trigger on
damage being dealt. The damage of the event asked about — a `damage` event, the damage a
resolving spell or ability deals, or the combat damage of each combat damage step — becomes
one GameEvent per source, recipient and step (knowledge/aftermath.py computes what is dealt,
after prevention); the `deals_damage` and `dealt_damage` triggers are matched to them by
their filters (`what`, `to`, `by`, `combat`) and go the way of every triggered ability
(knowledge/rules/triggers.py: Armed, Triggered, APNAP order).

Only damage actually dealt counts: prevented damage and a would-be 0 are no damage at all
(CR 615.1, 120.8), so they make no event. Damage triggers don't look back in time (CR 603.10):
their source must be on the battlefield as the damage is dealt — state-based actions that
then put it into the graveyard come after the ability has triggered (CR 120.4b, 704.3)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST, P
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE, SUMMARIZE
from rulings.facts.effects import Selects, Step, Trigger
from rulings.facts.game import GameObject, Opponent, Player
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    DAMAGE_EVENTS,
    Armed,
    DamagedFits,
    GameEvent,
    SourceController,
    TriggerAmount,
    Triggered,
    Watching,
)
from rulings.facts.state import DamageSource, StateAsked
from rulings.knowledge.aftermath import result_of

TOPIC = "CR 120.4b Damage triggers; CR 603.2 Handling triggered abilities"

#: the results of damage that is dealt (not prevented, not 0, to something that can be dealt
#: damage: CR 120.1, 120.3)
DEALT = ("marked", "-1/-1 counters", "life lost", "poison", "loyalty removed",
         "defense removed")
#: `to` words of a deals-damage trigger that any player fits
ANY_PLAYER = ("player", "any_player", "each_player")
#: `to` words of a deals-damage trigger that each opponent of its controller fits
OPPONENTS = ("opponent", "each_opponent")
#: the amount word of a step that means the damage the trigger event dealt ("that much")
THAT_MUCH = "that_much"
#: the step of the answer these rulings are said at: with the other triggers (triggers.py)
STEP_TRIGGERS = 100
FILLED = P(lambda v: v != "")


def _combat_wanted(args: list[str]) -> bool | None:
    """Whether the trigger asks for combat damage (True), for noncombat damage (False), or
    for any damage (None): its `combat` filter, as an args word."""
    for item in args or []:
        key, _, value = str(item).partition("=")
        if key == "combat":
            return value == "true"
    return None


def _fits_combat(args: list[str], combat: bool) -> bool:
    wanted = _combat_wanted(args)
    return wanted is None or wanted == combat


def _damage_words(combat: bool) -> str:
    return "combat damage" if combat else "damage"


class Rules:
    # -- the damage dealt, as events (CR 120.4b, 510.2) -------------------------------------

    @rule(
        StateAsked(),
        DamageSource(source=MATCH.source),
        id="damage-triggers.events",
        cites=("CR 120.4b", "CR 510.2", "CR 603.2c"),
        because="{source} deals damage in the event asked about; abilities that trigger on "
                "damage being dealt trigger as it is dealt, once for each source and each "
                "recipient it is dealt to (prevented damage, or 0, is not dealt)",
        salience=AGGREGATE,
    )
    def dmg_events(self, source):
        a = result_of(self)
        seen: dict[tuple[str, str, str], dict] = {}
        for r in a.dealt:
            if r.source != source or r.result not in DEALT or r.amount <= 0:
                continue
            self.cite(*r.facts)
            key = (r.step, r.to, "combat" if r.combat else "")
            # a creature that is also a planeswalker has two results of one damage
            seen.setdefault(key, {"amount": r.amount, "combat": r.combat})
        if not seen:
            return None
        self.cite(*a.source_facts.get(source, []))
        out = []
        for (step, to, _), d in sorted(seen.items()):
            event = f"damage:{step or 'dealt'}"
            out.append(GameEvent(event=event, kind="deals_damage", object=source, to=to,
                                 amount=d["amount"], combat=d["combat"], step=step))
            out.append(GameEvent(event=event, kind="dealt_damage", object=to, to=source,
                                 amount=d["amount"], combat=d["combat"], step=step))
        return out

    # -- where the source must be (CR 603.10: damage triggers don't look back) -------------

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind),
        TEST(lambda kind: kind in DAMAGE_EVENTS),
        GameEvent(kind=MATCH.kind),
        GameObject(id=MATCH.source, zone="battlefield"),
        id="damage-triggers.sees",
        cites=("CR 603.10", "CR 120.4b", "CR 704.3"),
        because="{source} is on the battlefield as the damage is dealt, and abilities that "
                "trigger on damage trigger right then; state-based actions, which may then "
                "put it into a graveyard, are checked only afterwards",
    )
    def dmg_sees(self, ability, source):
        return Watching(ability=ability, source=source, event="", when="as the damage is dealt")

    # -- whom the damage is dealt to: the trigger's `to` -------------------------------------

    @rule(
        Trigger(ability=MATCH.ability, event="deals_damage", to=MATCH.to),
        TEST(lambda to: to in ANY_PLAYER),
        GameEvent(kind="deals_damage", to=MATCH.recipient),
        Player(name=MATCH.recipient),
        id="damage-triggers.to-player",
        cites=("CR 102.1", "CR 120.1"),
        because="{ability} watches damage dealt to a player, and {recipient} is a player",
    )
    def dmg_to_player(self, ability, recipient):
        return DamagedFits(ability=ability, recipient=recipient)

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="deals_damage", to=MATCH.to),
        TEST(lambda to: to in OPPONENTS),
        GameEvent(kind="deals_damage", to=MATCH.recipient),
        SourceController(object=MATCH.source, player=MATCH.controller),
        Opponent(player=MATCH.recipient, of=MATCH.controller),
        id="damage-triggers.to-opponent",
        cites=("CR 102.2", "CR 102.3", "CR 603.3a"),
        because="{ability} watches damage dealt to an opponent of its controller, and "
                "{recipient} is an opponent of {controller}",
    )
    def dmg_to_opponent(self, ability, recipient):
        return DamagedFits(ability=ability, recipient=recipient)

    @rule(
        Trigger(ability=MATCH.ability, event="deals_damage", to=MATCH.to),
        TEST(lambda to: to != "" and to not in ANY_PLAYER and to not in OPPONENTS),
        GameEvent(kind="deals_damage", to=MATCH.recipient),
        Selects(selector=MATCH.to, object=MATCH.recipient),
        id="damage-triggers.to-described",
        cites=("CR 603.2", "CR 120.1"),
        because="{ability} watches damage dealt to what its trigger describes, and "
                "{recipient} is such",
    )
    def dmg_to_described(self, ability, recipient):
        return DamagedFits(ability=ability, recipient=recipient)

    # -- what triggers (CR 603.2, 603.2c) ----------------------------------------------------

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="deals_damage", what=FILLED,
                to=FILLED),
        Trigger(ability=MATCH.ability, what=MATCH.what, args=MATCH.args),
        Armed(ability=MATCH.ability),
        GameEvent(kind="deals_damage", object=MATCH.object, to=MATCH.recipient,
                  amount=MATCH.amount, combat=MATCH.combat, step=MATCH.damage_step),
        TEST(lambda args, combat: _fits_combat(args, combat)),
        Selects(selector=MATCH.what, object=MATCH.object),
        DamagedFits(ability=MATCH.ability, recipient=MATCH.recipient),
        SourceController(object=MATCH.source, player=MATCH.controller),
        id="damage-triggers.deals-damage-to",
        cites=("CR 603.2", "CR 603.2c", "CR 120.4b"),
        because="{object} deals {amount} damage to {recipient}; {ability} triggers when what "
                "its trigger describes deals damage of that kind to such a recipient, once "
                "for each recipient",
    )
    def dmg_deals_to(self, ability, source, object, recipient, amount, damage_step,
                     controller):
        occurrence = f"deals_damage:{object}:{recipient}:{damage_step}"
        return [Triggered(ability=ability, source=source, occurrence=occurrence,
                          controller=controller, about=recipient, kind="deals_damage"),
                TriggerAmount(ability=ability, occurrence=occurrence, amount=amount)]

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="deals_damage", what=FILLED,
                to=""),
        Trigger(ability=MATCH.ability, what=MATCH.what, args=MATCH.args),
        Armed(ability=MATCH.ability),
        GameEvent(kind="deals_damage", object=MATCH.object, combat=MATCH.combat,
                  step=MATCH.damage_step),
        TEST(lambda args, combat: _fits_combat(args, combat)),
        Selects(selector=MATCH.what, object=MATCH.object),
        SourceController(object=MATCH.source, player=MATCH.controller),
        id="damage-triggers.deals-damage",
        cites=("CR 603.2", "CR 603.2c", "CR 120.4b", "CR 510.2"),
        because="{object} deals damage; {ability} triggers when what its trigger describes "
                "deals damage, whatever it is dealt to: damage dealt at once to several "
                "recipients is one event, so it triggers once for it",
    )
    def dmg_deals(self, ability, source, object, combat, damage_step, controller, args):
        total = sum(e["amount"] for e in self.collect(GameEvent, kind="deals_damage",
                                                      object=object, step=damage_step)
                    if _fits_combat(args, e["combat"]))
        occurrence = f"deals_damage:{object}:{damage_step}"
        return [Triggered(ability=ability, source=source, occurrence=occurrence,
                          controller=controller, about=object, kind="deals_damage"),
                TriggerAmount(ability=ability, occurrence=occurrence, amount=total)]

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="dealt_damage", what=FILLED,
                to=MATCH.by),
        Trigger(ability=MATCH.ability, what=MATCH.what, args=MATCH.args),
        Armed(ability=MATCH.ability),
        GameEvent(kind="dealt_damage", object=MATCH.object, to=MATCH.by_what,
                  combat=MATCH.combat, step=MATCH.damage_step),
        TEST(lambda args, combat: _fits_combat(args, combat)),
        Selects(selector=MATCH.what, object=MATCH.object),
        SourceController(object=MATCH.source, player=MATCH.controller),
        id="damage-triggers.dealt-damage",
        cites=("CR 603.2", "CR 603.2c", "CR 120.4b", "CR 120.9"),
        because="{object} is dealt damage by {by_what}; {ability} triggers when what its "
                "trigger describes is dealt damage: damage from several sources at once is "
                "one event, so it triggers once, and counts the damage of the sources it "
                "names only",
        salience=SUMMARIZE,  # after the events of every source are concluded
    )
    def dmg_dealt(self, ability, source, object, by, by_what, damage_step, controller, args):
        fits = {f["object"] for f in self.collect(Selects, selector=by)} if by else None
        if fits is not None and by_what not in fits:
            return None
        total = sum(e["amount"] for e in self.collect(GameEvent, kind="dealt_damage",
                                                      object=object, step=damage_step)
                    if _fits_combat(args, e["combat"]) and (fits is None or e["to"] in fits))
        occurrence = f"dealt_damage:{object}:{damage_step}"
        return [Triggered(ability=ability, source=source, occurrence=occurrence,
                          controller=controller, about=object, kind="dealt_damage"),
                TriggerAmount(ability=ability, occurrence=occurrence, amount=total)]

    # -- "that much": the damage dealt, as the number its effect uses (CR 120.9) --------------

    @rule(
        Triggered(ability=MATCH.ability, occurrence=MATCH.occurrence),
        TriggerAmount(ability=MATCH.ability, occurrence=MATCH.occurrence, amount=MATCH.amount),
        Step(ability=MATCH.ability, amount=THAT_MUCH, verb=MATCH.verb),
        id="damage-triggers.that-much",
        cites=("CR 120.9", "CR 603.2"),
        because="{ability}'s effect counts the damage its trigger event dealt ('that much'), "
                "and the damage of this occurrence, by the sources its trigger names, is "
                "{amount}",
        says="{ability} will {action}",
    )
    def dmg_that_much(self, ability, occurrence, amount):
        return Ruling(about=f"trigger.{ability}.{occurrence}.amount", subject="{ability}",
                      verdict="happens",
                      action=f"count {amount} damage as the damage dealt ('that much') for "
                             "this trigger", step=STEP_TRIGGERS + 52)

    # -- near misses: damage of another kind, or to something else -------------------------

    @rule(
        Trigger(ability=MATCH.ability, event=MATCH.kind, what=FILLED),
        TEST(lambda kind: kind in DAMAGE_EVENTS),
        Trigger(ability=MATCH.ability, what=MATCH.what, args=MATCH.args),
        Armed(ability=MATCH.ability),
        GameEvent(kind=MATCH.kind, object=MATCH.object, combat=MATCH.combat),
        TEST(lambda args, combat: not _fits_combat(args, combat)),
        Selects(selector=MATCH.what, object=MATCH.object),
        id="damage-triggers.other-kind",
        cites=("CR 603.2", "CR 510.2", "CR 120.2b"),
        because="{ability} triggers only on combat damage, or only on damage that isn't "
                "combat damage, as its trigger says, and the damage here is of the other "
                "kind",
        says="{ability} doesn't {action}",
    )
    def dmg_other_kind(self, ability, kind, object, combat):
        what = "combat damage" if combat else "not combat damage"
        verb = "deals" if kind == "deals_damage" else "is dealt"
        return Ruling(about=f"trigger.{ability}.{kind}:{object}.kind",
                      subject="{ability}", verdict="doesn't happen",
                      action=f"trigger for the damage {{object}} {verb}: it is {what}",
                      step=STEP_TRIGGERS - 1)

    @rule(
        Trigger(ability=MATCH.ability, event="deals_damage", what=FILLED, to=FILLED),
        Trigger(ability=MATCH.ability, what=MATCH.what, args=MATCH.args),
        Armed(ability=MATCH.ability),
        GameEvent(kind="deals_damage", object=MATCH.object, combat=MATCH.combat),
        TEST(lambda args, combat: _fits_combat(args, combat)),
        Selects(selector=MATCH.what, object=MATCH.object),
        id="damage-triggers.not-to-what-it-watches",
        cites=("CR 603.2", "CR 120.1"),
        because="{ability} triggers only when the damage is dealt to what its trigger "
                "describes, and {object} deals none of its damage to such",
        says="{ability} doesn't {action}",
        salience=AGGREGATE,
    )
    def dmg_not_to(self, ability, object, args):
        events = [e for e in self.collect(GameEvent, kind="deals_damage", object=object)
                  if _fits_combat(args, e["combat"])]
        fits = {f["recipient"] for f in self.collect(DamagedFits, ability=ability)}
        if not events or any(e["to"] in fits for e in events):
            return None
        self.cite(*events)
        named = {f["id"]: f["name"] for f in self.collect(GameObject)}
        names = " and ".join(sorted({named.get(e["to"]) or e["to"] for e in events}))
        return Ruling(about=f"trigger.{ability}.deals_damage:{object}.to",
                      subject="{ability}", verdict="doesn't happen",
                      action=f"trigger: {{object}} deals its damage only to {names}",
                      step=STEP_TRIGGERS - 1)


__all__ = ["Rules"]
