"""The Python API the rest of the project uses."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rulings import reference
from rulings.reference import ReferenceDataError, importer


def test_data_dir_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RULINGS_DATA_DIR", str(tmp_path / "env"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert reference.data_dir(str(tmp_path / "given")) == tmp_path / "given"
    assert reference.data_dir() == tmp_path / "env"
    monkeypatch.delenv("RULINGS_DATA_DIR")
    assert reference.data_dir() == tmp_path / "xdg" / "mtg-rulings"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")  # the XDG spec says: ignore it
    assert reference.data_dir() == tmp_path / "home" / ".local" / "share" / "mtg-rulings"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert reference.data_dir() == tmp_path / "home" / ".local" / "share" / "mtg-rulings"


def test_nothing_imported_gives_none() -> None:
    assert reference.cr_rule("100.1") is None
    assert reference.cr_subrules("100.1") == []
    assert reference.official_ruling("leonin-arbiter#1") is None
    assert reference.card_rulings("Leonin Arbiter") == []
    assert reference.card_data("Leonin Arbiter") is None
    assert reference.resolve_citation("CR 100.1") is None
    assert reference.resolve_citation("leonin-arbiter#1") is None
    with pytest.raises(reference.DataMissing, match="rulings data import-cr FILE"):
        reference.rules_book()


@pytest.mark.usefixtures("mini_cr", "project_cards")
class TestLookups:
    def test_cr_rule(self) -> None:
        assert reference.cr_rule("100.1b") == {
            "number": "100.1b",
            "text": "The second lettered subrule carries a worked case.",
            "examples": ["A tester shuffles seven paper squares and nothing at all happens."],
            "effective": "2031-02-03",
        }
        assert reference.cr_rule("CR 100.1B")["number"] == "100.1b"
        assert reference.cr_rule("100.9") is None
        assert reference.cr_rule("nonsense") is None

    def test_cr_subrules(self) -> None:
        assert [r["number"] for r in reference.cr_subrules("100.1")] == ["100.1a", "100.1b"]
        assert [r["number"] for r in reference.cr_subrules("701")] == [
            "701.1", "701.1a", "701.23", "701.23a", "701.23b"]
        assert reference.cr_subrules("100.1a") == []

    def test_returned_rules_are_copies(self) -> None:
        reference.cr_rule("100.1b")["examples"].append("scribble")
        assert len(reference.cr_rule("100.1b")["examples"]) == 1

    def test_official_ruling(self) -> None:
        assert reference.official_ruling("leonin-arbiter#2") == {
            "card": "Leonin Arbiter", "slug": "leonin-arbiter", "n": 2, "date": "2011-01-01",
            "text": "Invented note two: paying the toll takes no time at all.",
        }
        assert reference.official_ruling("Leonin Arbiter#3")["date"] == "2020-05-05"
        assert reference.official_ruling("leonin-arbiter#4") is None
        assert reference.official_ruling("leonin-arbiter#0") is None
        assert reference.official_ruling("no-such-card#1") is None
        assert reference.official_ruling("aether-searcher#1")["card"] == "Æther Searcher"

    def test_card_rulings(self) -> None:
        rulings = reference.card_rulings("Cosi's Trickster")
        assert [r["cite"] for r in rulings] == ["cosis-trickster#1", "cosis-trickster#2"]
        assert reference.card_rulings("cosis-trickster") == rulings
        assert reference.card_rulings("Quiet Fixture") == []
        assert reference.card_rulings("fire")[0]["cite"] == "fire-fire-ice#1"  # by alias

    def test_card_data(self) -> None:
        assert reference.card_data("ob nixilis, unshackled") == {
            "name": "Ob Nixilis, Unshackled", "slug": "ob-nixilis-unshackled",
            "mana_cost": "{4}{B}{B}", "type_line": "Legendary Creature — Demon",
            "oracle_text": "Fixture text: rummaging through a deck costs blood here.",
        }
        assert reference.card_data("Nobody") is None

    def test_resolve_citation(self) -> None:
        assert reference.resolve_citation("CR 701.23a") == {
            "cite": "CR 701.23a", "kind": "cr",
            "text": "To search a pretend pile, flip through it looking for a marked square.",
            "examples": ["A tester hunting for a blue square in a pile of red squares finds "
                         "none.\nThat leftover line still belongs to the worked case above."],
            "effective": "2031-02-03",
        }
        assert reference.resolve_citation("leonin-arbiter#1") == {
            "cite": "leonin-arbiter#1", "kind": "ruling", "card": "Leonin Arbiter",
            "text": "Invented note one: the toll is paid with pretend coins.",
            "date": "2011-01-01",
        }
        for unknown in ("CR 999.1", "leonin-arbiter#9", "701.23a", "", "crackleburr#1"):
            assert reference.resolve_citation(unknown) is None

    def test_loaded_data_is_cached(self) -> None:
        assert reference.rules_book() is reference.rules_book()
        assert reference.card_book() is reference.card_book()

    def test_warm_lookup_is_fast(self) -> None:
        reference.resolve_citation("CR 701.23b")
        started = time.perf_counter()
        for _ in range(1000):
            reference.resolve_citation("CR 701.23b")
            reference.resolve_citation("leonin-arbiter#2")
        per_lookup_ms = (time.perf_counter() - started) / 2000 * 1000
        assert per_lookup_ms < 1, f"{per_lookup_ms:.3f} ms per lookup"

    def test_a_new_import_is_seen_in_the_same_process(self, fixtures: Path, tmp_path: Path,
                                                      data_home: Path) -> None:
        assert reference.cr_rule("100.1")["effective"] == "2031-02-03"
        newer = tmp_path / "newer.txt"
        newer.write_text((fixtures / "cr-mini.txt").read_text(encoding="utf-8")
                         .replace("February 3, 2031", "May 5, 2033"), encoding="utf-8")
        importer.import_cr(newer, data_home)
        assert reference.cr_rule("100.1")["effective"] == "2033-05-05"

    def test_data_status(self, data_home: Path) -> None:
        status = reference.data_status()
        assert status["data_dir"] == str(data_home)
        assert status["cr"]["effective"] == "2031-02-03" and status["cr"]["rules"] == 12
        assert status["rulings"]["rulings"] == 8 and status["rulings"]["cards"] == 7


@pytest.mark.usefixtures("project_cards")
def test_card_data_for_faces(fixtures: Path, data_home: Path) -> None:
    importer.import_rulings([fixtures / "mtgjson-atomic.json"], data_home)
    whole = reference.card_data("Fire // Ice")
    assert whole["mana_cost"] == "{1}{R} // {1}{U}"
    assert [f["name"] for f in whole["faces"]] == ["Fire", "Ice"]
    face = reference.card_data("Ice")
    face.pop("side", None)  # which side it is, when the file says (MTGJSON "b")
    assert face == {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant",
                    "oracle_text": "Fixture frost.", "slug": "fire-ice", "card": "Fire // Ice"}
    # The other data shape's name for a face still finds the card.
    assert reference.official_ruling("fire-fire-ice#2")["card"] == "Fire // Ice"


def test_damaged_data_file_is_an_error(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    (data_home / "cr.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ReferenceDataError, match="unreadable Comprehensive Rules data file"):
        reference.cr_rule("100.1")


def test_data_from_another_version_is_an_error(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    (data_home / "rulings.json").write_text(
        '{"format": "mtg-rulings/rulings", "version": 99}', encoding="utf-8")
    with pytest.raises(ReferenceDataError, match="another version"):
        reference.official_ruling("x#1")
