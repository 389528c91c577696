"""The Oracle compiler reads "When you do, …" after an optional instruction into the
`reflexive` step (CR 603.12), and leaves one with a target of its own unread."""

from __future__ import annotations

import pytest

from rulings.oracle.compiler import parse


def test_when_you_do_after_a_may_is_a_reflexive_step():
    steps, _ = parse("effects", "you may discard a card. when you do, draw two cards.")
    assert steps == [{"discard": {"amount": 1, "may": True, "id": "s1"}},
                     {"reflexive": {"did": "s1", "do": [{"draw": {"amount": 2}}]}}]


def test_when_you_do_after_a_step_that_is_not_optional_is_not_read():
    with pytest.raises(Exception, match="not optional"):
        parse("effects", "discard a card. when you do, draw two cards.")


def test_when_you_do_with_a_target_of_its_own_is_not_read():
    with pytest.raises(Exception, match="target of its own"):
        parse("effects", "you may discard a card. when you do, destroy target creature.")
