"""Honesty in answers: the abilities of the situation's cards that are not modelled.

A card compiled from Oracle text (or a card file) may hold `unparsed:` abilities; the loader
makes an `Unmodelled` fact for each. No rule guesses what such an ability does, so an answer
about that card says which of its abilities it could not take into account."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def unmodelled_notes(facts: Iterable[Any], name: Callable[[Any], str]) -> list[str]:
    """One line per card object with unmodelled abilities: how many of its abilities were
    understood, then one line per ability not modelled."""
    from rulings.facts.effects import Unmodelled
    from rulings.facts.game import Ability

    facts = list(facts)
    counts: dict[str, list[int]] = {}
    for f in facts:
        if isinstance(f, Ability):
            row = counts.setdefault(str(f["source"]), [0, 0])
            row[1] += 1
            row[0] += f["kind"] != "unparsed"
    gaps: dict[str, list[Any]] = {}
    for f in facts:
        if isinstance(f, Unmodelled):
            gaps.setdefault(str(f["object"]), []).append(f)
    lines = []
    for obj in sorted(gaps):
        card = name(obj)
        understood, total = counts.get(obj, [0, len(gaps[obj])])
        lines.append(f"{card}: understood {understood} of {total} abilities")
        for f in sorted(gaps[obj], key=lambda f: _number(str(f["ability"]))):
            n = _number(str(f["ability"]))
            which = f"ability {n}" if n else "an ability"
            lines.append(f"{card}: {which}, '{f['text']}', not modelled; the answer may miss "
                         "its effects")
    return lines


def _number(ability_id: str) -> int:
    tail = ability_id.rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else 0
