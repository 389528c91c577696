"""The compiler on conditions of activation (CR 602.5b) and on a spell's own conditional cost
change (CR 601.2f): made-up texts, and the near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Artifact", name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def only(text: str, type_line: str = "Artifact", name: str = "Test Card"):
    compiled = card(text, type_line, name)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability


def test_activate_only_if_cards_in_graveyard():
    ab = only("{T}: You gain 1 life. Activate only if seven or more cards are in your "
              "graveyard.")
    assert ab["activated"]["only_if"] == {"cards_in_graveyard": {"ge": 7}}
    assert ab["activated"]["do"] == [{"gain_life": {"amount": 1}}]


def test_activate_only_if_you_control_and_counts():
    ab = only("{2}: You gain 2 life. Activate only if you control a Swamp.")
    assert ab["activated"]["only_if"] == {"you_control": {"subtypes": ["swamp"]}}
    ab = only("{T}: Draw a card. Activate only if you control three or more artifacts.")
    assert ab["activated"]["only_if"] == {
        "you_control_count": {"what": {"types": ["artifact"]}, "ge": 3}}


def test_activate_only_if_cards_in_hand():
    ab = only("{T}: Draw a card. Activate only if you have exactly seven cards in hand.")
    assert ab["activated"]["only_if"] == {"cards_in_hand": {"eq": 7}}
    ab = only("{T}: You gain 1 life. Activate only if you have no cards in hand.")
    assert ab["activated"]["only_if"] == {"cards_in_hand": {"eq": 0}}


def test_activate_only_as_a_sorcery_and_only_if():
    ab = only("{T}: Draw a card. Activate only as a sorcery and only if you have one or fewer "
              "cards in hand.")
    assert ab["activated"]["timing"] == "sorcery"
    assert ab["activated"]["only_if"] == {"cards_in_hand": {"le": 1}}


def test_a_condition_not_decided_stays_unparsed():
    # (a creature dying this turn is decided since the history area; one dying under your
    # control is not)
    compiled = card("{T}: Draw a card. Activate only if a creature died under your control "
                    "this turn.")
    assert not compiled.fully
    assert "a condition of activation" in compiled.notes[0].gap


def test_a_mana_ability_with_a_condition_stays_unparsed():
    # the cost check finds mana sources without asking such conditions
    compiled = card("{T}: Add {C}{C}. Activate only if you control a Swamp.", "Land")
    assert not compiled.fully
    assert "mana ability with a condition" in compiled.notes[0].gap


def test_this_spell_costs_less_if():
    compiled = card("This spell costs {1} less to cast if you control a Wizard.\nDraw a card.",
                    "Instant")
    assert compiled.fully, [n.gap for n in compiled.notes]
    assert compiled.card["abilities"][0] == {"static": {
        "zone": "stack", "while": {"you_control": {"subtypes": ["wizard"]}},
        "cost_change": {"what": "this", "amount": -1}}}


def test_this_spell_costs_colored_less_stays_unparsed():
    compiled = card("This spell costs {U} less to cast if you control a Wizard.\nDraw a card.",
                    "Instant")
    assert not compiled.fully


def test_delirium_condition_in_a_static_an_activation_and_a_trigger():
    n = "four"
    kinds = f"{n} or more card types among cards in your graveyard"
    ab = only(f"Test Card gets +2/+2 as long as there are {kinds}.", "Creature — Horror")
    assert ab["static"]["while"] == {"card_types_in_graveyard": {"ge": 4}}
    ab = only(f"{{T}}: Draw a card. Activate only if there are {kinds}.")
    assert ab["activated"]["only_if"] == {"card_types_in_graveyard": {"ge": 4}}
    ab = only(f"When Test Card enters the battlefield, if there are {kinds}, you gain 2 life.",
              "Creature — Horror")
    assert ab["triggered"]["intervening_if"] == {"card_types_in_graveyard": {"ge": 4}}


def test_mana_values_among_cards_stay_unparsed():
    compiled = card("Test Card gets +2/+2 as long as there are five or more mana values among "
                    "cards in your graveyard.", "Creature — Horror")
    assert not compiled.fully
