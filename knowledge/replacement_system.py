"""Replacement and prevention effects as one pure, explained procedure (CR 614-616), like
knowledge/layer_system.py: an event that is about to happen, and the effects that watch for
it, go in; the event that really happens comes out, with a record of each effect applied, in
which order, who chose it and why.

Not a rule module: knowledge/rules/replacement.py (and damage.py through aftermath.py) call it
and conclude its results with the facts they rest on. It reads only the situation's facts, so
its answer can't depend on the order rules fire in.

The procedure, in the game's words:
1. An event is described by what happens to whom (`Event`): damage, a zone change (dies, put
   into a graveyard from anywhere, destroyed), a draw, counters put, life gained or lost, a
   step beginning, a permanent entering.
2. Each effect (`Effect`) says whether it applies to an event as it now is (614.1), and what
   the event becomes if it does. An effect applies at most once to one event and to whatever
   it became (614.5).
3. Self-replacement effects (614.15) apply first (616.1a); among the others, the affected
   player, or the controller of the affected object, chooses one (616.1e; 616.1b-d, control,
   copy and back-face effects of an entering permanent, are not modelled and never guessed).
4. After each one the effects are checked again on the modified event (616.1f): one may stop
   applying, one may start (616.1g: an effect may apply to the event another made).
5. Every order the chooser could pick is followed; when they all lead to the same event, the
   order doesn't matter, and the answer says so; otherwise it lists each order and its result.
Prevention effects (615) are effects like the others here, ordered together with replacement
effects (616.1); damage that can't be prevented (615.12) is out of their reach.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

#: the orders followed at most: a bound on effects x effects (6 effects give 720)
MAX_ORDERS = 720


@dataclass(frozen=True)
class Event:
    """An event about to happen. `kind`: damage, zone, draw, counters, gain_life, lose_life,
    step, enters; `instead` (steps done instead, in `text`), `regenerated`, `skipped`, or
    `none` (nothing happens: all the damage prevented)."""

    kind: str
    subject: str                 # the object or player it happens to
    amount: int = 0
    source: str = ""             # damage: its source; counters: '' (any)
    to: str = ""                 # zone: where it goes
    origin: str = ""             # zone: where it comes from
    cause: str = ""              # zone: destroy, sacrifice, state-based, effect
    regenerable: bool = True     # zone, destroy: false when it can't be regenerated (701.19c)
    counter: str = ""            # counters: the kind
    combat: bool = False
    tapped: bool = False         # enters: it enters tapped
    unpreventable: bool = False  # damage: it can't be prevented (615.12)
    prevented: int = 0           # damage: how much was prevented so far
    step: str = ""               # step: which step
    text: str = ""               # instead: what happens instead, in words
    extra: tuple[tuple[str, int], ...] = ()   # enters: the counters it enters with

    def words(self, name: Callable[[str], str] = str) -> str:
        """The event in plain words: '3 damage from Shock to Alice'."""
        who = name(self.subject)
        if self.kind == "damage":
            how = "combat damage" if self.combat else "damage"
            return f"{self.amount} {how} from {name(self.source)} to {who}"
        if self.kind == "zone":
            how = {"destroy": " is destroyed and", "sacrifice": " is sacrificed and"}.get(
                self.cause, "") if self.to == "graveyard" else ""
            if how:
                return f"{who}{how} goes to its owner's graveyard"
            then = f", and {self.text}" if self.text else ""
            return {"graveyard": f"{who} goes to its owner's graveyard",
                    "exile": f"{who} is exiled{then}",
                    "hand": f"{who} goes to its owner's hand{then}",
                    "library": f"{who} is put into its owner's library{then}"}.get(
                self.to, f"{who} goes to the {self.to}{then}")
        if self.kind == "draw":
            return f"{who} draws a card"
        if self.kind == "counters":
            return f"{counted(self.amount, self.counter)} put on {who}"
        if self.kind == "gain_life":
            return f"{who} gains {self.amount} life" if self.amount else f"{who} gains no life"
        if self.kind == "lose_life":
            return f"{who} loses {self.amount} life" if self.amount else f"{who} loses no life"
        if self.kind == "step":
            return f"{who}'s {self.step} step happens"
        if self.kind == "enters":
            parts = ["tapped" if self.tapped else "untapped"]
            parts += [f"with {counted(n, c)}" for c, n in self.extra if n > 0]
            return f"{who} enters the battlefield " + " ".join(parts)
        if self.kind == "instead":
            return self.text
        if self.kind == "regenerated":
            return f"{who} regenerates (it is tapped, its damage removed, removed from combat)"
        if self.kind == "skipped":
            return f"{who}'s {self.step} step is skipped" if self.step else f"{self.text} is skipped"
        if self.kind == "none":
            return f"no damage is dealt to {who}"
        return f"{self.kind} ({who})"


def counted(n: int, kind: str) -> str:
    return f"{n} {kind} counter{'' if n == 1 else 's'}"


@dataclass(eq=False)
class Effect:
    """One replacement or prevention effect. `test(event)` is '' when it applies to the event
    as it is now, else why not; `change(event)` is what the event becomes."""

    key: str                       # unique: the ability id or the effect's own id
    label: str                     # shown in answers: "Hardened Scales"
    kind: str                      # self (614.15), replacement, prevention
    does: str                      # what it does, in words: "one more +1/+1 counter"
    test: Callable[[Event], str]
    change: Callable[[Event], Event]
    facts: tuple[Any, ...] = ()
    cite: str = "CR 614.1a"
    order: int = 0                 # for a stable listing: timestamp, then key
    #: "you may … instead": the chooser may also not apply it
    optional: bool = False


@dataclass
class Applied:
    effect: Effect
    before: Event
    after: Event
    declined: bool = False       # an optional effect its chooser didn't apply

    @property
    def label(self) -> str:
        return f"{self.effect.label} (declined)" if self.declined else self.effect.label


@dataclass
class Outcome:
    event: Event                                   # what would have happened
    final: Event                                   # what happens, in the order assumed
    applied: list[Applied]                         # in that order
    chooser: str                                   # who orders the effects (616.1e)
    #: each order the chooser could pick (labels) with its result, distinct orders only
    orders: list[tuple[tuple[str, ...], Event]] = field(default_factory=list)
    order_matters: bool = False
    #: several effects could be chosen at some point (616.1e)
    choice: bool = False
    #: self-replacement effects applied before the others (616.1a)
    self_first: list[str] = field(default_factory=list)
    #: (effect, why) that applied to the event at first but not once another had (616.1f)
    stopped: list[tuple[str, str]] = field(default_factory=list)
    #: effects applied once that would apply again to the event they made (614.5)
    once: list[str] = field(default_factory=list)
    #: the order asked for was not one the rules allow; the assumed order is used
    order_refused: str = ""
    #: prevention effects that would apply but can't: the damage can't be prevented (615.12)
    blocked: list[str] = field(default_factory=list)
    #: the situation chose the order (`effects: replacement_order`), and the fact saying so
    chosen: bool = False
    extra_facts: list[Any] = field(default_factory=list)

    @property
    def facts(self) -> list[Any]:
        out: list[Any] = list(self.extra_facts)
        for a in self.applied:
            out += [f for f in a.effect.facts if f not in out]
        return out

    @property
    def changed(self) -> bool:
        return bool(self.applied)


def resolve(event: Event, effects: list[Effect], chooser: str,
            order: list[str] | None = None) -> Outcome:
    """Apply `effects` to `event` (CR 616.1). `order`: effect keys or labels in the order the
    chooser picks them (the situation's choice); without it the first order (effects by
    timestamp) is assumed, and the outcome lists the others."""
    effects = sorted(effects, key=lambda e: (e.order, e.key))
    paths: list[list[Applied]] = []
    finals: list[Event] = []
    choice = False

    def walk(ev: Event, used: frozenset[str], path: list[Applied]) -> None:
        nonlocal choice
        if len(paths) >= MAX_ORDERS:
            return
        live = [e for e in effects if e.key not in used and not e.test(ev)]
        if not live:
            paths.append(path)
            finals.append(ev)
            return
        selfs = [e for e in live if e.kind == "self"]
        pick = selfs or live                      # 616.1a, then 616.1e
        if len(pick) > 1:
            choice = True
        if any(e.optional for e in pick):
            choice = True
        for e in pick:
            after = e.change(ev)
            walk(after, used | {e.key}, [*path, Applied(e, ev, after)])
            if e.optional:
                walk(ev, used | {e.key}, [*path, Applied(e, ev, ev, declined=True)])

    walk(event, frozenset(), [])
    chosen = 0
    refused = ""
    if order:
        wanted = [w.lower() for w in order]
        for i, path in enumerate(paths):
            names = [a.effect.key.lower() for a in path if not a.declined]
            objects = [a.effect.key.rsplit(".", 1)[0].lower() for a in path if not a.declined]
            labels = [a.effect.label.lower() for a in path if not a.declined]
            if any(_prefix(wanted, n) for n in (names, objects, labels)):
                chosen = i
                break
        else:
            refused = ", ".join(order)
    path, final = [a for a in paths[chosen] if not a.declined], finals[chosen]
    orders: list[tuple[tuple[str, ...], Event]] = []
    for p, f in zip(paths, finals, strict=True):
        labels = tuple(a.label for a in p)
        if labels not in [o for o, _ in orders]:
            orders.append((labels, f))
    matters = len({_result_key(f) for _, f in orders}) > 1
    out = Outcome(event, final, path, chooser, orders, matters, choice)
    out.order_refused = refused
    first_others = [e for e in effects if not e.test(event) and e.kind != "self"]
    if any(e.kind == "self" for e in effects if not e.test(event)) and first_others:
        out.self_first = [a.effect.label for a in path if a.effect.kind == "self"]
    used_keys = {a.effect.key for a in path}
    for e in effects:
        if e.key not in used_keys and not e.test(event):
            out.stopped.append((e.label, e.test(final) or "the event it watches for no "
                                "longer happens"))
    out.once = [a.effect.label for a in path if not a.effect.test(final)]
    return out


def _prefix(wanted: list[str], names: list[str]) -> bool:
    return bool(wanted) and bool(names) and names[:len(wanted)] == wanted[:len(names)]


def _result_key(e: Event) -> tuple[Any, ...]:
    return (e.kind, e.subject, e.amount, e.to, e.counter, e.tapped, e.extra, e.text, e.step)


def chooser_of(event: Event, controller: Callable[[str], str]) -> str:
    """CR 616.1: the affected player, or the controller of the affected object (its owner
    when it has none)."""
    return controller(event.subject) or event.subject


def explain_orders(out: Outcome, name: Callable[[str], str] = str) -> str:
    """'Hardened Scales then Doubling Season gives 4 +1/+1 counters put on Bears; Doubling
    Season then Hardened Scales gives 3 …'."""
    parts = []
    for labels, final in out.orders:
        parts.append(f"{' then '.join(labels)} gives {final.words(name)}")
    return "; ".join(parts)


