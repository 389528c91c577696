"""The compiler on the seeds' home ground: searches with colors and X, the cards found shared
out, search and shuffle triggers, and the search descriptions that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Sorcery", name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def steps(text: str, type_line: str = "Sorcery"):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    (body,) = ability.values()
    return body["do"]


def test_a_search_with_a_color_and_an_x_comparison():
    do = steps("Search your library for a blue artifact card with mana value X or less, "
               "put it onto the battlefield, then shuffle.")
    assert do[0]["search"]["for"] == {"colors": ["blue"], "types": ["artifact"],
                                      "mana_value": {"le": "X"}}


def test_x_compares_only_in_a_search():
    compiled = card("Destroy target creature with mana value X or less.")
    assert not compiled.fully
    assert "comparison with X" in compiled.notes[0].gap


def test_a_search_for_cards_the_search_rules_cannot_check_stays_unparsed():
    compiled = card("Search your library for up to two basic land cards and/or Gate cards, "
                    "put them onto the battlefield tapped, then shuffle.")
    assert not compiled.fully


def test_the_cards_found_shared_out():
    do = steps("Search your library for up to two creature cards, reveal those cards, put "
               "one into your hand and the other into your graveyard, then shuffle.")
    assert do[2:4] == [{"put": {"what": "found", "to": "hand", "one": True}},
                       {"put": {"what": "found", "to": "graveyard", "rest": True}}]


def test_put_one_without_a_search_stays_unparsed():
    compiled = card("Target player draws two cards. Put one into your hand and the other "
                    "into your graveyard.")
    assert not compiled.fully


def test_search_and_shuffle_triggers():
    compiled = card("Whenever an opponent searches their library, that player loses 3 life.",
                    "Enchantment")
    assert compiled.fully
    (ability,) = compiled.card["abilities"]
    assert ability["triggered"]["when"] == {"searches": {"who": "opponent"}}
    assert ability["triggered"]["do"] == [{"lose_life": {"amount": 3,
                                                         "who": "event.player"}}]
    shuffles = card("Whenever an opponent shuffles their library, draw a card.", "Enchantment")
    assert shuffles.card["abilities"][0]["triggered"]["when"] == {
        "shuffles": {"who": "opponent"}}
