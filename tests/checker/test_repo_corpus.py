"""The repository's own knowledge base is clean: no contradiction in any answer of the case
corpora, no answer that changes under three other rule orders, the quiet corpus stays quiet,
no lint problem, and generated situations neither crash nor contradict themselves.

These run the whole corpus (each case four times), so they are marked slow; with two worker
processes they take about a minute."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings.batch import case_tasks, generated_tasks, run_tasks
from rulings.cases import find_cases
from rulings.generate import generate
from rulings.lint import default_paths, lint

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
CORPORA = [REPO / "tests" / "cases", REPO / "tests" / "quiet"]
PERMUTE = 3
JOBS = 2


@pytest.fixture(scope="module")
def records():
    files = find_cases([c for c in CORPORA if c.is_dir()])
    if not files:
        pytest.skip("no case files in the repository yet")
    return run_tasks(case_tasks(files, permute=PERMUTE), jobs=JOBS)


def _report(records, kind: str) -> str:
    from rulings.commands.check import render_difference

    lines = []
    for r in records:
        for d in r.differences:
            if d.kind == kind:
                lines.append(r.file)
                lines += [f"  {x}" for x in render_difference(d)]
    return "\n".join(lines)


def test_every_case_file_reads(records):
    problems = [str(p) for r in records if r.status == "unreadable" for p in r.problems]
    assert not problems, "\n".join(problems)


def test_no_answer_contradicts_itself(records):
    assert not _report(records, "contradiction")


def test_answers_do_not_depend_on_rule_order(records):
    assert not _report(records, "order")


def test_no_run_hits_its_bound_or_crashes(records):
    assert not (_report(records, "incomplete") + _report(records, "crash"))


def test_the_quiet_corpus_stays_quiet(records):
    quiet = [r for r in records if Path(r.file).is_relative_to(REPO / "tests" / "quiet")]
    if not quiet:
        pytest.skip("no quiet corpus yet")
    failing = [r for r in quiet if not r.passed]
    assert not failing, "\n".join(
        f"{r.file}: {d.message}" for r in failing for d in r.differences)


def _shared_data() -> Path | None:
    from rulings.commands.options import shared_data

    folder = shared_data()
    if folder and (folder / "comprehensive-rules.txt").is_file() and (
            folder / "cards.json").is_file():
        return folder
    return None


def test_lint_finds_no_problem():
    # the corpora by their place in the checkout: installed (as CI does) the package's own
    # default finds the knowledge base only
    paths = [*default_paths(), *(c for c in CORPORA if c not in default_paths())]
    data = _shared_data()
    if data is not None:
        result = lint(paths, data / "comprehensive-rules.txt", data / "cards.json")
    else:  # citations then checked for shape only
        result = lint(paths)
    assert not result.problems, "\n".join(result.problems)


def test_generated_situations_neither_crash_nor_contradict():
    records = run_tasks(generated_tasks(generate(300, seed=1)), jobs=JOBS)
    found = [f"{r.file}: {d.message}" for r in records for d in r.differences
             if d.kind in ("crash", "contradiction", "input")]
    assert not found, "\n".join(found[:20])
