"""CR 608.2c-d: the instructions of the spell or ability on top of the stack are done one by
one, as printed, first to last.
For the object on top of the stack (`resolve_top`), each instruction's result is stated in
plain words, with its amounts counted (X, "for each", a power), the players and objects it
names, who chooses, and how long its effect lasts; a modal spell follows only its chosen
modes (700.2); what it destroys or sacrifices dies (700.4), and the game it leaves is handed
to the state-based actions (704.3). The results are computed by knowledge/resolving.py.

Rulings of the walk-through: instruction k is step 10 + k (as in knowledge/rules/stack.py)."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.effects import Step
from rulings.facts.game import Ability, GameObject
from rulings.facts.resolution import InstructionDone, MovesItself, StepSkipped, esc
from rulings.facts.rulings import Ruling, step_ref
from rulings.facts.stack import (
    BecomesMonstrous,
    Countered,
    Fizzles,
    IfFalseOnResolution,
    StepOnTarget,
    TargetLegal,
    TopOfStack,
)
from rulings.facts.state import Dies, StateAsked, Status
from rulings.knowledge import resolving

TOPIC = "CR 608.2c Following the instructions of a resolving spell or ability"


# -- resolve_top: every instruction's result (knowledge/resolving.py) ------------------------


#: verbs other rules state when the step acts on a target (knowledge/rules/targets.py)
TARGET_RULED = ("destroy", "exile", "deal_damage", "tap", "untap", "return", "sacrifice",
                "draw", "discard", "gain_life", "lose_life")
#: verbs knowledge/rules/stack.py states when the controller does them to themself
CONTROLLER_RULED = ("draw", "discard", "gain_life", "lose_life")


def ruled_elsewhere(ins: resolving.Instruction, step: Step) -> bool:
    """Whether another rule already says this instruction's result (so it is said once)."""
    if ins.on_target and ins.verb in TARGET_RULED:
        return True
    if ins.verb == "reflexive":
        return True  # resolution.reflexive-triggers says it, with 603.12
    if ins.verb == "keep":
        return True  # resolution.keep-choices says it, with 101.4 (knowledge/rules/keep.py)
    if ins.verb == "pay":
        return True  # payment.pay says it, with 118.12 (knowledge/rules/payments.py)
    return (ins.verb in CONTROLLER_RULED and step["who"] == "you" and not step["what"]
            and not step["condition"] and not step["for_each"] and not step["may"])


def part_ref(ability: str, part: str, index: int) -> str:
    """A step named in `happen`/`skipped`: the steps of each mode are numbered on their own."""
    return step_ref(ability, index) if part == "do" else f"{ability}.{part}.s{index}"


def split_sentence(text: str, subject: str) -> tuple[str, str]:
    """A result sentence as (subject, the rest): "Alice | creates two Soldier tokens"."""
    if subject and text.startswith(subject + " "):
        return subject, text[len(subject) + 1:]
    for verb in (" is ", " are ", " becomes ", " become ", " gets ", " get ", " deals ",
                 " and "):
        head, found, rest = text.partition(verb)
        if found:
            return head, verb.strip() + " " + rest
    return text, ""


def res_name(engine: object) -> str:
    res = resolving.result_of(engine)
    return res.name if res is not None else "it"



def _instruction(self: Any, object: str, ability: str, index: int, verb: str, part: str,
                 st: Any, controller: str) -> Any:
    """The ruling on one instruction's result (and the fact that it was done)."""
    ins = resolving.instruction(self, ability, index, part)
    if ins is None or ins.skipped.startswith("mode") or (ruled_elsewhere(ins, st)
                                                          and not ins.skipped):
        return None
    if ins.verb == "pay":
        return None  # done, declined or not payable: payment.pay says which
    self.cite(*ins.facts)
    if ins.skipped:
        return Ruling(about=f"{object}.{part}.s{index}",
                      subject=f"step {index} ({verb.replace('_', ' ')})",
                      verdict="doesn't happen", action=f"does nothing: {esc(ins.skipped)}",
                      step=10 + index, skipped=[part_ref(ability, part, index)])
    subject, action = split_sentence(ins.text, ins.subject)
    verdict = "happens"
    if ins.optional:
        verdict = "may"
        # "you may" is the choice of the controller of the spell or ability, never of the
        # player a target names; a step another player performs ("target player may draw")
        # is that player's choice (608.2d)
        chooser = ins.players[0] if st["who"] not in ("", "you") and ins.players else \
            controller
        why = f"who controls {res_name(self)}" if chooser == controller else \
            "who performs it"
        action += f", if {chooser} chooses to (the choice is {chooser}'s, {why})"
    still = resolving.open_choice(self, ins)  # "if you do", "unless … pays", not said
    if still:
        verdict = "may"
        action += f", {still}"
    return [Ruling(about=f"{object}.{part}.s{index}", subject=esc(subject),
                   verdict=verdict, action=esc(action), step=10 + index,
                   happen=[part_ref(ability, part, index)]),
            InstructionDone(object=object, ability=ability, index=index, verb=verb,
                            part=part, optional=verdict == "may")]


