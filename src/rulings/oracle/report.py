"""How much of a card pool the compiler reads: `rulings coverage --cards`."""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from rulings.oracle import keywords as kw
from rulings.oracle.compiler import Compiled, compile_card, shape

_KEYWORD_LIKE = re.compile(r"^([a-z][a-z'-]*(?: [a-z][a-z'-]*)?)(?: ?—.*| \{.*\}| \d+| x)?$")


def card_fields(path: Path | None = None, data_dir: Any = None) -> Iterator[dict[str, Any]]:
    """The printed fields of every card: of an AtomicCards-shaped (or other importable) file,
    or of the imported data. A card with several faces gives each face."""
    if path is not None:
        from rulings.reference.official import parse_file

        for entry in parse_file(path).cards:
            record = {"name": entry.name, "mana_cost": entry.mana_cost,
                      "type_line": entry.type_line, "oracle_text": entry.oracle_text,
                      **entry.extra}
            yield from _faces(record, entry.faces)
        return
    from rulings.reference import card_book

    for record in card_book(data_dir).cards.values():
        yield from _faces(record, record.get("faces") or [])


def _faces(record: dict[str, Any], faces: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    if not faces:
        yield record
        return
    for face in faces:
        yield {**face, "legalities": record.get("legalities"), "card": record["name"],
               "layout": record.get("layout") or "normal"}


def coverage(cards: Iterable[dict[str, Any]], top: int = 20) -> dict[str, Any]:
    start = time.perf_counter()
    total = fully = 0
    by_type: dict[str, list[int]] = {}
    by_format: dict[str, list[int]] = {}
    #: layout -> [faces fully compiled, faces]; and per layout the whole cards (every face)
    by_layout: dict[str, list[int]] = {}
    whole: dict[tuple[str, str], bool] = {}
    shapes: Counter[str] = Counter()
    known: Counter[str] = Counter()
    unknown: Counter[str] = Counter()
    for fields in cards:
        if not fields.get("type_line"):
            continue
        compiled = _compiled(fields)
        total += 1
        ok = compiled.fully
        fully += ok
        from rulings.facts.game import CARD_TYPES

        types = compiled.card.get("types") or next(
            (f.get("types", []) for f in compiled.card.get("faces", [])), [])
        for t in [t if t in CARD_TYPES else "(other)" for t in types] \
                or ["(other)"]:
            row = by_type.setdefault(t, [0, 0])
            row[0] += ok
            row[1] += 1
        layout = str(fields.get("layout") or "normal")
        row = by_layout.setdefault(layout, [0, 0])
        row[0] += ok
        row[1] += 1
        key = (layout, str(fields.get("card") or fields["name"]))
        whole[key] = whole.get(key, True) and ok
        for fmt, status in (fields.get("legalities") or {}).items():
            if str(status).lower() == "legal":
                row = by_format.setdefault(fmt, [0, 0])
                row[0] += ok
                row[1] += 1
        _keywords(compiled, fields, known, unknown)
        for note in compiled.unparsed:
            shapes[shape(note.text, fields["name"])] += 1
    return {
        "cards": total,
        "fully_compiled": fully,
        "share": round(fully / total, 4) if total else 0.0,
        "by_type": {t: _row(r) for t, r in sorted(by_type.items(), key=lambda i: -i[1][1])},
        "by_format": {f: _row(r) for f, r in sorted(by_format.items())},
        "by_layout": {
            layout: {**_row(r), "faces": r[1],
                     "whole_cards": sum(1 for (lay, _) in whole if lay == layout),
                     "whole_cards_fully": sum(v for (lay, _), v in whole.items()
                                              if lay == layout)}
            for layout, r in sorted(by_layout.items(), key=lambda i: (-i[1][1], i[0]))},
        "top_unparsed_shapes": [{"shape": s, "count": c} for s, c in shapes.most_common(top)],
        "keywords": {"known": dict(known.most_common()),
                     "unknown": dict(unknown.most_common(top))},
        "seconds": round(time.perf_counter() - start, 2),
    }


def _compiled(fields: dict[str, Any]) -> Compiled:
    """One card or face compiled; a prototype card's Prototype line read as its second set of
    characteristics (rulings.oracle.library.compile_prototype), as a situation reads it."""
    if "Prototype" in (fields.get("oracle_text") or ""):
        from rulings.oracle.library import compile_prototype

        proto = compile_prototype(fields)
        if proto is not None:
            return proto
    return compile_card(fields)


def _row(row: list[int]) -> dict[str, Any]:
    return {"fully": row[0], "cards": row[1], "share": round(row[0] / row[1], 4)}


def _keywords(compiled: Compiled, fields: dict[str, Any], known: Counter[str],
              unknown: Counter[str]) -> None:
    for entry in compiled.card.get("keywords", []):
        known[entry if isinstance(entry, str) else next(iter(entry))] += 1
    printed = fields.get("keywords")
    if isinstance(printed, list):  # the data names its keywords: check each is known
        for word in printed:
            w = word.lower()
            if kw.cr_rule(w) is None and not w.endswith("walk"):
                unknown[w] += 1
        return
    for note in compiled.unparsed:  # else a short line that reads like a keyword
        m = _KEYWORD_LIKE.match(note.text.lower())
        if m and "." not in note.text:
            unknown[m.group(1)] += 1


def to_text(report: dict[str, Any]) -> str:
    lines = [f"Cards fully compiled: {report['fully_compiled']} of {report['cards']} "
             f"({report['share']:.1%}) in {report['seconds']} s", "", "By card type:"]
    for t, r in report["by_type"].items():
        lines.append(f"  {t:<14} {r['share']:>6.1%}  ({r['fully']} of {r['cards']})")
    if report["by_format"]:
        lines += ["", "By format (cards legal in it):"]
        for f, r in report["by_format"].items():
            lines.append(f"  {f:<14} {r['share']:>6.1%}  ({r['fully']} of {r['cards']})")
    else:
        lines += ["", "By format: the data has no format legalities."]
    if report.get("by_layout"):
        lines += ["", "By layout (faces fully compiled; whole cards with every face):"]
        for lay, r in report["by_layout"].items():
            lines.append(f"  {lay:<14} {r['share']:>6.1%}  ({r['fully']} of {r['faces']} "
                         f"faces; {r['whole_cards_fully']} of {r['whole_cards']} cards)")
    lines += ["", "Most frequent unparsed sentence shapes:"]
    for item in report["top_unparsed_shapes"]:
        lines.append(f"  {item['count']:>5}  {item['shape']}")
    known, unknown = report["keywords"]["known"], report["keywords"]["unknown"]
    lines += ["", f"Keyword abilities known: {len(known)} kinds, on {sum(known.values())} "
                  "ability lines",
              "Keyword-like lines not understood: "
              + (", ".join(f"{k} ({n})" for k, n in unknown.items()) or "none")]
    return "\n".join(lines) + "\n"
