"""The layer system as one pure, explained procedure (CR 613): the characteristics of every
permanent, computed from the situation's facts alone, with a record of each effect applied, in
which layer, in which order and why.

Not a rule module: the rules of knowledge/rules/layers.py (and damage, state_based, …) call
`board(engine)` and conclude
its results with the facts it used as premises. The computation reads only the situation's
facts (never derived ones), so its answer can't depend on the order rules fire in.

The steps, in the game's words:
1. Each permanent starts from its printed values (613.1), or from what it copies (layer 1,
   CR 707.2: copiable values, never counters or other effects).
2. Continuous effects come from the static abilities permanents have now (611.3a: they apply to
   whatever fits their description at each moment) and from spells and abilities that resolved
   (611.2c: only to the objects they locked in).
3. Layer by layer (613.1), sublayer by sublayer in layer 7 (613.4), effects apply in timestamp
   order (613.7) — effects of characteristic-defining abilities first (613.3) — except that an
   effect that depends on another waits for it (613.8a/b); dependency is found by trying: would
   applying the other change whether this one exists, what it applies to, or what it does?
4. An effect that started applying keeps applying to the same objects in later layers even if
   its ability is removed meanwhile (613.6).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from rulings.facts.combat import Attacking
from rulings.facts.costs import ZoneListed
from rulings.facts.effects import (
    KEYWORDS,
    Condition,
    Keyword,
    Selector,
    StaticEffect,
    Step,
    arg,
    every_creature_type_fits,
    historic_misses,
)
from rulings.facts.game import (
    NON_CREATURE_SUBTYPES,
    Ability,
    GameObject,
    Player,
    Turn,
    card_types_in_graveyard,
)
from rulings.facts.stack import DealtDamageThisTurn, GainsKeyword
from rulings.facts.state import (
    PT_COUNTER,
    CopyOf,
    CounterOn,
    CountersListed,
    Monstrous,
    ResolvedEffect,
    Timestamp,
    citys_blessing,
    partner_of,
)
from rulings.knowledge.amounts import GREATEST

#: the order layers and sublayers are applied in (CR 613.1, 613.4)
LAYER_ORDER = ("1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
LAYER_NAMES = {
    "1": "copy", "2": "control", "3": "text", "4": "type", "5": "color", "6": "abilities",
    "7a": "power/toughness from characteristic-defining abilities",
    "7b": "power/toughness set", "7c": "power/toughness modified", "7d": "power/toughness "
    "switched",
}
#: the layer of each effect word, static (facts.effects.LAYERS) or resolved (facts.state)
EFFECT_LAYER = {
    "copy_of": "1", "control": "2", "gain_control": "2", "change_text": "3",
    "add_types": "4", "set_types": "4", "add_subtypes": "4", "set_land_types": "4",
    "set_colors": "5", "add_colors": "5", "add_keywords": "6", "remove_keywords": "6",
    "lose_all_abilities": "6", "add_abilities": "6", "cda_pt": "7a", "set_pt": "7b", "modify": "7c",
    "switch_pt": "7d",
    "set_creature_types": "4",  # choice: "becomes the creature type of your choice"
}
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")
#: land types (CR 205.3i); setting a land's types to basic ones removes all of these (305.7)
LAND_TYPES = (*BASIC_LAND_TYPES, "cave", "cloud", "desert", "gate", "lair", "locus", "mine",
              "power-plant", "sphere", "tower", "town", "urza's")
#: mana a basic land type's intrinsic ability adds (CR 305.6)
LAND_TYPE_MANA = dict(zip(BASIC_LAND_TYPES, "WUBRG", strict=True))
COMPARISON = re.compile(r"^([a-z_]+)\s*(<=|>=|==|<|>|=|le|ge|eq|lt|gt)\s*(-?\d+)$")


@dataclass
class Perm:
    """A permanent while the layer system works on it."""

    id: str
    name: str
    owner: str
    controller: str
    mana_cost: str
    types: list[str]
    subtypes: list[str]
    supertypes: list[str]
    colors: list[str]
    keywords: list[str]
    abilities: list[str]
    power: int | None
    toughness: int | None
    loyalty: int
    token: bool
    tapped: bool
    attached_to: str
    lost: list[str] = field(default_factory=list)
    #: "power", "toughness": printed with a * (CR 208.2a) and no characteristic-defining or
    #: setting effect worked out here gave a number, so the answer can't know it
    pt_unknown: set[str] = field(default_factory=set)
    #: words a text-changing effect swapped in its abilities (layer 3): old -> new
    swaps: dict[str, str] = field(default_factory=dict)
    #: keywords an effect gives it (layer 6), with their parameter: (keyword, value, the
    #: effect's label), so that protection's quality and ward's cost are known
    granted: list[tuple[str, str, str]] = field(default_factory=list)


@dataclass
class Effect:
    """One continuous effect: from a static ability a permanent has now, or a resolved one."""

    key: str
    layer: str
    kind: str
    label: str                   # shown in proofs: an ability id, or the resolved effect
    source: str                  # the permanent whose ability it is ('' for resolved ones)
    ability: str                 # the ability (static) or '' (resolved)
    timestamp: int
    cda: bool
    locked: tuple[str, ...] | None
    selector: str
    power: str = ""
    toughness: str = ""
    values: tuple[str, ...] = ()
    controller: str = ""
    original: str = ""
    condition: str = ""
    facts: tuple[Any, ...] = ()

    @property
    def instance(self) -> str:
        """Effects of one ability of one permanent share their objects across layers (613.6)."""
        return f"{self.source}/{self.ability}" if self.ability else self.key


@dataclass
class AppliedStep:
    object: str
    layer: str
    source: str
    timestamp: int
    change: str
    order: str
    result: str
    facts: tuple[Any, ...]


@dataclass
class Board:
    perms: dict[str, Perm]
    steps: dict[str, list[AppliedStep]]
    #: facts each permanent's characteristics rest on
    used: dict[str, list[Any]]
    printed: dict[str, Perm]


def count_compares(c: Any, n: int) -> bool | None:
    """A you_control_count condition's `ge`/`le` against the count `n`."""
    ge, le = arg(c, "ge"), arg(c, "le")
    if not (ge or le) or not all(x.isdigit() for x in (ge, le) if x):
        return None
    return (not ge or n >= int(ge)) and (not le or n <= int(le))


#: a condition kind no rule of the aslongas area reads (Layers.holds_aslongas)
_UNREAD = object()
#: "equipped" / "enchanted": the subtype of what is attached (CR 301.5, 303.4)
ATTACHED_KINDS = {"equipped": "equipment", "enchanted": "aura"}
#: what an aslongas condition left open asks about, in words
OPEN_WORDS = {"cards_in_hand": "the cards in its controller's hand",
              "life": "its controller's life total", "opponent_life": "an opponent's life total"}


def compare_counts(c: Any, n: int) -> bool:
    """A condition's `ge`/`le`/`eq` against the number `n` (every one given must hold)."""
    tests = {"ge": int.__ge__, "le": int.__le__, "eq": int.__eq__}
    given = [(test, arg(c, key)) for key, test in tests.items() if arg(c, key)]
    return bool(given) and all(v.lstrip("-").isdigit() and test(n, int(v))
                               for test, v in given)


# -- reading the situation ------------------------------------------------------------------

