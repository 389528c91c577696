"""`rulings coverage`: official rulings covered by cases, per card; CR rules the rules cite."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("coverage", help="official rulings covered by cases, per card")
    p.add_argument("--cases", default="tests/cases")
    p.add_argument("--cards-data", default=None,
                   help="a cards.json-shaped file with official rulings (else imported data)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--cards", action="store_true",
                   help="how much of a card pool the Oracle compiler reads (docs/oracle.md)")
    p.add_argument("--keywords", action="store_true",
                   help="how many keyword occurrences (CR 701-702) of a card pool are "
                        "modelled, per keyword by how many cards carry it")
    p.add_argument("file", nargs="?", default=None,
                   help="with --cards or --keywords: an AtomicCards-shaped file (else the "
                        "imported data)")
    p.add_argument("--top", type=int, default=20, help="with --cards: shapes to list")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.keywords:
        return run_keywords(args)
    if args.cards:  # the Oracle compiler's coverage (rulings.oracle.cli)
        from rulings.oracle.cli import run_coverage

        return run_coverage(args)
    from rulings.coverage import card_coverage, case_covers, cited_cr_rules
    from rulings.knowledge import catalog

    covers = case_covers([Path(args.cases)])
    data = Path(args.cards_data) if args.cards_data else None
    rows = []
    for s in catalog.known_slugs():
        card = catalog.card(s)
        if card is None:
            continue
        c = card_coverage(card, covers, data)
        rows.append({"card": card.name, "covered": len(c.covered),
                     "official": len(c.official) if c.data_found else None,
                     "not_covered": [x for x in c.official if x not in c.covered]})
    cited = cited_cr_rules()
    if args.json:
        print(json.dumps({"cards": rows, "cr_rules_cited": cited}, indent=2))
        return 0
    for r in rows:
        total = "?" if r["official"] is None else r["official"]
        print(f"{r['card']:<32} {r['covered']:>3} / {total}")
    print(f"\nCR rules cited by the knowledge base ({len(cited)}): "
          + ", ".join(sorted(cited, key=_cr_order)))
    return 0


def run_keywords(args: argparse.Namespace) -> int:
    import sys

    from rulings.coverage import keyword_coverage, keyword_coverage_text
    from rulings.oracle.report import card_fields
    from rulings.reference import DataMissing, ReferenceDataError

    try:
        report = keyword_coverage(card_fields(Path(args.file) if args.file else None))
    except (DataMissing, ReferenceDataError) as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(keyword_coverage_text(report), end="")
    return 0


def _cr_order(number: str) -> tuple[Any, ...]:
    import re

    return tuple(int(p) if p.isdigit() else p for p in re.findall(r"\d+|[a-z]+", number))
