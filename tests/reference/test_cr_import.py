"""Importing the Comprehensive Rules text: formats, structure, bad files, atomicity, locking."""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

import pytest

from rulings.reference import ReferenceDataError, comprehensive, importer, store

VARIANTS = ["cr-mini.txt", "cr-mini-bom-crlf.txt", "cr-mini-cr.txt"]


def numbers(data: dict) -> list[str]:
    return [r["number"] for r in data["rules"]]


def rule(data: dict, number: str) -> dict:
    return next(r for r in data["rules"] if r["number"] == number)


def test_fixture_files_keep_their_line_ends(fixtures: Path) -> None:
    # If git or an editor normalised these, the line-end tests below would prove nothing.
    bom_crlf = (fixtures / "cr-mini-bom-crlf.txt").read_bytes()
    assert bom_crlf.startswith(b"\xef\xbb\xbf") and b"\r\n" in bom_crlf
    cr_only = (fixtures / "cr-mini-cr.txt").read_bytes()
    assert b"\r" in cr_only and b"\n" not in cr_only
    plain = (fixtures / "cr-mini.txt").read_bytes()
    assert not plain.startswith(b"\xef\xbb\xbf") and b"\r" not in plain


@pytest.mark.parametrize("name", VARIANTS)
def test_every_line_end_style_gives_the_same_rules(fixtures: Path, name: str) -> None:
    reference = comprehensive.parse_file(fixtures / "cr-mini.txt")
    data = comprehensive.parse_file(fixtures / name)
    assert data["rules"] == reference["rules"]
    assert data["glossary"] == reference["glossary"]
    assert data["effective"] == "2031-02-03"
    assert data["effective_text"] == "February 3, 2031"


def test_body_not_table_of_contents(fixtures: Path) -> None:
    data = comprehensive.parse_file(fixtures / "cr-mini.txt")
    assert numbers(data) == [
        "1", "100", "100.1", "100.1a", "100.1b", "100.2", "101", "101.1", "101.1a",
        "7", "700", "700.1", "701", "701.1", "701.1a", "701.23", "701.23a", "701.23b",
    ]
    assert rule(data, "701")["text"] == "Keyword Actions"
    assert rule(data, "701.23")["text"] == "Search"


def test_examples_and_continuations_belong_to_the_rule_above(fixtures: Path) -> None:
    data = comprehensive.parse_file(fixtures / "cr-mini.txt")
    assert rule(data, "100.1b")["examples"] == [
        "A tester shuffles seven paper squares and nothing at all happens."
    ]
    assert rule(data, "100.1a")["examples"] == []
    assert rule(data, "100.2")["text"].endswith(
        "\nThis indented paragraph still belongs to fixture rule two.")
    # A plain line after an example carries on the example, not the rule.
    assert rule(data, "701.23a")["examples"][0].endswith("\nThat leftover line still belongs "
                                                         "to the worked case above.")
    assert "leftover" not in rule(data, "701.23a")["text"]


def test_irregular_periods_are_tolerated(fixtures: Path) -> None:
    data = comprehensive.parse_file(fixtures / "cr-mini.txt")
    assert rule(data, "101.1")["text"].startswith("This rule lost the period")
    assert rule(data, "101.1a")["text"].startswith("This subrule gained a stray period")


def test_glossary_entries(fixtures: Path) -> None:
    data = comprehensive.parse_file(fixtures / "cr-mini.txt")
    assert [e["term"] for e in data["glossary"]] == [
        "Ponder", "Untap Symbol", "You, Your", "Teapot Step (Obsolete)"]
    assert data["glossary"][1]["definition"] == (
        "A squiggle invented for these tests.\nIt has a second definition line. "
        "See rule 701.23b.")


def test_windows_1252_edition_is_read(fixtures: Path, tmp_path: Path) -> None:
    text = (fixtures / "cr-mini.txt").read_text(encoding="utf-8")
    text = text.replace("fixture rule two.", "fixture rule two’s.")
    old = tmp_path / "old.txt"
    old.write_bytes(text.encode("cp1252"))
    assert "two’s" in rule(comprehensive.parse_file(old), "100.2")["text"]


