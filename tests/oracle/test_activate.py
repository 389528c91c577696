"""Restrictions on activating an ability (CR 602.5b) that the compiler cuts off the ability's
text: "activate no more than twice / three times each turn". Made-up texts compiled, and the
near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Creature — Imp", name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "power": "1", "toughness": "1"})


def only(text: str, type_line: str = "Creature — Imp"):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability


def test_no_more_than_twice_each_turn():
    ab = only("{B}: Test Card gets +1/+1 until end of turn. Activate no more than twice each "
              "turn.")["activated"]
    assert ab["limit"] == "twice_each_turn"
    assert ab["cost"] == [{"mana": "{B}"}]
    assert "timing" not in ab and len(ab["do"]) == 1


def test_no_more_than_three_times_each_turn():
    ab = only("{B}, Pay 1 life: Test Card gets +1/+1 until end of turn. Activate no more than "
              "three times each turn.")["activated"]
    assert ab["limit"] == "three_times_each_turn"


def test_other_numbers_of_times_stay_unparsed():
    # four times is no word the activation rules read
    compiled = card("{B}: Test Card gets +1/+1 until end of turn. Activate no more than four "
                    "times each turn.")
    assert not compiled.fully


def test_a_mana_ability_activated_up_to_three_times_stays_unparsed():
    # the cost check counts one activation of a mana source, so the limit would be ignored
    compiled = card("{1}: Add {R} or {G}. Activate no more than three times each turn.")
    assert not compiled.fully
    assert "up to a number of times" in compiled.notes[0].gap


def test_windows_of_one_step():
    for when, timing in (("during any upkeep step", "any_upkeep"),
                         ("during the declare blockers step", "declare_blockers_step"),
                         ("during the end of combat step", "end_of_combat_step")):
        ab = only(f"{{T}}: Test Card deals 1 damage to target attacking creature. Activate only "
                  f"{when}.")["activated"]
        assert ab["timing"] == timing and "limit" not in ab


def test_a_step_of_another_window_stays_unparsed():
    # the combat damage step is no window the timing rules read
    compiled = card("{T}: Test Card deals 1 damage to target attacking creature. Activate "
                    "only during the combat damage step.")
    assert not compiled.fully


def test_a_mana_ability_in_one_step_stays_unparsed():
    compiled = card("{T}: Add {G}. Activate only during any upkeep step.")
    assert not compiled.fully
    assert "in one step" in compiled.notes[0].gap


def test_during_your_upkeep_and_only_if():
    ab = only("Sacrifice two lands: Return Test Card from your graveyard to the battlefield. "
              "Activate only during your upkeep and only if you control three or more "
              "artifacts.")["activated"]
    assert ab["timing"] == "your_upkeep"
    assert ab["only_if"] == {"you_control_count": {"what": {"types": ["artifact"]}, "ge": 3}}


def test_during_combat_and_only_if_a_condition_not_read_stays_unparsed():
    compiled = card("{T}: Target creature gains vigilance until end of turn. Activate only "
                    "during combat and only if the moon is full.")
    assert not compiled.fully
    assert "a condition of activation" in compiled.notes[0].gap


def test_only_if_and_only_once_each_turn():
    ab = only("{1}{W}: Create a 1/1 white Soldier creature token. Activate only if you have "
              "no cards in hand and only once each turn.")["activated"]
    assert ab["limit"] == "once_each_turn" and "only_if" in ab


def test_only_if_and_only_twice_each_turn_stays_unparsed():
    compiled = card("{1}{W}: Create a 1/1 white Soldier creature token. Activate only if you "
                    "have no cards in hand and only twice each turn.")
    assert not compiled.fully


# --- the activate area (areas/activate.lark): who may activate it, and new windows ---------

def test_any_player_may_activate():
    ab = only("{1}, Sacrifice a land: Draw a card. Any player may activate this "
              "ability.", "Enchantment")["activated"]
    assert ab["activators"] == "any_player"
    assert "timing" not in ab and ab["do"] == [{"draw": {"amount": 1}}]


def test_any_player_but_only_as_a_sorcery():
    ab = only("{2}: Target player discards a card. Any player may activate this ability but "
              "only as a sorcery.")["activated"]
    assert (ab["activators"], ab["timing"]) == ("any_player", "sorcery")


def test_any_player_but_only_during_their_draw_step():
    ab = only("{2}: Draw a card. Any player may activate this ability but only during their "
              "draw step.", "Artifact")["activated"]
    assert (ab["activators"], ab["timing"]) == ("any_player", "your_draw")


def test_only_your_opponents_and_only_as_a_sorcery():
    ab = only("{3}: Destroy Test Card. Only your opponents may activate this ability and only "
              "as a sorcery.", "Enchantment")["activated"]
    assert (ab["activators"], ab["timing"]) == ("opponents", "sorcery")
    assert ab["do"] == [{"destroy": {"what": "this"}}]


def test_before_attackers_and_before_the_combat_damage_step():
    for when, timing in (("before attackers are declared", "before_attackers"),
                         ("before the combat damage step", "before_combat_damage_step")):
        ab = only(f"{{T}}: You gain 1 life. Activate only {when}.")["activated"]
        assert ab["timing"] == timing and "activators" not in ab


def test_who_may_activate_with_a_window_not_read_stays_unparsed():
    compiled = card("{2}: Draw a card. Any player may activate this ability but only during "
                    "their turn before the end step.", "Artifact")
    assert not compiled.fully
    assert "activation instructions" in compiled.notes[0].gap


def test_another_activator_of_a_mana_ability_stays_unparsed():
    # the cost check looks for mana among the paying player's own permanents
    compiled = card("{T}: Add {G}. Any player may activate this ability.", "Artifact")
    assert not compiled.fully
    assert "another player may activate" in compiled.notes[0].gap


def test_another_activator_with_a_condition_stays_unparsed():
    compiled = card("{2}: Draw a card. Any player may activate this ability but only if Test "
                    "Card is on the stack.", "Artifact")
    assert not compiled.fully


def test_other_players_named_otherwise_stay_unparsed():
    for who in ("Only Test Card's owner may activate this ability.",
                "Only you may activate this ability.",
                "Only the controller of the enchanted creature may activate this ability."):
        assert not card(f"{{2}}: Draw a card. {who}", "Artifact").fully


def test_losing_a_keyword_for_a_while():
    ab = only("Flying\n{2}: Test Card loses flying until end of turn. Any player may activate "
              "this ability.")
    assert ab["activated"]["do"] == [{"modify": {"what": "this", "remove_keywords": ["flying"],
                                                 "duration": "until_end_of_turn"}}]
    spell = card("Target creature loses flying until end of turn.", "Instant")
    assert spell.fully
    step = spell.card["abilities"][0]["spell"]["do"][0]["modify"]
    assert step == {"what": "t1", "remove_keywords": ["flying"], "duration": "until_end_of_turn"}


def test_losing_a_keyword_for_good_stays_unparsed():
    # with no duration a resolved step's effect would end with the turn: not what it says
    assert not card("Target creature loses flying.", "Instant").fully
    # a keyword with a parameter
    assert not card("Target creature loses protection from red until end of turn.",
                    "Instant").fully