class World:
    """The situation's facts, indexed for the layer system."""

    def __init__(self, facts: list[Any]) -> None:
        self.objects: dict[str, Any] = {}
        self.abilities: dict[str, list[Any]] = {}
        self.keywords: dict[str, list[Any]] = {}
        self.statics: dict[str, list[Any]] = {}
        self.selectors: dict[str, Any] = {}
        self.counters: dict[str, list[Any]] = {}
        self.timestamps: dict[str, Any] = {}
        self.copies: dict[str, Any] = {}
        self.resolved: list[Any] = []
        #: keywords an effect already in place gave (`effects: gains_keyword`)
        self.gained: list[Any] = []
        #: objects whose `counters:` lists all their counters
        self.listed: set[str] = set()
        self.conditions: dict[str, Any] = {}
        self.steps: dict[str, list[Any]] = {}
        self.all: list[Any] = facts
        #: dealtdmg area: (source, permanent) pairs, some damage dealt this turn (the
        #: situation's `this_turn: dealt_damage`; the replacement system adds the event's)
        self.dealt: set[tuple[str, str]] = {
            (f["source"], f["to"]) for f in facts if isinstance(f, DealtDamageThisTurn)}
        for f in facts:
            if isinstance(f, GameObject):
                self.objects[f["id"]] = f
            elif isinstance(f, Ability):
                self.abilities.setdefault(f["source"], []).append(f)
            elif isinstance(f, Keyword):
                if not f.get("granted_by"):
                    self.keywords.setdefault(f["object"], []).append(f)
            elif isinstance(f, StaticEffect):
                self.statics.setdefault(f["ability"], []).append(f)
            elif isinstance(f, Selector):
                self.selectors[f["id"]] = f
            elif isinstance(f, CounterOn):
                self.counters.setdefault(f["object"], []).append(f)
            elif isinstance(f, Timestamp):
                self.timestamps[f["object"]] = f
            elif isinstance(f, CopyOf):
                self.copies[f["object"]] = f
            elif isinstance(f, ResolvedEffect):
                self.resolved.append(f)
            elif isinstance(f, GainsKeyword):
                self.gained.append(f)
            elif isinstance(f, CountersListed):
                self.listed.add(f["object"])
            elif isinstance(f, Condition):
                self.conditions[f["id"]] = f
            elif isinstance(f, Step):
                self.steps.setdefault(f["source"], []).append(f)

    def label(self, ability: str) -> str:
        """'Blood Moon's ability 1' for 'moon.1' (as proofs name abilities)."""
        oid, _, n = ability.rpartition(".")
        obj = self.objects.get(oid)
        if obj is not None and n and not n.isdigit():  # a keyword's ability: "cycling"
            return f"{obj['name']}'s {n.replace('_', ' ')}"
        if obj is None or not n.isdigit():
            return ability
        return f"{obj['name']}'s ability {n}{self.given_by(ability)}"

    def given_by(self, ability: str) -> str:
        """' (from Chromatic Lantern)' for an ability another permanent gives (layer 6)."""
        oid = ability.rpartition(".")[0]
        for a in self.abilities.get(oid, []):
            if a["id"] == ability and a["granted_by"]:
                giver = self.objects.get(a["granted_by"].rpartition(".")[0])
                return f" (from {giver['name'] if giver else a['granted_by']})"
        return ""

    def timestamp(self, oid: str) -> int:
        t = self.timestamps.get(oid)
        return t["value"] if t is not None else 0


#: a landwalk as printed, with the kind of land it names (CR 702.14a)
LANDWALK = re.compile(r"(plains|island|swamp|mountain|forest|desert|legendary |nonbasic |snow )"
                      r"(?:land)?walk")


def keyword_parts(word: str) -> tuple[str, str]:
    """A keyword an effect gives, as written ('protection from red', 'Ward {2}', 'first
    strike'), as the keyword's word and its parameter: ('protection', 'red'), ('ward',
    '{2}'), ('first_strike', ''). A word it doesn't know is kept as written."""
    text = " ".join(str(word).split())
    m = re.fullmatch(r"protection (from .+)", text, re.IGNORECASE)
    if m:
        return "protection", m.group(1).lower().removeprefix("from ")
    m = re.fullmatch(r"ward ?(\{[^{}]+\}(?:\{[^{}]+\})*)", text, re.IGNORECASE)
    if m:
        return "ward", m.group(1).upper()
    m = LANDWALK.fullmatch(text.lower())
    if m:  # "forestwalk" is landwalk for Forests (702.14a): ('landwalk', 'forest')
        return "landwalk", m.group(1).strip()
    norm = "_".join(text.lower().split())
    return (norm, "") if norm in KEYWORDS else (text, "")


def number(text: Any, default: int | None = None) -> int | None:
    try:
        return int(str(text).strip().lstrip("+"))
    except ValueError:
        return default


def mana_value(cost: str) -> int:
    """CR 202.3: the total of the mana cost's symbols; X is 0 outside the stack (107.3)."""
    total = 0
    for sym in re.findall(r"\{([^{}]+)\}", cost or ""):
        n = number(sym)
        if n is not None:
            total += n
        elif sym.upper() != "X":
            total += 1
    return total


def printed(world: World, oid: str) -> Perm:
    o = world.objects[oid]
    return Perm(
        id=oid, name=o["name"], owner=o["owner"], controller=o["controller"] or o["owner"],
        mana_cost=o["mana_cost"], types=list(o["types"]), subtypes=list(o["subtypes"]),
        supertypes=list(o["supertypes"]), colors=list(o.get("colors", []) or []),
        keywords=[k["keyword"] for k in world.keywords.get(oid, [])],
        # abilities other permanents give it come in layer 6 (add_abilities), not printed
        abilities=[a["id"] for a in world.abilities.get(oid, []) if not a["granted_by"]],
        power=number(o.get("power", ""), 0) if o.get("power", "") != "" else None,
        toughness=number(o.get("toughness", ""), 0) if o.get("toughness", "") != "" else None,
        loyalty=number(o.get("loyalty", ""), 0) or 0,
        token=bool(o["token"]), tapped=bool(o["tapped"]), attached_to=o["attached_to"],
        pt_unknown={k for k in ("power", "toughness") if "*" in str(o.get(k, ""))},
    )


def effects_of(world: World) -> list[Effect]:
    """Every continuous effect that could apply: static abilities of the abilities a
    permanent has (its own, or copied), and resolved effects (611.2c)."""
    out: list[Effect] = []
    for r in world.resolved:
        if remains_ended(world.objects, r):
            continue  # remains: its source untapped or left, so it has ended (611.2b)
        if not r["effect"]:
            out += spell_effects(world, r)
            continue
        if r["effect"] not in EFFECT_LAYER:
            continue  # a rule it gives ("can't block"), read by the rules it is about
        layer = EFFECT_LAYER[r["effect"]]
        key = f"resolved:{r['source']}:{r['effect']}:{','.join(r['objects'])}:{r['timestamp']}"
        out.append(Effect(
            key=key, layer=layer, kind=r["effect"], label=r["source"] or "a resolved effect",
            source="", ability="", timestamp=r["timestamp"], cda=False,
            locked=tuple(r["objects"]), selector="", power=r["power"],
            toughness=r["toughness"], values=tuple(r["values"]), controller=r["controller"],
            original=r["original"], facts=(r,)))
    for g in world.gained:  # a keyword granted by a resolved effect: layer 6 (613.1f)
        word = g["keyword"]
        out.append(Effect(
            key=f"gained:{g['object']}:{word}:{g['value']}", layer="6", kind="add_keywords",
            label=g["source"] or "an effect", source="", ability="",
            timestamp=g["timestamp"], cda=False, locked=(g["object"],), selector="",
            values=(_with_value(word, g["value"]),), facts=(g,)))
    return out


def remains_ended(objects: dict[str, Any], r: Any) -> bool:
    """remains: whether a resolved effect "for as long as ~ remains tapped" has ended: the
    permanent whose ability made it is untapped or not on the battlefield now (CR 611.2b;
    knowledge/rules/remains.py says so in the answer)."""
    if r["duration"] != "while_this_tapped":
        return False
    source = objects.get(r["from_object"])
    return source is None or source["zone"] != "battlefield" or not source["tapped"]


