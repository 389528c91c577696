"""A trigger that moves its own card out of the graveyard works from the graveyard (CR 113.6m),
unless its trigger puts the card there or is the enchanted object leaving (the exceptions)."""

from __future__ import annotations

from rulings.oracle import compile_card


def trigger(text: str, type_line: str = "Creature — Spirit") -> dict:
    compiled = compile_card({"name": "Test Ghast", "type_line": type_line,
                             "oracle_text": text, "power": "2", "toughness": "1"})
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability["triggered"]


def test_returning_itself_from_the_graveyard_works_from_the_graveyard():
    assert trigger("At the beginning of your upkeep, you may return Test Ghast from your "
                   "graveyard to your hand.")["zone"] == "graveyard"
    assert trigger("Whenever a land enters the battlefield under your control, return Test "
                   "Ghast from your graveyard to the battlefield.")["zone"] == "graveyard"


def test_an_aura_returning_when_the_enchanted_creature_dies_works_from_the_battlefield():
    ability = trigger("When enchanted creature dies, return Test Ghast from your graveyard to "
                      "the battlefield.", "Enchantment — Aura")
    assert "zone" not in ability


def test_a_trigger_that_moves_nothing_of_its_own_has_no_zone():
    assert "zone" not in trigger("At the beginning of your upkeep, you gain 1 life.")
