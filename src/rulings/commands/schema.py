"""`rulings schema`: the JSON Schema of situation files (or of answers), from the vocabulary;
`rulings schema language`: the card language's words in Markdown (docs/effect-language.md)."""

from __future__ import annotations

import argparse
import json
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("schema", help="print the JSON Schema of situations or answers")
    p.add_argument("which", nargs="?", choices=("situation", "answer", "language"),
                   default="situation",
                   help="language: every word of the card language, in Markdown")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulings.facts.schema import answer_schema, language_reference, situation_schema

    if args.which == "language":
        print(language_reference(), end="")
        return 0

    schema = situation_schema() if args.which == "situation" else answer_schema()
    print(json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True))
    return 0
