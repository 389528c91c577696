"""The compiler on single abilities: each templated phrase, and what stays unparsed."""

from __future__ import annotations

import time

import pytest

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Instant", name: str = "Test Card", **more):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text, **more})


def only(text: str, type_line: str = "Instant", name: str = "Test Card"):
    compiled = card(text, type_line, name)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability


def test_mana_ability_is_an_activated_ability_that_adds_mana():
    assert only("{T}: Add {G}.", "Creature — Elf Druid") == {
        "activated": {"cost": ["tap"], "do": [{"add_mana": {"mana": "G"}}]}}
    assert only("{T}: Add {C}{C}.", "Artifact")["activated"]["do"] == [
        {"add_mana": {"mana": "{C}{C}"}}]
    assert only("{T}: Add one mana of any color.", "Creature — Bird")["activated"]["do"] == [
        {"add_mana": {"any_color": True}}]


def test_a_basic_land_type_gives_its_mana_ability_reminder_text_is_dropped():
    compiled = card("({T}: Add {G}.)", "Basic Land — Forest", "Forest")
    assert compiled.fully and compiled.card["abilities"] == [
        {"activated": {"cost": ["tap"], "do": [{"add_mana": {"mana": "G"}}]}}]
    assert compiled.card["supertypes"] == ["basic"] and compiled.card["subtypes"] == ["forest"]
    dual = card("({T}: Add {G} or {U}.)", "Land — Forest Island", "Dual")
    assert [a["activated"]["do"] for a in dual.card["abilities"]] == [
        [{"add_mana": {"mana": "G"}}], [{"add_mana": {"mana": "U"}}]]


def test_keyword_line_with_parameters_and_reminder_text():
    compiled = card("Flying, first strike\nWard {2} (Reminder text in parentheses is "
                    "dropped.)\nProtection from red\nEquip {3}\nEnchant creature "
                    "you control", "Creature — Angel", power="4", toughness="4")
    assert compiled.fully
    assert compiled.card["keywords"] == [
        "flying", "first_strike", {"ward": "{2}"}, {"protection": {"from": {"colors": ["red"]}}},
        {"equip": "{3}"}, {"enchant": {"types": ["creature"], "controller": "you"}}]
    assert compiled.card["power"] == 4


def test_a_keyword_the_card_language_lacks_is_a_gap():
    from rulings.facts.effects import KEYWORDS

    if "horsemanship" in KEYWORDS:
        return  # the card language has it now: nothing is missing
    compiled = card("Flying\nHorsemanship", "Creature — Soldier")
    assert compiled.card["keywords"] == ["flying"]
    assert compiled.unparsed[0].gap == (
        "keyword: the keyword 'horsemanship' is not in the card language yet")


@pytest.mark.parametrize("self_name", ["Chupa", "this creature"])
@pytest.mark.parametrize("enters", ["enters the battlefield", "enters"])
def test_self_reference_in_old_and_new_templating(self_name, enters):
    ability = only(f"When {self_name} {enters}, destroy target creature an opponent controls.",
                   "Creature — Horror", "Chupa")
    assert ability == {"triggered": {
        "when": {"enters": {"what": "this"}},
        "targets": [{"id": "t1", "filter": {"types": ["creature"], "controller": "opponent"}}],
        "do": [{"destroy": {"what": "t1"}}]}}


def test_legendary_short_name_is_the_card_itself():
    ability = only("Sacrifice Ob Nixilis: Draw a card.", "Legendary Creature — Demon",
                   "Ob Nixilis, the Fallen")
    assert ability["activated"]["cost"] == [{"sacrifice": "this"}]


def test_search_put_shuffle():
    ability = only("Search your library for a basic land card, put that card onto the "
                   "battlefield tapped, then shuffle.", "Sorcery")
    assert ability["spell"]["do"] == [
        {"search": {"for": {"supertypes": ["basic"], "types": ["land"]}, "id": "found"}},
        {"put": {"what": "found", "to": "battlefield", "tapped": True}},
        {"shuffle": {}}]


def test_you_may_and_if_you_do():
    ability = only("When this creature dies, you may sacrifice a creature. If you do, draw "
                   "two cards.", "Creature — Imp")
    first, second = ability["triggered"]["do"]
    assert first["sacrifice"]["may"] is True
    assert second == {"draw": {"amount": 2, "if": {"did": first["sacrifice"]["id"]}}}


def test_the_subject_carries_over_to_the_next_instruction():
    ability = only("Target player draws two cards, then discards a card.")
    assert ability["spell"]["do"] == [{"draw": {"amount": 2, "who": "t1"}},
                                      {"discard": {"amount": 1, "who": "t1"}}]


def test_up_to_targets_and_duration():
    ability = only("Up to two target creatures get +1/+1 and gain flying until end of turn.")
    slot = ability["spell"]["targets"][0]
    assert slot["count"] == {"min": 0, "max": 2}
    assert ability["spell"]["do"] == [{"modify": {
        "what": "t1", "power": 1, "toughness": 1, "duration": "until_end_of_turn",
        "add_keywords": ["flying"]}}]


