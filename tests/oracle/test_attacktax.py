"""The attacktax area (src/rulings/oracle/areas/attacktax.lark): costs to attack (CR 508.1h);
each shape and near misses that stay unparsed. The rules reading `attack_cost` have their
cases in tests/cases/attack-costs/ and tests/oracle/by-name/attack-cost-*.yaml."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Enchantment"):
    return compile_card({"name": "Test Card", "type_line": type_line, "oracle_text": text})


def only(text: str, type_line: str = "Enchantment"):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability


def test_a_cost_per_creature_attacking_you():
    assert only("Creatures can't attack you unless their controller pays {2} for each "
                "creature they control that's attacking you.") == {"static": {
                    "affects": {"types": ["creature"]},
                    "attack_cost": {"pay": "{2}", "attacking": "you"}}}


def test_a_cost_per_creature_attacking_you_or_your_planeswalkers():
    assert only("Creatures can't attack you or planeswalkers you control unless their "
                "controller pays {1} for each of those creatures.")["static"][
                    "attack_cost"] == {"pay": "{1}", "attacking": "you_or_planeswalkers"}


def test_a_kind_of_creature_keeps_its_quality():
    assert only("Nonblack creatures can't attack you unless their controller pays {2} for "
                "each creature they control that's attacking you.")["static"]["affects"] == {
                    "types": ["creature"], "not": {"colors": ["black"]}}


def test_the_enchanted_creature_costs_to_attack_anyone():
    assert only("Enchanted creature can't attack unless its controller pays {3}.",
                "Enchantment — Aura") == {"static": {
                    "affects": "enchanted", "attack_cost": {"pay": "{3}",
                                                            "attacking": "anyone"}}}


def test_near_miss_an_x_cost_stays_unparsed():
    assert not card("Creatures can't attack you or planeswalkers you control unless their "
                    "controller pays {X} for each of those creatures, where X is the number "
                    "of enchantments you control.").fully


def test_near_miss_the_count_must_go_with_whom_it_protects():
    # "attack you or planeswalkers" counted as "each creature attacking you" would leave
    # the planeswalkers' attackers out
    assert not card("Creatures can't attack you or planeswalkers you control unless their "
                    "controller pays {1} for each creature they control that's attacking "
                    "you.").fully


def test_near_miss_its_controller_pays_for_many_creatures_stays_unparsed():
    assert not card("Creatures can't attack unless its controller pays {3}.").fully