# --- files that are not a whole CR ----------------------------------------------------------


def _cut_before(fixtures: Path, tmp_path: Path, marker: str) -> Path:
    text = (fixtures / "cr-mini.txt").read_text(encoding="utf-8")
    cut = tmp_path / "cut.txt"
    cut.write_text(text[: text.index(marker)], encoding="utf-8")
    return cut


def test_truncated_in_the_rules(fixtures: Path, tmp_path: Path) -> None:
    cut = _cut_before(fixtures, tmp_path, "701.23b An untap")
    with pytest.raises(ReferenceDataError) as err:
        comprehensive.parse_file(cut)
    message = str(err.value)
    assert message.startswith(f"{cut}:")
    assert "ends before the Glossary" in message and "truncated" in message
    assert err.value.line is not None and err.value.line > 40


def test_truncated_in_the_glossary(fixtures: Path, tmp_path: Path) -> None:
    cut = _cut_before(fixtures, tmp_path, "Credits\n\nWritten")
    with pytest.raises(ReferenceDataError, match="ends inside the Glossary"):
        comprehensive.parse_file(cut)


def test_garbled_order_is_refused_with_its_line(fixtures: Path, tmp_path: Path) -> None:
    text = (fixtures / "cr-mini.txt").read_text(encoding="utf-8")
    a = "100.1a The first lettered subrule hangs under fixture rule one."
    b = "100.2. Fixture rule two runs on into an indented paragraph."
    garbled = tmp_path / "garbled.txt"
    garbled.write_text(text.replace(a, "@@").replace(b, a).replace("@@", b), encoding="utf-8")
    with pytest.raises(ReferenceDataError, match="rule 100.1b comes after 100.2") as err:
        comprehensive.parse_file(garbled)
    lines = garbled.read_text(encoding="utf-8").split("\n")
    assert err.value.line == next(i for i, x in enumerate(lines, 1) if x.startswith("100.1b"))


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "empty"),
        (b"\x00\x01\x02binary\x00", "binary"),
        (b'{"meta": {}, "data": {}}', "JSON file"),
        (b"# Release notes\n\nNothing about the game here.\n", "expected the title"),
        (b"Magic: The Gathering Comprehensive Rules\n\n100.1. A rule.\n", "effective as of"),
        (b"Magic: The Gathering Comprehensive Rules\nText \x81\x8d here\n", "undecodable"),
    ],
)
def test_files_that_are_not_a_cr(tmp_path: Path, content: bytes, expected: str) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    with pytest.raises(ReferenceDataError, match=expected) as err:
        comprehensive.parse_file(bad)
    assert str(err.value).startswith(str(bad))
    assert "→" in str(err.value)  # says what would be right


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ReferenceDataError, match="cannot read"):
        comprehensive.parse_file(tmp_path / "nowhere.txt")


# --- the command, atomicity, concurrency ----------------------------------------------------


def test_import_command(cli, fixtures: Path, data_home: Path) -> None:
    code, out, err = cli("data", "import-cr", str(fixtures / "cr-mini-bom-crlf.txt"))
    assert code == 0, err
    assert "effective 2031-02-03" in out and "12 rules" in out and "4 glossary terms" in out
    stored = store.read_part(data_home, "cr")
    assert stored["format"] == "mtg-rulings/cr"
    assert stored["source"]["file"] == "cr-mini-bom-crlf.txt"