# -- effect builders: the families of replacement effects --------------------------------------
# Each returns an Effect whose test and change are pure functions of the event. `fits(event)`
# is the effect's own description of what it watches ('' when the event fits).

Fits = Callable[[Event], str]


def _all(*tests: Fits) -> Fits:
    def test(ev: Event) -> str:
        for t in tests:
            why = t(ev)
            if why:
                return why
        return ""
    return test


def kind_is(*kinds: str) -> Fits:
    def test(ev: Event) -> str:
        return "" if ev.kind in kinds else f"the event is not {' or '.join(kinds)}"
    return test


def positive(ev: Event) -> str:
    return "" if ev.amount > 0 else "nothing is left of it"


def multiply(key: str, label: str, fits: Fits, factor: int, facts: tuple[Any, ...] = (),
             order: int = 0, kind: str = "replacement") -> Effect:
    """'twice that many counters', 'double that damage', 'twice that much life'."""
    what = "twice as many" if factor == 2 else f"{factor} times as many"
    return Effect(key, label, kind, what, _all(fits, positive),
                  lambda ev: replace(ev, amount=ev.amount * factor), facts, order=order)


def plus(key: str, label: str, fits: Fits, more: int, facts: tuple[Any, ...] = (),
         order: int = 0, kind: str = "replacement") -> Effect:
    """'that many plus one'."""
    return Effect(key, label, kind, f"{more} more", _all(fits, positive),
                  lambda ev: replace(ev, amount=ev.amount + more), facts, order=order)


def prevent(key: str, label: str, fits: Fits, amount: int, facts: tuple[Any, ...] = (),
            order: int = 0, cite: str = "CR 615.1") -> Effect:
    """CR 615.7: a shield for the next `amount` damage (0: all of it). Damage that can't be
    prevented is out of its reach (615.12)."""
    def test(ev: Event) -> str:
        if ev.unpreventable:
            return "the damage can't be prevented"
        return _all(kind_is("damage"), positive, fits)(ev)

    def change(ev: Event) -> Event:
        stop = ev.amount if amount <= 0 else min(amount, ev.amount)
        left = ev.amount - stop
        return replace(ev, amount=left, prevented=ev.prevented + stop,
                       kind="damage" if left else "none")
    does = "prevents all of it" if amount <= 0 else f"prevents the next {amount}"
    return Effect(key, label, "prevention", does, test, change, facts, cite=cite, order=order)


