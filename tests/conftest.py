"""Shared test helpers: where the repository and the user's shared data are."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def shared_dir() -> Path | None:
    env = os.environ.get("RULINGS_SHARED_DIR")
    for candidate in ([Path(env)] if env else []) + [REPO.parent / "shared"]:
        if (candidate / "data").is_dir():
            return candidate
    return None


@pytest.fixture
def shared() -> Path:
    found = shared_dir()
    if found is None:
        pytest.skip("the shared data folder (../shared or RULINGS_SHARED_DIR) is absent")
    return found
