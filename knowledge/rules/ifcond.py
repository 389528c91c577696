"""CR 603.4 An intervening "if" about what a player controls: "At the beginning of your upkeep,
if you control an Island, …", "When ~ enters, if you control two or more Gates, …", "… if you
control no creatures, …", "… if an opponent controls more lands than you, …" (CR 108.4: who
controls a permanent).

The condition is checked twice (603.4). As the trigger event happens, the ability triggers
only if it holds: the permanents counted are those on the battlefield just after the event
(a permanent entering in it counts, 603.6a), or just before it for an ability that looks back
in time (a leaves-the-battlefield or sacrifice trigger, 603.10a); the situation is the game
just before the event, so the ones leaving in it are set aside for any other ability. As the
ability resolves, it is checked again on the battlefield as it is then, "you" being the
ability's controller: false then, the ability does nothing (608.2a; stack.py says so).

The count is a fact of its own (IfCounted), so the answer says which check decided it
and on what: "Alice controls no Island"."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import MATCH
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.effects import Condition, Selector, Selects, Trigger, filter_misses
from rulings.facts.game import GameObject, Opponent
from rulings.facts.match import one_of
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    LOOK_BACK,
    Arriving,
    ConditionHolds,
    ConditionUnknown,
    GameEvent,
    IfCounted,
    Leaving,
    SourceController,
    TopOfStack,
    Watching,
)
from rulings.knowledge.rules.triggers import STEP_TRIGGERS, compares

TOPIC = "CR 603.4 Intervening 'if' clauses about what a player controls"

#: the kinds of condition decided here (the ifcond area makes them; a card file may too)
KINDS = ("you_control", "you_control_count", "opponent_controls_more")


def _arg(args: Any, key: str) -> str:
    return next((str(a).split("=", 1)[1] for a in args if str(a).startswith(f"{key}=")), "")


def _asks(kind: str, args: Any) -> str:
    """What the condition asks for, in words."""
    if kind == "you_control":
        return "at least one"
    if kind == "opponent_controls_more":
        return "an opponent with more of them than you"
    ge, le = _arg(args, "ge"), _arg(args, "le")
    if ge and le:
        return f"exactly {ge}" if ge == le else f"from {ge} to {le}"
    if le == "0":
        return "none"
    return f"{ge} or more" if ge else f"{le} or fewer"


def _noun(text: str) -> str:
    """The description's words without their article ("an island card" -> "island"; "another
    wizard" -> "other wizard"), for "controls no …" and "controls 2 …"."""
    words = text.split(" ")
    if words[0] in ("a", "an"):
        words = words[1:]
    elif words[0] == "another":
        words[0] = "other"
    return " ".join(w for w in words if w != "card") or text


def _said(player: str, mine: list[dict[str, Any]], text: str) -> str:
    noun = _noun(text)
    if not mine:
        return f"{player} controls no {noun}"
    names = ", ".join(sorted(o["name"] or o["id"] for o in mine))
    return f"{player} controls {len(mine)} {noun}{'' if len(mine) == 1 else '(s)'}: {names}"


def _board(engine: Any, event: str) -> list[dict[str, Any]]:
    """The permanents on the battlefield at the moment of the check: after the event
    (newcomers in, those leaving out) unless the ability looks back in time (603.10a), or
    as they are now for a resolving ability (event "")."""
    perms = list(engine.collect(GameObject, zone="battlefield"))
    if event == "" or event in LOOK_BACK:
        return perms
    leaving = {f["object"] for f in engine.collect(Leaving)}
    ids = {o["id"] for o in perms}
    coming = {f["object"] for f in engine.collect(Arriving)} - ids
    arriving = [o for o in engine.collect(GameObject) if o["id"] in coming]
    return [o for o in perms if o["id"] not in leaving] + arriving


def _words(args: Any) -> list[str]:
    return [str(a).split("=", 1)[0].replace("_", " ") for a in args]


def _picked(engine: Any, what: str, board: list[dict[str, Any]], arriving: set[str],
            player: str) -> tuple[set[str], str]:
    """The permanents of `board` the description `what` picks, and its words. A permanent
    spell entering as it resolves is not on the battlefield in the situation, so the
    selector rules didn't look at it: its description is checked here as a permanent
    (a plain filter; one asking for a keyword or excluding something is left to them)."""
    picked = {s["object"] for s in engine.collect(Selects, selector=what)}
    sel = next(iter(engine.collect(Selector, id=what)), None)
    if sel is None:
        return picked, "such permanent"
    plain = sel["keyword"] == "" and sel["not_"] == "" and not sel["any_of"]
    for o in board:
        if o["id"] in arriving and plain and o["id"] not in picked and filter_misses(
                sel, {**dict(o), "zone": "battlefield"}, player, sel["source"]) == "":
            picked.add(o["id"])
    return picked, sel["text"]


