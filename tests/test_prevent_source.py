"""prevent: the source chosen for "a (red) source of your choice" (CR 609.7a) is an object of
the situation with the quality the step asks for, else a clear input error."""

from __future__ import annotations

import pytest

from rulings.api import InputError


def load(text: str):
    from rulings.facts import situation

    return situation.load("s.yaml", text)


BASE = """\
players: [Alice, Bob]
turn: {active: Bob, step: precombat main, priority: Alice}
battlefield:
  - controller: Alice
    id: circle
    define:
      name: Homemade Circle
      types: [enchantment]
      abilities:
        - activated: {cost: [{mana: "{1}"}], do: [{prevent: {to: you, source_of_choice: [QUALITY],
            next_time: true, duration: this_turn}}]}
stack:
  - {ability: circle.1, controller: Alice, id: act, chosen: {source: CHOSEN}}
  - {card: Lightning Bolt, controller: Bob, id: bolt, targets: [Alice]}
event:
  resolve_top: {}
"""


def problems(quality: str, chosen: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        load(BASE.replace("QUALITY", quality).replace("CHOSEN", chosen))
    return [str(p) for p in exc.value.problems]


def test_a_source_of_another_color_is_refused():
    found = problems("green", "bolt")
    assert any("bolt is not green" in p and "CR 609.7a" in p for p in found), found


def test_a_source_of_neither_quality_is_refused():
    found = problems("black, artifact", "bolt")
    assert any("not black or artifact" in p for p in found), found


def test_a_source_not_in_the_situation_is_refused():
    found = problems("red", "shock")
    assert any("'chosen: source'" in p and "shock" in p for p in found), found


@pytest.mark.parametrize("quality", ["red", "any", "instant", "black, red"])
def test_a_source_of_the_quality_is_accepted(quality: str):
    facts = load(BASE.replace("QUALITY", quality).replace("CHOSEN", "Lightning Bolt")).facts
    chosen = [f for f in facts if type(f).__name__ == "Choice"]
    assert [(c["kind"], c["value"]) for c in chosen] == [("source", "bolt")]


def test_the_choice_is_named_by_card_name_too():
    facts = load(BASE.replace("QUALITY", "red").replace("CHOSEN", "Lightning Bolt")).facts
    assert any(type(f).__name__ == "Choice" and f["value"] == "bolt" for f in facts)
