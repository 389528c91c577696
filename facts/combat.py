"""Words for combat (CR 506–511): which creatures are attacking what and which are blocking,
the damage division their controllers chose, and the three questions a situation can ask —
are these attacks legal (declare attackers), are these blocks legal (declare blockers), and
what does combat damage do.

The attack and block state is written on the objects themselves (`attacking: Bob`,
`blocking: bears`), so one situation can describe any moment of combat; the event says which
turn-based action is asked about. Also the facts the rules in knowledge/rules/{attacking,
blocking,combat_damage}.py derive and share."""

from __future__ import annotations

from typing import Any

from rulings.facts.game import STEPS
from rulings.facts.vocabulary import GameFact, entry_key, slot, word

# -- the combat state, written on objects ------------------------------------------------------


class Attacking(GameFact):
    """`creature` is an attacking creature, attacking `defender`: a player, or a planeswalker
    or battle by id (CR 506.3, 508.1b)."""

    slots = {
        "creature": slot(str, ref="object"),
        "defender": slot(str, ref="player or object"),
    }
    reads = "{creature} is attacking {defender}"


class Blocking(GameFact):
    """`blocker` is blocking the attacking creature `attacker` (CR 509.1a); `order` is where the
    pair was written, used only to list a division in a stable order."""

    slots = {
        "blocker": slot(str, ref="object"),
        "attacker": slot(str, ref="object"),
        "order": slot(int, 0),
    }
    reads = "{blocker} is blocking {attacker}"


class MarkedBlocked(GameFact):
    """`attacker` became blocked earlier this combat although no creature blocks it now (its
    blockers left or were removed from combat): it stays blocked (CR 509.1h)."""

    slots = {"attacker": slot(str, ref="object")}
    reads = "{attacker} was blocked"


class Assigns(GameFact):
    """The division of combat damage `creature`'s controller chose (CR 510.1c–d, 702.19b):
    `amount` of it to `to` (a creature, planeswalker, battle or player)."""

    slots = {
        "creature": slot(str, ref="object"),
        "to": slot(str, ref="player or object"),
        "amount": slot(int),
    }
    reads = "{creature}'s controller assigns {amount} of its combat damage to {to}"


