"""The command-line parts of the Oracle compiler: `rulings card NAME --parse` and
`rulings coverage --cards [FILE]` (registered in rulings.commands.card and .coverage)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml


def find_fields(name: str, cards_data: str | None, data_dir: Any = None) -> dict[str, Any] | None:
    """A card's printed fields: from a given card-data file, else from the imported data."""
    from rulings.reference.slugs import slugify

    if cards_data:
        from rulings.oracle.report import card_fields

        wanted = slugify(name)
        faces = []
        for fields in card_fields(Path(cards_data)):
            if slugify(fields["name"]) == wanted:
                return fields
            if fields.get("card") and slugify(fields["card"]) == wanted:
                faces.append(fields)  # a face of the card named by its full name
        if faces:
            return {"name": faces[0]["card"], "layout": faces[0].get("layout"),
                    "faces": faces, "type_line": faces[0].get("type_line")}
        return None
    from rulings.reference import card_data

    return card_data(name, data_dir)


def run_parse(args: argparse.Namespace) -> int:
    """Each ability of the card's Oracle text, and what it became (or why not)."""
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
    if args.json:
        print(json.dumps({
            "name": compiled.card["name"], "fully_compiled": compiled.fully,
            "problems": compiled.problems, "card": compiled.card,
            "abilities": [{"number": n.number, "text": n.text, "kind": n.kind,
                           "became": n.result, "gap": n.gap} for n in compiled.notes],
        }, indent=2, ensure_ascii=False))
        return 0
    understood = sum(n.understood for n in compiled.notes)
    print(f"{compiled.card['name']}: understood {understood} of {len(compiled.notes)} "
          f"abilities{'' if compiled.fully else ' (not fully compiled)'}")
    for problem in compiled.problems:
        print(f"  {problem}")
    for note in compiled.notes:
        print(f"\n  {note.number}. {note.text}")
        if note.understood:
            shown = yaml.safe_dump(note.result, sort_keys=False, allow_unicode=True,
                                   default_flow_style=None, width=90)
            print(f"     → {note.kind}:")
            for line in shown.rstrip().split("\n"):
                print(f"       {line}")
        else:
            print(f"     → not understood: {note.gap}")
    return 0


def run_coverage(args: argparse.Namespace) -> int:
    from rulings.oracle.report import card_fields, coverage, to_text
    from rulings.reference import DataMissing, ReferenceDataError

    try:
        report = coverage(card_fields(Path(args.file) if args.file else None), top=args.top)
    except (DataMissing, ReferenceDataError) as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(to_text(report), end="")
    return 0
