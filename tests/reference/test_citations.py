"""check_citations: CR numbers and ruling ids written in the project's files."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rulings.reference import check_citations
from rulings.reference.citations import citation_context

REPO = Path(__file__).resolve().parents[2]

# Bad citations are assembled at run time so that this file itself stays clean when the
# project's own citation check scans the tests.
CR = "CR"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


@pytest.fixture
def check(fixtures: Path):
    def run(*paths: Path) -> list[str]:
        return check_citations(list(paths), fixtures / "cr-mini.txt",
                               fixtures / "project-cards.json")
    return run


def test_good_citations_pass(check, tmp_path: Path) -> None:
    write(tmp_path, "good.md", f"""
        Searching follows {CR} 701.23a and {CR} 701.23 (see also {CR} 7 and {CR} 100).
        Ranges: {CR} 100.1a–100.1b, {CR} 100.1a-100.1b, {CR} 100.1a–b, {CR} 100.1–2.
        The toll note is leonin-arbiter#2; the accented card is aether-searcher#1.
        A face name works too: fire#1.
        """)
    assert check(tmp_path) == []


def test_bad_cr_numbers(check, tmp_path: Path) -> None:
    notes = write(tmp_path, "notes.md", f"""
        A rule that is missing: {CR} 100.9 here.
        A range whose far end is missing: {CR} 100.1–100.7.
        A shorthand range ending on a missing letter: {CR} 100.1a–c.
        A range written backwards: {CR} 701.23b–701.23a.
        Not a rule number at all: {CR} 1.5.
        A year is not a rule: {CR} 2026 said so.
        """)
    assert check(tmp_path) == [
        f"{notes}:1: {CR} 100.9 does not exist in the 2031-02-03 rules → nearest: 100.2, 101.1",
        f"{notes}:2: {CR} 100.7 does not exist in the 2031-02-03 rules → nearest: 100.2, 101.1",
        f"{notes}:3: {CR} 100.1c does not exist in the 2031-02-03 rules → nearest: 100.1b, "
        "101.1a",
        f"{notes}:4: {CR} 701.23b–701.23a runs backwards → write the lower end first",
        f"{notes}:5: {CR} 1.5 is not a rule number → write it like {CR} 701.23b",
    ]


def test_bad_ruling_ids(check, tmp_path: Path) -> None:
    case = write(tmp_path, "case.yaml", f"""
        name: the toll case
        cites:
          - {CR} 100.1
          - leonin-arbiter#3
          - leonin-arbiter#4
          - no-such-card#1
        covers: [ghost-card#2, cosis-trickster#2]
        other: mystery-thing#4
        notes: |
          untracked#1 and quiet-fixture#1
        """)
    code = write(tmp_path, "test_case.py", """
        CASE = dict(cites=["leonin-arbitr#1"], note="see issue#3")
        """)
    data = write(tmp_path, "case.json", """
        {"cites": [
           "aether-searcher#2",
           "fire#1"
         ],
         "link": "https://example.com/cards/leonin-arbiter#9"}
        """)
    assert check(tmp_path) == [
        f"{data}:2: aether-searcher#2 does not exist: Æther Searcher has 1 official ruling "
        "→ use aether-searcher#1–#1",
        f"{case}:5: leonin-arbiter#4 does not exist: Leonin Arbiter has 3 official rulings → "
        "use leonin-arbiter#1–#3",
        f"{case}:6: no-such-card#1 names no card in project-cards.json → use the card's slug, "
        "e.g. card-name#1",
        f"{case}:7: ghost-card#2 names no card in project-cards.json → use the card's slug, "
        "e.g. card-name#1",
        f"{case}:10: quiet-fixture#1 does not exist: Quiet Fixture has no official rulings → "
        "cite a rule",
        f"{code}:1: leonin-arbitr#1 names no card in project-cards.json → nearest: "
        "leonin-arbiter",
    ]


def test_only_text_files_outside_hidden_folders(check, tmp_path: Path) -> None:
    write(tmp_path, "notes.txt", f"{CR} 999.9\n")
    write(tmp_path, ".cache/notes.md", f"{CR} 999.9\n")
    write(tmp_path, "__pycache__/x.py", f"{CR} 999.9\n")
    assert check(tmp_path) == []
    single = write(tmp_path, "one.yml", f"cites: [{CR} 999.9]\n")
    assert check(single) == [
        f"{single}:1: {CR} 999.9 does not exist in the 2031-02-03 rules → nearest: 701.23"]


def test_missing_path_is_reported(check, tmp_path: Path) -> None:
    assert check(tmp_path / "nowhere") == [
        f"{tmp_path / 'nowhere'}: no such file or directory → check the path to scan"]


def test_citation_context_blocks() -> None:
    lines = textwrap.dedent("""
        cites:
        - a#1
          - b#1
        name: x
        "covers": [
          "c#1"
        ]
        after#1
        cites=[
        ]
        x = dict(cites=["d#1"], note="e#1") # covers: f#1
        """).strip("\n").splitlines()
    spans = citation_context(lines)
    assert sorted(spans) == [1, 2, 3, 5, 6, 7, 9, 10, 11]
    line = lines[10]
    inside = [line[a:b] for a, b in spans[11]]
    assert inside == ['["d#1"]', "f#1"]


# --- the project's own files, against the shared data ---------------------------------------


def test_project_citations_are_valid(shared_data: Path) -> None:
    folders = [p for p in (REPO / "knowledge", REPO / "tests" / "cases") if p.exists()]
    if not folders:
        pytest.skip("no knowledge/ or tests/cases/ folder in this checkout")
    problems = check_citations(folders, shared_data / "comprehensive-rules.txt",
                               shared_data / "cards.json")
    assert problems == [], "\n".join(problems)


def test_planted_bad_citation_is_reported_against_shared_data(shared_data: Path,
                                                              tmp_path: Path) -> None:
    planted = write(tmp_path, "knowledge/rules/planted.yaml", f"""
        id: planted
        cites: [{CR} 701.23b, leonin-arbiter#1, {CR} 701.99]
        covers:
          - leonin-arbiter#999
        """)
    problems = check_citations([tmp_path / "knowledge"],
                               shared_data / "comprehensive-rules.txt", shared_data / "cards.json")
    assert [p.split(": ", 1)[0] for p in problems] == [f"{planted}:2", f"{planted}:4"]
    assert f"{CR} 701.99 does not exist in the 2026-04-17 rules → nearest: 701.68, 702.1" \
        in problems[0]
    assert "leonin-arbiter#999 does not exist: Leonin Arbiter has" in problems[1]
