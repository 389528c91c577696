"""Lowering: a card read in the effect language (facts.cards) becomes the facts of one object.

Each node becomes one IR fact of facts.effects (Ability, Keyword, CostPart, Trigger,
TargetSlot, Step, Selector, StaticEffect, Replacement, Condition, Unmodelled). Rules written
before the language match per-mechanic facts (ManaAbility, SearchStep, CantSearch, Flash, …);
those are derived here from the SHAPE of the nodes (never from a card's name), so a card
defined inline that says the same thing gets the same facts.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rulings.facts.cards import AbilityDef, CardDef, parse_cost
from rulings.facts.casting import (
    AdditionalCostWord,
    AlternativeCostWord,
    CastOnlyDuring,
    DraftNoteNextPick,
    Flash,
    Kicker,
    Overload,
    RevealOrPayCost,
)
from rulings.facts.effects import (
    LAYERS,
    Condition,
    CostPart,
    Keyword,
    ModeCount,
    Replacement,
    Selector,
    StaticEffect,
    Step,
    TargetSlot,
    Trigger,
    Unmodelled,
    default_zone,
)
from rulings.facts.game import Ability
from rulings.facts.mana import (
    EntersWithCounters,
    ManaAbility,
    TappedForManaReplacement,
    TappedForManaTrigger,
)
from rulings.facts.resolution import (
    CantSearch,
    CastFoundStep,
    ControlsSearchingOpponents,
    ExileTargetStep,
    LookAtTopStep,
    OpponentsExileFound,
    OtherStep,
    PutStep,
    RevealFoundStep,
    RevealTopStep,
    SearchStep,
    SearchTopInstead,
    ShuffleStep,
    article,
)
from rulings.facts.vocabulary import GameFact

SUMMARIES = {
    "mana": "a mana ability",
    "activated": "an activated ability",
    "triggered": "a triggered ability",
    "spell": "a spell's effect",
    "static": "a static ability",
    "replacement": "a replacement effect",
    "draft": "an ability that works during the draft",
    "unparsed": "an ability the knowledge base does not model",
}
EVENT_WORDS = {
    "enters": "it enters the battlefield", "leaves": "it leaves the battlefield",
    "dies": "it dies", "tapped_for_mana": "a permanent is tapped for mana",
}
REF_WORDS = {
    "this": "this", "you": "you", "opponent": "an opponent", "player": "a player",
    "each_player": "each player", "each_opponent": "each opponent",
    "any_player": "any player", "active_player": "the active player",
    "any_target": "any target", "event.card": "that card", "event.player": "that player",
    "event.turn": "that turn", "enchanted": "the enchanted permanent",
    "equipped": "the equipped creature", "next_pick": "the next card drafted",
    "exiled_with_this": "the card it exiled",  # linked (CR 607.2a)
    "sacrificed": "what its cost sacrificed",  # sacrificed (CR 601.2h, 608.2h)
    "defending_player": "the defending player",  # defending (CR 508.5)
    "paired": "the creature it is paired with",  # soulbond (CR 702.95b)
}


#: step arguments that are amounts ("+X/+X, where X is the number of …": {count: selector}),
#: kept as one word the resolution counts (knowledge/resolving.py), like `amount`
AMOUNT_ARGS = ("power", "toughness", "set_power", "set_toughness")


@dataclass
class Lowered:
    facts: list[GameFact] = field(default_factory=list)
    #: ids of selectors and other parts -> words shown in proofs
    names: dict[str, str] = field(default_factory=dict)


def lower(card: CardDef, oid: str) -> Lowered:
    """The facts of object `oid`'s card: its keywords, casting costs and abilities."""
    return Lowering(card, oid).run()


# -- words for parts (proofs, cost strings, older facts) ------------------------------------

def _related_words(sel: Any) -> str:
    """samename: the object a relation names, in words ("the target" for a target slot)."""
    import re

    ref = sel.get("ref") if isinstance(sel, dict) else sel
    if isinstance(ref, str) and re.fullmatch(r"t\d+", ref):
        return "the target"
    return describe(sel)


def describe(sel: dict[str, Any] | None, default: str = "card",
             names: dict[str, str] | None = None) -> str:
    """A selector in words: 'a basic land card', 'a creature an opponent controls'. `names`
    gives the words for the ability's own target slot and step ids."""
    if not sel:
        return article(default)
    if "ref" in sel:
        ref = sel["ref"]
        return REF_WORDS.get(ref) or (names or {}).get(ref) or f"'{ref}'"
    f = sel["filter"]
    adjectives = [*f.get("is", []), *f.get("colors", []), *f.get("supertypes", []),
                  *f.get("subtypes", [])]
    adjectives += [f"non{t}" for t in f.get("not_types", [])]
    adjectives += [f"non-{t.capitalize()}" for t in f.get("not_subtypes", [])]  # selwords
    if f.get("historic"):  # selwords
        adjectives.append("historic")
    noun = " or ".join(f.get("types", [])) or (
        "permanent" if f.get("zone") == "battlefield" or "controller" in f
        or "attached_to" in f else default)
    if "land" in f.get("types", []) and f.get("zone") not in (None, "battlefield") or (
            default == "card" and f.get("types") and "controller" not in f
            and "permanent" not in f.get("types", []) and f.get("zone") != "battlefield"):
        noun += " card"
    text = " ".join([*adjectives, noun])
    text = ("another " + text) if f.get("other") else article(text)
    controller = f.get("controller")
    if controller:
        text += {"you": " you control", "opponent": " an opponent controls",
                 "defending_player": " the defending player controls"}.get(
            controller.get("ref", ""), f" controlled by {describe(controller)}")
    if f.get("name"):
        text += f" named {f['name']}"
    if f.get("noted_name_for"):
        text += f" with a name noted for {f['noted_name_for']}"
    if f.get("same_name_as"):
        text += f" with the same name as {_related_words(f['same_name_as'])}"
    if f.get("shares_color_with"):  # samename
        text += f" that shares a color with {_related_words(f['shares_color_with'])}"
    if f.get("keyword"):  # "a creature with flying" (a `not:` of it reads "other than …")
        text += f" with {f['keyword'].replace('_', ' ')}"
    if f.get("counter"):   # counters area
        text += f" with a {f['counter']} counter on it"
    if f.get("dealt_damage_this_turn"):   # targetthat
        text += " that was dealt damage this turn"
    if f.get("targeting"):   # targetthat
        text += f" that targets {describe(f['targeting'], 'permanent', names)}"
    if f.get("attached_to"):   # attached area
        text += f" attached to {describe(f['attached_to'], 'permanent', names)}"
    if f.get("dealt_damage_this_turn_by"):   # dealtdmg area
        by = f["dealt_damage_this_turn_by"]
        ref = by.get("ref", "") if isinstance(by, dict) else str(by)
        text += " dealt damage by " + {"this": "this permanent", "enchanted": "the enchanted "
                                       "creature", "equipped": "the equipped creature"}.get(
            ref, describe(by, "permanent", names)) + " this turn"
    for key in ("mana_value", "power", "toughness"):
        if key in f:
            op, n = f[key]
            text += f" with {key.replace('_', ' ')} {_OPS[op] + ' ' if _OPS[op] else ''}{n}"
    if f.get("among"):  # "a creature card from among them", "the rest"
        text += f" among {describe(f['among'], default, names)}"
        if f.get("not"):
            return text.replace("a card among", "the cards among", 1) + \
                f" not {describe(f['not'], default, names)}"
    if f.get("not"):
        text += f" other than {describe(f['not'], default, names)}"
    owner = f.get("owner")
    if f.get("zone") and f.get("zone") not in ("battlefield", "any"):
        whose = {"you": "your", None: "a"}.get(owner.get("ref") if owner else None)
        if whose is None and owner:
            whose = describe(owner, names=names) + "'s"
        text += f" in {whose} {f['zone']}"
    return text


