"""CR 716: Class cards. A class level bar, "[Cost]: Level N", is an activated ability that makes
the Class's level N, which may be activated only as a sorcery and only while the Class is level
N-1 (716.2a): levels are gained one at a time. The card language writes it
`activated: {cost, do: [{class_level: {level: N}}], timing: sorcery, only_if: {class_level:
{eq: N-1}}}`; the timing is checked by the activation rules (timing.py), the condition here,
as conditions.py decides the other conditions of activation (602.5b). A permanent's level is
the situation's `class_level:` (716.2b, a designation, not a counter); without it the
permanent is level 1 (716.2d). What the level bar does as it resolves is said by
knowledge/resolving.py."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT
from rulings.engine.rules import rule
from rulings.engine.salience import DECIDE
from rulings.facts.effects import Condition
from rulings.facts.game import GameObject
from rulings.facts.stack import ConditionAsked, ConditionDecided
from rulings.facts.state import ClassLevel
from rulings.knowledge.rules.conditions import _args, _compare

TOPIC = "CR 716 Class cards"


def _decided(condition: str, name: str, n: int, args: object, given: bool) -> ConditionDecided:
    ok, test = _compare(n, _args(args))
    said = f"{name} is level {n}" + ("" if given else " (it has no level, so it counts as "
                                                     "level 1)")
    return ConditionDecided(condition=condition, holds=ok,
                            why=f"{said}; the level bar asks for level {test}")


class Rules:
    @rule(
        ConditionAsked(condition=MATCH.condition, source=MATCH.source),
        Condition(id=MATCH.condition, kind="class_level", args=MATCH.args),
        GameObject(id=MATCH.source, name=MATCH.name),
        ClassLevel(object=MATCH.source, level=MATCH.level),
        salience=DECIDE,
        id="classes.level",
        cites=("CR 716.2a", "CR 716.2b"),
        because="a level bar may be activated only while the Class is the level just below "
                "the one it gives, so levels are gained one at a time; {name} is level "
                "{level}",
    )
    def level(self, condition, name, level, args):
        return _decided(condition, name, level, args, True)

    @rule(
        ConditionAsked(condition=MATCH.condition, source=MATCH.source),
        Condition(id=MATCH.condition, kind="class_level", args=MATCH.args),
        GameObject(id=MATCH.source, name=MATCH.name),
        NOT(ClassLevel(object=MATCH.source)),
        salience=DECIDE,
        id="classes.level-one",
        cites=("CR 716.2a", "CR 716.2d"),
        because="a level bar may be activated only while the Class is the level just below "
                "the one it gives, so levels are gained one at a time; {name} has no level, "
                "so it counts as level 1",
        absent=("the situation gives {name} no level",),
    )
    def level_one(self, condition, name, args):
        return _decided(condition, name, 1, args, False)
