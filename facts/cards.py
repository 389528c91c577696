"""Card definitions in the effect language (docs/effect-language.md): the reader. The same
reader serves the knowledge base's card files and cards described inline with `define:`.

The reader checks every node against the language's one registry (facts.effects) and turns it
into plain, normalised data (AbilityDef.parts); facts.lowering turns that into the facts the
rules match. Every problem is reported with its file and line, with the nearest valid word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rulings.facts.effects import (
    ABILITY_PARTS,
    COSTS,
    DURATIONS,
    EVENTS,
    KEYWORDS,
    REFERENTS,
    REPLACED,
    SELECTOR_KEYS,
    STATIC_WORDS,
    STEP_MODIFIERS,
    VERBS,
    Arg,
    Word,
)
from rulings.facts.effects import CONDITIONS as CONDITION_WORDS
from rulings.facts.errors import Problem, nearest
from rulings.facts.game import CARD_TYPES, COLORS, SUPERTYPES, ZONES
from rulings.facts.keyword_abilities import written_out
from rulings.facts.located import Mapping, Sequence, line_of
from rulings.facts.slugs import slugify
from rulings.facts.vocabulary import WORDS, GameFact, Slot

CARD_KEYS = {
    "name": "the card's name",
    "mana_cost": "its mana cost, like {2}{W}",
    "types": "card types, like [creature]",
    "subtypes": "subtypes, like [elf, druid]",
    "supertypes": "supertypes, like [basic]",
    "power": "printed power (creatures, CR 208); a number or *",
    "toughness": "printed toughness (creatures, CR 208)",
    "loyalty": "printed loyalty (planeswalkers, CR 306.5b)",
    "colors": "its colors, only when they differ from its mana cost (a color indicator, "
              "CR 202.2)",
    "keywords": "keyword abilities (CR 702): a word, or {word: parameter}",
    "abilities": "its abilities, in printed order; one kind key each (spell, activated, "
                 "triggered, static, replacement, draft, unparsed)",
    "additional_costs": "cost parts every caster pays on top of the mana cost (CR 118.8)",
    "alternative_costs": "costs that may be paid instead of the mana cost (CR 118.9): "
                         "[{name: …, cost: [cost parts]}]; `if:` a condition that must "
                         "hold as it is cast, `free: true` (with `cost: []`) casting it "
                         "without paying its mana cost",
    "cites": "official rulings this file encodes, like leonin-arbiter#1",
    "notes": "a short note in our own words",
    "official": "the rules that express each official ruling: {card-slug#n: [rule id, …]}",
    "layout": "how its faces are laid out (CR 708–716): split, aftermath, flip, transform, "
              "modal_dfc, meld, adventure, … (facts/faces.py; default normal)",
    "faces": "its faces or halves in printed order, each with the keys of a card "
             "(name, mana_cost, types, abilities …)",
}
TOKEN_KEYS = ("name", "types", "subtypes", "supertypes", "colors", "power", "toughness",
              "keywords", "abilities")

SYMBOL = re.compile(r"\{[^{}]+\}")
MANA_SYMBOLS = re.compile(r"^(?:\{(?:[0-9]+|[WUBRGCXSP]|[WUBRG2]/[WUBRGP](?:/P)?)\})+$")
COMPARATORS = ("le", "lt", "ge", "gt", "eq")


def slug(name: str) -> str:
    """A card's id in citations and file names (one rule for all: rulings.facts.slugs)."""
    return slugify(name)


def parse_cost(text: Any) -> list[str]:
    """'{2}, {Q}' -> ['{2}', '{Q}']; other parts ('tap an untapped creature you control') as
    lower-case words."""
    items = text if isinstance(text, list) else [text]
    parts = [piece for item in items for piece in str(item).split(",")]
    out: list[str] = []
    for part in parts:
        part = str(part).strip()
        if not part:
            continue
        if SYMBOL.sub("", part).strip() == "":
            out.extend(SYMBOL.findall(part))
        else:
            out.append(part.lower())
    return out


def colors_of(mana_cost: str) -> list[str]:
    """The colors a mana cost gives a card (CR 202.2), in WUBRG order."""
    letters = set("".join(SYMBOL.findall(mana_cost or "")))
    return [c for c, letter in zip(COLORS, "WUBRG", strict=True) if letter in letters]


#: attached area: where a selector may say `attached_to` (the places the layer system reads,
#: and a target's, which the rule selectors.filter-attached-to reads)
_ATTACHED_PLACES = frozenset({
    "'affects' of 'static'", "'what' of 'permanents_count'", "the target filter",
    *(f"'count' of '{part}' of the effect '{effect}'" for part in ("power", "toughness")
      for effect in ("modify", "set_pt", "cda_pt"))})


@dataclass
class AbilityDef:
    """One ability as written: its kind, its normalised parts, and where it is."""

    kind: str
    parts: dict[str, Any]
    raw: Any
    line: int
    number: int = 0


@dataclass
class CardDef:
    name: str
    file: str
    line: int = 0
    mana_cost: str = ""
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    power: str = ""
    toughness: str = ""
    loyalty: str = ""
    colors: list[str] = field(default_factory=list)
    #: (keyword, normalised parameter or None)
    keywords: list[tuple[str, Any]] = field(default_factory=list)
    abilities: list[AbilityDef] = field(default_factory=list)
    #: (ability name, ability) a keyword stands for (facts.keyword_abilities): cycling's
    #: activated ability is `cycling`, a second ability of one keyword `bushido-2`
    keyword_abilities: list[tuple[str, AbilityDef]] = field(default_factory=list)
    additional_costs: list[dict[str, Any]] = field(default_factory=list)
    #: (name, cost parts, condition or None, free: cast without paying its mana cost)
    alternative_costs: list[tuple[str, list[dict[str, Any]], Any, bool]] = field(
        default_factory=list)
    cites: list[str] = field(default_factory=list)
    #: rule id -> the card's official rulings that rule expresses (cited in answers)
    official: dict[str, list[str]] = field(default_factory=dict)
    #: the card as written (what `rulings card` and the service show)
    raw: Any = None
    #: how its faces are laid out (facts/faces.py LAYOUTS) and the faces, each a CardDef; a
    #: card with faces has at top level the characteristics it has outside the battlefield
    #: and the stack (facts.faces.assemble)
    layout: str = "normal"
    faces: list[CardDef] = field(default_factory=list)
    #: the Oracle text of an imported card (for its color identity, CR 903.4); empty for
    #: card files and define:, whose abilities are read instead
    printed_text: str = ""

    @property
    def slug(self) -> str:
        return slug(self.name)