_OPS = {"le": "at most", "lt": "less than", "ge": "at least", "gt": "more than", "eq": ""}


def amount_text(amount: Any, names: dict[str, str] | None = None) -> str:
    if amount is None:
        return ""
    if isinstance(amount, dict):
        key, value = next(iter(amount.items()))
        if key in ("max", "min"):
            return f"{'up to' if key == 'max' else 'at least'} {value}"
        if key == "devotion":
            return "your devotion to " + " and ".join(value)
        if key == "half_of":  # greatest: "half their life, rounded up" (107.1a)
            of = "their life total" if value == "own_life" else str(value)
            return f"half {of}, rounded {amount.get('round', 'down')}"
        words = {"count": "the number of", "power_of": "the power of",
                 "toughness_of": "the toughness of", "colors_among": "the colors among",
                 "mana_value_of": "the mana value of",
                 "counters_on": f"the {amount.get('counter', '')} counters on"}
        if key.startswith("greatest_"):  # greatest: "the greatest power of any creature …"
            what = key.removeprefix("greatest_").removesuffix("_among").replace("_", " ")
            each = describe(value, names=names)
            each = "other " + each[8:] if each.startswith("another ") else \
                each.split(" ", 1)[-1] if each.startswith(("a ", "an ")) else each
            return f"the greatest {what} of any {each}"
        times = f"{amount['times']} times " if amount.get("times", 1) != 1 else ""
        return f"{times}{words[key]} {describe(value, names=names)}".replace("  ", " ")
    return str(amount)


def payment_args(parts: list[dict[str, Any]]) -> list[str]:
    """A `pay` step's cost as step arguments: `cost=` its words ("{2}{U}", "2 life", "{1}
    and 2 life") and `life=` the life it pays, which a player must have (CR 119.4)."""
    words: list[str] = []
    life = energy = 0
    for part in parts:
        if part["part"] == "mana":
            words.append(str(part["value"] or ""))
        elif part["part"] == "pay_life":
            life += int(part["value"] or 0)
            words.append(f"{part['value']} life")
        elif part["part"] == "pay_energy":  # {E}: energy counters the player removes
            energy += int(part["value"] or 0)
            words.append("{E}" * int(part["value"] or 0))
        else:
            words += [w.removeprefix("pay ") for w in cost_words([part])]
    out = [f"cost={' and '.join(words)}"]
    return out + ([f"life={life}"] if life else []) + ([f"energy={energy}"] if energy else [])


def cost_words(parts: list[dict[str, Any]]) -> list[str]:
    """Cost parts as the words rules test: ['{T}', 'tap an untapped creature you control']."""
    out: list[str] = []
    for part in parts:
        kind, value = part["part"], part["value"]
        if kind == "tap":
            out.append("{T}")
        elif kind == "untap":
            out.append("{Q}")
        elif kind == "mana":
            out.extend(parse_cost(value or ""))
        elif kind == "mill":
            n = value or 1
            out.append("mill a card" if n == 1 else f"mill {n} cards")
        elif kind == "pay_life":
            out.append(f"pay {value} life")
        elif kind == "pay_energy":
            out.append(f"pay {value} energy")
        elif kind == "loyalty":
            out.append(f"{value} loyalty")
        elif kind == "tap_untapped":
            sel = value or {"filter": {"types": ["creature"], "controller": {"ref": "you"}}}
            if "filter" in sel:
                sel = {"filter": {**sel["filter"],
                                  "is": ["untapped", *sel["filter"].get("is", [])]}}
            out.append("tap " + describe(sel, "permanent"))
        elif kind == "crew":  # crew N (CR 702.122a)
            out.append(f"tap untapped creatures with total power {value or 0} or more")
        elif kind == "reveal_or_pay":  # costs
            out.append(f"reveal {_revealed_card(value['what'])} from your hand or pay "
                       f"{value['mana']}")
        elif kind in ("remove_counters", "put_counters"):
            value = value or {}
            n = value.get("amount", 1)
            verb = "remove" if kind == "remove_counters" else "put"
            out.append(f"{verb} {amount_text(n)} {value.get('counter', '')} counter"
                       f"{'s' if n != 1 else ''}")
        else:
            noun = "permanent" if kind in ("sacrifice", "return") else "card"
            out.append(f"{kind} {describe(value, noun)}")
    return out


def _revealed_card(sel: dict[str, Any]) -> str:
    """costs: the card a reveal-or-pay cost reveals, in words, without the hand it is in."""
    if "filter" in sel:
        sel = {"filter": {k: v for k, v in sel["filter"].items()
                          if k not in ("zone", "owner")}}
    return describe(sel, "card")


def ids_in_words(ability: dict[str, Any]) -> dict[str, str]:
    """Words for an ability's target slot ids and step ids: 'the target creature', 'the
    found card'."""
    names: dict[str, str] = {}
    for slot in ability.get("targets", []):
        f = slot["filter"] or {}
        if f.get("ref") in ("player", "opponent"):
            names[slot["id"]] = f"the target {f['ref']}"
        elif f.get("ref") == "any_target" or "filter" not in f:
            names[slot["id"]] = "the target"
        else:
            names[slot["id"]] = "the target " + describe(f, "permanent").split(" ", 1)[1]
    produced = {"search": "the found card", "look_at_top": "those cards",
                "reveal_top": "those cards", "choose": "the chosen card",
                "create": "the new token"}
    for i, step in enumerate(ability.get("do", []), 1):
        if "id" in step["mods"]:
            names[str(step["mods"]["id"])] = produced.get(step["verb"],
                                                          f"what step {i} names")
        what = step["args"].get("what") if step["verb"] == "choose" else None
        if isinstance(what, dict) and "filter" in what and "id" in step["mods"] and (
                what["filter"].get("zone") in (None, "battlefield")):
            names[str(step["mods"]["id"])] = "the chosen permanent"  # not a card (110.1)
    return names


def _plural(n: Any, noun: str) -> str:
    return f"{'a' if n == 1 else amount_text(n)} {noun}{'' if n == 1 else 's'}"