def test_import_command_data_dir_option(cli, fixtures: Path, tmp_path: Path,
                                        data_home: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    code, _, err = cli("data", "import-cr", str(fixtures / "cr-mini.txt"),
                       "--data-dir", str(elsewhere))
    assert code == 0, err
    assert (elsewhere / store.DB_FILE).is_file()
    assert not (data_home / store.DB_FILE).exists()


def test_bad_file_error_is_one_line_without_traceback(cli, fixtures: Path) -> None:
    code, out, err = cli("data", "import-cr", str(fixtures / "project-cards.json"))
    assert code == 2 and out == ""
    assert err.startswith(f"{fixtures / 'project-cards.json'}:1: this is a JSON file")
    assert "Traceback" not in err and err.count("\n") == 1


def test_failed_import_keeps_previous_data(cli, fixtures: Path, tmp_path: Path,
                                           data_home: Path) -> None:
    assert cli("data", "import-cr", str(fixtures / "cr-mini.txt"))[0] == 0
    before = (data_home / store.DB_FILE).read_bytes()
    cut = _cut_before(fixtures, tmp_path, "Glossary\n\nPonder")
    code, _, err = cli("data", "import-cr", str(cut))
    assert code == 2 and "truncated" in err
    assert (data_home / store.DB_FILE).read_bytes() == before
    assert sorted(p.name for p in data_home.iterdir()) == [".lock", store.DB_FILE]


def test_failure_while_writing_keeps_previous_data(fixtures: Path, data_home: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    importer.import_cr(fixtures / "cr-mini.txt", data_home)
    before = (data_home / store.DB_FILE).read_bytes()

    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store.os, "replace", disk_full)
    with pytest.raises(ReferenceDataError, match="previous data is kept"):
        importer.import_cr(fixtures / "cr-mini-cr.txt", data_home)
    assert (data_home / store.DB_FILE).read_bytes() == before
    assert not [p for p in data_home.iterdir() if p.name.endswith(".tmp")]


def test_second_writer_waits_for_the_lock(data_home: Path) -> None:
    with store.locked(data_home):
        started = time.monotonic()
        with pytest.raises(ReferenceDataError, match="another import"):
            with store.locked(data_home, timeout=0.1):
                pass
        assert time.monotonic() - started >= 0.1
    with store.locked(data_home, timeout=0.1):  # free again once released
        pass


def test_concurrent_imports_leave_valid_data(fixtures: Path, tmp_path: Path,
                                             data_home: Path) -> None:
    other = tmp_path / "other-edition.txt"
    other.write_text((fixtures / "cr-mini.txt").read_text(encoding="utf-8")
                     .replace("February 3, 2031", "March 9, 2032"), encoding="utf-8")
    jobs = [(str(fixtures / "cr-mini.txt"), data_home), (str(other), data_home)] * 6
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        results = pool.starmap(importer.import_cr, jobs)
    assert {r["effective"] for r in results} == {"2031-02-03", "2032-03-09"}
    stored = store.read_part(data_home, "cr")
    assert stored["effective"] in {"2031-02-03", "2032-03-09"}
    assert len(stored["rules"]) == 18
    assert sorted(p.name for p in data_home.iterdir()) == [".lock", store.DB_FILE]


def test_data_file_mode_follows_umask(fixtures: Path, data_home: Path) -> None:
    old = os.umask(0o022)
    try:
        importer.import_cr(fixtures / "cr-mini.txt", data_home)
    finally:
        os.umask(old)
    assert (data_home / store.DB_FILE).stat().st_mode & 0o777 == 0o644


# --- the real document ----------------------------------------------------------------------


def test_full_comprehensive_rules(shared_data: Path, data_home: Path) -> None:
    started = time.perf_counter()
    summary = importer.import_cr(shared_data / "comprehensive-rules.txt", data_home)
    elapsed = time.perf_counter() - started
    assert elapsed < 2.0, f"importing the CR took {elapsed:.2f} s"
    assert summary["effective"] == "2026-04-17"
    assert summary["chapters"] == 9
    assert summary["rules"] > 3000 and summary["glossary"] > 700
    data = store.read_part(data_home, "cr")
    found = set(numbers(data))
    # The edition's own quirks: "119.1d." and "606.5 " are still read as rules.
    assert {"119.1d", "606.5", "701.23", "701.23b", "905.6"} <= found
    assert numbers(data).count("1") == 1  # the table of contents is not parsed as rules
    assert "\n" in rule(data, "509.1b")["text"]  # its indented second paragraph
    assert rule(data, "101.2")["examples"]
    terms = {e["term"] for e in data["glossary"]}
    assert {"Mana Ability", "Untap Symbol", "You, Your"} <= terms
