"""ReferenceDataError: every fixable problem with reference data, in one printable shape."""

from __future__ import annotations

import os


class ReferenceDataError(Exception):
    """A fixable problem, printed as `where:line: what is wrong → what would be right`.

    `where` is a file, a URL or the data file consulted; `line` is 1-based when known.
    """

    def __init__(
        self,
        where: str | os.PathLike[str],
        problem: str,
        fix: str = "",
        line: int | None = None,
    ) -> None:
        self.where = os.fspath(where)
        self.problem = problem
        self.fix = fix
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        place = f"{self.where}:{self.line}" if self.line else self.where
        return f"{place}: {self.problem}" + (f" → {self.fix}" if self.fix else "")


class DataMissing(ReferenceDataError):
    """The Comprehensive Rules or the rulings have not been imported into the data directory."""