def redirect(key: str, label: str, fits: Fits, to: str, facts: tuple[Any, ...] = (),
             order: int = 0, to_words: str = "") -> Effect:
    """CR 614.9: damage that would be dealt to one is dealt to another instead."""
    def test(ev: Event) -> str:
        if not to:
            return "what it would be dealt to instead isn't there"
        if ev.subject == to:
            return "it is already dealt to that"
        return _all(kind_is("damage"), positive, fits)(ev)
    return Effect(key, label, "replacement", f"it is dealt to {to_words or to} instead", test,
                  lambda ev: replace(ev, subject=to), facts, cite="CR 614.9", order=order)


def moves_instead(key: str, label: str, fits: Fits, zone: str, facts: tuple[Any, ...] = (),
                  order: int = 0, kind: str = "replacement", also: str = "") -> Effect:
    """'… exile it instead' (614.1a, 614.6)."""
    def test(ev: Event) -> str:
        if ev.kind == "zone" and ev.to == zone:
            return f"it already goes to the {zone}"
        if ev.kind == "zone" and ev.to != "graveyard":   # it watches a graveyard
            return "it no longer goes to a graveyard"
        return _all(kind_is("zone"), fits)(ev)
    where = {"exile": "it is exiled instead", "hand": "it goes to its owner's hand instead",
             "library": "it is put into its owner's library instead"}.get(
        zone, f"it goes to the {zone} instead")
    if also:
        where += f", and {also}"
    return Effect(key, label, kind, where, test,
                  lambda ev: replace(ev, to=zone, text=also or ev.text), facts,
                  cite="CR 614.6", order=order)


def instead(key: str, label: str, fits: Fits, text: str, facts: tuple[Any, ...] = (),
            order: int = 0, kind: str = "replacement") -> Effect:
    """'… instead <steps>': the event doesn't happen; the steps do (614.1a, 614.11)."""
    return Effect(key, label, kind, f"instead: {text}", fits,
                  lambda ev: replace(ev, kind="instead", text=text), facts, order=order)


def skip(key: str, label: str, fits: Fits, facts: tuple[Any, ...] = (),
         order: int = 0) -> Effect:
    """CR 614.1b, 614.10: 'skip your draw step'."""
    return Effect(key, label, "replacement", "it is skipped", fits,
                  lambda ev: replace(ev, kind="skipped"), facts, cite="CR 614.1b",
                  order=order)


def becomes(key: str, label: str, fits: Fits, kind: str, facts: tuple[Any, ...] = (),
            order: int = 0) -> Effect:
    """'… loses that much life instead' (a gain becomes a loss of the same amount)."""
    kind = {"loses_life": "lose_life", "gains_life": "gain_life"}.get(kind, kind)
    words = {"lose_life": "a loss of as much life", "gain_life": "a gain of as much life"}.get(
        kind, kind)
    return Effect(key, label, "replacement", f"it becomes {words}", fits,
                  lambda ev: replace(ev, kind=kind), facts, order=order)


def regenerate(key: str, label: str, fits: Fits, facts: tuple[Any, ...] = (),
               order: int = 0) -> Effect:
    """CR 701.19a: the next time it would be destroyed this turn, instead it is tapped, its
    damage removed, and it is removed from combat."""
    def test(ev: Event) -> str:
        if ev.kind != "zone" or ev.cause != "destroy":
            return "it is not being destroyed"
        if ev.to != "graveyard":   # another effect already sends it elsewhere
            return "it no longer goes to a graveyard"
        return fits(ev)
    return Effect(key, label, "replacement", "it regenerates instead", test,
                  lambda ev: replace(ev, kind="regenerated"), facts, cite="CR 701.19a",
                  order=order)


#: costs: the words umbra armor's replacement says what happens in (CR 702.89a)
UMBRA_ARMOR_DOES = "umbra armor"


def umbra_armor(key: str, aura: str, host: str, indestructible: bool,
                facts: tuple[Any, ...] = ()) -> Effect:
    """CR 702.89a: the enchanted permanent would be destroyed (by an effect or by lethal
    damage, 704.5g); instead its damage is removed and the Aura is destroyed. It is not
    regeneration (701.19): it applies although the destruction can't be regenerated, and it
    doesn't tap the permanent. An indestructible permanent is never destroyed (702.12b), so
    the Aura has nothing to replace."""
    def test(ev: Event) -> str:
        if ev.kind != "zone" or ev.cause != "destroy":
            return "it is not being destroyed"
        if ev.to != "graveyard":   # another effect already sends it elsewhere
            return "it no longer goes to a graveyard"
        if indestructible:
            return "it is indestructible, so it isn't destroyed"
        return ""
    text = f"all damage is removed from {host} and {aura} is destroyed instead"
    return Effect(key, aura, "replacement", f"{UMBRA_ARMOR_DOES}: {text}", test,
                  lambda ev: replace(ev, kind="instead", text=text), facts,
                  cite="CR 702.89a")


def enters_tapped(key: str, label: str, fits: Fits, facts: tuple[Any, ...] = (),
                  order: int = 0, kind: str = "replacement") -> Effect:
    """CR 614.1c: it enters tapped."""
    def test(ev: Event) -> str:
        if ev.kind == "enters" and ev.tapped:
            return "it already enters tapped"
        return _all(kind_is("enters"), fits)(ev)
    return Effect(key, label, kind, "it enters tapped", test,
                  lambda ev: replace(ev, tapped=True), facts, cite="CR 614.1c", order=order)


def enters_with(key: str, label: str, fits: Fits, counter: str, amount: int,
                facts: tuple[Any, ...] = (), order: int = 0, kind: str = "self") -> Effect:
    """CR 614.1c: it enters with counters. As the permanent enters, the counters are put on
    it: the event becomes counters put on it, which counter effects can change (616.1g)."""
    def change(ev: Event) -> Event:
        return replace(ev, extra=(*ev.extra, (counter, amount)))
    return Effect(key, label, kind, f"it enters with {counted(amount, counter)}",
                  kind_is("enters"), change, facts, cite="CR 614.1c", order=order)


# == reading the situation: which effects watch for an event ===================================
# The effect language's words (facts/effects.py, the replacement block) become Effects here;
# every word of that block is read in `Table.effects_for`.

def _arg(fact: Any, key: str) -> str:
    prefix = key + "="
    for item in fact.get("args", ()) or ():
        if str(item).startswith(prefix):
            return str(item)[len(prefix):]
    return ""


def _int(text: str, default: int = 0) -> int:
    text = str(text).strip()
    return int(text) if text.lstrip("-").isdigit() else default


