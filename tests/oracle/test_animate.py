"""The compiler on animation (area animate): "~ becomes a 2/1 blue Faerie creature with flying
until end of turn. It's still a land." (CR 205.1b, 613.1d-f, 613.4b); made-up texts, and the
near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Land", name: str = "Test Land"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def step(text: str, type_line: str = "Land", name: str = "Test Land"):
    compiled = card(text, type_line, name)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    (kind, body), = ability.items()
    (only,) = body["do"]
    return only


def gap(text: str, type_line: str = "Land", name: str = "Test Land") -> str:
    compiled = card(text, type_line, name)
    assert not compiled.fully
    return compiled.notes[0].gap


def test_a_manland_adds_creature_and_its_subtype_and_sets_pt_colors_keywords():
    assert step("{1}{U}: Test Land becomes a 2/1 blue Faerie creature with flying until end "
                "of turn. It's still a land.") == {"modify": {
                    "what": "this", "set_power": 2, "set_toughness": 1,
                    "add_keywords": ["flying"], "set_colors": ["blue"],
                    "add_types": ["creature"], "add_subtypes": ["faerie"],
                    "duration": "until_end_of_turn"}}


def test_until_end_of_turn_first_gives_the_duration():
    got = step("{3}{W}{U}: Until end of turn, Test Land becomes a 4/4 white and blue "
               "Elemental creature with flying and vigilance. It's still a land.")
    assert got["modify"]["duration"] == "until_end_of_turn"
    assert got["modify"]["set_colors"] == ["white", "blue"]
    assert got["modify"]["add_keywords"] == ["flying", "vigilance"]


def test_no_color_named_leaves_its_colors():
    got = step("{1}: Test Land becomes a 1/1 Blinkmoth artifact creature with flying until "
               "end of turn. It's still a land.")
    assert "set_colors" not in got["modify"]
    assert got["modify"]["add_types"] == ["artifact", "creature"]


def test_a_planeswalker_that_is_still_a_planeswalker():
    got = step("+1: Until end of turn, Test Walker becomes a 5/5 Human Soldier creature with "
               "indestructible that's still a planeswalker.",
               "Legendary Planeswalker — Testwalker", "Test Walker")
    assert got["modify"]["add_types"] == ["creature"]
    assert got["modify"]["add_subtypes"] == ["human", "soldier"]
    assert got["modify"]["duration"] == "until_end_of_turn"


def test_in_addition_to_its_other_types():
    got = step("Whenever you cast a creature spell, Test Glaze becomes a 4/4 Illusion creature "
               "with flying in addition to its other types until end of turn.",
               "Enchantment", "Test Glaze")
    assert got["modify"]["add_types"] == ["creature"]


def test_an_artifact_creature_keeps_its_types_without_still():
    got = step("{3}: Test Idol becomes a 4/4 artifact creature until end of turn.",
               "Artifact", "Test Idol")
    assert got["modify"]["add_types"] == ["artifact", "creature"]
    assert "add_subtypes" not in got["modify"]


def test_near_miss_without_still_the_types_would_be_replaced():
    assert "replaces" in gap("{2}: Test Idol becomes a 2/2 Golem artifact creature until end "
                             "of turn.", "Artifact", "Test Idol")
    assert "replaces" in gap("{2}: Test Land becomes a 3/3 creature until end of turn.")


def test_near_miss_no_duration_lasts_the_game():
    assert "rest of the game" in gap("{U}, {T}: Target land becomes a 2/2 blue Elemental "
                                     "creature with flying. It's still a land.",
                                     "Creature — Human Wizard", "Test Wizard")


def test_near_miss_an_x_size_stays_unparsed():
    assert "x/x" in gap("{X}: Test Land becomes an X/X Construct artifact creature until end "
                        "of turn. It's still a land.")
