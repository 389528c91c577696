"""`rulings schema`: the JSON Schema of situation files (or of answers), from the vocabulary;
`rulings schema language`: the card language's words in Markdown (docs/effect-language.md);
`rulings schema keywords`: the keywords of CR 701–702 and whether each is modelled."""

from __future__ import annotations

import argparse
import json
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("schema", help="print the JSON Schema of situations or answers")
    p.add_argument("which", nargs="?", choices=("situation", "answer", "language", "keywords"),
                   default="situation",
                   help="language: every word of the card language, in Markdown; keywords: "
                        "every keyword ability and action of CR 701-702, modelled or named")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulings.facts.schema import answer_schema, language_reference, situation_schema

    if args.which == "keywords":
        from rulings.facts.keywords import reference

        print(reference(), end="")
        return 0
    if args.which == "language":
        print(language_reference(), end="")
        return 0

    schema = situation_schema() if args.which == "situation" else answer_schema()
    print(json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True))
    return 0
