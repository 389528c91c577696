"""Area `impulse` (src/rulings/oracle/areas/impulse.lark): "exile the top N cards of your
library" (`exile_top`) and a permission to play those cards for a while (`permit` with a
duration, CR 601.3, 611.2), each shape with a near miss that stays unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

SORCERY = "Sorcery"


def card(text: str, type_line: str = SORCERY, name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2"})


def first(text: str, type_line: str = SORCERY):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][0]


def gap(text: str, type_line: str = SORCERY) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


def test_exile_top_play_until_end_of_turn():
    ab = first("Exile the top card of your library. Until end of turn, you may play that "
               "card.")
    assert ab == {"spell": {"do": [
        {"exile_top": {"amount": 1, "id": "s1"}},
        {"permit": {"action": "play", "what": "s1", "duration": "until_end_of_turn"}}]}}


def test_exile_top_cards_play_this_turn_and_next_turn():
    ab = first("Exile the top two cards of your library. You may play those cards this turn.")
    assert ab["spell"]["do"][1] == {"permit": {"action": "play", "what": "s1",
                                               "duration": "this_turn"}}
    ab = first("Exile the top three cards of your library. Until the end of your next turn, "
               "you may play those cards.")
    assert ab["spell"]["do"][1]["permit"]["duration"] == "until_end_of_your_next_turn"
    ab = first("Exile the top three cards of your library. Until end of turn, you may play "
               "cards exiled this way.")
    assert ab["spell"]["do"][1]["permit"]["what"] == "s1"


def test_if_you_do_carries_to_the_permission():
    ab = first("When Test Card enters the battlefield, you may pay {2}. If you do, exile the "
               "top two cards of your library. You may play those cards this turn.",
               "Creature — Human")
    do = ab["triggered"]["do"]
    assert do[1]["exile_top"]["if"] == {"did": "s1"}
    assert do[2]["permit"]["if"] == {"did": "s1"}


def test_near_miss_no_duration():
    # "you may play that card" with no duration: a play while it resolves, not read here
    assert "without a duration" in gap("Exile the top card of your library. You may play "
                                       "that card.")


def test_near_miss_count_mismatch():
    assert "how many" in gap("Exile the top two cards of your library. You may play that "
                             "card this turn.")
    assert "how many" in gap("Exile the top card of your library. You may play those cards "
                             "this turn.")


def test_near_miss_no_exile_before():
    assert gap("Look at the top card of your library. You may play that card this turn.")


def test_near_miss_other_duration_on_other_verb():
    # "until the end of your next turn" is only a permission's duration here
    assert gap("Until the end of your next turn, target creature gets +2/+2.")


def test_near_miss_other_library():
    assert gap("Exile the top card of target player's library. Until end of turn, you may "
               "play that card.")


ENCHANTMENT = "Enchantment"


def test_static_play_from_top():
    ab = first("You may play lands from the top of your library.", ENCHANTMENT)
    assert ab == {"static": {"affects": "you", "permit": {
        "who": "you", "action": "play", "zone": "library", "top": True,
        "what": {"types": ["land"]}}}}
    ab = first("You may play lands and cast spells from the top of your library.", ENCHANTMENT)
    assert "what" not in ab["static"]["permit"]
    ab = first("You may cast creature spells from the top of your library.", ENCHANTMENT)
    assert ab["static"]["permit"]["action"] == "cast"


def test_static_look_and_revealed():
    assert first("You may look at the top card of your library any time.", ENCHANTMENT) == {
        "static": {"affects": "you", "may_look_at_top": True}}
    assert first("Players play with the top card of their libraries revealed.",
                 ENCHANTMENT)["static"]["top_revealed"] == "each_player"


def test_near_miss_static_other_kinds():
    # another kind of spell, or a cost of its own: not read
    assert gap("You may cast noncreature spells from the top of your library.", ENCHANTMENT)
    assert gap("You may play lands and cast spells from the top of your library. If you "
               "cast a spell this way, pay life equal to its mana value rather than pay its "
               "mana cost.", ENCHANTMENT)


def test_static_play_lands_from_graveyard():
    ab = first("You may play lands from your graveyard.", ENCHANTMENT)
    assert ab["static"]["permit"] == {"who": "you", "action": "play", "zone": "graveyard",
                                      "what": {"types": ["land"]}}
    # near miss: casting spells from a graveyard is not read here
    assert "cast spells from a graveyard" in gap(
        "You may play lands and cast spells from your graveyard.", ENCHANTMENT)
