"""Queries over imported data: rules by number, rule search, the glossary, official rulings."""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from rulings.reference.errors import ReferenceDataError
from rulings.reference.numbering import normalize_number, number_key, parent_number
from rulings.reference.slugs import slugify

_WORD = re.compile(r"[a-z0-9]+")
_CITE = re.compile(r"(.+)#(\d+)")


class RulesBook:
    """One imported edition of the Comprehensive Rules."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.effective: str = data["effective"]
        self.effective_text: str = data.get("effective_text", self.effective)
        self.source: dict[str, Any] = data.get("source", {})
        self.imported_at: str | None = data.get("imported_at")
        self.rules: list[dict[str, Any]] = data["rules"]
        self.glossary: list[dict[str, str]] = data["glossary"]
        self.index = {r["number"]: i for i, r in enumerate(self.rules)}
        self._keys: list[tuple[Any, ...]] | None = None
        self._terms: dict[str, int] | None = None
        self._haystacks: list[str] | None = None

    @property
    def keys(self) -> list[tuple[Any, ...]]:
        if self._keys is None:
            self._keys = [number_key(r["number"]) for r in self.rules]
        return self._keys

    def rule(self, number: str) -> dict[str, Any] | None:
        """The rule with this number (any spelling normalize_number accepts), or None."""
        found = normalize_number(number)
        i = self.index.get(found) if found else None
        return None if i is None else self.rules[i]

    def descendants(self, number: str) -> list[dict[str, Any]]:
        """All rules under `number`, in document order (the body is sorted by number)."""
        found = normalize_number(number)
        i = self.index.get(found) if found else None
        if i is None:
            return []
        key = number_key(self.rules[i]["number"])
        out = []
        for rule in self.rules[i + 1:]:  # keys computed as we go: a cold lookup stays fast
            if number_key(rule["number"])[: len(key)] != key:
                break
            out.append(rule)
        return out

    def children(self, number: str) -> list[dict[str, Any]]:
        """The rules one level under `number` (a chapter's sections, a rule's subrules)."""
        found = normalize_number(number)
        if found is None:
            return []
        depth = len(number_key(found))
        return [r for r in self.descendants(number) if len(number_key(r["number"])) == depth + 1]

    def nearest(self, number: str, limit: int = 3) -> list[str]:
        """Existing numbers closest to a missing one: its neighbours at the same depth, those
        with the longest common prefix first, and its parent when that exists."""
        wanted = normalize_number(number)
        if wanted is None:
            return []
        key = number_key(wanted)
        same = [(k, i) for i, k in enumerate(self.keys) if len(k) == len(key)]
        pos = bisect.bisect_left([k for k, _ in same], key)
        around = same[max(pos - 1, 0): pos + 1]

        def shared(k: tuple[Any, ...]) -> int:
            return next((n for n, (a, b) in enumerate(zip(k, key, strict=False)) if a != b),
                        len(key))

        around.sort(key=lambda ki: (-shared(ki[0]), ki[1]))
        found = [self.rules[i]["number"] for _, i in around]
        parent = parent_number(wanted)
        if parent in self.index and not any(shared(k) >= len(key) - 1 for k, _ in around):
            found.insert(0, parent)
        return found[:limit]

    # --- search ---

    def search(self, query: str, limit: int | None = 20) -> tuple[list[dict[str, Any]], int]:
        """Rules (text and examples) holding every word of `query` (a word also matches
        longer words it begins: "untap" finds "untapped"). Ranked: the exact phrase first,
        then whole-word hits, then shorter rules; ties in document order.
        Returns (results, total matches)."""
        words = _WORD.findall(query.lower())
        if not words:
            return [], 0
        starts = [re.compile(rf"\b{re.escape(w)}") for w in words]
        wholes = [re.compile(rf"\b{re.escape(w)}\b") for w in words]
        phrase = re.compile(r"\b" + r"\W+".join(map(re.escape, words)) + r"\b")
        hits = []
        found: dict[int, dict[str, Any]] = {}
        for i, rule, hay in self._candidates(words):
            found[i] = rule
            if not all(w in hay for w in words) or not all(s.search(hay) for s in starts):
                continue
            score = 100 if len(words) > 1 and phrase.search(hay) else 0
            score += sum(min(len(w.findall(hay)), 3) * 10 for w in wholes)
            if len(number_key(rule["number"])) <= 2:
                score += 15  # a section or chapter named by the words is a good entry point
            hits.append((-score, len(hay), i))
        hits.sort()
        shown = hits if limit is None else hits[:limit]
        results = []
        for neg_score, _, i in shown:
            rule = found[i]
            results.append({
                "number": rule["number"],
                "score": -neg_score,
                "snippet": snippet(" ".join([rule["text"], *rule["examples"]]), words),
            })
        return results, len(hits)

    def _candidates(self, words: list[str]) -> Any:
        """(document index, rule, haystack) of every rule that may hold all `words`; search
        keeps those that do."""
        if self._haystacks is None:
            self._haystacks = [haystack(r) for r in self.rules]
        return ((i, self.rules[i], hay) for i, hay in enumerate(self._haystacks))

    # --- glossary ---

    @property
    def terms(self) -> dict[str, int]:
        """Lower-case term → entry index; also each part of "Control, Controller" and the
        term without "(Obsolete)"."""
        if self._terms is None:
            terms: dict[str, int] = {}
            for i, entry in enumerate(self.glossary):
                terms.setdefault(_term_key(entry["term"]), i)
            for i, entry in enumerate(self.glossary):
                base = re.sub(r"\s*\(obsolete\)$", "", entry["term"], flags=re.IGNORECASE)
                for alias in [base, *base.split(", ")]:
                    terms.setdefault(_term_key(alias), i)
            self._terms = terms
        return self._terms

    def glossary_entry(self, term: str) -> dict[str, str] | None:
        i = self.terms.get(_term_key(term))
        return None if i is None else self.glossary[i]

    def similar_terms(self, term: str, limit: int = 5) -> list[str]:
        import difflib  # only needed when a lookup fails

        key = _term_key(term)
        keys = list(self.terms)
        close = difflib.get_close_matches(key, keys, n=limit, cutoff=0.6)
        close += [k for k in keys if key and key in k]
        names: list[str] = []
        for k in close:
            name = self.glossary[self.terms[k]]["term"]
            if name not in names:
                names.append(name)
        return names[:limit]


def haystack(rule: dict[str, Any]) -> str:
    """What a search reads of a rule: its text and examples, lower-cased."""
    return " ".join([rule["text"], *rule["examples"]]).lower()


def _term_key(term: str) -> str:
    return " ".join(term.strip().strip("“”\"").lower().split())


def snippet(text: str, words: list[str], width: int = 110) -> str:
    """About `width` characters of `text` on one line, around the first query word."""
    flat = " ".join(text.split())
    lower = flat.lower()
    at = min((m.start() for w in words if (m := re.search(rf"\b{re.escape(w)}", lower))),
             default=0)
    start = max(0, at - width // 3)
    if start:
        start = flat.find(" ", start) + 1 or start
    end = start + width
    if end < len(flat):
        cut = flat.rfind(" ", start, end)
        end = cut if cut > start else end
    return ("…" if start else "") + flat[start:end] + ("…" if end < len(flat) else "")


class CardBook:
    """Imported card data and official rulings, by card slug."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.cards: dict[str, dict[str, Any]] = data["cards"]
        self.aliases: dict[str, str] = data.get("aliases", {})
        self.sources: list[dict[str, str]] = data.get("sources", [])
        self.imported_at: str | None = data.get("imported_at")

    def slug_for(self, name_or_slug: str) -> str | None:
        slug = slugify(name_or_slug)
        if slug in self.cards:
            return slug
        return self.aliases.get(slug)

    def card(self, name_or_slug: str) -> dict[str, Any] | None:
        slug = self.slug_for(name_or_slug)
        return None if slug is None else self.cards[slug]

    def ruling(self, cite: str) -> dict[str, Any] | None:
        """"leonin-arbiter#5" (or "Leonin Arbiter#5") → {"card", "slug", "n", "date", "text"}."""
        m = _CITE.fullmatch(cite.strip())
        if not m:
            return None
        slug = self.slug_for(m.group(1))
        n = int(m.group(2))
        if slug is None:
            return None
        rulings = self.cards[slug]["rulings"]
        if not 1 <= n <= len(rulings):
            return None
        card = self.cards[slug]
        return {"card": card["name"], "slug": slug, "n": n, **rulings[n - 1]}

    def names(self) -> list[str]:
        """Every card's name, in slug order."""
        return [c["name"] for c in self.cards.values()]

    def similar_slugs(self, slug: str, limit: int = 3) -> list[str]:
        import difflib

        return difflib.get_close_matches(slug, list(self.cards), n=limit, cutoff=0.75)


