"""Replacement effects on where found cards go (CR 614, 616.1): an opponent searching their
library exiles what they find instead (e.g. Opposition Agent); with several such effects the
affected card's owner picks one, or whoever controls that owner; an exiled card is a new object
the rest of the effect can't follow (CR 400.7)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rulings.engine.experta_compat import MATCH, NOT, OR, TEST, P
from rulings.engine.rules import rule
from rulings.facts.effects import Replacement
from rulings.facts.game import GameObject, Opponent
from rulings.facts.mana import Enters
from rulings.facts.replacement import EventReplaced, Replaced, ReplacementWatch
from rulings.facts.resolution import (
    CastFoundStep,
    Decider,
    ExileClaim,
    ExiledInstead,
    Found,
    OpponentsExileFound,
    PutStep,
    Resolving,
    RevealFoundStep,
    SearchHappens,
    SearchPlan,
)
from rulings.facts.rulings import Ruling, step_ref
from rulings.facts.shared import MayPlay
from rulings.facts.stack import (
    CounterPut,
    DiesEvent,
    Draws,
    GainsLife,
    GameEvent,
    Leaves,
    Leaving,
    LosesLife,
    StepBegins,
)
from rulings.facts.state import (
    DamageSource,
    DestroyEvent,
    SacrificeEvent,
    StateAsked,
    Status,
)
from rulings.knowledge.aftermath import leaves, removed_by_event, result_of
from rulings.knowledge.layer_system import board
from rulings.knowledge.replacement_system import (
    Outcome,
    Table,
    asked_events,
    explain_orders,
    zone_outcome,
)

TOPIC = "CR 614 Replacement effects"

# == one framework for replacement and prevention effects (CR 614-616, issue 21) ===============
# The procedure is knowledge/replacement_system.py; these rules conclude its results.
#: the GameEvent kind a replaced event would have been, for the trigger rules
_TRIGGER_KIND = {"zone": "dies", "draw": "draws", "gain_life": "gains_life",
                 "lose_life": "loses_life", "step": "step"}


def _replaced(about: str, o: Outcome, t: Table, branch: str = "", cost: str = "") -> Replaced:
    name = t.name
    ev, final = o.event, o.final
    before = ev.words(name)
    if ev.kind == "draw" and ev.amount > 1:
        before = f"{name(ev.subject)} draws {ev.amount} cards (each a draw of its own)"
    return Replaced(
        about=about, kind=ev.kind, subject=ev.subject, before=before,
        after=final.words(name), result=final.kind, amount=final.amount, to=final.to,
        effects=[f"{a.effect.label} ({a.effect.does})" for a in o.applied],
        chooser=o.chooser, choice=o.choice, order_matters=o.order_matters, chosen=o.chosen,
        first=" then ".join(a.effect.label for a in o.applied),
        orders=explain_orders(o, name) if o.choice else "",
        self_first=o.self_first,
        stopped=[*(f"{e}: {why}" for e, why in o.stopped),
                 *(f"{b}: the damage can't be prevented" for b in o.blocked)],
        once=o.once if ev.kind != "enters" else [], branch=branch, cost=cost)


def _slots(fact: Any) -> dict[str, Any]:
    return {k: v for k, v in fact.items() if not type(fact).is_special(k)}


def _then(effects: list[str]) -> str:
    return ", then ".join(effects)


def _trigger_facts(o: Outcome) -> list[Any]:
    """What the trigger rules see instead of the replaced event (603.2, 614.6)."""
    ev, final = o.event, o.final
    kind = _TRIGGER_KIND.get(ev.kind)
    if not kind or not o.applied:
        return []
    if ev.kind == "zone" and final.kind == "zone" and final.to == "graveyard":
        return []
    if ev.kind in ("gain_life", "lose_life") and final.kind == ev.kind:
        return []
    out: list[Any] = [EventReplaced(kind=kind, subject=ev.subject)]
    if ev.kind == "zone" and final.kind == "zone":
        out += [GameEvent(event="dies", kind="leaves", object=ev.subject, to=final.to),
                Leaving(object=ev.subject)]
    if final.kind in ("gain_life", "lose_life") and final.kind != ev.kind:
        out.append(GameEvent(event=final.kind, kind=_TRIGGER_KIND[final.kind],
                             player=ev.subject, amount=final.amount))
    return out



class Rules:
    @rule(
        Found(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        SearchHappens(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                      owner=MATCH.player, library=True),
        OpponentsExileFound(source=MATCH.source, any_color_mana=MATCH.any_color),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        id="replacement.exile-claim",
        cites=("CR 614.1a",),
        because="{player}, an opponent of {controller}, found {card} while searching their "
                "own library, and {source}'s effect exiles such cards instead",
    )
    def repl_claim(self, ability, n, card, source, controller, any_color):
        return ExileClaim(ability=ability, step=n, object=card, source=source,
                          controller=controller, any_color_mana=any_color)

    @rule(
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.source, controller=MATCH.chooser),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.chooser),
        id="replacement.chooser-takes-own",
        cites=("CR 616.1", "CR 723.5"),
        because="the card's owner would choose which exile effect applies, but {chooser} "
                "makes that owner's decisions and may pick {source}'s effect, their own",
    )
    def repl_chooser_own(self, ability, n, card, source, chooser):
        return ExiledInstead(ability=ability, step=n, object=card, source=source,
                             chooser=chooser)

    @rule(
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.source),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.chooser),
        NOT(ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                       controller=MATCH.chooser)),
        id="replacement.chooser-takes-any",
        cites=("CR 616.1",),
        because="{chooser} decides for the card's owner which exile effect applies; none of "
                "them is {chooser}'s own, so any of them may be picked",
        absent=("none of the exile effects on {card} is {chooser}'s own",),
    )
    def repl_chooser_any(self, ability, n, card, source, chooser):
        return ExiledInstead(ability=ability, step=n, object=card, source=source,
                             chooser=chooser)

    @rule(
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                      source=MATCH.source),
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.source, controller=MATCH.controller,
                   any_color_mana=MATCH.any_color),
        id="replacement.may-play",
        cites=("CR 614.1a",),
        because="{source}'s effect lets {controller} play the cards it exiled for as long as "
                "they stay in exile",
    )
    def repl_may_play(self, card, source, controller, any_color):
        return MayPlay(player=controller, object=card, source=source,
                       any_color_mana=any_color)

    # -- rulings -------------------------------------------------------------------------------

    @rule(
        OR(PutStep(ability=MATCH.ability, step=MATCH.move_step, to=MATCH.to),
           CastFoundStep(ability=MATCH.ability, step=MATCH.move_step)),
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                      source=MATCH.source),
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.source, controller=MATCH.controller,
                   any_color_mana=MATCH.any_color),
        GameObject(id=MATCH.card, name=MATCH.card_name, types=MATCH.types),
        TEST(lambda n, move_step: n < move_step),
        id="replacement.exiled-instead",
        cites=("CR 614.1a", "CR 608.2c", "CR 609.4b"),
        because="{source}'s effect replaces where step {move_step} would put {card}: it is "
                "exiled instead, and {controller} may play it while it stays exiled; the "
                "effect's other steps still happen",
        says="{card} {action}",
    )
    def repl_exiled_instead(self, ability, n, move_step, card, card_name, controller,
                            any_color, types):
        # the mana freedom is for casting; a land is played, never cast (CR 305.9)
        how = (", paying for it with mana of whatever colors, as if each had the color "
               "its cost asks for"
               if any_color and "land" not in types else "")
        return Ruling(about=f"{ability}.s{move_step}.{card}", subject="{card}",
                      verdict="happens",
                      action=f"is exiled instead, and {controller} may play it{how}",
                      step=10 * move_step + 1, happen=[step_ref(ability, n)])

    @rule(
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                      source=MATCH.source, chooser=MATCH.chooser),
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.other_source),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.owner),
        TEST(lambda source, other_source: source != other_source),
        id="replacement.controlled-owner-chooses",
        cites=("CR 616.1", "CR 723.5"),
        because="{source} and {other_source} each try to exile {card}; its owner {owner} "
                "would choose which applies, but {chooser} controls {owner} during the search "
                "and so chooses, and may pick {source}'s effect to get the permission",
        says="{chooser} chooses {source}'s exile effect for {card}",
    )
    def repl_controlled_owner(self, ability, n, card, chooser):
        return Ruling(about=f"{ability}.s{n}.replacement.{card}", subject=chooser,
                      verdict="may", action="choose which exile effect applies",
                      step=10 * n + 7)

    @rule(
        OR(RevealFoundStep(ability=MATCH.ability, step=MATCH.later),
           CastFoundStep(ability=MATCH.ability, step=MATCH.later)),
        PutStep(ability=MATCH.ability, step=MATCH.move_step),
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        GameObject(id=MATCH.card, name=MATCH.card_name),
        TEST(lambda n, move_step, later: n < move_step < later),
        id="replacement.new-object-in-exile",
        cites=("CR 400.7",),
        because="{card} was exiled instead in step {move_step}; a card that changes zones is "
                "a new object, so step {later} can't find it in exile",
        says="step {later} can't act on {card}",
    )
    def repl_new_object(self, ability, later, card):
        return Ruling(about=f"{ability}.s{later}.{card}", subject=f"step {later}",
                      verdict="can't", action="act on the exiled card", step=10 * later + 1)

    @rule(
        CastFoundStep(ability=MATCH.ability, step=MATCH.later),
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                      source=MATCH.source),
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.source, controller=MATCH.controller),
        Resolving(ability=MATCH.ability, controller=MATCH.caster),
        GameObject(id=MATCH.card, name=MATCH.card_name),
        TEST(lambda n, later: n < later),
        id="replacement.found-card-out-of-reach",
        cites=("CR 400.7", "CR 614.1a", "CR 608.2c"),
        because="{source}'s effect exiled {card} as it was found; a card that changes zones "
                "becomes a new object, so step {later} of {ability}, which casts the card "
                "found, can't see it in exile; only {source}'s permission reaches it there, "
                "and that permission is {controller}'s",
        says="{caster} can't cast {card} through step {later} of {ability}",
    )
    def repl_found_card_out_of_reach(self, ability, later, card, caster, card_name):
        return Ruling(about=f"{ability}.s{later}.{card}.cast", subject=caster,
                      verdict="can't", action=f"cast {card_name} through {ability}",
                      step=10 * later + 2)

    # -------------------- one framework (issue 21) ----------------------------------------
    @rule(
        OR(CounterPut(), GainsLife(), LosesLife(), Draws(), StepBegins(), DestroyEvent(),
           SacrificeEvent(), DiesEvent(), Leaves(), Enters(), StateAsked()),
        Replacement(),
        id="replacement.watch",
        cites=("CR 614.1",),
        because="the question's event is one a replacement effect of the situation may "
                "watch for",
    )
    def watch(self):
        return ReplacementWatch()

    @rule(
        ReplacementWatch(),
        id="replacement.outcomes",
        cites=("CR 614.1", "CR 614.5", "CR 616.1"),
        because="each replacement effect that applies modifies the event once; self-"
                "replacement effects first, then the affected player or the controller of "
                "the affected object chooses the order of the rest, each checked again after "
                "the one before",
    )
    def outcomes(self):
        facts = self.situation_facts()
        b = board(self)
        t = Table(facts, b)
        out: list[Any] = []
        for a in asked_events(facts, b):
            self.cite(*a.facts, *a.outcome.facts)
            for part in a.parts:
                self.cite(*part.facts)
            final = a.outcome.final
            # entering with X counters alone is said by the X rules (symbols.py), unless a
            # counter effect changed them
            x_counters = any(type(f).__name__ == "EntersWithCounters" and f["amount"] == "X"
                             and f["source"] == final.subject for f in facts)
            said = final.kind != "enters" or not x_counters or final.tapped or a.branch or any(
                p.applied for p in a.parts) or any("chooses" in x.effect.does
                                                   for x in a.outcome.applied)
            if (a.outcome.applied or a.branch) and said:
                fact = _replaced(a.about, a.outcome, t, a.branch, a.cost)
                if a.parts:  # 616.1g: the counters it enters with, as changed inside
                    final = replace(a.outcome.final, extra=tuple(
                        (p.final.counter, p.final.amount) for p in a.parts
                        if p.final.kind == "counters"))
                    fact = Replaced(**{**_slots(fact), "after": final.words(t.name)})
                out.append(fact)
            for i, part in enumerate(a.parts):
                if part.applied:
                    out.append(_replaced(f"{a.about}:counters{i + 1}", part, t, a.branch))
            out += _trigger_facts(a.outcome)
        return out

    @rule(
        Status(object=MATCH.object, check=1),
        ReplacementWatch(),
        id="replacement.dies-by-rules",
        cites=("CR 614.6", "CR 704.3", "CR 700.4"),
        because="the state-based actions would put {object} into its owner's graveyard; "
                "replacement effects on that zone change apply to it too",
    )
    def dies_by_rules(self, object):
        a = result_of(self)
        facts = self.situation_facts()
        b = board(self)
        if object in removed_by_event(a.status, facts) or not leaves(a.status[object]):
            return None   # the event itself moves it (replacement.outcomes), or it stays
        cause = "destroy" if a.status[object]["toughness"] > 0 else "state-based"
        # dealtdmg area: the damage the event dealt is damage dealt this turn too (120.1)
        dealt = {(r.source, r.to) for r in a.dealt if r.amount > 0}
        o = zone_outcome(facts, b, object, cause, dealt)
        if not o.applied:
            return None
        self.cite(*o.facts, *a.status_facts.get(object, []))
        return [_replaced(f"{object}:zone", o, Table(facts, b)), *_trigger_facts(o)]

    @rule(
        StateAsked(),
        DamageSource(source=MATCH.source),
        id="replacement.damage",
        cites=("CR 616.1", "CR 614.9", "CR 615.12"),
        because="the damage {source} would deal is modified by the replacement and "
                "prevention effects that apply to it, in the order the affected player or "
                "the controller of the affected object chooses",
    )
    def damage(self, source):
        a = result_of(self)
        facts = self.situation_facts()
        t = Table(facts, board(self))
        out = []
        for r in a.results:
            o = r.replaced
            if r.source != source or o is None:
                continue
            only_prevention = all(x.effect.kind == "prevention" for x in o.applied)
            if only_prevention and not o.choice and not o.blocked:
                continue  # one shield or protection: the damage rules say it
            self.cite(*o.facts)
            out.append(_replaced(f"{r.meant_for}:damage:{source}", o, t))
        for (player, by), o in sorted(a.life_replaced.items()):
            if by == source:   # lifelink's gain, changed (702.15b, 614.1a)
                self.cite(*o.facts)
                out.append(_replaced(f"{player}:lifelink:{source}", o, t))
        return out

    # -- the rulings ---------------------------------------------------------------------------

    @rule(
        Replaced(about=MATCH.about, kind=P(lambda k: k in ("counters", "gain_life",
                                                          "lose_life")),
                 subject=MATCH.subject, before=MATCH.before, after=MATCH.after,
                 effects=MATCH.effects),
        id="replacement.amount-changed",
        cites=("CR 614.1a", "CR 616.1"),
        because="left alone, this would happen: {before}; but replacement effects change the "
                "event as it happens: {effects}",
        says="{after}, in place of this: {before}",
    )
    def amount_changed(self, about, subject, before, after, effects):
        return Ruling(about=f"{about}:replaced", subject="{subject}", verdict="happens",
                      action=f"instead: {after} (not {before}; {_then(effects)})", step=1)

    @rule(
        Replaced(about=MATCH.about, kind="damage", subject=MATCH.subject, before=MATCH.before,
                 after=MATCH.after, effects=MATCH.effects),
        id="replacement.damage-changed",
        cites=("CR 614.1a", "CR 614.9", "CR 615.1", "CR 616.1"),
        because="{before} would be dealt, but replacement and prevention effects change it "
                "as it happens: {effects}",
        says="{after}, in place of this: {before}",
    )
    def damage_changed(self, about, subject, before, after, effects):
        return Ruling(about=f"{about}:replaced", subject="the damage",
                      verdict="happens",
                      action=f"become: {after} (not {before}; {_then(effects) or 'none'})",
                      step=1)

    @rule(
        Replaced(about=MATCH.about, kind="zone", subject=MATCH.subject, before=MATCH.before,
                 after=MATCH.after, effects=MATCH.effects, result=MATCH.result),
        id="replacement.zone-changed",
        cites=("CR 614.1a", "CR 614.6", "CR 700.4"),
        because="left alone, this would happen: {before}; but a replacement effect changes "
                "where it goes: {effects}; a creature that never reaches a graveyard doesn't "
                "die, so abilities that trigger on dying don't trigger",
        says="{after}, in place of this: {before}",
    )
    def zone_changed(self, about, subject, before, after, effects, result):
        return Ruling(about=f"{about}:replaced", subject="{subject}", verdict="happens",
                      action=f"instead: {after} (not the graveyard; {_then(effects)})",
                      step=2)

    @rule(
        Replaced(about=MATCH.about, kind="draw", subject=MATCH.subject, before=MATCH.before,
                 after=MATCH.after, effects=MATCH.effects),
        id="replacement.draw-replaced",
        cites=("CR 614.1a", "CR 614.11", "CR 121.2"),
        because="{before}; a replacement effect changes each draw: {effects}",
        says="instead of drawing, {after}",
    )
    def draw_replaced(self, about, subject, before, after, effects):
        return Ruling(about=f"{about}:replaced", subject="{subject}", verdict="happens",
                      action=f"not draw: {after} instead, for each card ({_then(effects)})",
                      step=1)

    @rule(
        Replaced(about=MATCH.about, kind="step", subject=MATCH.subject, before=MATCH.before,
                 after=MATCH.after, effects=MATCH.effects, result="skipped"),
        id="replacement.step-skipped",
        cites=("CR 614.1b", "CR 614.10", "CR 500.11"),
        because="a replacement effect skips it: {effects}; a skipped step doesn't happen, so "
                "nothing in it happens and nothing triggers 'at the beginning of' it",
        says="{after}",
    )
    def step_skipped(self, about, subject, after, effects):
        return Ruling(about=f"{about}:replaced", subject="{subject}", verdict="happens",
                      action=f"skip the step ({_then(effects)})", step=1)

    @rule(
        Replaced(about=MATCH.about, kind="enters", subject=MATCH.subject, after=MATCH.after,
                 effects=MATCH.effects, branch=""),
        id="replacement.enters",
        cites=("CR 614.1c", "CR 614.1d", "CR 614.12"),
        because="effects that say how a permanent enters apply as it enters, not after: "
                "{effects}",
        says="{after}",
    )
    def enters(self, about, subject, after, effects):
        return Ruling(about=f"{about}:replaced", subject="{subject}", verdict="happens",
                      action=f"enter as modified: {after} ({_then(effects)})", step=1)

    @rule(
        Replaced(about=MATCH.about, kind="enters", subject=MATCH.entering, after=MATCH.after,
                 branch=MATCH.branch, cost=MATCH.cost, chooser=MATCH.chooser),
        TEST(lambda branch: branch != ""),
        id="replacement.enters-unless-paid",
        cites=("CR 614.12", "CR 614.1c", "CR 119.4"),
        because="as {entering} enters, {chooser} may {cost}; the choice is made as it enters, "
                "and what it enters as follows from it ({branch}: {after})",
        says="if {chooser} {branch}: {after}",
    )
    def enters_unless_paid(self, about, entering, after, branch, cost, chooser):
        chooses = branch in ("pays", "reveals")
        verdict = "may" if chooses else "happens"
        what = {"pays": f"{cost} as it enters, and then {after}",
                "doesn't pay": f"not {cost}: then {after}",
                "can't pay": f"not {cost} (not enough life): {after}",
                "reveals": f"{cost} as it enters, and then {after}",
                "doesn't reveal": f"not {cost}: then {after}",
                "can't reveal": f"not {cost} (their hand has no such card): {after}"}[branch]
        return Ruling(about=f"{about}", subject=chooser if chooses else "{entering}",
                      verdict=verdict, action=what, step=1)

    @rule(
        Replaced(about=MATCH.about, chooser=MATCH.chooser, order_matters=True, chosen=True,
                 orders=MATCH.orders, first=MATCH.first, after=MATCH.after),
        id="replacement.order-chosen",
        cites=("CR 616.1", "CR 616.1e"),
        because="several replacement or prevention effects apply to the event and the result "
                "depends on their order ({orders}); {chooser}, the affected player or the "
                "controller of the affected object, chose {first}",
        says="{chooser} applies {first}: {after}",
    )
    def order_chosen(self, about, chooser, first, after):
        return Ruling(about=f"{about}:order", subject=chooser, verdict="happens",
                      action=f"apply {first}, so that {after}", step=1)

    @rule(
        Replaced(about=MATCH.about, chooser=MATCH.chooser, order_matters=True, chosen=False,
                 orders=MATCH.orders),
        id="replacement.order-matters",
        cites=("CR 616.1", "CR 616.1e"),
        because="several replacement or prevention effects apply to the event and the "
                "result depends on their order; the affected player, or the controller of the "
                "affected object, chooses which applies first: {orders}. The rest of the "
                "answer takes the first of these orders (the situation may say which order "
                "the player chose)",
        says="{chooser} chooses the order: {orders}",
    )
    def order_matters(self, about, chooser, orders):
        return Ruling(about=f"{about}:order", subject=chooser, verdict="may",
                      action=f"choose the order of the replacement effects ({orders})",
                      step=1)

    @rule(
        Replaced(about=MATCH.about, chooser=MATCH.chooser, choice=True, order_matters=False,
                 orders=MATCH.orders),
        id="replacement.order-irrelevant",
        cites=("CR 616.1", "CR 616.1e"),
        because="several effects apply and {chooser} chooses their order, but every order "
                "gives the same result ({orders})",
        says="the order {chooser} chooses doesn't matter",
    )
    def order_irrelevant(self, about, chooser, orders):
        return Ruling(about=f"{about}:order", subject="the order of the replacement effects",
                      verdict="doesn't happen", action="change the result", step=1)

    @rule(
        Replaced(about=MATCH.about, self_first=MATCH.first),
        TEST(lambda first: len(first) > 0),
        id="replacement.self-first",
        cites=("CR 616.1a", "CR 614.15"),
        because="{first} is a self-replacement effect (it modifies how its own spell, "
                "ability or object does something), so it applies before the other effects",
        says="{first} applies first",
    )
    def self_first(self, about, first):
        return Ruling(about=f"{about}:self-first", subject=", ".join(first),
                      verdict="happens", action="apply first (a self-replacement effect)",
                      step=1)

    @rule(
        Replaced(about=MATCH.about, stopped=MATCH.stopped),
        TEST(lambda stopped: len(stopped) > 0),
        id="replacement.stops-applying",
        cites=("CR 616.1f", "CR 615.12"),
        because="after each effect, the others are checked again against the modified "
                "event; these no longer apply to it: {stopped}",
        says="no longer applies: {stopped}",
    )
    def stops_applying(self, about, stopped):
        names = ", ".join(s.split(":")[0] for s in stopped)
        return Ruling(about=f"{about}:stopped", subject=names, verdict="doesn't happen",
                      action="apply to the modified event", step=1)

    @rule(
        Replaced(about=MATCH.about, once=MATCH.once),
        TEST(lambda once: len(once) > 0),
        id="replacement.once",
        cites=("CR 614.5",),
        because="a replacement effect gets one chance at an event and at whatever replaced "
                "it: {once} would fit the modified event too, but applies only once",
        says="each applies only once: {once}",
    )
    def once(self, about, once):
        return Ruling(about=f"{about}:once", subject=", ".join(once), verdict="doesn't happen",
                      action="apply a second time to the same event", step=1)

    @rule(
        Replaced(kind="counters", subject=MATCH.object, amount=MATCH.amount,
                 about=P(lambda a: a.endswith(":counters"))),
        Status(object=MATCH.object, check=1, creature=True, toughness=MATCH.toughness),
        id="replacement.counters-toughness",
        cites=("CR 122.1", "CR 613.4c"),
        because="with the {amount} counters the event really puts on {object}, its toughness "
                "is {toughness}",
        says="{object}'s toughness is {toughness}",
    )
    def counters_toughness(self, object, amount, toughness):
        return Ruling(about=f"{object}:toughness-after", subject="{object}", verdict="happens",
                      action=f"have toughness {toughness}", step=2)
