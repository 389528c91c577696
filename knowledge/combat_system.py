"""Combat damage as one pure, explained procedure over the situation's facts (CR 510), like
knowledge/layer_system.py: who deals combat damage in which step, how each creature's damage is
divided, and which creatures are destroyed between a first-strike step and the regular one.

Not a rule module: the rules of knowledge/rules/combat_damage.py conclude its results, and
knowledge/aftermath.py takes its damage events as dealt simultaneously in each step (510.2), so
damage results, lifelink and state-based actions follow from the same rules as any damage.

The steps, in the game's words:
1. A combat damage step for first strike exists when a creature in combat has first strike or
   double strike (510.4); then only those deal damage in it, and in the second step only
   creatures with double strike or without first strike that are still in combat deal damage.
2. Each creature assigns damage equal to its power; 0 or less assigns none (510.1a).
3. An unblocked attacker assigns all of it to what it attacks (510.1b); a blocked one to the
   creatures blocking it now, divided as its controller chooses (510.1c) — with trample, only
   what is left after lethal damage to every blocker may go to what it attacks (702.19b), and
   with deathtouch 1 damage counts as lethal (702.2c); a blocked creature no creature blocks
   any more assigns none, unless it has trample (509.1h, 702.19e). A blocker assigns to the
   attackers it blocks (510.1d).
4. After the first-strike step, state-based actions destroy creatures with lethal or deathtouch
   damage (704.5g–h); they are no longer in combat for the second step (506.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulings.facts.combat import Assigns, Attacking, Blocking, MarkedBlocked
from rulings.facts.game import Player
from rulings.facts.state import DeathtouchDamage, MarkedDamage
from rulings.knowledge.layer_system import Board

FIRST, REGULAR = "first-strike", "regular"


@dataclass
class Hit:
    """`source` assigns `amount` combat damage to `to` in `step`; `kind` names the rule that
    decides the division, `how` says it in words."""

    source: str
    to: str
    amount: int
    step: str
    kind: str
    how: str
    facts: list[Any] = field(default_factory=list)


@dataclass
class Silent:
    """`creature` deals no combat damage (in `step`, or at all): `kind` and why."""

    creature: str
    step: str
    kind: str
    why: str
    facts: list[Any] = field(default_factory=list)


@dataclass
class Outcome:
    first_strike_step: list[str]          # the creatures that make the first step happen
    hits: list[Hit]
    silent: list[Silent]
    fell: dict[str, str]                  # destroyed after the first-strike step: why
    illegal: dict[str, str]               # a division given that breaks 510.1c / 702.19b
    facts: list[Any]                      # every fact of the situation the procedure read

    def events(self) -> list[dict[str, Any]]:
        """The damage events, as knowledge/aftermath.py takes them (510.2: per step, all at
        once; in order of step, then source)."""
        return [{"source": h.source, "to": [h.to], "amount": h.amount, "combat": True,
                 "step": h.step} for h in self.hits]


def _of(facts: list[Any], cls: type) -> list[Any]:
    return [f for f in facts if isinstance(f, cls)]


def combat(b: Board, facts: list[Any]) -> Outcome:
    """Combat damage for the attack and block state the situation describes."""
    players = {f["name"] for f in _of(facts, Player)}
    attacking = {f["creature"]: f for f in _of(facts, Attacking)}
    blocks = sorted(_of(facts, Blocking), key=lambda f: (f["order"], f["blocker"]))
    blockers_of: dict[str, list[Any]] = {}
    blocking_of: dict[str, list[Any]] = {}
    for f in blocks:
        blockers_of.setdefault(f["attacker"], []).append(f)
        blocking_of.setdefault(f["blocker"], []).append(f)
    was_blocked = {f["attacker"]: f for f in _of(facts, MarkedBlocked)}
    chosen: dict[str, list[Any]] = {}
    for f in _of(facts, Assigns):
        chosen.setdefault(f["creature"], []).append(f)
    damage = {f["object"]: f["amount"] for f in _of(facts, MarkedDamage)}
    deathtouched = {f["object"] for f in _of(facts, DeathtouchDamage)}
    read: list[Any] = [*attacking.values(), *blocks, *was_blocked.values(),
                       *(f for fs in chosen.values() for f in fs)]

    def creature(oid: str) -> bool:
        p = b.perms.get(oid)
        return p is not None and "creature" in p.types

    def kw(oid: str) -> list[str]:
        return b.perms[oid].keywords

    in_combat = sorted(oid for oid in {*attacking, *blocking_of} if creature(oid))
    first = [c for c in in_combat if {"first_strike", "double_strike"} & set(kw(c))]
    steps = [FIRST, REGULAR] if first else [REGULAR]
    out = Outcome(first, [], [], {}, {}, read)
    fallen: set[str] = set()

    def lethal(victim: str, source: str) -> int:
        """Damage that counts as lethal for assigning (702.19b, 702.2c): what is left of its
        toughness after damage already marked, or 1 from a source with deathtouch."""
        if "deathtouch" in kw(source):
            return 1
        return max(0, (b.perms[victim].toughness or 0) - damage.get(victim, 0))

    def divide(source: str, power: int, among: list[str], rest_to: str, step: str,
               kind: str, label: str) -> None:
        """The division assumed when none was given: lethal damage to each in the order
        listed, what is left to `rest_to` (trample) or to the last of them."""
        left = power
        shares: dict[str, int] = {}
        for x in among:
            give = min(left, lethal(x, source))
            shares[x] = give
            left -= give
        if left:
            target = rest_to or among[-1]
            shares[target] = shares.get(target, 0) + left
        # what lethal damage is, where it isn't simply toughness (702.2c; 510.1c counts
        # damage already marked this turn)
        why_lethal = []
        for x in among:
            name = b.perms[x].name
            if "deathtouch" in kw(source):
                why_lethal.append(f"1 damage is lethal to {name} from a source with deathtouch")
            elif damage.get(x, 0):
                why_lethal.append(f"{name} already has {damage[x]} damage marked, so "
                                  f"{lethal(x, source)} more is lethal")
        note = ("; " + "; ".join(why_lethal)) if why_lethal else ""
        for to, amount in shares.items():
            if amount:
                out.hits.append(Hit(source, to, amount, step, kind,
                                    "no division was given, so lethal damage is assumed to "
                                    "each creature in the order they are listed and the rest "
                                    f"to {'what it attacks' if rest_to else 'the last of them'}"
                                    f" ({label}){note}; its controller may divide it "
                                    "otherwise"))

    def given(source: str, power: int, among: list[str], trample_to: str, step: str,
              kind: str) -> bool:
        """Use the division the situation gives, if it is legal (510.1e)."""
        parts = chosen.get(source)
        if not parts:
            return False
        total = sum(p["amount"] for p in parts)
        allowed = set(among) | ({trample_to} if trample_to else set())
        wrong = [p["to"] for p in parts if p["to"] not in allowed]
        why = ""
        if wrong:
            why = "it can assign damage only to " + (
                "the creatures blocking it and, with trample, what it attacks" if trample_to
                else "the creatures it blocks or that block it")
        elif total != power:
            why = f"the division adds up to {total}, but its power is {power}"
        elif trample_to:
            to_defender = sum(p["amount"] for p in parts if p["to"] == trample_to)
            short = [x for x in among
                     if sum(p["amount"] for p in parts if p["to"] == x) < lethal(x, source)]
            if to_defender and short:
                why = ("a blocking creature would not be assigned lethal damage, so none of it "
                       "may go to what it attacks")
        if why:
            out.illegal[source] = why
            return False
        for p in parts:
            if p["amount"]:
                out.hits.append(Hit(source, p["to"], p["amount"], step, kind,
                                    "as its controller chose", [p]))
        return True

    def _attacker(c: str, power: int, step: str) -> None:
        defender = attacking[c]["defender"]
        reachable = defender in players or defender in b.perms
        blocked = c in blockers_of or c in was_blocked
        trample = "trample" in kw(c)
        if not blocked:
            if reachable:
                out.hits.append(Hit(c, defender, power, step, "unblocked",
                                    "it is unblocked, so all of its damage goes to the player or permanent it attacks"))
            else:
                out.silent.append(Silent(c, step, "nothing-attacked",
                                         "the planeswalker or battle it attacked is no longer there"))
            return
        now = [f["blocker"] for f in blockers_of.get(c, [])
               if f["blocker"] not in fallen and creature(f["blocker"])]
        if not now:
            if trample and reachable:
                out.hits.append(Hit(c, defender, power, step, "trample-no-blockers",
                                    "it was blocked but no creature blocks it now; with "
                                    "trample all of its damage goes to what it attacks"))
            else:
                out.silent.append(Silent(c, step, "blocked-no-blockers",
                                         "it was blocked, and stays blocked, but no creature "
                                         "blocks it now, so it assigns no combat damage"))
            return
        trample_to = defender if trample and reachable else ""
        kind = "trample" if trample_to else ("one-blocker" if len(now) == 1 else "divided")
        if given(c, power, now, trample_to, step, kind):
            return
        if len(now) == 1 and not trample_to:
            out.hits.append(Hit(c, now[0], power, step, kind,
                                "a single creature blocks it, so all of its damage goes to that creature"))
            return
        divide(c, power, now, trample_to, step, kind,
               "trample lets only the excess go past the blockers" if trample_to
               else "without trample all of it goes to the blockers")

    def _blocker(c: str, power: int, step: str) -> None:
        now = [f["attacker"] for f in blocking_of.get(c, [])
               if f["attacker"] in attacking and creature(f["attacker"])
               and f["attacker"] not in fallen]
        if not now:
            out.silent.append(Silent(c, step, "blocked-creature-gone",
                                     "no creature it blocked is still in combat"))
            return
        kind = "blocker" if len(now) == 1 else "blocker-divided"
        if given(c, power, now, "", step, kind):
            return
        if len(now) == 1:
            out.hits.append(Hit(c, now[0], power, step, kind,
                                "it blocks a single creature, so all of its damage goes to that creature"))
            return
        divide(c, power, now, "", step, kind, "a blocker divides its damage among the "
               "creatures it blocks")

    for step in steps:
        dealt: dict[str, int] = {}
        touched: set[str] = set()
        for c in in_combat:
            if c in fallen:
                continue
            has_first = bool({"first_strike", "double_strike"} & set(kw(c)))
            if step == FIRST and not has_first:
                continue
            if step == REGULAR and first and has_first and "double_strike" not in kw(c):
                continue
            if "power" in b.perms[c].pt_unknown:  # a * no ability read here defines
                out.silent.append(Silent(c, step, "power-unknown",
                                         "its power is a * that an ability not modelled here "
                                         "defines, so the damage it assigns is not worked out"))
                continue
            power = b.perms[c].power or 0
            if power <= 0:
                out.silent.append(Silent(c, step, "no-power",
                                         f"its power is {power}, so it assigns no combat "
                                         "damage"))
                continue
            before = len(out.hits)
            if c in attacking:
                _attacker(c, power, step)
            else:
                _blocker(c, power, step)
            for h in out.hits[before:]:
                dealt[h.to] = dealt.get(h.to, 0) + h.amount
                if "deathtouch" in kw(c):
                    touched.add(h.to)
        for victim, amount in dealt.items():
            damage[victim] = damage.get(victim, 0) + amount
        deathtouched |= touched
        if step == FIRST:
            for c in in_combat:
                if c in fallen or c not in b.perms or "indestructible" in kw(c):
                    continue
                tough = b.perms[c].toughness or 0
                if damage.get(c, 0) >= tough:
                    fallen.add(c)
                    out.fell[c] = (f"it has {damage[c]} damage marked and toughness {tough}, "
                                   "so it is destroyed before regular combat damage")
                elif c in deathtouched and damage.get(c, 0) > 0:
                    fallen.add(c)
                    out.fell[c] = ("it was dealt damage by a source with deathtouch, so it is "
                                   "destroyed before regular combat damage")
    return out
