"""The engine underneath: NOT handled correctly, logical support, order independence, bounds."""

from __future__ import annotations

import functools

import pytest

from rulings.api import ask
from rulings.engine.experta_compat import MATCH, NOT, Fact
from rulings.engine.inference import ReasoningEngine
from rulings.engine.rules import REGISTRY, rule

from .conftest import REPO


class Card(Fact):
    pass


class Keyword(Fact):
    pass


class Missing(Fact):
    pass


class Derived(Fact):
    pass


class Shown(Fact):
    pass


@functools.cache
def _not_rules() -> type:
    """Ten rules `Card(id=c), NOT Keyword(card=c, kw=K)`: experta 1.9.4's DepthStrategy let
    cancelled activations of such rules fire (experta-notes.md, defect 1)."""
    body = {}
    for n in range(10):
        kw = f"k{n}"

        def make(kw: str = kw):
            @rule(Card(id=MATCH.c), NOT(Keyword(card=MATCH.c, kw=kw)),
                  id=f"test.not-{kw}-{id(body)}", cites=("CR 100.1",),
                  because="no keyword")
            def lacks(self, c):
                return Missing(card=c, kw=kw)
            return lacks

        body[f"lacks_{kw}"] = make()
    return type("NotRules", (ReasoningEngine,), body)


def test_not_rules_do_not_fire_once_their_absent_fact_appears():
    engine = _not_rules()()
    for n in range(10):
        derivation = engine.derive([Card(id=1), Keyword(card=1, kw=f"k{n}")])
        kws = sorted(f["kw"] for f in derivation.derived.values() if isinstance(f, Missing))
        assert f"k{n}" not in kws
        assert len(kws) == 9


@functools.cache
def _cascade_rules() -> type:
    @rule(Card(id=MATCH.c), NOT(Keyword(card=MATCH.c)), id="test.cascade-1",
          cites=("CR 100.1",), because="no keyword")
    def first(self, c):
        return Derived(card=c)

    @rule(Derived(card=MATCH.c), id="test.cascade-2", cites=("CR 100.1",), because="derived")
    def second(self, c):
        return Shown(card=c)

    @rule(Card(id=MATCH.c), id="test.cascade-3", cites=("CR 100.1",), because="a card")
    def third(self, c):
        return Keyword(card=c, kw="late")

    return type("Cascade", (ReasoningEngine,), {"first": first, "second": second,
                                                 "third": third})


@pytest.mark.parametrize("seed", [None, 1, 2, 3, 4, 5])
def test_conclusions_whose_support_goes_are_withdrawn_in_any_order(seed):
    # `first` may fire before `third` declares the keyword that defeats it: whatever the
    # order, neither Derived nor what rests on it (Shown) may survive.
    derivation = _cascade_rules()(order_seed=seed).derive([Card(id=7)])
    kinds = sorted(type(f).__name__ for f in derivation.derived.values())
    assert kinds == ["Keyword"]
    assert derivation.complete


def test_a_bounded_run_says_it_could_not_decide():
    answer = ask(REPO / "examples" / "reflecting-pool.yaml", max_firings=2)
    assert not answer["complete"]
    last = answer["rulings"][-1]
    assert last["id"] == "engine.could-not-decide"
    assert "limit of 2 rule firings" in last["text"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_the_answer_does_not_depend_on_rule_order(seed):
    example = REPO / "examples" / "reflecting-pool.yaml"
    assert ask(example, order_seed=seed) == ask(example)


def test_every_rule_has_an_id_citations_and_an_explanation():
    from rulings.knowledge.rules import all_rules

    for rule_id in all_rules():
        info = REGISTRY[rule_id]
        assert info.cites, f"{rule_id} cites nothing"
        assert info.because.strip(), f"{rule_id} explains nothing"


class Tagged(Fact):
    pass


class Hit(Fact):
    pass


#: constants that rules test one slot against: equal but different types (1, True, 1.0)
#: must still meet, and unhashable slot values fall back to each test (engine.rete)
_TAGS = ("a", "b", "", 1, True, 0, None, 2.5)


@functools.cache
def _literal_rules() -> type:
    body = {}
    for n, tag in enumerate(_TAGS):
        def make(n: int = n, tag: object = tag):
            @rule(Tagged(id=MATCH.t, tag=tag), id=f"test.literal-{n}", cites=("CR 100.1",),
                  because="a tag")
            def tagged(self, t):
                return Hit(tagged=t, rule=n)
            return tagged

        body[f"tagged_{n}"] = make()
    return type("LiteralRules", (ReasoningEngine,), body)


def test_slot_tests_against_constants_match_exactly_what_equality_accepts():
    values = ["a", "b", "c", "", 1, True, 1.0, 0, False, None, 2.5, ["a"], ("a",)]
    facts = [Tagged(id=i, tag=v) for i, v in enumerate(values)] + [Tagged(id=99)]
    derivation = _literal_rules()().derive(facts)
    hits = sorted((f["tagged"], f["rule"]) for f in derivation.derived.values())
    expected = sorted((i, n) for i, v in enumerate(values) for n, tag in enumerate(_TAGS)
                      if tag == v)
    assert hits == expected