# --- the same books, read from the stored database (rulings.reference.store) ---------------


class StoredRules(RulesBook):
    """The imported CR, read from the database as asked: a rule by its number, a search
    through the full-text index; the whole book only for what needs all of it."""

    def __init__(self, db: Any, head: dict[str, Any]) -> None:
        self.db = db
        self.effective = head["effective"]
        self.effective_text = head.get("effective_text", self.effective)
        self.source = head.get("source", {})
        self.imported_at = head.get("imported_at")
        self.summary: dict[str, Any] | None = head.get("summary")
        self._keys = None
        self._terms = None
        self._haystacks = None
        self._rules: list[dict[str, Any]] | None = None
        self._glossary: list[dict[str, str]] | None = None
        self._index: dict[str, int] | None = None
        self._by_number: dict[str, dict[str, Any] | None] = {}

    @property
    def rules(self) -> list[dict[str, Any]]:  # type: ignore[override]
        if self._rules is None:
            self._rules = [json.loads(r) for (r,) in
                           self.db.rows("SELECT record FROM rules ORDER BY seq")]
        return self._rules

    @property
    def glossary(self) -> list[dict[str, str]]:  # type: ignore[override]
        if self._glossary is None:
            self._glossary = [json.loads(r) for (r,) in
                              self.db.rows("SELECT record FROM glossary ORDER BY seq")]
        return self._glossary

    @property
    def index(self) -> dict[str, int]:  # type: ignore[override]
        if self._index is None:
            self._index = {n: i for i, n in self.db.rows("SELECT seq, number FROM rules")}
        return self._index

    def rule(self, number: str) -> dict[str, Any] | None:
        found = normalize_number(number)
        if found is None:
            return None
        if found not in self._by_number:
            row = self.db.one("SELECT record FROM rules WHERE number = ?", (found,))
            self._by_number[found] = json.loads(row[0]) if row else None
        return self._by_number[found]

    def descendants(self, number: str) -> list[dict[str, Any]]:
        found = normalize_number(number)
        row = self.db.one("SELECT seq FROM rules WHERE number = ?", (found,)) if found else None
        if row is None or found is None:
            return []
        key = number_key(found)
        out: list[dict[str, Any]] = []
        # the body is sorted by number: the rules under it follow it; read a page at a time
        seq, page = row[0], 64
        while True:
            rows = self.db.rows("SELECT seq, number, record FROM rules WHERE seq > ? "
                                "ORDER BY seq LIMIT ?", (seq, page))
            for _, n, record in rows:
                if number_key(n)[: len(key)] != key:
                    return out
                out.append(json.loads(record))
            if len(rows) < page:
                return out
            seq = rows[-1][0]
            page = min(page * 4, 4096)

    def _candidates(self, words: list[str]) -> Any:
        """Rules holding a word starting with each of `words`: from the full-text index
        (FTS5), else by LIKE; search then checks each exactly, as for the whole book."""
        import sqlite3

        rows = None
        if self.db.fts is not False:
            query = " ".join(f'"{w}"*' for w in words)
            try:
                rows = self.db.rows(
                    "SELECT r.seq, r.record, r.hay FROM rules_fts JOIN rules r "
                    "ON r.seq = rules_fts.rowid WHERE rules_fts MATCH ? ORDER BY r.seq",
                    (query,))
                self.db.fts = True
            except (sqlite3.Error, ReferenceDataError):  # no FTS5 here, or no index stored
                self.db.fts = False
        if rows is None:
            rows = self.db.rows(
                "SELECT seq, record, hay FROM rules WHERE "
                + " AND ".join("hay LIKE ?" for _ in words) + " ORDER BY seq",
                tuple(f"%{w}%" for w in words))
        return ((seq, json.loads(record), hay) for seq, record, hay in rows)