def test_modal_spell():
    ability = only("Choose one —\n• Destroy target artifact.\n• Draw a card.")
    assert ability["spell"]["modes"] == [
        {"targets": [{"id": "t1", "filter": {"types": ["artifact"]}}],
         "do": [{"destroy": {"what": "t1"}}]},
        {"do": [{"draw": {"amount": 1}}]}]


def test_loyalty_abilities():
    compiled = card("[+1]: You gain 2 life.\n[-3]: Destroy target creature.",
                    "Legendary Planeswalker — Ajani", loyalty="4")
    assert compiled.fully and compiled.card["loyalty"] == 4
    first, second = compiled.card["abilities"]
    assert first == {"activated": {"cost": [{"loyalty": 1}], "do": [
        {"gain_life": {"amount": 2}}], "loyalty": True}}
    assert second["activated"]["cost"] == [{"loyalty": -3}]


def test_static_anthem_and_prohibition():
    assert only("Creatures you control get +1/+1.", "Enchantment") == {"static": {
        "affects": {"types": ["creature"], "controller": "you"},
        "modify": {"power": 1, "toughness": 1}}}
    assert only("This creature can't block.", "Creature — Ogre") == {"static": {
        "affects": "this", "prohibit": {"action": "block"}}}


def test_enters_tapped_is_a_replacement():
    assert only("Test Land enters the battlefield tapped.", "Land", "Test Land") == {
        "replacement": {"event": {"enters": {"what": "this"}}, "modify": {"tapped": True}}}


def test_every_compiled_card_passes_the_card_reader():
    from rulings.facts.cards import read_card

    for text, type_line in [("{T}: Add {G}.", "Creature — Elf"),
                            ("Choose one —\n• Destroy target artifact.\n• Draw a card.",
                             "Instant"),
                            ("When this creature enters, you may search your library for a "
                             "Forest card, reveal it, put it into your hand, then shuffle.",
                             "Creature — Elf")]:
        compiled = card(text, type_line)
        assert compiled.fully
        problems: list = []
        read_card(compiled.card, "compiled", problems)
        assert problems == []


def test_unless_pays():
    ability = only("Counter target spell unless its controller pays {3}.")
    assert ability["spell"]["do"] == [{"counter": {
        "what": "t1", "unless": {"who": {"controller_of": "t1"}, "pays": [{"mana": "{3}"}]}}}]


def test_additional_cost_belongs_to_the_card():
    compiled = card("As an additional cost to cast this spell, pay 3 life.\nDraw two cards.")
    assert compiled.fully
    assert compiled.card["additional_costs"] == [{"pay_life": 3}]


def test_unknown_word_is_the_gap_and_the_card_still_compiles():
    compiled = card("Flying\nWhenever this creature attacks, you venture into the dungeon.",
                    "Creature — Spirit")
    assert not compiled.fully
    (note,) = compiled.unparsed
    assert note.number == 2
    assert note.gap == "triggered: unknown word 'venture'"
    assert compiled.card["keywords"] == ["flying"]
    assert compiled.card["abilities"] == [{"unparsed": {
        "text": "Whenever this creature attacks, you venture into the dungeon.",
        "gap": "triggered: unknown word 'venture'"}}]


def test_a_refused_phrase_names_the_sub_grammar_and_the_word():
    compiled = card("Destroy target creature it.")
    assert compiled.unparsed[0].gap.startswith("spell: the effects grammar stops at 'it'")


def test_not_a_game_card_type_is_a_card_problem():
    compiled = card("Your life total is doubled.", "Vanguard")
    assert not compiled.fully
    assert compiled.problems == ["type line: 'vanguard' is not a card type of a game of Magic"]


def test_one_card_on_demand_is_fast_when_warm():
    text = "When this creature enters, you may draw a card. If you do, discard a card."
    card(text, "Creature — Elf")
    start = time.perf_counter()
    for i in range(20):  # a new name each time: the card is compiled, its ability cached
        card(text, "Creature — Elf", name=f"Elf {i}")
    assert (time.perf_counter() - start) / 20 < 0.005


def test_counters_keep_their_kind():
    ability = only("At the beginning of your upkeep, put a charge counter on this artifact.",
                   "Artifact")
    assert ability["triggered"]["do"] == [
        {"put_counters": {"counter": "charge", "amount": 1, "what": "this"}}]


# --- shapes added in session 2 (each also has a card in snapshots/shapes.yaml) ---------------

@pytest.mark.parametrize("text, affects, action", [
    ("This creature attacks each combat if able.", "this", "attack"),
    ("Goblin creatures attack each combat if able.",
     {"subtypes": ["goblin"], "types": ["creature"]}, "attack"),
    ("Enchanted creature blocks each combat if able.", "enchanted", "block"),
])
def test_attacks_or_blocks_each_combat_if_able_is_a_requirement(text, affects, action):
    assert only(text, "Enchantment") == {
        "static": {"affects": affects, "require": {"action": action}}}


def test_a_bonus_with_a_requirement_or_a_prohibition_is_one_static_ability():
    assert only("Enchanted creature gets +1/+1 and attacks each combat if able.",
                "Enchantment — Aura") == {"static": {
                    "affects": "enchanted", "modify": {"power": 1, "toughness": 1},
                    "require": {"action": "attack"}}}
    assert only("Enchanted creature gets +2/+2 and can't attack.",
                "Enchantment — Aura")["static"]["prohibit"] == {"action": "attack"}


