"""Sequences of events (src/rulings/sequence.py): the next snapshot is a pure function of the
snapshot and the event's results; the loader's `events:` form and its errors."""

from __future__ import annotations

import pytest

from rulings.api import ask
from rulings.facts.errors import InputError
from rulings.facts.situation import from_data
from rulings.sequence import Game, _step_begins, normalize

BASE = {
    "players": ["Alice", "Bob"],
    "turn": {"active": "Alice", "step": "end"},
    "battlefield": [{"card": "Grizzly Bears", "controller": "Alice", "damage": 1},
                    {"card": "Grizzly Bears", "controller": "Bob"}],
    "hand": {"Alice": ["Forest"]},
}


def test_normalize_writes_the_ids_the_loader_gave():
    data = {**BASE, "event": {"characteristics": {"object": "grizzly-bears"}}}
    state = normalize(data, from_data(data))
    ids = [e["id"] for e in state["battlefield"]]
    assert ids == ["grizzly-bears", "grizzly-bears-2"]
    assert state["hand"]["Alice"][0]["id"] == "forest"
    assert "event" not in state


def test_cleanup_removes_damage_and_ends_until_end_of_turn_effects():
    state = {**BASE, "effects": [
        {"continuous": {"source": "Giant Growth", "objects": ["grizzly-bears"],
                        "effect": "modify", "power": "+3", "toughness": "+3"}},
        {"continuous": {"source": "Oath", "objects": ["grizzly-bears"], "effect": "modify",
                        "power": "+1", "toughness": "+1", "duration": "until_your_next_turn"}}],
        "mana_pool": {"Alice": ["{G}"]}}
    game = Game(normalize({**state, "event": {"step_begins": {"step": "cleanup"}}},
                          from_data({**state, "event": {"step_begins": {"step": "cleanup"}}})))
    _step_begins(game, {"step": "cleanup"})
    assert "damage" not in game.state["battlefield"][0]
    assert [e["continuous"]["source"] for e in game.state["effects"]] == ["Oath"]
    assert game.state["mana_pool"] == {"Alice": []}
    assert any("106.4" in c for c in game.changes) and any("514.2" in c for c in game.changes)


def test_a_card_that_changes_zones_is_a_new_object():
    state = {**BASE, "effects": [{"continuous": {"source": "Giant Growth",
                                                 "objects": ["grizzly-bears"],
                                                 "effect": "modify", "power": "+3",
                                                 "toughness": "+3"}}]}
    data = {**state, "event": {"characteristics": {"object": "grizzly-bears"}}}
    game = Game(normalize(data, from_data(data)))
    game.move("grizzly-bears", "graveyard")
    assert game.state["graveyard"]["Alice"] == [{"card": "Grizzly Bears", "id": "grizzly-bears"}]
    assert game.state["effects"] == []  # the effect on the old object ended with it


def test_event_and_events_together_is_an_input_error():
    data = {**BASE, "event": {"resolve_top": {}}, "events": [{"resolve_top": {}}]}
    with pytest.raises(InputError) as err:
        from_data(data)
    assert "both 'event' and 'events'" in str(err.value.problems[0])


def test_a_later_event_that_cant_be_read_is_an_error_of_that_event():
    data = {**BASE, "turn": {"active": "Alice", "step": "precombat main"},
            "events": [{"characteristics": {"object": "grizzly-bears"}},
                       {"resolve_top": {}}]}
    with pytest.raises(InputError) as err:
        ask(data)
    assert "event 2 (resolve_top)" in str(err.value.problems[0])


def test_each_ruling_says_its_event_and_steps_record_changes():
    data = {**BASE, "events": [{"step_begins": {"step": "cleanup"}},
                               {"characteristics": {"object": "grizzly-bears"}}]}
    answer = ask(data, sources=False)
    assert [s["event"] for s in answer["steps"]] == [1, 2]
    assert {r["event"] for r in answer["rulings"]} == {1, 2}
    assert any("514.2" in c for c in answer["steps"][0]["changes"])


def test_a_step_of_the_next_turn_passes_the_turn_first():
    """500.1, 502.3, 504.1: the next player's turn begins, their permanents untap, and they
    have drawn by their main phase; the active player changes."""
    data = {"players": ["Alice", "Bob"],
            "turn": {"number": 3, "active": "Alice", "step": "end", "priority": "Alice"},
            "battlefield": [{"card": "Llanowar Elves", "controller": "Bob", "id": "elves",
                             "tapped": True},
                            {"card": "Grizzly Bears", "controller": "Alice", "id": "bears",
                             "tapped": True}],
            "library": {"Bob": [{"card": "Forest", "id": "bobs-forest"}]},
            "events": [{"step_begins": {"step": "precombat main"}},
                       {"characteristics": {"object": "elves"}}]}
    answer = ask(data, sources=False)
    before = answer["steps"][0]["before"]
    assert any("Bob's turn begins" in c for c in before)
    assert any("Llanowar Elves untaps" in c for c in before)
    assert "Bob draws Forest" in before
    assert not any("Grizzly Bears untaps" in c for c in before)  # not Alice's untap step


def test_a_step_later_in_the_turn_does_not_pass_the_turn():
    data = {"players": ["Alice", "Bob"],
            "turn": {"active": "Alice", "step": "upkeep", "priority": "Alice"},
            "battlefield": [{"card": "Llanowar Elves", "controller": "Bob", "id": "elves",
                             "tapped": True}],
            "events": [{"step_begins": {"step": "end"}},
                       {"characteristics": {"object": "elves"}}]}
    answer = ask(data, sources=False)
    assert "before" not in answer["steps"][0]


def test_a_listed_until_your_next_turn_effect_ends_with_its_sources_controllers_turn():
    """611.2: an effect given in the situation ends when the turn of the controller of its
    source begins (here Alice's Homemade Bulwark, in her graveyard)."""
    data = {"players": ["Alice", "Bob"],
            "turn": {"active": "Bob", "step": "end", "priority": "Bob"},
            "battlefield": [{"card": "Grizzly Bears", "controller": "Alice", "id": "bears"}],
            "graveyard": {"Alice": [{"id": "bulwark", "define": {
                "name": "Homemade Bulwark", "mana_cost": "{W}", "types": ["instant"]}}]},
            "effects": [{"continuous": {"source": "Homemade Bulwark", "objects": ["bears"],
                                        "effect": "modify", "power": "+3", "toughness": "+3",
                                        "duration": "until_your_next_turn"}}],
            "events": [{"step_begins": {"step": "upkeep"}},
                       {"characteristics": {"object": "bears"}}]}
    answer = ask(data, sources=False)
    assert any("effect ends as Alice's turn begins" in c for c in answer["steps"][0]["before"])
    pt = [r for r in answer["rulings"] if r["rule"] == "layers.power-toughness"]
    assert pt and "2/2" in pt[0]["text"]
