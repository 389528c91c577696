"""What the event asked about changes, as one pure procedure over the situation's facts (like
knowledge/layer_system.py): the results of damage (CR 120.3, 615), and each permanent and
player as state-based actions then see them (CR 704). The rules of knowledge/rules/damage.py
and state_based.py conclude these results with their premises."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulings.facts.combat import CombatDamage
from rulings.facts.effects import Keyword, Selector, protection_covers
from rulings.facts.game import GameObject, Player
from rulings.facts.mana import Enters
from rulings.facts.stack import CounterPut, GainsKeyword
from rulings.facts.state import (
    CheckStateBasedActions,
    DealDamage,
    DeathtouchDamage,
    DestroyEvent,
    DrewFromEmptyLibrary,
    MarkedDamage,
    Monstrous,
    PoisonCounters,
    PreventAllDamage,
    PreventDamage,
    RegenerationShield,
    SacrificeEvent,
)
from rulings.knowledge.combat_system import combat
from rulings.knowledge.layer_system import Board, World, compute, picks
from rulings.knowledge.replacement_system import (
    Effect,
    counters_outcome,
    damage_outcome,
    entering_counters,
    life_outcome,
    prevent,
)


@dataclass
class Result:
    source: str
    to: str
    amount: int            # dealt, after prevention
    prevented: int
    result: str            # marked, -1/-1 counters, life lost, poison, loyalty removed, none
    deathtouch: bool
    facts: list[Any] = field(default_factory=list)
    #: what replacement and prevention effects did to it (None: nothing applied)
    replaced: Any = None
    #: whom the damage would have been dealt to before any redirection (CR 614.9)
    meant_for: str = ""
    #: dmgtrig: combat damage (CR 510.2), and the combat damage step it is dealt in
    combat: bool = False
    step: str = ""


@dataclass
class Aftermath:
    results: list[Result]
    #: (player, life gained, source) for each source with lifelink that dealt damage
    lifelink: list[tuple[str, int, str]]
    #: the facts each source's damage rests on (the event, its abilities)
    source_facts: dict[str, list[Any]]
    after: Board                               # characteristics with the new counters
    #: object -> what state-based actions see
    status: dict[str, dict[str, Any]]
    status_facts: dict[str, list[Any]]
    players: dict[str, dict[str, Any]]
    player_facts: dict[str, list[Any]]
    #: permanents a later check of state-based actions removes (704.3), with `check`
    second: dict[str, dict[str, Any]] = field(default_factory=dict)
    second_facts: dict[str, list[Any]] = field(default_factory=dict)
    #: (player, source) -> what replacement effects made of lifelink's gain (614.1a)
    life_replaced: dict[tuple[str, str], Any] = field(default_factory=dict)
    #: dmgtrig: every damage result as dealt, before they are summed per source and recipient
    #: (a double strike's two steps are two damage events, CR 510.4)
    dealt: list[Result] = field(default_factory=list)


def _of(facts: list[Any], cls: type) -> list[Any]:
    return [f for f in facts if isinstance(f, cls)]


def damage_results(b: Board, facts: list[Any], event: Any) -> tuple[
        list[Result], tuple[str, int] | None, list[str], list[Any]]:
    """CR 120.3: what damage does depends on its source's abilities (infect, wither, lifelink,
    deathtouch) and on what it is dealt to; prevention (615) comes first (120.4b)."""
    src = event["source"]
    objects = {f["id"]: f for f in _of(facts, GameObject)}
    players = {f["name"] for f in _of(facts, Player)}
    if src in b.perms:
        keywords = list(b.perms[src].keywords)
        controller = b.perms[src].controller
        source_facts = list(b.used.get(src, []))
    else:  # a spell, or a card that left the battlefield: its own characteristics (702.2e)
        kws = [k for k in _of(facts, Keyword) if k["object"] == src and not k["granted_by"]]
        keywords = [k["keyword"] for k in kws]
        obj = objects.get(src)
        controller = (obj["controller"] or obj["owner"]) if obj is not None else ""
        source_facts = [f for f in (obj, *kws) if f is not None]
    guard = _protection(b, facts, src, objects)
    # replacement and prevention effects on each recipient's damage, ordered together
    # (CR 616.1; knowledge/replacement_system.py): shields, protection, redirection, doubling
    extra = _prevention_effects(facts, guard, _source_quality(b, src, objects))
    results: list[Result] = []
    total = 0
    for first_to in event["to"]:
        amount = event["amount"]
        replaced, unpreventable = damage_outcome(
            facts, b, src, first_to, amount, bool(event.get("combat")), extra,
            bool(event.get("unpreventable")))
        final = replaced.final
        to = final.subject
        prevented = final.prevented
        used = [f for a in replaced.applied if a.effect.kind == "prevention"
                for f in a.effect.facts]
        protected = next((a.effect.facts[0] for a in replaced.applied
                          if a.effect.key.startswith("protection:")), None)
        if not replaced.applied and not replaced.blocked:
            replaced = None
        else:
            used += unpreventable
        amount = final.amount + prevented if final.kind in ("damage", "none") else 0
        dealt = amount - prevented
        deathtouch = False
        also = ""  # a second result of the same damage: a creature that is a planeswalker
        if amount <= 0:
            kind = "zero"   # 120.8: a source that would deal 0 damage deals none at all
        elif dealt <= 0:
            kind = ("protected" if protected is not None else "prevented") if prevented \
                else "none"
        elif to in players:
            kind = "poison" if "infect" in keywords else "life lost"
        elif to in b.perms:
            p = b.perms[to]
            if "creature" in p.types:
                kind = "-1/-1 counters" if {"infect", "wither"} & set(keywords) else "marked"
                deathtouch = "deathtouch" in keywords
                # 120.3c and 120.3d/e both apply to a creature that is also a planeswalker
                also = "loyalty removed" if "planeswalker" in p.types else ""
            elif "planeswalker" in p.types:
                kind = "loyalty removed"
            elif "battle" in p.types:
                kind = "defense removed"
            else:
                kind = "none"
        else:
            kind = "none"
        if kind not in ("none", "zero", "prevented", "protected"):
            total += dealt
        results.append(Result(src, to, dealt if kind not in ("none", "zero") else 0, prevented,
                              kind, deathtouch, used, replaced, first_to,
                              bool(event.get("combat")), str(event.get("step") or "")))
        if also:
            results.append(Result(src, to, dealt, 0, also, False, [],
                                  combat=bool(event.get("combat")),
                                  step=str(event.get("step") or "")))
    lifelink = (controller, total) if "lifelink" in keywords and total > 0 and controller \
        else None
    return results, lifelink, keywords, source_facts


def _source_quality(b: Board, src: str, objects: dict[str, Any]) -> set[str]:
    """The colors and card types the damage's source has now (a permanent's as the layers
    make them; a spell's or a card's off the battlefield: its own, CR 609.7b-c)."""
    if src in b.perms:
        return set(b.perms[src].colors) | set(b.perms[src].types)
    obj = objects.get(src)
    return set(obj["colors"]) | set(obj["types"]) if obj is not None else set()


def _chosen_misses(effect: Any, ev: Any, quality: set[str]) -> str:
    """prevent: why an effect on the damage of a chosen source (CR 609.7a) doesn't apply to
    this damage ('' when it does): another source deals it, or the chosen source no longer
    has the quality it was chosen with (609.7b, 615.9: rechecked, and the shield stays)."""
    if not effect["by"]:
        return ""
    if ev.source != effect["by"]:
        return f"it is not dealt by {effect['by']}, the source chosen for it"
    wants = list(effect["by_quality"])
    if wants and not quality & set(wants):
        return (f"{effect['by']} is no longer {' or '.join(wants)} (the shield rechecks the "
                "source, CR 609.7b)")
    return ""


def chosen_source_misses(engine: Any, effect: Any, source: str) -> str:
    """prevent: why `effect` (a prevention effect on a chosen source's damage) doesn't apply to
    damage `source` deals in this run's question ('' when it does), for the rules."""
    from rulings.knowledge.layer_system import board

    facts = engine.situation_facts()
    objects = {f["id"]: f for f in _of(facts, GameObject)}
    quality = _source_quality(board(engine), source, objects)
    return _chosen_misses(effect, _Damage(source), quality)


@dataclass
class _Damage:
    source: str


def _prevention_effects(facts: list[Any], guard: Any, quality: set[str]) -> list[Effect]:
    """The situation's prevention shields (615.7) and protection from the source (702.16e),
    as prevention effects the replacement procedure orders with the others (616.1); a shield
    or an effect on a chosen source's damage (`by:`) only for that source's (609.7a)."""
    out = []
    for i, shield in enumerate(_of(facts, PreventDamage)):
        def fits(ev: Any, to: str = shield["to"], shield: Any = shield) -> str:
            if ev.subject != to:
                return "it is not dealt to what the shield protects"
            return _chosen_misses(shield, ev, quality)
        label = f"the prevention shield on {shield['to']}" + (
            f" against {shield['by']}" if shield["by"] else "") + (
            f" ({shield['source']})" if shield["source"] else "")
        # 615.8: "the next time" that source would deal damage: all of that damage, once
        cite = "CR 615.8" if shield["next_time"] else "CR 609.7a" if shield["by"] else \
            "CR 615.7"
        out.append(prevent(f"shield-{i}", label, fits, 0 if shield["next_time"] else
                           shield["amount"], (shield,), order=20_000 + i, cite=cite))
    for i, effect in enumerate(_of(facts, PreventAllDamage)):
        # 615.3: an effect that lasts this turn, for all damage (or all combat damage)
        def fits_all(ev: Any, combat: bool = bool(effect["combat"]), effect: Any = effect
                     ) -> str:
            if combat and not ev.combat:
                return "it is not combat damage"
            return _chosen_misses(effect, ev, quality)
        how = "combat damage" if effect["combat"] else "damage"
        label = f"the effect preventing all {how}" + (
            f" {effect['by']} would deal" if effect["by"] else "") + " this turn" + (
            f" ({effect['source']})" if effect["source"] else "")
        out.append(prevent(f"prevent-all-{i}", label, fits_all, 0, (effect,),
                           order=21_000 + i, cite="CR 609.7a" if effect["by"] else
                           "CR 615.3"))
    targets = {p["to"] for p in _of(facts, PreventDamage)} | {
        o for f in _of(facts, DealDamage) for o in f["to"]}
    targets |= {f["object"] for f in _of(facts, Keyword) if f["keyword"] == "protection"}
    targets |= {f["object"] for f in _of(facts, GainsKeyword) if f["keyword"] == "protection"}
    for oid in sorted(targets):
        keyword = guard(oid)
        if keyword is None:
            continue
        def fits(ev: Any, oid: str = oid) -> str:
            return "" if ev.subject == oid else "it is not dealt to the protected one"
        out.append(prevent(f"protection:{oid}", f"{oid}'s protection", fits, 0, (keyword,),
                           order=-1, cite="CR 702.16e"))
    return out


def _protection(b: Board, facts: list[Any], src: str, objects: dict[str, Any]) -> Any:
    """to -> the protection keyword of `to` that covers the damage's source (CR 702.16e), or
    None. The source's qualities are its characteristics now (a spell's or a card's that
    left the battlefield: its own); protection an effect removed (layer 6) no longer counts."""
    if src in b.perms:
        p = b.perms[src]
        quality: Any = {"colors": p.colors, "types": p.types, "subtypes": p.subtypes,
                        "name": p.name}
    else:
        quality = objects.get(src)
    def guard(to: str) -> Any:
        return protected_from(b, facts, to, quality) if quality is not None else None
    return guard


def protected_from(b: Board, facts: list[Any], oid: str, quality: Any) -> Any:
    """The protection keyword of permanent `oid` that covers `quality` (an object's colors,
    types, name: CR 702.16a), as the fact it rests on, or None. Printed protection counts,
    and protection an effect already in place gave (`effects: gains_keyword`); protection an
    effect removed (layer 6) doesn't."""
    if oid in b.perms and "protection" not in b.perms[oid].keywords:
        return None
    selectors = {f["id"]: f for f in _of(facts, Selector)}
    for k in _of(facts, Keyword):
        if k["object"] == oid and k["keyword"] == "protection" and protection_covers(
                k, selectors.get(k["selector"]) if k["selector"] else None, quality):
            return k
    for g in _of(facts, GainsKeyword):
        if g["object"] == oid and g["keyword"] == "protection" and protection_covers(
                Keyword(object=oid, keyword="protection", value=g["value"]), None, quality):
            return g
    # protection a static ability gives (an Aura's "enchanted creature has protection from
    # red"), as the layer system worked it out (layer 6)
    for word, value, label in b.perms[oid].granted if oid in b.perms else ():
        given = Keyword(object=oid, keyword="protection", value=value, granted_by=label)
        if word == "protection" and value and protection_covers(given, None, quality):
            return given
    return None


def damage_events(b: Board, facts: list[Any]) -> list[tuple[Any, list[Any]]]:
    """The damage dealt at once in the event asked about, with the facts each rests on: the
    situation's `damage` events, or the combat damage of both steps (CR 510.2; its results
    are applied together, then state-based actions are checked once)."""
    events: list[tuple[Any, list[Any]]] = [(e, [e]) for e in _of(facts, DealDamage)]
    if _of(facts, CombatDamage):
        outcome = combat(b, facts)
        events += [(e, [*outcome.facts, *_of(facts, CombatDamage)]) for e in outcome.events()]
    return events


def _statuses(after: Board, facts: list[Any], extra: dict[str, dict[str, int]],
              by_to: dict[str, list[Result]], source_facts: dict[str, list[Any]]
              ) -> tuple[dict[str, dict[str, Any]], dict[str, list[Any]]]:
    """Each permanent as state-based actions see it."""
    marked = {f["object"]: f for f in _of(facts, MarkedDamage)}
    touched = {f["object"]: f for f in _of(facts, DeathtouchDamage)}
    shields = {f["object"]: f for f in _of(facts, RegenerationShield)}
    objects = {f["id"]: f for f in _of(facts, GameObject)}
    status: dict[str, dict[str, Any]] = {}
    status_facts: dict[str, list[Any]] = {}
    for oid in sorted(after.perms):
        p = after.perms[oid]
        if p.pt_unknown and "creature" in p.types:
            # its toughness comes from an ability not read here: no state-based action is
            # decided for it (the answer names the ability as not modelled)
            continue
        used = list(after.used.get(oid, []))
        damage = 0
        for f in (marked.get(oid), touched.get(oid), shields.get(oid)):
            if f is not None:
                used.append(f)
        if oid in marked:
            damage = marked[oid]["amount"]
        deathtouch = oid in touched
        loyalty = p.loyalty
        for r in by_to.get(oid, []):
            used += [*source_facts[r.source], *r.facts]
            if r.result == "marked":
                damage += r.amount
            if r.deathtouch and r.amount > 0:
                deathtouch = True
            if r.result == "loyalty removed":
                loyalty -= r.amount
        counters: dict[str, int] = {}
        for c in after.used.get(oid, []):
            if type(c).__name__ == "CounterOn" and c["object"] == oid:
                counters[c["counter"]] = counters.get(c["counter"], 0) + c["amount"]
        for name, n in extra.get(oid, {}).items():
            counters[name] = counters.get(name, 0) + n
        status[oid] = {
            "object": oid, "name": p.name, "controller": p.controller, "owner": p.owner,
            "creature": "creature" in p.types, "planeswalker": "planeswalker" in p.types,
            "legendary": "legendary" in p.supertypes, "world": "world" in p.supertypes,
            "aura": "aura" in p.subtypes,
            "token": p.token, "toughness": (p.toughness or 0) if "creature" in p.types else 0,
            "loyalty": loyalty, "damage": damage, "deathtouch": deathtouch,
            "indestructible": "indestructible" in p.keywords,
            "plus": counters.get("+1/+1", 0), "minus": counters.get("-1/-1", 0),
            "shield": oid in shields,
            "equipment": "equipment" in p.subtypes,
            "illegal_attachment": _illegal_attachment(p, after, objects, facts),
        }
        if p.attached_to and {"aura", "equipment"} & set(p.subtypes):  # its host's protection
            aura = {"colors": p.colors, "types": p.types, "subtypes": p.subtypes,
                    "name": p.name}
            guard = protected_from(after, facts, p.attached_to, aura) \
                if p.attached_to in after.perms else None
            if guard is not None:
                used.append(guard)
        status_facts[oid] = used
    return status, status_facts


def leaves(s: dict[str, Any]) -> bool:
    """Whether a state-based action removes this permanent: the conditions of the rules in
    knowledge/rules/state_based.py, used only to find what the next check sees (704.3)."""
    t, d = s["toughness"], s["damage"]
    destroyable = not s["indestructible"] and not s["shield"]
    return bool(
        (s["creature"] and t <= 0)
        or (s["creature"] and destroyable and 0 < t <= d)
        or (s["creature"] and destroyable and t > 0 and s["deathtouch"])
        or (s["planeswalker"] and s["loyalty"] <= 0)
        or (s["aura"] and s["illegal_attachment"]))


def loses(s: dict[str, Any]) -> bool:
    """Whether a state-based action makes this player lose (704.5a-c): the conditions of the
    player rules of knowledge/rules/state_based.py, used to find a draw (104.4a)."""
    return bool((s["life_known"] and s["life"] <= 0) or s["poison"] >= 10
                or s["drew_from_empty"])


#: checks of state-based actions followed after the event (704.3 repeats them until none
#: applies); a chain longer than this is cut off
MAX_CHECKS = 8


def _later_checks(status: dict[str, dict[str, Any]], facts: list[Any],
                  extra: dict[str, dict[str, int]], by_to: dict[str, list[Result]],
                  source_facts: dict[str, list[Any]], removed: list[str] | None = None
                  ) -> tuple[dict[str, dict[str, Any]], dict[str, list[Any]]]:
    """`removed`: what the event itself put into a graveyard (destroyed, sacrificed); the
    first check already sees the game without it.

    CR 704.3: after state-based actions are performed, they are checked again, until a
    check finds nothing. The permanents that left change what the others are (a lord's bonus
    goes with it), so the layer system runs again without them; a permanent that now would
    leave, and didn't before, gets its status for that check (`check` 2, 3, …; `after`: what
    the check before removed)."""
    later: dict[str, dict[str, Any]] = {}
    later_facts: dict[str, list[Any]] = {}
    staying = dict(status)
    gone_before: list[str] = []
    check = 1
    while check < MAX_CHECKS:
        gone = sorted(o for o, s in staying.items()
                      if leaves(s) or (check == 1 and o in (removed or ())))
        if not gone:
            break
        gone_before += gone
        check += 1
        moved = []
        for f in facts:
            if isinstance(f, GameObject) and f["id"] in gone_before:
                data = {k: v for k, v in f.items() if not GameObject.is_special(k)}
                data["zone"] = "graveyard"
                f = GameObject(**data)
            moved.append(f)
        again, again_facts = _statuses(compute(moved, extra), moved, extra, by_to,
                                       source_facts)
        staying = {o: s for o, s in again.items() if o not in gone_before}
        for oid, s in staying.items():
            if leaves(s):
                later[oid] = {**s, "check": check, "after": gone}
                # the facts it rests on are the situation's (the moved objects are left out)
                later_facts[oid] = [f for f in again_facts[oid] if f in facts]
    return later, later_facts


def removed_by_event(status: dict[str, dict[str, Any]], facts: list[Any]) -> list[str]:
    """The permanents the event asked about puts into a graveyard: a sacrifice always
    (701.21a), a destruction unless indestructible or a regeneration shield stops it (the
    conditions of knowledge/rules/destruction.py)."""
    out = [f["object"] for f in _of(facts, SacrificeEvent) if f["object"] in status]
    out += [f["object"] for f in _of(facts, DestroyEvent) if f["object"] in status
            and not status[f["object"]]["indestructible"]
            and not (status[f["object"]]["shield"] and f["regenerate"])]
    # the legend rule with its choice made (`keep:`): the namesakes not kept leave in the
    # first check (the conditions of sba.legend-rule-put-away)
    keep = {o for f in _of(facts, CheckStateBasedActions) for o in f["keep"]}
    groups: dict[tuple[str, str], list[str]] = {}
    for oid, st in status.items():
        if st["legendary"]:
            groups.setdefault((st["controller"], st["name"]), []).append(oid)
    for members in groups.values():
        kept = [o for o in members if o in keep]
        if len(members) > 1 and len(kept) == 1:
            out += [o for o in members if o not in keep]
    return sorted(set(out))


def _per_source(results: list[Result]) -> list[Result]:
    """One result per source, recipient and kind: a double striker's two hits on the same
    player (first-strike and regular step) are one loss of their sum, not two equal lines."""
    merged: dict[tuple[str, str, str], Result] = {}
    for r in results:
        key = (r.source, r.to, r.result)
        if key in merged:
            m = merged[key]
            m.amount += r.amount
            m.prevented += r.prevented
            m.deathtouch = m.deathtouch or r.deathtouch
            m.facts = [*m.facts, *(f for f in r.facts if f not in m.facts)]
        else:
            merged[key] = Result(r.source, r.to, r.amount, r.prevented, r.result, r.deathtouch,
                                 list(r.facts), r.replaced, r.meant_for, r.combat)
    return list(merged.values())


def _lifelink_per_source(gains: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    total: dict[tuple[str, str], int] = {}
    for player, amount, source in gains:
        total[(player, source)] = total.get((player, source), 0) + amount
    return [(player, amount, source) for (player, source), amount in total.items()]


def resolution_facts(facts: list[Any]) -> tuple[list[Any], dict[str, int]]:
    """What the object resolving in the question does to the game, as the event words this
    procedure reads (damage, destruction, sacrifice, counters, continuous effects), with the
    life each player gains or loses (knowledge/resolving.py: CR 608.2c, then 704.3)."""
    from rulings.facts.state import ResolvedEffect
    from rulings.knowledge.resolving import resolve

    res = resolve(facts)
    if res is None:
        return [], {}
    out: list[Any] = []
    names = {f["name"] for f in _of(facts, Player)}
    perms = {f["id"] for f in _of(facts, GameObject) if f["zone"] == "battlefield"}
    for source, to, amount in res.damage:
        if to in perms or to in names:
            out.append(DealDamage(source=source, to=[to], amount=amount,
                                  unpreventable=(source, to) in res.unpreventable))
    out += [DestroyEvent(object=o, source=res.name, regenerate=o not in res.unregenerable)
            for o in res.destroyed if o in perms]
    out += [SacrificeEvent(object=o) for o in res.sacrificed if o in perms]
    for oid, counters in sorted(res.counters.items()):
        for counter, n in sorted(counters.items()):
            if n > 0 and oid in perms:
                out.append(CounterPut(object=oid, counter=counter, amount=n))
    # monstrous from now on: "as long as ~ is monstrous" holds for the checks after (701.37b)
    out += [Monstrous(object=o) for o in res.monstrous if o in perms]
    for k, e in enumerate(res.effects):
        objects = [o for o in e["objects"] if o in perms]
        if objects:
            out.append(ResolvedEffect(**{**e, "objects": objects, "timestamp": 5000 + k,
                                         "values": list(e.get("values", []))}))
    return out, dict(res.life)


def entering_spell(facts: list[Any]) -> tuple[Any, Any] | None:
    """The permanent spell resolving in the question, and itself as the permanent it becomes
    (608.3): the state-based actions see it on the battlefield (the legend rule, a 0/0)."""
    from rulings.facts.stack import ResolveTop, StackObject

    if not _of(facts, ResolveTop):
        return None
    top = next((s for s in _of(facts, StackObject) if s["position"] == 1), None)
    if top is None or top["kind"] == "ability":
        return None
    spell = next((f for f in _of(facts, GameObject) if f["id"] == top["id"]), None)
    permanent = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
    if spell is None or not set(spell["types"]) & set(permanent):
        return None
    data = {k: v for k, v in spell.items() if not GameObject.is_special(k)}
    data.update(zone="battlefield", controller=top["controller"])
    return spell, GameObject(**data)


def aftermath(b: Board, facts: list[Any]) -> Aftermath:
    resolved, life_change = resolution_facts(facts)
    entering = entering_spell(facts)
    if entering is not None:
        facts = [entering[1] if f is entering[0] else f for f in facts]
    if resolved or entering is not None:
        facts = [*facts, *resolved]
        b = compute(facts)
    results: list[Result] = []
    lifelink: list[tuple[str, int, str]] = []
    source_facts: dict[str, list[Any]] = {}
    for event, rests_on in damage_events(b, facts):
        found, gained, _keywords, used = damage_results(b, facts, event)
        results += found
        source_facts.setdefault(event["source"], []).extend([*rests_on, *used])
        if gained:
            lifelink.append((*gained, event["source"]))
    dealt = list(results)
    results, lifelink = _per_source(results), _lifelink_per_source(lifelink)
    # lifelink's gain goes through the life replacement effects ("twice that much")
    life_replaced: dict[tuple[str, str], Any] = {}
    losses: list[tuple[str, int, str]] = []
    kept = []
    for gainer, gained, source in lifelink:
        o = life_outcome(facts, b, gainer, gained)
        if o.applied:
            life_replaced[(gainer, source)] = o
        if o.final.kind == "gain_life" and o.final.amount > 0:
            kept.append((gainer, o.final.amount, source))
        elif o.final.kind == "lose_life":
            losses.append((gainer, o.final.amount, source))
    lifelink = kept
    extra: dict[str, dict[str, int]] = {}
    for put in _of(facts, CounterPut):  # counters the event puts on a permanent (122.1)
        if put["object"] in b.perms and put["amount"] > 0:
            counters = extra.setdefault(put["object"], {})
            # as replacement effects make it ("one more", "twice as many": 614.1a)
            final = counters_outcome(facts, b, put["object"], put["counter"],
                                     put["amount"]).final
            n = final.amount if final.kind == "counters" else 0
            counters[put["counter"]] = counters.get(put["counter"], 0) + n
    for entering in _of(facts, Enters):  # the counters it enters with (614.1c, 616.1g)
        if entering["object"] in b.perms:
            for name, n in entering_counters(facts, b, entering).items():
                counters = extra.setdefault(entering["object"], {})
                counters[name] = counters.get(name, 0) + n
    for r in results:
        if r.result == "-1/-1 counters":
            counters = extra.setdefault(r.to, {})
            counters["-1/-1"] = counters.get("-1/-1", 0) + r.amount
    after = compute(facts, extra) if extra else b
    by_to: dict[str, list[Result]] = {}
    for r in results:
        by_to.setdefault(r.to, []).append(r)
    status, status_facts = _statuses(after, facts, extra, by_to, source_facts)
    removed = removed_by_event(status, facts)
    second, second_facts = _later_checks(status, facts, extra, by_to, source_facts, removed)
    players: dict[str, dict[str, Any]] = {}
    player_facts: dict[str, list[Any]] = {}
    poisons = {f["player"]: f for f in _of(facts, PoisonCounters)}
    drew = {f["player"] for f in _of(facts, DrewFromEmptyLibrary)}
    for pl in _of(facts, Player):
        name = pl["name"]
        known = pl["life_stated"] or pl["life"] >= 0   # Player.life: -1 when not stated
        used = [f for f in ((pl if known else None), poisons.get(name)) if f is not None]
        life = pl["life"] if known else 20
        poison = poisons[name]["amount"] if name in poisons else 0
        for r in by_to.get(name, []):
            used += [*source_facts[r.source], *r.facts]
            if r.result == "life lost":
                life -= r.amount
            if r.result == "poison":
                poison += r.amount
        for gainer, gained, source in lifelink:
            if gainer == name:
                life += gained
                used += source_facts[source]
        for loser, lost, source in losses:
            if loser == name:
                life -= lost
                used += [*source_facts[source], *life_replaced[(loser, source)].facts]
        life += life_change.get(name, 0)  # gained or lost as the resolving object said
        if pl["left_game"]:
            continue  # no longer in the game (800.4a): never loses again, nor draws
        players[name] = {"player": name, "life": life, "life_known": known,
                         "poison": poison, "drew_from_empty": name in drew}
        player_facts[name] = used
    return Aftermath(results, lifelink, source_facts, after, status, status_facts,
                     players, player_facts, second, second_facts, life_replaced, dealt)


def _illegal_equipment(p: Any, b: Board, facts: list[Any]) -> str:
    """CR 704.5n, 301.5a: an Equipment can be attached only to a creature, and not to one
    with protection from it (702.16d)."""
    host = b.perms.get(p.attached_to)
    if host is None:
        return ""  # attached to nothing: it simply stays on the battlefield
    if "creature" not in host.types:
        return f"{host.name} is not a creature now"
    equipment = {"colors": p.colors, "types": p.types, "subtypes": p.subtypes, "name": p.name}
    if protected_from(b, facts, host.id, equipment) is not None:
        return f"{host.name} has protection from a quality {p.name} has"
    return ""


def _illegal_attachment(p: Any, b: Board, objects: dict[str, Any], facts: list[Any]) -> str:
    """CR 704.5m, 303.4: an Aura must be attached to something its enchant ability allows;
    an Equipment to a creature (704.5n)."""
    if "equipment" in p.subtypes and "aura" not in p.subtypes and p.attached_to:
        return _illegal_equipment(p, b, facts)
    if "aura" not in p.subtypes:
        return ""
    if not p.attached_to:
        return "it is attached to nothing"
    host = b.perms.get(p.attached_to)
    if host is None:
        return "what it is attached to is no longer on the battlefield"
    selectors = {f["id"]: f for f in _of(facts, Selector)}
    # a filter ({types: [creature], controller: you}, as compiled cards write it) is read
    # through its selector; a plain word ("creature") by itself
    enchant = [k["selector"] if k["selector"] in selectors and not selectors[k["selector"]]["ref"]
               else str(k["value"]).strip("'\"") for k in _of(facts, Keyword)
               if k["object"] == p.id and k["keyword"] == "enchant"
               and (k["value"] or k["selector"])]
    aura = {"colors": p.colors, "types": p.types, "subtypes": p.subtypes, "name": p.name}
    if protected_from(b, facts, host.id, aura) is not None:  # 303.4d, 702.16c
        return (f"{host.name} has protection from a quality {p.name} has, so it can't be "
                "enchanted by it")
    for quality in enchant:
        if quality in selectors:  # a selector: what it picks, on the permanents as they are
            if not picks(World(facts), quality, host, p, b.perms):
                what = selectors[quality]["text"] or "what its enchant ability names"
                return f"it can enchant only {what}, and {host.name} isn't that now"
            continue
        if quality in ("permanent", "player"):
            continue
        if quality not in host.types and quality not in host.subtypes:
            return (f"it can enchant only a {quality}, and {host.name} is not a {quality} "
                    "now")
    return ""


def result_of(engine: Any) -> Aftermath:
    """The aftermath of this run, computed once (engine.memo)."""
    from rulings.knowledge.layer_system import board

    if "aftermath" not in engine.memo:
        engine.memo["aftermath"] = aftermath(board(engine), engine.situation_facts())
    return engine.memo["aftermath"]  # type: ignore[no-any-return]
