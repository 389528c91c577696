"""The answers to every case file, computed once per test session (shared by the tests that
look at all answers: the walk over the vocabulary, the internal-token check)."""

from __future__ import annotations

import functools
from typing import Any

from rulings.api import ask
from rulings.cases import find_cases, fired_rules, load_case
from rulings.facts.errors import InputError

from .conftest import REPO


@functools.cache
def case_answers() -> tuple[tuple[str, dict[str, Any]], ...]:
    out = []
    for path in find_cases([REPO / "tests" / "cases"]):
        case = load_case(path)
        try:
            answer = ask(case.situation, sources=False)
        except InputError:
            continue  # a case about an input error has no answer
        out.append((str(path.relative_to(REPO)), answer))
    return tuple(out)


@functools.cache
def fired() -> frozenset[str]:
    """Every rule some case answer rests on."""
    found: set[str] = set()
    for _, answer in case_answers():
        found |= set(fired_rules(answer))
    return frozenset(found)
