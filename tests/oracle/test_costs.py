"""The costs area: splice onto a quality (CR 702.47), totem armor read as umbra armor
(702.89b), and the additional cost "reveal a TYPE card from your hand or pay {M}" (118.8,
601.2b); made-up texts, and the near misses that stay unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Instant — Arcane", name: str = "Test Spell", **more):
    return compile_card({"name": name, "type_line": type_line, "mana_cost": "{1}{U}",
                         "oracle_text": text, **more})


def test_splice_onto_arcane():
    compiled = card("Draw a card.\nSplice onto Arcane {1}{U}")
    assert compiled.fully, [n.gap for n in compiled.notes]
    assert compiled.card["keywords"] == [
        {"splice": {"onto": {"subtypes": ["arcane"]}, "cost": "{1}{U}"}}]


def test_splice_onto_instant_or_sorcery():
    compiled = card("Draw a card.\nSplice onto instant or sorcery {2}{U}", "Instant")
    assert compiled.fully, [n.gap for n in compiled.notes]
    assert compiled.card["keywords"] == [
        {"splice": {"onto": {"types": ["instant", "sorcery"]}, "cost": "{2}{U}"}}]


def test_near_miss_splice_without_a_mana_cost_stays_unparsed():
    # a splice cost other than mana: the cost rules would read its words as mana
    compiled = card("Draw a card.\nSplice onto Arcane—Return two Spirits you control to their "
                    "owner's hand.")
    assert not compiled.fully


def test_near_miss_splice_without_onto_stays_unparsed():
    compiled = card("Draw a card.\nSplice Arcane {1}{U}")
    assert not compiled.fully


def test_totem_armor_is_umbra_armor():
    for word in ("Totem armor", "Umbra armor"):
        compiled = card(f"Enchant creature\nEnchanted creature gets +1/+1.\n{word}",
                        "Enchantment — Aura")
        assert compiled.fully, [n.gap for n in compiled.notes]
        assert "umbra_armor" in compiled.card["keywords"]


def test_reveal_or_pay():
    compiled = card("As an additional cost to cast this spell, reveal a Merfolk card from "
                    "your hand or pay {3}.", "Creature — Merfolk Wizard", power="2",
                    toughness="1")
    assert compiled.fully, [n.gap for n in compiled.notes]
    assert compiled.card["additional_costs"] == [{"reveal_or_pay": {
        "what": {"subtypes": ["merfolk"], "zone": "hand", "owner": "you"}, "mana": "{3}"}}]


def test_near_miss_reveal_two_cards_or_pay_stays_unparsed():
    compiled = card("As an additional cost to cast this spell, reveal two Merfolk cards from "
                    "your hand or pay {3}.", "Creature — Merfolk Wizard", power="2",
                    toughness="1")
    assert not compiled.fully


def test_near_miss_reveal_or_sacrifice_stays_unparsed():
    compiled = card("As an additional cost to cast this spell, reveal a Merfolk card from "
                    "your hand or sacrifice a creature.", "Creature — Merfolk Wizard",
                    power="2", toughness="1")
    assert not compiled.fully


def test_strive_stays_unparsed():
    # strive's increase counts the targets chosen; "any number of target …" isn't read yet
    compiled = card("Strive — This spell costs {1}{U} more to cast for each target beyond "
                    "the first.\nAny number of target creatures each get +1/+1 until end of "
                    "turn.", "Instant")
    assert not compiled.fully


def test_two_kickers_stay_unparsed():
    # "kicked with its {A} kicker" (CR 702.33f) is not a condition the card language has
    compiled = card("Kicker {1}{U} and/or {B}\nDraw a card.", "Instant")
    assert not compiled.fully
