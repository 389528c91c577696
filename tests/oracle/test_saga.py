"""The saga area: a Saga's chapter lines (CR 714.2) and a Class's level bars (CR 716.2),
grouped by the area's line pass; made-up texts, and the near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import areas, compile_card


def saga(text: str, name: str = "Test Chronicle"):
    return compile_card({"name": name, "type_line": "Enchantment — Saga", "oracle_text": text})


def klass(text: str, name: str = "Test Class"):
    return compile_card({"name": name, "type_line": "Enchantment — Class",
                         "oracle_text": text})


def test_the_line_passes_are_found_by_name():
    found = [name for name, _ in areas.line_passes()]
    assert "saga" in found and "transform" in found
    assert found == sorted(found)


def test_chapter_lines_become_chapter_abilities():
    c = saga("(As this Saga enters and after your draw step, add a lore counter.)\n"
             "I, II — You gain 2 life.\nIII — Draw a card.")
    assert c.fully, [n.gap for n in c.notes]
    first, last = c.card["abilities"]
    assert first == {"triggered": {"when": {"chapter": {"numbers": [1, 2]}},
                                   "do": [{"gain_life": {"amount": 2}}]}}
    assert last["triggered"]["when"] == {"chapter": {"numbers": [3]}}
    assert [n.number for n in c.notes] == [1, 2]  # one ability per printed line


def test_a_chapter_with_a_target_and_this_saga():
    c = saga("I — Destroy target creature an opponent controls.\n"
             "II — Exile this Saga, then return it to the battlefield transformed under "
             "your control.")
    assert c.fully, [n.gap for n in c.notes]
    first, second = c.card["abilities"]
    assert first["triggered"]["targets"][0]["filter"] == {"types": ["creature"],
                                                          "controller": "opponent"}
    assert second["triggered"]["do"] == [
        {"exile": {"what": "this"}},
        {"return": {"what": "this", "to": "battlefield", "transformed": True, "under": "you"}}]


def test_a_chapter_the_effects_grammar_cant_read_stays_unparsed():
    """Near miss: a Saga compiles fully only when every chapter's effect does."""
    c = saga("I — You gain 2 life.\nII — Frobnicate a widget.")
    assert not c.fully
    assert c.notes[0].understood
    assert c.notes[1].gap.startswith("triggered: a chapter's effect:")


def test_returning_another_object_transformed_stays_unparsed():
    c = saga("I — Return target creature card from your graveyard to the battlefield "
             "transformed under your control.")
    assert not c.fully


def test_a_roman_numeral_ability_word_is_not_dropped_on_other_cards():
    """A chapter symbol is not an ability word (CR 207.2c): a Saga line is never read as a
    plain static or spell."""
    c = saga("II — Draw a card.")
    assert c.card["abilities"][0]["triggered"]["when"] == {"chapter": {"numbers": [2]}}


def test_class_level_bars():
    c = klass("(Gain the next level as a sorcery to add its ability.)\n"
              "Creatures you control have vigilance.\n{1}{G}: Level 2\nCreatures you control have haste.\n"
              "{3}{G}: Level 3\nCreatures you control get +1/+1.")
    bar2 = c.card["abilities"][1]
    assert bar2 == {"activated": {"cost": [{"mana": "{1}{G}"}],
                                  "do": [{"class_level": {"level": 2}}], "timing": "sorcery",
                                  "only_if": {"class_level": {"eq": 1}}}}
    assert c.card["abilities"][3]["activated"]["only_if"] == {"class_level": {"eq": 2}}
    # a level's own abilities exist only from that level on: not said, so unparsed
    assert [n.understood for n in c.notes] == [True, True, False, True, False]
    assert "Class level 2" in c.notes[2].gap and "Class level 3" in c.notes[4].gap
    assert not c.fully


def test_a_leveler_is_not_a_class():
    """Near miss: a leveler's LEVEL band (transform area) is not a level bar."""
    c = compile_card({"name": "Test Student", "type_line": "Creature — Human",
                      "oracle_text": "Level up {W}\nLEVEL 2-6\n3/3\nFirst strike",
                      "power": "1", "toughness": "1"})
    assert c.fully, [n.gap for n in c.notes]
    assert all("class_level" not in str(a) for a in c.card["abilities"])