def step_text(step: dict[str, Any], names: dict[str, str] | None = None) -> str:
    """A step in words, for steps the older rules know only as written."""
    verb, args, mods = step["verb"], step["args"], step["mods"]
    if verb == "other":
        return str(args.get("text", ""))

    def d(key: str, default: str = "card") -> str:
        return describe(args.get(key), default, names)

    who = mods.get("who")
    head = f"{describe(who, names=names)} " if who and who != {"ref": "you"} else ""
    n = args.get("amount", 1)
    zones = {"hand": "its owner's hand", "graveyard": "its owner's graveyard",
             "battlefield": "the battlefield", "exile": "exile"}
    if verb == "draw" and isinstance(n, dict):
        text = f"draw cards: {amount_text(n, names)}"
    elif verb == "draw":
        text = f"draw {_plural(n, 'card')}"
    elif verb == "deal_damage":
        text = f"deal {amount_text(n)} damage to {d('to')}"
    elif verb in ("mill", "scry", "surveil"):
        text = f"{verb} {amount_text(n)}"
    elif verb in ("gain_life", "lose_life"):
        text = f"{verb.split('_')[0]} {amount_text(n)} life"
    elif verb == "return":
        to = args.get("to")
        text = f"return {d('what')} to {zones.get(str(to), to)}"
    elif verb == "put":
        where = args.get("to")
        if where == "library":
            place = f"on the {args.get('position', 'top')} of its owner's library"
        else:
            place = f"{'onto' if where == 'battlefield' else 'into'} {zones.get(str(where), where)}"
        text = f"put {d('what')} {place}" + (" in any order" if args.get("any_order") else "")
    elif verb == "choose":
        text = f"choose {amount_text(args.get('count', 1))} of {d('what')}"
    elif verb == "modify":
        parts = []
        if "power" in args or "toughness" in args:
            parts.append(f"gets +{amount_text(args.get('power', 0), names)}/"
                         f"+{amount_text(args.get('toughness', 0), names)}")
        if args.get("add_keywords"):
            parts.append("gains " + " and ".join(args["add_keywords"]))
        if "set_power" in args:  # animate: every part it changes is said
            parts.append(f"has base power and toughness {amount_text(args['set_power'], names)}"
                         f"/{amount_text(args.get('set_toughness', 0), names)}")
        if args.get("set_colors"):
            parts.append("becomes " + " and ".join(args["set_colors"]))
        added = [*args.get("add_subtypes", []), *args.get("add_types", [])]
        if added:
            parts.append("becomes " + " ".join(added) + " in addition to its other types")
        text = f"{d('what')} " + " and ".join(parts or ["changes"])
    elif verb == "create":
        token = args.get("token")
        name = getattr(token, "name", "token")
        if isinstance(n, dict) and "counters_on" in n:
            text = (f"create a {name} token for each {n.get('counter', '')} counter on "
                    f"{describe(n['counters_on'], names=names)}")
        else:
            text = f"create {_plural(n, name + ' token')}"
    elif verb == "put_counters":
        text = (f"put {_plural(n, str(args.get('counter', '')) + ' counter')} on "
                f"{d('what')}")
    elif verb == "reflexive":
        inner = "; ".join(step_text(s, names) for s in args.get("do", []))
        text = f"when you do ({args.get('did', '')}): {inner}"
    elif verb == "delayed":
        when = args.get("when") or {}
        inner = "; ".join(step_text(s, names) for s in args.get("do", []))
        event = when.get("args", {})
        at = (f"at the beginning of the {event.get('whose', '')} {event.get('step', '')} "
              "step" if when.get("event") == "step" else f"when {when.get('event', '')}")
        text = f"{' '.join(at.split())}: {inner}"
    elif "what" in args:
        text = f"{verb.replace('_', ' ')} {d('what')}"
    else:
        text = verb.replace("_", " ")
    if args.get("duration") or mods.get("duration"):
        text += " " + str(mods.get("duration") or "").replace("_", " ")
    cond = mods.get("if")
    if cond:
        text += " " + condition_text(cond, names)
    unless = mods.get("unless")
    if unless:
        payer = describe(unless.get("who"), names=names) if unless.get("who") else "a player"
        pays = "pay" if payer == "you" else "pays"
        text += f" unless {payer} {pays}: {', '.join(cost_words(unless.get('pays', [])))}"
    if head:
        first, _, rest = text.partition(" ")
        text = (first + ("es" if first.endswith(("s", "sh", "ch")) else "s") + " " + rest)
    return (head + text).strip()


#: conditions named in their own words where the kind's name alone reads badly
_CONDITION_NAMES = {("turn", "yours"): "the condition “it's your turn”",
                    ("turn", "opponents"): "the condition “it's an opponent's turn”",
                    # aslongas area (a yes/no condition is named by its value too)
                    ("tapped", "true"): "the condition “it's tapped”",
                    ("tapped", "false"): "the condition “it's untapped”",
                    ("equipped", "true"): "the condition “it's equipped”",
                    ("enchanted", "true"): "the condition “it's enchanted”",
                    ("attached_is", ""): "the condition on what it is attached to",
                    ("opponent_controls", ""): "the condition on what an opponent controls",
                    ("opponent_life", ""): "the condition on an opponent's life total",
                    ("defending_player_controls", ""):
                        "the condition on what the defending player controls",
                    ("citys_blessing", "true"): "the condition “you have the city's blessing”",
                    ("monstrous", "true"): "the condition “it's monstrous”",
                    # selfstate area: an intervening "if" about the object itself
                    ("attacking", "true"): "the condition “it's attacking”",
                    ("in_zone", ""): "the condition on where it is",
                    # attached area
                    ("permanents_count", ""): "the condition on how many of them there are",
                    ("paired", "true"): "the condition “it's paired with another creature”",
                    # afterif: a step's condition (608.2c)
                    ("object_is", ""): "the condition on what the target is",
                    ("you_control", ""): "the condition on what you control",
                    ("you_control_count", ""): "the condition on how many you control",
                    ("not", ""): "the condition the other way round"}


#: coin: a step's condition on the flip or clash before it (the value is the step's id)
_COIN_NAMES = {"won_flip": "the condition “if you win the flip”",
               "lost_flip": "the condition “if you lose the flip”",
               "won_clash": "the condition “if you win the clash”"}


def condition_text(cond: dict[str, Any], names: dict[str, str] | None = None) -> str:
    kind, value = cond["kind"], cond["value"]
    if kind == "was_kicked":
        return "if it was kicked" if value else "if it wasn't kicked"
    if kind == "not" and isinstance(value, dict) and value.get("kind") == "was_kicked":
        return "if it wasn't kicked" if value.get("value") else "if it was kicked"
    if kind == "did":
        return "if that was done"
    if kind == "was_cast":  # castcond
        return "if you cast it from your hand" if value == "hand" else "if you cast it"
    if kind == "attacked_this_turn":
        return f"if {describe(value, names=names)} attacked this turn"
    return f"if {kind.replace('_', ' ')}"


# -- the lowering ---------------------------------------------------------------------------

