"""The texts behind an answer's citations, from the rules and rulings the user imported.

The project ships none of those texts; when they are imported (`rulings data import-cr`,
`rulings data import-rulings`), every answer carries the cited rule's text and the official
ruling's text and date under `sources`; when not, a `sources_note` says how to import them."""

from __future__ import annotations

from typing import Any

#: (data directory, the database's identity, cite) -> what resolve_citation found: the same
#: rules are cited by answer after answer, and each lookup opened the store again (several
#: stats and a query); the identity changes with every import, so nothing stale is shown
_RESOLVED: dict[tuple[str, Any, str], dict[str, Any] | None] = {}
_RESOLVED_SIZE = 4096


def _copy(found: dict[str, Any]) -> dict[str, Any]:
    """A source for one answer: its own dict and lists (an answer is the caller's to change)."""
    return {k: list(v) if isinstance(v, list) else v for k, v in found.items() if k != "cite"}


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
    identity: Any = None
    if imported["cr"] or imported["ruling"]:
        try:
            db = store.database(directory)
            identity = db.identity if db is not None else None
        except Exception:  # damaged data: each lookup below reports nothing, as before
            identity = None
    for cite in cites:
        kind = "cr" if cite.startswith("CR ") else "ruling"
        if not imported[kind]:
            continue
        key = (str(directory), identity, cite)
        if identity is not None and key in _RESOLVED:
            found = _RESOLVED[key]
        else:
            try:
                found = resolve_citation(cite)
            except Exception:  # damaged data: `rulings data status` reports it; answers go on
                found = None
            if identity is not None:
                if len(_RESOLVED) >= _RESOLVED_SIZE:
                    _RESOLVED.clear()
                _RESOLVED[key] = found
        if found:
            sources[cite] = _copy(found)
    if sources:
        answer["sources"] = sources
    missing = [what for kind, what in (("cr", "rulings data import-cr FILE"),
                                       ("ruling", "rulings data import-rulings FILE"))
               if not imported[kind]]
    if missing:
        answer["sources_note"] = ("The texts of the cited rules and rulings are not imported; "
                                  "to see them, run: " + "; ".join(missing) + ".")
    return answer
