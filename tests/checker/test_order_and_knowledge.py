"""Order independence (--permute) and the report of knowledge nothing exercised."""

from __future__ import annotations

from rulings.batch import (
    case_tasks,
    knowledge_report,
    official_ruling_counts,
    order_differences,
    run_tasks,
)


def test_an_order_dependent_rule_pair_is_caught_by_permute(capsys, fixtures, spec):
    # Two rules that each conclude only if the other's conclusion is absent: truth
    # maintenance keeps whichever fired first, so the answer follows the rule order.
    records = run_tasks(case_tasks([fixtures / "cases" / "good.yaml"], permute=3), jobs=1,
                        engine_spec=spec("OrderDependent"))
    [record] = records
    order = [d for d in record.differences if d.kind == "order"]
    assert order, "permuting the rule order should change the coin's side"
    assert "order_seed=" in order[0].message
    assert any(r.startswith("- [fixture.says-") for r in order[0].reasons)
    assert any(r.startswith("+ [fixture.says-") for r in order[0].reasons)


def test_the_same_case_without_permute_passes(fixtures, spec):
    [record] = run_tasks(case_tasks([fixtures / "cases" / "good.yaml"]), jobs=1,
                         engine_spec=spec("OrderDependent"))
    assert record.passed


def test_order_independent_knowledge_passes_permute(fixtures, spec):
    records = run_tasks(case_tasks(sorted((fixtures / "cases").glob("*.yaml")), permute=3),
                        jobs=1, engine_spec=spec("Clean"))
    assert not [d for r in records for d in r.differences if d.kind == "order"]


def test_order_differences_of_equal_answers_are_none():
    a = {"rulings": [{"id": "x/1", "text": "t"}], "complete": True}
    assert order_differences(a, {"rulings": [{"id": "x/1", "text": "t"}], "complete": True},
                             1) == []
    changed = order_differences(a, {"rulings": [{"id": "x/1", "text": "u"}],
                                    "complete": True}, 2)
    assert changed[0].reasons == ["~ [x/1] is explained differently"]


def test_a_rule_that_never_fires_is_reported(fixtures, spec):
    records = run_tasks(case_tasks(sorted((fixtures / "cases").glob("*.yaml"))), jobs=1,
                        engine_spec=spec("Clean"))
    report = knowledge_report(records, spec("Clean"), fixtures / "cards.json",
                              fixtures / "cards")
    assert report.rules == ["fixture.can-activate", "fixture.command-zone", "fixture.tapped"]
    assert report.dead_rules == ["fixture.command-zone"]
    assert report.uncovered_rulings == ["forest#2"]  # forest#1 is covered by good.yaml
    assert report.covering_nothing == [str(fixtures / "cases" / "quiet.yaml")]


def test_without_official_data_the_report_says_so(fixtures, spec):
    counts, note = official_ruling_counts(None)  # the test's data directory is empty
    assert counts is None and "--cards-data" in note
    records = run_tasks(case_tasks([fixtures / "cases" / "good.yaml"]), jobs=1,
                        engine_spec=spec("Clean"))
    report = knowledge_report(records, spec("Clean"), None, fixtures / "cards")
    assert report.uncovered_rulings is None
    assert "not checked" in report.rulings_note
