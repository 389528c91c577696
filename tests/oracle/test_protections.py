"""'Protection from A and from B' is two protection abilities (CR 702.16g)."""

from __future__ import annotations

from rulings.oracle import compile_card


def keywords(text: str) -> list:
    compiled = compile_card({"name": "Test Knight", "type_line": "Creature — Knight",
                             "oracle_text": text, "power": "2", "toughness": "2"})
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["keywords"]


def pro(**sel):
    return {"protection": {"from": sel}}


def test_and_from_is_two_protections():
    assert keywords("First strike, protection from black and from red") == [
        "first_strike", pro(colors=["black"]), pro(colors=["red"])]


def test_a_list_of_froms_is_one_protection_each():
    assert keywords("Protection from blue, from black, and from red") == [
        pro(colors=["blue"]), pro(colors=["black"]), pro(colors=["red"])]
    assert keywords("Protection from Vampires, from Werewolves, and from Zombies") == [
        pro(subtypes=["vampire"]), pro(subtypes=["werewolf"]), pro(subtypes=["zombie"])]


def test_one_protection_stays_one():
    assert keywords("Protection from red") == [pro(colors=["red"])]


def test_a_from_after_another_keyword_is_not_a_keyword_line():
    compiled = compile_card({"name": "Test Knight", "type_line": "Creature — Knight",
                             "oracle_text": "Flying, from red", "power": "2",
                             "toughness": "2"})
    assert not compiled.fully