class Table:
    """The situation's facts, indexed for replacement effects, with the permanents as the
    layer system sees them now (`board`: knowledge.layer_system.Board)."""

    def __init__(self, facts: list[Any], board: Any) -> None:
        from rulings.facts.effects import Condition, Replacement, Selector, StaticEffect, Step
        from rulings.facts.game import GameObject, Player
        from rulings.facts.state import RegenerationShield
        from rulings.knowledge.layer_system import World

        self.facts = facts
        self.board = board
        self.world = World(facts)
        self.objects = {f["id"]: f for f in facts if isinstance(f, GameObject)}
        self.players = [f["name"] for f in facts if isinstance(f, Player)]
        self.player_facts = {f["name"]: f for f in facts if isinstance(f, Player)}
        self.replacements = [f for f in facts if isinstance(f, Replacement)]
        self.selectors = {f["id"]: f for f in facts if isinstance(f, Selector)}
        self.conditions = {f["id"]: f for f in facts if isinstance(f, Condition)}
        self.instead_steps: dict[str, list[Any]] = {}
        for f in facts:
            if isinstance(f, Step) and f["part"] == "instead":
                self.instead_steps.setdefault(f["ability"], []).append(f)
        self.regeneration = [f for f in facts if isinstance(f, RegenerationShield)]
        from rulings.facts.replacement import ReplacementOrder
        orders = [f for f in facts if isinstance(f, ReplacementOrder)]
        #: the order chosen (`effects: replacement_order`), and the fact it rests on
        self.order: list[str] = [str(o) for o in orders[0]["order"]] if orders else []
        self.order_facts = orders[:1]
        self.unpreventable = [f for f in facts if isinstance(f, StaticEffect)
                              and f["effect"] == "damage_cant_be_prevented"]
        from rulings.facts.state import DamageCantBePrevented  # prevent: "… this turn"
        self.unpreventable_turn = [f for f in facts if isinstance(f, DamageCantBePrevented)]

    # -- who is who ---------------------------------------------------------------------------

    def name(self, oid: str) -> str:
        if oid in self.board.perms:
            return str(self.board.perms[oid].name)
        obj = self.objects.get(oid)
        return str(obj["name"]) if obj is not None else oid

    def controller(self, oid: str) -> str:
        """An object's controller (its owner off the battlefield); a player is their own."""
        if oid in self.players:
            return oid
        if oid in self.board.perms:
            return str(self.board.perms[oid].controller)
        obj = self.objects.get(oid)
        return str(obj["controller"] or obj["owner"]) if obj is not None else ""

    def _live_source(self, r: Any) -> Any:
        """The permanent whose ability `r` is, if it has that ability now (613: an ability
        removed by an effect makes no replacement)."""
        p = self.board.perms.get(r["source"])
        if p is None or r["ability"] not in p.abilities:
            return None
        return p

    def player_fits(self, sel_id: str, player: str, you: str) -> bool:
        if not sel_id:
            return True
        ref = self.selectors[sel_id]["ref"] if sel_id in self.selectors else sel_id
        if ref in ("you",):
            return player == you
        if ref in ("opponent", "each_opponent"):
            return player != you
        if ref in ("each_player", "player", "any_player"):
            return True
        return False

    def fits(self, sel_id: str, subject: str, source: Any) -> bool:
        """Does selector `sel_id` (of an ability of `source`) describe `subject`, a player or
        an object as it is now?"""
        from rulings.facts.effects import filter_misses
        from rulings.knowledge.layer_system import picks

        if not sel_id:
            return True
        if subject in self.players:
            return self.player_fits(sel_id, subject, source.controller if source else "")
        sel = self.selectors.get(sel_id)
        if sel is not None and sel["ref"] in ("you", "opponent", "each_opponent",
                                              "each_player", "player", "any_player"):
            return False
        if subject in self.board.perms:
            perm = self.board.perms[subject]
            if sel is not None and {"permanent", "card"} & set(sel["types"]):
                # any permanent (110.1); a card or token on its way from the battlefield
                perm = replace(perm, types=[*perm.types, "permanent", "card"])
            return bool(picks(self.world, sel_id, perm, source, self.board.perms))
        obj = self.objects.get(subject)
        if obj is None or sel is None:
            return False
        if sel["ref"] == "this":
            return source is not None and subject == source.id
        if sel["ref"]:
            return False
        you = source.controller if source is not None else ""
        return filter_misses({**dict(sel), "zone": sel["zone"] or "any"}, obj, you,
                             source.id if source is not None else "") == ""

    def holds(self, cid: str, source: Any) -> bool | None:
        """A condition of a replacement ('unless you control a Mountain or a Forest'), on the
        permanents as they are now: types and subtypes after every effect, never names."""
        from rulings.knowledge.layer_system import picks

        c = self.conditions.get(cid)
        if c is None:
            return None
        kind = c["kind"]
        if kind == "you_control":
            sel = _arg(c, "what")
            return any(p.controller == source.controller and p.id != source.id
                       and picks(self.world, sel, p, source, self.board.perms)
                       for p in self.board.perms.values())
        if kind == "you_control_count":  # "unless you control two or more other lands"
            from rulings.knowledge.layer_system import count_compares

            n = sum(1 for p in self.board.perms.values()
                    if p.controller == source.controller and p.id != source.id
                    and picks(self.world, _arg(c, "what"), p, source, self.board.perms))
            return count_compares(c, n)
        if kind == "opponent_count":  # "unless you have two or more opponents" (102.3)
            from rulings.knowledge.layer_system import count_compares

            n = sum(1 for name, p in self.player_facts.items()
                    if name != source.controller and not p["left_game"])
            return count_compares(c, n)
        if kind in ("was_kicked", "you_attacked_this_turn"):
            return self.entering_condition(c, source)
        if kind in _this_turn_kinds():  # history area: what happened earlier this turn
            return self.this_turn(c, source)[0]
        parts = [str(a)[3:] for a in c["args"] if str(a).startswith("of=")]
        if kind == "not" and parts:
            inner = self.holds(parts[0], source)
            return None if inner is None else not inner
        if kind in ("any_of", "all_of") and parts:
            values = [self.holds(p, source) for p in parts]
            if None in values:
                return None
            return any(values) if kind == "any_of" else all(values)  # type: ignore[arg-type]
        return None

    # -- counters area: what an entering permanent's "if" asks (CR 614.1c) ------------------

    def kicked(self, oid: str) -> Any:
        """The situation's word on whether permanent `oid` was kicked (KickedPermanent), or
        None when it doesn't say (CR 702.33e)."""
        from rulings.facts.casting import KickedPermanent

        return next((f for f in self.facts if isinstance(f, KickedPermanent)
                     and f["object"] == oid), None)

    def entering_condition(self, c: Any, source: Any) -> bool | None:
        """'if it was kicked' (702.33e) and raid's 'if you attacked this turn' (508.1: only
        the active player declares attackers) for the permanent `source`; None when the
        situation doesn't say."""
        asks = "value=false" not in c["args"]
        if c["kind"] == "was_kicked":
            k = self.kicked(source.id)
            return None if k is None else bool(k["kicked"]) == asks
        from rulings.facts.game import Turn
        from rulings.facts.stack import AttackedThisTurn

        active = next((f["active"] for f in self.facts if isinstance(f, Turn)), "")
        if not active:
            return None
        if active != source.controller:
            return not asks
        seen = [f for f in self.facts if isinstance(f, AttackedThisTurn)
                and f["player"] == active]
        if not seen:
            return None
        return (sum(f["count"] for f in seen) > 0) == asks

    def this_turn(self, c: Any, source: Any) -> tuple[bool | None, str]:
        """A condition about this turn (history area: a creature died, life gained or lost,
        a permanent left) for the permanent `source`, 'you' being its controller, decided
        from the situation's `this_turn:` entries (history.decide_turn); None when they
        don't say. With the count, in words."""
        from rulings.knowledge.rules.history import decide_turn

        def collect(cls: type, **slots: Any) -> list[Any]:
            return [f for f in self.facts if isinstance(f, cls)
                    and all(f[k] == v for k, v in slots.items())]

        return decide_turn(c["kind"], c["args"], source.controller, collect, False)

    def condition_facts(self, cid: str, source: Any) -> list[Any]:
        """The situation's facts `entering_condition` decided condition `cid` from."""
        from rulings.facts.game import Turn
        from rulings.facts.stack import AttackedThisTurn

        c = self.conditions.get(cid)
        if c is None:
            return []
        if c["kind"] == "was_kicked":
            k = self.kicked(source.id)
            return [k] if k is not None else []
        if c["kind"] == "you_attacked_this_turn":
            return [f for f in self.facts if isinstance(f, Turn) or (
                isinstance(f, AttackedThisTurn) and f["player"] == source.controller)]
        if c["kind"] in _this_turn_kinds():
            from rulings.knowledge.rules.history import THIS_TURN_FACTS

            return [f for f in self.facts if isinstance(f, THIS_TURN_FACTS[c["kind"]])]
        return []

    def redirect_to(self, sel_id: str, source: Any) -> tuple[str, str]:
        """Who or what a redirection names: (id, words)."""
        sel = self.selectors.get(sel_id)
        ref = sel["ref"] if sel is not None else sel_id
        if ref in ("enchanted", "equipped"):
            host = source.attached_to
            return host, self.name(host) if host else ""
        if ref == "this":
            return source.id, source.name
        if ref == "you":
            return source.controller, source.controller
        return "", ""

    def condition_words(self, cid: str) -> str:
        c = self.conditions.get(cid)
        if c is None:
            return "its condition"
        sel = self.selectors.get(_arg(c, "what"))
        what = sel["text"] if sel is not None else "such a permanent"
        if c["kind"] in ("was_kicked", "you_attacked_this_turn"):
            asks = "value=false" not in c["args"]
            return {("was_kicked", True): "it was kicked",
                    ("was_kicked", False): "it wasn't kicked",
                    ("you_attacked_this_turn", True): "its controller attacked this turn",
                    ("you_attacked_this_turn", False): "its controller didn't attack this "
                                                        "turn"}[(c["kind"], asks)]
        if c["kind"] in _this_turn_kinds():
            from rulings.knowledge.rules.history import THIS_TURN_WORDS

            return THIS_TURN_WORDS[c["kind"]].replace("you ", "its controller ")
        if c["kind"] == "you_control_count":
            ge, le = _arg(c, "ge"), _arg(c, "le")
            many = f"{ge} or more" if ge else f"{le} or fewer"
            return f"you control {many} of {what}"
        return f"you control {what}" if c["kind"] == "you_control" else c["kind"]

    def resolve(self, ev: Event, effects: list[Effect]) -> Outcome:
        """`resolve` with the chooser of 616.1e and the order the situation chose, if any."""
        out = resolve(ev, effects, chooser_of(ev, self.controller), self.order or None)
        out.chosen = bool(self.order) and not out.order_refused and out.choice
        out.extra_facts = list(self.order_facts) if out.chosen else []
        return out

    # -- the effects ------------------------------------------------------------------------

    def effects_for(self, ev: Event, x: int = -1, paid: bool | None = None) -> list[Effect]:
        """Every replacement and prevention effect of the situation that watches for events
        like `ev` (whether it applies now is each effect's `test`). `x`: the X of the spell
        that became an entering permanent; `paid`: whether an 'unless paid' cost is paid."""
        out: list[Effect] = []
        for r in self.replacements:
            e = self._from_replacement(r, ev, x, paid)
            if e is not None:
                out.append(e)
        if ev.kind == "zone" and ev.cause == "destroy" and ev.regenerable:
            for i, shield in enumerate(self.regeneration):
                if shield["object"] == ev.subject:
                    out.append(regenerate(f"regeneration-{i}", "the regeneration shield on "
                                          f"{self.name(ev.subject)}", lambda _e: "",
                                          (shield,), order=10_000 + i))
        if ev.kind == "zone" and ev.cause == "destroy":
            out += self.umbra_armor(ev)  # costs: CR 702.89a, whether or not regenerable
        labels: dict[str, int] = {}
        for e in out:
            labels[e.label] = labels.get(e.label, 0) + 1
        for e in out:
            if labels[e.label] > 1:
                e.label = f"{e.label} ({e.key.rsplit('.', 1)[0]})"
        return out

    def umbra_armor(self, ev: Event) -> list[Effect]:
        """costs: each Aura with umbra armor (totem armor, its older name: CR 702.89b)
        attached to the permanent about to be destroyed (CR 702.89a)."""
        from rulings.facts.effects import Keyword

        host = self.board.perms.get(ev.subject)
        if host is None:
            return []
        out = []
        for aid, aura in sorted(self.board.perms.items()):
            if aura.attached_to != ev.subject or "umbra_armor" not in aura.keywords:
                continue
            said = [f for f in self.facts if isinstance(f, Keyword) and f["object"] == aid
                    and f["keyword"] == "umbra_armor"]
            out.append(umbra_armor(f"{aid}.umbra_armor", aura.name, host.name,
                                   "indestructible" in host.keywords,
                                   (*said, *([self.objects[aid]] if aid in self.objects
                                              else []))))
        return out

    def unpreventable_by(self, source: str) -> list[Any]:
        """The static effects that make damage from `source` unpreventable (615.12), and the
        effects that make all damage unpreventable this turn."""
        out: list[Any] = list(self.unpreventable_turn)
        for f in self.unpreventable:
            p = self.board.perms.get(f["source"])
            if p is None or f["ability"] not in p.abilities:
                continue
            if self.fits(f["affects"], source, p):
                out.append(f)
        return out

    def _from_replacement(self, r: Any, ev: Event, x: int, paid: bool | None) -> Effect | None:
        e = self._effect_of(r, ev, x, paid)
        if e is not None and _arg(r, "may") == "true":
            e.optional = True   # "you may … instead" (the chooser may not apply it)
            e.does = f"may: {e.does}"
        return e

    def _effect_of(self, r: Any, ev: Event, x: int, paid: bool | None) -> Effect | None:
        src = self._live_source(r)
        sel_this = self.selectors.get(r["what"])
        own = sel_this is not None and sel_this["ref"] == "this"
        if src is None and own and r["source"] == ev.subject and ev.kind == "zone":
            # a card's own 'if this would be put into a graveyard from anywhere' works
            # wherever the card is (113.6)
            from rulings.knowledge.layer_system import printed
            src = printed(self.world, r["source"])
        if src is None:
            return None
        event = r["event"]
        you = src.controller
        fits = self._fits_event(r, event, ev, src, you)
        if fits is None:
            return None
        key, label = r["ability"], src.name
        order = self.world.timestamp(src.id)
        facts = (r, *([self.objects[src.id]] if src.id in self.objects else []))
        sel_what = self.selectors.get(r["what"])
        if sel_what is not None and any(str(a).startswith("dealt_damage_by=")
                                        for a in sel_what["args"]):
            # dealtdmg area: the situation's word that the source dealt it damage this turn
            from rulings.facts.stack import DealtDamageThisTurn
            facts = (*facts, *(f for f in self.facts if isinstance(f, DealtDamageThisTurn)
                               and f["to"] == ev.subject))
        kind = "self" if _arg(r, "self") == "true" else "replacement"
        changes: list[tuple[str, Callable[[Event], Event]]] = []
        extra_tests: list[Fits] = [fits]
        unless = _arg(r, "unless")
        if unless:
            words = self.condition_words(unless)
            holds = self.holds(unless, src)

            def not_while(_ev: Event, holds: bool | None = holds, words: str = words) -> str:
                return f"{words} holds" if holds else ""
            extra_tests.append(not_while)
        only_if = _arg(r, "if")
        if only_if:   # counters area: the change applies only while this holds (614.1c)
            words = self.condition_words(only_if)
            holds_now = self.holds(only_if, src)

            def only_while(_ev: Event, holds: bool | None = holds_now, words: str = words
                           ) -> str:
                if holds is None:
                    return f"the situation doesn't say whether {words}"
                return "" if holds else f"it is not so that {words}"
            extra_tests.append(only_while)
        if _arg(r, "unless_paid"):
            def not_paid(_ev: Event) -> str:
                return "its cost was paid" if paid else ""
            extra_tests.append(not_paid)
        test = _all(*extra_tests)
        multiply_by = _int(_arg(r, "multiply"))
        more = _int(_arg(r, "plus"))
        if event in ("put_counters", "damage", "gains_life", "loses_life") and (
                multiply_by > 1 or more):
            if multiply_by > 1:
                e = multiply(key, label, test, multiply_by, facts, order, kind)
                if more:
                    e.change = (lambda ev, m=multiply_by, k=more:
                                replace(ev, amount=ev.amount * m + k))
                return e
            return plus(key, label, test, more, facts, order, kind)
        if _arg(r, "amount") != "" and event in ("put_counters", "gains_life", "loses_life"):
            n = _int(_arg(r, "amount"))
            does = "none at all" if n == 0 else f"{n} instead"
            return Effect(key, label, kind, does, _all(test, positive),
                          lambda ev, n=n: replace(ev, amount=n), facts, order=order)
        if _arg(r, "prevent") != "" and event == "damage":
            e = prevent(key, label, test, _int(_arg(r, "prevent")), facts, order)
            return e
        if _arg(r, "redirect") and event == "damage":
            to, words = self.redirect_to(_arg(r, "redirect"), src)
            return redirect(key, label, test, to, facts, order, words)
        if _arg(r, "becomes") and event in ("gains_life", "loses_life"):
            return becomes(key, label, test, _arg(r, "becomes"), facts, order)
        if _arg(r, "skip") == "true":
            e = skip(key, label, test, facts, order)
            e.kind = kind
            return e
        zone = _arg(r, "to")
        steps = sorted(self.instead_steps.get(r["ability"], []), key=lambda s: s["index"])
        also = ""
        if not zone and steps and steps[0]["verb"] in ("exile", "return", "put") and \
                event in ("dies", "put_into_graveyard"):
            target = self.selectors.get(steps[0]["what"])
            if target is not None and target["ref"] in ("event.card", "this"):
                zone = "exile" if steps[0]["verb"] == "exile" else (
                    steps[0]["to"] or _arg(steps[0], "to") or "hand")
                # the rest of the steps happen too ("… and create a 2/2 Zombie")
                rest = "; ".join(_step_words(s) for s in steps[1:])
                also = f"{you} does this: {rest}" if rest else ""
        if zone and event in ("dies", "put_into_graveyard"):
            return moves_instead(key, label, test, zone, facts, order, kind, also)
        if steps:
            text = "; ".join(_step_words(s) for s in steps)
            return instead(key, label, test, text, facts, order, kind)
        if event == "enters":
            if _arg(r, "tapped") == "true":
                changes.append(("it enters tapped", lambda ev: replace(ev, tapped=True)))
            counter = _arg(r, "with_counters.counter")
            if counter:
                raw = _arg(r, "with_counters.amount") or "1"
                n = max(x, 0) if raw == "X" else _int(raw, 1)
                said = ""
                if raw == "times_kicked":   # multikicker (702.33e): one for each kick
                    k = self.kicked(src.id)
                    if k is None:
                        return None   # counters.py: the answer names it open
                    n, said = int(k["times"]), " (one for each time it was kicked)"
                    facts = (*facts, k)
                    if n == 0:
                        return None   # not kicked: no counters (and no effect to name)
                if only_if:
                    said = f" ({self.condition_words(only_if)})"
                    c = self.conditions.get(only_if)
                    if c is not None and c["kind"] in _this_turn_kinds():
                        said = f" ({self.this_turn(c, src)[1]})"  # the count, in words
                    facts = (*facts, *self.condition_facts(only_if, src))
                changes.append((f"it enters with {counted(n, counter)}{said}",
                                lambda ev, c=counter, n=n: replace(ev, extra=(*ev.extra, (c, n)))))
            if _arg(r, "choose"):
                what = _arg(r, "choose").replace("_", " ")
                made = [f for f in self.facts if type(f).__name__ == "Choice"
                        and f["object"] == src.id and f["kind"] == what]
                if made:   # the situation says what is chosen (`chosen:`)
                    facts = (*facts, made[0])
                    changes.append((f"{you} chooses {made[0]['value']} (a {what}) as it "
                                    "enters", lambda ev: ev))
                else:
                    changes.append((f"its controller chooses a {what} as it enters",
                                    lambda ev: ev))
            if not changes:
                return None

            def change(ev: Event, cs: tuple[Any, ...] = tuple(changes)) -> Event:
                for _w, c in cs:
                    ev = c(ev)
                return ev
            return Effect(key, label, kind, "; ".join(w for w, _ in changes), test, change,
                          facts, cite="CR 614.1c", order=order)
        return None

    def _fits_event(self, r: Any, event: str, ev: Event, src: Any, you: str) -> Fits | None:
        """The description of what `r` watches, as a test on events of `ev`'s kind; None when
        `r` watches another kind of event."""
        what = r["what"]
        if event == "put_counters" and ev.kind == "counters":
            counter = _arg(r, "counter")

            def t(e: Event) -> str:
                if e.kind != "counters":
                    return "the event is no longer counters put"
                if counter and e.counter != counter:
                    return f"they are not {counter} counters"
                return "" if self.fits(what, e.subject, src) else \
                    f"{self.name(e.subject)} is not what it describes"
            return t
        if event == "enters" and ev.kind == "enters":
            def t(e: Event) -> str:
                return "" if self.fits(what, e.subject, src) else \
                    f"{self.name(e.subject)} is not what it describes"
            return t
        if event in ("dies", "put_into_graveyard") and ev.kind == "zone":
            origin = _arg(r, "from")

            def t(e: Event) -> str:
                if e.kind != "zone" or e.to != "graveyard":
                    return "it no longer goes to a graveyard"
                if event == "dies":
                    p = self.board.perms.get(e.subject)
                    if e.origin != "battlefield" or p is None or "creature" not in p.types:
                        return "it is not a creature dying"
                if origin and e.origin != origin:
                    return f"it doesn't come from the {origin}"
                return "" if self.fits(what, e.subject, src) else \
                    f"{self.name(e.subject)} is not what it describes"
            return t
        if event == "draws" and ev.kind == "draw":
            who = _arg(r, "who")

            def t(e: Event) -> str:
                if e.kind != "draw":
                    return "the event is no longer a draw"
                return "" if self.player_fits(who, e.subject, you) else \
                    f"{e.subject} is not the player it describes"
            return t
        if event in ("gains_life", "loses_life") and ev.kind in ("gain_life", "lose_life"):
            who = _arg(r, "who")
            want = "gain_life" if event == "gains_life" else "lose_life"

            def t(e: Event) -> str:
                if e.kind != want:
                    return f"the event is no longer {want.replace('_', ' ')}"
                return "" if self.player_fits(who, e.subject, you) else \
                    f"{e.subject} is not the player it describes"
            return t
        if event == "damage" and ev.kind in ("damage", "none"):
            to, by, combat = _arg(r, "to"), _arg(r, "by"), _arg(r, "combat")

            def t(e: Event) -> str:
                if e.kind != "damage":
                    return "no damage is left to deal"
                if combat == "true" and not e.combat:
                    return "it is not combat damage"
                if combat == "false" and e.combat:
                    return "it is combat damage"
                if to and not self.fits(to, e.subject, src):
                    return f"it is not dealt to what it describes ({self.name(e.subject)})"
                if by and not self.fits(by, e.source, src):
                    return f"its source {self.name(e.source)} is not what it describes"
                return ""
            return t
        if event == "step" and ev.kind == "step":
            step, whose = _arg(r, "step"), _arg(r, "whose") or "you"

            def t(e: Event) -> str:
                if e.kind != "step" or e.step != step:
                    return f"it is not the {step} step"
                if whose == "you" and e.subject != you:
                    return f"it is not {you}'s turn"
                if whose == "opponent" and e.subject == you:
                    return f"it is {you}'s own turn"
                return ""
            return t
        return None


