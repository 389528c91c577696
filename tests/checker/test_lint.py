"""`rulings lint`: every seeded problem is reported, as file:line: what → fix."""

from __future__ import annotations

import re
from pathlib import Path

from rulings.cli import main
from rulings.lint import duplicate_ids, lint, lint_rules, pattern_names, rule_objects

HERE = Path(__file__).resolve().parent
LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): (?P<what>.+?)(?: → (?P<fix>.+))?$")


def problems_of(result, name):
    return [p for p in result.problems if p.startswith(str(name))]


def test_card_files(fixtures, engine_class):
    result = lint([fixtures / "lint" / "wrong-name.yaml"], engine_cls=engine_class("Clean"))
    card = problems_of(result, fixtures / "lint" / "wrong-name.yaml")
    assert any(":1: the file name 'wrong-name.yaml' does not match the card name "
               "'Llanowar Elves' → name the file llanowar-elves.yaml" in p for p in card)
    assert any(":4: unknown card key 'colour'" in p for p in card)
    assert any(":5: 'not-a-cite' in cites is not a citation" in p for p in card)


def test_case_files_report_every_problem_at_once(fixtures, engine_class):
    result = lint([fixtures / "lint" / "broken-case.yaml"], engine_cls=engine_class("Clean"))
    found = problems_of(result, fixtures / "lint" / "broken-case.yaml")
    assert any(":7: unknown case key 'expekt' → did you mean 'expect'" in p for p in found)
    assert any(":5: unknown card 'Forrest'" in p for p in found)
    assert any(":2: 'the tap rule' in covers is not a citation" in p for p in found)


def test_expectations_must_name_existing_rules(fixtures, engine_class):
    result = lint([fixtures / "lint" / "unknown-rule.yaml"], engine_cls=engine_class("Clean"))
    [problem] = problems_of(result, fixtures / "lint" / "unknown-rule.yaml")
    assert problem.endswith(":10: expect_not names the rule 'fixture.cant-activate', which "
                            "does not exist → did you mean 'fixture.can-activate' or "
                            "'fixture.command-zone' or 'fixture.tapped'?")


def test_situation_files(fixtures, engine_class):
    result = lint([fixtures / "lint" / "situation.yaml"], engine_cls=engine_class("Clean"))
    assert any(":3: 'ability': Forest has no ability 9" in p for p in result.problems)


def test_citations_against_given_rules_and_cards(fixtures, engine_class):
    result = lint([fixtures / "lint"], fixtures / "cr-mini.txt", fixtures / "cards.json",
                  engine_cls=engine_class("Clean"))
    found = problems_of(result, fixtures / "lint" / "unknown-rule.yaml")
    assert any(":2: CR 999.9 does not exist" in p for p in found)
    assert any(":2: forest#7 does not exist: Forest has 2 official rulings" in p
               for p in found)
    assert not result.notes


def test_without_data_citations_are_checked_for_shape_and_a_note_says_so(fixtures,
                                                                         engine_class):
    result = lint([fixtures / "cards"], engine_cls=engine_class("Clean"))
    assert result.problems == []
    assert any("shape only" in n for n in result.notes)


def test_rules(engine_class):
    problems, ids, warnings = lint_rules(engine_class("Sloppy"))
    text = "\n".join(problems)
    assert ids is not None and "fixture.no-cites" in ids
    assert "rule 'fixture.no-cites' cites nothing" in text
    assert "rule 'fixture.unbound-template' cites 'not a citation'" in text
    assert "'because' uses {who}, which the rule does not bind" in text
    assert "'because' uses {hidden}, which the rule does not bind → 'hidden' is bound only " \
           "inside NOT" in text
    assert "'absent' uses {hidden}" in text
    assert "'says' uses {player}, which the rule does not bind" in text
    assert "the body takes 'missing', which the rule does not bind" in text
    assert "rule 'fixture.silent-not' has 1 NOT condition but no 'absent' sentence" \
        not in text
    [warning] = warnings
    assert ": warning: rule 'fixture.silent-not' has 1 NOT condition but no 'absent' " \
           "sentence → add absent=" in warning
    assert "rule 'fixture.hidden-second' is hidden by rule 'fixture.hidden-first'" in text
    for problem in problems:
        m = LINE.match(problem)
        assert m and m.group("file").endswith("fixture_knowledge.py") and m.group("fix"), problem


def test_clean_rules_have_no_problems(engine_class):
    for name in ("Clean", "Contradicting", "OrderDependent"):
        problems, _, warnings = lint_rules(engine_class(name))
        assert (problems, warnings) == ([], []), name


def test_duplicate_rule_ids_are_found_in_the_source(fixtures):
    [problem] = duplicate_ids(fixtures / "dup_rules")
    assert problem.line == 14
    assert "rule id 'fixture.twice' is already declared at" in problem.what
    assert str(problem).endswith(":9 → give each rule its own id (ids are never reused)")


def test_pattern_names(engine_class):
    rules = rule_objects(engine_class("Sloppy"))
    bound, facts, negated, nots = pattern_names(rules["unbound_template"])
    assert bound == {"ability"} and facts == set() and negated == {"hidden"} and nots == 1


def test_the_command_exits_2_with_every_problem(capsys, fixtures):
    code = main(["lint", str(fixtures / "lint")])
    out, err = capsys.readouterr()
    assert code == 2
    lines = out.splitlines()
    assert len(lines) >= 8
    for line in lines:
        assert LINE.match(line), line
    assert "lint: 4 files" in err


def test_the_command_says_no_problems_and_exits_0(capsys, fixtures):
    code = main(["lint", str(fixtures / "cards")])
    out, _ = capsys.readouterr()
    assert code == 0
    assert out.strip() == "lint: 1 files, no problems"


def test_warnings_count_only_with_strict(capsys, engine_class, monkeypatch):
    import rulings.lint as lint_module

    sloppy = engine_class("Sloppy")
    real = lint_module.lint

    def lint_sloppy(paths, cr, cards):
        result = real(paths, cr, cards, engine_cls=sloppy)
        result.problems = []  # keep only the warnings of the Sloppy rules
        return result

    monkeypatch.setattr(lint_module, "lint", lint_sloppy)
    cards = str(HERE / "fixtures" / "cards")
    assert main(["lint", cards]) == 0
    _, err = capsys.readouterr()
    assert "warning: rule 'fixture.silent-not'" in err
    assert main(["lint", "--strict", cards]) == 2
    out, _ = capsys.readouterr()
    assert "warning: rule 'fixture.silent-not'" in out
