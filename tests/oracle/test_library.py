"""Cards by name from imported card data: hermetic, from a small store built in a temporary
data directory out of the shared test data (never the user's data)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulings.knowledge import catalog
from rulings.oracle import library
from rulings.reference.importer import import_rulings

NAMES = ["Serra Angel", "Llanowar Elves", "Shock", "Lightning Bolt", "Ravenous Chupacabra",
         "Divination", "Counterspell", "Giant Growth"]


@pytest.fixture
def atomic(pool_path: Path, tmp_path: Path) -> Path:
    """An AtomicCards-shaped file with a few real cards."""
    data = json.loads(pool_path.read_text(encoding="utf-8"))["data"]
    small = {"meta": {"version": "test"}, "data": {n: data[n] for n in NAMES if n in data}}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(small), encoding="utf-8")
    return path


@pytest.fixture
def imported(atomic: Path, data_home: Path) -> Path:
    import_rulings([atomic], data_home)
    return data_home


def test_importer_keeps_what_the_compiler_needs(imported):
    from rulings.reference import card_data

    found = card_data("Serra Angel")
    assert found["power"] == "4" and found["toughness"] == "4"
    assert found["type_line"].startswith("Creature")


def test_a_card_by_name_is_compiled_and_cached_per_data_version(imported, atomic):
    first = library.imported("Serra Angel")
    assert first is not None and first.fully
    assert first.card["keywords"] == ["flying", "vigilance"]
    assert library.imported("serra angel") is first  # cached
    import_rulings([atomic], imported)  # a new import is a new data version
    assert library.imported("Serra Angel") is not first


def test_catalog_falls_back_to_imported_data(imported):
    name = next(n for n in NAMES if catalog.card_file(n) is None)  # a card with no file
    card = catalog.card(name)
    assert card is not None and card.name == name and "imported" in card.file


def test_unknown_name_suggests_nearest_imported_names(imported):
    assert catalog.card("Serra Angle") is None
    hint = catalog.unknown_card_hint("Serra Angle")
    assert "'Serra Angel'" in hint and "define:" in hint


def test_without_imported_data_the_hint_says_how_to_import():
    assert library.imported("Serra Angel") is None
    hint = catalog.unknown_card_hint("Serra Angel")
    assert "rulings data import-rulings" in hint and "define:" in hint


def _rulings(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulings.cli", *args],
                          capture_output=True, text=True)


def test_card_parse_command(imported):
    done = _rulings("card", "Shock", "--parse")
    assert done.returncode == 0, done.stderr
    assert "understood 1 of 1 abilities" in done.stdout
    assert "deal_damage" in done.stdout
    done = _rulings("card", "Shokc", "--parse")
    assert done.returncode == 2 and "did you mean 'Shock'" in done.stderr


def test_coverage_cards_command(imported, atomic):
    done = _rulings("coverage", "--cards", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["cards"] == len(NAMES)
    assert 0 < report["fully_compiled"] <= report["cards"]
    assert "creature" in report["by_type"]
    done = _rulings("coverage", "--cards", str(atomic))
    assert done.returncode == 0 and "Cards fully compiled:" in done.stdout


def test_coverage_cards_without_data_says_how_to_import():
    done = _rulings("coverage", "--cards")
    assert done.returncode == 2 and "import-rulings" in done.stderr


SITUATION = """
question: Alice taps Fyndhorn Elves for mana. What does she get?
players: [Alice, Bob]
turn: {active: Alice, step: precombat main}
battlefield:
  - {card: Fyndhorn Elves, controller: Alice, id: elves}
  - {card: Utopia Tree, controller: Alice}
  - {card: Aether Vial, controller: Bob}
event:
  activate: {ability: elves.1}
"""


@pytest.fixture
def elves_store(pool_path: Path, tmp_path: Path, data_home: Path) -> Path:
    data = json.loads(pool_path.read_text(encoding="utf-8"))["data"]
    names = ["Fyndhorn Elves", "Utopia Tree", "Aether Vial"]
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps({"meta": {}, "data": {n: data[n] for n in names}}))
    import_rulings([path], data_home)
    situation = tmp_path / "elves.yaml"
    situation.write_text(SITUATION)
    return situation


def test_a_situation_names_imported_cards_and_the_answer_says_what_is_not_modelled(
        elves_store: Path):
    from rulings.api import ask

    answer = ask(elves_store)
    text = json.dumps(answer["rulings"])
    assert "Fyndhorn Elves" in text and answer["rulings"], answer
    notes = answer.get("notes", [])
    assert notes[0] == "Aether Vial: understood 1 of 2 abilities", notes
    assert notes[1].startswith("Aether Vial: ability 2, '{T}: You may put a creature card")
    assert notes[1].endswith("not modelled; the answer may miss its effects")
    assert len(notes) == 2
    assert not any(n.startswith(("Fyndhorn Elves", "Utopia Tree")) for n in notes)


def test_a_situation_naming_an_unknown_card_gets_the_nearest_imported_names(
        elves_store: Path):
    from rulings.api import ask
    from rulings.facts.errors import InputError

    elves_store.write_text(SITUATION.replace("card: Utopia Tree", "card: Utopia Tre"))
    with pytest.raises(InputError) as caught:
        ask(elves_store)
    assert "did you mean 'Utopia Tree'" in str(caught.value)