def _with_value(word: str, value: str) -> str:
    """A gained keyword with its parameter, as keyword_parts reads it back."""
    if not value or word not in ("protection", "ward", "landwalk"):
        return word
    if word == "landwalk":
        return landwalk_word(value)
    return f"protection from {value}" if word == "protection" else f"ward {value}"


def landwalk_word(kind: str) -> str:
    """'forestwalk' for landwalk naming Forests, 'nonbasic landwalk' for nonbasic lands."""
    return f"{kind}walk" if kind in BASIC_LAND_TYPES or kind == "desert" else f"{kind} landwalk"


#: what a `modify` step (CR 613) of a spell does, by its arguments: (argument, effect word)
STEP_PARTS = (("set_power", "set_pt"), ("power", "modify"), ("add_keywords", "add_keywords"),
              ("set_colors", "set_colors"), ("add_types", "add_types"),
              ("add_subtypes", "add_subtypes"))
#: the parts that are lists of words, not amounts
WORD_PARTS = ("add_keywords", "set_colors", "add_types", "add_subtypes")


def spell_effects(world: World, r: Any) -> list[Effect]:
    """A resolved effect given by the card whose spell created it: its `modify` steps, read as
    the card says them (a card is data; the situation says only whom it locked in)."""
    out: list[Effect] = []
    spell = world.objects.get(r["spell"])
    label = spell["name"] if spell is not None else r["source"]
    for step in sorted(world.steps.get(r["spell"], []), key=lambda s: (s["ability"], s["index"])):
        if step["verb"] != "modify":
            continue
        for key, kind in STEP_PARTS:
            value = arg(step, key)
            if not value:
                continue
            other = "set_toughness" if key == "set_power" else "toughness"
            values = tuple(value.split(",")) if kind in WORD_PARTS else ()
            out.append(Effect(
                key=f"resolved:{r['spell']}:{step['ability']}:{step['index']}:{kind}",
                layer=EFFECT_LAYER[kind], kind=kind, label=label, source="", ability="",
                timestamp=r["timestamp"], cda=False, locked=tuple(r["objects"]), selector="",
                power=value if kind not in WORD_PARTS else "",
                toughness=arg(step, other) if kind not in WORD_PARTS else "",
                values=values, facts=(r, step)))
    return out


def static_effects(world: World, perm: Perm) -> list[Effect]:
    """The effects of the static abilities `perm` has now (CR 604, 611.3a)."""
    out: list[Effect] = []
    for ability in perm.abilities:
        for s in world.statics.get(ability, []):
            layer = s["layer"] or EFFECT_LAYER.get(s["effect"], "")
            if layer not in LAYER_ORDER:
                continue
            sel = world.selectors.get(s["affects"])
            cda = layer == "7a" or s["effect"] == "cda_pt"
            facts = tuple(f for f in (s, sel) if f is not None)
            out.append(Effect(
                key=f"{perm.id}/{ability}/{s['effect']}", layer=layer, kind=s["effect"],
                label=ability, source=perm.id, ability=ability,
                timestamp=world.timestamp(perm.id), cda=cda, locked=None,
                selector=s["affects"], power=s["power"], toughness=s["toughness"],
                values=tuple(s["values"]), condition=s["condition"], facts=facts))
    return out


# -- which objects a selector picks, on the permanents as they are now ------------------------

def picks(world: World, sel_id: str, perm: Perm, source: Perm | None,
          perms: dict[str, Perm], zone: str = "battlefield") -> bool:
    """Does the selector pick `perm` (an object in `zone`), for an ability of `source`?"""
    sel = world.selectors.get(sel_id)
    if sel is None:
        return source is not None and perm.id == source.id  # no selector: the object itself
    swaps = source.swaps if source is not None else {}

    def swapped(words: Any) -> list[str]:
        return [swaps.get(w, w) for w in words]

    ref = sel["ref"]
    if ref:
        if ref == "this":
            return source is not None and perm.id == source.id
        if ref in ("enchanted", "equipped"):
            return source is not None and source.attached_to == perm.id
        if ref == "paired":  # soulbond: the creature it is paired with (CR 702.95b)
            return source is not None and perm.id == paired_partner(world, source, perms)
        return False
    # "permanent" and "card" name no card type: every object on the battlefield is a
    # permanent (CR 110.1), every card a card
    permanent = {"permanent"} if set(perm.types) & {
        "artifact", "battle", "creature", "enchantment", "land", "planeswalker"} else set()
    if sel["types"] and not set(sel["types"]) & {*perm.types, *permanent, "card"}:
        return False
    if sel["not_types"] and set(sel["not_types"]) & set(perm.types):
        return False
    if sel["subtypes"] and not set(swapped(sel["subtypes"])) & set(perm.subtypes) and not (
            "changeling" in perm.keywords and every_creature_type_fits(swapped(sel["subtypes"]))):
        return False  # a changeling is every creature type (CR 702.73a)
    if sel["supertypes"] and not set(sel["supertypes"]) <= set(perm.supertypes):
        return False
    if sel["colors"] and not set(swapped(sel["colors"])) & set(perm.colors):
        return False
    you = source.controller if source is not None else ""
    for key, value in (("controller", perm.controller), ("owner", perm.owner)):
        want = sel[key]
        if want == "you" and value != you:
            return False
        if want in ("opponent", "opponents") and value == you:
            return False
    if (sel["zone"] or "battlefield") != zone:
        return False
    states = {"tapped": perm.tapped, "untapped": not perm.tapped, "token": perm.token,
              "nontoken": not perm.token}
    for state in sel["is_"]:
        if not states.get(state, False):
            return False
    if sel["other"] and source is not None and perm.id == source.id:
        return False
    if sel["name"] and sel["name"] != perm.name:
        return False
    if sel["keyword"] and sel["keyword"] not in perm.keywords:
        return False
    for comparison in sel["compare"]:
        if not _compare(comparison, perm):
            return False
    if sel["not_"] and picks(world, sel["not_"], perm, source, perms, zone):
        return False
    if sel["any_of"] and not any(picks(world, s, perm, source, perms, zone)
                                 for s in sel["any_of"]):
        return False
    for a in sel["args"]:
        if str(a).startswith("not_subtype="):  # selwords: "non-Human" (205.3, 702.73a)
            sub = str(a)[len("not_subtype="):]
            if swaps.get(sub, sub) in {t.lower() for t in perm.subtypes} or (
                    "changeling" in perm.keywords and every_creature_type_fits([sub])):
                return False
        if a == "historic" and historic_misses(  # selwords: CR 700.6
                {"types": perm.types, "supertypes": perm.supertypes,
                 "subtypes": perm.subtypes}):
            return False
        if str(a).startswith("attached_to="):  # attached area: "each Aura attached to it"
            # (CR 301.5, 303.4): the permanent it is attached to, as it is now, fits that
            host = perms.get(perm.attached_to)
            if host is None or not picks(world, str(a)[len("attached_to="):], host, source,
                                         perms):
                return False
        if str(a).startswith("dealt_damage_by="):  # dealtdmg area (CR 120.1): a source
            # the selector names (the object itself, or what it is attached to) dealt it
            # damage this turn; that source may have left the battlefield since
            by = world.selectors.get(str(a)[len("dealt_damage_by="):])
            ref = by["ref"] if by is not None else ""
            named = {"this": source.id if source is not None else "",
                     "enchanted": source.attached_to if source is not None else "",
                     "equipped": source.attached_to if source is not None else ""}.get(ref, "")
            if not named or (named, perm.id) not in world.dealt:
                return False
        if str(a).startswith("counter="):   # counters area: "with a +1/+1 counter on it"
            kind = str(a)[len("counter="):]
            if not any(c["counter"] == kind and c["amount"] > 0
                       for c in world.counters.get(perm.id, [])):
                return False
    return True


