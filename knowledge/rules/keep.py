"""CR 608.2d, 101.4: each player chooses what of theirs they keep, and the rest of that kind
is sacrificed or destroyed (the `keep` step: "each player chooses three permanents they
control, then sacrifices the rest", "… chooses a creature they control. Destroy the rest.").

The choosers are the players the step's `who` names, never the spell's controller for them:
each picks among their own permanents of the kind as it resolves, without targeting (115.10a),
in APNAP order when several do (101.4); what isn't kept then goes all at once (sacrificed by
its controller, 701.21a, or destroyed, 701.8). The walk (knowledge/keep.py) words it; a choice
the situation doesn't give (`chosen: {kept: [...]}` on the stack entry) is said open."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT
from rulings.engine.rules import rule
from rulings.facts.effects import Step
from rulings.facts.resolution import InstructionDone, StepSkipped, esc
from rulings.facts.rulings import Ruling
from rulings.facts.stack import Fizzles, IfFalseOnResolution, TopOfStack
from rulings.knowledge import resolving
from rulings.knowledge.rules.instructions import part_ref, split_sentence

TOPIC = "CR 608.2d Choices made as a spell or ability resolves; CR 101.4 APNAP order"


class Rules:
    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb="keep",
                      part=MATCH.part),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
        id="resolution.keep-choices",
        cites=("CR 608.2d", "CR 101.4", "CR 115.10a"),
        because="step {index} of {object} has players choose what of their own they keep: "
                "each chooser makes their own choice as it resolves (not {controller}, who "
                "controls it, for them), not targeting, in APNAP order when several do, and "
                "then everything of that kind not kept goes at the same time",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now",
                "step {index} is not skipped (its mode chosen, its condition not false)"),
        says="{subject} {action}",
    )
    def keep_choices(self, object, ability, index, part, st, controller):
        ins = resolving.instruction(self, ability, index, part)
        if ins is None or ins.skipped.startswith("mode"):
            return None
        self.cite(*ins.facts)
        if ins.skipped or not ins.text:
            return Ruling(about=f"{object}.{part}.s{index}", subject=f"step {index} (keep)",
                          verdict="doesn't happen",
                          action=f"does nothing: {esc(ins.skipped or 'nothing to choose')}",
                          step=10 + index, skipped=[part_ref(ability, part, index)])
        head, found, rest = ins.text.partition(" to keep; ")
        subject, _, chooses = head.partition(" choose")
        if found and chooses:
            action = f"choose{chooses} to keep; {rest}"
        else:  # "the player its trigger event was about does step 1 (keep), …"
            subject, action = split_sentence(ins.text, ins.subject)
        still = resolving.open_choice(self, ins)
        verdict = "may" if still or ins.optional else "happens"
        action += f", {still}" if still else ""
        return [Ruling(about=f"{object}.{part}.s{index}", subject=esc(subject),
                       verdict=verdict, action=esc(action), step=10 + index,
                       happen=[part_ref(ability, part, index)]),
                InstructionDone(object=object, ability=ability, index=index, verb="keep",
                                part=part, optional=verdict == "may")]
