"""Instants' and sorceries' sentences (area `spells`, issue 25): a second amount of damage,
an exact mana value, "each of two targets", and modal spells choosing several modes."""

from __future__ import annotations

from rulings.facts.effects import chosen_slots
from rulings.oracle import compile_card


def card(text: str, type_line: str = "Instant", name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def spell(text: str, type_line: str = "Instant"):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability["spell"]


def gap(text: str, type_line: str = "Instant") -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return compiled.unparsed[0].gap


# -- a second amount of damage from the same source (CR 120.3) ------------------------------

def test_damage_to_a_target_and_to_you():
    out = spell("Test Card deals 4 damage to any target and 2 damage to you.")
    assert out["targets"] == [{"id": "t1", "filter": "any_target"}]
    assert out["do"] == [{"deal_damage": {"amount": 4, "to": "t1"}},
                         {"deal_damage": {"amount": 2, "to": "you"}}]


def test_damage_to_two_targets():
    out = spell("Test Card deals 2 damage to target creature and 2 damage to target player "
                "or planeswalker.")
    assert [t["id"] for t in out["targets"]] == ["t1", "t2"]
    assert out["targets"][1]["filter"] == {"any_of": ["player", {"types": ["planeswalker"]}]}
    assert out["do"] == [{"deal_damage": {"amount": 2, "to": "t1"}},
                         {"deal_damage": {"amount": 2, "to": "t2"}}]


def test_damage_to_that_creatures_controller():
    out = spell("Test Card deals 4 damage to target creature and 2 damage to that "
                "creature's controller.")
    assert out["do"][1] == {"deal_damage": {"amount": 2, "to": {"controller_of": "t1"}}}


def test_another_source_keeps_its_own():
    # the second amount is dealt by the instruction's own source, not by the card
    out = spell("Target creature you control deals 2 damage to any target and 1 damage "
                "to you.")
    assert out["do"] == [{"deal_damage": {"source": "t1", "amount": 2, "to": "t2"}},
                         {"deal_damage": {"source": "t1", "amount": 1, "to": "you"}}]


def test_near_miss_and_then_another_verb():
    # "and you gain 2 life" is an instruction of its own, as before
    out = spell("Test Card deals 2 damage to any target and you gain 2 life.")
    assert out["do"] == [{"deal_damage": {"amount": 2, "to": "t1"}},
                         {"gain_life": {"amount": 2}}]


def test_that_creatures_controller_after_enchanted_creature():
    # "that creature" is the object named before it, here the enchanted creature (the
    # auras area's "that NOUN's controller")
    compiled = card("{T}: Test Card deals 3 damage to enchanted creature and 1 damage to that "
                    "creature's controller.", "Enchantment — Aura")
    assert compiled.fully
    (ability,) = compiled.card["abilities"]
    assert ability["activated"]["do"][1] == {
        "deal_damage": {"amount": 1, "to": {"controller_of": "enchanted"}}}


def test_near_miss_that_creatures_controller_with_nothing_named_before():
    assert "no object named before it" in gap(
        "Test Card deals 1 damage to that creature's controller.")


# -- an exact mana value (CR 202.3) -----------------------------------------------------------

def test_counter_target_spell_with_mana_value():
    out = spell("Counter target spell with mana value 1.")
    assert out["targets"] == [{"id": "t1", "filter": {"types": ["spell"],
                                                      "mana_value": {"eq": 1}}}]


def test_near_miss_mana_value_x():
    assert "after 'with mana value x'" in gap("Counter target spell with mana value X.")


def test_near_miss_or_less_is_still_a_bound():
    out = spell("Destroy target creature with mana value 3 or less.")
    assert out["targets"][0]["filter"]["mana_value"] == {"le": 3}


# -- each of two targets (CR 115.1) -----------------------------------------------------------

def test_each_of_two_targets():
    out = spell("Test Card deals 2 damage to each of two targets.")
    assert out["targets"] == [{"id": "t1", "filter": "any_target", "count": 2}]
    assert out["do"] == [{"deal_damage": {"amount": 2, "to": "t1"}}]


def test_near_miss_each_of_up_to_two_target_creatures():
    out = spell("Test Card deals 1 damage to each of up to two target creatures.")
    assert out["targets"][0]["count"] == {"min": 0, "max": 2}


# -- modal spells choosing several modes (CR 700.2) ------------------------------------------

BOTH = ("Choose one or both —\n• Destroy target artifact.\n• Destroy target land.")


def test_choose_one_or_both():
    out = spell(BOTH, "Sorcery")
    assert out["mode_count"] == {"min": 1, "max": 2}
    # each mode's target has an id of its own: both modes may be chosen together
    assert [m["targets"][0]["id"] for m in out["modes"]] == ["t1", "t2"]
    assert out["modes"][1]["do"] == [{"destroy": {"what": "t2"}}]


def test_choose_two():
    out = spell("Choose two —\n• Counter target spell.\n• Return target permanent to its "
                "owner's hand.\n• Draw a card.")
    assert out["mode_count"] == {"min": 2, "max": 2}
    assert [m.get("targets", [{}])[0].get("id") for m in out["modes"]] == ["t1", "t2", None]


def test_choose_one_or_more():
    out = spell("Choose one or more —\n• Destroy target artifact.\n• Destroy target "
                "enchantment.\n• Destroy target land.", "Sorcery")
    assert out["mode_count"] == {"min": 1, "max": 3}
    assert [m["targets"][0]["id"] for m in out["modes"]] == ["t1", "t2", "t3"]


def test_near_miss_choose_one_has_no_count():
    out = spell("Choose one —\n• Destroy target artifact.\n• Destroy target land.")
    assert "mode_count" not in out
    assert [m["targets"][0]["id"] for m in out["modes"]] == ["t1", "t1"]


def test_modes_in_a_trigger():  # modes (issue 25): a trigger's whole effect
    compiled = card("When Test Card enters the battlefield, choose one or both —\n• Draw a "
                    "card.\n• You gain 2 life.", "Creature — Elf")
    assert compiled.fully
    (ability,) = compiled.card["abilities"]
    assert ability["triggered"]["mode_count"] == {"min": 1, "max": 2}


def test_chosen_slots_only_of_chosen_modes():
    slots = [{"slot": "t1", "mode": 1, "index": 1}, {"slot": "t1", "mode": 2, "index": 1},
             {"slot": "t2", "mode": 0, "index": 1}]
    assert [(s["slot"], s["mode"]) for s in chosen_slots(slots, ["2"])] == [
        ("t2", 0), ("t1", 2)]
    # no mode listed: every slot, the spell's own first
    assert [s["mode"] for s in chosen_slots(slots, [])] == [0, 1, 2]


# -- not untapping during the next untap step (CR 502.3) ------------------------------------

def test_it_doesnt_untap_during_its_controllers_next_untap_step():
    out = spell("Tap target creature. It doesn't untap during its controller's next untap "
                "step.")
    assert out["do"] == [{"tap": {"what": "t1"}},
                         {"modify": {"what": "t1", "prohibit": "untap",
                                     "duration": "next_untap_step"}}]


def test_those_creatures_dont_untap():
    out = spell("Tap up to two target creatures. Those creatures don't untap during their "
                "controller's next untap step.")
    assert out["targets"][0]["count"] == {"min": 0, "max": 2}
    assert out["do"][1] == {"modify": {"what": "t1", "prohibit": "untap",
                                       "duration": "next_untap_step"}}


def test_near_miss_a_kind_of_object_doesnt_untap():
    # a rule for every such creature binds later ones too (611.2c): not read
    assert "a kind of object" in gap("Creatures your opponents control don't untap during "
                                     "their controllers' next untap steps.")


def test_near_miss_your_next_untap_step():
    # "your" is the spell's controller, not the creature's: not read
    assert not card("Tap target creature. It doesn't untap during your next untap "
                    "step.").fully


def test_near_miss_after_an_optional_step():
    compiled = card("Whenever Test Card attacks, you may pay {8}. If you do, tap up to eight "
                    "target permanents. Those permanents don't untap during their "
                    "controllers' next untap steps.", "Creature — Octopus")
    assert "after an optional step" in compiled.unparsed[0].gap


# -- kicker's "instead" (CR 702.33d, 608.2c) --------------------------------------------------

KICKED = {"if": {"was_kicked": True}}
NOT_KICKED = {"if": {"not": {"was_kicked": True}}}


def test_kicked_draw_instead():
    out = spell("Kicker {4}\nDraw two cards. If this spell was kicked, draw three cards "
                "instead.")
    assert out["do"] == [{"draw": {"amount": 2, **NOT_KICKED}},
                         {"draw": {"amount": 3, **KICKED}}]


def test_near_miss_kicked_it_deals_damage_instead():
    # "it" after "if this spell was kicked" is the spell, but the grammar reads the target
    assert "another source" in gap("Kicker {4}\nTest Card deals 2 damage to target creature. "
                                   "If this spell was kicked, it deals 4 damage to that "
                                   "creature instead.")


def test_kicked_instead_of_the_same_verb():
    out = spell("Kicker {1}{G}\nTarget creature gets +2/+2 until end of turn. If this spell "
                "was kicked, that creature gets +5/+5 until end of turn instead.")
    assert out["do"][0]["modify"]["if"] == NOT_KICKED["if"]
    assert out["do"][1] == {"modify": {"what": "t1", "power": 5, "toughness": 5,
                                       "duration": "until_end_of_turn", **KICKED}}


def test_near_miss_kicked_instead_of_another_verb():
    assert "of another instruction" in gap("Kicker {1}\nDraw two cards. If this spell was "
                                           "kicked, you gain 3 life instead.")


def test_near_miss_kicked_that_player():
    # "that player" in a spell names the target player only in some templates: not read
    assert "'that player'" in gap("Kicker {1}\nTarget player discards a card. If this spell "
                                  "was kicked, that player discards three cards instead.")


def test_near_miss_kicked_without_instead_is_an_extra_step():
    out = spell("Kicker {1}\nDraw a card. If this spell was kicked, you gain 3 life.")
    assert out["do"] == [{"draw": {"amount": 1}}, {"gain_life": {"amount": 3, **KICKED}}]
