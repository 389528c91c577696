"""Costs (CR 118, 601.2f-h, 602.2b): what a player has to pay with, what a total cost asks
for, and whether it can be paid.

Three parts:
- the words of files: the `mana_pool:` key (mana a player already has, CR 106.4) and the
  record that a player's hand, library or graveyard was listed at all;
- the facts the cost rules (knowledge/rules/costs.py) derive: the total cost of an action,
  each mana source a player could use, and the verdict with its reason or one way to pay;
- pure functions the rules call: reading a cost part, and paying mana — a small matching
  problem (which source pays which symbol), decided exactly, deterministically.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulings.facts.errors import Problem, nearest
from rulings.facts.game import CARD_TYPES, MANA_TYPES
from rulings.facts.located import line_of
from rulings.facts.vocabulary import GameFact, slot

COLORED = ("W", "U", "B", "R", "G")

# -- what the situation lists --------------------------------------------------------------


class ManaInPool(GameFact):
    """One mana already in a player's mana pool (CR 106.4), maybe restricted to spells of
    some card types (CR 106.6). `index` keeps two equal mana apart."""

    slots = {
        "player": slot(str, ref="player"),
        "mana": slot(str, choices=MANA_TYPES),
        "index": slot(int, 1),
        "only_for": slot(list, [], doc="card types of the spells it may pay for; empty: any"),
    }
    reads = "{player} has {{{mana}}} in their mana pool"

    def describe(self, name):  # type: ignore[no-untyped-def]
        only = self["only_for"]
        extra = f" (to be spent only on {' or '.join(only)} spells)" if only else ""
        return f"{name(self['player'])} has {{{self['mana']}}} in their mana pool{extra}"


class PoolListed(GameFact):
    """The situation states a player's mana pool (even as empty): their mana is described."""

    slots = {"player": slot(str, ref="player")}
    reads = "the situation states {player}'s mana pool"


class ZoneListed(GameFact):
    """The situation lists a player's cards in a zone (maybe none): what it lists is all."""

    slots = {"player": slot(str, ref="player"), "zone": slot(str)}
    reads = "the situation lists {player}'s {zone}"


POOL_KEYS = {"mana": "the mana, like \"{G}{G}\"",
             "only_for": "card types of the spells it may be spent on, like [creature]"}


def read_mana_pool(raw: Any, file: str, line: int, players: Sequence[str]
                   ) -> tuple[list[GameFact], list[Problem]]:
    """`mana_pool: {Alice: "{G}{G}", Bob: [{mana: "{C}", only_for: [creature]}]}`."""
    facts: list[GameFact] = []
    problems: list[Problem] = []
    if not isinstance(raw, dict):
        problems.append(Problem(file, line, "'mana_pool' must map players to their mana",
                                "write mana_pool: {Alice: \"{G}{G}\"}"))
        return facts, problems
    for player, entries in raw.items():
        where = line_of(raw, player) or line
        if player not in players:
            problems.append(Problem(file, where, f"'{player}' is not a player",
                                    nearest(str(player), players, "players")))
            continue
        facts.append(PoolListed(player=player))
        items = entries if isinstance(entries, list) else [entries]
        index = 0
        for i, item in enumerate(items):
            at = line_of(items, i) or where if isinstance(entries, list) else where
            only: list[str] = []
            if isinstance(item, dict):
                for key in item:
                    if key not in POOL_KEYS:
                        problems.append(Problem(file, line_of(item, key) or at,
                                                f"unknown mana pool key '{key}'",
                                                nearest(str(key), POOL_KEYS)))
                raw_only = item.get("only_for") or []
                only = [str(t) for t in (raw_only if isinstance(raw_only, list) else [raw_only])]
                for t in only:
                    if t not in CARD_TYPES:
                        problems.append(Problem(file, line_of(item, "only_for") or at,
                                                f"'{t}' is not a card type",
                                                nearest(t, CARD_TYPES)))
                item = item.get("mana", "")
            if item is None:
                continue
            symbols = re.findall(r"\{([^{}]*)\}", str(item))
            rest = re.sub(r"\{[^{}]*\}", "", str(item)).strip()
            if rest or any(s not in MANA_TYPES for s in symbols):
                problems.append(Problem(file, at, f"'{item}' is not mana a pool can hold",
                                        "write mana symbols of one type each, like "
                                        "\"{G}{G}{C}\" (W, U, B, R, G or C)"))
                continue
            for s in symbols:
                index += 1
                facts.append(ManaInPool(player=player, mana=s, index=index, only_for=only))
    return facts, problems


