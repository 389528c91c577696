"""The `rulings` command: a thin dispatcher over rulings.commands.*."""

from __future__ import annotations

import argparse
import importlib
import sys

from rulings import __version__
from rulings.commands import COMMANDS

#: examples shown at the end of each command's --help (kept runnable by tests/docs)
EXAMPLES = {
    "ask": ["rulings ask examples/reflecting-pool.yaml",
            "rulings ask --json a.yaml b.yaml          # one JSON array",
            "rulings ask --jsonl a.yaml b.yaml         # one JSON answer per line",
            "cat situation.yaml | rulings ask -        # read the situation from stdin",
            "rulings ask --max-seconds 2 --max-firings 5000 situation.yaml"],
    "check": ["rulings check tests/cases",
              "rulings check 'tests/cases/**/*.yaml' --jobs 2",
              "rulings check tests/cases --permute 3",
              "rulings check --generate 200 --seed 7"],
    "lint": ["rulings lint                  # the installed knowledge base and its rules",
             "rulings lint knowledge/cards tests/cases --strict"],
    "schema": ["rulings schema", "rulings schema answer"],
    "cr": ["rulings cr 701.23b", "rulings cr --search library"],
    "card": ["rulings card 'Reflecting Pool'", "rulings card --list", "rulings cards"],
    "cards": ["rulings cards", "rulings cards --json"],
    "coverage": ["rulings coverage"],
    "data": ["rulings data status", "rulings data import-cr comprehensive-rules.txt",
             "rulings data import-rulings cards.json"],
    "serve": ["rulings serve                       # http://127.0.0.1:8000, this machine only",
              "rulings serve --workers 2 --port 8080   # see docs/deployment.md"],
    "mcp": ["rulings mcp"],
    "bench": ["rulings bench", "rulings bench --reference --shared ../shared/data"],
    "completion": ["eval \"$(rulings completion bash)\"", "rulings completion zsh > _rulings"],
}


#: commands that read the imported data (citations' texts, official rulings): each takes
#: --data-dir, as docs/reference-data.md says
READS_DATA = ("ask", "check", "lint", "cr", "card", "coverage", "data", "serve", "mcp", "bench")
DATA_DIR_HELP = ("the data directory with the imported rules and rulings (default: "
                 "$RULINGS_DATA_DIR, else $XDG_DATA_HOME/mtg-rulings)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulings",
        description="Explained, cited Magic: The Gathering rulings.",
        epilog="Run `rulings COMMAND --help` for a command's options and examples. "
               "Exit status: 0 done, 1 a check failed, 2 bad input or usage, 3 a run hit a "
               "bound (its answer may be incomplete).",
    )
    parser.add_argument("--version", action="version", version=f"rulings {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"rulings.commands.{name}")
        except ModuleNotFoundError as exc:  # a command whose module is not written yet
            if exc.name == f"rulings.commands.{name}":
                continue
            raise
        module.register(subparsers)
    for name, sub in subparsers.choices.items():
        if name in READS_DATA and not any("--data-dir" in a.option_strings
                                           for a in sub._actions):
            sub.add_argument("--data-dir", metavar="DIR", help=DATA_DIR_HELP)
        examples = EXAMPLES.get(name)
        if examples and not sub.epilog:
            sub.formatter_class = argparse.RawDescriptionHelpFormatter
            sub.epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples)
    return parser


def _terminated(signum: int, _frame: object) -> None:
    """SIGTERM ends the command like Ctrl-C does: `finally` blocks run, so temporary files
    and folders are removed (a SIGKILL can't be caught: the next import cleans up)."""
    raise SystemExit(128 + signum)


def _default_sigterm_in_child() -> None:
    """Worker processes forked by a command are ended by their pool with SIGTERM: they keep
    the default action (the parent cleans up)."""
    import signal

    if signal.getsignal(signal.SIGTERM) is _terminated:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def main(argv: list[str] | None = None) -> int:
    import os
    import signal

    previous = None
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        try:
            previous = signal.signal(signal.SIGTERM, _terminated)
        except ValueError:  # not the main thread (main() called from a thread)
            previous = None
    if not getattr(main, "_fork_hook", False):
        os.register_at_fork(after_in_child=_default_sigterm_in_child)
        main._fork_hook = True  # type: ignore[attr-defined]
    try:
        return _main(argv)
    finally:  # called in-process (tests, tools): leave the signal handling as it was
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    import os

    saved = os.environ.get("RULINGS_DATA_DIR")
    if getattr(args, "data_dir", None):  # for every reader, worker processes included
        os.environ["RULINGS_DATA_DIR"] = str(args.data_dir)
    try:
        code = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    finally:  # main() may be called in-process (tests, tools): leave the environment as it was
        if saved is None:
            os.environ.pop("RULINGS_DATA_DIR", None)
        else:
            os.environ["RULINGS_DATA_DIR"] = saved
    return int(code or 0)


if __name__ == "__main__":
    sys.exit(main())
