"""Queries over imported data: rules by number, rule search, the glossary, official rulings."""

from __future__ import annotations

import bisect
import re
from typing import Any

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
        if self._haystacks is None:
            self._haystacks = [
                " ".join([r["text"], *r["examples"]]).lower() for r in self.rules
            ]
        starts = [re.compile(rf"\b{re.escape(w)}") for w in words]
        wholes = [re.compile(rf"\b{re.escape(w)}\b") for w in words]
        phrase = re.compile(r"\b" + r"\W+".join(map(re.escape, words)) + r"\b")
        hits = []
        for i, hay in enumerate(self._haystacks):
            if not all(w in hay for w in words) or not all(s.search(hay) for s in starts):
                continue
            score = 100 if len(words) > 1 and phrase.search(hay) else 0
            score += sum(min(len(w.findall(hay)), 3) * 10 for w in wholes)
            if len(number_key(self.rules[i]["number"])) <= 2:
                score += 15  # a section or chapter named by the words is a good entry point
            hits.append((-score, len(hay), i))
        hits.sort()
        shown = hits if limit is None else hits[:limit]
        results = []
        for neg_score, _, i in shown:
            rule = self.rules[i]
            results.append({
                "number": rule["number"],
                "score": -neg_score,
                "snippet": snippet(" ".join([rule["text"], *rule["examples"]]), words),
            })
        return results, len(hits)

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

    def similar_slugs(self, slug: str, limit: int = 3) -> list[str]:
        import difflib

        return difflib.get_close_matches(slug, list(self.cards), n=limit, cutoff=0.75)
