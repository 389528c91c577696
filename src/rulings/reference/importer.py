"""`rulings data import-cr` / `import-rulings`: parse first, then replace the stored file in
one step under the lock — so a file that fails to parse never touches the previous data."""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rulings.reference import comprehensive, official, store


def _now() -> str:
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


def cr_summary(data: dict[str, Any]) -> dict[str, Any]:
    numbered = [r["number"] for r in data["rules"]]
    return {
        "effective": data["effective"],
        "chapters": sum(1 for n in numbered if len(n) == 1),
        "sections": sum(1 for n in numbered if len(n) == 3),
        "rules": sum(1 for n in numbered if "." in n),
        "glossary": len(data["glossary"]),
    }


def save_cr(data: dict[str, Any], directory: Path) -> dict[str, Any]:
    data["imported_at"] = _now()
    target = store.save(directory, store.CR, data)
    return {**cr_summary(data), "path": str(target)}


def import_cr(path: str | os.PathLike[str], directory: Path) -> dict[str, Any]:
    """Parse a CR text file and store it; returns a summary (counts, path, seconds)."""
    start = time.perf_counter()
    summary = save_cr(comprehensive.parse_file(path), directory)
    summary["seconds"] = time.perf_counter() - start
    return summary


def rulings_summary(data: dict[str, Any]) -> dict[str, Any]:
    cards = data["cards"].values()
    return {
        "cards": len(data["cards"]),
        "cards_with_rulings": sum(1 for c in cards if c["rulings"]),
        "rulings": official.ruling_count(data),
        "sources": [f"{s['file']} ({official.KINDS[s['kind']]})" for s in data["sources"]],
    }


def save_rulings(data: dict[str, Any], directory: Path) -> dict[str, Any]:
    data["imported_at"] = _now()
    target = store.save(directory, store.RULINGS, data)
    return {**rulings_summary(data), "path": str(target)}


def import_rulings(paths: Iterable[str | os.PathLike[str]], directory: Path) -> dict[str, Any]:
    """Parse card-data files together and store them; returns a summary with "notes"."""
    start = time.perf_counter()
    data, notes = official.parse_files(paths)
    summary = save_rulings(data, directory)
    summary["notes"] = notes
    summary["seconds"] = time.perf_counter() - start
    return summary