def read_card(data: Any, file: str, problems: list[Problem]) -> CardDef | None:
    if not isinstance(data, dict):
        problems.append(Problem(file, line_of(data), "a card must be a mapping of keys",
                                "write name:, types:, abilities: …"))
        return None
    for key in data:
        if key not in CARD_KEYS:
            problems.append(Problem(file, line_of(data, key), f"unknown card key '{key}'",
                                    nearest(key, CARD_KEYS, "card keys")))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(file, line_of(data, "name") or line_of(data),
                                "the card has no name", "add name: <the card's name>"))
        return None
    card = CardDef(name=name.strip(), file=file, line=line_of(data), raw=data)
    card.mana_cost = _text(data, "mana_cost", file, problems)
    if card.mana_cost and not MANA_SYMBOLS.match(card.mana_cost):
        problems.append(Problem(file, line_of(data, "mana_cost"),
                                f"'{card.mana_cost}' is not a mana cost",
                                "write mana symbols, like \"{2}{W}\""))
    card.types = _words(data, "types", file, problems, CARD_TYPES)
    card.subtypes = [w.lower() for w in _words(data, "subtypes", file, problems, ())]
    card.supertypes = _words(data, "supertypes", file, problems, SUPERTYPES)
    card.cites = _words(data, "cites", file, problems, ())
    for key in ("power", "toughness", "loyalty"):
        value = data.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not (isinstance(value, int) or (
                isinstance(value, str) and re.fullmatch(r"\*|[0-9]+|[0-9]*\+?\*", value))):
            problems.append(Problem(file, line_of(data, key), f"'{key}' must be a number",
                                    f"write {key}: 2 (or \"*\")"))
            continue
        setattr(card, key, str(value))
    if "colors" in data:
        card.colors = _words(data, "colors", file, problems, (*COLORS, "colorless"))
        card.colors = [c for c in card.colors if c != "colorless"]
    else:
        card.colors = colors_of(card.mana_cost)
    official = data.get("official") or {}
    if not isinstance(official, dict):
        problems.append(Problem(file, line_of(data, "official"), "'official' must be a mapping",
                                "write official: {card-slug#1: [rule-id]}"))
        official = {}
    for cite, rule_ids in official.items():
        if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*#\d+", cite):
            problems.append(Problem(file, line_of(official, cite),
                                    f"'{cite}' is not an official ruling id",
                                    "write card-slug#n, like pili-pala#1"))
            continue
        for rule_id in rule_ids if isinstance(rule_ids, list) else [rule_ids]:
            card.official.setdefault(str(rule_id), []).append(cite)
    reader = Reader(file, problems)
    card.keywords = reader.keywords(data.get("keywords"), line_of(data, "keywords"))
    card.keyword_abilities = _keyword_abilities(reader, card.keywords,
                                                line_of(data, "keywords"))
    if data.get("additional_costs") is not None:
        card.additional_costs = reader.costs(data["additional_costs"],
                                             line_of(data, "additional_costs"),
                                             "additional_costs")
    card.alternative_costs = reader.alternative_costs(data.get("alternative_costs"),
                                                      line_of(data, "alternative_costs"))
    abilities = data.get("abilities") or []
    if not isinstance(abilities, list):
        problems.append(Problem(file, line_of(data, "abilities"), "abilities must be a list",
                                "write one '- kind: {…}' item per ability"))
        abilities = []
    for i, item in enumerate(abilities):
        ability = reader.ability(item, line_of(abilities, i) or line_of(data, "abilities"))
        if ability is not None:
            ability.number = i + 1
            card.abilities.append(ability)
    _add_land_type_abilities(card, reader, line_of(data, "subtypes") or card.line)
    if "layout" in data or "faces" in data:
        _read_faces(card, data, file, problems)
    return card


#: tokens the CR defines by name (111.10): their abilities are their card files'
PREDEFINED_TOKENS = ("treasure", "food", "gold", "clue", "blood")


def _predefined(token: CardDef | None) -> CardDef | None:
    """A Treasure, Food, Gold, Clue or Blood token written without abilities has those CR
    111.10 gives it (knowledge/cards/treasure.yaml, …)."""
    if token is None or token.abilities or len(token.subtypes) != 1 or \
            token.subtypes[0].lower() not in PREDEFINED_TOKENS:
        return token
    from rulings.knowledge import catalog  # the card files; loaded on first use

    defined = catalog.card_file(token.subtypes[0].title())
    if defined is not None:
        token.abilities = list(defined.abilities)
    return token


def _keyword_abilities(reader: Reader, keywords: list[tuple[str, Any]],
                       line: int) -> list[tuple[str, AbilityDef]]:
    """The abilities the card's keywords stand for, read like any ability (CR 702.1)."""
    out: list[tuple[str, AbilityDef]] = []
    for word, value in keywords:
        for raw in written_out(word, value):
            ability = reader.ability(raw, line)
            if ability is None:
                continue
            name = word
            taken = {n for n, _ in out}
            k = 1
            while name in taken:
                k += 1
                name = f"{word}-{k}"
            out.append((name, ability))
    return out


#: what a card with faces says at top level; the rest belongs to each face
FACED_KEYS = ("name", "layout", "faces", "cites", "notes", "official")


def _read_faces(card: CardDef, data: dict[str, Any], file: str,
                problems: list[Problem]) -> None:
    """`layout:` and `faces:` (facts/faces.py): each face is read like a card."""
    from rulings.facts.faces import LAYOUTS, MULTI_FACE, assemble

    layout = data.get("layout", "normal")
    if layout not in LAYOUTS:
        problems.append(Problem(file, line_of(data, "layout"), f"unknown layout '{layout}'",
                                nearest(str(layout), LAYOUTS, "layouts")))
        return
    card.layout = str(layout)
    faces = data.get("faces")
    if faces is None:
        if layout in MULTI_FACE:
            problems.append(Problem(file, line_of(data, "layout"),
                                    f"a {layout} card has several faces",
                                    "list them under faces: [{name: …, types: […]}, …]"))
        return
    if not isinstance(faces, list) or not faces or (layout in MULTI_FACE and len(faces) > 2):
        problems.append(Problem(file, line_of(data, "faces"),
                                "faces must be a list of one or two faces",
                                "write faces: [{name: …, types: […]}, {name: …}]"))
        return
    for key in data:
        if key not in FACED_KEYS:
            problems.append(Problem(file, line_of(data, key),
                                    f"'{key}' of a card with faces belongs to one face",
                                    "write it in that face under faces:"))
    for i, face in enumerate(faces):
        if isinstance(face, dict) and ("faces" in face or "layout" in face):
            problems.append(Problem(file, line_of(faces, i), "a face has no faces of its own",
                                    "drop layout: and faces: from the face"))
            continue
        read = read_card(face, file, problems)
        if read is not None:
            card.faces.append(read)
    assemble(card)