def _step_words(s: Any) -> str:
    verb = str(s["verb"]).replace("_", " ")
    if s["verb"] == "create":
        n = _int(s["amount"], 1)
        return "create a token" if n == 1 else f"create {n} tokens"
    amount = f" {s['amount']}" if s["amount"] else ""
    if s["verb"] == "other":
        return _arg(s, "text") or verb
    return f"{verb}{amount}".strip()


# == the events asked about =====================================================================

@dataclass
class Asked:
    """One event of the question, what replacement effects make of it, and the facts the
    event rests on. `branch`: for an 'unless paid' choice, which way it went ('' if none);
    `parts`: the events made inside it (616.1g: the counters an entering permanent gets)."""

    about: str                     # an id for rulings: 'bears:counters', 'Alice:draw'
    outcome: Outcome
    facts: list[Any]
    branch: str = ""
    parts: list[Outcome] = field(default_factory=list)
    cost: str = ""                 # the 'unless paid' cost, in words


def _pay_words(r: Any) -> tuple[str, int]:
    """('pay 2 life', 2) from an unless_paid argument like 'part:pay_life,value:2'."""
    raw = _arg(r, "unless_paid")
    life = 0
    for piece in raw.split(","):
        if piece.startswith("value:"):
            life = _int(piece[6:])
    if "pay_life" in raw:
        return f"pay {life} life", life
    return raw.replace("part:", "").replace(",value:", " ").replace("_", " "), 0


