"""`rulings card NAME`: what the knowledge base knows of a card, and its official rulings."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "card", help="what the knowledge base knows of a card",
        description="A card of the knowledge base: its definition, its abilities' ids and its "
        "official rulings (in official order, when imported) with the cases covering them.")
    p.add_argument("name", nargs="?", help="the card's name (any case, accents optional)")
    p.add_argument("--list", action="store_true",
                   help="list the cards the knowledge base knows (as `rulings cards`)")
    p.add_argument("--cases", default="tests/cases", help="case folder to look for coverage")
    p.add_argument("--cards-data", default=None,
                   help="a cards.json-shaped file with official rulings (else imported data)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--parse", action="store_true",
                   help="compile the card's Oracle text and show what each ability became")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.parse:  # the Oracle compiler's view, numbered as situations and answers number
        from rulings.oracle.cli import run_parse

        return run_parse(args)
    from rulings.coverage import card_coverage, case_covers
    from rulings.facts.errors import InputError, nearest
    from rulings.knowledge import catalog
    from rulings.service.core import ability_entries

    if args.list:
        from rulings.commands.cards import print_cards

        return print_cards(args.json)
    if not args.name:
        print("rulings card: give a card's name (or --list for the known cards)",
              file=sys.stderr)
        return 2
    try:
        card = catalog.card(args.name)
    except InputError as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        return 2
    if card is None:
        hint = nearest(args.name, catalog.known_names(), "known cards: rulings cards")
        print(f"{args.name}: not in the knowledge base → {hint}", file=sys.stderr)
        return 2
    cover = card_coverage(card, case_covers([Path(args.cases)]),
                          Path(args.cards_data) if args.cards_data else None)
    abilities = ability_entries(card)
    if args.json:
        print(json.dumps({
            "name": card.name, "slug": card.slug, "file": card.file,
            "mana_cost": card.mana_cost, "types": card.types, "subtypes": card.subtypes,
            "supertypes": card.supertypes, "abilities": abilities,
            "layout": card.layout, "faces": [face_entry(f) for f in card.faces],
            "official_rulings_imported": cover.data_found,
            "official_rulings": [
                {"id": c, **cover.official.get(c, {}), "covered_by": cover.covered_by.get(c, [])}
                for c in cover.covered_by],
        }, indent=2, ensure_ascii=False))
        return 0
    where = card.file if card.file.startswith("imported") else Path(card.file).name
    print(f"{card.name}  ({card.slug}, {where})")
    if card.faces:  # each face with its own characteristics (facts/faces.py)
        print(f"  layout: {card.layout}, {len(card.faces)} face(s)")
        for n, face in enumerate(card.faces, 1):
            print(f"  face {n}: {face.name}")
            print_face(face, "    ")
    else:
        print_face(card, "  ")
    if not cover.data_found:
        print("  official rulings: not imported (rulings data import-rulings FILE, "
              "or --cards-data FILE)")
    elif not cover.official:
        print("  official rulings: none (the imported data has no rulings for this card)")
    for cite, cases in cover.covered_by.items():
        mark = f"covered by {len(cases)} case(s)" if cases else "NOT COVERED"
        print(f"  {cite}: {mark}")
        text = cover.official.get(cite, {}).get("text")
        if text:
            print(f"    {text}")
    return 0


def face_entry(face: Any) -> dict[str, Any]:
    """One face of a card with faces, as `rulings card --json` shows it."""
    from rulings.service.core import ability_entries

    return {"name": face.name, "mana_cost": face.mana_cost, "types": face.types,
            "subtypes": face.subtypes, "supertypes": face.supertypes, "power": face.power,
            "toughness": face.toughness, "loyalty": face.loyalty, "colors": face.colors,
            "keywords": [k for k, _ in face.keywords], "abilities": ability_entries(face)}


def print_face(card: Any, indent: str) -> None:
    """A card's (or one face's) cost, type line, P/T or loyalty, colors, keywords, abilities."""
    from rulings.service.core import ability_entries

    kinds = " ".join(card.supertypes + card.types) + (
        " — " + " ".join(card.subtypes) if card.subtypes else "")
    stats = f"  {card.power}/{card.toughness}" if card.power or card.toughness else ""
    stats += f"  loyalty {card.loyalty}" if card.loyalty else ""
    print(f"{indent}{card.mana_cost or 'no mana cost'}  {kinds}{stats}"
          f"  ({', '.join(card.colors) or 'colorless'})")
    if card.keywords:
        print(f"{indent}keywords: " + ", ".join(
            word + (f" {value}" if isinstance(value, str) else "")
            for word, value in card.keywords))
    for a in ability_entries(card):
        details = "; ".join(
            f"{k}: {', '.join(map(str, v)) if isinstance(v, list) else v}"
            for k, v in a.items() if k not in ("number", "word", "id") and v)
        # a keyword's ability is named by the keyword (`<id>.equip`), not numbered
        which = a["number"] or a["id"].rpartition(".")[2]
        print(f"{indent}ability {which}: {a['word']} ({details})")