def paired_partner(world: World, source: Perm, perms: dict[str, Perm]) -> str:
    """The creature `source` is paired with now (CR 702.95b), or '': the pair holds only while
    both are creatures on the battlefield under one player's control (702.95e)."""
    partner = perms.get(partner_of(world.all, source.id))
    if partner is None or "creature" not in partner.types or "creature" not in source.types \
            or partner.controller != source.controller:
        return ""
    return partner.id


def _compare(text: str, perm: Perm) -> bool:
    m = COMPARISON.match(str(text).replace(" ", ""))
    if not m:
        return False
    what, op, value = m.group(1), m.group(2), int(m.group(3))
    have = {"mana_value": mana_value(perm.mana_cost), "power": perm.power or 0,
            "toughness": perm.toughness or 0}.get(what)
    if have is None:
        return False
    return {"<=": have <= value, "le": have <= value, ">=": have >= value, "ge": have >= value,
            "<": have < value, "lt": have < value, ">": have > value, "gt": have > value,
            "==": have == value, "=": have == value, "eq": have == value}[op]


# -- the layer system -------------------------------------------------------------------------

class Layers:
    def __init__(self, world: World) -> None:
        self.world = world
        ids = sorted(o for o, f in world.objects.items() if f["zone"] == "battlefield")
        self.printed = {oid: printed(world, oid) for oid in ids}
        self.perms = copy.deepcopy(self.printed)
        self.steps: dict[str, list[AppliedStep]] = {oid: [] for oid in ids}
        self.used: dict[str, list[Any]] = {oid: self._own_facts(oid) for oid in ids}
        #: effect instance -> the objects it applied to, once it started (613.6)
        self.started: dict[str, tuple[str, ...]] = {}
        self.resolved = effects_of(world)
        #: effect -> the effects it was found to depend on (613.8a)
        self.waits: dict[str, set[str]] = {}
        #: (permanent, ability) -> the effect that removed the ability
        self.removed_by: dict[tuple[str, str], Effect] = {}

    def _own_facts(self, oid: str) -> list[Any]:
        w = self.world
        facts = [w.objects[oid], *w.abilities.get(oid, []), *w.keywords.get(oid, [])]
        if oid in w.timestamps:
            facts.append(w.timestamps[oid])
        return facts

    def copy_layer(self) -> None:
        """Layer 1 (CR 613.2, 707.2): a copy takes the copiable values of what it copies —
        printed values as modified by other copy effects — never its counters or other effects."""
        w = self.world
        copies: dict[str, tuple[str, Any]] = {
            o: (f["original"], f) for o, f in w.copies.items() if o in self.perms}
        # copy effects apply in timestamp order (613.7): the latest one decides the values
        for r in sorted(w.resolved, key=lambda r: r["timestamp"]):
            if r["effect"] == "copy_of":
                for o in r["objects"]:
                    if o in self.perms and r["original"]:
                        copies[o] = (r["original"], r)

        def copiable(oid: str, seen: tuple[str, ...]) -> Perm | None:
            if oid not in w.objects or oid in seen:
                return None
            base = printed(w, oid)
            if oid in copies:
                got = copiable(copies[oid][0], (*seen, oid))
                if got is not None:
                    return got
            return base

        for oid in sorted(copies):
            original, fact = copies[oid]
            values = copiable(original, (oid,))
            if values is None:
                continue
            perm = self.perms[oid]
            for attr in ("name", "mana_cost", "types", "subtypes", "supertypes", "colors",
                         "keywords", "abilities", "power", "toughness", "loyalty"):
                setattr(perm, attr, copy.deepcopy(getattr(values, attr)))
            extra = list(fact.get("except_types", []) or []) if isinstance(fact, CopyOf) else []
            for t in extra:
                if t not in perm.types:
                    perm.types.append(t)
            if isinstance(fact, CopyOf):  # tokencopy: its own enters-as-a-copy exceptions
                from rulings.knowledge.rules.copy_effects import entered_copy_exceptions

                entered_copy_exceptions(w, oid, perm)
            self.used[oid] += [fact, w.objects[original], *w.abilities.get(original, []),
                               *w.keywords.get(original, [])]
            pt = f", {values.power}/{values.toughness}" if values.power is not None else ""
            counters = " (its counters and other effects are not copied)"
            self.record(oid, "1", fact["original"] if isinstance(fact, CopyOf)
                        else fact["source"],
                        self.world.timestamp(oid) if isinstance(fact, CopyOf)
                        else fact["timestamp"],
                        f"makes it a copy of {values.name}{counters}", "",
                        f"{values.name}{pt}", (fact,))

    def candidates(self, layer: str) -> list[Effect]:
        found = [e for e in self.resolved if e.layer == layer]
        for oid in sorted(self.perms):
            found += [e for e in static_effects(self.world, self.perms[oid]) if e.layer == layer]
        # effects that started in an earlier layer keep applying though their ability is gone
        have = {e.key for e in found}
        for oid in sorted(self.printed):
            for e in static_effects(self.world, self._with_all_abilities(oid)):
                if e.layer == layer and e.instance in self.started and e.key not in have:
                    found.append(e)
        return found

    def _with_all_abilities(self, oid: str) -> Perm:
        p = copy.copy(self.perms[oid])
        p.abilities = list(dict.fromkeys([*self.perms[oid].abilities,
                                          *self.perms[oid].lost]))
        return p

    def affected(self, e: Effect, perms: dict[str, Perm]) -> tuple[str, ...]:
        if e.locked is not None:
            return tuple(o for o in e.locked if o in perms)
        if e.instance in self.started:
            return tuple(o for o in self.started[e.instance] if o in perms)
        source = perms.get(e.source)
        return tuple(o for o in sorted(perms)
                     if picks(self.world, e.selector, perms[o], source, perms))

    def exists(self, e: Effect, perms: dict[str, Perm]) -> bool:
        """A static ability's effect exists while its permanent has the ability (or once it
        started applying, 613.6) and its condition holds (611.3a); a resolved effect exists
        for its duration."""
        if e.locked is not None or e.instance in self.started:
            return True
        source = perms.get(e.source)
        if source is None or e.ability not in source.abilities:
            return False
        return not e.condition or self.holds(e.condition, source, perms) is True

    def holds(self, cid: str, source: Perm, perms: dict[str, Perm]) -> bool | None:
        """A static ability's condition, on the permanents as they are now; None when the
        kind of condition isn't modelled (then the effect doesn't apply, and a step says so)."""
        c = self.world.conditions.get(cid)
        if c is None:
            return None
        kind = c["kind"]
        parts = [str(a)[3:] for a in c["args"] if str(a).startswith("of=")]
        if kind == "you_control":
            sel = arg(c, "what")
            return any(p.controller == source.controller
                       and picks(self.world, sel, p, source, perms) for p in perms.values())
        if kind == "level":
            # a leveler's band (CR 711.2): its level counters, counted now, in the range
            n = sum(c["amount"] for c in self.world.counters.get(source.id, [])
                    if c["counter"] == "level")
            low, high = arg(c, "at_least"), arg(c, "at_most")
            return (not low.isdigit() or n >= int(low)) and (not high.isdigit()
                                                            or n <= int(high))
        if kind == "you_control_count":  # "as long as you control three or more artifacts"
            n = sum(1 for p in perms.values() if p.controller == source.controller
                    and picks(self.world, arg(c, "what"), p, source, perms))
            return count_compares(c, n)
        if kind == "paired":  # soulbond: "as long as ~ is paired with another creature"
            return bool(paired_partner(self.world, source, perms)) == (
                arg(c, "value") != "false")
        if kind == "permanents_count":  # attached area: "as long as two or more Equipment
            # are attached to it": the permanents it picks, whoever controls them
            n = sum(1 for p in perms.values() if picks(self.world, arg(c, "what"), p, source,
                                                       perms))
            return count_compares(c, n)
        if kind == "cards_in_graveyard":  # threshold: "seven or more cards in your graveyard"
            n = sum(1 for o in self.world.objects.values()
                    if o["zone"] == "graveyard" and o["owner"] == source.controller)
            return count_compares(c, n)
        if kind == "card_types_in_graveyard":  # delirium: the card types among them (205.2a)
            return count_compares(c, card_types_in_graveyard(self.world.objects.values(),
                                                             source.controller))
        if kind == "opponent_count":  # "as long as you have two or more opponents"
            n = sum(1 for f in self.world.all if isinstance(f, Player)
                    and f["name"] != source.controller and not f["left_game"])
            return count_compares(c, n)
        if kind == "turn":  # "as long as it's your turn" (611.3a): whose turn it is now
            turn = next((f for f in self.world.all if isinstance(f, Turn)), None)
            if turn is None:
                return None
            mine = turn["active"] == source.controller
            return mine if arg(c, "value") == "yours" else not mine
        if kind == "has_counters":  # counters area: "as long as it has a +1/+1 counter on
            # it": the object with the ability, with the counters the situation lists (122.1)
            # (None, not stated, when the situation doesn't list its counters)
            want = arg(c, "value")
            if any(f["counter"] == want and f["amount"] > 0
                   for f in self.world.counters.get(source.id, [])):
                return True
            return False if source.id in self.world.listed else None
        if kind == "attacking":  # combat: "as long as it's attacking" (506.4), the object
            # with the ability, as the situation marks it
            return any(isinstance(f, Attacking) and f["creature"] == source.id
                       for f in self.world.all)
        if kind == "citys_blessing":  # ascend: "as long as you have the city's blessing"
            return citys_blessing(self.world.all, source.controller)[0]
        if kind == "monstrous":  # monstrosity: "as long as ~ is monstrous" (701.37b)
            return any(isinstance(f, Monstrous) and f["object"] == source.id
                       for f in self.world.all)
        aslongas = self.holds_aslongas(c, kind, source, perms)
        if aslongas is not _UNREAD:
            return aslongas  # type: ignore[return-value]
        if kind == "not" and parts:
            inner = self.holds(parts[0], source, perms)
            return None if inner is None else not inner
        if kind in ("all_of", "any_of") and parts:
            values = [self.holds(p, source, perms) for p in parts]
            if None in values:
                return None
            return all(values) if kind == "all_of" else any(values)
        return None

    def holds_aslongas(self, c: Any, kind: str, source: Perm,
                       perms: dict[str, Perm]) -> bool | None | object:
        """The aslongas area's conditions (src/rulings/oracle/areas/aslongas.py), on the
        permanents as they are now; `_UNREAD` for a kind of another area."""
        if kind == "tapped":  # "as long as ~ is tapped" / "… is untapped" (CR 110.5)
            return source.tapped == (arg(c, "value") == "true")
        if kind in ATTACHED_KINDS:  # "as long as ~ is equipped / enchanted" (301.5, 303.4)
            subtype = ATTACHED_KINDS[kind]
            return any(p.attached_to == source.id and subtype in p.subtypes
                       for p in perms.values()) == (arg(c, "value") != "false")
        if kind == "attached_is":  # "as long as enchanted permanent is a creature": the
            # permanent the Aura or Equipment is attached to, with its characteristics now
            host = perms.get(source.attached_to)
            if host is None:
                return False
            return picks(self.world, arg(c, "what"), host, source, perms)
        if kind == "opponent_controls":  # "as long as an opponent controls a black
            # permanent" (CR 108.4): a permanent another player controls (102.2)
            sel = arg(c, "what")
            return any(p.controller != source.controller
                       and picks(self.world, sel, p, source, perms) for p in perms.values())
        if kind == "defending_player_controls":  # "~ can't be blocked as long as defending
            # player controls an artifact": the player it attacks, or the controller of the
            # planeswalker or battle it attacks (506.2); no defending player when not attacking
            defending = self.defending_player(source)
            sel = arg(c, "what")
            return defending is not None and any(
                p.controller == defending and picks(self.world, sel, p, source, perms)
                for p in perms.values())
        if kind in ("life", "opponent_life"):  # "you have 25 or more life" (CR 119)
            players = [f for f in self.world.all if isinstance(f, Player)
                       and not f["left_game"]
                       and (f["name"] == source.controller) == (kind == "life")]
            values = [compare_counts(c, f["life"]) for f in players
                      if f["life_stated"] or f["life"] >= 0]
            if len(values) < len(players) and not any(values):
                return None  # a life total the situation doesn't give could decide it
            return any(values)
        if kind == "cards_in_hand":  # hellbent: "you have no cards in hand" (CR 402)
            n = self.hand_size(source.controller)
            return None if n is None else compare_counts(c, n)
        return _UNREAD

    def defending_player(self, source: Perm) -> str | None:
        """The player `source` attacks (CR 506.2), or None when it isn't attacking."""
        for f in self.world.all:
            if isinstance(f, Attacking) and f["creature"] == source.id:
                obj = self.world.objects.get(f["defender"])
                return (obj["controller"] or obj["owner"]) if obj is not None else f["defender"]
        return None

    def hand_size(self, player: str) -> int | None:
        """How many cards `player` has in hand, when the situation lists their hand (maybe
        as empty: `hand: {Alice: []}`); None when it doesn't."""
        n = sum(1 for o in self.world.objects.values()
                if o["zone"] == "hand" and o["owner"] == player)
        listed = any(isinstance(f, ZoneListed) and f["player"] == player
                     and f["zone"] == "hand" for f in self.world.all)
        return n if n or listed else None

    def said_aslongas(self, cid: str, source: Perm, perms: dict[str, Perm]) -> str:
        """What an aslongas condition found on the board, in words (' (Alice has 8 life)'),
        for the step that says whether it holds; '' for a kind of another area."""
        c = self.world.conditions.get(cid)
        if c is None:
            return ""
        kind, name = c["kind"], source.name
        if kind == "tapped":
            return f" ({name} is {'tapped' if source.tapped else 'untapped'})"
        if kind in ATTACHED_KINDS:
            on = sorted(p.name for p in perms.values() if p.attached_to == source.id
                        and ATTACHED_KINDS[kind] in p.subtypes)
            what = "an Equipment" if kind == "equipped" else "an Aura"
            return (f" ({', '.join(on)} {'is' if len(on) == 1 else 'are'} attached to {name})"
                    if on else f" (no {what[3:].strip()} is attached to {name})")
        if kind == "attached_is":
            host = perms.get(source.attached_to)
            return (f" ({name} is attached to {host.name})" if host is not None
                    else f" ({name} is attached to nothing)")
        if kind == "opponent_controls":
            found = sorted(p.name for p in perms.values() if p.controller != source.controller
                           and picks(self.world, arg(c, "what"), p, source, perms))
            return (f" (an opponent controls {', '.join(found)})" if found
                    else " (no opponent controls such a permanent)")
        if kind in ("life", "opponent_life"):
            lives = [f"{f['name']} has {f['life']} life" for f in self.world.all
                     if isinstance(f, Player) and not f["left_game"]
                     and (f["name"] == source.controller) == (kind == "life")
                     and (f["life_stated"] or f["life"] >= 0)]
            return f" ({', '.join(lives)})" if lives else ""
        if kind == "defending_player_controls":
            defending = self.defending_player(source)
            if defending is None:
                return f" ({name} isn't attacking, so there is no defending player)"
            found = sorted(p.name for p in perms.values() if p.controller == defending
                           and picks(self.world, arg(c, "what"), p, source, perms))
            return (f" ({defending}, the defending player, controls {', '.join(found)})"
                    if found else f" ({defending}, the defending player, controls none)")
        if kind == "cards_in_hand":
            n = self.hand_size(source.controller)
            return "" if n is None else f" ({source.controller} has {n} cards in hand)"
        if kind == "paired":  # soulbond
            partner = paired_partner(self.world, source, perms)
            if partner:
                return f" ({name} is paired with {perms[partner].name})"
            listed = perms.get(partner_of(self.world.all, source.id))
            return (f" ({name} is paired with no creature)" if listed is None else
                    f" ({name} and {listed.name} are no longer paired: both must be creatures "
                    "on the battlefield under one player's control, CR 702.95e)")
        if kind == "permanents_count":  # attached area
            found = sorted(p.name for p in perms.values()
                           if picks(self.world, arg(c, "what"), p, source, perms))
            return (f" ({len(found)} of them: {', '.join(found)})" if found
                    else " (there are none)")
        return ""

    def what(self, e: Effect, perms: dict[str, Perm]) -> tuple[Any, ...]:
        """What an effect does, as far as other effects could change it."""
        source = perms.get(e.source)
        return (e.values, self.amount(e.power, e, source, perms),
                self.amount(e.toughness, e, source, perms),
                tuple(sorted(source.swaps.items())) if source else ())

    def footprint(self, e: Effect, perms: dict[str, Perm]) -> tuple[Any, ...]:
        if not self.exists(e, perms):
            return (False,)
        return (True, self.affected(e, perms), self.what(e, perms))

    def depends(self, e: Effect, other: Effect) -> bool:
        """CR 613.8a: same layer, neither or both from characteristic-defining abilities, and
        applying `other` would change whether `e` exists, what it applies to or what it does."""
        if e.cda != other.cda:
            return False
        before = self.footprint(e, self.perms)
        trial = copy.deepcopy(self.perms)
        self.apply(other, trial, record=False)
        return self.footprint(e, trial) != before

    def apply_layer(self, layer: str) -> None:
        """Within a layer: characteristic-defining abilities first (613.3), then timestamp order
        (613.7), except that an effect waits for the effects it depends on (613.8b); the order
        is decided again after each effect (613.8c)."""
        pending = sorted(self.candidates(layer), key=lambda e: (not e.cda, e.timestamp, e.key))
        applied: list[Effect] = []
        while pending:
            chosen, loop = None, False
            for e in pending:
                waits = [o for o in pending if o is not e and self.depends(e, o)]
                self.waits.setdefault(e.key, set()).update(o.key for o in waits)
                if not waits:
                    chosen = e
                    break
            if chosen is None:  # a dependency loop: timestamp order (613.8b)
                chosen, loop = pending[0], True
            jumped = [o for o in pending if o is not chosen and o.cda == chosen.cda
                      and o.timestamp < chosen.timestamp]
            pending.remove(chosen)
            after = [o for o in applied if o.key in self.waits.get(chosen.key, ())]
            if loop:
                order = "the effects depend on each other, so timestamp order (CR 613.8b)"
            elif after:
                order = "after " + ", ".join(f"{self.world.label(o.label)}, which it depends on"
                                             for o in after) \
                    + " (CR 613.8a)"
            elif jumped:
                order = "before " + ", ".join(f"{self.world.label(o.label)} (timestamp "
                                              f"{o.timestamp})"
                                              for o in jumped) + \
                    ", which depends on it (CR 613.8a)"
            elif chosen.cda:
                order = "a characteristic-defining ability, so first (CR 613.3)"
            else:
                order = "timestamp order (CR 613.7)"
            applied.append(chosen)
            if not self.exists(chosen, self.perms):
                self.note_gone(chosen, after)
                continue
            if chosen.condition and chosen.instance not in self.started:
                # note_gone covers abilities removed; here: the condition held (611.3a)
                order += ("; its condition holds now"
                          f"{self.said_aslongas(chosen.condition, self.perms[chosen.source], self.perms)}"
                          " (CR 611.3a)")
            self.apply(chosen, self.perms, record=True, order=order)

    def note_gone(self, e: Effect, after: list[Effect]) -> None:
        """An effect whose ability was removed before it could apply (613.8a: it depended on
        the effect that removed it, so it waited, and then no longer existed)."""
        if e.source not in self.printed:
            return
        source = self.perms[e.source]
        if e.ability in source.abilities:  # it has the ability: its condition stops it
            cond = self.world.conditions.get(e.condition)
            unknown = self.holds(e.condition, source, self.perms) is None
            change = ("is not applied: its condition ("
                      f"{cond['kind'] if cond is not None else e.condition}) is not modelled"
                      if unknown else "does not apply: its condition doesn't hold now"
                      + self.said_aslongas(e.condition, source, self.perms))
            if unknown and cond is not None and cond["kind"] in OPEN_WORDS:
                # aslongas: open, not guessed (`hand: {Alice: []}`, `players: [{life: 20}]`)
                change = ("is not applied: its condition asks about "
                          f"{OPEN_WORDS[cond['kind']]}, which the situation doesn't give")
            if unknown and cond is not None and cond["kind"] == "has_counters":
                # counters area: open, not guessed (counters: {} lists none)
                change = ("is not applied: its condition asks about the counters on it, "
                          "which the situation doesn't list")
            for oid in [o for o in sorted(self.perms)
                        if picks(self.world, e.selector, self.perms[o], source, self.perms)]:
                facts = (*e.facts, *([cond] if cond is not None else []),
                         self.world.objects[e.source])
                self.record(oid, e.layer, e.label, e.timestamp, change, "CR 611.3a",
                            describe_layer(self.perms[oid], e.layer), facts)
                self.used[oid] += list(facts)
            return
        remover = self.removed_by.get((e.source, e.ability))
        by = ", ".join(self.world.label(o.label) for o in after) or (
            self.world.label(remover.label) if remover is not None else "an earlier effect")
        extra: tuple[Any, ...] = ()
        if remover is not None:
            extra = (*remover.facts, *([self.world.objects[remover.source]]
                                       if remover.source in self.world.objects else []))
        whole = self._with_all_abilities(e.source)
        would = [o for o in sorted(self.perms)
                 if picks(self.world, e.selector, self.perms[o], whole, self.perms)]
        for oid in would:
            facts = (*e.facts, self.world.objects[e.source], *extra)
            self.record(oid, e.layer, e.label, e.timestamp,
                        "does not apply: its permanent lost that ability first",
                        f"it depends on {by}, which removed it (CR 613.8a)",
                        describe_layer(self.perms[oid], e.layer), facts)
            self.used[oid] += list(facts)

    # applying one effect --------------------------------------------------------------------

    def amount(self, text: str, e: Effect, source: Perm | None,
               perms: dict[str, Perm], target: Perm | None = None) -> int:
        """A number, X (0 here), or a counted amount: `count:<selector>` (how many objects it
        picks now), `mana_value_of:<selector>` / `power_of:<selector>`."""
        text = str(text or "").strip()
        kind, _, sel = text.replace("=", ":", 1).partition(":")
        if kind == "count" and sel:
            sel, _, times = sel.partition(",times:")  # attached area: "+2/+2 for each …"
            return (sum(1 for p in perms.values() if picks(self.world, sel, p, source, perms))
                    + self._count_elsewhere(sel, source)) * (number(times, 1) or 1)
        if kind in ("mana_value_of", "power_of", "toughness_of") and sel:
            ref = self.world.selectors.get(sel)
            subject = target if ref is None or ref["ref"] in ("this", "") else None
            if ref is not None and ref["ref"] == "this" and e.locked is None:
                subject = target  # "its": each affected object's own value
            if subject is None:
                return 0
            return {"mana_value_of": mana_value(subject.mana_cost),
                    "power_of": subject.power or 0,
                    "toughness_of": subject.toughness or 0}[kind]
        if kind in GREATEST and sel:
            return self.greatest(kind, sel, source, perms)
        if text in ("mana_value", "its_mana_value") and target is not None:
            return mana_value(target.mana_cost)
        return number(text, 0) or 0

    def counted_attached(self, e: Effect, source: Perm | None, perms: dict[str, Perm]) -> str:
        """attached area: what a count of attached permanents found, in words (' (counting
        Pacifism, Rancor)'); '' for any other amount."""
        for text in (e.power, e.toughness):
            kind, _, sel = str(text or "").partition(":")
            sel = sel.partition(",times:")[0]
            found = self.world.selectors.get(sel) if kind == "count" else None
            if found is not None and any(str(a).startswith("attached_to=")
                                         for a in found["args"]):
                names = sorted(q.name for q in perms.values()
                               if picks(self.world, sel, q, source, perms))
                return f" (counting {', '.join(names)})" if names else " (counting none)"
        return ""

    def greatest(self, kind: str, sel: str, source: Perm | None,
                 perms: dict[str, Perm]) -> int:
        """greatest: a static's "the highest mana value among creatures you control" — the
        largest value among the permanents the selector picks now (0 for none or below
        zero, 107.1b), or among the cards of the zone it names by their printed
        characteristics. Mana value is no layer's; a permanent's power and toughness are
        still being worked out in layer 7, so a static measuring them on the battlefield
        counts as 0 (the compiler writes none: no card has one)."""
        ref = self.world.selectors.get(sel)
        if ref is not None and ref["zone"] and ref["zone"] != "battlefield":
            found = [printed(self.world, oid) for oid, o in sorted(self.world.objects.items())
                     if o["zone"] == ref["zone"]
                     and picks(self.world, sel, printed(self.world, oid), source, self.perms,
                               ref["zone"])]
        elif kind == "greatest_mana_value_among":
            found = [p for p in perms.values() if picks(self.world, sel, p, source, perms)]
        else:
            return 0
        values = [mana_value(p.mana_cost) if kind == "greatest_mana_value_among" else
                  (p.power if kind == "greatest_power_among" else p.toughness) or 0
                  for p in found]
        return max([0, *values])

    def _count_elsewhere(self, sel_id: str, source: Perm | None) -> int:
        """Objects outside the battlefield that a count selector names by zone (graveyards…),
        judged by their printed characteristics."""
        sel = self.world.selectors.get(sel_id)
        if sel is None or not sel["zone"] or sel["zone"] == "battlefield":
            return 0
        return sum(1 for oid, o in sorted(self.world.objects.items())
                   if o["zone"] == sel["zone"]
                   and picks(self.world, sel_id, printed(self.world, oid), source, self.perms,
                             sel["zone"]))

    def apply(self, e: Effect, perms: dict[str, Perm], record: bool, order: str = "") -> None:
        targets = self.affected(e, perms)
        if record:
            self.started.setdefault(e.instance, targets)
        source = perms.get(e.source)
        for oid in targets:
            p = perms[oid]
            had = list(p.abilities)
            change = self.change(e, p, source, perms)
            if record:
                for ability in had:
                    if ability not in p.abilities:
                        self.removed_by.setdefault((oid, ability), e)
                facts = e.facts + ((self.world.objects[e.source],) if e.source else ())
                if e.source and e.source in self.world.timestamps:
                    facts += (self.world.timestamps[e.source],)
                self.used[oid] += list(facts)
                self.record(oid, e.layer, e.label, e.timestamp, change, order,
                            describe_layer(p, e.layer), facts)

    def intrinsic_mana(self, ability: str) -> str:
        """The mana a basic land type's ability adds ("R" for "{T}: Add {R}"), when the
        ability is just that; "" for any other ability."""
        facts = [a for a in self.world.abilities.get(ability.rpartition(".")[0], [])
                 if a["id"] == ability]
        if not facts or list(facts[0]["cost"]) != ["{T}"]:
            return ""
        steps = [st for st in self.world.steps.get(facts[0]["source"], [])
                 if st["ability"] == ability]
        if len(steps) != 1 or steps[0]["verb"] != "add_mana":
            return ""
        args = [str(a) for a in steps[0]["args"]]
        if len(args) != 1 or not re.fullmatch(r"mana=\{[WUBRG]\}", args[0]):
            return ""
        return args[0][len("mana={"):-1]

    def change(self, e: Effect, p: Perm, source: Perm | None, perms: dict[str, Perm]) -> str:
        k, values = e.kind, [str(v) for v in e.values]
        if source is not None and source.swaps:
            values = [source.swaps.get(v, v) for v in values]
        if k in ("control", "gain_control"):
            p.controller = e.controller or (source.controller if source else p.controller)
            return f"gives control of it to {p.controller}"
        if k == "change_text" and len(values) == 2:
            p.swaps[values[0]] = values[1]
            return f"changes the word {values[0]} to {values[1]} in its text"
        if k == "add_types":
            p.types += [t for t in values if t not in p.types]
            return "makes it " + ", ".join(values) + " in addition to its other types"
        if k == "set_types":
            p.types = list(values)
            return "makes its card types " + ", ".join(values)
        if k == "set_creature_types":  # choice: the creature types replaced (CR 205.1a)
            if "creature" not in p.types and "kindred" not in p.types:
                return "would set its creature type, but it is not a creature"
            p.subtypes = [t for t in p.subtypes if t.lower() in NON_CREATURE_SUBTYPES] + \
                [t for t in values if t not in p.subtypes]
            return "makes its creature type " + ", ".join(values) + ", its only one " \
                "(CR 205.1a)"
        if k == "add_subtypes":
            p.subtypes += [t for t in values if t not in p.subtypes]
            return "gives it the subtypes " + ", ".join(values) + \
                (" and the mana abilities of those land types (CR 305.7)"
                 if set(values) & set(BASIC_LAND_TYPES) and "land" in p.types else "")
        if k == "set_land_types":
            if "land" not in p.types:
                return "would set its land types, but it is not a land"
            # a land type it already had stays: only the others go (Blood Moon on a dual)
            kept = [t for t in p.subtypes if t not in LAND_TYPES]
            p.subtypes = kept + [t for t in dict.fromkeys(values) if t not in kept]
            # the mana ability of a land type it has now is its intrinsic ability (305.6),
            # kept: "{T}: Add {R}" of a Mountain that stays a Mountain (305.7)
            now = {LAND_TYPE_MANA[t] for t in p.subtypes if t in LAND_TYPE_MANA}
            intrinsic = [a for a in p.abilities if self.intrinsic_mana(a) in now]
            p.lost += [a for a in p.abilities if a not in p.lost and a not in intrinsic]
            p.abilities = intrinsic
            p.keywords, p.granted = [], []
            return ("makes its land type " + ", ".join(values) + ": it loses its other land "
                    "types and the abilities of its rules text, and has the mana abilities of "
                    "its new land types (CR 305.7)")
        if k in ("set_colors", "add_colors"):
            p.colors = list(values) if k == "set_colors" else \
                p.colors + [c for c in values if c not in p.colors]
            return "makes it " + (" and ".join(values) or "colorless")
        if k == "add_keywords":
            for word, value in map(keyword_parts, values):
                if word not in p.keywords:
                    p.keywords.append(word)
                if (word, value, e.label) not in p.granted:
                    p.granted.append((word, value, e.label))
            return "gives it " + ", ".join(v.replace("_", " ") for v in values)
        if k == "add_abilities":
            given = [a["id"] for a in self.world.abilities.get(p.id, [])
                     if a["granted_by"] == e.ability and a["id"] not in p.abilities]
            p.abilities += given
            return "gives it " + (", ".join(self.world.label(a) for a in given)
                                  or "no ability it can have (not modelled for it)")
        if k == "remove_keywords":
            gone = {keyword_parts(v)[0] for v in values}
            p.keywords = [w for w in p.keywords if w not in gone]
            p.granted = [g for g in p.granted if g[0] not in gone]
            return "removes " + ", ".join(v.replace("_", " ") for v in values)
        if k == "lose_all_abilities":
            p.lost += [a for a in p.abilities if a not in p.lost]
            p.abilities, p.keywords, p.granted = [], [], []
            return "makes it lose all abilities"
        if k in ("cda_pt", "set_pt"):
            pw = self.amount(e.power, e, source, perms, p) if e.power != "" else p.power
            tg = self.amount(e.toughness, e, source, perms, p) if e.toughness != "" else \
                p.toughness
            p.power, p.toughness = pw, tg
            p.pt_unknown -= {k for k, v in (("power", e.power), ("toughness", e.toughness))
                             if v != ""}
            return f"sets its power and toughness to {pw}/{tg}"
        if k == "modify":
            dp = self.amount(e.power, e, source, perms, p)
            dt = self.amount(e.toughness, e, source, perms, p)
            p.power, p.toughness = (p.power or 0) + dp, (p.toughness or 0) + dt
            return f"gives it {dp:+d}/{dt:+d}" + self.counted_attached(e, source, perms)
        if k == "switch_pt":
            p.power, p.toughness = p.toughness, p.power
            return "switches its power and toughness"
        return f"({k} is not modelled in the layers)"

    def record(self, oid: str, layer: str, source: str, timestamp: int, change: str,
               order: str, result: str, facts: tuple[Any, ...]) -> None:
        self.steps[oid].append(AppliedStep(oid, layer, source, timestamp, change, order, result,
                                    facts))


