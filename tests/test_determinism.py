"""The same situation gives the same bytes in any process, whatever the hash seed."""

from __future__ import annotations

import os
import subprocess
import sys

from .conftest import REPO


def _run(seed: str) -> bytes:
    env = dict(os.environ, PYTHONHASHSEED=seed)
    return subprocess.run(
        [sys.executable, "-m", "rulings.cli", "ask", "--json",
         str(REPO / "examples" / "reflecting-pool.yaml")],
        capture_output=True, env=env, check=True, timeout=120,
    ).stdout


def test_two_processes_with_different_hash_seeds_agree_byte_for_byte():
    first, second = _run("1"), _run("4242")
    assert first == second
    assert b'"rulings"' in first
