"""CR 607 Linked abilities (the two-trigger exile-and-return form) and CR 603.8 state triggers.

The two-trigger form: one ability of a card exiles ("When ~ enters, exile target creature an
opponent controls"), another returns "the exiled card" when the card leaves the battlefield.
The second refers only to what the first exiled (607.2a, 406.6). Unlike an exile "until ~
leaves the battlefield" (610.3, knowledge/rules/instructions.py), the exile does not wait on
anything: if the card has already left when the exiling ability resolves, its leaving
ability has already triggered with nothing to return, and the card stays exiled for good.
A card in exile records which object exiled it with `exiled_with:` (facts/linked.py).

A state trigger ("When you control no Islands, sacrifice ~") triggers whenever the game is in
that state, checked with the game as the question's event leaves it (what leaves the
battlefield in it no longer counts), and not again while it is on the stack (603.8)."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.effects import Selector, Selects, Step, Trigger
from rulings.facts.game import Ability, GameObject
from rulings.facts.linked import ExiledWith
from rulings.facts.resolution import esc
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    Fizzles,
    IfFalseOnResolution,
    Leaving,
    SourceController,
    StackObject,
    TopOfStack,
    Triggered,
)
from rulings.knowledge import resolving
from rulings.knowledge.rules.instructions import part_ref

TOPIC = "CR 607 Linked abilities; CR 603.8 State triggers"


def _number(ability: str) -> str:
    """'hunter.2' -> 'ability 2'."""
    n = ability.rsplit(".", 1)[-1]
    return f"ability {n}" if n.isdigit() else "its other ability"


def _state_kind(engine: Any, what: str) -> tuple[list[str], set[str]]:
    """The permanents on the battlefield the state trigger's selector picks, and those of
    them leaving the battlefield in the event."""
    picked = sorted(str(f["object"]) for f in engine.collect(Selects, selector=what)
                    if engine.collect(GameObject, id=f["object"], zone="battlefield"))
    leaving = {str(f["object"]) for f in engine.collect(Leaving)}
    return picked, leaving


class Rules:
    # -- the exile half resolves: where its linked return stands (CR 607.2a) -----------------

    @rule(
        TopOfStack(object=MATCH.object, source=MATCH.source, ability=MATCH.ability),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb="exile", duration="",
                      part=MATCH.part),
        Ability(id=MATCH.ability, kind="triggered"),
        GameObject(id=MATCH.source, name=MATCH.source_name, zone=MATCH.zone),
        TEST(lambda zone: zone != "battlefield"),
        Trigger(ability=MATCH.linked, source=MATCH.source, event="leaves"),
        Step(ability=MATCH.linked, verb="return", what=MATCH.sel),
        Selector(id=MATCH.sel, ref="exiled_with_this"),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="linked.exiled-for-good",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        cites=("CR 607.2a", "CR 603.6c", "CR 400.7"),
        because="step {index} of {object} exiles, and the card that would return it is "
                "{source_name}'s own leaves-the-battlefield ability ({linked}), linked to this "
                "exile; {source_name} is already in the {zone}, so that ability has already "
                "triggered, before anything was exiled with it, and won't trigger again: the "
                "{source_name} in the {zone} is a new object, not linked to this exile. This "
                "exile has no duration of its own, so it still happens",
        says="{subject} {action}",
    )
    def linked_exiled_for_good(self, object, ability, index, part, st, source_name, zone,
                               linked):
        ins = resolving.instruction(self, ability, index, part)
        if ins is None or ins.skipped or ins.declined:
            return None
        self.cite(*ins.facts)
        w = resolving.walk_for(self, object)
        what = esc(w.names_of(ins.objects)) if w is not None and ins.objects else \
            "what it exiles"
        s = "s" if len(ins.objects) == 1 else ""
        action = (f"stay{s} exiled for good: {esc(source_name)} left the battlefield before "
                  f"this ability resolved, so its {_number(linked)} (return the exiled card) "
                  f"has already triggered with nothing to return (CR 607.2a)")
        if ins.optional:
            action += f", if its controller chooses to exile {'it' if s else 'them'}"
        return Ruling(about=f"{object}.{part}.s{index}.linked", subject=what,
                      verdict="may" if ins.optional else "happens", action=action,
                      step=10 + index, happen=[part_ref(ability, part, index)])

    @rule(
        TopOfStack(object=MATCH.object, source=MATCH.source, ability=MATCH.ability),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb="exile", duration="",
                      part=MATCH.part),
        GameObject(id=MATCH.source, name=MATCH.source_name, zone="battlefield"),
        Trigger(ability=MATCH.linked, source=MATCH.source, event="leaves"),
        Step(ability=MATCH.linked, verb="return", what=MATCH.sel, to=MATCH.to),
        Selector(id=MATCH.sel, ref="exiled_with_this"),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="linked.exiled-until-linked-return",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        cites=("CR 607.2a", "CR 406.6", "CR 603.6c"),
        because="step {index} of {object} exiles, and {source_name}, still on the "
                "battlefield, has a leaves-the-battlefield ability ({linked}) that returns "
                "'the exiled card': the two are linked, so that ability returns exactly what "
                "this one exiles, once it triggers and resolves",
        says="{subject} {action}",
    )
    def linked_exiled_until_return(self, object, ability, index, part, st, source_name,
                                   linked, to):
        ins = resolving.instruction(self, ability, index, part)
        if ins is None or ins.skipped or ins.declined:
            return None
        self.cite(*ins.facts)
        w = resolving.walk_for(self, object)
        what = esc(w.names_of(ins.objects)) if w is not None and ins.objects else \
            "what it exiles"
        s = "s" if len(ins.objects) == 1 else ""
        where = "to the battlefield" if to == "battlefield" else f"to its owner's {to}"
        action = (f"stay{s} exiled until {esc(source_name)} leaves the battlefield; then "
                  f"its {_number(linked)} triggers, and as it resolves it returns "
                  f"{'it' if s else 'them'} {where} (CR 607.2a)")
        if ins.optional:
            action += f", if its controller chooses to exile {'it' if s else 'them'}"
        return Ruling(about=f"{object}.{part}.s{index}.linked", subject=what,
                      verdict="may" if ins.optional else "happens", action=action,
                      step=10 + index, happen=[part_ref(ability, part, index)])

    # -- the return half resolves (CR 607.2a) -------------------------------------------------

    @rule(
        TopOfStack(object=MATCH.object, source=MATCH.source, ability=MATCH.ability),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb="return", what=MATCH.sel,
                      part=MATCH.part),
        Selector(id=MATCH.sel, ref="exiled_with_this"),
        GameObject(id=MATCH.source, name=MATCH.source_name),
        ExiledWith(object=MATCH.card, by=MATCH.source),
        GameObject(id=MATCH.card, name=MATCH.card_name, zone="exile"),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="linked.returns-what-it-exiled",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        cites=("CR 607.2a", "CR 406.6"),
        because="step {index} of {object} returns 'the exiled card', which means only the "
                "cards an ability of {source_name} linked to it exiled; {card_name} was "
                "exiled with {source_name}",
        says="{subject} {action}",
    )
    def linked_returns(self, object, ability, index, part, st, card, card_name, source_name):
        return Ruling(about=f"{object}.{part}.s{index}.linked:{card}", subject=esc(card_name),
                      verdict="happens",
                      action=f"is the exiled card step {index} returns: "
                             f"{esc(source_name)} exiled it (CR 607.2a)",
                      step=10 + index, happen=[part_ref(ability, part, index)])

    @rule(
        TopOfStack(object=MATCH.object, source=MATCH.source, ability=MATCH.ability),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb="return", what=MATCH.sel,
                      part=MATCH.part),
        Selector(id=MATCH.sel, ref="exiled_with_this"),
        GameObject(id=MATCH.source, name=MATCH.source_name),
        NOT(ExiledWith(by=MATCH.source)),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="linked.nothing-exiled-yet",
        absent=("no card in exile was exiled with {source_name}",
                "{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        cites=("CR 607.2a", "CR 603.6c"),
        because="step {index} of {object} returns only what {source_name}'s linked exile "
                "ability exiled, and nothing in exile was exiled with it (that ability hasn't "
                "resolved, or exiled nothing); a card it exiles later stays exiled, since this "
                "ability won't trigger again for it",
        says="step {index} of {object} doesn't happen: {action}",
    )
    def linked_nothing_exiled(self, object, ability, index, part, st, source_name):
        return Ruling(about=f"{object}.{part}.s{index}.linked", subject=f"step {index}",
                      verdict="doesn't happen",
                      action=f"it returns nothing: no card in exile was exiled with "
                             f"{esc(source_name)} (CR 607.2a)",
                      step=10 + index, skipped=[part_ref(ability, part, index)])

    # -- state triggers (CR 603.8) -------------------------------------------------------------

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="controls_none",
                what=MATCH.what),
        GameObject(id=MATCH.source, name=MATCH.source_name, zone="battlefield"),
        SourceController(object=MATCH.source, player=MATCH.controller),
        NOT(StackObject(ability=MATCH.ability)),
        NOT(Leaving(object=MATCH.source)),
        id="linked.state-trigger",
        absent=("{ability} is not already on the stack",
                "{source_name} is not leaving the battlefield in the event"),
        cites=("CR 603.8", "CR 603.2"),
        because="{ability} is a state trigger: it triggers as soon as {controller} controls "
                "no permanent of the kind it names, and the game, as the event leaves it, is "
                "in that state: {controller} controls none (any there was leaves the "
                "battlefield in the event)",
        salience=AGGREGATE,
    )
    def linked_state_trigger(self, ability, source, what, controller, source_name):
        picked, leaving = _state_kind(self, what)
        if [o for o in picked if o not in leaving]:
            return None
        words = next((str(f["text"]) for f in self.collect(Selector, id=what)), "") or \
            "a kind of permanent"
        return Triggered(ability=ability, source=source, occurrence="state:controls_none",
                         controller=controller, about=f"{controller} controls nothing it "
                         f"describes ({words})",
                         kind="state trigger")

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="controls_none",
                what=MATCH.what),
        GameObject(id=MATCH.source, name=MATCH.source_name, zone="battlefield"),
        SourceController(object=MATCH.source, player=MATCH.controller),
        StackObject(ability=MATCH.ability, id=MATCH.waiting),
        id="linked.state-trigger-waiting",
        cites=("CR 603.8",),
        because="{ability} is a state trigger and is already on the stack ({waiting}): it "
                "doesn't trigger again until that one has left the stack",
        says="{subject} doesn't {action}",
        salience=AGGREGATE,
    )
    def linked_state_waiting(self, ability, source, what, controller, waiting):
        return Ruling(about=f"trigger.{ability}.state", subject="{ability}",
                      verdict="doesn't happen",
                      action="trigger again while it is already on the stack (CR 603.8)",
                      step=100)

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="controls_none",
                what=MATCH.what),
        GameObject(id=MATCH.source, name=MATCH.source_name, zone="battlefield"),
        SourceController(object=MATCH.source, player=MATCH.controller),
        Selects(selector=MATCH.what, object=MATCH.gone),
        Leaving(object=MATCH.gone),
        NOT(StackObject(ability=MATCH.ability)),
        NOT(Leaving(object=MATCH.source)),
        id="linked.state-not-reached",
        absent=("{ability} is not already on the stack",
                "{source_name} is not leaving the battlefield in the event"),
        cites=("CR 603.8",),
        because="{ability} is a state trigger: it triggers only once {controller} controls "
                "no permanent of the kind it names; {gone} leaves the battlefield in the "
                "event, but {controller} still controls another one",
        says="{subject} doesn't {action}",
        salience=AGGREGATE,
    )
    def linked_state_not_reached(self, ability, source, what, controller, gone):
        picked, leaving = _state_kind(self, what)
        kept = [o for o in picked if o not in leaving]
        if not kept:
            return None
        names = {f["id"]: f["name"] for f in self.collect(GameObject)}
        still = ", ".join(esc(str(names.get(o, o))) for o in kept)
        return Ruling(about=f"trigger.{ability}.state", subject="{ability}",
                      verdict="doesn't happen",
                      action=f"trigger: {controller} still controls {still} (CR 603.8)",
                      step=100)
