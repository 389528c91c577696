"""Area `damage` (src/rulings/oracle/areas/damage.lark): one-shot prevention of all damage for
the rest of the turn, each shape with a near miss that stays unparsed (or compiles otherwise)."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Instant"):
    return compile_card({"name": "Test Card", "type_line": type_line, "oracle_text": text})


def spell(text: str) -> dict:
    compiled = card(text)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][0]["spell"]


def gap(text: str) -> str:
    compiled = card(text)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


def test_fog_prevents_all_combat_damage_to_anything():
    # CR 615.3: an effect for the turn, no recipient named; combat damage only
    assert spell("Prevent all combat damage that would be dealt this turn.") == {
        "do": [{"prevent": {"amount": 0, "combat": True, "duration": "this_turn"}}]}
    # with another instruction after it
    assert spell("Prevent all combat damage that would be dealt this turn. Draw a card.")[
        "do"][1] == {"draw": {"amount": 1}}


def test_fog_near_misses():
    # a recipient with combat-only damage: no word reads both, stays unparsed
    assert "'to'" in gap("Prevent all combat damage that would be dealt to target creature "
                         "this turn.")
    # a source that is one target reads (the prevent area's `source`); a group of sources, or
    # one with no duration, does not
    assert spell("Prevent all combat damage that would be dealt by target creature "
                 "this turn.")["do"] == [{"prevent": {"amount": 0, "combat": True,
                                                     "source": "t1",
                                                     "duration": "this_turn"}}]
    assert "'creatures'" in gap("Prevent all combat damage that would be dealt by creatures "
                                "you control this turn.")
    assert gap("Prevent all combat damage that would be dealt by target creature.")
    # all damage (not only combat) with no recipient is not this shape
    assert gap("Prevent all damage that would be dealt this turn.")


def test_prevent_all_damage_to_a_target_this_turn():
    out = spell("Prevent all damage that would be dealt to target creature this turn.")
    assert out["targets"] == [{"id": "t1", "filter": {"types": ["creature"]}}]
    assert out["do"] == [{"prevent": {"amount": 0, "to": "t1", "duration": "this_turn"}}]
    # no combat-only limit on this one (it is all the damage to that creature)
    assert "combat" not in out["do"][0]["prevent"]
    out = spell("Prevent all damage that would be dealt to you this turn.")
    assert out["do"] == [{"prevent": {"amount": 0, "to": "you", "duration": "this_turn"}}]


def test_prevent_all_damage_to_near_misses():
    # the core's shield still reads a number; "this turn" is needed for a one-shot effect
    assert spell("Prevent the next 3 damage that would be dealt to any target this turn.")[
        "do"][0]["prevent"]["amount"] == 3
    assert gap("Prevent all damage that would be dealt to target creature.")


def test_a_type_word_after_subtypes_joined_by_or_is_each_ones():
    # "tapped Merfolk or Kithkin creature" (Wellgabber Apothecary): a Merfolk creature too
    out = spell("Prevent all damage that would be dealt to target tapped Merfolk or Kithkin "
                "creature this turn.")
    assert out["targets"][0]["filter"] == {"is": ["tapped"], "any_of": [
        {"subtypes": ["merfolk"], "types": ["creature"]},
        {"subtypes": ["kithkin"], "types": ["creature"]}]}
    # near miss: "Aura or creature" - the second noun is a type alone, nothing is shared
    out = spell("Prevent all damage that would be dealt to target Aura or creature this turn.")
    assert out["targets"][0]["filter"] == {"any_of": [{"subtypes": ["aura"]},
                                                      {"types": ["creature"]}]}
