"""Card names for completion (`GET /v1/cards?prefix=…`, used by the judges' page).

The names are the knowledge base's cards and, when card data is imported, every card of it
(24,000 and more): a situation can name any of them. A query is matched in tiers, best first:
the name starts with it, one of its words does, the name contains it, and last a fuzzy match
for typing mistakes (names sharing the most letter triples with the query, ranked by
similarity). The index is built once per card data file (rebuilt when it is imported again),
so a query costs a scan of plain strings, a few milliseconds on the whole pool.
"""

from __future__ import annotations

import difflib
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

#: at most this many names per answer
MAX_LIMIT = 50
#: fuzzy candidates scored by similarity (those sharing the most letter triples)
FUZZY_POOL = 200
FUZZY_CUTOFF = 0.6

_WORDS = re.compile(r"[^0-9a-z]+")


def normal(text: str) -> str:
    """Lower case, punctuation as single spaces: "Æther Vial" and "aether vial" differ, but
    "Fire // Ice" is "fire ice" and "Urza's Saga" is "urza s saga"."""
    return _WORDS.sub(" ", text.lower()).strip()


def _triples(text: str) -> set[str]:
    padded = f"  {text} "
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


@dataclass
class NameIndex:
    names: list[str]
    known: list[bool]
    type_lines: list[str | None]
    keys: list[str] = field(init=False)
    triples: dict[str, list[int]] = field(init=False)

    def __post_init__(self) -> None:
        self.keys = [normal(n) for n in self.names]
        postings: dict[str, list[int]] = {}
        for i, key in enumerate(self.keys):
            for t in _triples(key):
                postings.setdefault(t, []).append(i)
        self.triples = postings

    def search(self, query: str, limit: int = 20) -> list[dict[str, Any]]:
        q = normal(query)
        limit = max(1, min(limit, MAX_LIMIT))
        if not q:
            return []
        tiers: list[list[int]] = [[], [], []]
        word = " " + q
        for i, key in enumerate(self.keys):
            if key.startswith(q):
                tiers[0].append(i)
            elif word in key:
                tiers[1].append(i)
            elif q in key:
                tiers[2].append(i)
        found: list[tuple[int, str]] = []
        for tier, how in zip(tiers, ("prefix", "word", "contains"), strict=True):
            tier.sort(key=self._order)
            found.extend((i, how) for i in tier[:limit - len(found)])
            if len(found) >= limit:
                break
        if len(found) < limit and len(q) >= 3:
            seen = {i for i, _ in found}
            found.extend((i, "fuzzy") for i in self._fuzzy(q, limit - len(found), seen))
        return [self._entry(i, how) for i, how in found]

    def _order(self, i: int) -> tuple[bool, int, str]:
        # known cards first (they have a hand-written file), then the shorter name
        return (not self.known[i], len(self.keys[i]), self.keys[i])

    def _fuzzy(self, q: str, wanted: int, seen: set[int]) -> list[int]:
        shared: Counter[int] = Counter()
        for t in _triples(q):
            shared.update(self.triples.get(t, ()))
        pool = [i for i, _ in shared.most_common(FUZZY_POOL) if i not in seen]
        scored = []
        for i in pool:
            key = self.keys[i]
            # a query is often the start of a name: compare it with a same-length start too
            ratio = max(difflib.SequenceMatcher(None, q, key).ratio(),
                        difflib.SequenceMatcher(None, q, key[:len(q)]).ratio())
            if ratio >= FUZZY_CUTOFF:
                scored.append((-ratio, *self._order(i), i))
        scored.sort()
        return [s[-1] for s in scored[:wanted]]

    def _entry(self, i: int, how: str) -> dict[str, Any]:
        entry: dict[str, Any] = {"name": self.names[i], "known": self.known[i], "match": how}
        if self.type_lines[i]:
            entry["type_line"] = self.type_lines[i]
        return entry


_lock = threading.Lock()
_built: dict[str, tuple[Any, NameIndex]] = {}


def name_index() -> tuple[NameIndex, bool]:
    """The index of every nameable card, and whether card data is imported."""
    from rulings.knowledge import catalog

    try:
        from rulings import reference

        book: Any = reference.card_book()
    except Exception:  # not imported (or unreadable): the knowledge base's names only
        book = None
    with _lock:
        hit = _built.get("index")
        if hit is not None and hit[0] is book:
            return hit[1], book is not None
        by_key: dict[str, tuple[str, bool, str | None]] = {}
        if book is not None:
            for card in book.cards.values():
                by_key[normal(card["name"])] = (card["name"], False, card.get("type_line"))
        for name in catalog.known_names():
            old = by_key.get(normal(name))
            by_key[normal(name)] = (name, True, old[2] if old else None)
        rows = sorted(by_key.values())
        index = NameIndex([r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows])
        _built["index"] = (book, index)
        return index, book is not None


def card_names(prefix: str, limit: int = 20) -> dict[str, Any]:
    """{"query", "imported", "cards": [{"name", "known", "match", "type_line"?}]}."""
    index, imported = name_index()
    return {"query": prefix, "imported": imported, "cards": index.search(prefix, limit)}
