"""CR 115.1 and 608.2b, a target restricted by a relative clause: "counter target spell that
targets a creature" can target only a spell that has, among its own targets, one such object
or player, and it checks that again as it resolves: when none of the spell's targets is such
any more (the creature left the battlefield, the permanent changed controller), the target is
illegal. What the spell targets is read from the targets the situation lists for it on the
stack (`targets:` of a stack entry); whether those are still legal for it doesn't matter,
only whether they are still what the clause says.

"Destroy target creature that was dealt damage this turn" can target only a creature dealt
damage this turn (CR 120.3): one with damage marked on it (damage stays marked until the
cleanup step, 514.2), or one the situation says was dealt damage (`this_turn: dealt_damage`,
for damage no longer marked: regenerated, or dealt as -1/-1 counters). A creature with
neither was not dealt damage this turn, and the answer says so as the reason its target is
illegal (targets.does-not-match asks `mismatch_reason`).

"Destroy target creature with (that has) a -1/-1 counter on it" is the counters area's
`counter` key in a target filter, picked by counters.selector-with-counter; a target without
such a counter is illegal, and `mismatch_reason` says so."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, TEST, P
from rulings.engine.rules import rule
from rulings.facts.effects import Selector, Selects, filter_misses
from rulings.facts.game import GameObject
from rulings.facts.stack import ChosenTarget, DealtDamageThisTurn
from rulings.facts.state import MarkedDamage

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


DAMAGED = "dealt_damage_this_turn=true"


def wants_damaged(sel: dict) -> bool:
    return DAMAGED in [str(a) for a in sel.get("args") or ()]


def fits_but_damaged(sel: dict, obj: dict, you: str, source: str) -> bool:
    rest = {**sel, "args": [a for a in sel.get("args") or () if str(a) != DAMAGED]}
    return filter_misses(rest, obj, you, source) == ""


def mismatch_reason(engine, sel: dict, target: str) -> str:  # type: ignore[no-untyped-def]
    """Why a target fitting the rest of its filter isn't what a clause of this module says,
    in words for targets.does-not-match ('' when no clause of this module is why)."""
    objs = {o["id"]: o for o in engine.collect(GameObject)}
    obj, source = objs.get(target), objs.get(sel["source"])
    if obj is None:
        return ""
    you = source["controller"] if source is not None else ""
    kind = counter_of(sel)
    if kind and fits_but_counter(sel, obj, you, sel["source"]):
        return f"it has no {kind} counter on it"
    if not wants_damaged(sel) or not fits_but_damaged(sel, obj, you, sel["source"]):
        return ""
    return ("it wasn't dealt damage this turn: no damage is marked on it, and the situation "
            "doesn't say it was dealt any earlier this turn")


def counter_of(sel: dict) -> str:
    """The kind of counter a filter's `counter` names ('' when it has none)."""
    return next((str(a)[len("counter="):] for a in sel.get("args") or ()
                 if str(a).startswith("counter=")), "")


def fits_but_counter(sel: dict, obj: dict, you: str, source: str) -> bool:
    rest = {**sel, "args": [a for a in sel.get("args") or ()
                            if not str(a).startswith("counter=")]}
    return filter_misses(rest, obj, you, source) == ""


#: a filter the selectors rules decide alone once the damage is taken out
DAMAGED_FILTER = dict(ref="", keyword="", not_="", any_of=P(lambda a: not a),
                      owner=PLAIN_CONTROLLER)


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


    @rule(
        AS.sel << Selector(id=MATCH.selector, source=MATCH.source, text=MATCH.text,
                           controller=PLAIN_CONTROLLER, **DAMAGED_FILTER),
        TEST(lambda sel: wants_damaged(sel)),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name, zone="battlefield"),
        TEST(lambda sel, obj, you, source: fits_but_damaged(sel, obj, you, source)),
        MarkedDamage(object=MATCH.object, amount=MATCH.amount),
        TEST(lambda amount: amount > 0),
        id="targetthat.dealt-damage-marked",
        cites=("CR 120.3", "CR 120.6", "CR 514.2"),
        because="{name} has {amount} damage marked on it, which was dealt to it this turn "
                "(marked damage is removed in the cleanup step), and fits the rest of the "
                "description {text}",
    )
    def tt_dealt_damage_marked(self, selector, object):
        return Selects(selector=selector, object=object)

    @rule(
        AS.sel << Selector(id=MATCH.selector, source=MATCH.source, text=MATCH.text,
                           controller=PLAIN_CONTROLLER, **DAMAGED_FILTER),
        TEST(lambda sel: wants_damaged(sel)),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name, zone="battlefield"),
        TEST(lambda sel, obj, you, source: fits_but_damaged(sel, obj, you, source)),
        DealtDamageThisTurn(to=MATCH.object),
        id="targetthat.dealt-damage-said",
        cites=("CR 120.3",),
        because="{name} was dealt damage this turn (whether or not it is still marked on it), "
                "and fits the rest of the description {text}",
    )
    def tt_dealt_damage_said(self, selector, object):
        return Selects(selector=selector, object=object)


__all__ = ["Rules"]
