"""Damage and counters divided among targets (CR 601.2d, 608.2b): "~ deals 3 damage divided
as you choose among one, two, or three targets", "distribute three +1/+1 counters among one or
two target creatures".

The division is announced with the targets, as the spell is cast or the ability activated,
each target getting at least 1 (601.2d); the stack entry's `divide: {target: share}` says it
(facts/stack.py checks it: a share for each target chosen, each at least 1, adding up to the
amount). As the spell resolves, each target still legal gets its share, and only its share;
a target that has become illegal gets nothing, and its share goes to no other target: the
division made on casting stands (608.2b). With one target, all of it goes there. When the
situation doesn't give the division of two or more targets, the answer says it is open.

The resolution walk (knowledge/resolving.py) deals the shares (`divided_text` below) so
that the state-based actions see them; the rules here say each target's result."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.effects import Step, arg
from rulings.facts.resolution import StepSkipped
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    DividedShare,
    Fizzles,
    StepOnTarget,
    Targeter,
    TargetIllegal,
    TargetLegal,
)
from rulings.knowledge.resolving import instruction
from rulings.knowledge.rules.targets import prevented_ruling

TOPIC = "CR 601.2d Dividing damage or counters among targets; CR 608.2b illegal targets"


def _divided(args: Any) -> bool:
    return "divided=true" in [str(a) for a in args or ()]


def _noun(verb: str, n: int | None) -> str:
    if verb == "deal_damage":
        return "damage"
    return "counter" if n == 1 else "counters"


def shares_of(w: Any, st: Any, objs: list[str], n: int | None
              ) -> tuple[dict[str, int] | None, list[str]]:
    """(target -> its share, for the targets still legal; None when the situation doesn't give
    the division) and every target chosen for the step's slot, legal or not."""
    ref = str(st["to"] if st["verb"] == "deal_damage" else st["what"])
    chosen = w._named_then(ref)
    given = {s["target"]: s["amount"] for s in w.facts if isinstance(s, DividedShare)
             and s["object"] == w.top["id"]}
    if len(chosen) == 1 and n is not None and not given:
        return {t: n for t in objs if t == chosen[0]}, chosen  # all of it to the one target
    if not given:
        return None, chosen
    return {t: given[t] for t in objs if t in given}, chosen


def divided_text(w: Any, st: Any, objs: list[str], n: int | None, res: Any) -> str:
    """The walk's words for a divided step, dealing (or putting) each legal target's share."""
    verb = st["verb"]
    shares, chosen = shares_of(w, st, objs, n)
    total = n if n is not None else (sum(shares.values()) if shares else None)
    amount = "X" if total is None else str(total)
    src = w.top["source"] or w.top["id"]
    dealer_ids = w.refer(arg(st, "source")) if arg(st, "source") else [src]
    dealer = dealer_ids[0] if dealer_ids else src
    counter = arg(st, "counter") or "+1/+1"
    if shares is None:
        what = f"{amount} damage" if verb == "deal_damage" else f"{amount} {counter} counters"
        head = f"{w.name(dealer)} deals " if verb == "deal_damage" else ""
        tail = " are put" if verb == "put_counters" else ""
        return (f"{head}{what}{tail} divided among {w.names_of(chosen)}, at least 1 to each, "
                f"as {w.controller} chose on putting it on the stack; the situation doesn't "
                "say how (divide: on its stack entry), so what each gets is open (CR 601.2d)")
    parts = []
    for t, k in shares.items():
        if verb == "deal_damage":
            res.damage.append((dealer, t, k))
            parts.append(f"{k} damage to {w.name(t)}")
        elif t in w.board.perms:
            c = res.counters.setdefault(t, {})
            c[counter] = c.get(counter, 0) + k
            parts.append(f"{_count(k)} {counter} counter{'s' if k != 1 else ''} on "
                         f"{w.name(t)}")
    listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else \
        (parts[0] if parts else "nothing")
    if verb == "deal_damage":
        text = f"{w.name(dealer)} deals {listed}"
    else:
        text = f"{w.controller} puts {listed}"
    if len(chosen) > 1:
        text += f" ({amount} {_noun(verb, total)} divided as {w.controller} chose, " \
            "CR 601.2d)"
    lost = [t for t in chosen if t not in shares]
    for t in lost:
        given = next((s["amount"] for s in w.facts if isinstance(s, DividedShare)
                      and s["object"] == w.top["id"] and s["target"] == t), None)
        if given is not None:
            text += f"; {w.name(t)}'s share ({given}) goes to no one: it is no longer a " \
                "legal target, and the division stays as announced (CR 608.2b)"
    return text


def _count(k: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}.get(k, str(k))


def _total(self: Any, ability: str, index: int, part: str) -> str:
    ins = instruction(self, ability, index, part)
    return str(ins.amount) if ins is not None and ins.amount is not None else "X"


