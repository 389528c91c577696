"""Official card rulings are cited from the card files (`official:`), only when a rule fired on
that card: a general rule never cites one card's ruling for another card."""

from __future__ import annotations

import pytest

from rulings.api import ask
from rulings.engine.rules import rule

from .conftest import REPO

CASES = REPO / "tests" / "cases"


def card_cites(path) -> set[str]:
    answer = ask(path)
    return {c for r in answer["rulings"] for c in r["cites"] if "#" in c}


def test_leonin_arbiter_rulings_are_cited_on_an_arbiter_board():
    assert {"leonin-arbiter#2", "leonin-arbiter#4"} <= card_cites(
        CASES / "leonin-arbiter" / "la2-la4-search-then-shuffle.yaml")


def test_the_same_rules_cite_no_arbiter_ruling_for_stranglehold():
    cites = card_cites(CASES / "search" / "stranglehold-opponents-only.yaml")
    assert not {c for c in cites if c.startswith("leonin-arbiter#")}


def test_a_rule_citing_one_string_is_refused():
    with pytest.raises(TypeError):
        rule(id="test.one-string", cites="CR 101.2", because="x")
