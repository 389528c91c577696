"""Shared fixtures for the checker's tests: the fixture knowledge base and fixture files.

The fixture knowledge (fixture_knowledge.py) is loaded only through
`rulings.batch.load_engine_class`, which runs that file once per process."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: runs the whole repository corpus (deselect with -m 'not slow')")


@pytest.fixture(autouse=True)
def no_imported_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test sees an empty data directory, never the user's imported data."""
    folder = tmp_path / "data"
    monkeypatch.setenv("RULINGS_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def fixtures() -> Path:
    return HERE / "fixtures"


@pytest.fixture
def repo() -> Path:
    return HERE.parent.parent


@pytest.fixture
def spec() -> Callable[[str], str]:
    """The engine spec of a fixture knowledge class, e.g. spec("Clean")."""

    def make(name: str) -> str:
        return f"{HERE / 'fixture_knowledge.py'}:{name}"

    return make


@pytest.fixture
def engine_class(spec: Callable[[str], str]) -> Callable[[str], type]:
    from rulings.batch import load_engine_class

    def load(name: str) -> type:
        return load_engine_class(spec(name))

    return load
