"""Figures for `rulings bench`: import speed, lookup speed, cold start, memory."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rulings.reference import importer

_SRC = Path(__file__).resolve().parents[2]  # the directory holding the rulings package


def bench_figures(cr_file: str | os.PathLike[str],
                  rulings_file: str | os.PathLike[str]) -> list[tuple[str, str]]:
    """Import both files into a temporary data directory and time the common operations."""
    from rulings import reference

    figures: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="rulings-bench-") as tmp:
        directory = Path(tmp)

        start = time.perf_counter()
        cr = importer.import_cr(cr_file, directory)
        figures.append(("import CR", f"{time.perf_counter() - start:.2f} s "
                                     f"({cr['rules']:,} rules, {cr['glossary']:,} terms)"))

        start = time.perf_counter()
        rulings = importer.import_rulings([rulings_file], directory)
        figures.append(("import rulings", f"{time.perf_counter() - start:.2f} s "
                                          f"({rulings['rulings']:,} rulings, "
                                          f"{rulings['cards']:,} cards)"))

        book = reference.rules_book(directory)
        number = "701.23b" if book.rule("701.23b") else book.rules[-1]["number"]
        reference.cr_rule(number, directory)  # the first call loads the file
        rounds = 5000
        start = time.perf_counter()
        for _ in range(rounds):
            reference.cr_rule(number, directory)
        warm_ms = (time.perf_counter() - start) / rounds * 1000
        figures.append((f"warm rule lookup ({number})", f"{warm_ms:.4f} ms"))

        start = time.perf_counter()
        cards = reference.card_book(directory)  # what a first ruling lookup pays for
        cite = next((f"{slug}#1" for slug, c in cards.cards.items() if c["rulings"]), "x#1")
        reference.resolve_citation(cite, directory)
        first_ms = (time.perf_counter() - start) * 1000
        figures.append(("first ruling lookup (loads the rulings)", f"{first_ms:.0f} ms"))

        figures.append((f"cold `rulings cr {number}`", _cold_command(number, directory)))

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    mib = rss / (1 << 20) if sys.platform == "darwin" else rss / 1024  # bytes vs KiB
    figures.append(("peak memory (this process)", f"{mib:.0f} MiB"))
    return figures


def _cold_command(number: str, directory: Path, runs: int = 3) -> str:
    """Wall time of a fresh `rulings cr NUMBER` process; the best of a few runs."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_SRC), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "rulings.cli", "cr", number, "--data-dir", str(directory)]
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        best = min(best, time.perf_counter() - start)
        if done.returncode != 0:
            first = (done.stderr.strip().splitlines() or ["no message"])[-1]
            return f"failed (exit {done.returncode}: {first})"
    return f"{best * 1000:.0f} ms"
