"""`rulings cards`: the cards the knowledge base knows (also `rulings card --list`)."""

from __future__ import annotations

import argparse
import json
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "cards", help="list the cards the knowledge base knows",
        description="List the cards the knowledge base knows, by name, with the slug used in "
        "citations. A card not listed can still be described inline with define:.")
    p.add_argument("--json", action="store_true", help="print a JSON array of {name, slug}")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_cards(args.json)


def print_cards(as_json: bool) -> int:
    from rulings.facts.cards import slug
    from rulings.knowledge import catalog

    names = sorted(catalog.known_names(), key=str.lower)
    if as_json:
        print(json.dumps([{"name": n, "slug": slug(n)} for n in names], indent=2,
                         ensure_ascii=False))
        return 0
    for name in names:
        print(name)
    return 0
