"""A target and the objects related to it (CR 201.2a, 105.2, 608.2c): "destroy target
artifact and all other artifacts with the same name as that artifact", "target creature and
each other creature that shares a color with it get +1/+1 until end of turn".

As the step resolves, its target (still legal: with its only target illegal the spell or
ability doesn't resolve at all, 608.2b) is compared with every other object the second
description fits, from their characteristics then (the layer system's: a copy has the name
it copies, a face-down permanent has no name and so no name in common with anything,
201.2a; a colorless object shares no color, 105.2). The resolution walk
(knowledge/resolving.py) picks them once (608.2h); the rule here says which objects the
relation added, or that it added none."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.effects import Selector, Step, arg
from rulings.facts.resolution import StepSkipped
from rulings.facts.rulings import Ruling
from rulings.facts.stack import Fizzles, TargetLegal, TopOfStack
from rulings.knowledge.resolving import KIN_KEYS, instruction, walk_for

TOPIC = "CR 201.2a Objects with the same name; CR 105.2 Objects that share a color"

#: what each relation says, in words
_WORDS = {"same_name_as": ("has a name in common with", "no other {what} has a name in "
                                                        "common with it"),
          "shares_color_with": ("shares a color with", "no other {what} shares a color "
                                                       "with it")}


def _kin(sel: Any) -> tuple[str, str]:
    """(key, referent selector id) of a selector's relation, or ('', '')."""
    for key in KIN_KEYS:
        if arg(sel, key):
            return key, arg(sel, key)
    return "", ""


def _names(engine: Any, on_stack: str, ids: list[str]) -> str:
    w = walk_for(engine, on_stack)
    names = [w.name(o) if w is not None else o for o in ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _related_to_target(key: str) -> tuple[Any, ...]:
    """The premises of a step acting on its target and the objects related to it by `key`
    (same_name_as, shares_color_with): the step, its group, the relation, the target."""
    return (
        TopOfStack(object=MATCH.object),
        AS.st << Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb,
                      part=MATCH.part),
        AS.group << Selector(ability=MATCH.ability, any_of=MATCH.options),
        TEST(lambda st, group: group["id"] in (st["what"], st["to"])),
        AS.kin << Selector(ability=MATCH.ability, text=MATCH.text),
        TEST(lambda kin, options: kin["id"] in options and _kin(kin)[0] == key),
        AS.ref << Selector(ability=MATCH.ability, ref=MATCH.slot),
        TEST(lambda kin, ref: _kin(kin)[1] == ref["id"]),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        NOT(Fizzles(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
    )


class Rules:
    @rule(
        *_related_to_target("same_name_as"),
        id="samename.same-name-as-target",
        cites=("CR 608.2c", "CR 201.2a"),
        because="step {index} ({verb}) acts on its target {target} and on every object that fits {text}: each "
                "object is compared with the target as the step resolves, and has the same "
                "name only with a name in common (an object with no name has none)",
        absent=("step {index} is not skipped (its mode chosen, its condition not false)",),
        says="{subject} {action}",
    )
    def same_name_as_target(self, object, ability, index, verb, part, kin, target, st):
        return _related(self, object, ability, index, verb, part, kin, target, st)

    @rule(
        *_related_to_target("shares_color_with"),
        id="samename.shares-color-with-target",
        cites=("CR 608.2c", "CR 105.2"),
        because="step {index} ({verb}) acts on its target {target} and on every object that fits {text}: each "
                "object's colors are compared with the target's as the step resolves (a "
                "colorless object shares no color)",
        absent=("step {index} is not skipped (its mode chosen, its condition not false)",),
        says="{subject} {action}",
    )
    def shares_color_with_target(self, object, ability, index, verb, part, kin, target,
                                 st):
        return _related(self, object, ability, index, verb, part, kin, target, st)


def _related(engine: Any, object: str, ability: str, index: int, verb: str, part: str,
             kin: Any, target: str, st: Any) -> Ruling | None:
    """Which objects the relation added to the step's target, or that it added none."""
    ins = instruction(engine, ability, index, part)
    if ins is None or ins.skipped:
        return None
    engine.cite(*ins.facts)
    key, _ = _kin(kin)
    relation, none = _WORDS[key]
    w = walk_for(engine, object)
    # what the step acts on (a prevention's recipients are its `to`)
    acted = ins.objects or (w.refer(st["to"]) if w is not None and st["to"] else [])
    others = [o for o in acted if o != target]
    what = str(kin["text"] or "object").removeprefix("a ").removeprefix("an ")
    what = what.split(" with the same name")[0].split(" that shares")[0]
    now = w.board.perms.get(target) if w is not None else None
    if key == "same_name_as":   # the names compared, as the layer system gives them now
        value = f"named {now.name}" if now is not None and now.name else "it has no name"
    else:
        value = " and ".join(now.colors) if now is not None and now.colors else "colorless"
    them = _names(engine, object, [target])
    if others:
        action = f"also acts on {_names(engine, object, others)}: " + \
            ("each " if len(others) > 1 else "it ") + f"{relation} {them} ({value})"
    else:
        action = f"acts on {them} alone ({value}): " + none.format(what=what)
    return Ruling(about=f"{object}.{part}.s{index}.related",
                  subject=f"step {index} ({verb.replace('_', ' ')})",
                  verdict="happens", action=action, step=10 + index)
