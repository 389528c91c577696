"""Problems found in input files, reported all at once as `file:line: what → fix`."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

#: problems shown at once; the rest are counted ("… and 12 more problems")
SHOWN = 50


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    what: str
    fix: str = ""
    #: a consequence of another problem (e.g. names of players when the player list is
    #: unreadable): listed after the others of its file
    follow_on: bool = False

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.what}" + (f" → {self.fix}" if self.fix else "")

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "problem": self.what, "fix": self.fix}


class InputError(Exception):
    """Raised with every problem of an input at once."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(set(problems), key=_order)
        super().__init__("\n".join(self.lines()))

    def lines(self, limit: int = SHOWN) -> list[str]:
        """The problems as lines, at most `limit` of them, then how many more there are."""
        shown = [str(p) for p in self.problems[:limit]]
        if len(self.problems) > limit:
            rest = len(self.problems) - limit
            shown.append(f"… and {rest} more problem{'s' if rest != 1 else ''} "
                         "(fix these first, then run again)")
        return shown


def _order(p: Problem) -> tuple[str, bool, int, str, str]:
    return (p.file, p.follow_on, p.line, p.what, p.fix)


#: words longer than this get no "did you mean": nothing valid is that long
MAX_SUGGESTED = 120


def nearest(word: str, options: Iterable[str], what: str = "") -> str:
    """A 'what would be right' hint: the closest valid words."""
    options = sorted(set(options))
    if len(word) > MAX_SUGGESTED:  # no card or key is this long; comparing would only cost
        return f"see the list of {what or 'valid values'}"
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
