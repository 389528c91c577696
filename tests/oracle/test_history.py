"""The history area: raid's intervening "if you attacked this turn" (CR 508.1, 603.4), made-up
texts, and the near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, name: str = "Test Raider"):
    return compile_card({"name": name, "type_line": "Creature — Human Warrior",
                         "oracle_text": text, "power": "2", "toughness": "2"})


def only(text: str):
    compiled = card(text)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability


def test_raid_enters_trigger():
    ab = only("Raid — When Test Raider enters, if you attacked this turn, Test Raider deals "
              "2 damage to any target.")
    trig = ab["triggered"]
    assert trig["when"] == {"enters": {"what": "this"}}
    assert trig["intervening_if"] == {"you_attacked_this_turn": True}
    assert trig["do"] == [{"deal_damage": {"amount": 2, "to": "t1"}}]


def test_raid_end_step_trigger():
    ab = only("At the beginning of your end step, if you attacked this turn, draw a card.")
    trig = ab["triggered"]
    assert trig["intervening_if"] == {"you_attacked_this_turn": True}
    assert trig["when"]["step"]["step"] == "end"


def test_near_miss_unless_you_attacked_stays_unparsed():
    # "unless": not an intervening "if" (the ability triggers either way)
    compiled = card("When Test Raider enters, you lose 4 life unless you attacked this turn.")
    assert not compiled.fully


def test_near_miss_another_player_attacked_stays_unparsed():
    # only "you": who else attacked is not what the condition reads
    compiled = card("When Test Raider enters, if an opponent attacked this turn, draw a card.")
    assert not compiled.fully


def test_near_miss_attacked_this_combat_stays_unparsed():
    compiled = card("Whenever Test Raider attacks, if you attacked with two or more creatures "
                    "this combat, draw a card.")
    assert not compiled.fully


def test_raid_activate_only_if():
    ab = only("Raid — {1}{B}: Return Test Raider from your graveyard to the battlefield. "
              "Activate only if you attacked this turn.")
    act = ab["activated"]
    assert act["only_if"] == {"you_attacked_this_turn": True}
    assert act["do"] == [{"return": {"what": "this", "to": "battlefield"}}]
    assert act["zone"] == "graveyard"


def test_near_miss_activate_only_if_attacked_with_stays_unparsed():
    compiled = card("{1}{B}: Draw a card. Activate only if you attacked with three or more "
                    "creatures this turn.")
    assert not compiled.fully


# -- morbid: "if a creature died this turn" (CR 700.4) --------------------------------------

def test_morbid_enters_trigger():
    ab = only("Morbid — When Test Raider enters, if a creature died this turn, you gain 5 life.")
    assert ab["triggered"]["intervening_if"] == {"creatures_died_this_turn": {"ge": 1}}


def test_morbid_counts_none_and_at_least():
    ab = only("At the beginning of each end step, if no creatures died this turn, draw a card.")
    assert ab["triggered"]["intervening_if"] == {"creatures_died_this_turn": {"le": 0}}
    ab = only("At the beginning of the end step, if three or more creatures died this turn, "
              "draw a card.")
    assert ab["triggered"]["intervening_if"] == {"creatures_died_this_turn": {"ge": 3}}


def test_morbid_activate_only_if():
    ab = only("{T}: You gain 1 life. Activate only if a creature died this turn.")
    assert ab["activated"]["only_if"] == {"creatures_died_this_turn": {"ge": 1}}


def test_near_miss_died_under_your_control_stays_unparsed():
    # whose creatures died is not read by the condition (all players' together)
    compiled = card("At the beginning of your end step, if a creature died under your control "
                    "this turn, draw a card.")
    assert not compiled.fully


def test_near_miss_another_creature_died_stays_unparsed():
    compiled = card("When Test Raider enters, if another creature died this turn, draw a card.")
    assert not compiled.fully


def test_near_miss_nontoken_creature_died_stays_unparsed():
    compiled = card("When Test Raider enters, if a nontoken creature died this turn, draw a "
                    "card.")
    assert not compiled.fully


# -- life gained or lost, revolt (CR 119.3) -------------------------------------------------

def test_gained_life_conditions():
    ab = only("At the beginning of your end step, if you gained life this turn, draw a card.")
    assert ab["triggered"]["intervening_if"] == {"life_gained_this_turn": {"ge": 1}}
    ab = only("At the beginning of each end step, if you gained 4 or more life this turn, "
              "draw a card.")
    assert ab["triggered"]["intervening_if"] == {"life_gained_this_turn": {"ge": 4}}


def test_opponent_lost_life_and_revolt():
    ab = only("When Test Raider enters, if an opponent lost life this turn, draw a card.")
    assert ab["triggered"]["intervening_if"] == {"opponent_lost_life_this_turn": True}
    ab = only("When Test Raider enters, if a permanent you controlled left the battlefield "
              "this turn, draw a card.")
    assert ab["triggered"]["intervening_if"] == {"permanent_left_this_turn": True}


def test_near_miss_opponent_gained_life_stays_unparsed():
    # only your own life gain is read ("if an opponent gained life" is another count)
    compiled = card("When Test Raider enters, if an opponent gained life this turn, draw a "
                    "card.")
    assert not compiled.fully


def test_near_miss_you_lost_life_stays_unparsed():
    compiled = card("When Test Raider enters, if you lost life this turn, draw a card.")
    assert not compiled.fully


def test_near_miss_creature_you_controlled_left_stays_unparsed():
    compiled = card("When Test Raider enters, if a creature you controlled left the "
                    "battlefield this turn, draw a card.")
    assert not compiled.fully


def test_enters_with_counters_if_a_creature_died():
    ab = only("Test Raider enters the battlefield with two +1/+1 counters on it if a creature "
              "died this turn.")
    modify = ab["replacement"]["modify"]
    assert modify == {"with_counters": {"counter": "+1/+1", "amount": 2},
                      "if": {"creatures_died_this_turn": {"ge": 1}}}


def test_near_miss_enters_with_counters_if_you_lost_life_stays_unparsed():
    compiled = card("Test Raider enters the battlefield with a +1/+1 counter on it if you lost "
                    "life this turn.")
    assert not compiled.fully