def _revealed(t: Table, r: Any, oid: str, who: str) -> tuple[str, list[str], bool] | None:
    """For an 'unless paid' cost that is revealing a card from the hand: the cost in words,
    the cards of `who`'s hand that could be revealed, and whether the situation lists that
    hand (what it lists is all of it); None for any other cost."""
    from rulings.facts.costs import ZoneListed
    from rulings.facts.effects import filter_misses

    raw = _arg(r, "unless_paid")
    if not raw.startswith("part:reveal,value:") or "," in raw[len("part:reveal,value:"):]:
        return None
    sel = t.selectors.get(raw[len("part:reveal,value:"):])
    if sel is None:
        return None
    words = str(sel["text"] or "a card").replace(" in your hand", "")
    cards = sorted(str(o["name"]) for o in t.objects.values()
                   if o["zone"] == "hand" and o["owner"] == who
                   and not filter_misses(sel, o, who, oid))
    listed = any(isinstance(f, ZoneListed) and f["player"] == who and f["zone"] == "hand"
                 for f in t.facts)
    return f"reveal {words} from their hand", cards, listed


def asked_events(facts: list[Any], board: Any) -> list[Asked]:
    """The question's event, as events replacement effects may change, each resolved
    (damage is resolved by knowledge/aftermath.py through `damage_outcome`)."""
    from rulings.facts.mana import Enters
    from rulings.facts.stack import (
        CounterPut,
        DiesEvent,
        Draws,
        GainsLife,
        Leaves,
        LosesLife,
        StepBegins,
    )
    from rulings.facts.state import DestroyEvent, SacrificeEvent

    t = Table(facts, board)
    out: list[Asked] = []

    def run(about: str, ev: Event, rest: list[Any], **kw: Any) -> Outcome:
        o = t.resolve(ev, t.effects_for(ev, **kw))
        out.append(Asked(about, o, rest))
        return o

    for f in facts:
        if isinstance(f, CounterPut) and f["amount"] > 0 and f["object"] in board.perms:
            run(f"{f['object']}:counters", Event("counters", f["object"], f["amount"],
                                                 counter=f["counter"]), [f])
        elif isinstance(f, (GainsLife, LosesLife)) and f["amount"] > 0:
            kind = "gain_life" if isinstance(f, GainsLife) else "lose_life"
            run(f"{f['player']}:{kind}", Event(kind, f["player"], f["amount"]), [f])
        elif isinstance(f, Draws) and f["amount"] > 0:
            # each card drawn is a draw of its own (121.2); they are all alike here
            o = run(f"{f['player']}:draw", Event("draw", f["player"], 1), [f])
            o.event = replace(o.event, amount=f["amount"])
        elif isinstance(f, StepBegins):
            active = next((g["active"] for g in facts if type(g).__name__ == "Turn"), "")
            if active:
                run(f"{active}:step:{f['step']}", Event("step", active, step=f["step"]), [f])
        elif isinstance(f, DestroyEvent) and f["object"] in board.perms:
            run(f"{f['object']}:zone", replace(zone_event(f["object"], "destroy"),
                                              regenerable=f["regenerate"]), [f])
        elif isinstance(f, SacrificeEvent) and f["object"] in board.perms:
            run(f"{f['object']}:zone", zone_event(f["object"], "sacrifice"), [f])
        elif isinstance(f, (DiesEvent, Leaves)):
            if isinstance(f, Leaves) and f["to"] != "graveyard":
                continue
            for o in f["objects"]:
                if o in board.perms:
                    run(f"{o}:zone", zone_event(o, "effect"), [f])
        elif isinstance(f, Enters) and f["object"] in board.perms:
            out += _entering(t, f)
    return [a for a in out if a.outcome.applied or a.parts or a.branch]