class Lowering:
    def __init__(self, card: CardDef, oid: str) -> None:
        self.card = card
        self.oid = oid
        self.out = Lowered()
        self.counter = 0
        #: words for the current ability's target slot and step ids
        self.words: dict[str, str] = {}

    def add(self, fact: GameFact) -> None:
        self.out.facts.append(fact)

    def new_id(self, owner: str, letter: str) -> str:
        self.counter += 1
        return f"{owner}.{letter}{self.counter}"

    def run(self) -> Lowered:
        self.keywords()
        self.casting_costs()
        for ab in self.card.abilities:
            self.ability(ab)
        for name, ab in self.card.keyword_abilities:
            # what a keyword stands for (facts.keyword_abilities), named by the keyword
            self.ability(ab, f"{self.oid}.{name}")
        return self.out

    # -- keywords and the costs of casting -------------------------------------------------

    def keywords(self) -> None:
        oid = self.oid
        for word, value in self.card.keywords:
            aid = f"{oid}.{word}"
            text, sid = "", ""
            if isinstance(value, str):
                text = value
            elif isinstance(value, int) and not isinstance(value, bool):
                text = str(value)  # a number: devour 2, annihilator 2, crew 3
            elif _is_selector(value):
                text, sid = describe(value), self.selector(value, aid)
            elif isinstance(value, dict) and "from" in value:
                sel = value["from"]
                text, sid = _quality(sel), self.selector(sel, aid)
            elif word == "splice" and isinstance(value, dict):  # costs: its cost, onto what
                text, sid = str(value["cost"]), self.selector(value["onto"], aid)
            self.add(Keyword(object=oid, keyword=word, value=text, selector=sid))
            if word == "flash":
                self.add(Flash(ability=aid, source=oid))
            elif word == "kicker":
                self.add(Kicker(ability=aid, source=oid, cost=parse_cost(text)))
            elif word == "overload":
                self.add(Overload(ability=aid, source=oid, cost=parse_cost(text)))
            elif word == "enchant" and sid:
                # an Aura spell targets what it could enchant (CR 303.4a, 115.1b)
                self.add(TargetSlot(ability=aid, slot="enchant", selector=sid))

    def casting_costs(self) -> None:
        oid, aid = self.oid, f"{self.oid}.cast"
        # costs: "reveal … or pay …" is a cost of its own (knowledge/rules/reveal_cost.py)
        either = [p for p in self.card.additional_costs if p["part"] == "reveal_or_pay"]
        plain = [p for p in self.card.additional_costs if p["part"] != "reveal_or_pay"]
        for part in either:
            value = part["value"]
            text = cost_words([part])[0]
            self.add(RevealOrPayCost(ability=aid, source=oid,
                                     what=self.selector(value["what"], aid,
                                                        _revealed_card(value["what"])),
                                     mana=parse_cost(str(value["mana"])), text=text))
        if plain:
            self.cost_parts(aid, plain, "additional")
            self.add(AdditionalCostWord(ability=aid, source=oid, cost=cost_words(plain)))
        for name, parts, condition, free in self.card.alternative_costs:
            self.cost_parts(aid, parts, "alternative", name)
            self.add(AlternativeCostWord(ability=aid, source=oid, name=name,
                                         cost=cost_words(parts),
                                         condition=self.condition(condition, aid),
                                         free=free))

    def cost_parts(self, aid: str, parts: list[dict[str, Any]], role: str,
                   name: str = "") -> None:
        for i, (part, text) in enumerate(zip(parts, cost_words(parts), strict=False), 1):
            value = part["value"]
            fields: dict[str, Any] = {}
            if part["part"] == "mana":
                fields["mana"] = value or ""
            elif isinstance(value, dict) and ("ref" in value or "filter" in value):
                fields["what"] = self.selector(value, aid)
            elif isinstance(value, dict):
                fields["counter"] = str(value.get("counter", ""))
                fields["amount"] = amount_text(value.get("amount", 1))
            elif value is not None:
                fields["amount"] = str(value)
            self.add(CostPart(ability=aid, source=self.oid, index=i, kind=part["part"],
                              role=role, name=name, text=text, **fields))

    # -- the parts every ability kind shares ------------------------------------------------

    def selector(self, sel: dict[str, Any] | None, aid: str, text: str = "") -> str:
        """The id of a Selector fact for `sel` (made here); `text`: its words, if not the
        description's own."""
        if not sel:
            return ""
        named = sel.get("filter", {}).get("same_name_as") if "filter" in sel else None
        if named in ({"ref": "this"}, "this") and self.card.name:
            # "named ~": the card's own name, read like any name (CR 201.2, 201.4)
            f = {k: v for k, v in sel["filter"].items() if k != "same_name_as"}
            sel = {**sel, "filter": {**f, "name": self.card.name}}
        sid = self.new_id(aid, "s")
        text = text or describe(sel, names=self.words)
        self.out.names[sid] = f"“{text}”"
        if "ref" in sel:
            self.add(Selector(id=sid, ability=aid, source=self.oid, ref=sel["ref"], text=text))
            return sid
        f = sel["filter"]
        fields: dict[str, Any] = {k: list(f[k]) for k in ("types", "subtypes", "supertypes",
                                                          "colors", "not_types") if k in f}
        fields["subtypes"] = [s.lower() for s in fields.get("subtypes", [])]
        for key in ("controller", "owner"):
            if key in f:
                # you / opponent are tested directly; any other player referent is a
                # selector of its own, which the selectors rules resolve first
                ref = f[key].get("ref")
                fields[key] = ref if ref in ("you", "opponent") else self.selector(f[key], aid)
        if "zone" in f:
            fields["zone"] = f["zone"]
        if "is" in f:
            fields["is_"] = list(f["is"])
        for key in ("other", "name", "keyword"):
            if key in f:
                fields[key] = f[key]
        fields["compare"] = [f"{k}{_SIGN[f[k][0]]}{f[k][1]}"
                             for k in ("mana_value", "power", "toughness") if k in f]
        if "not" in f:
            fields["not_"] = self.selector(_same_zone(f["not"], f), aid)
        if "any_of" in f:
            fields["any_of"] = [self.selector(_same_zone(s, f), aid) for s in f["any_of"]]
        args = []
        for key in ("same_name_as", "controller_of", "owner_of", "among", "shares_color_with"):
            if key in f:
                args.append(f"{key}={self.selector(f[key], aid)}")
        if "noted_name_for" in f:
            args.append(f"noted_name_for={f['noted_name_for']}")
        if "counter" in f:   # counters area: with a counter of this kind on it (122.1)
            args.append(f"counter={f['counter']}")
        if f.get("dealt_damage_this_turn"):   # targetthat: dealt damage this turn (120.3)
            args.append("dealt_damage_this_turn=true")
        if "targeting" in f:   # targetthat: what it targets (115.1)
            args.append(f"targeting={self.selector(f['targeting'], aid)}")
        if "attached_to" in f:   # attached area: what it is attached to (301.5, 303.4)
            args.append(f"attached_to={self.selector(f['attached_to'], aid)}")
        if "dealt_damage_this_turn_by" in f:   # dealtdmg area (CR 120.1)
            args.append(f"dealt_damage_by={self.selector(f['dealt_damage_this_turn_by'], aid)}")
        # selwords: "non-Human" (205.3), "historic" (700.6), read by filter_misses and picks
        args += [f"not_subtype={s.lower()}" for s in f.get("not_subtypes", [])]
        if f.get("historic"):
            args.append("historic")
        self.add(Selector(id=sid, ability=aid, source=self.oid, text=text, args=args,
                          **fields))
        return sid

    def player(self, sel: dict[str, Any] | None, aid: str) -> str:
        """A player referent as its word (you, opponent, …) or, if more, a selector id."""
        if not sel:
            return ""
        if "ref" in sel:
            return str(sel["ref"])
        return self.selector(sel, aid)

    def condition(self, cond: dict[str, Any] | None, aid: str) -> str:
        if not cond:
            return ""
        cid = self.new_id(aid, "c")
        value = cond["value"]
        args: list[str] = []
        if isinstance(value, dict) and ("ref" in value or "filter" in value):
            args.append(f"what={self.selector(value, aid)}")
        elif isinstance(value, tuple):
            args.append(f"{value[0]}={value[1]}")
        elif isinstance(value, dict) and "kind" in value:
            args.append(f"of={self.condition(value, aid)}")
        elif isinstance(value, dict):
            for key, v in value.items():
                args.append(f"{key}={self.word(v, aid)}")
        elif isinstance(value, list):
            args += [f"of={self.condition(c, aid)}" for c in value]
        elif value is not None:
            args.append(f"value={str(value).lower() if isinstance(value, bool) else value}")
        self.add(Condition(id=cid, ability=aid, kind=cond["kind"], args=args))
        said = str(value).lower() if isinstance(value, bool) else value
        self.out.names[cid] = _CONDITION_NAMES.get(
            (cond["kind"], said if isinstance(said, str) else ""),
            _COIN_NAMES.get(cond["kind"], f"the condition {cond['kind'].replace('_', ' ')}"))
        return cid

    def duration(self, value: Any, aid: str) -> str:
        if isinstance(value, dict):
            return f"as_long_as:{self.condition(value['as_long_as'], aid)}"
        return str(value or "")

    def word(self, value: Any, aid: str) -> str:
        """Any normalised value as one word of an `args` list."""
        if isinstance(value, bool):
            return str(value).lower()
        if isinstance(value, dict) and ("ref" in value or "filter" in value):
            return self.selector(value, aid)
        if isinstance(value, dict) and "kind" in value:
            return self.condition(value, aid)
        if isinstance(value, dict) and set(value) & {"max", "min", "count", "power_of",
                                                      "devotion",
                                                      "mana_value_of",
                                                      "toughness_of", "counters_on",
                                                      "colors_among", "greatest_power_among",
                                                      "half_of",
                                                      "greatest_toughness_among",
                                                      "greatest_mana_value_among"}:
            return ",".join(f"{k}:{self.word(v, aid) if isinstance(v, (dict, list)) else v}"
                            for k, v in value.items())
        if isinstance(value, tuple):
            return f"{value[0]}:{value[1]}"
        if isinstance(value, list):
            return ",".join(self.word(v, aid) for v in value)
        if isinstance(value, dict):
            return ",".join(f"{k}:{self.word(v, aid)}" for k, v in value.items())
        if isinstance(value, CardDef):
            return value.name
        return str(value)

    def args(self, args: dict[str, Any], aid: str, skip: tuple[str, ...] = ()) -> list[str]:
        out = []
        for key, value in sorted(args.items()):
            if key in skip:
                continue
            if isinstance(value, dict) and not ("ref" in value or "filter" in value or
                                                "kind" in value) and key not in (
                    "amount", "count", *AMOUNT_ARGS):
                out += [f"{key}.{k}={self.word(v, aid)}" for k, v in sorted(value.items())]
            elif isinstance(value, list) and value and isinstance(value[0], dict) and (
                    "verb" in value[0]):
                continue  # nested steps are Step facts of their own
            else:
                out.append(f"{key}={self.word(value, aid)}")
            if isinstance(value, CardDef):  # a token's card: what knowledge/resolving.py
                # needs to put it on the board (its types, subtypes, power and toughness)
                out += [f"{key}.{k}={','.join(v) if isinstance(v, list) else v}"
                        for k in ("types", "subtypes", "colors", "power", "toughness")
                        if (v := getattr(value, k, None))]
                if isinstance(value.raw, dict) and (value.raw.get("keywords")
                                                    or value.raw.get("abilities")):
                    # its keywords and abilities as written: a sequence's next situation
                    # defines the token with them (src/rulings/sequence.py)
                    out.append(f"{key}.define=" + json.dumps(
                        _plain(value.raw), sort_keys=True, separators=(",", ":")))
        return out

    def steps(self, steps: list[dict[str, Any]], aid: str, part: str) -> None:
        for i, step in enumerate(steps, 1):
            args, mods = step["args"], step["mods"]
            fields: dict[str, Any] = {
                "ability": aid, "source": self.oid, "index": i, "verb": step["verb"],
                "part": part, "may": bool(mods.get("may", False)),
            }
            if "id" in mods:
                fields["id"] = str(mods["id"])
            if "who" in mods:
                fields["who"] = self.player(mods["who"], aid)
            what = args.get("what", args.get("for"))
            if step["verb"] == "search" and isinstance(what, dict) and "filter" in what:
                # what a search may find is looked for in the zones searched (CR 701.23a)
                zones = args.get("zone", ["library"])
                what = {"filter": {"zone": zones[0] if len(zones) == 1 else "any",
                                   **what["filter"]}}
            if _is_selector(what):
                fields["what"] = self.selector(what, aid)
            elif what is not None:
                fields["what"] = str(what)
            if "amount" in args or "count" in args:
                fields["amount"] = self.word(args.get("amount", args.get("count")), aid)
            to = args.get("to")
            if to is not None:
                fields["to"] = to if isinstance(to, str) else self.selector(to, aid)
            if "if" in mods:
                fields["condition"] = self.condition(mods["if"], aid)
            if "duration" in mods:
                fields["duration"] = self.duration(mods["duration"], aid)
            if "for_each" in mods:
                fields["for_each"] = self.selector(mods["for_each"], aid)
            if "unless" in mods:
                unless = mods["unless"]
                pay_id = f"{aid}.unless{i}"
                self.cost_parts(pay_id, unless.get("pays", []), "unless")
                fields["unless"] = f"{self.player(unless.get('who'), aid) or 'any_player'}:" \
                                   f"{pay_id}"
            fields["args"] = self.args(args, aid, ("what", "for", "amount", "count", "to",
                                                   "cost"))
            if step["verb"] == "pay":  # --- pay: the cost in words, and its life to check
                fields["args"] += payment_args(args.get("cost", []))
            self.add(Step(**fields))
            if step["verb"] == "delayed":
                self.delayed(args, aid, f"{part}.{i}")
            elif step["verb"] == "reflexive":
                self.reflexive(args, aid, reflexive_id(aid, part, i))

    def reflexive(self, args: dict[str, Any], aid: str, rid: str) -> None:
        """'When you do, …' (603.12): a triggered ability of its own, `rid`, with its own
        targets and instructions; it has no trigger event — the step of `aid` it waits on
        makes it trigger as `aid` resolves (knowledge/resolving.py)."""
        number = aid.rpartition(".")[2]
        self.add(Ability(id=rid, source=self.oid, number=int(number) if number.isdigit()
                         else 1, kind="triggered",
                         summary="a reflexive triggered ability ('when you do')"))
        if args.get("targets"):
            self.targets(args["targets"], rid)
        self.steps(args.get("do", []), rid, "do")

    def delayed(self, args: dict[str, Any], aid: str, part: str) -> None:
        when = args.get("when")
        if when:
            self.trigger(when, f"{aid}.{part}", False, "")
        self.steps(args.get("do", []), aid, f"{part}.delayed")

    def targets(self, slots: list[dict[str, Any]], aid: str, mode: int = 0) -> None:
        for i, t in enumerate(slots, 1):
            # "target creature" is a creature on the battlefield (its default zone): said so,
            # not "a creature card"
            f = t["filter"].get("filter") if isinstance(t["filter"], dict) else None
            text = describe({"filter": {**f, "zone": "battlefield"}}, names=self.words) \
                if f is not None and "zone" not in f and f.get("types") \
                and default_zone(f) == "battlefield" else ""
            self.add(TargetSlot(ability=aid, slot=t["id"],
                                selector=self.selector(t["filter"], aid, text),
                                min=t["min"], max=t["max"], index=i, mode=mode))

    def trigger(self, when: dict[str, Any], aid: str, optional: bool, cond: str) -> None:
        args = when["args"]
        fields: dict[str, Any] = {"ability": aid, "source": self.oid, "event": when["event"],
                                  "optional": optional, "intervening_if": cond}
        if "what" in args:
            fields["what"] = self.selector(args["what"], aid)
        if "who" in args:
            fields["who"] = self.player(args["who"], aid)
        if "to" in args:
            to = args["to"]
            fields["to"] = to if isinstance(to, str) else self.selector(to, aid)
        for key in ("step", "whose"):
            if key in args:
                fields[key] = args[key]
        skip: tuple[str, ...] = ("what", "who", "to", "step", "whose")
        if when["event"] == "dealt_damage" and "by" in args:
            # dmgtrig: the damage's source, matched like `to` (knowledge/rules/damage_triggers)
            fields["to"] = self.selector(args["by"], aid)
            skip += ("by",)
        fields["args"] = self.args(args, aid, skip)
        self.add(Trigger(**fields))

    # -- abilities --------------------------------------------------------------------------

    def ability(self, ab: AbilityDef, aid: str = "") -> None:
        oid, p = self.oid, ab.parts
        aid = aid or f"{oid}.{ab.number}"
        self.words = ids_in_words(p)
        kind = ab.kind
        cost = cost_words(p.get("cost", []))
        if kind == "activated" and _is_mana_ability(p):
            kind = "mana"
        summary = SUMMARIES[kind]
        if ab.kind == "triggered" and p.get("when"):
            event = p["when"]["event"]
            what = p["when"]["args"].get("what")
            if event == "enters" and what == {"ref": "this"}:
                summary = "a triggered ability when it enters the battlefield"
            else:
                summary += f" ({event.replace('_', ' ')})"
        if ab.kind == "unparsed":
            summary = f"{summary}: {p.get('text', '')}".rstrip(": ")
        elif ab.kind == "static" and p.get("effects"):
            summary += " (" + ", ".join(w.replace("_", " ") for w, _ in p["effects"]) + ")"
        elif ab.kind == "replacement":
            summary += f" (on {p['event']['event'].replace('_', ' ')})"
        elif kind in ("spell", "activated") and p.get("do"):
            summary += " (" + ", ".join(s["verb"].replace("_", " ") for s in p["do"]) + ")"
        self.add(Ability(id=aid, source=oid, number=ab.number, kind=kind, cost=cost,
                         summary=summary, zone=str(p.get("zone") or ""),
                         timing=str(p.get("timing") or ""), limit=str(p.get("limit") or ""),
                         only_if=self.condition(p.get("only_if"), aid),
                         activators=str(p.get("activators") or "")))
        if "cost" in p:
            self.cost_parts(aid, p["cost"], "activation")
        if "targets" in p:
            self.targets(p["targets"], aid)
        if isinstance(p.get("mode_count"), dict):  # spells: "choose one or both" (700.2)
            self.add(ModeCount(ability=aid, min=p["mode_count"]["min"],
                               max=p["mode_count"]["max"]))
        for i, mode in enumerate(p.get("modes", []), 1):
            if "targets" in mode:
                self.targets(mode["targets"], aid, mode=i)
            self.steps(mode.get("do", []), aid, f"mode{i}")
        if kind in ("triggered",) or ab.kind == "triggered":
            self.trigger(p["when"], aid, bool(p.get("may", False)),
                         self.condition(p.get("intervening_if"), aid))
        if "do" in p:
            self.steps(p["do"], aid, "do")
        getattr(self, f"lower_{ab.kind}")(ab, aid, p)

    def lower_spell(self, ab: AbilityDef, aid: str, p: dict[str, Any]) -> None:
        self.older_steps(aid, p)

    def lower_activated(self, ab: AbilityDef, aid: str, p: dict[str, Any]) -> None:
        if _is_mana_ability(p):
            self.older_mana(aid, p)
        else:
            self.older_steps(aid, p)

    def lower_triggered(self, ab: AbilityDef, aid: str, p: dict[str, Any]) -> None:
        if p["when"]["event"] == "tapped_for_mana" and _adds_mana(p) and not p.get("targets"):
            self.older_mana_trigger(aid, p)
        else:
            self.older_steps(aid, p)

    def lower_draft(self, ab: AbilityDef, aid: str, p: dict[str, Any]) -> None:
        if any(s["verb"] == "note" and s["args"].get("of") == {"ref": "next_pick"}
               for s in p.get("do", [])):
            self.add(DraftNoteNextPick(ability=aid, source=self.oid))

    def lower_unparsed(self, ab: AbilityDef, aid: str, p: dict[str, Any]) -> None:
        self.add(Unmodelled(object=self.oid, ability=aid, text=str(p.get("text", "")),
                            gap=str(p.get("gap", ""))))

    def lower_static(self, ab: AbilityDef, aid: str, p: dict[str, Any]) -> None:
        affects = self.selector(p.get("affects") or {"ref": "this"}, aid)
        cond = self.condition(p.get("while"), aid)
        for word, value in p["effects"]:
            fields: dict[str, Any] = {"ability": aid, "source": self.oid, "affects": affects,
                                      "effect": word, "layer": LAYERS.get(word, ""),
                                      "condition": cond}
            if isinstance(value, dict) and ("power" in value or "toughness" in value):
                fields["power"] = self.word(value.get("power", ""), aid)
                fields["toughness"] = self.word(value.get("toughness", ""), aid)
            elif isinstance(value, list) and value and isinstance(value[0], AbilityDef):
                fields["values"] = [SUMMARIES.get(a.kind, a.kind) for a in value]
            elif isinstance(value, list):
                fields["values"] = [str(v) for v in value]
            elif isinstance(value, dict) and ("ref" in value or "filter" in value):
                fields["values"] = [self.selector(value, aid)]
            elif isinstance(value, dict):
                if word in ("prohibit", "permit", "ignore", "control_player", "cost_change",
                            "cast_as_though_flash"):
                    fields.update(self.who_and_what(word, value, aid))
                fields["args"] = self.args(value, aid, ("who", "what"))
                if "cost" in value:
                    self.cost_parts(f"{aid}.{word}", value["cost"], "activation")
            elif value is not None:
                fields["values"] = [self.word(value, aid)]
            self.add(StaticEffect(**fields))
            self.older_static(aid, word, value)

    def who_and_what(self, word: str, value: dict[str, Any], aid: str) -> dict[str, str]:
        """The players a prohibit/permit/ignore/control effect is about, and what it is
        about, as selector ids (who defaults: each player may not; any player may ignore)."""
        who = value.get("who") or {"ref": "any_player" if word == "ignore" else "each_player"}
        out = {"who": self.selector(who, aid)}
        action = value.get("action")
        what = value.get("what")
        if what is None and action in ("cast", "play"):
            what = {"filter": {"types": ["card"]}}
        if isinstance(what, dict) and "filter" in what and action in ("cast", "play") and (
                "zone" not in what["filter"]):
            # a card is cast or played from wherever it may be (CR 601.2a)
            what = {"filter": {**what["filter"], "zone": "any"}}
        if what is not None:
            out["what"] = self.selector(what, aid)
        return out

    def lower_replacement(self, ab: AbilityDef, aid: str, p: dict[str, Any]) -> None:
        event = p["event"]
        args = event["args"]
        what = self.selector(args["what"], aid) if "what" in args else ""
        extra = self.args(args, aid, ("what",))
        extra += self.args(p.get("modify", {}), aid)
        if p.get("may"):
            extra.append("may=true")
        self.add(Replacement(ability=aid, source=self.oid, event=event["event"], what=what,
                             instead="instead" in p, args=sorted(extra)))
        if "instead" in p:
            self.steps(p["instead"], aid, "instead")
        self.older_replacement(aid, p)

    # -- older per-mechanic facts, from the shape of the nodes ----------------------------

    def older_mana(self, aid: str, p: dict[str, Any]) -> None:
        """An activated mana ability (CR 605.1a) with one add_mana step."""
        adds = [s for s in p.get("do", []) if s["verb"] == "add_mana"]
        if len(adds) != 1:
            return
        a = adds[0]["args"]
        fields: dict[str, Any] = {}
        if "mana" in a:
            symbols = parse_cost(a["mana"])
            letters = {s.strip("{}") for s in symbols}
            if len(letters) != 1 or not letters <= set("WUBRGC"):
                return
            fields["adds"] = letters.pop()
            fields["amount"] = len(symbols)
        elif a.get("one_of"):  # '{W} or {U}': one mana of one of these types (106.1)
            letters_of = [str(m).upper() for m in a["one_of"]]
            if not set(letters_of) <= set("WUBRGC"):
                return
            fields["adds"] = "one of"
            fields["one_of"] = letters_of
        elif a.get("any_color"):
            fields["adds"] = "any color"
        elif a.get("commander_identity"):  # CR 903.4f
            fields["adds"] = "commander identity"
        elif a.get("chosen_color"):
            fields["adds"] = "chosen color"
        elif "any_type_could_produce" in a or "any_color_could_produce" in a:
            among = _lands_of(a.get("any_type_could_produce") or a["any_color_could_produce"])
            if not among:
                return
            fields["adds"] = "any type" if "any_type_could_produce" in a else "any color"
            fields["among"] = among
        else:
            return
        amount = a.get("amount")
        if isinstance(amount, int):
            fields["amount"] = fields.get("amount", 1) * amount
        elif isinstance(amount, dict) and "count" in amount:
            counted = amount["count"].get("filter", {})
            if counted.get("types") == ["creature"] and counted.get("controller") == {
                    "ref": "you"} and set(counted) <= {"types", "controller"}:
                fields["for_each"] = "creature you control"
            else:
                return
        elif amount is not None:
            return
        if a.get("only_for"):  # "spend this mana only to cast artifact spells" (106.6)
            fields["only_for"] = [str(t) for t in a["only_for"]]
        self.add(ManaAbility(ability=aid, source=self.oid, cost=cost_words(p["cost"]),
                             **fields))

    def older_mana_trigger(self, aid: str, p: dict[str, Any]) -> None:
        """'Whenever … is tapped for mana, add …' (CR 106.12a, 605.1b)."""
        args = p["when"]["args"]
        of = _tapped_of(args.get("what"), args.get("who"), trigger=True)
        adds = [s for s in p.get("do", []) if s["verb"] == "add_mana"]
        if not of or len(adds) != 1:
            return
        a = adds[0]["args"]
        fields: dict[str, Any] = {"of": of}
        if a.get("type_produced"):
            fields["adds"] = "type produced"
        elif "mana" in a:
            symbols = parse_cost(a["mana"])
            letters = {s.strip("{}") for s in symbols}
            if len(letters) != 1:
                return
            fields["adds"] = letters.pop()
            fields["amount"] = len(symbols)
        else:
            return
        if "mana" in args:
            fields["mana"] = args["mana"]
        self.add(TappedForManaTrigger(ability=aid, source=self.oid, **fields))

    def older_steps(self, aid: str, p: dict[str, Any]) -> None:
        """Instruction steps as the resolution, searching and shuffling rules know them."""
        steps = p.get("do", [])
        targets = {t["id"] for t in p.get("targets", [])}
        words = ids_in_words(p)
        searches: dict[str, dict[str, Any]] = {}
        last_search: dict[str, Any] | None = None
        for n, step in enumerate(steps, 1):
            verb, args, mods = step["verb"], step["args"], step["mods"]
            what = args.get("what", {})
            ref = what.get("ref", "") if isinstance(what, dict) else ""
            found = ref in searches or (ref == "" and last_search is not None and verb in (
                "put",))
            common = {"ability": aid, "source": self.oid, "step": n}
            if verb == "search":
                last_search = step
                if "id" in mods:
                    searches[str(mods["id"])] = step
                fact = self.older_search(step, targets, common)
            elif verb == "put" and found:
                to = args["to"]
                if to == "library":
                    to = f"{args.get('position', 'top')} of library"
                fact = PutStep(**common, to=to, tapped=bool(args.get("tapped", False)),
                               under=args.get("under", "owner"),
                               share="one" if args.get("one") else
                               "rest" if args.get("rest") else "")
            elif verb == "exile" and ref in searches:
                fact = PutStep(**common, to="exile")
            elif verb == "exile" and ref in targets:
                fact = ExileTargetStep(**common)
            elif verb == "cast" and found:
                fact = CastFoundStep(**common, without_paying=bool(args.get("without_paying",
                                                                            False)))
            elif verb == "reveal" and found:
                fact = RevealFoundStep(**common)
            elif verb == "shuffle":
                whose = self.shuffler(step, last_search, targets)
                condition = _shuffle_condition(mods.get("if"))
                if not mods.get("if") and whose == "searcher" and last_search is not None \
                        and last_search["mods"].get("may"):
                    # "you may search …, put it …, then shuffle": the shuffle is part of
                    # what the player may do, so it happens only if they search (a search
                    # that finds nothing still counts, 701.23b)
                    condition = "if you do"
                fact = ShuffleStep(**common, whose=whose, condition=condition)
            elif verb in ("look_at_top", "reveal_top") and isinstance(args.get("amount", 1),
                                                                       int):
                cls = LookAtTopStep if verb == "look_at_top" else RevealTopStep
                fact = cls(**common, count=args.get("amount", 1),
                           whose=_player_ref(args.get("of"), targets) or "you")
            else:
                fact = OtherStep(**common, text=step_text(step, words))
            self.add(fact)

    def older_search(self, step: dict[str, Any], targets: set[str],
                     common: dict[str, Any]) -> GameFact:
        args, mods = step["args"], step["mods"]
        player = _player_ref(mods.get("who"), targets) or "you"
        whose = _player_ref(args.get("of"), targets)
        if not whose or args.get("of") == mods.get("who"):
            whose = "searcher"
        f = (args.get("for") or {}).get("filter", {})
        count = args.get("count", 1)
        fields: dict[str, Any] = {
            "player": player if player in ("you", "target player", "target's controller")
            else "you",
            "whose": whose, "zones": list(args.get("zone", ["library"])),
            "optional": bool(mods.get("may", False)),
            "types": list(f.get("types", [])), "supertypes": list(f.get("supertypes", [])),
            "subtypes": list(f.get("subtypes", [])), "name": str(f.get("name", "")),
            "noted_for": str(f.get("noted_name_for", "")),
            "same_name_as_chosen": "same_name_as" in f,
            "colors": list(f.get("colors", [])), "not_types": list(f.get("not_types", [])),
            # number tests ("with mana value 3 or less"; X: the resolving one's X)
            "compare": [f"{k}{_SIGN[f[k][0]]}{str(f[k][1]).lower()}"
                        for k in ("mana_value", "power", "toughness") if k in f],
        }
        if isinstance(f.get("same_name_as"), dict) and f["same_name_as"].get("ref") in targets:
            # "with the same name as that creature": the target's name as the search is made
            fields["same_name_as_chosen"], fields["same_name_as_target"] = False, True
        if f.get("same_name_as") == {"ref": "this"}:
            # "a card named <this card>": its own name, not a card chosen earlier
            fields["name"], fields["same_name_as_chosen"] = self.card.name, False
        if count == "any":
            fields["any_number"] = True
        elif count == "all":
            # a hidden zone's matches may still be left (CR 701.23b), as with any number
            fields["any_number"] = fields["all_cards"] = True
        elif isinstance(count, dict) and "max" in count:
            fields["count"], fields["up_to"] = count["max"], True
        elif isinstance(count, int):
            fields["count"] = count
        return SearchStep(**common, **fields)

    def shuffler(self, step: dict[str, Any], search: dict[str, Any] | None,
                 targets: set[str]) -> str:
        """Whose library a shuffle step shuffles, in the older words: 'searcher' when the
        one who shuffles is the one who searched (or nobody is named)."""
        who = step["mods"].get("who")
        if who is None or (search is not None and who == search["mods"].get("who")):
            return "searcher"
        return _player_ref(who, targets) or "searcher"

    def older_static(self, aid: str, word: str, value: Any) -> None:
        common = {"ability": aid, "source": self.oid}
        if word == "prohibit" and value.get("action") == "search" and value.get(
                "zone", "library") == "library":
            who = (value.get("who") or {"ref": "each_player"}).get("ref")
            scope = {"each_player": "players", "each_opponent": "opponents",
                     "opponent": "opponents"}.get(str(who))
            if value.get("by") == "their_own":
                # "spells and abilities your opponents control can't cause their controller
                # to search their library"
                scope = "opponents_own" if scope == "opponents" else None
            if scope:
                self.add(CantSearch(**common, who=scope,
                                    ignore_cost=self._ignore_cost(aid)))
        elif word == "control_player" and (value.get("who") or {}).get("ref") in (
                "each_opponent", "opponent") and (value.get("while") or {}).get(
                "kind") == "searching":
            self.add(ControlsSearchingOpponents(**common))
        elif word == "cast_only":
            self.add(CastOnlyDuring(**common, steps=list(value["steps"]),
                                    whose_turn=value.get("whose_turn", "any")))

    def _ignore_cost(self, aid: str) -> str:
        ab = next(a for a in self.card.abilities if f"{self.oid}.{a.number}" == aid)
        for word, value in ab.parts.get("effects", []):
            if word == "ignore":
                return ", ".join(cost_words(value.get("cost", [])))
        return ""

    def older_replacement(self, aid: str, p: dict[str, Any]) -> None:
        event, args = p["event"]["event"], p["event"]["args"]
        modify = p.get("modify", {})
        common = {"ability": aid, "source": self.oid}
        if event == "tapped_for_mana":
            of = _tapped_of(args.get("what"), args.get("who"), trigger=False)
            if of:
                self.add(TappedForManaReplacement(
                    **common, of=of, produces=modify.get("produces", ""),
                    doubles=modify.get("multiply") == 2, amount=modify.get("amount", 0)))
        elif event == "enters" and args.get("what") == {"ref": "this"} and (
                "with_counters" in modify):
            counters = modify["with_counters"]
            self.add(EntersWithCounters(**common, counter=counters["counter"],
                                        amount=amount_text(counters.get("amount", 1))))
        elif event == "found" and _is_opponent(args.get("who")):
            instead = p.get("instead", [])
            if instead and instead[0]["verb"] == "exile":
                any_color = any(s["verb"] == "permit" and s["args"].get("any_color_mana")
                                for s in instead)
                self.add(OpponentsExileFound(**common, any_color_mana=bool(any_color)))
        elif event == "searches" and _is_opponent(args.get("who")) and "top" in modify:
            self.add(SearchTopInstead(**common, count=modify["top"]))


