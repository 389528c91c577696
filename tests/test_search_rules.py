"""Resolution, searching, Leonin Arbiter and Opposition Agent: bad input gives a clear loader
error or a correct ruling (never a crash), and answers stay fast."""

from __future__ import annotations

import time

import pytest

from rulings.api import ask
from rulings.facts.errors import InputError


def _situation(**extra):
    base = {
        "players": ["Alice", "Bob"],
        "battlefield": [{"card": "Leonin Arbiter", "controller": "Bob"}],
        "library": {"Alice": ["Forest"]},
        "stack": {"Alice": ["Demonic Tutor"]},
        "event": {"resolve": {"ability": "demonic-tutor.1"}},
    }
    base.update(extra)
    return base


def _rules(answer):
    return {r["rule"] for r in answer["rulings"]}


def test_payment_for_a_permanent_that_is_not_there_is_a_loader_error():
    bad = _situation(this_turn=[{"paid_to_ignore": {"player": "Alice", "source": "Arbiter X"}}])
    with pytest.raises(InputError) as err:
        ask(bad)
    assert "there is no object 'Arbiter X'" in str(err.value)


def test_payment_by_a_player_who_is_not_in_the_game_is_a_loader_error():
    bad = _situation(this_turn=[{"paid_to_ignore": {"player": "Zed",
                                                    "source": "Leonin Arbiter"}}])
    with pytest.raises(InputError) as err:
        ask(bad)
    assert "'Zed' is not a player" in str(err.value)


def test_target_player_not_in_the_game_is_a_loader_error():
    bad = _situation(stack={"Alice": ["Acquire"]},
                     event={"resolve": {"ability": "acquire.1", "target_player": "Zed"}})
    with pytest.raises(InputError):
        ask(bad)


def test_payment_for_an_arbiter_in_the_graveyard_changes_nothing():
    situation = _situation(
        battlefield=[],
        graveyard={"Bob": ["Leonin Arbiter"]},
        this_turn=[{"paid_to_ignore": {"player": "Alice", "source": "Leonin Arbiter"}}],
    )
    rules = _rules(ask(situation))
    assert "searching.search" in rules
    assert "cant.search-prohibited" not in rules


def test_special_action_for_a_permanent_without_such_an_effect_is_refused():
    situation = _situation(
        battlefield=[{"card": "Grizzly Bears", "controller": "Bob"}],
        event={"special_action": {"player": "Alice", "source": "Grizzly Bears"}},
    )
    answer = ask(situation)
    assert [r["statement"]["verdict"] for r in answer["rulings"]
            if r["rule"] == "special-actions.nothing-to-ignore"] == ["can't"]


def test_acquire_without_a_target_player_says_so():
    situation = _situation(battlefield=[], stack={"Alice": ["Acquire"]},
                           event={"resolve": {"ability": "acquire.1"}})
    assert "searching.unknown-player" in _rules(ask(situation))


def test_lobotomy_without_a_chosen_card_says_so():
    situation = _situation(battlefield=[], stack={"Alice": ["Lobotomy"]},
                           event={"resolve": {"ability": "lobotomy.1", "target_player": "Bob"}})
    assert "searching.no-chosen-card" in _rules(ask(situation))


def test_picks_with_braces_do_not_break_the_text():
    situation = _situation(battlefield=[], event={"resolve": {"ability": "demonic-tutor.1",
                                                              "find": ["{weird}"]}})
    answer = ask(situation)
    assert any("{weird}" in r["text"] for r in answer["rulings"])


def test_two_agents_with_unknown_order_ask_for_it():
    situation = {
        "players": ["Alice", "Bob", "Carol"],
        "battlefield": [{"card": "Opposition Agent", "controller": "Bob", "id": "a1"},
                        {"card": "Opposition Agent", "controller": "Carol", "id": "a2"}],
        "library": {"Alice": ["Forest"]},
        "stack": {"Alice": ["Rampant Growth"]},
        "event": {"resolve": {"ability": "rampant-growth.1"}},
    }
    assert "control.order-unknown" in _rules(ask(situation))


def test_biggest_situation_is_fast():
    situation = {
        "players": ["Alice", "Bob", "Carol", "Dan"],
        "battlefield": [
            {"card": "Leonin Arbiter", "controller": "Carol", "id": "arb-1"},
            {"card": "Leonin Arbiter", "controller": "Dan", "id": "arb-2"},
            {"card": "Opposition Agent", "controller": "Bob", "id": "agent-1"},
            {"card": "Opposition Agent", "controller": "Carol", "id": "agent-2"},
        ],
        "effects": [{"entered": {"object": "agent-1", "order": 1}},
                    {"entered": {"object": "agent-2", "order": 2}}],
        "hand": {"Alice": ["Grizzly Bears"]},
        "library": {"Alice": ["Forest", "Island", "Swamp", "Grizzly Bears", "Sol Ring"]},
        "this_turn": [{"paid_to_ignore": {"player": "Alice", "source": "arb-1"}},
                      {"paid_to_ignore": {"player": "Alice", "source": "arb-2"}}],
        "stack": {"Alice": ["Buried Alive"]},
        "event": {"resolve": {"ability": "buried-alive.1",
                              "find": ["grizzly-bears-2"]}},
    }
    ask(situation)  # warm
    start = time.perf_counter()
    for _ in range(20):
        answer = ask(situation)
    per_call = (time.perf_counter() - start) / 20
    assert "replacement.exiled-instead" in _rules(answer)
    assert per_call < 2.0  # a guard against blow-ups only; see the report for timings
