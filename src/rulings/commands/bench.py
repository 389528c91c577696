"""`rulings bench`: the speed figures the issues ask for, printed, never asserted."""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rulings.commands.options import non_negative_seconds, positive_count


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("bench", help="print speed figures (cold run, warm latency, …)")
    # run from a checkout of the repository
    p.add_argument("--example", default="examples/reflecting-pool.yaml",
                   help="the situation timed cold (default: examples/reflecting-pool.yaml)")
    p.add_argument("--cases", default="tests/cases",
                   help="case folder timed warm (default: tests/cases)")
    p.add_argument("--rounds", type=positive_count, default=3, help="passes over the cases")
    p.add_argument("--reference", action="store_true",
                   help="also time importing and looking up the CR and official rulings")
    p.add_argument("--shared", default=None, metavar="DIR",
                   help="folder with comprehensive-rules.txt and rulings-all.json (default: "
                   "$RULINGS_SHARED_DIR, else a shared/data beside this folder or above it)")
    p.add_argument("--batch", action="store_true", help="also time `rulings check --jobs`")
    p.add_argument("--service", type=non_negative_seconds, default=0.0, metavar="SECONDS",
                   help="also load-test `rulings serve` for this long per concurrency level")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    figures: list[tuple[str, str]] = []
    missing = [f"{flag} {path}" for flag, path in (("--example", args.example),
                                                  ("--cases", args.cases))
               if not Path(path).exists()]
    if missing:
        print(f"rulings bench: not found: {', '.join(missing)} → run it from a checkout of "
              "the repository, or give --example FILE and --cases DIR", file=sys.stderr)
        return 2
    cold = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "rulings.cli", "ask", args.example],
                       capture_output=True, check=True)
        cold.append(time.perf_counter() - start)
    figures.append(("cold `rulings ask` on the example (best of 3)", f"{min(cold):.3f} s"))

    from rulings.api import ask
    from rulings.cases import find_cases, load_case
    from rulings.facts.errors import InputError
    from rulings.facts.situation import Loader

    situations = []
    for path in find_cases([args.cases]):
        try:
            case = load_case(path)
            situations.append(Loader(case.file).load(case.situation))
        except InputError:
            continue
    # one pass first: each rule set's engine class is built once, as in a long-running process
    start = time.perf_counter()
    for situation in situations:
        ask(situation)
    figures.append((f"first pass over {len(situations)} cases (builds the engine classes)",
                    f"{time.perf_counter() - start:.2f} s"))
    latencies = []
    start_all = time.perf_counter()
    for _ in range(args.rounds):
        for situation in situations:
            start = time.perf_counter()
            ask(situation)
            latencies.append(time.perf_counter() - start)
    elapsed = time.perf_counter() - start_all
    if latencies:
        q = statistics.quantiles(latencies, n=20)
        figures.append((f"warm latency over {len(situations)} cases × {args.rounds}",
                        f"p50 {statistics.median(latencies) * 1000:.1f} ms, "
                        f"p95 {q[18] * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms"))
        figures.append(("warm cases per second (one process)",
                        f"{len(latencies) / elapsed:.0f}"))

    if args.reference:
        try:
            from rulings.commands.options import shared_data
            from rulings.reference import bench_figures
            from rulings.reference.errors import ReferenceDataError

            data = Path(args.shared) if args.shared else shared_data()
            if data is None:
                raise OSError("no shared data folder found; give --shared DIR")
            figures += bench_figures(data / "comprehensive-rules.txt",
                                     data / "rulings-all.json")
        except (ImportError, OSError, ReferenceDataError) as exc:
            figures.append(("reference data", f"skipped: {exc}"))
    if args.batch:
        try:
            from rulings.batch import batch_figures

            figures += batch_figures([args.cases])
        except ImportError as exc:
            figures.append(("batch", f"skipped: {exc}"))
    if args.service:
        try:
            from rulings.service.bench import service_figures

            figures += service_figures(duration=args.service)
        except ImportError as exc:
            figures.append(("service", f"skipped: {exc}"))

    width = max(len(label) for label, _ in figures)
    for label, value in figures:
        print(f"{label.ljust(width)}  {value}")
    return 0
