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
    p.add_argument("--imported", action="store_true",
                   help="also list the cards of the imported card data, each by its full name "
                        "(a card with faces as 'Front // Back')")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_cards(args.json, imported=args.imported)


def print_cards(as_json: bool, imported: bool = False) -> int:
    from rulings.facts.cards import slug
    from rulings.knowledge import catalog

    found = list(catalog.known_names())
    if imported:
        from rulings.oracle.library import names as imported_names

        found += [n for n in imported_names() if n not in found]
    names = sorted(found, key=str.lower)
    if as_json:
        print(json.dumps([{"name": n, "slug": slug(n)} for n in names], indent=2,
                         ensure_ascii=False))
        return 0
    for name in names:
        print(name)
    return 0
