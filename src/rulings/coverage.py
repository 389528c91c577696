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


# -- keywords on a card pool: modelled or named (`rulings coverage --keywords`) ---------------

#: keyword actions whose printed names are not everyday words, so that finding one in an
#: ability's text means the action
DISTINCT_ACTIONS = frozenset({
    "scry", "surveil", "mill", "goad", "investigate", "proliferate", "populate", "bolster",
    "amass", "explore", "connive", "adapt", "monstrosity", "detain", "fateseal", "clash",
    "manifest", "incubate", "discover", "suspect", "forage", "endure", "exert", "transform",
    "regenerate", "planeswalk", "meld", "cloak", "manifest dread", "collect evidence",
    "time travel", "venture into the dungeon", "the ring tempts you", "learn", "assemble",
    "airbend", "earthbend", "waterbend", "blight", "harness", "behold", "abandon",
    "set in motion", "open an attraction", "roll to visit your attractions", "vote",
})
_KEYWORD_LINE = __import__("re").compile(
    r"^[a-z][a-z' -]*(?:(?: from| for| with)? [a-z ,'-]+)?(?: ?—.*| \{.*\}| \d+| x)?$")


def keyword_coverage(cards: Any, top: int = 0) -> dict[str, Any]:
    """How many keyword occurrences of a card pool are modelled. An occurrence is one keyword
    (CR 702) or keyword action (CR 701) on one card face: a keyword the Oracle compiler
    compiled, a verb of a compiled ability that is a keyword action, or a keyword or action
    named in an ability the compiler could not read (never modelled). Per keyword, sorted by
    how many cards carry it."""
    import re
    import time

    from rulings.facts.keywords import catalog
    from rulings.facts.modelled import is_modelled
    from rulings.oracle import keywords as oracle_keywords
    from rulings.oracle.compiler import compile_card

    start = time.perf_counter()
    entries = catalog()
    by_word: dict[str, Any] = {}
    for e in entries:
        for w in e.words:
            by_word[("keyword:" if e.kind == "ability" else "verb:") + w] = e
    by_cr = {e.cr: e for e in entries}
    # a keyword or action named in text the compiler could not read, by its printed name:
    # keyword abilities on lines that read like a keyword line, and the keyword actions whose
    # names are no ordinary English verb ("counter", "cast" and "exile" are)
    printed = {}
    for e in entries:
        if e.kind == "action" and e.name.lower() in DISTINCT_ACTIONS:
            printed[e.name.lower()] = e
    for word, (cr, _) in oracle_keywords.KEYWORDS.items():
        if cr in by_cr:
            printed.setdefault(word, by_cr[cr])
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, printed), key=len,
                                                  reverse=True)) + r")\b")
    rows: dict[str, dict[str, Any]] = {}
    faces = 0
    for fields in cards:
        if not fields.get("type_line"):
            continue
        faces += 1
        compiled = compile_card(fields)
        seen: dict[str, tuple[Any, str, bool]] = {}
        for item in compiled.card.get("keywords", []):
            word = item if isinstance(item, str) else next(iter(item))
            word = str(word)
            entry = by_word.get("keyword:" + word)
            if entry is not None:
                seen.setdefault(word, (entry, word, is_modelled("keyword", word)))
        for ability in compiled.card.get("abilities", []):
            for verb in _verbs(ability):
                entry = by_word.get("verb:" + verb)
                if entry is not None:
                    seen.setdefault(verb, (entry, verb, is_modelled("verb", verb)))
        for note in compiled.unparsed:
            text = note.text.lower()
            keyword_line = bool(_KEYWORD_LINE.match(text)) and "." not in text
            for m in pattern.finditer(text):
                entry = printed[m.group(1)]
                if entry.kind == "ability" and not keyword_line:
                    continue
                key = entry.words[0] if entry.words else entry.name.lower()
                if key not in seen:
                    seen[key] = (entry, key, False)
        for key, (entry, _, modelled) in seen.items():
            row = rows.setdefault(key, {"keyword": key, "cr": entry.cr, "name": entry.name,
                                        "kind": entry.kind, "cards": 0, "modelled": 0})
            row["cards"] += 1
            row["modelled"] += modelled
    ordered = sorted(rows.values(), key=lambda r: (-r["cards"], r["keyword"]))
    for row in ordered:
        row["status"] = "modelled" if row["modelled"] == row["cards"] else (
            "named" if not row["modelled"] else "partly")
    total = sum(r["cards"] for r in ordered)
    modelled = sum(r["modelled"] for r in ordered)
    return {
        "faces": faces,
        "occurrences": total,
        "modelled": modelled,
        "share": round(modelled / total, 4) if total else 0.0,
        "keywords": ordered[:top] if top else ordered,
        "seconds": round(time.perf_counter() - start, 2),
    }


def _verbs(node: Any) -> list[str]:
    """The verbs of the steps anywhere in a compiled ability (`do:`, `instead:`, modes)."""
    from rulings.facts import effects as lang

    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in lang.VERBS and isinstance(value, (dict, type(None))):
                found.append(key)
            found += _verbs(value)
    elif isinstance(node, list):
        for item in node:
            if isinstance(item, str) and item in lang.VERBS:
                found.append(item)
            else:
                found += _verbs(item)
    return found


def keyword_coverage_text(report: dict[str, Any]) -> str:
    lines = [f"Keyword occurrences modelled: {report['modelled']} of {report['occurrences']} "
             f"({report['share']:.1%}) on {report['faces']} card faces "
             f"({report['seconds']} s)", "",
             f"{'cards':>6} {'modelled':>8}  keyword (CR)"]
    for r in report["keywords"]:
        lines.append(f"{r['cards']:>6} {r['modelled']:>8}  {r['keyword']} ({r['name']}, "
                     f"{r['cr']}): {r['status']}")
    return "\n".join(lines) + "\n"