def test_attacks_or_blocks_each_combat_stays_unparsed():
    compiled = card("This creature attacks or blocks each combat if able.", "Creature — Ogre")
    assert not compiled.fully  # two requirements in one sentence: not said as one word


def test_prevent_the_next_damage_is_a_shield_for_this_turn():
    # templated card text, split over two lines of ours
    ability = only("{T}: Prevent the next 7 damage that would be "
                   "dealt to any target this turn.", "Creature — Human Cleric")
    assert ability == {"activated": {
        "cost": ["tap"], "targets": [{"id": "t1", "filter": "any_target"}],
        "do": [{"prevent": {"amount": 7, "to": "t1", "duration": "this_turn"}}]}}
    # (Fog's "prevent all combat damage that would be dealt this turn" is area damage's)
    # one object's combat damage is area prevent's; a group's ("by creatures") isn't read
    assert card("Prevent all combat damage that would "
                "be dealt by target creature this turn.").fully
    assert not card("Prevent all combat damage that would "
                    "be dealt by creatures this turn.").fully


@pytest.mark.parametrize("text, what, amount", [
    ("Goblin spells you cast cost {1} less to cast.",
     {"subtypes": ["goblin"], "types": ["spell"], "controller": "you"}, -1),
    ("Noncreature spells cost {1} more to cast.",
     {"not_types": ["creature"], "types": ["spell"]}, 1),
    ("Instant and sorcery spells you cast cost {3} less to cast.",
     {"types": ["instant", "sorcery"], "zone": "stack", "controller": "you"}, -3),
    ("Goblin spells and Rogue spells you cast cost {1} less to cast.",
     {"subtypes": ["goblin", "rogue"], "types": ["spell"], "controller": "you"}, -1),
    ("Spells your opponents cast cost {1} more to cast.",
     {"types": ["spell"], "controller": "opponent"}, 1),
])
def test_spells_cost_more_or_less(text, what, amount):
    assert only(text, "Creature — Goblin") == {
        "static": {"cost_change": {"what": what, "amount": amount}}}


def test_a_coloured_cost_change_stays_unparsed():
    compiled = card("White spells you cast cost {W} less to cast.", "Artifact")
    assert compiled.unparsed[0].gap == (
        "static: a cost change of {W} (only a generic amount)")


@pytest.mark.parametrize("choice, word", [
    ("a color", "color"), ("a creature type", "creature_type"), ("an opponent", "opponent"),
    ("a player", "player"), ("a card name", "card_name")])
def test_a_choice_as_it_enters_is_a_replacement(choice, word):
    assert only(f"As this artifact enters the battlefield, choose {choice}.", "Artifact") == {
        "replacement": {"event": {"enters": {"what": "this"}}, "modify": {"choose": word}}}


@pytest.mark.parametrize("line, word", [
    ("Suspend 4—{U}", {"suspend": "4—{U}"}),
    ("Awaken 3—{5}{B}{B}", {"awaken": "3—{5}{B}{B}"}),
    ("Reinforce 2—{1}{W}", {"reinforce": "2—{1}{W}"}),
])
def test_keywords_with_a_number_and_a_cost_keep_both(line, word):
    compiled = card(f"{line} (reminder)\nDraw a card.", "Sorcery")
    assert compiled.fully and compiled.card["keywords"] == [word]


def test_an_ability_in_quotation_marks_is_compiled_on_its_own():
    ability = only('Enchanted creature has "{T}: This creature deals 1 damage to any target."',
                   "Enchantment — Aura")
    assert ability == {"static": {"affects": "enchanted", "add_abilities": [
        {"activated": {"cost": ["tap"], "targets": [{"id": "t1", "filter": "any_target"}],
                       "do": [{"deal_damage": {"amount": 1, "to": "t1"}}]}}]}}
    sliver = only('All Slivers have "{2}: Regenerate this permanent."', "Creature — Sliver")
    assert sliver["static"]["affects"] == {"subtypes": ["sliver"]}
    assert sliver["static"]["add_abilities"] == [{"activated": {
        "cost": [{"mana": "{2}"}], "do": [{"regenerate": {"what": "this"}}]}}]
    pump = only('Equipped creature gets +3/+1 and has "Whenever this creature '
                'attacks, you gain 4 life."', "Artifact — Equipment")
    assert pump["static"]["modify"] == {"power": 3, "toughness": 1}
    assert pump["static"]["add_abilities"][0]["triggered"]["when"] == {
        "attacks": {"what": "this"}}


def test_a_static_abilitys_granted_mana_ability_compiles():
    # a static grant is lowered onto what it picks and read as a mana source there while the
    # grant applies (facts/granted.py, NotGrantedNow)
    ability = only('Enchanted land has "{T}: Add two mana of any one color."',
                   "Enchantment — Aura")
    assert ability == {"static": {"affects": "enchanted", "add_abilities": [
        {"activated": {"cost": ["tap"], "do": [{"add_mana": {"any_color": True,
                                                             "amount": 2}}]}}]}}


