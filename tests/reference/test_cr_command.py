"""`rulings cr`: rules with their subrules, search, glossary, errors, JSON output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def test_without_data_says_how_to_import(cli, data_home: Path) -> None:
    code, out, err = cli("cr", "701.23b")
    assert code == 2 and out == ""
    assert err.startswith(f"{data_home / 'reference.sqlite'}: no Comprehensive Rules imported yet")
    assert "rulings data import-cr FILE" in err and "Traceback" not in err


@pytest.mark.usefixtures("mini_cr")
class TestWithTheMiniatureRules:
    def test_one_subrule(self, cli) -> None:
        code, out, _ = cli("cr", "701.23b")
        assert code == 0
        assert out.startswith("701.23b An untap symbol drawn on a square never changes")
        assert "701.23a" not in out
        assert out.rstrip().endswith("(Comprehensive Rules effective 2031-02-03)")

    def test_rule_with_all_its_subrules_and_examples(self, cli) -> None:
        code, out, _ = cli("cr", "701.23")
        assert code == 0
        lines = out.splitlines()
        assert lines[0] == "701.23. Search"
        assert lines[1].startswith("701.23a To search a pretend pile")
        assert lines[2] == ("    Example: A tester hunting for a blue square in a pile of red "
                            "squares finds none.")
        assert lines[3] == "    That leftover line still belongs to the worked case above."
        assert lines[4].startswith("701.23b ")

    def test_section_and_chapter(self, cli) -> None:
        _, section, _ = cli("cr", "701")
        assert [ln.split()[0] for ln in section.splitlines()[:6]] == [
            "701.", "701.1.", "701.1a", "701.23.", "701.23a", "Example:"]
        _, chapter, _ = cli("cr", "7")
        assert chapter.splitlines()[:3] == ["7. Additional Rules", "700. General",
                                            "701. Keyword Actions"]
        assert "701.23" not in chapter  # a chapter lists its sections only

    @pytest.mark.parametrize("spelling", ["CR 100.1B", "100.1b.", "rule 100.1b"])
    def test_number_spellings(self, cli, spelling: str) -> None:
        code, out, _ = cli("cr", *spelling.split())
        assert code == 0 and out.startswith("100.1b The second lettered subrule")

    def test_several_numbers(self, cli) -> None:
        code, out, _ = cli("cr", "100.2", "701.1a")
        assert code == 0
        assert out.index("100.2. Fixture rule two") < out.index("701.1a To ponder")
        assert "    This indented paragraph still belongs" in out

    @pytest.mark.parametrize(
        ("number", "nearest"),
        [("701.23z", "701.23b"), ("100.9", "100.2, 101.1"), ("999.9", "701.23")],
    )
    def test_unknown_number_suggests_nearest(self, cli, data_home: Path, number: str,
                                             nearest: str) -> None:
        code, out, err = cli("cr", number)
        assert code == 2 and out == ""
        assert err == (f"{data_home / 'reference.sqlite'}: rule {number} does not exist in the "
                       f"2031-02-03 rules → nearest: {nearest}\n")

    def test_not_a_number(self, cli) -> None:
        code, _, err = cli("cr", "search")
        assert code == 2 and "“search” is not a rule number → write it like 701.23b" in err

    def test_search_needs_every_word(self, cli) -> None:
        code, out, _ = cli("cr", "--search", "untap symbol")
        assert code == 0
        assert out.splitlines()[0] == ("1 rule holds all of: untap symbol "
                                       "(Comprehensive Rules effective 2031-02-03)")
        assert out.splitlines()[1].startswith("701.23b  An untap symbol drawn on a square")
        code, out, _ = cli("cr", "--search", "untap teapot")
        assert code == 1 and out.startswith("No rule holds all of: untap teapot")

    def test_search_ranks_and_limits(self, cli) -> None:
        code, out, _ = cli("cr", "--search", "fixture rule", "--limit", "1")
        assert code == 0
        lines = out.splitlines()
        assert lines[0].startswith("3 rules hold all of: fixture rule")
        # The exact phrase ranks first; the others are counted, not shown.
        assert lines[1].split()[0] in {"100.1", "100.2"} and "fixture rule" in lines[1]
        assert lines[-1] == "… and 2 more (--limit 0 shows all)"

    def test_search_matches_word_beginnings_and_examples(self, cli) -> None:
        _, out, _ = cli("cr", "--search", "shuffle")  # "shuffles", in an example
        assert out.splitlines()[1].startswith("100.1b")

    @pytest.mark.parametrize("term", ["untap symbol", "UNTAP SYMBOL", "Your", "teapot step"])
    def test_glossary(self, cli, term: str) -> None:
        code, out, _ = cli("cr", "--glossary", term)
        assert code == 0
        assert out.splitlines()[0] in {"Untap Symbol", "You, Your", "Teapot Step (Obsolete)"}
        assert "(Comprehensive Rules glossary, effective 2031-02-03)" in out

    def test_glossary_miss_suggests_terms(self, cli, data_home: Path) -> None:
        code, _, err = cli("cr", "--glossary", "untap simbol")
        assert code == 2
        assert err == (f"{data_home / 'reference.sqlite'}: no glossary entry “untap simbol” in the "
                       "2031-02-03 rules → did you mean: Untap Symbol\n")

    def test_json_rule(self, cli) -> None:
        code, out, _ = cli("cr", "701.23", "--json")
        assert code == 0
        data = json.loads(out)
        assert data["effective"] == "2031-02-03"
        [rule] = data["rules"]
        assert rule["number"] == "701.23" and rule["text"] == "Search"
        assert [r["number"] for r in rule["subrules"]] == ["701.23a", "701.23b"]
        assert rule["subrules"][0]["examples"][0].startswith("A tester hunting")

    def test_json_search_and_glossary(self, cli) -> None:
        data = json.loads(cli("cr", "--search", "ponder", "--json")[1])
        assert [r["number"] for r in data["results"]][:1] == ["701.1"]
        assert data["total"] == 2
        entry = json.loads(cli("cr", "--glossary", "ponder", "--json")[1])
        assert entry["term"] == "Ponder" and entry["effective"] == "2031-02-03"

    @pytest.mark.parametrize("args", [(), ("701.1", "--search", "ponder"),
                                      ("--search", "a", "--glossary", "b")])
    def test_ask_for_exactly_one_thing(self, cli, args: tuple[str, ...]) -> None:
        try:
            code, _, err = cli("cr", *args)
        except SystemExit as exit_:  # argparse refuses --search with --glossary itself
            code, err = int(exit_.code or 0), ""
        assert code == 2
        assert err == "" or "ask for one thing" in err


def test_data_dir_option_overrides_env(cli, fixtures: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    cli("data", "import-cr", str(fixtures / "cr-mini.txt"), "--data-dir", str(elsewhere))
    assert cli("cr", "701.1")[0] == 2  # nothing in the default (env) directory
    code, out, _ = cli("cr", "701.1", "--data-dir", str(elsewhere))
    assert code == 0 and out.startswith("701.1. Ponder")


def test_full_rules(cli, shared_data: Path) -> None:
    assert cli("data", "import-cr", str(shared_data / "comprehensive-rules.txt"))[0] == 0
    code, out, _ = cli("cr", "701.23b")
    assert code == 0 and out.startswith("701.23b If a player")
    assert "(Comprehensive Rules effective 2026-04-17)" in out
    code, out, _ = cli("cr", "701.23")
    assert all(f"701.23{letter} " in out for letter in "abcdefghij")
    code, out, _ = cli("cr", "--search", "untap symbol")
    assert code == 0 and out.splitlines()[1].startswith("107.6 ")
    code, out, _ = cli("cr", "--glossary", "mana ability")
    assert code == 0 and out.startswith("Mana Ability\n")
    code, _, err = cli("cr", "701.99")
    assert code == 2 and "nearest: 701.68, 702.1" in err
