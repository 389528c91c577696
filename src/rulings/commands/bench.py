"""`rulings bench`: the speed figures the issues ask for, printed, never asserted
(docs/performance.md says what each means and how they compare with the goals)."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rulings.commands.options import non_negative_seconds, positive_count


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("bench", help="print speed figures (cold run, warm latency, "
                                            "board sizes, batch, service)")
    # run from a checkout of the repository
    p.add_argument("--example", default="examples/reflecting-pool.yaml",
                   help="the situation timed cold (default: examples/reflecting-pool.yaml)")
    p.add_argument("--cases", default="tests/cases",
                   help="case folder timed warm (default: tests/cases)")
    p.add_argument("--rounds", type=positive_count, default=3, help="passes over the cases")
    p.add_argument("--no-reference", dest="reference", action="store_false",
                   help="skip importing the shared CR and card data and the cold starts "
                        "with that data imported")
    p.add_argument("--reference", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--shared", default=None, metavar="DIR",
                   help="folder with comprehensive-rules.txt and rulings-all.json (default: "
                   "$RULINGS_SHARED_DIR, else a shared/data beside this folder or above it)")
    p.add_argument("--no-boards", dest="boards", action="store_false",
                   help="skip the board scaling table")
    p.add_argument("--no-batch", dest="batch", action="store_false",
                   help="skip timing `rulings check --jobs 1/2`")
    p.add_argument("--batch", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--sizes", default="25,50,100,250",
                   help="board sizes of the scaling table (default 25,50,100,250)")
    p.add_argument("--generated", type=positive_count, default=2000, metavar="N",
                   help="generated situations for the batch figures (default 2000)")
    p.add_argument("--service", type=non_negative_seconds, default=10.0, metavar="SECONDS",
                   help="load-test `rulings serve` at 8 clients for this long (0: skip)")
    p.add_argument("--answers", metavar="DIR",
                   help="instead of timing: write the JSON answer of every case situation "
                        "and of 300 generated ones into DIR (diff two such folders to see "
                        "that a change left every answer as it was)")
    p.set_defaults(run=run)


def write_answers(cases: str, out: Path, generated: int = 300) -> int:
    """`rulings ask --json` of every case situation and of `generated` generated situations
    (seed 1), one file each; an input error is written as its text."""
    from rulings.api import ask
    from rulings.cases import find_cases, load_case
    from rulings.engine.answer import to_json
    from rulings.facts.errors import InputError
    from rulings.facts.situation import Loader, from_data
    from rulings.generate import generate

    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for path in find_cases([cases]):
        name = str(path).replace("/", "__")
        try:
            case = load_case(path)
            answer = to_json(ask(Loader(case.file).load(case.situation)))
            (out / f"{name}.json").write_text(answer, "utf-8")
            count += 1
        except InputError as exc:
            (out / f"{name}.err").write_text(str(exc), "utf-8")
    for name, data in generate(generated, seed=1):
        try:
            answer = to_json(ask(from_data(data, name)))
            (out / f"gen__{name}.json").write_text(answer, "utf-8")
            count += 1
        except InputError as exc:
            (out / f"gen__{name}.err").write_text(str(exc), "utf-8")
    return count


def cold(args: list[str], env: dict[str, str] | None = None, runs: int = 3) -> str:
    """Best wall time and best CPU time (user + system) of a fresh `rulings` process. On a
    machine shared with other work the CPU time is the steadier figure."""
    import resource

    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "rulings.cli", *args], capture_output=True,
                       env=env)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return f"{min(walls):.3f} s (CPU {min(cpus):.3f} s)"


def run(args: argparse.Namespace) -> int:
    if args.answers:
        print(f"{write_answers(args.cases, Path(args.answers))} answers written to "
              f"{args.answers}")
        return 0
    missing = [f"{flag} {path}" for flag, path in (("--example", args.example),
                                                  ("--cases", args.cases))
               if not Path(path).exists()]
    if missing:
        print(f"rulings bench: not found: {', '.join(missing)} → run it from a checkout of "
              "the repository, or give --example FILE and --cases DIR", file=sys.stderr)
        return 2
    figures: list[tuple[str, str]] = []

    def show(label: str, value: str) -> None:
        figures.append((label, value))
        print(f"{label}  {value}", file=sys.stderr, flush=True)  # progress; table at the end

    env = dict(os.environ)
    ask_example = ["ask", args.example]
    with tempfile.TemporaryDirectory() as fresh:
        show("cold `rulings ask` on the example, first run on a fresh machine (no cache)",
             cold(ask_example, {**env, "RULINGS_CACHE_DIR": fresh}, runs=1))
    show("cold `rulings ask` on the example (best of 3)", cold(ask_example, env))
    if env.get("PYTHONDONTWRITEBYTECODE"):
        # this environment compiles every module at every start; an installed package
        # has its bytecode compiled at install time
        compiled = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cold(ask_example, compiled, runs=1)
        show("  … with compiled bytecode, as installed (PYTHONDONTWRITEBYTECODE unset)",
             cold(ask_example, compiled))

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
    show(f"first pass over {len(situations)} cases (builds the engines)",
         f"{time.perf_counter() - start:.2f} s")
    latencies, cpus = [], []
    start_all = time.perf_counter()
    for _ in range(args.rounds):
        for situation in situations:
            start, cpu = time.perf_counter(), time.process_time()
            ask(situation)
            latencies.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
    elapsed = time.perf_counter() - start_all
    for label, values in (("wall", latencies), ("CPU", cpus)):
        if len(values) > 1:
            q = statistics.quantiles(values, n=20)
            show(f"warm latency ({label}) over {len(situations)} cases × {args.rounds}",
                 f"p50 {statistics.median(values) * 1000:.1f} ms, "
                 f"p95 {q[18] * 1000:.1f} ms, max {max(values) * 1000:.1f} ms")
    if latencies:
        show("warm cases per second (one process)", f"{len(latencies) / elapsed:.0f}")

    if args.boards:
        from rulings.boards import board_figures

        sizes = tuple(int(n) for n in args.sizes.split(","))
        for label, value in board_figures(sizes):
            show(label, value)
    if args.reference:
        try:
            from rulings.commands.options import shared_data
            from rulings.reference import bench_figures
            from rulings.reference.errors import ReferenceDataError

            data = Path(args.shared) if args.shared else shared_data()
            if data is None:
                raise OSError("no shared data folder found; give --shared DIR")
            # the card data a user imports: the test rulings, then the Oracle card files
            files = [data / name for name in ("rulings-all.json", "oracle-cards.json",
                                              "multiface-cards.json")
                     if (data / name).is_file()]
            for label, value in bench_figures(data / "comprehensive-rules.txt", files,
                                              Path(args.example)):
                show(label, value)
        except (ImportError, OSError, ReferenceDataError) as exc:
            show("reference data", f"skipped: {exc}")
    if args.batch:
        from rulings.batch import batch_figures

        for label, value in batch_figures([args.cases], generated=args.generated):
            show(label, value)
    if args.service:
        try:
            from rulings.service.bench import service_figures

            # the default service (one process), then one process per core of this machine
            runs: list[tuple[str, ...]] = [()]
            if (os.cpu_count() or 1) > 1:
                runs.append(("--workers", str(os.cpu_count())))
            for serve_args in runs:
                prefix = f"[--workers {serve_args[1]}] " if serve_args else ""
                for label, value in service_figures(duration=args.service,
                                                    concurrencies=(8, 100),
                                                    serve_args=serve_args):
                    show(prefix + label, value)
        except (ImportError, RuntimeError) as exc:
            show("service", f"skipped: {exc}")

    width = max(len(label) for label, _ in figures)
    for label, value in figures:
        print(f"{label.ljust(width)}  {value}")
    print()
    for line in goal_table(figures):
        print(line)
    return 0


#: issue 26's goals, each with the figures that measure it (matched by the start of their
#: label); docs/performance.md explains how each is measured
GOALS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("service: ≥ 150 requests/s at 8 clients", ("service: 8 clients",)),
    ("service: 0 connection errors at 100 clients, refusals 503 with Retry-After",
     ("service: 100 clients: requests/s", "service: 100 clients: not answered")),
    ("batch: `rulings check --jobs 2` over 2,000 generated situations ≥ 200 situations/s",
     ("check: 2000 generated situations, --jobs",)),
    ("board 250, mana question: ≤ 300 ms warm", ("board 250 permanents, mana",)),
    ("board 250/25 ≤ 12 (the bench's board and the ⅓-pools board)",
     ("board mana: time 250/25", "board mana (⅓ pools): time 250/25")),
    ("warm p50 ≤ 4 ms, p95 ≤ 15 ms over the cases", ("warm latency",)),
    ("cold `rulings ask` on the example ≤ 0.25 s", ("cold `rulings ask` on the example",)),
    ("cold `rulings ask` with all data imported ≤ 1.2× without",
     ("cold `rulings ask reflecting-pool.yaml`, data imported",)),
    ("`rulings card NAME` ≤ 0.1 s over the cold start", ("cold `rulings card",)),
    ("importing the test data ≤ 10 s", ("import ",)),
)


def goal_table(figures: list[tuple[str, str]]) -> list[str]:
    """Each goal of issue 26 and the figures of this run that measure it."""
    lines = ["Goals of issue 26 (the figures above that measure each):"]
    for goal, prefixes in GOALS:
        lines.append(f"- {goal}")
        # a label may start with the options of its run, "[--workers 2] service: …"
        found = [(label, value) for label, value in figures
                 if any(label.split("] ", 1)[-1].startswith(p) for p in prefixes)]
        for label, value in found:
            lines.append(f"    {label}: {value}")
        if not found:
            lines.append("    not measured in this run")
    return lines
