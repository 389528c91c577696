"""Relevance by values (engine/relevance.py): a pattern that fixes a slot's value needs a
given fact with that value, or a relevant rule that concludes its class. Leaving a rule out
must never change an answer: every rule that could fire is kept."""

from __future__ import annotations

import pytest

from rulings.boards import board
from rulings.engine import relevance
from rulings.engine.experta_compat import MATCH
from rulings.engine.relevance import Reach
from rulings.facts.effects import Condition
from rulings.facts.game import Ability, GameObject
from rulings.facts.mana import Activate
from rulings.facts.rulings import Ruling
from rulings.facts.situation import from_data
from rulings.knowledge import rules

ACTIVATED = Reach("targets-of-an-activation", frozenset({Activate, Ability}),
                  frozenset({Ruling}), literals=((Ability, (("kind", "activated"),)),))
MAKES_ABILITIES = Reach("grants-an-ability", frozenset({GameObject}), frozenset({Ability}))


def _facts(*kinds: str) -> list:
    return [Activate(ability="x.1", player="Alice"),
            *(Ability(id=f"x.{i}", source="x", kind=k) for i, k in enumerate(kinds, 1))]


def _relevant(reaches: list[Reach], facts: list) -> list[str]:
    values = relevance.values_of(facts, relevance.literal_slots(reaches))
    return relevance.relevant(reaches, {type(f) for f in facts}, Ruling, values)


def test_a_fixed_value_no_fact_has_leaves_the_rule_out() -> None:
    assert _relevant([ACTIVATED], _facts("mana")) == []
    # by classes alone it is kept
    assert relevance.relevant([ACTIVATED], {Activate, Ability}, Ruling) == [ACTIVATED.name]


def test_a_fact_with_the_value_keeps_it() -> None:
    assert _relevant([ACTIVATED], _facts("mana", "activated")) == [ACTIVATED.name]


def test_a_rule_concluding_the_class_keeps_it() -> None:
    facts = [*_facts("mana"), GameObject(id="x", name="X")]
    found = _relevant([ACTIVATED, MAKES_ABILITIES], facts)
    assert ACTIVATED.name in found


COUNTS_PERMANENTS = Reach("counts-permanents", frozenset({Condition}), frozenset({Ruling}),
                          choices=((Condition, "kind", ("you_control", "you_control_count")),))
MAKES_CONDITIONS = Reach("grants-a-condition", frozenset({GameObject}), frozenset({Condition}))


def _conditions(*kinds: str) -> list:
    return [Condition(id=f"c{i}", ability="x.1", kind=k) for i, k in enumerate(kinds, 1)]


def test_a_choice_of_values_no_fact_has_leaves_the_rule_out() -> None:
    assert _relevant([COUNTS_PERMANENTS], _conditions("searching", "in_zone")) == []


def test_a_fact_with_one_of_the_values_keeps_it() -> None:
    for kind in ("you_control", "you_control_count"):
        found = _relevant([COUNTS_PERMANENTS], _conditions("searching", kind))
        assert found == [COUNTS_PERMANENTS.name]


def test_a_rule_concluding_the_class_of_a_choice_keeps_it() -> None:
    facts = [*_conditions("searching"), GameObject(id="x", name="X")]
    assert COUNTS_PERMANENTS.name in _relevant([COUNTS_PERMANENTS, MAKES_CONDITIONS], facts)


def test_one_of_is_read_from_a_pattern_and_still_binds() -> None:
    from rulings.engine.experta_compat import KnowledgeEngine, Rule
    from rulings.facts.match import one_of

    found = relevance.reach(rules.all_rules()["conditions.permanents-you-control"])
    assert (Condition, "kind", ("opponent_controls", "you_control", "you_control_count")) \
        in found.choices

    pattern = Condition(id=MATCH.condition, kind="kind" << one_of("life", "turn"))

    seen: list[tuple[str, str]] = []

    class Engine(KnowledgeEngine):
        @Rule(pattern)
        def decided(self, condition, kind):
            seen.append((condition, kind))

    engine = Engine()
    engine.reset()
    engine.declare(*_conditions("turn", "searching", "life"))
    engine.run()
    assert sorted(seen) == [("c1", "turn"), ("c3", "life")]


def test_the_values_survive_the_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE_DIR", str(tmp_path))
    computed = rules._read_reaches()
    assert any(r.literals for _, r in computed)
    assert any(r.choices for _, r in computed)
    first = relevance.cached_reaches(rules._sources(), lambda: computed)
    again = relevance.cached_reaches(rules._sources(), lambda: [])
    assert again == first == computed


def test_a_mana_activation_needs_no_target_rules() -> None:
    facts = from_data(board(25, "mana"), "board").facts
    by_values = rules.rules_for_facts(facts)
    by_classes = rules.rules_for({type(f) for f in facts})
    assert by_values < by_classes
    assert not any(r.startswith(("targets.", "selectors.")) for r in by_values)
    assert "mana.produces" in by_values


def test_a_board_with_a_condition_of_another_kind_needs_no_selector_rules() -> None:
    # Opposition Agent's conditions (searching, in a zone) count nothing a selector picks:
    # with the rule counting permanents kept, every filter of the board picked among every
    # object (6,979 firings on the 250 board, more than half of the question)
    facts = from_data(board(100, "mana"), "board").facts
    kinds = {f["kind"] for f in facts if isinstance(f, Condition)}
    assert kinds and not kinds & {"you_control", "you_control_count"}
    found = rules.rules_for_facts(facts)
    assert "conditions.permanents-you-control" not in found
    assert not any(r.startswith("selectors.") for r in found)
    near = [*facts, Condition(id="c9", ability="x.1", kind="you_control")]
    assert "conditions.permanents-you-control" in rules.rules_for_facts(near)


@pytest.mark.parametrize("question", ["mana", "search"])
def test_the_answer_is_the_one_of_every_rule_by_class(question: str) -> None:
    from rulings.api import build_answer, engine

    situation = from_data(board(25, question), "board")
    facts = situation.facts

    def answer(rule_ids: frozenset[str]) -> dict:
        derivation = engine(None, rule_ids).derive(facts)
        return build_answer(derivation, Ruling, situation.name)

    by_values = answer(rules.rules_for_facts(facts))
    assert by_values == answer(rules.rules_for({type(f) for f in facts}))
    assert by_values["rulings"]
