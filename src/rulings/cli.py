"""The `rulings` command: a thin dispatcher over rulings.commands.*."""

from __future__ import annotations

import argparse
import importlib
import sys

from rulings.commands import COMMANDS


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulings",
        description="Explained, cited Magic: The Gathering rulings.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"rulings.commands.{name}")
        except ModuleNotFoundError as exc:  # a command whose module is not written yet
            if exc.name == f"rulings.commands.{name}":
                continue
            raise
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        code = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return int(code or 0)


if __name__ == "__main__":
    sys.exit(main())
