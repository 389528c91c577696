"""The texts behind an answer's citations, from the rules and rulings the user imported.

The project ships none of those texts; when they are imported (`rulings data import-cr`,
`rulings data import-rulings`), every answer carries the cited rule's text and the official
ruling's text and date under `sources`; when not, a `sources_note` says how to import them."""

from __future__ import annotations

from typing import Any


def attach_sources(answer: dict[str, Any]) -> dict[str, Any]:
    cites = sorted({c for r in answer["rulings"] for c in r["cites"]})
    if not cites:
        return answer
    try:
        from rulings.reference import resolve_citation, store
    except ImportError:  # pragma: no cover - the package ships it
        return answer
    directory = store.data_dir()
    imported = {"cr": store.has_part(directory, store.CR),
                "ruling": store.has_part(directory, store.RULINGS)}
    sources: dict[str, Any] = {}
    for cite in cites:
        kind = "cr" if cite.startswith("CR ") else "ruling"
        if not imported[kind]:
            continue
        try:
            found = resolve_citation(cite)
        except Exception:  # damaged data: `rulings data status` reports it; answers go on
            found = None
        if found:
            sources[cite] = {k: v for k, v in found.items() if k != "cite"}
    if sources:
        answer["sources"] = sources
    missing = [what for kind, what in (("cr", "rulings data import-cr FILE"),
                                       ("ruling", "rulings data import-rulings FILE"))
               if not imported[kind]]
    if missing:
        answer["sources_note"] = ("The texts of the cited rules and rulings are not imported; "
                                  "to see them, run: " + "; ".join(missing) + ".")
    return answer