class Rules:
    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage="resolve",
                 controller=MATCH.controller),
        StepOnTarget(ability=MATCH.ability, index=MATCH.index, verb="deal_damage",
                     slot=MATCH.slot),
        Step(ability=MATCH.ability, index=MATCH.index, verb="deal_damage", args=MATCH.args,
             part=MATCH.part),
        TEST(lambda args: _divided(args)),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        DividedShare(object=MATCH.object, target=MATCH.target, amount=MATCH.share),
        NOT(Fizzles(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
        id="divided.share",
        cites=("CR 601.2d", "CR 608.2c"),
        because="{object} divides its damage among its targets as {controller} announced "
                "when putting it on the stack, and {target}, still a legal target, was given "
                "{share} of it",
        absent=("{object} has a legal target",),
        says="{target} {action}",
    )
    def divided_share(self, object, ability, index, part, target, share):
        shielded = prevented_ruling(self, object, target, index, ability, str(share))
        if shielded is not None:
            return shielded
        total = _total(self, ability, index, part)
        return Ruling(about=f"{object}.s{index}.{target}", subject="{target}",
                      verdict="happens", action=f"is dealt {share} damage (its share of the "
                      f"{total} divided)", step=10 + index)

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage="resolve",
                 controller=MATCH.controller),
        StepOnTarget(ability=MATCH.ability, index=MATCH.index, verb="deal_damage",
                     slot=MATCH.slot),
        Step(ability=MATCH.ability, index=MATCH.index, verb="deal_damage", args=MATCH.args,
             part=MATCH.part),
        TEST(lambda args: _divided(args)),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        NOT(DividedShare(object=MATCH.object)),
        NOT(Fizzles(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
        id="divided.one-target",
        cites=("CR 601.2d", "CR 608.2c"),
        because="{object} divides its damage among the targets {controller} chose, and "
                "{target} is its only target, so all of it goes to {target}",
        absent=("{object} has a legal target", "no division is given for {object}"),
        says="{target} {action}",
    )
    def divided_one_target(self, object, ability, index, part, target):
        ins = instruction(self, ability, index, part)
        if ins is None or ins.skipped or "divided among" in ins.text:
            return None  # two or more targets: the division is open (divided.open)
        total = _total(self, ability, index, part)
        return Ruling(about=f"{object}.s{index}.{target}", subject="{target}",
                      verdict="happens", action=f"is dealt {total} damage (all of it: the "
                      "only target)", step=10 + index)

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage="resolve",
                 controller=MATCH.controller),
        StepOnTarget(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb,
                     slot=MATCH.slot),
        Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb, args=MATCH.args,
             part=MATCH.part),
        TEST(lambda args: _divided(args)),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        NOT(DividedShare(object=MATCH.object)),
        NOT(Fizzles(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
        id="divided.open",
        cites=("CR 601.2d",),
        because="{object} divides its {verb} among its targets as {controller} announced "
                "when putting it on the stack, at least 1 to each; the situation doesn't say "
                "how (divide: on its stack entry)",
        absent=("no division is given for {object}",),
        says="{target} {action}",
    )
    def divided_open(self, object, ability, index, part, target, controller, verb):
        ins = instruction(self, ability, index, part)
        if ins is None or ins.skipped or "divided among" not in ins.text:
            return None  # one target: all of it (divided.one-target)
        total = _total(self, ability, index, part)
        what = "damage" if verb == "deal_damage" else "counters"
        action = (f"is dealt part of the {total} damage" if verb == "deal_damage" else
                  f"gets part of the {total} {what}") + \
            f", at least 1, as {controller} divided it; how much is not given"
        return Ruling(about=f"{object}.s{index}.{target}", subject="{target}",
                      verdict="may", action=action, step=10 + index)

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage="resolve",
                 controller=MATCH.controller),
        StepOnTarget(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb,
                     slot=MATCH.slot),
        Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb, args=MATCH.args,
             part=MATCH.part),
        TEST(lambda args: _divided(args)),
        TargetIllegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        DividedShare(object=MATCH.object, target=MATCH.target, amount=MATCH.share),
        NOT(Fizzles(object=MATCH.object)),
        id="divided.share-lost",
        cites=("CR 608.2b", "CR 601.2d"),
        because="{target} is no longer a legal target of {object}, so it isn't affected; the "
                "division {controller} announced on putting it on the stack doesn't change, "
                "so its share of {share} goes to no other target",
        says="{target} {action}",
    )
    def divided_share_lost(self, object, index, target, share, verb):
        what = "damage" if verb == "deal_damage" else _noun(verb, share)
        return Ruling(about=f"{object}.s{index}.{target}.lost", subject="{target}",
                      verdict="doesn't happen", action=f"gets none of its share ({share} "
                      f"{what}): no other target gets it", step=10 + index)
