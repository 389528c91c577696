"""Area `attached` (src/rulings/oracle/areas/attached.lark): what is attached to a permanent,
counted or compared in a static ability (CR 301.5, 303.4, 613.4c), each shape with a near
miss that stays unparsed; and the card reader keeping `attached_to` where the layer system
reads it."""

from __future__ import annotations

from rulings.facts.cards import read_card
from rulings.oracle import compile_card

CREATURE = "Creature — Kor"
AURA = "Enchantment — Aura"
EQUIPMENT = "Artifact — Equipment"


def card(text: str, type_line: str = CREATURE, name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def static(text: str, type_line: str = CREATURE) -> dict:
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][-1]["static"]


def unparsed(text: str, type_line: str = CREATURE) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


AURAS_ON_THIS = {"subtypes": ["aura"], "attached_to": "this"}


def test_a_bonus_for_each_aura_attached_to_it():
    s = static("Test Card gets +1/+1 for each Aura attached to it.")
    assert s == {"affects": "this", "modify": {"power": {"count": AURAS_ON_THIS},
                                               "toughness": {"count": AURAS_ON_THIS}}}
    s = static("Test Card gets +2/+0 for each Aura attached to it.")
    assert s["modify"] == {"power": {"count": AURAS_ON_THIS, "times": 2}, "toughness": 0}
    # "~" names the host as well as "it"
    s = static("Other Kor creatures you control get +2/+2 for each Equipment attached to "
               "Test Card.")
    assert s["modify"]["power"] == {"count": {"subtypes": ["equipment"], "attached_to": "this"},
                                    "times": 2}


def test_both_kinds_and_the_enchanted_or_equipped_host():
    s = static("Test Card gets +2/+2 for each Aura and Equipment attached to it.")
    assert s["modify"]["power"]["count"] == {"subtypes": ["aura", "equipment"],
                                             "attached_to": "this"}
    s = static("Enchant creature\nEnchanted creature gets +2/+2 for each Aura attached to it "
               "and has vigilance.", AURA)
    assert s["affects"] == "enchanted" and s["add_keywords"] == ["vigilance"]
    assert s["modify"]["power"]["count"]["attached_to"] == "enchanted"
    s = static("Equipped creature gets +1/+0 for each Equipment attached to it.\nEquip {2}",
               EQUIPMENT)
    assert s["modify"]["power"] == {"count": {"subtypes": ["equipment"],
                                              "attached_to": "equipped"}}


def test_near_misses_stay_unparsed():
    # "it" after a group names no one host
    assert unparsed("Other Kor creatures you control get +1/+1 for each Aura attached to it.")
    # only Auras and Equipment are attached to permanents here, and no change below +0
    assert unparsed("Test Card gets +1/+1 for each creature attached to it.")
    assert unparsed("Test Card gets -1/-1 for each Aura attached to it.")
    # a one-shot instruction never takes the key (only the layer system reads it)
    assert unparsed("Destroy all Auras attached to target creature.", "Instant")


def test_a_condition_on_what_is_attached():
    s = static("Test Card has double strike as long as two or more Equipment are attached to "
               "it.")
    assert s["while"] == {"permanents_count": {
        "what": {"subtypes": ["equipment"], "attached_to": "this"}, "ge": 2}}
    s = static("Enchant creature\nAs long as another Aura is attached to enchanted creature, "
               "it has first strike.", AURA)
    assert s["affects"] == "enchanted"
    assert s["while"] == {"permanents_count": {
        "what": {"other": True, "subtypes": ["aura"], "attached_to": "enchanted"}, "ge": 1}}


def _read(ability: dict) -> list:
    problems: list = []
    read_card({"name": "Homemade", "types": ["creature"], "power": 1, "toughness": 1,
               "abilities": [ability]}, "s.yaml", problems)
    return problems


def test_the_card_reader_keeps_it_in_static_abilities():
    count = {"count": {"subtypes": ["aura"], "attached_to": "this"}, "times": 2}
    assert not _read({"static": {"affects": "this",
                                 "modify": {"power": count, "toughness": count}}})
    assert not _read({"static": {"affects": "this", "add_keywords": ["flying"],
                                 "while": {"permanents_count": {
                                     "what": {"subtypes": ["aura"], "attached_to": "this"},
                                     "ge": 1}}}})
    problems = _read({"spell": {"do": [{"destroy": {"what": {
        "subtypes": ["aura"], "attached_to": "this"}}}]}})
    assert problems and "attached_to" in str(problems[0])


PAIR = {"any_of": ["this", "paired"]}


def test_soulbond_both_creatures():
    s = static("Soulbond\nAs long as Test Card is paired with another creature, both creatures "
               "have hexproof.")
    assert s == {"affects": PAIR, "add_keywords": ["hexproof"], "while": {"paired": True}}
    s = static("Soulbond\nAs long as Test Card is paired with another creature, each of those "
               "creatures gets +2/+2.")
    assert s["affects"] == PAIR and s["modify"] == {"power": 2, "toughness": 2}
    s = static("Soulbond\nAs long as Test Card is paired with another creature, each of those "
               "creatures has \"{T}: Draw a card.\"")
    assert s["affects"] == PAIR and s["while"] == {"paired": True}
    assert list(s["add_abilities"][0]) == ["activated"]
    # the condition is no general one: an activation condition or an "unless" stays unread
    assert unparsed("Soulbond\nTest Card can't attack or block unless it's paired with a "
                    "creature with soulbond.")
    assert unparsed("Soulbond\n{T}: Draw a card. Activate only if Test Card is paired with "
                    "another creature.")


def test_a_target_aura_attached_to_something():
    compiled = card("{T}: Destroy target Aura attached to a creature you control.")
    assert compiled.fully
    slot = compiled.card["abilities"][0]["activated"]["targets"][0]
    assert slot["filter"] == {"subtypes": ["aura"], "attached_to": {
        "types": ["creature"], "controller": "you"}}
    # only an Aura, attached to a permanent of a card type
    assert unparsed("{T}: Destroy target Equipment attached to a creature.")
    assert unparsed("{T}: Destroy target Aura attached to a creature with flying.")
    # the card reader takes it in a target filter too
    assert not _read({"activated": {"cost": ["tap"], "targets": [{"id": "t1", "filter": {
        "subtypes": ["aura"], "attached_to": {"types": ["land"]}}}],
        "do": [{"destroy": {"what": "t1"}}]}})


def test_the_count_condition_stays_in_static_abilities():
    # an activation condition is decided by other rules, which don't read the count
    assert "static ability" in unparsed("{T}: Draw a card. Activate only if an Aura is "
                                        "attached to Test Card.")
    # a restriction lifted while it holds is a static ability: read by the layer system
    s = static("Test Card can't block unless an Aura is attached to it.")
    assert s["while"] == {"not": {"permanents_count": {"what": AURAS_ON_THIS, "ge": 1}}}
