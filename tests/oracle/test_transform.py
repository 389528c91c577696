"""The transform area: "transform ~" (CR 701.27) and the werewolves' intervening "if" about
the spells cast during the previous turn (CR 603.4): made-up texts, and the near misses that
stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Creature — Human Werewolf", name: str = "Test Wolf"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2"})


def only(text: str, **kw):
    compiled = card(text, **kw)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability


def test_no_spells_last_turn_transform():
    ab = only("At the beginning of each upkeep, if no spells were cast last turn, transform "
              "Test Wolf.")
    assert ab == {"triggered": {"when": {"step": {"step": "upkeep", "whose": "each"}},
                                "intervening_if": {"spells_cast_last_turn": {"eq": 0}},
                                "do": [{"transform": {"what": "this"}}]}}


def test_a_player_cast_two_or_more_spells_last_turn():
    ab = only("At the beginning of each upkeep, if a player cast two or more spells last "
              "turn, transform Test Wolf.")
    assert ab["triggered"]["intervening_if"] == {"most_spells_cast_last_turn": {"ge": 2}}
    assert ab["triggered"]["do"] == [{"transform": {"what": "this"}}]


def test_activated_transform_self():
    ab = only("{3}{G}{G}: Transform Test Wolf.")
    assert ab == {"activated": {"cost": [{"mana": "{3}{G}{G}"}],
                                "do": [{"transform": {"what": "this"}}]}}
    ab = only("{2}{B}, {T}: Transform this creature. Activate only as a sorcery.")
    assert ab["activated"]["do"] == [{"transform": {"what": "this"}}]
    assert ab["activated"]["timing"] == "sorcery"


def test_transform_another_permanent_stays_unparsed():
    """Near miss: only the card itself transforms; 'transform target creature' (the target
    may be no double-faced card) is not read."""
    compiled = card("{1}: Transform target creature.")
    assert not compiled.fully
    assert "transform" not in str(compiled.card["abilities"][0].get("activated", ""))


def test_other_spell_counts_last_turn_stay_unparsed():
    """Near misses: a spell count of this turn, or of one player's spells "you cast", is no
    condition the rules decide."""
    for text in ("At the beginning of each upkeep, if you cast two or more spells last turn, "
                 "transform Test Wolf.",
                 "At the beginning of each upkeep, if no spells were cast this turn, "
                 "transform Test Wolf.",
                 "At the beginning of each upkeep, if no creature spells were cast last turn, "
                 "transform Test Wolf."):
        assert not card(text).fully, text


LEVELER = ("Level up {1}{W} ({1}{W}: Put a level counter on this. Level up only as a sorcery.)"
           "\nLEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike, vigilance\n"
           "Other Soldier creatures you control get +1/+1.")


def test_leveler_bands():
    compiled = card(LEVELER, type_line="Creature — Human Soldier", name="Test Squire")
    assert compiled.fully, [n.gap for n in compiled.notes]
    assert compiled.card["keywords"] == [{"level_up": "{1}{W}"}]
    assert compiled.card["abilities"] == [
        {"static": {"while": {"level": {"at_least": 2, "at_most": 6}},
                    "set_pt": {"power": 3, "toughness": 3}, "add_keywords": ["first_strike"]}},
        {"static": {"while": {"level": {"at_least": 7}},
                    "set_pt": {"power": 4, "toughness": 4},
                    "add_keywords": ["double_strike", "vigilance"]}},
        {"static": {"while": {"level": {"at_least": 7}},
                    "affects": {"other": True, "subtypes": ["soldier"], "types": ["creature"],
                                "controller": "you"},
                    "modify": {"power": 1, "toughness": 1}}}]
    assert [n.kind for n in compiled.notes] == ["keyword", "static", "band", "band", "static",
                                                "band", "band", "static"]


def test_leveler_band_ability_not_static_stays_unparsed():
    """Near miss: an activated ability (or a restriction) of a band would need the band's
    condition, which the card language has only for statics the layer system reads."""
    compiled = card("Level up {2}\nLEVEL 1-3\n2/2\n{T}: Draw a card.\nLEVEL 4+\n3/3\n"
                    "Test Wolf can't be blocked.", name="Test Wolf")
    assert not compiled.fully
    gaps = [n.gap for n in compiled.notes if n.kind == "unparsed"]
    assert len(gaps) == 2 and gaps[0].startswith("activated: an ability of a level band")
    assert gaps[1].startswith("static: an ability of a level band")
    # the bands themselves still compile
    assert compiled.card["abilities"][0]["static"]["set_pt"] == {"power": 2, "toughness": 2}


def test_level_band_without_power_and_toughness_stays_unparsed():
    """Near miss: a LEVEL line not followed by power and toughness is no band we read."""
    compiled = card("Level up {2}\nLEVEL 1-3\nFlying", name="Test Wolf")
    assert not compiled.fully
    assert compiled.notes[1].kind == "unparsed"
    assert "without its power and toughness" in compiled.notes[1].gap


def test_a_class_level_line_is_no_band():
    """Near miss: a Class's "{1}{W}: Level 2" (CR 716) is not a leveler's band."""
    compiled = card("{1}{W}: Level 2", type_line="Enchantment — Class", name="Test Class")
    assert all(n.kind != "band" for n in compiled.notes)
    # it is the Class's level bar (CR 716.2a), a sorcery-speed activated ability
    (ability,) = compiled.card["abilities"]
    assert ability["activated"]["do"] == [{"class_level": {"level": 2}}]
    assert ability["activated"]["timing"] == "sorcery"


def test_opening_hand_ability_is_named_and_bears_on_no_answer():
    from rulings.api import ask

    ab = only("If Test Leyline is in your opening hand, you may begin the game with it on the "
              "battlefield.", type_line="Enchantment", name="Test Leyline")
    assert ab == {"static": {"zone": "hand", "begin_on_battlefield": True}}
    data = {"players": ["Alice", "Bob"],
            "turn": {"active": "Alice", "step": "precombat main"},
            "battlefield": [{"controller": "Bob", "id": "ley", "define": {
                "name": "Test Leyline", "types": ["enchantment"], "abilities": [ab]}},
                {"card": "Grizzly Bears", "controller": "Alice", "id": "bears"}],
            "event": {"characteristics": {"object": "bears"}}}
    answer = ask(data, sources=False)
    mine = [p for p in answer["not_modelled"] if p["object"] == "Test Leyline"]
    assert mine and mine[0]["word"] == "begin_on_battlefield" and mine[0]["bears"] is False
    assert answer["complete"] is True


def test_other_opening_hand_abilities_stay_unparsed():
    """Near miss: revealing from the opening hand, or beginning the game with something more,
    is not this ability."""
    for text in ("If Test Leyline is in your opening hand and you're not the starting player, "
                 "you may begin the game with Test Leyline on the battlefield with a luck "
                 "counter on it.",
                 "You may reveal this card from your opening hand. If you do, at the "
                 "beginning of the first upkeep, each opponent loses 3 life."):
        assert not card(text, type_line="Enchantment", name="Test Leyline").fully, text


def test_flip_card_ki_counters():
    ab = only("At the beginning of the end step, if there are two or more ki counters on Test "
              "Wolf, you may flip it.")
    assert ab == {"triggered": {"when": {"step": {"step": "end", "whose": "each"}},
                                "may": True,
                                "intervening_if": {"counters_on_this": {"counter": "ki",
                                                                        "ge": 2}},
                                "do": [{"flip": {"what": "this"}}]}}
    ab = only("{2}: Flip Test Wolf.")
    assert ab["activated"]["do"] == [{"flip": {"what": "this"}}]


def test_flip_anything_else_stays_unparsed():
    """Near misses: flipping a target, or a count of counters on another object. A coin flip
    is another verb (flip_coin, CR 705), never the flip of a flip card (CR 712)."""
    coin = card("{1}: Flip a coin. If you win the flip, draw a card.")
    assert "'flip'" not in str(coin.card["abilities"])
    assert "'flip_coin'" in str(coin.card["abilities"])
    for text in ("{2}: Flip target creature.",
                 "At the beginning of the end step, if there are two or more ki counters on "
                 "target creature, you may flip Test Wolf."):
        compiled = card(text)
        assert not compiled.fully, text
        assert "'flip'" not in str(compiled.card["abilities"]), text


def test_you_have_n_or_less_life():
    ab = only("At the beginning of your upkeep, if you have 5 or less life, you may transform "
              "Test Wolf.")
    assert ab["triggered"]["intervening_if"] == {"life": {"le": 5}}
    assert ab["triggered"]["may"] is True


def test_another_players_life_stays_unparsed():
    """Near miss: an opponent's life total is not the controller's."""
    assert not card("At the beginning of your upkeep, if an opponent has 5 or less life, "
                    "transform Test Wolf.").fully
