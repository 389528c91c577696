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
