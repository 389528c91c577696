"""`rulings check PATH…`: run case files and report what differs."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("check", help="run case files (files or directories)")
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--json", action="store_true", help="one JSON record per case")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulings.cases import find_cases, load_case, run_case
    from rulings.facts.errors import InputError

    files = find_cases(args.paths)
    results = []
    bad_input = []
    for file in files:
        try:
            case = load_case(file)
        except InputError as exc:
            bad_input.extend(exc.problems)
            continue
        results.append(run_case(case))
    for p in bad_input:
        print(p, file=sys.stderr)
    passed = sum(r.passed for r in results)
    failed = len(results) - passed
    if args.json:
        print(json.dumps([r.as_dict() for r in results], indent=2, ensure_ascii=False))
    else:
        for r in results:
            if not r.passed:
                print(f"FAIL {r.case.file}: {r.case.title}")
                for d in r.differences:
                    print(f"  {d}")
        print(f"{passed} passed, {failed} failed")
    if bad_input:
        return 2
    return 1 if failed else 0