def test_a_tokens_quoted_ability_is_its_own():
    # tokenab: "It has …" after the step that creates the token, or "token with …"
    steps = only('Create two 0/1 colorless Eldrazi Spawn creature tokens. They have '
                 '"Sacrifice this creature: Add {C}."', "Sorcery")["spell"]["do"]
    assert steps == [{"create": {"amount": 2, "token": {
        "types": ["creature"], "subtypes": ["eldrazi", "spawn"], "colors": ["colorless"],
        "power": 0, "toughness": 1, "abilities": [{"activated": {
            "cost": [{"sacrifice": "this"}], "do": [{"add_mana": {"mana": "C"}}]}}]}}}]
    token = only('Create a 1/1 red Satyr creature token with "This creature can\'t block."',
                 "Sorcery")["spell"]["do"][0]["create"]["token"]
    assert token["abilities"] == [{"static": {"affects": "this",
                                              "prohibit": {"action": "block"}}}]
    # near miss: "It has …" after a step that creates no token stays unparsed
    compiled = card('Draw a card. It has "{T}: Add {G}."', "Sorcery")
    assert compiled.unparsed
    # a token's own enters trigger is not read as the token is made: unparsed, while its
    # dies trigger (read once the token is on the battlefield) compiles
    compiled = card('Create a 1/1 black Rat creature token with "When this creature enters, '
                    'draw a card."', "Sorcery")
    assert "enters trigger" in compiled.unparsed[0].gap
    assert not card('Create a 1/1 black Rat creature token with "When this creature dies, '
                    'draw a card."', "Sorcery").unparsed


def test_a_mana_ability_an_effect_gives_stays_unparsed():
    # near miss: a resolving effect's grant is not read as a mana source, so compiling it
    # would make a cost check silently wrong
    compiled = card('When this creature enters, creatures you control gain "{T}: Add {G}." '
                    'until end of turn.', "Creature — Elf")
    assert compiled.unparsed


def test_a_quoted_ability_the_compiler_cant_read_leaves_the_whole_ability_unparsed():
    compiled = card('Enchanted creature has "Whenever this creature attacks, venture."',
                    "Enchantment — Aura")
    assert compiled.unparsed[0].gap.startswith("static: in quotation marks: unknown word")
    naming = card('Enchanted creature has "Sacrifice Foo: Draw a card."', "Enchantment — Aura",
                  "Foo")
    assert "naming the card" in naming.unparsed[0].gap


def test_power_and_toughness_equal_to_a_count_is_a_characteristic_defining_ability():
    assert only("This creature's power and toughness are each equal "
                "to the number of creatures you control.", "Creature — Avatar") == {"static": {"cda_pt": {
                    "power": {"count": {"types": ["creature"], "controller": "you"}},
                    "toughness": {"count": {"types": ["creature"], "controller": "you"}}}}}
    maro = only("Maro's power and toughness are each equal "
                "to the number of cards in your hand.", "Creature — Avatar", "Maro")
    assert maro["static"]["cda_pt"]["power"] == {"count": {"zone": "hand", "owner": "you"}}
    sorceress = only("Sorceress's power is equal to the number of Swamps you control.",
                     "Creature — Human Wizard", "Sorceress")
    assert sorceress == {"static": {"cda_pt": {
        "power": {"count": {"subtypes": ["swamp"], "controller": "you"}}}}}


def test_enters_tapped_with_counters():
    assert only("This artifact enters the battlefield tapped with two charge counters on it.",
                "Artifact") == {"replacement": {
                    "event": {"enters": {"what": "this"}},
                    "modify": {"with_counters": {"counter": "charge", "amount": 2},
                               "tapped": True}}}


def test_totem_armor_is_read_as_umbra_armor():
    # its old name compiles to the keyword the destruction rules read (CR 702.89)
    compiled = card("Enchant creature\nTotem armor (reminder)", "Enchantment — Aura")
    assert compiled.fully
    assert "umbra_armor" in compiled.card["keywords"]


def test_a_bonus_for_each_counts_those_objects():
    ability = only("Enchanted creature gets +1/+1 for each Forest you control.",
                   "Enchantment — Aura")
    forests = {"count": {"subtypes": ["forest"], "controller": "you"}}
    assert ability == {"static": {"affects": "enchanted",
                                  "modify": {"power": forests, "toughness": forests}}}
    plating = only("Equipped creature gets +1/+0 for each artifact you control.",
                   "Artifact — Equipment")
    assert plating["static"]["modify"]["toughness"] == 0
    assert not card("This creature gets +2/+2 for each Forest you control.",
                    "Creature — Elf").fully  # no multiplied count in the card language


def test_instant_or_sorcery_spell_means_both_are_spells():
    # the last noun's "spell" is every noun's: an instant card in a hand is no target
    ability = only("Counter target artifact or enchantment spell.")
    assert ability["spell"]["targets"] == [
        {"id": "t1", "filter": {"types": ["artifact", "enchantment"], "zone": "stack"}}]


def test_copy_a_spell_with_new_targets():
    assert only("Copy target instant or sorcery spell. You may choose new targets for the "
                "copy.") == {"spell": {
                    "targets": [{"id": "t1", "filter": {"types": ["instant", "sorcery"],
                                                        "zone": "stack"}}],
                    "do": [{"copy": {"what": "t1", "new_targets": True}}]}}


