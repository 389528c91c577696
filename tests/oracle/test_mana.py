"""The mana area (src/rulings/oracle/areas/mana.lark): how lands enter, and the mana they
make. Made-up texts compiled, and the near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Land", name: str = "Test Land"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def only(text: str, type_line: str = "Land", name: str = "Test Land"):
    compiled = card(text, type_line, name)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability


def test_enters_tapped_unless_you_control_a_land_type():
    ab = only("Test Land enters the battlefield tapped unless you control a Plains.")
    assert ab == {"replacement": {"event": {"enters": {"what": "this"}}, "modify": {
        "tapped": True, "unless": {"you_control": {"types": ["land"], "subtypes": ["plains"]}}}}}
    ab = only("This land enters tapped unless you control an Island.")
    assert ab["replacement"]["modify"]["unless"]["you_control"]["subtypes"] == ["island"]


def test_enters_tapped_unless_you_control_a_creature_type_stays_unparsed():
    # a Dragon is no land: the land-type reading would be wrong
    compiled = card("Test Land enters the battlefield tapped unless you control a Dragon.")
    assert not compiled.fully
    assert "not a land type" in compiled.notes[0].gap


def test_enters_tapped_unless_you_reveal_a_card_of_a_type():
    ab = only("As Test Land enters the battlefield, you may reveal a Giant card from your "
              "hand. If you don't, Test Land enters the battlefield tapped.")
    assert ab == {"replacement": {"event": {"enters": {"what": "this"}}, "modify": {
        "tapped": True, "unless_paid": [{"reveal": {
            "subtypes": ["giant"], "zone": "hand", "owner": "you"}}]}}}
    ab = only("As this land enters, you may reveal an Island or Swamp card from your hand. "
              "If you don't, this land enters tapped.")
    assert ab["replacement"]["modify"]["unless_paid"][0]["reveal"]["subtypes"] == [
        "island", "swamp"]


def test_reveal_of_other_cards_stays_unparsed():
    # "any number of artifact cards" and a counted bonus: not the enters-tapped choice
    compiled = card("As Test Land enters the battlefield, you may reveal any number of "
                    "artifact cards from your hand. If you don't, Test Land enters the "
                    "battlefield tapped.")
    assert not compiled.fully
    compiled = card("As Test Land enters the battlefield, you may reveal a Giant card from "
                    "your hand. If you do, Test Land enters the battlefield tapped.")
    assert not compiled.fully


def test_spend_this_mana_only_on_spells_of_card_types():
    ab = only("{T}: Add {C}{C}{C}. Spend this mana only to cast artifact spells.")
    assert ab["activated"]["do"] == [{"add_mana": {"mana": "{C}{C}{C}", "only_for": ["artifact"]}}]
    ab = only("{T}: Add one mana of any color. Spend this mana only to cast an instant or "
              "sorcery spell.", "Artifact")
    assert ab["activated"]["do"] == [{"add_mana": {"any_color": True,
                                                   "only_for": ["instant", "sorcery"]}}]


def test_other_spending_restrictions_stay_unparsed():
    # a subtype, abilities, or a quality of the spell: the cost check reads card types only
    for text in ("{T}: Add {C}. Spend this mana only to cast Dragon spells.",
                 "{T}: Add {C}. Spend this mana only to cast artifact spells or activate "
                 "abilities of artifacts.",
                 "{T}: Add {C}. Spend this mana only to cast kicked spells.",
                 "{T}: Draw a card. Spend this mana only to cast artifact spells."):
        assert not card(text).fully, text


def test_you_become_the_monarch():
    ab = only("When Test Knight enters the battlefield, you become the monarch.",
              "Creature — Human Knight", "Test Knight")
    assert ab == {"triggered": {"when": {"enters": {"what": "this"}},
                                "do": [{"become_monarch": {}}]}}
    spell = card("All creatures get -1/-1 until end of turn. You become the monarch.",
                 "Sorcery", "Test Feast")
    assert spell.fully
    assert spell.card["abilities"][0]["spell"]["do"][-1] == {"become_monarch": {}}


def test_conditions_on_the_monarch_stay_unparsed():
    # "if you're the monarch" / "if an opponent is the monarch": no condition reads it yet
    for text in ("At the beginning of your end step, if you're the monarch, you gain 1 life.",
                 "At the beginning of your upkeep, if an opponent is the monarch, draw a card.",
                 "You can't become the monarch."):
        assert not card(text, "Creature — Human", "Test Knight").fully, text


def test_restricted_mana_of_several_types_stays_unparsed():
    # the mana rules read one type of mana per ability: the restriction would go unread
    compiled = card("{1}, {T}: Add {U}{B}{R}. Spend this mana only to cast instant and/or "
                    "sorcery spells.", "Creature — Vampire")
    assert not compiled.fully
    assert "several types" in compiled.notes[0].gap


def test_energy_got_and_paid():
    ab = only("When Test Chaser enters the battlefield, you get {E}{E}.", "Creature — Human",
              "Test Chaser")
    assert ab["triggered"]["do"] == [{"get_energy": {"amount": 2}}]
    ab = only("Pay {E}: Test Chaser gains lifelink until end of turn.", "Creature — Human",
              "Test Chaser")
    assert ab["activated"]["cost"] == [{"pay_energy": 1}]
    ab = only("{T}, Pay {E}{E}: Scry 1.", "Artifact", "Test Orb")
    assert ab["activated"]["cost"] == ["tap", {"pay_energy": 2}]
    ab = only("Whenever Test Chaser attacks, you may pay {E}{E}. If you do, draw a card.",
              "Creature — Human", "Test Chaser")
    assert ab["triggered"]["do"][0] == {"pay": {"cost": [{"pay_energy": 2}], "may": True,
                                                "id": "s1"}}


def test_energy_the_rules_dont_count_stays_unparsed():
    # a mana ability paid with energy: the cost check counts only a source's tap
    compiled = card("{T}, Pay {E}: Add one mana of any color.")
    assert not compiled.fully
    assert "paid with energy" in compiled.notes[0].gap
    # any amount of energy; energy mixed with mana in one symbol run
    for text in ("Choose target creature. You get {E}{E}, then you may pay any amount of {E}.",
                 "{T}, Pay {E}{1}: Scry 1."):
        assert not card(text, "Instant").fully, text


def test_exile_target_players_graveyard():
    ab = only("{T}, Sacrifice Test Crypt: Exile target player's graveyard.", "Artifact",
              "Test Crypt")
    assert ab["activated"]["targets"] == [{"id": "t1", "filter": "player"}]
    assert ab["activated"]["do"] == [{"exile": {"what": {"zone": "graveyard", "owner": "t1"}}}]


def test_exile_another_zone_of_a_target_player_stays_unparsed():
    for text in ("{T}: Exile target player's hand.", "{T}: Exile target opponent's graveyard.",
                 "{T}: Exile target player's library."):
        assert not card(text, "Artifact", "Test Crypt").fully, text


def test_alternative_cost_of_mana_and_more():
    compiled = card("You may pay {1} and return a basic land you control to its owner's hand "
                    "rather than pay this spell's mana cost.", "Artifact", "Test Borderpost")
    assert compiled.fully, [n.gap for n in compiled.notes]
    assert compiled.card["alternative_costs"] == [{"name": "alternative", "cost": [
        {"mana": "{1}"},
        {"return": {"supertypes": ["basic"], "types": ["land"], "controller": "you"}}]}]


def test_alternative_cost_of_mana_and_an_unknown_part_stays_unparsed():
    compiled = card("You may pay {1} and flip a coin rather than pay this spell's mana cost.",
                    "Artifact", "Test Borderpost")
    assert not compiled.fully


def test_mana_of_the_commanders_color_identity():
    ab = only("{T}: Add one mana of any color in your commander's color identity.")
    assert ab["activated"]["do"] == [{"add_mana": {"commander_identity": True}}]


def test_several_mana_of_the_commanders_colors_stays_unparsed():
    compiled = card("{T}: Add two mana of any color in your commander's color identity.")
    assert not compiled.fully


def test_each_creature_dealing_damage_to_its_controller_stays_unparsed():
    # "its controller" is each creature's own controller: not the card's (Rakdos Charm)
    compiled = card("Each creature deals 1 damage to its controller.", "Instant", "Test Charm")
    assert not compiled.fully
    assert "its controller" in compiled.notes[0].gap
