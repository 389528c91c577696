"""`rulings lint [PATH…]`: check card, case and situation files and the rules, all problems
at once as `file:line: what is wrong → what would be right` (see rulings.lint).

Exit status: 0 no problems, 2 problems."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "lint", help="check card, case and situation files and the rules without running them",
        description="Check the knowledge base (card files, rules) and case files. With no "
                    "PATH: the knowledge base and the repository's case corpora.")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="files or directories (default: the knowledge base and tests/cases)")
    p.add_argument("--cr", metavar="FILE",
                   help="Comprehensive Rules text to check citations against "
                        "(default: the imported rules)")
    p.add_argument("--cards", metavar="FILE",
                   help="card data with official rulings (e.g. cards.json) to check "
                        "citations against (default: the imported rulings)")
    p.add_argument("--strict", action="store_true",
                   help="count warnings (e.g. a NOT condition no 'absent' sentence explains) "
                        "as problems")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulings.lint import lint, problem_order

    if bool(args.cr) != bool(args.cards):
        print("rulings lint: give --cr and --cards together", file=sys.stderr)
        return 2
    result = lint(args.paths or None, args.cr, args.cards)
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
    if args.strict:
        result.problems = sorted(result.problems + result.warnings, key=problem_order)
    else:
        for warning in result.warnings:
            print(warning, file=sys.stderr)
    if result.problems:
        for problem in result.problems:
            print(problem)
        print(f"lint: {result.files} files, {len(result.problems)} problem"
              f"{'s' if len(result.problems) != 1 else ''}", file=sys.stderr)
        return 2
    print(f"lint: {result.files} files, no problems")
    return 0