def describe_layer(p: Perm, layer: str) -> str:
    if layer == "1":
        return p.name
    if layer == "2":
        return f"controlled by {p.controller}"
    if layer in ("3", "4"):
        kind = " ".join([*p.supertypes, *p.types]) or "no card types"
        return kind + (" — " + " ".join(p.subtypes) if p.subtypes else "")
    if layer == "5":
        return " ".join(p.colors) or "colorless"
    if layer == "6":
        return ", ".join(shown_keyword(p, k) for k in p.keywords) if p.keywords else (
            "no abilities" if not p.abilities else "no keyword abilities")
    return f"{p.power if p.power is not None else 0}/" \
           f"{p.toughness if p.toughness is not None else 0}"


def shown_keyword(p: Perm, keyword: str) -> str:
    """'protection from red' for a protection an effect gave, 'first strike' for first_strike."""
    values = [v for k, v, _ in p.granted if k == keyword and v]
    if not values:
        return keyword.replace("_", " ")
    if keyword == "landwalk":
        return ", ".join(landwalk_word(v) for v in dict.fromkeys(values))
    pre = " from " if keyword == "protection" else " "
    return ", ".join(f"{keyword}{pre}{v}" for v in dict.fromkeys(values))


def add_counters(layers: Layers, extra: dict[str, dict[str, int]] | None = None) -> None:
    """Counters that change power and toughness apply in layer 7c (613.4c), with the
    effects there (the order within 7c doesn't change sums)."""
    extra = extra or {}
    for oid in sorted(layers.perms):
        p = layers.perms[oid]
        counts: dict[str, int] = {}
        facts: dict[str, list[Any]] = {}
        for c in layers.world.counters.get(oid, []):
            counts[c["counter"]] = counts.get(c["counter"], 0) + c["amount"]
            facts.setdefault(c["counter"], []).append(c)
        for name, n in extra.get(oid, {}).items():
            counts[name] = counts.get(name, 0) + n
        if oid in layers.world.listed and "loyalty" not in counts:
            # `counters:` lists all its counters and no loyalty: it has none (122.1),
            # whatever loyalty is printed on it
            p.loyalty = 0
            layers.used[oid] += [f for f in layers.world.all
                                 if isinstance(f, CountersListed) and f["object"] == oid]
        for name in sorted(counts):
            m = PT_COUNTER.match(name)
            if name == "loyalty":
                p.loyalty = counts[name]
                layers.used[oid] += facts.get(name, [])
                continue
            if not m or not counts[name]:
                continue
            dp, dt = int(m.group(1)) * counts[name], int(m.group(2)) * counts[name]
            p.power, p.toughness = (p.power or 0) + dp, (p.toughness or 0) + dt
            layers.used[oid] += facts.get(name, [])
            layers.record(oid, "7c", f"{counts[name]} {name} counter"
                          + ("s" if counts[name] != 1 else ""),
                          layers.world.timestamp(oid),
                          ("give" if counts[name] != 1 else "gives") + f" it {dp:+d}/{dt:+d}",
                          "",
                          describe_layer(p, "7c"), tuple(facts.get(name, [])))


