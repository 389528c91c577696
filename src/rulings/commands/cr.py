"""`rulings cr`: read the Comprehensive Rules — a rule with its subrules, a word search, or a
glossary term — from the imported edition."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rulings.commands.options import positive_count


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "cr",
        help="look up the Comprehensive Rules: a rule, a search or a glossary term",
        description="Print a rule of the imported Comprehensive Rules with all its subrules "
        "(rulings cr 701.23), search the rules for words (rulings cr --search \"untap "
        "symbol\"), or print a glossary entry (rulings cr --glossary \"mana ability\").",
    )
    parser.add_argument("number", nargs="*", metavar="NUMBER",
                        help="rule numbers such as 701.23b, 701.23, 701 or 7")
    parser.add_argument("--search", metavar="WORDS",
                        help="rules holding all these words, best matches first")
    parser.add_argument("--glossary", metavar="TERM", help="a glossary entry (any case)")
    parser.add_argument("--limit", type=positive_count, default=20, metavar="N",
                        help="show at most N search results (default 20; 0 for all)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--data-dir", metavar="DIR",
                        help="data directory (default: $RULINGS_DATA_DIR, else "
                        "$XDG_DATA_HOME/mtg-rulings)")
    parser.set_defaults(run=run)


def _fail(message: object) -> int:
    print(message, file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from rulings.reference import ReferenceDataError, rules_book

    numbers = [n for n in args.number if n.lower() not in ("cr", "rule")]
    asked = sum(map(bool, (numbers, args.search is not None, args.glossary is not None)))
    if asked != 1:
        return _fail("rulings cr: ask for one thing → give rule NUMBERs, --search WORDS or "
                     "--glossary TERM")
    try:
        book = rules_book(args.data_dir)
    except ReferenceDataError as exc:
        return _fail(exc)
    if args.search is not None:
        return _search(book, args)
    if args.glossary is not None:
        return _glossary(book, args)
    return _rules(book, numbers, args)


def _where(args: argparse.Namespace) -> str:
    """The data file consulted, named in error messages."""
    from rulings.reference import data_dir
    from rulings.reference.store import db_path

    return str(db_path(data_dir(args.data_dir)))


def _dump(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    print()


def _rules(book: Any, numbers: list[str], args: argparse.Namespace) -> int:
    from rulings.reference.numbering import normalize_number

    found: list[dict[str, Any]] = []
    code = 0
    for asked in numbers:
        rule = book.rule(asked)
        if rule is None:
            code = 2
            if normalize_number(asked) is None:
                print(f"{_where(args)}: “{asked}” is not a rule number → write it like "
                      "701.23b, 701.23, 701 or 7", file=sys.stderr)
                continue
            near = book.nearest(asked)
            fix = "nearest: " + ", ".join(near) if near else "see `rulings cr --search WORDS`"
            print(f"{_where(args)}: rule {normalize_number(asked)} does not exist in the "
                  f"{book.effective} rules → {fix}", file=sys.stderr)
            continue
        number = rule["number"]
        # A chapter would print a quarter of the book: show its sections only.
        under = book.children(number) if len(number) == 1 else book.descendants(number)
        found.append({**rule, "subrules": under})
    if args.json:
        _dump({"effective": book.effective, "rules": found})
        return code
    for i, rule in enumerate(found):
        if i:
            print()
        for r in [rule, *rule["subrules"]]:
            _print_rule(r)
    if found:
        print(f"\n(Comprehensive Rules effective {book.effective})")
    return code


def _print_rule(rule: dict[str, Any]) -> None:
    number = rule["number"]
    label = number if number[-1].isalpha() else number + "."
    lines = rule["text"].split("\n")
    print(f"{label} {lines[0]}")
    for line in lines[1:]:
        print(f"    {line}")
    for example in rule["examples"]:
        first, *more = example.split("\n")
        print(f"    Example: {first}")
        for line in more:
            print(f"    {line}")


def _search(book: Any, args: argparse.Namespace) -> int:
    if not any(ch.isalnum() for ch in args.search):
        return _fail("rulings cr: --search needs at least one word → e.g. "
                     "rulings cr --search \"untap symbol\"")
    limit = args.limit if args.limit and args.limit > 0 else None
    results, total = book.search(args.search, limit)
    if args.json:
        _dump({"effective": book.effective, "query": args.search, "total": total,
               "results": results})
        return 0 if total else 1
    if not total:
        print(f"No rule holds all of: {args.search} (Comprehensive Rules effective "
              f"{book.effective})")
        return 1
    print(f"{total} rule{'s' if total != 1 else ''} hold{'' if total != 1 else 's'} all of: "
          f"{args.search} (Comprehensive Rules effective {book.effective})")
    width = max(len(r["number"]) for r in results)
    for r in results:
        print(f"{r['number']:<{width}}  {r['snippet']}")
    if len(results) < total:
        print(f"… and {total - len(results)} more (--limit 0 shows all)")
    return 0


def _glossary(book: Any, args: argparse.Namespace) -> int:
    entry = book.glossary_entry(args.glossary)
    if entry is None:
        similar = book.similar_terms(args.glossary)
        fix = "did you mean: " + "; ".join(similar) if similar else \
            "try `rulings cr --search WORDS`"
        return _fail(f"{_where(args)}: no glossary entry “{args.glossary}” in the "
                     f"{book.effective} rules → {fix}")
    if args.json:
        _dump({"effective": book.effective, **entry})
        return 0
    print(entry["term"])
    for line in entry["definition"].split("\n"):
        print(f"    {line}")
    print(f"\n(Comprehensive Rules glossary, effective {book.effective})")
    return 0
