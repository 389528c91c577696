"""The rules text and official rulings: import, lookup and checked citations.

Data is imported once (`rulings data import-cr`, `import-rulings`, `update`) into the data
directory, then read lazily and cached per process. Lookups return None (or []) when nothing
is imported or the rule/ruling does not exist; a damaged data file raises ReferenceDataError.

Citations are "CR 701.23b" for rules and "card-slug#n" for the n-th official ruling of a
card (see slugify).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from rulings.reference import store
from rulings.reference.errors import DataMissing, ReferenceDataError
from rulings.reference.lookup import CardBook, RulesBook, StoredCards, StoredRules
from rulings.reference.slugs import slugify
from rulings.reference.store import data_dir

__all__ = [
    "CardBook",
    "DataMissing",
    "ReferenceDataError",
    "RulesBook",
    "StoredCards",
    "StoredRules",
    "bench_figures",
    "card_book",
    "card_data",
    "card_rulings",
    "check_citations",
    "cr_rule",
    "cr_subrules",
    "data_dir",
    "data_status",
    "official_ruling",
    "resolve_citation",
    "rules_book",
    "slugify",
]

PathArg = str | os.PathLike[str] | None
_CR_CITE = re.compile(r"CR\s*(\d\S*)", re.IGNORECASE)


def rules_book(data_dir: PathArg = None) -> RulesBook:
    """The imported Comprehensive Rules; raises DataMissing when none are imported."""
    return store.load(store.data_dir(data_dir), store.CR, StoredRules)


def card_book(data_dir: PathArg = None) -> CardBook:
    """The imported cards and rulings; raises DataMissing when none are imported."""
    return store.load(store.data_dir(data_dir), store.RULINGS, StoredCards)


def _rules_or_none(data_dir: PathArg) -> RulesBook | None:
    try:
        return rules_book(data_dir)
    except DataMissing:
        return None


def _cards_or_none(data_dir: PathArg) -> CardBook | None:
    try:
        return card_book(data_dir)
    except DataMissing:
        return None


def _rule_dict(rule: dict[str, Any], book: RulesBook) -> dict[str, Any]:
    return {"number": rule["number"], "text": rule["text"], "examples": list(rule["examples"]),
            "effective": book.effective}


def cr_rule(number: str, data_dir: PathArg = None) -> dict[str, Any] | None:
    """{"number", "text", "examples", "effective"} for "701.23b" (also "CR 701.23b")."""
    book = _rules_or_none(data_dir)
    rule = book.rule(number) if book else None
    return _rule_dict(rule, book) if rule and book else None


def cr_subrules(number: str, data_dir: PathArg = None) -> list[dict[str, Any]]:
    """Every rule under `number` (701.23 → 701.23a, 701.23b, …), in document order."""
    book = _rules_or_none(data_dir)
    return [_rule_dict(r, book) for r in book.descendants(number)] if book else []


def official_ruling(cite: str, data_dir: PathArg = None) -> dict[str, Any] | None:
    """{"card", "n", "date", "text"} (plus "slug") for "leonin-arbiter#5"."""
    book = _cards_or_none(data_dir)
    return book.ruling(cite) if book else None


def card_rulings(name_or_slug: str, data_dir: PathArg = None) -> list[dict[str, Any]]:
    """A card's official rulings in order: [{"cite", "n", "date", "text"}]."""
    book = _cards_or_none(data_dir)
    slug = book.slug_for(name_or_slug) if book else None
    if book is None or slug is None:
        return []
    return [{"cite": f"{slug}#{n}", "n": n, **r}
            for n, r in enumerate(book.cards[slug]["rulings"], 1)]


def card_data(name: str, data_dir: PathArg = None) -> dict[str, Any] | None:
    """{"name", "slug", "mana_cost", "type_line", "oracle_text"} (+ "faces" for multi-face
    cards; + "power", "toughness", "loyalty", "keywords", "legalities" when the imported
    file had them). Asked by a face's name ("Fire" of "Fire // Ice"), it gives that face's fields
    plus "card", the whole card's name."""
    book = _cards_or_none(data_dir)
    slug = book.slug_for(name) if book else None
    if book is None or slug is None:
        return None
    card = book.cards[slug]
    fields = ("name", "mana_cost", "type_line", "oracle_text")
    extra = ("power", "toughness", "loyalty", "keywords", "legalities",  # when imported
             "layout", "color_identity", "color_indicator", "side")
    wanted = slugify(name)
    if wanted != slug:
        for face in card.get("faces", []):
            if slugify(face["name"]) == wanted:
                return {**{k: face.get(k) for k in fields},
                        **{k: face[k] for k in extra if k in face},
                        "slug": slug, "card": card["name"]}
    found = {k: card.get(k) for k in fields}
    found.update({k: card[k] for k in extra if k in card})
    found["slug"] = slug
    if card.get("faces"):
        found["faces"] = [dict(f) for f in card["faces"]]
    return found


def resolve_citation(cite: str, data_dir: PathArg = None) -> dict[str, Any] | None:
    """"CR 701.23b" → {"cite", "kind": "cr", "text", "examples", "effective"};
    "leonin-arbiter#5" → {"cite", "kind": "ruling", "text", "date", "card"};
    None when the data is not imported or the citation names nothing."""
    cite = cite.strip()
    m = _CR_CITE.fullmatch(cite)
    if m:
        book = _rules_or_none(data_dir)
        rule = book.rule(m.group(1)) if book else None
        if rule is None or book is None:
            return None
        return {"cite": f"CR {rule['number']}", "kind": "cr", "text": rule["text"],
                "examples": list(rule["examples"]), "effective": book.effective}
    if "#" in cite:
        ruling = official_ruling(cite, data_dir)
        if ruling is None:
            return None
        return {"cite": f"{ruling['slug']}#{ruling['n']}", "kind": "ruling",
                "text": ruling["text"], "date": ruling["date"], "card": ruling["card"]}
    return None


def data_status(data_dir: PathArg = None) -> dict[str, Any]:
    """What is imported: {"data_dir", "cr": {...} | None, "rulings": {...} | None}."""
    from rulings.reference import importer

    directory = store.data_dir(data_dir)
    status: dict[str, Any] = {"data_dir": str(directory), "cr": None, "rulings": None}
    status["database"] = str(store.db_path(directory))
    rules = _rules_or_none(directory)
    if rules is not None:
        summary = getattr(rules, "summary", None) or importer.cr_summary(
            {"effective": rules.effective, "rules": rules.rules, "glossary": rules.glossary})
        status["cr"] = {**summary, "source": rules.source.get("file"),
                        "imported_at": rules.imported_at}
    cards = _cards_or_none(directory)
    if cards is not None:
        held = getattr(cards, "summary", None) or importer.rulings_summary(
            {"cards": cards.cards, "sources": cards.sources})
        status["rulings"] = {**held, "imported_at": cards.imported_at}
    return status


def check_citations(paths: list[Path], cr_file: Path, cards_file: Path) -> list[str]:
    """Problems with the citations under `paths` (see rulings.reference.citations)."""
    from rulings.reference.citations import check_citations as check

    return check(paths, cr_file, cards_file)


def bench_figures(cr_file: Path, rulings_file: Path | list[Path],
                  example: Path | None = None) -> list[tuple[str, str]]:
    """Label/value pairs for `rulings bench` (see rulings.reference.bench)."""
    from rulings.reference.bench import bench_figures as figures

    return figures(cr_file, rulings_file, example)