def mana_pool_schema(doc: str) -> dict[str, Any]:
    mana = {"type": "string", "pattern": r"^(\{[WUBRGC]\})*$",
            "description": "mana symbols, like {G}{G}"}
    entry = {"anyOf": [mana, {"type": "object", "properties": {
        "mana": mana,
        "only_for": {"type": "array", "items": {"enum": list(CARD_TYPES)},
                     "description": POOL_KEYS["only_for"]}},
        "required": ["mana"], "additionalProperties": False}]}
    return {"type": "object", "additionalProperties": {
        "anyOf": [entry, {"type": "array", "items": entry}]},
        "description": doc + "; by player: a string of mana symbols, or a list of them and "
                             "of {mana, only_for} mappings for restricted mana; an empty list "
                             "says the pool is empty"}


# -- what the rules derive -------------------------------------------------------------------


class TotalCost(GameFact):
    """What `player` must pay for `paying_for` (a spell, an ability, a special action),
    each part one word: mana symbols one by one, {T}, or an action like 'sacrifice a
    creature' (CR 601.2f)."""

    slots = {
        "player": slot(str),
        "paying_for": slot(str, doc="the card cast, the ability activated, or "
                                    "'<source>:ignore' for a special action"),
        "kind": slot(str, choices=("spell", "ability", "special action", "attack")),
        "source": slot(str, doc="the object 'this' means; its {T} can't also pay mana"),
        "parts": slot(list, []),
        "spell_types": slot(list, [], doc="card types of the spell, for restricted mana"),
        "any_color": slot(bool, False, doc="mana may be spent as though of any color"),
        "convoke": slot(bool, False, doc="the spell has convoke: untapped creatures may "
                                         "pay for it (CR 702.51a)"),
        "delve": slot(bool, False, doc="the spell has delve: cards exiled from its caster's "
                                       "graveyard pay generic mana (CR 702.66a)"),
        "improvise": slot(bool, False, doc="the spell has improvise: untapped artifacts may "
                                           "pay generic mana (CR 702.126a)"),
        "pay_with": slot(list, [], doc="mana abilities the question says are used"),
        "exclude": slot(list, [], doc="objects already tapped for the cost itself"),
        "named_to_tap": slot(list, [], doc="creatures the question taps for a 'tap an "
                                           "untapped creature' part (checked on activation)"),
    }
    reads = "{player}'s total cost for {paying_for} is {parts}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        return (f"to pay for {name(self['paying_for'])}, {name(self['player'])} must pay "
                f"{show_cost(self['parts'])}")


class ManaSource(GameFact):
    """`ability` (a mana ability of `source`, which `player` controls) could add `mana`."""

    slots = {"player": slot(str), "ability": slot(str), "source": slot(str),
             "mana": slot(str), "cost": slot(list, [], doc="the cost of that ability")}
    reads = "{player} could get {{{mana}}} from {ability}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        ability = self["ability"]
        land_type = ability.rpartition(".")[2]
        if not land_type.isdigit():  # the mana ability a land type gives (CR 305.6)
            return (f"{name(self['player'])} could get {{{self['mana']}}} from "
                    f"{name(self['source'])}'s {land_type.capitalize()} ability "
                    f"({{T}}: add {{{self['mana']}}})")
        return f"{name(self['player'])} could get {{{self['mana']}}} from {name(ability)}"


class CostPayable(GameFact):
    """`player` can pay the whole cost of `paying_for`; `how` is one way to do it."""

    slots = {"player": slot(str), "paying_for": slot(str), "kind": slot(str),
             "cost": slot(str), "how": slot(str),
             "assumed": slot(str, "", doc="what was assumed, if anything")}
    reads = "{player} can pay {cost} for {paying_for}: {how}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        text = (f"{name(self['player'])} can pay {self['cost']} {_for(self, name)}: "
                f"{self['how']}")
        return text


def _for(fact: GameFact, name: Any) -> str:
    what = name(fact["paying_for"])
    return f"to ignore {what}'s effect" if fact["kind"] == "special action" else f"for {what}"


