"""Cases that name cards with no file in knowledge/cards/: they are compiled from the Oracle
text of the shared test data, imported into the test's own data directory, and then ruled on
by the same rules as a card file (the seeds' home ground: tutors, search hosers)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from rulings.cases import find_cases, load_case, run_case
from rulings.knowledge import catalog
from rulings.reference.importer import import_rulings

CASES = find_cases([Path(__file__).with_name("by-name")])


def _named(path: Path) -> set[str]:
    """The card names a case's situation uses."""
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "card" and isinstance(value, str):
                    found.add(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                if isinstance(item, str):
                    found.add(item)
                walk(item)

    walk(yaml.safe_load(path.read_text(encoding="utf-8"))["situation"])
    return found


@pytest.fixture
def small_pool(pool_path: Path, tmp_path: Path, data_home: Path) -> Path:
    """The cards every case names, imported as an AtomicCards-shaped file."""
    data = json.loads(pool_path.read_text(encoding="utf-8"))["data"]
    names = set().union(*(_named(p) for p in CASES))
    small = {"meta": {"version": "test"}, "data": {n: data[n] for n in sorted(names) if n in data}}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(small), encoding="utf-8")
    import_rulings([path], data_home)
    return data_home


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_case_by_name(path: Path, small_pool: Path) -> None:
    result = run_case(load_case(path))
    assert result.passed, "\n".join(result.differences)


def test_the_cards_named_have_no_file() -> None:
    """Else the case would test the card file, not the compiler."""
    for name in ("Mindlock Orb", "Worldly Tutor", "Aven Mindcensor", "Bribery"):
        assert catalog.card_file(name) is None, name
