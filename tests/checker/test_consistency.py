"""The contradiction detector, case matching, and a wrong expectation seeded on purpose."""

from __future__ import annotations

import pytest

from rulings.batch import case_tasks, run_tasks
from rulings.cases import (
    OPPOSED,
    Case,
    compare,
    contradictions,
    fired_rules,
    load_case,
    matches,
    mismatches,
    run_case,
)
from rulings.facts.rulings import VERDICTS


def ruling(rid: str, subject: str, verdict: str, action: str, **extra):
    return {
        "id": rid, "rule": rid.split("/")[0],
        "statement": {"subject": subject, "verdict": verdict, "action": action},
        "text": f"{subject} {verdict} {action}.", "because": "", "cites": [],
        "justification": {"fact": "", "rule": rid.split("/")[0], "from": []}, **extra,
    }


def answer(*rulings, complete=True):
    return {"rulings": list(rulings), "complete": complete}


@pytest.mark.parametrize("pair", sorted(tuple(sorted(p)) for p in OPPOSED))
def test_each_opposed_pair_is_a_contradiction(pair):
    a, b = pair
    found = contradictions(answer(ruling("r.one/x", "Alice", a, "search Bob's library"),
                                  ruling("r.two/x", "alice", b, "Search  Bob's library")))
    assert len(found) == 1
    assert {found[0].first["id"], found[0].second["id"]} == {"r.one/x", "r.two/x"}
    assert "contradiction" in found[0].message()


def test_verdicts_that_can_both_hold_are_not_contradictions():
    opposed = {frozenset(p) for p in OPPOSED}
    for a in VERDICTS:
        for b in VERDICTS:
            if a == b or frozenset({a, b}) in opposed:
                continue
            assert not contradictions(answer(ruling("r.one/x", "Alice", a, "draw"),
                                             ruling("r.two/x", "Alice", b, "draw"))), (a, b)


def test_different_subject_or_action_is_no_contradiction():
    assert not contradictions(answer(ruling("a/1", "Alice", "can", "draw"),
                                     ruling("b/1", "Bob", "can't", "draw")))
    assert not contradictions(answer(ruling("a/1", "Alice", "can", "draw"),
                                     ruling("b/1", "Alice", "can't", "shuffle")))


def test_fired_rules_come_from_every_derived_node():
    r = ruling("top.rule/x", "Alice", "can", "draw")
    r["justification"] = {"fact": "", "rule": "top.rule", "from": [
        {"fact": "a", "given": True},
        {"fact": "b", "rule": "middle.rule", "from": [{"fact": "c", "rule": "deep.rule",
                                                        "from": []}]},
    ]}
    assert fired_rules(answer(r)) == {"top.rule", "middle.rule", "deep.rule"}


def test_mismatches_say_what_differs():
    r = ruling("mana.produces/x", "Alice", "happens", "get {G}")
    assert matches({"rule": "mana.produces", "verdict": "happens"}, r)
    reasons = mismatches({"rule": "mana.produces", "verdict": "doesn't happen",
                          "mentions": ["nowhere said"]}, r)
    assert any(x.startswith("verdict: expected") for x in reasons)
    assert any(x.startswith("mentions:") for x in reasons)


def test_compare_reports_contradictions_and_bound_hits_whatever_was_expected():
    case = Case("x.yaml", "t", [], False, {}, [], [])
    kinds = [d.kind for d in compare(case, answer(
        ruling("a/1", "Alice", "must", "draw"), ruling("b/1", "Alice", "can't", "draw"),
        {**ruling("engine.could-not-decide", "the engine", "doesn't happen", "finish")},
        complete=False))]
    assert kinds == ["contradiction", "incomplete"]


def test_a_contradicting_pair_of_rules_fails_the_case(fixtures, engine_class):
    case = load_case(fixtures / "cases" / "good.yaml")
    clean = run_case(case, engine=engine_class("Clean")())
    assert clean.passed, clean.differences
    result = run_case(case, engine=engine_class("Contradicting")())
    assert not result.passed
    [c] = [d for d in result.details if d.kind == "contradiction"]
    assert {r["rule"] for r in c.rulings} == {"fixture.can-activate", "fixture.contrary"}
    assert all(r["justification"]["from"] for r in c.rulings)  # both justifications


def test_a_wrong_expectation_is_reported_with_the_actual_ruling(fixtures, engine_class):
    case = load_case(fixtures / "cases" / "wrong-expectation.yaml")
    result = run_case(case, engine=engine_class("Clean")())
    assert not result.passed
    missing = next(d for d in result.details if d.kind == "missing")
    assert missing.line == 8
    assert missing.rulings[0]["rule"] == "fixture.can-activate"
    assert any("verdict: expected \"can't\", got 'can'" in r for r in missing.reasons)
    assert any(d.kind == "unwanted" and d.line == 12 for d in result.details)


def test_only_expected_fails_on_any_extra_ruling(fixtures, engine_class):
    case = load_case(fixtures / "cases" / "quiet.yaml")
    assert run_case(case, engine=engine_class("Clean")()).passed
    result = run_case(case, engine=engine_class("Contradicting")())
    assert [d.kind for d in result.details] == ["unexpected", "contradiction"]


def test_the_batch_runner_reports_the_same(fixtures, spec):
    records = run_tasks(case_tasks([fixtures / "cases" / "good.yaml"]), jobs=1,
                        engine_spec=spec("Contradicting"))
    assert [r.status for r in records] == ["failed"]
    assert [d.kind for d in records[0].differences] == ["contradiction"]
