"""The ifcond area: a triggered ability's intervening "if" about what a player controls
(CR 603.4): made-up texts, and the near misses that stay unparsed."""

from __future__ import annotations

import pytest

from rulings.oracle import compile_card


def card(text: str, name: str = "Test Seer"):
    return compile_card({"name": name, "type_line": "Creature — Human Wizard",
                         "oracle_text": text, "power": "1", "toughness": "1"})


def condition(text: str):
    compiled = card(text)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability["triggered"]["intervening_if"]


@pytest.mark.parametrize(("text", "expected"), [
    ("At the beginning of your upkeep, if you control an Island, draw a card.",
     {"you_control": {"subtypes": ["island"]}}),
    ("When Test Seer enters the battlefield, if you control another Wizard, draw a card.",
     {"you_control": {"other": True, "subtypes": ["wizard"]}}),
    ("When Test Seer enters, if you control three or more artifacts, draw a card.",
     {"you_control_count": {"what": {"types": ["artifact"]}, "ge": 3}}),
    ("At the beginning of the end step, if you control no creatures, sacrifice Test Seer.",
     {"you_control_count": {"what": {"types": ["creature"]}, "le": 0}}),
    ("At the beginning of your end step, if you control exactly one creature, draw a card.",
     {"you_control_count": {"what": {"types": ["creature"]}, "ge": 1, "le": 1}}),
    ("At the beginning of your upkeep, if an opponent controls more lands than you, draw a "
     "card.", {"opponent_controls_more": {"what": {"types": ["land"]}}}),
    ("Whenever Test Seer attacks, if you control a creature with power 4 or greater, draw a "
     "card.", {"you_control": {"types": ["creature"], "power": {"ge": 4}}}),
])
def test_what_you_control(text, expected):
    assert condition(text) == expected


@pytest.mark.parametrize("text", [
    # a plural with no count and no "another" is not a form the cards print
    "At the beginning of your upkeep, if you control artifacts, draw a card.",
    # a description naming its own controller
    "At the beginning of your upkeep, if you control three or more permanents you don't own, "
    "draw a card.",
    # a number other than one with "a" forms
    "At the beginning of your upkeep, if you don't control two Islands, draw a card.",
])
def test_near_misses_stay_unparsed(text):
    assert not card(text).fully


def test_a_name_shared_with_the_card_is_not_counted():
    # "another creature named ~": the selector rules don't check a shared name
    compiled = card("When Test Seer enters the battlefield, if you control another creature "
                    "named Test Seer, draw a card.")
    assert not compiled.fully
    assert "can't check" in compiled.notes[0].gap


def test_a_trigger_from_the_graveyard_stays_unparsed():
    compiled = card("At the beginning of combat on your turn, if you control a creature with "
                    "power 4 or greater, you may pay {R}. If you do, return Test Seer from your "
                    "graveyard to the battlefield.")
    assert not compiled.fully
    assert "graveyard" in compiled.notes[0].gap
