"""Shared fixtures for the reference-data tests.

Every test gets its own empty data directory (RULINGS_DATA_DIR), so nothing here reads or
writes the user's real data. The full-size shared data is found through RULINGS_SHARED_DIR
(the shared folder or its data/ folder) or a shared/data above the repository; tests that
need it are skipped, with the reason, when it is absent.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).resolve().parents[2]


def _shared_data() -> Path | None:
    from rulings.commands.options import shared_data

    folder = shared_data()
    return folder if folder and (folder / "comprehensive-rules.txt").is_file() else None


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data directory the commands and the API use by default in this test."""
    folder = tmp_path / "data"
    monkeypatch.setenv("RULINGS_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture(scope="session")
def shared_data() -> Path:
    folder = _shared_data()
    if folder is None:
        pytest.skip("full-size shared data not found: set RULINGS_SHARED_DIR or place it in "
                    "../shared/data beside the repository")
    return folder


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    """Run `rulings ARGS…` in-process; returns (exit code, stdout, stderr)."""
    from rulings.cli import main

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


@pytest.fixture
def mini_cr(cli: Callable[..., tuple[int, str, str]], fixtures: Path) -> None:
    """The miniature CR fixture, imported into this test's data directory."""
    code, _, err = cli("data", "import-cr", str(fixtures / "cr-mini.txt"))
    assert code == 0, err


@pytest.fixture
def project_cards(cli: Callable[..., tuple[int, str, str]], fixtures: Path) -> None:
    """The project-shape card fixture, imported into this test's data directory."""
    code, _, err = cli("data", "import-rulings", str(fixtures / "project-cards.json"))
    assert code == 0, err
