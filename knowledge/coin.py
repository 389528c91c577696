"""CR 705.2 A coin flip, and CR 701.30 a clash, as a step of a resolving spell or ability
(the coin area: "Flip a coin. If you win the flip, … If you lose the flip, …", "Clash with an
opponent. If you win, …").

The resolution walk (knowledge/resolving.py) says the flip or clash as its step is followed
(`step_text`), and its step conditions (knowledge/step_conditions.py) ask `decide` whether the
controller won it:

- a flip is decided only by the situation (`resolve_top: {flip: won}` or `{flip: lost}`): a
  flip is random (705.1), so without it the outcome is left open and the answer says the
  steps of each outcome, each one only if it comes out that way;
- a clash by the situation's `resolve_top: {clash: won}` / `{clash: lost}`, or else by the
  top cards of the two libraries when the situation lists both (701.30d: the controller wins
  only with the higher mana value; a tie wins nobody), with one opponent to clash with;
  otherwise it is left open."""

from __future__ import annotations

from typing import Any

from rulings.facts.costs import ZoneListed
from rulings.facts.effects import arg, mana_value
from rulings.facts.stack import ResolveTop

#: the step conditions decided here
KINDS = ("won_flip", "lost_flip", "won_clash")
#: the verbs said here
VERBS = ("flip_coin", "clash")


def _event(w: Any) -> Any:
    return next((f for f in w.facts if isinstance(f, ResolveTop)), None)


def facts_used(w: Any) -> list[Any]:
    """The `resolve_top` event, when it says how a flip or clash came out."""
    event = _event(w)
    return [event] if event is not None and (event["flip"] or event["clash"]) else []


def _opponents(w: Any) -> list[str]:
    return [p["name"] for p in w.players if p["name"] != w.controller]


def _top(w: Any, player: str) -> tuple[Any, str]:
    """The top card of the player's library as the clash reveals it, or why it is unknown."""
    from rulings.facts.faces import CardFaces

    listed = {(f["player"], f["zone"]) for f in w.facts if isinstance(f, ZoneListed)}
    if (player, "library") not in listed:
        return None, f"{player}'s library is not listed by the situation"
    if "library" in w.zones_changed:
        return None, (f"step {w.zones_changed['library']} changed a library first, and the "
                      "situation doesn't show its top card then")
    top = next((o for o in w.objects.values() if o["zone"] == "library"
                and (o["owner"] or o["controller"]) == player and o["position"] == 1), None)
    if top is None:
        return None, f"{player}'s library is empty, so {player} reveals nothing"
    if any(isinstance(f, CardFaces) and f["object"] == top["id"] for f in w.facts):
        return None, f"{w.name(top['id'])}, on top of {player}'s library, has faces, and " \
            "its mana value is not worked out here"
    return top, ""


def _clash(w: Any) -> tuple[bool | None, str]:
    """Whether the controller wins the clash, and what decided it, in words: worked out once,
    as the clash step is reached (the libraries as they are then)."""
    if "coin_clash" not in w.__dict__:
        w.__dict__["coin_clash"] = _clash_now(w)
    return w.__dict__["coin_clash"]  # type: ignore[no-any-return]


def _clash_now(w: Any) -> tuple[bool | None, str]:
    me = w.controller
    event = _event(w)
    if event is not None and event["clash"]:
        won = event["clash"] == "won"
        return won, f"the situation says {me} {'wins' if won else 'does not win'} the clash"
    rivals = _opponents(w)
    if len(rivals) != 1:
        return None, f"{me} chooses which opponent to clash with, and the situation doesn't " \
            "say how the clash comes out"
    mine, why = _top(w, me)
    theirs, why_not = _top(w, rivals[0])
    if mine is None or theirs is None:
        return None, f"{why or why_not}, and the situation doesn't say how the clash comes " \
            "out"
    a, b = mana_value(mine["mana_cost"]), mana_value(theirs["mana_cost"])
    said = f"{me} reveals {w.name(mine['id'])} (mana value {a}) and {rivals[0]} reveals " \
        f"{w.name(theirs['id'])} (mana value {b})"
    if a > b:
        return True, f"{said}: {me}'s is higher, so {me} wins the clash (CR 701.30d)"
    return False, f"{said}: {me}'s is not higher, so {me} doesn't win the clash (CR 701.30d)"


def decide(cond: Any, w: Any) -> tuple[bool | None, str]:
    """Whether the controller won (lost) the flip or won the clash, and what was found."""
    if cond["kind"] == "won_clash":
        return _clash(w)
    me = w.controller
    event = _event(w)
    if event is None or not event["flip"]:
        return None, "a flip is random, and the situation doesn't say how this one comes " \
            "out"
    won = event["flip"] == "won"
    said = f"the situation says {me} {'wins' if won else 'loses'} the flip"
    return (won if cond["kind"] == "won_flip" else not won), said


def words(cond: Any, w: Any, negated: bool = False) -> str:
    """The condition as the card says it, in the situation's names."""
    me = w.controller
    if cond["kind"] == "won_clash":
        return f"{me} doesn't win the clash" if negated else f"{me} wins the clash"
    won = (cond["kind"] == "won_flip") != negated
    return f"{me} {'wins' if won else 'loses'} the flip"


def step_text(w: Any, st: Any, actor: str) -> str:
    """The flip or the clash as its step happens."""
    if st["verb"] == "flip_coin":
        event = _event(w)
        said = f"the situation says {actor} {'wins' if event['flip'] == 'won' else 'loses'}" \
            if event is not None and event["flip"] else \
            "how it comes out is left open: a flip is random (CR 705.1)"
        return f"{actor} flips a coin, calling heads or tails, and wins the flip if it comes " \
            f"up as called, else loses it (CR 705.2); {said}"
    rivals = _opponents(w)
    rival = rivals[0] if len(rivals) == 1 else "an opponent they choose"
    won, said = _clash(w)
    outcome = said if won is not None else "who wins is left open"
    return f"{actor} clashes with {rival}: each reveals the top card of their library, and " \
        f"{actor} wins if the mana value of {actor}'s card is higher (CR 701.30b, " \
        "701.30d); " \
        f"{outcome}; then each, in APNAP order, chooses whether to put their card on the " \
        "bottom of their library (CR 701.30a, 701.30c; where the cards go is not followed " \
        "here)"


def waits_on(cond: Any, conditions: dict[str, Any]) -> str:
    """The id of the flip or clash step a condition (or the one it negates) names, or ''."""
    if cond is None:
        return ""
    if cond["kind"] == "not":
        child = next((conditions.get(str(a).partition("=")[2]) for a in cond["args"] or ()
                      if str(a).startswith("of=")), None)
        return waits_on(child, conditions)
    return arg(cond, "value") if cond["kind"] in KINDS else ""
