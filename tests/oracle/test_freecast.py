"""The freecast area: alternative costs printed with a condition (CR 118.9) — made-up texts,
and the near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, name: str = "Test Legate", type_line: str = "Instant"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "mana_cost": "{2}{W}"})


def alternative(text: str):
    compiled = card(text)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (cost,) = compiled.card["alternative_costs"]
    return cost


def test_free_if_opponent_and_you_control():
    cost = alternative("If an opponent controls a Swamp and you control a Plains, you may "
                       "cast this spell without paying its mana cost.\nDraw a card.")
    assert cost == {"name": "alternative", "cost": [], "free": True,
                    "if": {"all_of": [{"opponent_controls": {"subtypes": ["swamp"]}},
                                      {"you_control": {"subtypes": ["plains"]}}]}}


def test_paid_alternative_if_you_control():
    cost = alternative("If you control a Swamp, you may pay 4 life rather than pay this "
                       "spell's mana cost.\nDraw a card.")
    assert cost == {"name": "alternative", "cost": [{"pay_life": 4}],
                    "if": {"you_control": {"subtypes": ["swamp"]}}}


def test_not_your_turn():
    cost = alternative("If it's not your turn, you may exile a white card from your hand "
                       "rather than pay this spell's mana cost.\nDraw a card.")
    assert cost["if"] == {"turn": "opponents"}


def test_raid_ability_word():
    cost = alternative("Raid — If you attacked this turn, you may pay {U} rather than pay "
                       "this spell's mana cost.\nDraw a card.")
    assert cost["if"] == {"you_attacked_this_turn": True}


def test_not_your_turn_as_condition_of_activation():
    compiled = card("{0}: Return Test Legate to its owner's hand. Activate only if it's not "
                    "your turn.", type_line="Land")
    assert compiled.fully
    assert compiled.card["abilities"][0]["activated"]["only_if"] == {"turn": "opponents"}


def test_near_miss_condition_not_decided_stays_unparsed():
    # "four or more creatures are attacking": no condition the casting rules decide
    compiled = card("If four or more creatures are attacking, you may pay {1}{W} rather "
                    "than pay this spell's mana cost.\nDraw a card.")
    assert not compiled.fully


def test_near_miss_count_in_condition_stays_unparsed():
    compiled = card("If an opponent controls two Swamps and you control a Plains, you may "
                    "cast this spell without paying its mana cost.\nDraw a card.")
    assert not compiled.fully


def test_near_miss_cost_not_a_cost_stays_unparsed():
    # "you may have an opponent gain 3 life": not a cost part (and said in another order)
    compiled = card("If you control a Forest, rather than pay this spell's mana cost, you "
                    "may have an opponent gain 3 life.\nDraw a card.")
    assert not compiled.fully


def test_near_miss_free_and_flash_stays_unparsed():
    # "… and as though it had flash": more than the alternative cost
    compiled = card("If a creature is attacking you and you control a Forest and a Plains, "
                    "you may cast Test Legate without paying its mana cost and as though it "
                    "had flash.", type_line="Creature — Cat")
    assert not compiled.fully


def test_near_miss_commander_condition_stays_unparsed():
    compiled = card("If you control a commander, you may cast this spell without paying its "
                    "mana cost.\nDraw a card.")
    assert not compiled.fully


def spell_steps(text: str):
    compiled = compile_card({"name": "Test Expertise", "type_line": "Sorcery",
                             "oracle_text": text, "mana_cost": "{3}{U}"})
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability["spell"]["do"]


def test_cast_from_hand_with_mana_value():
    (step,) = spell_steps("You may cast a spell with mana value 4 or less from your hand "
                          "without paying its mana cost.")
    assert step["cast"] == {"what": {"zone": "hand", "owner": "you", "mana_value": {"le": 4}},
                            "without_paying": True, "may": True, "id": "s1"}


def test_cast_instant_or_sorcery_from_hand():
    (step,) = spell_steps("You may cast an instant or sorcery spell from your hand without "
                          "paying its mana cost.")
    assert step["cast"]["what"] == {"types": ["instant", "sorcery"], "zone": "hand",
                                    "owner": "you"}


def test_near_miss_cast_with_mana_value_x_stays_unparsed():
    compiled = card("Test Legate deals X damage to any target. You may cast a spell with mana "
                    "value X or less from your hand without paying its mana cost.")
    assert not compiled.fully


def test_near_miss_cast_from_among_them_stays_unparsed():
    compiled = card("Exile the top six cards of your library. You may cast a sorcery spell "
                    "from among them without paying its mana cost.")
    assert not compiled.fully


def test_near_miss_cast_from_graveyard_stays_unparsed():
    compiled = card("You may cast target instant card from your graveyard without paying its "
                    "mana cost.")
    assert not compiled.fully


def test_near_miss_cast_spells_static_stays_unparsed():
    # Omniscience: a static permission for every spell, not one cast while resolving
    compiled = card("You may cast spells from your hand without paying their mana costs.",
                    type_line="Enchantment")
    assert not compiled.fully


def test_mana_spent_intervening_if():
    compiled = card("When Test Legate enters the battlefield, if {R} was spent to cast it, "
                    "draw a card.", type_line="Creature — Ogre")
    assert compiled.fully
    trig = compiled.card["abilities"][0]["triggered"]
    assert trig["intervening_if"] == {"mana_spent": "R"}


def test_near_miss_mana_spent_of_another_creature_stays_unparsed():
    # "it" is the other creature: its `spent:` is not what the rules read
    compiled = card("Whenever a creature enters the battlefield, if {R} was spent to cast it, "
                    "draw a card.", type_line="Creature — Ogre")
    assert not compiled.fully


def test_near_miss_two_symbols_spent_stays_unparsed():
    compiled = card("When Test Legate enters the battlefield, if {U}{B} was spent to cast "
                    "it, draw a card.", type_line="Creature — Ogre")
    assert not compiled.fully


def test_near_miss_snow_mana_spent_stays_unparsed():
    compiled = card("When Test Legate enters the battlefield, if {S} was spent to cast it, "
                    "draw a card.", type_line="Creature — Ogre")
    assert not compiled.fully


def test_sacrifice_unless_spent():
    compiled = card("When Test Legate enters the battlefield, sacrifice it unless {U} was "
                    "spent to cast it.", type_line="Creature — Bird")
    assert compiled.fully
    (step,) = compiled.card["abilities"][0]["triggered"]["do"]
    assert step == {"sacrifice": {"what": "this", "if": {"not": {"mana_spent": "U"}}}}


def test_near_miss_unless_spent_in_a_spell_stays_unparsed():
    compiled = card("Draw a card unless {U} was spent to cast this spell.")
    assert not compiled.fully
