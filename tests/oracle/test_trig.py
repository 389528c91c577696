"""Trigger events beyond one plain event (issue 25, helper trig): a cast that targets the card,
a target chosen by an opponent's spell or ability, a spell's target, either of two events, and
the block events that happen once for each creature blocked or blocking."""

from __future__ import annotations

from rulings.oracle import compile_card


def when(text: str, name: str = "Test Beast") -> dict:
    compiled = compile_card({"name": name, "type_line": "Creature — Beast",
                             "oracle_text": text, "power": "2", "toughness": "2"})
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability["triggered"]


def gap(text: str, name: str = "Test Beast") -> str:
    compiled = compile_card({"name": name, "type_line": "Creature — Beast",
                             "oracle_text": text, "power": "2", "toughness": "2"})
    assert not compiled.fully
    return compiled.notes[0].gap


def test_heroic_is_a_cast_that_targets_the_card():
    t = when("Heroic — Whenever you cast a spell that targets Test Beast, put a +1/+1 "
             "counter on Test Beast.")
    assert t["when"] == {"cast_targeting": {"what": "this", "who": "you"}}


def test_a_described_spell_that_targets_stays_unparsed():
    assert "described spell" in gap("Whenever you cast an Aura spell that targets Test Beast, "
                                    "draw a card.")


def test_becoming_the_target_of_an_opponents_spell_or_ability():
    t = when("Whenever Test Beast becomes the target of a spell "
             "or ability an opponent controls, that player loses 2 life.")
    assert t["when"] == {"becomes_target": {"what": "this", "who": "opponent"}}
    assert t["do"] == [{"lose_life": {"amount": 2, "who": "event.player"}}]


def test_becoming_the_target_of_a_spell():
    assert when("Whenever Test Beast becomes the target of a spell, draw a card.")["when"] == {
        "targeted_by_spell": {"what": "this"}}
    assert when("Whenever Test Beast becomes the target of a spell you control, draw a "
                "card.")["when"] == {"targeted_by_spell": {"what": "this", "who": "you"}}


def test_either_of_two_events():
    assert when("Whenever Test Beast attacks or blocks, you gain 1 life.")["when"] == {
        "attacks_or_blocks": {"what": "this"}}
    assert when("Whenever Test Beast blocks or becomes blocked, you gain 1 life.")["when"] == {
        "blocks_or_becomes_blocked": {"what": "this"}}
    assert when("Whenever Test Beast enters the battlefield or attacks, you gain 1 "
                "life.")["when"] == {"enters_or_attacks": {"what": "this"}}


def test_blocking_a_creature_is_about_the_creature_blocked():
    t = when("Whenever Test Beast blocks a creature with flying, destroy that creature.")
    assert t["when"] == {"blocks_creature": {"what": "this", "to": {
        "types": ["creature"], "keyword": "flying"}}}
    assert t["do"] == [{"destroy": {"what": "event.card"}}]
    assert when("Whenever Test Beast becomes blocked by a creature, Test Beast gets +1/+1 "
                "until end of turn.")["when"] == {"blocked_by_creature": {
                    "what": "this", "to": {"types": ["creature"]}}}
    assert when("Whenever Test Beast blocks or becomes blocked by a creature, Test Beast "
                "deals 1 damage to that creature.")["when"] == {"blocks_or_blocked_by": {
                    "what": "this", "to": {"types": ["creature"]}}}


def test_blocking_a_number_of_creatures_stays_unparsed():
    gap("Whenever Test Beast blocks two creatures, draw a card.")


def test_turned_face_up_and_attacking_unblocked():
    assert when("When Test Beast is turned face up, draw a card.")["when"] == {
        "turned_face_up": {"what": "this"}}
    assert when("Whenever Test Beast attacks and isn't blocked, you gain 1 life.")["when"] == {
        "attacks_unblocked": {"what": "this"}}


def test_defending_player_only_in_a_trigger_on_an_attacking_creature():
    t = when("Whenever Test Beast attacks and isn't blocked, defending player discards a card.")
    assert t["do"] == [{"discard": {"amount": 1, "who": "defending_player"}}]
    assert when("Whenever Test Beast becomes blocked, defending player loses 1 "
                "life.")["do"] == [{"lose_life": {"amount": 1, "who": "defending_player"}}]
    assert "defending player" in gap("Whenever Test Beast blocks, defending player loses 1 "
                                     "life.")
    assert "defending player" in gap("{T}: Defending player loses 1 life.")
    assert "defending player" in gap("When Test Beast enters the battlefield, defending "
                                     "player loses 1 life.")


def test_an_opponent_drawing_and_that_spells_controller():
    t = when("Whenever an opponent draws a card, Test Beast deals 1 damage to that player.")
    assert t["when"] == {"draws": {"who": "opponent"}}
    assert t["do"] == [{"deal_damage": {"amount": 1, "to": "event.player"}}]
    t = when("Whenever Test Beast becomes the target of a spell, Test Beast deals 2 damage to "
             "that spell's controller.")
    assert t["do"] == [{"deal_damage": {"amount": 2, "to": "event.player"}}]
    assert "spell's controller" in gap("Whenever Test Beast attacks, Test Beast deals 2 "
                                       "damage to that spell's controller.")


def test_draw_an_additional_card_is_a_draw():
    # "an additional card" is one more card drawn, the draw step's own draw (CR 504.1) aside
    t = when("At the beginning of your draw step, draw an additional card.")
    assert t == {"when": {"step": {"step": "draw", "whose": "you"}},
                 "do": [{"draw": {"amount": 1}}]}
    t = when("At the beginning of your draw step, draw two additional cards.")
    assert t["do"] == [{"draw": {"amount": 2}}]
    # near miss: a replacement of a draw ("draw an additional card" instead) is not this
    assert gap("If you would draw a card, draw an additional card instead.")  # not fully
