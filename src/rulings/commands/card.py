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


def run_parse(args: argparse.Namespace) -> int:
    """Each line of the card's Oracle text and what it became (or why not), numbered as
    `<id>.<n>` and the answers' "ability n" number it: n counts the items of `abilities:`
    (a face's own, for a card with faces); a keyword line is not numbered (CR 702: its
    ability, if any, is `<id>.<keyword>`)."""
    import yaml

    from rulings.oracle.cli import find_fields
    from rulings.oracle.library import compile_any, unknown_hint
    from rulings.reference import ReferenceDataError

    try:
        fields = find_fields(args.name, args.cards_data)
    except ReferenceDataError as exc:
        print(exc, file=sys.stderr)
        return 2
    if fields is None or not fields.get("type_line"):
        hint = unknown_hint(args.name) if not args.cards_data else "check the name"
        print(f"{args.name}: no Oracle text found → {hint}", file=sys.stderr)
        return 2
    compiled = compile_any(fields)  # a card with faces: face by face
    if compiled is None:
        print(f"{args.name}: no Oracle text found → check the name", file=sys.stderr)
        return 2
    numbers = ability_numbers(compiled.card, compiled.notes)
    if args.json:
        print(json.dumps({
            "name": compiled.card["name"], "fully_compiled": compiled.fully,
            "problems": compiled.problems, "card": compiled.card,
            "abilities": [{"line": i, "number": n, "text": note.text, "kind": note.kind,
                           "became": note.result, "gap": note.gap}
                          for i, (note, n) in enumerate(zip(compiled.notes, numbers,
                                                            strict=True), 1)],
        }, indent=2, ensure_ascii=False))
        return 0
    understood = sum(n.understood for n in compiled.notes)
    print(f"{compiled.card['name']}: understood {understood} of {len(compiled.notes)} "
          f"abilities{'' if compiled.fully else ' (not fully compiled)'}")
    for problem in compiled.problems:
        print(f"  {problem}")
    for note, n in zip(compiled.notes, numbers, strict=True):
        label = f"ability {n}" if n is not None else "keyword (not numbered)"
        print(f"\n  {label}: {note.text}")
        if note.understood:
            shown = yaml.safe_dump(note.result, sort_keys=False, allow_unicode=True,
                                   default_flow_style=None, width=90)
            print(f"     → {note.kind}:")
            for line in shown.rstrip().split("\n"):
                print(f"       {line}")
        else:
            print(f"     → not understood: {note.gap}")
    return 0


def ability_numbers(card: dict[str, Any], notes: list[Any]) -> list[int | None]:
    """The number `<id>.<n>` of the ability each compiled line became (None for a keyword
    line, which `abilities:` doesn't hold). The lines of one face's spell ability (an
    instant's or sorcery's text) are all that one ability."""
    faces = card.get("faces") or [card]
    out: list[int | None] = []
    for note in notes:
        if note.kind == "keyword" and note.understood:
            out.append(None)
            continue
        face = next((f for f in faces if len(faces) > 1
                     and note.text.startswith(f"{f.get('name')}: ")), faces[0])
        if len(faces) > 1 and face is faces[0] and not note.text.startswith(
                f"{face.get('name')}: "):
            out.append(None if note.kind == "keyword" else _number_in(card, note))
            continue
        out.append(_number_in(face, note))
    return out


def _number_in(card: dict[str, Any], note: Any) -> int | None:
    abilities = card.get("abilities") or []
    text = note.text.split(": ", 1)[1] if ": " in note.text and note.text.split(": ", 1)[
        0] == card.get("name") else note.text
    for i, ab in enumerate(abilities, 1):
        (kind, body), = ab.items()
        if kind == "unparsed" and not note.understood and body.get("text") in (
                text, note.text):
            return i
        if note.understood and note.result in (ab, body):
            return i
    if note.understood and note.kind == "spell":  # one of the lines of its spell ability
        return next((i for i, ab in enumerate(abilities, 1) if "spell" in ab), None)
    return None


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