_SIGN = {"le": "<=", "lt": "<", "ge": ">=", "gt": ">", "eq": "="}


def _quality(sel: dict[str, Any]) -> str:
    """What protection is from, in words: 'red', 'creatures', 'everything'."""
    if "ref" in sel:
        return REF_WORDS.get(sel["ref"], sel["ref"])
    f = sel["filter"]
    if set(f) == {"colors"}:
        return " and from ".join(f["colors"])
    return describe(sel)


def _same_zone(part: dict[str, Any], whole: dict[str, Any]) -> dict[str, Any]:
    """A 'not' or 'any_of' part describes the same object as the whole: it looks in the
    whole's zone unless it names its own."""
    if "filter" in part and "zone" in whole and "zone" not in part["filter"]:
        return {"filter": {**part["filter"], "zone": whole["zone"]}}
    return part


def _is_selector(value: Any) -> bool:
    return isinstance(value, dict) and ("ref" in value or "filter" in value)


def _adds_mana(p: dict[str, Any]) -> bool:
    return any(s["verb"] == "add_mana" for s in p.get("do", []))


def _is_mana_ability(p: dict[str, Any]) -> bool:
    """CR 605.1a: an activated ability without targets that could add mana and is not a
    loyalty ability."""
    return _adds_mana(p) and not p.get("targets") and not p.get("loyalty") and not any(
        c["part"] == "loyalty" for c in p.get("cost", []))


