"""The SQLite store of imported data: one database, written whole and atomically, read by
the rows a question names; earlier JSON data directories converted or refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulings import reference
from rulings.reference import ReferenceDataError, comprehensive, importer, official, store
from rulings.reference.lookup import CardBook, RulesBook

QUERIES = ["untap symbol", "untap", "search library", "mana ability", "the", "701",
           "23b", "can t", "hexproof", "commander damage", "zzzz nothing", "a b c"]


def _legacy(directory: Path, cr: dict | None = None, rulings: dict | None = None) -> None:
    """A data directory as earlier versions wrote it: cr.json and rulings.json."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, data in ((store.CR_FILE, cr), (store.RULINGS_FILE, rulings)):
        if data is not None:
            (directory / name).write_text(json.dumps(data), encoding="utf-8")


def _cr(fixtures: Path) -> dict:
    data = comprehensive.parse_file(fixtures / "cr-mini.txt")
    data["imported_at"] = "2031-01-01T00:00:00+00:00"
    return data


def _cards(fixtures: Path) -> dict:
    data, _ = official.parse_files([fixtures / "mtgjson-atomic.json"])
    data["imported_at"] = "2031-01-01T00:00:00+00:00"
    return data


# --- one database, each import atomic ---------------------------------------------------------


def test_one_database_holds_both_parts(fixtures: Path, data_home: Path) -> None:
    importer.import_cr(fixtures / "cr-mini.txt", data_home)
    importer.import_rulings([fixtures / "project-cards.json"], data_home)
    assert sorted(p.name for p in data_home.iterdir()) == [".lock", store.DB_FILE]
    # importing one part again keeps the other as it was
    cards_before = store.read_part(data_home, store.RULINGS)
    importer.import_cr(fixtures / "cr-mini-cr.txt", data_home)
    assert store.read_part(data_home, store.RULINGS) == cards_before
    assert reference.cr_rule("100.1") is not None
    rules_before = store.read_part(data_home, store.CR)
    importer.import_rulings([fixtures / "mtgjson-atomic.json"], data_home)
    assert store.read_part(data_home, store.CR) == rules_before
    assert reference.card_data("Fire // Ice") is not None
    assert reference.card_data("Cosi's Trickster") is None  # an import replaces all cards


def test_stored_part_is_what_was_parsed(fixtures: Path, data_home: Path) -> None:
    cr, cards = _cr(fixtures), _cards(fixtures)
    store.save(data_home, store.CR, json.loads(json.dumps(cr)))
    store.save(data_home, store.RULINGS, json.loads(json.dumps(cards)))
    assert store.read_part(data_home, store.CR) == cr
    assert store.read_part(data_home, store.RULINGS) == cards


def test_failure_part_way_keeps_the_old_file(fixtures: Path, data_home: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    importer.import_cr(fixtures / "cr-mini.txt", data_home)
    importer.import_rulings([fixtures / "project-cards.json"], data_home)
    before = (data_home / store.DB_FILE).read_bytes()
    real = store._write_part

    def fails_after_writing(conn, part, data):  # rows written, then the disk fills up
        real(conn, part, data)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "_write_part", fails_after_writing)
    with pytest.raises(ReferenceDataError, match="previous data is kept"):
        importer.import_rulings([fixtures / "mtgjson-atomic.json"], data_home)
    assert (data_home / store.DB_FILE).read_bytes() == before
    assert sorted(p.name for p in data_home.iterdir()) == [".lock", store.DB_FILE]
    monkeypatch.setattr(store, "_write_part", real)
    assert reference.card_data("Cosi's Trickster") is not None


def test_a_reader_sees_a_new_import(fixtures: Path, data_home: Path) -> None:
    importer.import_cr(fixtures / "cr-mini.txt", data_home)
    old = reference.rules_book()
    assert old.effective == "2031-02-03"
    text = (fixtures / "cr-mini.txt").read_text(encoding="utf-8")
    newer = data_home.parent / "newer.txt"
    newer.write_text(text.replace("February 3, 2031", "March 9, 2032"), encoding="utf-8")
    importer.import_cr(newer, data_home)
    assert reference.rules_book().effective == "2032-03-09"
    assert old.rule("100.1") is not None  # a book opened before still reads its own file


