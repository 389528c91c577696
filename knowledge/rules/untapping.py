"""CR 502.3: in the untap step the active player untaps their permanents, all at once; an
effect can keep one tapped ("~ doesn't untap during your untap step") or let its controller
choose to leave it tapped ("you may choose not to untap ~"). The situation is the game as the
untap step begins (`step_begins: {step: untap}`, the turn's active player is the one whose
untap step it is). Phasing (502.1) and day and night (502.2) are not said here.

An effect with a condition ("as long as …", CR 611.3a) keeps the permanent tapped only while
the condition holds: the layer system decides it on the board as it is now
(layer_system.static_condition); a kind of condition it doesn't decide gives an open ruling,
never none."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.effects import Condition, Selects, StaticEffect
from rulings.facts.game import GameObject, Turn
from rulings.facts.rulings import Ruling
from rulings.facts.stack import ConditionHolds, ConditionUnknown, StepBegins
from rulings.facts.state import ResolvedEffect
from rulings.knowledge.layer_system import static_condition

TOPIC = "CR 502 Untap step"

STEP = 1
#: the static effect words that keep a permanent from untapping as a matter of course
STAYS_TAPPED = ("doesnt_untap", "may_not_untap")
KEEPS_TAPPED = P(lambda effect: effect in STAYS_TAPPED)


def keepers(engine: Any, object: str) -> list[tuple[str, bool | None]]:
    """The effects that would keep `object` tapped, by ability id, each with whether it
    applies now: True (no condition, or it holds), False (its condition doesn't hold), None
    (its condition can't be decided here)."""
    found = []
    for word in STAYS_TAPPED:
        for effect in engine.collect(StaticEffect, effect=word):
            if not engine.collect(Selects, selector=effect["affects"], object=object):
                continue
            cid = effect["condition"]
            found.append((str(effect["ability"]), True if not cid else
                          static_condition(engine, cid, effect["source"])))
    for effect in engine.collect(ResolvedEffect, effect="prohibit"):
        if next_untap_kept(effect, object):  # spells: a spell that resolved earlier
            found.append((f"{effect['source']} (resolved)", True))
        elif while_tapped_kept(engine, effect, object):  # remains (611.2b)
            found.append((f"{effect['source']} (resolved)", True))
    return sorted(found, key=lambda k: k[0])


def next_untap_kept(effect: Any, object: str) -> bool:
    """Whether a resolved one-shot effect keeps `object` tapped during its controller's next
    untap step ("tap target creature. It doesn't untap during its controller's next untap
    step"); the situation lists it only while that step is still to come."""
    return (object in effect["objects"] and "untap" in effect["values"]
            and effect["duration"] == "next_untap_step")


def while_tapped_kept(engine: Any, effect: Any, object: str) -> bool:
    """remains: whether a resolved effect keeps `object` tapped "for as long as ~ remains
    tapped" and that permanent is still tapped on the battlefield now (CR 611.2b)."""
    if not (object in effect["objects"] and "untap" in effect["values"]
            and effect["duration"] == "while_this_tapped" and effect["from_object"]):
        return False
    return bool(engine.collect(GameObject, id=effect["from_object"], zone="battlefield",
                               tapped=True))


class Rules:
    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        id="untap.untaps",
        cites=("CR 502.3",),
        because="it is {player}'s untap step, and the active player untaps all of their "
                "permanents at once; {object} is a tapped permanent of {player}'s",
        absent=("no effect says {object} doesn't untap during its controller's untap step",),
        says="{object} untaps",
    )
    def untaps(self, object, player):
        if keepers(self, object):
            return None  # the rules below say what happens to it
        return Ruling(about=f"{object}.untap-step", subject="{object}", verdict="happens",
                      action="untaps during the untap step", step=STEP)

    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect="doesnt_untap",
                     affects=MATCH.selector, condition=""),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        id="untap.doesnt-untap",
        cites=("CR 502.3",),
        because="it is {player}'s untap step, when their permanents untap, but {ability} says "
                "{object} doesn't untap during its controller's untap step, so it stays tapped",
        says="{object} doesn't untap",
    )
    def doesnt_untap(self, object):
        return Ruling(about=f"{object}.untap-step", subject="{object}",
                      verdict="doesn't happen", action="untap during the untap step",
                      step=STEP)

    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        AS.effect << ResolvedEffect(effect="prohibit", source=MATCH.source),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        TEST(lambda effect, object: next_untap_kept(effect, object)),
        id="untap.doesnt-untap-next",
        cites=("CR 502.3", "CR 611.2"),
        because="it is {player}'s untap step, when their permanents untap, but {source} "
                "resolved earlier and said that {object} doesn't untap during its "
                "controller's next untap step, this one, so it stays tapped",
        says="{object} doesn't untap",
    )
    def doesnt_untap_next(self, object):
        return Ruling(about=f"{object}.untap-step", subject="{object}",
                      verdict="doesn't happen", action="untap during the untap step",
                      step=STEP)

    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        AS.effect << ResolvedEffect(effect="prohibit", source=MATCH.source,
                                    duration="while_this_tapped", from_object=MATCH.permanent),
        GameObject(id=MATCH.permanent, zone="battlefield", tapped=True),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        TEST(lambda effect, object: object in effect["objects"] and "untap" in effect["values"]),
        id="untap.doesnt-untap-while-source-tapped",
        cites=("CR 502.3", "CR 611.2b"),
        because="it is {player}'s untap step, when their permanents untap, but {source} "
                "resolved earlier and said that {object} doesn't untap during its "
                "controller's untap step for as long as {permanent} remains tapped; "
                "{permanent} is tapped as the step begins, so {object} stays tapped (even if "
                "{permanent} untaps in this same step)",
        says="{object} doesn't untap",
    )
    def doesnt_untap_while_source_tapped(self, object):
        return Ruling(about=f"{object}.untap-step", subject="{object}",
                      verdict="doesn't happen", action="untap during the untap step",
                      step=STEP)

    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect="may_not_untap",
                     affects=MATCH.selector, condition=""),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        id="untap.may-leave-tapped",
        cites=("CR 502.3",),
        because="it is {player}'s untap step, when their permanents untap, and {ability} lets "
                "{player} choose not to untap {object}: it untaps unless they choose so",
        says="{player} may leave {object} tapped",
    )
    def may_leave_tapped(self, object, player):
        return Ruling(about=f"{object}.untap-step", subject=player, verdict="may",
                      action="leave {object} tapped during the untap step", step=STEP)

    # -- an effect with a condition (CR 611.3a) ---------------------------------------------

    @rule(
        StepBegins(step="untap"),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect=KEEPS_TAPPED,
                     condition=MATCH.condition),
        TEST(lambda condition: condition != ""),
        GameObject(id=MATCH.source, zone="battlefield"),
        Condition(id=MATCH.condition),
        id="untap.condition-holds",
        cites=("CR 611.3a",),
        because="{ability} applies only while {condition} holds, and on the battlefield as "
                "it is now, it does",
    )
    def condition_holds(self, condition, source):
        if static_condition(self, condition, source) is True:
            return ConditionHolds(condition=condition)
        return None

    @rule(
        StepBegins(step="untap"),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect=KEEPS_TAPPED,
                     condition=MATCH.condition),
        TEST(lambda condition: condition != ""),
        GameObject(id=MATCH.source, zone="battlefield"),
        Condition(id=MATCH.condition, kind=MATCH.kind),
        id="untap.condition-undecided",
        cites=("CR 611.3a",),
        because="{ability} applies only while {condition} holds, and a condition of the "
                "kind '{kind}' (or what it asks about) is not decided here",
    )
    def condition_undecided(self, condition, source):
        if static_condition(self, condition, source) is None:
            return ConditionUnknown(condition=condition, why="a condition not decided here")
        return None

    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect="doesnt_untap",
                     affects=MATCH.selector, condition=MATCH.condition),
        ConditionHolds(condition=MATCH.condition),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        id="untap.doesnt-untap-while",
        cites=("CR 502.3", "CR 611.3a"),
        because="it is {player}'s untap step, when their permanents untap, but {ability} says "
                "{object} doesn't untap during its controller's untap step while {condition} "
                "holds, and it holds now, so {object} stays tapped",
        says="{object} doesn't untap",
    )
    def doesnt_untap_while(self, object):
        return Ruling(about=f"{object}.untap-step", subject="{object}",
                      verdict="doesn't happen", action="untap during the untap step",
                      step=STEP)

    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect="may_not_untap",
                     affects=MATCH.selector, condition=MATCH.condition),
        ConditionHolds(condition=MATCH.condition),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        id="untap.may-leave-tapped-while",
        cites=("CR 502.3", "CR 611.3a"),
        because="it is {player}'s untap step, when their permanents untap, and while "
                "{condition} holds {ability} lets {player} choose not to untap {object}; it "
                "holds now, so {object} untaps unless they choose so",
        says="{player} may leave {object} tapped",
    )
    def may_leave_tapped_while(self, object, player):
        if any(v is True and a != "" for a, v in keepers(self, object)
               if self.collect(StaticEffect, ability=a, effect="doesnt_untap")):
            return None  # another effect keeps it tapped whatever they choose
        return Ruling(about=f"{object}.untap-step", subject=player, verdict="may",
                      action="leave {object} tapped during the untap step", step=STEP)

    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect=KEEPS_TAPPED,
                     affects=MATCH.selector, condition=MATCH.condition),
        TEST(lambda condition: condition != ""),
        Condition(id=MATCH.condition),
        NOT(ConditionHolds(condition=MATCH.condition)),
        NOT(ConditionUnknown(condition=MATCH.condition)),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        id="untap.condition-fails",
        cites=("CR 502.3", "CR 611.3a"),
        because="it is {player}'s untap step, and the active player untaps all of their "
                "permanents at once; {ability} would keep {object} tapped only while "
                "{condition} holds, and it doesn't now",
        absent=("no other effect keeps {object} tapped now",),
        says="{object} untaps",
    )
    def condition_fails(self, object, ability):
        found = keepers(self, object)
        if any(v is not False for _, v in found) or found[0][0] != ability:
            return None  # another effect decides it (or says it first)
        return Ruling(about=f"{object}.untap-step", subject="{object}", verdict="happens",
                      action="untaps during the untap step", step=STEP)

    @rule(
        StepBegins(step="untap"),
        Turn(active=MATCH.player),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect=KEEPS_TAPPED,
                     affects=MATCH.selector, condition=MATCH.condition),
        ConditionUnknown(condition=MATCH.condition, why=MATCH.why),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player, tapped=True),
        id="untap.condition-open",
        cites=("CR 502.3", "CR 611.3a"),
        because="it is {player}'s untap step, when their permanents untap, and {ability} "
                "would keep {object} tapped while {condition} holds, which can't be decided "
                "here ({why})",
        says="whether {object} untaps depends on {condition}, which can't be decided here",
    )
    def condition_open(self, object, ability):
        found = keepers(self, object)
        if any(v is True for _, v in found):
            return None  # an effect that applies now decides it
        if next(a for a, v in found if v is None) != ability:
            return None  # one open ruling per permanent
        return Ruling(about=f"{object}.untap-step", subject="{object}", verdict="may",
                      action="untap during the untap step, depending on a condition",
                      step=STEP)
