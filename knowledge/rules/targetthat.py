"""CR 115.1 and 608.2b, a target restricted by a relative clause: "counter target spell that
targets a creature" can target only a spell that has, among its own targets, one such object
or player, and it checks that again as it resolves: when none of the spell's targets is such
any more (the creature left the battlefield, the permanent changed controller), the target is
illegal. What the spell targets is read from the targets the situation lists for it on the
stack (`targets:` of a stack entry); whether those are still legal for it doesn't matter,
only whether they are still what the clause says."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, TEST, P
from rulings.engine.rules import rule
from rulings.facts.effects import Selector, Selects, filter_misses
from rulings.facts.game import GameObject
from rulings.facts.stack import ChosenTarget

TOPIC = "CR 115.1 Targets restricted by what they target; CR 608.2b"

PLAIN_CONTROLLER = P(lambda c: c in ("", "you", "opponent"))


def targeting_of(sel: dict) -> str:
    """The selector id a filter's `targeting` names ('' when it has none)."""
    return next((str(a)[len("targeting="):] for a in sel.get("args") or ()
                 if str(a).startswith("targeting=")), "")


def fits_but_targeting(sel: dict, obj: dict, you: str, source: str) -> bool:
    rest = {**sel, "args": [a for a in sel.get("args") or ()
                            if not str(a).startswith("targeting=")]}
    return filter_misses(rest, obj, you, source) == ""


class Rules:
    @rule(
        AS.sel << Selector(id=MATCH.selector, ref="", source=MATCH.source, text=MATCH.text,
                           keyword="", not_="", any_of=P(lambda a: not a),
                           controller=PLAIN_CONTROLLER, owner=PLAIN_CONTROLLER),
        TEST(lambda sel: targeting_of(sel) != ""),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name, zone="stack"),
        TEST(lambda sel, obj, you, source: fits_but_targeting(sel, obj, you, source)),
        ChosenTarget(object=MATCH.object, target=MATCH.aimed),
        Selects(selector=MATCH.wanted, object=MATCH.aimed),
        TEST(lambda sel, wanted: targeting_of(sel) == wanted),
        id="targetthat.spell-targeting",
        cites=("CR 115.1", "CR 608.2b"),
        because="{name} is a spell on the stack with {aimed} among its targets, and {aimed} is "
                "what the description {text} says it must target; {name} fits the rest of it",
    )
    def tt_spell_targeting(self, selector, object):
        return Selects(selector=selector, object=object)


__all__ = ["Rules"]
