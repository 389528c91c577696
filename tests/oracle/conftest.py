"""Fixtures of the Oracle compiler's tests. Every test gets an empty data directory of its
own (RULINGS_DATA_DIR), so none reads the user's imported data; the real card pool is the
shared test data (oracle-cards.json), and tests needing it skip, with the reason, when it
is absent."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SNAPSHOTS = Path(__file__).with_name("snapshots")


def pool_file() -> Path | None:
    env = os.environ.get("RULINGS_SHARED_DIR")
    bases = [Path(env)] if env else [REPO.parent / "shared", REPO.parent.parent / "shared"]
    for base in bases:
        for folder in (base / "data", base):
            if (folder / "oracle-cards.json").is_file():
                return folder / "oracle-cards.json"
    return None


@functools.cache
def _pool(path: Path) -> dict[str, dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))["data"]
    out = {}
    for name, faces in data.items():
        f = faces[0]
        out[name] = {"name": f["name"], "mana_cost": f.get("manaCost"),
                     "type_line": f.get("type"), "oracle_text": f.get("text"),
                     "power": f.get("power"), "toughness": f.get("toughness"),
                     "loyalty": f.get("loyalty")}
    return out


@pytest.fixture
def pool_path() -> Path:
    path = pool_file()
    if path is None:
        pytest.skip("the shared test data (oracle-cards.json; RULINGS_SHARED_DIR) is absent")
    return path


@pytest.fixture
def pool(pool_path: Path) -> dict[str, dict[str, Any]]:
    """name -> printed fields, for every card of oracle-cards.json."""
    return _pool(pool_path)


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("RULINGS_DATA_DIR", str(folder))
    return folder