def test_permanents_of_opponents_enter_tapped():
    assert only("Artifacts your opponents control enter the battlefield tapped.",
                "Creature — Elk") == {"replacement": {
                    "event": {"enters": {"what": {"types": ["artifact"],
                                                  "controller": "opponent"}}},
                    "modify": {"tapped": True}}}


def test_their_owners_hands():
    ability = only("Return up to two target creatures to their owners' hands.")
    assert ability["spell"]["do"] == [{"return": {"what": "t1", "to": "hand"}}]
    assert ability["spell"]["targets"][0]["count"] == {"min": 0, "max": 2}

def test_cost_increase_and_reduction():
    assert only("Noncreature spells cost {1} more to cast.", "Creature — Human Soldier") == {
        "static": {"cost_change": {"what": {"not_types": ["creature"], "types": ["spell"]},
                                   "amount": 1}}}
    assert only("Instant and sorcery spells you cast cost {1} less to cast.",
                "Creature — Goblin Wizard") == {
        "static": {"cost_change": {"what": {"types": ["instant", "sorcery"], "zone": "stack",
                                            "controller": "you"}, "amount": -1}}}


def test_additional_land_plays():
    assert only("You may play an additional land on each of your turns.", "Enchantment") == {
        "static": {"affects": "you", "additional_land_plays": 1}}
    assert only("You may play two additional lands on each of your turns.",
                "Legendary Creature — Human Monk")["static"]["additional_land_plays"] == 2


def test_alternative_cost_without_a_name():
    compiled = card("You may pay 1 life and exile a blue card from your hand rather than pay "
                    "this spell's mana cost.\nCounter target spell.")
    assert compiled.fully
    (alt,) = compiled.card["alternative_costs"]
    assert alt["name"] == "alternative"
    assert alt["cost"][0] == {"pay_life": 1}
    assert len(compiled.card["abilities"]) == 1


def test_combat_statics():
    creature = "Creature — Golem"
    assert only("This creature can't be blocked.", creature) == {"static": {
        "affects": "this", "prohibit": {"action": "be_blocked"}}}
    assert only("This creature can't be blocked by Walls.", creature) == {"static": {
        "affects": "this", "prohibit": {"action": "be_blocked",
                                        "what": {"subtypes": ["wall"]}}}}
    assert only("This creature attacks each combat if able.", creature) == {"static": {
        "affects": "this", "require": {"action": "attack"}}}
    assert only("This creature blocks each combat if able.", creature) == {"static": {
        "affects": "this", "require": {"action": "block"}}}
    assert only("This creature can block an additional creature each combat.", creature) == {
        "static": {"affects": "this", "block_additional": 1}}
    assert only("This creature can block any number of creatures.", creature) == {
        "static": {"affects": "this", "block_any_number": True}}
    assert only("This creature can't attack or block.", creature) == {"static": {
        "affects": "this", "prohibit": {"action": "attack_or_block"}}}


def test_a_spells_paragraphs_are_one_spell_ability_with_targets_numbered_across():
    """CR 601.2c, 608.2c: "target creature" three times is three target slots of one spell,
    so the same creature may be chosen for each (Bounty of Might)."""
    pump = "Target creature gets +3/+3 until end of turn."
    ability = only("\n".join([pump] * 3))
    spell = ability["spell"]
    assert [t["id"] for t in spell["targets"]] == ["t1", "t2", "t3"]
    assert [step["modify"]["what"] for step in spell["do"]] == ["t1", "t2", "t3"]


def test_a_permanents_paragraphs_stay_separate_abilities():
    """Near miss: on a permanent each paragraph is an ability of its own."""
    compiled = card("{T}: Add {G}.\n{1}: Test Card gets +1/+1 until end of turn.",
                    "Creature — Elf")
    assert compiled.fully
    assert len(compiled.card["abilities"]) == 2


# -- effects and triggers, session 4 ---------------------------------------------------------

def test_where_x_is_defines_the_amounts_of_the_instructions_before_it():
    ability = only("Target Elf gets +X/+X until your next turn, where X is the number of "
                   "Elves you control.")
    counted = {"count": {"subtypes": ["elf"], "controller": "you"}}
    assert ability["spell"]["do"] == [{"modify": {
        "what": "t1", "power": counted, "toughness": counted,
        "duration": "until_your_next_turn"}}]
    ability = only("Whenever you cast an instant or sorcery spell, this creature gets +X/+0 "
                   "until end of turn, where X is that spell's mana value.",
                   "Creature — Elemental")
    assert ability["triggered"]["do"][0]["modify"]["power"] == {"mana_value_of": "event.card"}
    # with a target as well, "that spell" could be read as the target: not guessed
    assert not card("Whenever you cast an instant or sorcery spell, this creature deals X "
                    "damage to any target, where X is that spell's mana value.",
                    "Creature — Elemental").fully
    # no X to define
    assert not card("Draw a card, where X is the number of creatures you control.").fully
    # cards counted in a graveyard or a hand: the resolution counts the listed cards
    assert only("Draw X cards, where X is the number of creature cards in your "
                "graveyard.")["spell"]["do"] == [{"draw": {"amount": {"count": {
                    "types": ["creature"], "zone": "graveyard", "owner": "you"}}}}]
    # near misses: a library (listed from the top, maybe not whole), exile and spells are
    # not counted
    from rulings.oracle.emit import Unsupported, _counted_here
    for selector in ({"zone": "library", "owner": "you"}, {"zone": "exile"},
                     {"types": ["spell"]}):
        with pytest.raises(Unsupported):
            _counted_here(selector)
    assert not card("Draw X cards, where X is the number of cards in your library.").fully