class CostChange(GameFact):
    """A static ability of `source` makes `paying_for` cost `amount` more (or less, when
    negative) generic mana (CR 601.2f)."""

    slots = {"paying_for": slot(str), "source": slot(str), "ability": slot(str),
             "amount": slot(int), "change": slot(str, doc="like '{1} more'")}
    reads = "{source}'s ability makes {paying_for} cost {change} to cast"


class SacrificedForCost(GameFact):
    """`object` is sacrificed for a part of the cost of `paying_for` (CR 601.2h) — the only
    one that fits, or the one the question names — so paying the cost takes it off the
    battlefield before the spell becomes cast (601.2i); with `sure` false it is only one of
    the permanents the player may choose."""

    slots = {"player": slot(str), "paying_for": slot(str), "object": slot(str),
             "part": slot(str, doc="the cost part, like 'sacrifice a creature'"),
             "sure": slot(bool, True, doc="false: it is one of several the player may "
                                          "choose from")}
    reads = "{player} sacrifices {object} to pay for {paying_for}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        who, what = name(self["player"]), name(self["object"])
        for_ = f"'{self['part']}', part of the cost of {name(self['paying_for'])}"
        if not self["sure"]:
            return f"{what} is one of the permanents {who} may sacrifice for {for_}"
        return f"{who} sacrifices {what} for {for_}"


class CostUnpayable(GameFact):
    """`player` can't pay `part` of the cost of `paying_for`, for `reason` (CR 118.3)."""

    slots = {"player": slot(str), "paying_for": slot(str), "kind": slot(str),
             "cost": slot(str), "part": slot(str), "reason": slot(str)}
    reads = "{player} can't pay {part} for {paying_for}: {reason}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        return (f"{name(self['player'])} can't pay {self['part']} {_for(self, name)}: "
                f"{self['reason']}")


# -- reading a cost --------------------------------------------------------------------------

SYMBOL = re.compile(r"^\{([^{}]+)\}$")
NUMBERS = {"a": 1, "an": 1, "another": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "x": 0}


@dataclass(frozen=True)
class Part:
    """One cost part read from its word: `kind` is mana, tap, untap, sacrifice, discard,
    exile, pay_life, remove_counters, tap_untapped, mill, or other (not modelled)."""

    kind: str
    text: str
    amount: int = 1
    #: for sacrifice, discard, exile, tap_untapped: a card type ('' any), or 'this'
    what: str = ""
    zone: str = ""


def _count(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS.get(word, 1)


_TYPE = r"(?:(?P<type>" + "|".join(CARD_TYPES) + r"|permanent|card)s?)"
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("pay_life", re.compile(r"^pay (?P<n>\d+) life$")),
    ("pay_energy", re.compile(r"^pay (?P<n>\d+) energy$")),
    ("sacrifice", re.compile(r"^sacrifice (?P<this>this|it|~)(?: [a-z]+)?$")),
    ("sacrifice", re.compile(r"^sacrifice (?P<n>a|an|another|one|two|three|\d+) (?:other )?"
                             + _TYPE + r"(?: you control)?$")),
    ("discard", re.compile(r"^discard (?P<this>this|it|~)(?: [a-z]+)?$")),  # cycling
    ("discard", re.compile(r"^discard (?P<n>a|an|one|two|three|\d+) (?:(?P<type2>[a-z]+) )?"
                           r"cards?$")),
    ("exile", re.compile(r"^exile (?P<this>this|it|~)(?: [a-z]+)?$")),
    ("exile", re.compile(r"^exile (?P<n>a|an|one|two|three|\d+) (?:(?P<type2>[a-z]+) )?cards? "
                         r"(?:from|in) (?:your|a) (?P<zone>graveyard|hand)$")),
    ("return", re.compile(r"^return (?P<this>this|it|~)(?: [a-z' ]+)?$")),
    ("return", re.compile(r"^return (?P<n>a|an|another|one|two|three|\d+) (?:other )?"
                          + _TYPE + r"(?: you control)?(?: to (?:its owner's|your) hand)?$")),
    ("loyalty", re.compile(r"^(?P<sign>[+\-−]?)(?P<n>\d+) loyalty$")),
    ("put_counters", re.compile(r"^put (?P<n>a|an|one|two|three|\d+) (?P<type2>\S+) "
                                r"counters?(?: on (?:this|it|~)(?: [a-z]+)?)?$")),
    ("mill", re.compile(r"^mill (?P<n>a|an|one|two|three|\d+) cards?$")),
    ("remove_counters", re.compile(r"^remove (?P<n>a|an|one|two|three|\d+) (?P<type2>\S+) "
                                   r"counters?(?: from (?:this|it|~)(?: [a-z]+)?)?$")),
    ("crew", re.compile(r"^tap untapped creatures with total power (?P<n>\d+) or more$")),
    ("tap_untapped", re.compile(r"^tap (?P<n>a|an|one|two|three|\d+) untapped " + _TYPE
                                + r" you control$")),
)


