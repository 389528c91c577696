"""The cheapest wins of the Oracle compiler: cards with exactly one ability not understood,
grouped by the shape of that ability (names `~`, numbers `N`, mana `{M}`, subtypes `TYPE`),
most cards first. Making a shape compile makes each of its cards fully compiled.

    python tools/oracle_one_gap.py [--type creature] [--top 40] [--cards FILE] [--gaps]

The pool is a card file of any import format (default: the shared oracle-cards.json, as
`rulings coverage --cards` reads it); a card with several faces counts each face. `--gaps`
also prints the compiler's gap for the first card of each shape.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: the shared test data beside the checkout or one folder above it (as tests/oracle finds it)
POOL = next((p for p in (REPO.parent / "shared" / "data" / "oracle-cards.json",
                         REPO.parent.parent / "shared" / "data" / "oracle-cards.json")
             if p.is_file()), REPO.parent / "shared" / "data" / "oracle-cards.json")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=Path, default=POOL)
    parser.add_argument("--type", default="creature",
                        help="a card type the card must have ('any' for every card)")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--gaps", action="store_true")
    args = parser.parse_args()

    from rulings.oracle.compiler import shape
    from rulings.oracle.report import _compiled, card_fields

    counts: Counter[str] = Counter()
    names: dict[str, list[str]] = defaultdict(list)
    gaps: dict[str, str] = {}
    for fields in card_fields(args.cards):
        if not fields.get("type_line"):
            continue
        compiled = _compiled(fields)
        types = compiled.card.get("types") or []
        if args.type != "any" and args.type not in types:
            continue
        if compiled.problems or len(compiled.unparsed) != 1:
            continue
        note = compiled.unparsed[0]
        key = shape(note.text, str(fields["name"]))
        counts[key] += 1
        names[key].append(str(fields.get("card") or fields["name"]))
        gaps.setdefault(key, note.gap)
    print(f"{sum(counts.values())} cards ({args.type}) with exactly one ability not understood, "
          f"in {len(counts)} shapes")
    for key, n in counts.most_common(args.top):
        print(f"{n:5d}  {key}   [{', '.join(sorted(names[key])[:3])}]")
        if args.gaps:
            print(f"       gap: {gaps[key]}")


if __name__ == "__main__":
    main()
