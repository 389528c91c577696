"""Rule numbers: chapters (7), sections (701), rules (701.23) and subrules (701.23b)."""

from __future__ import annotations

import re
from typing import Any

_NUMBER = re.compile(r"([1-9])(?:(\d\d)(?:\.(\d+)([a-z]?))?)?")
_ASK = re.compile(r"(?:CR|rule)?\s*([0-9][0-9.]*[A-Za-z]?)\.?", re.IGNORECASE)


def normalize_number(text: str) -> str | None:
    """'CR 701.23B.' → '701.23b'; None when `text` is not shaped like a rule number."""
    m = _ASK.fullmatch(text.strip())
    if not m:
        return None
    number = m.group(1).lower().rstrip(".")
    return number if _NUMBER.fullmatch(number) else None


def number_key(number: str) -> tuple[Any, ...]:
    """Sort key in document order: chapter 7 < 701 < 701.2 < 701.10 < 701.10a < 702."""
    m = _NUMBER.fullmatch(number)
    if not m:
        raise ValueError(f"not a rule number: {number!r}")
    chapter, tens, rule, letter = m.groups()
    if tens is None:
        return (int(chapter),)
    section = int(chapter + tens)
    if rule is None:
        return (int(chapter), section)
    if not letter:
        return (int(chapter), section, int(rule))
    return (int(chapter), section, int(rule), letter)


def parent_number(number: str) -> str | None:
    """701.23b → 701.23 → 701 → 7 → None."""
    if number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.rsplit(".", 1)[0]
    if len(number) == 3:
        return number[0]
    return None
