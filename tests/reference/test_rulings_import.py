"""Importing card data and official rulings: slugs, every accepted format, bad files."""

from __future__ import annotations

import gzip
import json
import time
from pathlib import Path

import pytest

from rulings.reference import ReferenceDataError, importer, official, slugify, store


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Leonin Arbiter", "leonin-arbiter"),
        ("Ob Nixilis, Unshackled", "ob-nixilis-unshackled"),
        ("Cosi's Trickster", "cosis-trickster"),
        ("Cosi’s Trickster", "cosis-trickster"),
        ("Aether Searcher", "aether-searcher"),
        ("Æther Searcher", "aether-searcher"),
        ("Séance", "seance"),
        ("Lim-Dûl's Vault", "lim-duls-vault"),
        ("Fire // Ice", "fire-ice"),
        ("Fire (Fire/Ice)", "fire-fire-ice"),
        ("Circle of Protection: Red", "circle-of-protection-red"),
        ("B.O.B. (Bevy of Beebles)", "bob-bevy-of-beebles"),
        ("Kaboom!", "kaboom"),
        ("leonin-arbiter", "leonin-arbiter"),  # a slug is its own slug
    ],
)
def test_slugify(name: str, slug: str) -> None:
    assert slugify(name) == slug


def parse(fixtures: Path, *names: str) -> dict:
    data, _ = official.parse_files([fixtures / n for n in names])
    return data


def texts(data: dict, slug: str) -> list[str]:
    return [r["text"] for r in data["cards"][slug]["rulings"]]


def test_project_array(fixtures: Path) -> None:
    data = parse(fixtures, "project-cards.json")
    assert list(data["cards"]) == sorted(data["cards"])  # stored in slug order
    assert set(data["cards"]) == {
        "aether-searcher", "cosis-trickster", "fire-fire-ice", "ice-fire-ice",
        "leonin-arbiter", "ob-nixilis-unshackled", "quiet-fixture"}
    arbiter = data["cards"]["leonin-arbiter"]
    assert arbiter["mana_cost"] == "{1}{W}" and arbiter["type_line"] == "Creature — Cat Cleric"
    dates = [r["date"] for r in arbiter["rulings"]]
    assert dates == ["2011-01-01"] * 2 + ["2020-05-05"]
    assert texts(data, "leonin-arbiter")[1].startswith("Invented note two")  # file order
    assert data["cards"]["quiet-fixture"]["rulings"] == []
    assert data["aliases"] == {"fire": "fire-fire-ice", "ice": "ice-fire-ice"}


def test_mtgjson_atomic_cards(fixtures: Path) -> None:
    data = parse(fixtures, "mtgjson-atomic.json")
    assert set(data["cards"]) == {"fire-ice", "leonin-arbiter", "quiet-fixture"}
    fire_ice = data["cards"]["fire-ice"]
    assert fire_ice["name"] == "Fire // Ice"
    assert fire_ice["mana_cost"] == "{1}{R} // {1}{U}"
    assert [f["name"] for f in fire_ice["faces"]] == ["Fire", "Ice"]
    assert len(fire_ice["rulings"]) == 2  # the faces' repeated lists count once
    assert texts(data, "leonin-arbiter") == ["Atomic invented note A.", "Atomic invented note B."]
    assert data["aliases"]["fire"] == "fire-ice"
    assert data["aliases"]["fire-fire-ice"] == "fire-ice"  # the "Face (Full/Name)" style


def test_mtgjson_all_printings(fixtures: Path) -> None:
    data = parse(fixtures, "mtgjson-allprintings.json")
    assert set(data["cards"]) == {"delver-of-secrets-insectile-aberration", "leonin-arbiter"}
    arbiter = data["cards"]["leonin-arbiter"]
    assert arbiter["oracle_text"] == "Printing one text."  # the first printing's fields
    assert texts(data, "leonin-arbiter")[0] == "Printings invented note A."  # reprint's rulings
    delver = data["cards"]["delver-of-secrets-insectile-aberration"]
    assert [f["name"] for f in delver["faces"]] == ["Delver of Secrets", "Insectile Aberration"]
    assert data["aliases"]["delver-of-secrets"] == "delver-of-secrets-insectile-aberration"


def test_mtgjson_single_set_file(fixtures: Path, tmp_path: Path) -> None:
    everything = json.loads((fixtures / "mtgjson-allprintings.json").read_text(encoding="utf-8"))
    one_set = tmp_path / "AAA.json"
    one_set.write_text(json.dumps({"meta": {}, "data": everything["data"]["AAA"]}),
                       encoding="utf-8")
    data, _ = official.parse_files([one_set])
    assert data["sources"][0]["kind"] == "mtgjson-set"
    assert data["cards"]["leonin-arbiter"]["rulings"] == []


def test_scryfall_rulings_with_oracle_cards(fixtures: Path) -> None:
    data, notes = official.parse_files(
        [fixtures / "scryfall-rulings.json", fixtures / "scryfall-oracle.json"])
    # Only source "wotc" counts; ordered by published_at, then file order.
    assert texts(data, "leonin-arbiter") == [
        "Scryfall invented note, published first.",
        "Scryfall invented note, same day, later in the file.",
        "Scryfall invented note, published later.",
    ]
    assert texts(data, "fire-ice") == ["Scryfall invented split-card note."]
    assert "goblin" not in data["cards"]  # tokens are not cards
    assert data["cards"]["two-sided-fixture"]["rulings"] == []
    assert notes and "1 official ruling(s)" in notes[0]  # the one naming an unknown card


