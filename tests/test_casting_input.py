"""Bad input about casting, playing lands and the draft: a clear loader error or a correct
ruling, never a crash."""

from __future__ import annotations

import pytest

from rulings.api import InputError, ask


def load(text: str):
    from rulings.facts import situation

    return situation.load("s.yaml", text)


BASE = """\
players: [Alice, Bob]
turn: {active: Alice, step: precombat main, stack_empty: false}
battlefield: [{card: Aether Searcher, controller: Alice}]
hand: {Alice: [Divination]}
"""


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        load(text)
    return [str(p) for p in exc.value.problems]


def rulings(text: str) -> list[tuple[str, str]]:
    answer = ask(load(text))
    assert answer["complete"]
    return [(r["rule"], r["statement"]["verdict"]) for r in answer["rulings"]]


def test_cast_of_a_card_not_in_the_situation():
    found = problems(BASE + "event: {cast: {card: Blaze, player: Alice}}\n")
    assert any("there is no object 'Blaze' in the situation" in p for p in found)


def test_play_land_of_a_card_not_in_the_situation():
    found = problems(BASE + "event: {play_land: {card: Forest}}\n")
    assert any("there is no object 'Forest'" in p for p in found)


def test_cast_during_an_ability_that_does_not_exist():
    found = problems(BASE + "event: {cast: {card: Divination, during: aether-searcher.7}}\n")
    assert any("Aether Searcher has no ability 7" in p for p in found)


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("- pick: {player: Alice, round: one, pick: 2, card: Blaze}",
         "'round' of 'pick' must be a whole number"),
        ("- pick: {player: Carol, round: 1, pick: 2, card: Blaze}", "'Carol' is not a player"),
        ("- pick: {player: Alice, round: 1, card: Blaze}", "'pick' is missing 'pick'"),
        ("- pick: {player: Alice, round: 1, pick: 2, card: Blaze, revealed: true}",
         "unknown key 'revealed' for 'pick'"),
        ("- noted: {player: Alice, name: Blaze}", "'noted' is missing 'for_card'"),
        ("- picks: {player: Alice}", "unknown draft 'picks'"),
    ],
)
def test_bad_draft_records(draft, expected):
    text = BASE + "draft:\n  " + draft + "\nevent: {cast: {card: Divination}}\n"
    found = problems(text)
    assert any(expected in p for p in found), found


def test_cast_word_with_wrong_types():
    found = problems(BASE + "event: {cast: {card: Divination, x: lots}}\n")
    assert any("'x' of 'cast' must be a whole number" in p for p in found)


def test_impossible_pick_is_a_ruling_not_a_crash():
    text = BASE + (
        "draft:\n"
        "  - pick: {player: Alice, round: 0, pick: 99, card: Aether Searcher}\n"
        "  - pick: {player: Alice, round: 0, pick: 100, card: Divination}\n"
        "event: {cast: {card: Divination, without_paying_mana_cost: true, "
        "during: aether-searcher.2}}\n"
    )
    found = rulings(text)
    assert ("draft.impossible-pick", "can't") in found
    assert ("casting.can-cast", "can") not in found


def test_noted_name_that_matches_no_card():
    text = BASE + (
        "draft:\n"
        "  - noted: {player: Alice, name: Nonexistent Card, for_card: Aether Searcher}\n"
        "event: {cast: {card: Divination, without_paying_mana_cost: true, "
        "during: aether-searcher.2}}\n"
    )
    found = rulings(text)
    assert ("casting.name-not-noted", "can't") in found
    assert ("casting.can-cast", "can") not in found


def test_unknown_restriction_step_is_a_loader_error():
    text = BASE.replace("hand: {Alice: [Divination]}", (
        "hand:\n  Alice:\n    - define: {name: Odd, types: [instant], "
        "abilities: [{static: {cast_only: {steps: [lunch]}}}]}"
    )) + "event: {cast: {card: Odd}}\n"
    found = problems(text)
    assert any("has 'lunch'" in p for p in found), found