def read_part(text: str) -> Part:
    """A cost part as the cost rules see it. Unknown wording is 'other': never guessed.
    Kinds: mana, tap, untap, sacrifice, return (to hand), discard, exile, pay_life, mill,
    remove_counters, tap_untapped, other."""
    word = text.strip()
    m = SYMBOL.match(word)
    if m:
        inner = m.group(1).upper()
        if inner == "T":
            return Part("tap", word)
        if inner == "Q":
            return Part("untap", word)
        return Part("mana", word)
    low = word.lower()
    for kind, pattern in PATTERNS:
        m = pattern.match(low)
        if not m:
            continue
        groups = m.groupdict()
        if groups.get("this"):
            return Part(kind, word, 1, "this")
        what = groups.get("type") or groups.get("type2") or ""
        if what == "other":  # "exile five other cards from your graveyard" (escape)
            what = ""
        if what in ("card", "permanent") and kind != "sacrifice":
            what = ""
        n = groups.get("n") or "1"
        if kind == "loyalty" and groups.get("sign") in ("-", "−") and n != "0":
            return Part("remove_counters", word, _count(n), "loyalty")
        if kind == "loyalty":
            return Part("put_counters", word, _count(n), "loyalty")
        return Part(kind, word, _count(n), what, groups.get("zone") or "")
    return Part("other", word)


def show_cost(parts: Iterable[str]) -> str:
    """['{G}', '{1}', 'sacrifice a creature', '{4}'] -> '{5}{G}, sacrifice a creature': the
    mana symbols together, generic mana first and summed, then the other parts in order."""
    parts = list(parts)
    mana = [p for p in parts if read_part(p).kind == "mana"]
    generic = sum(int(p.strip("{}")) for p in mana if p.strip("{}").isdigit())
    symbols = (f"{{{generic}}}" if generic else "") + "".join(
        p for p in mana if not p.strip("{}").isdigit())
    words = [p for p in parts if read_part(p).kind != "mana"]
    return ", ".join(([symbols] if symbols else []) + words) or "nothing"


# -- paying mana (CR 601.2g-h, 106.1b, 107.4c) --------------------------------------------


@dataclass(frozen=True)
class Need:
    """One mana symbol of a cost: the types of mana that pay it (none = generic, any type);
    `snow`: only mana from a snow source pays it ({S}, CR 107.4h)."""

    symbol: str
    types: frozenset[str]
    snow: bool = False
    #: the unit whose own activation cost this symbol is: that unit's mana can't pay it
    origin: str = ""

    @property
    def generic(self) -> bool:
        return not self.types and not self.snow


@dataclass
class Unit:
    """A way to get mana: one mana ability to activate, or mana in the pool. Each activation
    gives `amount` mana of one type among `types`."""

    key: str
    label: str
    types: frozenset[str]
    amount: int = 1
    forced: bool = False  # the question says it is used (pay_with)
    snow: bool = False  # its mana comes from a snow permanent (CR 107.4h)
    #: mana symbols its mana ability costs (Pili-Pala's {2}): paid too when it is used
    costs: tuple[str, ...] = ()
    #: False for what pays without being mana (convoke, delve): "spend as though any
    #: color" doesn't reach it
    is_mana: bool = True


@dataclass
class Payment:
    #: (unit label, symbol) in the order shown
    paid: list[tuple[str, str]] = field(default_factory=list)

    def text(self) -> str:
        by_unit: dict[str, list[str]] = {}
        for label, symbol in self.paid:
            by_unit.setdefault(label, []).append(symbol)
        return ", ".join(f"{label} pays {show_cost(symbols)}"
                         for label, symbols in by_unit.items())