def _count(engine: Any, condition: str, ability: str, kind: str, args: Any, player: str,
           event: str, moment: str) -> IfCounted | ConditionUnknown:
    sel = next(iter(engine.collect(Selector, id=_arg(args, "what"))), None)
    if sel is not None and sel["args"]:
        # "named ~", "with a +1/+1 counter on it", "from among them": parts the selector
        # rules don't check on a permanent, so a count would be wrong
        return ConditionUnknown(condition=condition, why="a description whose parts "
                                f"({', '.join(_words(sel['args']))}) the count can't check")
    everything = _board(engine, event)
    on_battlefield = {o["id"] for o in engine.collect(GameObject, zone="battlefield")}
    arriving = {o["id"] for o in everything} - on_battlefield
    picked, text = _picked(engine, _arg(args, "what"), everything, arriving, player)
    board = [o for o in everything if o["id"] in picked]

    def of(p: str) -> list[dict[str, Any]]:
        return [o for o in board if (o["controller"] or o["owner"]) == p]

    mine = of(player)
    said = _said(player, mine, text)
    if kind == "you_control":
        holds = bool(mine)
    elif kind == "you_control_count":
        holds = bool(compares(len(mine), args))
    else:  # opponent_controls_more
        opponents = sorted(f["player"] for f in engine.collect(Opponent, of=player))
        holds = any(len(of(p)) > len(mine) for p in opponents)
        said += ("; " + "; ".join(_said(p, of(p), text) for p in opponents) if opponents
                 else f"; {player} has no opponent")
    said += f" (it asks for {_asks(kind, args)})"
    return IfCounted(condition=condition, ability=ability, player=player, holds=holds,
                          said=said, moment=moment)


class Rules:
    # -- the two checks (CR 603.4) -------------------------------------------------------

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="kind" << one_of(*KINDS),
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition,
                event=MATCH.event),
        Watching(ability=MATCH.ability),
        GameEvent(kind=MATCH.event),
        SourceController(object=MATCH.source, player=MATCH.player),
        salience=AGGREGATE,
        id="ifcond.count-as-event-happens",
        cites=("CR 603.4", "CR 603.6a", "CR 603.10a", "CR 108.4"),
        because="{ability}'s intervening 'if' counts the permanents {player}, who controls "
                "{source}, controls that fit its description, as the event happens: just "
                "after it (what enters in it counts), or just before it for an ability that "
                "looks back in time",
    )
    def count_at_event(self, condition, ability, kind, args, player, event):
        return _count(self, condition, ability, kind, args, player, event, "event")

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="kind" << one_of(*KINDS),
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition),
        TopOfStack(kind="ability", ability=MATCH.ability, controller=MATCH.player),
        salience=AGGREGATE,
        id="ifcond.count-as-it-resolves",
        cites=("CR 603.4", "CR 608.2a", "CR 108.4"),
        because="{ability} is resolving, and its intervening 'if' is checked again: it counts "
                "the permanents its controller, {player}, controls that fit its description, "
                "on the battlefield as it is now",
    )
    def count_on_resolution(self, condition, ability, kind, args, player):
        return _count(self, condition, ability, kind, args, player, "", "resolution")

    @rule(
        IfCounted(condition=MATCH.condition, holds=True, said=MATCH.said),
        id="ifcond.holds",
        cites=("CR 603.4",),
        because="{said}, which meets the condition",
    )
    def holds(self, condition):
        return ConditionHolds(condition=condition)

    @rule(
        IfCounted(ability=MATCH.ability, holds=False, said=MATCH.said, moment="event"),
        Watching(ability=MATCH.ability),
        id="ifcond.false-as-event-happens",
        cites=("CR 603.4",),
        because="as the event happens, {said}: the condition is false, so {ability} doesn't "
                "trigger",
        says="{ability}'s 'if' condition is false as the event happens: {said}",
    )
    def false_at_event(self, ability, said):
        return Ruling(about=f"trigger.{ability}.if.count", subject="{ability}'s 'if' condition",
                      verdict="doesn't happen", action=f"hold as the event happens ({said})",
                      step=STEP_TRIGGERS - 2)

    @rule(
        IfCounted(ability=MATCH.ability, holds=False, said=MATCH.said,
                       moment="resolution"),
        TopOfStack(object=MATCH.object, kind="ability", ability=MATCH.ability),
        id="ifcond.false-as-it-resolves",
        cites=("CR 603.4", "CR 608.2a"),
        because="as {object} resolves, {said}: its condition no longer holds, so it does "
                "nothing",
        says="{object}'s 'if' condition is false as it resolves: {said}",
    )
    def false_on_resolution(self, object, said):
        return Ruling(about=f"{object}.if.count", subject="{object}'s 'if' condition",
                      verdict="doesn't happen", action=f"hold as it resolves ({said})",
                      step=0)