def test_for_each_repeats_the_instruction_or_counts_a_bonus():
    assert only("You gain 2 life for each creature you control.")["spell"]["do"] == [
        {"gain_life": {"amount": 2, "for_each": {"types": ["creature"], "controller": "you"}}}]
    assert only("Target creature gets +1/+0 until end of turn for each artifact you "
                "control.")["spell"]["do"][0]["modify"]["power"] == {
        "count": {"types": ["artifact"], "controller": "you"}}
    # +2/+2 for each, and "other" seen from each of a group, can't be said
    assert not card("Target creature gets +2/+2 until end of turn for each Elf you "
                    "control.").fully
    assert not card("Attacking creatures you control get +1/+0 until end of turn for each "
                    "other attacking creature.").fully


def test_triggers_on_other_objects_and_on_this_or_another():
    when = only("Whenever equipped creature attacks, scry 1.", "Artifact — Equipment")
    assert when["triggered"]["when"] == {"attacks": {"what": "equipped"}}
    when = only("Whenever a creature an opponent controls becomes tapped, draw a card.",
                "Enchantment")
    assert when["triggered"]["when"] == {"becomes_tapped": {"what": {
        "types": ["creature"], "controller": "opponent"}}}
    when = only("Whenever a Goblin enters under an opponent's control, scry 1.", "Enchantment")
    assert when["triggered"]["when"] == {"enters": {"what": {"subtypes": ["goblin"],
                                                             "controller": "opponent"}}}
    when = only("Whenever Test Card or another creature dies, you gain 1 life.",
                "Creature — Vampire")
    assert when["triggered"]["when"] == {"dies": {"what": {"any_of": [
        "this", {"other": True, "types": ["creature"]}]}}}


def test_an_intervening_if_the_rules_decide():
    ability = only("When Test Card enters the battlefield, if it was kicked, draw a card.",
                   "Creature — Soldier")
    assert ability["triggered"]["intervening_if"] == {"was_kicked": True}
    ability = only("When Test Card dies, if you have no cards in hand, draw a card.",
                   "Creature — Soldier")
    assert ability["triggered"]["intervening_if"] == {"cards_in_hand": {"eq": 0}}


def test_other_than_this_and_it_after_a_token():
    ability = only("Exile target nonland permanent other than Test Card.", "Sorcery")
    assert ability["spell"]["targets"][0]["filter"]["other"] is True
    # "it" after creating a token is the token: the create step's id names it
    do = only("Create a 1/1 white Soldier creature token, then attach Test Card to it.",
              "Sorcery")["spell"]["do"]
    assert do[0]["create"]["id"] == "s1" and do[1]["attach"] == {"what": "this", "to": "s1"}


def test_you_may_have_another_do_it():
    ability = only("When Test Card enters the battlefield, you may have target opponent "
                   "discard a card.", "Creature — Rat")
    assert ability["triggered"]["do"] == [{"discard": {
        "amount": 1, "who": "t1", "may": True, "id": "s1"}}]
    assert not card("Target opponent may have target creature get +1/+1 until end of "
                    "turn.").fully


def test_put_into_a_graveyard_from_the_battlefield_is_dying():
    ability = only("Whenever an Equipment is put into a graveyard from the battlefield, scry "
                   "2.", "Creature — Rat")
    assert ability["triggered"]["when"] == {"dies": {"what": {"subtypes": ["equipment"]}}}
    ability = only("Whenever a Zombie is put into your graveyard from the battlefield, scry "
                   "1.", "Enchantment")
    assert ability["triggered"]["when"] == {"dies": {"what": {"subtypes": ["zombie"],
                                                              "owner": "you"}}}


def test_a_duration_said_first_and_other_effect_phrases():
    assert only("Until end of turn, creatures you control get +1/+1 and gain "
                "trample.")["spell"]["do"] == [{"modify": {
                    "what": {"types": ["creature"], "controller": "you"}, "power": 1,
                    "toughness": 1, "add_keywords": ["trample"],
                    "duration": "until_end_of_turn"}}]
    assert only("Remove two loyalty counters from each planeswalker.")["spell"]["do"] == [
        {"remove_counters": {"counter": "loyalty", "amount": 2,
                             "what": {"types": ["planeswalker"]}}}]
    assert only("Test Card deals 3 damage to target opponent or planeswalker.")["spell"][
        "targets"] == [{"id": "t1", "filter": {"any_of": ["opponent",
                                                            {"types": ["planeswalker"]}]}}]
    assert only("Sacrifice another creature: Draw a card.", "Creature — Rat")["activated"][
        "cost"] == [{"sacrifice": {"types": ["creature"], "other": True}}]
    assert only("Destroy target nonartifact, nonblack creature.")["spell"]["targets"][0][
        "filter"] == {"not_types": ["artifact"], "not": {"colors": ["black"]},
                      "types": ["creature"]}
    # "nonbasic, nonblack": one `not` would say "not both"; "those" after several targets
    assert not card("Destroy target nonbasic, nonblack land.").fully
    assert not card("Target creature gets +1/+1 and up to one other target creature gets "
                    "+2/+2. Those creatures gain vigilance until end of turn.").fully