#: the mana each basic land type's intrinsic ability adds (CR 305.6)
BASIC_LAND_TYPE_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R",
                        "forest": "G"}


def _add_land_type_abilities(card: CardDef, reader: Reader, line: int) -> None:
    """A land with a basic land type has that type's mana ability even when its text doesn't
    say so (CR 305.6): one not written out is added after the written ones, so the written
    abilities keep their numbers."""
    if "land" not in card.types:
        return
    for land_type in card.subtypes:
        mana = BASIC_LAND_TYPE_MANA.get(land_type)
        if mana is None or any(_taps_for(a, mana) for a in card.abilities):
            continue
        ability = reader.ability({"activated": {"cost": ["tap"], "do": [
            {"add_mana": {"mana": mana}}]}}, line)
        if ability is not None:
            ability.number = len(card.abilities) + 1
            card.abilities.append(ability)


def _taps_for(ability: AbilityDef, mana: str) -> bool:
    """Whether an ability written on the card is a {T} mana ability that can add `mana`."""
    if ability.kind != "activated":
        return False
    if [c.get("part") for c in ability.parts.get("cost") or []] != ["tap"]:
        return False
    return any(step.get("verb") == "add_mana" and f"{{{mana}}}" in str(step.get("args"))
               for step in ability.parts.get("do") or [])


