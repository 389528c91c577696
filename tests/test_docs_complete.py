"""docs/situations.md (with docs/effect-language.md for the card words) is the whole
description of the situation format: outsiders write situations from it alone. Every key
the situation schema accepts must appear there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulings.facts.schema import situation_schema

DOCS = Path(__file__).resolve().parents[1] / "docs"

#: keys not yet written up (none: add one only with a reason, and remove it once documented)
PENDING: frozenset[str] = frozenset()


def _keys(node: Any, out: set[str]) -> None:
    if isinstance(node, dict):
        for key, value in (node.get("properties") or {}).items():
            out.add(key)
            _keys(value, out)
        for key, value in node.items():
            if key != "properties":
                _keys(value, out)
    elif isinstance(node, list):
        for value in node:
            _keys(value, out)


def undocumented(keys: set[str], text: str) -> list[str]:
    return sorted(k for k in keys - PENDING
                  if f"`{k}" not in text and f"{k}:" not in text and f"{k}," not in text)


def _docs() -> str:
    return (DOCS / "situations.md").read_text() + (DOCS / "effect-language.md").read_text()


def test_every_situation_key_is_documented():
    keys: set[str] = set()
    _keys(situation_schema(), keys)
    missing = undocumented(keys, _docs())
    assert not missing, f"keys of the situation schema not in docs/situations.md: {missing}"


def test_a_key_no_doc_names_is_reported():
    """Near miss: the same check on a schema with one more key finds it."""
    keys: set[str] = set()
    _keys({"properties": {"zzz_never_documented": {}, "players": {}}}, keys)
    assert undocumented(keys, _docs()) == ["zzz_never_documented"]
