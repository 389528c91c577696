"""`rulings card` and `rulings coverage`: the knowledge of a card, and which official rulings
cases cover."""

from __future__ import annotations

import json

from rulings.cli import main

from .conftest import REPO


def test_card_shows_abilities_and_covered_rulings(shared, capsys):
    cards = str(shared / "data" / "cards.json")
    assert main(["card", "Pili-Pala", "--cards-data", cards, "--json",
                 "--cases", str(REPO / "tests" / "cases")]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["abilities"][0]["cost"] == ["{2}", "{Q}"]
    by_id = {r["id"]: r for r in shown["official_rulings"]}
    assert by_id["pili-pala#1"]["covered_by"]
    assert set(by_id) == {f"pili-pala#{n}" for n in range(1, 5)}


def test_unknown_card_suggests_the_nearest(capsys):
    assert main(["card", "Pilli-Pala"]) == 2
    assert "did you mean 'Pili-Pala'" in capsys.readouterr().err


def test_coverage_counts_per_card(shared, capsys):
    cards = str(shared / "data" / "cards.json")
    assert main(["coverage", "--cards-data", cards, "--json",
                 "--cases", str(REPO / "tests" / "cases")]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = {r["card"]: r for r in report["cards"]}
    assert rows["Leonin Arbiter"]["official"] == 10
    assert rows["Leonin Arbiter"]["covered"] == 10
    assert "106.7" in report["cr_rules_cited"]


def _small_pool(shared, tmp_path, names):
    data = json.loads((shared / "data" / "oracle-cards.json").read_text(encoding="utf-8"))
    small = {"meta": {"version": "test"}, "data": {n: data["data"][n] for n in names}}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(small), encoding="utf-8")
    return str(path)


def test_parse_numbers_abilities_as_answers_do(shared, tmp_path, capsys):
    """A keyword line is not numbered: Imperial Hellkite's trigger, its third line, is
    `hellkite.1` in a situation and "ability 1" in an answer's notes."""
    cards = _small_pool(shared, tmp_path, ["Imperial Hellkite", "Sword of Fire and Ice"])
    assert main(["card", "Imperial Hellkite", "--parse", "--json", "--cards-data", cards]) == 0
    lines = json.loads(capsys.readouterr().out)["abilities"]
    assert [(a["line"], a["number"], a["kind"]) for a in lines] == [
        (1, None, "keyword"), (2, None, "keyword"), (3, 1, "triggered")]
    assert main(["card", "Sword of Fire and Ice", "--parse", "--cards-data", cards]) == 0
    shown = capsys.readouterr().out
    assert "ability 1: Equipped creature gets +2/+2" in shown
    assert "ability 2: Whenever equipped creature" in shown
    assert "keyword (not numbered): Equip {2}" in shown


def test_a_keyword_ability_is_listed_by_its_keyword():
    from rulings.facts.cards import read_card
    from rulings.service.core import ability_entries

    problems: list = []
    card = read_card({"name": "Homemade Sword", "types": ["artifact"],
                      "subtypes": ["equipment"], "keywords": [{"equip": "{2}"}],
                      "abilities": [{"static": {"affects": "equipped",
                                                "modify": {"power": 1, "toughness": 1}}}]},
                     "s.yaml", problems)
    assert not problems and card is not None
    entries = ability_entries(card)
    assert [(e["id"].rpartition(".")[2], e["word"]) for e in entries] == [
        ("1", "static"), ("equip", "equip")]
