"""Honesty in answers: how much of each card of the situation was read.

The parts of a situation no rule reads are found in one place, facts.modelled.not_modelled;
an ability the compiler could not read (`unparsed:`) is one of them. This module only says
it the older way, card by card ("Foo: understood 1 of 2 abilities"), for the answer's
`notes`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def unmodelled_notes(facts: Iterable[Any], name: Callable[[Any], str],
                     parts: list[dict[str, Any]] | None = None) -> list[str]:
    """One line per card object with abilities no rule can read: how many of its abilities
    were understood, then one line per ability not read. `parts`: the situation's
    not-modelled parts, when already found (facts.modelled.not_modelled)."""
    from rulings.facts.game import Ability
    from rulings.facts.modelled import not_modelled

    facts = list(facts)
    if parts is None:
        parts = not_modelled(facts)
    counts: dict[str, list[int]] = {}
    for f in facts:
        if isinstance(f, Ability):
            row = counts.setdefault(str(f["source"]), [0, 0])
            row[1] += 1
            row[0] += f["kind"] != "unparsed"
    gaps: dict[str, list[dict[str, Any]]] = {}
    for p in parts:
        if p["section"] == "unparsed":
            gaps.setdefault(p["object"], []).append(p)
    lines = []
    for obj in sorted(gaps):
        card = name(obj)
        understood, total = counts.get(obj, [0, len(gaps[obj])])
        lines.append(f"{card}: understood {understood} of {total} abilities")
        for p in sorted(gaps[obj], key=lambda p: _number(p["ability"])):
            n = _number(p["ability"])
            which = f"ability {n}" if n else "an ability"
            lines.append(f"{card}: {which}, '{p['text']}', not modelled; the answer may miss "
                         "its effects")
    return lines


def _number(ability_id: str) -> int:
    tail = ability_id.rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else 0