def test_steps_attacking_alone_sacrificing_and_returning_under_the_owners_control():
    assert only("At the beginning of each combat, draw a card.", "Enchantment")[
        "triggered"]["when"] == {"step": {"step": "beginning of combat", "whose": "each"}}
    assert only("At the beginning of each opponent's end step, draw a card.", "Enchantment")[
        "triggered"]["when"] == {"step": {"step": "end", "whose": "opponent"}}
    assert only("Whenever a creature you control attacks alone, it gains lifelink until end "
                "of turn.", "Enchantment")["triggered"] == {
        "when": {"attacks_alone": {"what": {"types": ["creature"], "controller": "you"}}},
        "do": [{"modify": {"what": "event.card", "add_keywords": ["lifelink"],
                           "duration": "until_end_of_turn"}}]}
    assert only("Whenever you sacrifice another permanent, draw a card.", "Enchantment")[
        "triggered"]["when"] == {"sacrificed": {"what": {
            "types": ["permanent"], "other": True, "controller": "you"}}}
    ability = only("Exile target creature you control, then return that card to the "
                   "battlefield under its owner's control.")
    assert ability["spell"]["do"][1] == {"return": {"what": "t1", "to": "battlefield",
                                                    "under": "owner"}}
    # the enchanted creature has died: "that card" is the card, no longer "enchanted"
    ability = only("When equipped creature dies, return it to the battlefield under its "
                   "owner's control.", "Artifact — Equipment")
    assert ability["triggered"]["do"][0]["return"]["what"] == "event.card"


def test_base_size_at_end_of_combat_each_of_and_discarding():
    assert only("{4}: Test Card has base power and toughness 5/5 until end of turn.",
                "Creature — Shapeshifter")["activated"]["do"] == [{"modify": {
                    "what": "this", "set_power": 5, "set_toughness": 5,
                    "duration": "until_end_of_turn"}}]
    assert only("Whenever Test Card attacks, destroy target creature at end of combat.",
                "Creature — Elf")["triggered"]["do"] == [{"delayed": {
                    "when": {"step": {"step": "end of combat", "whose": "next"}},
                    "do": [{"destroy": {"what": "t1"}}]}}]
    assert only("Test Card deals 2 damage to each of two target creatures.")["spell"] == {
        "targets": [{"id": "t1", "filter": {"types": ["creature"]}, "count": 2}],
        "do": [{"deal_damage": {"amount": 2, "to": "t1"}}]}
    assert only("Up to two target creatures each get +2/+2 until end of turn.")["spell"][
        "do"] == [{"modify": {"what": "t1", "power": 2, "toughness": 2,
                              "duration": "until_end_of_turn"}}]
    assert only("Whenever an opponent discards a card, that player loses 2 life.",
                "Enchantment")["triggered"] == {
        "when": {"discards": {"who": "opponent"}},
        "do": [{"lose_life": {"amount": 2, "who": "event.player"}}]}


# --- statics, costs, loyalty, session 4 ---

def test_an_alternative_cost_of_a_permanent_spell():
    compiled = card("You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost.\n"
                    "Trample", "Creature — Elemental", power="5", toughness="5")
    assert compiled.fully
    assert compiled.card["alternative_costs"] == [
        {"name": "alternative", "cost": [{"mana": "{W}{U}{B}{R}{G}"}]}]


def test_as_long_as_you_control_another_such_permanent():
    ability = only("Test Card gets +1/+1 as long as you control another black creature.",
                   "Creature — Elemental")
    assert ability["static"]["while"] == {
        "you_control": {"other": True, "colors": ["black"], "types": ["creature"]}}


def test_can_block_only_creatures_with_flying_is_cant_block_the_others():
    ability = only("Test Card can block only creatures with flying.", "Creature — Bird")
    assert ability == {"static": {"affects": "this", "prohibit": {
        "action": "block", "what": {"not": {"types": ["creature"], "keyword": "flying"}}}}}


def test_doesnt_untap_and_may_choose_not_to_untap():
    assert only("Test Card doesn't untap during your untap step.", "Artifact") == {
        "static": {"affects": "this", "doesnt_untap": True}}
    assert only("Enchanted creature doesn't untap during its controller's untap step.",
                "Enchantment — Aura") == {"static": {"affects": "enchanted",
                                                     "doesnt_untap": True}}
    assert only("Blue creatures don't untap during their controllers' untap steps.",
                "Enchantment")["static"]["affects"] == {"colors": ["blue"],
                                                         "types": ["creature"]}
    assert only("You may choose not to untap Test Card during your untap step.",
                "Artifact") == {"static": {"affects": "this", "may_not_untap": True}}
    # "your untap step" of permanents another player may control: not the same thing
    assert not card("Artifacts don't untap during your untap step.", "Enchantment").fully


