"""The classes of wrongly compiled cards the precision audits found (docs/oracle-audit.md):
each test is the class in general, on made-up text; the real cards are in snapshots/audit.yaml."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Creature — Test", name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2"})


def steps(text: str) -> list:
    compiled = card(text)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability["triggered"]["do"]


def test_it_after_combat_damage_to_a_player_is_the_creature_not_the_player():
    # the card's own trigger: "it" is the card; "that player" stays the player dealt damage
    assert steps("Whenever Test Card deals combat damage to a player, put three +1/+1 "
                 "counters on it.") == [{"put_counters": {"counter": "+1/+1", "amount": 3,
                                                          "what": "this"}}]
    assert steps("Whenever Test Card deals combat damage to a player, you may sacrifice it. "
                 "If you do, that player discards a card.") == [
        {"sacrifice": {"what": "this", "may": True, "id": "s1"}},
        {"discard": {"amount": 1, "who": "event.player", "if": {"did": "s1"}}}]


def test_that_creature_after_another_creatures_combat_damage_is_that_creature():
    (step,) = steps("Whenever an Elf you control deals combat damage to a player, put three "
                    "+1/+1 counters on that creature.")
    assert step["put_counters"]["what"] == "event.card"
    (step,) = steps("Whenever a Sliver deals combat damage to a player, its controller may "
                    "draw a card.")
    assert step["draw"]["who"] == {"controller_of": "event.card"}


def test_defending_player_controls_is_not_an_opponent_controls():
    # with several opponents only the attacked one is the defending player (CR 508.5a): the
    # defending area reads it as its own referent, never as "an opponent controls"
    (got,) = steps("Whenever Test Card attacks, tap target creature defending player "
                   "controls.")[:1]
    assert got == {"tap": {"what": "t1"}}
    compiled = card("Whenever Test Card attacks, tap target creature defending player "
                    "controls.")
    (ability,) = compiled.card["abilities"]
    assert ability["triggered"]["targets"][0]["filter"] == {
        "types": ["creature"], "controller": "defending_player"}
    # "an opponent controls" is still read as an opponent
    assert card("Whenever Test Card attacks, tap target creature an opponent controls.").fully


def test_a_partners_name_is_kept_as_printed():
    compiled = card("Partner with Someone, the Other of Them\nFlying")
    assert compiled.card["keywords"] == [
        {"partner_with": "Someone, the Other of Them"}, "flying"]


def spell(text: str) -> list:
    compiled = compile_card({"name": "Test Card", "type_line": "Sorcery", "oracle_text": text})
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability["spell"]["do"]


def test_objects_chosen_without_targeting_are_a_choice_not_all_of_them():
    # a selector in a step is every object it matches: "a" / "two" / "up to three" objects
    # chosen (not targeted) become a `choose` step and the verb on its id (tests/oracle/
    # test_look.py has more), never the verb on every object the selector matches
    assert spell("Untap up to four lands.") == [
        {"choose": {"what": {"types": ["land"]}, "count": {"min": 0, "max": 4}, "id": "s1"}},
        {"untap": {"what": "s1"}}]
    assert spell("Exile a card from a graveyard.")[1] == {"exile": {"what": "s1"}}
    # "all" and targets are still read
    assert spell("Untap all lands you control.") == [
        {"untap": {"what": {"types": ["land"], "controller": "you"}}}]
    assert spell("Untap up to two target lands.")[0] == {"untap": {"what": "t1"}}


def test_sacrificing_a_number_says_the_number():
    # each player sacrifices that many of their own (701.21a)
    assert spell("Each player sacrifices three creatures.") == [
        {"sacrifice": {"what": {"types": ["creature"]}, "amount": 3, "who": "each_player"}}]
    assert spell("Each player sacrifices a land.") == [
        {"sacrifice": {"what": {"types": ["land"]}, "who": "each_player"}}]
    # a number known only on resolution is not said yet
    compiled = compile_card({"name": "Test Card", "type_line": "Sorcery",
                             "oracle_text": "Each player sacrifices X lands."})
    assert not compiled.fully and "chosen without targeting" in compiled.unparsed[0].gap


def test_it_after_creating_a_token_is_the_token():
    # "create … token. Exile it …": the created token (the create step's id), not the card
    steps = spell("Create a 2/2 red Goblin creature token. Put a +1/+1 counter on it.")
    assert steps[0]["create"]["id"] == "s1"
    assert steps[1] == {"put_counters": {"counter": "+1/+1", "amount": 1, "what": "s1"}}
    # the card's own name is still the card; "that Equipment" is still the target
    steps = spell("Gain control of target Equipment, then create a 1/1 white Soldier "
                  "creature token and attach that Equipment to it.")
    assert steps[-1] == {"attach": {"what": "t1", "to": "s1"}}
    steps = spell("Create a 1/1 white Soldier creature token. Exile Test Card.")
    assert "id" not in steps[0]["create"] and steps[1] == {"exile": {"what": "this"}}


def test_it_after_naming_the_enchanted_creature_is_that_creature():
    compiled = compile_card({"name": "Test Aura", "type_line": "Enchantment — Aura",
                             "oracle_text": "Enchant creature\nAt the beginning of your "
                                            "upkeep, tap enchanted creature. It deals 2 "
                                            "damage to its controller."})
    assert compiled.fully, [n.gap for n in compiled.notes]
    steps = compiled.card["abilities"][0]["triggered"]["do"]
    assert steps[1] == {"deal_damage": {"source": "enchanted", "amount": 2,
                                        "to": {"controller_of": "enchanted"}}}


def test_those_creatures_are_the_ones_named_before_never_the_card():
    # after "each …" / a bare selector: the same selector
    assert spell("Creatures you control get +1/+0 until end of turn. Untap those "
                 "creatures.")[1] == {"untap": {"what": {"types": ["creature"],
                                                          "controller": "you"}}}
    # with nothing named before ("sacrifice a creature"), no referent says which: unparsed
    compiled = compile_card({"name": "Test Card", "type_line": "Sorcery", "oracle_text":
                             "Sacrifice a creature. You gain life equal to that creature's "
                             "power."})
    assert not compiled.fully and "no object named before it" in compiled.unparsed[0].gap
    # later, in a delayed trigger, the selector would match other objects: unparsed
    compiled = compile_card({"name": "Test Card", "type_line": "Sorcery", "oracle_text":
                             "Creatures you control get +2/+0 until end of turn. Exile those "
                             "creatures at the beginning of the next end step."})
    assert not compiled.fully and "delayed" in compiled.unparsed[0].gap
    # "its power" with nothing named is still the card's own
    assert only_triggered("Whenever Test Card attacks, you gain life equal to its power.") \
        == [{"gain_life": {"amount": {"power_of": "this"}}}]


def only_triggered(text: str) -> list:
    return steps(text)


def test_an_amount_of_that_creature_is_never_the_token_being_created():
    # "create X tokens, where X is that creature's power": the target, not the new token
    assert spell("Destroy target creature. Create X 1/1 white Soldier creature tokens, "
                 "where X is that creature's power.")[1]["create"]["amount"] == {
        "power_of": "t1"}
    # after "target player sacrifices a creature" no referent names the creature
    compiled = compile_card({"name": "Test Card", "type_line": "Sorcery", "oracle_text":
                             "Target player sacrifices a creature. You draw cards equal to "
                             "that creature's toughness."})
    assert not compiled.fully and "player's target" in compiled.unparsed[0].gap


def test_that_player_after_a_look_at_a_target_players_library_is_the_target():
    # audit 3 (Natural Selection): "that player" names the target whose library was looked at,
    # not a trigger's player (a spell has no trigger)
    compiled = compile_card({"name": "Test Spell", "type_line": "Instant",
                             "oracle_text": "Look at the top two cards of target player's "
                                            "library, then put them back in any order. You may "
                                            "have that player shuffle."})
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    assert ability["spell"]["do"][-1] == {"shuffle": {"who": "t1", "may": True, "id": "s2"}}


def test_two_subtypes_at_once_stay_unparsed():
    # audit 10 (Drowner of Hope): "an Eldrazi Scion" is one object with both subtypes, and a
    # selector's subtypes are any of them, so it would pick any Eldrazi
    compiled = card("Sacrifice an Eldrazi Scion: Tap target creature.")
    assert "two subtypes at once" in compiled.unparsed[0].gap
    assert card("Destroy target Elf Warrior creature.", "Sorcery").unparsed
    # near miss: "a Goblin or Elf" is either, which the selector says
    compiled = card("Destroy target Goblin or Elf.", "Sorcery")
    assert compiled.fully
    assert compiled.card["abilities"][0]["spell"]["targets"][0]["filter"] == {
        "subtypes": ["goblin", "elf"]}


def test_you_may_x_then_y_makes_y_wait_on_x():
    # the "may" governs the whole sentence: nothing is returned that was not exiled
    assert steps("When Test Card enters, you may exile another target creature you control, "
                 "then return that card to the battlefield under its owner's control.") == [
        {"exile": {"what": "t1", "may": True, "id": "s1"}},
        {"return": {"what": "t1", "to": "battlefield", "under": "owner", "if": {"did": "s1"}}}]
    # near misses: a new sentence is not governed by the "may", nor is "you may search …,
    # then shuffle" (the searching rules say what a search not done leaves out)
    (_, ret) = steps("When Test Card enters, you may exile another target creature you "
                     "control. Return that card to the battlefield under its owner's control.")
    assert "if" not in ret["return"]
    shuffle = steps("When Test Card enters, you may search your library for a basic land "
                    "card, reveal it, put it into your hand, then shuffle.")[-1]
    assert shuffle == {"shuffle": {}}
