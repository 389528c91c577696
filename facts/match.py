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


#: the attribute on a one_of test naming the values it accepts, read by engine.relevance
CHOICES = "choices"


def one_of(*words: str) -> P:
    """The slot's value is one of `words`. Unlike the same test as a TEST, relevance can read
    the values it accepts: a rule about some kinds of a fact is left out of a question whose
    facts have none of them (bind the value with `"name" << one_of(…)`)."""
    accepted = frozenset(words)
    test = P(lambda value: value in accepted)
    setattr(test, CHOICES, tuple(sorted(accepted)))
    return test
