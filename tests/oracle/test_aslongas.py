"""Area `aslongas` (src/rulings/oracle/areas/aslongas.lark): the conditions of static abilities
that apply only while something is so (CR 611.3a), each shape with a near miss that stays
unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

CREATURE = "Creature — Bear"
AURA = "Enchantment — Aura"
EQUIPMENT = "Artifact — Equipment"


def card(text: str, type_line: str = CREATURE, name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def static(text: str, type_line: str = CREATURE) -> dict:
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][-1]["static"]


def unparsed(text: str, type_line: str = CREATURE) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


def test_the_object_with_the_ability():
    assert static("As long as Test Card is untapped, it gets +0/+2.")["while"] == {
        "tapped": False}
    assert static("Test Card has hexproof as long as it's untapped.")["while"] == {
        "tapped": False}
    assert static("As long as Test Card is equipped, it has haste.")["while"] == {
        "equipped": True}
    assert static("Test Card has flying as long as it's enchanted.")["while"] == {
        "enchanted": True}
    # "it" after the enchanted creature is that creature, not the Aura: not read
    assert "enchanted" in unparsed("Enchant creature\nEnchanted creature has flying as long "
                                   "as it's untapped.", AURA)


def test_the_permanent_it_is_attached_to():
    s = static("Equipped creature gets +1/+1.\nAs long as equipped creature is a Human or an "
               "Angel, it has vigilance.\nEquip {2}", EQUIPMENT)
    assert s["affects"] == "equipped"
    assert s["while"] == {"attached_is": {"any_of": [{"subtypes": ["human"]},
                                                      {"subtypes": ["angel"]}]}}
    s = static("Equipped creature gets +1/+1.\nAs long as equipped creature is a Human, it "
               "gets an additional +1/+1.\nEquip {2}", EQUIPMENT)
    assert s["modify"] == {"power": 1, "toughness": 1}
    # attacking alone is not a quality the selector has
    unparsed("Enchant creature\nAs long as enchanted creature is attacking alone, it can't "
             "be blocked.", AURA)


def test_opponents_life_and_hand():
    assert static("Test Card gets +1/+1 as long as an opponent controls a black "
                  "permanent.")["while"] == {"opponent_controls": {
                      "colors": ["black"], "types": ["permanent"]}}
    assert static("Test Card gets +2/+2 as long as you have 25 or more life.")["while"] == {
        "life": {"ge": 25}}
    assert static("Test Card has haste as long as an opponent has 10 or less "
                  "life.")["while"] == {"opponent_life": {"le": 10}}
    assert static("Test Card has shadow as long as you have no cards in hand.")["while"] == {
        "cards_in_hand": {"eq": 0}}
    # a count of what an opponent controls is not read
    unparsed("Test Card gets +1/+1 as long as an opponent controls two creatures.")


def test_two_colors():
    assert static("Test Card has lifelink as long as you control a white or black "
                  "permanent.")["while"] == {"you_control": {"colors": ["white", "black"],
                                                             "types": ["permanent"]}}
    # either color, then another color, says nothing a selector can
    unparsed("Test Card has lifelink as long as you control a white or black red permanent.")


def test_restrictions_that_lift():
    s = static("Test Card can't attack unless you control an artifact.")
    assert s["prohibit"] == {"action": "attack"}
    assert s["while"] == {"not": {"you_control": {"types": ["artifact"]}}}
    s = static("Test Card can't attack or block unless there are seven or more cards in your "
               "graveyard.")
    assert s["while"] == {"not": {"cards_in_graveyard": {"ge": 7}}}
    s = static("As long as seven or more cards are in your graveyard, Test Card gets +2/+2 and "
               "can't block.")
    assert s["prohibit"] == {"action": "block"} and s["while"] == {"cards_in_graveyard": {
        "ge": 7}}
    # a condition not read stays unparsed
    unparsed("Test Card can't attack unless defending player is poisoned.")


def test_defending_player():
    s = static("Test Card can't be blocked as long as defending player controls an artifact.")
    assert s["while"] == {"defending_player_controls": {"types": ["artifact"]}}
    # for other creatures, their defending player is not the card's own
    assert "other creatures" in unparsed("Creatures you control can't be blocked as long as "
                                         "defending player controls an artifact.")
