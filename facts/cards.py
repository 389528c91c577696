"""Card definitions: what a card is and does, in the vocabulary's words. The same reader serves
the knowledge base's card files and cards described inline in a situation."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rulings.facts.errors import Problem, nearest
from rulings.facts.game import CARD_TYPES, SUPERTYPES
from rulings.facts.located import Mapping, Sequence, line_of
from rulings.facts.slugs import slugify
from rulings.facts.vocabulary import WORDS, GameFact, Slot

CARD_KEYS = {
    "name": "the card's name",
    "mana_cost": "its mana cost, like {2}{W}",
    "types": "card types, like [creature]",
    "subtypes": "subtypes, like [elf, druid]",
    "supertypes": "supertypes, like [basic]",
    "abilities": "its abilities, in printed order",
    "cites": "official rulings this file encodes, like leonin-arbiter#1",
    "notes": "a short note in our own words",
    "official": "the rules that express each official ruling: {card-slug#n: [rule id, …]}",
}

SYMBOL = re.compile(r"\{[^{}]+\}")


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


@dataclass
class AbilityDef:
    word: str
    cls: type[GameFact]
    fields: dict[str, Any]
    nested: dict[str, list[tuple[str, type[GameFact], dict[str, Any], int]]]
    line: int


@dataclass
class CardDef:
    name: str
    file: str
    line: int = 0
    mana_cost: str = ""
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    abilities: list[AbilityDef] = field(default_factory=list)
    cites: list[str] = field(default_factory=list)
    #: rule id -> the card's official rulings that rule expresses (cited in answers)
    official: dict[str, list[str]] = field(default_factory=dict)

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
    card = CardDef(name=name.strip(), file=file, line=line_of(data))
    card.mana_cost = _text(data, "mana_cost", file, problems)
    card.types = _words(data, "types", file, problems, CARD_TYPES)
    card.subtypes = _words(data, "subtypes", file, problems, ())
    card.supertypes = _words(data, "supertypes", file, problems, SUPERTYPES)
    card.cites = _words(data, "cites", file, problems, ())
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
    abilities = data.get("abilities") or []
    if not isinstance(abilities, list):
        problems.append(Problem(file, line_of(data, "abilities"), "abilities must be a list",
                                "write one '- word: {…}' item per ability"))
        abilities = []
    for i, item in enumerate(abilities):
        found = read_word(item, "ability", file, line_of(abilities, i), problems)
        if found:
            word, cls, fields, nested = found
            card.abilities.append(AbilityDef(word, cls, fields, nested, line_of(abilities, i)))
    return card


def read_word(
    item: Any, section: str, file: str, line: int, problems: list[Problem]
) -> tuple[str, type[GameFact], dict[str, Any], dict[str, Any]] | None:
    """Read `{word: {slot: value, …}}` against the registered fact class of that word."""
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
    nested: dict[str, Any] = {}
    allowed = {k: s for k, s in cls.slots.items() if k not in cls.implicit}
    for key, value in raw.items():
        where = line_of(raw, key) or line
        spec = allowed.get(key)
        if spec is None:
            problems.append(Problem(file, where, f"unknown key '{key}' for '{word}'",
                                    nearest(key, allowed, f"keys of '{word}'")))
            continue
        sub = getattr(cls, "nested", {}).get(key)
        if sub:
            nested[key] = _read_nested(value, sub, file, where, problems)
            continue
        checked = check_value(value, spec, f"'{key}' of '{word}'", file, where, problems)
        if checked is not None:
            fields[key] = checked
    for key, spec in allowed.items():
        if spec.required and key not in raw and key not in getattr(cls, "nested", {}):
            problems.append(Problem(file, line, f"'{word}' is missing '{key}'",
                                    f"add {key}: <{spec.doc or spec.type.__name__}>"))
    return word, cls, fields, nested


def _read_nested(value: Any, section: str, file: str, line: int, problems: list[Problem]
                 ) -> list[tuple[str, type[GameFact], dict[str, Any], int]]:
    if not isinstance(value, list):
        problems.append(Problem(file, line, f"expected a list of {section} steps",
                                "write one '- word: {…}' item per step"))
        return []
    out = []
    for i, item in enumerate(value):
        where = line_of(value, i) or line
        found = read_word(item, section, file, where, problems)
        if found:
            word, cls, fields, _ = found
            out.append((word, cls, fields, where))
    return out


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


__all__ = ["CardDef", "AbilityDef", "read_card", "read_word", "slug", "parse_cost",
           "Sequence", "check_value"]
