"""Every case file in the repository runs as a test (the same as `rulings check tests/cases`)."""

from __future__ import annotations

import pytest

from rulings.cases import find_cases, load_case, run_case

from .conftest import REPO

CASE_FILES = find_cases([REPO / "tests" / "cases"])


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: str(p.relative_to(REPO / "tests")))
def test_case(path):
    result = run_case(load_case(path))
    assert result.passed, "\n".join(result.differences)


def test_every_case_names_what_it_covers():
    for path in CASE_FILES:
        case = load_case(path)
        assert case.covers, f"{path}: a case must name the ids it covers"
        assert case.expect or case.expect_not, f"{path}: a case must expect something"
