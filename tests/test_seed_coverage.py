"""Every seed item has a case where its ruling applies and a near miss where it doesn't."""

from __future__ import annotations

import pytest

from rulings.cases import find_cases, load_case

from .conftest import REPO

# seed item -> the id a case must cover to count for it (docs: the user's seed list)
SEED_ITEMS = {
    "G1": "CR 106.5", "G2": "CR 106.7", "G3": "CR 106.12", "G4": "CR 106.12a",
    "G5": "CR 106.12b", "G6": "CR 107.3m", "G7": "CR 107.5", "G8": "CR 107.6",
    **{f"OA{n}": f"opposition-agent#{n}" for n in range(1, 11)},
    **{f"AS{n}": f"aether-searcher#{n}" for n in range(1, 10)},
    **{f"LA{n}": f"leonin-arbiter#{n}" for n in range(1, 11)},
}


@pytest.fixture(scope="module")
def coverage() -> dict[str, set[bool]]:
    found: dict[str, set[bool]] = {}
    for path in find_cases([REPO / "tests" / "cases"]):
        case = load_case(path)
        for cite in case.covers:
            found.setdefault(cite, set()).add(case.near_miss)
    return found


@pytest.mark.parametrize("item", sorted(SEED_ITEMS))
def test_seed_item_has_a_case_and_a_near_miss(item, coverage):
    cite = SEED_ITEMS[item]
    kinds = coverage.get(cite, set())
    assert False in kinds, f"{item}: no case where {cite} applies"
    assert True in kinds, f"{item}: no near miss for {cite}"