def read_mana(symbols: Iterable[str], x: int) -> tuple[list[Need], list[str]]:
    """The needs of mana symbols ({X} counts as x), and the symbols not modelled."""
    needs: list[Need] = []
    unknown: list[str] = []
    for symbol in symbols:
        inner = symbol.strip("{}").upper()
        if inner.isdigit():
            needs += [Need("{1}", frozenset())] * int(inner)
        elif inner == "X":
            needs += [Need("{1}", frozenset())] * max(x, 0)
        elif inner in MANA_TYPES:
            needs.append(Need(symbol.upper(), frozenset({inner})))
        elif re.fullmatch(r"[WUBRG]/[WUBRG]", inner):
            needs.append(Need(symbol.upper(), frozenset(inner.split("/"))))
        elif inner == "S":
            needs.append(Need("{S}", frozenset(), snow=True))
        else:
            unknown.append(symbol)
    return needs, unknown


@dataclass(frozen=True)
class Announced:
    """One way to announce how the symbols with a choice are paid (CR 601.2b): a Phyrexian
    symbol by its color or 2 life (107.4f), a {2/W} by its color or {2} (107.4e). `needs` is
    the mana left to pay, `life` the life paid for Phyrexian symbols, `said` the choices
    that aren't plain mana ('2 life for {U/P}')."""

    needs: tuple[Need, ...]
    life: int
    said: tuple[str, ...]


#: at most this many announcements are tried (2 choices per symbol: 6 symbols)
MAX_ANNOUNCED = 64


def announcements(symbols: Iterable[str], x: int) -> tuple[list[Announced], list[str]]:
    """Every way to announce the choice symbols of a cost, least life first, and the
    symbols not modelled. Symbols without a choice are read by read_mana."""
    plain: list[str] = []
    choices: list[list[tuple[list[Need], int, str]]] = []
    for symbol in symbols:
        inner = symbol.strip("{}").upper()
        phyrexian = re.fullmatch(r"([WUBRG])(?:/([WUBRG]))?/P", inner)
        twobrid = re.fullmatch(r"2/([WUBRG])", inner)
        if phyrexian:
            colors = frozenset(c for c in phyrexian.groups() if c)
            choices.append([([Need(symbol.upper(), colors)], 0, ""),
                            ([], 2, f"2 life for {symbol.upper()}")])
        elif twobrid:
            color = twobrid.group(1)
            choices.append([([Need(symbol.upper(), frozenset({color}))], 0, ""),
                            ([Need(symbol.upper(), frozenset())] * 2, 0,
                             f"{{2}} for {symbol.upper()}")])
        else:
            plain.append(symbol)
    base, unknown = read_mana(plain, x)
    ways: list[Announced] = []
    for picks in _product(choices):
        needs = [*base]
        life = 0
        said: list[str] = []
        for more, paid, words in picks:
            needs += more
            life += paid
            said += [words] if words else []
        ways.append(Announced(tuple(needs), life, tuple(said)))
    ways.sort(key=lambda a: (a.life, len(a.said)))
    return ways[:MAX_ANNOUNCED], unknown


def _product(choices: list[list[Any]]) -> list[list[Any]]:
    out: list[list[Any]] = [[]]
    for options in choices:
        out = [[*done, o] for done in out for o in options][:MAX_ANNOUNCED * 2]
    return out


def pays(unit_types: frozenset[str], need: Need, any_color: bool, snow: bool = False,
         is_mana: bool = True) -> bool:
    """Can mana of one of these types pay this symbol? Generic takes any type; {C} only
    colorless (107.4c); {S} any type from a snow source (107.4h); 'as though any color'
    lets any mana pay a colored symbol (609.4b)."""
    if need.snow:
        return snow
    if need.generic:
        return True
    if any_color and is_mana and not (need.types <= {"C"}):
        return True
    return bool(unit_types & need.types)


def pay_mana(needs: Sequence[Need], units: Sequence[Unit], any_color: bool = False
             ) -> Payment | None:
    """One way to pay every need with the units, or None if there is none.

    Exact: a unit that gives several mana gives them all of one type, so such a unit with a
    choice of types is tried type by type; units the question names (pay_with) must pay at
    least one symbol; the rest is a bipartite matching of mana to symbols, found by
    augmenting paths (colored symbols first, so generic symbols take what is left). A unit
    whose ability costs mana is tried with its cost added to the needs, and without it."""
    converters = [u for u in units if u.costs]
    if converters:
        plain = [u for u in units if not u.costs]
        for used in _subsets(converters):
            if any(u.forced for u in converters if u not in used):
                continue
            extra = [Need(n.symbol, n.types, n.snow, u.key) for u in used
                     for n in read_mana(u.costs, 0)[0]]
            found = _pay(list(needs) + extra, plain + used, any_color)
            if found is not None:
                return found
        return None
    return _pay(needs, units, any_color)


