"""`find:` on `resolve_top` names what the top object's search finds (CR 701.23a): a top
object without a search, or more cards than its search finds, is a question no game asks."""

from __future__ import annotations

import pytest

from rulings.facts import situation
from rulings.facts.errors import InputError
from rulings.facts.stack import ResolveTop

BASE = """\
players: [Alice, Bob]
turn: {active: Alice, step: precombat main}
library:
  Alice: [Forest, Island]
stack:
"""


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        situation.load("s.yaml", text)
    return [str(p) for p in exc.value.problems]


def test_find_on_a_top_object_without_a_search_is_refused():
    text = BASE + """\
  - {card: Lightning Bolt, controller: Alice, targets: [Bob]}
event:
  resolve_top: {find: [Forest]}
"""
    assert any("Lightning Bolt has no search" in p and "drop find:" in p
               for p in problems(text))


def test_more_picks_than_the_search_finds_is_refused():
    text = BASE + """\
  - {card: Rampant Growth, controller: Alice}
event:
  resolve_top: {find: [Forest, Island]}
"""
    assert any("finds at most 1" in p for p in problems(text))


def test_find_on_a_tutor_is_read():
    text = BASE + """\
  - {card: Demonic Tutor, controller: Alice}
event:
  resolve_top: {find: [Island]}
"""
    (top,) = [f for f in situation.load("s.yaml", text).facts if isinstance(f, ResolveTop)]
    assert list(top["find"]) == ["Island"] and not top["find_nothing"]