def _is_opponent(sel: Any) -> bool:
    return isinstance(sel, dict) and sel.get("ref") in ("opponent", "each_opponent")


def _lands_of(sel: dict[str, Any]) -> str:
    """'lands you control' / 'lands an opponent controls' for the mana rules, if so."""
    f = sel.get("filter", {})
    if f.get("types") != ["land"] or set(f) - {"types", "controller"}:
        return ""
    return {"you": "lands you control", "opponent": "lands an opponent controls"}.get(
        (f.get("controller") or {}).get("ref", ""), "")


def _tapped_of(what: Any, who: Any, trigger: bool) -> str:
    """What a tapped-for-mana trigger or replacement watches, in the mana rules' words."""
    if what == {"ref": "enchanted"}:
        return "enchanted land" if trigger else ""
    if what == {"ref": "this"}:
        return "this" if trigger else ""
    f = (what or {}).get("filter", {}) if isinstance(what, dict) else {}
    yours = who == {"ref": "you"} or f.get("controller") == {"ref": "you"}
    if f.get("types") == ["land"] and set(f) <= {"types", "controller"}:
        return "a land you control" if yours and trigger else "a land"
    if not f.get("types") and set(f) <= {"controller"} and yours and not trigger:
        return "a permanent you control"
    return ""


