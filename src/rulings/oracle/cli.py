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
    """Each line of the card's Oracle text and what it became (or why not), numbered as
    `<id>.<n>` and the answers' "ability n" number it: n counts the items of `abilities:`
    (a face's own, for a card with faces); a keyword line is not numbered (CR 702: its
    ability, if any, is `<id>.<keyword>`)."""
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
