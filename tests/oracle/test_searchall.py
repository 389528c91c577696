"""searchall: a search of the target's controller's graveyard, hand and library for the cards
with the target's name (areas/searchall.lark)."""

from __future__ import annotations

from rulings.oracle import compile_card

_TEXT = ("Exile target artifact. Search its controller's graveyard, hand, and library for "
         "{count} cards with the same name as that {noun} and exile them. Then that player "
         "shuffles.")


def _card(text: str):
    return compile_card({"name": "Test Card", "type_line": "Sorcery", "oracle_text": text})


def test_all_and_any_number_are_told_apart():
    for count, word in (("all", "all"), ("any number of", "any")):
        compiled = _card(_TEXT.format(count=count, noun="artifact"))
        assert compiled.fully, [n.gap for n in compiled.notes]
        search = compiled.card["abilities"][0]["spell"]["do"][1]["search"]
        assert search == {"zone": ["graveyard", "hand", "library"],
                          "of": {"controller_of": "t1"}, "for": {"same_name_as": "t1"},
                          "count": word, "id": "found"}


def test_a_name_not_taken_from_the_target_stays_unparsed():
    # near misses: a spell's name (the target is on the stack, whose controller the
    # resolution doesn't read here) and another player's zones
    assert _card(_TEXT.format(count="all", noun="spell").replace(
        "Exile target artifact", "Counter target spell")).unparsed
    assert _card("Exile target artifact. Search target player's graveyard, hand, and library "
                 "for all cards with the same name as that artifact and exile them. Then that "
                 "player shuffles.").unparsed


def test_a_sentence_that_only_chooses_the_target():
    compiled = _card("Choose target creature. Mill three cards, then put a +1/+1 counter on "
                     "that creature for each creature card in your graveyard.")
    assert compiled.fully, [n.gap for n in compiled.notes]
    spell = compiled.card["abilities"][0]["spell"]
    assert spell["targets"] == [{"id": "t1", "filter": {"types": ["creature"]}}]
    assert spell["do"][1]["put_counters"]["what"] == "t1"
    # near miss: "choose a creature" picks no target and is not this sentence
    assert _card("Choose a creature. Mill three cards.").unparsed


def test_that_creature_after_a_revealed_card_is_the_target():
    # the revealed card is in a library: "that creature" is the one creature target
    compiled = _card("Choose target attacking creature. Reveal the top card of your library. "
                     "Test Card deals damage equal to that card's mana value to that creature.")
    assert compiled.fully, [n.gap for n in compiled.notes]
    damage = compiled.card["abilities"][0]["spell"]["do"][-1]["deal_damage"]
    assert damage == {"amount": {"mana_value_of": "s1"}, "to": "t1"}
    # near miss: with no creature target, "that creature" names nothing
    assert _card("Reveal the top card of your library. Test Card deals damage equal to that "
                 "card's mana value to that creature.").unparsed
