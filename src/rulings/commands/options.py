"""Argument types shared by the commands: numbers are checked when parsed, so `--max-seconds
nan`, `--generate -5` or `--jobs 0` end as a one-line usage error (exit 2), never as a run
with a nonsense bound."""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path


def _number(text: str, kind: type) -> float:
    try:
        value = kind(text)
    except ValueError:
        word = "a whole number" if kind is int else "a number"
        raise argparse.ArgumentTypeError(f"'{text}' is not {word}") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"'{text}' is not a finite number")
    return value


def count(text: str) -> int:
    """A whole number, 0 or more."""
    value = int(_number(text, int))
    if value < 0:
        raise argparse.ArgumentTypeError(f"'{text}' is negative; give 0 or more")
    return value


def positive_count(text: str) -> int:
    """A whole number, 1 or more."""
    value = int(_number(text, int))
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}' must be 1 or more")
    return value


def seconds(text: str) -> float:
    """A finite number of seconds, more than 0."""
    value = float(_number(text, float))
    if value <= 0:
        raise argparse.ArgumentTypeError(f"'{text}' must be more than 0 seconds")
    return value


def non_negative_seconds(text: str) -> float:
    value = float(_number(text, float))
    if value < 0:
        raise argparse.ArgumentTypeError(f"'{text}' is negative; give 0 or more seconds")
    return value


def port(text: str) -> int:
    value = int(_number(text, int))
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port (0 to 65535)")
    return value


def shared_data() -> Path | None:
    """The shared data folder (cards.json, comprehensive-rules.txt, …): $RULINGS_SHARED_DIR
    (the shared folder or its data/ folder), else a `shared/data` in or above the current
    folder or the folder this package is installed from (a checkout, a worktree, a venv)."""
    env = os.environ.get("RULINGS_SHARED_DIR")
    if env:
        base = Path(env)
        return base / "data" if (base / "data").is_dir() else base
    here = Path(__file__).resolve()
    for start in (Path.cwd(), here):
        for base in (start, *start.parents):
            if (base / "shared" / "data").is_dir():
                return base / "shared" / "data"
    return None
