"""CR 118.12: costs paid while a spell or ability resolves. "You may pay {2}{U}. If you do,
…" offers a payment as it resolves; the steps after it that say "if you do" (or "if you
don't") follow whether it was paid, not what the payment went on to do. A player can't pay
what they don't have (118.3): life above their life total can't be paid (119.4). Whether the
player pays is the situation's (`resolve_top: {does: [k]}` / `declines: [k]`); when it
doesn't say, the answer gives both ways. The results are computed by
knowledge/resolving.py; "unless … pays" (118.12a) is said with the step it stops
(knowledge/rules/instructions.py)."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT
from rulings.engine.rules import rule
from rulings.facts.effects import Step, arg
from rulings.facts.resolution import esc
from rulings.facts.rulings import Ruling
from rulings.facts.stack import Fizzles, IfFalseOnResolution, TopOfStack
from rulings.knowledge import resolving
from rulings.knowledge.rules.instructions import part_ref

TOPIC = "CR 118.12 Costs paid while a spell or ability resolves"


def _then(engine, ins: resolving.Instruction) -> str:
    """What follows each way: "if Alice pays, step 2 (create) happens; if not, it doesn't"."""
    after = resolving.followers(engine, ins)
    if not after:
        return ""
    def steps(items: list[resolving.Instruction]) -> str:
        return " and ".join(f"step {i.index} ({i.verb.replace('_', ' ')})" for i in items)
    done = [i for i in after if not i.on_decline]
    undone = [i for i in after if i.on_decline]
    payer = ins.players[0] if ins.players else "the player"
    said = []
    if done:
        said.append(f"if {payer} pays, {steps(done)} {'happens' if len(done) == 1 else 'happen'}")
    if undone:
        said.append(f"if {payer} doesn't, {steps(undone)} "
                    f"{'happens' if len(undone) == 1 else 'happen'}")
    if done and not undone:
        said.append("if not, nothing more happens")
    elif undone and not done:
        said.append("if they pay, nothing more happens")
    return "; ".join(said)


class Rules:
    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb="pay",
                      part=MATCH.part),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="payment.pay",
        cites=("CR 118.12", "CR 608.2d", "CR 118.3"),
        because="step {index} of {object} is a cost paid as it resolves: the player it names "
                "chooses whether to pay it, and can pay it only if they have what it takes; "
                "the steps saying 'if you do' follow whether it was paid",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        says="{subject} {action}",
    )
    def pay_step(self, object, ability, index, part, st, controller):
        ins = resolving.instruction(self, ability, index, part)
        if ins is None or ins.skipped.startswith("mode"):
            return None
        self.cite(*ins.facts)
        payer = ins.players[0] if ins.players else controller
        cost = arg(st, "cost") or "the cost"
        then = _then(self, ins)
        if ins.skipped:
            action = f"doesn't pay {cost} (the choice is theirs)" if ins.declined else \
                f"can't pay: {ins.skipped}" if "can't pay" in ins.skipped else \
                f"doesn't pay: {ins.skipped}"
            return Ruling(about=f"{object}.{part}.s{index}", subject=payer,
                          verdict="doesn't happen", action=esc(action),
                          step=10 + index, skipped=[part_ref(ability, part, index)])
        if ins.optional:
            action = f"may pay {cost} as it resolves; the choice is {payer}'s"
            action += f": {then}" if then else ""
            return Ruling(about=f"{object}.{part}.s{index}", subject=payer, verdict="may",
                          action=esc(action), step=10 + index,
                          happen=[part_ref(ability, part, index)])
        return Ruling(about=f"{object}.{part}.s{index}", subject=payer, verdict="happens",
                      action=esc(f"pays {cost}"), step=10 + index,
                      happen=[part_ref(ability, part, index)])