def reflexive_id(aid: str, part: str, index: int) -> str:
    """The id of the reflexive ability step `index` of `aid` makes: `offer.1.do.2.when`."""
    return f"{aid}.{part or 'do'}.{index}.when"


def _player_ref(sel: Any, targets: set[str]) -> str:
    """A player selector in the older instruction words: you, target player, target's
    controller."""
    if not isinstance(sel, dict):
        return ""
    ref = sel.get("ref")
    if ref == "you":
        return "you"
    if ref == "opponent":  # "an opponent('s library)": the one opponent of two players
        return "opponent"
    if ref in targets:
        return "target player"
    of = sel.get("filter", {}).get("controller_of")
    if isinstance(of, dict) and of.get("ref") in targets:
        return "target's controller"
    owner = sel.get("filter", {}).get("owner_of")
    if isinstance(owner, dict) and owner.get("ref") in targets:
        return "target's owner"
    return ""


def _shuffle_condition(cond: Any) -> str:
    if not cond:
        return ""
    if cond["kind"] == "did":
        return "if you do"
    if cond["kind"] == "searched_library":
        return "if you searched your library"
    return ""


__all__ = ["lower", "Lowered", "describe", "cost_words", "step_text", "condition_text",
           "ids_in_words"]


def _plain(value: Any) -> Any:
    """A card file's mapping as plain dicts, lists and scalars (for JSON)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
