"""The `cycles` question of facts/cycling.py: what it reads, and the input errors of a card
that can't be cycled (CR 702.29a), reported as file:line: what → fix."""

from __future__ import annotations

import pytest

from rulings.facts import situation
from rulings.facts.cycling import Cycles
from rulings.facts.errors import InputError

CYCLER = ("{id: cycler, define: {name: Homemade Cycler, types: [sorcery], mana_cost: \"{3}{U}\", "
          "keywords: [{cycling: \"{2}\"}]}}")
PLAIN = "{id: plain, define: {name: Homemade Plain, types: [sorcery], mana_cost: \"{U}\"}}"


def text(event: str, where: str = "hand") -> str:
    zone = (f"hand:\n  Alice: [{CYCLER}, {PLAIN}]\n" if where == "hand"
            else f"graveyard:\n  Alice: [{CYCLER}, {PLAIN}]\n")
    return f"players: [Alice, Bob]\nturn: {{active: Alice}}\n{zone}event: {event}\n"


def problems(source: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        situation.load("s.yaml", source)
    return [str(p) for p in exc.value.problems]


def test_a_card_with_cycling_in_its_owners_hand_is_read():
    loaded = situation.load("s.yaml", text("{cycles: {card: cycler, player: Alice}}"))
    (fact,) = [f for f in loaded.facts if isinstance(f, Cycles)]
    assert fact["card"] == "cycler" and fact["player"] == "Alice"


def test_a_card_not_in_a_hand_is_refused():
    (p,) = problems(text("{cycles: {card: cycler}}", where="graveyard"))
    assert "s.yaml:" in p and "is in the graveyard" in p and "702.29a" in p
    assert "list it in the hand" in p


def test_a_card_without_cycling_is_refused():
    (p,) = problems(text("{cycles: {card: plain}}"))
    assert "Homemade Plain has no cycling" in p and "discards:" in p


def test_another_player_cant_cycle_a_card_in_alices_hand():
    (p,) = problems(text("{cycles: {card: cycler, player: Bob}}"))
    assert "only Alice can cycle it" in p and "write player: Alice" in p


def test_an_unknown_card_or_player_is_a_reference_error():
    found = problems(text("{cycles: {card: nothing, player: Carol}}"))
    assert any("nothing" in p for p in found) and any("Carol" in p for p in found)
