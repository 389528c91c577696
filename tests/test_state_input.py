"""Impossible states of the "State" words (docs/situations.md): an event or effect that needs a
permanent, naming a card in another zone, is an input error; the same on the battlefield loads."""

from __future__ import annotations

import pytest

from rulings.facts import situation
from rulings.facts.errors import InputError

BASE = """\
players: [Alice, Bob]
{zone}
event:
  {event}
{effects}"""
IN_HAND = "hand: {Alice: [{card: Grizzly Bears, id: bears}]}"
SOURCE = "graveyard: {Bob: [{card: Shock, id: shock}]}"

CASES = [
    ("destroy: {object: bears}", "", "only a permanent can be destroyed (CR 701.8a)"),
    ("sacrifice: {object: bears}", "", "only a permanent can be sacrificed (CR 701.21a)"),
    ("damage: {source: shock, to: [bears], amount: 2}", "",
     "only permanents and players are dealt damage (CR 120.1)"),
    ("check_state_based_actions: {keep: [bears]}", "",
     "the legend rule keeps permanents (CR 704.5j)"),
    ("check_state_based_actions: {}", "effects:\n  - regeneration_shield: {object: bears}\n",
     "only a permanent can regenerate (CR 701.19a)"),
    ("check_state_based_actions: {}", "effects:\n  - prevent_damage: {to: bears}\n",
     "only permanents and players are dealt damage (CR 120.1)"),
]


def text(zone: str, event: str, effects: str) -> str:
    return BASE.format(zone=zone, event=event, effects=effects) + "\n"


@pytest.mark.parametrize(("event", "effects", "why"), CASES)
def test_a_card_off_the_battlefield_is_refused(event, effects, why):
    with pytest.raises(InputError) as exc:
        situation.load("s.yaml", text(IN_HAND + "\n" + SOURCE, event, effects))
    found = [str(p) for p in exc.value.problems]
    assert any("'Grizzly Bears' is in the hand, not on the battlefield" in p and why in p
               for p in found), found


@pytest.mark.parametrize(("event", "effects", "why"), CASES)
def test_the_same_on_the_battlefield_loads(event, effects, why):
    field = "battlefield:\n  - {card: Grizzly Bears, controller: Alice, id: bears}\n" + SOURCE
    assert situation.load("s.yaml", text(field, event, effects)).facts


def test_damage_to_a_player_who_left_is_refused():
    left = "players: [Alice, Bob, {name: Carol, left_game: true}]\n" + SOURCE + \
        "\nevent:\n  damage: {source: shock, to: [Carol], amount: 2}\n"
    with pytest.raises(InputError) as exc:
        situation.load("s.yaml", left)
    assert any("Carol has left the game" in str(p) for p in exc.value.problems)
    assert situation.load("s.yaml", left.replace("to: [Carol]", "to: [Bob]")).facts
