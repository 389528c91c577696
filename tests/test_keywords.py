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
    ward, mutate = entries["702.21"], entries["702.140"]
    assert ward.status == "modelled" and is_modelled("keyword", "ward")
    assert mutate.status == "named" and not is_modelled("keyword", "mutate")
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
         "oracle_text": "Flying\nMutate {4}{U}", "power": "4", "toughness": "4"},
        {"name": "Peek", "mana_cost": "{U}", "type_line": "Instant",
         "oracle_text": "Scry 2."},
    ]
    report = keyword_coverage(cards)
    rows = {r["keyword"]: r for r in report["keywords"]}
    assert rows["flying"]["cards"] == 2 and rows["flying"]["status"] == "modelled"
    assert rows["mutate"]["cards"] == 1 and rows["mutate"]["status"] == "named"
    assert rows["scry"]["status"] == "modelled"  # the resolution rules say what it does
    assert report["keywords"][0]["keyword"] == "flying"  # the most carried first
    assert (report["occurrences"], report["modelled"]) == (4, 3)
