"""Pattern tests on list slots (types, subtypes, cost parts), shared by every rule module:
`GameObject(types=has("creature"))`."""

from __future__ import annotations

from rulings.engine.experta_compat import P


def has(word: str) -> P:
    """The slot's list holds `word`."""
    return P(lambda values: word in values)


def lacks(word: str) -> P:
    """The slot's list doesn't hold `word`."""
    return P(lambda values: word not in values)