def compute(facts: list[Any], extra_counters: dict[str, dict[str, int]] | None = None
            ) -> Board:
    """The characteristics of every permanent (CR 613)."""
    world = World(facts)
    layers = Layers(world)
    layers.copy_layer()
    for layer in LAYER_ORDER[1:]:
        layers.apply_layer(layer)
        if layer == "7c":
            add_counters(layers, extra_counters)
    # counters are applied after the other 7c effects; sort steps by layer for the record
    for _oid, steps in layers.steps.items():
        steps.sort(key=lambda s: LAYER_ORDER.index(s.layer))
    for p in layers.perms.values():
        if "creature" not in p.types:  # CR 208.3: a noncreature permanent has no P/T
            continue
        p.power = p.power or 0
        p.toughness = p.toughness or 0
    return Board(layers.perms, layers.steps, layers.used, layers.printed)


def board(engine: Any) -> Board:
    """The board of this run, computed once (engine.memo) from the situation's facts."""
    if "board" not in engine.memo:
        engine.memo["board"] = compute(engine.situation_facts())
    return engine.memo["board"]  # type: ignore[no-any-return]


def static_condition(engine: Any, cid: str, source: str) -> bool | None:
    """Whether a static ability's condition (CR 611.3a) holds on the board as it is now, for
    rules outside the layers (the untap step): None when the kind isn't decided here."""
    b = board(engine)
    if source not in b.perms:
        return None
    return Layers(World(engine.situation_facts())).holds(cid, b.perms[source], b.perms)


def static_condition_words(engine: Any, cid: str, source: str) -> str:
    """What an aslongas condition found on the board now, in words (' (Bob controls none)'),
    for rules outside the layers; '' when there is nothing to say."""
    b = board(engine)
    if source not in b.perms:
        return ""
    return Layers(World(engine.situation_facts())).said_aslongas(cid, b.perms[source], b.perms)


def cite_for(engine: Any, b: Board, oid: str) -> None:
    seen: set[int] = set()
    unique = []
    for f in b.used.get(oid, []):
        if id(f) not in seen:
            seen.add(id(f))
            unique.append(f)
    engine.cite(*unique)
