"""What the knowledge base covers: per card, which official rulings cases cover; the CR rules
the rules cite. Shared by `rulings card` and `rulings coverage`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulings.facts.cards import CardDef, slug


@dataclass
class CardCoverage:
    card: CardDef
    #: official ruling id -> its text and date, when the user's data is imported
    official: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: official ruling id -> case files covering it
    covered_by: dict[str, list[str]] = field(default_factory=dict)
    data_found: bool = False

    @property
    def covered(self) -> list[str]:
        return sorted((c for c in self.official if self.covered_by.get(c)), key=ruling_order)


def case_covers(case_dirs: list[Path]) -> dict[str, list[str]]:
    """Citation id -> the case files whose `covers` name it."""
    from rulings.cases import find_cases, load_case
    from rulings.facts.errors import InputError

    found: dict[str, list[str]] = {}
    existing = [d for d in case_dirs if d.exists()]
    for path in find_cases(existing):
        try:
            case = load_case(path)
        except InputError:
            continue
        for cite in case.covers:
            found.setdefault(cite, []).append(str(path))
    return found


def official_rulings(card: CardDef, cards_data: Path | None) -> tuple[dict[str, Any], bool]:
    """The card's official rulings by id: from the imported data, or a cards.json-shaped
    file given by the user."""
    if cards_data is not None:
        for entry in json.loads(cards_data.read_text(encoding="utf-8")):
            if slug(entry.get("name", "")) == card.slug:
                return ({f"{card.slug}#{n}": {"date": r.get("date", ""), "text": r["text"]}
                         for n, r in enumerate(entry.get("rulings", []), 1)}, True)
        return {}, True
    try:
        from rulings.reference import DataMissing, card_book, card_rulings
    except ImportError:
        return {}, False
    try:
        card_book()  # imported at all? (a card with no rulings is not "not imported")
        found = card_rulings(card.name)
    except DataMissing:
        return {}, False
    except Exception:  # damaged data is reported by `rulings data status`
        return {}, False
    return ({r["cite"]: {"date": r.get("date", ""), "text": r.get("text", "")}
             for r in found}, True)


def card_coverage(card: CardDef, covers: dict[str, list[str]],
                  cards_data: Path | None) -> CardCoverage:
    official, found = official_rulings(card, cards_data)
    ids = set(official) | {c for c in covers if c.startswith(card.slug + "#")}
    return CardCoverage(card=card, official=official, data_found=found,
                        covered_by={c: sorted(covers.get(c, [])) for c in sorted(ids, key=ruling_order)})


def ruling_order(cite: str) -> tuple[str, int, str]:
    """'x#2' before 'x#10': official rulings in their official order."""
    card, _, number = cite.partition("#")
    return (card, int(number) if number.isdigit() else 0, number)


def cited_cr_rules() -> dict[str, list[str]]:
    """CR number -> the rule ids citing it."""
    from rulings.engine.rules import REGISTRY
    from rulings.knowledge.rules import all_rules

    all_rules()
    cited: dict[str, list[str]] = {}
    for rule_id, info in sorted(REGISTRY.items()):
        for cite in info.cites:
            if cite.startswith("CR "):
                cited.setdefault(cite[3:], []).append(rule_id)
    return cited