def test_damaged_database_is_an_error(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    (data_home / store.DB_FILE).write_bytes(b"SQLite format 3\x00" + b"\x07" * 300)
    with pytest.raises(ReferenceDataError, match="unreadable reference data file"):
        reference.cr_rule("100.1")


def test_status_without_reading_every_card(fixtures: Path, data_home: Path) -> None:
    importer.import_rulings([fixtures / "project-cards.json"], data_home)
    status = reference.data_status()
    assert status["database"] == str(data_home / store.DB_FILE)
    assert status["rulings"]["rulings"] == 8 and status["rulings"]["cards"] == 7
    assert status["cr"] is None


# --- earlier JSON data directories --------------------------------------------------------------


def test_old_json_directory_is_converted_once(fixtures: Path, data_home: Path) -> None:
    cr, cards = _cr(fixtures), _cards(fixtures)
    _legacy(data_home, cr, cards)
    assert reference.cr_rule("701.23b")["number"] == "701.23b"
    assert reference.card_data("Ice")["card"] == "Fire // Ice"
    assert sorted(p.name for p in data_home.iterdir()) == [".lock", store.DB_FILE]
    assert store.read_part(data_home, store.CR) == cr
    assert store.read_part(data_home, store.RULINGS) == cards


def test_old_json_part_is_kept_by_an_import_of_the_other(fixtures: Path,
                                                         data_home: Path) -> None:
    _legacy(data_home, cr=_cr(fixtures))
    importer.import_rulings([fixtures / "project-cards.json"], data_home)
    assert reference.cr_rule("100.1") is not None
    assert not (data_home / store.CR_FILE).exists()


def test_old_json_directory_that_cant_be_written_is_refused(
        fixtures: Path, data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _legacy(data_home, cr=_cr(fixtures))

    def read_only(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store, "_rebuild", read_only)
    with pytest.raises(ReferenceDataError) as err:
        reference.cr_rule("100.1")
    message = str(err.value)
    assert message.startswith(f"{data_home / store.CR_FILE}: reference data in the JSON files")
    assert "rulings data import-cr FILE" in message and "--data-dir" in message
    assert (data_home / store.CR_FILE).is_file()  # nothing removed


def test_damaged_old_json_file_says_what_to_run(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    (data_home / store.RULINGS_FILE).write_text("[1, 2", encoding="utf-8")
    with pytest.raises(ReferenceDataError, match="unreadable official rulings data file.*"
                                                 "import again: rulings data import-rulings"):
        reference.official_ruling("x#1")


# --- lookups by every name, search through the index ----------------------------------------


def test_a_card_is_found_by_every_name(fixtures: Path, data_home: Path) -> None:
    importer.import_rulings([fixtures / "mtgjson-atomic.json"], data_home)
    book = reference.card_book()
    for name in ("Fire // Ice", "fire-ice", "FIRE // ICE", "Fire", "Ice", "Fire (Fire/Ice)",
                 "fire-fire-ice"):
        assert book.slug_for(name) == "fire-ice", name
    assert book.slug_for("Fire and Ice") is None
    assert reference.card_data("Ice")["oracle_text"] == "Fixture frost."


def test_every_name_of_the_full_card_data(shared_data: Path, data_home: Path) -> None:
    files = [shared_data / "rulings-all.json", shared_data / "multiface-cards.json"]
    importer.import_rulings(files, data_home)
    stored = reference.card_book()
    memory = CardBook(official.parse_files(files)[0])
    assert len(stored.cards) == len(memory.cards)
    names = [n for card in memory.cards.values()
             for n in [card["name"], *(f["name"] for f in card.get("faces", []))]]
    for name in names:
        assert stored.slug_for(name) == memory.slug_for(name), name
    assert stored.aliases == memory.aliases
    slug = next(s for s, c in memory.cards.items() if c["rulings"])
    assert stored.ruling(f"{slug}#1") == memory.ruling(f"{slug}#1")


@pytest.mark.parametrize("fts", [True, False], ids=["fts5", "like"])
def test_search_matches_a_scan_of_the_whole_book(fixtures: Path, data_home: Path,
                                                 fts: bool) -> None:
    importer.import_cr(fixtures / "cr-mini.txt", data_home)
    stored = reference.rules_book()
    if not fts:
        stored.db.fts = False  # as on an SQLite build without FTS5
    memory = RulesBook(comprehensive.parse_file(fixtures / "cr-mini.txt"))
    for query in [*QUERIES, "search", "land", "tap"]:
        assert stored.search(query, None) == memory.search(query, None), query


def test_search_of_the_full_rules(shared_data: Path, data_home: Path) -> None:
    importer.import_cr(shared_data / "comprehensive-rules.txt", data_home)
    stored = reference.rules_book()
    memory = RulesBook(comprehensive.parse_file(shared_data / "comprehensive-rules.txt"))
    for query in QUERIES:
        assert stored.search(query, 20) == memory.search(query, 20), query
    assert stored.descendants("701.23") == memory.descendants("701.23")
    assert stored.descendants("7") == memory.descendants("7")  # longer than a page
    assert stored.nearest("701.99") == memory.nearest("701.99")
