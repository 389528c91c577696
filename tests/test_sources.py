"""With the user's rules and rulings imported, answers carry the cited texts; without, a hint."""

from __future__ import annotations

from rulings.api import ask
from rulings.cli import main
from rulings.engine.answer import to_text

from .conftest import REPO

CASE = REPO / "tests" / "cases" / "mana" / "g8-pili-pala-untapped.yaml"


def test_without_imported_data_the_answer_says_how_to_import(tmp_path, monkeypatch):
    monkeypatch.setenv("RULINGS_DATA_DIR", str(tmp_path))
    answer = ask(CASE)
    assert "sources" not in answer
    assert "rulings data import-cr" in answer["sources_note"]
    assert "rulings data import-cr" in to_text(answer)


def test_with_imported_data_every_citation_carries_its_text(shared, tmp_path, monkeypatch):
    monkeypatch.setenv("RULINGS_DATA_DIR", str(tmp_path))
    assert main(["data", "import-cr", str(shared / "data" / "comprehensive-rules.txt")]) == 0
    assert main(["data", "import-rulings", str(shared / "data" / "cards.json")]) == 0
    answer = ask(CASE)
    cites = {c for r in answer["rulings"] for c in r["cites"]}
    assert "pili-pala#1" in cites
    assert set(answer["sources"]) == cites
    assert answer["sources"]["pili-pala#1"]["date"] == "2008-05-01"
    assert answer["sources"]["CR 602.2b"]["effective"]
    assert "sources_note" not in answer
    assert "pili-pala#1 (2008-05-01):" in to_text(answer)
