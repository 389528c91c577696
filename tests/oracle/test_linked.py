"""Area `linked` (src/rulings/oracle/areas/linked.lark): "return the exiled card …" of a
leaves-the-battlefield trigger (the referent `exiled_with_this`, CR 607.2a) and the state
trigger "when you control no …" (the event `controls_none`, CR 603.8), each shape with a near
miss that stays unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

CREATURE = "Creature — Human Cleric"


def card(text: str, type_line: str = CREATURE, name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2"})


def ability(text: str, n: int = 0, type_line: str = CREATURE):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][n]


def gap(text: str, type_line: str = CREATURE) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


TWO_TRIGGERS = ("When Test Card enters the battlefield, exile target creature an opponent "
                "controls.\nWhen Test Card leaves the battlefield, return the exiled card to the "
                "battlefield under its owner's control.")


def test_return_the_exiled_card_under_owner():
    first = ability(TWO_TRIGGERS, 0)
    assert first["triggered"]["do"] == [{"exile": {"what": "t1"}}]  # no duration (not 610.3)
    assert ability(TWO_TRIGGERS, 1) == {"triggered": {
        "when": {"leaves": {"what": "this"}},
        "do": [{"return": {"what": "exiled_with_this", "to": "battlefield",
                           "under": "owner"}}]}}


def test_return_the_exiled_cards_tapped_and_to_hand():
    ab = ability("When Test Card enters the battlefield, exile all lands.\nWhen Test Card "
                 "leaves the battlefield, return the exiled cards to the battlefield tapped "
                 "under their owners' control.", 1)
    assert ab["triggered"]["do"] == [{"return": {"what": "exiled_with_this",
                                                 "to": "battlefield", "under": "owner",
                                                 "tapped": True}}]
    ab = ability("When Test Card enters the battlefield, exile all cards from your hand.\n"
                 "When Test Card leaves the battlefield, return the exiled cards to their "
                 "owner's hand.", 1)
    assert ab["triggered"]["do"] == [{"return": {"what": "exiled_with_this", "to": "hand"}}]


def test_exiled_card_only_in_its_own_leaves_trigger():
    # a delayed return of a spell's own exile, and an enters trigger: not this area's word
    assert "outside the card's own leaves-the-battlefield trigger" in gap(
        "Exile target creature. Return the exiled card to the battlefield under its owner's "
        "control at the beginning of the next end step.", "Instant")
    assert "outside the card's own leaves-the-battlefield trigger" in gap(
        "When Test Card enters the battlefield, return the exiled card to the battlefield "
        "under its owner's control.")
    # another object leaving
    assert gap("Whenever another creature leaves the battlefield, return the exiled card to "
               "its owner's hand.")


def test_state_trigger_controls_none():
    assert ability("When you control no Islands, sacrifice Test Card.") == {"triggered": {
        "when": {"controls_none": {"what": {"subtypes": ["island"], "controller": "you"}}},
        "do": [{"sacrifice": {"what": "this"}}]}}
    ab = ability("When you control no other creatures, sacrifice Test Card.")
    assert ab["triggered"]["when"] == {"controls_none": {"what": {
        "other": True, "types": ["creature"], "controller": "you"}}}


def test_state_trigger_near_misses():
    # a chosen color, counters, two states at once: not a kind of permanent the selector says
    assert gap("When you control no permanents of the chosen color, sacrifice Test Card.")
    assert gap("When you control no permanents other than Test Card and have no cards in "
               "hand, you win the game.")