def test_scryfall_rulings_alone_are_refused(fixtures: Path) -> None:
    with pytest.raises(ReferenceDataError, match="oracle cards") as err:
        official.parse_files([fixtures / "scryfall-rulings.json"])
    assert str(err.value).startswith(str(fixtures / "scryfall-rulings.json"))


def test_scryfall_oracle_cards_alone_give_card_data(fixtures: Path) -> None:
    data, _ = official.parse_files([fixtures / "scryfall-oracle.json"])
    assert data["cards"]["leonin-arbiter"]["oracle_text"] == "Fixture text from the oracle file."
    assert official.ruling_count(data) == 0


def test_first_file_wins_for_a_card_in_two_files(fixtures: Path) -> None:
    data = parse(fixtures, "project-cards.json", "mtgjson-atomic.json")
    assert texts(data, "leonin-arbiter")[0].startswith("Invented note one")
    assert "fire-ice" in data["cards"] and "fire-fire-ice" in data["cards"]
    assert "fire" not in data["aliases"]  # two cards answer to it: no alias


def test_compressed_file(fixtures: Path, tmp_path: Path) -> None:
    packed = tmp_path / "AtomicCards.json.gz"
    packed.write_bytes(gzip.compress((fixtures / "mtgjson-atomic.json").read_bytes()))
    assert set(parse(tmp_path, "AtomicCards.json.gz")["cards"]) == {
        "fire-ice", "leonin-arbiter", "quiet-fixture"}


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "empty"),
        (b"Magic: The Gathering Comprehensive Rules\n", "rulings data import-cr"),
        (b'{"meta": {}}', "without a “data” member"),
        (b"[]", "empty array"),
        (b"[1, 2, 3]", "array of another shape"),
        (b'{"data": {"X": 5}}', "object of another shape"),
        (b'[{"name": "Card", "rulings": [{"date": "2020-01-01", "text": 7}]}]',
         r"\[0\]\.rulings\[0\]: “text” should be text"),
        (b'[{"name": "Card", "rulings": "none"}]', r"\[0\]\.rulings: expected a list"),
        (b"\x1f\x8b\x08broken", "compressed file is damaged"),
    ],
)
def test_files_of_the_wrong_shape(tmp_path: Path, content: bytes, expected: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    with pytest.raises(ReferenceDataError, match=expected) as err:
        official.parse_files([bad])
    assert str(err.value).startswith(str(bad)) and "→" in str(err.value)


def test_truncated_json_names_the_line(fixtures: Path, tmp_path: Path) -> None:
    whole = (fixtures / "project-cards.json").read_text(encoding="utf-8")
    cut = tmp_path / "cut.json"
    cut.write_text(whole[: len(whole) // 2], encoding="utf-8")
    with pytest.raises(ReferenceDataError, match="truncated or garbled") as err:
        official.parse_files([cut])
    assert err.value.line is not None and err.value.line > 1
    assert str(err.value).startswith(f"{cut}:{err.value.line}: invalid JSON")


def test_import_command_and_status(cli, fixtures: Path, data_home: Path) -> None:
    code, out, err = cli("data", "import-rulings", str(fixtures / "scryfall-oracle.json"),
                         str(fixtures / "scryfall-rulings.json"))
    assert code == 0, err
    assert "4 official rulings for 2 cards (3 cards in all)" in out
    assert "note: 1 official ruling(s)" in err
    code, out, _ = cli("data", "status")
    assert code == 0
    assert f"Data directory: {data_home}" in out
    assert "Comprehensive Rules: not imported → rulings data import-cr FILE" in out
    assert "Official rulings: 4 for 2 cards" in out


def test_failed_rulings_import_keeps_previous_data(cli, fixtures: Path, tmp_path: Path,
                                                   data_home: Path) -> None:
    assert cli("data", "import-rulings", str(fixtures / "project-cards.json"))[0] == 0
    before = (data_home / store.DB_FILE).read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_text('[{"name": "Card", "rulings": [', encoding="utf-8")
    code, out, err = cli("data", "import-rulings", str(fixtures / "mtgjson-atomic.json"), str(bad))
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.startswith(f"{bad}:1: invalid JSON")
    assert (data_home / store.DB_FILE).read_bytes() == before


def test_import_rulings_needs_a_file(cli) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli("data", "import-rulings")
    assert exit_.value.code == 2


# --- the real data --------------------------------------------------------------------------


def test_all_rulings_at_scale(shared_data: Path, data_home: Path) -> None:
    started = time.perf_counter()
    summary = importer.import_rulings([shared_data / "rulings-all.json"], data_home)
    elapsed = time.perf_counter() - started
    assert elapsed < 10.0, f"importing the rulings took {elapsed:.2f} s"
    assert summary["rulings"] == 49_220
    assert summary["cards"] == 14_007


def test_shared_cards_file_ids(shared_data: Path) -> None:
    cards = json.loads((shared_data / "cards.json").read_text(encoding="utf-8"))
    data, _ = official.parse_files([shared_data / "cards.json"])
    assert len(data["cards"]) == len(cards)
    for card in cards:
        stored = data["cards"][slugify(card["name"])]
        assert len(stored["rulings"]) == len(card.get("rulings", []))
    assert {"leonin-arbiter", "ob-nixilis-unshackled", "cosis-trickster",
            "aether-searcher"} <= set(data["cards"])