class Reader:
    """Checks nodes against the registry and normalises them. Problems are collected."""

    def __init__(self, file: str, problems: list[Problem]) -> None:
        self.file = file
        self.problems = problems
        #: per ability: ids it defines (targets, steps) and ids its selectors refer to
        self.defined: set[str] = set()
        self.used: list[tuple[str, int]] = []

    def problem(self, line: int, what: str, fix: str = "") -> None:
        self.problems.append(Problem(self.file, line, what, fix))

    # -- card-level parts ---------------------------------------------------------------

    def keywords(self, raw: Any, line: int) -> list[tuple[str, Any]]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            raw = _sequence(raw, line)
        out: list[tuple[str, Any]] = []
        for i, item in enumerate(raw):
            where = line_of(raw, i) or line
            found = self.one_word(_as_printed_keyword(item, where), KEYWORDS, "keyword", where,
                                  value_optional=True)
            if found:
                word, value, _ = found
                out.append((word, value))
        return out

    def alternative_costs(self, raw: Any, line: int) -> list[tuple[str, list[dict[str, Any]],
                                                                   Any, bool]]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            self.problem(line, "alternative_costs must be a list",
                         "write [{name: evoke, cost: [cost parts]}]")
            return []
        out = []
        for i, item in enumerate(raw):
            where = line_of(raw, i) or line
            if not isinstance(item, dict) or "name" not in item or "cost" not in item:
                self.problem(where, "an alternative cost needs a name and a cost",
                             "write {name: evoke, cost: [{mana: \"{1}{G}\"}]}")
                continue
            for key in item:
                if key not in ("name", "cost", "if", "free"):
                    self.problem(line_of(item, key) or where,
                                 f"unknown key '{key}' of an alternative cost",
                                 "use name, cost, if and free")
            parts = self.costs(item["cost"], line_of(item, "cost") or where, "cost")
            free = item.get("free", False)
            if not isinstance(free, bool) or (free and parts):
                self.problem(line_of(item, "free") or where,
                             "free: true is an alternative cost of nothing",
                             "write free: true with cost: []")
                continue
            condition = None
            if "if" in item:  # freecast: a condition asked as it is cast (CR 118.9, 601.2f)
                condition = self.read_condition(Arg("condition"), item["if"], "'if'",
                                                line_of(item, "if") or where)
                if condition is None:
                    continue
            out.append((str(item["name"]), parts, condition, free))
        return out

    # -- abilities ----------------------------------------------------------------------

    def ability(self, item: Any, line: int) -> AbilityDef | None:
        if isinstance(item, str) and item in ABILITY_PARTS:
            item = _mapping(item, line)
        if not isinstance(item, dict) or len(item) != 1:
            self.problem(line, "an ability must be one kind key with its parts",
                         f"write '- kind: {{…}}' with a kind from: {', '.join(ABILITY_PARTS)}")
            return None
        (kind, parts), = item.items()
        where = line_of(item, kind) or line
        if kind not in ABILITY_PARTS:
            fix = LEGACY_WORDS.get(str(kind)) or nearest(str(kind), ABILITY_PARTS,
                                                         "ability kinds")
            what = (f"'{kind}' is a word of the old card format" if kind in LEGACY_WORDS
                    else f"unknown ability kind '{kind}'")
            self.problem(where, what, fix)
            return None
        before = len(self.problems)
        self.defined, self.used = set(), []
        self.collect_ids(kind, parts)
        normal = self.parts(kind, parts, where)
        for ref, ref_line in self.used:
            if ref not in self.defined:
                self.problem(ref_line, f"'{ref}' is neither a referent nor an id of this "
                                       "ability",
                             nearest(ref, [*REFERENTS, *self.defined], "referents"))
        if len(self.problems) > before:
            return None  # reported; a half-read ability is never lowered
        return AbilityDef(kind, normal, item, where)

    def collect_ids(self, kind: str, parts: Any) -> None:
        """Target slot ids and step ids, defined anywhere in the ability."""
        def walk(node: Any) -> None:
            if isinstance(node, dict):
                for key, value in node.items():
                    if key == "id" and isinstance(value, (str, int)):
                        self.defined.add(str(value))
                    walk(value)
            elif isinstance(node, list):
                for v in node:
                    walk(v)
        walk(parts)

    def parts(self, kind: str, raw: Any, line: int) -> dict[str, Any]:
        word = ABILITY_PARTS[kind]
        if raw is None:
            raw = Mapping()
        if not isinstance(raw, dict):
            self.problem(line, f"'{kind}' needs a mapping of its parts",
                         f"write {kind}: {{{', '.join(word.args)}}}")
            return {}
        args = dict(word.args)
        extra: dict[str, Word] = STATIC_WORDS if kind == "static" else {}
        out: dict[str, Any] = {}
        effects: list[tuple[str, Any]] = []
        for key, value in raw.items():
            where = line_of(raw, key) or line
            if key in args:
                got = self.value(args[key], value, f"'{key}' of '{kind}'", where)
                if got is not None:
                    out[key] = got
            elif key in extra:
                spec = extra[key].value
                assert spec is not None
                got = self.value(spec, value, f"the effect '{key}'", where)
                if got is not None:
                    effects.append((key, got))
            else:
                options = [*args, *extra]
                self.problem(where, f"unknown part '{key}' of a {kind} ability",
                             nearest(key, options, f"parts of '{kind}'"))
        for key, spec in args.items():
            if spec.required and key not in raw:
                self.problem(line, f"the {kind} ability has no '{key}'",
                             f"add {key}: <{spec.doc or spec.kind}>")
        if kind == "static":
            if not effects:
                self.problem(line, "the static ability has no effect word",
                             nearest("", STATIC_WORDS, "static effect words"))
            out["effects"] = effects
        if kind == "replacement" and "instead" not in out and "modify" not in out:
            self.problem(line, "the replacement says neither what happens instead nor how "
                               "the event changes", "add instead: [steps] or modify: {…}")
        return out

    # -- one value of a given kind --------------------------------------------------------

    def value(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        kind = spec.kind
        method = getattr(self, f"read_{kind}", None)
        if method is None:  # pragma: no cover - a registry bug
            raise ValueError(f"no reader for the kind {kind!r}")
        return method(spec, raw, what, line)

    def read_bool(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, bool):
            return raw
        self.problem(line, f"{what} must be true or false, not {raw!r}", "write true or false")
        return None

    def read_number(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        self.problem(line, f"{what} must be a whole number, not {raw!r}",
                     "write a number like 2")
        return None

    def read_signed(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, str) and re.fullmatch(r"[+-]?[0-9]+|[+-]?X", raw):
            return raw
        if isinstance(raw, int) and not isinstance(raw, bool):
            return f"{raw:+d}"
        self.problem(line, f"{what} must be a signed number, not {raw!r}",
                     "write +1 or -2 (quoted: \"+1\")")
        return None

    def read_text(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, (str, int)) and not isinstance(raw, bool):
            return str(raw)
        self.problem(line, f"{what} must be text, not {raw!r}", "write a word or quoted text")
        return None

    def read_mana(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        text = str(raw) if isinstance(raw, (str, int)) and not isinstance(raw, bool) else ""
        if re.fullmatch(r"[WUBRGC]", text):
            text = "{" + text + "}"
        if isinstance(raw, int) and not isinstance(raw, bool):
            text = "{" + str(raw) + "}"
        if text and MANA_SYMBOLS.match(text):
            return text
        self.problem(line, f"{what} must be mana symbols, not {raw!r}",
                     "write like \"{1}{G}\" or G")
        return None

    def read_word(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, (str, int)) and not isinstance(raw, bool):
            word = str(raw)
            if not spec.choices or word in spec.choices:
                return word
            self.problem(line, f"{what} is '{word}'", nearest(word, spec.choices))
            return None
        self.problem(line, f"{what} must be one word, not {raw!r}",
                     nearest("", spec.choices) if spec.choices else "write a word")
        return None

    def read_words(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, (str, int)) and not isinstance(raw, bool):
            raw = [raw]
        if not isinstance(raw, list) or not all(isinstance(v, (str, int)) for v in raw):
            self.problem(line, f"{what} must be a list of words", "write [word, word]")
            return None
        out = []
        for v in raw:
            word = str(v).lower() if spec.choices else str(v)
            if spec.choices and word not in spec.choices:
                self.problem(line, f"{what} has '{word}'", nearest(word, spec.choices))
                continue
            out.append(word)
        return out

    def read_keywords(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        """Keywords an effect gives or takes away, as words: a keyword of CR 702 as written
        in the language or as printed (`first strike`), `protection from <quality>`,
        `ward {N}`, or a landwalk as printed (`forestwalk`); anything else would be given silently, so it is refused."""
        words = self.read_words(Arg("words"), raw, what, line)
        if words is None:
            return None
        out = []
        for word in words:
            text = " ".join(word.split())
            if _keyword_word(text) == "landwalk":  # names no land, so nothing could read it
                self.problem(line, f"{what} has 'landwalk' without the land it names",
                             "write it as printed: forestwalk, swampwalk, nonbasic landwalk, …")
                continue
            if (_keyword_word(text) in KEYWORDS
                    or re.fullmatch(r"protection from \S.*", text, re.IGNORECASE)
                    or _LANDWALK.fullmatch(text)
                    or re.fullmatch(r"ward ?(\{[^{}]+\})+", text, re.IGNORECASE)):
                out.append(word)
                continue
            hint = ("a keyword an effect gives is a keyword of CR 702 without a parameter, "
                    "protection from <quality>, ward {N} or a landwalk (forestwalk); "
                    + nearest(text, KEYWORDS))
            self.problem(line, f"{what} has '{word}', which is not a keyword it can give",
                         hint)
        return out

    def read_zone(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        return self.read_word(Arg("word", choices=ZONES), raw, what, line)

    def read_zones(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        return self.read_words(Arg("words", choices=ZONES), raw, what, line)

    def read_amount(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        if raw in ("X", "any", "party", "life_total", "that_much"):
            # party: the size of your party (CR 700.8); life_total: yours (119.1); that_much
            # (dmgtrig): the damage the trigger event dealt (CR 120.9), given on the ability's
            # stack entry
            return raw
        if raw == "all" and "of 'search'" in what:
            # "search … for all cards with …": every match in a public zone is found (CR 701.23b)
            return raw
        if raw == "times_kicked" and "with_counters" in what:
            # counters area: how many times its spell was kicked (multikicker, CR 702.33e)
            return raw
        if isinstance(raw, dict) and set(raw) == {"devotion"}:
            # devotion to one or more colors (CR 700.5): {devotion: [black]}
            chosen = raw["devotion"] if isinstance(raw["devotion"], list) else [raw["devotion"]]
            if chosen and all(c in COLORS for c in chosen):
                return {"devotion": [str(c) for c in chosen]}
            self.problem(line, f"{what}: devotion is to colors, not {raw['devotion']!r}",
                         "write {devotion: [black]} or {devotion: [white, blue]}")
            return None
        if isinstance(raw, dict) and set(raw) == {"half_of", "round"}:
            # greatest: "half their life, rounded up" (CR 107.1a): half of an amount, rounded
            # as written; own_life is the life total of the player the step is about
            if raw["round"] in ("up", "down") and raw["half_of"] in ("own_life", "X"):
                return {"half_of": str(raw["half_of"]), "round": str(raw["round"])}
            self.problem(line, f"{what}: half_of is of own_life or X, rounded up or down, not "
                         f"{raw!r}", "write {half_of: own_life, round: up}")
            return None
        measures = ("count", "power_of", "toughness_of", "counters_on", "colors_among",
                    "mana_value_of",
                    # greatest: the largest value among what the selector picks
                    "greatest_power_among", "greatest_toughness_among",
                    "greatest_mana_value_among")
        if isinstance(raw, dict) and 1 <= len(raw) <= 2:
            keys = [k for k in raw if k in measures]
            rest = [k for k in raw if k not in measures]
            if len(keys) == 1 and rest in ([], ["counter"]):
                key = keys[0]
                sel = self.read_selector(spec, raw[key], f"'{key}' of {what}",
                                         line_of(raw, key) or line)
                if sel is None:
                    return None
                out = {key: sel}
                if rest:
                    out["counter"] = str(raw["counter"])
                return out
            if keys == ["count"] and rest == ["times"] and isinstance(raw["times"], int) \
                    and not isinstance(raw["times"], bool) and raw["times"] >= 1:
                # attached area: "+2/+2 for each Aura attached to it", twice the count
                sel = self.read_selector(spec, raw["count"], f"'count' of {what}",
                                         line_of(raw, "count") or line)
                return None if sel is None else {"count": sel, "times": raw["times"]}
            if len(raw) == 1 and set(raw) <= {"max", "min"}:
                (key, value), = raw.items()
                if isinstance(value, int) and not isinstance(value, bool):
                    return {key: value}
            if set(raw) == {"min", "max"} and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in raw.values()) \
                    and 0 <= raw["min"] <= raw["max"]:  # "up to two": {min: 0, max: 2}
                return {"min": raw["min"], "max": raw["max"]}
        self.problem(line, f"{what} must be an amount, not {raw!r}",
                     "write a number, X, any, party, that_much, {max: 3}, {min: 0, max: 2}, "
                     "{devotion: [black]} or {count: selector}")
        return None

    def read_compare(self, spec: Arg, given: Any, what: str, line: int) -> Any:
        if isinstance(given, int) and not isinstance(given, bool):
            return ("eq", given)
        if isinstance(given, dict) and len(given) == 1:
            (op, value), = given.items()
            if op in COMPARATORS and isinstance(value, int) and not isinstance(value, bool):
                return (op, value)
            if op in COMPARATORS and str(value).upper() == "X" and "'search'" in what:
                # "a creature card with mana value X or less": the search rules work the
                # X of the resolving spell or ability out (knowledge/rules/searching.py)
                return (op, "X")
            if op not in COMPARATORS:
                self.problem(line_of(given, op) or line, f"{what}: unknown comparison '{op}'",
                             nearest(str(op), COMPARATORS))
                return None
        self.problem(line, f"{what} must be a comparison, not {given!r}",
                     "write {le: 2}, {ge: 4} or {eq: 0}")
        return None

    def read_map(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if raw is None:
            raw = Mapping()
        if not isinstance(raw, dict):
            self.problem(line, f"{what} must be a mapping",
                         f"write {{{', '.join(spec.keys)}}}")
            return None
        out: dict[str, Any] = {}
        for key, value in raw.items():
            where = line_of(raw, key) or line
            sub = spec.keys.get(key)
            if sub is None:
                self.problem(where, f"unknown key '{key}' of {what}",
                             nearest(key, spec.keys, "keys"))
                continue
            got = self.value(sub, value, f"'{key}' of {what}", where)
            if got is not None:
                out[key] = got
        for key, sub in spec.keys.items():
            if sub.required and key not in raw:
                self.problem(line, f"{what} has no '{key}'", f"add {key}: <{sub.doc or sub.kind}>")
        return out

    # -- selectors ------------------------------------------------------------------------

    def read_selector(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, (str, int)) and not isinstance(raw, bool):
            ref = str(raw)
            if ref not in REFERENTS:
                self.used.append((ref, line))
            return {"ref": ref}
        if not isinstance(raw, dict):
            self.problem(line, f"{what} must be a referent word or a filter mapping, "
                               f"not {raw!r}", "write this, you, t1, or {types: [creature]}")
            return None
        out: dict[str, Any] = {}
        for key, value in raw.items():
            where = line_of(raw, key) or line
            sub = SELECTOR_KEYS.get(key)
            if sub is None:
                self.problem(where, f"unknown selector key '{key}' in {what}",
                             nearest(key, SELECTOR_KEYS, "selector keys"))
                continue
            if key == "counter" and what not in ("'affects' of 'static'", "the target filter"):
                # counters area: only the layer system reads it (a static's affects), and
                # counters.selector-with-counter (a target filter)
                self.problem(where, f"'counter' in {what}: a counter on an object is read "
                                    "only in a static ability's affects and a target filter",
                             "describe the objects another way")
                continue
            if key in ("targeting", "dealt_damage_this_turn") and what != "the target filter":
                # targetthat: read only by the rules of targets
                self.problem(where, f"'{key}' in {what}: it is read only in a target "
                                    "filter",
                             "describe the objects another way")
                continue
            if key == "attached_to" and what not in _ATTACHED_PLACES:
                # attached area: read only in a static's counts, its affects, a
                # permanents_count condition, and a target filter
                self.problem(where, f"'attached_to' in {what}: what an object is attached "
                                    "to is read only in a static ability (its affects, a "
                                    "count in its modify, a permanents_count condition) and "
                                    "in a target filter",
                             "describe the objects another way")
                continue
            if key == "dealt_damage_this_turn_by" and (
                    what != "'what' of 'dies'" or set(raw) - {"types", key}
                    or raw.get("types") != ["creature"]):
                # dealtdmg area: read only where a creature dies (a trigger, a replacement)
                self.problem(where, f"'dealt_damage_this_turn_by' in {what}: the damage "
                                    "dealt this turn is read only in a dies trigger's or a "
                                    "dies replacement's 'what', of creatures with no other "
                                    "filter",
                             "describe the objects another way")
                continue
            got = self.value(sub, value, f"'{key}' of {what}", where)
            if got is not None:
                out[key] = got
        return {"filter": out}

    def read_player(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        return self.read_selector(spec, raw, what, line)

    def read_selectors(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if not isinstance(raw, list):
            self.problem(line, f"{what} must be a list of selectors", "write [sel, sel]")
            return None
        out = [self.read_selector(spec, v, what, line_of(raw, i) or line)
               for i, v in enumerate(raw)]
        return [s for s in out if s is not None]

    # -- steps, costs, conditions, triggers ------------------------------------------------

    def read_steps(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if not isinstance(raw, list):
            self.problem(line, f"{what} must be a list of steps",
                         "write one '- verb: {…}' item per step")
            return None
        out = []
        for i, item in enumerate(raw):
            where = line_of(raw, i) or line
            found = self.one_word(item, VERBS, "verb", where, value_optional=True,
                                  as_args=True, modifiers=STEP_MODIFIERS)
            if found:
                verb, args, at = found
                mods = {k: args.pop(k) for k in list(args) if k in STEP_MODIFIERS}
                out.append({"verb": verb, "args": args, "mods": mods, "line": at})
        return out

    def read_costs(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, (str, dict)):
            raw = _sequence(raw, line)
        if not isinstance(raw, list):
            self.problem(line, f"{what} must be a list of cost parts",
                         "write [tap, {mana: \"{2}\"}]")
            return None
        out = []
        for i, item in enumerate(raw):
            where = line_of(raw, i) or line
            if isinstance(item, str) and item not in COSTS and MANA_SYMBOLS.match(item):
                item = {"mana": item}
            found = self.one_word(item, COSTS, "cost part", where, value_optional=True)
            if found:
                part, value, _ = found
                out.append({"part": part, "value": value})
        return out

    def costs(self, raw: Any, line: int, what: str) -> list[dict[str, Any]]:
        self.defined, self.used = set(), []
        got = self.read_costs(Arg("costs"), raw, what, line)
        for ref, ref_line in self.used:
            self.problem(ref_line, f"'{ref}' is not a referent", nearest(ref, REFERENTS))
        return got or []

    def read_condition(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        found = self.one_word(raw, CONDITION_WORDS, "condition", line, value_optional=False)
        if not found:
            return None
        kind, value, _ = found
        if kind in ("did", "won_flip", "lost_flip", "won_clash") and value is not None:
            self.used.append((str(value), line))
        return {"kind": kind, "value": value}

    def read_conditions(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if not isinstance(raw, list):
            self.problem(line, f"{what} must be a list of conditions", "write [cond, cond]")
            return None
        out = [self.read_condition(spec, v, what, line_of(raw, i) or line)
               for i, v in enumerate(raw)]
        return [c for c in out if c is not None]

    def read_duration(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, str) and raw in DURATIONS and raw != "as_long_as":
            return raw
        if isinstance(raw, dict) and set(raw) == {"as_long_as"}:
            cond = self.read_condition(spec, raw["as_long_as"], "'as_long_as'",
                                       line_of(raw, "as_long_as") or line)
            return {"as_long_as": cond} if cond else None
        self.problem(line, f"{what} is not a duration: {raw!r}",
                     nearest(str(raw), DURATIONS, "durations"))
        return None

    def read_trigger(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        return self._event(EVENTS, "trigger event", raw, line)

    def read_replaced(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        return self._event(REPLACED, "replaced event", raw, line)

    def _event(self, table: dict[str, Word], label: str, raw: Any, line: int) -> Any:
        found = self.one_word(raw, table, label, line, value_optional=True, as_args=True)
        if not found:
            return None
        event, args, _ = found
        return {"event": event, "args": args}

    def read_targets(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if isinstance(raw, dict):
            raw = _sequence(raw, line)
        if not isinstance(raw, list):
            self.problem(line, f"{what} must be a list of target slots",
                         "write [{id: t1, filter: {types: [creature]}}]")
            return None
        out = []
        for i, item in enumerate(raw):
            where = line_of(raw, i) or line
            if not isinstance(item, dict):
                self.problem(where, "a target slot must be a mapping",
                             "write {id: t1, filter: …, count: 1}")
                continue
            for key in item:
                if key not in ("id", "filter", "count"):
                    self.problem(line_of(item, key) or where,
                                 f"unknown key '{key}' of a target slot",
                                 nearest(key, ("id", "filter", "count")))
            slot_id = str(item.get("id") or f"t{i + 1}")
            self.defined.add(slot_id)
            sel = self.read_selector(Arg("selector"), item.get("filter", "any_target"),
                                     "the target filter", line_of(item, "filter") or where)
            low, high = 1, 1
            count = item.get("count", 1)
            if isinstance(count, int) and not isinstance(count, bool) and count > 0:
                low = high = count
            elif isinstance(count, dict) and set(count) <= {"min", "max"} and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in count.values()):
                low, high = count.get("min", 0), count.get("max", 1)
            elif isinstance(count, dict) and set(count) <= {"min", "max"} \
                    and count.get("max") == "any" and isinstance(count.get("min", 0), int) \
                    and not isinstance(count.get("min", 0), bool):
                # divided: "any number of targets" ({min: 1, max: any}; max -1 is no bound)
                low, high = count.get("min", 0), -1
            else:
                self.problem(line_of(item, "count") or where,
                             f"a target count must be a number or {{min, max}}, not {count!r}",
                             "write count: 2, count: {max: 3} for 'up to three', or "
                             "count: {min: 1, max: any} for 'any number'")
            out.append({"id": slot_id, "filter": sel, "min": low, "max": high})
        return out

    def read_modes(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if not isinstance(raw, list):
            self.problem(line, f"{what} must be a list of modes", "write [{do: [steps]}]")
            return None
        out = []
        for i, item in enumerate(raw):
            where = line_of(raw, i) or line
            got = self.read_map(Arg("map", keys={"do": Arg("steps", required=True),
                                                 "targets": Arg("targets")}),
                                item, "a mode", where)
            if got is not None:
                out.append(got)
        return out

    def read_abilities(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if not isinstance(raw, list):
            self.problem(line, f"{what} must be a list of abilities", "write [{kind: …}]")
            return None
        saved = (self.defined, self.used)
        out = [self.ability(item, line_of(raw, i) or line) for i, item in enumerate(raw)]
        self.defined, self.used = saved
        return [a for a in out if a is not None]

    def read_token(self, spec: Arg, raw: Any, what: str, line: int) -> Any:
        if not isinstance(raw, dict):
            self.problem(line, f"{what} must be a mapping of card fields",
                         "write {name: Thopter, types: [artifact, creature], power: 1, …}")
            return None
        for key in raw:
            if key not in TOKEN_KEYS:
                self.problem(line_of(raw, key) or line, f"unknown token key '{key}'",
                             nearest(key, TOKEN_KEYS))
        sub: list[Problem] = []
        token = read_card({"name": raw.get("name", "Token"), **{
            k: v for k, v in raw.items() if k in TOKEN_KEYS and k != "name"}}, self.file, sub)
        self.problems.extend(Problem(p.file, p.line or line, p.what, p.fix) for p in sub)
        return _predefined(token)

    # -- the shape every word has ----------------------------------------------------------

    def one_word(self, item: Any, table: dict[str, Word], label: str, line: int, *,
                 value_optional: bool, as_args: bool = False,
                 modifiers: dict[str, Arg] | None = None) -> tuple[str, Any, int] | None:
        """Read `word`, `{word: value}` or `{word: {arg: …}}` against `table`."""
        if isinstance(item, str) and item in table:
            item = _mapping(item, line)
        if not isinstance(item, dict) or len(item) != 1:
            if isinstance(item, str):
                self.problem(line, f"unknown {label} '{item}'",
                             nearest(item, table, f"{label}s"))
            else:
                self.problem(line, f"expected one {label} word with its details",
                             f"write {{word: …}}, with a word from: {', '.join(table)}")
            return None
        (word, raw), = item.items()
        where = line_of(item, word) or line
        if word not in table:
            self.problem(where, f"unknown {label} '{word}'", nearest(str(word), table,
                                                                       f"{label}s"))
            return None
        spec = table[word]
        if as_args:
            args = dict(spec.args)
            args.update(modifiers or {})
            if raw is None:
                raw = Mapping()
            if not isinstance(raw, dict):
                self.problem(where, f"'{word}' needs a mapping of its details",
                             f"write {word}: {{{', '.join(spec.args)}}}")
                return None
            out: dict[str, Any] = {}
            for key, value in raw.items():
                at = line_of(raw, key) or where
                sub = args.get(key)
                if sub is None:
                    self.problem(at, f"unknown key '{key}' of '{word}'",
                                 nearest(key, args, f"keys of '{word}'"))
                    continue
                got = self.value(sub, value, f"'{key}' of '{word}'", at)
                if got is not None:
                    out[key] = got
            for key, sub in spec.args.items():
                if sub.required and key not in raw:
                    self.problem(where, f"'{word}' has no '{key}'",
                                 f"add {key}: <{sub.doc or sub.kind}>")
            return word, out, where
        if spec.value is None:
            if raw not in (None, True, {}):
                self.problem(where, f"'{word}' takes no value", f"write just {word}")
            return word, None, where
        if raw is None:
            if not value_optional:
                self.problem(where, f"'{word}' needs a value",
                             f"write {{{word}: <{spec.value.doc or spec.value.kind}>}}")
            return (word, None, where) if value_optional else None
        got = self.value(spec.value, raw, f"'{word}'", where)
        return (word, got, where) if got is not None else None


#: the per-mechanic words of the old card format, and how the language says them now
LEGACY_WORDS = {
    "mana": "write activated: {cost: [tap], do: [{add_mana: {mana: G}}]}",
    "when_tapped_for_mana": "write triggered: {when: {tapped_for_mana: {what: …}}, do: "
                            "[{add_mana: …}]}",
    "if_tapped_for_mana": "write replacement: {event: {tapped_for_mana: {what: …}}, modify: "
                          "{…}}",
    "enters_with_counters": "write replacement: {event: {enters: {what: this}}, modify: "
                            "{with_counters: {counter: +1/+1, amount: X}}}",
    "enters_trigger": "write triggered: {when: {enters: {what: this}}, do: [steps]}",
    "cant_search": "write static: {prohibit: {who: each_player, action: search, zone: "
                   "library}}",
    "controls_searching_opponents": "write static: {control_player: {who: each_opponent, "
                                    "while: {searching: {zone: library}}}}",
    "opponents_exile_found": "write replacement: {event: {found: {who: opponent}}, instead: "
                             "[{exile: {what: event.card}}, …]}",
    "flash": "list it under keywords: [flash]",
    "kicker": "list it under keywords: [{kicker: \"{2}\"}]",
    "overload": "list it under keywords: [{overload: \"{6}{U}\"}]",
    "additional_cost": "write additional_costs: [cost parts] on the card",
    "alternative_cost": "write alternative_costs: [{name: …, cost: [cost parts]}] on the card",
    "cast_only_during": "write static: {cast_only: {steps: […]}}",
    "draft_note_next_pick": "write draft: {do: [{reveal: {what: this}}, {note: {what: name, "
                            "of: next_pick}}]}",
}


def read_word(
    item: Any, section: str, file: str, line: int, problems: list[Problem]
) -> tuple[str, type[GameFact], dict[str, Any], dict[str, Any]] | None:
    """Read `{word: {slot: value, …}}` of a situation section (events, this_turn, effects,
    draft records) against the registered fact class of that word."""
    table = WORDS.get(section, {})
    if isinstance(item, str) and item in table:
        item = {item: {}}
    if not isinstance(item, dict) or len(item) != 1:
        problems.append(Problem(file, line, f"expected one {section} word with its details",
                                f"write '{{word: {{…}}}}' with a word from: "
                                f"{', '.join(sorted(table))}"))
        return None
    (word, raw), = item.items()
    if word not in table:
        problems.append(Problem(file, line_of(item, word) or line, f"unknown {section} '{word}'",
                                nearest(word, table, f"{section} words")))
        return None
    cls = table[word]
    if raw is None:
        raw = Mapping()
    if not isinstance(raw, dict):
        problems.append(Problem(file, line, f"'{word}' needs a mapping of details",
                                f"write {word}: {{…}}"))
        return None
    fields: dict[str, Any] = {}
    allowed = {k: s for k, s in cls.slots.items() if k not in cls.implicit}
    before = len(problems)
    for key, value in raw.items():
        where = line_of(raw, key) or line
        spec = allowed.get(key)
        if spec is None:
            problems.append(Problem(file, where, f"unknown key '{key}' for '{word}'",
                                    nearest(key, allowed, f"keys of '{word}'")))
            continue
        checked = check_value(value, spec, f"'{key}' of '{word}'", file, where, problems)
        if checked is not None:
            fields[key] = checked
    for key, spec in allowed.items():
        if spec.required and key not in raw:
            problems.append(Problem(file, line, f"'{word}' is missing '{key}'",
                                    f"add {key}: <{spec.doc or spec.type.__name__}>"))
    if len(problems) > before:
        return None  # a word read wrongly makes no fact: later checks would trip over it
    return word, cls, fields, {}


def check_value(value: Any, spec: Slot, what: str, file: str, line: int,
                problems: list[Problem]) -> Any:
    if spec.type is bool:
        if isinstance(value, bool):
            return value
        problems.append(Problem(file, line, f"{what} must be true or false, not {value!r}",
                                "write true or false"))
        return None
    if spec.type is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        problems.append(Problem(file, line, f"{what} must be a whole number, not {value!r}",
                                "write a number like 2"))
        return None
    if spec.type is list:
        if value is None:
            return []
        if isinstance(value, (str, int)):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
            problems.append(Problem(file, line, f"{what} must be a list of words",
                                    "write [word, word]"))
            return None
        items = [str(v) for v in value]
        if spec.choices:
            for v in items:
                if v not in spec.choices:
                    problems.append(Problem(file, line, f"{what} has '{v}'",
                                            nearest(v, spec.choices)))
        return items
    if spec.type is str:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            problems.append(Problem(file, line, f"{what} must be text, not {value!r}",
                                    "write a word or a quoted text"))
            return None
        if spec.choices and value not in spec.choices:
            problems.append(Problem(file, line, f"{what} is '{value}'",
                                    nearest(value, spec.choices)))
            return None
        return value
    return value


def _keyword_word(word: Any) -> Any:
    """'Double Strike' as printed → double_strike, the word of the language."""
    if not isinstance(word, str):
        return word
    norm = "_".join(word.lower().split())
    return norm if norm in KEYWORDS else word


def _protection_from(quality: str) -> dict[str, Any] | None:
    """'red', 'from red', 'creatures' → the selector of protection's `from:`."""
    word = quality.lower().removeprefix("from ").strip()
    if word in COLORS:
        return {"colors": [word]}
    single = word[:-1] if word.endswith("s") else word
    if single in CARD_TYPES:
        return {"types": [single]}
    return None


#: "swampwalk" as printed is landwalk for that land type (CR 702.14a)
_LANDWALK = re.compile(r"(plains|island|swamp|mountain|forest|desert|legendary |nonbasic "
                       r"|snow )(land)?walk", re.IGNORECASE)


def _landwalk(item: str, line: int) -> Any:
    m = _LANDWALK.fullmatch(item.strip())
    if not m:
        return None
    kind = m.group(1).strip().lower()
    lands: dict[str, Any] = {"types": ["land"]}
    if kind in ("legendary", "snow"):
        lands["supertypes"] = [kind]
    elif kind == "nonbasic":
        lands["not"] = {"supertypes": ["basic"]}
    else:
        lands["subtypes"] = [kind]
    out = Mapping({"landwalk": lands})
    out.line = line
    out.key_lines = {"landwalk": line}
    return out


def _as_printed_keyword(item: Any, line: int) -> Any:
    """Keywords as they are printed are accepted too: `double strike`, `First Strike`,
    `protection from red`, `{protection: red}`, `swampwalk`; anything else is read as
    written."""
    if isinstance(item, str):
        word = _keyword_word(item)
        if word != item:
            return word
        walk = _landwalk(item, line)
        if walk is not None:
            return walk
        m = re.fullmatch(r"protection\s+(from\s+\S.*)", item.strip(), re.IGNORECASE)
        chosen = _protection_from(m.group(1)) if m else None
        if chosen is not None:
            item = {"protection": {"from": chosen}}
        else:
            return item
    if isinstance(item, dict) and len(item) == 1:
        (word, value), = item.items()
        new_word = _keyword_word(word)
        if new_word == "protection" and isinstance(value, str):
            chosen = _protection_from(value)
            value = {"from": chosen} if chosen is not None else value
        if new_word != word or value is not item[word]:
            out = Mapping({new_word: value})
            out.line = line
            out.key_lines = {new_word: line_of(item, word) or line}
            return out
    return item


def _mapping(key: str, line: int) -> Mapping:
    """`{key: None}` at `line` (a bare word written for a word with no details)."""
    out = Mapping({key: None})
    out.line, out.key_lines = line, {key: line}
    return out


def _sequence(item: Any, line: int) -> Sequence:
    """`[item]` at `line` (one item written where a list is expected)."""
    out = Sequence([item])
    out.line, out.item_lines = line, [line]
    return out


def _text(data: dict[str, Any], key: str, file: str, problems: list[Problem]) -> str:
    value = data.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        problems.append(Problem(file, line_of(data, key), f"'{key}' must be text",
                                "write it in quotes, like \"{1}{W}\""))
        return ""
    return value


def _words(data: dict[str, Any], key: str, file: str, problems: list[Problem],
           choices: tuple[str, ...]) -> list[str]:
    value = data.get(key) or []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        problems.append(Problem(file, line_of(data, key), f"'{key}' must be a list",
                                f"write {key}: [word, word]"))
        return []
    words = [str(v).lower() if choices else str(v) for v in value]
    for w in words:
        if choices and w not in choices:
            problems.append(Problem(file, line_of(data, key), f"'{key}' has unknown '{w}'",
                                    nearest(w, choices)))
    return words


__all__ = ["CardDef", "AbilityDef", "Reader", "read_card", "read_word", "slug", "parse_cost",
           "colors_of", "check_value", "CARD_KEYS", "LEGACY_WORDS"]
