"""The afterif area: a step that happens only if a condition holds as it is reached
(CR 608.2c): made-up texts, and the near misses that stay unparsed."""

from __future__ import annotations

import pytest

from rulings.oracle import compile_card


def spell(text: str):
    return compile_card({"name": "Test Trick", "type_line": "Instant", "oracle_text": text})


def steps(text: str):
    compiled = spell(text)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability["spell"]["do"]


def test_a_condition_on_what_you_control():
    _, draw = steps("Target creature gets -1/-1 until end of turn. If you control a Wizard, "
                    "draw a card.")
    assert draw == {"draw": {"amount": 1, "if": {"you_control": {"subtypes": ["wizard"]}}}}


def test_instead_puts_the_other_way_round_on_the_step_before():
    two, three = steps("Draw two cards. If you control no artifacts, draw three cards "
                       "instead.")
    cond = {"you_control_count": {"what": {"types": ["artifact"]}, "le": 0}}
    assert two["draw"]["if"] == {"not": cond}
    assert three["draw"]["if"] == cond


def test_otherwise_is_the_condition_before_the_other_way_round():
    _, first, second = steps("Target creature gets +1/+1 until end of turn. If it's your "
                             "turn, it gains trample until end of turn. Otherwise, it gains "
                             "first strike until end of turn.")
    assert first["modify"]["if"] == {"turn": "yours"}
    assert second["modify"]["if"] == {"not": {"turn": "yours"}}


def test_what_the_target_is_and_was():
    _, tap_if = steps("Tap target permanent. If it's an artifact, destroy it.")
    assert tap_if["destroy"]["if"] == {"object_is": {"what": "t1",
                                                     "is": {"types": ["artifact"]}}}
    _, gain = steps("Destroy target creature. If that creature was a Human, you gain 2 life.")
    assert gain["gain_life"]["if"]["object_is"]["as_it_was"] is True


@pytest.mark.parametrize("text", [
    # "that land" is another object than the target creature
    "Tap target creature. If that land is an Island, draw a card.",
    # "otherwise" with no condition before it
    "Draw a card. Otherwise, draw two cards.",
    # a counter under a condition: the countering rules don't see it
    "Draw a card. If you control a Wizard, counter target spell.",
    # the spell moving itself only if …
    "Draw a card. If you control a Wizard, return Test Trick to its owner's hand.",
    # a count after a search put lands onto the battlefield
    "Search your library for a land card, put it onto the battlefield, then shuffle. If you "
    "control four or more lands, draw a card.",
])
def test_near_misses_stay_unparsed(text):
    assert not spell(text).fully
