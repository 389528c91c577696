"""dmgtrig: damage triggers by name, with imported card data (the card compiled from its Oracle
text), and the 'that much' amount of damage triggers (knowledge/rules/damage_triggers.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulings.api import ask


def _import(pool: dict[str, dict[str, Any]], names: list[str], tmp_path: Path,
            data_home: Path) -> None:
    from rulings.reference import importer

    cards = []
    for i, name in enumerate(names):
        f = pool[name]
        cards.append({"object": "card", "oracle_id": f"00000000-0000-4000-8000-{i:012d}",
                      "name": f["name"], "layout": "normal", "mana_cost": f["mana_cost"] or "",
                      "type_line": f["type_line"], "oracle_text": f["oracle_text"] or "",
                      **{k: f[k] for k in ("power", "toughness") if f.get(k)}})
    path = tmp_path / "oracle.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    importer.import_rulings([str(path)], data_home)


def _rulings(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return answer["rulings"]


def _combat(attacker: dict[str, Any], blockers: list[dict[str, Any]] | None = None
            ) -> dict[str, Any]:
    return {"players": ["Alice", {"name": "Bob", "life": 20}],
            "turn": {"active": "Alice", "step": "combat damage"},
            "battlefield": [attacker, *(blockers or [])],
            "event": {"combat_damage": {}}}


def _triggered(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in _rulings(answer) if r.get("rule") == "triggers.triggers"]


@pytest.mark.parametrize("blocked", [False, True])
def test_shadowmage_by_name(pool: dict[str, dict[str, Any]], tmp_path: Path, data_home: Path,
                            blocked: bool) -> None:
    _import(pool, ["Shadowmage Infiltrator", "Grizzly Bears"], tmp_path, data_home)
    mage = {"card": "Shadowmage Infiltrator", "controller": "Alice", "id": "mage",
            "attacking": "Bob"}
    bears = [{"card": "Grizzly Bears", "controller": "Bob", "id": "bears",
              "blocking": "mage"}] if blocked else []
    answer = ask(_combat(mage, bears))
    found = _triggered(answer)
    if blocked:  # its damage goes to the blocker, not a player: no trigger
        assert found == []
        assert any(r.get("rule") == "damage-triggers.not-to-what-it-watches"
                   for r in _rulings(answer))
    else:
        assert len(found) == 1
        assert "Shadowmage Infiltrator's ability 1 triggers" in found[0]["text"]
        assert "CR 603.2" in found[0]["cites"]


# -- the grammar (area dmgtrig) ---------------------------------------------------------------

def _compiled(text: str, type_line: str = "Creature — Beast"):
    from rulings.oracle import compile_card

    return compile_card({"name": "Test Card", "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2"})


def _first(text: str, type_line: str = "Creature — Beast") -> dict[str, Any]:
    compiled = _compiled(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][0]


def test_deals_damage_gain_that_much():
    assert _first("Whenever Test Card deals damage, you gain that much life.") == {
        "triggered": {"when": {"deals_damage": {"what": "this"}},
                      "do": [{"gain_life": {"amount": "that_much"}}]}}


def test_enchanted_deals_damage_that_much():
    ab = _first("Enchant creature\nWhenever enchanted creature deals damage, you gain that much "
                "life.", "Enchantment — Aura")
    assert ab["triggered"]["when"] == {"deals_damage": {"what": "enchanted"}}


def test_dealt_damage_deals_that_much():
    ab = _first("Whenever Test Card is dealt damage, it deals that much damage to any target.")
    assert ab["triggered"]["when"] == {"dealt_damage": {"what": "this"}}
    assert ab["triggered"]["do"] == [{"deal_damage": {"amount": "that_much", "to": "t1"}}]
    ab = _first("Whenever Test Card is dealt combat damage, you gain that much life.")
    assert ab["triggered"]["when"] == {"dealt_damage": {"what": "this", "combat": True}}
    ab = _first("Whenever Test Card is dealt damage, draw that many cards.")
    assert ab["triggered"]["do"] == [{"draw": {"amount": "that_much"}}]


def test_deals_damage_to_an_opponent_and_combat():
    ab = _first("Whenever Test Card deals damage to an opponent, draw a card.")
    assert ab["triggered"]["when"] == {"deals_damage": {"what": "this", "to": "opponent"}}
    ab = _first("Whenever Test Card deals combat damage, you gain that much life.")
    assert ab["triggered"]["when"] == {"deals_damage": {"what": "this", "combat": True}}


def test_that_much_near_misses():
    # "that much" of an event that is not damage: not this area's amount
    assert not _compiled("Whenever you gain life, you gain that much life.").fully
    # "that many" of an earlier step, not of a trigger event
    assert not _compiled("Discard any number of cards, then draw that many cards.",
                         "Sorcery").fully
    # "that much" inside a longer effect stays unparsed
    assert not _compiled("Whenever Test Card deals damage, you gain that much life and draw a "
                         "card.").fully


def test_spirit_link_case_by_name(pool: dict[str, dict[str, Any]], tmp_path: Path,
                                  data_home: Path) -> None:
    """Spirit Link by name, compiled from its Oracle text: its trigger, and the damage it
    counts as 'that much'."""
    _import(pool, ["Spirit Link", "Grizzly Bears"], tmp_path, data_home)
    answer = ask({
        "players": ["Alice", {"name": "Bob", "life": 20}],
        "turn": {"active": "Alice", "step": "combat damage"},
        "battlefield": [
            {"card": "Grizzly Bears", "controller": "Alice", "id": "bears", "attacking": "Bob"},
            {"card": "Spirit Link", "controller": "Alice", "id": "link",
             "attached_to": "bears"}],
        "event": {"combat_damage": {}}})
    assert len(_triggered(answer)) == 1
    much = [r for r in _rulings(answer) if r.get("rule") == "damage-triggers.that-much"]
    assert len(much) == 1 and "count 2 damage" in much[0]["text"]
