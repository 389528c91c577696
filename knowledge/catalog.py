"""The cards the knowledge base knows, read lazily: a situation naming three cards reads
three files."""

from __future__ import annotations

import functools
from pathlib import Path

from rulings.facts import located
from rulings.facts.cards import CardDef, read_card, slug
from rulings.facts.errors import InputError, Problem

CARDS_DIR = Path(__file__).resolve().parent / "cards"


@functools.cache
def known_slugs() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in CARDS_DIR.glob("*.yaml")))


#: no card name is longer (the longest printed names are under 150 characters)
MAX_NAME = 200


def card(name: str) -> CardDef | None:
    """The card file for `name`; else the card compiled from the user's imported card data
    (rulings.oracle); None when neither knows it. A broken card file raises InputError: that
    is a knowledge-base bug, not the user's."""
    if len(name) > MAX_NAME:
        return None
    return card_file(name) or imported_card(name)


def card_file(name: str) -> CardDef | None:
    """The hand-written card file for `name`, or None."""
    key = slug(name) if len(name) <= MAX_NAME else ""
    if not key or key not in _known_set():
        return None  # unknown names are not cached: requests full of them can't grow memory
    return _card_file(key)


@functools.cache
def _known_set() -> frozenset[str]:
    return frozenset(known_slugs())


@functools.cache
def _card_file(key: str) -> CardDef | None:
    path = CARDS_DIR / f"{key}.yaml"
    problems: list[Problem] = []
    definition = read_card(located.read(path), str(path), problems)
    if definition is not None and definition.slug != path.stem:
        problems.append(Problem(str(path), definition.line,
                                f"the file name does not match the card name '{definition.name}'",
                                f"name the file {definition.slug}.yaml"))
    if problems:
        raise InputError(problems)
    return definition


def known_names() -> list[str]:
    """Card names for suggestions. Reads only the first line of each file, once."""
    return list(_names())


@functools.cache
def _names() -> tuple[str, ...]:
    names = []
    for s in known_slugs():
        first = (CARDS_DIR / f"{s}.yaml").read_text(encoding="utf-8").split("\n", 1)[0]
        names.append(first.split(":", 1)[1].strip() if first.startswith("name:") else s)
    return tuple(names)


# --- cards by name from the imported card data (rulings.oracle, docs/oracle.md) -----------

def imported_card(name: str) -> CardDef | None:
    """A card with no file, compiled from its Oracle text in the imported data; cached per
    data version by rulings.oracle.library. An ability the loader refuses is kept as
    unparsed, never an error of the situation."""
    from rulings.oracle.library import loaded

    return loaded(name)


def unknown_card_hint(name: str) -> str:
    """For a card neither a file nor the imported data knows: the nearest names, the
    define: hint, or how to import card data."""
    from rulings.oracle.library import unknown_hint

    return unknown_hint(name, extra_names=list(known_names()))
