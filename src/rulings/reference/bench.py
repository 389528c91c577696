"""Figures for `rulings bench`: import speed, lookup speed, cold starts with the data
imported, memory."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from rulings.reference import importer

_SRC = Path(__file__).resolve().parents[2]  # the directory holding the rulings package


def bench_figures(cr_file: str | os.PathLike[str],
                  rulings_file: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
                  example: str | os.PathLike[str] | None = None,
                  card: str = "Reflecting Pool") -> list[tuple[str, str]]:
    """Import the files into a temporary data directory and time the common operations;
    with `example` (a situation file), also cold `rulings ask` and `rulings card` with the
    data imported against the same commands without data."""
    from rulings import reference

    files = [rulings_file] if isinstance(rulings_file, (str, os.PathLike)) else \
        list(rulings_file)
    figures: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="rulings-bench-") as tmp:
        directory = Path(tmp) / "data"
        empty = Path(tmp) / "empty"

        start, cpu = time.perf_counter(), time.process_time()
        cr = importer.import_cr(cr_file, directory)
        figures.append(("import CR", f"{time.perf_counter() - start:.2f} s "
                                     f"(CPU {time.process_time() - cpu:.2f} s; "
                                     f"{cr['rules']:,} rules, {cr['glossary']:,} terms)"))

        start, cpu = time.perf_counter(), time.process_time()
        rulings = importer.import_rulings(files, directory)
        figures.append(("import rulings", f"{time.perf_counter() - start:.2f} s "
                                          f"(CPU {time.process_time() - cpu:.2f} s; "
                                          f"{rulings['rulings']:,} rulings, "
                                          f"{rulings['cards']:,} cards, {len(files)} file"
                                          f"{'s' if len(files) > 1 else ''})"))

        book = reference.rules_book(directory)
        number = "701.23b" if book.rule("701.23b") else book.rules[-1]["number"]
        reference.cr_rule(number, directory)  # the first call opens the database
        rounds = 5000
        start = time.perf_counter()
        for _ in range(rounds):
            reference.cr_rule(number, directory)
        warm_ms = (time.perf_counter() - start) / rounds * 1000
        figures.append((f"warm rule lookup ({number})", f"{warm_ms:.4f} ms"))

        start = time.perf_counter()
        cards = reference.card_book(directory)  # what a first ruling lookup pays for
        slug = cards.slug_for(card) or next(iter(cards.cards), "x")
        reference.resolve_citation(f"{slug}#1", directory)
        first_ms = (time.perf_counter() - start) * 1000
        figures.append(("first ruling lookup (opens the database)", f"{first_ms:.1f} ms"))

        figures.append((f"cold `rulings cr {number}`",
                        _ms(_cold(["cr", number], directory))))
        figures.append(("cold `rulings cr --search \"untap symbol\"`",
                        _ms(_cold(["cr", "--search", "untap symbol"], directory))))
        if example is not None:
            empty.mkdir()
            for label, args in ((f"cold `rulings ask {Path(example).name}`", ["ask", str(example)]),
                                (f"cold `rulings card \"{card}\"`", ["card", card])):
                # interleaved, best of 5 each: the machine's load moves both alike
                with_data: list[float] = []
                without: list[float] = []
                failed = ""
                for _ in range(5):
                    for times, folder in ((with_data, directory), (without, empty)):
                        took = _cold(args, folder, runs=1)
                        if isinstance(took, str):
                            failed = took
                        else:
                            times.append(took)
                if failed:
                    figures.append((f"{label}, data imported / none", failed))
                    continue
                a, b = min(with_data), min(without)
                figures.append((f"{label}, data imported / none",
                                f"{a * 1000:.0f} / {b * 1000:.0f} ms CPU "
                                f"(×{a / b:.2f}, +{(a - b) * 1000:.0f} ms)"))

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    mib = rss / (1 << 20) if sys.platform == "darwin" else rss / 1024  # bytes vs KiB
    figures.append(("peak memory (this process)", f"{mib:.0f} MiB"))
    return figures


def _ms(seconds: float | str) -> str:
    return seconds if isinstance(seconds, str) else f"{seconds * 1000:.0f} ms CPU"


def _cold(args: list[str], directory: Path, runs: int = 3) -> float | str:
    """CPU time (user + system) of a fresh `rulings ARGS --data-dir`-less process with
    RULINGS_DATA_DIR set; the best of a few runs (CPU moves less than wall time on a shared
    machine)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_SRC), env.get("PYTHONPATH")]))
    env["RULINGS_DATA_DIR"] = str(directory)
    command = [sys.executable, "-m", "rulings.cli", *args]
    best = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode not in (0, 1):  # 1: a search without hits
            first = (done.stderr.strip().splitlines() or ["no message"])[-1]
            return f"failed (exit {done.returncode}: {first})"
    return best
