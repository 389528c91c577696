"""`rulings check PATH…`: run case files (or generated situations) and report what differs.

    rulings check tests/cases                   # every case, in parallel
    rulings check 'tests/**/*.yaml' --jobs 2    # globs are expanded here too
    rulings check tests/cases --permute 3       # also under 3 other rule orders
    rulings check tests/cases --json            # machine-readable report
    rulings check tests/cases --junit out.xml   # JUnit XML for CI
    rulings check --generate 500 --seed 7       # random valid situations

Exit status: 0 all passed, 1 something failed, 2 a case file could not be read (it counts
as failed).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rulings.commands.options import count, positive_count


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "check", help="run case files (files, directories, globs) or generated situations",
        description="Run case files and report failures, contradictions, order dependence "
                    "and knowledge nothing exercised.")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="case files, directories of them, or globs")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--junit", metavar="FILE", help="also write a JUnit XML report to FILE")
    p.add_argument("--jobs", "-j", type=positive_count, default=None, metavar="N",
                   help="worker processes (default: the number of CPUs)")
    p.add_argument("--permute", type=count, default=0, metavar="K",
                   help="also run every situation under K other rule orders (order seeds "
                        "1..K) and fail those whose answer changes")
    p.add_argument("--generate", type=count, default=0, metavar="N",
                   help="run N random valid situations instead of case files")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="seed for --generate (same seed, same situations)")
    p.add_argument("--out", metavar="DIR",
                   help="where --generate writes the situations that show a problem "
                        "(default: a new temporary directory)")
    p.add_argument("--cards-data", metavar="FILE",
                   help="official card rulings (e.g. cards.json) for the report of rulings "
                        "no case covers (default: the imported data)")
    p.add_argument("--engine", metavar="MODULE:CLASS", default=None,
                   help="check against another knowledge class (used to test the checker)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.generate:
        return _run_generated(args)
    if not args.paths:
        print("rulings check: give case files or directories (or --generate N)",
              file=sys.stderr)
        return 2
    return _run_cases(args)


# -- case files ------------------------------------------------------------------------------

def _run_cases(args: argparse.Namespace) -> int:
    from rulings.batch import Progress, case_tasks, knowledge_report, run_tasks
    from rulings.cases import find_case_files

    files, missing = find_case_files(args.paths)
    if missing:  # a typo in a path: say so first and only, not after a report on the rest
        for p in missing:
            print(p, file=sys.stderr)
        return 2
    progress = Progress(len(files))
    try:
        records = run_tasks(case_tasks(files, args.permute), jobs=args.jobs,
                            engine_spec=args.engine, progress=progress.step)
    finally:
        progress.close()
    unreadable = [p for r in records if r.status == "unreadable" for p in r.problems]
    unreadable = missing + unreadable
    ran = [r for r in records if r.status != "unreadable"]
    passed = sum(r.passed for r in ran)
    # a case file with input errors expected something no run showed: it counts as failed
    failed = len(records) - passed
    knowledge = knowledge_report(records, args.engine, args.cards_data)
    for p in unreadable:
        print(p, file=sys.stderr)
    if args.json:
        report = {
            "cases": [r.as_dict() for r in ran],
            "passed": passed,
            "failed": failed,
            "unreadable": [str(p) for p in unreadable],
            **knowledge.as_dict(),
        }
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(render_text(ran, knowledge, unreadable=len(records) - len(ran)))
    if args.junit:
        from rulings.junit import write_junit

        write_junit(records, args.junit, "rulings check")
    if unreadable:
        return 2
    return 1 if failed else 0


# -- generated situations ------------------------------------------------------------------------

def _remove_if_empty(folder: Any) -> bool:
    """A temporary folder nothing was written to is not left behind."""
    try:
        folder.rmdir()
        return True
    except OSError:
        return False


def _run_generated(args: argparse.Namespace) -> int:
    import tempfile
    from pathlib import Path

    from rulings.batch import Progress, drawn_tasks, run_tasks
    from rulings.generate import to_yaml

    # each situation is drawn by the worker that runs it (the same as generate() gives)
    tasks = drawn_tasks(args.generate, args.seed)
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="rulings-generated-"))
    progress = Progress(len(tasks))
    try:
        records = run_tasks(tasks, jobs=args.jobs,
                            engine_spec=args.engine, progress=progress.step)
    except BaseException:
        if not args.out:
            _remove_if_empty(out)
        raise
    finally:
        progress.close()
    for record in records:
        if not record.passed and record.situation is not None:
            out.mkdir(parents=True, exist_ok=True)
            path = out / f"{record.file}.yaml"
            kinds = ", ".join(sorted({d.kind for d in record.differences}))
            path.write_text(to_yaml(record.situation,
                                    f"rulings check --generate {args.generate} --seed "
                                    f"{args.seed}: {record.file} ({kinds})\n"
                                    f"replay: rulings ask {path.name}"), encoding="utf-8")
            record.written_to = str(path)
    passed = sum(r.passed for r in records)
    failed = len(records) - passed
    written = bool(args.out) or not _remove_if_empty(out)
    if args.json:
        print(json.dumps({"seed": args.seed, "generated": len(records),
                          "out": str(out) if written else None,
                          "situations": [r.as_dict() for r in records if not r.passed],
                          "passed": passed, "failed": failed}, indent=2, ensure_ascii=False))
    else:
        print(f"generated {len(records)} situations with seed {args.seed}; "
              + (f"those with a problem are written to {out}" if written
                 else "none had a problem"))
        sys.stdout.write(render_text(records, None))
    if args.junit:
        from rulings.junit import write_junit

        write_junit(records, args.junit, f"rulings check --generate (seed {args.seed})")
    return 1 if failed else 0


# -- the text report ------------------------------------------------------------------------

def render_text(records: list[Any], knowledge: Any, unreadable: int = 0) -> str:
    """Failures with their diffs, then the knowledge nothing exercised, then the count (case
    files that could not be read, `unreadable`, count as failed)."""
    lines: list[str] = []
    for record in records:
        if record.passed:
            continue
        where = record.written_to or record.file
        head = f"FAIL {where}" + (f":{record.line}" if record.line else "")
        lines.append(head + (f": {record.title}" if record.title else ""))
        shown: set[str] = set()
        for difference in record.differences:
            lines += [f"  {x}" for x in render_difference(difference, shown)]
        lines.append("")
    if knowledge is not None:
        lines += render_knowledge(knowledge)
    passed = sum(r.passed for r in records)
    lines.append(f"{passed} passed, {len(records) - passed + unreadable} failed"
                 + (f" ({unreadable} with input errors, shown above)" if unreadable else ""))
    return "\n".join(lines) + "\n"


HEADINGS = {
    "missing": "the expected ruling is missing",
    "unwanted": "a ruling the case rules out is there",
    "unexpected": "a ruling the case does not allow (only_expected: true)",
    "contradiction": "two rulings that can't both hold",
    "incomplete": "the run hit its bound",
    "order": "the answer depends on the order rules fire in",
    "crash": "the engine crashed",
    "input": "the situation does not load",
}


def render_difference(d: Any, shown: set[str] | None = None) -> list[str]:
    """One difference as readable lines: what was expected (-), what the engine said (+) and
    why it said it. A ruling already explained (its id in `shown`) is not explained again."""
    from rulings.cases import describe

    shown = set() if shown is None else shown

    def explain(ruling: dict[str, Any]) -> list[str]:
        if ruling["id"] in shown:
            return ["    (explained above)"]
        shown.add(ruling["id"])
        return ruling_lines(ruling, "    ")

    where = f"line {d.line}: " if d.line and d.kind in ("missing", "unwanted") else ""
    lines = [where + HEADINGS.get(d.kind, d.kind)]
    if d.kind == "missing":
        lines.append(f"  - expected: {describe(d.expected or {})}")
        if d.rulings:
            closest = d.rulings[0]
            lines.append(f"  + closest:  [{closest['id']}] {closest['text']}")
            lines += [f"      ≠ {reason}" for reason in d.reasons]
            lines += explain(closest)
        else:
            lines.append("  + actual:   no rulings at all")
    elif d.kind == "unwanted":
        lines.append(f"  - expected no ruling with: {describe(d.expected or {})}")
        for ruling in d.rulings:
            lines.append(f"  + got: [{ruling['id']}] {ruling['text']}")
            lines += explain(ruling)
    elif d.kind in ("unexpected", "contradiction"):
        for ruling in d.rulings:
            lines.append(f"  + [{ruling['id']}] {ruling['text']}")
            lines += explain(ruling)
    else:
        lines.append(f"  {d.message}")
        lines += [f"    {reason}" for reason in d.reasons]
    return lines


def ruling_lines(ruling: dict[str, Any], indent: str) -> list[str]:
    """A ruling's explanation (why, citations, the justification tree) as `rulings ask`
    prints it, without its first line."""
    from rulings.engine.answer import to_text

    text = to_text({"question": "", "rulings": [ruling]})
    body = text.splitlines()[1:]
    return [indent + line[3:] if line.startswith("   ") else indent + line
            for line in body if line.strip()]


def render_knowledge(knowledge: Any) -> list[str]:
    lines = ["Knowledge nothing exercised:"]
    lines.append(f"  rules that never fired ({len(knowledge.dead_rules)} of "
                 f"{len(knowledge.rules)}):" + ("" if knowledge.dead_rules else " none"))
    lines += [f"    {r}" for r in knowledge.dead_rules]
    if knowledge.uncovered_rulings is None:
        lines.append(f"  official rulings no case covers: unknown ({knowledge.rulings_note})")
    else:
        lines.append(f"  official rulings no case covers ({len(knowledge.uncovered_rulings)};"
                     f" {knowledge.rulings_note}):"
                     + ("" if knowledge.uncovered_rulings else " none"))
        lines += [f"    {r}" for r in knowledge.uncovered_rulings]
    lines.append(f"  cases that cover nothing ({len(knowledge.covering_nothing)}):"
                 + ("" if knowledge.covering_nothing else " none"))
    lines += [f"    {f}" for f in knowledge.covering_nothing]
    lines.append("")
    return lines