class Rules:
    @rule(
        TopOfStack(object=MATCH.object),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, part=MATCH.part),
        TEST(lambda part: part.startswith("mode")),
        NOT(Fizzles(object=MATCH.object)),
        id="resolution.mode-not-chosen",
        absent=("{object} has a target still legal, or none to check",),
        cites=("CR 700.2", "CR 608.2c"),
        because="{object} is modal: as it was put on the stack its controller chose its "
                "modes, and only the instructions of the chosen modes are followed",
        says="{subject} of {object} doesn't happen: {action}",
    )
    def res_mode_not_chosen(self, object, ability, index, part, st):
        ins = resolving.instruction(self, ability, index, part)
        if ins is None or not ins.skipped.startswith("mode"):
            return None
        self.cite(*ins.facts)
        return [StepSkipped(object=object, ability=ability, index=index, part=part,
                            why="its mode was not chosen"),
                Ruling(about=f"{object}.{part}.s{index}", subject=f"step {index} of mode "
                       f"{part[4:]}",
                       verdict="doesn't happen", action=esc(ins.skipped), step=10 + index,
                       skipped=[part_ref(ability, part, index)])]

    @rule(
        TopOfStack(object=MATCH.object),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, part=MATCH.part,
                      condition=MATCH.condition),
        TEST(lambda condition: condition != ""),
        NOT(Fizzles(object=MATCH.object)),
        id="resolution.condition-not-met",
        absent=("{object} has a target still legal, or none to check",),
        cites=("CR 608.2c",),
        because="step {index} of {object} happens only if its condition holds, and the "
                "situation says it doesn't, so only the other instructions are followed",
        says="{subject} of {object} doesn't happen: {action}",
    )
    def res_condition_not_met(self, object, ability, index, part, st, condition):
        ins = resolving.instruction(self, ability, index, part)
        if ins is None or not ins.skipped.startswith("its condition"):
            return None
        self.cite(*ins.facts)
        # the step doesn't happen (StepSkipped is what the rules that state a step's result
        # look for)
        return [StepSkipped(object=object, ability=ability, index=index, part=part,
                            why="its condition doesn't hold"),
                Ruling(about=f"{object}.{part}.s{index}", subject=f"step {index}",
                       verdict="doesn't happen", action=esc(ins.skipped), step=10 + index,
                       skipped=[part_ref(ability, part, index)])]

    # -- "exile … until ~ leaves the battlefield": a one-shot effect with a duration (610.3)

    @rule(
        TopOfStack(object=MATCH.object, source=MATCH.source),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb="exile",
                      duration="until_this_leaves", part=MATCH.part),
        Ability(id=MATCH.ability, kind=MATCH.kind),
        GameObject(id=MATCH.source, name=MATCH.source_name, zone=MATCH.zone),
        TEST(lambda zone: zone != "battlefield"),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="resolution.exile-until-source-left",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        cites=("CR 610.3a", "CR 610.3b"),
        because="step {index} of {object} exiles until {source_name} leaves the battlefield, "
                "and {source_name} is already in the {zone}: the event that ends the exile "
                "has happened before the exile would, so nothing moves",
        says="{subject} of {object} doesn't happen: {action}",
    )
    def res_exile_until_source_left(self, object, ability, index, part, st, kind, source_name):
        ins = resolving.instruction(self, ability, index, part)
        if ins is None or "(CR 610.3c)" not in ins.skipped:
            return None
        self.cite(*ins.facts)
        cr = "CR 610.3b" if kind == "triggered" else "CR 610.3a"
        return [StepSkipped(object=object, ability=ability, index=index, part=part,
                            why=f"{source_name} has already left the battlefield"),
                Ruling(about=f"{object}.{part}.s{index}", subject=f"step {index} (exile)",
                       verdict="doesn't happen",
                       action=f"nothing is exiled: {esc(source_name)} left the battlefield "
                              f"before it resolved ({cr})",
                       step=10 + index, skipped=[part_ref(ability, part, index)])]

    @rule(
        TopOfStack(object=MATCH.object, source=MATCH.source),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb="exile",
                      duration="until_this_leaves", part=MATCH.part),
        GameObject(id=MATCH.source, name=MATCH.source_name, zone="battlefield"),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
        id="resolution.exile-until-source-leaves",
        absent=("{object} has a target still legal, or none to check",
                "step {index} is not skipped (its mode chosen, its condition not false)"),
        cites=("CR 610.3", "CR 610.3c"),
        because="step {index} of {object} exiles until {source_name} leaves the "
                "battlefield: right after {source_name} leaves, a second one-shot effect "
                "returns what it exiled to the zone it came from (a permanent to the "
                "battlefield, under its owner's control)",
        says="{subject} {action}",
    )
    def res_exile_until_source_leaves(self, object, ability, index, part, st, source_name):
        ins = resolving.instruction(self, ability, index, part)
        if ins is None or ins.skipped or ins.declined:
            return None
        self.cite(*ins.facts)
        w = resolving.walk_for(self, object)
        what = esc(w.names_of(ins.objects)) if w is not None and ins.objects else \
            "what it exiles"
        # "you may exile …", a step's or the trigger's own "may" (CR 603.5), not told as
        # done: the choice is made as it resolves, so the exile is only possible
        optional = ins.optional
        verdict = "may" if optional else "happens"
        # it comes back to the zone it was exiled from (610.3): a card exiled from a hand
        # goes back to that hand
        zones = {str(w.objects[o]["zone"]) if w is not None and o in w.objects else ""
                 for o in ins.objects}
        back = "to the battlefield under its owner's control" if zones == {"battlefield"} \
            else f"to its owner's {zones.pop()}" if zones in ({"hand"}, {"graveyard"}) \
            else "to the zone it was exiled from (a permanent to the battlefield, under its " \
            "owner's control)"
        s = "s" if len(ins.objects) == 1 else ""
        return Ruling(about=f"{object}.{part}.s{index}.until", subject=what, verdict=verdict,
                      action=f"stay{s} exiled until {esc(source_name)} leaves the "
                             f"battlefield, then return{s} {back}"
                             + (", if its controller chooses to exile "
                                f"{'it' if s else 'them'} (CR 603.5)" if optional else ""),
                      step=10 + index, happen=[part_ref(ability, part, index)])

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb,
                      part=MATCH.part),
        NOT(StepOnTarget(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb)),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
        id="resolution.instruction",
        cites=("CR 608.2c", "CR 608.2d", "CR 608.2h"),
        because="{object} resolves: its controller, {controller}, follows its instructions "
                "in the order written, step {index} ({verb}) among them; amounts are counted "
                "as the instruction is followed, and a choice it offers is its controller's",
        absent=("step {index} doesn't act on a target",
                "{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now",
                "step {index} is not skipped (its mode chosen, its condition not false)"),
        says="{subject} {action}",
    )
    def res_instruction(self, object, ability, index, verb, part, st, controller):
        return _instruction(self, object, ability, index, verb, part, st, controller)

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb,
                      part=MATCH.part),
        StepOnTarget(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb,
                     slot=MATCH.slot),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
        id="resolution.instruction-on-target",
        cites=("CR 608.2c", "CR 608.2b"),
        because="{object} resolves and step {index} ({verb}) acts on its target {target}, "
                "which is still legal; the instruction is followed as written",
        absent=("{object} has a legal target",
                "{object} has no intervening 'if' that is false now",
                "step {index} is not skipped (its mode chosen, its condition not false)"),
        says="{subject} {action}",
    )
    def res_instruction_on_target(self, object, ability, index, verb, part, st, controller):
        return _instruction(self, object, ability, index, verb, part, st, controller)

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb="reflexive",
                      part=MATCH.part),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
        id="resolution.reflexive-triggers",
        cites=("CR 603.12", "CR 603.3"),
        because="step {index} of {object} is 'when you do': a reflexive triggered ability "
                "that triggers when the step it names is done as {object} resolves; like any "
                "triggered ability it waits until a player would receive priority, so it goes "
                "on the stack after {object} has resolved",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now",
                "step {index} is not skipped (its mode chosen, its condition not false)"),
        says="{subject} {action}",
    )
    def res_reflexive(self, object, ability, index, part, st, controller):
        ins = resolving.instruction(self, ability, index, part)
        if ins is None or ins.skipped:
            return None  # the step it waits on wasn't done: resolution.instruction says so
        self.cite(*ins.facts)
        verdict, action = "happens", ins.text
        still = resolving.open_choice(self, ins)
        if still:
            verdict = "may"
            action += f", {still}"
        subject, action = "step " + str(index), action
        return Ruling(about=f"{object}.{part}.s{index}", subject=subject, verdict=verdict,
                      action=esc(action), step=10 + index,
                      happen=[part_ref(ability, part, index)])

    @rule(
        TopOfStack(object=MATCH.object),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="resolution.state-after",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        cites=("CR 704.3", "CR 117.5"),
        because="{object} resolves and changes the game; before anyone receives priority "
                "again, state-based actions are checked on the game it leaves",
    )
    def res_state_after(self, object):
        from rulings.knowledge.aftermath import entering_spell

        res = resolving.result_of(self)
        if res is None or not (res.damage or res.destroyed or res.sacrificed or res.counters
                               or res.effects or res.life
                               or entering_spell(self.situation_facts()) is not None):
            return None
        return StateAsked()

    @rule(
        TopOfStack(object=MATCH.object, kind=MATCH.kind),
        StateAsked(),
        TEST(lambda kind: kind != "ability"),
        NOT(Fizzles(object=MATCH.object)),
        NOT(Countered(object=MATCH.object)),
        id="resolution.entering-status",
        cites=("CR 608.3", "CR 704.3"),
        because="{object} is a permanent spell: it resolves into a permanent on the "
                "battlefield, and the state-based actions checked next see it there",
        absent=("{object} has a target still legal, or none to check",
                "{object} is not countered"),
    )
    def res_entering_status(self, object):
        from rulings.knowledge.aftermath import entering_spell, result_of

        if entering_spell(self.situation_facts()) is None:
            return None
        s = result_of(self).status.get(object)
        self.cite(*result_of(self).status_facts.get(object, []))
        return Status(**s) if s else None

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller),
        GameObject(id=MATCH.victim, zone="battlefield", name=MATCH.victim_name),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="resolution.moved-dies",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        cites=("CR 701.8a", "CR 700.4", "CR 701.21a"),
        because="{object}'s instruction puts {victim} into its owner's graveyard from the "
                "battlefield (destroyed or sacrificed): it dies",
        says="{victim} {action}",
    )
    def res_destroyed_dies(self, object, victim, victim_name):
        from rulings.knowledge.aftermath import result_of as aftermath_of

        res = resolving.result_of(self)
        if res is None or victim not in res.destroyed + res.sacrificed:
            return None
        if victim in res.destroyed and victim not in res.sacrificed:
            s = aftermath_of(self).status.get(victim, {})
            if s.get("indestructible") or s.get("shield"):
                return None  # destruction.py says why it stays
            how = f"destroyed by {res.name}"
        else:
            how = "sacrificed"
        ins = next(i for i in res.instructions if victim in i.objects)
        self.cite(*ins.facts)
        return [Dies(object=victim, reason=how if how == "sacrificed" else f"destroyed by "
                     f"{res.name}", destroyed=how != "sacrificed"),
                Ruling(about=f"{victim}:dies", subject="{victim}", verdict="happens",
                       action=f"dies ({esc(how)})", step=resolving.AFTER_RESOLUTION - 2)]

    @rule(
        TopOfStack(object=MATCH.object),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="resolution.becomes-monstrous",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        cites=("CR 701.37b",),
        because="{object}'s monstrosity instruction made a permanent that wasn't monstrous "
                "monstrous: the event abilities that trigger on it look for",
    )
    def res_becomes_monstrous(self, object):
        res = resolving.result_of(self)
        if res is None or not res.monstrous:
            return None
        for ins in res.instructions:
            if ins.verb == "monstrosity":
                self.cite(*ins.facts)
        return [BecomesMonstrous(object=m) for m in res.monstrous]

    @rule(
        TopOfStack(object=MATCH.object, kind="spell"),
        GameObject(id=MATCH.object, owner=MATCH.owner),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="resolution.exiles-itself",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        cites=("CR 608.2n", "CR 400.7"),
        because="{object}'s own instructions exile it as it resolves, so it isn't put into "
                "{owner}'s graveyard; in exile it is a new object, which remembers nothing of "
                "the spell it was",
        says="{object} {action}",
    )
    def res_exiles_itself(self, object, owner):
        res = resolving.result_of(self)
        if res is None or not res.exiles_itself or res.object != object:
            return None
        ins = next(i for i in res.instructions if i.verb == "exile" and object in i.objects)
        self.cite(*ins.facts)
        return [MovesItself(object=object, to="exile"),
                Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                       action="goes to exile instead of its owner's graveyard, as a new "
                              "object", step=89)]