def zone_event(oid: str, cause: str) -> Event:
    return Event("zone", oid, to="graveyard", origin="battlefield", cause=cause)


def zone_outcome(facts: list[Any], board: Any, oid: str, cause: str,
                 dealt: Any = ()) -> Outcome:
    """What replacement effects make of `oid` being put into a graveyard from the battlefield
    (it dies, CR 700.4) for `cause` (state-based actions, say). `dealt`: (source, permanent)
    pairs of the damage the event itself dealt (dealtdmg area: 'dealt damage this turn')."""
    t = Table(facts, board)
    t.world.dealt |= set(dealt)
    ev = zone_event(oid, cause)
    return t.resolve(ev, t.effects_for(ev))


def _entering(t: Table, f: Any) -> list[Asked]:
    """A permanent entering (614.1c, 614.12): its tapped and counters, and for an 'unless
    paid' effect ('you may pay 2 life; if you don't, it enters tapped') each way the choice
    can go (the player's life decides whether paying is possible, CR 119.4)."""
    oid = f["object"]
    ev = Event("enters", oid)
    x = f["x"]
    offers = [r for r in t.replacements if r["source"] == oid and r["event"] == "enters"
              and _arg(r, "unless_paid")]
    branches: list[tuple[str, bool | None]] = [("", None)]
    cost = ""
    if offers:
        cost, life = _pay_words(offers[0])
        who = t.controller(oid)
        pl = t.player_facts.get(who)
        known = pl is not None and (pl["life_stated"] or pl["life"] >= 0)
        shown = _revealed(t, offers[0], oid, who)
        if shown is not None:  # "you may reveal a Dragon card from your hand" (614.12)
            cost, cards, listed = shown
            branches = [("can't reveal", False)] if listed and not cards else \
                [("reveals", True), ("doesn't reveal", False)]
        elif life and known and pl["life"] < life:
            branches = [("can't pay", False)]
        else:
            branches = [("pays", True), ("doesn't pay", False)]
    out = []
    for branch, paid in branches:
        o = t.resolve(ev, t.effects_for(ev, x=x, paid=paid))
        parts = []
        entering = o.final.extra
        perm = t.board.perms.get(oid)
        if perm is not None and "planeswalker" in perm.types and perm.loyalty > 0:
            # a planeswalker enters with its printed loyalty in loyalty counters (306.5b)
            entering = (("loyalty", perm.loyalty), *entering)
        for counter, n in entering:   # 616.1g: the counters it enters with
            sub = Event("counters", oid, n, counter=counter)
            parts.append(t.resolve(sub, t.effects_for(sub)))
        a = Asked(f"{oid}:enters" + (f":{branch}" if branch else ""), o, [f], branch, parts,
                  cost)
        out.append(a)
    return out


