"""The docs can't drift from the command line: every `rulings …` command shown in README.md and
docs/*.md (in code blocks and in inline code) is parsed by the real argument parser — so a
flag or command the docs name must exist — and every concrete one is run, in a scratch folder
with its own data directory, and must succeed. The answer fields documented in
docs/answer-schema.md must be exactly those of the answer schema."""

from __future__ import annotations

import itertools
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from rulings.cli import build_parser

REPO = Path(__file__).resolve().parents[2]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FIXTURES = REPO / "tests" / "reference" / "fixtures"
#: shown but not run here: they serve until stopped, go online, or have their own tests
#: (tests/service, tests/robust/test_cli_conventions.py::…bench…)
NOT_RUN = {("serve",), ("mcp",), ("data", "update"), ("bench",)}


def shown_commands() -> list[tuple[str, str, bool]]:
    """(doc:line, command, in a code block) for every `rulings …` the docs show. Commands
    in code blocks are meant to be run; inline ones may name a command or a flag in a
    sentence (`rulings ask --max-seconds`), so they are only parsed."""
    found = []
    for doc in DOCS:
        fenced = False
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            where = f"{doc.relative_to(REPO)}:{n}"
            if fenced or line.startswith("    "):
                m = re.match(r"(?:\$ )?(?:\.venv/bin/)?(rulings\s.*|rulings)$", line.strip())
                if m:
                    found.append((where, m.group(1), True))
                    continue
                m = re.search(r"(?:&& |\| )(?:\.venv/bin/)?(rulings\s[^|&]*)", line)
                if m:
                    found.append((where, m.group(1).strip(), True))
                    continue
            for m in re.finditer(r"`(?:\.venv/bin/)?(rulings(?:\s[^`]*)?)`", line):
                found.append((where, m.group(1), False))
    return found


def _placeholders(words: list[str], folder: Path) -> list[str]:
    """Syntax words become real arguments for running."""
    out: list[str] = []
    command = [w for w in words if not w.startswith("-")][:2]
    for i, word in enumerate(words):
        prev = words[i - 1] if i else ""
        if word in ("FILE", "situation.yaml", "FILE…", "a.yaml", "b.yaml"):
            if "import-cr" in command:
                out.append(str(FIXTURES / "cr-mini.txt"))
            elif "import-rulings" in command or "coverage" in command:
                out.append(str(FIXTURES / "project-cards.json"))
            elif word != "FILE…":
                out.append(str(REPO / "examples" / "reflecting-pool.yaml"))
        elif word in ("PATH", "PATH…"):
            out.append("tests/cases")
        elif word == "rulings.json":
            out.append(str(FIXTURES / "scryfall-rulings.json"))
        elif word == "oracle-cards.json":
            out.append(str(FIXTURES / "scryfall-oracle.json"))
        elif word in ("N", "K"):
            out.append("3")
        elif word in ("S",):
            out.append("1")
        elif word == "SECONDS":
            out.append("5")
        elif word.startswith("/tmp/"):
            out.append(str(folder / word.strip("/").replace("/", "-")))
        elif prev == "--generate" and word.isdigit():
            out.append(str(min(int(word), 20)))  # the documented size is slow; the flag isn't
        elif prev == "--permute" and word.isdigit():
            out.append("1")  # each order is a whole run again; one shows the flag works
        else:
            out.append(word)
    return out


def expand(command: str) -> list[list[str]]:
    """A shown command as argument lists: comments and redirections dropped, `[x]` both with
    and without x, `a|b` and `--x/--y` each alternative."""
    text = re.sub(r"\s+#.*$", "", command)
    text = re.sub(r"\s*[>|].*$", "", text) if " > " in text or " | " in text else text
    optional = re.findall(r"\[([^\]]*)\]", text)
    variants = []
    for keep in itertools.product((False, True), repeat=len(optional)):
        t = text
        for part, k in zip(optional, keep, strict=True):
            t = t.replace(f"[{part}]", part if k else "", 1)
        variants.append(t)
    commands = []
    for variant in variants:
        words = shlex.split(variant)[1:]
        choices = [w.split("|") if "|" in w else w.split("/") if w.startswith("--") and "/" in w
                   else [w] for w in words]
        commands += [list(c) for c in itertools.product(*choices)]
    return commands


def _parse_error(args: list[str]) -> str | None:
    parser = build_parser()
    try:
        parser.parse_args(args)
    except SystemExit as stop:
        return None if stop.code == 0 else "usage error"
    return None


def _is_mention(args: list[str]) -> bool:
    """`rulings data import-cr` or `rulings ask --max-seconds` named in a sentence, without
    the arguments it needs."""
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        _parse_error(args)
    return any(m in err.getvalue() for m in ("the following arguments are required",
                                             "expected one argument"))


COMMANDS = shown_commands()


def test_the_docs_show_commands():
    assert len(COMMANDS) > 40
    shown = {c.split()[1] for _, c, _ in COMMANDS if len(c.split()) > 1}
    assert {"ask", "check", "lint", "cr", "data", "serve", "mcp", "bench"} <= shown


@pytest.mark.parametrize(("where", "command", "block"), COMMANDS,
                         ids=[w for w, _, _ in COMMANDS])
