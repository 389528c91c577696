"""Area `prevent` (src/rulings/oracle/areas/prevent.lark): prevention on the damage of "a (red)
source of your choice" (CR 609.7a, 615.8, 615.7), each shape with a near miss that stays
unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

ENCHANTMENT = "Enchantment"
INSTANT = "Instant"


def card(text: str, type_line: str = ENCHANTMENT):
    return compile_card({"name": "Test Card", "type_line": type_line, "oracle_text": text})


def steps(text: str, type_line: str = ENCHANTMENT) -> list:
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    ab = compiled.card["abilities"][0]
    return (ab.get("activated") or ab.get("spell"))["do"]


def gap(text: str, type_line: str = ENCHANTMENT) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


def test_the_next_time_a_red_source_would_deal_damage_to_you():
    assert steps("{1}: The next time a red source of your choice would deal damage to you "
                 "this turn, prevent that damage.") == [{"prevent": {
                     "source_of_choice": ["red"], "next_time": True, "to": "you",
                     "duration": "this_turn"}}]


def test_two_colors_and_a_card_type():
    assert steps("{W}: The next time a black or red source of your choice would deal damage "
                 "to you this turn, prevent that damage.")[0]["prevent"][
                     "source_of_choice"] == ["black", "red"]
    assert steps("{W}: The next time an artifact source of your choice would deal damage to "
                 "you this turn, prevent that damage.")[0]["prevent"][
                     "source_of_choice"] == ["artifact"]


def test_any_source_to_a_target():
    compiled = card("{1}: The next time a source of your choice would deal damage to any "
                    "target this turn, prevent that damage.")
    ab = compiled.card["abilities"][0]["activated"]
    assert ab["targets"] == [{"id": "t1", "filter": "any_target"}]
    assert ab["do"][0]["prevent"] == {"source_of_choice": ["any"], "next_time": True,
                                      "to": "t1", "duration": "this_turn"}


def test_all_damage_of_a_source_to_anything_and_to_you():
    assert steps("Prevent all damage a source of your choice would deal this turn.",
                 INSTANT) == [{"prevent": {"source_of_choice": ["any"], "amount": 0,
                                           "duration": "this_turn"}}]
    assert steps("{W}: Prevent all damage that would be dealt to you this turn by a source "
                 "of your choice.")[0]["prevent"] == {
                     "source_of_choice": ["any"], "amount": 0, "to": "you",
                     "duration": "this_turn"}


def test_the_next_three_damage_by_a_source():
    assert steps("Prevent the next 3 damage that would be dealt to any target this turn by "
                 "a source of your choice.", INSTANT)[0]["prevent"]["amount"] == 3


def test_near_misses_stay_unparsed():
    # to anything, "the next time": one instance to several recipients is not modelled
    assert gap("{1}: The next time a red source of your choice would deal damage this turn, "
               "prevent that damage.")
    assert gap("{1}: The next time a source of your choice of the chosen color would deal "
               "damage to you this turn, prevent that damage.")
    assert "attached" in gap("Sacrifice Test Card: The next time a source of your choice "
                             "would deal damage to enchanted creature this turn, prevent "
                             "that damage.")
    assert gap("The next time a source of your choice would deal damage to you this turn, "
               "prevent that damage. You gain life equal to the damage prevented this way.",
               INSTANT)


def test_all_combat_damage_dealt_by_target_creature():
    assert steps("Prevent all combat damage that would be dealt by target attacking "
                 "creature this turn.", INSTANT) == [
        {"prevent": {"amount": 0, "combat": True, "source": "t1", "duration": "this_turn"}}]


def test_all_combat_damage_dealt_by_a_group_stays_unparsed():
    # a group of creatures (those entering later too), not one object
    assert gap("Prevent all combat damage that would be dealt by each creature this turn.",
               INSTANT)
    assert gap("Prevent all combat damage that would be dealt by nongreen creatures this "
               "turn.", INSTANT)


def test_the_damage_cant_be_prevented_marks_the_damage_step():
    assert steps("~ deals 4 damage to target creature. The damage can't be prevented.",
                 INSTANT) == [{"deal_damage": {"amount": 4, "to": "t1", "unpreventable": True}}]


def test_the_damage_cant_be_prevented_after_two_damage_steps_stays_unparsed():
    # which damage "the damage" is would be a guess
    assert gap("~ deals 2 damage to target creature and 2 damage to you. The damage can't be "
               "prevented.", INSTANT)


def test_damage_dealt_by_self_cant_be_prevented():
    compiled = card("Damage that would be dealt by ~ can't be prevented.", "Creature — Avatar")
    assert compiled.fully
    assert compiled.card["abilities"][0] == {
        "static": {"affects": "this", "damage_cant_be_prevented": True}}


def test_damage_cant_be_prevented_this_turn():
    assert steps("Damage can't be prevented this turn. ~ deals 2 damage to any target.",
                 INSTANT) == [{"unpreventable_damage": {"duration": "this_turn"}},
                              {"deal_damage": {"amount": 2, "to": "t1"}}]


def test_damage_cant_be_prevented_with_a_kicked_only_target_stays_unparsed():
    assert "kicked" in gap("Kicker {3}{R}\nDamage can't be prevented this turn. If this spell "
                           "was kicked, it deals 5 damage to target player or planeswalker.",
                           INSTANT)
    # a recipient and redirection: not this shape
    assert gap("Damage that would be dealt to target creature this turn can't be prevented.",
               INSTANT)
