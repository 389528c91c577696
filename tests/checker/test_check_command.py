"""`rulings check`: exit codes, the text, JSON and JUnit reports, globs, parallel runs."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET

from rulings.batch import Progress, Record
from rulings.cli import main


def check(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_all_passing_exits_0_with_the_count_last(capsys, fixtures, spec):
    code, out, _ = check(capsys, str(fixtures / "cases" / "good.yaml"),
                         str(fixtures / "cases" / "tapped.yaml"), "--jobs", "1",
                         "--engine", spec("Clean"))
    assert code == 0
    assert out.splitlines()[-1] == "2 passed, 0 failed"


def test_a_failure_exits_1_and_shows_a_readable_diff(capsys, fixtures, spec):
    code, out, _ = check(capsys, str(fixtures / "cases"), "--jobs", "1",
                         "--engine", spec("Clean"))
    assert code == 1
    assert out.splitlines()[-1] == "3 passed, 1 failed"
    assert "FAIL " + str(fixtures / "cases" / "wrong-expectation.yaml") + ":1:" in out
    assert "line 8: the expected ruling is missing" in out
    assert "- expected: rule='fixture.can-activate', verdict=\"can't\"" in out
    assert "+ closest:  [fixture.can-activate/forest.1] Alice can activate" in out
    assert "≠ verdict: expected \"can't\", got 'can'" in out
    # the justification of the actual ruling, as `rulings ask` shows it
    assert "Why: Forest is untapped and Alice controls it." in out
    assert "Resting on:" in out and "(given)" in out
    assert re.search(r"^\d+ passed, \d+ failed$", out.splitlines()[-1])


def test_unreadable_case_files_exit_2_with_file_line_what_fix(capsys, fixtures, spec):
    code, out, err = check(capsys, str(fixtures / "bad"), str(fixtures / "cases" / "good.yaml"),
                           "--jobs", "1", "--engine", spec("Clean"))
    assert code == 2
    assert f"{fixtures / 'bad' / 'unreadable.yaml'}:7: unknown case key 'expekt' → " in err
    assert f"{fixtures / 'bad' / 'bad-situation.yaml'}:5: unknown card 'Forrest'" in err
    # two case files with input errors count as failed, never as passed
    assert out.splitlines()[-1] == "1 passed, 2 failed (2 with input errors, shown above)"
    code, out, _ = check(capsys, str(fixtures / "bad"), str(fixtures / "cases" / "good.yaml"),
                         "--json", "--jobs", "1", "--engine", spec("Clean"))
    report = json.loads(out)
    assert (report["passed"], report["failed"], len(report["unreadable"])) == (1, 2, 2)


def test_a_path_that_names_nothing_exits_2(capsys, tmp_path, spec):
    code, _, err = check(capsys, str(tmp_path / "nothing-here"), "--engine", spec("Clean"))
    assert code == 2
    assert "no such file or directory" in err


def test_globs_are_expanded(capsys, fixtures, spec):
    code, out, _ = check(capsys, str(fixtures / "**" / "t*.yaml"), "--jobs", "1",
                         "--engine", spec("Clean"))
    assert code == 0
    assert out.splitlines()[-1] == "1 passed, 0 failed"  # tapped.yaml


def test_json_report(capsys, fixtures, spec):
    code, out, _ = check(capsys, str(fixtures / "cases"), "--json", "--jobs", "1",
                         "--engine", spec("Clean"),
                         "--cards-data", str(fixtures / "cards.json"))
    assert code == 1
    report = json.loads(out)
    assert (report["passed"], report["failed"]) == (3, 1)
    first = report["cases"][0]
    assert set(first) >= {"file", "status", "covers", "near_miss", "differences"}
    wrong = next(c for c in report["cases"] if c["file"].endswith("wrong-expectation.yaml"))
    assert wrong["status"] == "failed"
    assert {d["kind"] for d in wrong["differences"]} == {"missing", "unwanted"}
    assert wrong["differences"][0]["actual"][0]["justification"]["from"]
    assert report["dead_rules"] == ["fixture.command-zone"]
    assert report["cases_covering_nothing"] == [str(fixtures / "cases" / "quiet.yaml")]
    assert "uncovered_rulings" in report


def test_junit_report(capsys, fixtures, spec, tmp_path):
    target = tmp_path / "report.xml"
    code, _, _ = check(capsys, str(fixtures / "cases"), str(fixtures / "bad"), "--jobs", "1",
                       "--engine", spec("Clean"), "--junit", str(target))
    assert code == 2
    root = ET.parse(target).getroot()
    suite = root.find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("6", "1", "2")
    failure = root.find(".//testcase/failure")
    assert failure is not None and "line 8" in (failure.text or "")


def test_parallel_output_is_the_same_as_serial(capsys, fixtures, spec):
    args = (str(fixtures / "cases"), "--engine", spec("Contradicting"))
    code1, out1, _ = check(capsys, *args, "--jobs", "1")
    code2, out2, _ = check(capsys, *args, "--jobs", "2")
    assert (code1, out1) == (code2, out2)
    assert "two rulings that can't both hold" in out1


def test_the_progress_bar_draws_only_on_a_terminal():
    stream = io.StringIO()
    bar = Progress(2, stream, enabled=True)
    bar.step(Record("a.yaml"))
    bar.step(Record("b.yaml", status="failed"))
    bar.close()
    assert "2/2, 1 failed" in stream.getvalue()
    quiet = io.StringIO()
    Progress(1, quiet).step(Record("a.yaml"))  # a StringIO is no terminal
    assert quiet.getvalue() == ""


def test_a_broken_worker_pool_falls_back_to_this_process(monkeypatch, capsys, fixtures, spec):
    from concurrent.futures.process import BrokenProcessPool

    import rulings.batch as batch

    class Broken:
        def __init__(self, *args, **kwargs):
            pass

        def __enter__(self):
            raise BrokenProcessPool("no workers today")

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(batch, "ProcessPoolExecutor", Broken)
    records = batch.run_tasks(batch.case_tasks(sorted((fixtures / "cases").glob("*.yaml"))),
                              jobs=2, engine_spec=spec("Clean"))
    assert [r.status for r in records] == ["passed", "passed", "passed", "failed"]
    assert "running the rest in this process" in capsys.readouterr().err
