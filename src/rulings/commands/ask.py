"""`rulings ask FILE…`: rule on situation files."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("ask", help="rule on a situation file (YAML or JSON)")
    p.add_argument("files", nargs="+", metavar="FILE", help="situation files")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    p.add_argument("--order-seed", type=int, default=None,
                   help="fire rules in another (seeded) order; the answer must not change")
    p.add_argument("--max-firings", type=int, default=None, help="bound on rule firings")
    p.add_argument("--max-seconds", type=float, default=None, help="bound on time")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulings.api import ask
    from rulings.engine.answer import to_json, to_text
    from rulings.facts.errors import InputError

    limits: dict[str, Any] = {}
    if args.max_firings is not None:
        limits["max_firings"] = args.max_firings
    if args.max_seconds is not None:
        limits["max_seconds"] = args.max_seconds
    problems = []
    answers = []
    for file in args.files:
        try:
            answers.append(ask(file, order_seed=args.order_seed, **limits))
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        for p in problems:
            print(p, file=sys.stderr)
        return 2
    for n, answer in enumerate(answers):
        if args.json:
            sys.stdout.write(to_json(answer))
        else:
            if len(answers) > 1:
                print(("\n" if n else "") + f"== {answer['situation']}")
            sys.stdout.write(to_text(answer))
    return 0 if all(a["complete"] for a in answers) else 3
