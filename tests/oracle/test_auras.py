"""Area `auras` (src/rulings/oracle/areas/auras.lark): what an Aura or an Equipment says about
the permanent it is attached to, each shape with a near miss that stays unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

AURA = "Enchantment — Aura"
EQUIPMENT = "Artifact — Equipment"


def card(text: str, type_line: str = AURA, name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def first(text: str, type_line: str = AURA):
    """The first ability in `abilities:` (keyword lines go to `keywords:`)."""
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][0]


def gap(text: str, type_line: str = AURA) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


def test_enchanted_land_is_a_basic_land_type():
    ab = first("Enchant land\nEnchanted land is an Island.")
    assert ab == {"static": {"affects": "enchanted", "set_land_types": ["island"]}}
    assert first("Enchant land\nEnchanted land is a Swamp.")["static"]["set_land_types"] == \
        ["swamp"]


def test_is_a_type_near_misses():
    # a creature type is no land type; the card itself is not what an Aura changes
    assert "basic land type" in gap("Enchant creature\nEnchanted creature is a Frog.")
    assert "other than the enchanted" in gap("Test Card is a Swamp.", "Enchantment")


def test_base_power_and_toughness():
    ab = first("Enchant creature\nEnchanted creature has base power and toughness 0/2.")
    assert ab == {"static": {"affects": "enchanted",
                             "set_pt": {"power": 0, "toughness": 2}}}
    ab = first("Other creatures have base power and toughness 1/1.", "Creature — Spirit")
    assert ab["static"]["affects"] == {"types": ["creature"], "other": True}
    # a characteristic-defining X is not a fixed base
    assert "base power and toughness x/x" in gap(
        "Enchant creature\nEnchanted creature has base power and toughness X/X.")


def test_loses_keywords_and_bonus():
    assert first("Enchant creature\nEnchanted creature loses flying.") == {
        "static": {"affects": "enchanted", "remove_keywords": ["flying"]}}
    ab = first("Equipped creature gets +10/+10 and loses flying.\nEquip {8}", EQUIPMENT)
    assert ab == {"static": {"affects": "equipped", "modify": {"power": 10, "toughness": 10},
                             "remove_keywords": ["flying"]}}
    # a keyword with a parameter is not a word the layer system removes
    assert "parameter" in gap("Enchant creature\nEnchanted creature loses protection from red.")


def test_bonus_and_color():
    ab = first("Enchant creature\nEnchanted creature gets +3/+1 and is black.")
    assert ab == {"static": {"affects": "enchanted", "modify": {"power": 3, "toughness": 1},
                             "set_colors": ["black"]}}
    gap("Enchant creature\nEnchanted creature gets +3/+1 and is black and red.")


def test_bonus_and_doesnt_untap():
    ab = first("Enchant creature\nEnchanted creature gets +3/+3 and doesn't untap during its "
               "controller's untap step.")
    assert ab == {"static": {"affects": "enchanted", "modify": {"power": 3, "toughness": 3},
                             "doesnt_untap": True}}
    assert "another's permanent" in gap(
        "Enchant creature\nEnchanted creature gets +3/+3 and doesn't untap during your untap "
        "step.")


def test_prevent_all_damage_dealt_by_enchanted():
    ab = first("Enchant creature\nPrevent all damage that would be dealt by enchanted "
               "creature.")
    assert ab == {"replacement": {"event": {"damage": {"by": "enchanted"}},
                                  "modify": {"prevent": 0}}}
    ab = first("Enchant creature\nPrevent all combat damage that would be dealt by enchanted "
               "creature.")
    assert ab["replacement"]["event"] == {"damage": {"by": "enchanted", "combat": True}}
    assert "other than this permanent" in gap(
        "Prevent all damage that would be dealt by target creature.", "Enchantment")
    gap("Enchant creature\nPrevent all combat damage that would be dealt to and dealt by "
        "enchanted creature.")


def test_damage_triggers_of_the_enchanted_creature():
    ab = first("Enchant creature\nWhenever enchanted creature deals damage to an opponent, you "
               "may draw a card.")
    assert ab == {"triggered": {"when": {"deals_damage": {"what": "enchanted",
                                                          "to": "opponent"}},
                                "may": True, "do": [{"draw": {"amount": 1}}]}}
    ab = first("Enchant creature\nWhenever enchanted creature deals damage to a player, that "
               "player discards two cards.")
    assert ab["triggered"]["do"] == [{"discard": {"amount": 2, "who": "event.player"}}]
    # "it" is the creature the event is about
    ab = first("Enchant creature\nWhen enchanted creature is dealt damage, destroy it.")
    assert ab == {"triggered": {"when": {"dealt_damage": {"what": "enchanted"}},
                                "do": [{"destroy": {"what": "enchanted"}}]}}


def test_damage_trigger_near_misses():
    # ("that much" after a damage event is area dmgtrig's now: tests/oracle/test_dmgtrig.py)
    # "that creature" is the one dealt damage, which no referent names
    gap("Whenever equipped creature deals damage to a creature, exile that creature.\nEquip {4}",
        EQUIPMENT)
    # a kind of object: not the enchanted or equipped one
    assert "other than the enchanted" in gap(
        "Whenever a creature you control is dealt damage, you gain 1 life.", "Enchantment")


def test_activated_abilities_cant_be_activated():
    ab = first("Enchant creature\nEnchanted creature can't attack or block, and its activated "
               "abilities can't be activated.")
    assert ab == {"static": {"affects": "enchanted", "prohibit": {"action": "attack_or_block"},
                             "cant_be_activated": True}}
    ab = first("Enchant creature\nEnchanted creature can't block, and its activated abilities "
               "can't be activated.")
    assert ab["static"]["prohibit"] == {"action": "block"}
    assert first("Enchant creature\nEnchanted creature's activated abilities can't be "
                 "activated.") == {"static": {"affects": "enchanted", "cant_be_activated": True}}


def test_activated_abilities_near_misses():
    # a prohibition for a while only, and a kind of ability the static can't single out
    gap("Enchant creature\nEnchanted creature can't attack this turn, and its activated "
        "abilities can't be activated.")
    gap("Enchant creature\nEnchanted creature's activated abilities can't be activated unless "
        "they're mana abilities.")


def test_steps_of_the_enchanted_creatures_controller():
    ab = first("Enchant creature\nAt the beginning of the upkeep of enchanted creature's "
               "controller, that player loses 2 life.")
    assert ab == {"triggered": {
        "when": {"step": {"step": "upkeep", "whose": "enchanted_controller"}},
        "do": [{"lose_life": {"amount": 2, "who": {"controller_of": "enchanted"}}}]}}
    # "that creature" is the enchanted one
    ab = first("Enchant creature\nAt the beginning of the upkeep of enchanted creature's "
               "controller, put a -1/-1 counter on that creature.")
    assert ab["triggered"]["do"] == [{"put_counters": {"counter": "-1/-1", "amount": 1,
                                                       "what": "enchanted"}}]
    ab = first("Enchant creature\nAt the beginning of the end step of enchanted creature's "
               "controller, Test Card deals 1 damage to that player.")
    assert ab["triggered"]["when"] == {"step": {"step": "end",
                                                "whose": "enchanted_controller"}}
    assert ab["triggered"]["do"][0]["deal_damage"]["to"] == {"controller_of": "enchanted"}


def test_steps_of_the_enchanted_creatures_controller_near_misses():
    # another player's step, and a look back the trigger can't check
    gap("Enchant creature\nAt the beginning of the upkeep of enchanted creature's owner, that "
        "player loses 2 life.")
    gap("Enchant creature\nAt the beginning of the end step of enchanted creature's "
        "controller, destroy that creature if it didn't attack this turn.")


def test_bonus_keywords_and_a_creature_type_too():
    ab = first("Enchant creature\nEnchanted creature gets +4/+4, has flying and first strike, "
               "and is an Angel in addition to its other types.")
    assert ab == {"static": {"affects": "enchanted", "modify": {"power": 4, "toughness": 4},
                             "add_keywords": ["flying", "first_strike"],
                             "add_subtypes": ["angel"]}}
    ab = first("Equipped creature gets +2/+0, has menace, and is a Pirate in addition to its "
               "other creature types.\nEquip {1}", EQUIPMENT)
    assert ab["static"]["add_subtypes"] == ["pirate"]
    assert first("Enchant creature\nEnchanted creature is a Zombie in addition to its other "
                 "types.") == {"static": {"affects": "enchanted", "add_subtypes": ["zombie"]}}


def test_a_creature_type_too_near_misses():
    # a color too ("a white Angel … its other colors and types") is no word the static has;
    # a land type on a creature is not what these Auras say
    gap("Equipped creature gets +2/+2, has flying, and is a white Angel in addition to its "
        "other colors and types.\nEquip {4}", EQUIPMENT)
    assert "land type" in gap("Enchant creature\nEnchanted creature is a Forest in addition "
                              "to its other types.")


def test_that_creatures_controller():
    ab = first("Enchant creature\nWhenever enchanted creature becomes tapped, Test Card deals 3 "
               "damage to that creature's controller.")
    assert ab["triggered"]["do"] == [{"deal_damage": {"amount": 3, "to": {
        "controller_of": "enchanted"}}}]
    ab = first("Destroy target creature. Test Card deals 3 damage to that creature's "
               "controller.", "Sorcery")
    assert ab["spell"]["do"][1] == {"deal_damage": {"amount": 3, "to": {"controller_of": "t1"}}}
    # "that creature's power" is still an amount
    ab = first("Destroy target creature. You gain life equal to that creature's power.",
               "Sorcery")
    assert ab["spell"]["do"][1] == {"gain_life": {"amount": {"power_of": "t1"}}}


def test_that_creatures_controller_near_miss():
    # the last target is a player: no referent says which creature
    assert "after a player's target" in gap(
        "Target player sacrifices a creature. Test Card deals 2 damage to that creature's "
        "controller.", "Sorcery")


def test_creature_tokens():
    ab = first("Creature tokens you control get +1/+1 and have vigilance.", "Enchantment")
    assert ab["static"]["affects"] == {"types": ["creature"], "is": ["token"],
                                       "controller": "you"}
    # a token made is still a token to create, not a selector
    ab = first("Create a 1/1 white Soldier creature token.", "Sorcery")
    assert ab["spell"]["do"][0]["create"]["token"]["subtypes"] == ["soldier"]
    # "permanent tokens" name no card type
    assert "no card type" in gap("Permanent tokens you control get +1/+1.", "Enchantment")


def test_enchant_two_colors():
    compiled = card("Enchant red or green creature\nYou control enchanted creature.")
    assert compiled.fully
    assert compiled.card["keywords"] == [{"enchant": {"types": ["creature"],
                                                      "colors": ["red", "green"]}}]
    # colors twice stay unparsed
    assert not card("Enchant red or green white creature\nYou control enchanted "
                    "creature.").fully