def _subsets(units: list[Unit]) -> list[list[Unit]]:
    """Every subset of a few units, the smallest first (at most 3 units are combined)."""
    from itertools import combinations

    return [list(c) for k in range(min(len(units), 3) + 1)
            for c in combinations(units, k)]


def _pay(needs: Sequence[Need], units: Sequence[Unit], any_color: bool) -> Payment | None:
    if not needs:
        return Payment() if not any(u.forced for u in units) else None
    # a unit giving several mana of a type of its choice: fix the type, one try each
    for i, unit in enumerate(units):
        if unit.amount > 1 and len(unit.types) > 1:
            for t in sorted(unit.types, key=_type_order):
                fixed = [*units[:i], Unit(unit.key, unit.label, frozenset({t}), unit.amount,
                                          unit.forced, unit.snow, unit.costs, unit.is_mana),
                         *units[i + 1:]]
                found = _pay(needs, fixed, any_color)
                if found is not None:
                    return found
            return None
    # a unit the question names pays one of the symbols; the rest is paid as usual
    for i, unit in enumerate(units):
        if not unit.forced:
            continue
        tried: set[Need] = set()
        for j, need in enumerate(needs):
            if need in tried or need.origin == unit.key or not pays(
                    unit.types, need, any_color, unit.snow, unit.is_mana):
                continue
            tried.add(need)
            rest_units = [*units[:i], *units[i + 1:]]
            if unit.amount > 1:
                rest_units.insert(i, Unit(unit.key, unit.label, unit.types, unit.amount - 1,
                                          snow=unit.snow))
            found = _pay([*needs[:j], *needs[j + 1:]], rest_units, any_color)
            if found is not None:
                found.paid.insert(0, (unit.label, need.symbol))
                return found
        return None
    return _match(needs, units, any_color)


def _shown(need: Need, labels: dict[str, str]) -> str:
    """A symbol as the payment shows it; one of a source's own cost says whose it is."""
    if need.origin:
        return f"{need.symbol} of {labels.get(need.origin, need.origin)}'s cost"
    return need.symbol


def _type_order(t: str) -> int:
    return MANA_TYPES.index(t) if t in MANA_TYPES else len(MANA_TYPES)


def _match(needs: Sequence[Need], units: Sequence[Unit], any_color: bool) -> Payment | None:
    """Bipartite matching of symbols to single mana of the units (Kuhn's augmenting paths)."""
    if sum(u.amount for u in units) < len(needs):
        return None
    order = sorted(range(len(needs)), key=lambda j: (needs[j].generic, len(needs[j].types)))
    slots = [(k, u) for k, u in enumerate(units) for _ in range(u.amount)]
    owner: dict[int, int] = {}  # slot -> need

    def augment(j: int, seen: set[int]) -> bool:
        # a free mana first (so the proof shows the plain way to pay), then a reshuffle
        fitting = [s for s, (_, unit) in enumerate(slots)
                   if s not in seen and pays(unit.types, needs[j], any_color, unit.snow,
                                                unit.is_mana)
                   and unit.key != needs[j].origin]
        for s in sorted(fitting, key=lambda s: (s in owner, len(slots[s][1].types))):
            if s in seen:
                continue
            seen.add(s)
            if s not in owner or augment(owner[s], seen):
                owner[s] = j
                return True
        return False

    for j in order:
        if not augment(j, set()):
            return None
    labels = {u.key: u.label for u in units}
    paid = sorted(((slots[s][0], _shown(needs[j], labels), j) for s, j in owner.items()),
                  key=lambda t: (t[0], t[2]))
    return Payment([(units[k].label, symbol) for k, symbol, _ in paid])


__all__ = [
    "ManaInPool", "PoolListed", "ZoneListed", "TotalCost", "ManaSource",
    "CostPayable", "CostUnpayable", "CostChange", "Part", "read_part", "show_cost", "Need", "Unit",
    "Payment", "read_mana", "pay_mana", "Announced", "announcements", "read_mana_pool", "mana_pool_schema",
]