def test_activate_only_during_a_part_of_the_turn():
    ability = only("{T}: Target creature gets +2/+2 until end of turn. Activate only during "
                   "your turn, before attackers are declared.", "Creature — Soldier")
    assert ability["activated"]["timing"] == "your_turn_before_attackers"
    assert only("Sacrifice Test Card: You gain 4 life. Activate only during your upkeep.",
                "Creature — Bird")["activated"]["timing"] == "your_upkeep"
    # a timing and a limit at once: both are read
    both = only("{1}: Test Card gets +1/+1 until end of turn. Activate only during your "
                "turn and only once each turn.", "Creature — Bird")["activated"]
    assert both["timing"] == "your_turn" and both["limit"] == "once_each_turn"


def test_a_card_in_an_opponents_graveyard():
    assert only("Exile target card from an opponent's graveyard.")["spell"]["targets"] == [
        {"id": "t1", "filter": {"zone": "graveyard", "owner": "opponent"}}]


def test_counted_conditions_and_whose_turn():
    ability = only("Test Card enters the battlefield tapped unless you control two or fewer "
                   "other lands.", "Land")
    assert ability["replacement"]["modify"] == {"tapped": True, "unless": {
        "you_control_count": {"what": {"other": True, "types": ["land"]}, "le": 2}}}
    ability = only("Test Card gets +2/+2 as long as you control three or more artifacts.",
                   "Artifact Creature — Soldier")
    assert ability["static"]["while"] == {
        "you_control_count": {"what": {"types": ["artifact"]}, "ge": 3}}
    ability = only("As long as it's your turn, Test Card has first strike.", "Creature — Cat")
    assert ability["static"]["while"] == {"turn": "yours"}


def test_cant_lose_the_game():
    angel = ("You can't lose the game and your "
             "opponents can't win the game.")  # Platinum Angel's Oracle text
    assert only(angel, "Artifact Creature — Angel") == {"static": {
                    "affects": "you", "cant_lose": True, "opponents_cant_win": True}}


def test_threshold_is_a_count_of_cards_in_your_graveyard():
    ability = only("Threshold — As long as seven or more cards are in your graveyard, Test "
                   "Card gets +1/+1 and has flying.", "Creature — Bird")
    assert ability == {"static": {"affects": "this", "modify": {"power": 1, "toughness": 1},
                                  "add_keywords": ["flying"],
                                  "while": {"cards_in_graveyard": {"ge": 7}}}}


def test_enters_tapped_unless_you_have_two_or_more_opponents():
    ability = only("Test Card enters the battlefield tapped unless you have two or more "
                   "opponents.", "Land")
    assert ability["replacement"]["modify"]["unless"] == {"opponent_count": {"ge": 2}}


def test_a_quoted_ability_naming_the_card_that_gives_it_to_itself_compiles():
    # CR 201.5: the card's name is the object that grants it, which here is also the object
    # that has it, so the quoted ability's "~" is "this"
    ability = only('As long as you control a Demon, Test Ogre has "{B}: Regenerate Test Ogre."',
                   "Creature — Ogre", "Test Ogre")
    assert ability["static"]["affects"] == "this"
    assert ability["static"]["add_abilities"] == [{"activated": {
        "cost": [{"mana": "{B}"}], "do": [{"regenerate": {"what": "this"}}]}}]
    bonus = only('As long as seven or more cards are in your graveyard, Test Ogre gets +2/+2 '
                 'and has "When Test Ogre dies, you lose 6 life."', "Creature — Ogre",
                 "Test Ogre")["static"]
    assert bonus["modify"] == {"power": 2, "toughness": 2}
    assert bonus["while"] == {"cards_in_graveyard": {"ge": 7}}
    assert bonus["add_abilities"] == [{"triggered": {
        "when": {"dies": {"what": "this"}}, "do": [{"lose_life": {"amount": 6}}]}}]


def test_a_quoted_ability_naming_the_card_that_gives_it_to_another_stays_unparsed():
    # near miss: an Equipment's name in the ability it gives the creature is the Equipment,
    # not the creature that has the ability ("this" would be wrong)
    compiled = card('Equipped creature has "{T}, Sacrifice Test Torch: Test Torch deals 2 '
                    'damage to any target."', "Artifact — Equipment", "Test Torch")
    assert "naming the card that grants it" in compiled.unparsed[0].gap


def test_protection_from_a_color_a_static_ability_gives_is_its_keyword_word():
    ability = only("Enchanted creature gets +1/+2 and has protection from black.",
                   "Enchantment — Aura")
    assert ability["static"]["add_keywords"] == ["protection from black"]
    # a landwalk a static ability gives is its printed word (blocking reads its land kind)
    assert only("White creatures have plainswalk.", "Enchantment")["static"][
        "add_keywords"] == ["plainswalk"]
    # near miss: a keyword with another parameter is not read yet
    compiled = card("Enchanted creature has rampage 2.", "Enchantment — Aura")
    assert compiled.unparsed


def test_gaining_protection_from_a_color_until_end_of_turn_is_its_keyword_word():
    ability = only("{W}: Target creature gains protection from red until end of turn.",
                   "Creature — Human Cleric")
    assert ability["activated"]["do"] == [{"modify": {
        "what": "t1", "add_keywords": ["protection from red"],
        "duration": "until_end_of_turn"}}]
    # landwalk gained until end of turn is its printed word too
    assert only("{R}: Target creature gains mountainwalk until end of turn.",
                "Creature — Goblin")["activated"]["do"][0]["modify"]["add_keywords"] == [
        "mountainwalk"]
