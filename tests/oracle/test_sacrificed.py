"""Area `sacrificed` (src/rulings/oracle/areas/sacrificed.lark): "the sacrificed creature's
power / toughness / mana value", the referent `sacrificed` (what the ability's own cost
sacrificed, CR 601.2h, 602.2b), each shape with a near miss that stays unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

CREATURE = "Creature — Ogre Shaman"


def card(text: str, type_line: str = CREATURE):
    return compile_card({"name": "Test Card", "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2", "mana_cost": "{2}{R}"})


def ability(text: str, n: int = 0, type_line: str = CREATURE):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][n]


def gap(text: str, type_line: str = CREATURE) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


def test_an_activated_ability_measures_what_its_cost_sacrificed():
    got = ability("{T}, Sacrifice a creature: Test Card deals damage equal to the sacrificed "
                  "creature's power to any target.")["activated"]
    assert got["cost"] == ["tap", {"sacrifice": {"types": ["creature"]}}]
    assert got["do"] == [{"deal_damage": {"amount": {"power_of": "sacrificed"}, "to": "t1"}}]


def test_toughness_and_mana_value_and_where_x_is():
    life = ability("Sacrifice an artifact: You gain life equal to the sacrificed artifact's "
                   "mana value.")["activated"]
    assert life["do"] == [{"gain_life": {"amount": {"mana_value_of": "sacrificed"}}}]
    pump = ability("Sacrifice another creature: Test Card gets +X/+X until end of turn, where "
                   "X is the sacrificed creature's toughness.")["activated"]
    assert pump["do"][0]["modify"]["power"] == {"toughness_of": "sacrificed"}


def test_a_spell_with_an_additional_cost_that_sacrifices():
    compiled = card("As an additional cost to cast this spell, sacrifice a creature.\nTest Card "
                    "deals damage equal to the sacrificed creature's power to any target.",
                    "Instant")
    assert compiled.fully
    assert compiled.card["additional_costs"] == [{"sacrifice": {"types": ["creature"]}}]
    (spell,) = compiled.card["abilities"]
    assert spell["spell"]["do"][0]["deal_damage"]["amount"] == {"power_of": "sacrificed"}


def test_near_miss_a_spell_with_no_sacrifice_in_its_costs():
    assert "no additional cost that sacrifices" in gap(
        "Test Card deals damage equal to the sacrificed creature's power to any target.",
        "Instant")


def test_near_miss_a_cost_that_sacrifices_only_the_card_itself():
    assert "cost sacrifices nothing chosen" in gap(
        "Sacrifice Test Card: You gain life equal to the sacrificed creature's toughness.")


def test_near_miss_a_trigger_whose_creature_an_effect_sacrificed():
    assert "outside an ability whose cost sacrifices" in gap(
        "At the beginning of your upkeep, sacrifice a creature. You gain life equal to the "
        "sacrificed creature's toughness.")
