"""The castcond area: triggers on a player's second spell or card of the turn, "if you cast
it (from your hand)" and "if you cast this spell during your main phase" — made-up texts, and
the near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Creature — Test", name: str = "Test Caster"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "mana_cost": "{2}{R}", "power": "2", "toughness": "2"})


def when(text: str):
    compiled = card(text)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][0]["triggered"]


def test_second_spell_and_card():
    assert when("Whenever you cast your second spell each turn, draw a card.")["when"] == {
        "cast": {"who": "you", "nth": 2}}
    assert when("Whenever an opponent draws their second card each turn, you gain 1 life."
                )["when"] == {"draws": {"who": "opponent", "nth": 2}}


def test_near_miss_other_ordinals_and_kinds_stay_unparsed():
    for text in ("Whenever you cast your third spell each turn, draw a card.",
                 "Whenever you draw your first card each turn, draw a card.",
                 "Whenever you cast your second creature spell each turn, draw a card."):
        assert not card(text).fully, text


def test_cast_it_from_your_hand():
    t = when("When Test Caster enters the battlefield, if you cast it from your hand, draw "
             "a card.")
    assert t["intervening_if"] == {"was_cast": "hand"}
    t = when("When Test Caster enters the battlefield, if you cast it, draw a card.")
    assert t["intervening_if"] == {"was_cast": "any"}


def test_near_miss_cast_it_outside_its_enters_trigger_or_with_x():
    assert not card("Whenever Test Caster attacks, if you cast it, draw a card.").fully
    assert not card("When Test Caster enters the battlefield, if you cast it, you may search "
                    "your library for a creature card with mana value X or less, put it onto "
                    "the battlefield, then shuffle.").fully


def test_main_phase_instead():
    compiled = card("Target creature gets +2/+2 until end of turn. If you cast this spell "
                    "during your main phase, that creature gets +4/+4 until end of turn "
                    "instead.", type_line="Instant")
    assert compiled.fully, [n.gap for n in compiled.notes]
    first, second = compiled.card["abilities"][0]["spell"]["do"]
    assert first["modify"]["if"] == {"not": {"cast_in_main_phase": True}}
    assert second["modify"]["if"] == {"cast_in_main_phase": True}


def test_near_miss_main_phase_target_stays_unparsed():
    compiled = card("Exile target artifact. If you cast this spell during your main phase, "
                    "you may exile up to one other target artifact.", type_line="Instant")
    assert not compiled.fully
