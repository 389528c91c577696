"""`rulings ask FILE…`: rule on situation files (`-` reads one from standard input)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rulings.commands.options import count, seconds
from rulings.engine.answer import hit_bound

STDIN = "-"


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "ask", help="rule on a situation file (YAML or JSON)",
        description="Rule on situation files: what happens, why, and the rules it rests on. "
        "Each file is answered on its own: a file with problems is reported (file:line: what "
        "→ fix, on stderr) and the others are still answered. Exit status: 0 answered, 2 some "
        "file had problems, 3 a run hit a bound.")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="situation files; '-' reads one from standard input")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true",
                     help="print the answer as JSON (several files: one JSON array)")
    out.add_argument("--jsonl", action="store_true",
                     help="print one JSON answer per line (JSON Lines), for several files")
    p.add_argument("--order-seed", type=int, default=None,
                   help="fire rules in another (seeded) order; the answer must not change")
    p.add_argument("--max-firings", type=count, default=None, metavar="N",
                   help="bound on rule firings (0 or more)")
    p.add_argument("--max-seconds", type=seconds, default=None, metavar="SECONDS",
                   help="bound on the CPU time the question uses (more than 0)")
    p.set_defaults(run=run)


def _source(file: str) -> Any:
    """A path, or for '-' the situation read from standard input (at most the size cap)."""
    if file != STDIN:
        return file
    from rulings.facts import located, situation
    from rulings.facts.errors import InputError, Problem

    raw = sys.stdin.buffer.read(located.MAX_BYTES + 1)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError([Problem("<stdin>", 0, "the input is not UTF-8 text",
                                  "send UTF-8 text")]) from None
    return situation.load("<stdin>", text)


def run(args: argparse.Namespace) -> int:
    from rulings.api import ask
    from rulings.engine.answer import to_json, to_text
    from rulings.facts.errors import InputError

    limits: dict[str, Any] = {}
    if args.max_firings is not None:
        limits["max_firings"] = args.max_firings
    if args.max_seconds is not None:
        limits["max_seconds"] = args.max_seconds
    if args.files.count(STDIN) > 1:
        print("rulings ask: '-' (standard input) can be given once", file=sys.stderr)
        return 2
    failed = False
    answers = []
    for file in args.files:
        try:
            answer = ask(_source(file), order_seed=args.order_seed, **limits)
        except InputError as exc:  # reported now; the other files are still answered
            failed = True
            for line in exc.lines():
                print(line, file=sys.stderr)
            continue
        answers.append(answer)
        if args.jsonl:
            print(json.dumps(answer, ensure_ascii=False), flush=True)
        elif not args.json:
            if len(args.files) > 1:
                print(("\n" if len(answers) > 1 else "") + f"== {answer['situation']}")
            sys.stdout.write(to_text(answer))
    if args.json:
        if len(args.files) == 1:
            if answers:
                sys.stdout.write(to_json(answers[0]))
        else:
            print(json.dumps(answers, indent=2, ensure_ascii=False))
    if failed:
        return 2
    return 3 if any(hit_bound(a) for a in answers) else 0
