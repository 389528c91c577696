"""The compiler on a target and the objects related to it (area samename): "… and all other
<objects> with the same name as that <object>", "… and each other <object> that shares a
color with it"; made-up texts, and the near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card
from rulings.oracle.tokens import split


def card(text: str, type_line: str = "Instant"):
    return compile_card({"name": "Test Spell", "type_line": type_line, "oracle_text": text})


def only_step(text: str):
    compiled = card(text)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability["spell"]


def test_same_name_as_the_target():
    spell = only_step("Exile target artifact and all other artifacts with the same name as "
                      "that artifact.")
    assert spell["targets"] == [{"id": "t1", "filter": {"types": ["artifact"]}}]
    assert spell["do"] == [{"exile": {"what": {"any_of": [
        "t1", {"types": ["artifact"], "zone": "battlefield", "same_name_as": "t1"}]}}}]


def test_shares_a_color_with_the_target():
    spell = only_step("Target creature and each other creature that shares a color with it "
                      "gain flying until end of turn.")
    (step,) = spell["do"]
    assert step["modify"]["what"] == {"any_of": [
        "t1", {"types": ["creature"], "zone": "battlefield", "shares_color_with": "t1"}]}


def test_the_words_are_joined_only_after_a_target():
    assert "and-each-other" in split("destroy target land and all other lands with the same "
                                     "name as that land.")
    # no relation after it, no target before it: the words stay as printed
    assert "and-each-other" not in split("destroy target land and all other lands.")
    assert "and-each-other" not in split("~ and each other creature with the same name as "
                                         "it get +3/+3.")


def test_the_target_named_again_after_the_group_stays_unparsed():
    # "those creatures" would be read as the target alone, not the group
    compiled = card("Untap target creature and each other creature that shares a color with "
                    "it. Those creatures get +2/+0 until end of turn.")
    assert not compiled.fully
    assert "named again" in compiled.notes[0].gap


def test_a_group_of_cards_stays_unparsed():
    compiled = card("Return target creature card and all other cards with the same name as "
                    "that card from your graveyard to your hand.")
    assert not compiled.fully
