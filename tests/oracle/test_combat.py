"""The combat area (src/rulings/oracle/areas/combat.lark): restrictions on attacking and
blocking (CR 506.5, 508.1c, 509.1b) and typecycling (CR 702.29e); each shape and a near miss
that stays unparsed. The rules reading these words have their cases in tests/cases/combat/."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Creature — Beast", name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2"})


def only(text: str, type_line: str = "Creature — Beast"):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability


def gap(text: str, type_line: str = "Creature — Beast") -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    (note,) = compiled.unparsed
    return note.gap


def _cycling(found: dict, cost: str) -> dict:
    return {"activated": {
        "cost": [{"mana": cost}, {"discard": "this"}], "zone": "hand",
        "do": [{"search": {"for": found, "id": "found"}}, {"reveal": {"what": "found"}},
               {"put": {"what": "found", "to": "hand"}}, {"shuffle": {}}]}}


def test_typecycling_searches_for_its_kind_of_card():
    assert only("Plainscycling {2} (reminder)") == _cycling({"subtypes": ["plains"]}, "{2}")
    assert only("Swampcycling {1}{B}") == _cycling({"subtypes": ["swamp"]}, "{1}{B}")
    assert only("Basic landcycling {1}{G}") == _cycling(
        {"types": ["land"], "supertypes": ["basic"]}, "{1}{G}")
    assert only("Wizardcycling {3}") == _cycling({"subtypes": ["wizard"]}, "{3}")


def test_typecycling_on_an_instant_stays_its_own_ability():
    compiled = card("Draw a card.\nBasic landcycling {1}", type_line="Instant")
    assert compiled.fully
    assert compiled.card["abilities"][1] == _cycling(
        {"types": ["land"], "supertypes": ["basic"]}, "{1}")


def test_artifact_landcycling_stays_unparsed():
    # an artifact land card is both types: "types" is any of them, so it is not said
    assert "landcycling" in gap("Artifact landcycling {2}")


def test_cant_block_such_creatures():
    assert only("Test Card can't block creatures with power 2 or greater.") == {"static": {
        "affects": "this", "prohibit": {"action": "block",
                                        "what": {"types": ["creature"], "power": {"ge": 2}}}}}
    assert only("Test Card can't block Walls.")["static"]["prohibit"] == {
        "action": "block", "what": {"subtypes": ["wall"]}}
    # near miss: "can't block" alone is the plain prohibition
    assert only("Test Card can't block.")["static"]["prohibit"] == {"action": "block"}


def test_a_restriction_on_other_creatures_stays_unparsed():
    assert "other than the card itself" in gap(
        "Creatures you control can't block creatures with power 2 or greater.")
    assert "other than the card itself" in gap("Creatures you control can't attack alone.")


def test_blocked_by_at_most_one_creature():
    assert only("Test Card can't be blocked by more than one creature.") == {
        "static": {"affects": "this", "max_blockers": 1}}
    # near miss: "by more than two" is not read
    assert "static" in gap("Test Card can't be blocked by more than two creatures.")


def test_blocked_only_by_such_creatures_or_by_several():
    assert only("Test Card can't be blocked except by creatures with flying.") == {"static": {
        "affects": "this", "prohibit": {"action": "be_blocked", "what": {
            "not": {"types": ["creature"], "keyword": "flying"}}}}}
    # "with flying or reach" is not a selector the grammar reads yet
    assert "static" in gap("Test Card can't be blocked except by creatures with flying or "
                           "reach.")
    assert only("Test Card can't be blocked except by three or more creatures.") == {
        "static": {"affects": "this", "min_blockers": 3}}
    # near miss: a number of blockers of X is not a fixed number
    assert "static" in gap("Test Card can't be blocked except by X or more creatures.")


def test_cant_attack_or_block_alone():
    assert only("Test Card can't attack alone.")["static"]["prohibit"] == {
        "action": "attack_alone"}
    assert only("Test Card can't block alone.")["static"]["prohibit"] == {
        "action": "block_alone"}
    assert only("Test Card can't attack or block alone.")["static"]["prohibit"] == {
        "action": "attack_or_block_alone"}


def test_cant_attack_unless_defending_player_controls():
    assert only("Test Card can't attack unless defending player controls an Island.") == {
        "static": {"affects": "this", "cant_attack_unless": {"subtypes": ["island"]}}}
    # near miss: "two or more Islands" is a count the word doesn't take
    assert "static" in gap(
        "Test Card can't attack unless defending player controls two Islands.")


def test_requirements_on_the_blocks():
    assert only("Test Card must be blocked if able.") == {
        "static": {"affects": "this", "require": {"action": "be_blocked"}}}
    assert only("All creatures able to block Test Card do so.") == {
        "static": {"affects": "this", "require": {"action": "be_blocked_by_all"}}}
    assert only("All creatures able to block enchanted creature do so.",
                type_line="Enchantment — Aura")["static"]["affects"] == "enchanted"
    # near miss: "it" in a static of its own is not said to be the card
    assert "static" in gap("All creatures able to block it do so.")


def test_alternatives_with_a_shared_quality_stay_unparsed():
    # the selector rules read "any_of" alone: "Walls and/or creatures with flying" would lose
    # "with flying"
    assert "alternatives" in gap(
        "Test Card can't be blocked except by Walls and/or creatures with flying.")


def test_as_long_as_it_is_attacking():
    assert only("Test Card has first strike as long as it's attacking.") == {"static": {
        "affects": "this", "add_keywords": ["first_strike"], "while": {"attacking": True}}}
    assert only("Test Card gets +1/+0 as long as it's attacking.")["static"]["while"] == {
        "attacking": True}
    # near miss: on an Equipment, "it" is the equipped creature, not the object with the
    # ability the layer system asks
    assert "attached to" in gap("Equipped creature has first strike as long as it's "
                                "attacking.", type_line="Artifact — Equipment")