class _StoredCardMap(Mapping[str, dict[str, Any]]):
    """slug -> card record, read from the database one card at a time (all of them only
    when iterated)."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self._read: dict[str, dict[str, Any] | None] = {}

    def __getitem__(self, slug: str) -> dict[str, Any]:
        if slug not in self._read:
            row = self.db.one("SELECT record FROM cards WHERE slug = ?", (slug,))
            self._read[slug] = json.loads(row[0]) if row else None
        found = self._read[slug]
        if found is None:
            raise KeyError(slug)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter([s for (s,) in self.db.rows("SELECT slug FROM cards ORDER BY slug")])

    def __len__(self) -> int:
        return int(self.db.one("SELECT count(*) FROM cards")[0])

    def __contains__(self, slug: object) -> bool:
        if slug in self._read:
            return self._read[slug] is not None  # type: ignore[index]
        return isinstance(slug, str) and \
            self.db.one("SELECT 1 FROM cards WHERE slug = ?", (slug,)) is not None

    def items(self) -> Any:  # one query for all, not one per card
        return [(s, json.loads(r))
                for s, r in self.db.rows("SELECT slug, record FROM cards ORDER BY slug")]

    def values(self) -> Any:
        return [card for _, card in self.items()]


class StoredCards(CardBook):
    """The imported cards and rulings, read from the database card by card: a name is
    looked up in the index of every name a card answers to."""

    def __init__(self, db: Any, head: dict[str, Any]) -> None:
        self.db = db
        self.cards = _StoredCardMap(db)  # type: ignore[assignment]
        self.sources = head.get("sources", [])
        self.imported_at = head.get("imported_at")
        self.summary: dict[str, Any] | None = head.get("summary")
        self._aliases: dict[str, str] | None = None
        self._slugs: dict[str, str | None] = {}

    @property
    def aliases(self) -> dict[str, str]:  # type: ignore[override]
        if self._aliases is None:
            self._aliases = dict(self.db.rows(
                "SELECT name, slug FROM card_names WHERE name != slug ORDER BY name"))
        return self._aliases

    def names(self) -> list[str]:
        return [n for (n,) in self.db.rows("SELECT name FROM cards ORDER BY slug")]

    def slug_for(self, name_or_slug: str) -> str | None:
        wanted = slugify(name_or_slug)
        if wanted not in self._slugs:
            row = self.db.one("SELECT slug FROM card_names WHERE name = ?", (wanted,))
            self._slugs[wanted] = row[0] if row else None
        return self._slugs[wanted]
