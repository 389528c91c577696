"""Cards by name from the user's imported card data (`rulings data import-rulings`),
compiled on demand and kept per data version: a new import compiles afresh."""

from __future__ import annotations

import os
from typing import Any

from rulings.oracle.compiler import Compiled, compile_card

# (data version, card slug) -> compiled card; the version changes with every import
_cache: dict[tuple[str, str], Compiled | None] = {}
_CACHE_MAX = 20_000


def _book(data_dir: str | os.PathLike[str] | None) -> Any:
    from rulings.reference import DataMissing, card_book

    try:
        return card_book(data_dir)
    except DataMissing:
        return None


def data_version(book: Any) -> str:
    """What identifies one import: when it was made, and the files it read."""
    return f"{book.imported_at}|" + ",".join(s.get("sha256", "") for s in book.sources)


def imported(name: str, data_dir: str | os.PathLike[str] | None = None) -> Compiled | None:
    """The card named `name` compiled from the imported data; None when the data has no
    such card (or nothing is imported)."""
    from rulings.reference import card_data

    book = _book(data_dir)
    if book is None:
        return None
    slug = book.slug_for(name)
    if slug is None:
        return None
    key = (data_version(book), f"{slug}|{name.lower()}")
    if key not in _cache:
        if len(_cache) >= _CACHE_MAX:
            _cache.clear()
        fields = card_data(name, data_dir)
        _cache[key] = compile_card(fields) if fields and fields.get("type_line") else None
    return _cache[key]


def is_imported(data_dir: str | os.PathLike[str] | None = None) -> bool:
    return _book(data_dir) is not None


def names(data_dir: str | os.PathLike[str] | None = None) -> list[str]:
    """Every card name of the imported data (for suggestions)."""
    book = _book(data_dir)
    return [c["name"] for c in book.cards.values()] if book is not None else []


def unknown_hint(name: str, data_dir: str | os.PathLike[str] | None = None) -> str:
    """What to tell a user whose situation names a card nobody knows."""
    from rulings.facts.errors import nearest
    from rulings.reference.store import IMPORT_RULINGS

    define = ("describe it inline with define: {name: …, types: […], abilities: […]}")
    if not is_imported(data_dir):
        return (f"import card data to name any card: {IMPORT_RULINGS}; or {define}")
    return nearest(name, names(data_dir), "cards") + f" (or {define})"
