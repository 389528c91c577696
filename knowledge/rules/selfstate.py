"""CR 603.4 An intervening "if" about the object with the ability itself: "At the beginning of
each player's draw step, if ~ is untapped, …", "… if ~ is tapped, …", "… if ~ is enchanted
(equipped), …", "… if ~ is attacking (monstrous), …" (CR 110.5, 301.5, 303.4, 506.4,
701.37b), and "… if ~ is in your graveyard, …", which also says the ability works only from
that zone (113.6b; triggers.works-in-its-zone lets it see the event only from there).

The condition is checked twice (603.4): as the event happens (false, the ability doesn't
trigger) and again as the ability resolves (false, it does nothing, 608.2a; stack.py says
so). The permanent's state is the one the layer system finds on the board (tapped, what is
attached to it, attacking, monstrous); a source no longer where the condition looks for it
when the ability resolves fails the zone condition, and leaves a state condition open (608.2h:
its last known state, which the situation doesn't give). The finding is an IfCounted in
words ("Howling Mine is untapped"); ifcond.py says what it means for the ability.

"You may tap or untap target permanent" (a `tap_or_untap` step) leaves which of the two to
the controller as it resolves (CR 608.2d): the stack entry's `chosen: {tap_or_untap: tap}`
says which (one word for each such step, in order), and the resolution walk
(knowledge/resolving.py, knowledge/choices.tap_or_untap_chosen) taps or untaps the
permanent so; without it, both outcomes are said and neither is carried on."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.effects import Condition, Step, Trigger
from rulings.facts.game import Choice, GameObject
from rulings.facts.match import one_of
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    ConditionUnknown,
    Fizzles,
    GameEvent,
    IfCounted,
    TopOfStack,
    Watching,
)
from rulings.knowledge import resolving
from rulings.knowledge.choices import tap_or_untap_chosen
from rulings.knowledge.layer_system import static_condition, static_condition_words
from rulings.knowledge.rules.choices import _its

TOPIC = "CR 603.4 Intervening 'if' clauses about the object with the ability itself"

#: the states of the permanent asked about (the aslongas area's condition words)
STATES = ("tapped", "equipped", "enchanted", "attacking", "monstrous")
#: the words of a state that holds / doesn't
_WORDS = {"tapped": ("tapped", "untapped"), "attacking": ("attacking", "not attacking"),
          "monstrous": ("monstrous", "not monstrous"),
          "equipped": ("equipped", "not equipped"), "enchanted": ("enchanted", "not enchanted")}


#: the open choice, in words
_OPEN = ("tap the permanent or untap it (step {index}) as {{object}} resolves; the situation "
         "doesn't say which, so the outcome depends on that choice")


def _not_done(engine: Any, ability: str, index: int) -> bool:
    """The tap-or-untap step doesn't happen at all as it resolves (declined, its target gone,
    a step it waits on not done): no choice between the two is made."""
    ins = resolving.instruction(engine, ability, index)
    return ins is None or bool(ins.skipped) or ins.declined


def _arg(args: Any, key: str) -> str:
    return next((str(a).split("=", 1)[1] for a in args if str(a).startswith(f"{key}=")), "")


def _in(zone: str) -> str:
    return "in exile" if zone == "exile" else f"in the {zone}"


def _state(engine: Any, condition: str, ability: str, kind: str, args: Any, source: str,
           moment: str) -> IfCounted | ConditionUnknown:
    obj = next(iter(engine.collect(GameObject, id=source)), None)
    name = (obj["name"] or source) if obj is not None else source
    if obj is None or obj["zone"] != "battlefield":
        where = _in(obj["zone"]) if obj is not None else "gone"
        return ConditionUnknown(condition=condition, why=f"{name} is {where}, no longer on "
                                "the battlefield: the answer would be its state as it last "
                                "existed there, which the situation doesn't give")
    holds = static_condition(engine, condition, source)
    if holds is None:
        return ConditionUnknown(condition=condition, why=f"the state of {name} not decided")
    # the state it is in: the condition asks for the state (or its opposite, "untapped")
    yes, no = _WORDS[kind]
    asks_yes = _arg(args, "value") != "false"
    found = f"{name} is {yes if bool(holds) == asks_yes else no}"
    found += static_condition_words(engine, condition, source) if kind in (
        "equipped", "enchanted") else ""
    return IfCounted(condition=condition, ability=ability, holds=bool(holds), said=found,
                     moment=moment)


def _zone(engine: Any, condition: str, ability: str, args: Any, source: str,
          moment: str) -> IfCounted:
    zone = _arg(args, "zone")
    obj = next(iter(engine.collect(GameObject, id=source)), None)
    name = (obj["name"] or source) if obj is not None else source
    here = obj is not None and obj["zone"] == zone
    where = _in(obj["zone"]) if obj is not None else "gone from the game's zones"
    owner = obj["owner"] if obj is not None else ""
    said = (f"{name} is in {owner}'s {zone}" if here
            else f"{name} is {where}, not in its owner's {zone}")
    return IfCounted(condition=condition, ability=ability, holds=here, said=said,
                     moment=moment)


class Rules:
    # -- the two checks (CR 603.4) -------------------------------------------------------

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="kind" << one_of(*STATES),
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition,
                event=MATCH.event),
        Watching(ability=MATCH.ability),
        GameEvent(kind=MATCH.event),
        salience=AGGREGATE,
        id="selfstate.state-as-event-happens",
        cites=("CR 603.4", "CR 110.5", "CR 301.5", "CR 303.4"),
        because="{ability}'s intervening 'if' asks about {source} itself, as the event "
                "happens: whether it is tapped or untapped, has an Aura or Equipment attached, "
                "is attacking or is monstrous",
    )
    def selfstate_at_event(self, condition, ability, kind, args, source):
        return _state(self, condition, ability, kind, args, source, "event")

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="kind" << one_of(*STATES),
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition),
        TopOfStack(kind="ability", ability=MATCH.ability, source=MATCH.source),
        salience=AGGREGATE,
        id="selfstate.state-as-it-resolves",
        cites=("CR 603.4", "CR 608.2a", "CR 608.2h"),
        because="{ability} is resolving, and its intervening 'if' about {source} itself is "
                "checked again, on {source} as it is now",
    )
    def selfstate_on_resolution(self, condition, ability, kind, args, source):
        return _state(self, condition, ability, kind, args, source, "resolution")

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="in_zone", args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition,
                event=MATCH.event),
        Watching(ability=MATCH.ability),
        GameEvent(kind=MATCH.event),
        salience=AGGREGATE,
        id="selfstate.zone-as-event-happens",
        cites=("CR 603.4", "CR 113.6b"),
        because="{ability}'s intervening 'if' asks where {source} itself is, as the event "
                "happens; the ability works only from that zone",
    )
    def selfstate_zone_at_event(self, condition, ability, args, source):
        return _zone(self, condition, ability, args, source, "event")

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="in_zone", args=MATCH.args),
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition),
        TopOfStack(kind="ability", ability=MATCH.ability, source=MATCH.source),
        salience=AGGREGATE,
        id="selfstate.zone-as-it-resolves",
        cites=("CR 603.4", "CR 608.2a"),
        because="{ability} is resolving, and its intervening 'if' is checked again: where "
                "{source} itself is now",
    )
    def selfstate_zone_on_resolution(self, condition, ability, args, source):
        return _zone(self, condition, ability, args, source, "resolution")

    # -- "you may tap or untap target permanent" (CR 608.2d) ------------------------------

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller, ability=MATCH.top),
        AS.st << Step(ability=MATCH.ability, source=MATCH.source, index=MATCH.index, verb="tap_or_untap",
                      part="do"),
        TEST(lambda top, ability, source, object: _its(top, ability, source, object)),
        Choice(object=MATCH.object, kind="tap or untap"),
        NOT(Fizzles(object=MATCH.object)),
        id="selfstate.tap-or-untap-chosen",
        cites=("CR 608.2d", "CR 701.26"),
        because="step {index} of {object} lets its controller, {controller}, tap or untap the "
                "permanent as it resolves, and the situation says which {controller} chose",
        absent=("every target of {object} is not illegal",),
        says="{subject} {action}",
    )
    def selfstate_tap_or_untap_chosen(self, object, controller, index, ability, st):
        if _not_done(self, ability, index):
            return None
        chosen, _ = tap_or_untap_chosen(self.situation_facts(), object, st)
        if not chosen:  # a step past the words given: open, as without any
            return Ruling(about=f"{object}.do.s{index}.choice", subject=controller,
                          verdict="may", action=_OPEN.format(index=index), step=10 + index)
        return Ruling(about=f"{object}.do.s{index}.choice", subject=controller,
                      verdict="happens", action=f"chooses to {chosen} for step {index}",
                      step=10 + index)

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller, ability=MATCH.top),
        Step(ability=MATCH.ability, source=MATCH.source, index=MATCH.index, verb="tap_or_untap", part="do"),
        TEST(lambda top, ability, source, object: _its(top, ability, source, object)),
        NOT(Choice(object=MATCH.object, kind="tap or untap")),
        NOT(Fizzles(object=MATCH.object)),
        id="selfstate.tap-or-untap-open",
        cites=("CR 608.2d", "CR 701.26"),
        because="step {index} of {object} lets its controller, {controller}, tap or untap the "
                "permanent as it resolves, and the situation doesn't say which: tapped, it "
                "becomes tapped; untapped, it becomes untapped; so no one outcome is given",
        absent=("the situation doesn't say whether {controller} taps or untaps it "
                "(chosen: {{tap_or_untap: tap}} on the stack entry)",
                "every target of {object} is not illegal"),
        says="{controller} may {action}",
    )
    def selfstate_tap_or_untap_open(self, object, controller, index, ability):
        if _not_done(self, ability, index):
            return None
        return Ruling(about=f"{object}.do.s{index}.choice", subject=controller,
                      verdict="may", action=_OPEN.format(index=index), step=10 + index)
