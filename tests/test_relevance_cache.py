"""The relevance cache (engine/relevance.py) must round-trip every rule's reach: a fact class
that can't be found again by its module and name makes every start recompute relevance from
the rule sources (0.3 s), silently."""

from __future__ import annotations

from rulings.engine import relevance
from rulings.knowledge import rules


def test_every_reach_survives_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULINGS_CACHE_DIR", str(tmp_path))
    computed = rules._read_reaches()
    calls = []

    def compute():
        calls.append(1)
        return computed

    first = relevance.cached_reaches(rules._sources(), compute)
    again = relevance.cached_reaches(rules._sources(), compute)
    assert calls == [1]  # the second read came from the cache file
    assert again == first == computed


def test_a_changed_source_is_a_new_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("RULINGS_CACHE_DIR", str(tmp_path))
    source = tmp_path / "topic.py"
    source.write_text("A = 1\n")
    relevance.cached_reaches([source], lambda: [])
    source.write_text("A = 2\n")
    relevance.cached_reaches([source], lambda: [])
    assert len(list(tmp_path.glob("reaches-*.json"))) == 2
