"""Shared test helpers: where the repository and the shared data are, and a hermetic data
directory.

The suite never reads the user's data directory (what `rulings data import-…` filled): every
test runs with RULINGS_DATA_DIR pointing to an empty temporary folder, so a user's imports
can't change answers (citations' texts, `sources`) or make tests fail. Tests that need data
import it themselves into a folder of their own."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def shared_dir() -> Path | None:
    """The shared folder (with data/: cards.json, comprehensive-rules.txt, …), found as
    `rulings bench` finds it: $RULINGS_SHARED_DIR, else a shared/data above the repository."""
    from rulings.commands.options import shared_data

    data = shared_data()
    return data.parent if data is not None and data.name == "data" else data


@pytest.fixture
def shared() -> Path:
    found = shared_dir()
    if found is None:
        pytest.skip("the shared data folder is absent (no ../shared/data above the "
                    "repository, and RULINGS_SHARED_DIR is not set)")
    return found


@pytest.fixture(autouse=True, scope="session")
def hermetic_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """An empty data directory for the whole run (inherited by the subprocesses tests
    start), instead of the user's."""
    folder = tmp_path_factory.mktemp("rulings-data")
    old = {k: os.environ.get(k) for k in ("RULINGS_DATA_DIR", "XDG_DATA_HOME")}
    os.environ["RULINGS_DATA_DIR"] = str(folder)
    os.environ["XDG_DATA_HOME"] = str(folder / "xdg")
    try:
        yield folder
    finally:
        for key, value in old.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
