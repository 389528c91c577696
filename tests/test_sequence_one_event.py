"""An event means the same inside `events:` as alone: every case of tests/cases whose event is
a cast or an activation, asked again as a one-event sequence, gives the same rulings (a key of
the event the sequence dropped — a face, a payment, an alternative cost — shows up here)."""

from __future__ import annotations

import copy

import pytest

from rulings.api import ask
from rulings.cases import find_cases, load_case
from rulings.facts.errors import InputError

from .conftest import REPO


def _single_event_cases() -> list:
    out = []
    for path in find_cases([REPO / "tests" / "cases"]):
        case = load_case(path)
        sit = case.situation
        event = sit.get("event") if isinstance(sit, dict) else None
        if isinstance(event, dict) and len(event) == 1 and next(iter(event)) in (
                "cast", "activate"):
            out.append(path)
    return out


CASES = _single_event_cases()


def _said(answer: dict) -> list[tuple[str, str, str, str]]:
    return sorted((r["rule"], r["statement"]["subject"], r["statement"]["verdict"],
                   r["statement"]["action"]) for r in answer["rulings"])


@pytest.mark.parametrize("path", CASES, ids=lambda p: str(p.relative_to(REPO / "tests")))
def test_a_cast_or_activation_means_the_same_in_a_sequence(path):
    case = load_case(path)
    single = copy.deepcopy(case.situation)
    try:
        alone = ask(single, sources=False)
    except InputError:
        pytest.skip("a case about an input error")
    as_list = copy.deepcopy(case.situation)
    as_list["events"] = [as_list.pop("event")]
    listed = ask(as_list, sources=False)
    assert _said(listed) == _said(alone)