def damage_outcome(facts: list[Any], board: Any, source: str, to: str, amount: int,
                   combat: bool, extra: list[Effect], unpreventable: bool = False
                   ) -> tuple[Outcome, list[Any]]:
    """Damage from `source` to `to` with the replacement and prevention effects of the
    situation and `extra` (shields and protection, built by knowledge/aftermath.py); also the
    facts that make it unpreventable (615.12)."""
    t = Table(facts, board)
    why = t.unpreventable_by(source)
    ev = Event("damage", to, amount, source=source, combat=combat,
               unpreventable=unpreventable or bool(why))
    effects = t.effects_for(ev) + extra
    out = t.resolve(ev, effects)
    if ev.unpreventable:
        free = replace(ev, unpreventable=False)
        out.blocked = [e.label for e in effects if e.kind == "prevention" and not e.test(free)]
    return out, why


def counters_outcome(facts: list[Any], board: Any, oid: str, counter: str, amount: int
                     ) -> Outcome:
    """What replacement effects make of `amount` `counter` counters put on `oid`."""
    t = Table(facts, board)
    ev = Event("counters", oid, amount, counter=counter)
    return t.resolve(ev, t.effects_for(ev))


def life_outcome(facts: list[Any], board: Any, player: str, amount: int,
                 kind: str = "gain_life") -> Outcome:
    """What replacement effects make of `player` gaining (or losing) `amount` life, such as
    the life lifelink gains (CR 702.15b, 614.1a)."""
    t = Table(facts, board)
    ev = Event(kind, player, amount)
    return t.resolve(ev, t.effects_for(ev))


def entering_counters(facts: list[Any], board: Any, enters: Any) -> dict[str, int]:
    """The counters a permanent enters with (614.1c), as counter effects make them (616.1g):
    what the state-based actions see right after it entered. Its printed loyalty is already
    the layer system's."""
    out: dict[str, int] = {}
    for a in _entering(Table(facts, board), enters)[:1]:
        for part in a.parts:
            if part.final.kind == "counters" and part.final.counter != "loyalty":
                out[part.final.counter] = out.get(part.final.counter, 0) + part.final.amount
    return out


def _this_turn_kinds() -> tuple[str, ...]:
    """The conditions about this turn (history area; knowledge/rules/history.py)."""
    from rulings.knowledge.rules.history import THIS_TURN

    return THIS_TURN
