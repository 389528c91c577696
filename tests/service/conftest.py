"""Helpers for the service tests: start the real `rulings serve` / `rulings mcp` processes.

Both run as subprocesses of this interpreter (`python -m rulings.cli …`), on a free loopback
port, with generous start-up timeouts (a 2-core machine under load is slow to import), and are
always terminated.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def _needs_http() -> Any:
    httpx = pytest.importorskip("httpx", reason="the HTTP client (httpx) is not installed")
    pytest.importorskip("fastapi", reason="the web framework (mtg-rulings[serve]) is absent")
    pytest.importorskip("uvicorn", reason="the web server (mtg-rulings[serve]) is absent")
    return httpx

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
STARTUP_SECONDS = 120.0


def situation_files() -> list[Path]:
    """Situations the service tests ask about: the examples, and our own small one."""
    return sorted((REPO / "examples").glob("*.yaml")) + [HERE / "forest.yaml"]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stop(proc: subprocess.Popen[Any]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=20)


@contextlib.contextmanager
def running_server(*args: str, env: dict[str, str] | None = None) -> Iterator[str]:
    """Start `rulings serve` with `args`; yield its base URL once /v1/health answers."""
    _needs_http()
    with tempfile.TemporaryDirectory(prefix="rulings-serve-test-") as tmp:
        log_path = Path(tmp) / "serve.log"
        environment = {**os.environ, "RULINGS_DATA_DIR": str(Path(tmp) / "no-data")}
        environment.update(env or {})
        for _attempt in range(3):  # the free port may be taken between the check and the bind
            port = free_port()
            with open(log_path, "wb") as log:
                proc = subprocess.Popen(
                    [sys.executable, "-m", "rulings.cli", "serve", "--port", str(port),
                     "--log-level", "warning", *args],
                    stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                    env=environment, cwd=str(REPO),
                )
            try:
                url = f"http://127.0.0.1:{port}"
                if _wait_healthy(proc, url):
                    yield url
                    return
                text = log_path.read_text(encoding="utf-8", errors="replace")
                if "address already in use" not in text.lower():
                    pytest.fail(f"rulings serve did not start:\n{text}")
            finally:
                _stop(proc)
        pytest.fail("rulings serve found no free port in 3 attempts")


def _wait_healthy(proc: subprocess.Popen[Any], url: str) -> bool:
    httpx = _needs_http()
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            if httpx.get(f"{url}/v1/health", timeout=5).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    return False


@pytest.fixture(scope="session")
def start_server() -> Any:
    return running_server


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A service with default limits (but a long timeout: slow machines must not fail)."""
    with running_server("--timeout", "120") as url:
        yield url


@pytest.fixture(scope="session")
def cr_data_dir() -> Iterator[Path]:
    """A data directory with the test fixture's miniature rules imported (skips when the
    reference import is not available)."""
    fixture = REPO / "tests" / "reference" / "fixtures" / "cr-mini.txt"
    if not fixture.is_file():
        pytest.skip("the miniature rules fixture is absent")
    with tempfile.TemporaryDirectory(prefix="rulings-cr-") as tmp:
        done = subprocess.run(
            [sys.executable, "-m", "rulings.cli", "data", "import-cr", str(fixture),
             "--data-dir", tmp],
            capture_output=True, text=True, timeout=300,
        )
        if done.returncode != 0:
            pytest.skip(f"rulings data import-cr failed: {done.stderr.strip()[:300]}")
        yield Path(tmp)