def test_every_shown_command_parses(where, command, block, capsys, tmp_path):
    for args in expand(command):
        args = _placeholders(args, tmp_path)
        if args and _parse_error(args) and (block or not _is_mention(args)):
            err = capsys.readouterr().err.strip().splitlines()
            pytest.fail(f"{where}: `{' '.join(['rulings', *args])}` is not accepted: "
                        f"{err[-1] if err else ''}")


def _runnable() -> list[list[str]]:
    seen, out = set(), []
    for _, command, block in COMMANDS:
        if not block:
            continue
        for args in expand(command):
            key = tuple(args)
            head = tuple(w for w in args if not w.startswith("-"))[:2]
            if not args or key in seen or (head[:1],) in NOT_RUN and head[:1] != ("data",):
                continue
            if head in NOT_RUN or head[:1] in {h for h in NOT_RUN if len(h) == 1}:
                continue
            if any(re.fullmatch(r"[A-Z]+…?|[A-Z]+\.\.\.", w) for w in args) or "…" in args:
                continue
            if _is_mention(args):
                continue
            seen.add(key)
            out.append(args)
    return out


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """A working folder that sees the repository's examples, tests and knowledge, and a data
    directory with the rules and rulings imported (the shared data when it is there)."""
    folder = tmp_path_factory.mktemp("docs")
    for name in ("examples", "tests", "knowledge", "docs"):
        (folder / name).symlink_to(REPO / name)
    env = {**os.environ, "RULINGS_DATA_DIR": str(folder / "data")}
    from rulings.commands.options import shared_data

    data = shared_data()
    env["DOCS_DATA"] = "shared" if data else "fixtures"
    cr = data / "comprehensive-rules.txt" if data else FIXTURES / "cr-mini.txt"
    cards = data / "cards.json" if data else FIXTURES / "project-cards.json"
    for args in (["data", "import-cr", str(cr)], ["data", "import-rulings", str(cards)]):
        done = subprocess.run([sys.executable, "-m", "rulings.cli", *args], env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    return folder, env


RUNNABLE = _runnable()


@pytest.mark.parametrize("args", RUNNABLE, ids=[" ".join(a)[:60] for a in RUNNABLE])
def test_every_concrete_shown_command_runs(args, scratch):
    folder, env = scratch
    if env.get("DOCS_DATA") == "fixtures" and (args[:1] == ["card"] and "--parse" in args
                                               or args[:2] == ["cr", "--glossary"]):
        pytest.skip("names a real card's Oracle text or a real glossary entry; the shared "
                    "data is absent, and the fixtures hold neither")
    real = _placeholders(args, folder)
    if real[0] == "check":  # the documented paths must exist; the run uses one topic of them
        import glob

        for word in real[1:]:
            if word.startswith("tests/"):
                assert glob.glob(str(REPO / word), recursive=True), f"{word} matches nothing"
        real = [_one_topic(w) for w in real]
    if "import-cr" in real or "import-rulings" in real:  # not over the shared imports
        env = {**env, "RULINGS_DATA_DIR": str(folder / "data-imports")}
    stdin = (REPO / "examples" / "reflecting-pool.yaml").read_text(encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "rulings.cli", *real], env=env,
                          cwd=str(folder), capture_output=True, text=True, timeout=600,
                          input=stdin if "-" in real else "")
    assert done.returncode == 0, (f"`rulings {' '.join(real)}` exited {done.returncode}:\n"
                                  f"{done.stderr[-2000:]}")
    assert "Traceback" not in done.stderr


def test_every_flag_named_in_the_docs_exists():
    """`--data-dir` and the like, named in a sentence: some command must take it."""
    parser = build_parser()
    flags = {o for a in parser._actions for o in a.option_strings}
    stack = [parser]
    while stack:
        for action in stack.pop()._actions:
            if hasattr(action, "choices") and isinstance(action.choices, dict):
                for sub in action.choices.values():
                    flags |= {o for a in sub._actions for o in a.option_strings}
                    stack.append(sub)
    other_tools = {"--import-mode", "--hypothesis-show-statistics", "--durations"}
    unknown = []
    for doc in DOCS:
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for span in re.findall(r"`([^`]+)`", line):
                if span.startswith(("curl", "pip", "python", "pytest")):
                    continue
                for flag in re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", span):
                    if flag not in flags and flag not in other_tools:
                        unknown.append(f"{doc.relative_to(REPO)}:{n}: {flag}")
    assert not unknown, "\n".join(unknown)


def _one_topic(word: str) -> str:
    """tests/cases… → tests/cases/mana…: every flag still runs, on a few cases (the whole
    corpus is run by tests/test_cases.py already)."""
    if word == "tests/cases":
        return "tests/cases/mana"
    if word.startswith("tests/cases/**"):
        return "tests/cases/mana/" + word[len("tests/cases/"):]
    return word


def test_the_answer_fields_documented_are_the_schemas():
    from rulings.facts.schema import answer_schema

    text = (REPO / "docs" / "answer-schema.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(\w+)` \|", text, re.M))
    schema = answer_schema()
    fields = set(schema["properties"]) | set(schema["$defs"]["ruling"]["properties"])
    assert fields <= documented, f"undocumented answer fields: {sorted(fields - documented)}"
