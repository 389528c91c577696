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

#: the load generator, run as `python -c LOAD URL CONCURRENCY SECONDS` with the body on stdin.
#: Plain asyncio sockets speaking HTTP/1.1 with keep-alive: a client library would spend more
#: CPU than the service on this 2-core machine and so measure itself. Clients are honest: a
#: 503 with Retry-After is waited out before the next request, as a real client would.
LOAD = r"""
import asyncio, json, sys, time
from urllib.parse import urlsplit

url, concurrency, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
body = sys.stdin.buffer.read()
parts = urlsplit(url)
request = (f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
           f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
           ).encode() + body

async def one(reader, writer):
    writer.write(request)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    fields = {l.split(":", 1)[0].lower(): l.split(":", 1)[1].strip() for l in lines[1:] if ":" in l}
    await reader.readexactly(int(fields.get("content-length", "0")))
    return status, fields

async def worker(stop, out):
    conn = None
    while time.perf_counter() < stop:
        started = time.perf_counter()
        try:
            if conn is None:
                conn = await asyncio.open_connection(parts.hostname, parts.port)
            status, fields = await asyncio.wait_for(one(*conn), 120)
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError):
            out["errors"] += 1
            if conn:
                conn[1].close()
            conn = None
            continue
        if fields.get("connection", "").lower() == "close":
            conn[1].close()
            conn = None
        if status == 200:
            out["latencies"].append(time.perf_counter() - started)
        else:
            out["refused"][str(status)] = out["refused"].get(str(status), 0) + 1
            out["problem_json"] &= fields.get("content-type", "").startswith("application/problem+json")
            out["no_retry_after"] += status == 503 and "retry-after" not in fields
            if "retry-after" in fields:
                await asyncio.sleep(min(float(fields["retry-after"]), max(0, stop - time.perf_counter())))
    if conn:
        conn[1].close()

async def main():
    warm = {"latencies": [], "refused": {}, "errors": 0, "problem_json": True, "no_retry_after": 0}
    await asyncio.gather(*(worker(time.perf_counter() + 1.0, warm) for _ in range(min(concurrency, 8))))
    out = {"latencies": [], "refused": {}, "errors": 0, "problem_json": True, "no_retry_after": 0}
    begun = time.perf_counter()
    await asyncio.gather(*(worker(begun + seconds, out) for _ in range(concurrency)))
    out["elapsed"] = time.perf_counter() - begun
    out["failures"] = out["errors"] + sum(out["refused"].values())
    print(json.dumps(out))

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


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


#: the goals of issue 26, shown beside the figures
GOALS = {8: "goal ≥ 150 requests/s", 100: "goal: 0 connection errors; refusals are 503 "
         "with Retry-After"}


def service_figures(duration: float = 30.0, concurrencies: tuple[int, ...] = (1, 8),
                    situation: dict[str, Any] | None = None,
                    serve_args: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """Label/value pairs: requests/s and p50/p99 latency of POST /v1/ask at each concurrency,
    `duration` seconds each, against a `rulings serve` started for the purpose; and the CPU
    the service spent per answered request, which a busy machine changes far less than the
    rate (requests per CPU second is what one free core would serve)."""
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
            figures.append(("service: `rulings serve` options",
                            " ".join(serve_args) or "the defaults"))
            figures.append(("service: engine threads per process",
                            str(_health(url).get("threads", "?"))))
            for c in concurrencies:
                cpu_before = _service_cpu(proc.pid)
                result = load(f"{url}/v1/ask", body, c, duration)
                cpu_after = _service_cpu(proc.pid)
                latencies = result["latencies"]
                rate = len(latencies) / result["elapsed"] if result["elapsed"] else 0.0
                p50 = _percentile(latencies, 0.50) * 1000
                p99 = _percentile(latencies, 0.99) * 1000
                goal = GOALS.get(c)
                figures.append((f"service: {c} clients: requests/s", f"{rate:.1f}"))
                if goal:
                    figures.append((f"service: {c} clients: goal", goal))
                figures.append((f"service: {c} clients: latency p50 / p99",
                                f"{p50:.0f} ms / {p99:.0f} ms"))
                if cpu_before is not None and cpu_after is not None and latencies:
                    # the load generator's warm-up second is included: a slight overcount
                    per = (cpu_after - cpu_before) / len(latencies)
                    figures.append((f"service: {c} clients: service CPU per answer",
                                    f"{per * 1000:.1f} ms ({1 / per if per else 0:,.0f} "
                                    "answers per CPU second)"))
                refused = ", ".join(f"{n}× {status}" for status, n in
                                    sorted(result["refused"].items()))
                figures.append((f"service: {c} clients: not answered",
                                f"{refused or 'none refused'}; {result['errors']} "
                                "connection errors"
                                + ("" if result["problem_json"] else "; a refusal was not "
                                   "problem+json")
                                + (f"; {result['no_retry_after']} 503 without Retry-After"
                                   if result.get("no_retry_after") else "")))
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=20)
    return figures


def _service_cpu(pid: int) -> float | None:
    """CPU seconds of the service: its process and its worker processes (`--workers`)."""
    total = _cpu_seconds(pid)
    if total is None:
        return None
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    for child in children:
        total += _cpu_seconds(int(child)) or 0.0
    return total


def _health(url: str) -> dict[str, Any]:
    import httpx

    try:
        found: dict[str, Any] = httpx.get(f"{url}/v1/health", timeout=10).json()
        return found
    except (httpx.HTTPError, ValueError):
        return {}


__all__ = ["service_figures", "load"]
