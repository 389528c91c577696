"""Answers say which abilities of their cards are not modelled."""

from __future__ import annotations

from rulings.facts.effects import Unmodelled
from rulings.facts.game import Ability
from rulings.oracle.notes import unmodelled_notes


def test_a_card_with_an_unparsed_ability_is_named_with_its_count():
    facts = [Ability(id="foo.1", source="foo", number=1, kind="activated"),
             Ability(id="foo.2", source="foo", number=2, kind="unparsed"),
             Unmodelled(object="foo", ability="foo.2", text="Bar the baz.",
                        gap="static: unknown word 'bar'"),
             Ability(id="elves.1", source="elves", number=1, kind="activated")]
    names = {"foo": "Foo", "elves": "Llanowar Elves"}
    assert unmodelled_notes(facts, names.__getitem__) == [
        "Foo: understood 1 of 2 abilities",
        "Foo: ability 2, 'Bar the baz.', not modelled; the answer may miss its effects"]


def test_no_note_when_every_ability_is_modelled():
    facts = [Ability(id="elves.1", source="elves", number=1, kind="activated")]
    assert unmodelled_notes(facts, str) == []
