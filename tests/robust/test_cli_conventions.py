"""The command line behaves as users expect: version, help with examples, stdin, JSON of
several files, validated numbers, clear errors for paths and hostile files, card listings,
temporary files cleaned, and a hermetic suite. Each test names the problem it guards."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulings.cli import EXAMPLES, build_parser, main

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "reflecting-pool.yaml"


def rulings(*args: str, stdin: str | None = None, cwd: Path = REPO,
            timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulings.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout, cwd=str(cwd))


def test_version_flag_and_attribute():
    import rulings as package

    done = rulings("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"rulings {package.__version__}"
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", package.__version__)


def test_every_command_has_help_with_examples(capsys):
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    for name in commands:
        assert name in EXAMPLES, f"no examples for `rulings {name}`"
        with pytest.raises(SystemExit) as stop:
            main([name, "--help"])
        assert stop.value.code == 0
        text = capsys.readouterr().out
        assert "examples:" in text and f"rulings {name}" in text, name


def test_completion_script_is_valid_bash():
    done = rulings("completion", "bash")
    assert done.returncode == 0 and "complete -F _rulings rulings" in done.stdout
    assert "--jsonl" in done.stdout
    syntax = subprocess.run(["bash", "-n"], input=done.stdout, text=True, capture_output=True)
    assert syntax.returncode == 0, syntax.stderr


def test_ask_reads_stdin():
    done = rulings("ask", "--json", "-", stdin=EXAMPLE.read_text(encoding="utf-8"))
    assert done.returncode in (0, 3), done.stderr
    assert json.loads(done.stdout)["rulings"]


def test_ask_json_on_several_files_is_one_array_and_a_bad_file_hides_nothing(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: Alice\nevent: {activate: {ability: x.1}}\n")
    done = rulings("ask", "--json", str(EXAMPLE), str(bad), str(EXAMPLE))
    assert done.returncode == 2
    answers = json.loads(done.stdout)
    assert isinstance(answers, list) and len(answers) == 2
    assert "bad.yaml:1:" in done.stderr
    lines = rulings("ask", "--jsonl", str(EXAMPLE), str(bad), str(EXAMPLE)).stdout.splitlines()
    assert len(lines) == 2 and all(json.loads(line)["rulings"] for line in lines)


@pytest.mark.parametrize("args", [
    ("ask", "--max-seconds", "nan"), ("ask", "--max-seconds", "-1"),
    ("ask", "--max-seconds", "inf"), ("ask", "--max-firings", "-3"),
    ("check", "--generate", "-5"), ("check", "--jobs", "0"), ("check", "--permute", "-1"),
    ("serve", "--timeout", "nan"), ("serve", "--port", "70000"), ("serve", "--workers", "0"),
    ("bench", "--rounds", "0"), ("cr", "--limit", "0"),
])
def test_bounds_and_counts_are_validated(args, capsys):
    extra = [str(EXAMPLE)] if args[0] == "ask" else []
    with pytest.raises(SystemExit) as stop:
        main([*args, *extra])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument" in err and "Traceback" not in err


def test_check_with_a_missing_path_says_so_first_and_briefly():
    done = rulings("check", "/typo-no-such-path")
    assert done.returncode == 2
    assert done.stderr.splitlines()[0].startswith("/typo-no-such-path: no such file")
    assert len(done.stdout.splitlines()) + len(done.stderr.splitlines()) <= 3


@pytest.mark.parametrize("make", ["directory", "unreadable", "dev-zero", "deep-json",
                                  "long-name", "tag"])
def test_hostile_files_are_clear_errors(make, tmp_path):
    if make == "directory":
        target = str(tmp_path)
    elif make == "dev-zero":
        if not Path("/dev/zero").exists():
            pytest.skip("no /dev/zero here")
        target = "/dev/zero"
    else:
        path = tmp_path / "s.json"
        if make == "unreadable":
            path.write_text("{}")
            path.chmod(0)
            if os.access(path, os.R_OK):  # root reads anything
                path = tmp_path / ("x" * 300)  # a name the system refuses instead
        elif make == "deep-json":
            path.write_text("[" * 5000 + "]" * 5000)
        elif make == "long-name":
            path = tmp_path / "s.yaml"
            path.write_text("players: [Alice]\nbattlefield:\n  - {card: " + "A" * 300
                            + ", controller: Alice}\nevent: {activate: {ability: a.1}}\n")
        elif make == "tag":
            path = tmp_path / "s.yaml"
            path.write_text("players: !!python/object/apply:os.system [Alice]\n"
                            "event: {activate: {ability: a.1}}\n")
        target = str(path)
    done = rulings("ask", target, timeout=60)
    assert done.returncode == 2, done.stdout[-300:]
    assert "Traceback" not in done.stderr
    first = done.stderr.splitlines()[0]
    assert " → " in first, first
    if make == "tag":
        assert "YAML tag '!!python/object/apply:os.system' is not allowed" in first


def test_misleading_messages_now_say_what_was_found(tmp_path):
    from rulings.facts.errors import InputError
    from rulings.facts.situation import load

    with pytest.raises(InputError) as caught:
        load("s.yaml", "players: Alice\nevent: {activate: {ability: x.1}}\n")
    first = caught.value.problems[0]
    assert "single name 'Alice'" in first.what and "players: [Alice]" in first.fix
    with pytest.raises(InputError) as caught:
        load("s.yaml", "players: [Alice]\nbattlefield: [{card: Forest, controller: Alice}]\n"
                       "event: {activate: {ability: 42}}\n")
    (problem,) = caught.value.problems
    assert "42 is not an ability reference" in problem.what and "forest.1" in problem.fix


def test_follow_on_problems_come_after_their_cause_and_the_list_is_capped():
    from rulings.facts.errors import SHOWN, InputError
    from rulings.facts.situation import load

    text = ("battlefield:\n" + "".join(f"  - {{card: Forest, controller: Zed{n}}}\n"
                                       for n in range(80))
            + "players: {Alice: 1}\nevent: {activate: {ability: forest.1}}\n")
    with pytest.raises(InputError) as caught:
        load("s.yaml", text)
    problems = caught.value.problems
    assert "'players' must be a list" in problems[0].what  # the cause, though it is below
    assert all(p.fix for p in problems)
    lines = caught.value.lines()
    assert len(lines) == SHOWN + 1 and lines[-1].startswith("… and 32 more problems")


def test_cards_are_listed_and_accented_names_slug_alike():
    from rulings.facts.cards import slug
    from rulings.reference.slugs import slugify

    listed = rulings("cards").stdout.splitlines()
    assert "Reflecting Pool" in listed
    assert rulings("card", "--list").stdout.splitlines() == listed
    for name in ("Jötun Grunt", "Æther Searcher", "Lim-Dûl's Vault"):
        assert slug(name) == slugify(name)
    assert slug("Jötun Grunt") == "jotun-grunt"


def test_official_rulings_in_official_order_and_none_versus_not_imported(tmp_path):
    from rulings.coverage import ruling_order

    cites = [f"x#{n}" for n in (10, 2, 1, 11, 3)]
    assert sorted(cites, key=ruling_order) == ["x#1", "x#2", "x#3", "x#10", "x#11"]
    not_imported = rulings("card", "Forest")
    assert "not imported" in not_imported.stdout
    data = tmp_path / "cards.json"
    data.write_text(json.dumps([{"name": "Forest", "rulings": []}]))
    none = rulings("card", "Forest", "--cards-data", str(data))
    assert "not imported" not in none.stdout and "none" in none.stdout


def test_lint_without_arguments_lints_the_installed_knowledge_base(tmp_path):
    done = rulings("lint", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    files = int(re.search(r"lint: (\d+) files", done.stdout).group(1))
    rules = len(list((REPO / "knowledge" / "rules").glob("*.py")))
    cards = len(list((REPO / "knowledge" / "cards").glob("*.yaml")))
    assert files >= rules + cards  # card files and rule modules, from any folder


def test_generate_leaves_no_empty_temporary_folder(tmp_path):
    env_tmp = tmp_path / "tmp"
    env_tmp.mkdir()
    done = subprocess.run([sys.executable, "-m", "rulings.cli", "check", "--generate", "3",
                           "--jobs", "1"], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "TMPDIR": str(env_tmp)}, cwd=str(REPO))
    assert done.returncode == 0, done.stderr
    assert list(env_tmp.iterdir()) == []


def test_a_killed_import_leaves_nothing_once_the_next_one_runs(tmp_path):
    from rulings.reference.store import locked

    data = tmp_path / "data"
    data.mkdir()
    (data / ".cr.json.abc123.tmp").write_text("half")
    (data / ".update-xyz").mkdir()
    (data / "keep.json").write_text("{}")
    with locked(data):
        pass
    assert sorted(p.name for p in data.iterdir() if p.name != ".lock") == ["keep.json"] or \
        sorted(p.name for p in data.iterdir() if not p.name.startswith(".lock")) == ["keep.json"]


def test_sigterm_runs_cleanups(tmp_path):
    script = tmp_path / "slow.py"
    script.write_text(
        "import sys, time, tempfile, pathlib\n"
        "from rulings import cli\n"
        "def run(args):\n"
        "    with tempfile.TemporaryDirectory(dir=sys.argv[1]) as t:\n"
        "        print('ready', flush=True); time.sleep(60)\n"
        "p = cli.build_parser\n"
        "def build():\n"
        "    parser = p(); parser.set_defaults(run=run); return parser\n"
        "cli.build_parser = build\n"
        "sys.exit(cli.main([]))\n")
    proc = subprocess.Popen([sys.executable, str(script), str(tmp_path)],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        proc.terminate()
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert [p.name for p in tmp_path.iterdir()] == ["slow.py"]


def test_the_suite_never_reads_the_users_data_directory():
    from rulings.reference import data_dir

    here = data_dir()
    home = Path.home() / ".local" / "share" / "mtg-rulings"
    assert here != home and "rulings-data" in str(here)


def test_the_install_extra_named_in_messages_exists():
    import tomllib

    extras = set(tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
                 ["optional-dependencies"])
    named = set()
    for path in (REPO / "src").rglob("*.py"):
        named |= set(re.findall(r"mtg-rulings\[(\w+)\]", path.read_text(encoding="utf-8")))
    for path in [REPO / "README.md", *(REPO / "docs").glob("*.md")]:
        named |= set(re.findall(r"mtg-rulings\[(\w+)\]", path.read_text(encoding="utf-8")))
    assert named and named <= extras, named - extras


def test_every_command_that_reads_data_takes_data_dir():
    from rulings.cli import READS_DATA

    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    for name in READS_DATA:
        sub = commands[name]
        flags = {o for a in sub._actions for o in a.option_strings}
        assert "--data-dir" in flags, name


def test_bench_reference_finds_the_shared_data_or_says_it_is_missing(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "RULINGS_SHARED_DIR"}
    done = subprocess.run(
        [sys.executable, "-m", "rulings.cli", "bench", "--reference", "--rounds", "1",
         "--example", str(EXAMPLE), "--cases", str(REPO / "tests" / "cases" / "mana"),
         "--no-boards", "--no-batch", "--service", "0"],
        capture_output=True, text=True, timeout=600, cwd=str(tmp_path), env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert "import CR" in done.stdout or "reference data" in done.stdout


def test_one_root_problem_does_not_hide_independent_ones():
    """A YAML tag, a key given twice and an unknown card: all three reported at once."""
    from rulings.facts.errors import InputError
    from rulings.facts.situation import load

    with pytest.raises(InputError) as caught:
        load("s.yaml", "players: !!python/object:os.system [Alice]\n"
                       "battlefield: [{card: Forrest, controller: Alice}]\n"
                       "battlefield: []\n"
                       "event: {activate: {ability: forest.1}}\n")
    text = str(caught.value)
    assert "YAML tag" in text and "appears twice" in text and "unknown card 'Forrest'" in text


@pytest.mark.parametrize(("text", "says"), [
    ("players: [Alice]\nturn: 3\nevent: {activate: {ability: a.1}}\n",
     "'turn' must be a mapping, not 3"),
    ("players: [Alice]\nbattlefield: {Alice: Forest}\nevent: {activate: {ability: a.1}}\n",
     "Alice's battlefield must be a list, not 'Forest' → write [Forest]"),
    ("players: [Alice]\nthis_turn: cast\nevent: {activate: {ability: a.1}}\n",
     "'this_turn' must be a list, not 'cast'"),
    ("- players\n", "a situation must be a mapping of keys, not a list"),
    ("players: [Alice]\nbattlefield: [{card: 7, controller: Alice}]\n"
     "event: {activate: {ability: a.1}}\n", "the object names no card (card: is 7)"),
    ("players: [Alice, 5]\nevent: {activate: {ability: a.1}}\n",
     "a player needs a name, not 5"),
])
def test_messages_say_what_was_found_and_what_is_expected(text, says):
    from rulings.facts.errors import InputError
    from rulings.facts.situation import load

    with pytest.raises(InputError) as caught:
        load("s.yaml", text)
    assert says in str(caught.value)
    assert all(p.fix for p in caught.value.problems)


def test_progress_only_on_a_terminal(tmp_path):
    """Long work (check, imports) prints no progress when stderr is not a terminal."""
    done = rulings("check", "tests/cases/mana", "--jobs", "1")
    assert done.returncode == 0 and done.stderr == ""
    env = {**os.environ, "RULINGS_DATA_DIR": str(tmp_path)}
    imported = subprocess.run(
        [sys.executable, "-m", "rulings.cli", "data", "import-cr",
         str(REPO / "tests" / "reference" / "fixtures" / "cr-mini.txt")],
        capture_output=True, text=True, timeout=300, env=env)
    assert imported.returncode == 0 and imported.stderr == ""
    from rulings.batch import Progress

    class Terminal:
        def __init__(self):
            self.text = ""

        def isatty(self):
            return True

        def write(self, text):
            self.text += text

        def flush(self):
            pass

    screen = Terminal()
    bar = Progress(2, stream=screen)
    assert bar.enabled
