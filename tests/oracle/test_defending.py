"""Area `defending` (src/rulings/oracle/areas/defending.lark): "… defending player controls",
the selector's `controller: defending_player` (CR 506.2, 508.5), read only in a trigger about
the card's own attack or its enchanted or equipped creature's; each shape with a near miss
that stays unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

CREATURE = "Creature — Spirit"


def card(text: str, type_line: str = CREATURE):
    return compile_card({"name": "Test Card", "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2", "mana_cost": "{2}{W}"})


def triggered(text: str, type_line: str = CREATURE) -> dict:
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = [a for a in compiled.card["abilities"] if "triggered" in a]
    return ability["triggered"]


def gap(text: str, type_line: str = CREATURE) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


DEFENDING_CREATURE = {"types": ["creature"], "controller": "defending_player"}


def test_a_target_defending_player_controls():
    got = triggered("Whenever Test Card attacks, tap target creature defending player "
                    "controls.")
    assert got["when"] == {"attacks": {"what": "this"}}
    assert got["targets"] == [{"id": "t1", "filter": DEFENDING_CREATURE}]
    assert got["do"] == [{"tap": {"what": "t1"}}]
    blocked = triggered("Whenever Test Card becomes blocked, you may destroy target artifact "
                        "or enchantment defending player controls.")
    assert blocked["targets"][0]["filter"] == {"types": ["artifact", "enchantment"],
                                               "controller": "defending_player"}


def test_each_creature_and_a_count_of_what_defending_player_controls():
    hits = triggered("Whenever Test Card attacks, it deals 1 damage to each creature "
                     "defending player controls.")
    assert hits["do"] == [{"deal_damage": {"amount": 1, "to": DEFENDING_CREATURE}}]
    pump = triggered("Whenever Test Card attacks, it gets +1/+0 until end of turn for each "
                     "land defending player controls.")
    assert pump["do"][0]["modify"]["power"] == {
        "count": {"types": ["land"], "controller": "defending_player"}}


def test_an_equipped_or_enchanted_attacker():
    bow = triggered("Whenever equipped creature attacks, Test Card deals 1 damage to target "
                    "creature defending player controls.\nEquip {1}",
                    "Artifact — Equipment")
    assert bow["when"] == {"attacks": {"what": "equipped"}}
    assert bow["targets"][0]["filter"] == DEFENDING_CREATURE


def test_another_creatures_attack_stays_unparsed():
    # which creature attacked (and so whom) no rule follows for another creature's attack
    assert "another creature's attack" in gap(
        "Whenever a creature you control attacks, tap target creature defending player "
        "controls.")


def test_outside_an_attack_trigger_stays_unparsed():
    assert "defending player" in gap("When Test Card enters the battlefield, tap target "
                                     "creature defending player controls.")
    assert "defending player" in gap("{T}: Tap target creature defending player controls.")
    assert "defending player" in gap("Whenever Test Card blocks, tap target creature "
                                     "defending player controls.")
