"""Problems found in input files, reported all at once as `file:line: what → fix`."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    what: str
    fix: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.what}" + (f" → {self.fix}" if self.fix else "")

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "problem": self.what, "fix": self.fix}


class InputError(Exception):
    """Raised with every problem of an input at once."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


def nearest(word: str, options: Iterable[str], what: str = "") -> str:
    """A 'what would be right' hint: the closest valid words."""
    options = sorted(set(options))
    close = difflib.get_close_matches(word, options, n=3, cutoff=0.5)
    if not close:
        lowered = {o.lower(): o for o in options}
        close = [lowered[w] for w in difflib.get_close_matches(word.lower(), list(lowered), n=3,
                                                               cutoff=0.5)]
    if close:
        return "did you mean " + " or ".join(repr(c) for c in close) + "?"
    if len(options) <= 12:
        return f"use one of: {', '.join(options)}" if options else ""
    return f"see the list of {what or 'valid values'}"
