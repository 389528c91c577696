"""Service figures for `rulings bench`: throughput and latency of the HTTP door under load.

`rulings serve` runs in one process and the load generator (httpx, asyncio) in a second, so
that neither measures itself; both share the machine, which the figures include.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO_EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "reflecting-pool.yaml"

#: the load generator, run as `python -c LOAD URL CONCURRENCY SECONDS` with the body on stdin
LOAD = r"""
import asyncio, json, sys, time
import httpx

url, concurrency, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
body = sys.stdin.buffer.read()
headers = {"content-type": "application/json"}

async def worker(client, stop, latencies, failures):
    while time.perf_counter() < stop:
        started = time.perf_counter()
        try:
            r = await client.post(url, content=body, headers=headers)
            ok = r.status_code == 200
        except httpx.HTTPError:
            ok = False
        if ok:
            latencies.append(time.perf_counter() - started)
        else:
            failures.append(1)

async def main():
    limits = httpx.Limits(max_connections=concurrency)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        for _ in range(2 * concurrency):  # warm every engine thread
            await client.post(url, content=body, headers=headers)
        latencies, failures = [], []
        begun = time.perf_counter()
        stop = begun + seconds
        await asyncio.gather(*(worker(client, stop, latencies, failures)
                               for _ in range(concurrency)))
        elapsed = time.perf_counter() - begun
    print(json.dumps({"latencies": latencies, "failures": len(failures),
                      "elapsed": elapsed}))

asyncio.run(main())
"""


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _example() -> tuple[str, dict[str, Any]]:
    if REPO_EXAMPLE.is_file():
        from rulings.facts import located

        return REPO_EXAMPLE.name, json.loads(json.dumps(located.read(REPO_EXAMPLE)))
    from rulings.service.core import example_situation

    return "the built-in example", example_situation()


def _wait_healthy(proc: subprocess.Popen[Any], url: str, seconds: float = 120.0) -> None:
    import httpx

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"rulings serve exited with code {proc.returncode}")
        try:
            if httpx.get(f"{url}/v1/health", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError("rulings serve did not answer /v1/health in time")


def load(url: str, body: bytes, concurrency: int, duration: float) -> dict[str, Any]:
    """Run the load generator in its own process against `url`."""
    done = subprocess.run([sys.executable, "-c", LOAD, url, str(concurrency), str(duration)],
                          input=body, capture_output=True, timeout=duration + 600)
    if done.returncode != 0:
        raise RuntimeError(f"the load generator failed: {done.stderr.decode()[-500:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def service_figures(duration: float = 30.0, concurrencies: tuple[int, ...] = (1, 8),
                    situation: dict[str, Any] | None = None,
                    serve_args: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """Label/value pairs: requests/s and p50/p99 latency of POST /v1/ask at each concurrency,
    `duration` seconds each, against a `rulings serve` started for the purpose."""
    name, data = ("the given situation", situation) if situation else _example()
    body = json.dumps(data).encode()
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    figures: list[tuple[str, str]] = [("service: situation asked", name)]
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "rulings.cli", "serve", "--port", str(port),
             "--log-level", "warning", "--timeout", "120", *serve_args],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env={**os.environ},
        )
        try:
            _wait_healthy(proc, url)
            figures.append(("service: engine threads",
                            str(_health(url).get("threads", "?"))))
            for c in concurrencies:
                result = load(f"{url}/v1/ask", body, c, duration)
                latencies = result["latencies"]
                rate = len(latencies) / result["elapsed"] if result["elapsed"] else 0.0
                p50 = _percentile(latencies, 0.50) * 1000
                p99 = _percentile(latencies, 0.99) * 1000
                figures.append((f"service: concurrency {c}: requests/s", f"{rate:.1f}"))
                figures.append((f"service: concurrency {c}: latency p50 / p99",
                                f"{p50:.0f} ms / {p99:.0f} ms"))
                if result["failures"]:
                    figures.append((f"service: concurrency {c}: failed requests",
                                    str(result["failures"])))
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=20)
    return figures


def _health(url: str) -> dict[str, Any]:
    import httpx

    try:
        found: dict[str, Any] = httpx.get(f"{url}/v1/health", timeout=10).json()
        return found
    except (httpx.HTTPError, ValueError):
        return {}


__all__ = ["service_figures", "load"]