def _name(value: Any, what: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or str(value).strip() == "":
        raise ValueError(f"{what} must name a player or an object, not {value!r}")
    return str(value).strip()


@entry_key("object", "attacking",
           "what this attacking creature attacks: a player, or a planeswalker or battle by id "
           "(CR 508.1b)",
           {"type": "string"}, fix="write attacking: Bob (or the id of a planeswalker)",
           zones=("battlefield",))
def read_attacking(owner: str, value: Any, order: int) -> list[GameFact]:
    return [Attacking(creature=owner, defender=_name(value, "attacking"))]


@entry_key("object", "blocking",
           "the attacking creature (or list of them) this creature blocks (CR 509.1a)",
           {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
           fix="write blocking: <attacker id>, or blocking: [id, id]",
           zones=("battlefield",))
def read_blocking(owner: str, value: Any, order: int) -> list[GameFact]:
    items = value if isinstance(value, list) else [value]
    if not items:
        raise ValueError("blocking names no attacker")
    return [Blocking(blocker=owner, attacker=_name(v, "blocking"), order=order * 100 + i)
            for i, v in enumerate(items)]


@entry_key("object", "blocked",
           "true for an attacking creature that was blocked although no creature blocks it "
           "any more (its blockers left combat; CR 509.1h)",
           {"type": "boolean"}, fix="write blocked: true", zones=("battlefield",))
def read_blocked(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, bool):
        raise ValueError(f"blocked must be true or false, not {value!r}")
    return [MarkedBlocked(attacker=owner)] if value else []


@entry_key("object", "assigns",
           "how its controller divides its combat damage: {recipient: amount, …} — blockers, "
           "and with trample the player or permanent it attacks (CR 510.1c, 702.19b)",
           {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
           fix="write assigns: {wall: 2, Bob: 3}", zones=("battlefield",))
def read_assigns(owner: str, value: Any, order: int) -> list[GameFact]:
    if not isinstance(value, dict) or not value:
        raise ValueError("assigns must map each recipient to an amount of damage")
    facts: list[GameFact] = []
    for to, amount in value.items():
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise ValueError(f"the damage assigned to {to} must be a whole number ≥ 0, "
                             f"not {amount!r}")
        facts.append(Assigns(creature=owner, to=_name(to, "a recipient"), amount=amount))
    return facts


# -- the questions -------------------------------------------------------------------------------


class AttacksDespiteDefender(GameFact):
    """A static ability lets `creature` attack as though it didn't have defender (CR 702.3b)."""

    slots = {"creature": slot(str), "source": slot(str)}
    reads = "{source} lets {creature} attack as though it didn't have defender"


@word("event", "declare_attackers")
class DeclareAttackers(GameFact):
    """The question: the active player declares as attackers the creatures marked
    `attacking:` (CR 508.1). Is each attack legal, what taps, what triggers?"""

    slots = {"note": slot(str, "", doc="optional words")}
    reads = "the question: the attackers marked in the situation are declared"


@word("event", "declare_blockers")
class DeclareBlockers(GameFact):
    """The question: the defending player declares as blockers the creatures marked
    `blocking:` (CR 509.1). Is each block legal, what triggers?"""

    slots = {"note": slot(str, "", doc="optional words")}
    reads = "the question: the blockers marked in the situation are declared"


@word("event", "combat_damage")
class CombatDamage(GameFact):
    """The question: the combat damage step(s) happen with the attackers and blockers as
    marked (CR 510): who deals what damage to whom, what dies, each player's life after."""

    slots = {"note": slot(str, "", doc="optional words")}
    reads = "the question: combat damage is dealt"


# -- which step a combat question belongs to ------------------------------------------------

#: the steps a combat question may be asked in: the step of its turn-based action (508.1,
#: 509.1, 510.1), or the step just before it, since a situation is the game just before the
#: event
EVENT_STEPS = {
    "declare_attackers": ("beginning of combat", "declare attackers"),
    "declare_blockers": ("declare attackers", "declare blockers"),
    "combat_damage": ("declare blockers", "combat damage"),
}
_EVENT_CR = {"declare_attackers": "508.1", "declare_blockers": "509.1", "combat_damage": "510.1"}


def _steps_from(first: str) -> tuple[str, ...]:
    """`first` up to the end of combat step: where a combat state can exist (511.3)."""
    return STEPS[STEPS.index(first):STEPS.index("end of combat") + 1]


def step_problems(event: str, step: str, facts: list[GameFact]) -> list[tuple[str, str, str]]:
    """What a turn whose step is written out (`step`) makes impossible in a combat situation,
    as (object or "", what is wrong, what would be right): a combat question asked outside
    its step, and creatures attacking or blocking outside the part of combat where they can
    (attackers exist from the declare attackers step, blockers from the declare blockers
    step, and both stop at the end of combat, 506.4, 511.3)."""
    out: list[tuple[str, str, str]] = []
    allowed = EVENT_STEPS.get(event)
    if allowed and step not in allowed:
        out.append(("", f"the event {event} is asked during the {step} step, but that "
                    f"turn-based action happens only in the {allowed[1]} step "
                    f"(CR {_EVENT_CR[event]})",
                    f"write step: {allowed[1]} (or {allowed[0]}, just before it)"))
    attack_from = "beginning of combat" if event == "declare_attackers" else "declare attackers"
    block_from = "declare attackers" if event == "declare_blockers" else "declare blockers"
    for f in facts:
        if isinstance(f, Attacking) and step not in _steps_from(attack_from):
            out.append((f["creature"], f"is attacking during the {step} step, but creatures "
                        "attack only from the declare attackers step to the end of combat "
                        "(CR 508.1, 511.3)", "drop attacking:, or write a combat step"))
        if isinstance(f, Blocking) and step not in _steps_from(block_from):
            out.append((f["blocker"], f"is blocking during the {step} step, but creatures "
                        "block only from the declare blockers step to the end of combat "
                        "(CR 509.1, 511.3)", "drop blocking:, or write a later combat step"))
    return out


# -- what the rules derive ---------------------------------------------------------------------


class Defending(GameFact):
    """Derived: `player` is a defending player: attacked directly, or the controller of an
    attacked planeswalker or the protector of an attacked battle (CR 506.2)."""

    slots = {"player": slot(str)}
    reads = "{player} is a defending player"


class DefendingUnknown(GameFact):
    """Derived (knowledge/rules/defending.py): the description `selector` (objects "defending
    player controls", an ability of `ability`) can't be decided, because the situation
    doesn't say who its defending player is (CR 508.5); `why` in words."""

    slots = {"selector": slot(str), "ability": slot(str), "why": slot(str)}
    reads = "who the defending player of {ability} is, is not known: {why}"


class AttackBarred(GameFact):
    """Derived: `creature` can't attack as declared (a restriction, CR 508.1c); `reason` in
    words."""

    slots = {"creature": slot(str), "reason": slot(str)}
    reads = "{creature} can't attack: {reason}"


class BlockBarred(GameFact):
    """Derived: `blocker` can't block `attacker` as declared (CR 509.1b)."""

    slots = {"blocker": slot(str), "attacker": slot(str), "reason": slot(str)}
    reads = "{blocker} can't block {attacker}: {reason}"


class BlocksMore(GameFact):
    """Derived: an effect of `ability` lets `blocker` block `extra` more attacking creatures
    each combat (-1: any number of them; CR 509.1a)."""

    slots = {"blocker": slot(str), "ability": slot(str), "extra": slot(int)}
    reads = "{ability} lets {blocker} block more creatures"


class IsBlocked(GameFact):
    """Derived: `attacker` is a blocked creature (CR 509.1h)."""

    slots = {"attacker": slot(str)}
    reads = "{attacker} is blocked"


class FirstStrikeStep(GameFact):
    """Derived: this combat has a first combat damage step, because a creature in it has
    first strike or double strike (CR 510.4)."""

    slots = {"because_of": slot(str)}
    reads = "there is a first-strike combat damage step"


class DealsDamageIn(GameFact):
    """Derived: `creature` deals its combat damage in `step` ("first strike" or "regular");
    `power` is how much (CR 510.1a, 510.4)."""

    slots = {"creature": slot(str), "step": slot(str), "power": slot(int)}
    reads = "{creature} deals combat damage in the {step} combat damage step"


class Assignment(GameFact):
    """Derived: in `step`, `creature` assigns `amount` combat damage to `to` (CR 510.1);
    `how` says why this division (the only one possible, the controller's choice, or the
    division assumed when none was given)."""

    slots = {"creature": slot(str), "step": slot(str), "to": slot(str), "amount": slot(int),
             "kind": slot(str, ""), "how": slot(str, "")}
    reads = "{creature} assigns {amount} damage to {to} in the {step} step"


class FallsInFirstStep(GameFact):
    """Derived: `creature` leaves combat after the first-strike damage step (state-based
    actions destroy it before regular combat damage, CR 510.4, 704.5g–h)."""

    slots = {"creature": slot(str), "reason": slot(str)}
    reads = "{creature} is destroyed after the first-strike damage step: {reason}"


class NoCombatDamage(GameFact):
    """Derived: `creature` assigns no combat damage in `step`; `kind` names why (no power,
    blocked with no blocker left, …) and `why` says it."""

    slots = {"creature": slot(str), "step": slot(str), "kind": slot(str), "why": slot(str)}
    reads = "{creature} assigns no combat damage: {why}"


class IllegalDivision(GameFact):
    """Derived: the division of `creature`'s combat damage the situation gives breaks the
    rules of assignment (CR 510.1c–e, 702.19b)."""

    slots = {"creature": slot(str), "why": slot(str)}
    reads = "the division given for {creature} is illegal: {why}"


__all__ = [
    "EVENT_STEPS", "step_problems", "BlocksMore",
    "NoCombatDamage", "IllegalDivision",
    "Attacking", "Blocking", "MarkedBlocked", "Assigns", "DeclareAttackers", "DeclareBlockers",
    "CombatDamage", "Defending", "DefendingUnknown", "AttackBarred", "BlockBarred",
    "IsBlocked", "FirstStrikeStep",
    "DealsDamageIn", "Assignment", "FallsInFirstStep",
]
