"""The compiler on planeswalkers (area pw): loyalty abilities whose effects the core grammar
reads, emblems (CR 114) with the quoted ability compiled on its own; made-up texts, and the
near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

WALKER = "Legendary Planeswalker — Testwalker"


def card(text: str, type_line: str = WALKER, name: str = "Test Walker"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "loyalty": "4"})


def only(text: str, type_line: str = WALKER, name: str = "Test Walker"):
    compiled = card(text, type_line, name)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability


def test_a_loyalty_line_is_a_loyalty_ability():
    ab = only("+1: Draw a card.")
    assert ab == {"activated": {"cost": [{"loyalty": 1}], "do": [{"draw": {"amount": 1}}],
                                "loyalty": True}}


def test_you_get_an_emblem_with_a_static_ability():
    ab = only('−7: You get an emblem with "Creatures you control get +2/+2 and have flying."')
    assert ab["activated"]["cost"] == [{"loyalty": -7}]
    (step,) = ab["activated"]["do"]
    (emblem,) = step["emblem"]["abilities"]
    assert emblem == {"static": {"affects": {"types": ["creature"], "controller": "you"},
                                 "modify": {"power": 2, "toughness": 2},
                                 "add_keywords": ["flying"]}}
    assert "who" not in step["emblem"]  # you get it


def test_an_opponent_gets_an_emblem_with_a_triggered_ability():
    ab = only('−8: Target opponent gets an emblem with "At the beginning of your upkeep, you '
              'lose 2 life."')
    assert ab["activated"]["targets"][0]["id"] == "t1"
    (step,) = ab["activated"]["do"]
    assert step["emblem"]["who"] == "t1"
    (emblem,) = step["emblem"]["abilities"]
    assert emblem["triggered"]["do"] == [{"lose_life": {"amount": 2}}]


def test_an_emblem_whose_ability_is_not_read_stays_unparsed():
    compiled = card('−6: You get an emblem with "Your opponents can\'t gain life and draw '
                    'cards unless they sing."')
    assert not compiled.fully
    assert "in quotation marks" in compiled.notes[0].gap


def test_an_emblem_naming_the_card_stays_unparsed():
    compiled = card('−6: You get an emblem with "Whenever you cast a spell, untap Test '
                    'Walker."')
    assert not compiled.fully
    assert "naming the card" in compiled.notes[0].gap


def test_a_quoted_ability_where_the_effects_grammar_takes_none_stays_unparsed():
    # near miss: the quotation marks are read only where a rule places them (an emblem)
    compiled = card('−2: Draw a card. "Creatures you control get +1/+1."')
    assert not compiled.fully


def test_can_be_your_commander():
    ab = only("Test Walker can be your commander.")
    assert ab == {"static": {"can_be_commander": True}}


def test_another_card_can_be_your_commander_stays_unparsed():
    # near miss: only the card itself says so
    compiled = card("Target creature can be your commander.")
    assert not compiled.fully


def test_this_emblem_is_what_has_the_ability():
    ab = only('−7: You get an emblem with "Whenever you cast a spell, this emblem deals 5 '
              'damage to any target."')
    (step,) = ab["activated"]["do"]
    (emblem,) = step["emblem"]["abilities"]
    assert emblem["triggered"]["do"] == [{"deal_damage": {"amount": 5, "to": "t1"}}]
    assert "source" not in emblem["triggered"]["do"][0]["deal_damage"]  # this: the emblem


def test_this_emblem_outside_the_quotation_marks_is_not_the_walker():
    # near miss: "this emblem" in the walker's own line would name the walker; the card
    # language's this is the ability's own object, so the line stays unparsed
    compiled = card("−1: This emblem deals 2 damage to any target.")
    assert not compiled.fully


def test_amass():
    ab = only("−2: Amass 2.")
    assert ab["activated"]["do"] == [{"amass": {"amount": 2}}]


def test_amass_without_a_number_stays_unparsed():
    assert not card("−2: Amass.").fully


def test_twenty_cards():
    ab = only("−10: Target player mills twenty cards.")
    assert ab["activated"]["do"] == [{"mill": {"amount": 20, "who": "t1"}}]


def test_a_player_draws_a_card_in_an_emblem():
    ab = only('−8: Target opponent gets an emblem with "Whenever a player draws a card, you '
              'lose 2 life."')
    (emblem,) = ab["activated"]["do"][0]["emblem"]["abilities"]
    assert emblem["triggered"]["when"] == {"draws": {"who": "any_player"}}


def test_a_player_draws_two_cards_stays_unparsed():
    # near miss: the trigger is on one card drawn
    assert not card("Whenever a player draws two cards, you gain 1 life.").fully



def test_creature_cards_from_all_graveyards():
    ab = only("−8: Put all creature cards from all graveyards onto the battlefield under your "
              "control.")
    assert ab["activated"]["do"] == [{"put": {"what": {"types": ["creature"],
                                                        "zone": "graveyard"},
                                              "to": "battlefield", "under": "you"}}]


def test_from_all_libraries_stays_unparsed():
    # near miss: only graveyards
    assert not card("−8: Put all creature cards from all libraries onto the battlefield "
                    "under your control.").fully


def test_a_triggered_ability_gives_an_emblem():
    compiled = card('When Test Walker enters the battlefield, you get an emblem with "Creatures '
                    'you control get +1/+1."')
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ab,) = compiled.card["abilities"]
    assert ab["triggered"]["do"][0]["emblem"]["abilities"][0]["static"]["modify"] == {
        "power": 1, "toughness": 1}


def test_a_token_with_a_quoted_ability_has_it():
    # tokenab: the quote is the token's own ability
    compiled = card('+1: Create a 1/1 red Devil creature token with "When this creature dies, '
                    'it deals 1 damage to any target."')
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ab,) = compiled.card["abilities"]
    token = ab["activated"]["do"][0]["create"]["token"]
    assert token["abilities"][0]["triggered"]["when"] == {"dies": {"what": "this"}}
    # near miss: a quote after a step that creates no token is not placed
    assert not card('+1: Draw a card. It has "When this creature dies, you gain 1 life."').fully


def test_a_keyword_after_several_card_types_stays_unparsed():
    # "with flying" may describe the creature only (Vivien Reid, Broken Wings)
    compiled = card("−3: Destroy target artifact, enchantment, or creature with flying.")
    assert not compiled.fully
    assert "several card types" in compiled.notes[0].gap


def test_a_keyword_after_one_card_type_is_read():
    # near miss: one noun, the keyword is its
    ab = only("−3: Destroy target creature with flying.")
    assert ab["activated"]["targets"][0]["filter"] == {"types": ["creature"],
                                                       "keyword": "flying"}
