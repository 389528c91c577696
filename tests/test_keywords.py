"""The keyword catalog (issue 23 §1): every keyword action and ability of CR 701–702, how it is
written, whether the compiler reads it, and its status from the registry of readers."""

from __future__ import annotations

import re

from rulings.facts import effects as lang
from rulings.facts.keywords import GENERATED_BEGIN, GENERATED_END, catalog, reference
from rulings.facts.modelled import is_modelled

from .conftest import REPO


def test_the_catalog_is_the_section_titles_of_the_imported_cr(shared):
    rules = (shared / "data" / "comprehensive-rules.txt").read_text(encoding="utf-8-sig")
    titles = {}
    for m in re.finditer(r"^(70[12])\.(\d+)\. (.{1,59}?)\s*$", rules, re.M):
        if int(m.group(2)) > 1:
            titles.setdefault(f"{m.group(1)}.{m.group(2)}", m.group(3))
    listed = {e.cr: e.name for e in catalog()}
    assert {k: v for k, v in titles.items() if listed.get(k) != v} == {}, \
        "sections of the CR missing from facts/keywords.py (or named differently)"
    assert set(listed) - set(titles) == set(), "sections the CR does not have"


def test_every_keyword_of_the_language_is_in_the_catalog():
    written = {w for e in catalog() if e.kind == "ability" for w in e.words}
    assert set(lang.KEYWORDS) - written == set()


def test_the_status_comes_from_the_rules():
    entries = {e.cr: e for e in catalog()}
    ward, banding = entries["702.21"], entries["702.22"]
    assert ward.status == "modelled" and is_modelled("keyword", "ward")
    assert banding.status == "named" and not is_modelled("keyword", "banding")
    assert entries["702.33"].named_words == ()  # kicker and multikicker are both read
    assert entries["701.2"].status == "modelled"  # activating: the situation's event


def test_parameters_and_the_compiler():
    entries = {e.cr: e for e in catalog()}
    assert entries["702.122"].parameter == "number"  # crew N
    assert entries["702.103"].parameter == "cost"  # bestow {cost}
    assert entries["702.16"].parameter == "quality"  # protection from …
    assert entries["702.9"].oracle  # flying is read from Oracle text
    assert not entries["701.54"].words  # the Ring tempts you: not written yet


def test_the_docs_embed_the_catalog():
    doc = (REPO / "docs" / "effect-language.md").read_text()
    start = doc.index(GENERATED_BEGIN)
    shown = doc[start:doc.index(GENERATED_END, start) + len(GENERATED_END)]
    assert shown + "\n" == reference(), (
        "docs/effect-language.md is out of date: paste `rulings schema keywords` into it")


def test_keyword_coverage_counts_modelled_and_named_occurrences():
    from rulings.coverage import keyword_coverage

    cards = [
        {"name": "Sky Cat", "mana_cost": "{1}{W}", "type_line": "Creature — Cat",
         "oracle_text": "Flying", "power": "2", "toughness": "2"},
        {"name": "Deep Cat", "mana_cost": "{5}{U}", "type_line": "Creature — Cat",
         "oracle_text": "Flying\nBanding", "power": "4", "toughness": "4"},
        {"name": "Peek", "mana_cost": "{U}", "type_line": "Instant",
         "oracle_text": "Scry 2."},
    ]
    report = keyword_coverage(cards)
    rows = {r["keyword"]: r for r in report["keywords"]}
    assert rows["flying"]["cards"] == 2 and rows["flying"]["status"] == "modelled"
    assert rows["banding"]["cards"] == 1 and rows["banding"]["status"] == "named"
    assert rows["scry"]["status"] == "modelled"  # the resolution rules say what it does
    assert report["keywords"][0]["keyword"] == "flying"  # the most carried first
    assert (report["occurrences"], report["modelled"]) == (4, 3)


#: every keyword ability and action issue 23 names, by CR section: each must be modelled and
#: have a case covering its section that applies and a near miss (a regression fails here)
ISSUE_NAMED = {
    "702.124": "partner with", "702.122": "crew", "702.62": "suspend", "702.103": "bestow",
    "702.119": "emerge", "702.143": "foretell", "702.33": "kicker", "702.14": "landwalk",
    "701.39": "bolster", "702.110": "exploit", "702.82": "devour", "701.47": "amass",
    "702.85": "cascade", "702.40": "storm", "702.37": "morph", "702.168": "disguise",
    "702.29": "cycling", "702.6": "equip", "702.67": "fortify", "702.34": "flashback",
    "702.138": "escape", "702.35": "madness", "702.74": "evoke", "702.109": "dash",
    "702.49": "ninjutsu", "702.84": "unearth", "702.93": "undying", "702.79": "persist",
    "702.108": "prowess", "702.83": "exalted", "702.86": "annihilator",
    "701.34": "proliferate", "701.36": "populate", "701.16": "investigate", "701.22": "scry",
    "701.25": "surveil", "701.44": "explore", "701.50": "connive", "701.46": "adapt",
    "701.37": "monstrosity", "702.87": "level up", "702.140": "mutate", "701.8": "destroy",
    "701.13": "exile", "701.21": "sacrifice", "701.20": "reveal", "701.26": "tap and untap",
    "701.3": "attach", "701.17": "mill", "701.14": "fight", "701.15": "goad",
    "701.27": "transform", "701.40": "manifest",
}


def _covered_sections() -> tuple[set[str], set[str]]:
    """The CR sections the case files cover: (by a case that applies, by a near miss)."""
    import yaml

    applies: set[str] = set()
    misses: set[str] = set()
    for path in sorted((REPO / "tests" / "cases").rglob("*.yaml")):
        try:
            doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError:
            continue
        if not isinstance(doc, dict):
            continue
        for cite in doc.get("covers") or ():
            m = re.match(r"CR (\d{3}\.\d+)", str(cite))
            if m:
                (misses if doc.get("near_miss") else applies).add(m.group(1))
    return applies, misses


def test_every_keyword_the_issue_names_is_modelled_with_cases():
    entries = {e.cr: e for e in catalog()}
    assert {cr: name for cr, name in ISSUE_NAMED.items()
            if entries[cr].status != "modelled"} == {}, "named by issue 23 but not modelled"
    applies, misses = _covered_sections()
    assert {cr: name for cr, name in ISSUE_NAMED.items() if cr not in applies} == {}, \
        "no case covers the section"
    assert {cr: name for cr, name in ISSUE_NAMED.items() if cr not in misses} == {}, \
        "no near miss covers the section"
